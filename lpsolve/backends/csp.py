"""The python-constraint backend: a kind's constraint model -> solutions, like ``asp.py``.

What a kind provides: a method ``csp_model(self) -> CspModel`` on its puzzle class,
built with ``lpsolve/cspmodel.py`` (variables with their candidate values, constraints,
and how a complete assignment becomes the same solution value ``decode`` gives for a
clingo model, so both backends' answers can be compared). If the kind has measured how
big a puzzle its model solves quickly, it sets ``csp_handles_up_to`` (variables, as
:meth:`~lpsolve.puzzle.Puzzle.csp_size` counts them without building the model).
A bigger puzzle is refused (:class:`UsageError`, naming the limit) unless a timeout
bounds the search: over the limit a search may run for hours (the generated 30x30
Takuzu ran over 10 minutes), and a user who gives a timeout has said how long to try;
bench and tests skip such puzzles. A kind without a model inherits
:meth:`Puzzle.csp_model <lpsolve.puzzle.Puzzle.csp_model>`, which raises ``UsageError``.

This runner knows no puzzle kind. python-constraint's camelCase API stays in here and
in the kinds' model methods.

Timeouts and Ctrl-C: python-constraint has no way to stop a search from outside, so
the runner puts a watchdog constraint on every variable. The solver calls it first on
every value it tries, and it raises once the deadline has passed; the search stops
within one assignment step, in this thread, with nothing left running. What the
watchdog cannot bound is the work before the search starts (building the model and
python-constraint's preprocessing), which is polynomial and fast for the sizes the
backend handles.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import constraint

from ..cspmodel import Assignment, CspModel
from ..errors import UsageError
from ..puzzle import Puzzle, Result, Stats

#: called with each solution as it is found; returning False stops the search
OnSolution = Callable[[Any], bool | None]
#: called with the number of solutions found so far (for progress display)
OnProgress = Callable[[int], None]


def too_big(puzzle: Puzzle) -> str | None:
    """Why the csp backend should not be asked to solve this puzzle, or ``None``.
    Raises :class:`UsageError` for a kind without a csp model."""
    most = puzzle.csp_handles_up_to
    size = puzzle.csp_size()
    if most is not None and size > most:
        unit = puzzle.csp_unit
        return f"{size:,} {unit}: the csp model of {puzzle.kind} handles up to {most:,} {unit}"
    return None


def check_size(puzzle: Puzzle, timeout: float | None) -> None:
    """Refuse a puzzle over its kind's csp limit (:func:`too_big`) when no timeout
    bounds the search."""
    reason = None if timeout is not None else too_big(puzzle)
    if reason is not None:
        raise UsageError(
            f"{puzzle.source}: {reason}, and a bigger puzzle may take it hours: give a "
            "timeout (--timeout S) to try it anyway"
        )


class _Stopped(Exception):
    """Raised inside the search by the watchdog: the deadline passed."""


class _Watchdog(constraint.Constraint):
    """A constraint on every variable that always holds: the solver calls it first on
    every value it tries, so it counts the assignments tried and enforces the deadline."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.tried = 0

    def __call__(self, variables: Any, domains: Any, assignments: Any, forwardcheck: Any = False):
        self.tried += 1
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stopped
        return True

    def preProcess(self, variables: Any, domains: Any, constraints: Any, vconstraints: Any):
        pass  # the base class would evaluate and drop a constraint on a single variable


class _Accepted(constraint.Constraint):
    """Called last on every value tried, so only when all other constraints held:
    ``tried - accepted`` is the number of values rejected (conflicts)."""

    def __init__(self) -> None:
        self.accepted = 0

    def __call__(self, variables: Any, domains: Any, assignments: Any, forwardcheck: Any = False):
        self.accepted += 1
        return True

    def preProcess(self, variables: Any, domains: Any, constraints: Any, vconstraints: Any):
        pass


def make_solver() -> constraint.Solver:
    """The search python-constraint runs.

    ``BacktrackingSolver`` picks, at every step, the variable with the most constraints
    and then the fewest values left (dynamic MRV over the forward-checked domains);
    ``OptimizedBacktrackingSolver`` fixes the order once before the search, which on a
    Hidato board is far slower (see docs/speed.md). Forward checking is what lets
    ``AllDifferentConstraint`` and :class:`AllowedPairs` prune.
    """
    return constraint.BacktrackingSolver(forwardcheck=True)


class _Search:
    """One run of python-constraint over a model, with the runner's bookkeeping."""

    def __init__(self, model: CspModel, deadline: float | None) -> None:
        self.model = model
        self.watchdog = _Watchdog(deadline)
        self.accepted = _Accepted()

    def assignments(self) -> Iterator[Assignment]:
        """Complete assignments satisfying the model; raises ``_Stopped`` at the deadline."""
        domains = self.model.domains
        if not domains:
            yield {}  # nothing to choose: the empty assignment is the one solution
            return
        if any(not values for values in domains.values()):
            return  # python-constraint rejects empty domains; there is no solution
        problem = constraint.Problem(make_solver())
        for name, values in domains.items():
            problem.addVariable(name, values)
        everything = list(domains)
        # Order matters: the solver checks a variable's constraints in the order added
        # and stops at the first that fails, so the watchdog sees every value tried and
        # the counter only the values every model constraint accepted. Both are on every
        # variable, so the solver's most-constraints-first variable order is unchanged.
        problem.addConstraint(self.watchdog, everything)
        for rule, variables in self.model.constraints:
            problem.addConstraint(rule, list(variables))
        problem.addConstraint(self.accepted, everything)
        yield from problem.getSolutionIter()

    def stats(self, build_seconds: float, solve_seconds: float) -> Stats:
        return Stats(
            choices=self.watchdog.tried,
            conflicts=self.watchdog.tried - self.accepted.accepted,
            ground_seconds=build_seconds,
            solve_seconds=solve_seconds,
            variables=len(self.model.domains),
            constraints=len(self.model.constraints),
        )


def iter_solutions(puzzle: Puzzle, timeout: float | None = None) -> Iterator[Any]:
    """The puzzle's solutions one at a time, unverified (stop iterating whenever you
    like). Raises ``TimeoutError`` when ``timeout`` seconds pass before the next one,
    :class:`UsageError` for a puzzle over the kind's limit without ``timeout``."""
    check_size(puzzle, timeout)
    model = puzzle.csp_model()
    deadline = None if timeout is None else time.perf_counter() + timeout
    try:
        for assignment in _Search(model, deadline).assignments():
            yield model.decode(assignment)
    except _Stopped:
        raise TimeoutError(f"the csp search took longer than {timeout} s") from None


def solve(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    decode: bool = True,
    on_solution: OnSolution | None = None,
    on_progress: OnProgress | None = None,
) -> Result:
    """Search for up to ``limit`` solutions (``None``: all), as
    :func:`lpsolve.backends.asp.solve` does.

    With ``decode=False`` solutions are only counted. ``timeout`` bounds the search
    (building the model is not interruptible); Ctrl-C stops it too. Either way what
    was found so far is returned, marked incomplete. Statistics: ``variables``,
    ``constraints`` (the model's, without the runner's own bookkeeping), ``choices``
    (values tried), ``conflicts`` (values a constraint rejected); ``ground_seconds`` is
    the time to build the model. A puzzle over the kind's size limit without ``timeout``
    raises :class:`UsageError` (see :func:`check_size`).
    """
    check_size(puzzle, timeout)
    start = time.perf_counter()
    model = puzzle.csp_model()
    build_seconds = time.perf_counter() - start
    result = Result(puzzle=puzzle, backend="csp")

    start = time.perf_counter()
    search = _Search(model, None if timeout is None else start + timeout)
    assignments = search.assignments()
    exhausted = False
    try:
        for assignment in assignments:
            result.count += 1
            if decode:
                solution = model.decode(assignment)
                result.solutions.append(solution)
                if on_solution is not None and on_solution(solution) is False:
                    result.stopped_by = "stop"
                    break
            if on_progress is not None:
                on_progress(result.count)
            if limit is not None and result.count >= limit:
                result.stopped_by = "limit"
                break
        else:
            exhausted = True
    except _Stopped:
        result.stopped_by = "timeout"
    except KeyboardInterrupt:  # Ctrl-C in the search or in our callbacks: keep what we have
        result.stopped_by = "interrupt"
    finally:
        assignments.close()
    result.complete = exhausted
    result.stats = search.stats(build_seconds, time.perf_counter() - start)
    return result
