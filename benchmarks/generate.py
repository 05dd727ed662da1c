"""Generating puzzles (``lpsolve generate``): seconds per puzzle, against issue 26's
budget of at least one 10x10 Takuzu a second at every level.

    python benchmarks/generate.py [--count N] [--only takuzu|command|others]

takuzu   10x10 Takuzu at every level, and clue-minimal: N puzzles each (seeds 1..N, one
         puzzle a seed, each from a new board), in process: the median and the slowest
         seconds per puzzle, the median boards tried (attempts) and clues left.
command  ``lpsolve generate takuzu --size 10x10 --level L --count 10`` as a whole
         process (start-up included), the median wall and CPU seconds of 3 runs, and
         puzzles a second by wall time.

Seconds are wall time; CPU is this process's (clingo runs in it), steadier on a shared
machine.
others   the Hidato family, Sudoku and Skyscrapers at some sizes and levels, as
         ``takuzu`` does, with N // 4 puzzles each (at least 3).

Every puzzle is verified as the command verifies it (solved with the uniqueness
proof, rated, read back); that work is in the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import processes  # benchmarks/processes.py (a script's folder is on its path)

from lpsolve.generate.making import make, order

LPSOLVE = Path(sys.executable).with_name("lpsolve")
TAKUZU_LEVELS = ("easy", "medium", "hard", "very hard", None)
#: (kind, form, side, level): the other kinds' rows
OTHERS = (
    ("hidato", "hidato", 6, None),
    ("hidato", "hidato", 8, None),
    ("hidato", "numbrix", 6, None),
    ("sudoku", None, 4, "easy"),
    ("sudoku", None, 6, "medium"),
    ("sudoku", None, 6, "very hard"),
    ("sudoku", None, 9, "easy"),
    ("sudoku", None, 9, "medium"),
    ("sudoku", None, 9, None),
    ("skyscrapers", None, 4, "medium"),
    ("skyscrapers", None, 5, "medium"),
)


def row(kind: str, form: str | None, side: int, level: str | None, count: int) -> None:
    what = order(kind, side, side, level=level, form=form)
    seconds, cpu, attempts, clues = [], [], [], []
    for seed in range(1, count + 1):
        started, used = time.perf_counter(), time.process_time()
        made = make(what, seed, 0)
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
        attempts.append(made.attempt)
        clues.append(made.clues)
    name = f"{what.form.name} {side}x{side} {level or 'minimal'}"
    print(
        f"{name:26} {count:6} {statistics.median(seconds):10.3f} {max(seconds):8.3f} "
        f"{statistics.median(cpu):10.3f} {statistics.median(attempts):9g} "
        f"{statistics.median(clues):6g}",
        flush=True,
    )


def header() -> None:
    print(
        f"{'puzzles':26} {'count':>6} {'median s':>10} {'worst s':>8} {'median CPU':>10} "
        f"{'attempts':>9} {'clues':>6}"
    )


def command() -> None:
    print(f"{'lpsolve generate takuzu --size 10x10':40} {'wall s':>7} {'CPU s':>6} {'per s':>6}")
    for level in TAKUZU_LEVELS[:4]:
        args = ["generate", "takuzu", "--size", "10x10", "--count", "10", "--seed", "1"]
        args += ["--level", level.replace(" ", "-")]
        runs = [processes.timed([str(LPSOLVE), *args]) for _ in range(3)]
        assert all(code == 0 for _, _, code in runs)
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        print(f"{'--level ' + level + ' --count 10':40} {wall:7.2f} {cpu:6.2f} {10 / wall:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--only", choices=["takuzu", "command", "others"])
    args = parser.parse_args()
    if args.only in (None, "takuzu"):
        header()
        for level in TAKUZU_LEVELS:
            row("takuzu", None, 10, level, args.count)
    if args.only in (None, "command"):
        command()
    if args.only in (None, "others"):
        header()
        for kind, form, side, level in OTHERS:
            row(kind, form, side, level, max(3, args.count // 4))


if __name__ == "__main__":
    main()
