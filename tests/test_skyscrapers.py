"""Skyscrapers, a declared kind (``lpsolve/kinds/skyscrapers/``), against sources of
truth of its own: janko.at's published solutions (with and without empty cells),
every 4x4 grid of heights enumerated in plain Python with the buildings seen counted
there, the second model, and the check on published answers changed in one cell."""

from __future__ import annotations

import functools
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

SKYSCRAPERS, PUBLISHED = bundled("skyscrapers")
SIDES = ("top", "bottom", "left", "right")

Grid = tuple[tuple[int, ...], ...]


def grid_of(atoms, n: int) -> Grid:
    grid = [[-1] * n for _ in range(n)]
    for a in atoms:
        r, c, v = (x.number for x in a.arguments)
        grid[r][c] = v
    return tuple(map(tuple, grid))


# -- published solutions ------------------------------------------------------------


def test_the_bundled_instances_are_janko_puzzles_with_and_without_empty_cells() -> None:
    headers = {tuple(SKYSCRAPERS.load(i.path).values.values()) for i in PUBLISHED}
    assert {(4, 4, 3), (5, 5, 5), (7, 7, 5), (8, 8, 8)} <= headers
    assert len(PUBLISHED) == len(SKYSCRAPERS.instances()) >= 5
    for instance in SKYSCRAPERS.instances():
        assert Path(instance.path).read_text().startswith("# janko.at, https://www.janko.at/")


# -- brute force on tiny boards ------------------------------------------------------


@functools.cache
def grids(n: int, tallest: int) -> list[Grid]:
    """Every n x n grid whose rows and columns hold 1..tallest once and 0 elsewhere."""
    rows = sorted(set(itertools.permutations([*range(1, tallest + 1), *[0] * (n - tallest)])))
    found: list[Grid] = []

    def extend(chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == n:
            found.append(tuple(chosen))
            return
        for row in rows:
            if all(v == 0 or all(r[c] != v for r in chosen) for c, v in enumerate(row)):
                extend([*chosen, row])

    extend([])
    return found


def seen(heights: list[int]) -> int:
    """How many buildings are seen along ``heights``, the nearest first."""
    count, tallest = 0, 0
    for h in heights:
        if h > tallest:
            count, tallest = count + 1, h
    return count


def views(grid: Grid) -> dict[tuple[str, int], int]:
    n = len(grid)
    columns = [[grid[r][c] for r in range(n)] for c in range(n)]
    found = {}
    for k in range(n):
        found["top", k] = seen(columns[k])
        found["bottom", k] = seen(columns[k][::-1])
        found["left", k] = seen(list(grid[k]))
        found["right", k] = seen(list(grid[k])[::-1])
    return found


def puzzle_text(n: int, tallest: int, clues: dict, givens: dict) -> str:
    lines = [f"{n} {n} {tallest}"]
    for side in SIDES:
        lines.append(" ".join(str(clues.get((side, k), "-")) for k in range(n)))
    for r in range(n):
        lines.append(" ".join(str(givens.get((r, c), "-")) for c in range(n)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(12))
def test_random_4x4_puzzles_have_the_solutions_a_plain_enumeration_finds(seed: int) -> None:
    rng = random.Random(seed)
    tallest = (4, 3, 2)[seed % 3]
    every = grids(4, tallest)
    chosen = rng.choice(every)
    clues = dict(rng.sample(sorted(views(chosen).items()), rng.randint(4, 9)))
    givens = {}
    if seed % 4 == 1:
        r, c = rng.randrange(4), rng.randrange(4)
        givens[r, c] = chosen[r][c]
    if seed % 4 == 3:  # a clue changed: often no solution
        key = rng.choice(sorted(clues))
        clues[key] = clues[key] % tallest + 1
    expected = {
        g
        for g in every
        if all(views(g)[key] == v for key, v in clues.items())
        and all(g[r][c] == v for (r, c), v in givens.items())
    }
    puzzle = SKYSCRAPERS.parse(puzzle_text(4, tallest, clues, givens), f"random-{seed}")
    assert {grid_of(s, 4) for s in every_solution_atoms(puzzle)} == expected


def test_the_enumeration_counts_what_is_known() -> None:
    assert len(grids(4, 4)) == 576  # the 4x4 Latin squares
    assert len(grids(4, 3)) == 576  # a Latin square of 0..3
    assert seen([0, 2, 0, 1, 3]) == 2 and seen([3, 2, 1]) == 1 and seen([0, 0]) == 0


def test_the_second_model_agrees_with_the_encoding_on_small_boards() -> None:
    for instance in PUBLISHED:
        puzzle = SKYSCRAPERS.load(instance.path)
        if puzzle.size[0] <= 4:
            second, complete = puzzle.second_model_solutions()
            assert complete
            assert {s.atoms for s in second} == every_solution_atoms(puzzle)
    few = puzzle_text(4, 3, {("top", 0): 3, ("left", 1): 2}, {(0, 1): 0})
    puzzle = SKYSCRAPERS.parse(few, "few.skyscrapers")
    second, complete = puzzle.second_model_solutions()
    assert complete and len(second) > 1
    assert {s.atoms for s in second} == every_solution_atoms(puzzle)


# -- the check -------------------------------------------------------------------------

RULES = {
    "a cell holds one height 0..MAX",
    "a printed height stays",
    "no height twice in a row",
    "no height twice in a column",
    "each row has N - MAX empty cells",
    "each column has N - MAX empty cells",
    "a number outside is the buildings seen",
}


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-017.skyscrapers"))
    puzzle, solution = published(SKYSCRAPERS, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    # row 0 is 1 5 0 2 3 0 4; column 0 is 1 5 0 2 4 3 0
    broken = {
        "5 twice": rules_broken(puzzle, atoms - {at[0, 0]} | {atom("height", 0, 0, 5)}),
        "one empty more": rules_broken(puzzle, atoms - {at[0, 0]} | {atom("height", 0, 0, 0)}),
        "removed": rules_broken(puzzle, atoms - {at[0, 0]}),
        "too tall": rules_broken(puzzle, atoms - {at[0, 0]} | {atom("height", 0, 0, 6)}),
        "off the board": rules_broken(puzzle, atoms | {atom("height", 7, 0, 1)}),
    }
    assert {"no height twice in a row", "no height twice in a column"} <= broken["5 twice"]
    assert "a number outside is the buildings seen" in broken["5 twice"]
    assert {
        "each row has N - MAX empty cells",
        "each column has N - MAX empty cells",
    } <= broken["one empty more"]
    assert "a cell holds one height 0..MAX" in broken["removed"]
    assert "a cell holds one height 0..MAX" in broken["too tall"]
    assert broken["off the board"] == {"a cell holds one height 0..MAX"}
    # a printed height: janko-022 prints 4 at (row 3, col 5)
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-022.skyscrapers"))
    puzzle, solution = published(SKYSCRAPERS, instance)
    atoms = set(solution.atoms)
    printed = next(a for a in atoms if a.arguments[0].number == 2 and a.arguments[1].number == 4)
    assert printed.arguments[2].number == 4
    broken["given"] = rules_broken(puzzle, atoms - {printed} | {atom("height", 2, 4, 5)})
    assert "a printed height stays" in broken["given"]
    assert set().union(*broken.values()) == RULES


def test_a_wrong_view_names_its_clue() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-001.skyscrapers"))
    puzzle, solution = published(SKYSCRAPERS, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    # row 0 is 5 3 1 4 2: swap 5 and 3 there (still a Latin square row, not a column)
    swapped = atoms - {at[0, 0], at[0, 1]} | {atom("height", 0, 0, 3), atom("height", 0, 1, 5)}
    problems = puzzle.violations(type(solution)(tuple(sorted(swapped))))
    views_broken = {str(p) for p in problems if p.rule == "a number outside is the buildings seen"}
    # left of row 1 says 1 (now 2 seen); the tops of columns 1 and 2 say 3 (now 1 and 4)
    assert views_broken >= {
        "a number outside is the buildings seen (side(left,0))",
        "a number outside is the buildings seen (side(top,1))",
    }


# -- bad files -------------------------------------------------------------------------


def test_the_clues_and_the_picture_name_the_views() -> None:
    puzzle = SKYSCRAPERS.load(PUBLISHED[0].path)
    clues = [c.text for c in puzzle.clues()]
    assert "3 seen from the top of column 2" in clues
    assert "1 seen from the right of row 5" in clues
    svg = puzzle.svg(api.solve(puzzle).solutions[0])
    assert svg.count('class="number outside"') == 14  # janko 001 prints 14 clues
