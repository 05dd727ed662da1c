"""Star Battle, a declared kind (``lpsolve/kinds/star-battle/``), against sources of truth
of its own: the published solutions of its bundled janko.at puzzles, a plain-Python
backtracking solver on tiny boards with random regions, the second model, and its
check on published answers changed in one cell."""

from __future__ import annotations

import functools
import itertools
import random

import clingo
import pytest

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import KINDS, bundled, cells_broken, every_solution_as, published_file

STAR_BATTLE, PUBLISHED = bundled("star-battle")
FOLDER = KINDS / "star-battle"
INSTANCES = STAR_BATTLE.instances()
RULES = (
    "a star stands on a cell of a region",
    "no two stars touch",
    "every row holds STARS stars",
    "every column holds STARS stars",
    "every region holds STARS stars",
)

Board = list[list[str]]  # janko's tokens: a region id, '#' (black) or '@' (outside)
Stars = frozenset[tuple[int, int]]


def star(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("star", [clingo.Number(r), clingo.Number(c)])


def stars_of(solution: DeclaredSolution) -> Stars:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def board_text(board: Board, stars: int) -> str:
    rows = "\n".join(" ".join(row) for row in board)
    return f"{len(board)} {len(board[0])} {stars}\n{rows}\n"


# -- an independent Star Battle: row by row, every choice of columns ---------------------


def python_solutions(board: Board, stars: int) -> set[Stars]:
    """Every solution: each row gets ``stars`` columns of region cells, no two side by
    side nor touching the row above; complete placements are checked for the columns
    and the regions."""
    rows, cols = len(board), len(board[0])
    regions = {t for row in board for t in row if t not in "#@"}
    found: set[Stars] = set()

    def place(r: int, placed: list[tuple[int, int]]) -> None:
        if r == rows:
            counts = [sum(1 for _, c in placed if c == col) for col in range(cols)]
            by_region = [sum(1 for i, j in placed if board[i][j] == g) for g in regions]
            if set(counts) <= {stars} and set(by_region) <= {stars}:
                found.add(frozenset(placed))
            return
        free = [c for c in range(cols) if board[r][c] not in "#@"]
        above = {c for i, c in placed if i == r - 1}
        for chosen in itertools.combinations(free, stars):
            if any(b - a == 1 for a, b in itertools.pairwise(chosen)):
                continue
            if any(abs(c - a) <= 1 for c in chosen for a in above):
                continue
            place(r + 1, [*placed, *((r, c) for c in chosen)])

    place(0, [])
    return found


def grown_regions(rng: random.Random, size: int, seeds: list[tuple[int, int]]) -> Board:
    """Regions grown from the seed cells, a random neighbour at a time, until they
    cover the board; then now and then a cell that is no seed made black ('#') or
    outside ('@')."""
    cells = {(r, c) for r in range(size) for c in range(size)}
    owner = {cell: str(index + 1) for index, cell in enumerate(seeds)}
    while len(owner) < len(cells):
        r, c = rng.choice(sorted(owner))
        dr, dc = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
        if (r + dr, c + dc) in cells - set(owner):
            owner[r + dr, c + dc] = owner[r, c]
    board = [[owner[r, c] for c in range(size)] for r in range(size)]
    for r, c in rng.sample(sorted(cells - set(seeds)), rng.randint(0, 2)):
        board[r][c] = rng.choice("#@")
    return board


def planted_board(rng: random.Random, size: int) -> Board:
    """A one-star board with at least one solution: a random placement of stars (one
    per row and column, none touching), each star the seed of its region."""
    while True:
        columns = rng.sample(range(size), size)
        if all(abs(a - b) > 1 for a, b in itertools.pairwise(columns)):
            return grown_regions(rng, size, list(enumerate(columns)))


# -- published solutions ------------------------------------------------------------


def test_the_bundled_instances_have_one_two_and_three_stars() -> None:
    """(tests/test_genres.py tests their sources, sizes and published solutions.)"""
    assert {STAR_BATTLE.load(i.path).values["STARS"] for i in INSTANCES} == {1, 2, 3}


def test_rows_starting_with_a_black_cell_are_rows() -> None:
    """janko-014 has rows starting with '#' (a black cell), which other kinds would
    read as comments."""
    puzzle = STAR_BATTLE.load(FOLDER / "instances" / "janko-014.starbattle")
    assert puzzle.size == (14, 14)
    assert sum(row[0] == "#" for row in puzzle.tokens[0]) == 3


# -- brute force on tiny boards ------------------------------------------------------


def tiny_board(seed: int) -> tuple[Board, int]:
    """Even seeds: a planted one-star board (one or more solutions); odd seeds: regions
    grown from random cells, one or two stars (mostly none)."""
    rng = random.Random(seed)
    if seed % 2 == 0:
        return planted_board(rng, rng.choice((4, 5, 6))), 1
    size, stars = rng.choice(((5, 1), (6, 1), (7, 2)))
    cells = [(r, c) for r in range(size) for c in range(size)]
    return grown_regions(rng, size, rng.sample(cells, size)), stars


SEEDS = range(16)


@functools.cache
def expected(seed: int) -> set[Stars]:
    return python_solutions(*tiny_board(seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_backtracking_says(seed: int) -> None:
    board, stars = tiny_board(seed)
    puzzle = STAR_BATTLE.parse(board_text(board, stars), f"random-{seed}.starbattle")
    assert every_solution_as(puzzle, stars_of) == expected(seed)


def test_the_backtracking_is_not_vacuous() -> None:
    """The random boards above include ones with one, several and no solutions, and
    the backtracking finds the published solutions of the small bundled puzzles."""
    counts = {min(len(expected(seed)), 2) for seed in SEEDS}
    assert counts == {0, 1, 2}
    for file_name in ("janko-001.starbattle", "janko-003.starbattle"):
        puzzle, solution = published_file(STAR_BATTLE, file_name)
        board = [list(row) for row in puzzle.tokens[0]]
        assert python_solutions(board, 1) == {stars_of(solution)}


def test_the_header_may_leave_out_one_star() -> None:
    board = [["1", "1", "2", "2"], ["1", "3", "3", "2"], ["4", "3", "3", "2"], ["4", "4", "4", "2"]]
    with_one = STAR_BATTLE.parse(board_text(board, 1), "a.starbattle")
    without = STAR_BATTLE.parse(board_text(board, 1).replace("4 4 1", "4 4", 1), "b.starbattle")
    assert with_one.facts_text() == without.facts_text()
    expected = python_solutions(board, 1)
    assert {stars_of(s) for s in api.solve(without, limit=None).solutions} == expected


# -- the check ------------------------------------------------------------------------


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    """janko-003 (7 x 7, one star; '@' cells in the corners), published stars at (0,3),
    (1,1), (2,6), (3,4), (4,0), (5,5), (6,2). A star added on an '@' cell, a star
    removed, a star added beside another: the check names the rule and its cells."""
    puzzle, solution = published_file(STAR_BATTLE, "janko-003.starbattle")
    atoms = set(solution.atoms)
    assert stars_of(solution) == {(0, 3), (1, 1), (2, 6), (3, 4), (4, 0), (5, 5), (6, 2)}
    outside = cells_broken(puzzle, atoms | {star(0, 0)})
    assert outside == {"a star stands on a cell of a region": {(0, 0)}}
    removed = cells_broken(puzzle, atoms - {star(3, 4)})
    assert set(removed) == {
        "every row holds STARS stars",
        "every column holds STARS stars",
        "every region holds STARS stars",
    }
    assert removed["every row holds STARS stars"] == {(3, c) for c in range(7)}
    assert removed["every column holds STARS stars"] == {(r, 4) for r in range(7)}
    region = {(r, c) for r in range(7) for c in range(7) if puzzle.tokens[0][r][c] == "4"}
    assert removed["every region holds STARS stars"] == region
    touching = cells_broken(puzzle, atoms | {star(4, 3)})  # diagonal to (3,4)
    assert touching["no two stars touch"] == {(3, 4), (4, 3)}
    off_board = cells_broken(puzzle, atoms | {star(7, 0)})
    assert off_board == {"a star stands on a cell of a region": {(7, 0)}}
    assert set(outside) | set(removed) | set(touching) == set(RULES)


def test_every_published_solution_passes_and_every_one_star_moved_fails() -> None:
    puzzle, solution = published_file(STAR_BATTLE, "janko-005.starbattle")
    rng = random.Random(5)
    for atom in rng.sample(solution.atoms, 6):
        r, c = atom.arguments[0].number, atom.arguments[1].number
        moved = (set(solution.atoms) - {atom}) | {star(r, (c + rng.randint(1, 9)) % 10)}
        assert cells_broken(puzzle, moved), atom


# -- the picture --------------------------------------------------------------------


def test_the_picture_shows_regions_stars_black_cells_and_the_star_count() -> None:
    puzzle, solution = published_file(STAR_BATTLE, "janko-005.starbattle")
    svg = puzzle.svg(solution)
    assert svg.count('class="star"') == 20
    blocked = sum(t in "#@" for row in puzzle.tokens[0] for t in row)
    assert svg.count("shade dark") == blocked
    assert svg.count('class="border"') > 0 and "2 per row, column and region" in svg
