"""Checkerboard tiling (seed 004): place every stone once, in any rotation or
reflection, so that the stones cover every board cell exactly once with matching
colours.

Format ``.tiling``: a header line ``board: WxH`` (a W-column, H-row checkerboard whose
top-left cell is black) or ``board:`` followed by the board as rows of ``B``/``W``
(``_`` for a hole), then the stones in seed 004's format: rows of ``B``, ``W`` and ``_``
(not covered), comma-separated (or written without commas, ``BW_``), each stone ended
by a line of ``=``. Stones are numbered 1, 2, ... in file order. A stone must be one
piece: its cells joined edge to edge (a disconnected stone is an error).

Counting. A solution says where each numbered stone lies, so swapping two identical
stones gives a different solution. The clingo encoding searches only for one
representative per class (identical stones in order of their first cell, and the
smallest image under the colour-keeping board symmetries) and then lets clingo
expand each representative into its distinct images, so every solution is one model.
:meth:`TilingPuzzle.classes` returns a variant whose models are the classes instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from itertools import islice
from typing import TYPE_CHECKING, Literal, NamedTuple

import clingo

from .. import limits
from ..errors import PuzzleError, UsageError
from ..puzzle import Clue, FactRow, Puzzle, rows_symbols, rows_text
from . import textformat
from .textformat import cell_name, plural

if TYPE_CHECKING:  # python-constraint is imported only for --backend csp
    from ..cspmodel import CspModel

EXTENSIONS = (".tiling",)
MAX_CELLS = limits.MAX_TILING_CELLS
#: python-constraint enumerates all 52 solutions of the 4x4_2 set (108 placement
#: variables) in under a second, but needs some 30 s for the 5x5 set (256 variables)
CSP_HANDLES_UP_TO = 120

Cell = tuple[int, int]  # (x, y): column and row from 0 at the top left


Shape = tuple[tuple[int, int, str], ...]  # sorted (x, y, colour), min x = min y = 0
Mode = Literal["all", "merge-identical", "up-to-symmetry"]

_SIZE = re.compile(r"([0-9]+)\s*[xX]\s*([0-9]+)")
_SEPARATOR = re.compile(r"=+")
_SYMBOLS = {"B": "b", "W": "w", "_": None}

# The eight symmetries of the square, acting on offsets.
_TRANSFORMS: tuple[Callable[[int, int], Cell], ...] = (
    lambda x, y: (x, y),
    lambda x, y: (-y, x),
    lambda x, y: (-x, -y),
    lambda x, y: (y, -x),
    lambda x, y: (-x, y),
    lambda x, y: (y, x),
    lambda x, y: (x, -y),
    lambda x, y: (-y, -x),
)


def normalise(cells: Sequence[tuple[int, int, str]]) -> Shape:
    low_x = min(x for x, _, _ in cells)
    low_y = min(y for _, y, _ in cells)
    return tuple(sorted((x - low_x, y - low_y, c) for x, y, c in cells))


def orientations(shape: Shape) -> list[Shape]:
    """The distinct rotations and reflections of a stone (colours move with cells)."""
    found: list[Shape] = []
    for transform in _TRANSFORMS:
        image = normalise([(*transform(x, y), c) for x, y, c in shape])
        if image not in found:
            found.append(image)
    return found


class Placement(NamedTuple):
    stone: int  # 0-based
    cells: tuple[Cell, ...]  # sorted


class TilingSolution(NamedTuple):
    """``stones[i]``: the sorted board cells stone ``i + 1`` covers."""

    stones: tuple[tuple[Cell, ...], ...]


class TilingPuzzle(Puzzle):
    FIELDS = ("board", "width", "height", "shapes", "source", "mode")

    def __init__(
        self,
        board: Mapping[Cell, str],
        width: int,
        height: int,
        shapes: tuple[Shape, ...],
        source: str = "<input>",
        mode: Mode = "all",
    ) -> None:
        self.board = board  # cell -> "b" or "w"
        self.width = width
        self.height = height
        self.shapes = shapes  # stone i + 1, normalised as written
        self.source = source
        #: what one solution is: every placement of numbered stones, or a class of them
        self.mode = mode

    kind = "tiling"
    csp_handles_up_to = CSP_HANDLES_UP_TO
    csp_unit = "placements"
    encoding = "tiling.lp"
    # The encoding's #heuristic (fill the board from the top-left) needs the first;
    # crafty search settings enumerate the seed 8x8 some 15% faster (measured).
    solver_arguments = ("--heuristic=Domain", "--configuration=crafty")

    def classes(self, options: Iterable[str]) -> TilingPuzzle:
        """The variant whose solutions are classes: solutions that differ only by
        swapping identical stones are one (``merge-identical``), and also those that a
        colour-keeping rotation or reflection of the board maps onto each other
        (``up-to-symmetry``, which implies the first). No option: every solution."""
        chosen = set(options)
        unknown = chosen - {"merge-identical", "up-to-symmetry"}
        if unknown:
            raise UsageError(f"no such tiling option: {', '.join(sorted(unknown))}")
        if "up-to-symmetry" in chosen:
            return self.replace(mode="up-to-symmetry")
        return self.replace(mode="merge-identical" if chosen else "all")

    def classes_mode(self) -> str | None:
        return self.mode

    # -- geometry, computed once --------------------------------------------------
    @cached_property
    def order(self) -> dict[Cell, int]:
        """Row-major rank of each board cell, from 1."""
        cells = sorted(self.board, key=lambda c: (c[1], c[0]))
        return {cell: k for k, cell in enumerate(cells, 1)}

    @cached_property
    def types(self) -> tuple[int, ...]:
        """``types[i]``: the first stone (0-based) identical to stone i up to rotation
        and reflection."""
        keys = [min(orientations(shape)) for shape in self.shapes]
        return tuple(keys.index(key) for key in keys)

    @cached_property
    def placements(self) -> tuple[Placement, ...]:
        """Every way to lay each stone on the board with matching colours."""
        found = []
        for s, shape in enumerate(self.shapes):
            for orient in orientations(shape):
                w = max(x for x, _, _ in orient)
                h = max(y for _, y, _ in orient)
                for dy in range(self.height - h):
                    for dx in range(self.width - w):
                        if all(self.board.get((x + dx, y + dy)) == c for x, y, c in orient):
                            cells = tuple(sorted((x + dx, y + dy) for x, y, _ in orient))
                            found.append(Placement(s, cells))
        return tuple(found)

    @cached_property
    def symmetries(self) -> tuple[dict[Cell, Cell], ...]:
        """The rotations and reflections of the board's rectangle that keep its cells
        and colours, each as a cell map; the identity first."""
        w, h = self.width - 1, self.height - 1
        maps: list[Callable[[int, int], Cell]] = [
            lambda x, y: (x, y),
            lambda x, y: (w - x, y),
            lambda x, y: (x, h - y),
            lambda x, y: (w - x, h - y),
        ]
        if w == h:
            maps += [
                lambda x, y: (y, x),
                lambda x, y: (h - y, x),
                lambda x, y: (y, w - x),
                lambda x, y: (h - y, w - x),
            ]
        found = []
        for f in maps:
            mapping = {cell: f(*cell) for cell in self.board}
            if all(self.board.get(image) == self.board[cell] for cell, image in mapping.items()):
                found.append(mapping)
        return tuple(found)

    # -- facts ----------------------------------------------------------------------
    def facts(self) -> list[clingo.Symbol]:
        return rows_symbols(self.fact_rows())

    def facts_text(self) -> str:
        return rows_text(self.fact_rows())  # 16,000 facts for the seed: 20 ms, not 300

    def fact_rows(self) -> Iterator[FactRow]:
        """The facts as plain rows (see :func:`lpsolve.puzzle.rows_text`)."""
        yield ("cells", len(self.board))
        for (x, y), colour in sorted(self.board.items()):
            yield ("cell", x, y, colour)  # "b" or "w", from the parser's own table
            yield ("index", x, y, self.order[(x, y)])
        for s, t in enumerate(self.types):
            yield ("stone", s + 1)
            yield ("kind", s + 1, t + 1)
        cells = len(self.board)
        for p, placement in enumerate(self.placements, 1):
            first = min(self.order[c] for c in placement.cells)
            yield ("place", placement.stone + 1, p)
            yield ("first", p, first)
            # the lexicographic tie-break compares, cell by cell, type then first cell
            yield ("rank", p, self.types[placement.stone] * (cells + 1) + first)
            for x, y in placement.cells:
                yield ("covers", p, x, y)
        yield from self._symmetry_rows()
        if self.mode == "all":
            yield ("expand", "stones")
        if self.mode in ("all", "merge-identical"):
            yield ("expand", "board")

    @cached_property
    def images(self) -> dict[tuple[int, int], int]:
        """``images[(g, p)]``: the placement (numbered from 1) that board symmetry ``g``
        maps placement ``p`` onto; a placement of the same stone."""
        by_cells = {(pl.stone, pl.cells): p for p, pl in enumerate(self.placements, 1)}
        return {
            (g, p): by_cells[(pl.stone, tuple(sorted(mapping[c] for c in pl.cells)))]
            for g, mapping in enumerate(self.symmetries)
            for p, pl in enumerate(self.placements, 1)
        }

    def _symmetry_rows(self) -> Iterator[FactRow]:
        """sym/1, img/3, compose/3, skip/1 and tie/2 or compare/1 (see the encoding)."""
        maps = self.symmetries
        yield from (("sym", g) for g in range(1, len(maps)))
        yield from (("img", g, p, q) for (g, p), q in self.images.items() if g > 0)
        for g, outer in enumerate(maps):
            for k, inner in enumerate(maps):
                composed = {cell: outer[inner[cell]] for cell in self.board}
                yield ("compose", g, k, maps.index(composed))
        if len(maps) == 1:
            return
        breaker = self._breaker()
        if breaker is None:  # no stone of its own kind: the tie-break applies to every map
            yield from (("compare", g) for g in range(1, len(maps)))
            return
        for p, placement in enumerate(self.placements, 1):
            if placement.stone != breaker:
                continue
            if not self._canonical(p):
                yield ("skip", p)
                continue
            yield from (("tie", g, p) for g in range(1, len(maps)) if self.images[(g, p)] == p)

    def _breaker(self) -> int | None:
        """The stone whose placement decides the board symmetry: one with no identical
        twin (so swapping stones never moves it) and the fewest canonical placements."""
        best: tuple[int, int] | None = None
        for s in range(len(self.shapes)):
            if self.types.count(self.types[s]) != 1:
                continue
            canonical = sum(
                self._canonical(p) for p, pl in enumerate(self.placements, 1) if pl.stone == s
            )
            if best is None or canonical < best[0]:
                best = (canonical, s)
        return None if best is None else best[1]

    def _canonical(self, p: int) -> bool:
        """Is placement ``p`` the smallest (by its sorted cells) of its images?"""
        orbit = {self.images[(g, p)] for g in range(len(self.symmetries))}
        return min(orbit, key=lambda q: self.placements[q - 1].cells) == p

    # -- solutions ------------------------------------------------------------------
    def split_atoms(self) -> list[clingo.Symbol]:
        """``use(S,P)``, the placements by their first cell in reading order: which
        placement covers cell 1, then cell 2, ..., the order the search fills the board
        in. (Not ``apply(G)``: every image of a representative needs the same search
        for it, so cubes by image would repeat that search.)"""
        num, fun = clingo.Number, clingo.Function

        def first_cell(item: tuple[int, Placement]) -> tuple[int, int, int]:
            p, placement = item
            return (min(self.order[c] for c in placement.cells), placement.stone, p)

        ordered = sorted(enumerate(self.placements, 1), key=first_cell)
        return [fun("use", [num(placement.stone + 1), num(p)]) for p, placement in ordered]

    def decode(self, atoms: Sequence[clingo.Symbol]) -> TilingSolution:
        """The representative's placements (use/2), shown under board symmetry G
        (apply/1) with stone S numbered T (as/2); or, from the plain lesson encoding and
        students' programs, the cells each stone covers (cover/3)."""
        covered: dict[int, list[Cell]] = {}
        for atom in atoms:
            if atom.match("cover", 3):
                s, x, y = (arg.number for arg in atom.arguments)
                covered.setdefault(s, []).append((x, y))
        if covered:
            return TilingSolution(
                tuple(tuple(sorted(covered.get(s, []))) for s in range(1, len(self.shapes) + 1))
            )
        used: dict[int, int] = {}
        shown_as: dict[int, int] = {}
        symmetry = 0
        for atom in atoms:
            args = [arg.number for arg in atom.arguments]
            if atom.match("use", 2):
                used[args[0]] = args[1]
            elif atom.match("as", 2):
                shown_as[args[0]] = args[1]
            elif atom.match("apply", 1):
                symmetry = args[0]
        cells: list[tuple[Cell, ...]] = [() for _ in self.shapes]
        for s, p in used.items():
            cells[shown_as.get(s, s) - 1] = self.placements[self.images[(symmetry, p)] - 1].cells
        if self.mode == "merge-identical":  # the image's identical stones, back in order
            for t in set(self.types):
                group = [s for s, u in enumerate(self.types) if u == t]
                ordered = sorted((cells[s] for s in group), key=self._first)
                for s, stone_cells in zip(group, ordered, strict=True):
                    cells[s] = stone_cells
        return TilingSolution(tuple(cells))

    def _first(self, cells: Sequence[Cell]) -> int:
        return min((self.order.get(cell, 0) for cell in cells), default=0)

    def violations(self, solution: TilingSolution) -> list[str]:
        problems: list[str] = []
        if len(solution.stones) != len(self.shapes):
            return [f"{len(solution.stones)} stones placed, the puzzle has {len(self.shapes)}"]
        owner: dict[Cell, int] = {}
        for s, cells in enumerate(solution.stones, 1):
            for cell in cells:
                if cell not in self.board:
                    problems.append(
                        f"stone {s} covers {cell_name(cell[1], cell[0])}, which is not on the board"
                    )
                elif cell in owner:
                    problems.append(
                        f"stones {owner[cell]} and {s} both cover {cell_name(cell[1], cell[0])}"
                    )
                else:
                    owner[cell] = s
            if not self._fits(s - 1, cells):
                problems.append(
                    f"stone {s} is not a rotation or reflection of it with matching colours "
                    f"where it lies: {', '.join(cell_name(y, x) for x, y in cells)}"
                )
        missing = sorted(set(self.board) - set(owner))
        if missing:
            problems.append(f"cells not covered: {missing}")
        if self.mode != "all":  # a class is shown by its representative
            for s, t in enumerate(self.types):
                later = [u for u in range(s + 1, len(self.types)) if self.types[u] == t]
                for u in later:
                    if self._first(solution.stones[u]) < self._first(solution.stones[s]):
                        problems.append(f"identical stones {s + 1} and {u + 1} out of order")
        return problems

    def _fits(self, stone: int, cells: Sequence[Cell]) -> bool:
        if not cells or any(cell not in self.board for cell in cells):
            return False
        laid = normalise([(x, y, self.board[(x, y)]) for x, y in cells])
        return laid in orientations(self.shapes[stone])

    def diagnose(self) -> list[str]:
        """Why no solution can exist, when it is visible without a search."""
        reasons = []
        for colour, name in (("b", "black"), ("w", "white")):
            stones = sum(c == colour for shape in self.shapes for _, _, c in shape)
            board = sum(c == colour for c in self.board.values())
            if stones != board:
                reasons.append(
                    f"colours: the stones have {plural(stones, name + ' cell')}, the board {board}"
                )
        placed = {placement.stone for placement in self.placements}
        for s in range(len(self.shapes)):
            if s not in placed:
                reasons.append(f"stone {s + 1} fits nowhere on the board with matching colours")
        return reasons

    def solution_json(self, solution: TilingSolution) -> list[dict[str, object]]:
        return [
            {"stone": s, "cells": [[x, y] for x, y in cells]}
            for s, cells in enumerate(solution.stones, 1)
        ]

    def render(self, solution: TilingSolution | None = None) -> str:
        if solution is None:
            rows = [
                "".join(
                    {"b": "B", "w": "W", None: "_"}[self.board.get((x, y))]
                    for x in range(self.width)
                )
                for y in range(self.height)
            ]
            stones = [
                f"stone {s}:\n" + _shape_text(shape) for s, shape in enumerate(self.shapes, 1)
            ]
            return "\n".join(["board:", *rows, *stones])
        owner = {cell: s for s, cells in enumerate(solution.stones, 1) for cell in cells}
        return _labels(self, owner) + "\n\n" + _picture(self, owner)

    def svg(
        self,
        solution: TilingSolution | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
    ) -> str:
        """The board's black and white cells and the stones (each in its own colour,
        numbered) beside it; a solution as the board covered by the stones, their
        outlines drawn thick and each cell's board colour as a corner mark. A tiling has
        no givens, so there is no conflict to highlight."""
        from .. import draw

        if solution is not None:
            owner = {cell: s for s, cells in enumerate(solution.stones, 1) for cell in cells}
            board = draw.Board(self.board)
            for cell in self.board:
                s = owner.get(cell)
                fill = draw.BACKGROUND if s is None else draw.palette(s - 1)
                board.cell(cell, fill=fill, role="stone" if s else "", title=f"stone {s}")
                board.corner_mark(cell, self.board[cell])
            board.borders(owner)
            for s, cells in enumerate(solution.stones, 1):
                if cells:
                    first = min(cells, key=lambda c: (c[1], c[0]))
                    board.label(first, str(s), given=False, ink="#000000")
            return board.svg()
        # The puzzle: the board on top, the stones in rows below it, one column apart.
        place: dict[tuple[int, int], tuple[int, str]] = {}  # picture cell -> (stone, colour)
        x0, y0, row_height = 0, self.height + 1, 0
        for s, shape in enumerate(self.shapes, 1):
            w = max(x for x, _, _ in shape) + 1
            if x0 and x0 + w > max(self.width, 12):
                x0, y0, row_height = 0, y0 + row_height + 1, 0
            place |= {(x0 + x, y0 + y): (s, c) for x, y, c in shape}
            x0, row_height = x0 + w + 1, max(row_height, max(y for _, y, _ in shape) + 1)
        board = draw.Board([*self.board, *place])
        for cell, colour in self.board.items():
            board.cell(cell, fill="#444444" if colour == "b" else "#eeeeee", role=f"board {colour}")
        for cell, (s, colour) in place.items():
            board.cell(cell, fill=draw.palette(s - 1), role="stone", title=f"stone {s}")
            board.corner_mark(cell, colour)
        board.borders({cell: s for cell, (s, _) in place.items()})
        for s in range(1, len(self.shapes) + 1):
            first = min((c for c, (t, _) in place.items() if t == s), key=lambda c: (c[1], c[0]))
            board.label(first, str(s), given=False, ink="#000000")
        return board.svg()

    # -- the python-constraint model --------------------------------------------------
    def csp_model(self) -> CspModel:
        """One 0/1 variable per placement (is it used?); every stone uses exactly one of
        its placements and every cell is covered by exactly one used placement, both as
        ``ExactSumConstraint(1)``. Counts every solution (no class variants)."""
        if self.mode != "all":
            raise UsageError(
                "the csp backend enumerates every solution; counting classes "
                "(--merge-identical, --up-to-symmetry) needs the clingo backend"
            )
        from ..cspmodel import CspModel, ExactSum

        model = CspModel(decode=self._decode_assignment)
        covering: dict[Cell, list[int]] = {cell: [] for cell in self.board}
        per_stone: list[list[int]] = [[] for _ in self.shapes]
        for p, placement in enumerate(self.placements):
            model.variable(p, (0, 1))
            per_stone[placement.stone].append(p)
            for cell in placement.cells:
                covering[cell].append(p)
        for group in [*per_stone, *covering.values()]:
            if not group:  # a stone that fits nowhere, or a cell nothing covers
                model.domains.clear()
                model.variable("unsatisfiable", ())
                return model
            model.constrain(ExactSum(1), group)
        return model

    def csp_size(self) -> int:
        return len(self.placements)  # one variable per placement

    def _decode_assignment(self, assignment: Mapping[object, int]) -> TilingSolution:
        cells: list[tuple[Cell, ...]] = [() for _ in self.shapes]
        for p, used in assignment.items():
            if used:
                placement = self.placements[p]  # type: ignore[index]
                cells[placement.stone] = placement.cells
        return TilingSolution(tuple(cells))


def _shape_text(shape: Shape) -> str:
    w = max(x for x, _, _ in shape) + 1
    h = max(y for _, y, _ in shape) + 1
    colour = {(x, y): c.upper() for x, y, c in shape}
    return "\n".join(",".join(colour.get((x, y), "_") for x in range(w)) for y in range(h))


def _labels(puzzle: TilingPuzzle, owner: Mapping[Cell, int]) -> str:
    """Seed 004's text: every cell as stone number and colour, e.g. ``7B 11W``."""
    width = len(str(len(puzzle.shapes))) + 1
    rows = []
    for y in range(puzzle.height):
        labels = []
        for x in range(puzzle.width):
            colour = puzzle.board.get((x, y))
            label = "" if colour is None else f"{owner.get((x, y), '?')}{colour.upper()}"
            labels.append(label.rjust(width))
        rows.append(" ".join(labels).rstrip())
    return "\n".join(rows)


# box-drawing character by the walls meeting at a corner: (up, down, left, right)
_CORNERS = {
    (0, 0, 0, 0): " ",
    (1, 1, 0, 0): "│",
    (0, 0, 1, 1): "─",
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴",
    (0, 0, 0, 1): "╶",
}


def _picture(puzzle: TilingPuzzle, owner: Mapping[Cell, int]) -> str:
    """The board drawn with a wall around every stone; black cells shaded."""

    def who(x: int, y: int) -> int | None:
        return owner.get((x, y)) if (x, y) in puzzle.board else None

    def vertical_wall(x: int, y: int) -> bool:  # left edge of cell (x, y)
        return who(x - 1, y) != who(x, y)

    def horizontal_wall(x: int, y: int) -> bool:  # top edge of cell (x, y)
        return who(x, y - 1) != who(x, y)

    lines = []
    for y in range(puzzle.height + 1):
        top = []
        for x in range(puzzle.width + 1):
            corner = (
                int(vertical_wall(x, y - 1)),
                int(vertical_wall(x, y)),
                int(horizontal_wall(x - 1, y)),
                int(horizontal_wall(x, y)),
            )
            top.append(_CORNERS[corner])
            if x < puzzle.width:
                top.append("───" if horizontal_wall(x, y) else "   ")
        lines.append("".join(top).rstrip())
        if y == puzzle.height:
            break
        middle = []
        for x in range(puzzle.width + 1):
            middle.append("│" if vertical_wall(x, y) else " ")
            if x < puzzle.width:
                middle.append("▒▒▒" if puzzle.board.get((x, y)) == "b" else "   ")
        lines.append("".join(middle).rstrip())
    return "\n".join(lines)


# -- the file format ----------------------------------------------------------------


def _fields(line: textformat.Line, most: int = MAX_CELLS) -> list[textformat.Token]:
    """A row's symbols: comma-separated, or one character each when there is no comma;
    at most ``most + 1`` of them (enough to see there are too many)."""
    if "," in line.text:
        return textformat.split_commas(line, most)
    chars = ((col, char) for col, char in enumerate(line.text, 1) if not char.isspace())
    return [textformat.Token(char, col) for col, char in islice(chars, most + 1)]


def _row(line: textformat.Line, source: str) -> list[str | None]:
    row = []
    for token in _fields(line):
        symbol = token.text.upper()
        if symbol not in _SYMBOLS:
            shown = limits.quoted(token.text) if token.text else "an empty field"
            raise PuzzleError(
                f"unexpected {shown}: expected B (black), W (white) or _ (no cell)",
                source,
                line.number,
                token.col,
            )
        row.append(_SYMBOLS[symbol])
    return row


def _grid(lines: Sequence[textformat.Line], source: str, what: str) -> list[list[str | None]]:
    rows = []
    fields = 0
    for line in lines:
        rows.append(_row(line, source))
        fields += len(rows[-1])
        # checked row by row, so that no more than this many fields are ever built
        if fields > MAX_CELLS:
            raise PuzzleError(
                f"the {what}'s rows have more than {MAX_CELLS:,} fields: lpsolve reads boards "
                f"(and stones) of at most {MAX_CELLS:,} cells",
                source,
                line.number,
                1 + line.indent,
            )
    for line, row in zip(lines, rows, strict=True):
        if len(row) != len(rows[0]):
            raise PuzzleError(
                f"row has {len(row)} fields, the {what}'s first row has {len(rows[0])}",
                source,
                line.number,
                1 + line.indent,
            )
    return rows


def _stone(lines: Sequence[textformat.Line], number: int, source: str) -> Shape:
    rows = _grid(lines, source, f"stone {number}")
    cells = [(x, y, c) for y, row in enumerate(rows) for x, c in enumerate(row) if c is not None]
    if not cells:
        raise PuzzleError(
            f"stone {number} has no cells (only _)", source, lines[0].number, 1 + lines[0].indent
        )
    # One piece: every cell reachable from the first through edge-sharing neighbours.
    where = {(x, y) for x, y, _ in cells}
    seen = {(cells[0][0], cells[0][1])}
    todo = list(seen)
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in where and near not in seen:
                seen.add(near)
                todo.append(near)
    apart = [(x, y) for x, y, _ in cells if (x, y) not in seen]
    if apart:
        x, y = apart[0]
        col = _fields(lines[y])[x].col
        raise PuzzleError(
            f"stone {number} is not one piece: this cell is not joined edge to edge to its "
            f"first cell (write separate pieces as separate stones)",
            source,
            lines[y].number,
            col,
        )
    return normalise(cells)


def parse(text: str, source: str, extension: str = ".tiling") -> TilingPuzzle:
    lines = textformat.content_lines(
        text,
        source,
        limits.MAX_TILING_LINES,
        f"a board has at most {MAX_CELLS:,} cells and {limits.MAX_STONES:,} stones",
    )
    first = lines[0]
    header = textformat.header(first)
    if header is None or header[0] != "board":
        raise PuzzleError(
            "expected a 'board: WxH' header (or 'board:' and rows of B/W) first",
            source,
            first.number,
            first.indent + 1,
        )
    _, value, value_col = header
    rest = lines[1:]
    if value:
        match = _SIZE.fullmatch(value)
        if match is None:
            raise PuzzleError(
                f"board {value!r}: expected WxH such as 8x8, or nothing and the board's "
                "rows of B/W below",
                source,
                first.number,
                value_col,
            )
        width, height = (
            limits.check_int(match.group(i), source, first.number, value_col + match.start(i), what)
            for i, what in ((1, "board width"), (2, "board height"))
        )
        if min(width, height) < 1 or width * height > MAX_CELLS:
            raise PuzzleError(
                f"board {width}x{height}: expected 1 to {MAX_CELLS:,} cells",
                source,
                first.number,
                value_col,
            )
        board = {
            (x, y): "b" if (x + y) % 2 == 0 else "w" for x in range(width) for y in range(height)
        }
    else:
        grid_lines = []
        while rest and not _SEPARATOR.fullmatch(rest[0].text.strip()):
            grid_lines.append(rest.pop(0))
        if not grid_lines:
            raise PuzzleError(
                "'board:' without a size needs the board's rows of B/W below it, ended by "
                "a line of =",
                source,
                first.number,
                value_col,
            )
        if not rest:
            raise PuzzleError(
                "the board's rows must be ended by a line of = before the stones",
                source,
                grid_lines[-1].number,
                len(grid_lines[-1].text) + 1,
            )
        rest.pop(0)
        rows = _grid(grid_lines, source, "board")
        height, width = len(rows), len(rows[0])
        if width * height > MAX_CELLS:
            raise PuzzleError(f"board: more than {MAX_CELLS:,} cells", source, first.number, 1)
        board = {(x, y): c for y, row in enumerate(rows) for x, c in enumerate(row) if c}
        if not board:
            raise PuzzleError("the board has no cells", source, grid_lines[0].number, 1)

    shapes: list[Shape] = []
    block: list[textformat.Line] = []
    for line in rest:
        if _SEPARATOR.fullmatch(line.text.strip()):
            if not block:
                raise PuzzleError(
                    f"stone {len(shapes) + 1} has no cells (a line of = with no rows before it)",
                    source,
                    line.number,
                    line.indent + 1,
                )
            shapes.append(_stone(block, len(shapes) + 1, source))
            block = []
        elif textformat.header(line) is not None:
            raise PuzzleError(
                "unexpected header: only 'board:' is known, and it comes first",
                source,
                line.number,
                line.indent + 1,
            )
        else:
            if not block and len(shapes) == limits.MAX_STONES:
                limits.check_count(
                    len(shapes) + 1, len(shapes), "stones", source, line.number, line.indent + 1
                )
            block.append(line)
    if block:  # the last stone's separator is optional
        shapes.append(_stone(block, len(shapes) + 1, source))
    if not shapes:
        raise PuzzleError("no stones after the board", source, first.number, 1)
    area = sum(len(shape) for shape in shapes)
    if area != len(board):
        raise PuzzleError(
            f"the {plural(len(shapes), 'stone')} have {plural(area, 'cell')} in all, "
            f"the board has {len(board)}",
            source,
            first.number,
            value_col,
        )
    return TilingPuzzle(board, width, height, tuple(shapes), source)
