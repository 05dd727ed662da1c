"""Nonogram, a declared kind (``lpsolve/kinds/nonogram/``), against sources of truth of
its own: the published solutions of puzzlekit's collection, every 4 x 4 and 4 x 5 grid
in plain Python with its numbers counted there, the second model, and the check on
published answers changed in one cell."""

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

NONOGRAM, PUBLISHED = bundled("nonogram")

Grid = tuple[tuple[int, ...], ...]


def runs(cells) -> tuple[int, ...]:
    """The lengths of the runs of 1s, in order."""
    return tuple(len(list(group)) for value, group in itertools.groupby(cells) if value)


def numbers(grid: Grid) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """(the columns' numbers, the rows' numbers) of a grid of 0s and 1s."""
    return [runs(column) for column in zip(*grid, strict=True)], [runs(row) for row in grid]


def puzzle_text(rows: int, cols: int, columns, row_numbers) -> str:
    lines = [f"{rows} {cols}"]
    lines += [" ".join(map(str, n)) or "0" for n in columns]
    lines += [" ".join(map(str, n)) or "0" for n in row_numbers]
    return "\n".join(lines) + "\n"


def grid_of(atoms, rows: int, cols: int) -> Grid:
    shaded = {(a.arguments[0].number, a.arguments[1].number) for a in atoms}
    return tuple(tuple(int((r, c) in shaded) for c in range(cols)) for r in range(rows))


# -- brute force on tiny boards ------------------------------------------------------


def matching(rows: int, cols: int, columns, row_numbers) -> set[Grid]:
    """Every grid of 0s and 1s with these numbers: each row one of the patterns of
    ``cols`` cells showing its numbers, the columns checked on the whole grid."""
    patterns: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for cells in itertools.product((0, 1), repeat=cols):
        patterns.setdefault(runs(cells), []).append(cells)
    candidates = [patterns.get(tuple(n), []) for n in row_numbers]
    return {
        grid
        for grid in itertools.product(*candidates)
        if numbers(grid)[0] == [tuple(n) for n in columns]
    }


@pytest.mark.parametrize("seed", range(12))
def test_random_tiny_boards_have_the_solutions_a_plain_enumeration_finds(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = (4, 4 + seed % 2)
    chosen = tuple(tuple(int(rng.random() < 0.55) for _ in range(cols)) for _ in range(rows))
    columns, row_numbers = numbers(chosen)
    if seed % 4 == 3:  # a number changed: often no solution
        k = rng.randrange(rows)
        last = (row_numbers[k] or (0,))[-1]
        row_numbers[k] = (*row_numbers[k][:-1], last % cols + 1)
    expected = matching(rows, cols, columns, row_numbers)
    text = puzzle_text(rows, cols, columns, row_numbers)
    puzzle = NONOGRAM.parse(text, f"random-{seed}.nonogram")
    assert {grid_of(s, rows, cols) for s in every_solution_atoms(puzzle)} == expected


def test_some_tiny_boards_have_several_solutions_and_the_encoding_finds_them_all() -> None:
    # two 2 x 2 diagonals give the same numbers: four such corners, sixteen answers
    text = puzzle_text(4, 4, [(1, 1)] * 4, [(1, 1)] * 4)
    puzzle = NONOGRAM.parse(text, "diagonals.nonogram")
    expected = matching(4, 4, [(1, 1)] * 4, [(1, 1)] * 4)
    assert len(expected) > 1
    assert {grid_of(s, 4, 4) for s in every_solution_atoms(puzzle)} == expected


def test_the_second_model_agrees_with_the_encoding_on_small_boards() -> None:
    for instance in PUBLISHED:
        puzzle = NONOGRAM.load(instance.path)
        if puzzle.size == (10, 10):
            second, complete = puzzle.second_model_solutions()
            assert complete
            assert {s.atoms for s in second} == every_solution_atoms(puzzle)
    text = puzzle_text(4, 4, [(1, 1)] * 4, [(1, 1)] * 4)
    puzzle = NONOGRAM.parse(text, "diagonals.nonogram")
    second, complete = puzzle.second_model_solutions()
    assert complete and {s.atoms for s in second} == every_solution_atoms(puzzle)


# -- the check -------------------------------------------------------------------------

RULES = {
    "a shaded cell is on the board",
    "each row shows its numbers",
    "each column shows its numbers",
}


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("puzzlekit-1681-10x10.nonogram"))
    puzzle, solution = published(NONOGRAM, instance)
    atoms = set(solution.atoms)
    shaded = atom("shaded", 1, 1)  # row 2 is "- x - x x x x x x -"
    assert shaded in atoms
    broken = {
        "cleared": puzzle.violations(type(solution)(tuple(sorted(atoms - {shaded})))),
        "shaded": puzzle.violations(type(solution)(tuple(sorted(atoms | {atom("shaded", 0, 0)})))),
    }
    named = {k: {str(v) for v in found} for k, found in broken.items()}
    assert named["cleared"] == {
        "each row shows its numbers (row(1))",
        "each column shows its numbers (column(1))",
    }
    assert named["shaded"] == {
        "each row shows its numbers (row(0))",
        "each column shows its numbers (column(0))",
    }
    off = rules_broken(puzzle, atoms | {atom("shaded", 10, 3)})
    assert off == {"a shaded cell is on the board"}
    assert {v.rule for found in broken.values() for v in found} | off == RULES


def test_a_run_of_the_right_length_in_the_wrong_place_is_still_caught() -> None:
    # row 1 of "3 / 1" is "- x -"; moving its run to "x - -" keeps the row right
    puzzle = NONOGRAM.parse("2 3\n1\n2\n1\n3\n1\n", "small.nonogram")
    (solution,) = api.solve(puzzle, limit=None).solutions
    assert puzzle.janko_text(solution) == "2 3\nx x x\n- x -"
    moved = set(solution.atoms) - {atom("shaded", 1, 1)} | {atom("shaded", 1, 0)}
    assert rules_broken(puzzle, moved) == {"each column shows its numbers"}


# -- bad files -------------------------------------------------------------------------

GOOD = "2 3\n1\n2\n1\n3\n1\n"


def test_the_picture_shows_the_numbers_and_the_shaded_cells() -> None:
    puzzle = NONOGRAM.parse(GOOD, "small.nonogram")
    svg = puzzle.svg(api.solve(puzzle).solutions[0])
    assert svg.count('class="number outside"') == 5 and svg.count("shade dark") == 4
