"""Generated boards: random Hamiltonian paths with a random subset of numbers shown."""

from __future__ import annotations

import random

from hypothesis import given, settings

import lpsolve
from lpsolve.generate import puzzle_from_path, random_path

from .conftest import hidato_boards, path_is_valid


@settings(max_examples=60, deadline=None)
@given(hidato_boards())
def test_every_returned_solution_is_valid_and_keeps_the_givens(case) -> None:
    puzzle, path = case
    moves = set(puzzle.offsets)
    assert path_is_valid(puzzle.cells, moves, puzzle.givens, path)  # the generator itself
    result = lpsolve.solve(puzzle, limit=20)
    assert result.count >= 1  # the path it came from is a solution
    for solution in result.solutions:
        assert path_is_valid(puzzle.cells, moves, puzzle.givens, solution.path)
        assert puzzle.violations(solution) == []


@settings(max_examples=30, deadline=None)
@given(hidato_boards())
def test_the_generating_path_is_found_when_everything_is_given(case) -> None:
    puzzle, path = case
    full = puzzle_from_path(path, puzzle.offsets, 1.0, random.Random(0))
    result = lpsolve.solve(full, limit=None)
    assert result.complete and [s.path for s in result.solutions] == [tuple(path)]


def test_random_paths_stay_those_of_earlier_versions() -> None:
    """The same seed gives the same path as the list-based backbite did before it was
    vectorised (the benchmarks' boards are made from seeds)."""
    expected = {
        (4, 3, "king", 5): [(1, 1), (0, 2), (1, 2), (2, 1), (3, 2), (2, 2), (3, 1), (3, 0),
                            (2, 0), (1, 0), (0, 1), (0, 0)],
        (3, 3, "hex", 2): [(2, 2), (2, 1), (1, 2), (0, 2), (1, 1), (2, 0), (1, 0), (0, 0),
                           (0, 1)],
        (4, 2, "orthogonal", 7): [(0, 1), (0, 0), (1, 0), (1, 1), (2, 1), (2, 0), (3, 0),
                                  (3, 1)],
    }  # fmt: skip
    for (width, height, adjacency, seed), path in expected.items():
        assert random_path(width, height, adjacency, random.Random(seed)) == path
