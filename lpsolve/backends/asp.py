"""The clingo backend: facts + encoding -> models, with limits, timeouts and statistics.

It knows nothing about any puzzle kind: a :class:`~lpsolve.puzzle.Puzzle` supplies
its facts, the name of its encoding and how to decode a model.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import clingo

from ..puzzle import Puzzle, Result, Stats, StopReason
from ..resources import encoding_file
from .session import Session, release

#: called with each solution as it is found; returning False stops the search
OnSolution = Callable[[Any], bool | None]
#: called with the number of models found so far (for progress display)
OnProgress = Callable[[int], None]

#: a search portfolio's first turn per member, in conflicts (see :func:`solve_in_turns`;
#: about a second on a 30x30 sparse Hidato board)
FIRST_TURN_CONFLICTS = 2500
#: time kept, per grounding, to free it before a portfolio's deadline (a 30x30 sparse
#: Hidato board's takes 35 ms)
RELEASE_SECONDS = 0.1


def make_control(
    puzzle: Puzzle,
    arguments: Sequence[str] = (),
    encoding: str | None = None,
    facts: str | None = None,
    kind_arguments: Sequence[str] | None = None,
) -> Session:
    """A clingo session with the puzzle's facts (``facts``: their text, if already
    made) and encoding (default: the kind's own) loaded, not yet ground. The kind's own
    encoding gets :meth:`~lpsolve.puzzle.Puzzle.solving_facts`, another one (a lesson
    encoding) the plain :meth:`~lpsolve.puzzle.Puzzle.facts_text`. ``kind_arguments``
    replace the kind's :attr:`~lpsolve.puzzle.Puzzle.solver_arguments` (a member of
    its search portfolio)."""
    own_encoding = encoding is None or encoding == puzzle.encoding
    if facts is None:
        facts = puzzle.solving_facts() if own_encoding else puzzle.facts_text()
    own = puzzle.solver_arguments if kind_arguments is None else kind_arguments
    session = Session([*own, *arguments])
    with encoding_file(encoding or puzzle.encoding) as path:
        session.load(path)
    session.add(facts)
    return session


class ModelTaker:
    """What a search does with each model clingo finds (the ``on_model`` callback):
    decode it, hand it to ``on_solution``, count it for ``on_progress``. Ctrl-C inside
    stops the search and keeps what was found; any other error is kept in ``error``
    for the caller to raise (raised inside clingo, it would be lost).

    ``distinct_up_to`` (a search in turns, whose solve calls may find a model again):
    models are told apart by their atoms, a repeat is skipped, and the search stops
    at that many different models."""

    def __init__(
        self,
        puzzle: Puzzle,
        result: Result,
        *,
        decode: bool,
        on_solution: OnSolution | None,
        on_progress: OnProgress | None,
        distinct_up_to: int | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.result = result
        self.decode = decode
        self.on_solution = on_solution
        self.on_progress = on_progress
        self.distinct_up_to = distinct_up_to
        self.seen: set[frozenset[clingo.Symbol]] = set()
        self.found = 0
        self.stop_requested = False
        self.error: BaseException | None = None

    def __call__(self, model: clingo.Model) -> bool:
        try:
            distinct = self.distinct_up_to is not None
            # Symbols are copied out here: a model must not outlive its callback.
            symbols = model.symbols(shown=True) if self.decode or distinct else ()
            if distinct:
                key = frozenset(symbols)
                if key in self.seen:
                    return True
                self.seen.add(key)
            self.found += 1
            if self.decode:
                solution = self.puzzle.decode(symbols)
                if self.on_solution is not None and self.on_solution(solution) is False:
                    self.stop_requested = True
                self.result.solutions.append(solution)
            if self.on_progress is not None:
                self.on_progress(self.found)
        except KeyboardInterrupt:  # Ctrl-C while our code ran: stop, keep what we have
            self.stop_requested = True
            self.result.stopped_by = StopReason.INTERRUPT
            return False
        except BaseException as error:  # re-raised by the caller, not lost inside clingo
            self.error = error
            return False
        enough = self.distinct_up_to is not None and self.found >= self.distinct_up_to
        return not (self.stop_requested or enough)


def solve(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    decode: bool = True,
    on_solution: OnSolution | None = None,
    on_progress: OnProgress | None = None,
    arguments: Sequence[str] = (),
    assumptions: Sequence[tuple[clingo.Symbol, bool]] = (),
    facts: str | None = None,
) -> Result:
    """Search for up to ``limit`` solutions (``None``: all).

    ``assumptions`` (atom, truth) restrict the search to the solutions that agree with
    them (a part of the search space: see :mod:`lpsolve.split`); ``facts``: the
    puzzle's facts as text, when already made (many searches of one puzzle).

    With ``decode=False`` models are only counted: no Python object is built per
    model, and without ``on_progress`` no Python code runs per model at all.
    ``timeout`` bounds the search (grounding is not interruptible); Ctrl-C stops the
    search too. Either way what was found so far is returned, marked incomplete.

    A search for some solutions (not all) of a puzzle with a
    :attr:`~lpsolve.puzzle.Puzzle.search_portfolio` is run by :func:`solve_in_turns`.
    """
    if limit is not None and len(puzzle.search_portfolio) > 1:
        return solve_in_turns(
            puzzle,
            limit=limit,
            timeout=timeout,
            decode=decode,
            on_solution=on_solution,
            on_progress=on_progress,
            arguments=arguments,
            assumptions=assumptions,
            facts=facts,
        )
    models = "0" if limit is None else str(limit)
    counting = puzzle.counting_arguments if limit is None and not decode else ()
    session = make_control(puzzle, ["--models", models, *counting, *arguments], facts=facts)
    ground_seconds = session.ground()

    result = Result(puzzle=puzzle, backend="clingo")
    on_model = ModelTaker(
        puzzle, result, decode=decode, on_solution=on_solution, on_progress=on_progress
    )

    wants_callback = decode or on_progress is not None
    start = time.perf_counter()
    end = session.search(
        assumptions=assumptions,
        on_model=on_model if wants_callback else None,
        deadline=None if timeout is None else start + timeout,
    )
    result.stopped_by = end.stopped_by or result.stopped_by
    if on_model.error is not None:
        raise on_model.error

    result.count = on_model.found if wants_callback else session.models_enumerated()
    result.complete = end.exhausted and result.stopped_by is None
    if not result.complete and result.stopped_by is None:
        result.stopped_by = StopReason.STOP if on_model.stop_requested else StopReason.LIMIT
    result.stats = session.stats(ground_seconds, end.seconds)
    session.close()
    return result


def turns(members: int) -> Iterator[tuple[int, int]]:
    """(member, conflicts) for ever: every member in order, each round's turns twice as
    long as the last round's, starting at ``FIRST_TURN_CONFLICTS``."""
    for round_ in itertools.count():
        for member in range(members):
            yield member, FIRST_TURN_CONFLICTS * 2**round_


def solve_in_turns(
    puzzle: Puzzle,
    *,
    limit: int,
    timeout: float | None = None,
    decode: bool = True,
    on_solution: OnSolution | None = None,
    on_progress: OnProgress | None = None,
    arguments: Sequence[str] = (),
    assumptions: Sequence[tuple[clingo.Symbol, bool]] = (),
    facts: str | None = None,
) -> Result:
    """Search for up to ``limit`` solutions with the puzzle's search portfolio: each
    member searches on a grounding of its own (ground when its first turn comes), the
    members in turns of ``FIRST_TURN_CONFLICTS``, each round's turns twice the last's.
    Turns are counted in conflicts, not seconds, so that a search goes the same way
    whatever else the machine is doing; only the timeout is on the clock.

    It ends when one member's search ends by itself (it found ``limit`` solutions or
    exhausted the space: its answer is then the whole answer), when the members
    together have found ``limit`` different solutions, at the timeout or on Ctrl-C.
    A member's next turn is a new solve call on its grounding: it keeps what it learnt
    but may find the same solutions again, so solutions are told apart by their atoms.
    Same parameters and result as :func:`solve`; the statistics add up every turn's.
    """
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout
    if facts is None:
        facts = puzzle.solving_facts()
    result = Result(puzzle=puzzle, backend="clingo")
    on_model = ModelTaker(
        puzzle,
        result,
        decode=decode,
        on_solution=on_solution,
        on_progress=on_progress,
        distinct_up_to=limit,
    )

    controls: dict[int, Session] = {}
    ground_seconds = 0.0
    # the searches end early enough to free the groundings before the deadline
    members = len(puzzle.search_portfolio)
    stop_at = None if deadline is None else deadline - RELEASE_SECONDS * members
    exhausted = False
    size: Stats | None = None  # the first grounding's atoms and rules
    choices = conflicts_spent = 0
    for member, conflicts in turns(members):
        if member not in controls:
            # Grounding cannot be cut short: a member comes in only if its grounding
            # (about as long as the first's) ends before the deadline.
            if (
                controls
                and stop_at is not None
                and time.perf_counter() + ground_seconds / len(controls) >= stop_at
            ):
                continue
            controls[member] = make_control(
                puzzle,
                ["--models", str(limit), *arguments],
                facts=facts,
                kind_arguments=puzzle.search_portfolio[member],
            )
            ground_seconds += controls[member].ground()
        end = controls[member].search(
            assumptions=assumptions, on_model=on_model, deadline=stop_at, conflict_limit=conflicts
        )
        turn = controls[member].stats()  # of this solve call alone
        size = size or turn
        choices, conflicts_spent = choices + turn.choices, conflicts_spent + turn.conflicts
        if on_model.error is not None:
            raise on_model.error
        if StopReason.INTERRUPT in (end.stopped_by, result.stopped_by):
            result.stopped_by = StopReason.INTERRUPT
            break
        if end.stopped_by == StopReason.TIMEOUT:
            result.stopped_by = StopReason.TIMEOUT
            break
        if end.exhausted:  # this member searched the whole space: its answer is all
            exhausted = True
            break
        if on_model.stop_requested or on_model.found >= limit:
            result.stopped_by = StopReason.STOP if on_model.stop_requested else StopReason.LIMIT
            break
        # the turn's conflicts are spent: the next member goes on

    result.count = on_model.found
    result.complete = exhausted and result.stopped_by is None
    result.stats = Stats(
        atoms=size.atoms if size else 0,
        rules=size.rules if size else 0,
        choices=choices,
        conflicts=conflicts_spent,
        ground_seconds=ground_seconds,
        solve_seconds=time.perf_counter() - start - ground_seconds,
    )
    release(controls.values())
    controls.clear()
    return result
