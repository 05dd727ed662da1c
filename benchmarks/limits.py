"""How well lpsolve's limits hold, measured through the command line (docs/limits.md):

* how far past ``--timeout S`` a command ends (wall clock of the whole command, from
  the shell: Python's start-up included), while reading, grounding or searching;
* how soon Ctrl-C (SIGINT) ends a command, in each phase;
* the memory cap at work: the largest resident memory of the command's processes
  under ``--memory-limit``;
* what running the search in a supervised child costs: in-process ``lpsolve.solve``
  vs the supervised ``lpsolve.supervised.solve_file``, on every seed instance, in the
  same run (medians of ``--repeat`` runs).

    python benchmarks/limits.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

import lpsolve
from lpsolve import supervised
from lpsolve.jobs import Limits

ROOT = Path(__file__).resolve().parent.parent
SEEDS = [
    "instances/hidato/seed-10x10.hidoku",
    "instances/hidato/seed003-hex-19.json",
    "instances/hidato/seed003-hidato-40.json",
    "instances/hidato/seed003-hidato-60-holes.json",
    "instances/hidato/seed003-numbrix-9x9.json",
    "instances/hidato/seed003-hex-90-hole.json",
    "instances/hidato/seed003-hex-163-toughest.json",
    "instances/takuzu/seed-8x8.takuzu",
    "instances/magic/seed-5x5.magic",
    "instances/mastermind/seed-6x9.mastermind",
    "instances/tiling/seed-8x8.tiling",
]


def boards(folder: Path) -> dict[str, Path]:
    """Inputs that keep each phase busy for many seconds."""
    files = {
        # parsing and building facts: 1,000,000 cells of Python work
        "reading (1000x1000 Hidato)": ("king-1000.hidoku", _king_board(1000)),
        # grounding: 16 s in clingo, which does not return to Python meanwhile
        "grounding (200x200 Takuzu)": ("empty-200.takuzu", ("." * 200 + "\n") * 200),
        # search: counting the 4,111,116 empty 8x8 Takuzu grids takes half a minute
        "search (count 8x8 Takuzu)": ("empty-8.takuzu", ("." * 8 + "\n") * 8),
    }
    paths = {}
    for phase, (name, text) in files.items():
        path = folder / name
        path.write_text(text)
        paths[phase] = path
    return paths


def _king_board(n: int) -> str:
    rows = []
    for r in range(n):
        cells = ["_"] * n
        if r == 0:
            cells[0] = "1"
        if r == n - 1:
            cells[-1] = str(n * n)
        rows.append(",".join(cells))
    return "\n".join(rows) + "\n"


def command(path: Path, phase: str) -> list[str]:
    base = [sys.executable, "-m", "lpsolve", "solve", str(path)]
    return [*base, "--count"] if phase.startswith("search") else base


def timeout_overshoot(paths: dict[str, Path], seconds: float, repeat: int) -> Table:
    table = Table(title=f"--timeout {seconds:g}: whole command's wall time (medians of {repeat})")
    for column in ("phase at the deadline", "wall s", "past the timeout s", "exit"):
        table.add_column(column, justify="left" if column.startswith("phase") else "right")
    for phase, path in paths.items():
        walls, codes = [], set()
        for _ in range(repeat):
            started = time.monotonic()
            done = subprocess.run(
                [*command(path, phase), "--timeout", str(seconds)], capture_output=True
            )
            walls.append(time.monotonic() - started)
            codes.add(done.returncode)
        wall = statistics.median(walls)
        codes_text = ",".join(map(str, sorted(codes)))
        table.add_row(phase, f"{wall:.2f}", f"{wall - seconds:+.2f}", codes_text)
    return table


def interrupt_latency(paths: dict[str, Path], repeat: int) -> Table:
    table = Table(title=f"Ctrl-C (SIGINT): from the signal to the end (medians of {repeat})")
    for column in ("phase", "sent after s", "latency ms", "max ms", "exit"):
        table.add_column(column, justify="left" if column == "phase" else "right")
    delays = {"reading": 0.6, "grounding": 2.0, "search": 2.0}
    for phase, path in paths.items():
        delay = delays[phase.split()[0]]
        latencies, codes = [], set()
        for _ in range(repeat):
            process = subprocess.Popen(
                command(path, phase), stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
            time.sleep(delay)
            sent = time.monotonic()
            process.send_signal(signal.SIGINT)
            process.communicate()
            latencies.append(time.monotonic() - sent)
            codes.add(process.returncode)
        table.add_row(
            phase,
            f"{delay:g}",
            f"{statistics.median(latencies) * 1000:.0f}",
            f"{max(latencies) * 1000:.0f}",
            ",".join(map(str, sorted(codes))),
        )
    return table


def memory_cap(paths: dict[str, Path]) -> Table:
    """Under ``--memory-limit``: the largest sum of the resident memory of the command's
    processes (lpsolve and its job, read from /proc every 2 ms: what the cap covers),
    and the largest of any one of them (GNU time's measure: ``ru_maxrss`` of ``wait4``)."""
    table = Table(title="--memory-limit: resident memory of the command's processes")
    for column in ("input", "limit", "together MB", "one MB", "seconds", "exit", "message"):
        table.add_column(column, justify="left" if column in ("input", "message") else "right")
    grounding = next(p for phase, p in paths.items() if phase.startswith("grounding"))
    reading = next(p for phase, p in paths.items() if phase.startswith("reading"))
    for path, limit in ((grounding, "200M"), (grounding, "500M"), (reading, "300M")):
        started = time.monotonic()
        process = subprocess.Popen(
            [*command(path, ""), "--memory-limit", limit],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        together, (code, usage) = _tree_peak(process.pid)
        seconds = time.monotonic() - started
        message = process.stderr.read().strip()[-90:] if process.stderr else ""
        table.add_row(
            path.name,
            limit,
            f"{together / 2**20:.0f}",
            f"{usage.ru_maxrss / 1024:.0f}",
            f"{seconds:.2f}",
            str(os.waitstatus_to_exitcode(code)),
            message,
        )
    return table


def _tree_peak(pid: int) -> tuple[int, tuple[int, resource.struct_rusage]]:
    """Until process ``pid`` ends: the largest sum of its and its children's resident
    memory; then its wait status and resource usage."""
    page = os.sysconf("SC_PAGE_SIZE")

    def resident(process: int | str) -> int:
        try:
            return int(Path(f"/proc/{process}/statm").read_text().split()[1]) * page
        except (OSError, IndexError):
            return 0

    peak = 0
    while True:
        ended, status, usage = os.wait4(pid, os.WNOHANG)
        if ended:
            return peak, (status, usage)
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            children = []
        peak = max(peak, resident(pid) + sum(resident(child) for child in children))
        time.sleep(0.002)


def process_start_cost(repeat: int) -> Table:
    table = Table(title=f"Supervised child vs in-process, same run (medians of {repeat})")
    for column in ("instance", "in-process ms", "supervised ms", "cost ms", "ratio"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    for name in SEEDS:
        path = str(ROOT / name)
        inline, child = [], []
        for _ in range(repeat):
            started = time.perf_counter()
            lpsolve.solve(lpsolve.load(path), 2)
            inline.append(time.perf_counter() - started)
            started = time.perf_counter()
            supervised.solve_file(path, limit=2, limits=Limits())
            child.append(time.perf_counter() - started)
        a, b = statistics.median(inline), statistics.median(child)
        table.add_row(
            Path(name).name,
            f"{a * 1000:.1f}",
            f"{b * 1000:.1f}",
            f"{(b - a) * 1000:+.1f}",
            f"{b / a:.2f}",
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (medians)")
    parser.add_argument("--timeout", type=float, default=2.0, help="the --timeout measured")
    args = parser.parse_args()
    console = Console()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    with tempfile.TemporaryDirectory() as folder:
        paths = boards(Path(folder))
        console.print(process_start_cost(max(args.repeat, 5) * 2))
        console.print(timeout_overshoot(paths, args.timeout, args.repeat))
        console.print(interrupt_latency(paths, args.repeat))
        console.print(memory_cap(paths))


if __name__ == "__main__":
    main()
