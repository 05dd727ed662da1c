"""The grid layout of janko.at and puzzlekit collections, read by the grid kinds
(Hidato family, Takuzu) whatever their extension: a first line ``ROWS COLS``, then
one line per row, cells separated by spaces, ``-`` for an empty cell.

    4 4
    - 1 - -
    ...

Each kind says what a cell may hold; this module reads the shape and locates every
cell's token for messages.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .. import limits
from ..errors import PuzzleError
from . import textformat

EMPTY = "-"
# ASCII digits only: ``\d`` would take other scripts' digits too (see limits.is_digits)
_SIZE = re.compile(r"\s*([0-9]+)\s+([0-9]+)\s*")


#: the first line that is neither blank nor a comment
_FIRST = re.compile(r"^[^\S\r\n]*[^\s#][^\r\n]*", re.MULTILINE)


def is_janko(text: str) -> bool:
    """Whether the first line that is neither blank nor a comment is ``ROWS COLS``."""
    first = _FIRST.search(text)
    size = None if first is None else _SIZE.fullmatch(first.group().rstrip())
    # at least 2 x 2: a Takuzu row of two cells in the spaced layout ("0 1") is not a size
    return size is not None and all(_at_least_two(size.group(i)) for i in (1, 2))


def _at_least_two(digits: str) -> bool:
    """Whether a run of digits stands for 2 or more, told from its text: a size of any
    length is a size here, and read_grid refuses one that is too large."""
    significant = digits.lstrip("0")
    return len(significant) > 1 or significant >= "2"


class Grid(NamedTuple):
    """A grid as read: the ``ROWS COLS`` line and the columns of its two numbers, the
    row lines and, per row, its cells' tokens."""

    size: textformat.Line
    size_cols: tuple[int, int]
    lines: list[textformat.Line]
    cells: list[list[textformat.Token]]


def read_grid(text: str, source: str) -> Grid:
    """The grid, its shape checked against ``ROWS COLS``."""
    side = limits.MAX_BOARD_SIDE
    lines = textformat.content_lines(text, source, side + 2, f"a board has at most {side:,} rows")
    size = lines[0]
    match = _SIZE.fullmatch(size.text)
    assert match is not None
    counts = []
    for what, group in (("rows", 1), ("columns", 2)):
        col = match.start(group) + 1
        count = limits.check_int(match.group(group), source, size.number, col, what)
        limits.check_count(count, side, what, source, size.number, col)
        counts.append(count)
    rows, cols = counts
    grid = lines[1:]
    if len(grid) != rows:
        last = grid[-1] if grid else size
        raise PuzzleError(
            f"{len(grid)} rows after '{rows} {cols}', expected {rows}",
            source,
            last.number,
            1,
        )
    tokens = []
    for line in grid:
        row = _tokens(line)
        if len(row) != cols:
            at = row[cols].col if len(row) > cols else len(line.text) + 1
            raise PuzzleError(
                f"row has {textformat.plural(len(row), 'cell')}, expected {cols} "
                f"(the header says '{rows} {cols}')",
                source,
                line.number,
                at,
            )
        tokens.append(row)
    return Grid(size, (match.start(1) + 1, match.start(2) + 1), grid, tokens)


def _tokens(line: textformat.Line) -> list[textformat.Token]:
    return [textformat.Token(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line.text)]
