"""``lpsolve generate``: unique puzzles made to order, at a level or clue-minimal
(:mod:`lpsolve.generate.making`), written to standard output or one file each into a
folder. The work runs as a supervised job (``--timeout``, ``--memory-limit``)."""

from __future__ import annotations

import argparse
import json
import os
import re
from typing import Any

from ..errors import UsageError
from ..kinds.textformat import plural
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
#: the levels as ``--level`` takes them (``lpsolve.steps.engine.LEVELS``, not imported
#: at every start); one word each on the command line: "very-hard"
LEVEL_WORDS = {"easy": "easy", "medium": "medium", "hard": "hard", "very-hard": "very hard"}
_SIZE = re.compile(r"([0-9]{1,4})(?:x([0-9]{1,4}))?")


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
        type=_level_word,
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


def _level_word(text: str) -> str:
    """``very hard`` as one word, however it was written."""
    return "-".join(text.lower().replace("_", " ").split())


def _size(text: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise UsageError(f"--size {text}: expected ROWSxCOLS such as 10x10, or N")
    rows = int(match.group(1))
    return rows, int(match.group(2) or rows)


def _file_name(what: Any, index: int, count: int) -> str:
    """``takuzu-10x10-hard-001.takuzu``: sorted by name, sorted by number."""
    level = (what.level or "minimal").replace(" ", "-")
    digits = max(3, len(str(count)))
    return f"{what.form.name}-{what.rows}x{what.cols}-{level}-{index + 1:0{digits}}"


def _heading(args: argparse.Namespace, made: Any, index: int) -> str:
    """The ``#`` line before a puzzle: how to make it again, and what it is."""
    command = f"lpsolve generate {args.kind} --size {args.size}"
    command += f" --level {args.level}" if args.level else ""
    command += " --minimal" if args.minimal else ""
    command += f" --form {args.form}" if args.form else ""
    command += f" --seed {args.seed}"
    rated = (
        "" if made.rating is None else f", rated {made.rating.level} (score {made.rating.score:g})"
    )
    minimal = ", clue-minimal" if made.minimal else ""
    return (
        f"# {command}: puzzle {index + 1} of {args.count}; {plural(made.clues, 'clue')} of "
        f"{made.full_clues}{rated}{minimal}; unique"
    )


def run_generate(args: argparse.Namespace) -> int:
    from ..generate.making import order

    rows, cols = _size(args.size)
    level = LEVEL_WORDS.get(args.level) if args.level else None
    what = order(args.kind, rows, cols, level=level, minimal=args.minimal, form=args.form)
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
    heading = _heading(args, made, index)
    if args.output is not None:
        os.makedirs(args.output, exist_ok=True)
        path = os.path.join(args.output, _file_name(what, index, args.count) + made.extension)
        with open(path, "w", encoding="utf-8") as out:
            out.write(f"{heading}\n{made.text}\n")
        print(path, flush=True)
    elif args.format == "json":
        data = {
            "kind": what.kind.name,
            "form": what.form.name,
            "rows": what.rows,
            "cols": what.cols,
            "seed": args.seed,
            "index": index,
            "puzzle": made.text + "\n",
            "extension": made.extension,
            "clues": made.clues,
            "full_clues": made.full_clues,
            "level": None if made.rating is None else made.rating.level,
            "score": None if made.rating is None else made.rating.score,
            "minimal": made.minimal,
            "unique": True,
            "solution": made.puzzle.solution_json(made.solution),
        }
        print(json.dumps(data, separators=(",", ":")), flush=True)
    else:
        separator = "\n" if index else ""
        print(f"{separator}{heading}\n{made.text}", flush=True)
