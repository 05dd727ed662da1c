"""--explain speed: every bundled Hidato, magic and Takuzu instance made unsolvable by changing
one given (to the nearest unused number 7 above it that breaks the puzzle; Takuzu: a
flipped digit), explained
in-process; the median of --repeat runs per instance, the core size and solves.

    python benchmarks/explain.py [--repeat N] [--variants V] [--timeout S] [--only NAME]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import lpsolve
from lpsolve.explain import explain_conflict

INSTANCES = Path(__file__).resolve().parent.parent / "instances"
TARGET_SECONDS = 2.0


def broken(puzzle, variants):
    """Up to ``variants`` unsolvable puzzles, each ``puzzle`` with one given changed:
    for each given in cell order, its first change that breaks the puzzle. Takuzu
    givens are flipped; an empty cell may also get the digit its solution lacks."""
    found, changed_cells = [], set()
    for cell, new in _changes(puzzle):
        if cell in changed_cells:
            continue
        changed = puzzle.replace(givens={**puzzle.givens, cell: new})
        if lpsolve.solve(changed, limit=1).count == 0:
            old = puzzle.givens.get(cell, "_")
            found.append((changed, f"{old}->{new} at {cell}"))
            changed_cells.add(cell)
            if len(found) == variants:
                break
    if not found:
        raise SystemExit(f"{puzzle.source}: no single change breaks it")
    return found


def _changes(puzzle):
    if puzzle.kind == "takuzu":
        yield from ((cell, 1 - d) for cell, d in sorted(puzzle.givens.items()))
        rows = lpsolve.solve(puzzle, limit=1).solutions[0].rows
        for r, row in enumerate(rows):
            for c, digit in enumerate(row):
                if (r, c) not in puzzle.givens:
                    yield (r, c), 1 - int(digit)
        return
    if puzzle.kind == "magic":
        values = range(puzzle.low, puzzle.high + 1)
    else:
        values = range(1, len(puzzle.cells) + 1)
    used = set(puzzle.givens.values())
    for cell, value in sorted(puzzle.givens.items()):
        for new in sorted(values, key=lambda v: (abs(v - value - 7), v)):
            if new not in used:
                yield cell, new


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--variants", type=int, default=3, help="changed givens per instance")
    parser.add_argument("--only", help="instances whose file name contains this")
    args = parser.parse_args()
    paths = [
        path
        for kind in ("hidato", "magic", "takuzu")
        for path in sorted((INSTANCES / kind).iterdir())
        if path.suffix != ".solutions"
    ]
    print(f"{'instance':34} {'change':22} {'median s':>8} {'core':>4} {'solves':>6} minimal")
    medians, not_minimal = [], 0
    for path in paths:
        if args.only and args.only not in path.name:
            continue
        for puzzle, change in broken(lpsolve.load(path), args.variants):
            times, conflict = [], None
            for _ in range(args.repeat):
                start = time.perf_counter()
                conflict = explain_conflict(puzzle, timeout=args.timeout)
                times.append(time.perf_counter() - start)
            seconds = statistics.median(times)
            medians.append(seconds)
            not_minimal += not conflict.minimal
            flag = "" if seconds < TARGET_SECONDS else f"  over {TARGET_SECONDS:g} s"
            print(
                f"{path.name:34} {change:22} {seconds:8.2f} {len(conflict.clues):4} "
                f"{conflict.solves:6} {conflict.minimal}{flag}",
                flush=True,
            )
    over = sum(seconds >= TARGET_SECONDS for seconds in medians)
    print(
        f"{len(medians)} broken puzzles: median {statistics.median(medians):.2f} s, "
        f"slowest {max(medians):.2f} s, {over} over {TARGET_SECONDS:g} s, "
        f"{not_minimal} not proved minimal"
    )


if __name__ == "__main__":
    main()
