"""The unique boards of ``benchmarks/hidato_scale.py``: its ambiguity finder (one
solve per step, numbers shown since grounding as assumptions) against clingo's plain
cautious enumeration, and the boards it makes."""

from __future__ import annotations

import random

import lpsolve
from lpsolve.backends import asp
from lpsolve.generate import puzzle_from_path, random_path
from lpsolve.kinds.hidato import HidatoPuzzle, build

from .conftest import load_benchmark

scale = load_benchmark("hidato_scale")


def cautious_ambiguous(puzzle: HidatoPuzzle) -> list[int]:
    """The numbers missing from clingo's cautious consequences."""
    session = asp.make_control(puzzle, ["--enum-mode=cautious", "--models=0"])
    session.ground()
    last = []

    def keep(model) -> None:
        last[:] = model.symbols(shown=True)

    session.search(on_model=keep)
    fixed = {atom.arguments[2].number for atom in last}
    return [n for n in range(1, len(puzzle.cells) + 1) if n not in fixed]


def test_ambiguous_numbers_are_the_complement_of_the_cautious_consequences() -> None:
    for side, shown, seed in [(6, 0.3, 1), (8, 0.4, 2), (10, 0.5, 3)]:
        rng = random.Random(seed)
        path = random_path(side, side, "king", rng)
        start = puzzle_from_path(path, "king", shown, rng)
        ambiguity = scale.Ambiguity(start)
        added: dict = {}
        for _ in range(4):
            board = build(sorted(path), {**start.givens, **added}, "king")
            expected = cautious_ambiguous(board)
            assert ambiguity.numbers(added) == expected
            if not expected:
                break
            n = rng.choice(expected)
            added[path[n - 1]] = n


def test_unique_boards_have_one_solution_and_about_two_thirds_shown() -> None:
    for side, seed in [(8, 1), (12, 2)]:
        board = scale.unique_board(side, seed)
        result = lpsolve.solve(board, 2)
        assert result.complete and result.count == 1
        assert 0.6 <= len(board.givens) / len(board.cells) <= 0.75
        assert scale.unique_board(side, seed).givens == board.givens  # seeded
