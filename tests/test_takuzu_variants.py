"""Takuzu variants: ``distinct: no`` (Tohu-Wa-Vohu, Unruly) and Binairo Plus's = and x
signs, in the spaced layout. Sources of truth: a brute force over every grid written
here, apart from lpsolve; the csp backend; round trips through the file format."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

import lpsolve
from lpsolve import split
from lpsolve.kinds.takuzu import TakuzuPuzzle, TakuzuSolution

from .conftest import INSTANCES

Cell = tuple[int, int]
Sign = tuple[Cell, Cell, str]


def grids(
    height: int,
    width: int,
    *,
    distinct: bool = True,
    signs: tuple[Sign, ...] = (),
    givens: dict[Cell, int] | None = None,
) -> set[tuple[str, ...]]:
    """Every grid of the rules, by brute force over all combinations of valid rows."""

    def line_ok(line: tuple[int, ...]) -> bool:
        triple = any(line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2))
        return not triple and 2 * sum(line) == len(line)

    rows = [row for row in product((0, 1), repeat=width) if line_ok(row)]
    found = set()
    for grid in product(rows, repeat=height):
        columns = list(zip(*grid, strict=True))
        if not all(line_ok(column) for column in columns):
            continue
        if distinct and (len(set(grid)) < height or len(set(columns)) < width):
            continue
        if any((grid[a][b] == grid[c][d]) != (s == "=") for (a, b), (c, d), s in signs):
            continue
        if any(grid[r][c] != v for (r, c), v in (givens or {}).items()):
            continue
        found.add(tuple("".join(map(str, row)) for row in grid))
    return found


def random_signs(height: int, width: int, count: int, rng: random.Random) -> tuple[Sign, ...]:
    pairs = [((r, c), (r, c + 1)) for r in range(height) for c in range(width - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(height - 1) for c in range(width)]
    return tuple((a, b, rng.choice("=x")) for a, b in rng.sample(pairs, count))


def board(height: int, width: int, **options) -> TakuzuPuzzle:
    return TakuzuPuzzle(height, width, options.pop("givens", {}), **options)


@pytest.mark.parametrize(("height", "width"), [(2, 2), (2, 4), (4, 4), (4, 6), (6, 4)])
@pytest.mark.parametrize("distinct", [True, False])
def test_empty_boards_match_a_brute_force_on_both_backends(height, width, distinct) -> None:
    puzzle = board(height, width, distinct=distinct)
    expected = grids(height, width, distinct=distinct)
    for backend in ("clingo", "csp"):
        result = lpsolve.solve(puzzle, None, backend=backend)
        assert result.complete and {s.rows for s in result.solutions} == expected, backend


@pytest.mark.parametrize("seed", range(6))
def test_boards_with_signs_match_a_brute_force_on_both_backends(seed) -> None:
    rng = random.Random(seed)
    height, width = rng.choice([(4, 4), (4, 6), (6, 4)])
    signs = random_signs(height, width, rng.randint(2, 6), rng)
    distinct = seed % 2 == 0
    puzzle = board(height, width, distinct=distinct, signs=signs)
    expected = grids(height, width, distinct=distinct, signs=signs)
    for backend in ("clingo", "csp"):
        result = lpsolve.solve(puzzle, None, backend=backend)
        assert {s.rows for s in result.solutions} == expected, (backend, signs)
    assert split.count(puzzle, workers=2, cubes=5).result.count == len(expected)


def test_repeated_lines_solve_only_without_the_distinct_rule(tmp_path, run) -> None:
    """Rows 1 and 2 given equal: no solution in Takuzu, solutions in Tohu-Wa-Vohu."""
    text = "0101\n0101\n....\n....\n"
    strict, relaxed = tmp_path / "strict.takuzu", tmp_path / "relaxed.takuzu"
    strict.write_text(text)
    relaxed.write_text("distinct: no\n" + text)
    status, out, _ = run("solve", strict, "--all")
    assert status == 1 and "different-lines rule: row 1 and row 2" in out
    status, out, _ = run("solve", relaxed, "--all")
    expected = grids(
        4,
        4,
        distinct=False,
        givens={(0, c): c % 2 for c in range(4)} | {(1, c): c % 2 for c in range(4)},
    )
    assert status == 0 and out.count("Solution ") == len(expected) > 0


def test_the_spaced_layout_reads_like_the_compact_one() -> None:
    compact = lpsolve.parse("01..\n....\n..1.\n....\n", ".takuzu")
    spaced = lpsolve.parse("  0 1 . .\n  . . . .\n  . . 1 .\n  . . . .\n", ".takuzu")
    assert (spaced.givens, spaced.signs) == (compact.givens, ())


def test_signs_are_read_where_they_stand() -> None:
    text = "distinct: no\n0=. . .\n  x   =\n. . .x.\n. . . .\n. . . .\n"
    puzzle = lpsolve.parse(text, ".takuzu")
    assert isinstance(puzzle, TakuzuPuzzle) and not puzzle.distinct
    assert set(puzzle.signs) == {
        ((0, 0), (0, 1), "="),
        ((0, 1), (1, 1), "x"),
        ((0, 3), (1, 3), "="),
        ((1, 2), (1, 3), "x"),
    }
    assert puzzle.givens == {(0, 0): 0}


@pytest.mark.parametrize("seed", range(4))
def test_render_reads_back_as_the_same_puzzle(seed) -> None:
    rng = random.Random(seed)
    signs = random_signs(6, 6, 5, rng)
    givens = {(rng.randrange(6), rng.randrange(6)): rng.randrange(2) for _ in range(3)}
    puzzle = board(6, 6, givens=givens, signs=signs, distinct=bool(seed % 2))
    again = lpsolve.parse(puzzle.render(), ".takuzu")
    assert isinstance(again, TakuzuPuzzle)
    assert (again.givens, set(again.signs), again.distinct) == (givens, set(signs), puzzle.distinct)


def test_the_checker_names_a_broken_sign() -> None:
    puzzle = board(2, 2, signs=(((0, 0), (0, 1), "="),))
    problems = puzzle.violations(TakuzuSolution(("01", "10")))
    assert problems == [
        "sign rule: the = between (row 1, col 1) and (row 1, col 2) asks for the same digit, "
        "but they hold 0 and 1"
    ]


def test_givens_against_a_sign_are_diagnosed(tmp_path, run) -> None:
    path = tmp_path / "against.takuzu"
    path.write_text("0x0 . .\n. . . .\n. . . .\n. . . .\n")
    status, out, _ = run("solve", path)
    assert status == 1
    assert "sign rule: the x between (row 1, col 1) and (row 1, col 2) asks for different" in out


def test_pictures_show_the_signs(tmp_path, run) -> None:
    path = tmp_path / "plus.takuzu"
    path.write_text("0 . . .\n  =   x\n. .x. .\n. . . .\n.=. . 1\n")
    status, out, _ = run("draw", path)
    assert status == 0 and out.count('class="sign"') == 2 * 4  # a disc and its text each
    assert out.count(">=<") == 2 and out.count(">\u00d7<") == 2


@pytest.mark.parametrize(
    ("text", "line", "col", "message"),
    [
        ("distinct: maybe\n01\n10\n", 1, 11, "distinct: expected yes or no, got 'maybe'"),
        ("size: 4\n01\n10\n", 1, 1, "unknown header 'size': expected distinct"),
        ("distinct: no\n", 1, 1, "no board after the headers"),
        ("  x\n0 1\n1 0\n", 1, 3, "a line of signs before the first row"),
        ("0 1\n1 0\n  x\n", 3, 3, "a line of signs after the last row"),
        ("0 1\nx\nx\n1 0\n", 3, 1, "a line of signs after another sign line"),
        ("0 1\n   x\n1 0\n", 2, 4, "a x sign must stand under a cell (columns 1, 3)"),
        ("0 1\n x\n1 0\n", 2, 2, "a x sign must stand under a cell"),
        ("0 1\n+\n1 0\n", 2, 1, "unexpected '+' in a line of signs: expected = or x"),
        ("0=1*. .\n", 1, 4, "unexpected '*' between two cells: expected a space, = or x"),
        ("0 1\n 1 0\n", 2, 2, "row starts in column 2, expected 1"),
        ("0 1 .\n", 1, 5, "the first row has 3 cells: Takuzu needs an even width"),
        ("0 1\n1 0 1 0\n", 2, 5, "row has 4 cells, expected 2"),
        ("0=1\n1 0\n. .\n", 3, 1, "the board has 3 rows: Takuzu needs an even height"),
        ("01=.\n", 1, 3, "unexpected '=': a cell is 0, 1 or '.' (empty); = and x signs need"),
    ],
)
def test_bad_variant_input_is_named_by_line_and_column(
    tmp_path, run, text, line, col, message
) -> None:
    path = tmp_path / "bad.takuzu"
    path.write_text(text)
    status, out, err = run("solve", path)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {path}:{line}:{col}: {message}"), err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["tohu-wa-vohu-6x6", "binairo-plus-6x6"])
def test_bundled_variant_puzzles_have_one_solution_by_brute_force(name) -> None:
    puzzle = lpsolve.load(INSTANCES / "takuzu" / f"{name}.takuzu")
    assert isinstance(puzzle, TakuzuPuzzle)
    expected = grids(
        puzzle.height,
        puzzle.width,
        distinct=puzzle.distinct,
        signs=puzzle.signs,
        givens=puzzle.givens,
    )
    result = lpsolve.solve(puzzle, None)
    assert len(expected) == 1 and {s.rows for s in result.solutions} == expected
    assert result.unique


def test_explain_names_givens_that_break_a_sign(tmp_path, run) -> None:
    path = tmp_path / "against.takuzu"
    path.write_text("0x0 . . . .\n" + ". . . . . .\n" * 5)
    status, out, _ = run("solve", path, "--explain", "--format", "json")
    data = json.loads(out)
    assert status == 1 and data["conflict"] == [[0, 0, 0], [0, 1, 0]]
    assert data["conflict_minimal"] is True
    # without the sign the same givens have solutions: the sign is what conflicts
    unsigned = tmp_path / "unsigned.takuzu"
    unsigned.write_text("0 0 . . . .\n" + ". . . . . .\n" * 5)
    assert run("solve", unsigned)[0] == 0
