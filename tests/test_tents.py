"""Tents, a declared kind (``lpsolve/kinds/tents/``), against sources of truth of its
own: the published solutions of its bundled puzzles, a plain-Python enumeration of the
tent placements of tiny boards (pairing trees with tents by augmenting paths), the
second model, and its check against a plain-Python rule checker on one-cell changes
of a published answer."""

from __future__ import annotations

import functools
import itertools
import random

import clingo
import pytest

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import KINDS, bundled, every_solution_as, published_file

TENTS, PUBLISHED = bundled("tents")
FOLDER = KINDS / "tents"
RULES = (
    "a tent stands on an empty cell",
    "tents do not touch",
    "a row has the tents its number says",
    "a column has the tents its number says",
    "every tree has its own tent beside it",
)

Cell = tuple[int, int]
Placement = frozenset[Cell]


class Board:
    """A Tents puzzle as plain data: its size, trees and numbers (None: no number)."""

    def __init__(self, rows: int, cols: int, trees: set[Cell], by_row, by_col) -> None:
        self.rows, self.cols, self.trees = rows, cols, trees
        self.by_row: list[int | None] = list(by_row)
        self.by_col: list[int | None] = list(by_col)

    def text(self) -> str:
        def shown(numbers: list[int | None]) -> str:
            return " ".join("-" if n is None else str(n) for n in numbers)

        grid = [
            " ".join("x" if (r, c) in self.trees else "-" for c in range(self.cols))
            for r in range(self.rows)
        ]
        return "\n".join(
            [f"{self.rows} {self.cols}", shown(self.by_col), shown(self.by_row), *grid, ""]
        )


def tent(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("tent", [clingo.Number(r), clingo.Number(c)])


def placement_of(solution: DeclaredSolution) -> Placement:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def sides(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]


# -- an independent Tents: the rules as a player checks them ----------------------------


def can_pair(trees: set[Cell], tents: set[Cell]) -> bool:
    """Whether every tree can have its own tent beside it, one tree per tent: a
    matching found by augmenting paths (Kuhn's algorithm)."""
    if len(trees) != len(tents):
        return False
    owner: dict[Cell, Cell] = {}  # tent -> tree

    def place(tree: Cell, seen: set[Cell]) -> bool:
        for spot in sides(tree):
            if spot in tents and spot not in seen:
                seen.add(spot)
                if spot not in owner or place(owner[spot], seen):
                    owner[spot] = tree
                    return True
        return False

    return all(place(tree, set()) for tree in sorted(trees))


def touching(tents: set[Cell]) -> bool:
    return any(
        (r + dr, c + dc) in tents
        for r, c in tents
        for dr, dc in itertools.product((-1, 0, 1), repeat=2)
        if (dr, dc) != (0, 0)
    )


def rules_broken_in_python(board: Board, tents: set[Cell]) -> set[str]:
    cells = {(r, c) for r in range(board.rows) for c in range(board.cols)}
    broken = set()
    if tents - (cells - board.trees):
        broken.add("a tent stands on an empty cell")
    placed = tents & (cells - board.trees)
    if touching(placed):
        broken.add("tents do not touch")
    for r, number in enumerate(board.by_row):
        if number is not None and sum(1 for t in placed if t[0] == r) != number:
            broken.add("a row has the tents its number says")
    for c, number in enumerate(board.by_col):
        if number is not None and sum(1 for t in placed if t[1] == c) != number:
            broken.add("a column has the tents its number says")
    if not can_pair(board.trees, placed):
        broken.add("every tree has its own tent beside it")
    return broken


def python_solutions(board: Board) -> set[Placement]:
    """Every placement of tents that breaks no rule: each cell beside a tree in turn
    gets a tent or not (not where it would touch one placed before)."""
    spots = sorted(
        {s for tree in board.trees for s in sides(tree)} - board.trees
        & {(r, c) for r in range(board.rows) for c in range(board.cols)}
    )
    found: set[Placement] = set()

    def choose(index: int, chosen: set[Cell]) -> None:
        if len(chosen) > len(board.trees):
            return
        if index == len(spots):
            if not rules_broken_in_python(board, chosen):
                found.add(frozenset(chosen))
            return
        choose(index + 1, chosen)
        if not touching(chosen | {spots[index]}):
            choose(index + 1, chosen | {spots[index]})

    choose(0, set())
    return found


# -- published solutions ------------------------------------------------------------


def test_the_numbers_are_read_column_by_column_and_row_by_row() -> None:
    puzzle = TENTS.load(FOLDER / "instances" / "puzzlekit-223-8x12.tents")  # 8 rows, 12 cols
    by_col = sorted(r[2:] for r in puzzle.rows if r[:2] == ("tents", "top"))
    by_row = sorted(r[2:] for r in puzzle.rows if r[:2] == ("tents", "left"))
    assert by_col == list(enumerate([2, 0, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2]))
    assert by_row == list(enumerate([4, 0, 1, 3, 2, 4, 2, 3]))


# -- brute force on tiny boards ------------------------------------------------------


def planted_board(rng: random.Random) -> Board:
    """Trees with tents planted beside them (no two touching); the numbers counted from
    the tents, some left out and now and then one off by one."""
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 4), (4, 5), (5, 4)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    trees: set[Cell] = set()
    tents: set[Cell] = set()
    for _ in range(rng.randint(1, 4)):
        tree = rng.choice(cells)
        free = [s for s in sides(tree) if s in cells and s not in trees | tents | {tree}]
        free = [s for s in free if not touching(tents | {s})]
        if tree in tents or tree in trees or not free:
            continue
        trees.add(tree)
        tents.add(rng.choice(free))
    by_row: list[int | None] = [sum(1 for t in tents if t[0] == r) for r in range(rows)]
    by_col: list[int | None] = [sum(1 for t in tents if t[1] == c) for c in range(cols)]
    for numbers in (by_row, by_col):
        for k in range(len(numbers)):
            if rng.random() < 0.5:
                numbers[k] = None
            elif rng.random() < 0.05:
                numbers[k] = (numbers[k] or 0) + 1
    return Board(rows, cols, trees, by_row, by_col)


SEEDS = range(16)


@functools.cache
def tiny_board(seed: int) -> Board:
    return planted_board(random.Random(seed))


@functools.cache
def expected(seed: int) -> set[Placement]:
    return python_solutions(tiny_board(seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    puzzle = TENTS.parse(tiny_board(seed).text(), f"random-{seed}.tents")
    assert every_solution_as(puzzle, placement_of) == expected(seed)
    assert api.count(puzzle).count == len(expected(seed))


def test_the_enumeration_is_not_vacuous() -> None:
    """The random boards above include ones with one, several and no solutions."""
    assert {min(len(expected(seed)), 2) for seed in SEEDS} == {0, 1, 2}


# a ring: four trees around an empty middle, four tents in the corners; the tents are
# forced, but they can be paired with the trees clockwise or counterclockwise
RING = Board(3, 3, {(0, 1), (1, 0), (1, 2), (2, 1)}, [2, 0, 2], [2, 0, 2])


def test_two_pairings_of_the_same_tents_are_one_solution() -> None:
    corners = frozenset({(0, 0), (0, 2), (2, 0), (2, 2)})
    assert python_solutions(RING) == {corners}
    puzzle = TENTS.parse(RING.text(), "ring.tents")
    result = api.solve(puzzle)
    assert result.unique and [placement_of(s) for s in result.solutions] == [corners]
    assert api.count(puzzle).count == 1


# -- the check ------------------------------------------------------------------------


def board_of(puzzle) -> Board:
    rows, cols = puzzle.size
    trees = {(r, c) for kind, *rest in puzzle.rows if kind == "tree" for r, c in [rest]}
    by_row: list[int | None] = [None] * rows
    by_col: list[int | None] = [None] * cols
    for row in puzzle.rows:
        if row[0] == "tents":
            (by_col if row[1] == "top" else by_row)[row[2]] = row[3]
    return Board(rows, cols, trees, by_row, by_col)


def rules_broken(puzzle, tents: set[Cell]) -> set[str]:
    atoms = tuple(sorted(tent(r, c) for r, c in tents))
    return {v.rule for v in puzzle.violations(DeclaredSolution(atoms))}


def test_the_check_agrees_with_python_on_every_one_cell_change() -> None:
    """Cells of a published answer flipped in turn (a tent added or taken away, on a
    tree too: some tents, some trees and the cells beside them, and some others), and a tent
    off the board: the check names exactly the rules the Python checker says are
    broken (where no tents touch: its pairing rule is exact only then), and every
    rule is named by some change."""
    puzzle, solution = published_file(TENTS, "puzzlekit-223-8x12.tents")
    board = board_of(puzzle)
    answer = set(placement_of(solution))
    rows, cols = puzzle.size
    some_trees = sorted(board.trees)[:5]
    near = set(sorted(answer)[:8]) | set(some_trees) | {s for t in some_trees for s in sides(t)}
    others = sorted({(r, c) for r in range(rows) for c in range(cols)} - near)
    cells = sorted(near) + random.Random(3).sample(others, 6)
    changes = [answer ^ {cell} for cell in cells if 0 <= cell[0] < rows and 0 <= cell[1] < cols]
    named: set[str] = set()
    for changed in [*changes, answer | {(rows, 0)}]:
        broken = rules_broken(puzzle, changed)
        expected_rules = rules_broken_in_python(board, changed)
        assert broken, sorted(changed ^ answer)
        if "tents do not touch" in expected_rules:
            assert "tents do not touch" in broken
        else:
            assert broken == expected_rules, sorted(changed ^ answer)
        named |= broken
    assert named == set(RULES)


def test_the_pairing_rule_sees_two_trees_sharing_their_only_tent() -> None:
    """Counts right, every tree beside a tent, every tent beside a tree, no tents
    touching, and still no pairing: trees (0,0) and (0,2) share the tent (0,1), and
    tent (2,3) has the tree (2,4)... which has the tent (2,5) too."""
    board = Board(3, 6, {(0, 0), (0, 2), (2, 4)}, [1, 0, 2], [0, 1, 0, 1, 0, 1])
    tents = {(0, 1), (2, 3), (2, 5)}
    assert rules_broken_in_python(board, tents) == {"every tree has its own tent beside it"}
    puzzle = TENTS.parse(board.text(), "tangle.tents")
    assert rules_broken(puzzle, tents) == {"every tree has its own tent beside it"}
    ring = TENTS.parse(RING.text(), "ring.tents")
    assert rules_broken(ring, {(0, 0), (0, 2), (2, 0), (2, 2)}) == set()


# -- the picture --------------------------------------------------------------------


def test_the_picture_shows_trees_tents_and_the_numbers_outside() -> None:
    puzzle, solution = published_file(TENTS, "puzzlekit-223-8x12.tents")
    svg = puzzle.svg(solution)
    trees = sum(1 for row in puzzle.rows if row[0] == "tree")
    assert svg.count('class="tree"') == trees and svg.count('class="tent"') == trees
    assert svg.count('class="number outside"') == 8 + 12


# -- the search ---------------------------------------------------------------------------


def test_the_search_counts_tents_not_pairings() -> None:
    """Two pairings of trees with the same tents are one solution (see above)."""
    assert TENTS.declaration.solver.options == ("--project=show",)
