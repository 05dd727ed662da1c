"""LITS, a declared kind (``lpsolve/kinds/lits/``), against sources of truth of its own:
janko.at's published solutions, a plain-Python enumeration of tiny boards, and Python
rules judging every one-cell change of a published solution as the check must."""

from __future__ import annotations

import itertools
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

LITS, PUBLISHED = bundled("lits")
Cell = tuple[int, int]

# -- LITS in plain Python ------------------------------------------------------------------

#: each tetromino drawn once; a piece is one of them turned and mirrored (the square O
#: is a tetromino too, but never one of LITS's)
DRAWN = {
    "L": {(0, 0), (1, 0), (2, 0), (2, 1)},
    "I": {(0, 0), (1, 0), (2, 0), (3, 0)},
    "T": {(0, 0), (0, 1), (0, 2), (1, 1)},
    "S": {(0, 1), (0, 2), (1, 0), (1, 1)},
    "O": {(0, 0), (0, 1), (1, 0), (1, 1)},
}


def normal(cells) -> frozenset[Cell]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def orientations(cells) -> set[frozenset[Cell]]:
    found = set()
    for flip in (1, -1):
        turned = {(r, c * flip) for r, c in cells}
        for _ in range(4):
            turned = {(c, -r) for r, c in turned}
            found.add(normal(turned))
    return found


SHAPE_OF = {form: name for name, cells in DRAWN.items() for form in orientations(cells)}


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def connected(cells) -> bool:
    cells = set(cells)
    if not cells:
        return True
    seen, todo = set(), [min(cells)]
    while todo:
        cell = todo.pop()
        if cell in seen:
            continue
        seen.add(cell)
        todo += [n for n in neighbours(cell) if n in cells]
    return seen == cells


def python_rules_broken(regions: dict[Cell, str], letters: dict[Cell, str]) -> set[str]:
    """The LITS rules an answer (its shaded cells' letters) breaks, judged in Python."""
    broken = set()
    members: dict[str, list[Cell]] = {}
    for cell, region in regions.items():
        members.setdefault(region, []).append(cell)
    for cells in members.values():
        dark = [c for c in cells if c in letters]
        if len(dark) != 4:
            broken.add("every region has four shaded cells")
        if not connected(dark):
            broken.add("a region's shaded cells touch each other")
        elif len(dark) == 4 and any(letters[c] != SHAPE_OF[normal(dark)] for c in dark):
            broken.add("each letter names its tetromino's shape")
    for r, c in letters:
        if all(cell in letters for cell in ((r + 1, c), (r, c + 1), (r + 1, c + 1))):
            broken.add("no 2x2 block is shaded")
        for other in neighbours((r, c)):
            if letters.get(other) == letters[r, c] and regions[other] != regions[r, c]:
                broken.add("equal shapes do not touch across a border")
    if not connected(letters):
        broken.add("the shaded cells are connected")
    return broken


def python_solutions(regions: dict[Cell, str], rows: int, cols: int) -> set[Grid]:
    """Every solution, by trying every choice of a tetromino in each region."""
    members: dict[str, list[Cell]] = {}
    for cell, region in sorted(regions.items()):
        members.setdefault(region, []).append(cell)
    choices = []
    for cells in members.values():
        pieces = []
        for four in itertools.combinations(cells, 4):
            shape = SHAPE_OF.get(normal(four)) if connected(four) else None
            if shape in ("L", "I", "T", "S"):
                pieces.append({cell: shape for cell in four})
        choices.append(pieces)
    found = set()
    for pieces in itertools.product(*choices):
        letters = {cell: shape for piece in pieces for cell, shape in piece.items()}
        if not python_rules_broken(regions, letters):
            found.add(
                tuple(tuple(letters.get((r, c), "-") for c in range(cols)) for r in range(rows))
            )
    return found


def random_regions(rng: random.Random, rows: int, cols: int, count: int) -> dict[Cell, str]:
    """A random partition of the board into ``count`` regions of four cells or more,
    grown from random seeds."""
    while True:
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        regions = {seed: "abcdefgh"[k] for k, seed in enumerate(rng.sample(cells, count))}
        while len(regions) < len(cells):
            cell = rng.choice(sorted(regions))
            free = [n for n in neighbours(cell) if n in cells and n not in regions]
            if free:
                regions[rng.choice(free)] = regions[cell]
        sizes = [list(regions.values()).count(name) for name in set(regions.values())]
        if min(sizes) >= 4:
            return regions


def puzzle_text(regions: dict[Cell, str], rows: int, cols: int) -> str:
    lines = [" ".join(regions[r, c] for c in range(cols)) for r in range(rows)]
    return f"{rows} {cols}\n" + "\n".join(lines) + "\n"


def regions_of(puzzle) -> dict[Cell, str]:
    return {(row[1], row[2]): str(row[3]) for row in puzzle.rows if row[0] == "region"}


# -- brute force on tiny boards ------------------------------------------------------------


#: (seed, rows, cols, regions, solutions): random boards whose enumeration finds one,
#: several or no solutions (most random boards have none)
TINY_BOARDS = [
    (0, 4, 4, 3, 2), (11, 4, 4, 3, 4), (15, 4, 4, 3, 1), (21, 4, 4, 3, 14), (2, 4, 4, 3, 0),
    (4, 4, 5, 3, 1), (27, 4, 5, 3, 4), (23, 5, 5, 4, 3), (1, 5, 5, 5, 0), (14, 5, 6, 5, 2),
]  # fmt: skip


@pytest.mark.parametrize(("seed", "rows", "cols", "count", "solutions"), TINY_BOARDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_finds(
    seed, rows, cols, count, solutions
) -> None:
    regions = random_regions(random.Random(seed), rows, cols, count)
    puzzle = LITS.parse(puzzle_text(regions, rows, cols), f"random-{seed}.lits")
    expected = python_solutions(regions, rows, cols)
    assert len(expected) == solutions
    assert every_solution(puzzle) == expected
    if rows * cols <= 20:  # the second model too (the check with a choice per cell)
        assert second_model(puzzle) == expected


# -- the check ---------------------------------------------------------------------------

RULES = {
    "a shaded cell is on the board",
    "a cell holds one letter",
    "every region has four shaded cells",
    "a region's shaded cells touch each other",
    "each letter names its tetromino's shape",
    "no 2x2 block is shaded",
    "equal shapes do not touch across a border",
    "the shaded cells are connected",
}


def judged_changes(every: bool):
    """One-cell changes of janko-001's published solution, each with the rules the check
    names and the rules Python says it breaks: every change, or the first change (in
    reading order) that Python says breaks each rule."""
    (instance,) = [i for i in PUBLISHED if instance_name(i) == "janko-001.lits"]
    puzzle, solution = published(LITS, instance)
    regions = regions_of(puzzle)
    wanted = set(RULES)
    for _, _, grid in one_cell_changes(grid_of(puzzle, solution), ["-", "L", "I", "T", "S"]):
        letters = {
            (r, c): token
            for r, row in enumerate(grid)
            for c, token in enumerate(row)
            if token != "-"
        }
        expected = python_rules_broken(regions, letters)
        if every or expected & wanted:
            wanted -= expected
            yield grid, rules_broken(puzzle, solution_of(puzzle, grid)), expected


def test_a_one_cell_change_breaking_each_rule_is_named_as_python_judges_it() -> None:
    seen = set()
    for grid, named, expected in judged_changes(every=False):
        assert named == expected, grid
        seen |= named
    assert seen == RULES - {"a shaded cell is on the board", "a cell holds one letter"}


def test_every_one_cell_change_is_named_as_python_judges_it() -> None:
    for grid, named, expected in judged_changes(every=True):
        assert named == expected, grid


def test_letters_off_the_board_and_two_letters_in_a_cell_are_named() -> None:
    puzzle, solution = published(LITS, PUBLISHED[0])
    off = clingo.Function("shape", [clingo.Number(6), clingo.Number(0), clingo.Function("l")])
    assert rules_broken(puzzle, DeclaredSolution((*solution.atoms, off))) == {
        "a shaded cell is on the board"
    }
    (first, *_) = solution.atoms
    r, c, letter = first.arguments
    other = clingo.Function("shape", [r, c, clingo.Function("i" if letter.name != "i" else "l")])
    assert "a cell holds one letter" in rules_broken(
        puzzle, DeclaredSolution(tuple(sorted((*solution.atoms, other))))
    )


# -- files -------------------------------------------------------------------------------


def test_the_picture_shades_four_cells_a_region() -> None:
    assert LITS.title == "LITS"
    puzzle, solution = published(LITS, PUBLISHED[0])
    picture = puzzle.svg(solution)
    assert picture.count("shade dark") == 4 * len({r[3] for r in puzzle.rows if r[0] == "region"})
