"""Magic number board: an N x N board, each number of a range once, every row,
column and both diagonals summing to the same target (seed 004).

Format ``.magic``: optional header lines ``range: LO..HI`` (default ``1..N*N``) and
``target: T`` (default: what the range implies), then N rows of N fields, separated
by commas or spaces: a number, or ``_``/``__`` for an empty cell.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

import clingo

from .. import limits
from ..errors import PuzzleError
from ..puzzle import Clue, Puzzle, givens_without
from . import textformat
from .textformat import cell_name

if TYPE_CHECKING:  # python-constraint is imported only for --backend csp
    from ..cspmodel import CspModel

EXTENSIONS = (".magic",)
_RANGE = re.compile(r"(-?[0-9]+)\s*\.\.\s*(-?[0-9]+)")
_NUMBER = re.compile(r"-?[0-9]+")
#: why a magic number is refused beyond MAX_MAGIC_VALUE
_WHY_VALUE = "so that every line sum fits clingo's integers"

Position = tuple[int, int]  # (row, column), from 0

#: the csp model proves the seed 5x5 unique in about 10 s; bigger boards take far longer
CSP_HANDLES_UP_TO = 25


class MagicSolution(NamedTuple):
    rows: tuple[tuple[int, ...], ...]


class MagicPuzzle(Puzzle):
    FIELDS = ("size", "low", "high", "target", "givens", "source")

    def __init__(
        self,
        size: int,
        low: int,
        high: int,
        target: int,
        givens: dict[Position, int],
        source: str = "<input>",
    ) -> None:
        self.size = size
        self.low = low
        self.high = high
        self.target = target
        self.givens = givens
        self.source = source

    kind = "magic"
    csp_handles_up_to = CSP_HANDLES_UP_TO
    csp_unit = "cells"
    encoding = "magic.lp"
    # Two solver threads with different strategies, the first to finish wins: the time
    # to a solution varies several-fold with the search order on this kind (seed board
    # with uniqueness 80 -> 55 ms; one --explain step 0.2 s median -> 0.09 s).
    solver_arguments = ("--parallel-mode=2",)

    @cached_property
    def lines(self) -> dict[str, list[Position]]:
        """Every line that must sum to the target, by name."""
        n = self.size
        lines = {f"row {r + 1}": [(r, c) for c in range(n)] for r in range(n)}
        lines |= {f"column {c + 1}": [(r, c) for r in range(n)] for c in range(n)}
        lines["diagonal"] = [(i, i) for i in range(n)]
        lines["anti-diagonal"] = [(i, n - 1 - i) for i in range(n)]
        return lines

    def facts(self) -> list[clingo.Symbol]:
        num, fun = clingo.Number, clingo.Function
        facts = [fun("size", [num(self.size)]), fun("target", [num(self.target)])]
        facts += [fun("number", [num(v)]) for v in range(self.low, self.high + 1)]
        facts += [fun("given", [num(r), num(c), num(v)]) for (r, c), v in self.givens.items()]
        return facts

    def decode(self, atoms: Sequence[clingo.Symbol]) -> MagicSolution:
        grid = [[0] * self.size for _ in range(self.size)]
        for atom in atoms:
            if atom.match("value", 3):
                r, c, v = (arg.number for arg in atom.arguments)
                grid[r][c] = v
        return MagicSolution(tuple(tuple(row) for row in grid))

    def violations(self, solution: MagicSolution) -> list[str]:
        rows = solution.rows
        n = self.size
        if len(rows) != n or any(len(row) != n for row in rows):
            return [f"the board is not {n} x {n}"]
        problems = []
        used = sorted(v for row in rows for v in row)
        if used != list(range(self.low, self.high + 1)):
            problems.append(f"the numbers are not {self.low}..{self.high} each once")
        for (r, c), v in self.givens.items():
            if rows[r][c] != v:
                problems.append(f"given {v} at {cell_name(r, c)} holds {rows[r][c]}")
        for name, cells in self.lines.items():
            total = sum(rows[r][c] for r, c in cells)
            if total != self.target:
                problems.append(f"{name} sums to {total}, not {self.target}")
        return problems

    def diagnose(self) -> list[str]:
        """Lines whose givens already make the target unreachable."""
        unused = sorted(set(range(self.low, self.high + 1)) - set(self.givens.values()))
        reasons = []
        for name, cells in self.lines.items():
            given = [(cell, self.givens[cell]) for cell in cells if cell in self.givens]
            total = sum(v for _, v in given)
            empty = len(cells) - len(given)
            least = total + sum(unused[:empty])
            most = total + sum(unused[len(unused) - empty :]) if empty else total
            if not least <= self.target <= most:
                where = ", ".join(f"{v} at {cell_name(r, c)}" for (r, c), v in given)
                reach = f"sums to {total}" if empty == 0 else f"can only reach {least}..{most}"
                reasons.append(f"sum rule: {name} ({where}) {reach}, not {self.target}")
        return reasons

    # -- the python-constraint model (``--backend csp``) -----------------------
    def csp_model(self) -> CspModel:
        """One variable per cell over the numbers not given elsewhere; all different;
        every line an ``ExactSumConstraint``, which forward-checks partial sums. A
        per-line all-different or order-encoded sums measured no faster here."""
        import constraint

        from ..cspmodel import CspModel, ExactSum

        cells = [(r, c) for r in range(self.size) for c in range(self.size)]
        model = CspModel(decode=self._decode_assignment)
        free = sorted(set(range(self.low, self.high + 1)) - set(self.givens.values()))
        for cell in cells:
            model.variable(cell, [self.givens[cell]] if cell in self.givens else free)
        model.constrain(constraint.AllDifferentConstraint(), cells)
        for line in self.lines.values():
            model.constrain(ExactSum(self.target), line)
        return model

    def csp_size(self) -> int:
        return self.size * self.size  # one variable per cell

    def _decode_assignment(self, assignment: Mapping[Hashable, Any]) -> MagicSolution:
        n = self.size
        return MagicSolution(tuple(tuple(assignment[(r, c)] for c in range(n)) for r in range(n)))

    # -- clues, for explanations (``--explain``) ------------------------------
    def clues(self) -> list[Clue]:
        return [_clue(r, c, v) for (r, c), v in sorted(self.givens.items())]

    def split_atoms(self) -> list[clingo.Symbol]:
        """The open cells' ``value(R,C,V)``, in reading order: a part fixes the numbers of
        the first cells, which the line sums then constrain at once."""
        num, fun = clingo.Number, clingo.Function
        return [
            fun("value", [num(r), num(c), num(v)])
            for r in range(self.size)
            for c in range(self.size)
            if (r, c) not in self.givens
            for v in range(self.low, self.high + 1)
        ]

    def clue_for(self, atom: clingo.Symbol) -> Clue | None:
        if atom.match("value", 3):
            return _clue(*(arg.number for arg in atom.arguments))
        return None

    def without_clues(self, clues: Iterable[Clue]) -> MagicPuzzle:
        return self.replace(givens=givens_without(self.givens, clues))

    def solution_json(self, solution: MagicSolution) -> list[list[int]]:
        return [list(row) for row in solution.rows]

    def render(self, solution: MagicSolution | None = None) -> str:
        width = max(len(str(self.low)), len(str(self.high)))
        if solution is not None:
            labels = [[str(v) for v in row] for row in solution.rows]
        else:
            labels = [
                [str(self.givens.get((r, c), "_" * width)) for c in range(self.size)]
                for r in range(self.size)
            ]
        return "\n".join(" ".join(label.rjust(width) for label in row) for row in labels)

    def svg(
        self,
        solution: MagicSolution | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
    ) -> str:
        """The board with the target as a caption: givens bold on grey, solved numbers
        blue, conflicting givens red."""
        from .. import draw

        def value_at(r: int, c: int) -> int | None:
            return self.givens.get((r, c)) if solution is None else solution.rows[r][c]

        return draw.row_column_grid(
            self.size,
            self.size,
            self.givens,
            value_at,
            conflict,
            cell_name,
            caption=f"each line sums to {self.target}",
        )


def _clue(r: int, c: int, v: int) -> Clue:
    """JSON ``[row, col, value]`` from 0 as in the facts; the text counts from 1."""
    num = clingo.Number
    fact = clingo.Function("given", [num(r), num(c), num(v)])
    place = cell_name(r, c)
    return Clue(fact, f"{v} at {place}", [r, c, v], place, str(v))


def board_text(rows: int, cols: int, cells: Mapping[Position, str]) -> str:
    """A blank board's typed cells as a comma grid: a number or nothing (see
    :meth:`lpsolve.puzzle.Kind.board_text`)."""

    def cell(value: str) -> str | None:
        return "_" if value == "" else textformat.typed_number(value)

    return textformat.typed_board(rows, cols, cells, cell, "a number or nothing", ", ")


def parse(text: str, source: str, extension: str) -> MagicPuzzle:
    most = limits.MAX_MAGIC_SIZE
    headers: dict[str, tuple[str, int, int]] = {}
    grid: list[textformat.Line] = []
    why = f"a board has at most {most} rows"
    for line in textformat.content_lines(text, source, most + 2, why):
        header = textformat.header(line) if not grid else None
        if header is None:
            grid.append(line)
            continue
        key, value, col = header
        if key not in ("range", "target"):
            raise PuzzleError(
                f"unknown header {key!r}; expected 'range' or 'target'",
                source,
                line.number,
                line.indent + 1,
            )
        headers[key] = (value, line.number, col)
    if not grid:
        raise PuzzleError("no board rows after the header", source, 1, 1)
    if len(grid) > most:
        limits.check_count(len(grid), most, "rows", source, grid[most].number, 1)

    size = len(grid)
    bound = limits.MAX_MAGIC_VALUE
    givens: dict[Position, int] = {}
    where: dict[int, tuple[int, int]] = {}
    for r, line in enumerate(grid):
        tokens = textformat.split_fields(line, size)
        if len(tokens) != size:
            col = tokens[size].col if len(tokens) > size else len(line.text) + 1
            raise PuzzleError(
                f"row has {_count_fields(line)} fields, expected {size} (the board has {size} rows "
                f"and must be square)",
                source,
                line.number,
                col,
            )
        for c, token in enumerate(tokens):
            if set(token.text) == {"_"}:
                continue
            if not _NUMBER.fullmatch(token.text):
                raise PuzzleError(
                    f"unexpected {limits.quoted(token.text)}: expected a number or '_' (empty)",
                    source,
                    line.number,
                    token.col,
                )
            value = limits.check_int(
                token.text, source, line.number, token.col, "number", -bound, bound, _WHY_VALUE
            )
            if value in where:
                first = where[value]
                raise PuzzleError(
                    f"number {value} is given twice (first at line {first[0]}, col {first[1]})",
                    source,
                    line.number,
                    token.col,
                )
            where[value] = (line.number, token.col)
            givens[(r, c)] = value

    low, high = 1, size * size
    if "range" in headers:
        value, line_no, col = headers["range"]
        match = _RANGE.fullmatch(value)
        if match is None:
            raise PuzzleError(
                f"range {limits.quoted(value)}: expected LO..HI, e.g. 5..29", source, line_no, col
            )
        low, high = (
            limits.check_int(
                match.group(i),
                source,
                line_no,
                col + match.start(i),
                "range end",
                -bound,
                bound,
                _WHY_VALUE,
            )
            for i in (1, 2)
        )
        if high - low + 1 != size * size:
            raise PuzzleError(
                f"range {low}..{high} has {max(high - low + 1, 0)} numbers; a {size}x{size} "
                f"board needs {size * size}",
                source,
                line_no,
                col,
            )
    # N*N consecutive numbers sum to N*N*(low+high)/2, always a multiple of N.
    total = size * size * (low + high) // 2
    target = total // size
    if "target" in headers:
        value, line_no, col = headers["target"]
        if not _NUMBER.fullmatch(value):
            raise PuzzleError(
                f"target {limits.quoted(value)}: expected a number", source, line_no, col
            )
        if limits.check_int(value, source, line_no, col, "target") != target:
            raise PuzzleError(
                f"target {value} is impossible: the numbers {low}..{high} sum to {total}, "
                f"so each of the {size} rows sums to {target}",
                source,
                line_no,
                col,
            )
    for value, (line_no, col) in where.items():
        if not low <= value <= high:
            raise PuzzleError(
                f"number {value} is outside the range {low}..{high}", source, line_no, col
            )
    return MagicPuzzle(size, low, high, target, givens, source)


def _count_fields(line: textformat.Line) -> int:
    """How many fields a row has, without an object per field."""
    if "," in line.text:
        return line.text.count(",") + 1
    return re.subn(r"\S+", "", line.text)[1]
