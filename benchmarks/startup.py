"""Start-up: ``lpsolve solve FILE`` against the raw clingo command on the same facts.

For every seed instance (``instances/*/seed*``) the two commands run in turn, A B A B
..., each as a whole process started from here (Python's start-up and imports
included in both):

* A: ``lpsolve solve FILE`` (one solution, then the uniqueness check: 2 models);
* B: ``python -m clingo ENCODING FACTS -n 2`` with the kind's own solver options,
  where FACTS is the text lpsolve gives clingo (``puzzle.solving_facts()``): the same
  search, without lpsolve.

It reports the median wall time of each and their ratio, medians of ``--repeat`` runs.
The package is compiled to byte code first (``compileall``), as ``pip install`` does:
an editable install under ``PYTHONDONTWRITEBYTECODE`` would otherwise recompile every
module at every start.

    python benchmarks/startup.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

import lpsolve
from lpsolve.resources import encoding_path, instances_dir

LPSOLVE = Path(sys.executable).with_name("lpsolve")


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def pair(path: Path, facts_dir: Path) -> tuple[list[str], list[str]]:
    """(lpsolve's command, clingo's command) for one puzzle file."""
    puzzle = lpsolve.load(path)
    facts = facts_dir / f"{path.name}.lp"
    facts.write_text(puzzle.solving_facts())
    clingo = [sys.executable, "-m", "clingo", str(encoding_path(puzzle.encoding)), str(facts)]
    return [str(LPSOLVE), "solve", str(path)], [*clingo, "-n", "2", *puzzle.solver_arguments]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each (default 15)")
    args = parser.parse_args()
    compileall.compile_dir(os.path.dirname(lpsolve.__file__), quiet=1)
    seeds = sorted(p for p in instances_dir().glob("*/seed*") if p.is_file())
    table = Table(title=f"lpsolve solve vs the clingo command, medians of {args.repeat}")
    for column in ("instance", "lpsolve (ms)", "clingo (ms)", "ratio"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    ratios = []
    with tempfile.TemporaryDirectory() as scratch:
        for path in seeds:
            ours, theirs = pair(path, Path(scratch))
            wall(ours), wall(theirs)  # warm the disk cache
            times: tuple[list[float], list[float]] = ([], [])
            for _ in range(args.repeat):
                times[0].append(wall(ours))
                times[1].append(wall(theirs))
            a, b = statistics.median(times[0]), statistics.median(times[1])
            ratios.append(a / b)
            name = f"{path.parent.name}/{path.name}"
            table.add_row(name, f"{a * 1000:.0f}", f"{b * 1000:.0f}", f"{a / b:.2f}x")
    Console().print(table)
    print(f"largest ratio {max(ratios):.2f}x, median {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
