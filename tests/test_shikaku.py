"""Shikaku, a declared kind (``lpsolve/kinds/shikaku/``), against sources of truth of its
own: the published solutions of puzzlekit's dataset, a plain-Python enumeration of tiny
boards, and Python rules judging one-cell changes of a published solution."""

from __future__ import annotations

import random
from pathlib import Path

import clingo
import pytest

from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import (
    Grid,
    bundled,
    every_solution,
    grid_of,
    instance_name,
    published,
    rules_broken,
    solution_of,
)

SHIKAKU, PUBLISHED = bundled("shikaku")
Cell = tuple[int, int]

# -- Shikaku in plain Python ---------------------------------------------------------------


def python_solutions(rows: int, cols: int, givens: dict[Cell, int]) -> set[Grid]:
    """Every solution, rectangle by rectangle: the first free cell (in reading order) is
    a rectangle's top-left corner; the rectangle covers free cells only and holds one
    number, its area. Rectangles are named 1, 2, ... in the order they are placed,
    which is reading order, as lpsolve writes them."""
    names: dict[Cell, int] = {}
    found = set()

    def place(count: int) -> None:
        free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in names]
        if not free:
            found.add(tuple(tuple(str(names[r, c]) for c in range(cols)) for r in range(rows)))
            return
        top, left = free[0]
        for height in range(1, rows - top + 1):
            for width in range(1, cols - left + 1):
                cells = [
                    (r, c) for r in range(top, top + height) for c in range(left, left + width)
                ]
                if any(cell in names for cell in cells):
                    break  # wider ones overlap too
                numbers = [givens[cell] for cell in cells if cell in givens]
                if numbers == [height * width]:
                    names.update(dict.fromkeys(cells, count + 1))
                    place(count + 1)
                    for cell in cells:
                        del names[cell]

    place(0)
    return found


def python_rules_broken(
    rows: int, cols: int, givens: dict[Cell, int], names: dict[Cell, str]
) -> set[str]:
    """The Shikaku rules an answer (each cell's region name; a cell may have none)
    breaks."""
    broken = set()
    if len(names) < rows * cols:
        broken.add("every cell lies in one region")
    members: dict[str, list[Cell]] = {}
    for cell, name in names.items():
        members.setdefault(name, []).append(cell)
    for cells in members.values():
        height = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
        width = max(c for _, c in cells) - min(c for _, c in cells) + 1
        if height * width != len(cells):
            broken.add("each region is a rectangle")
        numbers = [givens[cell] for cell in cells if cell in givens]
        if len(numbers) != 1:
            broken.add("each region holds one number")
        if any(n != len(cells) for n in numbers):
            broken.add("a region's number is its size")
    return broken


def random_board(seed: int, rows: int, cols: int) -> dict[Cell, int]:
    """The numbers of a random division into rectangles, one at a random cell of each."""
    rng = random.Random(seed)
    covered: set[Cell] = set()
    givens = {}
    for top, left in [(r, c) for r in range(rows) for c in range(cols)]:
        if (top, left) in covered:
            continue
        shapes = [
            (h, w)
            for h in range(1, min(4, rows - top) + 1)
            for w in range(1, min(4, cols - left) + 1)
            if not any(
                (r, c) in covered for r in range(top, top + h) for c in range(left, left + w)
            )
        ]
        h, w = rng.choice(shapes)
        cells = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
        covered.update(cells)
        givens[rng.choice(cells)] = h * w
    return givens


def puzzle_text(rows: int, cols: int, givens: dict[Cell, int]) -> str:
    lines = [" ".join(str(givens.get((r, c), "-")) for c in range(cols)) for r in range(rows)]
    return f"{rows} {cols}\n" + "\n".join(lines) + "\n"


# -- published solutions -------------------------------------------------------------------


def test_rectangles_are_numbered_in_reading_order_whatever_the_published_numbers() -> None:
    """puzzlekit's solutions number the rectangles column by column; lpsolve writes them
    in reading order, and reads either."""
    instance = next(i for i in PUBLISHED if instance_name(i) == "puzzlekit-12-10x10.shikaku")
    puzzle, solution = published(SHIKAKU, instance)
    text = Path(instance.solution).read_text().split("\n")
    assert text[1].split() == ["1", "1", "4", "4", "4", "4", "12", "12", "14", "16"]
    assert grid_of(puzzle, solution)[0] == ("1", "1", "2", "2", "2", "2", "3", "3", "4", "5")


# -- brute force on tiny boards ------------------------------------------------------------


@pytest.mark.parametrize(("seed", "rows", "cols"), [
    (0, 3, 3), (1, 4, 4), (2, 4, 4), (3, 4, 5), (4, 5, 5), (5, 5, 5), (6, 5, 6), (7, 6, 6),
])  # fmt: skip
def test_random_tiny_boards_have_the_solutions_the_enumeration_finds(seed, rows, cols) -> None:
    givens = random_board(seed, rows, cols)
    expected = python_solutions(rows, cols, givens)
    assert expected  # the division the numbers came from, at least
    puzzle = SHIKAKU.parse(puzzle_text(rows, cols, givens), f"random-{seed}.shikaku")
    assert every_solution(puzzle) == expected
    # a number changed: other solutions, or none
    (cell, number), *_ = givens.items()
    changed = {**givens, cell: number + 1}
    puzzle = SHIKAKU.parse(puzzle_text(rows, cols, changed), f"changed-{seed}.shikaku")
    assert every_solution(puzzle) == python_solutions(rows, cols, changed)


def test_the_tiny_boards_include_ones_with_several_solutions_and_none() -> None:
    counts = set()
    for seed, rows, cols in [(1, 4, 4), (3, 4, 5), (5, 5, 5)]:
        givens = random_board(seed, rows, cols)
        (cell, number), *_ = givens.items()
        counts.add(len(python_solutions(rows, cols, givens)))
        counts.add(len(python_solutions(rows, cols, {**givens, cell: number + 1})))
    assert {0, 1, 2} <= counts


# -- the check ---------------------------------------------------------------------------

RULES = {
    "a region's cells are on the board",
    "every cell lies in one region",
    "each region is a rectangle",
    "each region holds one number",
    "a region's number is its size",
}


def judged_changes(every: bool):
    """One-cell changes of a published solution (a cell moved into a neighbour's
    region, into a new region, or into none), each with the rules the check names and
    the rules Python says it breaks: every change, or the first that Python says
    breaks each rule."""
    instance = next(i for i in PUBLISHED if instance_name(i) == "puzzlekit-12-10x10.shikaku")
    puzzle, solution = published(SHIKAKU, instance)
    rows, cols = puzzle.size
    givens = {(row[1], row[2]): row[3] for row in puzzle.rows if row[0] == "given"}
    grid = grid_of(puzzle, solution)
    wanted = set(RULES)
    for r in range(rows):
        for c in range(cols):
            near = {grid[r2][c2] for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= r2 < rows and 0 <= c2 < cols}  # fmt: skip
            for token in sorted(near | {"-", "99"} - {grid[r][c]}):
                changed = [list(row) for row in grid]
                changed[r][c] = token
                names = {
                    (r2, c2): name
                    for r2, row in enumerate(changed)
                    for c2, name in enumerate(row)
                    if name != "-"
                }
                expected = python_rules_broken(rows, cols, givens, names)
                if every or expected & wanted:
                    wanted -= expected
                    yield changed, rules_broken(puzzle, solution_of(puzzle, changed)), expected


def test_a_one_cell_change_breaking_each_rule_is_named_as_python_judges_it() -> None:
    seen = set()
    for grid, named, expected in judged_changes(every=False):
        assert named == expected, grid
        seen |= named
    assert seen == RULES - {"a region's cells are on the board"}


def test_every_one_cell_change_is_named_as_python_judges_it() -> None:
    for grid, named, expected in judged_changes(every=True):
        assert named == expected, grid


def test_cells_off_the_board_and_in_two_regions_are_named() -> None:
    puzzle, solution = published(SHIKAKU, PUBLISHED[0])
    rows, _ = puzzle.size
    off = clingo.Function("piece", [clingo.Number(rows), clingo.Number(0), clingo.Number(1)])
    assert rules_broken(puzzle, DeclaredSolution((*solution.atoms, off))) >= {
        "a region's cells are on the board"
    }
    r, c, _ = solution.atoms[0].arguments
    twice = clingo.Function("piece", [r, c, clingo.Number(999)])
    assert "every cell lies in one region" in rules_broken(
        puzzle, DeclaredSolution(tuple(sorted((*solution.atoms, twice))))
    )


# -- files -------------------------------------------------------------------------------


def test_the_picture_shows_the_numbers() -> None:
    assert SHIKAKU.title == "Shikaku"
    puzzle, solution = published(SHIKAKU, PUBLISHED[0])
    assert "<text" in puzzle.svg(solution)
