"""Checkerboard tiling: every bundled stone set against a brute-force exact cover written
here, the seed 8x8 against the published solution and an independent checker, the
three counting modes, csp against clingo, output formats and bad input."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

import lpsolve
from lpsolve.backends import asp
from lpsolve.kinds.tiling import TilingPuzzle, TilingSolution

from .conftest import INSTANCES

FOLDER = INSTANCES / "tiling"
SEED = FOLDER / "seed-8x8.tiling"
SMALL = sorted(FOLDER.glob("geekoverdose-*.tiling"))

Cell = tuple[int, int]
# A solution as the tests see it: stone number -> frozenset of cells.
Tiling = tuple[frozenset[Cell], ...]


# -- an independent model of the puzzle (shares no code with lpsolve) ------------------


def read_set(path: Path) -> tuple[dict[Cell, str], list[list[str]]]:
    """(board colour by cell, stones as rows of symbols) from a bundled ``board: WxH`` file."""
    text = [ln.strip() for ln in path.read_text().splitlines()]
    text = [ln for ln in text if ln and not ln.startswith("#")]
    width, height = map(int, re.fullmatch(r"board: (\d+)x(\d+)", text[0]).groups())
    board = {(x, y): "BW"[(x + y) % 2] for x in range(width) for y in range(height)}
    stones, rows = [], []
    for line in text[1:]:
        if set(line) == {"="}:
            stones.append(rows)
            rows = []
        else:
            rows.append(line.split(","))
    if rows:
        stones.append(rows)
    return board, stones


def turns(rows: list[list[str]]) -> set[frozenset[tuple[int, int, str]]]:
    """Every rotation and mirror image of a stone grid, as sets of (x, y, symbol)."""
    found = set()
    grid = rows
    for _ in range(4):
        grid = [list(r) for r in zip(*grid[::-1], strict=True)]  # a quarter turn
        for g in (grid, [r[::-1] for r in grid]):
            found.add(
                frozenset((x, y, s) for y, r in enumerate(g) for x, s in enumerate(r) if s != "_")
            )
    return found


def brute_force(path: Path) -> set[Tiling]:
    """Every exact cover, by filling the first empty cell in reading order."""
    board, stones = read_set(path)
    cells = sorted(board, key=lambda c: (c[1], c[0]))
    shapes = [turns(rows) for rows in stones]
    found: set[Tiling] = set()
    owner: dict[Cell, int] = {}
    placed: list[frozenset[Cell] | None] = [None] * len(stones)

    def fill() -> None:
        empty = next((c for c in cells if c not in owner), None)
        if empty is None:
            found.add(tuple(placed))  # type: ignore[arg-type]
            return
        for s in range(len(stones)):
            if placed[s] is not None:
                continue
            for shape in shapes[s]:
                # anchor the shape's first cell (reading order) on the empty cell
                ax, ay, _ = min(shape, key=lambda c: (c[1], c[0]))
                put = {(x - ax + empty[0], y - ay + empty[1]): sym for x, y, sym in shape}
                if all(board.get(c) == sym and c not in owner for c, sym in put.items()):
                    placed[s] = frozenset(put)
                    owner.update(dict.fromkeys(put, s))
                    fill()
                    for c in put:
                        del owner[c]
                    placed[s] = None

    fill()
    return found


def identical_groups(path: Path) -> list[list[int]]:
    _, stones = read_set(path)
    keys = [min(tuple(sorted(t)) for t in turns(rows)) for rows in stones]
    return [[i for i, k in enumerate(keys) if k == key] for key in dict.fromkeys(keys)]


def board_maps(path: Path) -> list[dict[Cell, Cell]]:
    """Rotations and reflections of the square board that keep every cell's colour."""
    board, _ = read_set(path)
    n = max(x for x, _ in board)
    maps = []
    for flip, quarter in itertools.product((False, True), range(4)):
        mapping = {}
        for x, y in board:
            a, b = (n - x, y) if flip else (x, y)
            for _ in range(quarter):
                a, b = n - b, a
            mapping[(x, y)] = (a, b)
        if all(board[c] == board[m] for c, m in mapping.items()):
            maps.append(mapping)
    return maps


def merged(tiling: Tiling, groups: list[list[int]]) -> frozenset:
    """A tiling with identical stones no longer told apart."""
    return frozenset((gi, tiling[s]) for gi, g in enumerate(groups) for s in g)


def symmetric_class(tiling: Tiling, groups: list[list[int]], maps) -> frozenset:
    return frozenset(
        merged(tuple(frozenset(m[c] for c in cells) for cells in tiling), groups) for m in maps
    )


def as_tiling(solution: TilingSolution) -> Tiling:
    return tuple(frozenset(cells) for cells in solution.stones)


def is_tiling(path: Path, tiling: Tiling) -> bool:
    """Independent checker: a disjoint exact cover, each stone a turn of itself."""
    board, stones = read_set(path)
    if sorted(c for cells in tiling for c in cells) != sorted(board):
        return False
    for rows, cells in zip(stones, tiling, strict=True):
        x0 = min(x for x, _ in cells)
        y0 = min(y for _, y in cells)
        laid = frozenset((x - x0, y - y0, board[(x, y)]) for x, y in cells)
        if laid not in turns(rows):
            return False
    return True


# -- every bundled small set against the brute force -------------------------------------

COUNTS = {  # (all, merge-identical, up-to-symmetry) from the brute force, checked below
    "geekoverdose-3x3_1.tiling": (8, 8, 1),
    "geekoverdose-3x3_2.tiling": (16, 8, 1),
    "geekoverdose-3x3_3.tiling": (48, 8, 1),
    "geekoverdose-4x4_1.tiling": (24, 24, 6),
    "geekoverdose-4x4_2.tiling": (52, 52, 13),
    "geekoverdose-5x5_1.tiling": (128, 32, 4),
}


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
def test_every_solution_matches_the_brute_force(path: Path) -> None:
    expected = brute_force(path)
    result = lpsolve.solve(lpsolve.load(path), limit=None)
    found = [as_tiling(s) for s in result.solutions]
    assert result.complete and len(found) == len(set(found)) == result.count
    assert set(found) == expected
    assert all(is_tiling(path, t) for t in found)
    groups, maps = identical_groups(path), board_maps(path)
    counts = (
        len(expected),
        len({merged(t, groups) for t in expected}),
        len({symmetric_class(t, groups, maps) for t in expected}),
    )
    assert counts == COUNTS[path.name]


@pytest.mark.parametrize("path", SMALL[:5], ids=lambda p: p.name)
def test_the_plain_lesson_encoding_finds_the_same_solutions(path: Path) -> None:
    """encodings/tiling-lesson.lp (what `lpsolve grade` compares with) states the rules
    without symmetry breaking: its answers decode to the brute force's tilings."""
    puzzle = lpsolve.load(path)
    session = asp.make_control(puzzle, ["--models=0"], encoding="tiling-lesson.lp")
    session.ground()
    found: list = []
    session.search(on_model=lambda m: found.append(as_tiling(puzzle.decode(m.symbols(shown=True)))))
    assert len(found) == len(set(found)) and set(found) == brute_force(path)


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
@pytest.mark.parametrize("mode", ["merge-identical", "up-to-symmetry"])
def test_classes_have_one_representative_each(path: Path, mode: str) -> None:
    expected = brute_force(path)
    groups, maps = identical_groups(path), board_maps(path)
    key = (
        (lambda t: merged(t, groups))
        if mode == "merge-identical"
        else (lambda t: symmetric_class(t, groups, maps))
    )
    puzzle = lpsolve.load(path).classes([mode])
    result = lpsolve.solve(puzzle, limit=None)
    found = [as_tiling(s) for s in result.solutions]
    assert result.complete and all(t in expected for t in found)
    assert {key(t) for t in found} == {key(t) for t in expected}  # every class ...
    assert len({key(t) for t in found}) == len(found) == lpsolve.count(puzzle).count  # once


def test_the_seed_8x8_all_208_solutions() -> None:
    """The seed: every solution distinct and valid, the set closed under swapping the two
    identical stones and the board's colour-keeping symmetries, the published one among
    them; 104 and 26 classes, as the class counts report."""
    result = lpsolve.solve(lpsolve.load(SEED), limit=None)
    found = {as_tiling(s) for s in result.solutions}
    assert result.complete and result.count == len(found) == 208
    assert all(is_tiling(SEED, t) for t in found)
    groups, maps = identical_groups(SEED), board_maps(SEED)
    assert [g for g in groups if len(g) > 1] == [[0, 11]] and len(maps) == 4
    for t in found:
        assert (t[11], *t[1:11], t[0]) in found
        for m in maps:
            assert tuple(frozenset(m[c] for c in cells) for cells in t) in found
    # Its stone numbers follow the author's solver, not the file: compare the pieces.
    assert frozenset(published(SEED)) in {frozenset(t) for t in found}
    assert len({merged(t, groups) for t in found}) == 104
    assert len({symmetric_class(t, groups, maps) for t in found}) == 26


@pytest.mark.parametrize(("option", "expected"), [("merge-identical", 104), ("up-to-symmetry", 26)])
def test_the_seed_8x8_class_counts(option: str, expected: int) -> None:
    result = lpsolve.count(lpsolve.load(SEED).classes([option]))
    assert result.complete and result.count == expected


def published(path: Path) -> Tiling:
    """The solution in the instance's '# solution:' comment, as its pieces."""
    lines = path.read_text().splitlines()
    start = lines.index("# solution:") + 1
    stones: dict[int, set[Cell]] = {}
    for y, line in enumerate(lines[start : start + 8]):
        for x, label in enumerate(line[1:].split()):
            stones.setdefault(int(label[:-1]), set()).add((x, y))
    return tuple(frozenset(stones[s]) for s in sorted(stones))


# -- backends, library, command line ----------------------------------------------------


@pytest.mark.parametrize("path", SMALL[:5], ids=lambda p: p.name)
def test_csp_backend_finds_the_same_solutions(path: Path) -> None:
    puzzle = lpsolve.load(path)
    checked = lpsolve.cross_check(puzzle)
    assert checked.agree and checked.complete
    assert checked.results["csp"].count == COUNTS[path.name][0]


def test_csp_backend_does_not_count_classes(run) -> None:
    path = SMALL[0]
    status, _, err = run("solve", path, "--merge-identical", "--backend", "csp")
    assert status == 2 and "needs the clingo backend" in err


def test_class_options_are_for_tiling_only(run) -> None:
    status, out, err = run("solve", INSTANCES / "magic" / "seed-5x5.magic", "--up-to-symmetry")
    assert status == 2 and out == ""
    assert err == "error: --up-to-symmetry: kind magic has no solution classes\n"


@pytest.mark.parametrize(
    ("flags", "count"),
    [((), 128), (("--merge-identical",), 32), (("--up-to-symmetry",), 4)],
)
def test_count_options_on_the_command_line(run, flags: tuple[str, ...], count: int) -> None:
    status, out, _ = run("solve", FOLDER / "geekoverdose-5x5_1.tiling", "--count", *flags)
    assert status == 0 and out.startswith(f"{count} solutions, search complete")


def test_json_lists_placements(run) -> None:
    path = FOLDER / "geekoverdose-3x3_1.tiling"
    status, out, _ = run("solve", path, "--all", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["kind"] == "tiling" and data["count"] == 8
    found = set()
    for solution in data["solutions"]:
        assert [p["stone"] for p in solution] == [1, 2, 3]
        found.add(tuple(frozenset(map(tuple, p["cells"])) for p in solution))
    assert found == brute_force(path)


def test_text_shows_stone_and_colour_per_cell_and_a_picture(run) -> None:
    path = FOLDER / "geekoverdose-3x3_1.tiling"
    puzzle = lpsolve.load(path)
    solution = lpsolve.solve(puzzle, limit=1).solutions[0]
    labels, picture = puzzle.render(solution).split("\n\n")
    board, _ = read_set(path)
    for y, line in enumerate(labels.splitlines()):
        for x, label in enumerate(line.split()):
            stone = int(label[:-1])
            assert (x, y) in solution.stones[stone - 1] and label[-1] == board[(x, y)]
    rows = picture.splitlines()
    assert len(rows) == 2 * 3 + 1 and rows[0].startswith("┌") and rows[-1].startswith("└")
    # a cell row: wall, then per cell its shade and the wall (or none) on its right
    for y in range(3):
        row = rows[2 * y + 1].ljust(13)
        for x in range(3):
            assert row[4 * x + 1 : 4 * x + 4] == ("▒▒▒" if board[(x, y)] == "B" else "   ")
            right = (x + 1, y)
            same = right in board and any(
                {(x, y), right} <= set(cells) for cells in solution.stones
            )
            assert (row[4 * x + 4] == "│") != same
    status, out, _ = run("solve", path, "--limit", "1")
    assert status == 0 and out.startswith(f"Solution 1:\n{labels}\n\n{picture}\n")


def test_explicit_board_with_a_hole(tmp_path, run) -> None:
    """A ring of 8 cells: all 8 board symmetries keep its colours, and no stone is
    of its own kind, so the representatives rest on the cell-by-cell tie-break alone."""
    path = tmp_path / "ring.tiling"
    path.write_text("board:\nBWB\nW_W\nBWB\n===\nBWB\n===\nB,W,B\n===\nW\n===\nW\n")
    puzzle = lpsolve.load(path)
    assert isinstance(puzzle, TilingPuzzle) and len(puzzle.board) == 8
    assert len(puzzle.symmetries) == 8
    result = lpsolve.solve(puzzle, limit=None)
    # The straight stones lie on the top and bottom rows or on the two side columns
    # (2 ways to number them each), the single W stones on the 2 cells left (2 ways).
    found = {as_tiling(s) for s in result.solutions}
    assert result.complete and result.count == len(found) == 8
    for option, count in (("merge-identical", 2), ("up-to-symmetry", 1)):
        assert lpsolve.count(puzzle.classes([option])).count == count
    path.write_text("board:\nBWB\nW_W\nBWB\n===\nBWB\n===\nB,W,B\n===\nW\nW\n")
    status, out, _ = run("solve", path)  # no two white cells of this board touch
    assert status == 1 and "stone 3 fits nowhere on the board with matching colours" in out


def test_no_solution_names_the_reason(tmp_path, run) -> None:
    path = tmp_path / "colours.tiling"
    path.write_text("board: 2x1\nB\n===\nB\n")
    status, out, _ = run("solve", path)
    assert status == 1 and out.startswith("no solution (search complete)")
    assert "colours: the stones have 2 black cells, the board 1" in out
    assert "colours: the stones have 0 white cells, the board 1" in out


BAD = [
    ("char.tiling", "board: 2x1\nB,X\n", ":2:3: unexpected 'X'"),
    ("empty-field.tiling", "board: 2x1\nB,,W\n", ":2:3: unexpected an empty field"),
    ("no-cells.tiling", "board: 2x1\nB,W\n===\n_,_\n", ":4:1: stone 2 has no cells"),
    ("double-sep.tiling", "board: 2x1\nB,W\n===\n===\n", ":4:1: stone 2 has no cells"),
    (
        "apart.tiling",
        "board: 3x1\nB,_,B\n===\nW\n",
        ":2:5: stone 1 is not one piece",
    ),
    (
        "area.tiling",
        "board: 3x3\nB,W\n===\nB,W\n",
        ":1:8: the 2 stones have 4 cells in all, the board has 9",
    ),
    ("no-board.tiling", "B,W\n", ":1:1: expected a 'board: WxH' header"),
    ("bad-size.tiling", "board: eight\nB,W\n", ":1:8: board 'eight': expected WxH"),
    ("zero.tiling", "board: 0x4\nB,W\n", ":1:8: board 0x4: expected 1 to 10,000 cells"),
    ("no-stones.tiling", "board: 2x1\n===\n", ":2:1: stone 1 has no cells"),
    ("only-board.tiling", "board: 2x1\n", ":1:1: no stones after the board"),
    ("ragged.tiling", "board: 3x1\nB,W\nB\n", ":3:1: row has 1 fields, the stone 1's first"),
    ("grid-empty.tiling", "board:\n===\nB\n", ":1:7: 'board:' without a size needs"),
    ("grid-open.tiling", "board:\nBW\n", ":2:3: the board's rows must be ended"),
    ("grid-holes.tiling", "board:\n__\n===\nB\n", ":2:1: the board has no cells"),
    ("header.tiling", "board: 2x1\ncolour: red\nB,W\n", ":2:1: unexpected header"),
    ("empty.tiling", "# nothing\n", ":1:1: empty file"),
]


@pytest.mark.parametrize(("name", "content", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_tiling_input(tmp_path, run, name: str, content: str, expected: str) -> None:
    path = tmp_path / name
    path.write_text(content)
    status, out, err = run("solve", path)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"error: {path}") and expected in err, err


@pytest.mark.parametrize("mode", ["all", "merge-identical", "up-to-symmetry"])
@pytest.mark.parametrize("name", ["seed-8x8.tiling", "geekoverdose-4x4_2.tiling"])
def test_fact_text_is_what_clingo_renders(name, mode) -> None:
    """The solver reads facts written from plain rows; they are exactly the symbols
    `lpsolve facts` and the explanations use, as clingo renders them."""
    puzzle = lpsolve.load(INSTANCES / "tiling" / name)
    puzzle = puzzle.classes([mode] if mode != "all" else [])
    assert puzzle.mode == puzzle.classes_mode() == mode
    assert puzzle.facts_text() == "".join(f"{symbol}.\n" for symbol in puzzle.facts())


@pytest.mark.parametrize("bad", ["B", "b)", "x. #script", "", "1a", True, 1.5, None])
def test_fact_rows_refuse_anything_but_constants(bad) -> None:
    from lpsolve.puzzle import rows_symbols, rows_text

    for rows in ([("cell", 0, 0, bad)], [(bad, 1)], [(bad,)]):
        with pytest.raises(ValueError):
            rows_text(rows)
        with pytest.raises(ValueError):
            rows_symbols(rows)
