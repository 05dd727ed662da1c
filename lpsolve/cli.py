"""The ``lpsolve`` command: subcommands that parse arguments and print results.

No puzzle logic lives here; it calls the library (``lpsolve.api``) and the kinds'
own renderers. Exit status: 0 solved, 1 no solution (``check``: not well-posed),
2 bad input or usage, 3 stopped by timeout or Ctrl-C, 4 the backends disagree
(``--cross-check``), 70 internal error.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from . import __version__, api, asp, mastermind_cli
from .crosscheck import CrossCheck, cross_check
from .errors import InternalError, LpsolveError, UsageError
from .kinds import KINDS, kind_spec
from .puzzle import Clue, Puzzle, Result
from .resources import encoding_text

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_STOPPED, EXIT_INTERNAL = 0, 1, 2, 3, 70
EXIT_DISAGREE = 4


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    # `grade STUDENT.lp --kind K FILE...`: argparse leaves files after an option unparsed
    trailing = getattr(args, "trailing_files", None)
    if rest and (trailing is None or any(arg.startswith("-") for arg in rest)):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if rest:
        trailing.extend(rest)
    logging.basicConfig(level=args.log.upper(), format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.run(args)
    except LpsolveError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InternalError as error:
        print(f"internal error (a bug in lpsolve, please report it): {error}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:  # outside the search (e.g. while grounding): nothing to keep
        print("interrupted", file=sys.stderr)
        return EXIT_STOPPED
    except BrokenPipeError:  # e.g. `lpsolve solve --all big | head`
        sys.stderr.close()
        return EXIT_SOLVED


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lpsolve",
        description="Solve logic puzzles declaratively with clingo (Answer Set Programming).",
    )
    parser.add_argument("--version", action="version", version=f"lpsolve {__version__}")
    parser.add_argument(
        "--log",
        default="warning",
        metavar="LEVEL",
        choices=["debug", "info", "warning", "error"],
        help="logging level for diagnostics on stderr (default: warning)",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = commands.add_parser(
        "solve",
        help="solve a puzzle file",
        description="Solve a puzzle; by default shows one solution "
        "and checks whether it is unique.",
    )
    _puzzle_arguments(solve, formats=("text", "json", "svg"))
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="enumerate every solution")
    how_many.add_argument(
        "--limit", type=_positive_int, metavar="N", help="enumerate at most N solutions"
    )
    solve.add_argument(
        "--count",
        action="store_true",
        help="count solutions (all, or up to --limit) without printing them",
    )
    solve.add_argument(
        "--merge-identical",
        action="store_true",
        help="tiling: solutions that differ only by swapping identical stones are one",
    )
    solve.add_argument(
        "--up-to-symmetry",
        action="store_true",
        help="tiling: also solutions that a colour-keeping rotation or reflection of the "
        "board maps onto each other are one",
    )
    solve.set_defaults(run=run_solve)

    check = commands.add_parser("check", help="is the puzzle well-posed (exactly one solution)?")
    _puzzle_arguments(check)
    check.set_defaults(run=run_check)

    facts = commands.add_parser("facts", help="print the ASP facts a puzzle becomes")
    facts.add_argument("file", metavar="FILE")
    facts.add_argument("--kind", choices=sorted(KINDS), help="puzzle kind (default: from file)")
    facts.set_defaults(run=run_facts)

    encoding = commands.add_parser("encoding", help="print a kind's ASP encoding")
    encoding.add_argument("kind", metavar="KIND", help=f"one of: {', '.join(KINDS)}")
    encoding.add_argument(
        "--lesson",
        action="store_true",
        help="the plain encoding graded against, where the solver's one adds speed-ups",
    )
    encoding.set_defaults(run=run_encoding)

    draw = commands.add_parser(
        "draw",
        help="draw a puzzle or its solution as SVG",
        description="Draw a puzzle (or, with --solve, its first solution) as an SVG picture.",
    )
    draw.add_argument("file", metavar="FILE", help="puzzle file (kind from its extension)")
    draw.add_argument("--kind", choices=sorted(KINDS), help="puzzle kind (default: from file)")
    draw.add_argument("--solve", action="store_true", help="draw the first solution")
    draw.add_argument(
        "-o", "--output", metavar="OUT", help="write the SVG to this file (default: stdout)"
    )
    draw.add_argument(
        "--timeout", type=_positive_float, metavar="S", help="with --solve: stop after S seconds"
    )
    draw.add_argument(
        "--backend",
        choices=list(api.BACKENDS),
        default="clingo",
        help="with --solve: search with clingo or python-constraint (default: clingo)",
    )
    draw.set_defaults(run=run_draw)

    bench = commands.add_parser("bench", help="measure solving speed on the bundled instances")
    bench.add_argument(
        "--repeat",
        type=_positive_int,
        default=5,
        metavar="N",
        help="runs per measurement; medians are reported (default: 5)",
    )
    bench.add_argument(
        "--random",
        action="store_true",
        help="also generate and solve random 20x20 and 30x30 king boards",
    )
    bench.add_argument("--seed", type=int, default=1, help="seed for --random (default: 1)")
    bench.set_defaults(run=run_bench)
    mastermind_cli.add_parser(commands)
    _grade_parsers(commands)
    return parser


def _puzzle_arguments(
    command: argparse.ArgumentParser, formats: Sequence[str] = ("text", "json")
) -> None:
    command.add_argument("file", metavar="FILE", help="puzzle file (kind from its extension)")
    command.add_argument("--kind", choices=sorted(KINDS), help="puzzle kind (default: from file)")
    command.add_argument(
        "--format", choices=list(formats), default="text", help="output format (default: text)"
    )
    command.add_argument(
        "--timeout",
        type=_positive_float,
        metavar="S",
        help="stop searching after S seconds (keeps what was found)",
    )
    command.add_argument(
        "--stats", action="store_true", help="show atoms, rules, choices, conflicts and timings"
    )
    command.add_argument(
        "--backend",
        choices=list(api.BACKENDS),
        default="clingo",
        help="search with clingo (ASP) or python-constraint (csp) (default: clingo)",
    )
    command.add_argument(
        "--cross-check",
        action="store_true",
        help="solve with both backends and compare their solutions (exit 4 if they differ)",
    )
    command.add_argument(
        "--explain",
        action="store_true",
        help="no solution: name a minimal set of conflicting givens; several: where the "
        "solutions differ and an extra given that makes the solution unique",
    )


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text}")
    return value


# -- solve and check ---------------------------------------------------------------


def run_solve(args: argparse.Namespace) -> int:
    puzzle = _solution_classes(api.load(args.file, args.kind), args)
    out = sys.stdout
    if args.format == "svg":
        return _solve_svg(args, puzzle)
    if args.cross_check:
        return _solve_cross_checked(args, puzzle)
    started = time.perf_counter()
    if args.count:
        result = _count_with_progress(puzzle, args.timeout, args.limit, args.backend)
    else:
        limit = None if args.all else args.limit or 2
        shown = 0
        show_all = args.all or args.limit is not None

        def print_solution(solution: Any) -> None:
            nonlocal shown
            if args.format != "text" or (shown >= 1 and not show_all):
                return
            if show_all:
                out.write(f"Solution {shown + 1}:\n")
            out.write(puzzle.render(solution) + "\n\n")
            out.flush()
            shown += 1

        result = api.solve(
            puzzle, limit, timeout=args.timeout, on_solution=print_solution, backend=args.backend
        )
    elapsed = time.perf_counter() - started
    lines, explained, _ = _explanation(args, result)
    if args.format == "json":
        _print_json(result, elapsed, args.stats, out, **explained)
    else:
        out.write(
            solve_summary(
                result, elapsed, listing=args.all or args.limit is not None, counting=args.count
            )
            + "\n"
        )
        if args.stats:
            out.write(stats_line(result) + "\n")
        out.write("".join(line + "\n" for line in lines))
    return exit_status(result)


#: seconds ``--explain`` may search when no ``--timeout`` is given
EXPLAIN_SECONDS = 60.0


def _explanation(
    args: argparse.Namespace, result: Result
) -> tuple[list[str], dict[str, Any], Sequence[Clue]]:
    """``--explain``: text lines, JSON keys and the conflicting givens (for pictures) for
    a search that found no solution (a minimal conflict) or several (where they differ,
    an extra given)."""
    if not args.explain or result.stopped_by in ("timeout", "interrupt") or result.count == 1:
        return [], {}, ()
    from .explain import explain_ambiguity, explain_conflict

    budget = args.timeout or EXPLAIN_SECONDS
    try:
        found = (explain_conflict if result.count == 0 else explain_ambiguity)(
            result.puzzle, budget
        )
    except LpsolveError as error:
        return [f"explanation unavailable: {error}"], {}, ()
    if found is None:
        return [], {}, ()
    return found.lines(), found.as_json(), getattr(found, "clues", ())


def _solution_classes(puzzle: Puzzle, args: argparse.Namespace) -> Puzzle:
    """``--merge-identical`` / ``--up-to-symmetry``: the kind's variant that counts
    classes of solutions (only kinds with a ``classes`` method have one)."""
    if not (args.merge_identical or args.up_to_symmetry):
        return puzzle
    classes = getattr(puzzle, "classes", None)
    if classes is None:
        raise UsageError(
            f"--merge-identical and --up-to-symmetry apply to tiling puzzles, not {puzzle.kind}"
        )
    return classes(args.merge_identical, args.up_to_symmetry)


def run_check(args: argparse.Namespace) -> int:
    puzzle = api.load(args.file, args.kind)
    started = time.perf_counter()
    checked: CrossCheck | None = None
    if args.cross_check:
        checked = cross_check(puzzle, 2, args.timeout)
        result = checked.results[args.backend]
    else:
        result = api.solve(puzzle, 2, timeout=args.timeout, backend=args.backend)
    elapsed = time.perf_counter() - started
    lines, explained, _ = _explanation(args, result)
    if args.format == "json":
        extra: dict[str, Any] = {"well_posed": result.unique is True, **explained}
        if checked is not None:
            extra["cross_check"] = checked.as_json()
        _print_json(result, elapsed, args.stats, sys.stdout, **extra)
    else:
        print(check_summary(result, elapsed))
        if args.stats:
            print(stats_line(result))
        if checked is not None:
            print(checked.summary())
        for line in lines:
            print(line)
    if checked is not None and not checked.agree:
        return EXIT_DISAGREE
    if result.stopped_by in ("timeout", "interrupt") or (checked is not None and checked.stopped):
        return EXIT_STOPPED
    return EXIT_SOLVED if result.unique else EXIT_NO_SOLUTION


def _solve_cross_checked(args: argparse.Namespace, puzzle: Puzzle) -> int:
    """``solve --cross-check``: the ``--backend`` side is shown as usual (its solutions
    that pass the checker), then the comparison; exit 4 if the backends disagree."""
    listing = args.all or args.limit is not None
    limit = None if args.all or (args.count and args.limit is None) else args.limit or 2
    started = time.perf_counter()
    checked = cross_check(puzzle, limit, args.timeout)
    elapsed = time.perf_counter() - started
    result = checked.results[args.backend]
    if args.format == "json":
        _print_json(result, elapsed, args.stats, sys.stdout, cross_check=checked.as_json())
    else:
        if not args.count:
            valid = [s for s in result.solutions if not puzzle.violations(s)]
            for number, solution in enumerate(valid if listing else valid[:1], start=1):
                heading = f"Solution {number}:\n" if listing else ""
                sys.stdout.write(heading + puzzle.render(solution) + "\n\n")
        print(solve_summary(result, elapsed, listing=listing, counting=args.count))
        if args.stats:
            print(stats_line(result))
        print(checked.summary())
    if not checked.agree:
        return EXIT_DISAGREE
    return EXIT_STOPPED if checked.stopped else exit_status(result)


def _count_with_progress(
    puzzle: Puzzle, timeout: float | None, limit: int | None, backend: str = "clingo"
) -> Result:
    if limit is not None:  # counting up to a limit: plain solve, solutions not kept long
        return api.solve(puzzle, limit, timeout=timeout, backend=backend)
    if not sys.stderr.isatty():
        return api.count(puzzle, timeout=timeout, backend=backend)
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn("{task.completed:,} solutions"), TimeElapsedColumn())
    with Progress(*columns, transient=True, console=_stderr_console()) as progress:
        task = progress.add_task("counting", total=None)
        step = 0

        def on_progress(found: int) -> None:
            nonlocal step
            step += 1
            if step >= 1000:  # updating the display per model would cost more than the search
                step = 0
                progress.update(task, completed=found)

        return api.count(puzzle, timeout=timeout, on_progress=on_progress, backend=backend)


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def solve_summary(result: Result, seconds: float, *, listing: bool, counting: bool) -> str:
    """One line: how many solutions, whether the search was complete, unique or not, time."""
    time_text = f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
    n = result.count
    if result.stopped_by in ("timeout", "interrupt"):
        reason = "timeout" if result.stopped_by == "timeout" else "interrupt"
        head = "no solution found yet" if n == 0 else f"{_plural(n, 'solution')} found"
        return f"{head}; stopped by {reason}, search incomplete ({time_text})"
    if n == 0:
        reasons = "".join(f"\n  {reason}" for reason in result.puzzle.diagnose())
        return f"no solution (search complete) ({time_text}){reasons}"
    if result.complete:
        uniqueness = "unique" if n == 1 else "not unique"
        return f"{_plural(n, 'solution')}, search complete: {uniqueness} ({time_text})"
    if not listing and not counting:  # default run: one shown, a second one found
        return f"not unique: at least 2 solutions (one shown; --all lists them) ({time_text})"
    tail = "not unique" if n >= 2 else "uniqueness not checked"
    return f"{_plural(n, 'solution')}, stopped at the limit: {tail} ({time_text})"


def check_summary(result: Result, seconds: float) -> str:
    time_text = f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
    if result.stopped_by in ("timeout", "interrupt"):
        return f"unknown: stopped by {result.stopped_by} ({time_text})"
    if result.unique:
        return f"well-posed: exactly one solution ({time_text})"
    if result.count == 0:
        reasons = "".join(f"\n  {reason}" for reason in result.puzzle.diagnose())
        return f"not well-posed: no solution ({time_text}){reasons}"
    return f"not well-posed: several solutions (at least 2) ({time_text})"


def stats_line(result: Result) -> str:
    s = result.stats
    if result.backend == "csp":  # its figures: the model's size, values tried and rejected
        return (
            f"stats: variables={s.variables:,} constraints={s.constraints:,} "
            f"choices={s.choices:,} conflicts={s.conflicts:,} "
            f"build={s.ground_seconds * 1000:.1f} ms solve={s.solve_seconds * 1000:.1f} ms"
        )
    return (
        f"stats: atoms={s.atoms:,} rules={s.rules:,} choices={s.choices:,} "
        f"conflicts={s.conflicts:,} ground={s.ground_seconds * 1000:.1f} ms "
        f"solve={s.solve_seconds * 1000:.1f} ms"
    )


def result_json(result: Result, seconds: float, with_stats: bool) -> dict[str, Any]:
    """The documented JSON schema (see README, "JSON output")."""
    puzzle = result.puzzle
    data: dict[str, Any] = {
        "kind": puzzle.kind,
        "source": puzzle.source,
        "backend": result.backend,
        "status": result.status.value,
        "count": result.count,
        "complete": result.complete,
        "unique": result.unique,
        "solutions": [puzzle.solution_json(s) for s in result.solutions],
        "timings": {
            "ground_seconds": round(result.stats.ground_seconds, 6),
            "solve_seconds": round(result.stats.solve_seconds, 6),
            "total_seconds": round(seconds, 6),
        },
    }
    if with_stats:
        data["stats"] = result.stats.as_dict()
    return data


def _print_json(
    result: Result, seconds: float, with_stats: bool, out: TextIO, **extra: Any
) -> None:
    data = result_json(result, seconds, with_stats)
    data.update(extra)
    out.write(compact_json(data) + "\n")


_INNERMOST_LIST = re.compile(r"\[\s+([^\[\]{}]*?)\s+\]")


def compact_json(data: Any) -> str:
    """Indented JSON with innermost lists on one line (``[3, 4, 17]``), for people."""
    text = json.dumps(data, indent=2)
    return _INNERMOST_LIST.sub(lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)


def exit_status(result: Result) -> int:
    if result.stopped_by in ("timeout", "interrupt"):
        return EXIT_STOPPED
    return EXIT_SOLVED if result.count > 0 else EXIT_NO_SOLUTION


# -- pictures (SVG) ----------------------------------------------------------------------


def _solve_svg(args: argparse.Namespace, puzzle: Puzzle) -> int:
    """``solve --format svg``: one picture on stdout (the first solution, or the puzzle
    if there is none); the summary line goes to stderr so stdout stays a valid SVG."""
    for flag, given in (
        ("--all", args.all),
        ("--limit", args.limit is not None),
        ("--count", args.count),
        ("--cross-check", args.cross_check),
    ):
        if given:
            raise UsageError(
                f"--format svg draws one picture (the first solution) and cannot be used with "
                f"{flag}; use --format text or json to list solutions"
            )
    started = time.perf_counter()
    result = api.solve(puzzle, 2, timeout=args.timeout, backend=args.backend)
    elapsed = time.perf_counter() - started
    solution = result.solutions[0] if result.solutions else None
    lines, _, conflict = _explanation(args, result)
    write_svg(puzzle.svg(solution, conflict=conflict), None)
    print(solve_summary(result, elapsed, listing=False, counting=False), file=sys.stderr)
    if args.stats:
        print(stats_line(result), file=sys.stderr)
    for line in lines:
        print(line, file=sys.stderr)
    return exit_status(result)


def run_draw(args: argparse.Namespace) -> int:
    """``draw``: the puzzle, or with ``--solve`` its first solution (the puzzle, and
    exit 1, when there is none)."""
    puzzle = api.load(args.file, args.kind)
    if not args.solve:
        write_svg(puzzle.svg(), args.output)
        return EXIT_SOLVED
    started = time.perf_counter()
    result = api.solve(puzzle, 1, timeout=args.timeout, backend=args.backend)
    elapsed = time.perf_counter() - started
    solution = result.solutions[0] if result.solutions else None
    write_svg(puzzle.svg(solution), args.output)
    if solution is None:
        print(solve_summary(result, elapsed, listing=False, counting=False), file=sys.stderr)
    return exit_status(result)


def write_svg(svg: str, output: str | None) -> None:
    """The picture to ``output`` (a file) or stdout; a file that cannot be written is a
    usage error (exit 2, one line)."""
    text = svg if svg.endswith("\n") else svg + "\n"
    if output is None:
        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise UsageError(f"{output}: cannot write the picture: {reason}") from None


# -- facts, encoding, bench ------------------------------------------------------------


def run_facts(args: argparse.Namespace) -> int:
    puzzle = api.load(args.file, args.kind)
    print(f"% {puzzle.source}: input facts for encodings/{puzzle.encoding}")
    sys.stdout.write(asp.facts_program(puzzle.facts()))
    return EXIT_SOLVED


def run_encoding(args: argparse.Namespace) -> int:
    spec = kind_spec(args.kind)
    sys.stdout.write(encoding_text(spec.reference_encoding if args.lesson else spec.encoding))
    return EXIT_SOLVED


def run_bench(args: argparse.Namespace) -> int:
    from . import bench

    bench.run(repeat=args.repeat, random_boards=args.random, seed=args.seed)
    return EXIT_SOLVED


# -- grade and run ---------------------------------------------------------------------


def _grade_parsers(commands: Any) -> None:
    grade = commands.add_parser(
        "grade",
        help="grade a student's encoding against a kind's reference encoding",
        description="Run a student's encoding on puzzles of a kind (default: the bundled "
        "ones) and compare its answers with the reference encoding's. Exit 0: all correct; "
        "1: some answer wrong, missing or duplicated, or a search too slow; 2: bad input.",
    )
    grade.add_argument("program", metavar="STUDENT.lp", help="the encoding to grade")
    grade.add_argument("instances", nargs="*", metavar="INSTANCE", help="puzzle files")
    grade.add_argument("--kind", required=True, choices=sorted(KINDS), help="puzzle kind")
    grade.add_argument(
        "--time-limit",
        type=_positive_float,
        default=10.0,
        metavar="S",
        help="seconds per instance and program (default: 10)",
    )
    grade.add_argument(
        "--max-solutions",
        type=_positive_int,
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
    how_many.add_argument("--limit", type=_positive_int, metavar="N", help="at most N answers")
    how_many.add_argument("--count", action="store_true", help="only count the answer sets")
    run.add_argument("--atoms", action="store_true", help="print atoms, not drawn boards")
    run.add_argument("--timeout", type=_positive_float, metavar="S", help="stop after S seconds")
    run.add_argument(
        "--allow-scripts", action="store_true", help="run a program containing #script"
    )
    run.set_defaults(run=run_run, trailing_files=[])


def run_grade(args: argparse.Namespace) -> int:
    from . import grade

    result = grade.grade(
        args.program,
        args.kind,
        [*args.instances, *args.trailing_files],
        time_limit=args.time_limit,
        max_solutions=args.max_solutions,
        allow_scripts=args.allow_scripts,
    )
    if args.format == "json":
        print(compact_json(result.as_json()))
    else:
        print("\n".join(grade.report_lines(result)))
    return EXIT_SOLVED if result.passed else EXIT_NO_SOLUTION


def run_run(args: argparse.Namespace) -> int:
    from . import grade

    result, puzzle = grade.run_program(
        [*args.files, *args.trailing_files],
        kind=args.kind,
        limit=args.limit,
        timeout=args.timeout,
        allow_scripts=args.allow_scripts,
    )
    for message in dict.fromkeys(result.messages):
        print(f"clingo: {message}", file=sys.stderr)
    if not args.count:
        for number, answer in enumerate(result.answers, start=1):
            print(f"Answer {number}:\n{grade.answer_text(answer, puzzle, args.atoms)}")
    n = len(result.answers)
    if result.stopped_by == "timeout":
        state = "stopped by timeout, search incomplete"
    else:
        state = "search complete" if result.complete else "stopped at the limit"
    print(f"{n:,} answer set{'' if n == 1 else 's'} ({state})")
    if result.stopped_by == "timeout":
        return EXIT_STOPPED
    return EXIT_SOLVED if n else EXIT_NO_SOLUTION
