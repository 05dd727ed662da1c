"""Takuzu (binary puzzle, Binairo): fill a grid with 0 and 1 so that no three equal
digits are adjacent in a row or column, every row and column holds as many 0s as 1s,
and no two rows and no two columns are equal (seed 001).

Format ``.takuzu`` (the seed's): one line per row, one character per cell: ``0`` or
``1`` for a given digit, ``.`` for an empty cell. Lines whose first non-blank character
is ``#`` are comments and blank lines are ignored, as in every lpsolve format; spaces
before or after a row are allowed, spaces inside it are not. The board must be
rectangular with an even width and an even height.

Coordinates: facts, clue JSON (``[row, col, digit]``) and the solver count rows and
columns from 0; every message for people counts them from 1: "1 at (row 2, col 3)".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

import clingo

from .. import limits
from ..errors import PuzzleError, UsageError
from ..puzzle import CellMark, Clue, Puzzle, givens_without
from . import janko, textformat
from .textformat import plural

if TYPE_CHECKING:  # python-constraint is imported only for --backend csp
    from ..cspmodel import CspModel
    from .takuzu_steps import TakuzuDeducer

EXTENSIONS = (".takuzu",)
DIGITS = "01"
EMPTY = "."
#: the csp model was measured to solve bundled boards of up to 12 x 12 (144 cells)
#: quickly (see docs/speed.md); the generated 30x30 ran over 10 minutes
CSP_HANDLES_UP_TO = 144

Cell = tuple[int, int]  # (row, column), from 0
#: a Binairo Plus sign between two neighbouring cells (the second right of or below
#: the first): ``=`` the same digit, ``x`` different digits
Sign = tuple[Cell, Cell, str]


def cell_name(cell: Cell) -> str:
    """How messages name a cell (:func:`~lpsolve.kinds.textformat.cell_name`)."""
    return textformat.cell_name(*cell)


class TakuzuSolution(NamedTuple):
    rows: tuple[str, ...]  # each a string of 0s and 1s


class Line(NamedTuple):
    """A row or a column of the board and its cells in order."""

    direction: str  # "row" or "col"
    index: int  # from 0
    cells: tuple[Cell, ...]

    @property
    def name(self) -> str:
        return f"{self.direction} {self.index + 1}"


class TakuzuPuzzle(Puzzle):
    FIELDS = ("height", "width", "givens", "source", "distinct", "signs", "janko_digits")
    PRESENTATION = ("source", "janko_digits")

    def __init__(
        self,
        height: int,
        width: int,
        givens: dict[Cell, int],
        source: str = "<input>",
        distinct: bool = True,
        signs: tuple[Sign, ...] = (),
        janko_digits: str | None = None,
    ) -> None:
        self.height = height
        self.width = width
        self.givens = givens
        self.source = source
        #: no two rows and no two columns equal (``distinct: no``: Tohu-Wa-Vohu, Unruly)
        self.distinct = distinct
        #: Binairo Plus: = and x signs between neighbouring cells
        self.signs = signs
        #: read in janko's layout, with these two characters for the digits 0 and 1
        self.janko_digits = janko_digits

    kind = "takuzu"
    csp_handles_up_to = CSP_HANDLES_UP_TO
    csp_unit = "cells"
    encoding = "takuzu.lp"
    # the encoding's row-by-row #heuristic, with clasp's conservative "frumpy"
    # configuration: all 8x8 grids in 32 s, against 212 s with the default one, whose
    # rate falls as the enumeration goes on (41k grids/s in the first 20 s, 19k overall)
    counting_arguments = ("--heuristic=Domain", "--configuration=frumpy")

    @cached_property
    def lines(self) -> list[Line]:
        """Every row, then every column."""
        rows = [
            Line("row", r, tuple((r, c) for c in range(self.width))) for r in range(self.height)
        ]
        cols = [
            Line("col", c, tuple((r, c) for r in range(self.height))) for c in range(self.width)
        ]
        return rows + cols

    def variant(self) -> str | None:
        """Binairo Plus (= and x signs), Tohu-Wa-Vohu (rows and columns may repeat), or
        both; ``None`` for plain Takuzu."""
        names = ["Binairo Plus"] * bool(self.signs) + ["Tohu-Wa-Vohu"] * (not self.distinct)
        return " and ".join(names) or None

    # -- facts and models ---------------------------------------------------
    def facts(self) -> list[clingo.Symbol]:
        num, fun = clingo.Number, clingo.Function
        facts = [fun("row", [num(r)]) for r in range(self.height)]
        facts += [fun("col", [num(c)]) for c in range(self.width)]
        facts += [clue.fact for clue in self.clues()]
        if not self.distinct:
            facts.append(fun("lines_may_repeat"))
        facts += [
            fun(SIGNS[sign], [num(r), num(c), num(r2), num(c2)])
            for (r, c), (r2, c2), sign in self.signs
        ]
        return facts

    @cached_property
    def _value_atoms(self) -> dict[clingo.Symbol, tuple[int, int, str]]:
        """Every possible shown atom value(R,C,D) -> (R, C, "D")."""
        num, fun = clingo.Number, clingo.Function
        return {
            fun("value", [num(r), num(c), num(d)]): (r, c, str(d))
            for r in range(self.height)
            for c in range(self.width)
            for d in (0, 1)
        }

    def decode(self, atoms: Sequence[clingo.Symbol]) -> TakuzuSolution:
        # Looked up whole rather than taken apart: a symbol's name and arguments are
        # read through one foreign call each, which made decoding 50 times slower
        # (5 ms for a 6x6 model; enumerating many solutions spent its time here).
        grid = [[EMPTY] * self.width for _ in range(self.height)]
        table = self._value_atoms
        for atom in atoms:
            hit = table.get(atom)
            if hit is not None:
                r, c, d = hit
                grid[r][c] = d
        return TakuzuSolution(tuple("".join(row) for row in grid))

    def clues(self) -> list[Clue]:
        return [self._clue(r, c, d) for (r, c), d in sorted(self.givens.items())]

    def split_atoms(self) -> list[clingo.Symbol]:
        """The open cells' ``value(R,C,1)``, row by row: the order the counting search
        decides them in, so the first rows of a part are fixed whole and the rules on
        rows cut every part early."""
        num, fun = clingo.Number, clingo.Function
        return [
            fun("value", [num(r), num(c), num(1)])
            for r in range(self.height)
            for c in range(self.width)
            if (r, c) not in self.givens
        ]

    def clue_for(self, atom: clingo.Symbol) -> Clue | None:
        if not atom.match("value", 3):
            return None
        r, c, d = (arg.number for arg in atom.arguments)
        return self._clue(r, c, d)

    def without_clues(self, clues: Iterable[Clue]) -> TakuzuPuzzle:
        return self.replace(givens=givens_without(self.givens, clues))

    @staticmethod
    def _clue(r: int, c: int, d: int) -> Clue:
        fact = clingo.Function("given", [clingo.Number(r), clingo.Number(c), clingo.Number(d)])
        return Clue(fact, f"{d} at {cell_name((r, c))}", [r, c, d], cell_name((r, c)), str(d))

    # -- the rule checker ---------------------------------------------------
    def violations(self, solution: TakuzuSolution) -> list[str]:
        rows = solution.rows
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            return [f"the board is not {self.height} rows of {self.width} cells"]
        if any(ch not in DIGITS for row in rows for ch in row):
            return ["a cell holds something other than 0 or 1"]
        problems = [
            f"given {d} at {cell_name((r, c))} holds {rows[r][c]}"
            for (r, c), d in sorted(self.givens.items())
            if rows[r][c] != str(d)
        ]
        # Each line as a string of its digits: the checks below are string operations,
        # cheap enough to run on every one of thousands of enumerated solutions.
        texts = {line: "".join(rows[r][c] for r, c in line.cells) for line in self.lines}
        first_seen: dict[tuple[str, str], Line] = {}
        for line, text in texts.items():
            for start in range(len(text) - 2):
                if text[start] == text[start + 1] == text[start + 2]:
                    cells = ", ".join(cell_name(cell) for cell in line.cells[start : start + 3])
                    problems.append(
                        f"three-in-a-row rule: three {text[start]}s in {line.name}: {cells}"
                    )
            ones = text.count("1")
            if 2 * ones != len(text):
                problems.append(
                    f"balance rule: {line.name} holds {ones} 1s and {len(text) - ones} 0s, "
                    f"not {len(text) // 2} of each"
                )
            earlier = first_seen.setdefault((line.direction, text), line)
            if earlier is not line and self.distinct:
                problems.append(f"different-lines rule: {earlier.name} and {line.name} are equal")
        for a, b, sign in self.signs:
            same = rows[a[0]][a[1]] == rows[b[0]][b[1]]
            if same != (sign == "="):
                problems.append(
                    f"sign rule: {_sign_text(a, b, sign)}, but they hold "
                    f"{rows[a[0]][a[1]]} and {rows[b[0]][b[1]]}"
                )
        return problems

    def diagnose(self) -> list[str]:
        """Rules the givens alone already break, each naming the cells involved."""
        reasons = []
        for line in self.lines:
            given = [(cell, self.givens.get(cell)) for cell in line.cells]
            for start in range(len(given) - 2):
                window = given[start : start + 3]
                values = {d for _, d in window}
                if len(values) == 1 and None not in values:
                    (d,) = values
                    cells = ", ".join(cell_name(cell) for cell, _ in window)
                    reasons.append(
                        f"three-in-a-row rule: {line.name} has three given {d}s in a row: {cells}"
                    )
            half = len(line.cells) // 2
            for d in (0, 1):
                cells = [cell for cell, v in given if v == d]
                if len(cells) > half:
                    reasons.append(
                        f"balance rule: {line.name} has {len(cells)} given {d}s, more than "
                        f"{half} (half of {len(line.cells)}): "
                        + ", ".join(cell_name(cell) for cell in cells)
                    )
        for a, b, sign in self.signs:
            both = a in self.givens and b in self.givens
            if both and (self.givens[a] == self.givens[b]) != (sign == "="):
                reasons.append(
                    f"sign rule: {_sign_text(a, b, sign)}, but they are given "
                    f"{self.givens[a]} and {self.givens[b]}"
                )
        full = [line for line in self.lines if all(cell in self.givens for cell in line.cells)]
        if not self.distinct:
            full = []
        for first, second in combinations(full, 2):
            digits = [self.givens[cell] for cell in first.cells]
            same = digits == [self.givens[cell] for cell in second.cells]
            if first.direction == second.direction and same:
                reasons.append(
                    f"different-lines rule: {first.name} and {second.name} are both given "
                    f"in full as {''.join(map(str, digits))}"
                )
        return reasons

    def notes(self) -> list[str]:
        """How a janko grid's digits were read, when it used 1 and 2."""
        if self.janko_digits != "12":
            return []
        return ["janko digits: 1 read as 0, 2 read as 1 (the file gives a 2)"]

    # -- output ---------------------------------------------------------------
    def janko_rows(self, solution: TakuzuSolution | None = None) -> list[list[str]]:
        """The puzzle (or a solution) as janko's grid rows, in the digits it was read
        with (janko's 1 and 2 if the file used them), ``-`` for empty."""
        if self.signs:
            raise UsageError("janko's layout has no = and x signs: print Binairo Plus as text")
        digits = self.janko_digits or DIGITS
        return [
            [
                digits[int(d)] if (d := self._digit(r, c, solution)) is not None else janko.EMPTY
                for c in range(self.width)
            ]
            for r in range(self.height)
        ]

    def _digit(self, r: int, c: int, solution: TakuzuSolution | None) -> int | None:
        if solution is not None:
            return int(solution.rows[r][c])
        return self.givens.get((r, c))

    def solution_json(self, solution: TakuzuSolution) -> list[str]:
        return list(solution.rows)

    def render(self, solution: TakuzuSolution | None = None) -> str:
        """Rows in the file format itself (a solution can be read back as a puzzle; the
        puzzle with its headers): with signs, in the spaced layout."""
        if solution is not None:
            rows = [list(row) for row in solution.rows]
        else:
            rows = [
                [str(self.givens.get((r, c), EMPTY)) for c in range(self.width)]
                for r in range(self.height)
            ]
        head = "distinct: no\n" if solution is None and not self.distinct else ""
        if not self.signs:
            return head + "\n".join("".join(row) for row in rows)
        between = {(a, b): sign for a, b, sign in self.signs}
        lines = []
        for r, row in enumerate(rows):
            if r > 0:
                below = [between.get(((r - 1, c), (r, c)), " ") for c in range(self.width)]
                if "".join(below).strip():
                    lines.append(" ".join(below).rstrip())
            joins = [between.get(((r, c), (r, c + 1)), " ") for c in range(self.width - 1)]
            lines.append("".join(d + j for d, j in zip(row, [*joins, ""], strict=True)))
        return head + "\n".join(lines)

    def svg(
        self,
        solution: TakuzuSolution | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
        marks: Sequence[CellMark] = (),
    ) -> str:
        """The grid: given digits bold on grey, solved digits blue, conflicting givens red;
        Binairo Plus's signs on the borders (= and a multiplication sign for x); a
        hint's ``marks``. A solution may be partial (``.`` for cells not known yet)."""
        from .. import draw

        def digit_at(r: int, c: int) -> int | str | None:
            digit = self.givens.get((r, c)) if solution is None else solution.rows[r][c]
            return digit if digit is not None and str(digit) in DIGITS else None

        return draw.row_column_grid(
            self.height,
            self.width,
            self.givens,
            digit_at,
            conflict,
            lambda r, c: cell_name((r, c)),
            edge_marks=[(a, b, "=" if sign == "=" else "\u00d7") for a, b, sign in self.signs],
            marks=marks,
        )

    # -- hints --------------------------------------------------------------------------
    def deducer(self) -> TakuzuDeducer:
        """Takuzu's techniques in plain Python (:mod:`lpsolve.kinds.takuzu_steps`)."""
        from .takuzu_steps import TakuzuDeducer

        return TakuzuDeducer(self)

    # -- the python-constraint model ----------------------------------------------
    def csp_model(self) -> CspModel:
        """One 0/1 variable per cell (a given: only its digit); per line (row or column)
        balance (:class:`AtMostOfEach`, half the line) and no three in a row
        (:class:`NoThreeInARow`), per pair of rows and pair of columns
        :class:`LinesDiffer`.

        Every constraint spans whole lines, so every cell has as many constraints as any
        other and the solver's variable order is decided by the values left: forced cells
        first. With one sum constraint per three cells instead (python-constraint's
        ``MinSumConstraint``/``MaxSumConstraint``) and ``ExactSumConstraint`` for
        balance, middle cells came first whatever their domains, and the seed 8x8 took
        0.2 s instead of 0.02 s, a 10x10 4 s instead of 0.03 s.
        """
        import constraint

        from ..cspmodel import AtMostOfEach, CspModel, LinesDiffer, NoThreeInARow

        model = CspModel(decode=self._decode_assignment)
        for r in range(self.height):
            for c in range(self.width):
                given = self.givens.get((r, c))
                model.variable((r, c), [0, 1] if given is None else [given])
        for line in self.lines:
            model.constrain(AtMostOfEach(len(line.cells) // 2), line.cells)
            model.constrain(NoThreeInARow(), line.cells)
        rows, cols = self.lines[: self.height], self.lines[self.height :]
        for group in (rows, cols) if self.distinct else ():
            for first, second in combinations(group, 2):
                model.constrain(LinesDiffer(), first.cells + second.cells)
        for a, b, sign in self.signs:
            same = sign == "="
            model.constrain(
                constraint.FunctionConstraint(lambda x, y, same=same: (x == y) == same), [a, b]
            )
        return model

    def csp_size(self) -> int:
        return self.width * self.height  # one variable per cell

    def _decode_assignment(self, assignment: Mapping[Hashable, Any]) -> TakuzuSolution:
        return TakuzuSolution(
            tuple(
                "".join(str(assignment[(r, c)]) for c in range(self.width))
                for r in range(self.height)
            )
        )


SIGNS = {"=": "equal", "x": "opposite"}  # Binairo Plus: the sign -> its fact's name


def _sign_text(a: Cell, b: Cell, sign: str) -> str:
    meaning = "the same digit" if sign == "=" else "different digits"
    return f"the {sign} between {cell_name(a)} and {cell_name(b)} asks for {meaning}"


def board_text(rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
    """A blank board's typed cells as compact rows: 0, 1 or nothing (see
    :meth:`lpsolve.puzzle.Kind.board_text`)."""

    def cell(value: str) -> str | None:
        if value == "":
            return EMPTY
        return value if value in ("0", "1") else None

    return textformat.typed_board(rows, cols, cells, cell, "0, 1 or nothing", "")


def parse(text: str, source: str, extension: str = ".takuzu") -> TakuzuPuzzle:
    if janko.is_janko(text):
        return parse_janko(text, source)
    side = limits.MAX_BOARD_SIDE
    # rows and sign lines alternate at most: twice the rows, plus the headers
    why = f"a board has at most {side:,} rows"
    lines = textformat.content_lines(text, source, 2 * side + len(HEADERS), why)
    distinct = True
    first = 0
    for line in lines:
        found = textformat.header(line)
        if found is None:
            break
        key, value, col = found
        if key not in HEADERS:
            raise PuzzleError(
                f"unknown header {key!r}: expected {', '.join(HEADERS)}", source, line.number, 1
            )
        if value.lower() not in ("yes", "no"):
            raise PuzzleError(f"{key}: expected yes or no, got {value!r}", source, line.number, col)
        distinct = value.lower() == "yes"
        first += 1
    grid = lines[first:]
    if not grid:
        last = lines[-1]
        raise PuzzleError("no board after the headers", source, last.number, 1)
    # the spaced layout: something between the first row's cells, or a line of signs
    first_row = next((line for line in grid if any(ch in "01." for ch in line.text)), grid[0])
    row_text = first_row.text.strip()
    if first_row is not grid[0] or (len(row_text) > 1 and row_text[1] in " =x"):
        return _parse_spaced(grid, source, distinct)
    return _parse_compact(grid, source, distinct)


#: the header lines a .takuzu file may start with
HEADERS = ("distinct",)


def parse_janko(text: str, source: str) -> TakuzuPuzzle:
    """janko.at's layout (:mod:`lpsolve.kinds.janko`). Binairo collections write the two
    digits as 1 and 2, others as 0 and 1: a 2 anywhere means 1 and 2 (read as 0 and 1),
    a 0 anywhere means 0 and 1, both are an error; with neither (only 1s given, or
    none) the digits are read as 0 and 1, and as the rules treat both digits alike,
    the two readings are the same puzzle with the digits swapped."""
    grid = janko.read_grid(text, source)
    rows = grid.cells
    height, width = len(rows), len(rows[0])
    for count, what, col in zip((height, width), ("rows", "columns"), grid.size_cols, strict=True):
        if count % 2:
            raise PuzzleError(
                f"{count} {what}: Takuzu needs an even number", source, grid.size.number, col
            )
    seen: dict[str, tuple[int, int]] = {}
    for line, row in zip(grid.lines, rows, strict=True):
        for token in row:
            if token.text not in ("-", "0", "1", "2"):
                raise PuzzleError(
                    f"expected 0, 1, 2 or '-' (empty), got {token.text!r}",
                    source,
                    line.number,
                    token.col,
                )
            seen.setdefault(token.text, (line.number, token.col))
    if "0" in seen and "2" in seen:
        line_number, col = max(seen["0"], seen["2"])
        raise PuzzleError(
            "both 0 and 2 given: the digits are 0 and 1, or janko's 1 and 2, not both",
            source,
            line_number,
            col,
        )
    digits = "12" if "2" in seen else "01"
    givens = {
        (r, c): digits.index(token.text)
        for r, row in enumerate(rows)
        for c, token in enumerate(row)
        if token.text != "-"
    }
    return TakuzuPuzzle(height, width, givens, source, janko_digits=digits)


def _parse_compact(rows: list[textformat.Line], source: str, distinct: bool) -> TakuzuPuzzle:
    """One character per cell, nothing between cells (seed 001's layout)."""
    side, most = limits.MAX_BOARD_SIDE, limits.MAX_BOARD_CELLS
    if len(rows) > side:
        limits.check_count(len(rows), side, "rows", source, rows[side].number, 1)
    width = 0
    givens: dict[Cell, int] = {}
    for r, line in enumerate(rows):
        cells = line.text.strip()
        start = line.indent + 1  # 1-based column of the row's first cell
        if len(cells) > side:  # before anything is built per cell
            limits.check_count(len(cells), side, "columns", source, line.number, start + side)
        for offset, ch in enumerate(cells):
            if ch not in "01.":
                shown = "a space" if ch.isspace() else repr(ch)
                hint = "; = and x signs need a space between cells" if ch in SIGNS else ""
                raise PuzzleError(
                    f"unexpected {shown}: a cell is 0, 1 or '.' (empty){hint}",
                    source,
                    line.number,
                    start + offset,
                )
        if r == 0:
            width = _even_width(len(cells), source, line, start + len(cells) - 1)
        elif len(cells) != width:
            raise PuzzleError(
                f"row has {plural(len(cells), 'cell')}, expected {width} (as the first row)",
                source,
                line.number,
                start + min(len(cells), width),
            )
        if (r + 1) * width > most:
            limits.check_count((r + 1) * width, most, "cells", source, line.number, start)
        givens |= {(r, c): int(ch) for c, ch in enumerate(cells) if ch != EMPTY}
    _even_height(len(rows), source, rows[-1])
    return TakuzuPuzzle(len(rows), width, givens, source, distinct)


def _parse_spaced(lines: list[textformat.Line], source: str, distinct: bool) -> TakuzuPuzzle:
    """Binairo Plus's layout: cells one column apart; between two cells of a row an
    ``=`` (equal digits), an ``x`` (different digits) or a space; between two rows a
    line of signs, each under the cell whose neighbour below it joins."""
    side, most = limits.MAX_BOARD_SIDE, limits.MAX_BOARD_CELLS
    origin = lines[0].indent  # every row's first cell is in this column
    width = 0
    givens: dict[Cell, int] = {}
    signs: list[Sign] = []
    rows: list[textformat.Line] = []
    pending: textformat.Line | None = None  # a sign line waiting for the row below
    for line in lines:
        body = line.text[origin:]
        is_row = any(ch in "01." for ch in line.text)
        if not is_row:
            if not rows or pending is not None:
                where = "before the first row" if not rows else "after another sign line"
                raise PuzzleError(
                    f"a line of signs {where}: signs go between two rows",
                    source,
                    line.number,
                    line.indent + 1,
                )
            pending = line
            continue
        r = len(rows)
        if r == side:
            limits.check_count(r + 1, side, "rows", source, line.number, 1)
        if line.indent != origin:
            raise PuzzleError(
                f"row starts in column {line.indent + 1}, expected {origin + 1} "
                "(as the first row): cells sit in every other column",
                source,
                line.number,
                line.indent + 1,
            )
        if len(body) > 2 * side:
            limits.check_count((len(body) + 1) // 2, side, "columns", source, line.number, 1)
        for offset, ch in enumerate(body):
            col = origin + offset + 1
            if offset % 2 == 0 and ch not in "01.":
                shown = "a space" if ch.isspace() else repr(ch)
                raise PuzzleError(
                    f"unexpected {shown}: a cell is 0, 1 or '.' (empty)", source, line.number, col
                )
            if offset % 2 == 1 and ch not in " =x":
                raise PuzzleError(
                    f"unexpected {ch!r} between two cells: expected a space, = or x",
                    source,
                    line.number,
                    col,
                )
        cells = (len(body) + 1) // 2
        if r == 0:
            width = _even_width(cells, source, line, origin + 2 * cells - 1)
        elif cells != width:
            raise PuzzleError(
                f"row has {plural(cells, 'cell')}, expected {width} (as the first row)",
                source,
                line.number,
                origin + 2 * min(cells, width) + 1,
            )
        if (r + 1) * width > most:
            limits.check_count((r + 1) * width, most, "cells", source, line.number, 1)
        givens |= {(r, c): int(ch) for c, ch in enumerate(body[::2]) if ch != EMPTY}
        signs += [((r, c), (r, c + 1), ch) for c, ch in enumerate(body[1::2]) if ch != " "]
        if pending is not None:
            signs += _vertical_signs(pending, origin, width, r - 1, source)
            pending = None
        rows.append(line)
    if pending is not None:
        raise PuzzleError(
            "a line of signs after the last row: signs go between two rows",
            source,
            pending.number,
            pending.indent + 1,
        )
    _even_height(len(rows), source, rows[-1])
    return TakuzuPuzzle(len(rows), width, givens, source, distinct, tuple(signs))


def _vertical_signs(
    line: textformat.Line, origin: int, width: int, above: int, source: str
) -> list[Sign]:
    """The signs of a sign line between rows ``above`` and ``above + 1``."""
    signs: list[Sign] = []
    for position, ch in enumerate(line.text):
        if ch == " ":
            continue
        offset = position - origin
        if ch not in SIGNS:
            raise PuzzleError(
                f"unexpected {ch!r} in a line of signs: expected = or x",
                source,
                line.number,
                position + 1,
            )
        if offset < 0 or offset % 2 or offset // 2 >= width:
            columns = [origin + 2 * c + 1 for c in range(width)]
            shown = (
                ", ".join(map(str, columns))
                if width <= 3
                else f"{columns[0]}, {columns[1]}, ..., {columns[-1]}"
            )
            raise PuzzleError(
                f"a {ch} sign must stand under a cell (columns {shown})",
                source,
                line.number,
                position + 1,
            )
        c = offset // 2
        signs.append(((above, c), (above + 1, c), ch))
    return signs


def _even_width(cells: int, source: str, line: textformat.Line, last: int) -> int:
    """``cells``, the width, if even; ``last``: the column of the row's last cell."""
    if cells % 2:
        raise PuzzleError(
            f"the first row has {plural(cells, 'cell')}: Takuzu needs an even width",
            source,
            line.number,
            last,
        )
    return cells


def _even_height(rows: int, source: str, last: textformat.Line) -> None:
    if rows % 2:
        raise PuzzleError(
            f"the board has {rows} rows: Takuzu needs an even height",
            source,
            last.number,
            last.indent + 1,
        )
