"""``lpsolve grade`` and ``lpsolve run``: students' and users' ASP programs, vetted
(no ``#include`` outside the program's folder, no ``#script`` unless allowed) and run
as supervised jobs under time and memory limits; ``run`` is clingo's own application
(:mod:`lpsolve.application`), its options checked here before clingo sees them."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from ..errors import UsageError
from ..jobs import Limits
from ..kinds import KINDS
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    SCHEMA_VERSION,
    compact_json,
    limit_arguments,
    positive_float,
    positive_int,
    progress_bar,
)


def add_parsers(commands: Any) -> None:
    grade = commands.add_parser(
        "grade",
        help="grade a student's encoding against a kind's reference encoding",
        description="Run a student's encoding on puzzles of a kind (default: the bundled "
        "ones of the plain rules, named KIND/FILE; --variants adds those of the kind's "
        "variants) and compare its answers with the reference encoding's. Each program "
        "runs in its own supervised process under --time-limit and --memory-limit; "
        "#include may name only files in the student's folder, and lpsolve's own "
        "encodings (linked or copied) are refused.",
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
        "--variants",
        action="store_true",
        help="without INSTANCE files: grade the bundled puzzles of the kind's variants too "
        "(e.g. Binairo Plus for takuzu), not only those of the plain rules",
    )
    grade.add_argument(
        "--allow-scripts", action="store_true", help="run a program containing #script"
    )
    grade.add_argument(
        "--format", choices=["text", "json"], default="text", help="report format (default: text)"
    )
    grade.set_defaults(run=run_grade, trailing_files=[])

    run = commands.add_parser(
        "run",
        help="the clingo command, on ASP programs and the facts of puzzle files",
        description="clingo's own application (the clingo command), run as a supervised "
        "job: the same output, options and exit codes (below). Files ending as a kind's "
        "puzzles "
        "(.takuzu, .hidoku, ... and .json) are puzzles, turned into facts; every other "
        "file is a program, - (or no file) the program on standard input; a number is "
        "how many answer sets (0: all; default 1). Programs are vetted first (#include "
        "only of files in the program's own folder, no #script); a program clingo cannot "
        "read or ground is one line at its place, exit 2. With a puzzle, clingo's answer "
        "sets are drawn as its kind draws solutions (--atoms: the atoms, as clingo prints "
        "them).",
    )
    run.add_argument(
        "files",
        nargs="*",
        metavar="FILE|N",
        help="programs, puzzle files, - for standard input, a number of answer sets",
    )
    run.add_argument("--kind", choices=sorted(KINDS), help="kind of the puzzle files")
    how_many = run.add_mutually_exclusive_group()
    how_many.add_argument(
        "-n",
        "--models",
        type=non_negative_int,
        metavar="N",
        help="answer sets: N (0: all; default 1)",
    )
    how_many.add_argument("--limit", type=positive_int, metavar="N", help="the same as -n N")
    run.add_argument(
        "--count",
        action="store_true",
        help="print no answer sets, only how many (all, unless -n N): clingo's -q with -n 0",
    )
    run.add_argument("--atoms", action="store_true", help="print atoms, not drawn boards")
    run.add_argument(
        "--outf",
        choices=["0", "1", "2", "3"],
        default="0",
        help="clingo's output: 0 text (default), 1 ASP competition, 2 JSON, 3 none",
    )
    clingo_options = run.add_argument_group("clingo options passed through")
    clingo_options.add_argument(
        "-q", action="store_true", help="print no answer sets (clingo's -q)"
    )
    clingo_options.add_argument(
        "--quiet", metavar="M[,O[,C]]",
        help="clingo's printing of models, costs and calls (0 all, 1 last, 2 none)",
    )  # fmt: skip
    clingo_options.add_argument(
        "--project", nargs="?", const="auto", choices=["auto", "show", "project"],
        help="enumerate answer sets projected onto the shown atoms",
    )  # fmt: skip
    clingo_options.add_argument(
        "--enum-mode",
        choices=["auto", "bt", "record", "brave", "cautious"],
        help="how answer sets are enumerated; brave, cautious: the union, the intersection",
    )
    clingo_options.add_argument(
        "--configuration",
        choices=["auto", "frumpy", "jumpy", "tweety", "handy", "crafty", "trendy", "many"],
        help="clingo's preset solver configuration (default: auto)",
    )
    clingo_options.add_argument(
        "--heuristic",
        choices=["Berkmin", "Vmtf", "Vsids", "Domain", "Unit", "None"],
        help="clingo's decision heuristic (Domain: the program's #heuristic directives)",
    )
    clingo_options.add_argument(
        "-c", "--const", action="append", default=[], metavar="NAME=TERM",
        help="replace a #const (TERM: a number, a name or a quoted string)",
    )  # fmt: skip
    clingo_options.add_argument(
        "--seed", type=non_negative_int, metavar="N", help="clingo's random seed"
    )
    run.add_argument(
        "--timeout",
        "--time-limit",
        type=positive_float,
        metavar="S",
        help="stop after S seconds, reading and grounding included: clingo prints what it "
        "found and TIME LIMIT",
    )
    limit_arguments(run, timeout=False)
    run.add_argument(
        "--allow-scripts", action="store_true", help="run a program containing #script"
    )
    run.set_defaults(run=run_run, trailing_files=[])


def non_negative_int(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, got {text!r}")
    return int(text)


#: a #const given on the command line: a name, then a number, a name or a quoted string
_CONST = re.compile(r"[a-z_][A-Za-z0-9_']*=(-?[0-9]+|[a-z_][A-Za-z0-9_']*|\"[^\"\\\n]*\")")
#: clingo's --quiet levels: models[,costs[,calls]], each 0, 1 or 2
_QUIET = re.compile(r"[0-2](,[0-2]){0,2}")


def clingo_arguments(args: argparse.Namespace) -> list[str]:
    """The clingo options ``run`` passes on, each checked against what clingo takes
    (so nothing else reaches clingo's option parser: no option that reads or writes
    a file)."""
    options = [f"--outf={args.outf}"] if args.outf != "0" else []
    if args.models is not None or args.limit is not None:
        options.append(f"--models={args.models if args.models is not None else args.limit}")
    elif args.count:
        options.append("--models=0")
    if args.q or args.count:
        options.append("-q")
    if args.quiet is not None:
        if not _QUIET.fullmatch(args.quiet):
            raise UsageError(f"--quiet {args.quiet!r}: expected levels such as 2 or 1,0,2 (0-2)")
        options.append(f"--quiet={args.quiet}")
    if args.project:
        options.append(f"--project={args.project}")
    for name in ("enum_mode", "configuration", "heuristic", "seed"):
        value = getattr(args, name)
        if value is not None:
            options.append(f"--{name.replace('_', '-')}={value}")
    for const in args.const:
        if not _CONST.fullmatch(const):
            raise UsageError(
                f"-c {const!r}: expected NAME=TERM, TERM a number, a name or a quoted string"
            )
        options += ["--const", const]
    return options


def _files_and_count(args: argparse.Namespace) -> list[str]:
    """The files of ``run``; a number among them is how many answer sets (clingo takes
    a number there so), moved into ``args.models``."""
    files, counts = [], []
    for name in [*args.files, *args.trailing_files]:
        (counts if name.isdigit() else files).append(name)
    if len(counts) > 1 or (counts and (args.models is not None or args.limit is not None)):
        raise UsageError("the number of answer sets is given more than once")
    if counts:
        args.models = int(counts[0])
    return files


def run_grade(args: argparse.Namespace) -> int:
    from .. import grade

    bar: Any = None  # progress on stderr when it is a terminal

    def begin(names: list[str]) -> None:
        nonlocal bar
        if sys.stderr.isatty() and names:
            bar = progress_bar("grading", "{task.fields[name]}", transient=True)
            bar.add_task("grade", total=len(names), name=names[0], names=names)
            bar.refresh()

    def graded(instance: Any) -> None:
        if bar is not None:
            task = bar.tasks[0]
            names = task.fields["names"]
            following = names[int(task.completed) + 1 : int(task.completed) + 2]
            bar.update(task.id, advance=1, name=following[0] if following else "")
            bar.refresh()

    try:
        result = grade.grade(
            args.program,
            args.kind,
            [*args.instances, *args.trailing_files],
            time_limit=args.time_limit,
            max_solutions=args.max_solutions,
            allow_scripts=args.allow_scripts,
            memory_limit=args.memory_limit,
            on_begin=begin,
            on_instance=graded,
            count_supervisor=True,  # --memory-limit covers the whole command
            variants=args.variants,
        )
    finally:
        if bar is not None:
            bar.stop()
    if args.format == "json":
        print(compact_json({"schema": SCHEMA_VERSION, **result.as_json()}))
    else:
        print("\n".join(grade.report_lines(result)))
    if result.interrupted:
        return EXIT_STOPPED
    return EXIT_SOLVED if result.passed else EXIT_NO_SOLUTION


def run_run(args: argparse.Namespace) -> int:
    """``run``: clingo's application in a supervised job (:mod:`lpsolve.application`)."""
    from .. import application

    files = _files_and_count(args)
    request = application.Request(
        files,
        clingo_arguments(args),
        kind=args.kind,
        draw=not args.atoms,
        allow_scripts=args.allow_scripts,
        # --memory-limit covers the whole command
        limits=Limits(args.timeout, args.memory_limit, count_supervisor=True),
        start=args.started,
    )

    def write(stream: Any) -> Any:
        def write_now(text: str) -> None:
            stream.write(text)
            stream.flush()

        return write_now

    return application.run(request, sys.stdin.buffer.read, write(sys.stdout), write(sys.stderr))
