"""Sudoku, the first declared kind (``lpsolve/kinds/sudoku/``), against sources of truth
of its own: the published solutions of its bundled instances, a Python enumeration of
every 4x4 grid, a Python backtracking solver for the 6x6 boards (whose boxes are two
rows of three), the second model, and its check on answers changed in one cell."""

from __future__ import annotations

import itertools
import random

import clingo
import pytest

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import KINDS, bundled, instance_name, published_file

SUDOKU, PUBLISHED = bundled("sudoku")
FOLDER = KINDS / "sudoku"
INSTANCES = SUDOKU.instances()


def digit(r: int, c: int, v: int) -> clingo.Symbol:
    return clingo.Function("digit", [clingo.Number(r), clingo.Number(c), clingo.Number(v)])


def grid_of(solution: DeclaredSolution, n: int) -> list[list[int]]:
    grid = [[0] * n for _ in range(n)]
    for atom in solution.atoms:
        r, c, v = (a.number for a in atom.arguments)
        grid[r][c] = v
    return grid


def puzzle_text(givens: dict[tuple[int, int], int], n: int) -> str:
    rows = [" ".join(str(givens.get((r, c), "-")) for c in range(n)) for r in range(n)]
    return f"{n} {n}\n" + "\n".join(rows) + "\n"


# -- an independent Sudoku: boxes of H rows by W columns, solved by backtracking --------


def box_shape(n: int) -> tuple[int, int]:
    """(rows, columns) of a box: janko's shapes, written out (not computed as the
    encoding and the check compute them)."""
    return {1: (1, 1), 4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4)}[n]


def python_solutions(givens: dict[tuple[int, int], int], n: int, most: int = 10**9):
    """Every solution (as a tuple of rows), by plain backtracking, cell by cell."""
    height, width = box_shape(n)
    grid = [[givens.get((r, c), 0) for c in range(n)] for r in range(n)]
    cells = [(r, c) for r in range(n) for c in range(n) if (r, c) not in givens]
    found: list[tuple[tuple[int, ...], ...]] = []

    def fits(r: int, c: int, v: int) -> bool:
        if any(grid[r][k] == v for k in range(n) if k != c):
            return False
        if any(grid[k][c] == v for k in range(n) if k != r):
            return False
        top, left = r - r % height, c - c % width
        return all(
            grid[i][j] != v
            for i in range(top, top + height)
            for j in range(left, left + width)
            if (i, j) != (r, c)
        )

    if not all(fits(r, c, v) for (r, c), v in givens.items()):
        return found

    def place(index: int) -> None:
        if len(found) >= most:
            return
        if index == len(cells):
            found.append(tuple(tuple(row) for row in grid))
            return
        r, c = cells[index]
        for v in range(1, n + 1):
            if fits(r, c, v):
                grid[r][c] = v
                place(index + 1)
                grid[r][c] = 0

    place(0)
    return found


# -- published solutions ------------------------------------------------------------


@pytest.mark.parametrize("instance", [i for i in INSTANCES if "6x6" in i.path], ids=instance_name)
def test_a_6x6_board_has_boxes_of_two_rows_of_three(instance) -> None:
    puzzle = SUDOKU.load(instance.path)
    givens = {(r, c): v for _, r, c, v in (row for row in puzzle.rows if row[0] == "given")}
    expected = python_solutions(givens, 6, most=2)
    assert len(expected) == 1  # the published puzzle is proper
    result = api.solve(puzzle)
    assert result.unique
    assert tuple(map(tuple, grid_of(result.solutions[0], 6))) == expected[0]


# -- brute force on tiny boards ----------------------------------------------------------


def every_4x4_grid() -> set[tuple[tuple[int, ...], ...]]:
    """Every 4x4 Sudoku grid, by trying every choice of four permutations as rows."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = set()
    for grid in itertools.product(rows, repeat=4):
        columns_ok = all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes_ok = all(
            len({grid[r][c] for r in (top, top + 1) for c in (left, left + 1)}) == 4
            for top in (0, 2)
            for left in (0, 2)
        )
        if columns_ok and boxes_ok:
            grids.add(grid)
    return grids


GRIDS_4X4 = every_4x4_grid()


def test_every_4x4_grid_and_nothing_else() -> None:
    assert len(GRIDS_4X4) == 288  # the number of 4x4 Sudoku grids, also published
    empty = SUDOKU.parse(puzzle_text({}, 4), "empty.sudoku")
    result = api.solve(empty, limit=None)
    assert result.complete
    assert {tuple(map(tuple, grid_of(s, 4))) for s in result.solutions} == GRIDS_4X4
    assert api.count(empty).count == 288


@pytest.mark.parametrize("seed", range(12))
def test_random_4x4_puzzles_have_the_solutions_the_enumeration_says(seed: int) -> None:
    rng = random.Random(seed)
    grid = rng.choice(sorted(GRIDS_4X4))
    cells = rng.sample([(r, c) for r in range(4) for c in range(4)], rng.randint(0, 7))
    givens = {(r, c): grid[r][c] for r, c in cells}
    if seed % 3 == 0 and cells:  # some that break a rule: no solution at all
        r, c = cells[0]
        givens[r, c] = givens[r, c] % 4 + 1
    expected = {g for g in GRIDS_4X4 if all(g[r][c] == v for (r, c), v in givens.items())}
    puzzle = SUDOKU.parse(puzzle_text(givens, 4), f"random-{seed}.sudoku")
    result = api.solve(puzzle, limit=None)
    assert result.complete
    assert {tuple(map(tuple, grid_of(s, 4))) for s in result.solutions} == expected


@pytest.mark.parametrize("seed", range(4))
def test_random_6x6_puzzles_match_the_backtracking_solver(seed: int) -> None:
    rng = random.Random(seed)
    (full,) = python_solutions(_random_6x6_grid(rng), 6, most=1)
    cells = rng.sample([(r, c) for r in range(6) for c in range(6)], 14)
    givens = {(r, c): full[r][c] for r, c in cells}
    expected = set(python_solutions(givens, 6))
    result = api.solve(SUDOKU.parse(puzzle_text(givens, 6), "random.sudoku"), limit=None)
    assert result.complete
    assert {tuple(map(tuple, grid_of(s, 6))) for s in result.solutions} == expected


def _random_6x6_grid(rng: random.Random) -> dict[tuple[int, int], int]:
    """A few random givens that a full grid extends: a shuffled first row."""
    row = list(range(1, 7))
    rng.shuffle(row)
    return {(0, c): v for c, v in enumerate(row)}


# -- the check -------------------------------------------------------------------------

RULES = (
    "a cell holds one of 1..N",
    "every cell holds one number",
    "a printed number stays",
    "no number twice in a row",
    "no number twice in a column",
    "no number twice in a box",
)


def rules_broken(puzzle, atoms) -> set[str]:
    return {v.rule for v in puzzle.violations(DeclaredSolution(tuple(sorted(atoms))))}


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    """Each rule, broken by changing, removing or adding one cell's number of a
    published solution: the check names that rule (and the cells it concerns)."""
    puzzle, solution = published_file(SUDOKU, "janko-0001.sudoku")
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    given_cell, free_cell = (0, 0), (0, 2)  # 2 is printed at (0,0); (0,2) is empty
    broken = {}
    old = at[free_cell].arguments[2].number
    changed = (atoms - {at[free_cell]}) | {digit(*free_cell, old % 9 + 1)}
    broken["changed"] = rules_broken(puzzle, changed)
    broken["given changed"] = rules_broken(
        puzzle, (atoms - {at[given_cell]}) | {digit(*given_cell, 9)}
    )
    broken["removed"] = rules_broken(puzzle, atoms - {at[free_cell]})
    broken["too big"] = rules_broken(puzzle, (atoms - {at[free_cell]}) | {digit(*free_cell, 10)})
    broken["off the board"] = rules_broken(puzzle, atoms | {digit(9, 0, 1)})
    assert {
        "no number twice in a row",
        "no number twice in a column",
        "no number twice in a box",
    } <= broken["changed"]
    assert "a printed number stays" in broken["given changed"]
    assert broken["removed"] == {"every cell holds one number"}
    assert "a cell holds one of 1..N" in broken["too big"]
    assert broken["off the board"] == {"a cell holds one of 1..N"}
    assert set().union(*broken.values()) == set(RULES)


def test_a_changed_cell_is_named_with_its_partners() -> None:
    puzzle, solution = published_file(SUDOKU, "wikipedia.sudoku")
    rng = random.Random(1)
    for _ in range(10):
        atom = rng.choice(solution.atoms)
        r, c, v = (a.number for a in atom.arguments)
        new = rng.choice([x for x in range(1, 10) if x != v])
        problems = puzzle.violations(
            DeclaredSolution(tuple(sorted((set(solution.atoms) - {atom}) | {digit(r, c, new)})))
        )
        rules = {p.rule for p in problems}
        assert rules >= {"no number twice in a row", "no number twice in a column"}
        assert rules >= {"no number twice in a box"}
        # the changed cell, and the cell in its row holding the new number, are named
        partner = next(k for k in range(9) if k != c and grid_of(solution, 9)[r][k] == new)
        row_cells = {
            cell for p in problems if p.rule == "no number twice in a row" for cell in p.cells
        }
        assert row_cells == {(r, c), (r, partner)}


# -- the second model (the check as a model) -------------------------------------------


@pytest.mark.parametrize(
    "path", ["explainer-6x6-hard.sudoku", "explainer-6x6-easy.sudoku", "janko-0001.sudoku"]
)
def test_the_second_model_agrees_with_the_encoding(path: str) -> None:
    puzzle = SUDOKU.load(FOLDER / "instances" / path)
    encoding = api.solve(puzzle, limit=None)
    second, complete = puzzle.second_model_solutions()
    assert complete and encoding.complete
    assert sorted(second) == sorted(encoding.solutions)


def test_the_second_model_finds_every_4x4_grid() -> None:
    empty = SUDOKU.parse(puzzle_text({}, 4), "empty.sudoku")
    second, complete = empty.second_model_solutions()
    assert complete
    assert {tuple(map(tuple, grid_of(s, 4))) for s in second} == GRIDS_4X4


# -- the kind is a folder --------------------------------------------------------------


def test_the_bundled_kind_is_lpsolves_own_and_unvetted() -> None:
    assert SUDOKU.bundled
    assert not SUDOKU.check.vetted and not SUDOKU.encoding_program.vetted
