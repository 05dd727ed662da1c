"""Kakuro, a declared kind (``lpsolve/kinds/kakuro/``), against sources of truth of its
own: janko.at's published solutions, a plain Python backtracking search on random
small boards, the second model, and the check on published answers changed in one
cell."""

from __future__ import annotations

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

KAKURO, PUBLISHED = bundled("kakuro")

Cell = tuple[int, int]


# -- brute force on small boards -----------------------------------------------------


def runs(white: set[Cell]) -> list[tuple[Cell, str, list[Cell]]]:
    """Every run of white cells: (the cell before it, "across" or "down", its cells)."""
    found = []
    for r, c in sorted(white):
        for direction, (dr, dc) in (("across", (0, 1)), ("down", (1, 0))):
            if (r - dr, c - dc) in white:
                continue  # not the first cell of its run
            cells = []
            while (r + dr * len(cells), c + dc * len(cells)) in white:
                cells.append((r + dr * len(cells), c + dc * len(cells)))
            found.append(((r - dr, c - dc), direction, cells))
    return found


def solutions(
    white: set[Cell], sums: dict[tuple[Cell, str], int], most: int = 10**6
) -> set[frozenset]:
    """Every filling of the white cells with 1..9 (or the first ``most`` + 1), no
    digit twice in a run, each run with a sum making it: plain backtracking, cell by
    cell, a run's partial sum kept where its empty cells can still make its total."""
    order = sorted(white)
    lines = [(sums.get((before, d)), cells) for before, d, cells in runs(white)]
    of_cell = {cell: [line for line in lines if cell in line[1]] for cell in order}
    value: dict[Cell, int] = {}
    found: set[frozenset] = set()

    def fits(cell: Cell) -> bool:
        for total, cells in of_cell[cell]:
            placed = [value[c] for c in cells if c in value]
            if len(set(placed)) < len(placed):
                return False
            empty = len(cells) - len(placed)
            least = sum(placed) + empty * (empty + 1) // 2
            highest = sum(placed) + sum(range(10 - empty, 10))
            if total is not None and not least <= total <= highest:
                return False
        return True

    def place(index: int) -> None:
        if len(found) > most:
            return
        if index == len(order):
            found.add(frozenset(value.items()))
            return
        cell = order[index]
        for digit in range(1, 10):
            value[cell] = digit
            if fits(cell):
                place(index + 1)
            del value[cell]

    place(0)
    return found


def random_board(rng: random.Random, rows: int, cols: int):
    """White cells (never in row or column 0, where the clues stand; none alone across
    and down) and the sums of a random filling of every run of two cells or more, one
    of them now and then changed so that no filling makes it."""
    white = {(r, c) for r in range(1, rows) for c in range(1, cols) if rng.random() < 0.75}
    white = {(r, c) for r, c in white if {(r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)} & white}
    (filling,) = random_fillings(white, rng)
    sums = {}
    for before, direction, cells in runs(white):
        if len(cells) >= 2:
            sums[before, direction] = sum(filling[cell] for cell in cells)
    if rng.random() < 0.3 and sums:
        key = rng.choice(sorted(sums))
        sums[key] += 1 if sums[key] < 45 else -1
    return white, sums


def random_fillings(white: set[Cell], rng: random.Random):
    """One random filling of the white cells, no digit twice in a run."""
    order = sorted(white)
    lines = [cells for _, _, cells in runs(white)]
    value: dict[Cell, int] = {}

    def place(index: int):
        if index == len(order):
            return dict(value)
        cell = order[index]
        for digit in rng.sample(range(1, 10), 9):
            if all(value.get(c) != digit for line in lines if cell in line for c in line):
                value[cell] = digit
                found = place(index + 1)
                if found is not None:
                    return found
                del value[cell]
        return None

    return [place(0)]


def puzzle_text(rows: int, cols: int, white: set[Cell], sums) -> str:
    lines = []
    for r in range(rows):
        tokens = []
        for c in range(cols):
            down, across = sums.get(((r, c), "down")), sums.get(((r, c), "across"))
            if (r, c) in white:
                tokens.append("0")
            elif down is None and across is None:
                tokens.append("-")
            else:
                tokens.append(f"{down or ''},{across or ''}")
        lines.append(" ".join(tokens))
    return f"{rows} {cols}\n" + "\n".join(lines) + "\n"


def few_solutions_board(rng: random.Random, cols: int, unsolvable: bool = False):
    """A random 4-row board whose puzzle has at most 100 solutions (so that listing
    them all, each checked, stays quick), and its solutions by the plain search;
    ``unsolvable``: one sum moved by a little until no filling makes every sum."""
    while True:
        white, sums = random_board(rng, 4, cols)
        expected = solutions(white, sums, most=100)
        if unsolvable and sums:
            key = rng.choice(sorted(sums))
            for total in sorted(range(3, 46), key=lambda t: abs(t - sums[key])):
                expected = solutions(white, {**sums, key: total}, most=100)
                if not expected:
                    sums[key] = total
                    break
        if len(expected) <= 100 and (expected or unsolvable):
            return puzzle_text(4, cols, white, sums), expected


@pytest.mark.parametrize("seed", range(10))
def test_random_small_boards_have_the_solutions_a_plain_search_finds(seed: int) -> None:
    text, expected = few_solutions_board(random.Random(seed), 4 + seed % 2, seed % 4 == 2)
    puzzle = KAKURO.parse(text, f"random-{seed}.kakuro")
    found = {
        frozenset(((a.arguments[0].number, a.arguments[1].number), a.arguments[2].number)
                  for a in atoms)
        for atoms in every_solution_atoms(puzzle)
    }  # fmt: skip
    assert found == expected


def test_the_second_model_agrees_with_the_encoding_on_small_boards() -> None:
    rng = random.Random(3)
    for _ in range(2):
        text, _ = few_solutions_board(rng, 4)
        puzzle = KAKURO.parse(text, "small.kakuro")
        second, complete = puzzle.second_model_solutions()
        assert complete
        assert {s.atoms for s in second} == every_solution_atoms(puzzle)


# -- the check -------------------------------------------------------------------------

RULES = {
    "a digit stands only in a white cell",
    "a white cell holds one digit 1..9",
    "no digit twice in a run across",
    "no digit twice in a run down",
    "a run across adds up to its sum",
    "a run down adds up to its sum",
}


def test_the_check_names_each_rule_a_one_cell_change_breaks() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-001.kakuro"))
    puzzle, solution = published(KAKURO, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    # row 2 is "- 8 6 9 - ...": (2,1) holds 8, (2,3) holds 9; column 1 below: 6, 9
    assert [at[2, c].arguments[2].number for c in (1, 2, 3)] == [8, 6, 9]
    broken = {
        "9 twice across": rules_broken(puzzle, atoms - {at[2, 1]} | {atom("digit", 2, 1, 9)}),
        "removed": rules_broken(puzzle, atoms - {at[2, 1]}),
        "too big": rules_broken(puzzle, atoms - {at[2, 1]} | {atom("digit", 2, 1, 10)}),
        "on a clue": rules_broken(puzzle, atoms | {atom("digit", 2, 0, 1)}),
    }
    assert broken["9 twice across"] == {  # column 1 holds a 9 too, at (4,1)
        "no digit twice in a run across",
        "no digit twice in a run down",
        "a run across adds up to its sum",
        "a run down adds up to its sum",
    }
    assert broken["removed"] == {
        "a white cell holds one digit 1..9",
        "a run across adds up to its sum",
        "a run down adds up to its sum",
    }
    assert "a white cell holds one digit 1..9" in broken["too big"]
    assert broken["on a clue"] == {"a digit stands only in a white cell"}
    assert set().union(*broken.values()) == RULES


def test_a_wrong_sum_names_its_clue_cell() -> None:
    instance = next(i for i in PUBLISHED if i.path.endswith("janko-001.kakuro"))
    puzzle, solution = published(KAKURO, instance)
    atoms = set(solution.atoms)
    at = {(a.arguments[0].number, a.arguments[1].number): a for a in atoms}
    problems = puzzle.violations(type(solution)(tuple(sorted(atoms - {at[2, 1]}))))
    assert {(p.rule, p.cells) for p in problems if "adds up" in p.rule} == {
        ("a run across adds up to its sum", ((2, 0),)),  # ,23 before row 2's first run
        ("a run down adds up to its sum", ((1, 1),)),  # 23,7 above column 1's run
    }


# -- bad files -------------------------------------------------------------------------

GOOD = "3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n"


def test_a_tiny_board_is_written_and_drawn() -> None:
    puzzle = KAKURO.parse(GOOD, "tiny.kakuro")
    result = api.solve(puzzle)
    assert result.unique
    assert puzzle.janko_text(result.solutions[0]) == "3 3\n- - -\n- 3 1\n- 1 2"
    svg = puzzle.svg(result.solutions[0])
    assert 'class="diagonal"' in svg and 'class="number clue"' in svg
