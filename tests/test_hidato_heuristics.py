"""The encoding's search heuristics (``-c grow=1``, ``-c scan=1..4`` with clingo's
``--heuristic=Domain``) and the search portfolio that takes the scan's corners in turns
only steer the search: on small boards every option finds exactly the paths a brute
force finds, and the kind switches them on as documented."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import clingo
import pytest

import lpsolve
from lpsolve.backends import asp
from lpsolve.backends.session import Session
from lpsolve.generate import puzzle_from_path, random_path, random_puzzle, rectangle
from lpsolve.kinds.hidato import HidatoPuzzle, build
from lpsolve.puzzle import facts_program
from lpsolve.resources import encoding_path

from .conftest import paths

HEURISTICS = {
    "none": [],
    "grow": ["--heuristic=Domain", "--const=grow=1"],
    **{
        f"scan from corner {corner}": ["--heuristic=Domain", f"--const=scan={corner}"]
        for corner in range(1, 5)
    },
}


def solution_paths(puzzle: HidatoPuzzle, options: list[str]) -> set[tuple]:
    """Every answer of encoding + facts under the options, as the path of its cells."""
    ctl = clingo.Control(["--models", "0", *options])
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], facts_program(puzzle.facts()))
    ctl.ground([("base", [])])
    found: set[tuple] = set()

    def on_model(model: clingo.Model) -> None:
        cell_of = {
            a.arguments[2].number: (a.arguments[0].number, a.arguments[1].number)
            for a in model.symbols(shown=True)
        }
        found.add(tuple(cell_of[n] for n in range(1, len(cell_of) + 1)))

    ctl.solve(on_model=on_model)
    return found


def brute_force(puzzle: HidatoPuzzle) -> set[tuple]:
    """The paths through all cells that put every given number in its cell."""
    return {
        path
        for path in paths(puzzle.cells, set(puzzle.offsets))
        if all(path[n - 1] == cell for cell, n in puzzle.givens.items())
    }


def holed_king_board(seed: int) -> HidatoPuzzle:
    # Negative coordinates and a hole: the scan order must not assume a board at (0, 0).
    cells = [(x - 2, y - 3) for x, y in rectangle(4, 3) if (x, y) != (1, 1)]
    path = next(paths(cells, set(build(cells, {}, "king").offsets)))
    shown = random.Random(seed).randrange(2, len(path) + 1)
    return build(cells, {path[0]: 1, path[shown - 1]: shown}, "king")


BOARDS = {
    "4x3 king, 25 % shown": lambda seed: random_puzzle(4, 3, "king", 0.25, seed)[0],
    "5x4 orthogonal, 20 % shown": lambda seed: random_puzzle(5, 4, "orthogonal", 0.2, seed)[0],
    "3x3 hex, 2 shown": lambda seed: puzzle_from_path(
        random_path(3, 3, "hex", random.Random(seed)), "hex", 0.2, random.Random(seed)
    ),
    "king with a hole, negative coordinates": holed_king_board,
}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("board", list(BOARDS))
def test_every_heuristic_finds_exactly_the_brute_force_paths(board: str, seed: int) -> None:
    puzzle = BOARDS[board](seed)
    expected = brute_force(puzzle)
    assert expected, "a board made from a path has that path as a solution"
    for name, options in HEURISTICS.items():
        assert solution_paths(puzzle, options) == expected, name


def test_a_large_sparse_board_is_solved_with_the_corners_in_turns() -> None:
    puzzle, _ = random_puzzle(20, 20, "king", 0.25, 1)
    assert [options[-1] for options in puzzle.search_portfolio] == [
        f"--const=scan={corner}" for corner in range(1, 5)
    ]
    result = lpsolve.solve(puzzle, 1)  # every solution passes the rule checker
    assert result.count == 1
    dense, _ = random_puzzle(20, 20, "king", 0.6, 1)
    small, _ = random_puzzle(10, 10, "king", 0.25, 1)
    assert dense.search_portfolio == small.search_portfolio == ()
    assert dense.solver_arguments == small.solver_arguments == ()


class InTurns(HidatoPuzzle):
    """A small board searched like a large sparse one: the scan's corners in turns."""

    search_portfolio = tuple(  # type: ignore[assignment]
        ("--heuristic=Domain", f"--const=scan={corner}") for corner in range(1, 5)
    )


def in_turns(puzzle: HidatoPuzzle) -> InTurns:
    return InTurns(**puzzle.__getstate__())


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("board", list(BOARDS))
def test_turns_find_exactly_the_brute_force_paths(
    board: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Turns of one conflict: searches are cut off and taken up again, many times.
    monkeypatch.setattr(asp, "FIRST_TURN_CONFLICTS", 1)
    groundings = []
    real_ground = Session.ground
    monkeypatch.setattr(
        Session, "ground", lambda self, *part: groundings.append(self) or real_ground(self, *part)
    )
    puzzle = in_turns(BOARDS[board](seed))
    expected = brute_force(puzzle)
    every = asp.solve(puzzle, limit=10**6)
    if len(expected) > 1:  # one path is found without a conflict, hence in one turn
        assert len(groundings) > 1, "the search went on in turns"
        assert every.stats.choices > 0, "the turns' statistics add up"
    assert every.complete and every.stopped_by is None
    assert every.stats.atoms > 0
    assert {s.path for s in every.solutions} == expected
    assert every.count == len(expected)
    two = asp.solve(puzzle, limit=2)
    assert two.count == len(two.solutions) == min(2, len(expected))
    assert len({s.path for s in two.solutions}) == two.count
    assert {s.path for s in two.solutions} <= expected


def test_turns_stop_at_the_timeout_with_what_they_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(asp, "FIRST_TURN_CONFLICTS", 1)
    puzzle = in_turns(build(rectangle(4, 3), {}, "king"))  # hundreds of paths
    expected = brute_force(puzzle)
    start = time.perf_counter()
    # each solution takes 0.1 s to take in: the 0.5 s timeout comes first
    result = asp.solve(puzzle, limit=10**6, timeout=0.5, on_solution=lambda _: time.sleep(0.1))
    assert result.stopped_by == "timeout" and not result.complete
    assert 1 <= result.count == len({s.path for s in result.solutions}) < len(expected)
    assert {s.path for s in result.solutions} <= expected
    assert time.perf_counter() - start < 5  # it stops, not only reports (a generous bound)


def test_a_solution_callback_can_end_the_turns() -> None:
    puzzle = in_turns(build(rectangle(4, 3), {}, "king"))
    result = asp.solve(puzzle, limit=10**6, on_solution=lambda _: False)
    assert result.count == 1 and result.stopped_by == "stop" and not result.complete


def test_a_supervised_search_in_turns_ends_cleanly_at_its_timeout(tmp_path: Path) -> None:
    # A 30x30 board with a quarter shown: four groundings of about a second each, so
    # the deadline comes while members are ground and in turns (6 s: on a loaded
    # machine 3 s could end inside the first grounding, before any statistics). The stop must come
    # from the search itself, with its statistics, and nothing on stderr.
    puzzle, _ = random_puzzle(30, 30, "king", 0.25, 2)
    board = tmp_path / "sparse.json"
    givens = [[x, y, n] for (x, y), n in sorted(puzzle.givens.items())]
    cells = [list(cell) for cell in puzzle.cells]
    board.write_text(
        json.dumps({"kind": "hidato", "adjacency": "king", "cells": cells, "givens": givens})
    )
    command = [sys.executable, "-m", "lpsolve", "solve", str(board), "--timeout", "6"]
    done = subprocess.run(
        [*command, "--format", "json", "--stats"], capture_output=True, text=True, check=False
    )
    assert done.stderr == ""
    answer = json.loads(done.stdout)
    assert (done.returncode, answer["status"]) in {(0, "solved"), (3, "timeout")}
    assert answer["stats"]["atoms"] > 0 and answer["stats"]["choices"] > 0
