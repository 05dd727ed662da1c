"""Hitori, a declared kind (``lpsolve/kinds/hitori/``), against sources of truth of its
own: the published solutions of its bundled puzzles, a plain-Python enumeration of the
shadings of tiny boards, the second model, and its check against a plain-Python rule
checker on every one-cell change of a published answer."""

from __future__ import annotations

import functools
import random

import clingo
import pytest

from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import bundled, every_solution_as, published_file

HITORI, PUBLISHED = bundled("hitori")
RULES = (
    "a shaded cell is on the board",
    "no number twice in a row",
    "no number twice in a column",
    "shaded cells do not touch",
    "the unshaded cells are connected",
)

Board = list[list[int]]
Shading = frozenset[tuple[int, int]]


def shaded(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("shaded", [clingo.Number(r), clingo.Number(c)])


def shading_of(solution: DeclaredSolution) -> Shading:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def board_text(board: Board) -> str:
    rows = "\n".join(" ".join(str(v) for v in row) for row in board)
    return f"{len(board)} {len(board[0])}\n{rows}\n"


# -- an independent Hitori: the rules as a player checks them ---------------------------


def rules_broken_in_python(board: Board, shading: set[tuple[int, int]]) -> set[str]:
    rows, cols = len(board), len(board[0])
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    broken = set()
    if shading - cells:
        broken.add("a shaded cell is on the board")
    white = cells - shading
    for r in range(rows):
        numbers = [board[r][c] for c in range(cols) if (r, c) in white]
        if len(numbers) != len(set(numbers)):
            broken.add("no number twice in a row")
    for c in range(cols):
        numbers = [board[r][c] for r in range(rows) if (r, c) in white]
        if len(numbers) != len(set(numbers)):
            broken.add("no number twice in a column")
    on_board = shading & cells
    if any((r + 1, c) in on_board or (r, c + 1) in on_board for r, c in on_board):
        broken.add("shaded cells do not touch")
    if white:
        seen, stack = set(), [min(white)]
        while stack:
            r, c = stack.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            stack += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in white]
        if seen != white:
            broken.add("the unshaded cells are connected")
    return broken


def python_solutions(board: Board) -> set[Shading]:
    """Every shading that breaks no rule: each cell in turn shaded or not (shaded only
    where no shaded neighbour above or to the left), each full shading checked."""
    rows, cols = len(board), len(board[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    found: set[Shading] = set()

    def choose(index: int, chosen: set[tuple[int, int]]) -> None:
        if index == len(cells):
            if not rules_broken_in_python(board, chosen):
                found.add(frozenset(chosen))
            return
        choose(index + 1, chosen)
        r, c = cells[index]
        if (r - 1, c) not in chosen and (r, c - 1) not in chosen:
            choose(index + 1, chosen | {(r, c)})

    choose(0, set())
    return found


# -- brute force on tiny boards ------------------------------------------------------


def tiny_board(seed: int) -> Board:
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 4), (4, 3), (2, 5)))
    top = max(rows, cols) + rng.choice((0, 0, 3))  # more numbers, fewer repeats
    return [[rng.randint(1, top) for _ in range(cols)] for _ in range(rows)]


SEEDS = range(16)


@functools.cache
def expected(seed: int) -> set[Shading]:
    return python_solutions(tiny_board(seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    puzzle = HITORI.parse(board_text(tiny_board(seed)), f"random-{seed}.hitori")
    assert every_solution_as(puzzle, shading_of) == expected(seed)


def test_the_enumeration_is_not_vacuous() -> None:
    """The random boards above include ones with one, several and no solutions, and
    the enumeration finds the published solution of the smallest bundled puzzle."""
    assert {min(len(expected(seed)), 2) for seed in SEEDS} == {0, 1, 2}
    puzzle, solution = published_file(HITORI, "janko-001.hitori")
    board = [[int(t) for t in row] for row in puzzle.tokens[0]]
    assert python_solutions(board) == {shading_of(solution)}


def test_a_board_one_column_wide_with_its_top_cell_shaded() -> None:
    """The encoding's root moves below the top cell on a board one column wide."""
    board = [[1], [2], [1]]
    both = frozenset({(0, 0), (2, 0)})
    assert python_solutions(board) == {frozenset({(0, 0)}), frozenset({(2, 0)}), both}
    puzzle = HITORI.parse(board_text(board), "column.hitori")
    assert every_solution_as(puzzle, shading_of) == python_solutions(board)


# -- the check ------------------------------------------------------------------------


def rules_broken(puzzle, shading: set[tuple[int, int]]) -> set[str]:
    atoms = tuple(sorted(shaded(r, c) for r, c in shading))
    return {v.rule for v in puzzle.violations(DeclaredSolution(atoms))}


def test_the_check_agrees_with_python_on_every_one_cell_change() -> None:
    """janko-006 (7 x 7): every cell of the published answer flipped in turn (shaded
    or unshaded), and a shaded cell added off the board: the check names exactly the
    rules the Python checker says are broken, and every rule is named by some change."""
    puzzle, solution = published_file(HITORI, "janko-006.hitori")
    board = [[int(t) for t in row] for row in puzzle.tokens[0]]
    answer = set(shading_of(solution))
    named: set[str] = set()
    changes = [answer ^ {(r, c)} for r in range(7) for c in range(7)] + [answer | {(7, 0)}]
    for changed in changes:
        broken = rules_broken(puzzle, changed)
        assert broken == rules_broken_in_python(board, changed), sorted(changed ^ answer)
        assert broken, sorted(changed ^ answer)  # the published answer is the only one
        named |= broken
    assert named == set(RULES)


def test_the_check_names_the_cells_of_a_broken_rule() -> None:
    puzzle, solution = published_file(HITORI, "janko-001.hitori")  # 3 3 1 4 / 4 3 2 2 / ...
    answer = set(shading_of(solution))
    assert (0, 1) in answer
    atoms = tuple(sorted(shaded(r, c) for r, c in answer - {(0, 1)}))
    problems = puzzle.violations(DeclaredSolution(atoms))
    row = {cell for p in problems if p.rule == "no number twice in a row" for cell in p.cells}
    assert row == {(0, 0), (0, 1)}  # the two 3s of the first row


# -- the picture --------------------------------------------------------------------


def test_the_picture_shows_the_shaded_cells_and_every_number() -> None:
    puzzle, solution = published_file(HITORI, "janko-006.hitori")
    svg = puzzle.svg(solution)
    assert svg.count("shade dark") == len(solution.atoms)
    assert svg.count('class="number') == 49
