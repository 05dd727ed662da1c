"""``lpsolve grade`` and ``lpsolve run``: students' and users' ASP programs, vetted
(no ``#include`` outside the program's folder, no ``#script`` unless allowed) and run
as supervised jobs under time and memory limits."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from .. import __version__
from ..errors import UsageError
from ..kinds import KINDS
from ..puzzle import STOPPED
from .common import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    SCHEMA_VERSION,
    STOP_WORDS,
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
        "encodings (linked or copied) are refused. Exit 0: all correct; 1: some answer "
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
        "--variants",
        action="store_true",
        help="without INSTANCE files: grade the bundled puzzles of the kind's variants too "
        "(e.g. Binairo Plus for takuzu), not only those of the plain rules",
    )
    grade.add_argument(
        "--allow-scripts", action="store_true", help="run a program containing #script"
    )
    grade.add_argument("--format", choices=["text", "json"], default="text")
    grade.set_defaults(run=run_grade, trailing_files=[])

    run = commands.add_parser(
        "run",
        help="solve ASP programs with the facts of puzzle files, as the clingo command does",
        description="Speaks the clingo command's language: .lp files are programs, other "
        "files are puzzles turned into facts; -n N answer sets (0: all, default 1), "
        "'Answer: 1', SATISFIABLE/UNSATISFIABLE, Models, --outf=2 for clingo's JSON, and "
        "clingo's exit codes (10 satisfiable, 20 unsatisfiable, 30 satisfiable and every "
        "answer set found; 1, or 11 with answers: stopped by --timeout or Ctrl-C; 33: by "
        "--memory-limit; 2: bad input). With a puzzle, answers are drawn as its kind "
        "draws solutions (--atoms: the atoms, as clingo prints them).",
    )
    run.add_argument("files", nargs="+", metavar="FILE", help=".lp programs and puzzle files")
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
        "-q",
        action="store_true",
        help="print no answer sets, only how many (all, unless -n N)",
    )
    run.add_argument("--atoms", action="store_true", help="print atoms, not drawn boards")
    run.add_argument(
        "--outf", choices=["0", "2"], default="0", help="0: text (default), 2: clingo's JSON"
    )
    clingo_options = run.add_argument_group("clingo options passed through")
    clingo_options.add_argument(
        "--project", nargs="?", const="auto", choices=["auto", "show", "project"],
        help="enumerate answer sets projected onto the shown atoms",
    )  # fmt: skip
    clingo_options.add_argument(
        "--enum-mode", choices=["auto", "bt", "record", "brave", "cautious"]
    )
    clingo_options.add_argument(
        "--configuration",
        choices=["auto", "frumpy", "jumpy", "tweety", "handy", "crafty", "trendy", "many"],
    )
    clingo_options.add_argument(
        "--heuristic", choices=["Berkmin", "Vmtf", "Vsids", "Domain", "Unit", "None"]
    )
    clingo_options.add_argument(
        "-c", "--const", action="append", default=[], metavar="NAME=TERM",
        help="replace a #const (TERM: a number, a name or a quoted string)",
    )  # fmt: skip
    clingo_options.add_argument(
        "--seed", type=non_negative_int, metavar="N", help="clingo's random seed"
    )
    limit_arguments(run)
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


def clingo_arguments(args: argparse.Namespace) -> list[str]:
    """The clingo options ``run`` passes through, each checked against what clingo
    takes (so nothing else reaches clingo's option parser)."""
    options = []
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
    """``run``: clingo's text (or ``--outf=2`` JSON) and exit codes."""
    from .. import grade

    files = [*args.files, *args.trailing_files]
    # clingo's default (-1): one answer set, or every better one until the optimum of an
    # optimizing program; --count counts them all unless -n says
    models = args.models if args.models is not None else args.limit or (0 if args.count else -1)
    text = args.outf == "0"
    shown = 0

    def print_answer(answer: list[Any], puzzle: Any) -> None:
        nonlocal shown
        shown += 1
        if text and not args.count:
            # atoms as clingo prints them: one line, empty for an empty answer set
            atoms = " ".join(map(str, answer))
            drawn = grade.answer_text(answer, puzzle, False) if puzzle and not args.atoms else atoms
            print(f"Answer: {shown}\n{drawn}", flush=True)

    def print_costs(costs: list[int]) -> None:
        if text and not args.count:
            print(f"Optimization: {' '.join(map(str, costs))}", flush=True)

    result, _ = grade.run_program(
        files,
        kind=args.kind,
        limit=models,
        timeout=args.timeout,
        allow_scripts=args.allow_scripts,
        memory_limit=args.memory_limit,
        on_answer=print_answer,
        start=args.started,
        arguments=clingo_arguments(args),
        on_costs=print_costs,
    )
    programs = [f for f in files if f.endswith(".lp")]
    for message in dict.fromkeys(result.messages):
        print(f"clingo: {grade.user_message(message, programs[0])}", file=sys.stderr)
    n = len(result.answers)
    stopped = result.stopped_by in STOPPED
    verdict = "UNKNOWN" if stopped else "SATISFIABLE" if n else "UNSATISFIABLE"
    if result.optimum and not stopped:
        verdict = "OPTIMUM FOUND"
    more = "" if result.complete else "+"
    if text:
        if stopped:
            print(f"*** stopped by {STOP_WORDS[result.stopped_by or 'interrupt']}")
        print(f"{verdict}\n\nModels       : {n}{more}")
        if result.costs:
            print(f"  Optimum    : {'yes' if result.optimum else 'unknown'}")
            print(f"Optimization : {' '.join(map(str, result.costs[-1]))}")
        print(f"Calls        : 1\nTime         : {result.seconds:.3f}s")
    else:
        print(json.dumps(_clingo_json(files, result, verdict, more), indent=2))
    return _clingo_exit(result, n)


def _clingo_json(files: list[str], result: Any, verdict: str, more: str) -> dict[str, Any]:
    """clingo's ``--outf=2`` shape."""
    import clingo

    witnesses: list[dict[str, Any]] = [
        {"Value": [str(a) for a in answer]} for answer in result.answers
    ]
    models: dict[str, Any] = {"Number": len(result.answers), "More": "yes" if more else "no"}
    if result.costs:  # an optimizing program
        for witness, costs in zip(witnesses, result.costs, strict=True):
            witness["Costs"] = costs
        models["Optimum"] = "yes" if result.optimum else "unknown"
        models["Optimal"] = 1 if result.optimum else 0
        models["Costs"] = result.costs[-1]

    return {
        "Solver": f"lpsolve {__version__} (clingo version {clingo.__version__})",
        "Input": files,
        "Call": [{"Witnesses": witnesses}],
        "Result": verdict,
        "Models": models,
        "Calls": 1,
        "Time": {"Total": round(result.seconds, 3)},
    }


def _clingo_exit(result: Any, answers: int) -> int:
    """clingo's exit code: 10 if answer sets were found, plus 20 if the search was
    exhausted; stopped by time or Ctrl-C 1 (plus 10 with answers); out of memory 33."""
    found = 10 if answers else 0
    if result.stopped_by == "memory":
        return 33
    if result.stopped_by in STOPPED:
        return 1 + found
    return found + (20 if result.complete else 0)
