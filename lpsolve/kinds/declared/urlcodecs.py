"""puzz.link's URL codecs: how a link's body spells a puzzle's clues, both ways.

A puzz.link link (``https://puzz.link/p?GENRE/COLS/ROWS/BODY``, as pzprjs writes it)
keeps its clues in ``BODY``, one part after another, each part written by one of
pzprjs's encoders (``encodeNumber16``, ``encode4Cell``, ``encodeBorder`` ...). A codec
here reads one such part into *values* and writes values back into the same characters
pzprjs writes, so a link pzprjs made comes back unchanged. The values are text: a whole
number (``"12"``), :data:`EMPTY` for a cell without a clue, :data:`UNKNOWN` for pzprjs's
clue without a number (its ``?``, or Akari's plain black cell), a region's number, or
for Kakuro the janko token itself. Turning values into a kind's janko tokens is the
declaration's business (``[input.url] blocks``, :mod:`.urls`).

Each codec fills one or more *parts*, named after what they hold: ``cells`` (a grid the
size of the link's board), the clues outside the board (``top``, ``bottom``, ``left``,
``right``: one line each) or the clue lists of a Nonogram (``columns``, ``rows``: one
line per column or row). Decoding is strict where pzprjs is lenient: every character
must be one the encoder writes, the part must cover the board exactly (a skip may not
run past its end) and a malformed part is refused at its character (:class:`LinkError`).
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import NamedTuple

#: a cell (or an outside clue) without a clue
EMPTY = ""
#: pzprjs's clue without a number (qnum -2): a ``?`` clue, Akari's unnumbered black cell
UNKNOWN = "."

#: a decoded value and the index in the link of the characters that gave it
Cell = tuple[str, int]
#: a part as lines of values (a grid's rows; one line; a list per column or row)
Lines = list[list[Cell]]

_HEX = "0123456789abcdef"
_BASE32 = string.digits + string.ascii_lowercase[:22]  # 0-9 a-v
_BASE36 = string.digits + string.ascii_lowercase


class LinkError(ValueError):
    """A malformed part of a link: what is wrong and the index of the character."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


class CannotEncode(ValueError):
    """A value a codec has no characters for (a number too big for pzprjs's encoder)."""


class Cursor:
    """Reads a link's body character by character; positions are indices into the whole
    link, so every refusal names the character it is about."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text = text
        self.at = start
        self.end = end

    def done(self) -> bool:
        return self.at >= self.end

    def next(self, what: str) -> str:
        """The next character; at the end of the body, a refusal saying ``what`` was
        still to come."""
        if self.at >= self.end:
            raise LinkError(f"the link ends before {what}", self.end)
        character = self.text[self.at]
        self.at += 1
        return character

    def digits(self, count: int, alphabet: str, what: str) -> int:
        """The next ``count`` characters read as a number in the base of ``alphabet``."""
        value = 0
        for _ in range(count):
            character = self.next(what)
            if character not in alphabet:
                raise LinkError(
                    f"{character!r} in {what}: expected {count} characters of "
                    f"{_alphabet_words(alphabet)}",
                    self.at - 1,
                )
            value = value * len(alphabet) + alphabet.index(character)
        return value

    def unexpected(self, character: str, expected: str) -> LinkError:
        return LinkError(f"unexpected {character!r}: expected {expected}", self.at - 1)


def _alphabet_words(alphabet: str) -> str:
    names = {_HEX: "0-9, a-f", _BASE32: "0-9, a-v", _BASE36: "0-9, a-z"}
    return names.get(alphabet, repr(alphabet))


def _base(value: int, alphabet: str, width: int = 0) -> str:
    """``value`` written in the base of ``alphabet`` (at least ``width`` characters)."""
    digits = ""
    while True:
        value, digit = divmod(value, len(alphabet))
        digits = alphabet[digit] + digits
        if value == 0:
            break
    return digits.rjust(width, alphabet[0])


def _number(value: str, what: str) -> int:
    """A value that must be a whole number for this codec."""
    if not value.isdigit():
        raise CannotEncode(f"{what} {value!r}: the link holds whole numbers here")
    return int(value)


# -- the codecs ----------------------------------------------------------------------------


class Shape(NamedTuple):
    """A part's layout for a board of ``rows`` x ``cols`` (the link's sizes): ``grid``
    (``count`` lines of ``length`` values), ``line`` (one line of ``length``) or
    ``lists`` (``count`` lines of at most ``length`` values each)."""

    kind: str
    count: int
    length: int


class Codec:
    """One of pzprjs's encoders. Subclasses name the parts they fill and read and write
    their characters; :meth:`shape` says each part's layout."""

    #: the name a declaration uses
    name = ""
    #: the parts it fills, in the order :meth:`decode` returns them
    parts: tuple[str, ...] = ("cells",)
    #: rows and columns the janko board has beyond the link's (Kakuro: the clue row and
    #: column outside pzprjs's board)
    extra = 0

    def shape(self, part: str, rows: int, cols: int) -> Shape:
        return Shape("grid", rows + self.extra, cols + self.extra)

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        raise NotImplementedError

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        raise NotImplementedError


def _grid(cells: list[Cell], cols: int) -> Lines:
    return [cells[r : r + cols] for r in range(0, len(cells), cols)]


def _flat(parts: Mapping[str, Sequence[Sequence[str]]], part: str = "cells") -> list[str]:
    return [value for line in parts[part] for value in line]


class _Skipping:
    """Encoders that write runs of empty cells as one letter: ``letters[k-1]`` skips k
    cells (pzprjs's ``(k + offset).toString(36)``)."""

    def __init__(self, letters: str) -> None:
        self.letters = letters
        self.out: list[str] = []
        self.empties = 0

    def empty(self) -> None:
        self.empties += 1
        if self.empties == len(self.letters):
            self.flush()

    def flush(self) -> None:
        if self.empties:
            self.out.append(self.letters[self.empties - 1])
            self.empties = 0

    def write(self, characters: str) -> None:
        self.flush()
        self.out.append(characters)

    def text(self) -> str:
        self.flush()
        return "".join(self.out)


_SKIP_20 = "ghijklmnopqrstuvwxyz"  # g skips 1 cell ... z skips 20


def _read_skip(cursor: Cursor, character: str, letters: str, cell: int, cells: int) -> int:
    """The number of cells a skip letter passes over, refused if it runs past the end."""
    count = letters.index(character) + 1
    if cell + count > cells:
        raise LinkError(
            f"{character!r} skips {count} cells, past the end of the board ({cells - cell} left)",
            cursor.at - 1,
        )
    return count


#: number16's long numbers: a prefix, how many hex digits follow, what they add, and the
#: numbers pzprjs writes with that prefix (below the bound)
_WIDE = {
    "-": (2, 0, 256),
    "+": (3, 0, 4096),
    "=": (3, 4096, 8192),
    "%": (3, 8192, 12240),
    "*": (4, 12240, 77776),
    "$": (5, 77776, 77776 + 16**5),
}

#: the outside clues' long numbers (``decodeNumber16ExCell``): ``-`` and two hex digits
_OUTSIDE_WIDE = {"-": _WIDE["-"]}
#: Hitori's long numbers (``decodeHitori``): ``-`` and two base-36 digits
_HITORI_WIDE = {"-": (2, 0, 36**2)}


def _read_numbers(
    cursor: Cursor,
    count: int,
    what: str,
    expected: str,
    *,
    wide: Mapping[str, tuple[int, int, int]],
    digits: str = _HEX,
    unknown: str = UNKNOWN,
    skips: str = _SKIP_20,
) -> list[Cell]:
    """``count`` values, one unit at a time, as pzprjs's number encoders write them: a
    number as one of ``digits``, or a prefix of ``wide`` and its ``digits``; a character
    of ``unknown`` for a clue without a number; ``skips[k-1]`` for k empty cells. ``what``
    names the values and ``expected`` the characters allowed, for a refusal."""
    found: list[Cell] = []
    while len(found) < count:
        at = cursor.at
        character = cursor.next(f"the last {count - len(found)} of {count} {what}")
        if character in digits:
            found.append((str(digits.index(character)), at))
        elif character in wide:
            width, offset, _ = wide[character]
            number = cursor.digits(width, digits, f"the number after {character!r}")
            found.append((str(number + offset), at))
        elif character in unknown:
            found.append((UNKNOWN, at))
        elif character in skips:
            skipped = _read_skip(cursor, character, skips, len(found), count)
            found.extend([(EMPTY, at)] * skipped)
        else:
            raise cursor.unexpected(character, expected)
    return found


class Number16(Codec):
    """``decodeNumber16``: a number per clue cell (``0``-``f``; ``-`` and two hex digits;
    ``+``, ``=``, ``%`` and three; ``*`` and four; ``$`` and five), ``.`` for a clue
    without a number, ``g``-``z`` for 1-20 empty cells."""

    name = "number16"
    LARGEST = 77776 + 16**5 - 1

    def read_cells(self, cursor: Cursor, cells: int) -> list[Cell]:
        expected = "0-9, a-f, -+=%*$ and hex digits, '.' or g-z"
        return _read_numbers(cursor, cells, "cells", expected, wide=_WIDE)

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        return {"cells": _grid(self.read_cells(cursor, rows * cols), cols)}

    def write_cells(self, values: Sequence[str]) -> str:
        writer = _Skipping(_SKIP_20)
        for value in values:
            if value == EMPTY:
                writer.empty()
            elif value == UNKNOWN:
                writer.write(UNKNOWN)
            else:
                writer.write(self.write_number(_number(value, "number")))
        return writer.text()

    def write_number(self, number: int) -> str:
        if number < 16:
            return _HEX[number]
        for prefix, (width, offset, bound) in _WIDE.items():
            if number < bound:
                return prefix + _base(number - offset, _HEX, width)
        raise CannotEncode(f"number {number}: the link holds at most {self.LARGEST}")

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        return self.write_cells(_flat(parts))


class FourCell(Codec):
    """``decode4Cell``: numbers 0-4 where the character also says how many empty cells
    follow (``0``-``4`` none, ``5``-``9`` one, ``a``-``e`` two, which may pass the end of
    the board), ``.`` for a clue without a number, ``g``-``z`` for 1-20 empty cells."""

    name = "4cell"

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        cells = rows * cols
        found: list[Cell] = []
        while len(found) < cells:
            at = cursor.at
            character = cursor.next(f"the last {cells - len(found)} of {cells} cells")
            if character in "0123456789abcde":
                digit = int(character, 16)
                found.append((str(digit % 5), at))
                after = digit // 5  # empty cells after it; those past the end do not exist
                found.extend([(EMPTY, at)] * min(after, cells - len(found)))
            elif character == UNKNOWN:
                found.append((UNKNOWN, at))
            elif character in _SKIP_20:
                count = _read_skip(cursor, character, _SKIP_20, len(found), cells)
                found.extend([(EMPTY, at)] * count)
            else:
                raise cursor.unexpected(character, "0-9, a-e, '.' or g-z")
        return {"cells": _grid(found, cols)}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        values = _flat(parts)
        writer = _Skipping(_SKIP_20)
        c = 0
        while c < len(values):
            value = values[c]
            if value == EMPTY:
                writer.empty()
            elif value == UNKNOWN:
                writer.write(UNKNOWN)
            else:
                number = _number(value, "number")
                if number > 4:
                    raise CannotEncode(f"number {number}: the link holds 0-4 here")
                # as pzprjs: the following empty cells (up to two, and cells past the
                # end count as empty) go into the same character
                after = 0
                while after < 2 and (c + after + 1 >= len(values) or not values[c + after + 1]):
                    after += 1
                writer.write(_HEX[number + 5 * after])
                c += after
            c += 1
        return writer.text()


class OneCell(Codec):
    """``decode1Cell``: the cells with one mark (Tents' trees), as the gaps between them:
    ``0``-``h`` a mark followed by 0-17 empty cells, ``i``-``z`` 1-18 empty cells. The
    mark's value is ``"1"``."""

    name = "1cell"
    MARK = "1"
    _AFTER_MARK = _BASE36[:18]  # 0-h
    _GAP = _BASE36[18:]  # i-z: 1-18 empty cells

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        cells = rows * cols
        found: list[Cell] = []
        while len(found) < cells:
            at = cursor.at
            character = cursor.next(f"the last {cells - len(found)} of {cells} cells")
            if character in self._AFTER_MARK:
                found.append((self.MARK, at))
                count = self._AFTER_MARK.index(character)
                if len(found) + count > cells:
                    raise LinkError(
                        f"{character!r} leaves {count} empty cells after a mark, past the "
                        f"end of the board",
                        at,
                    )
                found.extend([(EMPTY, at)] * count)
            elif character in self._GAP:
                count = _read_skip(cursor, character, self._GAP, len(found), cells)
                found.extend([(EMPTY, at)] * count)
            else:
                raise cursor.unexpected(character, "0-9 or a-z")
        return {"cells": _grid(found, cols)}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        out: list[str] = []
        marked = False  # whether the gap being counted follows a mark
        gap = 0
        for value in _flat(parts):
            if value not in (EMPTY, self.MARK):
                raise CannotEncode(f"{value!r}: the link holds marked and empty cells here")
            if value == self.MARK:
                if marked:
                    out.append(self._AFTER_MARK[gap])
                elif gap:
                    out.append(self._GAP[gap - 1])
                marked, gap = True, 0
                continue
            gap += 1
            longest = len(self._AFTER_MARK) - 1 if marked else len(self._GAP)
            if gap == longest:
                out.append(self._AFTER_MARK[gap] if marked else self._GAP[gap - 1])
                marked, gap = False, 0
        if marked:
            out.append(self._AFTER_MARK[gap])
        elif gap:
            out.append(self._GAP[gap - 1])
        return "".join(out)


class Border(Codec):
    """``decodeBorder``: the walls between cells, five to a base-32 character (the walls
    between columns row by row, then those between rows). Decoded into a region map:
    the regions the walls enclose, numbered 1, 2, ... in reading order."""

    name = "border"

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        start = cursor.at
        vertical = self._bits(cursor, (cols - 1) * rows, "walls between columns")
        horizontal = self._bits(cursor, cols * (rows - 1), "walls between rows")
        parent = list(range(rows * cols))

        def root(cell: int) -> int:
            while parent[cell] != cell:
                parent[cell] = parent[parent[cell]]
                cell = parent[cell]
            return cell

        for index, wall in enumerate(vertical):
            if not wall:
                r, c = divmod(index, cols - 1)
                parent[root(r * cols + c)] = root(r * cols + c + 1)
        for index, wall in enumerate(horizontal):
            if not wall:
                parent[root(index)] = root(index + cols)
        numbers: dict[int, int] = {}
        cells = [
            (str(numbers.setdefault(root(c), len(numbers) + 1)), start) for c in range(rows * cols)
        ]
        return {"cells": _grid(cells, cols)}

    @staticmethod
    def _bits(cursor: Cursor, count: int, what: str) -> list[bool]:
        bits: list[bool] = []
        for _ in range((count + 4) // 5):
            character = cursor.next(f"the {what}")
            if character not in _BASE32:
                raise cursor.unexpected(character, f"0-9 or a-v (five {what})")
            value = _BASE32.index(character)
            used = min(5, count - len(bits))
            if value & ((1 << (5 - used)) - 1):
                raise LinkError(
                    f"{character!r} sets walls past the last of the {what}", cursor.at - 1
                )
            bits.extend(bool(value >> (4 - k) & 1) for k in range(used))
        return bits

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        grid = parts["cells"]
        for value in _flat(parts):
            if not (value.isascii() and value.isalnum()):  # '@' off the board, '#' black
                raise CannotEncode(f"{value!r}: the link holds only regions, each cell in one")
        vertical = [grid[r][c] != grid[r][c + 1] for r in range(rows) for c in range(cols - 1)]
        horizontal = [grid[r][c] != grid[r + 1][c] for r in range(rows - 1) for c in range(cols)]
        return self._characters(vertical) + self._characters(horizontal)

    @staticmethod
    def _characters(bits: list[bool]) -> str:
        out = []
        for start in range(0, len(bits), 5):
            value = 0
            for k, bit in enumerate(bits[start : start + 5]):
                value |= bit << (4 - k)
            out.append(_BASE32[value])
        return "".join(out)


class Circle(Codec):
    """``decodeCircle``: three cells to a base-27 character, each cell 0 (empty), 1
    (pzprjs's white circle) or 2 (black)."""

    name = "circle"
    _BASE27 = _BASE36[:27]

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        cells = rows * cols
        found: list[Cell] = []
        while len(found) < cells:
            at = cursor.at
            character = cursor.next(f"the last {cells - len(found)} of {cells} cells")
            if character not in self._BASE27:
                raise cursor.unexpected(character, "0-9 or a-q (three cells)")
            value = self._BASE27.index(character)
            for place in (9, 3, 1):
                digit = value // place % 3
                if len(found) < cells:
                    found.append((str(digit) if digit else EMPTY, at))
                elif digit:
                    raise LinkError(f"{character!r} puts a circle past the end of the board", at)
        return {"cells": _grid(found, cols)}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        values = _flat(parts)
        out = []
        for start in range(0, len(values), 3):
            total = 0
            for place, value in zip((9, 3, 1), values[start : start + 3], strict=False):
                if value not in (EMPTY, "1", "2"):
                    raise CannotEncode(f"{value!r}: the link holds circles 1 and 2 here")
                total += place * int(value or 0)
            out.append(self._BASE27[total])
        return "".join(out)


class Hitori(Codec):
    """``decodeHitori``: one unit per cell: a base-36 digit, ``-`` and two base-36 digits,
    ``@`` or ``%`` for a clue without a number, ``.`` for an empty cell."""

    name = "hitori"

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        found = _read_numbers(
            cursor, rows * cols, "cells", "0-9, a-z, '-', '@' or '.'",
            wide=_HITORI_WIDE, digits=_BASE36, unknown="@%", skips=".",
        )  # fmt: skip
        return {"cells": _grid(found, cols)}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        out = []
        for value in _flat(parts):
            if value == EMPTY:
                out.append(".")
            elif value == UNKNOWN:
                out.append("@")
            else:
                number = _number(value, "number")
                if number < 36:
                    out.append(_BASE36[number])
                elif number < 36**2:
                    out.append("-" + _base(number, _BASE36, 2))
                else:
                    raise CannotEncode(f"number {number}: the link holds at most {36**2 - 1}")
        return "".join(out)


class Kakuro(Codec):
    """``decodeKakuro``: the board's black cells and their sums, then the sums in the
    row and column outside the board. Decoded into janko's Kakuro grid, one row and
    column bigger than pzprjs's board: ``0`` a white cell, ``-`` a black cell without
    sums, ``D,A`` a black cell with the sum of the run below (D) and to the right (A),
    either side empty."""

    name = "kakuro"
    extra = 1
    _SKIP = "klmnopqrstuvwxyz"  # k skips 1 white cell ... z skips 16
    _SUMS = string.digits + "abcdefghij" + string.ascii_uppercase  # 0-45; 0 is no sum

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        cells = rows * cols
        inside: list[Cell] = []
        while len(inside) < cells:
            at = cursor.at
            character = cursor.next(f"the last {cells - len(inside)} of {cells} cells")
            if character in self._SKIP:
                count = _read_skip(cursor, character, self._SKIP, len(inside), cells)
                inside.extend([("0", at)] * count)
            elif character == ".":
                inside.append(("-", at))
            elif character in self._SUMS:
                down = self._SUMS.index(character)
                across = self._sum(cursor, "the across sum after the down sum")
                inside.append((self._token(down, across), at))
            else:
                raise cursor.unexpected(character, "k-z, '.' or two sums (0-9, a-j, A-Z)")
        grid = _grid(inside, cols)
        top: list[Cell] = [("-", cursor.at)]
        for c in range(cols):
            if grid[0][c][0] == "0":
                at = cursor.at
                top.append((self._token(self._sum(cursor, f"the sum above column {c + 1}"), 0), at))
            else:
                top.append(("-", cursor.at))
        lines: Lines = [top]
        for r in range(rows):
            at = cursor.at
            left = ("-", at)
            if grid[r][0][0] == "0":
                left = (self._token(0, self._sum(cursor, f"the sum left of row {r + 1}")), at)
            lines.append([left, *grid[r]])
        return {"cells": lines}

    def _sum(self, cursor: Cursor, what: str) -> int:
        character = cursor.next(what)
        if character not in self._SUMS:
            raise cursor.unexpected(character, f"{what}: 0-9, a-j or A-Z")
        return self._SUMS.index(character)

    @staticmethod
    def _token(down: int, across: int) -> str:
        if not (down or across):
            return "-"
        return f"{down or ''},{across or ''}"

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        grid = parts["cells"]
        if grid[0][0] not in ("-", EMPTY):
            raise CannotEncode(f"the top left cell {grid[0][0]!r}: the link has a black one")
        top = [self._cell(token, "the top row") for token in grid[0][1:]]
        left = [self._cell(line[0], "the left column") for line in grid[1:]]
        inside = [[self._cell(token, "a cell") for token in line[1:]] for line in grid[1:]]
        writer = _Skipping(self._SKIP)
        for line in inside:
            for cell in line:
                if cell is None:
                    writer.empty()
                elif cell == (0, 0):
                    writer.write(".")
                else:
                    writer.write(self._SUMS[cell[0]] + self._SUMS[cell[1]])
        out = [writer.text()]
        for c, clue in enumerate(top):  # sums of the runs down from above the board
            out.append(self._outside(clue, inside[0][c] is None, 0, f"column {c + 1}"))
        for r, clue in enumerate(left):  # and of the runs across from its left
            out.append(self._outside(clue, inside[r][0] is None, 1, f"row {r + 1}"))
        return "".join(out)

    def _cell(self, token: str, where: str) -> tuple[int, int] | None:
        """A janko token as (down, across) sums of a black cell, None for a white one."""
        if token == "0":
            return None
        if token in ("-", EMPTY):  # EMPTY: a kind whose black cell is its blank token
            return (0, 0)
        down, comma, across = token.partition(",")
        if comma and all(side == "" or side.isdigit() for side in (down, across)):
            sums = (int(down or 0), int(across or 0))
            if all(0 <= s < len(self._SUMS) for s in sums):
                return sums
            raise CannotEncode(f"sum in {token!r} ({where}): the link holds sums 1-45")
        raise CannotEncode(f"{token!r} in {where}: expected 0, - or sums D,A")

    def _outside(self, clue: tuple[int, int] | None, white: bool, side: int, where: str) -> str:
        """The character of the sum outside ``where``: ``clue[side]`` (0 down, 1 across)
        when the run it heads starts with a white cell; the other side must be empty."""
        if clue is None or clue[1 - side]:
            raise CannotEncode(f"the clue cell outside {where}: the link holds one sum there")
        if not white:
            if clue[side]:
                raise CannotEncode(f"a sum outside {where}, whose first cell is black")
            return ""
        return self._SUMS[clue[side]]


class _OutsideNumbers(Codec):
    """``decodeNumber16ExCell``: numbers in the cells outside the board, in pzprjs's
    order of them (``0``-``f``, ``-`` and two hex digits, ``.`` for a clue without a
    number, ``g``-``z`` for 1-20 empty cells)."""

    def slots(self, rows: int, cols: int) -> int:
        raise NotImplementedError

    def read_slots(self, cursor: Cursor, count: int) -> list[Cell]:
        expected = "0-9, a-f, '-' and two hex digits, '.' or g-z"
        return _read_numbers(cursor, count, "outside clues", expected, wide=_OUTSIDE_WIDE)

    @staticmethod
    def write_slots(values: Sequence[str]) -> str:
        writer = _Skipping(_SKIP_20)
        for value in values:
            if value == EMPTY:
                writer.empty()
            elif value == UNKNOWN:
                writer.write(UNKNOWN)
            else:
                number = _number(value, "clue")
                if number >= 256:
                    raise CannotEncode(f"clue {number}: the link holds at most 255 outside")
                writer.write(_HEX[number] if number < 16 else "-" + _base(number, _HEX, 2))
        return writer.text()


class OutsideFour(_OutsideNumbers):
    """Clues on all four sides (Skyscrapers): the top line, the bottom line, the left
    column, the right column."""

    name = "number16_outside"
    parts = ("top", "bottom", "left", "right")

    def shape(self, part: str, rows: int, cols: int) -> Shape:
        return Shape("line", 1, cols if part in ("top", "bottom") else rows)

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        found = self.read_slots(cursor, 2 * (rows + cols))
        ends = [cols, 2 * cols, 2 * cols + rows, 2 * (cols + rows)]
        starts = [0, *ends[:-1]]
        return {part: [found[a:b]] for part, a, b in zip(self.parts, starts, ends, strict=True)}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        return self.write_slots([value for part in self.parts for value in parts[part][0]])


class OutsideTopLeft(_OutsideNumbers):
    """One clue above each column and one left of each row (Tents)."""

    name = "number16_topleft"
    parts = ("top", "left")

    def shape(self, part: str, rows: int, cols: int) -> Shape:
        return Shape("line", 1, cols if part == "top" else rows)

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        found = self.read_slots(cursor, rows + cols)
        return {"top": [found[:cols]], "left": [found[cols:]]}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        return self.write_slots([*parts["top"][0], *parts["left"][0]])


class OutsideRuns(_OutsideNumbers):
    """A Nonogram's clue lists: above each column ``(rows + 1) // 2`` clue cells, left of
    each row ``(cols + 1) // 2``, each listed from the cell next to the board outwards.
    Decoded into one list per column (read top to bottom) and per row (left to right);
    a line without clues holds one empty value."""

    name = "number16_runs"
    parts = ("columns", "rows")

    def shape(self, part: str, rows: int, cols: int) -> Shape:
        if part == "columns":
            return Shape("lists", cols, (rows + 1) // 2)
        return Shape("lists", rows, (cols + 1) // 2)

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        above, beside = (rows + 1) // 2, (cols + 1) // 2
        found = self.read_slots(cursor, cols * above + rows * beside)
        columns = [found[c * above : (c + 1) * above] for c in range(cols)]
        lines = found[cols * above :]
        row_lists = [lines[r * beside : (r + 1) * beside] for r in range(rows)]
        return {"columns": self._lists(columns), "rows": self._lists(row_lists)}

    @staticmethod
    def _lists(stacks: list[list[Cell]]) -> Lines:
        lists = []
        for stack in stacks:
            clues = [cell for cell in reversed(stack) if cell[0] != EMPTY]
            lists.append(clues or [(EMPTY, stack[0][1] if stack else 0)])
        return lists

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        values: list[str] = []
        for part, depth in (("columns", (rows + 1) // 2), ("rows", (cols + 1) // 2)):
            for index, line in enumerate(parts[part]):
                clues = [value for value in line if value != EMPTY]
                if len(clues) > depth:
                    raise CannotEncode(
                        f"{part[:-1]} {index + 1} has {len(clues)} clues; the link holds "
                        f"at most {depth}"
                    )
                values += [*reversed(clues), *[EMPTY] * (depth - len(clues))]
        return self.write_slots(values)


#: every codec, by the name a declaration gives it
class Absent(Codec):
    """A block pzprjs's genre does not hold (janko's Norinori prints a grid of cells
    given shaded, which puzz.link's Norinori has not): it reads nothing from the link
    and is blank; a puzzle with something in it has no link."""

    name = "absent"

    def decode(self, cursor: Cursor, rows: int, cols: int) -> dict[str, Lines]:
        return {"cells": [[(EMPTY, cursor.at)] * cols for _ in range(rows)]}

    def encode(self, parts: Mapping[str, Sequence[Sequence[str]]], rows: int, cols: int) -> str:
        for value in _flat(parts):
            if value != EMPTY:
                raise CannotEncode(f"{value!r}: a puzz.link link of this genre cannot hold it")
        return ""


CODECS: dict[str, Codec] = {
    codec.name: codec
    for codec in (
        Number16(),
        FourCell(),
        OneCell(),
        Border(),
        Circle(),
        Hitori(),
        Kakuro(),
        OutsideFour(),
        OutsideTopLeft(),
        OutsideRuns(),
        Absent(),
    )
}
