"""The encoding's parts on tiny programs, and enumeration against a brute force."""

from __future__ import annotations

import clingo
import pytest

import lpsolve
from lpsolve.generate import rectangle
from lpsolve.kinds.hidato import build
from lpsolve.puzzle import facts_program
from lpsolve.resources import encoding_path

from .conftest import count_paths, paths


def answer_sets(puzzle, show: str = "") -> set[frozenset[str]]:
    """All answer sets of encoding + facts (+ extra #show lines), as sets of atom strings."""
    ctl = clingo.Control(["--models", "0"])
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], facts_program(puzzle.facts()) + show)
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: found.add(frozenset(map(str, m.symbols(shown=True)))))
    return found


def test_a_line_of_three_has_exactly_the_two_directions() -> None:
    line = build([(0, 0), (1, 0), (2, 0)], {}, "orthogonal")
    assert answer_sets(line) == {
        frozenset({"number(0,0,1)", "number(1,0,2)", "number(2,0,3)"}),
        frozenset({"number(2,0,1)", "number(1,0,2)", "number(0,0,3)"}),
    }


def test_candidates_are_walks_that_avoid_given_cells() -> None:
    # 1 in the middle of a line of five: a path from the middle cannot cover both ends.
    middle = build([(x, 0) for x in range(5)], {(2, 0): 1}, "orthogonal")
    assert answer_sets(middle) == set()
    # 1 at the left end: number n may stand where a walk of n-1 steps ends, and a
    # walk never re-enters the cell of the given 1 (walks may double back elsewhere).
    end = build([(x, 0) for x in range(5)], {(0, 0): 1}, "orthogonal")
    (only,) = answer_sets(end, "#show candidate/3.\n")
    candidates = {atom for atom in only if atom.startswith("candidate")}
    walks = {1: [0], 2: [1], 3: [2], 4: [1, 3], 5: [2, 4]}
    assert candidates == {f"candidate({x},0,{n})" for n, xs in walks.items() for x in xs}


def test_parity_prunes_candidates_on_orthogonal_boards() -> None:
    # On a 3x3 Numbrix grid with 1 in a corner, odd numbers sit on cells of the
    # corner's colour (x+y even) and even numbers on the others.
    board = build(rectangle(3, 3), {(0, 0): 1}, "orthogonal")
    (model, *_) = answer_sets(board, "#show candidate/3.\n")
    for atom in model:
        if atom.startswith("candidate"):
            x, y, n = map(int, atom[len("candidate(") : -1].split(","))
            assert (x + y) % 2 == (n - 1) % 2


ONE_GIVEN_BOARDS = [
    ("3x3 orthogonal, colours 5/4", rectangle(3, 3), "orthogonal"),
    (
        "4x3 orthogonal less a corner, 6/5",
        [c for c in rectangle(4, 3) if c != (3, 2)],
        "orthogonal",
    ),
    (
        "4x3 orthogonal less two cells of one colour",
        [c for c in rectangle(4, 3) if c not in {(0, 0), (2, 2)}],
        "orthogonal",
    ),
    ("4x3 knight, balanced", rectangle(4, 3), "knight"),
]


@pytest.mark.parametrize(
    ("cells", "adjacency"), [b[1:] for b in ONE_GIVEN_BOARDS], ids=[b[0] for b in ONE_GIVEN_BOARDS]
)
def test_one_given_anywhere_matches_brute_force(cells, adjacency: str) -> None:
    # Every number on every cell: the colour rules (odd numbers fill the bigger colour
    # of a chessboard-coloured board) must not lose or add a solution.
    board = build(cells, {}, adjacency)
    every_path = list(paths(board.cells, set(board.offsets)))
    for cell in board.cells:
        for n in range(1, len(board.cells) + 1):
            expected = sum(1 for path in every_path if path[n - 1] == cell)
            assert lpsolve.count(build(cells, {cell: n}, adjacency)).count == expected, (cell, n)


def test_the_redundant_predecessor_rule_changes_no_answer() -> None:
    # With and without the redundant rule, a 2x3 king board has the same answers.
    board = build(rectangle(3, 2), {}, "king")
    with_rule = answer_sets(board)
    assert len(with_rule) == count_paths(board.cells, set(board.offsets))


def test_endpoint_one_need_not_be_given() -> None:
    board = build(rectangle(2, 2), {(1, 1): 4}, "orthogonal")
    paths = {frozenset(s) for s in answer_sets(board)}
    # 4 in a corner of a 2x2 square: the path comes from one of two directions.
    assert len(paths) == 2


BOARDS = [
    (2, 2, "king"),
    (3, 2, "king"),
    (3, 3, "king"),
    (4, 2, "king"),
    (3, 3, "orthogonal"),
    (4, 3, "orthogonal"),
    (4, 4, "orthogonal"),
    (2, 2, "hex"),
    (3, 2, "hex"),
    (3, 3, "hex"),
    (4, 3, "knight"),
]


@pytest.mark.parametrize(("width", "height", "adjacency"), BOARDS)
def test_all_on_clue_free_boards_matches_brute_force(
    width: int, height: int, adjacency: str, run
) -> None:
    board = build(rectangle(width, height), {}, adjacency)
    expected = count_paths(board.cells, set(board.offsets))
    assert lpsolve.count(board).count == expected
    result = lpsolve.solve(board, limit=None)
    assert result.complete and len(set(result.solutions)) == expected


def test_count_on_the_command_line_matches_brute_force(tmp_path, run) -> None:
    grid = tmp_path / "empty.numbrix"
    grid.write_text("_,_,_,_\n_,_,_,_\n_,_,_,_\n")
    board = build(rectangle(4, 3), {}, "orthogonal")
    status, out, _ = run("solve", grid, "--count", "--format", "json")
    assert status == 0
    import json

    data = json.loads(out)
    assert data["count"] == count_paths(board.cells, set(board.offsets))
    assert data["complete"] is True and data["solutions"] == []
