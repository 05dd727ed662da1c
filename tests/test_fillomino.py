"""Fillomino, a declared kind (``lpsolve/kinds/fillomino/``), against sources of truth of
its own: janko.at's published solutions, a plain-Python backtracking enumeration of
tiny boards, and Python rules judging one-cell changes of a published solution."""

from __future__ import annotations

import random

import clingo
import pytest

from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import (
    Grid,
    bundled,
    every_solution,
    grid_of,
    instance_name,
    one_cell_changes,
    published,
    rules_broken,
    second_model,
    solution_of,
)

FILLOMINO, PUBLISHED = bundled("fillomino")
Cell = tuple[int, int]
#: the kind's limit on a region holding no given number: max(largest given, 10) cells
UNCLUED_LIMIT = 10

# -- Fillomino in plain Python -------------------------------------------------------------


def regions(numbers: dict[Cell, int]) -> list[list[Cell]]:
    """The regions numbers make: largest sets of connected cells with the same number."""
    seen: set[Cell] = set()
    found = []
    for start in sorted(numbers):
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            region.append((r, c))
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if other not in seen and numbers.get(other) == numbers[start]:
                    seen.add(other)
                    todo.append(other)
        found.append(region)
    return found


def python_rules_broken(
    rows: int, cols: int, givens: dict[Cell, int], numbers: dict[Cell, int]
) -> set[str]:
    """The Fillomino rules an answer (each cell's number; a cell may have none) breaks."""
    broken = set()
    if len(numbers) < rows * cols:
        broken.add("every cell holds one number")
    if any(numbers.get(cell) != n for cell, n in givens.items()):
        broken.add("a given number stays")
    if any(len(region) != numbers[region[0]] for region in regions(numbers)):
        broken.add("a region has as many cells as its number")
    return broken


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def connected_sets(first: Cell, free: set[Cell], most: int) -> set[frozenset[Cell]]:
    """Every connected set of at most ``most`` free cells that holds ``first``."""
    found = {frozenset([first])}
    layer = set(found)
    for _ in range(most - 1):
        layer = {
            cells | {other}
            for cells in layer
            for cell in cells
            for other in neighbours(cell)
            if other in free and other not in cells
        }
        found |= layer
    return found


def python_solutions(
    rows: int, cols: int, givens: dict[Cell, int], unclued_limit: int | None = UNCLUED_LIMIT
) -> set[Grid]:
    """Every solution, region by region: the first free cell (in reading order) starts a
    region, any connected set of free cells, whose size is its number; the givens in it
    must say that size, and no region beside it may have it. A region holds at most
    max(largest given, ``unclued_limit``) cells (``None``: the board's), the kind's
    limit (a larger region could hold no given number)."""
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    most = len(cells) if unclued_limit is None else max([unclued_limit, *givens.values()])
    numbers: dict[Cell, int] = {}
    found = set()

    def place(free: set[Cell]) -> None:
        if not free:
            found.add(tuple(tuple(str(numbers[r, c]) for c in range(cols)) for r in range(rows)))
            return
        for region in connected_sets(min(free), free, most):
            size = len(region)
            if any(givens.get(cell, size) != size for cell in region):
                continue
            if any(numbers.get(n) == size for cell in region for n in neighbours(cell)):
                continue
            numbers.update(dict.fromkeys(region, size))
            place(free - region)
            for cell in region:
                del numbers[cell]

    place(cells)
    return found


def puzzle_text(rows: int, cols: int, givens: dict[Cell, int]) -> str:
    lines = [" ".join(str(givens.get((r, c), "-")) for c in range(cols)) for r in range(rows)]
    return f"{rows} {cols}\n" + "\n".join(lines) + "\n"


def random_givens(seed: int, rows: int, cols: int, count: int) -> dict[Cell, int]:
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return {cell: rng.randint(1, 5) for cell in rng.sample(cells, count)}


# -- published solutions -------------------------------------------------------------------


def test_a_region_may_be_larger_than_every_given_number() -> None:
    """janko.at's Fillomino 009: its largest given is 5, its solution has a region of 7
    holding no given."""
    (instance,) = [i for i in PUBLISHED if instance_name(i) == "janko-009.fillomino"]
    puzzle, solution = published(FILLOMINO, instance)
    assert max(row[3] for row in puzzle.rows if row[0] == "given") == 5
    assert "7" in {token for row in grid_of(puzzle, solution) for token in row}


# -- brute force on tiny boards ------------------------------------------------------------

#: (seed, rows, cols, givens, solutions): random boards whose enumeration finds one,
#: several or no solutions
TINY_BOARDS = [
    (4, 3, 4, 4, 1), (13, 3, 4, 4, 16), (0, 3, 4, 4, 0), (3, 4, 4, 5, 2), (10, 4, 4, 5, 163),
    (17, 4, 4, 7, 1), (10, 4, 5, 7, 17), (15, 4, 5, 7, 9),
]  # fmt: skip


@pytest.mark.parametrize(("seed", "rows", "cols", "count", "solutions"), TINY_BOARDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_finds(
    seed, rows, cols, count, solutions
) -> None:
    givens = random_givens(seed, rows, cols, count)
    puzzle = FILLOMINO.parse(puzzle_text(rows, cols, givens), f"random-{seed}.fillomino")
    expected = python_solutions(rows, cols, givens)
    assert len(expected) == solutions
    assert every_solution(puzzle) == expected
    if rows * cols <= 12:  # the second model too (the check with a choice per cell)
        assert second_model(puzzle) == expected


def test_the_limit_on_regions_without_a_given_number() -> None:
    """A region holding no given number has at most max(largest given, 10) cells: on a
    row of 12 cells with a 1 at its start, eleven cells of 11 are a solution that is
    not searched; every other solution is found."""
    givens = {(0, 0): 1}
    puzzle = FILLOMINO.parse(puzzle_text(1, 12, givens), "row.fillomino")
    unlimited = python_solutions(1, 12, givens, unclued_limit=None)
    eleven = (("1", *["11"] * 11),)
    assert eleven in unlimited
    assert every_solution(puzzle) == unlimited - {eleven} == python_solutions(1, 12, givens)


# -- the check ---------------------------------------------------------------------------

RULES = {
    "a number is on the board",
    "every cell holds one number",
    "a given number stays",
    "a region has as many cells as its number",
}


def judged_changes(every: bool):
    """One-cell changes of janko-001's published solution (a cell's number changed to
    1..6, or removed), each with the rules the check names and the rules Python says
    it breaks: every change, or the first that Python says breaks each rule."""
    (instance,) = [i for i in PUBLISHED if instance_name(i) == "janko-001.fillomino"]
    puzzle, solution = published(FILLOMINO, instance)
    rows, cols = puzzle.size
    givens = {(row[1], row[2]): row[3] for row in puzzle.rows if row[0] == "given"}
    wanted = set(RULES)
    tokens = ["-", *map(str, range(1, 7))]
    for _, _, grid in one_cell_changes(grid_of(puzzle, solution), tokens):
        numbers = {
            (r, c): int(token)
            for r, row in enumerate(grid)
            for c, token in enumerate(row)
            if token != "-"
        }
        expected = python_rules_broken(rows, cols, givens, numbers)
        if every or expected & wanted:
            wanted -= expected
            yield grid, rules_broken(puzzle, solution_of(puzzle, grid)), expected


def test_a_one_cell_change_breaking_each_rule_is_named_as_python_judges_it() -> None:
    seen = set()
    for grid, named, expected in judged_changes(every=False):
        assert named == expected, grid
        seen |= named
    assert seen == RULES - {"a number is on the board"}


def test_every_one_cell_change_is_named_as_python_judges_it() -> None:
    for grid, named, expected in judged_changes(every=True):
        assert named == expected, grid


def test_numbers_off_the_board_and_two_numbers_in_a_cell_are_named() -> None:
    puzzle, solution = published(FILLOMINO, PUBLISHED[0])
    rows, _ = puzzle.size
    off = clingo.Function("fill", [clingo.Number(rows), clingo.Number(0), clingo.Number(1)])
    assert rules_broken(puzzle, DeclaredSolution((*solution.atoms, off))) == {
        "a number is on the board"
    }
    first = solution.atoms[0]
    r, c, n = first.arguments
    other = clingo.Function("fill", [r, c, clingo.Number(n.number + 1)])
    assert "every cell holds one number" in rules_broken(
        puzzle, DeclaredSolution(tuple(sorted((*solution.atoms, other))))
    )


# -- files -------------------------------------------------------------------------------


def test_the_picture_shows_every_cells_number() -> None:
    assert FILLOMINO.title == "Fillomino"
    puzzle, solution = published(FILLOMINO, PUBLISHED[0])
    assert puzzle.svg(solution).count("<text") == 25  # every cell's number, once
