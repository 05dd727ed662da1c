"""Declared kinds' speed, on the bundled Sudokus (``lpsolve/kinds/sudoku/``).

Three tables, each a median of ``--repeat`` runs, the things compared run in turn
(A B A B ...) in the same run, so that their ratio holds whatever the machine's load:

1. **Solve and check.** Per bundled instance: the solve (load, ground, search for two
   solutions: the uniqueness proof) against the check of the solution found (the
   kind's check.lp ground with the answer as facts), and their ratio: what checking
   every answer adds to a solve.
2. **The encoding's form.** "Exactly once" cardinalities (the bundled encoding) against
   the same rules written pairwise ("no two cells of a line hold the same number"):
   load, ground and search for two, with the ground rules and the choices clingo made.
3. **A whole process.** ``python -c`` reading the kind and solving one instance through
   the library (the declaration read with tomllib, the puzzle read, the solve, the
   check), against ``python -m clingo ENCODING FACTS -n 2`` on the same facts: what the
   declared path costs over clingo itself.
4. **Before the solve.** The steps of such a process up to the solve, each a median
   over fresh processes, and as a ratio to importing clingo.

    python benchmarks/declared.py [--repeat 9] [--processes 9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import processes  # benchmarks/processes.py (a script's folder is on its path)
from encoding_runs import side_by_side  # benchmarks/encoding_runs.py
from rich.console import Console
from rich.table import Table

from lpsolve.backends import asp
from lpsolve.kinds.declared import load_kind

FOLDER = Path(__file__).resolve().parent.parent / "lpsolve" / "kinds" / "sudoku"

#: the rules of the bundled encoding, written pairwise: what its comments measure against
PAIRWISE = (Path(__file__).resolve().parent / "genre_encodings" / "sudoku-pairwise.lp").read_text()


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1e3:.1f}"


def solve_and_check(kind, repeat: int) -> Table:
    table = Table(title="1. solve (search for 2) and check of the answer, ms")
    for column in ("instance", "size", "solve", "check", "check / solve"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    for instance in kind.instances():
        puzzle = kind.load(instance.path)
        solves, checks = [], []
        for _ in range(repeat):
            start = time.perf_counter()
            result = asp.solve(puzzle, limit=2)
            solves.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert puzzle.violations(result.solutions[0]) == []
            checks.append(time.perf_counter() - start)
        ratio = statistics.median(checks) / statistics.median(solves)
        size = f"{puzzle.size[0]}x{puzzle.size[1]}"
        table.add_row(
            Path(instance.path).name, size, median_ms(solves), median_ms(checks), f"{ratio:.2f}"
        )
    return table


def encoding_forms(kind, repeat: int) -> Table:
    puzzles = [
        (Path(instance.path).name, puzzle.facts_text())
        for instance in kind.instances()
        if (puzzle := kind.load(instance.path)).size[0] >= 9
    ]
    title = "2. cardinality (A, bundled) against pairwise (B): load, ground, search for 2"
    return side_by_side(title, puzzles, Path(kind.encoding).read_text(), PAIRWISE, repeat)


LIBRARY_SOLVE = """
import sys
from lpsolve import api
from lpsolve.kinds.declared import load_kind
kind = load_kind(sys.argv[1])
result = api.solve(kind.load(sys.argv[2]))
print(kind.load(sys.argv[2]).render(result.solutions[0]))
"""


def whole_process(kind, repeat: int) -> Table:
    table = Table(title="3. a whole process: the library on a declared kind against clingo, ms")
    for column in (
        "instance",
        "library",
        "clingo",
        "library / clingo",
        "CPU library",
        "CPU clingo",
    ):
        table.add_column(column, justify="left" if column == "instance" else "right")
    with tempfile.TemporaryDirectory() as folder:
        for name in ("janko-0001.sudoku", "puzzlekit-747-16x16.sudoku"):
            path = FOLDER / "instances" / name
            facts = Path(folder) / f"{name}.lp"
            facts.write_text(kind.load(path).facts_text())
            ours = [sys.executable, "-c", LIBRARY_SOLVE, str(FOLDER), str(path)]
            theirs = [sys.executable, "-m", "clingo", kind.encoding, str(facts), "-n", "2"]
            times: dict[str, list[tuple[float, float]]] = {"ours": [], "theirs": []}
            for _ in range(repeat):
                times["ours"].append(processes.timed(ours)[:2])
                times["theirs"].append(processes.timed(theirs)[:2])
            wall = {k: statistics.median(w for w, _ in v) for k, v in times.items()}
            cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
            table.add_row(
                name,
                f"{wall['ours'] * 1e3:.0f}", f"{wall['theirs'] * 1e3:.0f}",
                f"{wall['ours'] / wall['theirs']:.2f}",
                f"{cpu['ours'] * 1e3:.0f}", f"{cpu['theirs'] * 1e3:.0f}",
            )  # fmt: skip
    return table


BREAKDOWN = """
import json, sys, time
marks = [time.perf_counter()]
import clingo
marks.append(time.perf_counter())
import lpsolve.api
marks.append(time.perf_counter())
from lpsolve.kinds.declared import load_kind
marks.append(time.perf_counter())
kind = load_kind(sys.argv[1])
marks.append(time.perf_counter())
puzzle = kind.load(sys.argv[2])
marks.append(time.perf_counter())
print(json.dumps([b - a for a, b in zip(marks, marks[1:])]))
"""
STEPS = (
    "import clingo",
    "import lpsolve.api",
    "import the declared package",
    "read the kind",
    "read the puzzle",
)


def breakdown(repeat: int) -> Table:
    """Where a fresh process's time goes before the solve, medians of whole runs."""
    import json
    import subprocess

    table = Table(title="4. a fresh process before the solve, ms (janko-0001)")
    table.add_column("step")
    table.add_column("median", justify="right")
    table.add_column("/ import clingo", justify="right")
    path = FOLDER / "instances" / "janko-0001.sudoku"
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", BREAKDOWN, str(FOLDER), str(path)],
                capture_output=True, text=True, check=True, env=processes.ENVIRONMENT,
            ).stdout
        )
        for _ in range(repeat)
    ]  # fmt: skip
    medians = [statistics.median(run[i] for run in runs) for i in range(len(STEPS))]
    for step, value in zip(STEPS, medians, strict=True):
        table.add_row(step, f"{value * 1e3:.1f}", f"{value / medians[0]:.2f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs per in-process figure")
    parser.add_argument("--processes", type=int, default=9, help="runs per whole process")
    args = parser.parse_args()
    kind = load_kind(FOLDER)
    console = Console()
    console.print(solve_and_check(kind, args.repeat))
    console.print(encoding_forms(kind, args.repeat))
    console.print(whole_process(kind, args.processes))
    console.print(breakdown(args.processes))


if __name__ == "__main__":
    main()
