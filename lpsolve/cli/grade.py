"""``lpsolve grade`` and ``lpsolve run``: students' and users' ASP programs, vetted
(no ``#include`` outside the program's folder, no ``#script`` unless allowed) and run
as supervised jobs under time and memory limits."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..kinds import KINDS
from ..puzzle import STOPPED
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    STOP_WORDS,
    compact_json,
    limit_arguments,
    positive_float,
    positive_int,
)


def add_parsers(commands: Any) -> None:
    grade = commands.add_parser(
        "grade",
        help="grade a student's encoding against a kind's reference encoding",
        description="Run a student's encoding on puzzles of a kind (default: the bundled "
        "ones) and compare its answers with the reference encoding's. Each program runs "
        "in its own supervised process under --time-limit and --memory-limit; #include "
        "may name only files in the student's folder. Exit 0: all correct; 1: some answer "
        "wrong, missing or duplicated, or a search too slow or too big; 2: bad input; "
        "3: interrupted.",
    )
    grade.add_argument("program", metavar="STUDENT.lp", help="the encoding to grade")
    grade.add_argument("instances", nargs="*", metavar="INSTANCE", help="puzzle files")
    grade.add_argument("--kind", required=True, choices=sorted(KINDS), help="puzzle kind")
    grade.add_argument(
        "--time-limit",
        type=positive_float,
        default=10.0,
        metavar="S",
        help="seconds per instance and program, grounding included (default: 10)",
    )
    limit_arguments(grade, timeout=False)
    grade.add_argument(
        "--max-solutions",
        type=positive_int,
        default=100,
        metavar="N",
        help="compare at most N answers per instance (default: 100)",
    )
    grade.add_argument(
        "--allow-scripts", action="store_true", help="run a program containing #script"
    )
    grade.add_argument("--format", choices=["text", "json"], default="text")
    grade.set_defaults(run=run_grade, trailing_files=[])

    run = commands.add_parser(
        "run",
        help="solve ASP programs with the facts of puzzle files, print the answer sets",
        description="Like the clingo command: .lp files are programs, other files are "
        "puzzles turned into facts. With a puzzle, answers are drawn as its kind draws "
        "solutions (--atoms: the shown atoms instead).",
    )
    run.add_argument("files", nargs="+", metavar="FILE", help=".lp programs and puzzle files")
    run.add_argument("--kind", choices=sorted(KINDS), help="kind of the puzzle files")
    how_many = run.add_mutually_exclusive_group()
    how_many.add_argument("--limit", type=positive_int, metavar="N", help="at most N answers")
    how_many.add_argument("--count", action="store_true", help="only count the answer sets")
    run.add_argument("--atoms", action="store_true", help="print atoms, not drawn boards")
    limit_arguments(run)
    run.add_argument(
        "--allow-scripts", action="store_true", help="run a program containing #script"
    )
    run.set_defaults(run=run_run, trailing_files=[])


def run_grade(args: argparse.Namespace) -> int:
    from .. import grade

    result = grade.grade(
        args.program,
        args.kind,
        [*args.instances, *args.trailing_files],
        time_limit=args.time_limit,
        max_solutions=args.max_solutions,
        allow_scripts=args.allow_scripts,
        memory_limit=args.memory_limit,
    )
    if args.format == "json":
        print(compact_json(result.as_json()))
    else:
        print("\n".join(grade.report_lines(result)))
    if result.interrupted:
        return EXIT_STOPPED
    return EXIT_SOLVED if result.passed else EXIT_NO_SOLUTION


def run_run(args: argparse.Namespace) -> int:
    from .. import grade

    shown = 0

    def print_answer(answer: list[Any], puzzle: Any) -> None:
        nonlocal shown
        shown += 1
        if not args.count:
            print(f"Answer {shown}:\n{grade.answer_text(answer, puzzle, args.atoms)}", flush=True)

    result, _ = grade.run_program(
        [*args.files, *args.trailing_files],
        kind=args.kind,
        limit=args.limit,
        timeout=args.timeout,
        allow_scripts=args.allow_scripts,
        memory_limit=args.memory_limit,
        on_answer=print_answer,
        start=args.started,
    )
    programs = [f for f in [*args.files, *args.trailing_files] if f.endswith(".lp")]
    for message in dict.fromkeys(result.messages):
        print(f"clingo: {grade.user_message(message, programs[0])}", file=sys.stderr)
    n = len(result.answers)
    if result.stopped_by in STOPPED:
        state = f"stopped by {STOP_WORDS[result.stopped_by]}, search incomplete"
    else:
        state = "search complete" if result.complete else "stopped at the limit"
    print(f"{n:,} answer set{'' if n == 1 else 's'} ({state})")
    if result.stopped_by in STOPPED:
        return EXIT_STOPPED
    return EXIT_SOLVED if n else EXIT_NO_SOLUTION
