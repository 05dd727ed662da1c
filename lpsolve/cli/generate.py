"""``lpsolve generate``: unique puzzles made to order, at a level or clue-minimal
(:mod:`lpsolve.generate.making`), written to standard output or one file each into a
folder. The work runs as a supervised job (``--timeout``, ``--memory-limit``)."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from ..errors import UsageError
from ..generate.naming import LEVEL_WORDS, Asked, file_name, level_word
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    Ended,
    limit_arguments,
    positive_int,
    run_job,
    whole_number,
)

#: random boards tried per puzzle (``lpsolve.generate.making.ATTEMPTS``, not imported
#: at every start)
ATTEMPTS = 20


def add_parsers(commands: Any) -> None:
    """Add ``generate`` to ``lpsolve``'s subparsers."""
    generate = commands.add_parser(
        "generate",
        help="make unique puzzles of a kind at a level (easy to very hard), or clue-minimal",
        description="Make unique puzzles: a random solution with every clue given, then "
        "clues removed in a random order while the puzzle stays unique and rates at most "
        "the level; each puzzle verified by solving (uniqueness proved) and by rating, the "
        "same ones for the same seed. Built-in kinds with a generator, and declared kinds "
        "whose clues can be put on a blank board (others are refused in one line); --level "
        "needs a kind with step-by-step hints (lpsolve rate).",
    )
    generate.add_argument("kind", metavar="KIND", help="the puzzle kind (lpsolve kinds lists them)")
    generate.add_argument(
        "--size", required=True, metavar="RxC", help="rows x columns, e.g. 10x10, or N for N x N"
    )
    generate.add_argument(
        "--level",
        choices=list(LEVEL_WORDS),
        type=level_word,
        help="the level every puzzle rates at (lpsolve rate); without it, clue-minimal puzzles",
    )
    generate.add_argument(
        "--minimal",
        action="store_true",
        help="clue-minimal: no clue can be removed keeping the puzzle unique (with --level: "
        "and rating at it)",
    )
    generate.add_argument(
        "--count", type=positive_int, default=1, metavar="N", help="how many (default: 1)"
    )
    generate.add_argument(
        "--seed",
        type=whole_number,
        default=0,
        metavar="S",
        help="random seed: the same seed makes the same puzzles (default: 0)",
    )
    generate.add_argument(
        "--attempts",
        type=positive_int,
        default=ATTEMPTS,
        metavar="N",
        help="random boards tried per puzzle before giving up: a board whose puzzle rates off "
        f"the level is dropped (default: {ATTEMPTS})",
    )
    generate.add_argument(
        "--form",
        metavar="FORM",
        help="the board form, for a kind with several (default: its first; a wrong one is "
        "told the kind's forms)",
    )
    generate.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        help="write each puzzle to a file of its own in DIR (made if missing), named "
        "FORM-RxC-LEVEL-001.EXT so that they sort, instead of standard output",
    )
    generate.add_argument(
        "--format",
        choices=["text", "json"],
        default="text",
        help="standard output: each puzzle in its kind's format after a # line saying what "
        "it is, or json: one object a line (default: text)",
    )
    limit_arguments(generate)
    generate.set_defaults(run=run_generate)


def asked(args: argparse.Namespace) -> Asked:
    return Asked(args.kind, args.size, args.level, args.minimal, args.form, args.seed, args.count)


def run_generate(args: argparse.Namespace) -> int:
    what = asked(args).order()
    if args.output is not None and args.format != "text":
        raise UsageError("-o writes each puzzle in its kind's format: leave --format out")
    if args.output is not None and os.path.exists(args.output) and not os.path.isdir(args.output):
        raise UsageError(f"-o {args.output}: not a folder")

    def job() -> Ended:
        from ..generate.making import NotFound, generate

        puzzles = generate(what, count=args.count, seed=args.seed, attempts=args.attempts)
        written = 0
        try:
            for made in puzzles:
                _write(args, what, made, written)
                written += 1
        except NotFound as error:
            return EXIT_NO_SOLUTION, f"error: {error} ({written} of {args.count} made)"
        return EXIT_SOLVED, ""

    return run_job(args, job, "generate")


def _write(args: argparse.Namespace, what: Any, made: Any, index: int) -> None:
    """One puzzle out, as it is made: to standard output or its file."""
    if args.output is not None:
        os.makedirs(args.output, exist_ok=True)
        name = file_name(what.form.name, what.rows, what.cols, what.level, index, args.count)
        path = os.path.join(args.output, name + made.extension)
        with open(path, "w", encoding="utf-8") as out:
            out.write(asked(args).file_text(made, index))
        print(path, flush=True)
    elif args.format == "json":
        data = asked(args).record(what, made, index)
        print(json.dumps(data, separators=(",", ":")), flush=True)
    else:
        separator = "\n" if index else ""
        print(f"{separator}{asked(args).file_text(made, index)}", end="", flush=True)
