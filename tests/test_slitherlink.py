"""Slitherlink, a declared kind (``lpsolve/kinds/slitherlink/``), against sources of
truth of its own: the published solutions of its bundled puzzles, a plain-Python
enumeration of every inside of tiny boards, its puzz.link links, and its check against
a plain-Python rule checker on every one-cell change of a published answer."""

from __future__ import annotations

import functools
import random
from itertools import product
from pathlib import Path

import clingo
import pytest

from lpsolve import api
from lpsolve.errors import PuzzleError
from lpsolve.kinds.declared import DeclaredSolution, load_kind

from .conftest import ROOT

FOLDER = ROOT / "lpsolve" / "kinds" / "slitherlink"
SLITHERLINK = load_kind(FOLDER)
INSTANCES = SLITHERLINK.instances()
PUBLISHED = [i for i in INSTANCES if i.solution is not None]
RULES = {
    "an inside cell is on the board",
    "a number counts the loop's sides around its cell",
    "the loop does not touch itself",
    "the inside is one area",
    "there is a loop",
    "no outside area is enclosed",
}

Board = list[list[int | None]]
Cell = tuple[int, int]
Inside = frozenset[Cell]


def name(instance) -> str:
    return Path(instance.path).name


def inside(r: int, c: int) -> clingo.Symbol:
    return clingo.Function("inside", [clingo.Number(r), clingo.Number(c)])


def cells_of(solution: DeclaredSolution) -> Inside:
    return frozenset((a.arguments[0].number, a.arguments[1].number) for a in solution.atoms)


def board_text(board: Board) -> str:
    rows = "\n".join(" ".join("-" if v is None else str(v) for v in row) for row in board)
    return f"{len(board)} {len(board[0])}\n{rows}\n"


def published(file_name: str):
    instance = next(i for i in PUBLISHED if name(i) == file_name)
    puzzle = SLITHERLINK.load(instance.path)
    return puzzle, puzzle.read_solution(Path(instance.solution).read_text(), instance.solution)


# -- an independent Slitherlink: the loop as the player draws it -------------------------


def loop_sides(rows: int, cols: int, cells: set[Cell]) -> set[tuple[Cell, Cell]]:
    """The loop's segments, each as its two dots (row, column of the grid's corners)."""
    segments = set()
    for r in range(rows + 1):
        for c in range(cols):
            if ((r, c) in cells) != ((r - 1, c) in cells):
                segments.add(((r, c), (r, c + 1)))
    for r in range(rows):
        for c in range(cols + 1):
            if ((r, c) in cells) != ((r, c - 1) in cells):
                segments.add(((r, c), (r + 1, c)))
    return segments


def rules_broken_in_python(board: Board, cells: set[Cell]) -> set[str]:
    """The rules as a player checks a drawn loop: numbers count segments, every dot
    has 0 or 2 segments, and the segments are one connected loop."""
    rows, cols = len(board), len(board[0])
    broken = set()
    if any(not (0 <= r < rows and 0 <= c < cols) for r, c in cells):
        broken.add("an inside cell is on the board")
    cells = {(r, c) for r, c in cells if 0 <= r < rows and 0 <= c < cols}
    segments = loop_sides(rows, cols, cells)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            around = {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                      ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}  # fmt: skip
            if v is not None and len(around & segments) != v:
                broken.add("a number counts the loop's sides around its cell")
    degree: dict[Cell, int] = {}
    for a, b in segments:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    if any(d == 4 for d in degree.values()):
        broken.add("the loop does not touch itself")
    if not cells:
        broken.add("there is a loop")
    else:
        if not connected(cells):
            broken.add("the inside is one area")
        ring = {(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)} - cells
        if not connected(ring):
            broken.add("no outside area is enclosed")
    return broken


def connected(cells: set[Cell]) -> bool:
    seen, stack = set(), [min(cells)]
    while stack:
        r, c = stack.pop()
        if (r, c) in seen or (r, c) not in cells:
            continue
        seen.add((r, c))
        stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
    return seen == cells


def python_solutions(board: Board) -> set[Inside]:
    rows, cols = len(board), len(board[0])
    everywhere = [(r, c) for r in range(rows) for c in range(cols)]
    found = set()
    for chosen in product((False, True), repeat=len(everywhere)):
        cells = {cell for cell, pick in zip(everywhere, chosen, strict=True) if pick}
        if not rules_broken_in_python(board, cells):
            found.add(frozenset(cells))
    return found


# -- published solutions ------------------------------------------------------------


def test_the_bundled_instances_are_named_and_of_several_sizes() -> None:
    sizes = {SLITHERLINK.load(i.path).size for i in INSTANCES}
    assert len(PUBLISHED) == len(INSTANCES) >= 3 and len(sizes) >= 3
    assert all(Path(i.path).read_text().startswith("# ") for i in INSTANCES)


@pytest.mark.parametrize("instance", PUBLISHED, ids=name)
def test_the_published_solution_is_the_one_lpsolve_finds_and_it_is_unique(instance) -> None:
    puzzle = SLITHERLINK.load(instance.path)
    result = api.solve(puzzle)  # looks for two: one found is proved unique
    assert result.complete and result.unique
    published_text = Path(instance.solution).read_text()
    solution = puzzle.read_solution(published_text, instance.solution)
    assert result.solutions == [solution]
    assert puzzle.violations(solution) == []
    assert puzzle.janko_text(result.solutions[0]).split() == published_text.split()


@pytest.mark.parametrize("instance", PUBLISHED, ids=name)
def test_the_puzzle_goes_to_a_puzz_link_link_and_back(instance) -> None:
    puzzle = SLITHERLINK.load(instance.path)
    url = puzzle.to_url()
    rows, cols = puzzle.size
    assert url.startswith(f"https://puzz.link/p?slither/{cols}/{rows}/")
    again = SLITHERLINK.from_url(url)
    assert again.facts_text() == puzzle.facts_text()


# -- brute force on tiny boards ------------------------------------------------------


def tiny_board(seed: int) -> Board:
    rng = random.Random(seed)
    rows, cols = rng.choice(((2, 2), (2, 3), (3, 3), (3, 2), (2, 4), (3, 4)))
    return [
        [rng.choice((None, None, None, None, 0, 1, 2, 3)) for _ in range(cols)] for _ in range(rows)
    ]


SEEDS = range(16)


@functools.cache
def expected(seed: int) -> set[Inside]:
    return python_solutions(tiny_board(seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    puzzle = SLITHERLINK.parse(board_text(tiny_board(seed)), f"random-{seed}.slitherlink")
    result = api.solve(puzzle, limit=None)
    assert result.complete
    assert {cells_of(s) for s in result.solutions} == expected(seed)


def test_the_enumeration_is_not_vacuous() -> None:
    """The boards above have none, one and several solutions; a blank 2 x 2 board has
    13 loops (every inside but the two diagonal pairs and none); the enumeration
    agrees with the published answer of the smallest bundled puzzle."""
    assert {min(len(expected(seed)), 2) for seed in SEEDS} == {0, 1, 2}
    assert len(python_solutions([[None, None], [None, None]])) == 13
    puzzle, solution = published("puzzlekit-103_10x10.slitherlink")
    board = [[None if t == "-" else int(t) for t in row] for row in puzzle.tokens[0]]
    assert rules_broken_in_python(board, set(cells_of(solution))) == set()


# -- the check ------------------------------------------------------------------------


def rules_broken(puzzle, cells) -> set[str]:
    atoms = tuple(sorted(inside(r, c) for r, c in cells))
    return {v.rule for v in puzzle.violations(DeclaredSolution(atoms))}


def test_the_check_agrees_with_python_on_every_one_cell_change() -> None:
    """puzzlekit-874 (10 x 10): every cell of the published answer flipped in turn, a
    cell added off the board and the empty answer: the check names exactly the rules the
    Python checker says are broken, and every rule is named by some change."""
    puzzle, solution = published("puzzlekit-874_10x10.slitherlink")
    board = [[None if t == "-" else int(t) for t in row] for row in puzzle.tokens[0]]
    answer = set(cells_of(solution))
    named: set[str] = set()
    changes = [answer ^ {(r, c)} for r in range(10) for c in range(10)]
    changes += [answer | {(10, 0)}, set()]
    for changed in changes:
        broken = rules_broken(puzzle, changed)
        assert broken == rules_broken_in_python(board, changed), sorted(changed ^ answer)
        assert broken
        named |= broken
    assert named == RULES


def test_the_check_names_the_cell_of_a_wrong_count() -> None:
    puzzle = SLITHERLINK.parse("2 2\n3 -\n- -\n", "two.slitherlink")
    ell = (inside(0, 0), inside(0, 1), inside(1, 0))  # the 3 has two sides of the loop
    problems = puzzle.violations(DeclaredSolution(ell))
    assert [(p.rule, p.cells) for p in problems] == [
        ("a number counts the loop's sides around its cell", ((0, 0),))
    ]
    assert rules_broken(puzzle, {(0, 0), (0, 1)}) == set()


# -- the second model and the picture -------------------------------------------------


def test_the_second_model_agrees_with_the_encoding() -> None:
    puzzle = SLITHERLINK.parse("3 3\n- 3 -\n- - -\n- 2 -\n", "small.slitherlink")
    second, complete = puzzle.second_model_solutions()
    result = api.solve(puzzle, limit=None)
    assert complete and sorted(second) == sorted(result.solutions)
    assert {cells_of(s) for s in second} == python_solutions(
        [[None, 3, None], [None] * 3, [None, 2, None]]
    )


def test_the_picture_draws_the_numbers_and_the_loop() -> None:
    puzzle, solution = published("puzzlekit-103_10x10.slitherlink")
    svg = puzzle.svg(solution)
    assert svg.count('class="number') == sum(t != "-" for row in puzzle.tokens[0] for t in row)


# -- bad files --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2 2\n1 -\n- 5\n", "bad.slitherlink:3:3: number 5 is larger than 4"),
        ("2 2\n1 -\n- x\n", "bad.slitherlink:3:3: unexpected 'x': expected '-' or a number 0..4"),
        ("2 2\n1 - 2\n- -\n", "bad.slitherlink:2:5: row has 3 tokens, expected 2"),
        ("2 2\n1 -\n", "bad.slitherlink:2:4: the file ends in block numbers: 1 of its 2 rows"),
    ],
)
def test_a_bad_file_is_refused_in_one_line_at_its_place(text: str, message: str) -> None:
    with pytest.raises(PuzzleError) as refused:
        SLITHERLINK.parse(text, "bad.slitherlink")
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


def test_the_kind_is_the_folder() -> None:
    assert SLITHERLINK.name == "slitherlink" and SLITHERLINK.extensions == (".slitherlink",)
    assert SLITHERLINK.has_second_model and SLITHERLINK.can_draw and SLITHERLINK.can_explain
