"""An encoding against another form of the same rules: the clingo run that each side
gets, and the table that sets two encodings side by side on the same puzzles. The
benchmarks that measure what an encoding's comments say share them
(``genre_forms.py``, ``connectivity.py``, ``genre_times.py``, ``declared.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import clingo
from rich.table import Table

#: the bundled kinds' folders
KINDS = Path(__file__).resolve().parent.parent / "lpsolve" / "kinds"


class Run(NamedTuple):
    """One load, ground and search for two answers."""

    ground: float  # wall seconds: load and ground
    search: float  # wall seconds: the search (to its end, or to the timeout)
    cpu: float  # this process's CPU seconds, both: steadier than wall time on a busy machine
    rules: int  # ground rules
    choices: int  # clingo's choices
    answers: frozenset[frozenset[str]]  # each answer's shown atoms
    complete: bool  # the search ended before the timeout

    @property
    def seconds(self) -> float:
        return self.ground + self.search


def ground_and_search(
    program: str, facts: str, options: Sequence[str] = (), timeout: float | None = None
) -> Run:
    """Load and ground ``program`` with ``facts`` under clingo's ``options``, then search
    for two answers (a uniqueness proof), stopped ``timeout`` seconds after the start."""
    cpu = time.process_time()
    start = time.perf_counter()
    ctl = clingo.Control(["--models=2", *options])
    ctl.add("base", [], program)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    grounded = time.perf_counter()
    answers: list[frozenset[str]] = []
    with ctl.solve(
        on_model=lambda model: answers.append(frozenset(map(str, model.symbols(shown=True)))),
        async_=True,
    ) as handle:
        if timeout is None:
            complete = handle.wait()
        else:
            complete = handle.wait(max(timeout - (grounded - start), 0.0))
            if not complete:
                handle.cancel()
    searched = time.perf_counter()
    stats = ctl.statistics
    return Run(
        grounded - start,
        searched - grounded,
        time.process_time() - cpu,
        int(stats["problem"]["lp"]["rules"]),
        int(stats["solving"]["solvers"]["choices"]),
        frozenset(answers),
        complete,
    )


def side_by_side(
    title: str,
    puzzles: Sequence[tuple[str, str]],
    ours: str,
    theirs: str,
    repeat: int,
    *,
    options: Sequence[str] = (),
    theirs_options: Sequence[str] = (),
    cpu: bool = False,
    same_answers: bool = False,
) -> Table:
    """Each puzzle (its name and facts) with ``ours`` (A) and ``theirs`` (B), run in turn
    (A B A B ...) so that their ratio holds whatever the machine's load: the median time
    of load, ground and search for two, the ground rules and clingo's choices. Both run
    with clingo's ``options``, B with ``theirs_options`` too; ``cpu``: CPU time instead
    of wall time; ``same_answers``: the two must find the same answers."""
    table = Table(title=title)
    for column in ("instance", "A ms", "A rules", "A choices", "B ms", "B rules", "B choices"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    table.add_column("B / A", justify="right")
    for name, facts in puzzles:
        a_runs, b_runs = [], []
        for _ in range(repeat):
            a_runs.append(ground_and_search(ours, facts, options))
            b_runs.append(ground_and_search(theirs, facts, [*options, *theirs_options]))
        if same_answers and a_runs[0].answers != b_runs[0].answers:
            raise SystemExit(f"{name}: the two find different answers")
        a = statistics.median(run.cpu if cpu else run.seconds for run in a_runs)
        b = statistics.median(run.cpu if cpu else run.seconds for run in b_runs)
        table.add_row(
            name,
            f"{a * 1e3:.1f}", str(a_runs[0].rules), str(a_runs[0].choices),
            f"{b * 1e3:.1f}", str(b_runs[0].rules), str(b_runs[0].choices),
            f"{b / a:.2f}",
        )  # fmt: skip
    return table
