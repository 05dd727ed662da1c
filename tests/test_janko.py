"""janko.at's grid layout (``ROWS COLS``, cells separated by spaces, ``-`` empty) for the
Hidato family and Takuzu, and ``solve --format janko``. Sources of truth: the same
puzzles in lpsolve's own layouts, brute-force counts, round trips through the files, and
the declared genres' published solutions."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import lpsolve
from lpsolve.kinds.declared import bundled_kinds, load_kind
from lpsolve.kinds.hidato import HidatoPuzzle
from lpsolve.kinds.takuzu import TakuzuPuzzle

from .conftest import INSTANCES


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(("extension", "moves"), [(".hidoku", "king"), (".numbrix", "orthogonal")])
def test_hidato_grids_read_like_the_comma_layout(extension, moves) -> None:
    janko = lpsolve.parse("# a comment\n3 4\n1 - - -\n- - 7 -\n- - - 12\n", extension)
    comma = lpsolve.parse("1,_,_,_\n_,_,7,_\n_,_,_,12\n", extension)
    assert isinstance(janko, HidatoPuzzle) and isinstance(comma, HidatoPuzzle)
    assert (janko.cells, janko.givens, janko.adjacency) == (comma.cells, comma.givens, moves)
    assert lpsolve.count(janko).count == lpsolve.count(comma).count


def test_takuzu_grids_in_janko_digits_one_and_two() -> None:
    janko = lpsolve.parse("4 4\n- 2 - -\n1 - - -\n- - 2 -\n- - - 1\n", ".takuzu")
    native = lpsolve.parse(".1..\n0...\n..1.\n...0\n", ".takuzu")
    assert isinstance(janko, TakuzuPuzzle) and janko.janko_digits == "12"
    assert janko.givens == native.givens
    assert {s.rows for s in lpsolve.solve(janko, None).solutions} == {
        s.rows for s in lpsolve.solve(native, None).solutions
    }


def test_takuzu_grids_in_zero_and_one_and_the_undecided_case() -> None:
    zero_one = lpsolve.parse("4 4\n- 1 - -\n0 - - -\n- - - -\n- - - -\n", ".takuzu")
    assert zero_one.givens == {(0, 1): 1, (1, 0): 0} and zero_one.janko_digits == "01"
    # only 1s: read as 0/1; reading them as janko's 1/2 is the same puzzle with the
    # digits swapped, so every count is the same
    ones = lpsolve.parse("4 4\n1 - - -\n- - 1 -\n- - - -\n- - - -\n", ".takuzu")
    swapped = lpsolve.parse("0...\n..0.\n....\n....\n", ".takuzu")
    assert ones.givens == {(0, 0): 1, (1, 2): 1}
    assert lpsolve.count(ones).count == lpsolve.count(swapped).count


def test_check_shows_how_janko_digits_were_read(tmp_path, run) -> None:
    path = write(tmp_path, "binairo.takuzu", "4 4\n- 2 - -\n1 - - -\n- - 2 -\n- - - 1\n")
    out = run("check", path)[1]
    assert "janko digits: 1 read as 0, 2 read as 1 (the file gives a 2)" in out
    plain = write(tmp_path, "plain.takuzu", "4 4\n- 1 - -\n0 - - -\n- - - -\n- - - -\n")
    assert "janko digits" not in run("check", plain)[1]


@pytest.mark.parametrize(
    "instance",
    ["hidato/seed-10x10.hidoku", "hidato/seed003-numbrix-9x9.json", "takuzu/seed-8x8.takuzu"],
)
def test_format_janko_writes_a_file_that_reads_back(tmp_path, run, instance) -> None:
    source = INSTANCES / instance
    status, out, err = run("solve", source, "--format", "janko")
    assert status == 0 and "1 solution, search complete: unique" in err
    extension = ".numbrix" if "numbrix" in instance else source.suffix
    back = write(tmp_path, f"back{extension}", out)
    reread = lpsolve.load(back)
    solved = lpsolve.solve(reread, None)
    assert solved.unique  # the file holds the whole solution: every cell given
    original = lpsolve.load(source)
    (solution,) = lpsolve.solve(original, None).solutions
    # the same grid, whatever coordinates the original file used
    assert reread.janko_rows() == original.janko_rows(solution)  # type: ignore[attr-defined]


def test_format_janko_keeps_janko_digits(tmp_path, run) -> None:
    path = write(tmp_path, "binairo.takuzu", "4 4\n- 2 - -\n1 - - -\n- - 2 -\n- - - 1\n")
    status, out, _ = run("solve", path, "--format", "janko", "--all")
    blocks = out.strip().split("\n\n")
    assert status == 0 and len(blocks) == lpsolve.count(lpsolve.load(path)).count == 2
    for block in blocks:
        assert block.startswith("4 4\n") and set(block.split()[2:]) == {"1", "2"}


def test_format_janko_prints_the_second_solution_it_finds(tmp_path, run) -> None:
    """The default search looks for two: a second grid means "not unique"."""
    path = write(tmp_path, "open.takuzu", "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n")
    status, out, err = run("solve", path, "--format", "janko")
    blocks = out.strip().split("\n\n")
    assert status == 0 and len(blocks) == 2 and blocks[0] != blocks[1]
    assert "not unique" in err
    for block in blocks:  # each a whole board that keeps the rules
        board = lpsolve.load(write(tmp_path, "board.takuzu", block + "\n"))
        assert lpsolve.solve(board, None).unique


@pytest.mark.parametrize(
    ("name", "text", "where", "message"),
    [
        ("a.hidoku", "3 3\n1 - -\n- - -\n", ":3:1:", "2 rows after '3 3', expected 3"),
        ("b.hidoku", "2 3\n1 - -\n- -\n", ":3:4:", "row has 2 cells, expected 3"),
        ("c.hidoku", "2 2\n1 - - 4\n- -\n", ":2:5:", "row has 4 cells, expected 2"),
        ("d.hidoku", "2 2\n1 x\n- -\n", ":2:3:", "expected a number 1..4 or '-' (empty), got 'x'"),
        ("e.hidoku", "2 2\n1 5\n- -\n", ":2:3:", "expected a number 1..4 or '-' (empty), got '5'"),
        (
            "f.numbrix",
            "2 2\n1 -\n- 1\n",
            ":3:3:",
            "number 1 is given twice (also at (row 1, col 1))",
        ),
        ("g.takuzu", "3 4\n- - - -\n- - - -\n- - - -\n", ":1:1:", "3 rows: Takuzu needs an even"),
        ("h.takuzu", "2 3\n- - -\n- - -\n", ":1:3:", "3 columns: Takuzu needs an even number"),
        ("i.takuzu", "2 2\n0 -\n- 2\n", ":3:3:", "both 0 and 2 given"),
        ("j.takuzu", "2 2\n0 .\n- -\n", ":2:3:", "expected 0, 1, 2 or '-' (empty), got '.'"),
        ("k.takuzu", "5000 4\n", ":1:1:", "more than 4,096 rows"),
    ],
)
def test_bad_janko_grids_are_named_by_line_and_column(
    tmp_path, run, name, text, where, message
) -> None:
    path = write(tmp_path, name, text)
    status, out, err = run("solve", path)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {path}{where} {message}"), err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("instance", "options", "message"),
    [
        ("magic/seed-5x5.magic", [], "--format janko: kind magic has no janko layout"),
        ("hidato/seed003-hex-19.json", [], "janko's layout holds rectangular boards"),
        ("takuzu/binairo-plus-6x6.takuzu", [], "janko's layout has no = and x signs"),
        ("takuzu/seed-8x8.takuzu", ["--count"], "--count cannot be combined"),
    ],
)
def test_what_janko_cannot_hold_is_a_usage_error(run, instance, options, message) -> None:
    status, out, err = run("solve", INSTANCES / instance, "--format", "janko", *options)
    assert status == 2 and out == "" and message in err


def test_a_two_cell_spaced_takuzu_row_is_not_a_janko_size() -> None:
    puzzle = lpsolve.parse("1 0\n0 1\n", ".takuzu")
    assert isinstance(puzzle, TakuzuPuzzle) and puzzle.janko_digits is None
    assert puzzle.givens == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}


def _smallest_published(folder: str) -> tuple[Path, Path]:
    """A bundled genre's smallest instance with a published solution, and that solution."""
    kind = load_kind(folder)
    known = [i for i in kind.instances() if i.solution is not None]
    smallest = min(known, key=lambda i: math.prod(kind.load(i.path).size))
    return Path(smallest.path), Path(smallest.solution)


@pytest.mark.parametrize("folder", bundled_kinds(), ids=lambda folder: Path(folder).name)
def test_every_bundled_genre_prints_its_published_solution_in_janko_layout(run, folder) -> None:
    """As a user runs it: ``solve --format janko FILE`` prints the solution found in
    janko's layout, proved unique, and it reads as the published solution does."""
    puzzle_path, solution_path = _smallest_published(folder)
    status, out, err = run("solve", puzzle_path, "--format", "janko")
    assert status == 0, err
    assert err.strip().splitlines()[-1].startswith("1 solution, search complete: unique")
    puzzle = load_kind(folder).load(puzzle_path)
    answer = puzzle.read_solution(out, "the answer")
    published = puzzle.read_solution(solution_path.read_text(), "the published solution")
    assert puzzle.janko_text(answer) == puzzle.janko_text(published)
