"""Reasoning a person can follow: ``hint`` (the next deduction), ``rate`` (a
difficulty level) and ``solve --steps`` (the whole solution as deductions).

Each runs as a supervised job (``--timeout``, ``--memory-limit``); the steps engine
(:mod:`lpsolve.steps`) is imported in the job's command only, not at every start.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable
from typing import Any

from ..errors import LpsolveError, UsageError
from . import puzzles
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    Ended,
    compact_json,
    job_limits,
    kind_argument,
    limit_arguments,
    run_job,
)

FILE_HELP = f"{puzzles.FILE_HELP}; its filled cells count as known"


def add_parsers(commands: Any) -> None:
    """Add ``hint`` and ``rate`` to ``lpsolve``'s subparsers."""
    hint = commands.add_parser(
        "hint",
        help="the next deduction: a cell, its value, the rule and the cells that force it",
        description="Find the simplest next deduction from the cells the file fills: the "
        "cell (or cells) it fixes, the rule that forces it in words and the known cells "
        "it rests on. Trials (supposing a value and reaching a contradiction) come last.",
    )
    hint.add_argument("file", metavar="FILE", help=FILE_HELP)
    kind_argument(hint)
    hint.add_argument(
        "--format",
        choices=["text", "json", "svg"],
        default="text",
        help="output format; svg: the board with the hint's cells marked (default: text)",
    )
    hint.add_argument(
        "-o", "--output", metavar="OUT", help="--format svg: write the picture to this file"
    )
    hint.add_argument(
        "--no-trial",
        action="store_true",
        help="only deductions found without supposing a value",
    )
    limit_arguments(hint)
    hint.set_defaults(run=run_hint)

    rate = commands.add_parser(
        "rate",
        help="how hard is the puzzle: easy, medium, hard or very hard, and a score",
        description="Solve the puzzle step by step as a person would and rate it by its "
        "hardest step: easy, medium, hard or very hard, with a score from 0 to 99.",
    )
    rate.add_argument("file", metavar="FILE", help=FILE_HELP)
    kind_argument(rate)
    rate.add_argument(
        "--format", choices=["text", "json"], default="text", help="output format (default: text)"
    )
    limit_arguments(rate)
    rate.set_defaults(run=run_rate)


def add_steps_option(solve: argparse.ArgumentParser) -> None:
    """``solve --steps``: ``solve`` then runs :func:`run_steps` when it is given."""
    solve.add_argument(
        "--steps",
        action="store_true",
        help="the solution as deductions a person can follow, from the givens to the last "
        "cell (text, json, or svg: a strip of boards)",
    )
    otherwise: Callable[[argparse.Namespace], int] = solve.get_default("run")

    def run(args: argparse.Namespace) -> int:
        return run_steps(args) if args.steps else otherwise(args)

    solve.set_defaults(run=run)


# -- the jobs ---------------------------------------------------------------------------


class _NoDeduction(LpsolveError):
    """The puzzle's cells break its rules, or it has not exactly one solution where
    the engine needs one: exit 1 with these words (an :class:`LpsolveError`, so that it
    crosses from a job to the command, which catches it: not exit 2)."""


def _deducer(args: argparse.Namespace, doing: str) -> Any:
    """In the job: the puzzle read and its engine of deductions; refused (exit 1)
    when the known cells already break a rule."""
    from .. import api
    from ..puzzle import Capability
    from ..steps.engine import NotUnique

    puzzle = api.load(args.file, args.kind)
    puzzle.require(Capability.STEPS, doing)
    if getattr(args, "format", "text") == "svg":
        puzzle.require(Capability.DRAW, f"{doing} --format svg")
    broken = api.diagnose(puzzle)
    if broken:
        raise _NoDeduction(f"{puzzle.source}: no solution: " + "; ".join(broken))
    try:
        return puzzle, puzzle.deducer()
    except NotUnique as error:
        raise _NoDeduction(str(error)) from None


def _run(args: argparse.Namespace, job: Callable[[], Ended]) -> int:
    def refused_or(job: Callable[[], Ended] = job) -> Ended:
        try:
            return job()
        except _NoDeduction as error:
            return EXIT_NO_SOLUTION, str(error)

    return run_job(args, refused_or, args.file)


def run_hint(args: argparse.Namespace) -> int:
    if args.output is not None and args.format != "svg":
        raise UsageError("-o writes a picture: give --format svg")

    def job() -> Ended:
        from ..jobs import stop_asked
        from ..steps import render

        puzzle, deducer = _deducer(args, "hint")
        step = deducer.next_step(trial=not args.no_trial)
        if step is None and stop_asked():  # a search stopped, not a puzzle without a step
            raise KeyboardInterrupt
        if step is None:
            left = "nothing to hint: every cell is known" if deducer.complete else deducer.stuck()
            if args.no_trial and not deducer.complete and deducer.next_step() is not None:
                left = "no deduction without a trial (leave out --no-trial for one)"
            code = EXIT_SOLVED if deducer.complete else EXIT_NO_SOLUTION
            if args.format == "json":
                data = {"kind": puzzle.kind, "source": puzzle.source, "fixes": [], "rule": None}
                data |= {"because": [], "trial": False, "done": deducer.complete, "why": left}
                print(compact_json(data))
            elif args.format == "svg":
                return code, left
            else:
                print(left)
            return code, ""
        if args.format == "json":
            data = {"kind": puzzle.kind, "source": puzzle.source, **render.step_json(step)}
            print(compact_json(data))
        elif args.format == "svg":
            puzzles.write_svg(render.step_picture(deducer, deducer.known, step), args.output)
        else:
            print("\n".join(render.step_text(deducer, step)))
        return EXIT_SOLVED, ""

    return _run(args, job)


def _walk(
    args: argparse.Namespace,
    doing: str,
    head: Callable[[Any, Any], dict[str, Any]],
    shown: Callable[[Any, int, Any], Any],
    finish: Callable[[Any, Any, Any], dict[str, Any]],
    on_step: Callable[[Any], None] | None = None,
    *,
    in_rounds: bool = False,
) -> Any:
    """The command's walkthrough as a supervised job (:func:`supervised.walk_steps`):
    ``head(puzzle, deducer)`` what the answer says of the puzzle, ``shown`` each step as
    it crosses, ``finish(puzzle, deducer, walkthrough)`` the end (all in the job);
    ``None`` (after one line on stderr) when the puzzle is refused. ``in_rounds``: the
    rating's rounds of deductions."""
    from .. import supervised

    read: list[Any] = []  # in the job: the puzzle, for finish

    def prepare() -> tuple[Any, dict[str, Any]]:
        puzzle, deducer = _deducer(args, doing)
        read.append(puzzle)
        return deducer, {"kind": puzzle.kind, "source": puzzle.source, **head(puzzle, deducer)}

    try:
        return supervised.walk_steps(
            prepare,
            shown,
            lambda deducer, done: finish(read[0], deducer, done),
            job_limits(args),
            start=args.started,
            on_step=on_step,
            in_rounds=in_rounds,
        )
    except _NoDeduction as error:
        print(error, file=sys.stderr)
        return None


def _said_stop(args: argparse.Namespace, walked: Any) -> None:
    """On stderr, a stop as every command says it (with the memory limit's remedy)."""
    outcome = walked.outcome
    before = "" if walked.head is not None else " while reading the puzzle"
    remedy = ": give --memory-limit to change it" if outcome.stopped_by == "memory" else ""
    print(f"{args.file}: {outcome.stop_message()}{before}{remedy}", file=sys.stderr)


def _walk_fields(args: argparse.Namespace, walked: Any, complete: bool) -> dict[str, Any]:
    """What the JSON of ``rate`` and ``solve --steps`` says of the walkthrough: the
    puzzle, whether it ran to the end, what stopped it (a StopReason, or null), and
    the cells known after the last step of the cells the board has."""
    head = walked.head or {}
    known = walked.known if walked.head is not None else None
    return {
        "kind": head.get("kind"),
        "source": head.get("source", args.file),
        "complete": complete,
        "stopped_by": walked.stopped_by,
        "known": known,
        "cells": head.get("cells"),
    }


def _stop_summary(walked: Any) -> str:
    """ "stopped by timeout after N steps (M of K cells known)"."""
    from ..steps.render import stopped_text

    cells = (walked.head or {}).get("cells", 0)
    return stopped_text(walked.stopped_by, len(walked.steps), walked.known, cells)


def run_rate(args: argparse.Namespace) -> int:
    from ..steps import render
    from ..steps.rating import hardest_so_far, rated
    from ..steps.records import TIER_NAMES

    def finish(puzzle: Any, deducer: Any, done: Any) -> dict[str, Any]:
        try:
            return {"rating": rated(deducer, done)[0]}
        except ValueError as error:
            return {"refused": f"{puzzle.source}: cannot rate: {error}"}

    walked = _walk(
        args,
        "rate",
        lambda _p, _d: {},
        lambda _d, _n, step: (step.tier, step.technique),
        finish,
        in_rounds=True,
    )
    if walked is None:
        return EXIT_NO_SOLUTION
    end, stop = walked.value, walked.stopped_by
    if end is not None and "refused" in end:
        print(end["refused"], file=sys.stderr)
        return EXIT_NO_SOLUTION
    if stop is None:
        rating = end["rating"]
        if args.format == "json":
            data = _walk_fields(args, walked, True) | render.rating_json(rating)
            print(compact_json(data))
        else:
            print("\n".join(render.rating_text(rating)))
        return EXIT_SOLVED
    # stopped: no level (a harder step may come), the hardest so far as a lower bound
    hardest = hardest_so_far(walked.steps)
    if args.format == "json":
        data = _walk_fields(args, walked, False)
        data |= {"level": None, "score": None, "steps": len(walked.steps)}
        data |= {"hardest_so_far": None if hardest is None else hardest[1]}
        data |= {"hardest_tier_so_far": None if hardest is None else hardest[0]}
        print(compact_json(data))
    elif walked.head is not None:
        print(f"level: not rated: {_stop_summary(walked)}")
        if hardest is not None:
            print(f"hardest step so far: at least {hardest[1]} ({TIER_NAMES[hardest[0]]})")
    _said_stop(args, walked)
    return EXIT_STOPPED


def run_steps(args: argparse.Namespace) -> int:
    for flag, given in (
        ("--all", args.all),
        ("--limit", args.limit is not None),
        ("--count", args.count),
        ("--cross-check", args.cross_check),
        ("--explain", args.explain),
        ("--backend csp", args.backend != "clingo"),
    ):
        if given:
            raise UsageError(f"--steps shows one solution step by step: {flag} cannot be combined")
    if args.format not in ("text", "json", "svg"):
        raise UsageError(f"--steps writes text, json or svg, not --format {args.format}")
    from ..steps import render

    form = args.format

    def head(_puzzle: Any, deducer: Any) -> dict[str, Any]:
        # svg: the board to draw if there is no step
        return {"blank": deducer.picture(deducer.known, [])} if form == "svg" else {}

    def shown(deducer: Any, number: int, step: Any) -> Any:  # in the job, as found
        if form == "json":
            return render.step_json(step)
        if form == "svg":
            picture = render.step_picture(deducer, deducer.known, step)
            return picture, render.step_caption(deducer, number, step)
        return render.walkthrough_step_text(deducer, number, step)

    def finish(puzzle: Any, deducer: Any, done: Any) -> dict[str, Any]:
        end: dict[str, Any] = {"complete": done.complete, "stuck": done.stuck or None}
        end["summary"] = render.summary_text(done)
        if done.complete and form == "json":
            end["solution"] = puzzle.solution_json(deducer.solution())
        elif done.complete and form == "text":
            end["solution"] = puzzle.render(deducer.solution())
        return end

    written: list[list[str]] = []  # text: the steps printed as they were found

    def printed(lines: list[str]) -> None:
        # Ctrl-C waits for the step to be printed and counted: none cut, none twice
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            sys.stdout.write("\n".join(lines) + "\n")
            sys.stdout.flush()
            written.append(lines)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    walked = _walk(args, "--steps", head, shown, finish, printed if form == "text" else None)
    if walked is None:
        return EXIT_NO_SOLUTION
    end, stop = walked.value or {}, walked.stopped_by
    if stop is None:
        summary = end["summary"]
        code = EXIT_SOLVED if end["complete"] else EXIT_NO_SOLUTION
    else:
        summary, code = _stop_summary(walked), EXIT_STOPPED
    if form == "json":
        data = _walk_fields(args, walked, stop is None and end["complete"])
        data |= {"steps": walked.steps, "solution": end.get("solution"), "stuck": end.get("stuck")}
        print(compact_json(data))
    elif form == "svg" and walked.head is not None:
        pictures = [picture for picture, _ in walked.steps]
        captions = [caption for _, caption in walked.steps]
        puzzles.write_svg(render.walkthrough_strip(pictures, captions, walked.head["blank"]), None)
        print(summary, file=sys.stderr)
    elif form == "text":
        for lines in walked.steps[len(written) :]:  # arrived as a Ctrl-C came
            printed(lines)
        if end.get("solution") is not None:
            print(end["solution"] + "\n")
        if walked.head is not None:
            print(summary)
    if stop is not None:
        _said_stop(args, walked)
    return code
