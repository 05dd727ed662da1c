"""Akari (Light Up), a declared kind (``lpsolve/kinds/akari/``), against sources of truth
of its own: the published solutions of its bundled janko.at puzzles, a plain-Python
enumeration of every lamp placement on tiny boards, the second model, and its check on
published answers changed in one cell."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import clingo
import pytest

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import bundled, cells_broken, every_solution_as, instance_name, published_file

AKARI, PUBLISHED = bundled("akari")
RULES = (
    "a lamp stands on a white cell",
    "no lamp lights another",
    "every white cell is lit",
    "a number counts the lamps beside it",
)

Board = list[list[str]]  # janko's tokens: '-', 'x' or a digit


def lamp(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("lamp", [clingo.Number(r), clingo.Number(c)])


def lamps_of(solution: DeclaredSolution) -> frozenset[tuple[int, int]]:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def board_text(board: Board) -> str:
    return f"{len(board)} {len(board[0])}\n" + "\n".join(" ".join(row) for row in board) + "\n"


# -- an independent Akari: every set of lamps tried, the rules checked as a player does ---


def is_solution(board: Board, lamps: set[tuple[int, int]]) -> bool:
    rows, cols = len(board), len(board[0])

    def white(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and board[r][c] == "-"

    lit = set()
    for r, c in lamps:
        lit.add((r, c))
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            i, j = r + dr, c + dc
            while white(i, j):
                if (i, j) in lamps:
                    return False  # two lamps see each other
                lit.add((i, j))
                i, j = i + dr, j + dc
    if any(white(r, c) and (r, c) not in lit for r in range(rows) for c in range(cols)):
        return False
    for r, c in itertools.product(range(rows), range(cols)):
        if board[r][c].isdigit():
            around = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & lamps
            if len(around) != int(board[r][c]):
                return False
    return True


def sees(board: Board, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two white cells are in one row or column with no black cell between."""
    (r1, c1), (r2, c2) = sorted((a, b))
    if r1 == r2:
        return all(board[r1][c] == "-" for c in range(c1, c2 + 1))
    if c1 == c2:
        return all(board[r][c1] == "-" for r in range(r1, r2 + 1))
    return False


def python_solutions(board: Board) -> set[frozenset[tuple[int, int]]]:
    """Every set of lamps that is a solution: each white cell in turn gets a lamp or
    not (a lamp only where no lamp already placed sees it), each full set checked."""
    whites = [(r, c) for r, row in enumerate(board) for c, t in enumerate(row) if t == "-"]
    found: set[frozenset[tuple[int, int]]] = set()

    def place(index: int, lamps: list[tuple[int, int]]) -> None:
        if index == len(whites):
            if is_solution(board, set(lamps)):
                found.add(frozenset(lamps))
            return
        place(index + 1, lamps)
        cell = whites[index]
        if not any(sees(board, cell, other) for other in lamps):
            place(index + 1, [*lamps, cell])

    place(0, [])
    return found


# -- published solutions ------------------------------------------------------------


def test_a_published_solution_repeats_the_black_cells_exactly() -> None:
    instance = next(i for i in PUBLISHED if instance_name(i) == "janko-001.akari")
    puzzle = AKARI.load(instance.path)
    (solution,) = api.solve(puzzle).solutions
    assert puzzle.janko_text(solution).split() == Path(instance.solution).read_text().split()


# -- brute force on tiny boards ------------------------------------------------------


def random_board(rng: random.Random, rows: int, cols: int) -> Board:
    """Black cells at random, then numbers on some of them: the counts of one lamp
    placement that solves the board without numbers (so that most boards have a
    solution), with one number off by one now and then (so that some have none)."""
    board = [["x" if rng.random() < 0.25 else "-" for _ in range(cols)] for _ in range(rows)]
    solutions = sorted(python_solutions(board), key=sorted)
    chosen = rng.choice(solutions) if solutions else frozenset()
    for r, c in itertools.product(range(rows), range(cols)):
        if board[r][c] == "x" and rng.random() < 0.6:
            count = len({(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & chosen)
            if rng.random() < 0.15:
                count = min(4, count + 1)
            board[r][c] = str(count)
    return board


def tiny_board(seed: int) -> Board:
    rng = random.Random(seed)
    return random_board(rng, rng.choice((3, 4)), rng.choice((3, 4, 5)))


SEEDS = range(16)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    board = tiny_board(seed)
    expected = python_solutions(board)
    puzzle = AKARI.parse(board_text(board), f"random-{seed}.akari")
    assert every_solution_as(puzzle, lamps_of) == expected


def test_the_enumeration_is_not_vacuous() -> None:
    """The random boards above include ones with one, several and no solutions."""
    counts = {min(len(python_solutions(tiny_board(seed))), 2) for seed in SEEDS}
    assert counts == {0, 1, 2}


def test_an_empty_board_has_a_solution_per_placement_the_enumeration_finds() -> None:
    board = [["-"] * 3 for _ in range(3)]
    expected = python_solutions(board)
    assert len(expected) == 6  # one lamp in each row and column: the 3! permutations
    assert every_solution_as(AKARI.parse(board_text(board), "empty.akari"), lamps_of) == expected


# -- the check ------------------------------------------------------------------------


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    """janko-001: 1 at (0,0), x at (1,3); lamps at (0,8), (1,0), (1,5), ... A lamp added
    on a black cell, a lamp added where another shines, a lamp removed (its cells go
    dark, its number counts one short): the check names the rule and the cell."""
    puzzle, solution = published_file(AKARI, "janko-001.akari")
    atoms = set(solution.atoms)
    assert lamp(1, 0) in atoms and lamp(1, 5) in atoms and lamp(1, 1) not in atoms
    on_black = cells_broken(puzzle, atoms | {lamp(1, 3)})
    assert on_black == {"a lamp stands on a white cell": {(1, 3)}}
    seen = cells_broken(puzzle, atoms | {lamp(1, 1)})  # row 1: lamp (1,0) shines on it
    assert {(1, 0), (1, 1)} <= seen["no lamp lights another"]
    removed = cells_broken(puzzle, atoms - {lamp(1, 0)})  # beside the 1 at (0,0)
    assert (1, 0) in removed["every white cell is lit"]
    assert removed["a number counts the lamps beside it"] == {(0, 0)}
    off_board = cells_broken(puzzle, atoms | {lamp(10, 0)})
    assert off_board == {"a lamp stands on a white cell": {(10, 0)}}
    named = set(on_black) | set(seen) | set(removed) | set(off_board)
    assert named == set(RULES)


def test_the_check_flags_every_lamp_removed_and_passes_nothing_wrong() -> None:
    """Each lamp of a published solution removed in turn: the check finds a fault."""
    puzzle, solution = published_file(AKARI, "janko-001.akari")
    for atom in solution.atoms:
        assert cells_broken(puzzle, set(solution.atoms) - {atom}), atom


# -- the picture --------------------------------------------------------------------


def test_the_picture_shows_lamps_black_cells_and_the_lit_cells() -> None:
    puzzle, solution = published_file(AKARI, "janko-001.akari")
    svg = puzzle.svg(solution)
    whites = sum(t == "-" for row in puzzle.tokens[0] for t in row)
    assert svg.count('class="lamp"') == len(solution.atoms)
    assert svg.count("shade light") == whites
    assert svg.count("shade dark") == 100 - whites
