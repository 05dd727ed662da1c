"""Killer Sudoku, a declared kind (``lpsolve/kinds/killer-sudoku/``), against sources of
truth of its own: janko.at's published solutions, every 4x4 Sudoku grid filtered by
random cages and sums in plain Python, the second model, and the check on published
answers changed in one cell."""

from __future__ import annotations

import itertools
import random

import pytest

from lpsolve import api

from .genre_testing import (
    atom,
    bundled,
    every_solution_atoms,
    published,
    rules_broken,
)

KILLER, PUBLISHED = bundled("killer-sudoku")

Grid = tuple[tuple[int, ...], ...]


def puzzle_text(n: int, sums: dict[tuple[int, int], int], cages: list[list[str]]) -> str:
    rows = [" ".join(str(sums.get((r, c), "-")) for c in range(n)) for r in range(n)]
    return f"{n} {n}\n" + "\n".join(rows + [" ".join(row) for row in cages]) + "\n"


def grid_of(atoms, n: int) -> Grid:
    grid = [[0] * n for _ in range(n)]
    for a in atoms:
        r, c, v = (x.number for x in a.arguments)
        grid[r][c] = v
    return tuple(map(tuple, grid))


# -- brute force on tiny boards ------------------------------------------------------


def sudoku_4x4() -> list[Grid]:
    """Every 4x4 Sudoku grid: four permutations as rows, columns and 2 x 2 boxes all
    different (written out here, not as the encoding computes boxes)."""
    grids = []
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        columns = all(len({rows[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes = all(
            len({rows[r][c] for r in (top, top + 1) for c in (left, left + 1)}) == 4
            for top in (0, 2)
            for left in (0, 2)
        )
        if columns and boxes:
            grids.append(rows)
    return grids


SUDOKU_4X4 = sudoku_4x4()


def random_cages(grid: Grid, rng: random.Random) -> dict[tuple[int, int], int]:
    """Connected cages grown from random seeds, a cell joining a neighbour's cage only
    if its number of ``grid`` is not there yet: each cell's cage."""
    n = len(grid)
    cells = [(r, c) for r in range(n) for c in range(n)]
    owner = {seed: k for k, seed in enumerate(rng.sample(cells, rng.randint(n, 2 * n)))}
    while len(owner) < n * n:
        r, c = rng.choice(list(owner))
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        near = (r + dr, c + dc)
        if near not in cells or near in owner:
            continue
        taken = {grid[i][j] for (i, j), k in owner.items() if k == owner[r, c]}
        if grid[near[0]][near[1]] not in taken:
            owner[near] = owner[r, c]
        elif rng.random() < 0.2:  # a cage of its own, so that growing ends
            owner[near] = len(cells) + len(owner)
    return owner


def fits_cages(grid: Grid, owner: dict[tuple[int, int], int], totals: dict[int, int]) -> bool:
    for k in set(owner.values()):
        values = [grid[r][c] for (r, c), j in owner.items() if j == k]
        if len(set(values)) < len(values) or (k in totals and sum(values) != totals[k]):
            return False
    return True


@pytest.mark.parametrize("seed", range(10))
def test_random_4x4_boards_have_the_solutions_a_plain_enumeration_finds(seed: int) -> None:
    rng = random.Random(seed)
    chosen = rng.choice(SUDOKU_4X4)
    owner = random_cages(chosen, rng)
    totals = {k: sum(chosen[r][c] for (r, c), j in owner.items() if j == k) for k in owner.values()}
    for k in rng.sample(sorted(totals), len(totals) // 3):  # some cages without a sum
        del totals[k]
    if seed % 4 == 0:  # a sum changed: often no solution at all
        k = rng.choice(sorted(totals))
        totals[k] += 1
    expected = {g for g in SUDOKU_4X4 if fits_cages(g, owner, totals)}
    sums = {min(c for c, j in owner.items() if j == k): total for k, total in totals.items()}
    ids = [[f"c{owner[r, c]}" for c in range(4)] for r in range(4)]
    puzzle = KILLER.parse(puzzle_text(4, sums, ids), f"random-{seed}.killer-sudoku")
    assert {grid_of(s, 4) for s in every_solution_atoms(puzzle)} == expected


def test_the_second_model_agrees_with_the_encoding_on_small_boards() -> None:
    for instance in PUBLISHED[:2]:  # 4x4 and 6x6
        puzzle = KILLER.load(instance.path)
        second, complete = puzzle.second_model_solutions()
        assert complete
        assert {s.atoms for s in second} == every_solution_atoms(puzzle)
    few = "4 4\n7 - - 9\n- - - -\n- - - -\n- - - -\na a b b\na c c b\nd d e e\nd f f e\n"
    puzzle = KILLER.parse(few, "few.killer-sudoku")
    second, complete = puzzle.second_model_solutions()
    assert complete and len(second) > 1
    assert {s.atoms for s in second} == every_solution_atoms(puzzle)


# -- the check -------------------------------------------------------------------------

RULES = {
    "a cell holds one of 1..N",
    "every cell holds one number",
    "no number twice in a row",
    "no number twice in a column",
    "no number twice in a box",
    "no number twice in a cage",
    "a cage adds up to its sum",
}


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-021.killer-sudoku"))
    puzzle, solution = published(KILLER, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    # (0,0) holds 6 and shares its cage (sum 20) with (0,1) holding 9 and (1,0): 5
    assert [at[c].arguments[2].number for c in [(0, 0), (0, 1), (1, 0)]] == [6, 9, 5]
    broken = {
        "to 9": rules_broken(puzzle, atoms - {at[0, 0]} | {atom("digit", 0, 0, 9)}),
        "removed": rules_broken(puzzle, atoms - {at[0, 0]}),
        "too big": rules_broken(puzzle, atoms - {at[0, 0]} | {atom("digit", 0, 0, 10)}),
        "off the board": rules_broken(puzzle, atoms | {atom("digit", 0, 9, 1)}),
    }
    assert broken["to 9"] == {
        "no number twice in a row",
        "no number twice in a column",
        "no number twice in a box",
        "no number twice in a cage",
        "a cage adds up to its sum",
    }
    assert broken["removed"] == {"every cell holds one number", "a cage adds up to its sum"}
    assert broken["too big"] >= {"a cell holds one of 1..N", "a cage adds up to its sum"}
    assert broken["off the board"] == {"a cell holds one of 1..N"}
    assert set().union(*broken.values()) == RULES


def test_a_wrong_cage_sum_names_every_cell_of_the_cage() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-021.killer-sudoku"))
    puzzle, solution = published(KILLER, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    problems = puzzle.violations(type(solution)(tuple(sorted(atoms - {at[0, 0]}))))
    cage_cells = {c for p in problems if p.rule == "a cage adds up to its sum" for c in p.cells}
    assert cage_cells == {(0, 0), (0, 1), (1, 0)}


# -- bad files -------------------------------------------------------------------------


def test_the_picture_shows_the_cages_and_their_sums() -> None:
    puzzle = KILLER.load(PUBLISHED[0].path)
    svg = puzzle.svg(api.solve(puzzle).solutions[0])
    assert 'class="border"' in svg and ">9<" in svg  # cages and the sum 9
