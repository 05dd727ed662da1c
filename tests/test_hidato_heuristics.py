"""The encoding's search heuristics (``-c grow=1``, ``-c scan=1`` with clingo's
``--heuristic=Domain``) only steer the search: on small boards every option finds
exactly the paths a brute force finds, and the kind switches them on as documented."""

from __future__ import annotations

import random

import clingo
import pytest

import lpsolve
from lpsolve.generate import puzzle_from_path, random_path, random_puzzle, rectangle
from lpsolve.kinds.hidato import HidatoPuzzle, build
from lpsolve.puzzle import facts_program
from lpsolve.resources import encoding_path

from .conftest import paths

HEURISTICS = {
    "none": [],
    "grow": ["--heuristic=Domain", "--const=grow=1"],
    "scan": ["--heuristic=Domain", "--const=scan=1"],
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


def test_a_large_sparse_board_is_solved_with_the_scan_order() -> None:
    puzzle, _ = random_puzzle(20, 20, "king", 0.25, 1)
    assert puzzle.solver_arguments == ("--heuristic=Domain", "--const=scan=1")
    result = lpsolve.solve(puzzle, 1)  # every solution passes the rule checker
    assert result.count == 1
    dense, _ = random_puzzle(20, 20, "king", 0.6, 1)
    small, _ = random_puzzle(10, 10, "king", 0.25, 1)
    assert dense.solver_arguments == small.solver_arguments == ()
