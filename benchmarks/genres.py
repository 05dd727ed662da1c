"""lpsolve against puzzlekit, genre by genre, on the same puzzles in one run.

Every declared kind that puzzlekit also solves (``PUZZLEKIT`` names its genre there)
is measured on its bundled instances and on the held-out sample in
``benchmarks/data/genres/KIND/`` (puzzles from puzzlekit's dataset that the tests do not
read, each naming its source), with the published solution beside each puzzle as
``FILE.solution`` where one is known. Both solvers read the same janko.at text.

What is timed, in a worker process of each solver's own that lives for the whole run
(imports paid once; every solver solves each genre's first puzzle once, untimed,
before any timing):

* lpsolve: read the puzzle text, ground, search for two solutions (one found is
  proved unique), check the answer: ``api.parse`` and ``api.solve``, as the library
  and the command line run them;
* puzzlekit: parse the text, build the CP-SAT model, search for one solution with one
  CP-SAT worker: ``puzzlekit.solve(text, genre, solver_options={"num_workers": 1})``;
* the command: ``lpsolve solve FILE``, a fresh process (Python's start-up, imports,
  the supervised job), as a user runs it, with lpsolve compiled to byte code first as
  ``pip install`` does (``benchmarks/startup.py`` explains why).

The runs interleave (each round runs every puzzle with each solver in turn: A B C A B
C ...), ``--repeat`` rounds, medians reported; wall time, and CPU time of the worker
(steadier on a shared machine). Each run is bounded by ``--timeout``: the solver's own
limit, and a worker that has not answered ``GRACE_SECONDS`` later is killed and
started again (the run counts as a timeout).

Answers are checked, never assumed: lpsolve's must be unique and equal the published
solution (a difference counts as a failure, and the exit status is 1); puzzlekit's grid
is compared with the published solution, or with lpsolve's proved-unique answer where
none is published. Solutions are compared as the kind reads them from janko's layout
and writes them again (``read_solution``, ``janko_text``), as the genres' tests compare
them.

A genre's held-out sample is a folder of puzzle files in the kind's format (comment
lines before the header name the source) with ``FILE.solution`` beside each. A kind
declared later is measured on its bundled instances once ``PUZZLEKIT`` names it, and
on its sample once that folder exists.

    python benchmarks/genres.py [KIND ...] [--repeat 5] [--timeout 20] [--detail]
    python benchmarks/genres.py kakuro --solvers lpsolve --repeat 1 --no-command

puzzlekit is the optional extra ``bench`` (``pip install -e '.[bench]'``); with
``--solvers lpsolve`` the benchmark runs without it.
"""

from __future__ import annotations

import argparse
import compileall
import functools
import importlib.metadata
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import processes  # benchmarks/processes.py (a script's folder is on its path)

import lpsolve
from lpsolve.errors import PuzzleError
from lpsolve.kinds.declared import bundled_kinds, load_kind
from lpsolve.kinds.declared.kind import DeclaredPuzzle

#: the held-out sample, one folder per kind
DATA = Path(__file__).resolve().parent / "data" / "genres"

#: our kind's name -> puzzlekit's genre (its ``puzzle_type``). Both read janko.at's
#: text as puzzlekit's dataset writes it, so no genre needs its input rewritten.
#: Fillomino has no puzzlekit solver (0.3.4); kinds not declared yet are skipped.
PUZZLEKIT = {
    "sudoku": "sudoku",
    "jigsaw-sudoku": "jigsaw_sudoku",
    "killer-sudoku": "killer_sudoku",
    "kakuro": "kakuro",
    "skyscrapers": "skyscraper",
    "nonogram": "nonogram",
    "akari": "akari",
    "star-battle": "starbattle",
    "hitori": "hitori",
    "tents": "tent",
    "norinori": "norinori",
    "lits": "lits",
    "shikaku": "shikaku",
    "slitherlink": "slitherlink",
    "masyu": "masyu",
}

SOLVERS = ("lpsolve", "puzzlekit")

#: beyond --timeout, how long a worker may take to answer before it is killed: the
#: solvers' own limits bound their search, not reading the puzzle or building the model
GRACE_SECONDS = 10.0

#: a run's verdicts that mean a solution was found
FOUND = ("unique", "several", "solved")


class Case(NamedTuple):
    """One puzzle of the benchmark."""

    kind: str
    genre: str  # puzzlekit's name for it
    path: str
    solution: str | None  # the published solution's file, if any
    bundled: bool  # the kind's own instance, or the held-out sample

    @property
    def name(self) -> str:
        return Path(self.path).name


def janko_text(path: str) -> str:
    """The puzzle file without the comment lines before its header (after it a row may
    start with a ``#`` token: Star Battle's black cells): the text puzzlekit reads."""
    lines = Path(path).read_text().splitlines()
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
    return "\n".join(lines) + "\n"


def board_size(path: str) -> str:
    rows, cols = janko_text(path).split()[:2]
    return f"{rows}x{cols}"


def kind_folder(name: str) -> str:
    """The folder of the declared kind bundled with lpsolve under this name."""
    return next(folder for folder in bundled_kinds() if Path(folder).name == name)


def cases(kinds: Sequence[str], data: Path, match: str | None) -> list[Case]:
    """Each kind's bundled instances, then its held-out sample (files named with one
    of the kind's extensions, their solutions beside them)."""
    found = []
    for name in kinds:
        kind = load_kind(kind_folder(name))
        for instance in kind.instances():
            found.append(Case(name, PUZZLEKIT[name], instance.path, instance.solution, True))
        folder = data / name
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.suffix in kind.extensions:
                solution = Path(f"{path}.solution")
                published = str(solution) if solution.is_file() else None
                found.append(Case(name, PUZZLEKIT[name], str(path), published, False))
    return [case for case in found if match is None or match in case.name]


# The workers: each solver's own process, answering one job (a dict) after another.


def lpsolve_run(job: dict[str, Any]) -> dict[str, Any]:
    from lpsolve import api

    path = job["path"]
    text = Path(path).read_text()
    wall, cpu = time.perf_counter(), time.process_time()
    puzzle = api.parse(text, Path(path).suffix, kind=job["kind"], source=path)
    result = api.solve(puzzle, timeout=job["timeout"])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if len(result.solutions) > 1:
        status = "several"
    elif result.solutions:
        status = "unique" if result.unique else "timeout"  # one found, proof unfinished
    else:
        status = "no solution" if result.complete else "timeout"
    answer = puzzle.janko_text(result.solutions[0]) if result.solutions else None
    # where the time went: grounding (timed by the backend), and the check of the
    # answer (inside the search's time, timed again here on its own)
    check = time.perf_counter()
    if result.solutions:
        puzzle.violations(result.solutions[0])
    check = time.perf_counter() - check
    return {
        "status": status,
        "wall": wall,
        "cpu": cpu,
        "answer": answer,
        "ground": result.stats.ground_seconds,
        "check": check,
    }


def puzzlekit_run(job: dict[str, Any]) -> dict[str, Any]:
    import puzzlekit

    text = janko_text(job["path"])
    options = {"num_workers": 1, "time_limit_sec": job["timeout"]}
    wall, cpu = time.perf_counter(), time.process_time()
    result = puzzlekit.solve(text, job["genre"], solver_options=options)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    verdicts = {"Optimal": "solved", "Feasible": "solved", "Infeasible": "no solution"}
    reported = result.solution_data["status"]
    status = verdicts.get(reported, reported.lower())
    rows = [" ".join(str(v) for v in row) for row in result.sol_grid.matrix]
    return {"status": status, "wall": wall, "cpu": cpu, "rows": rows if result.is_solved else None}


RUNNERS = {"lpsolve": lpsolve_run, "puzzlekit": puzzlekit_run}
#: what a worker imports before its first job (puzzlekit imports OR-Tools only at its
#: first solve)
IMPORTS = {"lpsolve": "lpsolve.api", "puzzlekit": "puzzlekit.core.solver"}


def serve(solver: str, connection: Any) -> None:
    """A worker's life: import the solver, then answer jobs until ``None``."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # whatever a solver prints must not mix into the tables
    __import__(IMPORTS[solver])
    connection.send("ready")
    run = RUNNERS[solver]
    while (job := connection.recv()) is not None:
        try:
            connection.send(run(job))
        except Exception as error:
            message = f"{type(error).__name__}: {error}".splitlines()[0]
            connection.send({"status": "error", "message": message, "wall": None, "cpu": None})


class Worker:
    """A solver's worker process; one killed on a timeout is started again."""

    def __init__(self, solver: str) -> None:
        self.solver = solver
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(self.solver, theirs), daemon=True)
        self.process.start()
        theirs.close()
        self.connection.recv()  # imported

    def run(self, case: Case, timeout: float) -> dict[str, Any]:
        self.connection.send(
            {"kind": case.kind, "genre": case.genre, "path": case.path, "timeout": timeout}
        )
        if self.connection.poll(timeout + GRACE_SECONDS):
            return dict(self.connection.recv())
        self.process.kill()
        self.process.join()
        self._start()
        return {"status": "timeout", "wall": timeout, "cpu": timeout, "killed": True}

    def close(self) -> None:
        self.connection.send(None)
        self.process.join(5)


def lpsolve_command() -> list[str]:
    script = Path(sys.executable).parent / "lpsolve"
    return [str(script)] if script.exists() else [sys.executable, "-m", "lpsolve"]


def import_seconds(solver: str, repeat: int = 3) -> float:
    """A fresh process importing the solver, as a whole (median wall seconds)."""
    command = [sys.executable, "-c", f"import {IMPORTS[solver]}"]
    return statistics.median(processes.timed(command)[0] for _ in range(repeat))


def command_run(case: Case, timeout: float) -> dict[str, Any]:
    command = [*lpsolve_command(), "solve", "--timeout", str(timeout), case.path]
    wall, cpu, status = processes.timed(command)
    verdict = {0: "solved", 1: "no solution", 3: "timeout"}.get(status, f"exit {status}")
    return {"status": verdict, "wall": wall, "cpu": cpu}


# The figures.


class Figures(NamedTuple):
    """One puzzle's runs by one solver (or the command)."""

    status: str  # the worst run's: a timeout or error in any run shows
    wall: float  # median seconds
    cpu: float
    ground: float  # lpsolve's: median seconds grounding, and checking the answer
    check: float
    answer: dict[str, Any]  # the first run's result (its answer or grid)


def figures(runs: list[dict[str, Any]]) -> Figures:
    bad = [r["status"] for r in runs if r["status"] not in FOUND]

    def median(key: str) -> float:  # a run that ended in an error has no times
        values = [r[key] for r in runs if r.get(key) is not None]
        return statistics.median(values) if values else math.nan

    times = (median("wall"), median("cpu"), median("ground"), median("check"))
    return Figures(bad[0] if bad else runs[0]["status"], *times, runs[0])


def milliseconds(seconds: float) -> str:
    if math.isnan(seconds):
        return "-"
    return f"{seconds * 1e3:,.0f}" if seconds >= 0.1 else f"{seconds * 1e3:.1f}"


class Verdicts(NamedTuple):
    """What the answers of one genre's puzzles were worth."""

    lpsolve_solved: int
    lpsolve_unique: int
    lpsolve_equal: int
    published: int
    puzzlekit_solved: int
    puzzlekit_equal: int
    puzzlekit_compared: int
    failures: list[str]  # lpsolve's: each puzzle and why


@functools.cache
def read_puzzle(kind: str, path: str) -> DeclaredPuzzle:
    return load_kind(kind_folder(kind)).load(path)


def same_solution(kind: str, path: str, text: str, reference: str) -> bool | None:
    """Whether a solution in janko's layout is the reference one: both read as the kind
    reads a published solution and written again in lpsolve's layout (some published
    solutions leave out cells that the puzzle gives, as Akari's black cells; regions
    may be numbered in any order, as Shikaku's), as the genres' tests compare them.
    None: ``text`` is not in the kind's layout (puzzlekit writes Slitherlink's loop as
    each cell's edges, janko.at the cells inside it), so it cannot be compared."""
    puzzle = read_puzzle(kind, path)
    try:
        answer = puzzle.read_solution(text, "the answer")
    except PuzzleError:
        return None
    expected = puzzle.read_solution(reference, "the reference")
    return puzzle.janko_text(answer) == puzzle.janko_text(expected)


def lpsolve_equal(case: Case, result: Figures) -> bool | None:
    """lpsolve's answer against the published solution (None: none published)."""
    if case.solution is None:
        return None
    answer = result.answer.get("answer")
    reference = Path(case.solution).read_text()
    return answer is not None and bool(same_solution(case.kind, case.path, answer, reference))


def puzzlekit_equal(case: Case, result: Figures, lpsolve: Figures | None) -> bool | None:
    """puzzlekit's grid against the published solution, or against lpsolve's answer
    proved unique (and checked) where none is published (None: nothing to compare, or
    a grid in another layout than janko's)."""
    if case.solution is not None:
        reference = Path(case.solution).read_text()
    elif lpsolve is not None and lpsolve.status == "unique":
        reference = lpsolve.answer["answer"]
    else:
        return None
    rows = result.answer.get("rows")
    if rows is None:
        return False  # no solution found
    header = reference.strip().splitlines()[0]  # janko's solution header, as published
    return same_solution(case.kind, case.path, "\n".join([header, *rows]), reference)


def verdicts(group: list[Case], results: dict[tuple[str, str], Figures]) -> Verdicts:
    counts = dict.fromkeys(Verdicts._fields[:-1], 0)
    failures = []
    for case in group:
        ours = results.get((case.path, "lpsolve"))
        if ours is not None:
            equal = lpsolve_equal(case, ours)
            counts["lpsolve_solved"] += ours.status in FOUND
            counts["lpsolve_unique"] += ours.status == "unique"
            counts["published"] += equal is not None
            counts["lpsolve_equal"] += bool(equal)
            why = [ours.status] if ours.status != "unique" else []
            why += ["differs from the published solution"] if equal is False else []
            if why:
                message = ours.answer.get("message")
                why += [message] if message else []
                failures.append(f"{case.name}: {', '.join(why)}")
        theirs = results.get((case.path, "puzzlekit"))
        if theirs is not None:
            counts["puzzlekit_solved"] += theirs.status in FOUND
            equal = puzzlekit_equal(case, theirs, ours)
            counts["puzzlekit_compared"] += equal is not None
            counts["puzzlekit_equal"] += bool(equal)
    return Verdicts(**counts, failures=failures)


def ratio(theirs: float, ours: float) -> str:
    return f"{theirs / ours:.2f}x" if ours > 0 and theirs >= 0 else "-"


def genre_row(
    kind: str, group: list[Case], results: dict[tuple[str, str], Figures], columns: list[str]
) -> list[str]:
    v = verdicts(group, results)
    row = [kind, str(len(group))]
    medians: dict[str, tuple[float, float]] = {}
    for column in columns:
        # the puzzles with times: solved, found to have no solution, or stopped at the
        # timeout (its time a lower bound, the worst then marked ">"); not an error
        runs = [r for r in (results[(case.path, column)] for case in group) if r.wall >= 0]
        walls = [r.wall for r in runs] or [math.nan]
        medians[column] = (
            statistics.median(walls),
            statistics.median([r.cpu for r in runs] or [math.nan]),
        )
        if column == "lpsolve":
            row.append(f"{v.lpsolve_solved}/{v.lpsolve_unique}/{v.lpsolve_equal} of {v.published}")
        elif column == "puzzlekit":
            row.append(f"{v.puzzlekit_solved} ({v.puzzlekit_equal} of {v.puzzlekit_compared})")
        stopped = any(r.status == "timeout" for r in runs)
        row += [milliseconds(medians[column][0]), (">" * stopped) + milliseconds(max(walls))]
        if column == "lpsolve":
            ground = statistics.median([r.ground / r.wall for r in runs if r.wall > 0] or [0])
            check = statistics.median([r.check / r.wall for r in runs if r.wall > 0] or [0])
            row.append(f"{ground:.0%} / {check:.0%}")
    if "lpsolve" in medians and "puzzlekit" in medians:
        (ours, ours_cpu), (theirs, theirs_cpu) = medians["lpsolve"], medians["puzzlekit"]
        row += [ratio(theirs, ours), ratio(theirs_cpu, ours_cpu)]
    return row


def markdown(header: list[str], rows: list[list[str]]) -> str:
    lines = [header, ["---"] * len(header), *rows]
    return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)


def summary_header(columns: list[str]) -> list[str]:
    header = ["genre", "puzzles"]
    for column in columns:
        if column == "lpsolve":
            header.append("lpsolve solved/unique/= published")
        elif column == "puzzlekit":
            header.append("puzzlekit solved (= reference)")
        header += [f"{column} median ms", f"{column} worst ms"]
        if column == "lpsolve":
            header.append("of which ground / check")
    if "lpsolve" in columns and "puzzlekit" in columns:
        header += ["puzzlekit / lpsolve (wall)", "(CPU)"]
    return header


def detail(
    kind: str, group: list[Case], results: dict[tuple[str, str], Figures], columns: list[str]
) -> str:
    header = ["puzzle", "size"]
    for column in columns:
        header += [column, "ms"] + (["ground", "check"] if column == "lpsolve" else [])
    if "lpsolve" in columns and "puzzlekit" in columns:
        header.append("puzzlekit / lpsolve")
    rows = []
    for case in group:
        name = case.name + ("" if case.bundled else " (held out)")
        row = [name, board_size(case.path)]
        for column in columns:
            figure = results[(case.path, column)]
            status = figure.status
            if status == "error":
                status += f" ({figure.answer.get('message', '')[:60]})"
            if column == "lpsolve" and lpsolve_equal(case, figure) is False:
                status += ", DIFFERS from published"
            ours = results.get((case.path, "lpsolve"))
            found = figure.status in FOUND
            if column == "puzzlekit" and found and puzzlekit_equal(case, figure, ours) is False:
                status += ", differs"
            row += [status, milliseconds(figure.wall)]
            if column == "lpsolve":
                row += [milliseconds(figure.ground), milliseconds(figure.check)]
        if "lpsolve" in columns and "puzzlekit" in columns:
            ours, theirs = results[(case.path, "lpsolve")], results[(case.path, "puzzlekit")]
            bound = ">" if theirs.status == "timeout" else "<" if ours.status == "timeout" else ""
            row.append(bound + ratio(theirs.wall, ours.wall))
        rows.append(row)
    return f"### {kind}\n\n" + markdown(header, rows)


def version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", help="kinds to run (default: every one declared)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a run (default 20)")
    parser.add_argument("--solvers", default="lpsolve,puzzlekit", help="comma-separated")
    parser.add_argument(
        "--command",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also time `lpsolve solve FILE`, and importing each solver, as whole "
        "processes (default: yes)",
    )
    parser.add_argument("--match", help="only the puzzles whose file name contains this")
    parser.add_argument("--data", type=Path, default=DATA, help="the held-out sample's folder")
    parser.add_argument("--detail", action="store_true", help="a table per genre, by puzzle")
    options = parser.parse_args(argv)
    declared = sorted(Path(f).name for f in bundled_kinds())
    known = [k for k in declared if k in PUZZLEKIT]
    for name in options.kinds:
        if name not in known:
            parser.error(f"{name!r} is not a declared kind puzzlekit solves; these are: {known}")
    options.kinds = options.kinds or known
    options.solvers = [s.strip() for s in options.solvers.split(",") if s.strip()]
    for solver in options.solvers:
        if solver not in SOLVERS:
            parser.error(f"unknown solver {solver!r}; expected some of {', '.join(SOLVERS)}")
    if "puzzlekit" in options.solvers and version("puzzlekit") == "not installed":
        parser.error("puzzlekit is not installed: pip install -e '.[bench]' (or --solvers lpsolve)")
    return options


def main(argv: Sequence[str] | None = None) -> int:
    options = arguments(argv)
    chosen = cases(options.kinds, options.data, options.match)
    if not chosen:
        print("no puzzles", file=sys.stderr)
        return 2
    columns = list(options.solvers)
    if options.command and "lpsolve" in columns:
        columns.insert(columns.index("lpsolve") + 1, "command")
    load = os.getloadavg()[0]
    if options.command:
        compileall.compile_dir(os.path.dirname(lpsolve.__file__), quiet=1)
    startup = {s: import_seconds(s) for s in options.solvers} if options.command else {}
    workers = {solver: Worker(solver) for solver in options.solvers}
    try:
        first = {case.kind: case for case in reversed(chosen)}  # each kind's first puzzle
        for case in first.values():  # warm up: each genre's first solve is not timed
            for worker in workers.values():
                worker.run(case, options.timeout)
        runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for round_ in range(options.repeat):
            print(f"round {round_ + 1} of {options.repeat}", file=sys.stderr)
            for case in chosen:
                for column in columns:
                    if column == "command":
                        run = command_run(case, options.timeout)
                    else:
                        run = workers[column].run(case, options.timeout)
                    runs.setdefault((case.path, column), []).append(run)
    finally:
        for worker in workers.values():
            worker.close()
    results = {key: figures(value) for key, value in runs.items()}

    solvers = [f"lpsolve {version('lpsolve')} (clingo {version('clingo')})"]
    if "puzzlekit" in options.solvers:
        solvers.append(f"puzzlekit {version('puzzlekit')} (ortools {version('ortools')})")
    print(
        f"{', '.join(solvers)}; Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load {load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end; medians "
        f"of {options.repeat} runs, timeout {options.timeout:g} s"
    )
    if startup:
        imports = ", ".join(f"{s} {milliseconds(seconds)} ms" for s, seconds in startup.items())
        print(f"\nA Python process importing the solver, as a whole: {imports}.")
    print()
    by_kind: dict[str, list[Case]] = {}
    for case in chosen:
        by_kind.setdefault(case.kind, []).append(case)
    rows = [genre_row(kind, group, results, columns) for kind, group in by_kind.items()]
    print(markdown(summary_header(columns), rows))
    failures = [f for group in by_kind.values() for f in verdicts(group, results).failures]
    if options.detail:
        for kind, group in by_kind.items():
            print("\n" + detail(kind, group, results, columns))
    if failures and "lpsolve" in columns:
        print("\nlpsolve's failures:\n" + "\n".join(f"- {f}" for f in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
