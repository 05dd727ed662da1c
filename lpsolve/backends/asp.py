"""The clingo backend: facts + encoding -> models, with limits, timeouts and statistics.

It knows nothing about any puzzle kind: a :class:`~lpsolve.puzzle.Puzzle` supplies
its facts, the name of its encoding and how to decode a model.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import clingo

from .. import logs
from ..errors import LpsolveError
from ..puzzle import Puzzle, Result, Stats
from ..resources import encoding_file

#: called with each solution as it is found; returning False stops the search
OnSolution = Callable[[Any], bool | None]
#: called with the number of models found so far (for progress display)
OnProgress = Callable[[int], None]

_POLL_SECONDS = 0.05


def log_message(code: clingo.MessageCode, message: str) -> None:
    """clingo's warnings (e.g. an atom no rule defines) to the ``lpsolve.clingo`` logger;
    the tests fail on any."""
    logs.get_logger("lpsolve.clingo").warning("clingo %s: %s", code.name, message.strip())


def make_control(
    puzzle: Puzzle,
    arguments: Sequence[str] = (),
    encoding: str | None = None,
    facts: str | None = None,
) -> clingo.Control:
    """A control object with the puzzle's facts (``facts``: their text, if already
    made) and encoding (default: the kind's own) loaded, not yet ground. The kind's own
    encoding gets :meth:`~lpsolve.puzzle.Puzzle.solving_facts`, another one (a lesson
    encoding) the plain :meth:`~lpsolve.puzzle.Puzzle.facts_text`."""
    own_encoding = encoding is None or encoding == puzzle.encoding
    if facts is None:
        facts = puzzle.solving_facts() if own_encoding else puzzle.facts_text()
    try:
        options = [*puzzle.solver_arguments, *arguments]
        ctl = clingo.Control(options, logger=log_message, message_limit=50)
        with encoding_file(encoding or puzzle.encoding) as path:
            ctl.load(path)
        ctl.add("base", [], facts)
    except RuntimeError as error:  # clingo reports syntax and option errors this way
        raise LpsolveError(f"clingo: {error}") from error
    return ctl


def ground(ctl: clingo.Control) -> float:
    """Ground the base program; returns the seconds it took."""
    start = time.perf_counter()
    try:
        ctl.ground([("base", [])])
    except RuntimeError as error:
        raise LpsolveError(f"clingo: {error}") from error
    return time.perf_counter() - start


def statistics(ctl: clingo.Control, ground_seconds: float, solve_seconds: float) -> Stats:
    stats = ctl.statistics
    try:
        lp = stats["problem"]["lp"]
        solvers = stats["solving"]["solvers"]
        return Stats(
            atoms=int(lp["atoms"]),
            rules=int(lp["rules"]),
            choices=int(solvers["choices"]),
            conflicts=int(solvers["conflicts"]),
            ground_seconds=ground_seconds,
            solve_seconds=solve_seconds,
        )
    except (KeyError, RuntimeError):  # no search happened (e.g. interrupted early)
        return Stats(ground_seconds=ground_seconds, solve_seconds=solve_seconds)


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
    """
    models = "0" if limit is None else str(limit)
    counting = puzzle.counting_arguments if limit is None and not decode else ()
    ctl = make_control(puzzle, ["--models", models, *counting, *arguments], facts=facts)
    ground_seconds = ground(ctl)

    result = Result(puzzle=puzzle, backend="clingo")
    found = 0
    stop_requested = False
    callback_error: BaseException | None = None

    def on_model(model: clingo.Model) -> bool:
        nonlocal found, stop_requested, callback_error
        try:
            found += 1
            if decode:
                # Symbols are copied out here: a model must not outlive its callback.
                solution = puzzle.decode(model.symbols(shown=True))
                if on_solution is not None and on_solution(solution) is False:
                    stop_requested = True
                result.solutions.append(solution)
            if on_progress is not None:
                on_progress(found)
        except KeyboardInterrupt:  # Ctrl-C while our code ran: stop, keep what we have
            stop_requested = True
            result.stopped_by = "interrupt"
            return False
        except BaseException as error:  # re-raised below, not lost inside clingo
            callback_error = error
            return False
        return not stop_requested

    wants_callback = decode or on_progress is not None
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout
    with ctl.solve(
        assumptions=list(assumptions),
        on_model=on_model if wants_callback else None,
        async_=True,
    ) as handle:
        try:
            while not handle.wait(_POLL_SECONDS):
                if deadline is not None and time.perf_counter() >= deadline:
                    handle.cancel()
                    result.stopped_by = "timeout"
                    break
        except KeyboardInterrupt:
            handle.cancel()
            result.stopped_by = "interrupt"
        outcome = handle.get()
    solve_seconds = time.perf_counter() - start
    if callback_error is not None:
        raise callback_error

    summary_models = int(ctl.statistics["summary"]["models"]["enumerated"])
    result.count = found if wants_callback else summary_models
    result.complete = bool(outcome.exhausted) and result.stopped_by is None
    if not result.complete and result.stopped_by is None:
        result.stopped_by = "stop" if stop_requested else "limit"
    result.stats = statistics(ctl, ground_seconds, solve_seconds)
    return result
