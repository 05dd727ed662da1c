"""Bad input: one line 'error: FILE:LINE:COL: message', exit status 2, no traceback."""

from __future__ import annotations

import pytest

CASES = [
    # (file name, content, expected "LINE:COL: message" fragment)
    ("ragged.hidoku", "1,_,_\n_,_\n_,_,9\n", ":2:4: row has 2 fields, expected 3"),
    ("ragged-long.hidoku", "1,_\n_,_,_\n", ":2:5: row has 3 fields, expected 2"),
    ("token.hidoku", "1,_,_\n_,?,_\n_,_,9\n", ":2:3: unexpected '?'"),
    ("negative.hidoku", "1,_,_\n_,-3,_\n_,_,9\n", ":2:3: unexpected '-3'"),
    (
        "twice.hidoku",
        "1,_,_\n_,4,_\n_,4,9\n",
        ":3:3: number 4 is given twice (first at line 2, col 3)",
    ),
    ("zero.hidoku", "0,_,_\n_,_,_\n_,_,9\n", ":1:1: number 0 is outside 1..9"),
    ("big.hidoku", "1,_,_\n_,_,_\n_,_,10\n", ":3:5: number 10 is outside 1..9"),
    ("holes-count.hidoku", "1,X,_\n_,_,_\n_,_,9\n", ":3:5: number 9 is outside 1..8"),
    ("empty.hidoku", "", ":1:1: empty file"),
    ("comments.hidoku", "# only a comment\n\n", ":1:1: empty file"),
    ("only-holes.hidoku", "X,X\nX,X\n", ":1:1: the board has no cells"),
    ("header.hidoku", "colour: red\n1,_\n", ":1:1: unknown header 'colour'"),
    ("adjacency.hidoku", "adjacency: queen\n1,_\n", ":1:12: unknown adjacency 'queen'"),
    ("moves.hidoku", "adjacency: [[1, 2], [0, 0]]\n1,_\n", ":1:21: a move must be [dx, dy]"),
    ("moves-json.hidoku", "adjacency: [[1, 2]\n1,_\n", ":1:"),
    ("puzzle.txt", "1,_\n", ": unknown file extension .txt"),
    ("noext", "1,_\n", ": unknown file extension (none)"),
    ("bad.json", '{"kind": "hidato", "cells": [[0, 0]\n', ":2:1: malformed JSON"),
    ("list.json", "[1, 2]\n", ":1:1: expected a JSON object"),
    ("kind.json", '{"kind": "kakurro", "cells": []}\n', ":1:10: unknown kind 'kakurro'"),
    ("sudoku.json", '{"kind": "sudoku"}\n', ":1:10: kind sudoku has no JSON input; JSON puzzles"),
    ("nokind.json", '{"cells": []}\n', ':1:1: missing "kind"'),
    (
        "shape.json",
        '{"kind": "hidato", "adjacency": "king",\n "cells": [[0, 0, 1]]}\n',
        ':2:12: "cells" must be a list of [x, y] integer lists; found [0, 0, 1]',
    ),
    (
        "shape2.json",
        '{"kind": "hidato", "adjacency": "king", "cells": "all"}\n',
        ':1:50: "cells" must be a list of [x, y]',
    ),
    (
        "extra.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0,0]], "size": 1}\n',
        ":1:59: unexpected key 'size'",
    ),
    ("missing.json", '{"kind": "hidato", "cells": [[0, 0]]}\n', ":1:1: missing key 'adjacency'"),
    (
        "adj.json",
        '{"kind": "hidato", "adjacency": "rook", "cells": [[0, 0]]}\n',
        ":1:33: unknown adjacency 'rook'",
    ),
    (
        "adjtype.json",
        '{"kind": "hidato", "adjacency": 8, "cells": [[0, 0]]}\n',
        ':1:33: "adjacency" must be a name or a list',
    ),
    (
        "hole.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0], [1, 0]],\n'
        ' "givens": [[5, 5, 1]]}\n',
        ":2:13: given 1 at [5, 5] is not on the board (a hole?)",
    ),
    (
        "dupcell.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0], [0, 0]]}\n',
        ":1:59: cell [0, 0] is listed twice",
    ),
    (
        "dupgiven.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0], [1, 0]],\n'
        ' "givens": [[0, 0, 1], [1, 0, 1]]}\n',
        ":2:31: number 1 is given twice",
    ),
    (
        "range.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0], [1, 0]],\n'
        ' "givens": [[0, 0, 3]]}\n',
        ":2:20: given 3 at [0, 0] is outside 1..2",
    ),
    # JSON: a missing key at the object that lacks it, a value of the wrong type at itself
    (
        "indented.json",
        '\n\n  {"kind": "hidato", "cells": [[0, 0]]}\n',
        ":3:3: missing key 'adjacency'",
    ),
    ("kindtype.json", '{"kind": 5, "cells": []}\n', ':1:10: "kind" must be a string'),
    (
        "celltype.json",
        '{"kind": "hidato", "adjacency": "king",\n "cells": [[0, 0], [1, "a"]]}\n',
        ':2:24: "cells" must be a list of [x, y] integer lists; found "a" in [1, "a"]',
    ),
    (
        "givenstype.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0]], "givens": "none"}\n',
        ':1:70: "givens" must be a list of [x, y, n] integer lists',
    ),
    (
        "movetype.json",
        '{"kind": "hidato", "adjacency": [[1, 0], "x"], "cells": [[0, 0]]}\n',
        ':1:42: a move must be [dx, dy] with integers, not both 0; got "x"',
    ),
    (
        "sourcetype.json",
        '{"kind": "hidato", "adjacency": "king", "cells": [[0, 0]], "source": 3}\n',
        ':1:70: "source" must be a string',
    ),
    # the place is found by reading the JSON, not by looking for a key's text
    (
        "decoy.json",
        '{"source": "cells", "kind": "hidato", "adjacency": "king", "cells": [[0, 0], [0, 0]]}\n',
        ":1:78: cell [0, 0] is listed twice",
    ),
    (
        "escaped-twice.json",  # a key given twice: the last counts, as json reads it
        '{"kind": "hidato", "adjacency": "king", "cells": [[9, 9]],\n'
        ' "c\\u0065lls": [[0, 0], [0, 0]]}\n',
        ":2:25: cell [0, 0] is listed twice",
    ),
    (
        "nocells.json",
        '{"kind": "hidato", "adjacency": "king", "cells": []}\n',
        ":1:50: the board has no cells",
    ),
]


@pytest.mark.parametrize(("name", "content", "expected"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_one_located_line_and_exit_2(tmp_path, run, name, content, expected) -> None:
    path = tmp_path / name
    path.write_text(content)
    for command in ("solve", "check", "facts"):
        status, out, err = run(command, path)
        assert status == 2
        assert out == ""
        assert err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"error: {path}")
        assert expected in err, err


def test_missing_file_is_bad_input(tmp_path, run) -> None:
    status, _, err = run("solve", tmp_path / "nowhere.hidoku")
    assert status == 2 and err == f"error: {tmp_path / 'nowhere.hidoku'}: no such file\n"


def test_directory_is_bad_input(tmp_path, run) -> None:
    folder = tmp_path / "dir.hidoku"
    folder.mkdir()
    status, _, err = run("solve", folder)
    assert status == 2 and "is a directory" in err


def test_binary_file_is_bad_input(tmp_path, run) -> None:
    path = tmp_path / "bin.hidoku"
    path.write_bytes(b"\xff\xfe1,_")
    status, _, err = run("solve", path)
    assert status == 2 and "not UTF-8 text" in err


def test_unknown_encoding_kind_is_a_usage_error(run) -> None:
    status, out, err = run("encoding", "kakurro")
    assert status == 2 and out == ""
    assert err.startswith("error: unknown kind 'kakurro'; expected one of hidato, ")
    assert err.count("\n") == 1


def test_unsolvable_puzzle_is_not_bad_input(tmp_path, run) -> None:
    path = tmp_path / "apart.hidoku"
    path.write_text("1,_,2\n_,_,_\n_,_,_\n")  # 1 and 2 are not neighbours
    status, out, err = run("solve", path)
    assert status == 1 and err == ""
    assert out.startswith("no solution (search complete)")
