"""Reading JSON puzzles: what lpsolve's checks cost on a large valid file, and how soon
inputs at its limits are refused (docs/limits.md).

In-process, medians of ``--repeat`` runs, each against ``json.loads`` of the same text
in the same run:

* a valid SIDE x SIDE Hidato board listing every cell, a quarter of the numbers given
  (17 MB at side 1000): ``json.loads`` alone; ``textformat.loads`` (the nesting and
  number checks, then ``json.loads``); ``lpsolve.parse`` (the whole puzzle built);
* refusals: 20,000,000 ``{``; 20 MB of groups nested 33 deep; the valid board cut in
  the middle; its last given's number written as a string (the place of a value at the
  very end of the file); the board without ``"adjacency"`` (a missing key).

Then each refusal as a whole command (``python -m lpsolve check FILE``, Python's
start-up and the first compilation of the nesting patterns included), against the same
command on a two-cell board.

    python benchmarks/json_reading.py [--repeat 5] [--side 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

import lpsolve
from lpsolve.errors import PuzzleError
from lpsolve.kinds import textformat


def board(side: int) -> str:
    """A valid Hidato JSON board: every cell listed, a quarter of the numbers given."""
    rng = random.Random(1)
    cells = [[x, y] for y in range(side) for x in range(side)]
    last = [side - 1, side - 1]  # given, so that the file ends with a given number
    givens = [[x, y, y * side + x + 1] for x, y in cells if rng.random() < 0.25 or [x, y] == last]
    return json.dumps({"kind": "hidato", "adjacency": "king", "cells": cells, "givens": givens})


def refusals(valid: str) -> dict[str, str]:
    """Texts lpsolve refuses, by what is wrong with them."""
    group = "[" * 33 + "]" * 33
    head = '{"kind": "hidato", "cells": '
    last = valid.rindex("]]")  # the end of the last given
    number = valid.rindex(" ", 0, last) + 1
    return {
        "20,000,000 '{'": "{" * 20_000_000,
        "20 MB of groups 33 deep": head + group * (20_000_000 // len(group)) + "}",
        "the board cut in the middle": valid[: len(valid) // 2],
        "the last given a string": valid[:number] + '"' + valid[number:last] + '"' + valid[last:],
        'no "adjacency"': valid.replace('"adjacency": "king", ', ""),
    }


def seconds(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def medians(actions: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Median seconds of each action, run in turns (A B C A B C ...) so that a change
    in the machine's load falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(repeat):
        for name, action in actions.items():
            times[name].append(seconds(action))
    return {name: statistics.median(values) for name, values in times.items()}


def refusal(text: str) -> Callable[[], PuzzleError]:
    def refuse() -> PuzzleError:
        try:
            lpsolve.parse(text, ".json")
        except PuzzleError as error:
            return error
        raise AssertionError("not refused")

    return refuse


def command_seconds(path: Path, repeat: int) -> float:
    """Median wall time of ``python -m lpsolve check FILE`` (exit 2 expected but for
    the baseline)."""
    command = [sys.executable, "-m", "lpsolve", "check", str(path)]
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--side", type=int, default=1000)
    args = parser.parse_args(argv)
    console = Console(width=max(Console().width, 120))
    valid = board(args.side)
    texts = refusals(valid)
    readings = {
        "json.loads": lambda: json.loads(valid),
        "textformat.loads (checks + json.loads)": lambda: textformat.loads(valid, "-"),
        "lpsolve.parse (the whole puzzle)": lambda: lpsolve.parse(valid, ".json"),
    }
    measured = medians(
        readings | {name: refusal(text) for name, text in texts.items()}, args.repeat
    )
    base = measured["json.loads"]

    table = Table(
        title=f"a valid {args.side}x{args.side} Hidato board, {len(valid) / 1e6:.1f} MB: "
        f"medians of {args.repeat}, ratio to json.loads in the same run"
    )
    for column in ("reading", "seconds", "ratio"):
        table.add_column(column, justify="left" if column == "reading" else "right")
    for name in readings:
        table.add_row(name, f"{measured[name]:.3f}", f"{measured[name] / base:.2f}")
    console.print(table)

    table = Table(title="refusals: seconds in-process (medians), and as a whole command")
    for column in ("input", "MB", "refused with", "in-process", "ratio", "command"):
        table.add_column(column, justify="left" if column in ("input", "refused with") else "right")
    with tempfile.TemporaryDirectory() as folder:
        tiny = Path(folder, "tiny.json")
        tiny.write_text('{"kind": "hidato", "adjacency": "king", "cells": [[0, 0], [1, 0]]}')
        baseline = command_seconds(tiny, args.repeat)
        for name, text in texts.items():
            error = refusal(text)()
            path = Path(folder, "refused.json")
            path.write_text(text)
            shown = f"{error.line}:{error.col}: {error.message}"
            table.add_row(
                name,
                f"{len(text) / 1e6:.1f}",
                escape(shown if len(shown) <= 60 else shown[:57] + "..."),
                f"{measured[name]:.3f}",
                f"{measured[name] / base:.2f}",
                f"{command_seconds(path, args.repeat):.2f}",
            )
    console.print(table)
    console.print(f"the command on a two-cell board: {baseline:.2f} s (medians of {args.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
