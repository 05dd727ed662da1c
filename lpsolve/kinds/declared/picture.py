"""A declared kind's picture, drawn from its ``[[draw]]`` layers over a square grid.

Each layer selects atoms by a pattern, from the puzzle's facts, the solution and what
the kind's check derives from them (Sudoku's boxes), and draws them: region borders,
numbers, shading, symbols, clues outside the grid, lines through cell centres or along
cell edges, dots at the corners, split clue cells and a caption. Layers are drawn in
two passes, so that fills never cover ink: first every layer's fills (shading, the grey
of given numbers), then highlighted cells (a conflict's givens, the cells of broken
rules), then every layer's ink in the declaration's order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import clingo
import drawsvg as dw

from ... import draw
from .declaration import Declaration, Layer
from .patterns import Pattern, fill_template, is_constant, is_number

LIGHT_SHADE = "#fff3a8"  # lit cells: pale yellow
DARK_SHADE = "#222222"
_DIRECTIONS = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}


def layer_signatures(declaration: Declaration) -> set[tuple[str, int]]:
    """The atoms (name, arity) the layers draw."""
    found = set()
    for layer in declaration.draw:
        for pattern in (layer.atom, layer.left, layer.right):
            if pattern is not None:
                found.add((pattern.name, pattern.arity))
    return found


def picture(
    declaration: Declaration,
    header: Mapping[str, int],
    atoms: Iterable[clingo.Symbol],
    highlighted: Sequence[tuple[tuple[int, int], str]] = (),
    marks: Sequence[tuple[tuple[int, int], str, str]] = (),
) -> str:
    """The SVG picture of ``atoms`` (the puzzle's facts, a solution's atoms and what
    the check derives); ``highlighted``: cells (row, col) drawn red, with a title;
    ``marks``: a hint's cells ``((row, col), role, title)`` (:meth:`draw.Board.mark`)."""
    names = declaration.header.numbers
    rows, cols = header[names[0]], header[names[1]]
    atoms = sorted(set(atoms))
    outside = any(layer.what == "outside" for layer in declaration.draw)
    # a ring of cells around the board makes room for clues outside it
    ring = 1 if outside else 0
    corners = [(-ring, -ring), (cols - 1 + ring, rows - 1 + ring)]
    caption = next((layer for layer in declaration.draw if layer.what == "caption"), None)
    caption_text = fill_template(caption.text, header) if caption and caption.text else None
    top = 24 if caption_text else 0
    board = draw.Board(
        corners,
        top=top,
        min_width=8 * len(caption_text) + 16 if caption_text else 0,
    )
    for r in range(rows):
        for c in range(cols):
            board.cell((c, r))
    painter = _Painter(board, rows, cols, header)
    for layer in declaration.draw:
        painter.fills(layer, atoms)
    for (r, c), title in highlighted:
        if 0 <= r < rows and 0 <= c < cols:
            board.highlight((c, r), title)
    for (r, c), role, title in marks:
        board.mark((c, r), role, title)
    for layer in declaration.draw:
        painter.ink(layer, atoms)
    if caption_text:
        board.caption(caption_text)
    return board.svg()


class _Painter:
    def __init__(self, board: draw.Board, rows: int, cols: int, header: Mapping[str, int]) -> None:
        self.board = board
        self.rows = rows
        self.cols = cols
        self.header = header
        self.shaded: set[tuple[int, int]] = set()
        # a cell's number is drawn once: the first numbers layer that has one wins (a
        # given stays bold black although the solution holds it too)
        self.labelled: set[tuple[int, int]] = set()

    def on_board(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def matches(
        self, pattern: Pattern | None, atoms: Iterable[clingo.Symbol]
    ) -> list[dict[str, clingo.Symbol]]:
        if pattern is None:
            return []
        found = []
        for atom in atoms:
            bound = pattern.match(atom, self.header)
            if bound is not None:
                found.append(bound)
        return found

    def cells(self, pattern: Pattern | None, atoms: Iterable[clingo.Symbol]):
        """(row, col, bindings) of the atoms on the board."""
        for bound in self.matches(pattern, atoms):
            r, c = bound["R"], bound["C"]
            if is_number(r) and is_number(c) and self.on_board(r.number, c.number):
                yield r.number, c.number, bound

    # -- pass 1: fills
    def fills(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        if layer.what == "shade":
            fill = DARK_SHADE if layer.colour == "dark" else LIGHT_SHADE
            for r, c, _ in self.cells(layer.atom, atoms):
                self.board.cell((c, r), fill=fill, role=f"shade {layer.colour}")
                if layer.colour == "dark":
                    self.shaded.add((r, c))
        elif layer.what in ("numbers", "text") and layer.style == "given":
            for r, c, _ in self.cells(layer.atom, atoms):
                self.board.cell((c, r), fill=draw.GIVEN_FILL, role="given")
        elif layer.what == "pair":
            for pattern in (layer.left, layer.right):
                for r, c, _ in self.cells(pattern, atoms):
                    self.board.cell((c, r), fill=draw.GIVEN_FILL, role="clue")

    # -- pass 2: ink
    def ink(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        draw_ink = {
            "regions": self.ink_regions,
            "numbers": self.ink_numbers,
            "text": self.ink_numbers,
            "symbol": self.ink_symbol,
            "outside": self.ink_outside,
            "line": self.ink_line,
            "edges": self.ink_edges,
            "dots": self.ink_dots,
            "pair": self.ink_pair,
        }.get(layer.what)
        if draw_ink is not None:  # shade is all fill; the caption is drawn once, above
            draw_ink(layer, atoms)

    def ink_regions(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        owner: dict[tuple[int, int], object] = {}
        for r, c, bound in self.cells(layer.atom, atoms):
            rest = tuple(str(v) for k, v in sorted(bound.items()) if k not in ("R", "C"))
            owner[(c, r)] = rest
        if owner:
            self.board.borders(owner)

    def ink_numbers(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        for r, c, bound in self.cells(layer.atom, atoms):
            text = _shown(bound["V"])
            if text is None or (r, c) in self.labelled:
                continue
            self.labelled.add((r, c))
            on_shade = layer.style == "on-shade" or (r, c) in self.shaded
            self.board.label(
                (c, r),
                text,
                given=layer.style == "given",
                ink="#ffffff" if on_shade else None,
            )

    def ink_symbol(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        unit = self.board.unit
        for r, c, _ in self.cells(layer.atom, atoms):
            x, y = self.board.centre((c, r))
            self.board.drawing.append(_symbol(layer.symbol, x, y, unit))

    def ink_outside(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        lists: dict[tuple[str, int], list[tuple[int, str]]] = {}
        for bound in self.matches(layer.atom, atoms):
            side, k, value = bound["S"], bound["K"], _shown(bound["V"])
            if not (is_constant(side) and side.name in _SIDE_CELL and is_number(k) and value):
                continue
            item = bound["I"].number if "I" in bound and is_number(bound["I"]) else 0
            lists.setdefault((side.name, k.number), []).append((item, value))
        for (side, k), items in lists.items():
            text = " ".join(value for _, value in sorted(items))
            cell = _SIDE_CELL[side](k, self.rows, self.cols)
            self.board.drawing.append(
                dw.Text(
                    text,
                    round(self.board.unit * (0.42 if len(text) < 3 else 0.3), 1),
                    *self.board.centre(cell),
                    text_anchor="middle",
                    dominant_baseline="central",
                    font_family=draw.FONT,
                    fill=draw.GIVEN_INK,
                    class_="number outside",
                )
            )

    def ink_line(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        for r, c, bound in self.cells(layer.atom, atoms):
            step = _direction(bound["D"])
            if step is None:
                continue
            x, y = self.board.centre((c, r))
            half = self.board.unit / 2
            self.board.drawing.append(
                dw.Line(
                    x,
                    y,
                    x + step[0] * half,
                    y + step[1] * half,
                    stroke=draw.PATH_STROKE,
                    stroke_width=max(2, self.board.unit / 8),
                    stroke_linecap="round",
                    class_="line",
                )
            )

    def ink_edges(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        for r, c, bound in self.cells(layer.atom, atoms):
            step = _direction(bound["D"])
            if step is None:
                continue
            x, y = self.board.centre((c, r))
            h = self.board.unit / 2
            dx, dy = step
            # the side across the direction: its two corners
            x1, y1 = x + dx * h - dy * h, y + dy * h - dx * h
            x2, y2 = x + dx * h + dy * h, y + dy * h + dx * h
            self.board.drawing.append(
                dw.Line(
                    x1,
                    y1,
                    x2,
                    y2,
                    stroke="#000000",
                    stroke_width=4,
                    stroke_linecap="round",
                    class_="edge",
                )
            )

    def ink_dots(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        h = self.board.unit / 2
        for bound in self.matches(layer.atom, atoms):
            r, c = bound["R"], bound["C"]
            if not (is_number(r) and is_number(c)):
                continue
            if not (0 <= r.number <= self.rows and 0 <= c.number <= self.cols):
                continue
            # the top-left corner of cell (r, c); the lattice has one more row and column
            x, y = self.board.centre((c.number, r.number))
            self.board.drawing.append(
                dw.Circle(x - h, y - h, max(2, self.board.unit / 14), fill="#000000", class_="dot")
            )

    def ink_pair(self, layer: Layer, atoms: Sequence[clingo.Symbol]) -> None:
        h = self.board.unit / 2
        cells = set()
        for pattern, corner in ((layer.left, (-0.22, 0.22)), (layer.right, (0.22, -0.22))):
            for r, c, bound in self.cells(pattern, atoms):
                cells.add((r, c))
                text = _shown(bound["V"])
                if text is None:
                    continue
                x, y = self.board.centre((c, r))
                self.board.drawing.append(
                    dw.Text(
                        text,
                        round(self.board.unit * 0.28, 1),
                        x + corner[0] * self.board.unit,
                        y + corner[1] * self.board.unit,
                        text_anchor="middle",
                        dominant_baseline="central",
                        font_family=draw.FONT,
                        fill=draw.GIVEN_INK,
                        class_="number clue",
                    )
                )
        for r, c in sorted(cells):
            x, y = self.board.centre((c, r))
            self.board.drawing.append(
                dw.Line(x - h, y - h, x + h, y + h, stroke=draw.GRID_STROKE, class_="diagonal")
            )


#: where a clue outside the grid stands: the cell of the ring beside row or column K
_SIDE_CELL = {
    "top": lambda k, rows, cols: (k, -1),
    "bottom": lambda k, rows, cols: (k, rows),
    "left": lambda k, rows, cols: (-1, k),
    "right": lambda k, rows, cols: (cols, k),
}


def _shown(symbol: clingo.Symbol) -> str | None:
    if is_number(symbol):
        return str(symbol.number)
    if is_constant(symbol):
        return symbol.name
    return None


def _direction(symbol: clingo.Symbol) -> tuple[int, int] | None:
    return _DIRECTIONS.get(symbol.name) if is_constant(symbol) else None


def _symbol(name: str, x: float, y: float, unit: float) -> dw.DrawingElement:
    """One symbol centred at (x, y), its class its name."""
    r = unit * 0.3
    if name == "circle":
        return dw.Circle(x, y, r, fill="#ffffff", stroke="#000000", stroke_width=2, class_="circle")
    if name == "black-circle":
        return dw.Circle(x, y, r, fill="#000000", class_="black-circle")
    if name == "dot":
        return dw.Circle(x, y, unit * 0.08, fill="#000000", class_="dot")
    if name == "lamp":
        return dw.Circle(x, y, r, fill="#ffd92f", stroke="#7a5c00", stroke_width=2, class_="lamp")
    if name == "cross":
        group = dw.Group(class_="cross", stroke="#000000", stroke_width=2)
        group.append(dw.Line(x - r, y - r, x + r, y + r))
        group.append(dw.Line(x - r, y + r, x + r, y - r))
        return group
    if name == "star":
        return dw.Lines(*_star_points(x, y, r * 1.1), close=True, fill="#000000", class_="star")
    if name == "tent":
        return dw.Lines(
            x,
            y - r,
            x + r,
            y + r * 0.8,
            x - r,
            y + r * 0.8,
            close=True,
            fill="#d55e00",
            stroke="#000000",
            class_="tent",
        )
    # tree
    group = dw.Group(class_="tree")
    group.append(dw.Rectangle(x - r * 0.15, y + r * 0.2, r * 0.3, r * 0.8, fill="#8c564b"))
    group.append(dw.Circle(x, y - r * 0.1, r * 0.7, fill="#2ca02c"))
    return group


def _star_points(x: float, y: float, r: float) -> list[float]:
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 5 * i - math.pi / 2
        points += [round(x + radius * math.cos(angle), 2), round(y + radius * math.sin(angle), 2)]
    return points
