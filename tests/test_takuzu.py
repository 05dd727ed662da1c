"""Takuzu: published solutions, brute-force counts, the rule checker, bad input,
diagnosis of broken givens, the csp backend, the command line."""

from __future__ import annotations

import json
import re
from itertools import product
from pathlib import Path

import clingo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lpsolve
from lpsolve.kinds.takuzu import TakuzuPuzzle, TakuzuSolution

from .conftest import INSTANCES, ROOT

TAKUZU = INSTANCES / "takuzu"
#: the variants' instances (other rules) are tested in test_takuzu_variants.py
VARIANTS = ("tohu-wa-vohu-6x6.takuzu", "binairo-plus-6x6.takuzu")
ALL = sorted(p for p in TAKUZU.glob("*.takuzu") if p.name not in VARIANTS)


# -- independent sources of truth --------------------------------------------------


def is_valid(rows: list[str], givens: dict[tuple[int, int], int] | None = None) -> bool:
    """The three rules, written independently of lpsolve's checker."""
    cols = ["".join(col) for col in zip(*rows, strict=True)]
    for lines in (rows, cols):
        for line in lines:
            if "000" in line or "111" in line or line.count("1") * 2 != len(line):
                return False
        if len(set(lines)) != len(lines):
            return False
    return all(rows[r][c] == str(d) for (r, c), d in (givens or {}).items())


def brute_force(height: int, width: int) -> set[tuple[str, ...]]:
    """Every valid grid: rows from every 0/1 string of the width that obeys the row
    rules, stacked by backtracking, dropping a stack as soon as a column has three
    equal digits in a row or more than half of one digit; the full grid is checked
    with :func:`is_valid`."""
    rows = [line for bits in product("01", repeat=width) if is_line(line := "".join(bits))]
    found: set[tuple[str, ...]] = set()

    def column_prefixes_ok(grid: list[str]) -> bool:
        for col in zip(*grid, strict=True):
            text = "".join(col)
            half = height // 2
            if "000" in text or "111" in text or max(text.count("0"), text.count("1")) > half:
                return False
        return True

    def extend(grid: list[str]) -> None:
        if len(grid) == height:
            if is_valid(grid):
                found.add(tuple(grid))
            return
        for row in rows:
            if row not in grid and column_prefixes_ok([*grid, row]):
                extend([*grid, row])

    extend([])
    return found


def is_line(line: str) -> bool:
    return "000" not in line and "111" not in line and line.count("1") * 2 == len(line)


def published(path: Path) -> set[tuple[str, ...]]:
    """Solutions written in the instance's comments ('# solution:' or '# solution N:'
    followed by '#   0101...' rows), or in its '.solutions' sidecar (blank-line blocks)."""
    sidecar = path.with_suffix(".solutions")
    if sidecar.exists():
        blocks = sidecar.read_text().split("\n\n")
        return {
            tuple(block.split())
            for block in blocks
            if block.strip() and not block.lstrip().startswith("#")
        }
    solutions: set[tuple[str, ...]] = set()
    current: list[str] | None = None
    for line in [*path.read_text().splitlines(), ""]:
        row = re.fullmatch(r"#\s+([01]+)", line)
        if current is not None and row:
            current.append(row.group(1))
            continue
        if current:
            solutions.add(tuple(current))
        current = [] if re.fullmatch(r"# solution( \d+)?:", line) else None
    return solutions


def write(tmp_path: Path, text: str, name: str = "p.takuzu") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


# -- published solutions -----------------------------------------------------------

# (instance, number of solutions its source publishes or its comments record)
COUNTS = {
    "seed-intro-6x6.takuzu": 1,  # the seed says "one valid solution"; it is the only one
    "seed-timing-6x6.takuzu": 1,
    "seed-8x8.takuzu": 1,
    "letheed-grid1.takuzu": 6,
    "letheed-grid2.takuzu": 1,
    "letheed-grid3.takuzu": 1,
    "letheed-grid4.takuzu": 559,
    "generated-10x10.takuzu": 1,
    "generated-14x14.takuzu": 1,
    "generated-20x20.takuzu": 1,
    "generated-30x30.takuzu": 1,
}


def test_every_instance_is_listed() -> None:
    assert sorted(p.name for p in ALL) == sorted(COUNTS)


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_instance_solutions_are_the_published_ones(path: Path) -> None:
    puzzle = lpsolve.load(path)
    assert isinstance(puzzle, TakuzuPuzzle)
    result = lpsolve.solve(puzzle, limit=None)
    found = {s.rows for s in result.solutions}
    assert result.complete and result.count == COUNTS[path.name] == len(found)
    assert found == published(path)
    assert all(is_valid(list(rows), puzzle.givens) for rows in found)


def test_seed_8x8_answer_is_the_seed_printed_solution() -> None:
    # The grid printed by seed 001 for its 8x8 (its puzzle was not printed).
    printed = "10011010 11001100 01100101 10110010 01011001 01001101 10100110 00110011"
    assert published(TAKUZU / "seed-8x8.takuzu") == {tuple(printed.split())}


# -- counting empty boards -----------------------------------------------------------


@pytest.mark.parametrize(("height", "width"), [(2, 2), (4, 4), (6, 6), (2, 4), (4, 6), (6, 4)])
def test_empty_board_counts_match_brute_force(height: int, width: int, run, tmp_path) -> None:
    expected = brute_force(height, width)
    path = write(tmp_path, ("." * width + "\n") * height)
    status, out, _ = run("solve", path, "--count")
    if expected:
        assert status == 0 and out.startswith(f"{len(expected):,} solutions, search complete")
    else:  # e.g. 2 x 4: four different columns cannot be made of 01 and 10
        assert status == 1 and out.startswith("no solution (search complete)")
    result = lpsolve.solve(lpsolve.load(path), limit=None)
    assert {s.rows for s in result.solutions} == expected


def test_count_builds_no_solutions() -> None:
    result = lpsolve.count(lpsolve.parse("....\n" * 4, ".takuzu"))
    assert result.complete and result.count == len(brute_force(4, 4)) and result.solutions == []


# -- the rule checker ------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([(2, 2), (4, 4), (4, 6), (6, 6)]), st.data())
def test_checker_agrees_with_the_independent_rules(shape, data) -> None:
    height, width = shape
    puzzle = lpsolve.parse(("." * width + "\n") * height, ".takuzu")
    solved = sorted(brute_force_cached(height, width))
    if data.draw(st.booleans()):  # a valid grid, possibly with some cells flipped
        rows = [list(r) for r in data.draw(st.sampled_from(solved))]
        for r, c in data.draw(
            st.sets(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), max_size=3)
        ):
            rows[r][c] = "1" if rows[r][c] == "0" else "0"
        grid = ["".join(r) for r in rows]
    else:
        grid = data.draw(
            st.lists(
                st.text("01", min_size=width, max_size=width), min_size=height, max_size=height
            )
        )
    problems = puzzle.violations(TakuzuSolution(tuple(grid)))
    assert (problems == []) == is_valid(grid)


_BRUTE: dict[tuple[int, int], set[tuple[str, ...]]] = {}


def brute_force_cached(height: int, width: int) -> set[tuple[str, ...]]:
    if (height, width) not in _BRUTE:
        _BRUTE[(height, width)] = brute_force(height, width)
    return _BRUTE[(height, width)]


def test_checker_names_each_broken_rule() -> None:
    puzzle = lpsolve.parse("1...\n....\n....\n....\n", ".takuzu")
    grid = TakuzuSolution(("0001", "1110", "0011", "0011"))
    problems = puzzle.violations(grid)
    assert "given 1 at (row 1, col 1) holds 0" in problems
    assert (
        "three-in-a-row rule: three 0s in row 1: (row 1, col 1), (row 1, col 2), (row 1, col 3)"
        in problems
    )
    assert "balance rule: row 2 holds 3 1s and 1 0s, not 2 of each" in problems
    assert "different-lines rule: row 3 and row 4 are equal" in problems
    assert puzzle.violations(TakuzuSolution(("01", "10"))) == ["the board is not 4 rows of 4 cells"]


# -- bad input ------------------------------------------------------------------------

BAD = [
    ("ragged.takuzu", "0..1\n..1\n....\n....\n", ":2:4: row has 3 cells, expected 4"),
    ("longer.takuzu", "0..1\n..1..\n....\n....\n", ":2:5: row has 5 cells, expected 4"),
    ("letter.takuzu", "0..1\n.x..\n....\n....\n", ":2:2: unexpected 'x': a cell is 0, 1"),
    ("digit.takuzu", "0..2\n....\n", ":1:4: unexpected '2'"),
    ("space.takuzu", "0. .\n....\n", ":1:3: unexpected a space"),
    ("oddwide.takuzu", "# w\n0.1\n...\n", ":2:3: the first row has 3 cells: Takuzu needs an even"),
    ("oddhigh.takuzu", "01\n..\n  ..\n", ":3:3: the board has 3 rows: Takuzu needs an even"),
    ("empty.takuzu", "", ":1:1: empty file"),
    ("comments.takuzu", "# nothing\n\n", ":1:1: empty file"),
]


@pytest.mark.parametrize(("name", "text", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_located_line(name: str, text: str, expected: str, run, tmp_path) -> None:
    path = write(tmp_path, text, name)
    status, out, err = run("solve", path)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"error: {path}{expected}")


def test_comments_blank_lines_and_indentation_are_allowed(tmp_path) -> None:
    puzzle = lpsolve.load(write(tmp_path, "# a\n  1.\n\n# b\n  ..\n"))
    assert (puzzle.height, puzzle.width, puzzle.givens) == (2, 2, {(0, 0): 1})


# -- givens that already break a rule ---------------------------------------------------

BROKEN = [
    (
        "000.\n....\n....\n....\n",
        "three-in-a-row rule: row 1 has three given 0s in a row: "
        "(row 1, col 1), (row 1, col 2), (row 1, col 3)",
    ),
    (
        ".1..\n.1..\n.1..\n....\n",
        "three-in-a-row rule: col 2 has three given 1s in a row: "
        "(row 1, col 2), (row 2, col 2), (row 3, col 2)",
    ),
    (
        "1.11\n....\n....\n....\n",
        "balance rule: row 1 has 3 given 1s, more than 2 (half of 4): "
        "(row 1, col 1), (row 1, col 3), (row 1, col 4)",
    ),
    (
        "0110\n....\n0110\n....\n",
        "different-lines rule: row 1 and row 3 are both given in full as 0110",
    ),
    (
        "0.0.\n1.1.\n1.1.\n0.0.\n",
        "different-lines rule: col 1 and col 3 are both given in full as 0110",
    ),
]


@pytest.mark.parametrize(("text", "reason"), BROKEN)
def test_broken_givens_are_named(text: str, reason: str, run, tmp_path) -> None:
    path = write(tmp_path, text)
    status, out, _ = run("solve", path)
    assert status == 1
    assert out.startswith("no solution (search complete)") and reason in out
    status, out, _ = run("check", path)
    assert status == 1 and out.startswith("not well-posed: no solution") and reason in out


def test_an_unsolvable_puzzle_without_broken_givens_has_no_diagnosis(run, tmp_path) -> None:
    # Rows 1 and 2 are each forced to 0011, so they would be equal; no given breaks a
    # rule by itself, so there is nothing to name.
    givens = {(0, 0): 0, (0, 1): 0, (1, 0): 0, (1, 1): 0}
    assert not [g for g in brute_force(4, 4) if is_valid(list(g), givens)]
    path = write(tmp_path, "00..\n00..\n....\n....\n")
    assert lpsolve.load(path).diagnose() == []
    status, out, _ = run("solve", path)
    assert status == 1 and out.splitlines() == [out.splitlines()[0]]
    assert out.startswith("no solution (search complete)")


# -- clues, facts, rendering ----------------------------------------------------------------


def test_clues_facts_and_clue_for(run) -> None:
    path = TAKUZU / "seed-intro-6x6.takuzu"
    puzzle = lpsolve.load(path)
    clues = puzzle.clues()
    assert len(clues) == len(puzzle.givens) == 16
    first = clues[0]
    assert (str(first.fact), first.text, first.json) == (
        "given(0,0,0)",
        "0 at (row 1, col 1)",
        [0, 0, 0],
    )
    atom = clingo.Function("value", [clingo.Number(4), clingo.Number(2), clingo.Number(1)])
    clue = puzzle.clue_for(atom)
    assert clue is not None and (clue.text, clue.json) == ("1 at (row 5, col 3)", [4, 2, 1])
    assert puzzle.clue_for(clingo.Function("row", [clingo.Number(1)])) is None
    status, out, _ = run("facts", path)
    facts = set(out.splitlines()[1:])
    # The givens, read from the file independently: every 0/1 character of the grid.
    grid = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    expected = {
        f"given({r},{c},{ch})."
        for r, row in enumerate(grid)
        for c, ch in enumerate(row)
        if ch in "01"
    }
    expected |= {f"row({i})." for i in range(6)} | {f"col({i})." for i in range(6)}
    assert status == 0 and facts == expected


def test_a_rendered_solution_reads_back_as_a_full_board(tmp_path) -> None:
    puzzle = lpsolve.load(TAKUZU / "seed-timing-6x6.takuzu")
    (solution,) = lpsolve.solve(puzzle, limit=None).solutions
    text = puzzle.render(solution)
    again = lpsolve.load(write(tmp_path, text + "\n"))
    assert len(again.givens) == 36 and lpsolve.solve(again, None).solutions == [solution]
    assert puzzle.render().splitlines()[0] == "0..1.0"


# -- the csp backend -----------------------------------------------------------------------

SMALL = [
    "seed-intro-6x6.takuzu",
    "seed-timing-6x6.takuzu",
    "seed-8x8.takuzu",
    "letheed-grid1.takuzu",
    "letheed-grid3.takuzu",
]


@pytest.mark.parametrize("name", SMALL)
def test_csp_backend_agrees_with_clingo(name: str) -> None:
    checked = lpsolve.cross_check(lpsolve.load(TAKUZU / name))
    assert checked.agree and checked.complete
    assert checked.results["csp"].count == COUNTS[name]


def test_csp_counts_empty_boards_like_the_brute_force() -> None:
    for height, width in [(4, 4), (4, 6)]:
        board = lpsolve.parse(("." * width + "\n") * height, ".takuzu")
        assert lpsolve.count(board, backend="csp").count == len(brute_force(height, width))


def test_csp_finds_no_solution_for_broken_givens() -> None:
    board = lpsolve.parse("0110\n....\n0110\n....\n", ".takuzu")
    result = lpsolve.solve(board, None, backend="csp")
    assert result.complete and result.count == 0


# -- the command line -----------------------------------------------------------------------


def test_json_solutions_are_lists_of_row_strings(run) -> None:
    path = TAKUZU / "letheed-grid1.takuzu"
    status, out, _ = run("solve", path, "--all", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["kind"] == "takuzu" and data["count"] == 6
    assert {tuple(s) for s in data["solutions"]} == published(path)
    assert all(isinstance(row, str) for s in data["solutions"] for row in s)


def test_check_verdicts(run) -> None:
    status, out, _ = run("check", TAKUZU / "seed-intro-6x6.takuzu")
    assert status == 0 and out.startswith("well-posed: exactly one solution")
    status, out, _ = run("check", TAKUZU / "letheed-grid4.takuzu")
    assert status == 1 and out.startswith("not well-posed: several solutions")
    status, out, _ = run("check", TAKUZU / "letheed-grid2.takuzu", "--format", "json")
    assert status == 0 and json.loads(out)["well_posed"] is True


def test_solve_limit_stats_and_default(run) -> None:
    path = TAKUZU / "letheed-grid4.takuzu"
    status, out, _ = run("solve", path, "--limit", "3", "--stats")
    assert status == 0 and out.count("Solution ") == 3
    assert "3 solutions, stopped at the limit: not unique" in out and "stats: atoms=" in out
    status, out, _ = run("solve", path)
    assert status == 0 and out.splitlines()[-1].startswith("not unique: at least 2 solutions")
    rows = out.split("\n\n")[0].split()
    assert tuple(rows) in published(path)
    status, out, _ = run("solve", path, "--count")
    assert status == 0 and out.startswith("559 solutions, search complete: not unique")


def test_timeout_keeps_the_count_so_far(run, tmp_path) -> None:
    path = write(tmp_path, "........\n" * 8)  # 4,111,116 grids: far more than 0.2 s
    status, out, _ = run("solve", path, "--count", "--timeout", "0.2")
    assert status == 3 and "stopped by timeout, search incomplete" in out


def test_encoding_command_prints_the_encoding(run) -> None:
    status, out, _ = run("encoding", "takuzu")
    assert status == 0 and out == (ROOT / "encodings" / "takuzu.lp").read_text()
