"""Reading a puzzle file of a declared kind: janko.at's layout, as the declaration says.

The file is a header line ``ROWS COLS [PARAMS]`` and then the declared blocks in order:
grids of ``ROWS`` lines of ``COLS`` tokens, single lines, or lines of a few tokens each
(blank lines anywhere, and ``#`` comments anywhere too unless a token starts with
``#``: then only before the header). Every token is matched against its block's
token rules (a literal the declaration names, a number in its range, a pair ``a,b``
with either side empty, or a region id) and located, so each refusal is one line at
its place. Facts are made from the declaration's patterns with numbers the reader
checked, ids turned into indices and constants the declaration wrote; the token text
itself never becomes a fact.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import NamedTuple

from ... import limits
from ...errors import PuzzleError
from ...puzzle import FactRow
from .. import textformat
from .declaration import Block, Declaration, Pattern, Side, TokenRule, resolve
from .patterns import fill_template

_TOKEN = re.compile(r"\S+")
_NUMBER = re.compile(r"[+-]?[0-9]+")
_PAIR = re.compile(r"([+-]?[0-9]*),([+-]?[0-9]*)")
_ID = re.compile(r"[A-Za-z0-9]{1,16}")

#: how a clue reads unless its rule says: a grid's, a line's (``{token}``: as written)
GRID_TEXT = "{V} at (row {R+1}, col {C+1})"
GRID_TEXT_NO_VALUE = "{token} at (row {R+1}, col {C+1})"
LINE_TEXT = "{V} in {block} {K+1}"
LINE_TEXT_NO_VALUE = "{token} in {block} {K+1}"


def default_text(shape: str, valued: bool) -> str:
    """How a clue of a block of this shape reads unless its rule says."""
    if shape == "grid":
        return GRID_TEXT if valued else GRID_TEXT_NO_VALUE
    return LINE_TEXT if valued else LINE_TEXT_NO_VALUE


class ClueRecord(NamedTuple):
    """A printed clue: its fact and how people read it, and where its token stands."""

    row: FactRow
    text: str
    place: str  # the cell or line it is about, e.g. "(row 1, col 3)"
    value: str  # what it says there, e.g. "7"
    cell: tuple[int, int] | None  # (row, col) for a grid's clue
    block: int  # the block, line within it and token within the line of its token
    line: int
    item: int


class Reading(NamedTuple):
    """What a puzzle file says, checked: the header's numbers, the facts (header facts
    first, then each token's in reading order), the clues among them, and the tokens
    of each block as read (for janko's layout out, and ``[output] keep``)."""

    header: tuple[tuple[str, int], ...]
    rows: tuple[FactRow, ...]
    clues: tuple[ClueRecord, ...]
    tokens: tuple[tuple[tuple[str, ...], ...], ...]


def read_puzzle(declaration: Declaration, text: str, source: str) -> Reading:
    """The puzzle ``text`` (named ``source``) read with ``declaration``."""
    lines = textformat.content_lines(
        text,
        source,
        1 + len(declaration.blocks) * limits.MAX_BOARD_SIDE,
        f"a block has at most {limits.MAX_BOARD_SIDE:,} lines",
        comments_first=declaration.rows_may_start_with_comment_sign,
    )
    header, header_cols = _header(declaration, lines[0], source)
    values = dict(header)
    rows: dict[FactRow, None] = {pattern.fill(values): None for pattern in declaration.header.facts}
    clues: dict[FactRow, ClueRecord] = {}
    tokens = []
    at = 1  # the next content line
    for index, block in enumerate(declaration.blocks):
        reader = _BlockReader(declaration, index, block, values, source, lines[0], header_cols)
        if at == len(lines) and block.optional:
            tokens.append(())
            continue
        at = reader.read(lines, at, rows, clues)
        tokens.append(reader.tokens)
    if at < len(lines):
        last = declaration.blocks[-1].name
        raise PuzzleError(
            f"unexpected line after the last block ({last}): the header says "
            f"'{lines[0].text.strip()}'",
            source,
            lines[at].number,
            1,
        )
    return Reading(tuple(header), tuple(rows), tuple(clues.values()), tuple(tokens))


def _header(
    declaration: Declaration, line: textformat.Line, source: str
) -> tuple[list[tuple[str, int]], dict[str, int]]:
    """The header's numbers (name, value) and the column of each."""
    spec = declaration.header
    names = spec.numbers
    found = [(m.group(), m.start() + 1) for m in islice(_TOKEN.finditer(line.text), len(names) + 1)]
    shape = " ".join(names)
    needed = len(names) - len(spec.defaults)
    if len(found) < needed:
        raise PuzzleError(
            f"the first line is the header '{shape}'"
            + (f" (the last {len(spec.defaults)} may be left out)" if spec.defaults else "")
            + f": expected {needed} numbers, found {len(found)}",
            source,
            line.number,
            len(line.text) + 1 if found else 1,
        )
    if len(found) > len(names):
        token, col = found[len(names)]
        raise PuzzleError(
            f"unexpected {limits.quoted(token)} after the header's {len(names)} numbers ({shape})",
            source,
            line.number,
            col,
        )
    header: list[tuple[str, int]] = []
    columns: dict[str, int] = {}
    for position, name in enumerate(names):
        if position >= len(found):
            header.append((name, spec.defaults[name]))
            continue
        token, col = found[position]
        what = ("rows", "columns")[position] if position < 2 else name
        lo, hi = spec.side if position < 2 else spec.ranges.get(name, (0, limits.CLINGO_MAX))
        value = limits.check_int(token, source, line.number, col, what, lo, hi)
        header.append((name, value))
        columns[name] = col
    rows, cols = header[0][1], header[1][1]
    if spec.square and rows != cols:
        raise PuzzleError(
            f"the board must be square, not {rows} x {cols}", source, line.number, columns[names[1]]
        )
    limits.check_count(rows * cols, limits.MAX_BOARD_CELLS, "cells", source, line.number, 1)
    return header, columns


class _BlockReader:
    """Reads one block from the content lines, token by token."""

    def __init__(
        self,
        declaration: Declaration,
        index: int,
        block: Block,
        header: dict[str, int],
        source: str,
        header_line: textformat.Line,
        header_cols: dict[str, int],
    ) -> None:
        self.index = index
        self.block = block
        self.header = header
        self.source = source
        self.header_text = header_line.text.strip()
        self.ids: dict[str, int] = {}
        self.tokens: tuple[tuple[str, ...], ...] = ()
        # sizes for this puzzle (a parameter used as a size is checked here)
        self.sizes = {}
        bounds = {
            "rows": block.rows,
            "cols": block.cols,
            "length": block.length,
            "count": block.count,
        }
        for key, bound in bounds.items():
            value = resolve(bound, header)
            if not 0 <= value <= limits.MAX_BOARD_SIDE:
                raise PuzzleError(
                    f"{bound} {value}: block {block.name} needs it in 0..{limits.MAX_BOARD_SIDE:,}",
                    source,
                    header_line.number,
                    header_cols.get(str(bound), 1),
                )
            self.sizes[key] = value
        self.literals = block.literals
        self.classes = block.classes
        #: each token text read so far, matched: a token's rule, value and pair depend on
        #: its text alone (an id's index too, once given), so a text repeated over a
        #: grid is matched once
        self.matched: dict[str, tuple[TokenRule, int | None, tuple[int | None, int | None]]]
        self.matched = {text: (rule, None, (None, None)) for text, rule in self.literals.items()}

    def read(
        self,
        lines: list[textformat.Line],
        at: int,
        rows: dict[FactRow, None],
        clues: dict[FactRow, ClueRecord],
    ) -> int:
        """Read the block from ``lines[at]`` on; returns the next line's index."""
        block = self.block
        shape = block.shape
        count = {"grid": self.sizes["rows"], "line": 1, "lines": self.sizes["count"]}[shape]
        most = self.sizes["cols"] if shape == "grid" else self.sizes["length"]
        read: list[tuple[str, ...]] = []
        for k in range(count):
            if at + k >= len(lines):
                last = lines[-1]
                what = "rows" if shape == "grid" else "lines"
                raise PuzzleError(
                    f"the file ends in block {block.name}: {k} of its {count} {what}"
                    f" (the header says '{self.header_text}')",
                    self.source,
                    last.number,
                    len(last.text) + 1,
                )
            line = lines[at + k]
            found = [
                (m.group(), m.start() + 1) for m in islice(_TOKEN.finditer(line.text), most + 1)
            ]
            if len(found) > most or (shape != "lines" and len(found) != most):
                where = found[most][1] if len(found) > most else len(line.text) + 1
                unit = "row" if shape == "grid" else "line"
                expected = f"at most {most}" if shape == "lines" else str(most)
                raise PuzzleError(
                    f"{unit} has {textformat.plural(len(found), 'token')}, expected {expected} "
                    f"in block {block.name} (the header says '{self.header_text}')",
                    self.source,
                    line.number,
                    where,
                )
            for item, (token, col) in enumerate(found):
                # a grid's row and column; a line's place K; a lines block's line K
                # and place I
                if shape == "grid":
                    where = {"R": k, "C": item}
                elif shape == "line":
                    where = {"K": item}
                else:
                    where = {"K": k, "I": item}
                self.token(token, line.number, col, where, (k, item), rows, clues)
            read.append(tuple(token for token, _ in found))
        self.tokens = tuple(read)
        return at + count

    def token(
        self,
        token: str,
        line: int,
        col: int,
        where: dict[str, int],
        position: tuple[int, int],
        rows: dict[FactRow, None],
        clues: dict[FactRow, ClueRecord],
    ) -> None:
        matched = self.matched.get(token)
        if matched is None:
            matched = self.matched[token] = self.match_class(token, line, col)
        rule, value, pair = matched
        if not rule.facts and pair == (None, None):
            return  # a token that says nothing, as an empty cell's '-'
        values = {**self.header, **where}
        if value is not None:
            values["V"] = value
        self.add(rule.facts, rule.clue, rule.text, values, token, where, position, rows, clues)
        for side, side_value in zip((rule.left, rule.right), pair, strict=True):
            if side is not None and side_value is not None:
                side_values = {**values, "V": side_value}
                self.add(
                    side.facts, side.clue, side.text, side_values, token, where, position,
                    rows, clues,
                )  # fmt: skip

    def match_class(
        self, token: str, line: int, col: int
    ) -> tuple[TokenRule, int | None, tuple[int | None, int | None]]:
        """The first class rule that takes ``token``: the rule, a number's or id's
        value, a pair's two sides."""
        for rule in self.classes:
            if rule.match == "number" and _NUMBER.fullmatch(token):
                assert rule.range is not None
                lo, hi = (resolve(b, self.header) for b in rule.range)
                why = f"block {self.block.name} takes {lo}..{hi}"
                return (
                    rule,
                    limits.check_int(token, self.source, line, col, "number", lo, hi, why),
                    (None, None),
                )
            if rule.match == "pair":
                found = _PAIR.fullmatch(token)
                if found is None or token == ",":
                    continue
                sides = []
                for name, side, text in (
                    ("left", rule.left, found.group(1)),
                    ("right", rule.right, found.group(2)),
                ):
                    if not text:
                        sides.append(None)
                        continue
                    if side is None:
                        raise PuzzleError(
                            f"{limits.quoted(token)}: a pair in block {self.block.name} has no "
                            f"{name} number",
                            self.source,
                            line,
                            col,
                        )
                    sides.append(self.side_value(side, name, text, line, col))
                return rule, None, (sides[0], sides[1])
            if rule.match == "id" and _ID.fullmatch(token):
                return rule, self.ids.setdefault(token, len(self.ids)), (None, None)
        raise PuzzleError(
            f"unexpected {limits.quoted(token)}: expected {self.expected()}", self.source, line, col
        )

    def side_value(self, side: Side, name: str, text: str, line: int, col: int) -> int:
        lo, hi = (resolve(b, self.header) for b in side.range)
        why = f"a pair's {name} number is {lo}..{hi}"
        return limits.check_int(text, self.source, line, col, f"{name} number", lo, hi, why)

    def expected(self) -> str:
        """The tokens this block takes, in words."""
        words = [repr(literal) for literal in self.literals]
        for rule in self.classes:
            if rule.match == "number":
                assert rule.range is not None
                lo, hi = (resolve(b, self.header) for b in rule.range)
                words.append(f"a number {lo}..{hi}")
            elif rule.match == "pair":
                words.append("a pair such as 5,12 (either side may be empty)")
            else:
                words.append("an id (up to 16 letters and digits)")
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

    def place(self, where: dict[str, int]) -> str:
        if "R" in where:
            return textformat.cell_name(where["R"], where["C"])
        return f"{self.block.name} {where['K'] + 1}"

    def add(
        self,
        patterns: tuple[Pattern, ...],
        clue_flags: tuple[bool, ...],
        text: str | None,
        values: dict[str, int],
        token: str,
        where: dict[str, int],
        position: tuple[int, int],
        rows: dict[FactRow, None],
        clues: dict[FactRow, ClueRecord],
    ) -> None:
        for pattern, is_clue in zip(patterns, clue_flags, strict=True):
            row = pattern.fill(values)
            rows[row] = None
            if is_clue and row not in clues:
                clues[row] = self.clue(row, text, values, token, where, position)

    def clue(
        self,
        row: FactRow,
        text: str | None,
        values: dict[str, int],
        token: str,
        where: dict[str, int],
        position: tuple[int, int],
    ) -> ClueRecord:
        valued = "V" in values
        if text is None:
            text = default_text(self.block.shape, valued)
        words = fill_template(text, {**values, "block": self.block.name, "token": token})
        cell = (where["R"], where["C"]) if "R" in where else None
        value = str(values["V"]) if valued else token
        return ClueRecord(row, words, self.place(where), value, cell, self.index, *position)
