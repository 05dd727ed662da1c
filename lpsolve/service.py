"""The solve service: a :class:`Request` (a puzzle file, what to ask of it, the limits)
goes in, an :class:`Answer` (the search's result, the verdict in words, the
explanation, the kind's diagnosis) comes out. The command line and the web ask it and
only format what it answers: the verdict sentence (:func:`verdict`) and the
``--explain`` follow-up (:func:`explanation_followup`) exist here once.

The search runs as one supervised job (:mod:`lpsolve.supervised`): the file is read,
searched, diagnosed and explained in the child, under one deadline and memory cap.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .errors import LpsolveError
from .jobs import Limits
from .kinds.textformat import plural
from .puzzle import Clue, Kind, Puzzle, Result, StopReason
from .supervised import Followup, Solved, solve_file

#: seconds an explanation may search when the request sets no timeout
EXPLAIN_SECONDS = 60.0
#: the explanation ends this long before the job's deadline, to hand in what it has
EXPLAIN_MARGIN = 0.15

#: how the verdict names a stop
STOP_WORDS = {
    StopReason.TIMEOUT: "timeout",
    StopReason.INTERRUPT: "interrupt",
    StopReason.MEMORY: "the memory limit",
}


class Question(enum.StrEnum):
    """What a request asks of a puzzle."""

    SOLVE = "solve"  # a solution, and whether it is unique (two looked for)
    LIST = "list"  # solutions up to a limit, or all
    COUNT = "count"  # how many solutions (counted, not listed)
    CHECK = "check"  # is it well-posed: exactly one solution?


class Request(NamedTuple):
    """A puzzle file (``data``: its bytes, already read) and what to ask of it.
    ``limit``: the solutions to look for (``None``: all; SOLVE and CHECK look for
    two); ``explain``: for no solution or several, say why (:mod:`lpsolve.explain`);
    ``start``: when the deadline's clock began (``time.monotonic()``), default now."""

    source: str
    kind: str | Kind | None = None
    question: Question = Question.SOLVE
    limit: int | None = 2
    backend: str = "clingo"
    limits: Limits = Limits()
    explain: bool = False
    data: bytes | None = None
    start: float | None = None
    #: the parsed puzzle made into the one searched (e.g. a tiling's solution classes)
    prepare: Callable[[Puzzle], Puzzle] | None = None


class Explanation(NamedTuple):
    """Why a puzzle has no solution or several: its lines of text, its JSON keys
    (``conflict``, ``ambiguity``, ...) and the conflicting givens (to mark in a
    picture); or why there is none (``unavailable``)."""

    lines: list[str]
    json: dict[str, Any] = {}  # noqa: RUF012 (never changed: a record)
    conflict: Sequence[Clue] = ()

    @classmethod
    def unavailable(cls, reason: str) -> Explanation:
        return cls([f"explanation unavailable: {reason}"])


class Answer(NamedTuple):
    """What the service answers: the search (``solved``: the puzzle, its result, how
    the job ended, the kind's diagnosis), the explanation if asked for, and what the
    caller's own follow-up computed (``extra``)."""

    request: Request
    solved: Solved
    explanation: Explanation | None = None
    extra: Any = None

    @property
    def result(self) -> Result | None:
        """None: stopped before the puzzle was read."""
        return self.solved.result

    @property
    def seconds(self) -> float:
        return self.solved.outcome.seconds

    @property
    def explanation_lines(self) -> list[str]:
        return [] if self.explanation is None else self.explanation.lines

    def verdict(self, shown: int | None = None, *, reasons: bool = True) -> str:
        """The answer in one line, with ``reasons`` the kind's diagnosis on the lines
        after it (see :func:`verdict`)."""
        if self.result is None:
            return f"{self.request.source}: {self.solved.outcome.stop_message()}"
        # a kind diagnosed by a conflict: the explanation says it already
        said = set(self.explanation_lines)
        diagnosis = [line for line in self.solved.diagnosis if line not in said]
        return verdict(
            self.result,
            self.seconds,
            self.request.question,
            reasons=diagnosis if reasons else (),
            shown=shown,
        )


def _time_text(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _indented(lines: Sequence[str]) -> str:
    return "".join(f"\n  {line}" for line in lines)


def verdict(
    result: Result,
    seconds: float,
    question: Question = Question.SOLVE,
    *,
    reasons: Sequence[str] = (),
    shown: int | None = None,
) -> str:
    """The one sentence for a search's end: how many solutions, whether the search was
    complete, unique or not, the time; with no solution the ``reasons`` (the kind's
    diagnosis) on the lines after. ``shown``: how many of the solutions are shown,
    when not all (the web's list)."""
    time_text = _time_text(seconds)
    n = result.count
    if question == Question.CHECK:
        if result.stopped:
            stop = STOP_WORDS[result.stopped_by or StopReason.INTERRUPT]
            return f"unknown: stopped by {stop} ({time_text})"
        if result.unique:
            return f"well-posed: exactly one solution ({time_text})"
        if n == 0:
            return f"not well-posed: no solution ({time_text}){_indented(reasons)}"
        return f"not well-posed: several solutions (at least 2) ({time_text})"
    if result.stopped:
        stop = STOP_WORDS[result.stopped_by or StopReason.INTERRUPT]
        head = "no solution found yet" if n == 0 else f"{plural(n, 'solution')} found"
        return f"{head}; stopped by {stop}, search incomplete ({time_text})"
    if n == 0:
        return f"no solution (search complete) ({time_text}){_indented(reasons)}"
    if result.complete:
        uniqueness = "unique" if n == 1 else "not unique"
        return f"{plural(n, 'solution')}, search complete: {uniqueness} ({time_text})"
    if question == Question.SOLVE:  # one shown, a second one found
        return f"not unique: at least 2 solutions (one shown; --all lists them) ({time_text})"
    if shown is not None and shown < n:  # a search for one more than is shown
        return f"more than {shown} solutions: the first {shown} shown ({time_text})"
    tail = "not unique" if n >= 2 else "uniqueness not checked"
    return f"{plural(n, 'solution')}, stopped at the limit: {tail} ({time_text})"


#: what runs in the job after the search and the explanation (see :func:`ask`)
Then = Callable[[Puzzle, Result, float | None, "Explanation | None"], Any]


def explanation_followup(then: Then | None = None, *, explain: bool = True) -> Followup:
    """The job's work after the search (see :class:`~lpsolve.supervised.Followup`),
    with the time left: with ``explain``, for no solution a minimal conflict, for
    several where they differ and a given that makes the puzzle unique; then ``then``
    with the explanation (e.g. the web's drawing). It returns ``(explanation, then's
    value)``."""
    from .explain import conflicting_givens, explain_ambiguity, explain_conflict  # pre-fork

    def followup(puzzle: Puzzle, result: Result, seconds_left: float | None) -> Any:
        explanation = None
        if explain and not result.stopped and result.count != 1:
            budget = (
                EXPLAIN_SECONDS
                if seconds_left is None
                else max(seconds_left - EXPLAIN_MARGIN, 0.01)
            )
            search = explain_conflict if result.count == 0 else explain_ambiguity
            try:
                found = search(puzzle, budget)
            except LpsolveError as error:
                explanation = Explanation.unavailable(str(error))
            else:
                if found is not None:
                    explanation = Explanation(
                        found.lines(), found.as_json(), conflicting_givens(found)
                    )
        extra = None if then is None else then(puzzle, result, seconds_left, explanation)
        return explanation, extra

    return followup


def ask(
    request: Request,
    *,
    then: Then | None = None,
    on_puzzle: Callable[[Puzzle], None] | None = None,
    on_solution: Callable[[Any], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_stage: Callable[[str], None] | None = None,
    on_wait: Callable[[], None] | None = None,
) -> Answer:
    """Answer a request in one supervised job. ``then(puzzle, result, seconds_left,
    explanation)`` runs in the job after the search (and the explanation), under the
    same deadline; its value is the answer's ``extra``. The callbacks run in this
    process as the job finds things. Bad input raises
    :class:`~lpsolve.errors.PuzzleError`."""
    explaining = request.explain
    followup = None
    if explaining or then is not None:
        followup = explanation_followup(then, explain=explaining)
    start = time.monotonic() if request.start is None else request.start
    solved = solve_file(
        request.source,
        request.kind,  # type: ignore[arg-type]
        limit=request.limit,
        # a count up to a limit enumerates: the limit is a number of models
        counting=request.question == Question.COUNT and request.limit is None,
        backend=request.backend,
        limits=request.limits,
        prepare=request.prepare,
        followup=followup,
        on_puzzle=on_puzzle,
        on_solution=on_solution,
        on_progress=on_progress,
        on_stage=on_stage,
        on_wait=on_wait,
        start=start,
        data=request.data,
    )
    explanation, extra = solved.followup if solved.followup is not None else (None, None)
    result = solved.result
    wanted = explaining and result is not None and not result.stopped and result.count != 1
    if wanted and explanation is None and solved.outcome.stopped_by is not None:
        explanation = Explanation.unavailable(solved.outcome.stop_message())
    return Answer(request, solved, explanation, extra)
