"""Magic number board: the seed board, a brute force on 3x3, bad input, diagnosis."""

from __future__ import annotations

import itertools
import json

import pytest

import lpsolve
from lpsolve.kinds.magic import MagicPuzzle

from .conftest import INSTANCES
from .test_hidato_instances import published_solution

SEED = INSTANCES / "magic" / "seed-5x5.magic"


def is_magic(rows: list[list[int]], target: int) -> bool:
    """Written independently of lpsolve's checker."""
    n = len(rows)
    lines = [row for row in rows] + [[rows[r][c] for r in range(n)] for c in range(n)]
    lines += [[rows[i][i] for i in range(n)], [rows[i][n - 1 - i] for i in range(n)]]
    return all(sum(line) == target for line in lines)


def brute_force_3x3(low: int, givens: dict[tuple[int, int], int]) -> set[tuple[int, ...]]:
    numbers = range(low, low + 9)
    target = sum(numbers) // 3
    found = set()
    for values in itertools.permutations(numbers):
        rows = [list(values[0:3]), list(values[3:6]), list(values[6:9])]
        if all(rows[r][c] == v for (r, c), v in givens.items()) and is_magic(rows, target):
            found.add(values)
    return found


def test_seed_board_has_the_published_unique_solution() -> None:
    puzzle = lpsolve.load(SEED)
    assert isinstance(puzzle, MagicPuzzle) and (puzzle.low, puzzle.high) == (5, 29)
    result = lpsolve.solve(puzzle, limit=None)
    assert result.complete and result.unique
    (solution,) = result.solutions
    assert [list(row) for row in solution.rows] == published_solution(SEED)
    assert is_magic([list(row) for row in solution.rows], 85)


@pytest.mark.parametrize(
    ("low", "givens"), [(1, {}), (1, {(0, 0): 2}), (3, {}), (-4, {(1, 1): 0}), (1, {(1, 1): 1})]
)
def test_every_3x3_board_matches_a_brute_force_on_both_backends(low: int, givens, tmp_path) -> None:
    rows = [" ".join(str(givens.get((r, c), "_")) for c in range(3)) for r in range(3)]
    path = tmp_path / "three.magic"
    path.write_text(f"range: {low}..{low + 8}\n" + "\n".join(rows) + "\n")
    expected = brute_force_3x3(low, givens)
    for backend in ("clingo", "csp"):
        result = lpsolve.solve(lpsolve.load(path), limit=None, backend=backend)
        found = {tuple(v for row in s.rows for v in row) for s in result.solutions}
        assert result.complete and found == expected, backend


def test_target_defaults_to_what_the_range_implies(tmp_path, run) -> None:
    path = tmp_path / "plain.magic"
    path.write_text("_,_,_\n_,5,_\n_,_,_\n")
    status, out, _ = run("solve", path, "--count")
    assert status == 0 and out.startswith("8 solutions, search complete")
    status, out, _ = run("solve", path, "--limit", "1", "--format", "json")
    (rows,) = json.loads(out)["solutions"]
    assert is_magic(rows, 15)


def test_givens_that_break_a_sum_are_named(tmp_path, run) -> None:
    path = tmp_path / "broken.magic"
    path.write_text("1 2 3\n_ _ _\n_ _ _\n")  # row 1 is full and sums to 6, not 15
    status, out, _ = run("solve", path)
    assert status == 1
    assert out.splitlines()[0].startswith("no solution (search complete)")
    assert (
        "sum rule: row 1 (1 at (row 1, col 1), 2 at (row 1, col 2), 3 at (row 1, col 3)) "
        "sums to 6, not 15" in out
    )


BAD = [
    ("ragged.magic", "1 _ _\n_ _\n_ _ _\n", ":2:4: row has 2 fields, expected 3"),
    ("not-square.magic", "1 _\n_ _\n_ _\n", ":1:4: row has 2 fields, expected 3"),
    ("range.magic", "_ _ _\n_ 10 _\n_ _ _\n", ":2:3: number 10 is outside the range 1..9"),
    (
        "dup.magic",
        "1 _ _\n_ 1 _\n_ _ _\n",
        ":2:3: number 1 is given twice (first at line 1, col 1)",
    ),
    ("word.magic", "1 _ _\n_ five _\n_ _ _\n", ":2:3: unexpected 'five'"),
    ("size.magic", "range: 1..10\n_ _ _\n_ _ _\n_ _ _\n", ":1:8: range 1..10 has 10 numbers"),
    ("badrange.magic", "range: 1-9\n_ _ _\n_ _ _\n_ _ _\n", ":1:8: range '1-9': expected LO..HI"),
    ("target.magic", "target: 16\n_ _ _\n_ _ _\n_ _ _\n", ":1:9: target 16 is impossible"),
    ("reversed.magic", "range: 9..1\n_ _ _\n_ _ _\n_ _ _\n", ":1:8: range 9..1 has 0 numbers"),
    ("header.magic", "colour: red\n_ _\n_ _\n", ":1:1: unknown header 'colour'"),
    ("empty.magic", "# nothing\n", ":1:1: empty file"),
]


@pytest.mark.parametrize(("name", "content", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_magic_input(tmp_path, run, name: str, content: str, expected: str) -> None:
    path = tmp_path / name
    path.write_text(content)
    status, out, err = run("solve", path)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"error: {path}") and expected in err, err
