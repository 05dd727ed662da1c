"""Start-up: ``lpsolve solve FILE`` against the raw clingo command on the same facts.

For every seed instance (``instances/*/seed*``) the two commands run in turn, A B A B
..., each as a whole process started from here (Python's start-up and imports
included in both):

* A: ``lpsolve solve FILE`` (one solution, then the uniqueness check: 2 models);
* B: ``python -m clingo ENCODING FACTS -n 2`` with the kind's own solver options,
  where FACTS is the text lpsolve gives clingo (``puzzle.solving_facts()``): the same
  search, without lpsolve.

With ``--against CHECKOUT`` B is instead ``lpsolve solve FILE`` run from another
checkout (say a worktree of main: is this checkout's solve any slower?); both are
then started as ``python -m lpsolve`` with their checkout first on ``PYTHONPATH``.

It reports the median wall time and CPU time (user + system of the command and the
processes it waited for, from ``os.wait4``; steadier than wall time on a shared machine)
of each and their ratios, medians of ``--repeat`` runs. Both run in the caller's
environment without ``PYTHONUNBUFFERED`` (an output setting a user's shell does not
normally carry, which makes Python write every line with its own system call).
The package is compiled to byte code first (``compileall``), as ``pip install`` does:
an editable install under ``PYTHONDONTWRITEBYTECODE`` would otherwise recompile every
module at every start.

    python benchmarks/startup.py [--repeat 15]
    git worktree add /tmp/before main && python benchmarks/startup.py --against /tmp/before
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import sys
import tempfile
from pathlib import Path

import processes  # benchmarks/processes.py (a script's folder is on its path)
from rich.console import Console
from rich.table import Table

import lpsolve
from lpsolve.resources import encoding_path, instances_dir

LPSOLVE = Path(sys.executable).with_name("lpsolve")


#: a command and the environment it runs in (None: the user's)
Command = tuple[list[str], dict[str, str] | None]


def run(command: Command) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole run of the command."""
    wall, cpu, _ = processes.timed(*command)
    return wall, cpu


def from_checkout(checkout: Path, path: Path) -> Command:
    """``lpsolve solve FILE`` with the lpsolve of ``checkout``."""
    env = {**processes.ENVIRONMENT, "PYTHONPATH": str(checkout)}
    return [sys.executable, "-m", "lpsolve", "solve", str(path)], env


def pair(path: Path, facts_dir: Path, against: Path | None) -> tuple[Command, Command]:
    """(lpsolve's command, clingo's or the other checkout's) for one puzzle file."""
    if against is not None:
        return from_checkout(Path(lpsolve.__file__).parent.parent, path), from_checkout(
            against, path
        )
    puzzle = lpsolve.load(path)
    facts = facts_dir / f"{path.name}.lp"
    facts.write_text(puzzle.solving_facts())
    clingo = [sys.executable, "-m", "clingo", str(encoding_path(puzzle.encoding)), str(facts)]
    ours = [str(LPSOLVE), "solve", str(path)]
    return (ours, None), ([*clingo, "-n", "2", *puzzle.solver_arguments], None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each (default 15)")
    parser.add_argument(
        "--against", type=Path, metavar="CHECKOUT", help="B: lpsolve from this checkout"
    )
    args = parser.parse_args()
    compileall.compile_dir(os.path.dirname(lpsolve.__file__), quiet=1)
    if args.against is not None:
        compileall.compile_dir(str(args.against / "lpsolve"), quiet=1)
    other = "clingo" if args.against is None else "before"
    seeds = sorted(p for p in instances_dir().glob("*/seed*") if p.is_file())
    title = "the clingo command" if args.against is None else f"lpsolve from {args.against}"
    table = Table(title=f"lpsolve solve vs {title}, medians of {args.repeat}")
    columns = ["instance"]
    for measure in ("wall", "CPU"):
        columns += [f"lpsolve {measure} ms", f"{other} {measure} ms", f"{measure} ratio"]
    for column in columns:
        table.add_column(column, justify="left" if column == "instance" else "right")
    ratios: dict[str, list[float]] = {"wall": [], "CPU": []}
    with tempfile.TemporaryDirectory() as scratch:
        for path in seeds:
            ours, theirs = pair(path, Path(scratch), args.against)
            run(ours), run(theirs)  # warm the disk cache
            runs: tuple[list[tuple[float, float]], list[tuple[float, float]]] = ([], [])
            for _ in range(args.repeat):
                runs[0].append(run(ours))
                runs[1].append(run(theirs))
            row = [f"{path.parent.name}/{path.name}"]
            for i, measure in enumerate(ratios):
                a = statistics.median(t[i] for t in runs[0])
                b = statistics.median(t[i] for t in runs[1])
                ratios[measure].append(a / b)
                row += [f"{a * 1000:.0f}", f"{b * 1000:.0f}", f"{a / b:.2f}x"]
            table.add_row(*row)
    Console(width=130).print(table)
    for measure, found in ratios.items():
        print(f"{measure}: largest ratio {max(found):.2f}x, median {statistics.median(found):.2f}x")


if __name__ == "__main__":
    main()
