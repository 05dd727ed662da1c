"""``lpsolve run`` against the clingo command on the same programs and facts.

Each case runs two whole commands in turn, A B A B ..., each a process started from
here (Python's start-up and imports included in both):

* A: ``lpsolve run PROGRAM [PUZZLE] ...``;
* B: the clingo command, ``clingo PROGRAM [FACTS] ...``: clingo's own application
  with its own main function (what the ``clingo`` executable runs; ``python -m
  clingo`` would be slower, its main is Python), FACTS the text ``lpsolve facts``
  prints for the puzzle.

Enumeration (``0 -q``, or ``--count``) on the tutorial's steps (a few thousand models
at most: start-up decides) and on programs with a million models and more (the
search decides); then printing every answer set (``0``: clingo's atoms, ``--atoms``,
and lpsolve's drawn boards, which clingo has no counterpart of). It reports the
median wall and CPU time (user + system of the command and the processes it waited
for, from ``os.wait4``) of each, and their ratios, medians of ``--repeat`` runs.
The package is compiled to byte code first, as ``pip install`` does.

    python benchmarks/run.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import sys
import tempfile
from pathlib import Path

import processes  # benchmarks/processes.py (a script's folder is on its path)
from rich.console import Console
from rich.table import Table

import lpsolve

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial"
LPSOLVE = Path(sys.executable).with_name("lpsolve")
CLINGO_COMMAND = (
    "import sys; from clingo.application import Application, clingo_main\n"
    "class Clingo(Application):\n"
    "    program_name = 'clingo'\n"
    "sys.exit(clingo_main(Clingo(), sys.argv[1:]))"
)
CLINGO = [sys.executable, "-c", CLINGO_COMMAND]


def timed(command: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole run of the command, which must succeed
    with one of clingo's exit codes."""
    wall, cpu, status = processes.timed(command)
    if status not in (10, 20, 30):
        raise SystemExit(f"{' '.join(command)} failed")
    return wall, cpu


def cases(scratch: Path) -> list[tuple[str, list[str], list[str]]]:
    """(name, lpsolve's command, clingo's command) for each case."""

    def facts(puzzle: Path) -> str:
        path = scratch / f"{puzzle.name}.lp"
        path.write_text(lpsolve.load(puzzle).facts_text())
        return str(path)

    tiny = TUTORIAL / "tiny.takuzu"
    empty = scratch / "empty-4x8.takuzu"
    empty.write_text("........\n" * 4)
    subsets = scratch / "subsets.lp"
    subsets.write_text("% 2^21 answer sets\n{ p(1..21) }.\n")
    step = [TUTORIAL / f"step{n}.lp" for n in range(1, 6)]
    run = [str(LPSOLVE), "run"]
    found: list[tuple[str, list[str], list[str]]] = []
    for n, program in enumerate(step, start=1):
        found.append(
            (
                f"step{n} tiny --count",
                [*run, str(program), str(tiny), "--count"],
                [*CLINGO, str(program), facts(tiny), "0", "-q"],
            )
        )
    found += [
        (
            "step3 empty 4x8 0 -q (1,098,136)",
            [*run, str(step[2]), str(empty), "0", "-q"],
            [*CLINGO, str(step[2]), facts(empty), "0", "-q"],
        ),
        (
            "{ p(1..21) } 0 -q (2,097,152)",
            [*run, str(subsets), "0", "-q"],
            [*CLINGO, str(subsets), "0", "-q"],
        ),
        (
            "step1 tiny 0 --atoms (65,536 printed)",
            [*run, str(step[0]), str(tiny), "0", "--atoms"],
            [*CLINGO, str(step[0]), facts(tiny), "0"],
        ),
        (
            "step1 tiny 0, drawn (65,536 boards)",
            [*run, str(step[0]), str(tiny), "0"],
            [*CLINGO, str(step[0]), facts(tiny), "0"],
        ),
    ]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each (default 7)")
    args = parser.parse_args()
    compileall.compile_dir(os.path.dirname(lpsolve.__file__), quiet=1)
    table = Table(title=f"lpsolve run vs the clingo command, medians of {args.repeat}")
    columns = ["case"]
    for measure in ("wall", "CPU"):
        columns += [f"lpsolve {measure} s", f"clingo {measure} s", f"{measure} ratio"]
    for column in columns:
        table.add_column(column, justify="left" if column == "case" else "right")
    with tempfile.TemporaryDirectory() as folder:
        for name, ours, theirs in cases(Path(folder)):
            runs: dict[str, list[tuple[float, float]]] = {"lpsolve": [], "clingo": []}
            for _ in range(args.repeat):
                runs["lpsolve"].append(timed(ours))
                runs["clingo"].append(timed(theirs))
            row = [name]
            for index in (0, 1):  # wall, CPU
                mine = statistics.median(r[index] for r in runs["lpsolve"])
                base = statistics.median(r[index] for r in runs["clingo"])
                row += [f"{mine:.3f}", f"{base:.3f}", f"{mine / base:.2f}"]
            table.add_row(*row)
    Console(width=150).print(table)


if __name__ == "__main__":
    main()
