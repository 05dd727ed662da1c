"""``lpsolve bench``: how fast the bundled instances solve, as medians and ratios.

Timings on a shared machine are noisy, so every figure is the median of several
runs and is also given as a ratio to a baseline measured in the same run:
in-process times against clingo enumerating all 92 solutions of 8 queens, and
command-line wall times against ``python -m lpsolve --version`` (start-up alone).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from rich.console import Console
from rich.table import Table

from . import api
from .backends import csp
from .backends.session import Session
from .errors import LpsolveError, UsageError
from .kinds import EXTENSIONS
from .puzzle import Puzzle
from .resources import instances_dir

REFERENCE_PROGRAM = """
queen(1..8, 1..8).
1 { at(R, C) : queen(R, C) } 1 :- R = 1..8.
:- at(R1, C), at(R2, C), R1 < R2.
:- at(R1, C1), at(R2, C2), R1 < R2, |R1 - R2| = |C1 - C2|.
"""
RANDOM_BOARDS = [(20, 0.25), (20, 0.10), (30, 0.25), (30, 0.10)]
RANDOM_TIMEOUT = 60.0


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def reference_solve() -> int:
    with Session(["--models", "0"]) as session:
        session.add(REFERENCE_PROGRAM)
        session.ground()
        return int(bool(session.search().satisfiable))


def cli_seconds(arguments: list[str], repeat: int) -> float:
    command = [sys.executable, "-m", "lpsolve", *arguments]
    return median_seconds(lambda: subprocess.run(command, capture_output=True, check=False), repeat)


def bundled_instances() -> list[Path]:
    known = {*EXTENSIONS, ".json"}
    return sorted(p for p in instances_dir().rglob("*") if p.is_file() and p.suffix in known)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


def run(
    repeat: int = 5, random_boards: bool = False, seed: int = 1, console: Console | None = None
) -> None:
    # Wide enough for the tables when the output is a file or a pipe.
    console = console or Console(width=None if sys.stdout.isatty() else 140)
    base_inprocess = median_seconds(reference_solve, repeat)
    base_cli = cli_seconds(["--version"], repeat)
    console.print(
        f"lpsolve bench: medians of {repeat} runs; baselines measured now: "
        f"8-queens all solutions in-process {ms(base_inprocess)} ms, "
        f"CLI start-up {ms(base_cli)} ms"
    )

    table = Table(
        title="Bundled instances: ground + solve, searching for 2 solutions (uniqueness proof)"
    )
    for column in (
        "instance",
        "kind",
        "solutions",
        "clingo ms",
        "x baseline",
        "csp ms",
        "csp/clingo",
        "CLI wall ms",
        "x start-up",
    ):
        table.add_column(column, justify="left" if column in ("instance", "kind") else "right")
    root = instances_dir()
    csp_skipped: list[str] = []
    from rich.progress import track

    # progress on stderr when it is a terminal (subprocesses exec at once: a thread is safe)
    paths = track(
        bundled_instances(),
        description="bench",
        console=Console(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )
    for path in paths:
        try:
            puzzle = api.load(path)
        except LpsolveError as error:
            console.print(f"[red]skipped {path.name}: {error}")
            continue
        result = api.solve(puzzle, 2)
        answer = "unique" if result.unique else ("none" if result.count == 0 else "2+")
        inprocess = median_seconds(lambda p=puzzle: api.solve(p, 2), repeat)
        csp_ms, ratio, skip_reason = _csp_columns(puzzle, inprocess, repeat)
        if skip_reason:
            csp_skipped.append(f"{path.relative_to(root)}: {skip_reason}")
        wall = cli_seconds(["solve", str(path)], repeat)
        table.add_row(
            str(path.relative_to(root)),
            puzzle.kind,
            answer,
            ms(inprocess),
            f"{inprocess / base_inprocess:.2f}",
            csp_ms,
            ratio,
            ms(wall),
            f"{wall / base_cli:.2f}",
        )
    console.print(table)
    for line in csp_skipped:
        console.print(f"csp skipped {line}")
    console.print(takuzu_count_line(repeat, base_inprocess))
    console.print(tiling_table(repeat, base_inprocess, base_cli))
    if random_boards:
        console.print(random_board_table(seed, repeat))


def takuzu_count_line(repeat: int, base_inprocess: float) -> str:
    """Counting every grid of an empty 6x6 Takuzu board (4,140), without building them;
    ``benchmarks/takuzu_count.py --eight`` counts the 4,111,116 grids of 8x8."""
    board = api.parse("......\n" * 6, ".takuzu")
    seconds = median_seconds(lambda: api.count(board), repeat)
    found = api.count(board).count
    return (
        f"Takuzu: counting all {found:,} grids of an empty 6x6 board: {ms(seconds)} ms "
        f"(x{seconds / base_inprocess:.2f} baseline)"
    )


def tiling_table(repeat: int, base_inprocess: float, base_cli: float) -> Table:
    """Checkerboard tiling: every solution (each decoded and verified), and the two
    class counts, for the seed 8x8 and the 5x5 set; the CLI wall time of ``--all``."""
    table = Table(title="Tiling: enumerating every solution and counting classes")
    for column in ("instance", "what", "count", "clingo ms", "x baseline", "CLI wall ms"):
        table.add_column(column, justify="left" if column in ("instance", "what") else "right")
    for name in ("seed-8x8.tiling", "geekoverdose-5x5_1.tiling"):
        path = instances_dir() / "tiling" / name
        puzzle = api.load(path)
        modes = [
            ("every solution", puzzle, partial(api.solve, limit=None)),
            ("--merge-identical", puzzle.classes(["merge-identical"]), api.count),
            ("--up-to-symmetry", puzzle.classes(["up-to-symmetry"]), api.count),
        ]
        for what, variant, search in modes:
            count = search(variant).count
            seconds = median_seconds(lambda v=variant, f=search: f(v), repeat)
            wall = ""
            if what == "every solution":
                wall = ms(cli_seconds(["solve", str(path), "--all"], repeat))
            table.add_row(
                name, what, f"{count:,}", ms(seconds), f"{seconds / base_inprocess:.1f}", wall
            )
    return table


def _csp_columns(puzzle: Puzzle, clingo_seconds: float, repeat: int) -> tuple[str, str, str | None]:
    """The csp backend's median for the same search and its ratio to clingo's, or why
    it was skipped (no model for the kind, or a puzzle bigger than its model handles)."""
    try:
        reason = csp.too_big(puzzle)
    except UsageError as error:
        reason = str(error)
    if reason is not None:
        return "skipped", "-", reason
    seconds = median_seconds(lambda: api.solve(puzzle, 2, backend="csp"), repeat)
    return ms(seconds), f"{seconds / clingo_seconds:.1f}", None


def random_board_table(seed: int, repeat: int) -> Table:
    """Random king boards from random Hamiltonian paths, each solved in a child process
    (so its peak memory can be read) with a time limit; medians over seeds."""
    from .generate import random_puzzle

    table = Table(
        title=f"Random king boards (search for 2 solutions, {RANDOM_TIMEOUT:.0f} s "
        f"limit each; seeds {seed}..{seed + repeat - 1}; medians)"
    )
    for column in ("board", "shown", "atoms", "ground s", "solve s", "max RSS MB", "outcomes"):
        table.add_column(column, justify="right")
    with tempfile.TemporaryDirectory() as folder:
        for width, shown in RANDOM_BOARDS:
            rows = []
            for s in range(seed, seed + repeat):
                puzzle, _ = random_puzzle(width, width, "king", shown, s)
                path = Path(folder) / f"random-{width}-{shown}-{s}.json"
                path.write_text(
                    json.dumps(
                        {
                            "kind": "hidato",
                            "adjacency": "king",
                            "cells": [list(c) for c in puzzle.cells],
                            "givens": [[x, y, n] for (x, y), n in puzzle.givens.items()],
                        }
                    )
                )
                rows.append(_solve_in_child(path))
            table.add_row(
                f"{width}x{width}",
                f"{shown:.0%}",
                f"{statistics.median(r['atoms'] for r in rows):,.0f}",
                f"{statistics.median(r['ground'] for r in rows):.2f}",
                f"{statistics.median(r['solve'] for r in rows):.2f}",
                f"{statistics.median(r['rss'] for r in rows):,.0f}",
                " ".join(r["outcome"] for r in rows),
            )
    return table


def _solve_in_child(path: Path) -> dict:
    command = [
        sys.executable,
        "-m",
        "lpsolve",
        "solve",
        str(path),
        "--format",
        "json",
        "--stats",
        "--timeout",
        str(RANDOM_TIMEOUT),
    ]
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        child.returncode = 0
        out.seek(0)
        data = json.loads(out.read() or b"{}")
    stats = data.get("stats", {})
    if data.get("unique"):
        outcome = "unique"
    elif data.get("count", 0) >= 2:
        outcome = "2+"
    elif data.get("complete"):
        outcome = "none"
    else:
        outcome = "timeout" if data.get("count", 0) == 0 else "1+timeout"
    return {
        "atoms": stats.get("atoms", 0),
        "ground": stats.get("ground_seconds", 0.0),
        "solve": stats.get("solve_seconds", 0.0),
        "rss": usage.ru_maxrss / 1024,
        "outcome": outcome,
    }
