"""--explain speed: every bundled Hidato and magic instance made unsolvable by changing
one given (to the nearest unused number 7 above it that breaks the puzzle), explained
in-process; the median of --repeat runs per instance, the core size and solves.

    python benchmarks/explain.py [--repeat N] [--timeout S] [--only NAME]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from pathlib import Path

import lpsolve
from lpsolve.explain import explain_conflict

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
TARGET_SECONDS = 2.0


def broken(puzzle):
    """The first given (in cell order) whose change makes the puzzle unsolvable."""
    used = set(puzzle.givens.values())
    values = (
        range(puzzle.low, puzzle.high + 1)
        if puzzle.kind == "magic"
        else range(1, len(puzzle.cells) + 1)
    )
    for cell, value in sorted(puzzle.givens.items()):
        for new in sorted(values, key=lambda v: (abs(v - value - 7), v)):
            if new in used:
                continue
            changed = dataclasses.replace(puzzle, givens={**puzzle.givens, cell: new})
            if lpsolve.solve(changed, limit=1).count == 0:
                return changed, f"{value}->{new} at {cell}"
    raise SystemExit(f"{puzzle.source}: no single change breaks it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", help="instances whose file name contains this")
    args = parser.parse_args()
    paths = sorted((INSTANCES / "hidato").iterdir()) + sorted((INSTANCES / "magic").iterdir())
    print(f"{'instance':34} {'change':22} {'median s':>8} {'core':>4} {'solves':>6} minimal")
    for path in paths:
        if args.only and args.only not in path.name:
            continue
        puzzle, change = broken(lpsolve.load(path))
        times, conflict = [], None
        for _ in range(args.repeat):
            start = time.perf_counter()
            conflict = explain_conflict(puzzle, timeout=args.timeout)
            times.append(time.perf_counter() - start)
        seconds = statistics.median(times)
        flag = "" if seconds < TARGET_SECONDS else f"  over {TARGET_SECONDS:g} s"
        print(
            f"{path.name:34} {change:22} {seconds:8.2f} {len(conflict.clues):4} "
            f"{conflict.solves:6} {conflict.minimal}{flag}",
            flush=True,
        )


if __name__ == "__main__":
    main()
