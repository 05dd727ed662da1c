"""The library's calls as supervised jobs (:mod:`lpsolve.jobs`): what the command line
runs, so every search ends on time, within memory and on Ctrl-C.

:func:`solve_file` reads, solves and (optionally) explains one puzzle file in a child
process; the puzzle and each solution come back as soon as they exist, so a stop at
any moment (even while parsing or grounding) returns everything found so far.
:func:`call` runs any function as a bounded job and returns its value.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time
from collections.abc import Callable
from typing import Any

from . import api
from .jobs import Emit, Limits, Outcome, stop_asked, supervise, writing_output
from .kinds import parse_bytes
from .puzzle import Kind, Puzzle, Result, StopReason

#: emit a counting progress item every this many models (a message per model would
#: cost more than the search)
PROGRESS_EVERY = 1000

#: after the search, what else the job computes with the time left (e.g. an explanation)
Followup = Callable[[Puzzle, Result, float | None], Any]


class Solved:
    """A supervised solve: the puzzle (``None`` if stopped before it was read), the
    search's result (partial after a stop), what the follow-up computed, and how the
    job ended (``outcome.stopped_by``, its time and peak memory). Filled in as the
    job's messages arrive."""

    def __init__(self) -> None:
        self.puzzle: Puzzle | None = None
        self.result: Result | None = None
        self.followup: Any = None
        self.outcome: Outcome[Any] = Outcome(None, None, 0.0, 0)
        self.solutions: list[Any] = []
        #: with no solution (search complete): the rules the givens break
        #: (``diagnose()``), worked out in the job, under its limits
        self.diagnosis: list[str] = []


#: a job's own searches end this much before its deadline, so that they stop by
#: themselves (with exact counts and statistics) before the supervisor must ask
MARGIN_SECONDS = 0.05


def remaining(deadline: float | None) -> float | None:
    """Seconds a search inside a job may take before ``deadline`` (``None``: no end)."""
    if deadline is None:
        return None
    return max(deadline - time.monotonic() - MARGIN_SECONDS, 0.001)


class SolveJob:
    """One puzzle file to search as a supervised job: :meth:`work` runs in the child
    (read, search, diagnosis, follow-up, each handed over as soon as it exists),
    :meth:`receive` takes what it sends in this process, :meth:`finish` makes the
    :class:`Solved` from that and the job's outcome. See :func:`solve_file`."""

    def __init__(
        self,
        path: str,
        kind: str | Kind | None = None,
        *,
        limit: int | None = 2,
        counting: bool = False,
        backend: str = "clingo",
        timeout: float | None = None,
        start: float | None = None,
        prepare: Callable[[Puzzle], Puzzle] | None = None,
        followup: Followup | None = None,
        on_puzzle: Callable[[Puzzle], None] | None = None,
        on_solution: Callable[[Any], None] | None = None,
        on_progress: Callable[[int], None] | None = None,
        on_stage: Callable[[str], None] | None = None,
        data: bytes | None = None,
    ) -> None:
        self.path, self.kind, self.limit, self.counting = path, kind, limit, counting
        self.data = data  # the file's bytes, read here: for a job on another machine
        self.backend, self.timeout, self.start = backend, timeout, start
        self.prepare, self.followup = prepare, followup
        self.on_puzzle, self.on_solution, self.on_progress = on_puzzle, on_solution, on_progress
        self.on_stage = on_stage
        self.solved = Solved()
        self.progress = 0

    def work(self, emit: Emit) -> Any:
        """In the child: the whole job, under the deadline counted from ``start``."""
        began = time.monotonic() if self.start is None else self.start
        deadline = None if self.timeout is None else began + self.timeout
        if self.data is None:
            puzzle = api.load(self.path, self.kind)
        else:
            puzzle = parse_bytes(self.data, self.path, self.kind)
        if self.prepare is not None:
            puzzle = self.prepare(puzzle)
        emit(("puzzle", puzzle))
        if self.counting:

            def progress(found: int) -> None:
                if found % PROGRESS_EVERY == 0:
                    emit(("progress", found))

            result = api.count(
                puzzle,
                timeout=remaining(deadline),
                on_progress=progress if self.on_progress is not None else None,
                backend=self.backend,
            )
        else:
            result = api.solve(
                puzzle,
                self.limit,
                timeout=remaining(deadline),
                on_solution=lambda solution: emit(("solution", solution)),
                backend=self.backend,
            )
        # the solutions and the puzzle have crossed already: send the rest only
        emit(("result", result.replace(puzzle=None, solutions=[])))
        if result.count == 0 and result.complete:
            emit(("diagnosis", api.diagnose(puzzle)))
        if self.followup is None:
            return None
        emit(("stage", "followup"))
        return self.followup(puzzle, result, remaining(deadline))

    def receive(self, item: tuple[str, Any]) -> None:
        """In this process: what the child sent, as it arrives."""
        tag, value = item
        solved = self.solved
        if tag == "puzzle":
            solved.puzzle = value
            if self.on_puzzle is not None:
                self.on_puzzle(value)
        elif tag == "solution":
            solved.solutions.append(value)
            if self.on_solution is not None:
                self.on_solution(value)
        elif tag == "progress":
            self.progress = value
            if self.on_progress is not None:
                self.on_progress(value)
        elif tag == "diagnosis":
            solved.diagnosis = value
        elif tag == "stage":
            if self.on_stage is not None:
                self.on_stage(value)
        elif tag == "result":
            solved.result = value.replace(puzzle=solved.puzzle, solutions=solved.solutions)

    def finish(self, outcome: Outcome[Any]) -> Solved:
        """The job's answer, partial after a stop, with the real reason of the stop."""
        solved = self.solved
        solved.outcome = outcome
        solved.followup = outcome.value
        stop = outcome.stopped_by
        if solved.result is None and solved.puzzle is not None:  # stopped mid-search
            solved.result = Result(
                puzzle=solved.puzzle,
                backend=self.backend,
                solutions=solved.solutions,
                count=max(len(solved.solutions), self.progress),
                complete=False,
                stopped_by=stop or "interrupt",
            )
        elif (
            solved.result is not None
            and stop is not None
            and not solved.result.complete
            and solved.result.stopped_by in (None, "interrupt", "timeout")
        ):  # the search stopped itself on the same request: name the real reason
            solved.result.stopped_by = stop
        return solved


def solve_file(
    path: str,
    kind: str | None = None,
    *,
    limit: int | None = 2,
    counting: bool = False,
    backend: str = "clingo",
    limits: Limits | None = None,
    prepare: Callable[[Puzzle], Puzzle] | None = None,
    followup: Followup | None = None,
    on_puzzle: Callable[[Puzzle], None] | None = None,
    on_solution: Callable[[Any], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_stage: Callable[[str], None] | None = None,
    on_wait: Callable[[], None] | None = None,
    start: float | None = None,
    data: bytes | None = None,
) -> Solved:
    """Read ``path`` and search it in a supervised child, as :func:`lpsolve.solve`
    (``limit`` solutions, ``None`` all) or, with ``counting``, :func:`lpsolve.count`.

    ``prepare`` turns the parsed puzzle into the one searched (e.g. a tiling's
    solution classes); ``followup(puzzle, result, seconds_left)`` runs after the
    search in the same job and under the same deadline. The callbacks run in this
    process as the child finds things. Bad input raises :class:`PuzzleError` here.
    ``start`` (a ``time.monotonic()`` reading): when the deadline's clock began,
    default now. ``on_stage("followup")``: the search is over and ``followup`` runs;
    ``on_wait``: see :func:`lpsolve.jobs.supervise`. ``data``: the file's bytes,
    already read (``path`` then only names it).
    """
    limits = limits or Limits()
    start = time.monotonic() if start is None else start
    job = SolveJob(
        path,
        kind,
        limit=limit,
        counting=counting,
        backend=backend,
        timeout=limits.timeout,
        start=start,
        prepare=prepare,
        followup=followup,
        on_puzzle=on_puzzle,
        on_solution=on_solution,
        on_progress=on_progress,
        on_stage=on_stage,
        data=data,
    )
    return job.finish(supervise(job.work, limits, job.receive, start=start, on_wait=on_wait))


def call(
    function: Callable[[], Any],
    limits: Limits,
    *,
    start: float | None = None,
    on_wait: Callable[[], None] | None = None,
) -> Outcome[Any]:
    """Run ``function()`` as a bounded job; its value must be picklable. ``start``: when
    the deadline's clock began (``time.monotonic()``), default now; ``on_wait``: see
    :func:`lpsolve.jobs.supervise`."""
    return supervise(lambda _emit: function(), limits, start=start, on_wait=on_wait)


class Walked:
    """A step-by-step solution run as a supervised job (:func:`walk_steps`): what the
    job handed over as it went, kept whole after a stop. ``head``: what the job's
    ``prepare`` said of the puzzle, with ``cells`` (how many the board has) and
    ``known`` (how many were known before the first step); ``None`` if the job was
    stopped before. ``steps``: each step as the job's ``shown`` made it, in order."""

    def __init__(self) -> None:
        self.head: dict[str, Any] | None = None
        self.steps: list[Any] = []
        self.fixed = 0  # the cells the steps handed over fix
        self.outcome: Outcome[Any] = Outcome(None, None, 0.0, 0)

    @property
    def value(self) -> Any:
        """What the job's ``finish`` returned, ``None`` if the job was stopped."""
        return self.outcome.value

    @property
    def stopped_by(self) -> StopReason | None:
        """Why the walkthrough was cut short; ``None`` if it ran to its end."""
        if self.outcome.value is not None:
            return None
        return StopReason(self.outcome.stopped_by or StopReason.INTERRUPT)

    @property
    def known(self) -> int:
        """The cells known after the last step handed over."""
        return (0 if self.head is None else self.head["known"]) + self.fixed

    def receive(self, item: tuple[str, Any]) -> None:
        tag, value = item
        if tag == "head":
            self.head = value
        else:
            record, fixed = value
            self.steps.append(record)
            self.fixed += fixed


def walk_steps(
    prepare: Callable[[], tuple[Any, dict[str, Any]]],
    shown: Callable[[Any, int, Any], Any],
    finish: Callable[[Any, Any], Any],
    limits: Limits,
    *,
    start: float | None = None,
    on_step: Callable[[Any], None] | None = None,
    in_rounds: bool = False,
) -> Walked:
    """A step-by-step solution (:func:`lpsolve.steps.engine.walkthrough`) as a
    supervised job whose steps reach this process as they are found, as
    :class:`SolveJob`'s solutions do: a stop at any moment (deadline, memory,
    Ctrl-C) keeps every step found before it.

    In the job: ``prepare()`` reads the puzzle and returns its engine of deductions
    (a :class:`~lpsolve.steps.engine.Deducer`) and a head (a picklable dict, e.g. the
    kind and source); ``shown(deducer, number, step)`` makes each step, before it is
    applied, into what crosses to this process (picklable); ``finish(deducer,
    walkthrough)`` makes the job's value (not None) once no step is left. Here: ``on_step``
    sees each step's record as it arrives. ``in_rounds``: the rating's rounds
    (:func:`lpsolve.steps.engine.rounds`) instead. An :class:`LpsolveError` of the job
    is raised here."""
    walked = Walked()

    def work(emit: Emit) -> Any:
        from .steps.engine import rounds, walkthrough  # the job's only: not at every start

        deducer, head = prepare()
        emit(("head", {**head, "cells": len(deducer.cells), "known": len(deducer.known)}))

        def taken(number: int, step: Any) -> None:
            if stop_asked():  # found after a search took the stop request for an end
                raise KeyboardInterrupt
            emit(("step", (shown(deducer, number, step), len(step.fixes))))

        done = (rounds if in_rounds else walkthrough)(deducer, on_step=taken)
        writing_output()  # every step has crossed: a stop now would only lose the end
        if stop_asked():  # the end seen may be a search's partial answer: not the end
            raise KeyboardInterrupt
        return finish(deducer, done)

    def receive(item: tuple[str, Any]) -> None:
        walked.receive(item)
        if on_step is not None and item[0] == "step":
            on_step(item[1][0])

    walked.outcome = supervise(work, limits, receive, start=start)
    return walked


class _Relay(io.TextIOBase):
    """A job's stdout: whole lines go to the parent as they are written."""

    def __init__(self, emit: Emit) -> None:
        self.emit = emit
        self.pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.pending += text
        if "\n" in text:
            self.flush()
        return len(text)

    def flush(self) -> None:
        if self.pending:
            text, self.pending = self.pending, ""
            self.emit(text)


#: in a job run by :func:`call_printing`: what hands its progress to the parent
_progress_to_parent: Emit | None = None


def report_progress(progress: Any) -> None:
    """From a job run by :func:`call_printing`: hand ``progress`` (e.g. ``(done, of)``)
    to the parent's ``on_progress``; does nothing elsewhere (e.g. in-process)."""
    if _progress_to_parent is not None:
        _progress_to_parent(("progress", progress))


def call_printing(
    function: Callable[[], Any],
    limits: Limits,
    *,
    start: float | None = None,
    on_wait: Callable[[], None] | None = None,
    on_progress: Callable[[Any], None] | None = None,
) -> Outcome[Any]:
    """Run ``function()`` as a bounded job whose printed output (``sys.stdout``) appears
    here line by line as it is printed; returns its value like :func:`call`. What the
    job hands to :func:`report_progress` reaches ``on_progress`` here."""

    def work(emit: Emit) -> Any:
        global _progress_to_parent
        _progress_to_parent = emit
        relay = _Relay(emit)
        with contextlib.redirect_stdout(relay):
            try:
                return function()
            finally:
                relay.flush()

    def show(item: str | tuple[str, Any]) -> None:
        if isinstance(item, str):
            sys.stdout.write(item)
            sys.stdout.flush()
        elif on_progress is not None:
            on_progress(item[1])

    return supervise(work, limits, show, start=start, on_wait=on_wait)
