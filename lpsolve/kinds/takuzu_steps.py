"""Takuzu's deductions in plain Python: the techniques players name, from the simplest.

1. *pair* and *gap* (three-in-a-row rule): two equal digits side by side, or one cell
   apart, leave the other digit for the cells that would make three in a row;
   *sign* (Binairo Plus): an = or x sign beside a known digit.
2. *balance* (balance rule): a line holding half its cells of one digit gets the other
   digit everywhere else.
3. *line* (balance and three-in-a-row rules in one line): every way to complete the
   line agrees on a cell; found by a dynamic programme over the line
   (:func:`line_options`), its known cells then cut down to those it needs.
4. *unique lines* (different-lines rule too): the completions of a line that would
   repeat a full line are left out, and the rest agree on a cell.
5. *trial*: suppose a digit in a cell, follow the deductions of 1-4 from it, and meet a
   line that cannot be completed (or two equal lines): the cell holds the other digit.
   The cells the contradiction rests on are traced back to the known ones.

Every deduction is sound by construction: each looks only at the rules it names and
the cells it lists. They are measured against clingo's encoding in
``benchmarks/hints.py``; the tests check each against the unique solution and by
re-solving with only the named rules and cells.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import InternalError
from ..puzzle import CellMark
from ..steps.engine import Deducer
from ..steps.records import ACROSS, COMBINED, ONE_RULE, PATTERN, TRIAL, Fix, Step, Use
from .textformat import cell_name

if TYPE_CHECKING:
    from .takuzu import TakuzuPuzzle

Cell = tuple[int, int]
#: a line's digits, None for an empty cell
Values = tuple[int | None, ...]

THREE = "three-in-a-row rule"
BALANCE = "balance rule"
DIFFERENT = "different-lines rule"
SIGN = "sign rule"

#: lines with at most this many empty cells are checked against the full lines they
#: could repeat (more would be many completions to list, and seldom decide a cell)
UNIQUE_LINES_OPEN = 8


# -- one line: which digits each cell can still take --------------------------------------


@lru_cache(maxsize=65536)
def line_options(values: Values) -> tuple[int, int] | None:
    """Which cells of a line can still hold 0 and which 1, by the balance and
    three-in-a-row rules alone: two bit masks over the positions, or ``None`` if the
    line cannot be completed at all.

    A dynamic programme: forward, for each position and ending (last digit, run of 1
    or 2), the counts of 1s a valid prefix can have (a bit mask); backward, the counts
    from which the rest can still end with exactly half the line 1s. A cell can hold
    ``d`` where a prefix ending in ``d`` there meets a completable count.
    """
    n = len(values)
    half = n // 2
    cap = (1 << (half + 1)) - 1
    # endings: 0 = (0, run 1), 1 = (0, run 2), 2 = (1, run 1), 3 = (1, run 2)
    forward = [[0, 0, 0, 0] for _ in range(n)]
    first = values[0]
    if first != 1:
        forward[0][0] = 1
    if first != 0:
        forward[0][2] = 2
    for i in range(1, n):
        before, here, allowed = forward[i - 1], forward[i], values[i]
        if allowed != 1:  # a 0 here
            here[0] = before[2] | before[3]
            here[1] = before[0]
        if allowed != 0:  # a 1 here
            here[2] = ((before[0] | before[1]) << 1) & cap
            here[3] = (before[2] << 1) & cap
    backward = [[0, 0, 0, 0] for _ in range(n)]
    backward[n - 1] = [1 << half] * 4
    for i in range(n - 2, -1, -1):
        after, here, allowed = backward[i + 1], backward[i], values[i + 1]
        zero = after[0] if allowed != 1 else 0  # then a 0 starts a run
        zero_on = after[1] if allowed != 1 else 0  # a 0 extends a run of one 0
        one = after[2] >> 1 if allowed != 0 else 0
        one_on = after[3] >> 1 if allowed != 0 else 0
        here[0] = zero_on | one
        here[1] = one
        here[2] = zero | one_on
        here[3] = zero
    can0 = can1 = 0
    for i in range(n):
        f, b = forward[i], backward[i]
        if f[0] & b[0] or f[1] & b[1]:
            can0 |= 1 << i
        if f[2] & b[2] or f[3] & b[3]:
            can1 |= 1 << i
    full = (1 << n) - 1
    if (can0 | can1) != full:
        return None
    return can0, can1


def forced_in_line(values: Values) -> dict[int, int] | None:
    """The empty positions of a line that only one digit fits: position -> digit;
    ``None`` if the line cannot be completed."""
    options = line_options(values)
    if options is None:
        return None
    can0, can1 = options
    forced = {}
    for i, value in enumerate(values):
        if value is None:
            zero, one = can0 >> i & 1, can1 >> i & 1
            if zero != one:
                forced[i] = 0 if zero else 1
    return forced


def completions(values: Values) -> Iterator[tuple[int, ...]]:
    """Every way to complete a line by the balance and three-in-a-row rules."""
    n = len(values)
    open_ = [i for i, v in enumerate(values) if v is None]
    ones = n // 2 - sum(1 for v in values if v == 1)
    if ones < 0 or ones > len(open_):
        return
    for chosen in combinations(open_, ones):
        line = [0 if v is None else v for v in values]
        for i in chosen:
            line[i] = 1
        if not any(line[i] == line[i + 1] == line[i + 2] for i in range(n - 2)):
            yield tuple(line)


# -- the engine -----------------------------------------------------------------------------


class _Line:
    """A row or column: its name in words, its cells' indexes, its direction."""

    __slots__ = ("cells", "direction", "index", "name")

    def __init__(self, name: str, cells: tuple[int, ...], direction: str, index: int) -> None:
        self.name, self.cells, self.direction, self.index = name, cells, direction, index


class _Contradiction(Exception):
    """A supposition led to a line that cannot be completed, or two equal lines:
    ``what`` in words, the ``cells`` and ``lines`` (indexes) it rests on, and the
    two lines when they are equal."""

    def __init__(
        self, cells: set[int], what: str, lines: set[int], equal: tuple[int, int] | None = None
    ) -> None:
        self.cells, self.what, self.lines, self.equal = cells, what, lines, equal


class TakuzuDeducer(Deducer):
    """Takuzu's techniques on one puzzle (see the module's docstring)."""

    #: calibrated on binarypuzzle.com's four levels (docs/hints.md): its easy puzzles
    #: need pairs and gaps, medium ones balance, hard ones a line completed by
    #: elimination, very hard ones unique lines
    levels: ClassVar[dict[int, str]] = {
        PATTERN: "easy",
        ONE_RULE: "medium",
        COMBINED: "hard",
        ACROSS: "very hard",
        TRIAL: "very hard",
    }

    def __init__(self, puzzle: TakuzuPuzzle) -> None:
        self.puzzle = puzzle
        h, w = self.height, self.width = puzzle.height, puzzle.width
        self.cells = tuple((r, c) for r in range(h) for c in range(w))
        self.known = dict(puzzle.givens)
        self.lines = [
            _Line(line.name, tuple(r * w + c for r, c in line.cells), line.direction, line.index)
            for line in puzzle.lines
        ]
        # the row and the column of each cell, by index
        self.lines_of: list[tuple[int, int]] = [(r, h + c) for r in range(h) for c in range(w)]
        self.signs: list[tuple[int, int, bool]] = [
            (a[0] * w + a[1], b[0] * w + b[1], sign == "=") for a, b, sign in puzzle.signs
        ]
        self.signs_at: dict[int, list[tuple[int, bool]]] = {}
        for a, b, same in self.signs:
            self.signs_at.setdefault(a, []).append((b, same))
            self.signs_at.setdefault(b, []).append((a, same))

    # -- state
    def _grid(self) -> list[int | None]:
        grid: list[int | None] = [None] * (self.height * self.width)
        for (r, c), value in self.known.items():
            grid[r * self.width + c] = value
        return grid

    def _cell(self, index: int) -> Cell:
        return divmod(index, self.width)

    def _fix(self, index: int, value: int) -> Fix:
        return Fix(self._cell(index), value)

    def _named(self, indexes: Sequence[int]) -> str:
        return ", ".join(cell_name(*self._cell(i)) for i in indexes)

    # -- the search
    def next_step(self, *, trial: bool = True) -> Step | None:
        grid = self._grid()
        for finder in (self._patterns, self._balance, self._line, self._unique_lines):
            step = next(finder(grid), None)
            if step is not None:
                return step
        if not trial or None not in grid:
            return None
        return self._trial(grid)

    def stuck(self) -> str:
        grid = self._grid()
        for line in self.lines:
            if line_options(tuple(grid[i] for i in line.cells)) is None:
                return f"no deduction: {line.name} cannot be completed (no solution)"
        return "no deduction found: the puzzle has more than one solution"

    # 1. pairs, gaps and signs
    def _patterns(self, grid: list[int | None]) -> Iterator[Step]:
        for line in self.lines:
            values = [grid[i] for i in line.cells]
            n = len(values)
            for i in range(n - 1):
                d = values[i]
                if d is None:
                    continue
                if values[i + 1] == d:  # a pair: both ends take the other digit
                    ends = [j for j in (i - 1, i + 2) if 0 <= j < n and values[j] is None]
                    if ends:
                        yield self._pair(line, i, d, ends)
                if i + 2 < n and values[i + 2] == d and values[i + 1] is None:
                    yield self._gap(line, i, d)
        for a, b, same in self.signs:
            for known, other in ((a, b), (b, a)):
                if grid[known] is not None and grid[other] is None:
                    value = grid[known] if same else 1 - grid[known]
                    sign = "=" if same else "x"
                    where = f"the {sign} between {self._named([a])} and {self._named([b])}"
                    reason = (
                        f"{where}: {self._named([other])} holds "
                        f"{'the same digit as' if same else 'the other digit than'} "
                        f"{self._named([known])}, a {grid[known]}"
                    )
                    yield Step(
                        (self._fix(other, value),),
                        "sign",
                        reason,
                        (Use(SIGN, (self._cell(a), self._cell(b)), where),),
                        (self._fix(known, grid[known]),),
                        PATTERN,
                    )

    def _pair(self, line: _Line, i: int, d: int, ends: list[int]) -> Step:
        pair = (line.cells[i], line.cells[i + 1])
        fixes = tuple(self._fix(line.cells[j], 1 - d) for j in ends)
        uses = tuple(
            Use(THREE, tuple(self._cell(line.cells[k]) for k in sorted({j, i, i + 1})), line.name)
            for j in ends
        )
        reason = (
            f"pair in {line.name}: {self._named(pair)} both hold {d}, so "
            f"{self._named([line.cells[j] for j in ends])} "
            f"{'holds' if len(ends) == 1 else 'hold'} {1 - d} "
            f"(a third {d} beside them would make three in a row)"
        )
        because = tuple(self._fix(k, d) for k in pair)
        return Step(fixes, "pair", reason, uses, because, PATTERN)

    def _gap(self, line: _Line, i: int, d: int) -> Step:
        ends, middle = (line.cells[i], line.cells[i + 2]), line.cells[i + 1]
        reason = (
            f"gap in {line.name}: {self._named([middle])} lies between two {d}s "
            f"({self._named(ends)}), so it holds {1 - d} (a {d} would make three in a row)"
        )
        window = tuple(self._cell(k) for k in (ends[0], middle, ends[1]))
        return Step(
            (self._fix(middle, 1 - d),),
            "gap",
            reason,
            (Use(THREE, window, line.name),),
            tuple(self._fix(k, d) for k in ends),
            PATTERN,
        )

    # 2. balance
    def _balance(self, grid: list[int | None]) -> Iterator[Step]:
        for line in self.lines:
            values = [grid[i] for i in line.cells]
            if None not in values:
                continue
            half = len(values) // 2
            for d in (0, 1):
                holding = [i for i in line.cells if grid[i] == d]
                if len(holding) == half:
                    empty = [i for i in line.cells if grid[i] is None]
                    reason = (
                        f"balance in {line.name}: it already holds its {half} {d}s, so "
                        f"{'its other cell holds' if len(empty) == 1 else 'the rest hold'} "
                        f"{1 - d}"
                    )
                    yield Step(
                        tuple(self._fix(i, 1 - d) for i in empty),
                        "balance",
                        reason,
                        (Use(BALANCE, self._cells(line), line.name),),
                        tuple(self._fix(i, d) for i in holding),
                        ONE_RULE,
                    )

    def _cells(self, line: _Line) -> tuple[Cell, ...]:
        return tuple(self._cell(i) for i in line.cells)

    # 3. a line completed by elimination
    def _line(self, grid: list[int | None]) -> Iterator[Step]:
        for line in self.lines:
            values = tuple(grid[i] for i in line.cells)
            if None not in values:
                continue
            forced = forced_in_line(values)
            if not forced:
                continue
            position, digit = next(iter(forced.items()))
            kept = _needed(values, position, digit, forced_in_line)
            fixes = forced_in_line(kept) or {}
            fixes = {p: d for p, d in fixes.items() if values[p] is None}
            because = [line.cells[p] for p, v in enumerate(kept) if v is not None]
            yield Step(
                tuple(self._fix(line.cells[p], d) for p, d in sorted(fixes.items())),
                "line",
                f"elimination in {line.name}: with "
                + self._digits(because, grid)
                + f", every way to complete {line.name} without three in a row and with as "
                "many 0s as 1s puts "
                + self._digits([line.cells[p] for p in sorted(fixes)], None, fixes, line),
                (
                    Use(BALANCE, self._cells(line), line.name),
                    Use(THREE, self._cells(line), line.name),
                ),
                tuple(self._fix(i, grid[i]) for i in because),  # type: ignore[arg-type]
                COMBINED,
            )

    def _digits(
        self,
        indexes: Sequence[int],
        grid: list[int | None] | None,
        by_position: dict[int, int] | None = None,
        line: _Line | None = None,
    ) -> str:
        """Cells and their digits in words: "0 at (row 1, col 2), 1 at ..."."""
        parts = []
        for i in indexes:
            if grid is not None:
                digit = grid[i]
            else:
                assert by_position is not None and line is not None
                digit = by_position[line.cells.index(i)]
            parts.append(f"{digit} at {cell_name(*self._cell(i))}")
        return ", ".join(parts)

    # 4. unique lines
    def _unique_lines(self, grid: list[int | None]) -> Iterator[Step]:
        if not self.puzzle.distinct:
            return
        for line in self.lines:
            values = tuple(grid[i] for i in line.cells)
            empty = values.count(None)
            if not 0 < empty <= UNIQUE_LINES_OPEN:
                continue
            full = [
                other
                for other in self.lines
                if other.direction == line.direction
                and other is not line
                and all(grid[i] is not None for i in other.cells)
            ]
            if not full:
                continue
            taken = {tuple(grid[i] for i in other.cells): other for other in full}
            ways = list(completions(values))
            left = [way for way in ways if way not in taken]
            if not left or len(left) == len(ways):
                continue
            forced = {
                p: left[0][p]
                for p, v in enumerate(values)
                if v is None and all(way[p] == left[0][p] for way in left)
            }
            if not forced:
                continue
            repeated = [taken[way] for way in ways if way in taken]
            known = [i for i in line.cells if grid[i] is not None]
            uses = [
                Use(BALANCE, self._cells(line), line.name),
                Use(THREE, self._cells(line), line.name),
            ]
            uses += [
                Use(DIFFERENT, self._cells(line) + self._cells(other), f"{line.name}, {other.name}")
                for other in repeated
            ]
            because = known + [i for other in repeated for i in other.cells]
            others = " and ".join(other.name for other in repeated)
            reason = (
                f"unique lines: {line.name} may not repeat {others}; of the ways to complete "
                f"it, those left put "
                + ", ".join(
                    f"{d} at {cell_name(*self._cell(line.cells[p]))}"
                    for p, d in sorted(forced.items())
                )
            )
            yield Step(
                tuple(self._fix(line.cells[p], d) for p, d in sorted(forced.items())),
                "unique lines",
                reason,
                tuple(uses),
                tuple(self._fix(i, grid[i]) for i in because),  # type: ignore[arg-type]
                ACROSS,
            )

    # 5. trial and contradiction
    def _trial(self, grid: list[int | None]) -> Step | None:
        open_cells = [i for i, v in enumerate(grid) if v is None]
        # most constrained first: the fewest empty cells in the cell's row and column
        empty_in = [sum(1 for i in line.cells if grid[i] is None) for line in self.lines]
        open_cells.sort(key=lambda i: (sum(empty_in[k] for k in self.lines_of[i]), i))
        for index in open_cells:
            for supposed in (0, 1):
                found = self._refute(grid, index, supposed)
                if found is not None:
                    return found
        return self._search(grid, open_cells[0])

    def _search(self, grid: list[int | None], index: int) -> Step | None:
        """The last resort, when no supposition leads to a contradiction by the
        deductions of one line: clingo searches the whole board with the known cells
        as givens; a unique solution fixes the most constrained open cell."""
        from ..backends import asp

        known = {self._cell(i): v for i, v in enumerate(grid) if v is not None}
        board = self.puzzle.replace(givens=known)
        result = asp.solve(board, limit=2)
        if result.unique is not True:
            return None
        if board.violations(result.solutions[0]):  # the rule checker, as for any answer
            raise InternalError(f"{self.puzzle.source}: a hint's search broke the rules")
        r, c = self._cell(index)
        value = int(result.solutions[0].rows[r][c])
        uses = []
        for line in self.lines:
            uses += [
                Use(BALANCE, self._cells(line), line.name),
                Use(THREE, self._cells(line), line.name),
            ]
        if self.puzzle.distinct:
            uses.append(Use(DIFFERENT, (), "every two rows, every two columns"))
        uses += [Use(SIGN, (self._cell(a), self._cell(b)), "a sign") for a, b, _ in self.signs]
        reason = (
            f"trial: no short chain of deductions decides a cell; with {1 - value} at "
            f"{cell_name(r, c)} the board has no solution (a search by every rule), so it "
            f"holds {value}"
        )
        return Step(
            (Fix((r, c), value),),
            "search",
            reason,
            tuple(uses),
            tuple(Fix(cell, v) for cell, v in sorted(known.items())),
            TRIAL,
            trial=True,
            supposed=Fix((r, c), 1 - value),
        )

    def _refute(self, grid: list[int | None], index: int, supposed: int) -> Step | None:
        """The step "not ``supposed``" if supposing it leads to a contradiction."""
        trying = list(grid)
        reasons: dict[int, tuple[set[int], set[int]]] = {}  # cell -> (cells, lines) it rests on
        try:
            self._propagate(trying, index, supposed, reasons)
        except _Contradiction as contradiction:
            # the known cells the contradiction rests on, back through every step
            cells, lines, seen = set(), set(), set()
            pending = list(contradiction.cells)
            while pending:
                i = pending.pop()
                if i not in seen:
                    seen.add(i)
                    if i not in reasons:
                        cells |= {i} - {index}
                    else:
                        lines |= reasons[i][1]
                        pending += reasons[i][0]
            followed = len([i for i in seen if i in reasons])
            lines |= contradiction.lines
            uses = []
            for k in sorted(lines):
                line = self.lines[k]
                uses += [
                    Use(BALANCE, self._cells(line), line.name),
                    Use(THREE, self._cells(line), line.name),
                ]
            if contradiction.equal is not None:
                first, second = (self.lines[k] for k in contradiction.equal)
                uses.append(
                    Use(
                        DIFFERENT,
                        self._cells(first) + self._cells(second),
                        f"{first.name}, {second.name}",
                    )
                )
            for a, b, _ in self.signs:
                if a in seen and b in seen:
                    uses.append(Use(SIGN, (self._cell(a), self._cell(b)), "a sign"))
            reason = (
                f"trial: if {cell_name(*self._cell(index))} held {supposed}, "
                f"{followed} more cell{'s' if followed != 1 else ''} would follow and "
                f"{contradiction.what}; so it holds {1 - supposed}"
            )
            return Step(
                (self._fix(index, 1 - supposed),),
                "trial",
                reason,
                tuple(uses),
                tuple(self._fix(i, grid[i]) for i in sorted(cells)),  # type: ignore[arg-type]
                TRIAL,
                trial=True,
                supposed=self._fix(index, supposed),
            )
        return None

    def _propagate(
        self,
        grid: list[int | None],
        index: int,
        value: int,
        reasons: dict[int, tuple[set[int], set[int]]],
    ) -> None:
        """Set the cell and follow the deductions of one line (and signs) to a fixed
        point; raise :class:`_Contradiction` at the first line that cannot be
        completed or the first two equal full lines."""
        queue: list[int] = []
        dirty: set[int] = set()

        def assign(i: int, d: int, rests_on: set[int], lines: set[int]) -> None:
            if grid[i] is not None:
                if grid[i] != d:
                    raise _Contradiction(
                        rests_on | {i}, f"{cell_name(*self._cell(i))} would need both", lines
                    )
                return
            grid[i] = d
            reasons[i] = (rests_on, lines)
            for k in self.lines_of[i]:
                if k not in dirty:
                    dirty.add(k)
                    queue.append(k)
            for other, same in self.signs_at.get(i, ()):
                assign(other, d if same else 1 - d, {i}, set())

        grid[index] = value
        for k in self.lines_of[index]:
            dirty.add(k)
            queue.append(k)
        for other, same in self.signs_at.get(index, ()):
            assign(other, value if same else 1 - value, {index}, set())
        while queue:
            k = queue.pop()
            dirty.discard(k)
            line = self.lines[k]
            values = tuple(grid[i] for i in line.cells)
            known = {i for i in line.cells if grid[i] is not None}
            forced = forced_in_line(values)
            if forced is None:
                raise _Contradiction(known, f"{line.name} could not be completed", {k})
            for position, d in forced.items():
                assign(line.cells[position], d, known, {k})
            if None not in values and self.puzzle.distinct:
                self._check_repeats(grid, k, known)

    def _check_repeats(self, grid: list[int | None], k: int, known: set[int]) -> None:
        line = self.lines[k]
        digits = [grid[i] for i in line.cells]
        for j, other in enumerate(self.lines):
            if other is line or other.direction != line.direction:
                continue
            if [grid[i] for i in other.cells] == digits:
                raise _Contradiction(
                    known | set(other.cells),
                    f"{line.name} would equal {other.name}",
                    {k, j},
                    (k, j),
                )

    # -- pictures and words
    def solution(self) -> Any:
        from .takuzu import TakuzuSolution

        return TakuzuSolution(
            tuple(
                "".join(str(self.known[r, c]) for c in range(self.width))
                for r in range(self.height)
            )
        )

    def picture(self, known: dict[Cell, Any], marks: Sequence[CellMark]) -> str:
        from .takuzu import EMPTY, TakuzuSolution

        rows = tuple(
            "".join(str(known.get((r, c), EMPTY)) for c in range(self.width))
            for r in range(self.height)
        )
        return self.puzzle.svg(TakuzuSolution(rows), marks=marks)


def _needed(values: Values, position: int, digit: int, forced: Any) -> Values:
    """The line's known cells cut down to those that still force ``digit`` at
    ``position``, dropping the farthest first."""
    kept = list(values)
    order = sorted(
        (i for i, v in enumerate(values) if v is not None), key=lambda i: -abs(i - position)
    )
    for i in order:
        trial = list(kept)
        trial[i] = None
        result = forced(tuple(trial))
        if result is not None and result.get(position) == digit:
            kept = trial
    return tuple(kept)
