"""Norinori, a declared kind (``lpsolve/kinds/norinori/``), against sources of truth of
its own: the published solutions of its bundled janko.at puzzles, a plain-Python
enumeration of the shadings of tiny boards, the second model, and its check against a
plain-Python rule checker on one-cell changes of a published answer."""

from __future__ import annotations

import functools
import random

import clingo
import pytest

from lpsolve import api
from lpsolve.explain import explain_ambiguity
from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import bundled, every_solution_as, published_file

NORINORI, PUBLISHED = bundled("norinori")
RULES = (
    "a shaded cell is on the board",
    "a given shaded cell stays shaded",
    "every region has two shaded cells",
    "shaded cells pair up in dominoes",
)

Cell = tuple[int, int]
Shading = frozenset[Cell]
Regions = list[list[str]]


def shaded(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("shaded", [clingo.Number(r), clingo.Number(c)])


def shading_of(solution: DeclaredSolution) -> Shading:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def board_text(regions: Regions, given: set[Cell] = frozenset()) -> str:
    rows, cols = len(regions), len(regions[0])
    cells = [" ".join("x" if (r, c) in given else "-" for c in range(cols)) for r in range(rows)]
    return "\n".join([f"{rows} {cols}", *cells, *(" ".join(row) for row in regions), ""])


def sides(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]


# -- an independent Norinori: the rules as a player checks them --------------------------


def rules_broken_in_python(regions: Regions, given: set[Cell], shading: set[Cell]) -> set[str]:
    cells = {(r, c) for r in range(len(regions)) for c in range(len(regions[0]))}
    broken = set()
    if shading - cells:
        broken.add("a shaded cell is on the board")
    dark = shading & cells
    if given - dark:
        broken.add("a given shaded cell stays shaded")
    for region in {t for row in regions for t in row}:
        if sum(1 for r, c in dark if regions[r][c] == region) != 2:
            broken.add("every region has two shaded cells")
    if any(sum(1 for s in sides(cell) if s in dark) != 1 for cell in dark):
        broken.add("shaded cells pair up in dominoes")
    return broken


def python_solutions(regions: Regions, given: set[Cell] = frozenset()) -> set[Shading]:
    """Every shading that breaks no rule: the cells in reading order, each left as it
    is or made the first cell of a domino going right or down (not beside a shaded
    cell, no region past two shaded cells), each full shading checked."""
    rows, cols = len(regions), len(regions[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    found: set[Shading] = set()

    def place(index: int, dark: set[Cell], count: dict[str, int]) -> None:
        if index == len(cells):
            if not rules_broken_in_python(regions, set(given), dark):
                found.add(frozenset(dark))
            return
        place(index + 1, dark, count)
        r, c = cells[index]
        for other in ((r, c + 1), (r + 1, c)):
            if other[0] >= rows or other[1] >= cols or {(r, c), other} & dark:
                continue
            near = {s for cell in ((r, c), other) for s in sides(cell)} - {(r, c), other}
            if near & dark:
                continue
            more = dict(count)
            for i, j in ((r, c), other):
                more[regions[i][j]] = more.get(regions[i][j], 0) + 1
            if max(more.values()) <= 2:
                place(index + 1, dark | {(r, c), other}, more)

    place(0, set(), {})
    return found


def grown(rng: random.Random, rows: int, cols: int, seeds: list[list[Cell]]) -> Regions:
    """Regions grown from their seed cells, a random neighbour at a time, until they
    cover the board."""
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    owner = {cell: str(k) for k, group in enumerate(seeds) for cell in group}
    while len(owner) < len(cells):
        cell = rng.choice(sorted(owner))
        near = rng.choice(sides(cell))
        if near in cells - set(owner):
            owner[near] = owner[cell]
    return [[owner[r, c] for c in range(cols)] for r in range(rows)]


def planted_board(rng: random.Random) -> Regions:
    """Dominoes packed at random (none beside another: every place tried once, in a
    random order), each the seed of its region: every such board has a solution."""
    rows, cols = rng.choice(((4, 4), (4, 4), (4, 5)))
    cells = {(r, c) for r in range(rows) for c in range(cols)}
    places = [((r, c), (r + dr, c + dc)) for r, c in cells for dr, dc in ((0, 1), (1, 0))]
    dominoes: list[list[Cell]] = []
    for a, b in rng.sample(sorted(places), len(places)):
        taken = {cell for d in dominoes for cell in d}
        near = {s for cell in taken for s in sides(cell)} | taken
        if b in cells and a not in near and b not in near:
            dominoes.append([a, b])
    return grown(rng, rows, cols, dominoes)


def tiny_board(seed: int) -> Regions:
    """Even seeds: a planted board; odd seeds: regions grown from random cells."""
    rng = random.Random(seed)
    if seed % 2 == 0:
        return planted_board(rng)
    rows, cols = rng.choice(((3, 4), (4, 4)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return grown(rng, rows, cols, [[cell] for cell in rng.sample(cells, rng.randint(3, 6))])


SEEDS = range(16)


@functools.cache
def expected(seed: int) -> set[Shading]:
    return python_solutions(tiny_board(seed))


# -- brute force on tiny boards ------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    puzzle = NORINORI.parse(board_text(tiny_board(seed)), f"random-{seed}.norinori")
    assert every_solution_as(puzzle, shading_of) == expected(seed)


def test_the_enumeration_is_not_vacuous() -> None:
    """The random boards above include ones with several solutions and none (a random
    board with one is rare: the published puzzles are those)."""
    assert {min(len(expected(seed)), 2) for seed in SEEDS} == {0, 2}


def test_a_strip_whose_dominoes_are_forced_has_one_solution() -> None:
    """1 x 5, regions a a b b b: a's two cells are shaded; b's first cell touches them,
    so b's domino is its last two cells."""
    regions = [["a", "a", "b", "b", "b"]]
    assert python_solutions(regions) == {frozenset({(0, 0), (0, 1), (0, 3), (0, 4)})}
    puzzle = NORINORI.parse(board_text(regions), "strip.norinori")
    assert every_solution_as(puzzle, shading_of) == python_solutions(regions)


def test_a_given_shaded_cell_narrows_the_solutions() -> None:
    seed = next(s for s in SEEDS if len(expected(s)) >= 2)
    regions = tiny_board(seed)
    a, b = sorted(expected(seed), key=sorted)[:2]
    given = {min(a - b)}  # shaded in one solution, not in the other
    wanted = python_solutions(regions, given)
    assert a in wanted and b not in wanted
    puzzle = NORINORI.parse(board_text(regions, given), "given.norinori")
    assert every_solution_as(puzzle, shading_of) == wanted


def test_an_explanation_proposes_given_cells_that_leave_one_solution() -> None:
    seed = next(s for s in SEEDS if len(expected(s)) >= 2)
    regions = tiny_board(seed)
    ambiguity = explain_ambiguity(NORINORI.parse(board_text(regions), "open.norinori"))
    assert ambiguity is not None and ambiguity.unique and ambiguity.suggested
    given = {tuple(clue.json) for clue in ambiguity.suggested}
    assert len(python_solutions(regions, given)) == 1
    fixed = NORINORI.parse(board_text(regions, given), "fixed.norinori")
    assert api.solve(fixed).unique


# -- the check ------------------------------------------------------------------------


def rules_broken(puzzle, shading: set[Cell]) -> set[str]:
    atoms = tuple(sorted(shaded(r, c) for r, c in shading))
    return {v.rule for v in puzzle.violations(DeclaredSolution(atoms))}


def test_the_check_agrees_with_python_on_one_cell_changes() -> None:
    """janko-001: cells of the published answer flipped in turn (every shaded cell and
    some others), and a cell shaded off the board; and a board with a given shaded cell
    taken away: the check names exactly the rules the Python checker says are broken,
    and every rule is named by some change."""
    puzzle, solution = published_file(NORINORI, "janko-001.norinori")
    regions = [list(row) for row in puzzle.tokens[1]]
    answer = set(shading_of(solution))
    others = sorted({(r, c) for r in range(10) for c in range(10)} - answer)
    cells = sorted(answer)[:12] + random.Random(1).sample(others, 8)
    named: set[str] = set()
    for changed in [*(answer ^ {cell} for cell in cells), answer | {(10, 0)}]:
        broken = rules_broken(puzzle, changed)
        assert broken and broken == rules_broken_in_python(regions, set(), changed)
        named |= broken
    seed = next(s for s in SEEDS if expected(s))
    board = tiny_board(seed)
    some = sorted(expected(seed), key=sorted)[0]
    given = {min(some)}
    with_given = NORINORI.parse(board_text(board, given), "given.norinori")
    taken_away = set(some) - given
    broken = rules_broken(with_given, taken_away)
    assert broken == rules_broken_in_python(board, given, taken_away)
    named |= broken
    assert named == set(RULES)


# -- the picture --------------------------------------------------------------------


def test_the_picture_shows_the_regions_and_the_shaded_cells() -> None:
    puzzle, solution = published_file(NORINORI, "janko-001.norinori")
    svg = puzzle.svg(solution)
    assert svg.count("shade dark") == len(solution.atoms) == 2 * 19  # 19 regions
    assert svg.count('class="border"') > 0
