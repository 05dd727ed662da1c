"""The declared genres' solve times, instance by instance, and an encoding against
another written differently.

Per bundled instance of each kind named: the library's solve (read the puzzle,
ground, search for two solutions: the uniqueness proof, and the check of the answer),
a median of ``--repeat`` runs. With ``--against FILE.lp``: the kind's encoding (A)
and FILE (B) on the same facts, run in turn (A B A B ...) so that their ratio holds
whatever the machine's load: load, ground and search for two, with the ground rules
and the choices clingo made. The alternative encodings the genres' comments measure
against are in ``benchmarks/genre_encodings/``.

    python benchmarks/genre_times.py kakuro [skyscrapers ...] [--repeat 5]
    python benchmarks/genre_times.py kakuro --against benchmarks/genre_encodings/kakuro-plain.lp
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from encoding_runs import KINDS, side_by_side  # benchmarks/encoding_runs.py
from rich.console import Console
from rich.table import Table

from lpsolve import api
from lpsolve.kinds.declared import load_kind


def solve_times(name: str, repeat: int) -> Table:
    kind = load_kind(KINDS / name)
    table = Table(title=f"{name}: solve (search for 2, check the answer), ms")
    for column in ("instance", "size", "median", "worst"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    for instance in kind.instances():
        puzzle = kind.load(instance.path)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            result = api.solve(puzzle)
            times.append(time.perf_counter() - start)
            assert result.unique, instance.path
        table.add_row(
            Path(instance.path).name,
            f"{puzzle.size[0]}x{puzzle.size[1]}",
            f"{statistics.median(times) * 1e3:.1f}",
            f"{max(times) * 1e3:.1f}",
        )
    return table


def against(name: str, other: Path, repeat: int) -> Table:
    kind = load_kind(KINDS / name)
    puzzles = [
        (Path(instance.path).name, kind.load(instance.path).facts_text())
        for instance in kind.instances()
    ]
    title = f"{name}: bundled encoding (A) against {other.name} (B)"
    return side_by_side(title, puzzles, Path(kind.encoding).read_text(), other.read_text(), repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="+", help="bundled kinds, as kakuro")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", type=Path, help="an encoding to compare with the kind's")
    options = parser.parse_args()
    console = Console()
    for name in options.kinds:
        if options.against is not None:
            console.print(against(name, options.against, options.repeat))
        else:
            console.print(solve_times(name, options.repeat))


if __name__ == "__main__":
    main()
