"""Jigsaw Sudoku, a declared kind (``lpsolve/kinds/jigsaw-sudoku/``), against sources of
truth of its own: janko.at's published solutions, every 4x4 Latin square filtered by
random regions and givens in plain Python, the second model, and the check on
published answers changed in one cell."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from lpsolve import api

from .genre_testing import (
    atom,
    bundled,
    every_solution_atoms,
    published,
    rules_broken,
)

JIGSAW, PUBLISHED = bundled("jigsaw-sudoku")

Grid = tuple[tuple[int, ...], ...]


def puzzle_text(n: int, givens: dict[tuple[int, int], int], regions: list[list[int]]) -> str:
    rows = [" ".join(str(givens.get((r, c), "-")) for c in range(n)) for r in range(n)]
    areas = [" ".join(str(k) for k in row) for row in regions]
    return f"{n} {n}\n" + "\n".join(rows + areas) + "\n"


def grid_of(atoms, n: int) -> Grid:
    grid = [[0] * n for _ in range(n)]
    for a in atoms:
        r, c, v = (x.number for x in a.arguments)
        grid[r][c] = v
    return tuple(map(tuple, grid))


# -- brute force on tiny boards ------------------------------------------------------

LATIN_4X4: list[Grid] = [
    rows
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4)
    if all(len({rows[r][c] for r in range(4)}) == 4 for c in range(4))
]


def random_regions(n: int, rng: random.Random, equal: bool) -> list[list[int]]:
    """N connected regions grown from random seeds; ``equal``: retried until each has N
    cells (else any sizes, which no answer can fill)."""
    while True:
        owner: dict[tuple[int, int], int] = {}
        cells = [(r, c) for r in range(n) for c in range(n)]
        for k, seed in enumerate(rng.sample(cells, n), start=1):
            owner[seed] = k
        while len(owner) < n * n:
            r, c = rng.choice(list(owner))
            step = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
            near = (r + step[0], c + step[1])
            if near in cells and near not in owner:
                owner[near] = owner[r, c]
        sizes = [list(owner.values()).count(k) for k in range(1, n + 1)]
        if not equal or sizes == [n] * n:
            return [[owner[r, c] for c in range(n)] for r in range(n)]


def fits_regions(grid: Grid, regions: list[list[int]], n: int) -> bool:
    """Each region holds each of 1..N exactly once (so a region of other than N cells
    never does)."""
    for k in range(1, n + 1):
        values = sorted(grid[r][c] for r in range(n) for c in range(n) if regions[r][c] == k)
        if values != list(range(1, n + 1)):
            return False
    return True


@pytest.mark.parametrize("seed", range(10))
def test_random_4x4_boards_have_the_solutions_a_plain_enumeration_finds(seed: int) -> None:
    rng = random.Random(seed)
    regions = random_regions(4, rng, equal=seed % 5 != 4)
    fitting = [g for g in LATIN_4X4 if fits_regions(g, regions, 4)]
    givens: dict[tuple[int, int], int] = {}
    if fitting:  # a few numbers of one answer, one of them changed now and then
        chosen = rng.choice(fitting)
        for r, c in rng.sample([(r, c) for r in range(4) for c in range(4)], rng.randint(3, 6)):
            givens[r, c] = chosen[r][c]
        if seed % 3 == 0 and givens:
            first = next(iter(givens))
            givens[first] = givens[first] % 4 + 1
    expected = {g for g in fitting if all(g[r][c] == v for (r, c), v in givens.items())}
    puzzle = JIGSAW.parse(puzzle_text(4, givens, regions), f"random-{seed}.jigsaw-sudoku")
    assert {grid_of(s, 4) for s in every_solution_atoms(puzzle)} == expected


def test_the_second_model_agrees_with_the_encoding_on_small_boards() -> None:
    for instance in PUBLISHED[:3]:  # 4x4, 5x5 and 6x6
        puzzle = JIGSAW.load(instance.path)
        second, complete = puzzle.second_model_solutions()
        assert complete
        assert set(s.atoms for s in second) == every_solution_atoms(puzzle)
    regions = random_regions(4, random.Random(7), equal=True)
    few = JIGSAW.parse(puzzle_text(4, {(0, 0): 1, (3, 3): 2}, regions), "few.jigsaw-sudoku")
    second, complete = few.second_model_solutions()
    assert complete and len(second) > 1
    assert set(s.atoms for s in second) == every_solution_atoms(few)


# -- the check -------------------------------------------------------------------------

RULES = {
    "a cell holds one of 1..N",
    "every cell holds one number",
    "a printed number stays",
    "no number twice in a row",
    "no number twice in a column",
    "no number twice in a region",
    "a region has N cells",
}


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-656.jigsaw-sudoku"))
    puzzle, solution = published(JIGSAW, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    given, free = (0, 3), (0, 0)  # 5 is printed at (0,3); (0,0) is empty
    value = at[free].arguments[2].number
    broken = {
        "changed": rules_broken(puzzle, atoms - {at[free]} | {atom("digit", *free, value % 9 + 1)}),
        "given": rules_broken(puzzle, atoms - {at[given]} | {atom("digit", *given, 9)}),
        "removed": rules_broken(puzzle, atoms - {at[free]}),
        "too big": rules_broken(puzzle, atoms - {at[free]} | {atom("digit", *free, 10)}),
        "off the board": rules_broken(puzzle, atoms | {atom("digit", 9, 0, 1)}),
    }
    assert {
        "no number twice in a row",
        "no number twice in a column",
        "no number twice in a region",
    } <= broken["changed"]
    assert "a printed number stays" in broken["given"]
    assert broken["removed"] == {"every cell holds one number"}
    assert "a cell holds one of 1..N" in broken["too big"]
    assert broken["off the board"] == {"a cell holds one of 1..N"}
    # one region cell moved to another region (a change of the puzzle, not the answer)
    text = Path(instance.path).read_text().replace("7 4 4 4 4 4 2 2 2", "4 4 4 4 4 4 2 2 2")
    moved = JIGSAW.parse(text, "moved.jigsaw-sudoku")
    broken["region"] = rules_broken(moved, atoms)
    assert "a region has N cells" in broken["region"]
    assert set().union(*broken.values()) == RULES


def test_a_region_clash_names_both_cells() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-680.jigsaw-sudoku"))
    puzzle, solution = published(JIGSAW, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    # (0,0) holds 6; region 4 (top left) also holds 1 at (1,1): write 1 at (0,0)
    changed = atoms - {at[0, 0]} | {atom("digit", 0, 0, 1)}
    problems = puzzle.violations(type(solution)(tuple(sorted(changed))))
    region_cells = {
        cell for p in problems if p.rule == "no number twice in a region" for cell in p.cells
    }
    assert region_cells == {(0, 0), (1, 1)}


# -- the kind is a folder --------------------------------------------------------------


def test_the_picture_shows_the_regions_and_the_numbers() -> None:
    puzzle = JIGSAW.load(PUBLISHED[0].path)
    svg = puzzle.svg(api.solve(puzzle).solutions[0])
    assert "<svg" in svg and 'class="border"' in svg and svg.count("<text") >= 16
