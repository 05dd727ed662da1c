"""Input limits (lpsolve/limits.py): every number, size and nesting beyond what lpsolve
accepts is one located line ``error: FILE:LINE:COL: message`` and exit status 2, never
a traceback; and the csp backend's answer on boards its preprocessing empties."""

from __future__ import annotations

import itertools
import json
import time

import pytest

import lpsolve
from lpsolve import limits
from lpsolve.errors import PuzzleError

from .test_magic import brute_force_3x3, is_magic

HUGE = "9" * 5000  # more digits than Python converts (4,300)
SHOWN_HUGE = "999999999999...9999 (5,000 characters)"
BEYOND = "is beyond the largest number lpsolve accepts (2147483647)"
BELOW = "is below the smallest number lpsolve accepts (-2147483648)"


def refused(run, path, line: int, col: int, message: str) -> None:
    """``lpsolve check`` refuses the file with one located line and exit status 2."""
    status, out, err = run("check", path)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"error: {path}:{line}:{col}: "), err
    assert message in err, err


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- numbers: more digits than Python converts, and beyond clingo's 32-bit integers ---

# (file name, text with NUMBER in it, line, col, message with NUMBER in it)
NUMBERS = [
    ("grid.hidoku", "1,_\n_,NUMBER\n", 2, 3, "number NUMBER"),
    ("hex.hidato", "adjacency: hex\n_, _\n  NUMBER, _\n", 3, 3, "number NUMBER"),
    ("moves.hidato", "adjacency: [[1, NUMBER]]\n1,_\n", 1, 17, "number NUMBER"),
    (
        "cell.json",
        '{"kind": "hidato", "adjacency": "king",\n "cells": [[0, 0], [NUMBER, 0]]}',
        2,
        21,
        "number NUMBER",
    ),
    (
        "given.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0]],\n "givens": [[0, 0, NUMBER]]}',
        2,
        20,
        "number NUMBER",
    ),
    ("given.magic", "_ _\n_ NUMBER\n", 2, 3, "number NUMBER"),
    ("range.magic", "# big\nrange: NUMBER..3000000003\n_ _\n_ _\n", 2, 8, "range end NUMBER"),
    ("range-end.magic", "range: 1..NUMBER\n_ _\n_ _\n", 1, 11, "range end NUMBER"),
    ("target.magic", "target: NUMBER\n_ _\n_ _\n", 1, 9, "target NUMBER"),
    ("pegs.mastermind", "pegs: NUMBER\ncolours: red blue\n", 1, 7, "pegs NUMBER"),
    (
        "black.mastermind",
        "pegs: 2\ncolours: red blue\nred red : NUMBER 0\n",
        3,
        11,
        "black count NUMBER",
    ),
    (
        "white.mastermind",
        "pegs: 2\ncolours: red blue\nred red : 0 NUMBER\n",
        3,
        13,
        "white count NUMBER",
    ),
    ("width.tiling", "board: NUMBERx1\nB\n", 1, 8, "board width NUMBER"),
    ("height.tiling", "board: 1xNUMBER\nB\n", 1, 10, "board height NUMBER"),
    # janko's layout: the ROWS COLS line and a Hidato cell
    ("rows.hidoku", "NUMBER 3\n- - -\n", 1, 1, "rows NUMBER"),
    ("columns.takuzu", "# janko\n4 NUMBER\n- - - -\n", 2, 3, "columns NUMBER"),
    ("janko.hidoku", "2 2\n1 NUMBER\n- -\n", 2, 3, "number NUMBER"),
    ("janko.numbrix", "2 2\n- -\nNUMBER 1\n", 3, 1, "number NUMBER"),
]


@pytest.mark.parametrize(("name", "text", "line", "col", "message"), NUMBERS)
def test_a_number_of_5000_digits_is_refused_unconverted(
    tmp_path, run, name: str, text: str, line: int, col: int, message: str
) -> None:
    path = write(tmp_path, name, text.replace("NUMBER", HUGE))
    refused(run, path, line, col, f"{message.replace('NUMBER', SHOWN_HUGE)} {BEYOND}")


@pytest.mark.parametrize(("name", "text", "line", "col", "message"), NUMBERS)
def test_a_number_beyond_32_bits_is_refused(
    tmp_path, run, name: str, text: str, line: int, col: int, message: str
) -> None:
    path = write(tmp_path, name, text.replace("NUMBER", "3000000000"))
    refused(run, path, line, col, f"{message.replace('NUMBER', '3000000000')} {BEYOND}")


#: the digit 2 of other scripts (Arabic-Indic, Devanagari, fullwidth) and superscript
#: two: str.isdigit() takes them all, and int() reads all but the superscript as 2
FOREIGN_TWOS = ["\u0662", "\u0968", "\uff12", "\u00b2"]

# (file name, text with D where a number goes, line, col, message): every parser
FOREIGN = [
    ("janko.hidoku", "2 2\n1 D\n- -\n", 2, 3, "expected a number 1..4 or '-' (empty), got 'D'"),
    ("janko-size.hidoku", "D 2\n1 -\n- -\n", 1, 1, "unexpected 'D'"),
    ("janko-cols.takuzu", "2 D\n1 -\n- -\n", 1, 1, "a line of signs before the first row"),
    ("janko.takuzu", "2 2\n1 -\n- D\n", 3, 3, "expected 0, 1, 2 or '-' (empty), got 'D'"),
    ("grid.hidoku", "1,_\n_,D\n", 2, 3, "unexpected 'D'"),
    ("moves.hidato", "adjacency: [[1, D]]\n1,_\n", 1, 17, "malformed move list"),
    ("cell.json", '{"kind": "hidato", "adjacency": "king", "cells": [[0, D]]}', 1, 55,
     "malformed JSON"),
    ("given.magic", "_ _\n_ D\n", 2, 3, "unexpected 'D'"),
    ("range.magic", "range: 1..D\n_ _\n_ _\n", 1, 8, "range '1..D'"),
    ("target.magic", "target: D\n_ _\n_ _\n", 1, 9, "target 'D'"),
    ("pegs.mastermind", "pegs: D\ncolours: red blue\n", 1, 7, "pegs 'D'"),
    ("black.mastermind", "pegs: 2\ncolours: red blue\nred red : D 0\n", 3, 11, "count 'D'"),
    ("width.tiling", "board: Dx1\nB\n", 1, 8, "board 'Dx1'"),
]  # fmt: skip


@pytest.mark.parametrize("digit", FOREIGN_TWOS)
@pytest.mark.parametrize(("name", "text", "line", "col", "message"), FOREIGN)
def test_digits_of_other_scripts_are_not_numbers(
    tmp_path, run, digit: str, name: str, text: str, line: int, col: int, message: str
) -> None:
    """Every parser reads ASCII digits only. A janko Hidato cell or size line took the
    others: an Arabic-Indic 2 counted as a given 2, a superscript 2 crashed int()."""
    path = write(tmp_path, name, text.replace("D", digit))
    refused(run, path, line, col, message.replace("D", digit))


def test_the_largest_32_bit_number_passes_the_range_check(tmp_path, run) -> None:
    """2147483647 is no longer refused as out of clingo's range (only as off the board)."""
    path = write(tmp_path, "edge.hidoku", "1,_\n_,2147483647\n")
    refused(run, path, 2, 3, "number 2147483647 is outside 1..4")
    path = write(tmp_path, "edge2.hidoku", "1,_\n_,2147483648\n")
    refused(run, path, 2, 3, f"number 2147483648 {BEYOND}")


@pytest.mark.parametrize(
    ("name", "text", "line", "col", "message"),
    [
        ("neg.json", '{"kind": "hidato", "adjacency": "king", "cells": [[-2147483649, 0]]}',
         1, 52, f"number -2147483649 {BELOW}"),
        ("neg.magic", "_ _\n-2147483649 _\n", 2, 1, f"number -2147483649 {BELOW}"),
        ("neg-range.magic", "range: -3000000000..-2999999997\n_ _\n_ _\n", 1, 8,
         f"range end -3000000000 {BELOW}"),
    ],
)  # fmt: skip
def test_a_number_below_32_bits_is_refused(
    tmp_path, run, name: str, text: str, line: int, col: int, message: str
) -> None:
    refused(run, write(tmp_path, name, text), line, col, message)


def test_magic_numbers_are_bounded_so_that_line_sums_fit_clingo(tmp_path, run) -> None:
    top = limits.MAX_MAGIC_VALUE
    fits = write(tmp_path, "fits.magic", f"range: {top - 3}..{top}\n_ _\n_ _\n")
    status, _, _ = run("check", fits)
    assert status == 1  # accepted: a 2x2 magic board has no solution
    path = write(tmp_path, "sum.magic", f"range: {top - 2}..{top + 1}\n_ _\n_ _\n")
    refused(run, path, 1, 8 + len(str(top - 2)) + 2, f"range end {top + 1} is larger than {top}")


# -- JSON: nesting depth and the length of numbers, before json.loads sees them --------


def test_json_nested_100000_deep_is_refused(tmp_path, run) -> None:
    refused(run, write(tmp_path, "deep.json", "[" * 100_000), 1, 33, "nested deeper than 32")


def test_json_of_20_million_braces_is_refused_at_the_33rd(tmp_path, run) -> None:
    """Refused at once (took 13.8 s): the depth is found in one pass, not in 32 passes
    over all brackets; benchmarks/json_reading.py measures it."""
    refused(run, write(tmp_path, "braces.json", "{" * 20_000_000), 1, 33, "nested deeper than 32")


def test_json_of_many_groups_33_deep_is_refused_at_the_first(tmp_path, run) -> None:
    text = '{"kind": "hidato", "cells": ' + ("[" * 33 + "]" * 33) * 100_000 + "}"
    # the object, then the 32nd bracket of the first group
    refused(run, write(tmp_path, "groups.json", text), 1, 29 + 31, "nested deeper than 32")


def test_json_nested_32_deep_is_not_refused_for_its_depth(tmp_path, run) -> None:
    text = '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0]], "source": '
    path = write(tmp_path, "deep31.json", text + "[" * 31 + "]" * 31 + "}")
    refused(run, path, 1, 70, '"source" must be a string')  # read, then refused for its type


def test_json_deep_after_an_unopened_bracket_is_refused_where_json_stops(tmp_path, run) -> None:
    """json.loads stops at the closing bracket it did not open, before the deep part."""
    path = write(tmp_path, "closed.json", '{"kind": "hidato"}] ' + "[" * 100_000)
    refused(run, path, 1, 19, "malformed JSON: Extra data")


def test_json_nesting_is_located_in_a_puzzle(tmp_path, run) -> None:
    text = (
        '{"kind": "hidato", "adjacency": "king",\n "cells": [[0, 0], ' + "[" * 40 + "]" * 40 + "]}"
    )
    # the 33rd level: the object, "cells", then the 31st of the 40 brackets
    refused(run, write(tmp_path, "nested.json", text), 2, 20 + 30, "nested deeper than 32")


def test_json_brackets_inside_strings_do_not_count(tmp_path, run) -> None:
    text = '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0], [1, 0]], "source": "'
    path = write(tmp_path, "strings.json", text + "[" * 100 + '\\" {"}')
    status, out, _ = run("check", path)
    assert status == 1 and out.startswith("not well-posed")  # 2 solutions


def test_a_json_number_of_5000_digits_is_located(tmp_path, run) -> None:
    text = '{"kind": "hidato", "adjacency": "king",\n "cells": [[0, 0]], "givens": [[0, 0, '
    path = write(tmp_path, "long.json", text + "1" * 5000 + "]]}")
    refused(run, path, 2, 39, f"number 111111111111...1111 (5,000 characters) {BEYOND}")


def test_long_numbers_inside_json_strings_are_allowed(tmp_path, run) -> None:
    text = '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0]], "source": "'
    path = write(tmp_path, "source.json", text + HUGE + '"}')
    status, out, _ = run("check", path)
    assert status == 0 and out.startswith("well-posed")


# -- sizes ---------------------------------------------------------------------------


def test_mastermind_pegs_colours_names_and_guesses_are_bounded(tmp_path, run) -> None:
    path = write(tmp_path, "pegs.mastermind", "pegs: 65\ncolours: red blue\n")
    refused(run, path, 1, 7, "pegs 65 is larger than 64")
    names = " ".join(f"c{i}" for i in range(limits.MAX_COLOURS + 1))
    path = write(tmp_path, "colours.mastermind", f"pegs: 2\ncolours: {names}\n")
    col = len("colours: ") + names.index(f"c{limits.MAX_COLOURS}") + 1
    refused(run, path, 2, col, "more than 256 colours")
    long = "a" * 65
    path = write(tmp_path, "name.mastermind", f"pegs: 2\ncolours: red {long}\n")
    refused(run, path, 2, 14, "is longer than 64 characters")
    guesses = "red blue : 0 2\n" * (limits.MAX_GUESSES + 1)
    path = write(tmp_path, "guesses.mastermind", "pegs: 2\ncolours: red blue\n" + guesses)
    refused(run, path, 2 + limits.MAX_GUESSES + 1, 1, "more than 10,000 guesses")


def test_mastermind_library_games_are_bounded_too() -> None:
    from lpsolve.kinds.mastermind import MastermindGame

    with pytest.raises(PuzzleError, match="more than 64 pegs"):
        MastermindGame(2**31, ("red", "blue"))


def test_a_guess_with_a_million_colours_is_refused_at_the_first_extra_one(tmp_path, run) -> None:
    path = write(
        tmp_path, "wide.mastermind", "pegs: 2\ncolours: red\n" + "red " * 10**6 + ": 0 0\n"
    )
    refused(run, path, 3, 9, "more than 2 colours given, a code has 2 pegs")


def test_hidato_rows_columns_and_cells_are_bounded(tmp_path, run, monkeypatch) -> None:
    side = limits.MAX_BOARD_SIDE
    path = write(tmp_path, "rows.hidoku", "_\n" * (side + 1))
    refused(run, path, side + 1, 1, "more than 4,096 rows")
    path = write(tmp_path, "cols.hidoku", "_," * side + "_\n")
    refused(run, path, 1, 2 * side + 1, "more than 4,096 columns")
    path = write(tmp_path, "lines.hidoku", "_\n" * (side + 2))
    refused(run, path, side + 2, 1, "too many lines: a board has at most 4,096 rows")
    # the cell count is checked cell by cell: shown with a small bound (a real board
    # beyond 2**21 cells takes seconds to build)
    monkeypatch.setattr(limits, "MAX_BOARD_CELLS", 5)
    path = write(tmp_path, "cells.hidoku", "_,_,_\nX,_,_\n_,_,_\n")
    refused(run, path, 3, 1, "more than 5 cells")
    path = write(tmp_path, "cells.json", '{"kind": "hidato", "adjacency": "king", "cells": '
                 + json.dumps([[x, 0] for x in range(6)]) + "}")  # fmt: skip
    refused(run, path, 1, 50, "more than 5 cells")  # at the list


def test_a_1000x1000_hidato_board_is_accepted() -> None:
    rows = "\n".join(",".join(["_"] * 1000) for _ in range(1000))
    puzzle = lpsolve.parse("1," + rows[2:], ".hidoku")
    assert len(puzzle.cells) == 1_000_000 and puzzle.givens == {(0, 0): 1}


def test_json_hidato_coordinates_span_and_moves_are_bounded(tmp_path, run) -> None:
    head = '{"kind": "hidato", "adjacency": "king",\n "cells": '
    path = write(tmp_path, "far.json", head + "[[0, 0], [1, 1500000000]]}")
    refused(run, path, 2, 24, "coordinate 1500000000 is beyond ±1,000,000,000")
    path = write(tmp_path, "span.json", head + "[[0, 0], [5000, 0]]}")
    refused(run, path, 2, 11, "the cells span 5,001 columns (x from 0 to 5000)")
    moves = json.dumps([[1, 0]] * (limits.MAX_MOVES + 1))
    path = write(tmp_path, "moves.hidato", f"adjacency: {moves}\n1,_\n")
    refused(run, path, 1, 13 + 8 * limits.MAX_MOVES, "more than 100 moves")  # the 101st
    path = write(tmp_path, "long.hidato", "adjacency: [[4096, 0]]\n1,_\n")
    refused(run, path, 1, 13, "move [4096, 0] is longer than any board")


def test_takuzu_rows_and_columns_are_bounded(tmp_path, run) -> None:
    side = limits.MAX_BOARD_SIDE
    path = write(tmp_path, "wide.takuzu", "  " + "01" * (side // 2 + 1) + "\n")
    refused(run, path, 1, 3 + side, "more than 4,096 columns")
    path = write(tmp_path, "high.takuzu", "01\n" * (side + 2))
    refused(run, path, side + 1, 1, "more than 4,096 rows")


def test_magic_board_size_is_bounded(tmp_path, run) -> None:
    most = limits.MAX_MAGIC_SIZE
    path = write(tmp_path, "big.magic", "range: 1..4\n" + "_\n" * (most + 1))
    refused(run, path, most + 2, 1, "more than 64 rows")
    path = write(tmp_path, "row.magic", "_ _\n" + "_ " * 10**6 + "\n")
    refused(run, path, 2, 5, "row has 1000000 fields, expected 2")


def test_tiling_board_stones_and_stone_grids_are_bounded(tmp_path, run) -> None:
    path = write(tmp_path, "board.tiling", "board: 101x100\nB\n")
    refused(run, path, 1, 8, "board 101x100: expected 1 to 10,000 cells")
    stones = "B\n=\n" * (limits.MAX_STONES + 1)
    path = write(tmp_path, "stones.tiling", f"board: 1x{limits.MAX_STONES + 1}\n" + stones)
    refused(run, path, 2 + 2 * limits.MAX_STONES, 1, "more than 1,000 stones")
    path = write(tmp_path, "stone.tiling", "board: 2x1\n" + "_" * 6000 + "\n" + "_" * 6000 + "\n")
    refused(run, path, 3, 1, "the stone 1's rows have more than 10,000 fields")
    path = write(tmp_path, "grid.tiling", "board:\n" + "B" * 10_001 + "\n=\nB\n")
    refused(run, path, 2, 1, "the board's rows have more than 10,000 fields")


# -- the size of a file or text ------------------------------------------------------


def test_a_file_larger_than_the_limit_is_refused_at_the_first_byte_beyond(tmp_path, run) -> None:
    size = limits.MAX_FILE_BYTES
    path = tmp_path / "huge.hidoku"
    path.write_bytes(b"1,_\n" + b"#" * (size - 3))  # one byte more than the limit
    refused(run, path, 2, size - 4 + 1, "the file is larger than 32 MiB")
    path.write_bytes(b"1,_\n" + b"#" * (size - 4))  # exactly the limit: read, parsed
    status, _, _ = run("facts", path)
    assert status == 0


def test_parse_text_applies_the_size_limit() -> None:
    size = limits.MAX_FILE_BYTES
    with pytest.raises(PuzzleError, match="the text is larger than 32 MiB") as caught:
        lpsolve.parse("_\n" + "#" * (size - 1), ".hidoku")
    assert (caught.value.line, caught.value.col) == (2, size - 2 + 1)
    # two bytes per character: the character that crosses the limit is named
    with pytest.raises(PuzzleError, match="larger than 32 MiB") as caught:
        lpsolve.parse("\u00e9" * (size // 2 + 1), ".hidoku")
    assert (caught.value.line, caught.value.col) == (1, size // 2 + 1)


# -- the csp backend where python-constraint's preprocessing empties a domain ----------


def brute_force_magic(n: int, low: int, givens: dict[tuple[int, int], int]) -> set[tuple]:
    numbers = range(low, low + n * n)
    target = sum(numbers) // n
    found = set()
    for values in itertools.permutations(numbers):
        rows = [list(values[r * n : (r + 1) * n]) for r in range(n)]
        if all(rows[r][c] == v for (r, c), v in givens.items()) and is_magic(rows, target):
            found.add(tuple(map(tuple, rows)))
    return found


@pytest.mark.parametrize("given", ["1 _\n_ _\n", "_ 3\n_ _\n", "_ _\n4 _\n"])
def test_csp_solves_a_2x2_magic_board_with_one_given(tmp_path, run, given: str) -> None:
    path = write(tmp_path, "small.magic", given)
    puzzle = lpsolve.load(path)
    assert brute_force_magic(2, 1, puzzle.givens) == set()  # no 2x2 magic board exists
    result = lpsolve.solve(puzzle, backend="csp")
    assert result.complete and result.count == 0
    status, out, err = run("solve", path, "--backend", "csp")
    assert (status, err) == (1, "") and out.startswith("no solution (search complete)")


@pytest.mark.parametrize("givens", [{(0, 0): 2}, {(1, 1): 5}, {(1, 1): 4}, {(0, 1): 9, (2, 2): 6}])
def test_csp_agrees_with_a_brute_force_on_3x3_magic_boards(givens) -> None:
    text = "\n".join(" ".join(str(givens.get((r, c), "_")) for c in range(3)) for r in range(3))
    puzzle = lpsolve.parse(text, ".magic")
    result = lpsolve.solve(puzzle, None, backend="csp")
    assert result.complete
    assert all(puzzle.violations(solution) == [] for solution in result.solutions)
    found = {tuple(v for row in solution.rows for v in row) for solution in result.solutions}
    assert found == brute_force_3x3(1, givens)


def test_csp_tiling_whose_preprocessing_empties_a_domain() -> None:
    """Both stones need the board's only white cell: python-constraint's own
    ExactSumConstraint crashed with min() of an empty domain here."""
    puzzle = lpsolve.parse("board:\nB,_\nW,B\n===\nW,B\n===\nW\n", ".tiling")
    for backend in ("csp", "clingo"):
        result = lpsolve.solve(puzzle, backend=backend)
        assert result.complete and result.count == 0
    assert "colours: the stones have 2 white cells, the board 1" in puzzle.diagnose()


# -- a long game: found by the fuzzer (benchmarks/fuzz.py) -------------------------------


def test_a_contradiction_at_the_end_of_a_long_game_is_found_quickly(tmp_path, run) -> None:
    """The conflict search used to delete one guess per solve from clingo's first core,
    which held all but one of the guesses: 5,000 guesses took 290 s after a 1 s solve."""
    from lpsolve import codebreaker

    head = "pegs: 4\ncolours: red blue green yellow\n"
    guesses = "red red blue blue : 0 0\n" * 3000 + "green green green green : 4 0\n"
    path = write(tmp_path, "long.mastermind", head + guesses + "green green green green : 0 0\n")
    game = lpsolve.load(path)
    start = time.perf_counter()
    assert codebreaker.conflicting_guesses(game) == [3000, 3001]
    assert time.perf_counter() - start < 30  # one guess at a time: about 3,000 solves
    status, out, _ = run("check", path, "--timeout", "10")
    assert status == 1 and "guess 3001 (line 3003)" in out and "guess 3002 (line 3004)" in out
