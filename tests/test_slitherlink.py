"""Slitherlink, a declared kind (``lpsolve/kinds/slitherlink/``), against sources of
truth of its own: the published solutions of its bundled puzzles, a plain-Python
enumeration of every inside of tiny boards, its puzz.link links, and its check against
a plain-Python rule checker on every one-cell change of a published answer."""

from __future__ import annotations

import functools
import random
from itertools import product

import clingo
import pytest

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import bundled, every_solution_as, published_file

SLITHERLINK, PUBLISHED = bundled("slitherlink")
RULES = {
    "an inside cell is on the board",
    "a number counts the loop's sides around its cell",
    "the loop does not touch itself",
    "the inside is one area",
    "there is a loop",
    "no outside area is enclosed",
}

Board = list[list[int | None]]
Cell = tuple[int, int]
Inside = frozenset[Cell]


def inside(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("inside", [clingo.Number(r), clingo.Number(c)])


def cells_of(solution: DeclaredSolution) -> Inside:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def board_text(board: Board) -> str:
    rows = "\n".join(" ".join("-" if v is None else str(v) for v in row) for row in board)
    return f"{len(board)} {len(board[0])}\n{rows}\n"


# -- an independent Slitherlink: the loop as the player draws it -------------------------


def loop_sides(rows: int, cols: int, cells: set[Cell]) -> set[tuple[Cell, Cell]]:
    """The loop's segments, each as its two dots (row, column of the grid's corners)."""
    segments = set()
    for r in range(rows + 1):
        for c in range(cols):
            if ((r, c) in cells) != ((r - 1, c) in cells):
                segments.add(((r, c), (r, c + 1)))
    for r in range(rows):
        for c in range(cols + 1):
            if ((r, c) in cells) != ((r, c - 1) in cells):
                segments.add(((r, c), (r + 1, c)))
    return segments


def rules_broken_in_python(board: Board, cells: set[Cell]) -> set[str]:
    """The rules as a player checks a drawn loop: numbers count segments, every dot
    has 0 or 2 segments, and the segments are one connected loop."""
    rows, cols = len(board), len(board[0])
    broken = set()
    if any(not (0 <= r < rows and 0 <= c < cols) for r, c in cells):
        broken.add("an inside cell is on the board")
    cells = {(r, c) for r, c in cells if 0 <= r < rows and 0 <= c < cols}
    segments = loop_sides(rows, cols, cells)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            around = {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                      ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}  # fmt: skip
            if v is not None and len(around & segments) != v:
                broken.add("a number counts the loop's sides around its cell")
    degree: dict[Cell, int] = {}
    for a, b in segments:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if any(d == 4 for d in degree.values()):
        broken.add("the loop does not touch itself")
    if not cells:
        broken.add("there is a loop")
    else:
        if not connected(cells):
            broken.add("the inside is one area")
        ring = {(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)} - cells
        if not connected(ring):
            broken.add("no outside area is enclosed")
    return broken


def connected(cells: set[Cell]) -> bool:
    seen, stack = set(), [min(cells)]
    while stack:
        r, c = stack.pop()
        if (r, c) in seen or (r, c) not in cells:
            continue
        seen.add((r, c))
        stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    return seen == cells


def python_solutions(board: Board) -> set[Inside]:
    rows, cols = len(board), len(board[0])
    everywhere = [(r, c) for r in range(rows) for c in range(cols)]
    found = set()
    for chosen in product((False, True), repeat=len(everywhere)):
        cells = {cell for cell, pick in zip(everywhere, chosen, strict=True) if pick}
        if not rules_broken_in_python(board, cells):
            found.add(frozenset(cells))
    return found


# -- brute force on tiny boards ------------------------------------------------------


def tiny_board(seed: int) -> Board:
    rng = random.Random(seed)
    rows, cols = rng.choice(((2, 2), (2, 3), (3, 3), (3, 2), (2, 4), (3, 4)))
    return [
        [rng.choice((None, None, None, None, 0, 1, 2, 3)) for _ in range(cols)] for _ in range(rows)
    ]


SEEDS = range(16)


@functools.cache
def expected(seed: int) -> set[Inside]:
    return python_solutions(tiny_board(seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    puzzle = SLITHERLINK.parse(board_text(tiny_board(seed)), f"random-{seed}.slitherlink")
    assert every_solution_as(puzzle, cells_of) == expected(seed)


def test_the_enumeration_is_not_vacuous() -> None:
    """The boards above have none, one and several solutions; a blank 2 x 2 board has
    13 loops (every inside but the two diagonal pairs and none); the enumeration
    agrees with the published answer of the smallest bundled puzzle."""
    assert {min(len(expected(seed)), 2) for seed in SEEDS} == {0, 1, 2}
    assert len(python_solutions([[None, None], [None, None]])) == 13
    puzzle, solution = published_file(SLITHERLINK, "puzzlekit-103_10x10.slitherlink")
    board = [[None if t == "-" else int(t) for t in row] for row in puzzle.tokens[0]]
    assert rules_broken_in_python(board, set(cells_of(solution))) == set()


# -- the check ------------------------------------------------------------------------


def rules_broken(puzzle, cells) -> set[str]:
    atoms = tuple(sorted(inside(r, c) for r, c in cells))
    return {v.rule for v in puzzle.violations(DeclaredSolution(atoms))}


def test_the_check_agrees_with_python_on_every_one_cell_change() -> None:
    """puzzlekit-874 (10 x 10): every cell of the published answer flipped in turn, a
    cell added off the board and the empty answer: the check names exactly the rules the
    Python checker says are broken, and every rule is named by some change."""
    puzzle, solution = published_file(SLITHERLINK, "puzzlekit-874_10x10.slitherlink")
    board = [[None if t == "-" else int(t) for t in row] for row in puzzle.tokens[0]]
    answer = set(cells_of(solution))
    named: set[str] = set()
    changes = [answer ^ {(r, c)} for r in range(10) for c in range(10)]
    changes += [answer | {(10, 0)}, set()]
    for changed in changes:
        broken = rules_broken(puzzle, changed)
        assert broken == rules_broken_in_python(board, changed), sorted(changed ^ answer)
        assert broken
        named |= broken
    assert named == RULES


def test_the_check_names_the_cell_of_a_wrong_count() -> None:
    puzzle = SLITHERLINK.parse("2 2\n3 -\n- -\n", "two.slitherlink")
    ell = (inside(0, 0), inside(0, 1), inside(1, 0))  # the 3 has two sides of the loop
    problems = puzzle.violations(DeclaredSolution(ell))
    assert [(p.rule, p.cells) for p in problems] == [
        ("a number counts the loop's sides around its cell", ((0, 0),))
    ]
    assert rules_broken(puzzle, {(0, 0), (0, 1)}) == set()


# -- the second model and the picture -------------------------------------------------


def test_the_second_model_agrees_with_the_encoding() -> None:
    puzzle = SLITHERLINK.parse("3 3\n- 3 -\n- - -\n- 2 -\n", "small.slitherlink")
    second, complete = puzzle.second_model_solutions()
    result = api.solve(puzzle, limit=None)
    assert complete and sorted(second) == sorted(result.solutions)
    assert {cells_of(s) for s in second} == python_solutions(
        [[None, 3, None], [None] * 3, [None, 2, None]]
    )


def test_the_picture_draws_the_numbers_and_the_loop() -> None:
    puzzle, solution = published_file(SLITHERLINK, "puzzlekit-103_10x10.slitherlink")
    svg = puzzle.svg(solution)
    assert svg.count('class="number') == sum(t != "-" for row in puzzle.tokens[0] for t in row)
