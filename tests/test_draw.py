"""SVG pictures (``Puzzle.svg``, ``lpsolve draw``, ``solve --format svg``).

Each picture is parsed as XML and checked against the puzzle: cells, givens set apart
from filled numbers, the Hidato path read back from the picture and compared with the
published solution, pegs and feedback, conflict highlights. One picture per kind is
rasterised with resvg and must be the expected size and not blank.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from pathlib import Path

import clingo
import numpy as np
import pytest

import lpsolve
from lpsolve.kinds.mastermind import Guess, MastermindGame, score
from lpsolve.puzzle import Clue

from .conftest import INSTANCES, ROOT
from .test_hidato_instances import published_solution

SVG = "{http://www.w3.org/2000/svg}"
SEED_10 = INSTANCES / "hidato" / "seed-10x10.hidoku"
HEX_19 = INSTANCES / "hidato" / "seed003-hex-19.json"
HOLES_60 = INSTANCES / "hidato" / "seed003-hidato-60-holes.json"
KNIGHT = ROOT / "docs" / "examples" / "knight-3x4.hidato"
MAGIC = INSTANCES / "magic" / "seed-5x5.magic"
MASTERMIND = INSTANCES / "mastermind" / "seed-6x9.mastermind"


# -- reading pictures back -------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose class list contains ``name``."""
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def points(element: ET.Element) -> list[tuple[float, float]]:
    """The vertices of a ``<path d="M x,y L x,y ...">`` drawn by drawsvg's Lines."""
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", element.get("d", ""))]
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def centroid(element: ET.Element) -> tuple[float, float]:
    corners = points(element)
    return (
        round(sum(x for x, _ in corners) / len(corners), 1),
        round(sum(y for _, y in corners) / len(corners), 1),
    )


def labels(root: ET.Element, name: str) -> dict[tuple[float, float], str]:
    """Text of class ``name`` by its position."""
    return {
        (round(float(e.get("x")), 1), round(float(e.get("y")), 1)): e.text or ""
        for e in classed(root, name)
        if e.tag == f"{SVG}text"
    }


def size(root: ET.Element) -> tuple[int, int]:
    return int(root.get("width")), int(root.get("height"))


# -- rasterising -----------------------------------------------------------------------


def decode_png(data: bytes) -> np.ndarray:
    """A minimal PNG decoder (8-bit RGB/RGBA, as resvg writes): height x width x channels."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour_type in (2, 6)
            channels = 4 if colour_type == 6 else 3
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = np.zeros((height, stride), dtype=np.int64)
    previous = np.zeros(stride, dtype=np.int64)
    for y in range(height):
        start = y * (stride + 1)
        method = raw[start]
        line = np.frombuffer(raw, np.uint8, stride, start + 1).astype(np.int64)
        if method in (0, 2):  # none, up: no dependence within the row
            current = line if method == 0 else (line + previous) % 256
        else:
            current = np.zeros(stride, dtype=np.int64)
            for i in range(stride):
                left = current[i - channels] if i >= channels else 0
                up = previous[i]
                corner = previous[i - channels] if i >= channels else 0
                if method == 1:
                    guess = left
                elif method == 3:
                    guess = (left + up) // 2
                else:  # Paeth
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                current[i] = (line[i] + guess) % 256
        rows[y] = current
        previous = current
    return rows.reshape(height, width, channels)


def rasterise(svg: str) -> np.ndarray:
    resvg_py = pytest.importorskip("resvg_py")
    return decode_png(bytes(resvg_py.svg_to_bytes(svg_string=svg)))


def assert_renders(svg: str, colours: tuple[str, ...] = ()) -> np.ndarray:
    """The rendered image has the SVG's size, is not blank and shows each of ``colours``
    (``#rrggbb``, e.g. the fill of given cells) on some pixels."""
    image = rasterise(svg)
    width, height = size(parse(svg))
    assert image.shape[:2] == (height, width)
    rgb = image[:, :, :3].reshape(-1, 3)
    assert rgb.std() > 10  # not blank
    shown = {tuple(int(v) for v in p) for p in rgb}
    assert len(shown) > 5
    for colour in colours:
        assert tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5)) in shown, colour
    return image


# -- Hidato ------------------------------------------------------------------------------


def solved(path: Path):
    puzzle = lpsolve.load(path)
    result = lpsolve.solve(puzzle, limit=1)
    return puzzle, result.solutions[0]


def test_square_hidato_picture_reads_back_as_the_published_solution() -> None:
    puzzle, solution = solved(SEED_10)
    root = parse(puzzle.svg(solution))
    cells = classed(root, "cell")
    assert len(cells) == 100
    assert len(classed(root, "given")) == 2 * len(puzzle.givens)  # grey cell + bold number
    numbers = labels(root, "given") | labels(root, "filled")
    assert len(labels(root, "given")) == len(puzzle.givens)
    assert len(numbers) == 100
    # Rows and columns from the label positions: the grid is the published solution.
    xs = sorted({x for x, _ in numbers})
    ys = sorted({y for _, y in numbers})
    grid = [[int(numbers[(x, y)]) for x in xs] for y in ys]
    assert grid == published_solution(SEED_10)
    # The path visits the numbers 1..100 in order, one king move (<= a diagonal) apart.
    (path,) = classed(root, "path")
    visited = [int(numbers[(round(x, 1), round(y, 1))]) for x, y in points(path)]
    assert visited == list(range(1, 101))
    unit = xs[1] - xs[0]
    steps = [math.dist(a, b) for a, b in itertools.pairwise(points(path))]
    assert len(steps) == 99 and max(steps) <= unit * math.sqrt(2) + 0.1
    given_fill = next(e.get("fill") for e in classed(root, "cell") if "given" in e.get("class"))
    assert_renders(puzzle.svg(solution), (given_fill, "#ffffff"))


def path_pixels(image: np.ndarray) -> np.ndarray:
    """Where the rendered picture shows the path's orange (over white or grey cells)."""
    r, g, b = image[:, :, 0], image[:, :, 1], image[:, :, 2]
    return (r >= 200) & (g >= 110) & (g <= 190) & (b <= 130)


@pytest.mark.parametrize("path", [SEED_10, HEX_19, KNIGHT], ids=lambda p: p.name)
def test_the_hidato_path_runs_under_the_numbers_not_through_their_digits(path: Path) -> None:
    """Rendered to pixels: no pixel of the path's colour within any number's digits
    (a box the size of its text around its place), while the path shows elsewhere."""
    puzzle, solution = solved(path)
    svg = puzzle.svg(solution)
    orange = path_pixels(rasterise(svg))
    assert orange.sum() > 50 * len(puzzle.cells)  # the path is drawn
    numbers = [e for e in classed(parse(svg), "number") if e.tag == f"{SVG}text"]
    assert len(numbers) == len(puzzle.cells)
    for number in numbers:
        x, y, size = (float(number.get(a)) for a in ("x", "y", "font-size"))
        half_width, half_height = 0.32 * size * len(number.text), 0.38 * size
        box = orange[
            math.floor(y - half_height) : math.ceil(y + half_height) + 1,
            math.floor(x - half_width) : math.ceil(x + half_width) + 1,
        ]
        assert not box.any(), f"the path crosses the number {number.text}"


def test_givens_are_styled_apart_from_filled_numbers() -> None:
    puzzle, solution = solved(SEED_10)
    root = parse(puzzle.svg(solution))
    given = {(e.get("font-weight"), e.get("fill")) for e in classed(root, "given") if e.text}
    filled = {(e.get("font-weight"), e.get("fill")) for e in classed(root, "filled")}
    assert len(given) == 1 and len(filled) == 1 and given != filled
    # The cells drawn as givens (one fill) are exactly where the given numbers stand.
    given_cells = [e for e in classed(root, "cell") if "given" in e.get("class").split()]
    other_cells = [e for e in classed(root, "cell") if "given" not in e.get("class").split()]
    assert {centroid(e) for e in given_cells} == set(labels(root, "given"))
    assert len(given_cells) == len(puzzle.givens)
    given_fill = {e.get("fill") for e in given_cells}
    assert len(given_fill) == 1 and given_fill.isdisjoint(e.get("fill") for e in other_cells)


def test_unsolved_puzzle_shows_only_givens_and_no_path() -> None:
    puzzle = lpsolve.load(HOLES_60)
    root = parse(puzzle.svg())
    assert len(classed(root, "cell")) == len(puzzle.cells) == 60  # holes are not drawn
    assert sorted(int(t) for t in labels(root, "given").values()) == sorted(puzzle.givens.values())
    assert not classed(root, "filled") and not classed(root, "path")


def test_board_with_holes_draws_only_its_cells_and_a_full_path() -> None:
    puzzle, solution = solved(HOLES_60)
    root = parse(puzzle.svg(solution))
    centres = {centroid(e) for e in classed(root, "cell")}
    assert len(centres) == 60
    (path,) = classed(root, "path")
    assert len(points(path)) == 60  # 59 segments
    assert {(round(x, 1), round(y, 1)) for x, y in points(path)} == centres


def test_hex_board_is_hexagons_and_the_path_steps_to_touching_cells() -> None:
    puzzle, solution = solved(HEX_19)
    svg = puzzle.svg(solution)
    root = parse(svg)
    cells = classed(root, "cell")
    assert len(cells) == 19 and all(len(points(e)) == 6 for e in cells)
    (path,) = classed(root, "path")
    route = points(path)
    assert len(route) == 19
    # Neighbouring hexagons' centres are one cell width apart; others are farther.
    centres = [centroid(e) for e in cells]
    unit = min(math.dist(a, b) for a in centres for b in centres if a != b)
    assert all(abs(math.dist(a, b) - unit) < 0.2 for a, b in itertools.pairwise(route))
    assert_renders(svg)


def test_knight_tour_path_segments_are_knight_moves() -> None:
    puzzle, solution = solved(KNIGHT)
    root = parse(puzzle.svg(solution))
    (path,) = classed(root, "path")
    route = points(path)
    assert len(route) == 12
    numbers = labels(root, "given") | labels(root, "filled")
    xs = sorted({x for x, _ in numbers})
    unit = xs[1] - xs[0]
    for a, b in itertools.pairwise(route):
        dx, dy = round(abs(b[0] - a[0]) / unit), round(abs(b[1] - a[1]) / unit)
        assert {dx, dy} == {1, 2}


def test_conflicting_givens_are_highlighted_on_their_cells() -> None:
    puzzle = lpsolve.load(SEED_10)
    (a, n), (b, m) = sorted(puzzle.givens.items(), key=lambda item: item[1])[:2]
    conflict = [
        Clue(clingo.Function("given", [clingo.Number(v) for v in (*cell, k)]), "", [*cell, k])
        for cell, k in ((a, n), (b, m))
    ]
    root = parse(puzzle.svg(conflict=conflict))
    marked = classed(root, "conflict")
    assert len(marked) == 2
    given_at = {v: pos for pos, v in labels(root, "given").items()}
    assert {centroid(e) for e in marked} == {given_at[str(n)], given_at[str(m)]}
    assert not classed(parse(puzzle.svg()), "conflict")


# -- magic -------------------------------------------------------------------------------


def test_magic_picture_shows_the_solution_givens_and_conflicts() -> None:
    puzzle, solution = solved(MAGIC)
    (r, c), value = next(iter(puzzle.givens.items()))
    clue = Clue(
        clingo.Function("given", [clingo.Number(v) for v in (r, c, value)]), "", [r, c, value]
    )
    svg = puzzle.svg(solution, conflict=[clue])
    root = parse(svg)
    assert len(classed(root, "cell")) == 25
    given, filled = labels(root, "given"), labels(root, "filled")
    assert len(given) == len(puzzle.givens) and len(given) + len(filled) == 25
    numbers = given | filled
    xs, ys = sorted({x for x, _ in numbers}), sorted({y for _, y in numbers})
    grid = [[int(numbers[(x, y)]) for x in xs] for y in ys]
    assert grid == published_solution(MAGIC)
    (marked,) = classed(root, "conflict")
    assert centroid(marked) == (xs[c], ys[r]) and given[(xs[c], ys[r])] == str(value)
    assert any(str(puzzle.target) in (e.text or "") for e in classed(root, "caption"))
    assert_renders(svg)


# -- Mastermind ----------------------------------------------------------------------


def test_mastermind_board_has_a_row_of_pegs_and_feedback_per_guess() -> None:
    game = lpsolve.load(MASTERMIND)
    code = lpsolve.solve(game, limit=1).solutions[0]
    svg = game.svg(code)
    root = parse(svg)
    guesses = classed(root, "guess")
    assert len(guesses) == len(game.guesses) * game.pegs
    names = [e.find(f"{SVG}title").text for e in guesses]
    assert names == [colour for guess in game.guesses for colour in guess.code]
    assert [e.find(f"{SVG}title").text for e in classed(root, "code")] == list(code.colours)
    assert len(classed(root, "key")) == len(game.guesses) * game.pegs
    assert len(classed(root, "black")) == sum(g.black for g in game.guesses)
    assert len(classed(root, "white")) == sum(g.white for g in game.guesses)
    # Pegs of one colour share a fill; different colours differ.
    fill = {}
    for e in guesses:
        fill.setdefault(e.find(f"{SVG}title").text, set()).add(e.get("fill"))
    assert all(len(f) == 1 for f in fill.values())
    assert len({next(iter(f)) for f in fill.values()}) == len(fill)
    legend = [e.text for e in classed(root, "legend")]
    assert legend == list(game.colours)
    assert not classed(root, "conflict")
    assert_renders(svg)


def test_mastermind_odd_names_stay_text_and_conflicts_mark_rows() -> None:
    names = ("a<b", 'q"&', "teal")
    secret = ("teal", "a<b", "a<b")
    guesses = tuple(
        Guess(g, *score(g, secret)) for g in (("a<b", 'q"&', "teal"), ("teal", "teal", "teal"))
    )
    game = MastermindGame(3, names, guesses)
    fact = clingo.Function("feedback", [clingo.Number(2), clingo.Number(1), clingo.Number(0)])
    root = parse(game.svg(conflict=[Clue(fact, "guess 2", None)]))
    titles = [e.find(f"{SVG}title").text for e in classed(root, "guess")]
    assert titles == [*guesses[0].code, *guesses[1].code]
    (row,) = classed(root, "conflict")
    row_y = float(row.get("y")), float(row.get("y")) + float(row.get("height"))
    marked = [e for e in classed(root, "guess") if row_y[0] < float(e.get("cy")) < row_y[1]]
    assert [e.find(f"{SVG}title").text for e in marked] == list(guesses[1].code)
    assert len({e.get("fill") for e in classed(root, "swatch")}) == 3


# -- command line ------------------------------------------------------------------------


def test_cli_draw_writes_the_puzzle_to_stdout(run) -> None:
    status, out, err = run("draw", HEX_19)
    assert status == 0 and not err
    root = parse(out)
    assert len(classed(root, "cell")) == 19 and not classed(root, "path")


def test_cli_draw_solve_to_a_file(run, tmp_path: Path) -> None:
    target = tmp_path / "knight.svg"
    status, out, err = run("draw", KNIGHT, "--solve", "-o", target)
    assert (status, out, err) == (0, "", "")
    root = parse(target.read_text(encoding="utf-8"))
    assert len(points(classed(root, "path")[0])) == 12


def test_cli_solve_format_svg(run) -> None:
    status, out, err = run("solve", MAGIC, "--format", "svg")
    assert status == 0
    assert len(classed(parse(out), "filled")) == 25 - len(lpsolve.load(MAGIC).givens)
    assert err.startswith("1 solution, search complete: unique")
    status, out, err = run("solve", MASTERMIND, "--format", "svg")
    assert status == 0 and len(classed(parse(out), "code")) == 6


def test_cli_draw_unsolvable_puzzle_draws_it_and_exits_1(run, tmp_path: Path) -> None:
    board = tmp_path / "odd.numbrix"
    board.write_text("1, 3\n_, _\n")  # 3 cannot be one step from 1 on a 2x2 Numbrix board
    for command in (("draw", board, "--solve"), ("solve", board, "--format", "svg")):
        status, out, err = run(*command)
        assert status == 1 and "no solution" in err
        root = parse(out)
        assert sorted(labels(root, "given").values()) == ["1", "3"]
        assert not classed(root, "filled")


@pytest.mark.parametrize("flag", [["--all"], ["--limit", "3"], ["--count"], ["--cross-check"]])
def test_cli_svg_with_several_solutions_is_refused(run, flag: list[str]) -> None:
    status, out, err = run("solve", KNIGHT, "--format", "svg", *flag)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: --format svg draws one picture")


def test_cli_draw_unwritable_output_is_one_line_error(run, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.svg"
    status, out, err = run("draw", KNIGHT, "-o", target)
    assert status == 2 and out == ""
    assert err == f"error: {target}: cannot write the picture: No such file or directory\n"
    status, _, err = run("draw", KNIGHT, "-o", tmp_path)  # a directory
    assert status == 2 and err.startswith(f"error: {tmp_path}: cannot write the picture")


def test_cli_draw_bad_input_is_one_line_error(run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.magic"
    bad.write_text("1 2\n3 x\n")
    status, out, err = run("draw", bad)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {bad}:2:3: ") and err.count("\n") == 1


# -- Takuzu and tiling ------------------------------------------------------------------

TAKUZU = INSTANCES / "takuzu" / "seed-8x8.takuzu"
TILING = INSTANCES / "tiling" / "seed-8x8.tiling"


def printed_rows(path: Path) -> list[str]:
    """The rows of 0/1 under a '# solution:' comment."""
    lines = path.read_text().splitlines()
    start = lines.index("# solution:") + 1
    rows = []
    for line in lines[start:]:
        if not re.fullmatch(r"#\s+[01]+", line):
            break
        rows.append(line[1:].strip())
    return rows


def test_takuzu_picture_reads_back_as_the_printed_solution_with_givens_apart() -> None:
    puzzle, solution = solved(TAKUZU)
    (r, c), digit = sorted(puzzle.givens.items())[0]
    clue = Clue(
        clingo.Function("given", [clingo.Number(v) for v in (r, c, digit)]), "", [r, c, digit]
    )
    svg = puzzle.svg(solution, conflict=[clue])
    root = parse(svg)
    assert len(classed(root, "cell")) == 64
    given, filled = labels(root, "given"), labels(root, "filled")
    assert len(given) == len(puzzle.givens) and len(given) + len(filled) == 64
    digits = given | filled
    xs, ys = sorted({x for x, _ in digits}), sorted({y for _, y in digits})
    assert ["".join(digits[(x, y)] for x in xs) for y in ys] == printed_rows(TAKUZU)
    assert {(e.get("font-weight"), e.get("fill")) for e in classed(root, "given") if e.text} != {
        (e.get("font-weight"), e.get("fill")) for e in classed(root, "filled")
    }
    (marked,) = classed(root, "conflict")
    assert centroid(marked) == (xs[c], ys[r]) and given[(xs[c], ys[r])] == str(digit)
    unsolved = parse(puzzle.svg())
    assert sorted(labels(unsolved, "given").values()) == sorted(map(str, puzzle.givens.values()))
    assert not classed(unsolved, "filled")
    assert_renders(svg)


def test_tiling_solution_shows_each_stone_in_its_own_colour_on_the_board_colours() -> None:
    puzzle, solution = solved(TILING)
    svg = puzzle.svg(solution)
    root = parse(svg)
    cells = classed(root, "cell")
    assert len(cells) == len(puzzle.board)
    # Cells grouped by fill: one group per stone, with the stone's number of black and
    # white cells, read from the corner marks.
    marks = {}
    for e in classed(root, "mark"):
        x, y = float(e.get("x")), float(e.get("y"))
        marks[(x, y)] = "b" if "black" in e.get("class").split() else "w"
    groups: dict[str, Counter] = {}
    for e in cells:
        corner = min(points(e))  # top-left corner; the mark sits 3 px inside it
        colour = marks[(corner[0] + 3, corner[1] + 3)]
        groups.setdefault(e.get("fill"), Counter())[colour] += 1
    stones = sorted(
        (shape.count("b"), shape.count("w"))
        for shape in ([c for _, _, c in shape] for shape in puzzle.shapes)
    )
    assert sorted((g["b"], g["w"]) for g in groups.values()) == stones
    assert sum(m == "b" for m in marks.values()) == sum(c == "b" for c in puzzle.board.values())
    numbers = sorted(int(t) for t in labels(root, "filled").values())
    assert numbers == list(range(1, len(puzzle.shapes) + 1))
    assert classed(root, "border")
    assert_renders(svg, tuple(groups))  # every stone's colour is on the picture


def test_tiling_puzzle_shows_the_board_and_every_stone() -> None:
    puzzle = lpsolve.load(TILING)
    svg = puzzle.svg()
    root = parse(svg)
    board = classed(root, "board")
    assert len(board) == len(puzzle.board)
    assert len(classed(root, "b")) == sum(c == "b" for c in puzzle.board.values())
    assert len(classed(root, "stone")) == sum(len(shape) for shape in puzzle.shapes)
    assert len({e.get("fill") for e in classed(root, "stone")}) == len(puzzle.shapes)
    assert_renders(svg)


def test_explain_with_svg_highlights_the_conflict_it_found(tmp_path, run) -> None:
    # the seed Beehive with 5 changed to 15: no solution; --explain names the conflict
    text = (INSTANCES / "hidato" / "seed003-hex-19.json").read_text()
    data = json.loads(text)
    data["givens"] = [[x, y, 15 if n == 5 else n] for x, y, n in data["givens"]]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    status, out, err = run("solve", broken, "--format", "svg", "--explain")
    assert status == 1
    conflict_line = err.splitlines()[-1]
    assert conflict_line.startswith("these ") and "givens conflict: " in conflict_line
    named = re.findall(r"\d+ at \[", conflict_line)  # "6 at [3, 3], 11 at [2, 2], ..."
    marked = classed(parse(out), "conflict")
    assert len(marked) == len(named) >= 2
    status, out, _ = run("solve", broken, "--format", "svg")  # without --explain: none
    assert status == 1 and not classed(parse(out), "conflict")


def test_notebooks_show_puzzles_and_results_as_pictures() -> None:
    """Jupyter calls ``_repr_svg_``: a puzzle shows its givens, a result its first
    solution, read back from the picture as the published one."""
    puzzle = lpsolve.load(SEED_10)
    root = parse(puzzle._repr_svg_())
    assert len(labels(root, "given")) == len(puzzle.givens) and not labels(root, "filled")
    result = lpsolve.solve(puzzle, 1)
    numbers = labels(parse(result._repr_svg_()), "given") | labels(
        parse(result._repr_svg_()), "filled"
    )
    xs, ys = sorted({x for x, _ in numbers}), sorted({y for _, y in numbers})
    assert [[int(numbers[(x, y)]) for x in xs] for y in ys] == published_solution(SEED_10)
    counted = lpsolve.count(puzzle)  # no solution kept: the puzzle itself
    assert counted._repr_svg_() == puzzle._repr_svg_()
