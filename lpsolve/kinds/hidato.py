"""Hidato family: Hidato/Hidoku, Numbrix, Beehive (hex), boards with holes, jump tours.

Formats (see docs/formats.md for examples):

* comma grid (``.hidoku``, ``.hidato``: king moves; ``.numbrix``: orthogonal moves),
  one row per line, ``_``/``__``/``___`` empty, ``X``/``XX`` a hole, numbers given;
  an optional ``adjacency: NAME`` header line overrides the extension's default.
  With ``adjacency: hex`` the rows are *offset rows*: odd rows (1, 3, ...) sit half a
  cell to the right of even rows.
* JSON (``.json``): ``{"kind": "hidato", "adjacency": ..., "cells": [[x, y], ...],
  "givens": [[x, y, n], ...]}``; hex cells in axial coordinates (as seed 003).

Coordinates: ``x`` is the column, ``y`` the row (0 at the top) for grids; hex
cells use axial coordinates, neighbours (±1,0), (0,±1), (1,-1), (-1,1).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

import clingo

from .. import limits
from ..errors import PuzzleError, UsageError
from ..puzzle import Clue, Puzzle, givens_without
from . import janko, textformat

if TYPE_CHECKING:  # python-constraint is imported only for --backend csp
    from ..cspmodel import CspModel

Cell = tuple[int, int]
Offset = tuple[int, int]

KING: tuple[Offset, ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
ORTHOGONAL: tuple[Offset, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
HEX: tuple[Offset, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
KNIGHT: tuple[Offset, ...] = tuple(
    (dx, dy) for dx in (-2, -1, 1, 2) for dy in (-2, -1, 1, 2) if abs(dx) != abs(dy)
)
NAMED_ADJACENCY: dict[str, tuple[Offset, ...]] = {
    "king": KING,
    "orthogonal": ORTHOGONAL,
    "hex": HEX,
    "knight": KNIGHT,
}
EXTENSION_ADJACENCY = {".hidoku": "king", ".hidato": "king", ".numbrix": "orthogonal"}
EXTENSIONS = (*EXTENSION_ADJACENCY, ".json")

#: the largest boards (cells) the csp backend solves in about a second when numbers
#: are given (measured on the bundled instances: 100 cells 1 s, 163 cells > 2 min)
CSP_HANDLES_UP_TO = 100

#: large sparse boards search with the encoding's scan heuristic (``-c scan=C``: cells
#: filled one at a time, diagonal by diagonal from corner C, each preferring a number
#: that continues a neighbour's), the four corners in turns (``search_portfolio``): from
#: this many cells, with at most this share of the numbers given. Measured with
#: benchmarks/hidato_scale.py (docs/speed.md, "Hidato at scale"): one corner solves some boards
#: in seconds where another needs minutes, and no corner is best on most boards.
#: Dense boards need no search, and grounding a heuristic costs a 100x100 board a third
#: more time.
SCAN_FROM_CELLS = 400
SCAN_UP_TO_SHOWN = 0.4

EMPTY_CHARS = "_"
HOLE_CHARS = "Xx"


class HidatoSolution(NamedTuple):
    """``path[i]`` is the cell that holds number ``i + 1``."""

    path: tuple[Cell, ...]

    def numbers(self) -> dict[Cell, int]:
        return {cell: n for n, cell in enumerate(self.path, start=1)}

    def triples(self) -> list[list[int]]:
        """``[[x, y, n], ...]`` sorted by ``n``, the JSON form."""
        return [[x, y, n] for n, (x, y) in enumerate(self.path, start=1)]


class HidatoPuzzle(Puzzle):
    FIELDS = ("cells", "givens", "adjacency", "offsets", "source", "cells_shown_as")
    PRESENTATION = ("source", "cells_shown_as")

    def __init__(
        self,
        cells: tuple[Cell, ...],
        givens: dict[Cell, int],
        adjacency: str,
        offsets: tuple[Offset, ...],
        source: str = "<input>",
        cells_shown_as: str = "grid",
    ) -> None:
        self.cells = cells
        self.givens = givens
        self.adjacency = adjacency  # a name of NAMED_ADJACENCY, or "offsets"
        self.offsets = offsets  # symmetric move set
        self.source = source
        #: how the file shows cells, and so how messages name them: "grid" (rows of a
        #: grid file: "(row 2, col 3)", from 1) or "coordinates" (a JSON file's "[4, -1]")
        self.cells_shown_as = cells_shown_as

    kind = "hidato"
    csp_handles_up_to = CSP_HANDLES_UP_TO
    csp_unit = "cells"
    encoding = "hidato.lp"

    def cell_name(self, cell: Cell) -> str:
        """A cell as the file shows it (see ``cells_shown_as``); a hex grid's rows are
        offset rows, counted as typed."""
        if self.cells_shown_as == "coordinates":
            return f"[{cell[0]}, {cell[1]}]"
        column, row = axial_to_offset(cell) if self.adjacency == "hex" else cell
        return textformat.cell_name(row, column)

    @property
    def solver_arguments(self) -> tuple[str, ...]:  # type: ignore[override]
        """The scan heuristic for large sparse boards (see ``SCAN_FROM_CELLS``), from
        the first corner when there are no turns (e.g. counting every solution)."""
        return self.search_portfolio[0] if self.search_portfolio else ()

    @property
    def search_portfolio(self) -> tuple[tuple[str, ...], ...]:  # type: ignore[override]
        """Large sparse boards: the scan from each of the four corners, in turns."""
        cells = len(self.cells)
        if cells >= SCAN_FROM_CELLS and len(self.givens) <= SCAN_UP_TO_SHOWN * cells:
            return tuple(("--heuristic=Domain", f"--const=scan={corner}") for corner in range(1, 5))
        return ()

    # -- the puzzle as facts ------------------------------------------------
    def neighbours(self, cell: Cell) -> list[Cell]:
        on_board = self._cell_set
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in self.offsets if (x + dx, y + dy) in on_board]

    @cached_property
    def _cell_set(self) -> frozenset[Cell]:
        # made once: neighbours() asks for it per cell (a new set each time made
        # building the benchmark's CP-SAT models quadratic, minutes at 200x200)
        return frozenset(self.cells)

    def facts(self) -> list[clingo.Symbol]:
        num, fun = clingo.Number, clingo.Function
        on_board = self._cell_set
        facts = [fun("cell", [num(x), num(y)]) for x, y in self.cells]
        for x, y in self.cells:
            for dx, dy in self.offsets:
                if (x + dx, y + dy) in on_board:
                    facts.append(fun("adj", [num(x), num(y), num(x + dx), num(y + dy)]))
        facts += [fun("given", [num(x), num(y), num(n)]) for (x, y), n in self.givens.items()]
        return facts

    def solving_facts(self) -> str:
        """The same board as :meth:`facts`, in the compact form the encoding also
        accepts: each run of cells in a row as one interval fact ``cell(X0..X1,Y)``, and
        the moves as ``move(DX,DY)`` instead of one ``adj/4`` fact per move (the
        encoding derives ``adj/4``). A 100x100 board becomes 100 ``cell`` facts and 8
        ``move`` facts instead of 10,000 and 78,804. Every term is a Python ``int``
        formatted with ``:d`` (which refuses anything else), so no text reaches clingo
        but digits and minus signs."""
        lines = []
        rows: dict[int, list[int]] = {}
        for x, y in self.cells:
            rows.setdefault(y, []).append(x)
        for y, xs in rows.items():
            xs.sort()
            start = xs[0]
            for previous, x in zip(xs, [*xs[1:], None], strict=True):
                if x != previous + 1:  # a run ends at previous (x is None at the end)
                    lines.append(f"cell({start:d}..{previous:d},{y:d}).")
                    start = x
        lines += [f"move({dx:d},{dy:d})." for dx, dy in self.offsets]
        lines += [f"given({x:d},{y:d},{n:d})." for (x, y), n in self.givens.items()]
        return "\n".join(lines) + "\n"

    def decode(self, atoms: Sequence[clingo.Symbol]) -> HidatoSolution:
        path: list[Cell | None] = [None] * len(self.cells)
        for atom in atoms:
            # Read from clingo's text of the atom: one call into clingo per atom rather
            # than six (a 100x100 board: 0.05 s instead of 0.14 s); any other shape
            # takes the symbol API.
            text = str(atom)
            fields = text[7:-1].split(",") if text.startswith("number(") else ()
            if len(fields) == 3 and all(f.lstrip("-").isdigit() for f in fields):
                x, y, n = map(int, fields)
            elif atom.match("number", 3):
                x, y, n = (arg.number for arg in atom.arguments)
            else:
                continue
            path[n - 1] = (x, y)
        # A hole in the path is caught by the checker, not hidden here.
        return HidatoSolution(tuple(cell if cell is not None else (0, 0) for cell in path))

    # -- the python-constraint model (``--backend csp``) -----------------------
    def csp_model(self) -> CspModel:
        """One variable per number, valued with the cell it stands on.

        Numbers as variables (not cells) make the path rule binary: numbers n and n + 1
        stand on adjacent cells, a table of the board's moves (``AllowedPairs``).
        ``AllDifferentConstraint``: no two numbers share a cell; with as many numbers as
        cells, every cell is then filled too. Domains are pruned before the search, as
        the ASP encoding does: n can stand on cell c only if c is within |n - m| moves
        of the cell of every given m. A given's domain is its own cell.
        """
        import constraint

        from ..cspmodel import AllowedPairs, CspModel, EveryValueTaken

        size = len(self.cells)
        distances = self._given_distances
        model = CspModel(decode=self._decode_positions)
        for n in range(1, size + 1):
            model.variable(
                n,
                [
                    cell
                    for cell in self.cells
                    if all(
                        distances[given].get(cell, size) <= abs(n - m)
                        for given, m in self.givens.items()
                    )
                ],
            )
        moves = AllowedPairs(
            [(cell, other) for cell in self.cells for other in self.neighbours(cell)]
        )
        for n in range(1, size):
            model.constrain(moves, (n, n + 1))
        numbers = range(1, size + 1)
        model.constrain(constraint.AllDifferentConstraint(), numbers)
        # Implied by the rules above, but stating it lets the search see dead ends early:
        # the seed 10x10 board takes 1 s with it and 30 s without.
        model.constrain(EveryValueTaken(self.cells), numbers)
        return model

    def csp_size(self) -> int:
        return len(self.cells)  # one variable per number, as many as cells

    def _distances_from(self, start: Cell) -> dict[Cell, int]:
        """Fewest moves from ``start`` to each reachable cell (breadth-first search)."""
        distance = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for other in self.neighbours(cell):
                if other not in distance:
                    distance[other] = distance[cell] + 1
                    queue.append(other)
        return distance

    def _decode_positions(self, assignment: Mapping[int, Cell]) -> HidatoSolution:
        return HidatoSolution(tuple(assignment[n] for n in range(1, len(self.cells) + 1)))

    # -- the rule checker ---------------------------------------------------
    def violations(self, solution: HidatoSolution) -> list[str]:
        problems: list[str] = []
        path = solution.path
        if len(path) != len(self.cells):
            problems.append(
                f"{textformat.plural(len(path), 'number')} placed on a board of "
                f"{textformat.plural(len(self.cells), 'cell')}"
            )
        if sorted(path) != sorted(self.cells):
            problems.append("the numbers do not fill every cell exactly once")
        numbers = solution.numbers()
        for cell, n in sorted(self.givens.items(), key=lambda item: item[1]):
            if numbers.get(cell) != n:
                problems.append(
                    f"given {n} at {self.cell_name(cell)} holds {numbers.get(cell)} instead"
                )
        for n in range(1, len(path)):
            here, there = path[n - 1], path[n]
            if (there[0] - here[0], there[1] - here[1]) not in self.offsets:
                problems.append(
                    f"{n} at {self.cell_name(here)} and {n + 1} at {self.cell_name(there)} "
                    "are not adjacent"
                )
        return problems

    # -- clues, for explanations (``--explain``) ------------------------------
    def split_atoms(self) -> list[clingo.Symbol]:
        """``number(X,Y,N)``: the cells of the open numbers nearest (in value) to a
        given one first, as they have the fewest candidate cells; then by number, cells
        in reading order. Atoms of cells a number cannot reach are not in the ground
        program and are left out of every part."""
        num, fun = clingo.Number, clingo.Function
        given = sorted(self.givens.values())
        last = len(self.cells)

        def closeness(n: int) -> tuple[int, int]:
            return (min((abs(n - g) for g in given), default=0), n)

        shown = set(given)
        numbers = sorted((n for n in range(1, last + 1) if n not in shown), key=closeness)
        cells = sorted((c for c in self.cells if c not in self.givens), key=lambda c: (c[1], c[0]))
        return [fun("number", [num(x), num(y), num(n)]) for n in numbers for x, y in cells]

    def clues(self) -> list[Clue]:
        return [self._clue(cell, n) for cell, n in sorted(self.givens.items(), key=lambda g: g[1])]

    def clue_for(self, atom: clingo.Symbol) -> Clue | None:
        if atom.match("number", 3):
            x, y, n = (arg.number for arg in atom.arguments)
            return self._clue((x, y), n)
        return None

    def _clue(self, cell: Cell, n: int) -> Clue:
        (x, y), num = cell, clingo.Number
        fact = clingo.Function("given", [num(x), num(y), num(n)])
        place = self.cell_name(cell)
        return Clue(fact, f"{n} at {place}", [x, y, n], place, str(n))

    def without_clues(self, clues: Iterable[Clue]) -> HidatoPuzzle:
        return self.replace(givens=givens_without(self.givens, clues))

    def suspected_conflicts(self) -> list[tuple[Clue, ...]]:
        """Givens on the wrong colour of a chessboard-coloured board (see the colour
        rules of hidato.lp), then pairs of givens more moves apart than their numbers
        differ, the pairs closest in number first."""
        single = [(self._clue(cell, n),) for cell, n in self._wrong_colour_givens()]
        distances = self._given_distances
        pairs = [
            (abs(n - m), self._clue(p, n), self._clue(q, m))
            for (p, n), (q, m) in combinations(sorted(self.givens.items()), 2)
            if distances[p].get(q, len(self.cells)) > abs(n - m)
        ]
        return single + [(a, b) for _, a, b in sorted(pairs, key=lambda t: t[0])]

    def clue_distance(self, a: Clue, b: Clue) -> float:
        """The slack between two givens: how many more numbers lie between them than
        moves (negative: they conflict). The path between tight givens is nearly
        forced, so they constrain each other most."""
        (x, y, n), (u, v, m) = a.json, b.json
        moves = self._given_distances.get((x, y), {}).get((u, v), len(self.cells))
        return abs(n - m) - moves

    @cached_property
    def _given_distances(self) -> dict[Cell, dict[Cell, int]]:
        """Fewest moves from each given's cell to every cell it can reach."""
        return {cell: self._distances_from(cell) for cell in self.givens}

    def _wrong_colour_givens(self) -> list[tuple[Cell, int]]:
        """When every move changes the chessboard colour and one colour has one cell
        more, the path starts and ends on it: givens of the wrong parity cannot hold."""
        colour = {(x, y): (x + y) % 2 for x, y in self.cells}
        if any((dx + dy) % 2 == 0 for dx, dy in self.offsets):
            return []
        size = sum(colour.values())  # cells of colour 1
        if 2 * size == len(self.cells) + 1:
            odd_colour = 1
        elif 2 * size == len(self.cells) - 1:
            odd_colour = 0
        else:  # balanced (no parity fixed) or beyond repair (the solver says so)
            return []
        return [
            (cell, n)
            for cell, n in sorted(self.givens.items())
            if (colour[cell] == odd_colour) != (n % 2 == 1)
        ]

    # -- output -------------------------------------------------------------
    def janko_rows(self, solution: HidatoSolution | None = None) -> list[list[str]]:
        """The puzzle (or a solution) as janko's grid rows: numbers, ``-`` for empty.
        Only a full rectangle with king or orthogonal moves has that layout."""
        xs, ys = [x for x, _ in self.cells], [y for _, y in self.cells]
        width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        if self.adjacency not in ("king", "orthogonal") or width * height != len(self.cells):
            raise UsageError(
                "janko's layout holds rectangular boards without holes, with king or "
                "orthogonal moves"
            )
        numbers = self.givens if solution is None else solution.numbers()
        return [
            [str(numbers.get((x, y), janko.EMPTY)) for x in range(min(xs), max(xs) + 1)]
            for y in range(min(ys), max(ys) + 1)
        ]

    def solution_json(self, solution: HidatoSolution) -> list[list[int]]:
        return solution.triples()

    def render(self, solution: HidatoSolution | None = None) -> str:
        width = len(str(len(self.cells)))
        if solution is None:
            labels = {
                cell: str(self.givens[cell]) if cell in self.givens else "_" * width
                for cell in self.cells
            }
        else:
            labels = {cell: str(n) for cell, n in solution.numbers().items()}
        if self.adjacency == "hex":
            return _render_offset_rows(labels, width)
        return _render_square(labels, width)

    def svg(
        self,
        solution: HidatoSolution | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
    ) -> str:
        """Cells as squares (hexagons on hex boards), givens bold on grey, solved numbers
        blue, the path 1 -> N as a line through cell centres that runs under the
        numbers (each on a plate of its cell's colour), conflicting givens red."""
        from .. import draw

        board = draw.Board(self.cells, "hex" if self.adjacency == "hex" else "square")
        for cell in self.cells:
            if cell in self.givens:
                board.cell(cell, fill=draw.GIVEN_FILL, role="given")
            else:
                board.cell(cell)
        for cell in draw.clue_cells(conflict):
            if cell in self._cell_set:
                board.highlight(
                    cell, f"conflict: {self.givens.get(cell, '')} at {self.cell_name(cell)}"
                )
        numbers = self.givens if solution is None else solution.numbers()
        if solution is not None:
            board.path(solution.path)
        for cell, n in numbers.items():
            given = cell in self.givens
            plate = (draw.GIVEN_FILL if given else draw.BACKGROUND) if solution else None
            board.label(cell, str(n), given=given, plate=plate)
        return board.svg()


def _render_square(labels: dict[Cell, str], width: int) -> str:
    xs = [x for x, _ in labels]
    ys = [y for _, y in labels]
    lines = []
    for y in range(min(ys), max(ys) + 1):
        row = [labels.get((x, y), "").rjust(width) for x in range(min(xs), max(xs) + 1)]
        lines.append(" ".join(row).rstrip())
    return "\n".join(lines)


def axial_to_offset(cell: Cell) -> Cell:
    """Axial hex coordinates to (column, row) of offset rows (odd rows shifted right)."""
    x, y = cell
    return x + y // 2, y


def offset_to_axial(col: int, row: int) -> Cell:
    return col - row // 2, row


def _render_offset_rows(labels: dict[Cell, str], width: int) -> str:
    placed = {axial_to_offset(cell): label for cell, label in labels.items()}
    cols = [c for c, _ in placed]
    rows = [r for _, r in placed]
    half = " " * ((width + 1) // 2)
    lines = []
    for r in range(min(rows), max(rows) + 1):
        row = [placed.get((c, r), "").rjust(width) for c in range(min(cols), max(cols) + 1)]
        lines.append(((half if r % 2 else "") + " ".join(row)).rstrip())
    return "\n".join(lines)


# -- building and validating a puzzle ------------------------------------------


#: makes the error for a message about a value (no steps), or about the value some keys
#: and indices lead to inside it (``"cells", 4``: the fifth cell): a JSON file's
#: messages point at that value (:meth:`lpsolve.kinds.textformat.JsonText.error`),
#: others at a fixed place
Locate = Callable[..., PuzzleError]


def _fixed_place(source: str, line: int | None = None, col: int | None = None) -> Locate:
    """A :data:`Locate` that puts every message at one place (or none, in a value given
    through the library)."""

    def locate(message: str, *steps: textformat.JsonStep) -> PuzzleError:
        return PuzzleError(message, source, line, col)

    return locate


def build(
    cells: Sequence[Cell],
    givens: dict[Cell, int],
    adjacency: str | Sequence[Offset],
    source: str = "<input>",
    cells_shown_as: str = "coordinates",
) -> HidatoPuzzle:
    """A puzzle from plain values (the library's way in); validates everything.
    ``cells_shown_as``: how messages name cells (see :class:`HidatoPuzzle`)."""
    name, offsets = resolve_adjacency(adjacency, source)
    limits.check_count(len(cells), limits.MAX_BOARD_CELLS, "cells", source)
    board = (cells, list(givens.items()), name, offsets, source, cells_shown_as)
    return _checked_puzzle(*board, _fixed_place(source))


def _checked_puzzle(
    cells: Sequence[Cell],
    givens: Sequence[tuple[Cell, int]],
    name: str,
    offsets: tuple[Offset, ...],
    source: str,
    cells_shown_as: str,
    locate: Locate,
) -> HidatoPuzzle:
    """The puzzle, once its cells and givens (in the order given) pass every check;
    ``locate`` places a message about ``"cells"``, ``"givens"`` or an item of theirs."""
    if not cells:
        raise locate("the board has no cells", "cells")
    seen: set[Cell] = set()
    for index, cell in enumerate(cells):
        if cell in seen:
            raise locate(f"cell {list(cell)} is listed twice", "cells", index)
        seen.add(cell)
    problem = cells_problem(cells)
    if problem:
        steps, message = problem
        raise locate(message, "cells", *steps)
    size = len(cells)
    by_number: dict[int, Cell] = {}
    by_cell: dict[Cell, int] = {}
    for index, (cell, n) in enumerate(givens):
        if cell not in seen:
            message = f"given {n} at {list(cell)} is not on the board (a hole?)"
            raise locate(message, "givens", index)
        if cell in by_cell:
            raise locate(f"cell {list(cell)} has two givens", "givens", index)
        if not 1 <= n <= size:
            raise locate(f"given {n} at {list(cell)} is outside 1..{size}", "givens", index, 2)
        if n in by_number:
            message = f"number {n} is given twice: at {list(by_number[n])} and {list(cell)}"
            raise locate(message, "givens", index, 2)
        by_number[n] = cell
        by_cell[cell] = n
    return HidatoPuzzle(tuple(cells), by_cell, name, offsets, source, cells_shown_as)


def cells_problem(cells: Sequence[Cell]) -> tuple[tuple[int, ...], str] | None:
    """Why a board's cells are refused, or None: a coordinate beyond
    :data:`lpsolve.limits.MAX_COORDINATE`, or a span of more than
    :data:`lpsolve.limits.MAX_BOARD_SIDE` columns or rows (the text and pictures of a
    board are as wide and as high as its span). With the message, where it points among
    the cells: ``(index, axis)`` of the coordinate, or ``()`` (all of them)."""
    bound = limits.MAX_COORDINATE
    for axis, name in ((0, "columns (x"), (1, "rows (y")):
        low = min(cell[axis] for cell in cells)
        high = max(cell[axis] for cell in cells)
        if max(-low, high) > bound:
            value = high if high > bound else low
            index = next(i for i, cell in enumerate(cells) if cell[axis] == value)
            return (index, axis), (
                f"cell {list(cells[index])}: coordinate {value} is beyond ±{bound:,}, the "
                "largest lpsolve accepts"
            )
        if high - low + 1 > limits.MAX_BOARD_SIDE:
            return (), (
                f"the cells span {high - low + 1:,} {name} from {low} to {high}); lpsolve reads "
                f"boards of at most {limits.MAX_BOARD_SIDE:,}"
            )
    return None


def resolve_adjacency(
    adjacency: str | Sequence[Offset],
    source: str = "<input>",
    line: int | None = None,
    col: int | None = None,
    locate: Locate | None = None,
) -> tuple[str, tuple[Offset, ...]]:
    """A named adjacency or a list of move offsets -> (name, symmetric offsets).
    Refusals are at ``line``, ``col``, or where ``locate`` puts them (a move list read
    from JSON: at the move)."""
    at = locate or _fixed_place(source, line, col)
    if isinstance(adjacency, str):
        if adjacency not in NAMED_ADJACENCY:
            raise at(
                f"unknown adjacency {limits.quoted(adjacency)}; expected one of "
                f"{', '.join(NAMED_ADJACENCY)} or a list of [dx, dy] moves"
            )
        return adjacency, NAMED_ADJACENCY[adjacency]
    if len(adjacency) > limits.MAX_MOVES:
        most = limits.MAX_MOVES
        raise at(limits.too_many(most, "moves", "the named moves have 4 to 8"), most)
    moves: set[Offset] = set()
    for index, move in enumerate(adjacency):
        if (
            not isinstance(move, list | tuple)
            or len(move) != 2
            or not all(type(v) is int for v in move)
            or tuple(move) == (0, 0)
        ):
            raise at(
                f"a move must be [dx, dy] with integers, not both 0; got {_shown_json(move)}",
                index,
            )
        dx, dy = move
        if max(abs(dx), abs(dy)) >= limits.MAX_BOARD_SIDE:
            raise at(
                f"move {[dx, dy]} is longer than any board lpsolve reads "
                f"({limits.MAX_BOARD_SIDE:,} rows or columns)",
                index,
            )
        moves |= {(dx, dy), (-dx, -dy)}  # a path may use a move either way
    if not moves:
        raise at("the list of moves is empty")
    return "offsets", tuple(sorted(moves))


# -- the comma grid ------------------------------------------------------------


def parse_grid(text: str, source: str, extension: str) -> HidatoPuzzle:
    side = limits.MAX_BOARD_SIDE
    lines = textformat.content_lines(text, source, side + 1, f"a board has at most {side:,} rows")
    adjacency: str | list[Offset] = EXTENSION_ADJACENCY.get(extension, "king")
    adjacency_locate: Locate | None = None  # where a header's adjacency is refused
    grid: list[textformat.Line] = []
    for line in lines:
        header = textformat.header(line) if not grid else None
        if header is None:
            grid.append(line)
            continue
        key, value, value_col = header
        if key != "adjacency":
            raise PuzzleError(
                f"unknown header {key!r}; expected 'adjacency'",
                source,
                line.number,
                line.indent + 1,
            )
        adjacency, adjacency_locate = _adjacency_value(value, source, line.number, value_col)
    if not grid:
        raise PuzzleError(
            "no grid rows: expected comma-separated rows of numbers, '_' (empty) and 'X' (hole)",
            source,
            lines[-1].number,
            1,
        )
    name, offsets = resolve_adjacency(adjacency, source, locate=adjacency_locate)
    if len(grid) > side:
        limits.check_count(len(grid), side, "rows", source, grid[side].number, 1)

    cells: list[Cell] = []
    givens: dict[Cell, int] = {}
    where: dict[int, tuple[int, int]] = {}
    width: int | None = None
    for y, line in enumerate(grid):
        tokens = textformat.split_fields(line, side)
        if len(tokens) > side:
            limits.check_count(len(tokens), side, "columns", source, line.number, tokens[side].col)
        if width is None:
            width = len(tokens)
        elif len(tokens) != width:
            col = tokens[width].col if len(tokens) > width else len(line.text) + 1
            raise PuzzleError(
                f"row has {len(tokens)} fields, expected {width} like the first row",
                source,
                line.number,
                col,
            )
        for x, token in enumerate(tokens):
            cell = offset_to_axial(x, y) if name == "hex" else (x, y)
            value = token.text
            if value and all(ch in HOLE_CHARS for ch in value):
                continue
            if len(cells) == limits.MAX_BOARD_CELLS:
                limits.check_count(
                    len(cells) + 1, len(cells), "cells", source, line.number, token.col
                )
            if value and all(ch in EMPTY_CHARS for ch in value):
                cells.append(cell)
                continue
            if not limits.is_digits(value):
                raise PuzzleError(
                    f"unexpected {limits.quoted(value)}: expected a number, '_' (empty) or "
                    "'X' (hole)",
                    source,
                    line.number,
                    token.col,
                )
            n = limits.check_int(value, source, line.number, token.col, "number")
            if n in where:
                first_line, first_col = where[n]
                raise PuzzleError(
                    f"number {n} is given twice (first at line {first_line}, col {first_col})",
                    source,
                    line.number,
                    token.col,
                )
            where[n] = (line.number, token.col)
            cells.append(cell)
            givens[cell] = n
    size = len(cells)
    if size == 0:
        raise PuzzleError("the board has no cells (only holes)", source, grid[0].number, 1)
    for n in givens.values():
        if not 1 <= n <= size:
            line_no, col = where[n]
            raise PuzzleError(
                f"number {n} is outside 1..{size} ({size} cells)", source, line_no, col
            )
    return HidatoPuzzle(tuple(cells), givens, name, offsets, source)


def _adjacency_value(
    value: str, source: str, line: int, col: int
) -> tuple[str | list[Offset], Locate]:
    """An ``adjacency:`` header's value (a name, or a JSON list of moves), and where a
    refusal of it goes: at the value, or at the move it is about."""
    if not value.startswith("["):
        return value, _fixed_place(source, line, col)
    try:
        moves = textformat.loads(value, source, line, col)
    except PuzzleError as error:
        message = error.message.replace("malformed JSON", "malformed move list")
        raise PuzzleError(message, source, error.line, error.col) from None
    document = textformat.JsonText(value, source, line, col)
    if not isinstance(moves, list):
        raise document.error("expected a list of [dx, dy] moves")
    return moves, document.error


# -- JSON --------------------------------------------------------------------------

#: the keys of a JSON puzzle
JSON_KEYS = ("kind", "adjacency", "cells", "givens", "source")


def from_json(data: dict[str, Any], text: str, source: str) -> HidatoPuzzle:
    """The JSON interchange form; ``data`` (read from ``text``) has already been checked
    to be an object. Every refusal points at the value it is about, a missing key at
    the object."""
    document = textformat.JsonText(text, source)
    for key in data:
        if key not in JSON_KEYS:
            expected = ", ".join(sorted(JSON_KEYS))
            raise document.error(
                f"unexpected key {limits.quoted(key)}; expected {expected}", key, key=True
            )
    for key in ("adjacency", "cells"):
        if key not in data:
            raise document.error(f"missing key {key!r}")
    if "source" in data and not isinstance(data["source"], str):
        raise document.error(
            '"source" must be a string saying where the puzzle comes from', "source"
        )
    adjacency = data["adjacency"]
    if not isinstance(adjacency, str | list):
        raise document.error('"adjacency" must be a name or a list of [dx, dy] moves', "adjacency")

    def locate_moves(message: str, *steps: textformat.JsonStep) -> PuzzleError:
        return document.error(message, "adjacency", *steps)

    name, offsets = resolve_adjacency(adjacency, source, locate=locate_moves)
    cells = _int_tuples(data["cells"], 2, "cells", "[x, y]", document)
    givens = _int_tuples(data.get("givens", []), 3, "givens", "[x, y, n]", document)
    return _checked_puzzle(
        cells,
        [((x, y), n) for x, y, n in givens],
        name,
        offsets,
        source,
        "coordinates",
        document.error,
    )


def _int_tuples(
    value: Any, arity: int, key: str, shape: str, document: textformat.JsonText
) -> list[tuple]:
    """The value of ``key``: a list of lists of ``arity`` integers, as tuples."""
    message = f'"{key}" must be a list of {shape} integer lists'
    if not isinstance(value, list):
        raise document.error(message, key)
    most = limits.MAX_BOARD_CELLS
    if len(value) > most:
        raise document.error(
            f"more than {most:,} {key}: lpsolve reads boards of at most {most:,} cells", key
        )
    items = []
    for index, item in enumerate(value):
        if type(item) is not list or len(item) != arity:
            raise document.error(f"{message}; found {_shown_json(item)}", key, index)
        for position, number in enumerate(item):
            if type(number) is not int:
                found = f"found {_shown_json(number)} in {_shown_json(item)}"
                raise document.error(f"{message}; {found}", key, index, position)
        items.append(tuple(item))
    return items


def _shown_json(value: Any) -> str:
    """A JSON value for a message, shortened if long."""
    import json

    text = json.dumps(value)
    return text if len(text) <= 60 else f"{text[:50]}... ({len(text):,} characters)"


def board_text(rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
    """A blank board's typed cells as a comma grid: a number, ``x`` for a hole, or
    nothing (see :meth:`lpsolve.puzzle.Kind.board_text`)."""

    def cell(value: str) -> str | None:
        if value == "":
            return EMPTY_CHARS
        if value in HOLE_CHARS:
            return "X"
        return textformat.typed_number(value)

    return textformat.typed_board(rows, cols, cells, cell, "a number, x (a hole) or nothing", ", ")


def parse(text: str, source: str, extension: str) -> HidatoPuzzle:
    if janko.is_janko(text):
        return parse_janko(text, source, extension)
    return parse_grid(text, source, extension)


def parse_janko(text: str, source: str, extension: str) -> HidatoPuzzle:
    """janko.at's layout (:mod:`lpsolve.kinds.janko`): numbers and ``-`` (empty) on a
    full rectangle; moves from the extension (king, or orthogonal for ``.numbrix``)."""
    grid = janko.read_grid(text, source)
    rows, lines = grid.cells, grid.lines
    last = len(rows) * len(rows[0])
    givens: dict[Cell, int] = {}
    seen: dict[int, Cell] = {}
    for y, (line, row) in enumerate(zip(lines, rows, strict=True)):
        for x, token in enumerate(row):
            if token.text == janko.EMPTY:
                continue
            n = None
            if limits.is_digits(token.text):
                n = limits.check_int(token.text, source, line.number, token.col, "number")
            if n is None or not 1 <= n <= last:
                raise PuzzleError(
                    f"expected a number 1..{last} or '-' (empty), got {limits.quoted(token.text)}",
                    source,
                    line.number,
                    token.col,
                )
            if n in seen:
                raise PuzzleError(
                    f"number {n} is given twice "
                    f"(also at {textformat.cell_name(seen[n][1], seen[n][0])})",
                    source,
                    line.number,
                    token.col,
                )
            seen[n] = (x, y)
            givens[(x, y)] = n
    cells = [(x, y) for y in range(len(rows)) for x in range(len(rows[0]))]
    return build(cells, givens, EXTENSION_ADJACENCY.get(extension, "king"), source, "grid")
