"""puzz.link links (``lpsolve/kinds/declared/urlcodecs.py`` and ``urls.py``).

Sources of truth: pzprjs's own test suite (``test/script/GENRE.js`` in
github.com/robx/pzprjs), which pairs a link pzprjs made with the same puzzle in
pzprjs's file format and its solution: each link here is decoded and compared with a
janko text transcribed by hand from that file, and written back character for
character. The Sudoku link is solved and its solution compared with pzprjs's. The
codecs are checked on random values both ways (hypothesis), every proper prefix of a
part is refused, and so is every character changed to one no codec writes, at its
index. Malformed links are each refused in one line ``LINK:1:COL``, exit 2.

The genres other than Sudoku are declared here by test kinds whose ``[input]`` follows
janko.at's layout as puzzlekit's data publishes it (the genres' own folders are being
written elsewhere): ``GENRES`` is also the ``[input.url]`` each genre declares.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lpsolve import api
from lpsolve.errors import LpsolveError, PuzzleError, UsageError
from lpsolve.kinds import LINK_STARTS, is_link
from lpsolve.kinds.declared import load_kind, urls
from lpsolve.kinds.declared import urlcodecs as codecs
from lpsolve.kinds.declared.urlcodecs import EMPTY, UNKNOWN, Cursor, LinkError

from .conftest import ROOT
from .test_fuzz import fuzz

SUDOKU = load_kind(ROOT / "lpsolve" / "kinds" / "sudoku")

# -- the genres, declared for the test ------------------------------------------------------

#: a kind's [output], encoding and check: these kinds are read, never solved
OUTPUT = '[output]\natoms = ["mark/2"]\ncells = [{ atom = "mark(R,C)", write = "x" }]\n'
NUMBER = '{ match = "number", range = [0, 99], fact = "n(R,C,V)" }'
NUMBER_LINE = '{ match = "number", range = [0, 99], fact = "n(K,V)" }'
NUMBER_LIST = '{ match = "number", range = [1, 99], fact = "n(K,I,V)" }'


def grid(name: str, tokens: str) -> str:
    return f'[[input.block]]\nname = "{name}"\nshape = "grid"\ntoken = [{tokens}]\n'


def line(name: str, length: str, tokens: str = f'{{ match = "-" }}, {NUMBER_LINE}') -> str:
    return (
        f'[[input.block]]\nname = "{name}"\nshape = "line"\nlength = "{length}"\n'
        f"token = [{tokens}]\n"
    )


def lists(name: str, count: str, length: str) -> str:
    return (
        f'[[input.block]]\nname = "{name}"\nshape = "lines"\ncount = "{count}"\n'
        f'length = "{length}"\ntoken = [{{ match = "0" }}, {NUMBER_LIST}]\n'
    )


REGIONS = grid("regions", '{ match = "id", fact = "region(R,C,V)" }')
NUMBERS = grid("board", f'{{ match = "-" }}, {NUMBER}')

#: genre: (the kind's [input], its [input.url])
GENRES: dict[str, tuple[str, str]] = {
    "akari": (
        grid("board", f'{{ match = "-" }}, {{ match = "x", fact = "black(R,C)" }}, {NUMBER}'),
        'names = ["akari", "lightup"]\n'
        'blocks = { board = { codec = "4cell", values = { "." = "x" } } }',
    ),
    "star-battle": (
        '[input.header]\nnumbers = ["ROWS", "COLS", "STARS"]\nranges = { STARS = [1, 8] }\n'
        + REGIONS,
        'names = ["starbattle"]\nparams = ["STARS"]\nblocks = { regions = { codec = "border" } }',
    ),
    "hitori": (
        grid("board", NUMBER),
        'names = ["hitori"]\nblocks = { board = { codec = "hitori" } }',
    ),
    "tents": (
        line("columns", "COLS")
        + line("rows", "ROWS")
        + grid("board", '{ match = "-" }, { match = "x", fact = "tree(R,C)" }'),
        'names = ["tents"]\nblocks = { columns = { codec = "number16_topleft", part = "top" }, '
        'rows = { codec = "number16_topleft", part = "left" }, '
        'board = { codec = "1cell", values = { "1" = "x" } } }',
    ),
    "norinori": (REGIONS, 'names = ["norinori"]\nblocks = { regions = { codec = "border" } }'),
    "lits": (REGIONS, 'names = ["lits"]\nblocks = { regions = { codec = "border" } }'),
    "fillomino": (NUMBERS, 'names = ["fillomino"]\nblocks = { board = { codec = "number16" } }'),
    "shikaku": (NUMBERS, 'names = ["shikaku"]\nblocks = { board = { codec = "number16" } }'),
    "slitherlink": (
        NUMBERS,
        'names = ["slither", "slitherlink"]\nblocks = { board = { codec = "4cell" } }',
    ),
    "masyu": (
        grid(
            "board",
            '{ match = "-" }, { match = "w", fact = "white(R,C)" }, '
            '{ match = "b", fact = "black(R,C)" }',
        ),
        'names = ["mashu", "masyu", "pearl"]\n'
        'blocks = { board = { codec = "circle", values = { "1" = "w", "2" = "b" } } }',
    ),
    "kakuro": (
        grid(
            "board",
            '{ match = "-", fact = "black(R,C)" }, { match = "0", fact = "white(R,C)" }, '
            '{ match = "pair", fact = "black(R,C)", left = { range = [1, 45], '
            'fact = "down(R,C,V)" }, right = { range = [1, 45], fact = "across(R,C,V)" } }',
        ),
        'names = ["kakuro"]\nblocks = { board = { codec = "kakuro" } }',
    ),
    "skyscrapers": (
        '[input.header]\nnumbers = ["ROWS", "COLS", "MAX"]\n'
        + "".join(
            line(side, "COLS" if side in ("top", "bottom") else "ROWS")
            for side in ("top", "bottom", "left", "right")
        )
        + grid("givens", f'{{ match = "-" }}, {NUMBER}')
        + "optional = true\n",
        'names = ["skyscrapers", "building", "skyscraper"]\nfixed = { MAX = "COLS" }\n'
        "blocks = { "
        + ", ".join(
            f'{side} = {{ codec = "number16_outside", part = "{side}" }}'
            for side in ("top", "bottom", "left", "right")
        )
        + ', givens = { codec = "number16" } }',
    ),
    "nonogram": (
        lists("columns", "COLS", "ROWS") + lists("rows", "ROWS", "COLS"),
        'names = ["nonogram"]\nblocks = { columns = { codec = "number16_runs", part = "columns" }, '
        'rows = { codec = "number16_runs", part = "rows" } }',
    ),
}


def kind_toml(genre: str) -> str:
    source, url = GENRES[genre]
    header = "" if "[input.header]" in source else "[input.header]\n"
    return (
        f'format = 1\ntitle = "{genre}"\nrules = "test"\n{header}{source}\n{OUTPUT}\n'
        f"[input.url]\n{url}\n"
    )


def write_genre(parent: Path, genre: str, toml: str | None = None) -> Path:
    folder = parent / genre
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kind.toml").write_text(toml if toml is not None else kind_toml(genre))
    (folder / "encoding.lp").write_text("#show mark/2.\n")
    (folder / "check.lp").write_text("#defined violated/1.\n")
    return folder


@pytest.fixture(scope="module")
def genres(tmp_path_factory) -> dict[str, object]:
    parent = tmp_path_factory.mktemp("genres")
    return {genre: load_kind(write_genre(parent, genre)) for genre in GENRES}


def kinds_of(genres: dict[str, object]) -> list:
    return [SUDOKU, *genres.values()]


# -- links pzprjs made, and the same puzzles from pzprjs's files ------------------------------

#: (genre, the link pzprjs's test suite gives, the janko text transcribed from the
#: puzzle file beside it in that test). Region maps are numbered in reading order.
KNOWN = [
    ("sudoku", "sudoku/4/4/g1k23k3g", "4 4\n- 1 - -\n- - - 2\n3 - - -\n- - 3 -\n"),
    (
        "akari",
        "lightup/6/6/nekcakbl",
        "6 6\n- - - - - -\n- - 4 - - -\n- - - - 2 -\n- 0 - - - -\n- - - 1 - -\n- - - - - -\n",
    ),
    (
        "star-battle",
        "starbattle/6/6/1/4ilbhgdnmhou",
        "6 6 1\n1 1 1 2 2 2\n1 2 2 2 3 3\n1 4 4 5 5 3\n6 6 4 4 5 3\n6 5 5 5 5 3\n6 3 3 3 3 3\n",
    ),
    ("hitori", "hitori/4/4/1114142333214213", "4 4\n1 1 1 4\n1 4 2 3\n3 3 2 1\n4 2 1 3\n"),
    (
        "tents",
        "tents/5/5/2g0h1i1j82323",
        "5 5\n2 - 0 - -\n1 - - - 1\n- - x - -\n- - - - -\n- x - - x\n- - - x -\n- x - - -\n",
    ),
    (
        "norinori",
        "norinori/5/5/cag4ocjo",
        "5 5\n1 1 2 3 3\n2 2 2 3 3\n2 4 4 3 3\n4 4 4 4 4\n5 5 4 4 4\n",
    ),
    ("lits", "lits/4/4/9q02jg", "4 4\n1 1 2 2\n1 1 2 3\n1 2 2 3\n3 3 3 3\n"),
    (
        "fillomino",
        "fillomino/6/6/h4j53g2k5233k2g14j3h",
        "6 6\n- - 4 - - -\n- 5 3 - 2 -\n- - - - 5 2\n3 3 - - - -\n- 2 - 1 4 -\n- - - 3 - -\n",
    ),
    (
        "shikaku",
        "shikaku/6/6/j3g56h6t6h23g5j",
        "6 6\n- - - - 3 -\n5 6 - - 6 -\n- - - - - -\n- - - - - -\n- 6 - - 2 3\n- 5 - - - -\n",
    ),
    (
        "slitherlink",
        "slither/5/5/cbcbcddad",
        "5 5\n2 - - 1 -\n- 2 - - 1\n- - 2 - -\n3 - - 3 -\n- 0 - - 3\n",
    ),
    (
        "masyu",
        "mashu/6/6/1063000i3000",
        "6 6\n- - w - - -\n- b - - w -\n- - - - - -\n- - - b - -\n- w - - - -\n- - - - - -\n",
    ),
    (
        "kakuro",
        "kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3",
        "6 6\n- - 12, 4, - -\n- 4,8 0 0 10, -\n,10 0 0 0 0 10,\n,3 0 0 17,3 0 0\n"
        "- ,21 0 0 0 0\n- - ,12 0 0 -\n",
    ),
    (
        "skyscrapers",
        "skyscrapers/4/4/k13h4j3g",
        "4 4 4\n- - - -\n- 1 3 -\n- 4 - -\n- - 3 -\n",
    ),
    (
        "nonogram",
        "nonogram/6/6/12g1111h11112j12g11g21j11g3h",
        "6 6\n2 1\n1 1 1\n1\n1 1 1\n2 1\n0\n2 1\n1 1\n1 2\n0\n1 1\n3\n",
    ),
]


def tokens(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize(("genre", "link", "janko"), KNOWN, ids=[k[0] for k in KNOWN])
def test_a_link_pzprjs_made_reads_as_its_file_and_is_written_back(genres, genre, link, janko):
    url = "https://puzz.link/p?" + link
    kind, text = urls.decode_url(url, kinds_of(genres))
    assert kind == genre
    assert tokens(text) == tokens(janko)
    puzzle = urls.read_url(url, kinds_of(genres))
    # written back with the genre id the kind names first (pzprjs writes Akari's as
    # "akari" too), the rest as pzprjs wrote it
    written = "https://puzz.link/p?" + puzzle.declaration.url.names[0] + link[link.index("/") :]
    assert urls.encode_url(puzzle) == written
    # and the janko text, read as a file of the kind, is the same puzzle
    from_file = puzzle.definition().parse(janko, f"x.{genre}")
    assert from_file == puzzle
    assert urls.encode_url(from_file) == written


def test_a_sudoku_link_solves_to_pzprjs_s_published_solution() -> None:
    url = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
    puzzle = api.load(url)
    result = api.solve(puzzle)
    assert result.count == 1 and result.complete
    # pzprjs's test/script/sudoku.js: the file its checker accepts
    assert puzzle.grid(result.solutions[0]) == tokens("2 1 4 3\n4 3 1 2\n3 4 2 1\n1 2 3 4")
    assert puzzle.to_url() == url


@pytest.mark.parametrize(
    "instance", [i for i in SUDOKU.instances()], ids=lambda i: Path(i.path).name
)
def test_every_bundled_sudoku_goes_to_a_link_and_back(instance) -> None:
    puzzle = SUDOKU.load(instance.path)
    url = puzzle.to_url()
    again = urls.read_url(url)
    assert again == puzzle
    assert again.to_url() == url
    assert re.fullmatch(r"https://puzz\.link/p\?sudoku/(\d+)/\1/[0-9a-z.+=%*$-]*/?", url)


def test_a_sudoku_whose_boxes_pzprjs_draws_otherwise_is_refused_both_ways(tmp_path) -> None:
    with pytest.raises(PuzzleError, match=r"sudoku/8/8/:1:28: columns 8: a sudoku link is read"):
        urls.read_url("https://puzz.link/p?sudoku/8/8/")
    eight = SUDOKU.parse("8 8\n" + "- - - - - - - -\n" * 8, "x.sudoku")
    with pytest.raises(UsageError, match="a sudoku link has 1, 4, 6, 9, 16"):
        eight.to_url()


def test_the_link_a_decoded_puzzle_came_from_is_its_source() -> None:
    puzzle = urls.read_url("https://puzz.link/p?sudoku/4/4/g1k23k3g")
    assert puzzle.source == "https://puzz.link/p?sudoku/4/4/g1k23k3g"


# -- the codecs, both ways ------------------------------------------------------------------

SIZES = st.tuples(st.integers(1, 7), st.integers(1, 7))


#: values a codec holds, per codec (the outside clues: numbers up to 255)
VALUES = {
    "number16": st.one_of(
        st.sampled_from([EMPTY, UNKNOWN]),
        st.integers(0, 300).map(str),
        st.integers(0, codecs.Number16.LARGEST).map(str),
    ),
    "4cell": st.sampled_from([EMPTY, EMPTY, UNKNOWN, "0", "1", "2", "3", "4"]),
    "1cell": st.sampled_from([EMPTY, EMPTY, "1"]),
    "circle": st.sampled_from([EMPTY, "1", "2"]),
    "hitori": st.one_of(st.sampled_from([EMPTY, UNKNOWN]), st.integers(0, 1295).map(str)),
    "absent": st.just(EMPTY),  # a block the link does not hold is blank
}
OUTSIDE = st.one_of(st.sampled_from([EMPTY, UNKNOWN]), st.integers(0, 255).map(str))


@st.composite
def parts(draw, codec: str):
    """Random values for every part of ``codec`` on a random board."""
    rows, cols = draw(SIZES)
    found: dict[str, list[list[str]]] = {}
    spec = codecs.CODECS[codec]
    if codec == "border":
        ids = draw(st.integers(1, 4))
        found["cells"] = [
            [str(draw(st.integers(1, ids))) for _ in range(cols)] for _ in range(rows)
        ]
        return rows, cols, found
    if codec == "kakuro":
        return rows, cols, {"cells": draw(kakuro_grid(rows, cols))}
    for part in spec.parts:
        shape = spec.shape(part, rows, cols)
        if shape.kind == "lists":
            found[part] = []
            for _ in range(shape.count):
                runs = draw(st.lists(st.integers(1, 9).map(str), max_size=shape.length))
                found[part].append(runs or [EMPTY])
        else:
            size = shape.count * shape.length
            flat = draw(st.lists(VALUES.get(codec, OUTSIDE), min_size=size, max_size=size))
            found[part] = [flat[i : i + shape.length] for i in range(0, size, shape.length)]
    return rows, cols, found


@st.composite
def kakuro_grid(draw, rows: int, cols: int) -> list[list[str]]:
    def black(down: int, across: int) -> str:
        return f"{down or ''},{across or ''}" if down or across else "-"

    sums = st.integers(0, 45)
    cell = st.one_of(st.just("0"), st.builds(black, sums, sums))
    flat = draw(st.lists(cell, min_size=rows * cols, max_size=rows * cols))
    inside = [flat[r * cols : (r + 1) * cols] for r in range(rows)]
    outside = draw(st.lists(sums, min_size=rows + cols, max_size=rows + cols))
    top = ["-"] + [black(outside[c], 0) if inside[0][c] == "0" else "-" for c in range(cols)]
    return [top] + [
        [black(0, outside[cols + r]) if inside[r][0] == "0" else "-", *inside[r]]
        for r in range(rows)
    ]


def regions(grid: list[list[str]]) -> list[list[str]]:
    """A region map's connected regions numbered 1, 2, ... in reading order (a search
    of its own, to compare the border codec's walls with)."""
    rows, cols = len(grid), len(grid[0])
    number = [[0] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if number[r][c]:
                continue
            count += 1
            number[r][c] = count
            todo = [(r, c)]
            while todo:
                a, b = todo.pop()
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    inside = 0 <= x < rows and 0 <= y < cols
                    if inside and not number[x][y] and grid[x][y] == grid[a][b]:
                        number[x][y] = count
                        todo.append((x, y))
    return [[str(n) for n in row] for row in number]


def decode(codec: str, body: str, rows: int, cols: int) -> dict[str, list[list[str]]]:
    cursor = Cursor(body, 0, len(body))
    found = codecs.CODECS[codec].decode(cursor, rows, cols)
    assert cursor.done()
    return {part: [[value for value, _ in line] for line in lines] for part, lines in found.items()}


@pytest.mark.parametrize("codec", sorted(codecs.CODECS))
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_codec_reads_back_what_it_writes(codec, data) -> None:
    """Each codec reads back what it writes; a cut or changed link is refused where it
    breaks (the ``absent`` codec writes nothing and refuses a value: below)."""
    rows, cols, values = data.draw(parts(codec))
    body = codecs.CODECS[codec].encode(values, rows, cols)
    expected = {"cells": regions(values["cells"])} if codec == "border" else values
    assert decode(codec, body, rows, cols) == expected
    # a proper prefix is refused: a part always covers the whole board
    if not body:
        return
    cuts = data.draw(st.lists(st.integers(0, len(body) - 1), max_size=8))
    for end in {0, len(body) - 1, *cuts}:
        with pytest.raises(LinkError):
            decode(codec, body[:end], rows, cols)
    # a character no codec writes is refused where it stands
    at = data.draw(st.integers(0, len(body) - 1))
    with pytest.raises(LinkError) as error:
        decode(codec, body[:at] + "!" + body[at + 1 :], rows, cols)
    assert error.value.at == at


@pytest.mark.parametrize(
    ("codec", "body", "rows", "cols", "message", "at"),
    [
        ("number16", "z", 4, 4, "'z' skips 20 cells, past the end of the board (16 left)", 0),
        ("number16", "-1", 1, 1, "the link ends before the number after '-'", 2),
        ("number16", "-1G", 1, 1, "'G' in the number after '-': expected 2 characters of 0-9", 2),
        ("4cell", "5", 1, 1, "", None),  # a number and the empty cells past the end: fine
        ("4cell", "i", 2, 1, "'i' skips 3 cells, past the end", 0),
        ("1cell", "1", 1, 1, "'1' leaves 1 empty cells after a mark, past the end", 0),
        ("border", "w", 1, 2, "unexpected 'w': expected 0-9 or a-v", 0),
        ("border", "1", 1, 2, "'1' sets walls past the last of the walls between columns", 0),
        ("circle", "1", 1, 2, "'1' puts a circle past the end of the board", 0),
        ("kakuro", "k", 1, 1, "the link ends before the sum above column 1", 1),
        ("kakuro", "4", 1, 1, "the link ends before the across sum after the down sum", 1),
        ("number16_runs", "g", 2, 2, "the link ends before the last 3 of 4 outside clues", 1),
    ],
)
def test_a_malformed_part_is_refused_at_its_character(codec, body, rows, cols, message, at):
    cursor = Cursor(body, 0, len(body))
    if at is None:
        codecs.CODECS[codec].decode(cursor, rows, cols)
        assert cursor.done()
        return
    with pytest.raises(LinkError) as error:
        codecs.CODECS[codec].decode(cursor, rows, cols)
    assert error.value.message.startswith(message)
    assert error.value.at == at


def test_numbers_beyond_what_the_link_holds_are_not_written(genres) -> None:
    with pytest.raises(codecs.CannotEncode, match="the link holds 0-4 here"):
        codecs.CODECS["4cell"].encode({"cells": [["5"]]}, 1, 1)
    with pytest.raises(codecs.CannotEncode, match="at most 255 outside"):
        codecs.CODECS["number16_topleft"].encode({"top": [["256"]], "left": [[""]]}, 1, 1)
    with pytest.raises(codecs.CannotEncode, match="the link holds sums 1-45"):
        codecs.CODECS["kakuro"].encode({"cells": [["-", "46,"], ["-", "0"]]}, 1, 1)
    akari = genres["akari"]
    puzzle = akari.parse("1 2\n5 -\n", "x.akari")
    with pytest.raises(UsageError, match=r"x\.akari: cannot be written as a puzz\.link link: "):
        puzzle.to_url()


def test_akari_s_plain_black_cell_is_the_link_s_unnumbered_one(genres) -> None:
    """Made by hand from decode4Cell: '.' a black cell without a number, 'g' one empty
    cell, '2' a 2; pzprjs itself writes the 2 as 'c' (a 2 and the two cells after it,
    which do not exist), and so does lpsolve."""
    _, text = urls.decode_url("https://puzz.link/p?akari/3/1/.g2", kinds_of(genres))
    assert tokens(text) == [["1", "3"], ["x", "-", "2"]]
    puzzle = urls.read_url("https://puzz.link/p?akari/3/1/.g2", kinds_of(genres))
    assert puzzle.to_url() == "https://puzz.link/p?akari/3/1/.gc"
    assert urls.read_url("https://puzz.link/p?akari/3/1/.gc", kinds_of(genres)) == puzzle


def test_skyscrapers_givens_are_written_only_when_there_are_some(genres) -> None:
    kind = genres["skyscrapers"]
    given = kind.parse("2 2 2\n- -\n- -\n- -\n- -\n2 -\n- -\n", "x.skyscrapers")
    # eight empty outside clues ('n'), then the givens: a 2 and three empty cells
    assert given.to_url() == "https://puzz.link/p?skyscrapers/2/2/n2i"
    assert urls.read_url(given.to_url(), kinds_of(genres)) == given
    bare = kind.parse("2 2 2\n- -\n- -\n- -\n- -\n", "x.skyscrapers")
    assert bare.to_url() == "https://puzz.link/p?skyscrapers/2/2/n"
    with pytest.raises(UsageError, match="MAX is 1; a link means COLS"):
        kind.parse("2 2 1\n- -\n- -\n- -\n- -\n", "x.skyscrapers").to_url()


def test_an_optional_block_a_link_leaves_out_is_blank_where_the_file_needs_it(tmp_path):
    """Two optional blocks, the file's first one last in the link: a link that stops
    before it reads as a file with that block blank (a file may leave out only its
    last blocks)."""
    toml = (
        'format = 1\ntitle = "two"\nrules = "test"\n[input.header]\n'
        + grid("first", f'{{ match = "-" }}, {NUMBER}')
        + "optional = true\n"
        + grid("second", f'{{ match = "-" }}, {NUMBER}')
        + "optional = true\n"
        + OUTPUT
        + '[input.url]\nnames = ["two"]\n'
        + 'blocks = { second = { codec = "4cell" }, first = { codec = "number16" } }\n'
    )
    kind = load_kind(write_genre(tmp_path, "two", toml))
    _, text = urls.decode_url("https://puzz.link/p?two/2/1/1g", [kind])
    assert text == "1 2\n- -\n1 -\n"
    assert kind.parse(text, "x.two").to_url() == "https://puzz.link/p?two/2/1/b"
    _, text = urls.decode_url("https://puzz.link/p?two/2/1/6", [kind])
    assert text == "1 2\n- -\n1 -\n"


# -- malformed links: one line at the character -----------------------------------------

BAD_LINKS = [
    ("https://puzz.link/p?sudoku/4/4/g1k23k3", 39, "the link ends before the last 1 of 16 cells"),
    ("https://puzz.link/p?sudoku/4/4/g1k23k3gg", 40, "unexpected 'g' after the puzzle"),
    ("https://puzz.link/p?sudoku/4/4/g5k23k3g", 33, "number 5 is larger than 4"),
    ("https://puzz.link/p?sudoku/4/4/.1k23k3g", 32, "a clue without a number (pzprjs's '?')"),
    ("https://puzz.link/p?sudoku/4/4/g1k2!k3g", 36, "unexpected '!': expected 0-9, a-f"),
    ("https://puzz.link/p?sudoku/4/4/g1k2 3k3g", 36, "' ': a link is printable ASCII"),
    ("https://puzz.link/p?sudoku/4/4/g1k2\u00e93k3g", 36, "'\u00e9': a link is printable ASCII"),
    ("https://puzz.link/p?sudoku/4/4/g1k23k3g/x", 40, "unexpected '/' in the link's body"),
    ("https://puzz.link/p?sudoku/4/5/", 30, "the board must be square, not 4 x 5"),
    ("https://puzz.link/p?sudoku/65/65/", 28, "columns 65: kind sudoku takes 1..64"),
    ("https://puzz.link/p?sudoku/0/4/", 28, "columns 0 is smaller than 1"),
    ("https://puzz.link/p?sudoku/4/x/g", 30, "rows 'x': expected a whole number"),
    ("https://puzz.link/p?sudoku/4", 29, "the link ends before its number of rows"),
    ("https://puzz.link/p?sudoku/v/4/4/g", 28, "flags 'v': lpsolve reads links without flags"),
    ("https://puzz.link/p?Sudoku/4/4/g", 21, "genre 'Sudoku': expected pzprjs's id"),
    ("https://puzz.link/p?yajilin/4/4/g", 21, "unknown puzz.link genre 'yajilin'; lpsolve reads"),
    ("https://example.com/p?sudoku/4/4/g", 1, "not a puzz.link link"),
    ("https://puzz.link/sudoku/4/4/g", 1, "not a puzz.link link"),
    ("https://puzz.link/p?starbattle/6/6", 35, "the link ends before STARS"),
    ("https://puzz.link/p?starbattle/6/6/x/", 36, "STARS 'x': expected a number"),
    ("https://puzz.link/p?starbattle/6/6/9/4ilbhgdnmhou", 36, "STARS 9 is larger than 8"),
    ("https://puzz.link/p?hitori/2/1/1.", 33, "an empty cell: kind hitori has no empty cells"),
    ("https://puzz.link/p?kakuro/1/1/kZ", 34, "the link ends before the sum left of row 1"),
    ("https://puzz.link/p?kakuro/1/1/kZZa", 35, "unexpected 'a' after the puzzle"),
]


@pytest.mark.parametrize(("link", "col", "message"), BAD_LINKS)
def test_a_malformed_link_is_refused_at_its_character(genres, link, col, message) -> None:
    with pytest.raises(PuzzleError) as error:
        urls.read_url(link, kinds_of(genres))
    text = str(error.value)
    assert "\n" not in text
    assert text.startswith(f"{urls.link_source(link)}:1:{col}: {message}"), text


def test_a_link_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    link = "https://puzz.link/p?sudoku/4/4/" + "g" * urls.MAX_LINK_CHARS
    with pytest.raises(PuzzleError, match=f"1:{urls.MAX_LINK_CHARS + 1}: a link has at most"):
        urls.read_url(link)
    assert len(str(urls.parse_link("https://puzz.link/p?sudoku/4/4/" + "g" * 400).source)) < 400


def test_a_link_of_another_kind_is_refused_by_name(genres) -> None:
    with pytest.raises(PuzzleError, match="a sudoku link, not akari"):
        genres["akari"].from_url("https://puzz.link/p?sudoku/4/4/g1k23k3g")
    with pytest.raises(UsageError, match="a sudoku link is read as sudoku, not takuzu"):
        api.load("https://puzz.link/p?sudoku/4/4/g1k23k3g", "takuzu")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(KNOWN))
def test_a_mutated_link_is_read_or_refused_in_one_line(genres, rng, known) -> None:
    _, link, _ = known
    mutated = fuzz.mutate("https://puzz.link/p?" + link, rng)
    try:
        urls.read_url(mutated, kinds_of(genres))
    except LpsolveError as error:
        text = str(error)
        assert "\n" not in text
        if isinstance(error, PuzzleError):
            assert error.line == 1 and error.col is not None


# -- [input.url] in a declaration ----------------------------------------------------------

BAD_URL_DECLARATIONS = [
    ('codec = "4cell"', 'codec = "5cell"', "codec '5cell': expected one of number16, 4cell"),
    ('"." = "x"', '"?" = "x"', "values maps what the link holds"),
    ('names = ["akari", "lightup"]', "names = []", "names lists at least one id"),
    ('names = ["akari", "lightup"]', 'names = ["Akari"]', "expected a puzz.link puzzle id"),
    ("blocks = { board", "blocks = { boards", "no block is named 'boards'"),
    ("blocks = { board", "sizes = [0]\nblocks = { board", "a size is a whole number 1..4096"),
    ('names = ["akari", "lightup"]', 'names = ["akari"]\nparams = ["STARS"]', "a parameter"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD_URL_DECLARATIONS)
def test_a_bad_input_url_is_refused_at_its_place(tmp_path, old, new, message) -> None:
    toml = kind_toml("akari")
    assert old in toml
    folder = write_genre(tmp_path, "akari", toml.replace(old, new, 1))
    with pytest.raises(PuzzleError) as error:
        load_kind(folder)
    text = str(error.value)
    assert re.match(rf"{re.escape(str(folder))}/kind\.toml:\d+:\d+: ", text), text
    assert message in text


@pytest.mark.parametrize(
    ("genre", "old", "new", "message"),
    [
        (
            "tents",
            'rows = { codec = "number16_topleft", part = "left" }, ',
            "",
            "no codec for block rows",
        ),
        (
            "skyscrapers",
            'right = { codec = "number16_outside", part = "right" }',
            'right = { codec = "number16_topleft", part = "left" }',
            "no block takes",
        ),
        (
            "skyscrapers",
            'bottom = { codec = "number16_outside", part = "bottom" }',
            'bottom = { codec = "number16_outside", part = "top" }',
            "block top already takes part top of number16_outside",
        ),
        ("tents", 'part = "left"', 'part = "right"', "the part of number16_topleft it takes"),
        ("tents", 'board = { codec = "1cell"', 'board = { codec = "border"', ""),
        (
            "tents",
            'rows = { codec = "number16_topleft", part = "left" }',
            'rows = { codec = "number16" }',
            "number16 (cells) fills a grid of ROWS x COLS; block rows is not",
        ),
        ("skyscrapers", 'fixed = { MAX = "COLS" }\n', "", "says where MAX comes from"),
        ("skyscrapers", 'fixed = { MAX = "COLS" }', 'fixed = { MAX = "ROW" }', "fixed: MAX is"),
    ],
)
def test_an_input_url_that_does_not_fit_its_blocks_is_refused(tmp_path, genre, old, new, message):
    toml = kind_toml(genre)
    assert old in toml
    folder = write_genre(tmp_path, genre, toml.replace(old, new, 1))
    if not message:  # fits: a region map is a grid (the trees' token rules read it)
        load_kind(folder)
        return
    with pytest.raises(PuzzleError) as error:
        load_kind(folder)
    assert message in str(error.value)


# -- the command line --------------------------------------------------------------------------


def lpsolve(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lpsolve", *arguments], capture_output=True, text=True, timeout=120
    )


def test_lpsolve_solves_a_link_and_writes_one() -> None:
    url = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
    solved = lpsolve("solve", url)
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.startswith("2 1 4 3\n4 3 1 2\n3 4 2 1\n1 2 3 4\n")
    assert "unique" in solved.stdout
    written = lpsolve("solve", "http://pzv.jp/p.html?sudoku//4/4/g1k23k3g/", "--format", "puzzlink")
    assert (written.returncode, written.stdout) == (0, url + "\n")


def test_lpsolve_refuses_a_bad_link_in_one_line_exit_2() -> None:
    bad = lpsolve("solve", "https://puzz.link/p?sudoku/4/4/g1k23k3")
    assert bad.returncode == 2
    assert bad.stderr == (
        "error: https://puzz.link/p?sudoku/4/4/g1k23k3:1:39: the link ends before the last 1 "
        "of 16 cells\n"
    )
    other = lpsolve("solve", "takuzu/seed-8x8", "--format", "puzzlink")
    assert other.returncode == 2
    assert other.stderr == "error: --format puzzlink: kind takuzu has no puzz.link form\n"


def test_a_file_named_like_a_link_is_a_file(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert is_link("puzz.link/p?sudoku/4/4/g")
    (tmp_path / "puzz.link").mkdir()
    (tmp_path / "puzz.link" / "p?sudoku").write_text("1 1\n-\n")
    assert not is_link("puzz.link/p?sudoku")
    assert not is_link(Path("puzzle.sudoku"))
    # the quick test the file reading makes agrees with the links module's
    for start in LINK_STARTS:
        assert urls.looks_like_link(start + "x")
    assert {f"{host}/" for host in urls.HOSTS} <= set(LINK_STARTS)
    assert not urls.looks_like_link("instances/x")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(GENRES)))
def test_a_mutated_input_url_loads_or_is_refused_at_its_place(tmp_path_factory, rng, genre):
    toml = kind_toml(genre)
    start = toml.index("[input.url]")
    mutated = toml[:start] + fuzz.mutate(toml[start:], rng)
    folder = write_genre(tmp_path_factory.mktemp("mutated"), genre, mutated)
    try:
        load_kind(folder)
    except PuzzleError as error:
        assert "\n" not in str(error)
        assert error.source.endswith("kind.toml") and error.line is not None


def test_a_bundled_file_goes_to_a_link_that_solves_to_its_published_solution() -> None:
    written = lpsolve("solve", "sudoku/wikipedia", "--format", "puzzlink")
    assert written.returncode == 0, written.stderr
    link = written.stdout.strip()
    assert link.startswith("https://puzz.link/p?sudoku/9/9/")
    solved = lpsolve("solve", link, "--format", "janko")
    published = ROOT / "lpsolve" / "kinds" / "sudoku" / "instances" / "wikipedia.sudoku.solution"
    assert tokens(solved.stdout) == tokens(published.read_text())


def test_a_kind_folder_named_by_kinds_reads_its_links(tmp_path) -> None:
    """A kind of the user's (here Akari's test declaration under a genre id of its own,
    so that no bundled kind reads it) reads links once --kinds names its folder."""
    toml = kind_toml("akari").replace('["akari", "lightup"]', '["test-akari"]')
    write_genre(tmp_path, "test-akari", toml)
    link = "https://puzz.link/p?test-akari/3/1/.g2"
    facts = lpsolve("facts", link, "--kinds", str(tmp_path))
    assert facts.returncode == 0, facts.stderr
    assert "black(0,0)." in facts.stdout and "n(0,2,2)." in facts.stdout
    unknown = lpsolve("facts", link)
    assert unknown.returncode == 2
    assert unknown.stderr.startswith(f"error: {link}:1:21: unknown puzz.link genre 'test-akari'")


def test_a_block_the_link_does_not_hold_must_be_blank() -> None:
    """Janko's Norinori prints a grid of cells given shaded; puzz.link's has none: a
    blank one reads from nothing, one with a shaded cell has no link."""
    assert codecs.CODECS["absent"].encode({"cells": [[EMPTY, EMPTY]]}, 1, 2) == ""
    with pytest.raises(codecs.CannotEncode, match="cannot hold"):
        codecs.CODECS["absent"].encode({"cells": [[EMPTY, "x"]]}, 1, 2)
