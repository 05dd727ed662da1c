"""The puzzle commands: solve, check, draw, facts, encoding, bench.

Each search runs as a supervised job (``lpsolve.supervised``): ``--timeout`` covers
reading, grounding and search, ``--memory-limit`` caps memory, Ctrl-C stops at once;
solutions found before a stop are kept and printed (exit 3).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .. import api, supervised
from ..errors import UsageError
from ..jobs import Outcome
from ..kinds import KINDS, kind_spec
from ..kinds.registry import registry
from ..puzzle import STOP_STATUS, Capability, Kind, Puzzle, Result
from ..resources import encoding_text
from ..service import Answer, Explanation, Question, Request, ask, explanation_followup, verdict
from .common import (
    EXIT_DISAGREE,
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    SCHEMA_VERSION,
    Activity,
    compact_json,
    job_limits,
    kind_argument,
    limit_arguments,
    positive_int,
    stderr_console,
    whole_number,
)

if TYPE_CHECKING:  # --cross-check imports python-constraint, only when asked for
    from ..crosscheck import CrossCheck


#: the help of a command's puzzle FILE
FILE_HELP = (
    "puzzle file (kind from its extension), - for standard input, a bundled instance, or a "
    "puzz.link link"
)


def add_parsers(commands: Any) -> None:
    """Add the puzzle commands to ``lpsolve``'s subparsers."""
    solve = commands.add_parser(
        "solve",
        help="solve a puzzle file",
        description="Solve a puzzle; by default shows one solution "
        "and checks whether it is unique.",
    )
    _puzzle_arguments(solve, formats=("text", "json", "svg", "janko", "puzzlink"))
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="enumerate every solution")
    how_many.add_argument(
        "--limit", type=positive_int, metavar="N", help="enumerate at most N solutions"
    )
    solve.add_argument(
        "--count",
        action="store_true",
        help="count solutions (all, or up to --limit) without printing them",
    )
    for kind in KINDS.values():  # e.g. counting classes of solutions
        for option in kind.solve_options:
            solve.add_argument(
                f"--{option.name}", action="store_true", help=f"{kind.name}: {option.help}"
            )
    solve.set_defaults(run=run_solve)

    schema = commands.add_parser(
        "schema", help="print the JSON Schema that every --format json answer follows"
    )
    schema.set_defaults(run=run_schema)

    check = commands.add_parser("check", help="is the puzzle well-posed (exactly one solution)?")
    _puzzle_arguments(check)
    check.set_defaults(run=run_check)

    facts = commands.add_parser("facts", help="print the ASP facts a puzzle becomes")
    facts.add_argument("file", metavar="FILE", help=FILE_HELP)
    kind_argument(facts)
    facts.set_defaults(run=run_facts)

    encoding = commands.add_parser("encoding", help="print a kind's ASP encoding")
    encoding.add_argument("kind", metavar="KIND", help="the kind's name")
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
    draw.add_argument("file", metavar="FILE", help=FILE_HELP)
    kind_argument(draw)
    draw.add_argument("--solve", action="store_true", help="draw the first solution")
    draw.add_argument(
        "-o", "--output", metavar="OUT", help="write the SVG to this file (default: stdout)"
    )
    limit_arguments(draw)
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
        type=positive_int,
        default=5,
        metavar="N",
        help="runs per measurement; medians are reported (default: 5)",
    )
    bench.add_argument(
        "--random",
        action="store_true",
        help="also generate and solve random 20x20 and 30x30 king boards",
    )
    bench.add_argument(
        "--seed", type=whole_number, default=1, help="seed for --random (default: 1)"
    )
    bench.set_defaults(run=run_bench)


def _puzzle_arguments(
    command: argparse.ArgumentParser, formats: Sequence[str] = ("text", "json")
) -> None:
    command.add_argument("file", metavar="FILE", help=FILE_HELP)
    kind_argument(command)
    command.add_argument(
        "--format", choices=list(formats), default="text", help="output format (default: text)"
    )
    limit_arguments(command)
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


# -- solve and check ---------------------------------------------------------------


def run_solve(args: argparse.Namespace) -> int:
    if args.format == "puzzlink":
        return _solve_puzzlink(args)
    if args.format == "svg":
        return _solve_svg(args)
    if args.format == "janko":
        return _solve_janko(args)
    if args.cross_check:
        return _solve_cross_checked(args)
    if args.count:
        answer = _count_with_progress(args)
    else:
        out = sys.stdout
        shown = 0
        show_all = args.all or args.limit is not None

        def print_solution(solution: Any) -> None:
            nonlocal shown
            if args.format != "text" or (shown >= 1 and not show_all):
                return
            if show_all:
                out.write(f"Solution {shown + 1}:\n")
            assert solved_puzzle is not None
            out.write(solved_puzzle.render(solution) + "\n\n")
            out.flush()
            shown += 1

        solved_puzzle: Puzzle | None = None

        def keep_puzzle(puzzle: Puzzle) -> None:
            nonlocal solved_puzzle
            solved_puzzle = puzzle

        answer = _search(
            args,
            _question(args),
            limit=None if args.all else args.limit or 2,
            prepare=_classes_of(args),
            explain=args.explain,
            on_puzzle=keep_puzzle,
            on_solution=print_solution,
        )
    result = answer.result
    if result is None:
        return _stopped_before_search(args, answer.solved.outcome)
    explanation = answer.explanation
    if args.format == "json":
        explained = {} if explanation is None else explanation.json
        _print_json(result, answer.seconds, args.stats, sys.stdout, **explained)
    else:
        sys.stdout.write(answer.verdict() + "\n")
        if args.stats:
            sys.stdout.write(stats_line(result) + "\n")
        sys.stdout.write("".join(line + "\n" for line in answer.explanation_lines))
    _report_memory_stop(answer.solved.outcome)
    return exit_status(result)


def _question(args: argparse.Namespace) -> Question:
    """What ``solve``'s options ask of the puzzle."""
    if args.count:
        return Question.COUNT
    return Question.LIST if args.all or args.limit is not None else Question.SOLVE


def _stopped_before_search(
    args: argparse.Namespace, outcome: Outcome[Any], phase: str = "while reading the puzzle"
) -> int:
    """A job stopped before it had a result to show (e.g. a huge file and a short
    timeout): one line saying so, and a JSON answer with ``--format json``."""
    if getattr(args, "format", "text") == "json":
        data = {"source": args.file, **stopped_json(outcome)}
        sys.stdout.write(compact_json(data) + "\n")
    print(f"{args.file}: {outcome.stop_message()} {phase}", file=sys.stderr)
    return EXIT_STOPPED


def stopped_json(outcome: Outcome[Any]) -> dict[str, Any]:
    """The JSON answer of a job stopped before the puzzle was read (schema:
    ``stopped_before_reading``): nothing found, no kind yet."""
    stop = outcome.stopped_by or "interrupt"
    return {
        "schema": SCHEMA_VERSION,
        "status": STOP_STATUS[stop].value,
        "stopped_by": stop,
        "complete": False,
        "count": 0,
        "solutions": [],
        "seconds": round(outcome.seconds, 6),
        "timings": {"total_seconds": round(outcome.seconds, 6)},
    }


def _report_memory_stop(outcome: Outcome[Any]) -> None:
    if outcome.stopped_by == "memory":
        print(f"{outcome.stop_message()}: give --memory-limit to change it", file=sys.stderr)


def _classes_of(args: argparse.Namespace) -> Callable[[Puzzle], Puzzle] | None:
    """The kinds' ``solve`` options given (``--up-to-symmetry``): the puzzle's
    variant that counts classes of solutions (:attr:`Capability.CLASSES`)."""
    chosen = [
        option.name
        for kind in KINDS.values()
        for option in kind.solve_options
        if getattr(args, option.name.replace("-", "_"), False)
    ]
    if not chosen:
        return None

    def classes_of(puzzle: Puzzle) -> Puzzle:
        doing = " and ".join(f"--{name}" for name in chosen)
        puzzle.require(Capability.CLASSES, doing)
        return puzzle.classes(chosen)

    return classes_of


def _search(args: argparse.Namespace, question: Question, **options: Any) -> Answer:
    """The command's puzzle file asked of the solve service: searched in a supervised
    job under its limits (``--timeout`` counted from the command's start,
    ``--memory-limit``), what it does shown on a terminal as it goes
    (:class:`Activity`). ``options``: the :class:`Request`'s fields and ``ask``'s
    callbacks."""
    name = "<stdin>" if args.file == "-" else args.file
    with Activity(f"{args.command} {name}", args.started) as activity:
        found = 0
        on_solution = options.pop("on_solution", None)
        on_progress = options.pop("on_progress", None)
        on_puzzle = options.pop("on_puzzle", None)
        activity.enabled &= on_progress is None  # a count shows its own progress bar

        def puzzle_read(puzzle: Puzzle) -> None:
            activity.say("searching")
            if on_puzzle is not None:
                on_puzzle(puzzle)

        def solution_found(solution: Any) -> None:
            nonlocal found
            found += 1
            activity.say(f"{found:,} found, searching on")
            if on_solution is not None:
                on_solution(solution)

        def stage(name: str) -> None:
            activity.say("explaining" if getattr(args, "explain", False) else "after the search")

        request = Request(
            args.file,
            args.kind,
            question,
            backend=args.backend,
            limits=job_limits(args),
            start=args.started,
            **options,
        )
        return ask(
            request,
            on_puzzle=puzzle_read,
            on_solution=solution_found,
            on_progress=on_progress,
            on_stage=stage,
            on_wait=activity.tick,
        )


def run_check(args: argparse.Namespace) -> int:
    if args.cross_check:
        return _check_cross_checked(args)
    answer = _search(args, Question.CHECK, limit=2, explain=args.explain)
    result = answer.result
    if result is None:
        return _stopped_before_search(args, answer.solved.outcome)
    if args.format == "json":
        explained = {} if answer.explanation is None else answer.explanation.json
        extra: dict[str, Any] = {"well_posed": result.unique is True, **explained}
        _print_json(result, answer.seconds, args.stats, sys.stdout, **extra)
    else:
        print(answer.verdict())
        for note in result.puzzle.notes():
            print(note)
        if args.stats:
            print(stats_line(result))
        for line in answer.explanation_lines:
            print(line)
    _report_memory_stop(answer.solved.outcome)
    if result.stopped:
        return EXIT_STOPPED
    return EXIT_SOLVED if result.unique else EXIT_NO_SOLUTION


def _cross_checked(
    args: argparse.Namespace, limit: int | None, followup: supervised.Followup | None = None
) -> Outcome[tuple[CrossCheck, Any, list[str]]]:
    """Both backends on the file, in one supervised job under the command's deadline, then
    ``followup`` on the ``--backend`` side's result with the time left; also the kind's
    diagnosis when that side proved there is no solution."""
    start = args.started
    limits = job_limits(args)
    deadline = limits.deadline(start)
    prepare = _classes_of(args)

    # imported here, before the job forks (python-constraint takes 27 ms to import):
    # the job's deadline is for the search
    from ..crosscheck import cross_check

    def job() -> tuple[CrossCheck, Any, list[str]]:
        puzzle = api.load(args.file, args.kind)
        if args.backend == "csp":  # a kind cross-checked with its second model has none
            puzzle.require(Capability.CSP, "the csp backend")
        if prepare is not None:
            puzzle = prepare(puzzle)
        end = None if deadline is None else deadline - supervised.MARGIN_SECONDS
        checked = cross_check(puzzle, limit, deadline=end)
        result = checked.results[args.backend]
        none = result.count == 0 and result.complete
        diagnosis = api.diagnose(puzzle) if none else []
        if followup is None:
            return checked, None, diagnosis
        return checked, followup(puzzle, result, supervised.remaining(deadline)), diagnosis

    outcome = supervised.call(job, limits, start=start)
    if outcome.value is not None and outcome.stopped_by is not None:
        for result in outcome.value[0].results.values():  # name the real reason
            if result.stopped_by == "interrupt":
                result.stopped_by = outcome.stopped_by
    return outcome


def _check_cross_checked(args: argparse.Namespace) -> int:
    followup = explanation_followup() if args.explain else None
    outcome = _cross_checked(args, 2, followup)
    if outcome.value is None:
        return _stopped_before_search(args, outcome, "before both backends finished")
    checked, followed, diagnosis = outcome.value
    result = checked.results[args.backend]
    explanation: Explanation | None = followed[0] if followed is not None else None
    lines = [] if explanation is None else explanation.lines
    explained = {} if explanation is None else explanation.json
    if args.format == "json":
        extra: dict[str, Any] = {
            "well_posed": result.unique is True,
            "cross_check": checked.as_json(),
            **explained,
        }
        _print_json(result, outcome.seconds, args.stats, sys.stdout, **extra)
    else:
        print(verdict(result, outcome.seconds, Question.CHECK, reasons=diagnosis))
        if args.stats:
            print(stats_line(result))
        print(checked.summary())
        for line in lines:
            print(line)
    if not checked.agree:
        return EXIT_DISAGREE
    if checked.stopped:
        return EXIT_STOPPED
    return EXIT_SOLVED if result.unique else EXIT_NO_SOLUTION


def _solve_cross_checked(args: argparse.Namespace) -> int:
    """``solve --cross-check``: the ``--backend`` side is shown as usual (its solutions
    that pass the checker), then the comparison; exit 4 if the backends disagree."""
    listing = args.all or args.limit is not None
    limit = None if args.all or (args.count and args.limit is None) else args.limit or 2
    outcome = _cross_checked(args, limit)
    if outcome.value is None:
        return _stopped_before_search(args, outcome, "before both backends finished")
    checked, _, diagnosis = outcome.value
    elapsed = outcome.seconds
    result = checked.results[args.backend]
    puzzle = checked.puzzle
    if args.format == "json":
        _print_json(result, elapsed, args.stats, sys.stdout, cross_check=checked.as_json())
    else:
        if not args.count:
            valid = [s for s in result.solutions if not puzzle.violations(s)]
            for number, solution in enumerate(valid if listing else valid[:1], start=1):
                heading = f"Solution {number}:\n" if listing else ""
                sys.stdout.write(heading + puzzle.render(solution) + "\n\n")
        print(verdict(result, elapsed, _question(args), reasons=diagnosis))
        if args.stats:
            print(stats_line(result))
        print(checked.summary())
    if not checked.agree:
        return EXIT_DISAGREE
    return EXIT_STOPPED if checked.stopped else exit_status(result)


class _CountProgress:
    """A spinner with the running count on stderr, started at the first count (after
    the job's child process exists: rich's refresh thread must not be forked)."""

    def __init__(self) -> None:
        self.progress: Any = None
        self.task: Any = None

    def __call__(self, found: int) -> None:
        if self.progress is None:
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            columns = (
                SpinnerColumn(),
                TextColumn("{task.completed:,} solutions"),
                TimeElapsedColumn(),
            )
            self.progress = Progress(*columns, transient=True, console=stderr_console())
            self.progress.start()
            self.task = self.progress.add_task("counting", total=None)
        self.progress.update(self.task, completed=found)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def _count_with_progress(args: argparse.Namespace) -> Answer:
    """``--count``: all solutions counted without building them (up to ``--limit``:
    enumerated, not kept long), with a spinner when stderr is a terminal."""
    show = _CountProgress() if sys.stderr.isatty() and args.limit is None else None
    try:
        return _search(
            args,
            Question.COUNT,
            limit=args.limit,
            prepare=_classes_of(args),
            explain=args.explain,
            on_progress=show,
        )
    finally:
        if show is not None:
            show.close()


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
    """The documented JSON schema (see docs/commands.md, "JSON output")."""
    puzzle = result.puzzle
    data: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "kind": puzzle.kind,
        "source": puzzle.source,
        "backend": result.backend,
        "status": result.status.value,
        "stopped_by": result.stopped_by,
        "count": result.count,
        "complete": result.complete,
        "unique": result.unique,
        "solutions": [puzzle.solution_json(s) for s in result.solutions],
        "seconds": round(seconds, 6),
        "timings": {
            "ground_seconds": round(result.stats.ground_seconds, 6),
            "solve_seconds": round(result.stats.solve_seconds, 6),
            "total_seconds": round(seconds, 6),
        },
    }
    if with_stats:
        data["stats"] = result.stats.as_dict(result.backend)
    return data


def _print_json(
    result: Result, seconds: float, with_stats: bool, out: TextIO, **extra: Any
) -> None:
    data = result_json(result, seconds, with_stats)
    data.update(extra)
    out.write(compact_json(data) + "\n")


def exit_status(result: Result) -> int:
    if result.stopped:
        return EXIT_STOPPED
    return EXIT_SOLVED if result.count > 0 else EXIT_NO_SOLUTION


# -- janko's grid layout -------------------------------------------------------------------


def _janko_layout(puzzle: Puzzle) -> Puzzle:
    """In the job, before searching: the kind must have janko's layout."""
    puzzle.require(Capability.JANKO, "--format janko")
    puzzle.janko_rows()  # refuses boards it cannot hold
    return puzzle


def _solve_janko(args: argparse.Namespace) -> int:
    """``solve --format janko``: each solution found (by default the search looks for
    two, so a second grid means "not unique"; ``--all``, ``--limit N``: as many), a
    blank line between, in janko's layout on stdout; the summary line on stderr."""
    for flag, given in (
        ("--count", args.count),
        ("--cross-check", args.cross_check),
        ("--explain", args.explain),
    ):
        if given:
            raise UsageError(f"--format janko prints solutions: {flag} cannot be combined")
    shown = 0
    seen: list[Puzzle] = []

    def print_solution(solution: Any) -> None:
        nonlocal shown
        text = seen[0].janko_text(solution)
        sys.stdout.write(("\n" if shown else "") + text + "\n")
        sys.stdout.flush()
        shown += 1

    answer = _search(
        args,
        _question(args),
        limit=None if args.all else args.limit or 2,
        prepare=_janko_layout,
        on_puzzle=seen.append,
        on_solution=print_solution,
    )
    if answer.result is None:
        return _stopped_before_search(args, answer.solved.outcome)
    print(answer.verdict(), file=sys.stderr)
    _report_memory_stop(answer.solved.outcome)
    return exit_status(answer.result)


# -- puzz.link links ----------------------------------------------------------------------


def _solve_puzzlink(args: argparse.Namespace) -> int:
    """``solve --format puzzlink``: the puzzle as a puzz.link link on stdout. A link
    holds a puzzle, not its solutions, so nothing is solved."""
    for flag, given in (
        ("--count", args.count),
        ("--cross-check", args.cross_check),
        ("--explain", args.explain),
        ("--all", args.all),
        ("--limit", args.limit is not None),
    ):
        if given:
            raise UsageError(
                f"--format puzzlink prints the puzzle as a link: {flag} cannot be combined"
            )
    puzzle = api.load(args.file, args.kind)
    puzzle.require(Capability.URL, "--format puzzlink")
    print(puzzle.to_url())
    return EXIT_SOLVED


# -- pictures (SVG) ----------------------------------------------------------------------


def _solve_svg(args: argparse.Namespace) -> int:
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
    answer = _search(args, Question.SOLVE, limit=2, prepare=_classes_of(args), explain=args.explain)
    result, puzzle = answer.result, answer.solved.puzzle
    if result is None or puzzle is None:
        return _stopped_before_search(args, answer.solved.outcome)
    solution = result.solutions[0] if result.solutions else None
    conflict = () if answer.explanation is None else answer.explanation.conflict
    write_svg(puzzle.svg(solution, conflict=conflict), None)
    print(answer.verdict(), file=sys.stderr)
    if args.stats:
        print(stats_line(result), file=sys.stderr)
    for line in answer.explanation_lines:
        print(line, file=sys.stderr)
    _report_memory_stop(answer.solved.outcome)
    return exit_status(result)


def run_draw(args: argparse.Namespace) -> int:
    """``draw``: the puzzle, or with ``--solve`` its first solution (the puzzle, and
    exit 1, when there is none)."""
    if not args.solve:
        puzzle = api.load(args.file, args.kind)
        write_svg(puzzle.svg(), args.output)
        return EXIT_SOLVED
    answer = _search(args, Question.SOLVE, limit=1)
    result, puzzle = answer.result, answer.solved.puzzle
    if result is None or puzzle is None:
        return _stopped_before_search(args, answer.solved.outcome)
    solution = result.solutions[0] if result.solutions else None
    write_svg(puzzle.svg(solution), args.output)
    if solution is None:
        print(answer.verdict(), file=sys.stderr)
    _report_memory_stop(answer.solved.outcome)
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


def run_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(schema_text(registry().kinds()))
    return EXIT_SOLVED


def schema_text(kinds: Sequence[Kind]) -> str:
    """``lpsolve/schema.json`` with what the registry knows filled in: the kinds'
    names (``$defs/kind``) and how each writes a given in JSON (``$defs/given``)."""
    import json
    from importlib.resources import files

    schema = json.loads((files("lpsolve") / "schema.json").read_text(encoding="utf-8"))
    schema["$defs"]["kind"]["enum"] = [kind.name for kind in kinds]
    given = schema["$defs"]["given"]
    forms = ", ".join(f"{kind.name} {kind.clue_json}" for kind in kinds if kind.clue_json)
    given["description"] = given["description"].replace(
        " (lpsolve schema adds each kind's form here)", f": {forms}"
    )
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def run_facts(args: argparse.Namespace) -> int:
    puzzle = api.load(args.file, args.kind)
    from ..sandbox import comment_safe  # the only use here: not imported at start-up

    # the file name is the user's text: one comment line whatever it holds; an
    # encoding given by its path is a declared kind's (or a plugin's), named so
    where = puzzle.encoding if os.path.isabs(puzzle.encoding) else f"encodings/{puzzle.encoding}"
    print(f"% {comment_safe(puzzle.source)}: input facts for {comment_safe(where)}")
    sys.stdout.write(puzzle.facts_text())
    return EXIT_SOLVED


def run_encoding(args: argparse.Namespace) -> int:
    spec = kind_spec(args.kind)
    sys.stdout.write(encoding_text(spec.reference_encoding if args.lesson else spec.encoding))
    return EXIT_SOLVED


def run_bench(args: argparse.Namespace) -> int:
    from .. import bench

    bench.run(repeat=args.repeat, random_boards=args.random, seed=args.seed)
    return EXIT_SOLVED
