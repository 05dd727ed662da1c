"""Reasoning a person can follow: ``hint`` (the next deduction), ``rate`` (a
difficulty level) and ``solve --steps`` (the whole solution as deductions).

Each runs as a supervised job (``--timeout``, ``--memory-limit``); the steps engine
(:mod:`lpsolve.steps`) is imported in the job's command only, not at every start.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from .. import supervised
from ..errors import UsageError
from . import puzzles
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    compact_json,
    job_limits,
    kind_argument,
    limit_arguments,
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


class _NoDeduction(Exception):
    """The puzzle's cells break its rules, or it has not exactly one solution where
    the engine needs one: exit 1 with these words."""


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


#: what a job returns: the exit status, and a line for stderr (printed here: what the
#: job's own stderr gets is not where the command's goes when it is captured)
Ended = tuple[int, str]


def _run(args: argparse.Namespace, job: Callable[[], Ended]) -> int:
    def refused_or(job: Callable[[], Ended] = job) -> Ended:
        try:
            return job()
        except _NoDeduction as error:
            return EXIT_NO_SOLUTION, str(error)

    outcome = supervised.call_printing(refused_or, job_limits(args), start=args.started)
    if outcome.value is None:
        print(f"{args.file}: {outcome.stop_message()}", file=sys.stderr)
        return EXIT_STOPPED
    code, message = outcome.value
    if message:
        print(message, file=sys.stderr)
    return code


def run_hint(args: argparse.Namespace) -> int:
    if args.output is not None and args.format != "svg":
        raise UsageError("-o writes a picture: give --format svg")

    def job() -> Ended:
        from ..steps import render

        puzzle, deducer = _deducer(args, "hint")
        step = deducer.next_step(trial=not args.no_trial)
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


def run_rate(args: argparse.Namespace) -> int:
    def job() -> Ended:
        from ..steps import render
        from ..steps.rating import rate

        puzzle, deducer = _deducer(args, "rate")
        try:
            rating, _ = rate(deducer)
        except ValueError as error:
            return EXIT_NO_SOLUTION, f"{puzzle.source}: cannot rate: {error}"
        if args.format == "json":
            data = {"kind": puzzle.kind, "source": puzzle.source, **render.rating_json(rating)}
            print(compact_json(data))
        else:
            print("\n".join(render.rating_text(rating)))
        return EXIT_SOLVED, ""

    return _run(args, job)


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

    def job() -> Ended:
        from ..steps import render
        from ..steps.engine import walkthrough  # the job's only: not at every start

        puzzle, deducer = _deducer(args, "--steps")

        def shown(number: int, step: Any) -> None:  # text: each step as it is found
            print("\n".join(render.walkthrough_step_text(deducer, number, step)), flush=True)

        done = walkthrough(deducer, on_step=shown if args.format == "text" else None)
        if args.format == "json":
            data: dict[str, Any] = {"kind": puzzle.kind, "source": puzzle.source}
            data |= {"complete": done.complete, "steps": [render.step_json(s) for s in done.steps]}
            solution = puzzle.solution_json(deducer.solution()) if done.complete else None
            data |= {"solution": solution, "stuck": done.stuck or None}
            print(compact_json(data))
        code = EXIT_SOLVED if done.complete else EXIT_NO_SOLUTION
        if args.format == "svg":
            puzzles.write_svg(render.walkthrough_picture(deducer, done), None)
            return code, render.summary_text(done)
        if args.format == "text":
            if done.complete:
                print(puzzle.render(deducer.solution()) + "\n")
            print(render.summary_text(done))
        return code, ""

    return _run(args, job)
