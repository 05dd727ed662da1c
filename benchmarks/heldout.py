"""The held-out check: every genre's sample of puzzles that the tests do not contain,
solved as a new user would, each answer compared with the published one.

For every declared kind with a folder in ``benchmarks/data/genres/`` (janko.at's puzzles
from puzzlekit's dataset, each file naming its source, its published solution beside it
as ``FILE.solution``), each puzzle is solved by the command a user types::

    lpsolve solve --format janko FILE

in a fresh process (Python's start-up and imports included; lpsolve compiled to byte
code first, as ``pip install`` does), with no option but the format: the default search
looks for two solutions, so one found is proved unique. A run passes when

* the command exits 0 and its summary line (stderr) says ``1 solution, search complete:
  unique``: the proof of uniqueness;
* the grid it prints (stdout) is the published solution, both read as the kind reads a
  published solution and written again (``genres.same_solution``, as the genres' tests
  and ``benchmarks/genres.py`` compare them);
* the whole process took at most ``--limit`` seconds of wall time (10: the issue's
  bound, "within 10 s each on 2 cores").

The runs interleave (each round runs every puzzle once), ``--repeat`` rounds; a run still
going at ``--kill`` seconds is stopped and fails. Per genre: the puzzles and their sizes,
how many were proved unique and equal their published solution, the median of the
puzzles' median times, the slowest run of any puzzle (the bound is on each run), and the
most CPU time a run took (the command and its children: on a busy machine the wall time
grows with the load, the CPU time much less). Any failure is listed and the exit status
is 1.

    python benchmarks/heldout.py [KIND ...] [--repeat 3] [--limit 10] [--detail]
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from subprocess import PIPE
from typing import NamedTuple

import genres  # benchmarks/genres.py (a script's folder is on its path)
import processes

import lpsolve
from lpsolve.kinds.declared import bundled_kinds, load_kind

#: the summary line's start when the search found one solution and finished
UNIQUE = "1 solution, search complete: unique"


class Puzzle(NamedTuple):
    kind: str
    path: Path
    solution: Path  # the published solution

    @property
    def name(self) -> str:
        return self.path.name


class Run(NamedTuple):
    wall: float
    cpu: float  # the command's and its children's
    unique: bool
    equal: bool  # the grid printed is the published solution
    problem: str  # why the run failed, "" when it did not (the time aside)


def samples(kinds: Sequence[str], data: Path, match: str | None) -> list[Puzzle]:
    """Each kind's held-out puzzles: the files with one of its extensions and a
    published solution beside them."""
    found = []
    for name in kinds:
        extensions = load_kind(genres.kind_folder(name)).extensions
        for path in sorted((data / name).iterdir()):
            solution = Path(f"{path}.solution")
            wanted = match is None or match in path.name
            if path.suffix in extensions and solution.is_file() and wanted:
                found.append(Puzzle(name, path, solution))
    return found


def solve(puzzle: Puzzle, kill: float) -> Run:
    """One run of ``lpsolve solve --format janko FILE``, as a user's shell runs it."""
    command = [*genres.lpsolve_command(), "solve", "--format", "janko", str(puzzle.path)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()

    def cpu() -> float:  # of the children waited for since ``before``: this run's
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    # a process group of its own, as a shell gives a command: stopped whole at ``kill``
    with subprocess.Popen(
        command, stdout=PIPE, stderr=PIPE, text=True, env=processes.ENVIRONMENT,
        start_new_session=True,
    ) as child:  # fmt: skip
        try:
            stdout, stderr = child.communicate(timeout=kill)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            return Run(time.perf_counter() - start, cpu(), False, False, f"stopped at {kill:g} s")
    wall = time.perf_counter() - start
    status = child.returncode
    summary = stderr.strip().splitlines()[-1] if stderr.strip() else ""
    unique = status == 0 and summary.startswith(UNIQUE)
    equal = status == 0 and bool(
        genres.same_solution(puzzle.kind, str(puzzle.path), stdout, puzzle.solution.read_text())
    )
    problems = [] if status == 0 else [f"exit {status}"]
    said = summary.replace(str(puzzle.path), puzzle.name)  # the error's file: its name
    problems += [] if unique else [f"not proved unique ({said[:100]})"]
    problems += [] if equal else ["differs from the published solution"]
    return Run(wall, cpu(), unique, equal, ", ".join(problems))


def seconds(value: float) -> str:
    return f"{value:.2f}"


def failures(puzzle: Puzzle, runs: list[Run], limit: float) -> list[str]:
    why = sorted({run.problem for run in runs if run.problem})
    slowest = max(run.wall for run in runs)
    if slowest > limit:
        why.append(f"{slowest:.1f} s, over the {limit:g} s bound")
    return [f"{puzzle.kind}/{puzzle.name}: {w}" for w in why]


def genre_row(group: list[Puzzle], runs: dict[Path, list[Run]], limit: float) -> list[str]:
    medians = [statistics.median(r.wall for r in runs[p.path]) for p in group]
    worst = {p.name: max(r.wall for r in runs[p.path]) for p in group}
    slowest = max(worst, key=worst.__getitem__)
    # a puzzle counts as proved unique, or equal, only when every run of it was
    unique = sum(all(r.unique for r in runs[p.path]) for p in group)
    equal = sum(all(r.equal for r in runs[p.path]) for p in group)
    within = sum(value <= limit for value in worst.values())
    sizes = sorted({genres.board_size(str(p.path)) for p in group}, key=area)
    return [
        group[0].kind,
        str(len(group)),
        f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else sizes[0],
        f"{unique}/{equal}",
        seconds(statistics.median(medians)),
        f"{seconds(worst[slowest])} ({slowest})",
        seconds(max(r.cpu for p in group for r in runs[p.path])),
        f"{within} of {len(group)}",
    ]


def area(size: str) -> int:
    rows, cols = size.split("x")
    return int(rows) * int(cols)


def detail(group: list[Puzzle], runs: dict[Path, list[Run]]) -> str:
    header = ["puzzle", "size", "unique", "= published", "median s", "worst s", "CPU s"]
    rows = []
    for puzzle in group:
        found = runs[puzzle.path]
        rows.append(
            [
                puzzle.name,
                genres.board_size(str(puzzle.path)),
                "yes" if all(r.unique for r in found) else "NO",
                "yes" if all(r.equal for r in found) else "NO",
                seconds(statistics.median(r.wall for r in found)),
                seconds(max(r.wall for r in found)),
                seconds(statistics.median(r.cpu for r in found)),
            ]
        )
    return f"### {group[0].kind}\n\n" + genres.markdown(header, rows)


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="*", help="kinds to run (default: every sample)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument(
        "--limit", type=float, default=10.0, help="seconds a run may take (default 10)"
    )
    parser.add_argument(
        "--kill", type=float, default=60.0, help="stop a run after this long (default 60)"
    )
    parser.add_argument("--match", help="only the puzzles whose file name contains this")
    parser.add_argument("--data", type=Path, default=genres.DATA, help="the samples' folder")
    parser.add_argument("--detail", action="store_true", help="a table per genre, by puzzle")
    options = parser.parse_args(argv)
    declared = {Path(folder).name for folder in bundled_kinds()}
    present = sorted(f.name for f in options.data.iterdir() if f.is_dir() and f.name in declared)
    for name in options.kinds:
        if name not in present:
            parser.error(f"{name!r} has no held-out sample in {options.data}; these do: {present}")
    options.puzzles = samples(options.kinds or present, options.data, options.match)
    if not options.puzzles:
        parser.error("no puzzles")
    return options


def main(argv: Sequence[str] | None = None) -> int:
    options = arguments(argv)
    chosen = options.puzzles
    load = os.getloadavg()[0]
    compileall.compile_dir(os.path.dirname(lpsolve.__file__), quiet=1)
    runs: dict[Path, list[Run]] = {}
    for round_ in range(options.repeat):
        print(f"round {round_ + 1} of {options.repeat}", file=sys.stderr)
        for puzzle in chosen:
            runs.setdefault(puzzle.path, []).append(solve(puzzle, options.kill))
    print(
        f"`lpsolve solve --format janko FILE`, lpsolve {genres.version('lpsolve')} (clingo "
        f"{genres.version('clingo')}), Python {sys.version.split()[0]}, {os.cpu_count()} "
        f"cores, load {load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end; "
        f"each puzzle run {options.repeat} times, bound {options.limit:g} s a run\n"
    )
    by_kind: dict[str, list[Puzzle]] = {}
    for puzzle in chosen:
        by_kind.setdefault(puzzle.kind, []).append(puzzle)
    header = ["genre", "puzzles", "sizes", "unique/= published", "median s", "worst s (puzzle)",
              "worst CPU s", f"within {options.limit:g} s"]  # fmt: skip
    rows = [genre_row(group, runs, options.limit) for group in by_kind.values()]
    print(genres.markdown(header, rows))
    if options.detail:
        for group in by_kind.values():
            print("\n" + detail(group, runs))
    failed = [f for p in chosen for f in failures(p, runs[p.path], options.limit)]
    if failed:
        print("\nFailures:\n" + "\n".join(f"- {f}" for f in failed))
        return 1
    total = len(chosen)
    print(f"\nAll {total} puzzles proved unique, equal to their published solutions, each "
          f"run within {options.limit:g} s.")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
