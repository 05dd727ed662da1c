"""Batch throughput: ``lpsolve batch --jobs 1`` vs ``--jobs 2`` vs a plain in-process loop.

Generates a seeded collection of puzzles of mixed kinds (Hidato king boards, Numbrix,
hex boards, Takuzu, magic boards, Mastermind games; each solving in roughly 3-100 ms, so
that what batch adds per puzzle shows), checks that every file loads, then times three
configurations, each the wall time of a whole command started from here (Python's
start-up and imports included in all three), interleaved A, B, C, A, B, C, ... so that
they share the machine's drift:

* ``lpsolve batch DIR --jobs 1 --no-solutions --output REPORT.jsonl``: every puzzle
  in its own supervised child process (fork, pipe, deadline and memory polling);
* the same with ``--jobs 2``;
* a plain loop in a fresh Python: ``lpsolve.load`` and ``lpsolve.solve(puzzle, 2)``
  for each file (the baseline: the ratios are against its median in the same run).

Every run's verdicts (unique / several / none per file) must agree with the in-process
loop's, or the benchmark stops with the differences. Medians of ``--repeat`` runs; the
per-puzzle overhead of the supervised worker is (jobs 1 - in-process) / N.

    python benchmarks/batch.py [--puzzles 2000] [--repeat 3] [--seed 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

import lpsolve
from lpsolve.generate import random_puzzle
from lpsolve.kinds.hidato import HidatoPuzzle
from lpsolve.kinds.mastermind import score

COLOURS = ("red", "blue", "green", "yellow", "orange", "brown", "black", "white")

# The loop run for configuration (c): no lpsolve.cli, rich or argparse to import, so
# that what separates it from batch is the supervision, not the start-up.
INPROCESS = """
import json, sys, time
from pathlib import Path
import lpsolve
verdicts = {}
for path in sorted(Path(sys.argv[1]).iterdir()):
    started = time.perf_counter()
    result = lpsolve.solve(lpsolve.load(path), 2)
    seconds = time.perf_counter() - started
    verdict = "none" if result.count == 0 else "unique" if result.unique else "several"
    verdicts[path.name] = [verdict, seconds]
Path(sys.argv[2]).write_text(json.dumps(verdicts))
"""


# -- generators: each returns the file's text for a random number generator ----------


def hidato_grid(puzzle: HidatoPuzzle, width: int, height: int) -> str:
    """A rectangular board in the comma grid format (``__`` for an empty cell)."""
    rows = []
    for y in range(height):
        fields = [f"{puzzle.givens.get((x, y), '__'):>3}" for x in range(width)]
        rows.append(",".join(fields))
    return "\n".join(rows) + "\n"


def rectangle_board(adjacency: str, size: int, shown: float) -> Callable[[random.Random], str]:
    def make(rng: random.Random) -> str:
        puzzle, _ = random_puzzle(size, size, adjacency, shown, rng.randrange(2**32))
        return hidato_grid(puzzle, size, size)

    return make


def hex_board(size: int, shown: float) -> Callable[[random.Random], str]:
    """Hex boards need the JSON form: their cells are in axial coordinates."""

    def make(rng: random.Random) -> str:
        puzzle, _ = random_puzzle(size, size, "hex", shown, rng.randrange(2**32))
        data = {
            "kind": "hidato",
            "adjacency": "hex",
            "cells": [list(cell) for cell in sorted(puzzle.cells)],
            "givens": [[x, y, n] for (x, y), n in sorted(puzzle.givens.items())],
        }
        return json.dumps(data) + "\n"

    return make


def takuzu(size: int, shown: float) -> Callable[[random.Random], str]:
    """A valid grid found by clingo from a few random cells (clingo's search is
    deterministic, so the random seeds are what varies the grid), then a random
    fraction of its cells kept as givens; often not unique, which batch reports."""

    def make(rng: random.Random) -> str:
        while True:  # a few random cells can already break a rule: draw again
            board = [["."] * size for _ in range(size)]
            for _ in range(size // 2):
                board[rng.randrange(size)][rng.randrange(size)] = rng.choice("01")
            seeded = lpsolve.parse("".join("".join(row) + "\n" for row in board), ".takuzu")
            found = lpsolve.solve(seeded, 1)
            if found.count:
                break
        grid = found.solutions[0].rows
        return "".join(
            "".join(d if rng.random() < shown else "." for d in row) + "\n" for row in grid
        )

    return make


def magic(size: int, shown: float) -> Callable[[random.Random], str]:
    """Numbers 1..N*N: a magic square found by clingo from one random given, then a
    random fraction of it kept (5x5 below 60 % shown has a tail of 100+ ms boards)."""

    def make(rng: random.Random) -> str:
        while True:
            board = [["_"] * size for _ in range(size)]
            board[rng.randrange(size)][rng.randrange(size)] = str(rng.randint(1, size * size))
            seeded = lpsolve.parse("".join(" ".join(row) + "\n" for row in board), ".magic")
            found = lpsolve.solve(seeded, 1)
            if found.count:
                break
        square = found.solutions[0].rows
        return "".join(
            " ".join(f"{v:>2}" if rng.random() < shown else "__" for v in row) + "\n"
            for row in square
        )

    return make


def mastermind(pegs: int, colours: int, guesses: int) -> Callable[[random.Random], str]:
    """A random secret and random guesses scored against it; one game in four gets one
    feedback changed to another legal one, which often leaves no consistent code (so
    that "none" is among the verdicts compared)."""

    def make(rng: random.Random) -> str:
        names = COLOURS[:colours]
        secret = [rng.choice(names) for _ in range(pegs)]
        lines = [f"pegs: {pegs}", f"colours: {' '.join(names)}", "repeats: yes"]
        feedback = []
        for _ in range(guesses):
            guess = [rng.choice(names) for _ in range(pegs)]
            feedback.append((guess, *score(guess, secret)))
        if rng.random() < 0.25:
            i = rng.randrange(guesses)
            guess, black, white = feedback[i]
            legal = [
                (b, w)
                for b in range(pegs + 1)
                for w in range(pegs + 1 - b)
                if (b, w) != (black, white) and not (b == pegs - 1 and w == 1)
            ]
            feedback[i] = (guess, *rng.choice(legal))
        lines += [f"{' '.join(g)} : {b} {w}" for g, b, w in feedback]
        return "\n".join(lines) + "\n"

    return make


#: label, extension, share of the puzzles, generator
MIX: list[tuple[str, str, float, Callable[[random.Random], str]]] = [
    ("hidoku king 6x6 40%", ".hidoku", 0.08, rectangle_board("king", 6, 0.4)),
    ("hidoku king 8x8 40%", ".hidoku", 0.08, rectangle_board("king", 8, 0.4)),
    ("hidoku king 10x10 40%", ".hidoku", 0.06, rectangle_board("king", 10, 0.4)),
    ("hidoku king 12x12 35%", ".hidoku", 0.05, rectangle_board("king", 12, 0.35)),
    ("numbrix 6x6 30%", ".numbrix", 0.06, rectangle_board("orthogonal", 6, 0.3)),
    ("numbrix 8x8 30%", ".numbrix", 0.06, rectangle_board("orthogonal", 8, 0.3)),
    ("numbrix 10x10 25%", ".numbrix", 0.06, rectangle_board("orthogonal", 10, 0.25)),
    ("hex 6x6 50%", ".json", 0.05, hex_board(6, 0.5)),
    ("hex 8x8 40%", ".json", 0.05, hex_board(8, 0.4)),
    ("takuzu 8x8 40%", ".takuzu", 0.07, takuzu(8, 0.4)),
    ("takuzu 10x10 40%", ".takuzu", 0.07, takuzu(10, 0.4)),
    ("takuzu 14x14 40%", ".takuzu", 0.06, takuzu(14, 0.4)),
    ("magic 4x4 40%", ".magic", 0.05, magic(4, 0.4)),
    ("magic 5x5 60%", ".magic", 0.05, magic(5, 0.6)),
    ("mastermind 4 pegs 6 colours 4 guesses", ".mastermind", 0.06, mastermind(4, 6, 4)),
    ("mastermind 5 pegs 8 colours 5 guesses", ".mastermind", 0.05, mastermind(5, 8, 5)),
    ("mastermind 6 pegs 8 colours 7 guesses", ".mastermind", 0.04, mastermind(6, 8, 7)),
]


#: the kind each extension written here must load as
KIND_OF = {".hidoku": "hidato", ".numbrix": "hidato", ".json": "hidato"}
KIND_OF |= {ext: ext[1:] for ext in (".takuzu", ".magic", ".mastermind")}


def generate(folder: Path, total: int, seed: int) -> dict[str, str]:
    """Write ``total`` puzzles into ``folder``; returns file name -> mix label.

    Counts per label are the shares rounded (the remainder goes to the first label);
    the files are numbered in a shuffled order, so that the kinds are mixed along
    batch's (sorted) order rather than run as blocks.
    """
    rng = random.Random(seed)
    counts = [round(total * share) for _, _, share, _ in MIX]
    counts[0] += total - sum(counts)
    plan = [i for i, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(plan)
    labels = {}
    digits = len(str(total))
    for number, i in enumerate(plan, 1):
        label, extension, _, make = MIX[i]
        name = f"{number:0{digits}d}-{label.split()[0]}{extension}"
        (folder / name).write_text(make(random.Random(rng.randrange(2**32))))
        labels[name] = label
    return labels


def validate(folder: Path, labels: dict[str, str]) -> None:
    """Every file loads, as the kind its extension is for (before anything is timed)."""
    for name in labels:
        kind = lpsolve.load(folder / name).kind
        expected = KIND_OF[Path(name).suffix]
        if kind != expected:
            raise SystemExit(f"{name}: loaded as {kind}, expected {expected}")


# -- the three configurations ---------------------------------------------------------


def lpsolve_command() -> list[str]:
    """The ``lpsolve`` script of this environment (as a user runs it), else ``-m``."""
    script = Path(sys.executable).parent / "lpsolve"
    return [str(script)] if script.exists() else [sys.executable, "-m", "lpsolve"]


def report_verdicts(report: Path) -> dict[str, str]:
    """File name -> verdict from batch's JSON Lines report (``status``, ``count``,
    ``unique``); anything but a complete answer (timeout, error) is its status."""
    verdicts = {}
    for line in report.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        data = json.loads(line)
        status = data.get("status")
        if status not in ("solved", "no solution"):
            verdict = str(status)
        elif data["count"] == 0:
            verdict = "none"
        else:
            verdict = "unique" if data["unique"] else "several"
        verdicts[Path(data["file"]).name] = verdict
    return verdicts


def run_batch(folder: Path, jobs: int, scratch: Path) -> tuple[float, dict[str, str]]:
    report = scratch / f"jobs{jobs}.jsonl"
    report.unlink(missing_ok=True)  # batch appends to its report
    command = [*lpsolve_command(), "batch", str(folder), "--jobs", str(jobs)]
    command += ["--no-solutions", "--output", str(report)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"lpsolve batch --jobs {jobs} exited {done.returncode}:\n{done.stderr}")
    return seconds, report_verdicts(report)


def run_inprocess(folder: Path, scratch: Path) -> tuple[float, dict[str, list]]:
    out = scratch / "inprocess.json"
    command = [sys.executable, "-c", INPROCESS, str(folder), str(out)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"the in-process loop exited {done.returncode}:\n{done.stderr}")
    return seconds, json.loads(out.read_text())


def check_agreement(name: str, got: dict[str, str], expected: dict[str, str]) -> None:
    if got == expected:
        return
    differ = sorted(f for f in expected.keys() | got.keys() if got.get(f) != expected.get(f))
    shown = "\n".join(f"  {f}: {got.get(f)} vs in-process {expected.get(f)}" for f in differ[:20])
    raise SystemExit(
        f"DISAGREEMENT: {name} gives other verdicts than the in-process loop on "
        f"{len(differ)} files:\n{shown}"
    )


# -- report ---------------------------------------------------------------------------


def mix_table(labels: dict[str, str], inprocess: dict[str, list]) -> Table:
    table = Table(title="The puzzles: verdicts and in-process load + solve time per puzzle")
    for column in ("mix", "puzzles", "unique", "several", "none", "median ms", "max ms"):
        table.add_column(column, justify="left" if column == "mix" else "right")
    for label, *_ in MIX:
        names = [n for n, lab in labels.items() if lab == label]
        verdicts = Counter(inprocess[n][0] for n in names)
        ms = [inprocess[n][1] * 1000 for n in names]
        table.add_row(
            label,
            f"{len(names):,}",
            *(f"{verdicts[v]:,}" for v in ("unique", "several", "none")),
            f"{statistics.median(ms):.1f}" if ms else "-",
            f"{max(ms):.1f}" if ms else "-",
        )
    verdicts = Counter(v for v, _ in inprocess.values())
    ms = [s * 1000 for _, s in inprocess.values()]
    table.add_row(
        "all",
        f"{len(labels):,}",
        *(f"{verdicts[v]:,}" for v in ("unique", "several", "none")),
        f"{statistics.median(ms):.1f}",
        f"{max(ms):.1f}",
    )
    return table


def timing_table(times: dict[str, list[float]], total: int, repeat: int) -> Table:
    base = statistics.median(times["in-process loop"])
    table = Table(
        title=f"{total:,} puzzles, wall time of the whole command (medians of {repeat} runs)"
    )
    columns = ("configuration", "median s", "min s", "max s", "puzzles/s", "ms/puzzle")
    for column in (*columns, "x in-process"):
        table.add_column(column, justify="left" if column == "configuration" else "right")
    for name, runs in times.items():
        median = statistics.median(runs)
        table.add_row(
            name,
            f"{median:.2f}",
            f"{min(runs):.2f}",
            f"{max(runs):.2f}",
            f"{total / median:.1f}",
            f"{median / total * 1000:.2f}",
            f"{median / base:.2f}",
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=2000, metavar="N")
    parser.add_argument("--repeat", type=int, default=3, metavar="R", help="runs each (medians)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, metavar="DIR", help="generate here and keep them")
    args = parser.parse_args()
    if args.puzzles < 1 or args.repeat < 1:
        parser.error("--puzzles and --repeat must be at least 1")
    console = Console(width=None if sys.stdout.isatty() else 120)
    started = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="lpsolve-batch-bench-") as temporary:
        scratch = Path(temporary)
        folder = args.keep or scratch / "puzzles"
        folder.mkdir(parents=True, exist_ok=True)
        if any(folder.iterdir()):  # batch and the loop read every file in it
            raise SystemExit(f"{folder}: not empty; --keep needs a new or empty folder")
        labels = generate(folder, args.puzzles, args.seed)
        validate(folder, labels)
        console.print(
            f"generated and loaded {len(labels):,} puzzles (seed {args.seed}) in "
            f"{time.perf_counter() - started:.1f} s into {folder}; lpsolve "
            f"{lpsolve.__version__}, {os.cpu_count()} cores (os.cpu_count()), "
            f"{args.repeat} interleaved runs each"
        )

        configurations: dict[str, Callable[[], tuple[float, dict[str, str]]]] = {
            "lpsolve batch --jobs 1": lambda: run_batch(folder, 1, scratch),
            "lpsolve batch --jobs 2": lambda: run_batch(folder, 2, scratch),
        }
        times: dict[str, list[float]] = {name: [] for name in configurations}
        times["in-process loop"] = []
        inprocess: dict[str, list] = {}
        for run in range(1, args.repeat + 1):
            batch_verdicts = {}
            for name, action in configurations.items():
                seconds, batch_verdicts[name] = action()
                times[name].append(seconds)
                console.print(f"run {run}: {name}: {seconds:.2f} s")
            seconds, inprocess = run_inprocess(folder, scratch)
            times["in-process loop"].append(seconds)
            console.print(f"run {run}: in-process loop: {seconds:.2f} s")
            expected = {name: verdict for name, (verdict, _) in inprocess.items()}
            if set(expected) != set(labels):
                raise SystemExit("the in-process loop did not solve exactly the generated files")
            for name, verdicts in batch_verdicts.items():
                check_agreement(name, verdicts, expected)

        console.print(mix_table(labels, inprocess))
        console.print(timing_table(times, len(labels), args.repeat))
        jobs1 = statistics.median(times["lpsolve batch --jobs 1"])
        jobs2 = statistics.median(times["lpsolve batch --jobs 2"])
        base = statistics.median(times["in-process loop"])
        console.print(
            f"supervised worker overhead per puzzle, (jobs 1 - in-process) / N: "
            f"{(jobs1 - base) / len(labels) * 1000:+.2f} ms; --jobs 2 speed-up over "
            f"--jobs 1: x{jobs1 / jobs2:.2f} on {os.cpu_count()} cores; verdicts agree in "
            f"every run: {dict(Counter(expected.values()))}"
        )
    console.print(f"whole benchmark: {time.perf_counter() - started:.0f} s wall")


if __name__ == "__main__":
    main()
