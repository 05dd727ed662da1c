"""Shared test helpers: run the CLI in-process, independent Hidato rule checks."""

from __future__ import annotations

import logging
import random
import signal
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import strategies as st

from lpsolve.cli import main
from lpsolve.generate import puzzle_from_path, random_path

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"


@pytest.fixture(autouse=True, scope="session")
def ctrl_c_works() -> None:
    """Tests send SIGINT, to this process and to commands they start. A shell starts a
    background job (CI run with ``&``, say) with SIGINT ignored, which Python and every
    command started from it would inherit: no KeyboardInterrupt, and a Ctrl-C test
    would wait for a command that never stops. Python's own handler here means the
    commands started from here get the default disposition back (on exec)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def interrupt(process: subprocess.Popen, timeout: float = 60) -> tuple[str, str]:
    """Ctrl-C to a command a test started; its (stdout, stderr) once it ended. One that
    does not end in ``timeout`` seconds is killed (never left running) and fails."""
    process.send_signal(signal.SIGINT)
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"{process.args} did not stop within {timeout} s of Ctrl-C")


@pytest.fixture(autouse=True)
def no_clingo_warnings(caplog: pytest.LogCaptureFixture) -> Iterable[None]:
    """Any clingo warning (e.g. 'atom undefined') fails the test that caused it."""
    caplog.set_level(logging.WARNING, logger="lpsolve.clingo")
    yield
    warnings = [r.getMessage() for r in caplog.records if r.name == "lpsolve.clingo"]
    assert not warnings, warnings


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):
    """Run ``lpsolve ARGS`` in-process; returns (exit status, stdout, stderr)."""

    def runner(*args: str) -> tuple[int, str, str]:
        status = main([str(a) for a in args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return runner


def path_is_valid(
    cells: Sequence[tuple[int, int]],
    moves: set[tuple[int, int]],
    givens: dict[tuple[int, int], int],
    path: Sequence[tuple[int, int]],
) -> bool:
    """Written independently of lpsolve's checker: path[i] holds number i+1."""
    if sorted(path) != sorted(cells):
        return False
    if any(path[n - 1] != cell for cell, n in givens.items()):
        return False
    return all((b[0] - a[0], b[1] - a[1]) in moves for a, b in pairwise(path))


def count_paths(cells: Sequence[tuple[int, int]], moves: set[tuple[int, int]]) -> int:
    """Brute force: the number of numberings 1..N forming a path (directed paths)."""
    return sum(1 for _ in paths(cells, moves))


def paths(
    cells: Sequence[tuple[int, int]], moves: set[tuple[int, int]]
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Brute force: every directed path through all cells (``path[i]`` holds i + 1)."""
    on_board = set(cells)
    path: list[tuple[int, int]] = []

    def extend(cell: tuple[int, int]) -> Iterator[tuple[tuple[int, int], ...]]:
        path.append(cell)
        if len(path) == len(on_board):
            yield tuple(path)
        for dx, dy in moves:
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in on_board and nxt not in path:
                yield from extend(nxt)
        path.pop()

    for start in sorted(on_board):
        yield from extend(start)


@st.composite
def hidato_boards(draw):
    """A random Hamiltonian path on a small king, orthogonal or hex board, and the
    puzzle showing a random part of its numbers: ``(puzzle, path)``."""
    adjacency = draw(st.sampled_from(["king", "orthogonal", "hex"]))
    width = draw(st.integers(2, 6))
    height = draw(st.integers(2, 6))
    rng = random.Random(draw(st.integers(0, 2**32)))
    path = random_path(width, height, adjacency, rng)
    shown = draw(st.floats(0.0, 0.6))
    keep_ends = draw(st.booleans())
    return puzzle_from_path(path, adjacency, shown, rng, keep_ends=keep_ends), path
