"""lpsolve against another checkout of itself, genre by genre, in one run: what a
change did to the solve times ``benchmarks/genres.py`` measures.

Each checkout (this one, B, and the one named, A: say ``git archive main | tar -x -C
/tmp/old``) runs in a worker process of its own that lives for the whole run, and
times what genres.py times for lpsolve: ``api.parse`` and ``api.solve`` of a puzzle
file (ground, search for two solutions, check the answer), every answer proved
unique. The puzzles are genres.py's (each kind's bundled instances of this checkout and
the held-out sample); each genre's first puzzle is solved once by both, untimed. The
workers take turns, the first of the two alternating from round to round; medians of
``--repeat`` rounds, per puzzle and then per genre, CPU time (steadier on a shared
machine) and wall time, and B over A (below 1: this checkout is faster).

    python benchmarks/genre_ab.py /tmp/old [KIND ...] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

import genres  # benchmarks/genres.py (a script's folder is on its path)

HERE = Path(__file__).resolve().parent.parent

#: a worker: reads "KIND PATH" lines, answers "WALL CPU UNIQUE" lines
WORKER = """
import sys, time
from pathlib import Path
from lpsolve import api
for line in sys.stdin:
    kind, path = line.split(maxsplit=1)
    path = path.strip()
    text = Path(path).read_text()
    wall, cpu = time.perf_counter(), time.process_time()
    puzzle = api.parse(text, Path(path).suffix, kind=kind, source=path)
    result = api.solve(puzzle, timeout=60)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(wall, cpu, result.unique, flush=True)
"""


class Worker:
    """One checkout's worker process."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
        )

    def run(self, case: genres.Case) -> tuple[float, float]:
        """(wall, CPU) seconds of one solve; an answer not proved unique ends the run."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{case.kind} {case.path}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        if len(answer) != 3 or answer[2] != "True":
            raise SystemExit(f"{self.root}: {case.path}: not solved and proved unique")
        return float(answer[0]), float(answer[1])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other checkout (A)")
    parser.add_argument("kinds", nargs="*", help="kinds to run (default: genres.py's)")
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    declared = [Path(folder).name for folder in genres.bundled_kinds()]
    kinds = options.kinds or sorted(k for k in declared if k in genres.PUZZLEKIT)
    cases = genres.cases(kinds, genres.DATA, None)
    workers = [Worker(options.other.resolve()), Worker(HERE)]
    try:
        for case in {c.kind: c for c in reversed(cases)}.values():
            for worker in workers:
                worker.run(case)
        runs: dict[tuple[str, int], list[tuple[float, float]]] = {}
        for round_ in range(options.repeat):
            print(f"round {round_ + 1} of {options.repeat}", file=sys.stderr)
            order = workers if round_ % 2 == 0 else workers[::-1]
            for case in cases:
                for worker in order:
                    runs.setdefault((case.path, workers.index(worker)), []).append(worker.run(case))
    finally:
        for worker in workers:
            worker.close()
    print(f"A: {options.other}, B: {HERE}; medians of {options.repeat} rounds, ms\n")
    header = ["genre", "puzzles", "A CPU", "B CPU", "B / A (CPU)", "A wall", "B wall", "B / A"]
    rows = [header, ["---"] * len(header)]
    for kind in kinds:
        group = [case for case in cases if case.kind == kind]
        cpu, wall = [], []
        for index in (0, 1):
            per_puzzle = [runs[(case.path, index)] for case in group]
            wall.append(statistics.median(statistics.median(w for w, _ in r) for r in per_puzzle))
            cpu.append(statistics.median(statistics.median(c for _, c in r) for r in per_puzzle))
        rows.append(
            [
                kind, str(len(group)),
                f"{cpu[0] * 1e3:.1f}", f"{cpu[1] * 1e3:.1f}", f"{cpu[1] / cpu[0]:.2f}",
                f"{wall[0] * 1e3:.1f}", f"{wall[1] * 1e3:.1f}", f"{wall[1] / wall[0]:.2f}",
            ]
        )  # fmt: skip
    print("\n".join("| " + " | ".join(row) + " |" for row in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
