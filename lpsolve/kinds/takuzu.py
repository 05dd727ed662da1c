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
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations
from typing import Any

import clingo
import constraint

from .. import limits
from ..cspmodel import CspModel, hide
from ..errors import PuzzleError
from ..puzzle import Clue, Puzzle, givens_without
from . import textformat

EXTENSIONS = (".takuzu",)
DIGITS = "01"
EMPTY = "."
#: the csp model was measured to solve bundled boards of up to 12 x 12 (144 cells)
#: quickly (see README, "Speed"); bigger ones are skipped by bench and tests
CSP_HANDLES_UP_TO = 144

Cell = tuple[int, int]  # (row, column), from 0


def cell_name(cell: Cell) -> str:
    """How messages name a cell: 1-based, row first."""
    return f"(row {cell[0] + 1}, col {cell[1] + 1})"


@dataclass(frozen=True)
class TakuzuSolution:
    rows: tuple[str, ...]  # each a string of 0s and 1s


@dataclass(frozen=True)
class Line:
    """A row or a column of the board and its cells in order."""

    direction: str  # "row" or "col"
    index: int  # from 0
    cells: tuple[Cell, ...]

    @property
    def name(self) -> str:
        return f"{self.direction} {self.index + 1}"


@dataclass(frozen=True, eq=False)
class TakuzuPuzzle(Puzzle):
    height: int
    width: int
    givens: dict[Cell, int]
    source: str = "<input>"

    kind = "takuzu"
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

    # -- facts and models ---------------------------------------------------
    def facts(self) -> list[clingo.Symbol]:
        num, fun = clingo.Number, clingo.Function
        facts = [fun("row", [num(r)]) for r in range(self.height)]
        facts += [fun("col", [num(c)]) for c in range(self.width)]
        facts += [clue.fact for clue in self.clues()]
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
        return replace(self, givens=givens_without(self.givens, clues))

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
            if earlier is not line:
                problems.append(f"different-lines rule: {earlier.name} and {line.name} are equal")
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
        full = [line for line in self.lines if all(cell in self.givens for cell in line.cells)]
        for first, second in combinations(full, 2):
            digits = [self.givens[cell] for cell in first.cells]
            same = digits == [self.givens[cell] for cell in second.cells]
            if first.direction == second.direction and same:
                reasons.append(
                    f"different-lines rule: {first.name} and {second.name} are both given "
                    f"in full as {''.join(map(str, digits))}"
                )
        return reasons

    # -- output ---------------------------------------------------------------
    def solution_json(self, solution: TakuzuSolution) -> list[str]:
        return list(solution.rows)

    def render(self, solution: TakuzuSolution | None = None) -> str:
        """Rows in the file format itself (a solution can be read back as a puzzle)."""
        if solution is not None:
            return "\n".join(solution.rows)
        return "\n".join(
            "".join(str(self.givens.get((r, c), EMPTY)) for c in range(self.width))
            for r in range(self.height)
        )

    def svg(self, solution: TakuzuSolution | None = None, conflict: Sequence[Clue] = ()) -> str:
        """The grid: given digits bold on grey, solved digits blue, conflicting givens red."""
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
        )

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
        model = CspModel(decode=self._decode_assignment)
        for r in range(self.height):
            for c in range(self.width):
                given = self.givens.get((r, c))
                model.variable((r, c), [0, 1] if given is None else [given])
        for line in self.lines:
            model.constrain(AtMostOfEach(len(line.cells) // 2), line.cells)
            model.constrain(NoThreeInARow(), line.cells)
        rows, cols = self.lines[: self.height], self.lines[self.height :]
        for group in (rows, cols):
            for first, second in combinations(group, 2):
                model.constrain(LinesDiffer(), first.cells + second.cells)
        model.handles_up_to = CSP_HANDLES_UP_TO
        return model

    def _decode_assignment(self, assignment: Mapping[Hashable, Any]) -> TakuzuSolution:
        return TakuzuSolution(
            tuple(
                "".join(str(assignment[(r, c)]) for c in range(self.width))
                for r in range(self.height)
            )
        )


class AtMostOfEach(constraint.Constraint):
    """At most ``cap`` of the variables hold 0 and at most ``cap`` hold 1: with ``cap``
    half the line, as many 0s as 1s.

    python-constraint's ``ExactSumConstraint`` (sum of the 1s) prunes one side only: it
    hides a 1 once a line has enough 1s but never a 0 once it has enough 0s.
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        ones = zeros = 0
        for variable in variables:
            value = assignments.get(variable)
            if value == 1:
                ones += 1
            elif value == 0:
                zeros += 1
        if ones > self.cap or zeros > self.cap:
            return False
        full = [d for d, n in ((0, zeros), (1, ones)) if n == self.cap]
        if forwardcheck and full:
            for variable in variables:
                if variable not in assignments and not hide(domains[variable], full):
                    return False
        return True


class NoThreeInARow(constraint.Constraint):
    """No three consecutive variables (in the order given) hold the same value.

    One constraint per line rather than one per three cells: every cell then has as
    many constraints as every other, so the solver's variable order (most constraints
    first, then fewest values left) is decided by the values left, and forced cells
    are filled first. Forward checking hides d from a cell next to two d's or between
    two d's.
    """

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        values = [assignments.get(variable) for variable in variables]
        for i in range(len(values) - 2):
            if values[i] is not None and values[i] == values[i + 1] == values[i + 2]:
                return False
        if not forwardcheck:
            return True
        for i, variable in enumerate(variables):
            if values[i] is not None:
                continue
            banned = set()
            for a, b in ((i - 2, i - 1), (i - 1, i + 1), (i + 1, i + 2)):
                inside = a >= 0 and b < len(values)
                if inside and values[a] is not None and values[a] == values[b]:
                    banned.add(values[a])
            if banned and not hide(domains[variable], banned):
                return False
        return True


class LinesDiffer(constraint.Constraint):
    """The first half of the variables, read in order, differs from the second half.

    python-constraint has no such constraint. Once every cell but one of the two lines
    is set and the set cells agree pairwise, the last cell must differ from its
    partner: forward checking hides the equal value.
    """

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        half = len(variables) // 2
        unset = None
        for a, b in zip(variables[:half], variables[half:], strict=True):
            if a in assignments and b in assignments:
                if assignments[a] != assignments[b]:
                    return True  # they already differ
            elif unset is not None or (a not in assignments and b not in assignments):
                return True  # two or more cells open: nothing to conclude yet
            else:
                unset = (b, assignments[a]) if a in assignments else (a, assignments[b])
        if unset is None:
            return False  # both lines complete and equal
        if forwardcheck:
            other, value = unset
            return hide(domains[other], [value])
        return True


def parse(text: str, source: str, extension: str = ".takuzu") -> TakuzuPuzzle:
    side, most = limits.MAX_BOARD_SIDE, limits.MAX_BOARD_CELLS
    rows: list[textformat.Line] = []
    width = 0
    givens: dict[Cell, int] = {}
    why = f"a board has at most {side:,} rows"
    for line in textformat.content_lines(text, source, side, why):
        cells = line.text.strip()
        start = line.indent + 1  # 1-based column of the row's first cell
        if len(cells) > side:  # before anything is built per cell
            limits.check_count(len(cells), side, "columns", source, line.number, start + side)
        for offset, ch in enumerate(cells):
            if ch not in "01.":
                shown = "a space" if ch.isspace() else repr(ch)
                raise PuzzleError(
                    f"unexpected {shown}: a cell is 0, 1 or '.' (empty)",
                    source,
                    line.number,
                    start + offset,
                )
        if not rows:
            width = len(cells)
            if width % 2:
                raise PuzzleError(
                    f"the first row has {width} cells: Takuzu needs an even width",
                    source,
                    line.number,
                    start + width - 1,
                )
        elif len(cells) != width:
            raise PuzzleError(
                f"row has {len(cells)} cells, expected {width} (as the first row)",
                source,
                line.number,
                start + min(len(cells), width),
            )
        if (len(rows) + 1) * width > most:
            limits.check_count((len(rows) + 1) * width, most, "cells", source, line.number, start)
        r = len(rows)
        givens |= {(r, c): int(ch) for c, ch in enumerate(cells) if ch != EMPTY}
        rows.append(line)
    if len(rows) % 2:
        last = rows[-1]
        raise PuzzleError(
            f"the board has {len(rows)} rows: Takuzu needs an even height",
            source,
            last.number,
            last.indent + 1,
        )
    return TakuzuPuzzle(len(rows), width, givens, source)
