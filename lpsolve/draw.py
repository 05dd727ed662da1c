"""Shared drawing primitives for the kinds' ``svg()`` pictures (built with drawsvg).

A :class:`Board` lays cells out on a square grid (``(x, y)`` = column, row) or a hex
grid (axial ``(x, y)`` as Hidato's hex boards use, pointy-top, odd rows half a cell to
the right) and draws cells, numbers, a path through cell centres and highlights. Every
element carries a ``class`` saying what it is (``cell``, ``given``, ``filled``,
``conflict``, ``path``, ``peg`` ...) so pictures can be checked structurally, and
presentation attributes (not a stylesheet) so every renderer shows the same thing.

drawsvg escapes text and ``<title>`` content but not attribute values: user text
(colour names, labels) only ever goes into text or titles here, never attributes.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import drawsvg as dw

Cell = tuple[int, int]

UNIT = 40  # a square cell's side, px; a hexagon's width
MARGIN = 8
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

BACKGROUND = "#ffffff"
GRID_STROKE = "#555555"
GIVEN_FILL = "#dcdcdc"  # a given's cell: grey
GIVEN_INK = "#000000"  # a given's number: black, bold
FILLED_INK = "#1f5fbf"  # a solved number: blue, normal weight
CONFLICT_FILL = "#ffb3b3"
CONFLICT_STROKE = "#d00000"
#: a hint's marks: the cells a step fixes (green) and the cells that force it (amber)
MARK_STYLES = {"fix": ("#b8e6b8", "#1a8f1a"), "because": ("#ffe0a3", "#e08a00")}
PATH_STROKE = "#ff8c1a"
DIGIT_EM = 0.64  # a digit's width in DejaVu Sans (0.636 em), and about that in the others

#: distinguishable fills (Okabe-Ito, then Tableau hues); more come from golden-angle hues
PALETTE = (
    "#e69f00",
    "#56b4e9",
    "#009e73",
    "#f0e442",
    "#0072b2",
    "#d55e00",
    "#cc79a7",
    "#8c564b",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
    "#9467bd",
)

#: fills for colour words people use in games (Mastermind pegs); others take PALETTE
NAMED_COLOURS = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#ffd92f",
    "orange": "#ff7f0e",
    "purple": "#8e44ad",
    "violet": "#8e44ad",
    "pink": "#ff69b4",
    "magenta": "#e377c2",
    "cyan": "#17becf",
    "brown": "#8c564b",
    "black": "#111111",
    "white": "#ffffff",
    "grey": "#999999",
    "gray": "#999999",
}


def palette(index: int) -> str:
    """The ``index``-th distinguishable colour: PALETTE, then golden-angle hues."""
    if index < len(PALETTE):
        return PALETTE[index]
    hue = (index * 0.618033988749895) % 1.0
    lightness = 0.55 if index % 2 else 0.7  # alternate so neighbours in hue differ more
    r, g, b = colorsys.hls_to_rgb(hue, lightness, 0.65)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def colour_fills(names: Sequence[str]) -> dict[str, str]:
    """A fill for each colour name: its own colour if it is a known word, else the next
    palette colour not already taken by a known word."""
    fills: dict[str, str] = {}
    taken = {NAMED_COLOURS[n.casefold()] for n in names if n.casefold() in NAMED_COLOURS}
    spare = (c for i in range(len(names) + len(PALETTE)) if (c := palette(i)) not in taken)
    for name in names:
        fills[name] = NAMED_COLOURS.get(name.casefold()) or next(spare)
    return fills


def text_ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (``#rrggbb``)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def new_drawing(width: float, height: float) -> dw.Drawing:
    drawing = dw.Drawing(math.ceil(width), math.ceil(height))
    drawing.append(dw.Rectangle(0, 0, math.ceil(width), math.ceil(height), fill=BACKGROUND))
    return drawing


class Board:
    """Cells on a square or hex grid, drawn into one SVG picture.

    ``top`` leaves room above the board (e.g. for a caption), ``min_width`` makes the
    picture at least that wide. Draw cells first, then
    paths, then labels, so numbers stay readable over the path.
    """

    def __init__(
        self,
        cells: Iterable[Cell],
        shape: str = "square",
        unit: float = UNIT,
        top: float = 0,
        min_width: float = 0,
    ) -> None:
        if shape not in ("square", "hex"):
            raise ValueError(f"unknown grid shape {shape!r}")
        self.cells = tuple(cells)
        self.shape = shape
        self.unit = unit
        raw = [self._raw_centre(cell) for cell in self.cells]
        half_w, half_h = self._half_extent()
        self._dx = MARGIN + half_w - min(x for x, _ in raw)
        self._dy = MARGIN + top + half_h - min(y for _, y in raw)
        self.width = max(x for x, _ in raw) + self._dx + half_w + MARGIN
        if self.width < min_width:  # centre the board under a wide caption
            self._dx += (min_width - self.width) / 2
            self.width = min_width
        self.height = max(y for _, y in raw) + self._dy + half_h + MARGIN
        self.drawing = new_drawing(self.width, self.height)

    # -- geometry ----------------------------------------------------------------
    def _hex_radius(self) -> float:
        return self.unit / math.sqrt(3)  # centre to corner of a pointy-top hexagon

    def _half_extent(self) -> tuple[float, float]:
        if self.shape == "hex":
            return self.unit / 2, self._hex_radius()
        return self.unit / 2, self.unit / 2

    def _raw_centre(self, cell: Cell) -> tuple[float, float]:
        x, y = cell
        if self.shape == "hex":  # axial: row y, and x + y/2 columns across
            return self.unit * (x + y / 2), 1.5 * self._hex_radius() * y
        return self.unit * x, self.unit * y

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = self._raw_centre(cell)
        return round(x + self._dx, 2), round(y + self._dy, 2)

    def outline(self, cell: Cell) -> list[float]:
        """The corners of a cell, flattened ``[x0, y0, x1, y1, ...]``."""
        cx, cy = self.centre(cell)
        if self.shape == "hex":
            r = self._hex_radius()
            corners = [(math.pi / 180) * (60 * i - 30) for i in range(6)]
            return [
                round(v, 2) for a in corners for v in (cx + r * math.cos(a), cy + r * math.sin(a))
            ]
        h = self.unit / 2
        return [cx - h, cy - h, cx + h, cy - h, cx + h, cy + h, cx - h, cy + h]

    # -- drawing -----------------------------------------------------------------
    def cell(
        self,
        cell: Cell,
        *,
        fill: str = BACKGROUND,
        role: str = "",
        title: str | None = None,
    ) -> dw.Lines:
        """One cell's shape; ``role`` (e.g. ``given``) is added to its class."""
        shape = dw.Lines(
            *self.outline(cell),
            close=True,
            fill=fill,
            stroke=GRID_STROKE,
            stroke_width=1,
            class_=f"cell {role}".strip(),
        )
        if title is not None:
            shape.append_title(title)
        self.drawing.append(shape)
        return shape

    def highlight(self, cell: Cell, title: str | None = None) -> None:
        """Mark a cell as part of a conflict: a red tint and a thick red border."""
        self._tint(cell, CONFLICT_FILL, 0.6, CONFLICT_STROKE, "conflict", title)

    def mark(self, cell: Cell, role: str, title: str | None = None) -> None:
        """Mark a cell for a hint (:data:`MARK_STYLES`): ``fix``, the cell a step
        fills, or ``because``, a cell that forces it; a tint and a thick border."""
        fill, stroke = MARK_STYLES[role]
        self._tint(cell, fill, 0.7, stroke, f"mark {role}", title)

    def _tint(
        self, cell: Cell, fill: str, opacity: float, stroke: str, role: str, title: str | None
    ) -> None:
        shape = dw.Lines(
            *self.outline(cell),
            close=True,
            fill=fill,
            fill_opacity=opacity,
            stroke=stroke,
            stroke_width=3,
            class_=role,
        )
        if title is not None:
            shape.append_title(title)
        self.drawing.append(shape)

    def label(
        self,
        cell: Cell,
        text: str,
        *,
        given: bool,
        ink: str | None = None,
        plate: str | None = None,
    ) -> None:
        """A number or symbol in a cell: givens bold black, filled-in ones blue.
        ``plate``: a fill (the cell's own) laid under the text first, the text's size,
        so that a path drawn before runs under the number, not through its digits."""
        cx, cy = self.centre(cell)
        size = self.unit * (0.42 if len(text) < 3 else 0.34)
        if plate is not None:
            width = min(size * (DIGIT_EM * len(text) + 0.35), self.unit - 4)
            height = size * 1.1
            self.drawing.append(
                dw.Rectangle(
                    round(cx - width / 2, 2),
                    round(cy - height / 2, 2),
                    round(width, 2),
                    round(height, 2),
                    rx=round(height / 4, 2),
                    fill=plate,
                    class_="plate",
                )
            )
        self.drawing.append(
            dw.Text(
                text,
                round(size, 1),
                cx,
                cy,
                text_anchor="middle",
                dominant_baseline="central",
                font_family=FONT,
                font_weight="bold" if given else "normal",
                fill=ink or (GIVEN_INK if given else FILLED_INK),
                stroke=BACKGROUND,  # a halo, so a path under the number does not hide it
                stroke_width=3,
                paint_order="stroke",
                class_="number given" if given else "number filled",
            )
        )

    def edge_mark(self, a: Cell, b: Cell, text: str) -> None:
        """A sign on the border of two neighbouring cells (e.g. Binairo Plus's = and x),
        in a small disc so that the grid line does not cross it."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        x, y = round((ax + bx) / 2, 2), round((ay + by) / 2, 2)
        radius = round(self.unit * 0.17, 1)
        self.drawing.append(
            dw.Circle(x, y, radius, fill=BACKGROUND, stroke=GRID_STROKE, class_="sign")
        )
        self.drawing.append(
            dw.Text(
                text,
                round(self.unit * 0.26, 1),
                x,
                y,
                text_anchor="middle",
                dominant_baseline="central",
                font_family=FONT,
                font_weight="bold",
                fill=GIVEN_INK,
                class_="sign",
            )
        )

    def path(self, cells: Sequence[Cell]) -> None:
        """A line through the centres of ``cells`` in order (e.g. 1, 2, ..., N), and a
        ring in the first cell, around its number. Numbers drawn on it afterwards take
        a ``plate`` (:meth:`label`) so the line does not cross their digits."""
        if len(cells) < 2:
            return
        points = [v for cell in cells for v in self.centre(cell)]
        self.drawing.append(
            dw.Lines(
                *points,
                close=False,
                fill="none",
                stroke=PATH_STROKE,
                stroke_width=max(2, self.unit / 10),
                stroke_opacity=0.75,
                stroke_linejoin="round",
                stroke_linecap="round",
                class_="path",
            )
        )
        x, y = self.centre(cells[0])  # the start of the path
        self.drawing.append(
            dw.Circle(
                x,
                y,
                round(self.unit * 0.4, 2),
                fill="none",
                stroke=PATH_STROKE,
                stroke_width=max(2, self.unit / 14),
                class_="start",
            )
        )

    def corner_mark(self, cell: Cell, colour: str) -> None:
        """A small square in a cell's top-left corner showing a board colour (``b`` or
        ``w``), so a cell filled with another colour still shows it."""
        cx, cy = self.centre(cell)
        h, side = self.unit / 2, self.unit / 4
        black = colour == "b"
        self.drawing.append(
            dw.Rectangle(
                cx - h + 3,
                cy - h + 3,
                side,
                side,
                fill="#111111" if black else "#ffffff",
                stroke="#111111",
                stroke_width=1,
                class_="mark black" if black else "mark white",
            )
        )

    def borders(self, owner: dict[Cell, object]) -> None:
        """Thick lines along square cells' sides where the owner changes (or the board
        ends): the outlines of the pieces."""
        h = self.unit / 2
        for cell, who in owner.items():
            x, y = cell
            cx, cy = self.centre(cell)
            sides = {
                (x, y - 1): (cx - h, cy - h, cx + h, cy - h),
                (x, y + 1): (cx - h, cy + h, cx + h, cy + h),
                (x - 1, y): (cx - h, cy - h, cx - h, cy + h),
                (x + 1, y): (cx + h, cy - h, cx + h, cy + h),
            }
            for other, (x1, y1, x2, y2) in sides.items():
                if owner.get(other) != who and (other not in owner or other > cell):
                    self.drawing.append(
                        dw.Line(
                            x1,
                            y1,
                            x2,
                            y2,
                            stroke="#000000",
                            stroke_width=3,
                            stroke_linecap="square",
                            class_="border",
                        )
                    )

    def caption(self, text: str, y: float | None = None) -> None:
        add_caption(self.drawing, text, self.width, MARGIN + 14 if y is None else y)

    def svg(self) -> str:
        return self.drawing.as_svg()


def add_caption(drawing: dw.Drawing, text: str, width: float, y: float) -> None:
    drawing.append(
        dw.Text(
            text,
            14,
            width / 2,
            y,
            text_anchor="middle",
            font_family=FONT,
            fill="#333333",
            class_="caption",
        )
    )


def peg(
    drawing: dw.Drawing,
    x: float,
    y: float,
    radius: float,
    fill: str | None,
    *,
    role: str,
    title: str | None = None,
) -> None:
    """A round peg; ``fill=None`` draws an empty hole (dashed outline)."""
    if fill is None:
        circle = dw.Circle(
            x,
            y,
            radius,
            fill="none",
            stroke="#aaaaaa",
            stroke_width=1,
            stroke_dasharray="2,2",
            class_=role,
        )
    else:
        circle = dw.Circle(x, y, radius, fill=fill, stroke="#333333", stroke_width=1, class_=role)
    if title is not None:
        circle.append_title(title)
    drawing.append(circle)


def row_column_grid(
    height: int,
    width: int,
    givens: Mapping[tuple[int, int], object],
    value_at: Callable[[int, int], object | None],
    conflict: Iterable[object],
    place_name: Callable[[int, int], str],
    caption: str | None = None,
    edge_marks: Iterable[tuple[tuple[int, int], tuple[int, int], str]] = (),
    marks: Iterable[tuple[tuple[int, int], str, str]] = (),
) -> str:
    """A rectangular board indexed ``(row, col)`` (magic board, Takuzu): givens bold on
    grey, other values blue, conflicting givens (clue JSON ``[row, col, ...]``) red.
    ``value_at(r, c)`` is what the cell shows, ``None`` for nothing; ``edge_marks``:
    signs between two neighbouring cells ``(row, col)``; ``marks``: a hint's cells
    ``((row, col), role, title)`` (:meth:`Board.mark`)."""
    cells = [(c, r) for r in range(height) for c in range(width)]
    if caption is None:
        board = Board(cells)
    else:
        board = Board(cells, top=24, min_width=8 * len(caption) + 16)
        board.caption(caption)
    for c, r in board.cells:
        if (r, c) in givens:
            board.cell((c, r), fill=GIVEN_FILL, role="given")
        else:
            board.cell((c, r))
    for c, r in clue_cells(conflict, row_first=True):
        if 0 <= r < height and 0 <= c < width:
            board.highlight((c, r), f"conflict: {place_name(r, c)}")
    for (r, c), role, title in marks:
        board.mark((c, r), role, title)
    for c, r in board.cells:
        value = value_at(r, c)
        if value is not None:
            board.label((c, r), str(value), given=(r, c) in givens)
    for (r, c), (r2, c2), text in edge_marks:
        board.edge_mark((c, r), (c2, r2), text)
    return board.svg()


def clue_cells(conflict: Iterable[object], *, row_first: bool = False) -> list[Cell]:
    """The cells of clues whose JSON form starts with two coordinates (``[x, y, ...]``,
    or ``[row, col, ...]`` with ``row_first``), as ``(x, y)``; other clues are skipped."""
    cells = []
    for clue in conflict:
        data = getattr(clue, "json", None)
        if isinstance(data, list | tuple) and len(data) >= 2:
            a, b = data[0], data[1]
            if type(a) is int and type(b) is int:
                cells.append((b, a) if row_first else (a, b))
    return cells


@dataclass(frozen=True)
class PegRow:
    """One row of a peg board: a label, a code (colour names), optional feedback."""

    label: str
    code: Sequence[str]
    feedback: tuple[int, int] | None = None  # (black, white)
    highlighted: bool = False
    role: str = "guess"


PEG_GAP = 36  # distance between code pegs, px
PEG_RADIUS = 14
KEY_GAP = 14  # distance between feedback pegs
KEY_RADIUS = 5
ROW_HEIGHT = 44
EMPTY_WORDS = frozenset({"none", "empty", "blank"})  # drawn as an empty hole


def peg_board(colours: Sequence[str], rows: Sequence[PegRow], caption: str) -> str:
    """A Mastermind-style board: one row per code with coloured pegs (each named by a
    ``<title>``), black/white feedback pegs on the right (empty holes for the rest)
    and a legend of the colours below."""
    pegs = max((len(row.code) for row in rows), default=1)
    key_cols = max(1, math.ceil(pegs / 2))
    label_w = 44
    width = MARGIN * 2 + label_w + pegs * PEG_GAP + 16 + key_cols * KEY_GAP + 8
    fills = colour_fills(colours)
    legend_w = [24 + 8 * len(name) for name in colours]  # swatch + a guess at the text width
    legend_lines = _wrap(legend_w, max(width, 240) - 2 * MARGIN)
    width = max(width, 240)
    top = MARGIN + 24
    height = top + ROW_HEIGHT * len(rows) + 10 + 22 * len(legend_lines) + MARGIN
    drawing = new_drawing(width, height)
    add_caption(drawing, caption, width, MARGIN + 14)
    for i, row in enumerate(rows):
        y = top + ROW_HEIGHT * i + ROW_HEIGHT / 2
        if row.highlighted:
            drawing.append(
                dw.Rectangle(
                    MARGIN / 2,
                    y - ROW_HEIGHT / 2 + 2,
                    width - MARGIN,
                    ROW_HEIGHT - 4,
                    fill=CONFLICT_FILL,
                    stroke=CONFLICT_STROKE,
                    stroke_width=2,
                    class_="conflict",
                )
            )
        if row.role != "guess":  # e.g. the code found: a line sets it apart from the guesses
            drawing.append(
                dw.Line(
                    MARGIN,
                    y - ROW_HEIGHT / 2,
                    width - MARGIN,
                    y - ROW_HEIGHT / 2,
                    stroke=GRID_STROKE,
                    stroke_width=2,
                    class_="separator",
                )
            )
        drawing.append(
            dw.Text(
                row.label,
                14,
                MARGIN + label_w - 8,
                y,
                text_anchor="end",
                dominant_baseline="central",
                font_family=FONT,
                fill="#333333",
                class_="row-label",
            )
        )
        for p, name in enumerate(row.code):
            x = MARGIN + label_w + PEG_GAP * p + PEG_GAP / 2
            fill = None if name.casefold() in EMPTY_WORDS else fills.get(name, "#000000")
            peg(drawing, x, y, PEG_RADIUS, fill, role=f"peg {row.role}", title=name)
        if row.feedback is not None:
            black, white = row.feedback
            kinds = ["black"] * black + ["white"] * white
            kinds += ["empty"] * (len(row.code) - len(kinds))
            x0 = MARGIN + label_w + pegs * PEG_GAP + 16 + KEY_GAP / 2
            for k, what in enumerate(kinds):
                kx = x0 + KEY_GAP * (k % key_cols)
                ky = y + (KEY_GAP / 2 if k >= key_cols else -KEY_GAP / 2)
                fill = {"black": "#111111", "white": "#ffffff", "empty": None}[what]
                peg(drawing, kx, ky, KEY_RADIUS, fill, role=f"key {what}", title=what)
    y = top + ROW_HEIGHT * len(rows) + 10
    for line in legend_lines:
        x = MARGIN
        for index in line:
            name = colours[index]
            fill = None if name.casefold() in EMPTY_WORDS else fills[name]
            peg(drawing, x + 8, y + 8, 7, fill, role="swatch", title=name)
            drawing.append(
                dw.Text(
                    name,
                    12,
                    x + 20,
                    y + 8,
                    dominant_baseline="central",
                    font_family=FONT,
                    fill="#333333",
                    class_="legend",
                )
            )
            x += legend_w[index]
        y += 22
    return drawing.as_svg()


def _wrap(widths: Sequence[float], room: float) -> list[list[int]]:
    """Indices of items laid out left to right in lines no wider than ``room``."""
    lines: list[list[int]] = [[]]
    used = 0.0
    for index, w in enumerate(widths):
        if lines[-1] and used + w > room:
            lines.append([])
            used = 0.0
        lines[-1].append(index)
        used += w
    return lines if lines[0] else []
