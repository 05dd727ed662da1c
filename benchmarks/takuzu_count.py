"""Takuzu speed: the issue's targets and counting every grid of an empty board.

Medians of --repeat in-process runs (ground + solve + checker, ``lpsolve.solve``), each
also as a ratio to a baseline measured in the same run (the seed 10x10 Hidoku, search
for 2 solutions), because the machine is shared and absolute times drift:

- seed 8x8, generated 14x14 and 30x30: search for 2 solutions (uniqueness proof);
- counting every 6x6 grid (4,140) with ``lpsolve.count`` (no Python object per model);
- with --eight: counting every 8x8 grid (4,111,116), once: about half a minute here.

    python benchmarks/takuzu_count.py [--repeat N] [--eight]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import lpsolve
from lpsolve.bench import median_seconds

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
BASELINE = INSTANCES / "hidato" / "seed-10x10.hidoku"
TARGETS = [  # instance, the target in seconds
    ("takuzu/seed-8x8.takuzu", 0.020),
    ("takuzu/generated-14x14.takuzu", 0.020),
    ("takuzu/generated-30x30.takuzu", 0.5),
]


def empty_board(n: int) -> lpsolve.Puzzle:
    return lpsolve.parse(("." * n + "\n") * n, ".takuzu")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--eight", action="store_true", help="also count all 8x8 grids")
    args = parser.parse_args()

    hidato = lpsolve.load(BASELINE)
    base = median_seconds(lambda: lpsolve.solve(hidato, 2), args.repeat)
    print(f"medians of {args.repeat}; baseline seed 10x10 Hidoku (clingo): {base * 1000:.1f} ms")
    for name, target in TARGETS:
        puzzle = lpsolve.load(INSTANCES / name)
        result = lpsolve.solve(puzzle, 2)
        assert result.unique, name
        seconds = median_seconds(lambda p=puzzle: lpsolve.solve(p, 2), args.repeat)
        verdict = "ok" if seconds < target else "OVER"
        print(
            f"{name:32} unique  {seconds * 1000:8.1f} ms  x{seconds / base:5.2f} baseline  "
            f"(target {target * 1000:.0f} ms: {verdict})"
        )
    six = empty_board(6)
    assert lpsolve.count(six).count == 4140
    seconds = median_seconds(lambda: lpsolve.count(six), args.repeat)
    print(
        f"{'count all 6x6 grids: 4,140':32}         {seconds * 1000:8.1f} ms  "
        f"x{seconds / base:5.2f} baseline  (target 1000 ms)"
    )
    if args.eight:
        start, cpu = time.perf_counter(), time.process_time()
        result = lpsolve.count(empty_board(8))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(
            f"count all 8x8 grids: {result.count:,} (complete: {result.complete}) "
            f"in {wall:.1f} s wall, {cpu:.1f} s CPU, x{wall / base:,.0f} baseline"
        )


if __name__ == "__main__":
    main()
