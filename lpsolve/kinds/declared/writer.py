"""A declared kind's solutions written out (janko's grid, text, JSON) and read back.

A solution is the set of its shown ``[output] atoms``. Each ``[output] cells`` entry
says how an atom writes its cell: its value (through a map), a region renumbered 1,
2, ... in reading order (so any numbering of the same regions writes the same grid),
the directions of a line through the cell, or a mark such as ``x``. Read back, a
janko solution grid (a published ``.solution`` file) becomes the atoms that write it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

import clingo

from ... import limits
from ...errors import PuzzleError
from .. import textformat
from .declaration import CellWriter, Declaration, resolve
from .patterns import Var, is_constant, is_number

_TOKEN = re.compile(r"\S+")
_INTEGER = re.compile(r"-?[0-9]{1,10}")

Grid = list[list[str]]


def symbol_text(symbol: clingo.Symbol) -> str | None:
    """A number's or constant's text; None for anything else (a student's string, a
    function term): nothing but names and numbers is written into a grid."""
    if is_number(symbol):
        return str(symbol.number)
    if is_constant(symbol):
        return symbol.name
    return None


def solution_grid(
    declaration: Declaration,
    header: Mapping[str, int],
    atoms: Iterable[clingo.Symbol],
    kept: Sequence[Sequence[str]] = (),
    kept_blank: str | None = None,
) -> Grid:
    """The solution's janko grid (rows of tokens). ``kept``: the tokens of the input
    block ``[output] keep`` names, copied where the solution writes nothing (except
    that block's blank token ``kept_blank``)."""
    output = declaration.output
    names = declaration.header.numbers
    rows, cols = header[names[0]], header[names[1]]
    grid = [[output.empty] * cols for _ in range(rows)]
    regions: dict[tuple[int, int], str] = {}
    directions: dict[tuple[int, int], set[str]] = {}
    ordered = sorted(atoms)
    for writer in output.cells:
        for atom in ordered:
            bound = writer.atom.match(atom, header)
            if bound is None:
                continue
            r, c = bound["R"], bound["C"]
            if not (is_number(r) and is_number(c)):
                continue
            cell = (r.number, c.number)
            if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
                continue  # off the board: the check says so
            text = writer.mark or _value_text(writer, bound.get("V"))
            if text is None:
                continue
            if writer.write == "region":
                regions.setdefault(cell, text)
            elif writer.write == "directions":
                directions.setdefault(cell, set()).add(text)
            elif grid[cell[0]][cell[1]] == output.empty:
                grid[cell[0]][cell[1]] = text
    number: dict[str, int] = {}
    for (r, c), region in sorted(regions.items()):
        grid[r][c] = str(number.setdefault(region, len(number) + 1))
    order = {w.order for w in output.cells if w.write == "directions"}
    for (r, c), found in directions.items():
        sequence = next(iter(order)) if len(order) == 1 else tuple(sorted(found))
        grid[r][c] = "".join(d for d in sequence if d in found) or output.empty
    for r, line in enumerate(kept):
        for c, token in enumerate(line):
            if grid[r][c] == output.empty and token not in (kept_blank, output.empty):
                grid[r][c] = token
    return grid


def _value_text(writer: CellWriter, value: clingo.Symbol | None) -> str | None:
    if value is None:
        return None
    text = symbol_text(value)
    if text is None:
        return None
    return writer.map.get(text, text)


def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of tokens as lines, columns right-aligned (as janko's files are read)."""
    width = max((len(token) for row in rows for token in row), default=1)
    return [" ".join(token.rjust(width) for token in row) for row in rows]


def janko_text(
    declaration: Declaration, header: Sequence[tuple[str, int]], grid: Sequence[Sequence[str]]
) -> str:
    """A solution in janko's layout: the header line (unless ``[output] header`` is
    false), then the grid."""
    lines = aligned(grid)
    if declaration.output.header:
        lines.insert(0, " ".join(str(value) for _, value in header))
    return "\n".join(lines)


def grid_json(declaration: Declaration, grid: Grid) -> list[list[Any]]:
    """JSON rows: numbers as numbers, the empty token as null, other tokens as text."""
    empty = declaration.output.empty
    return [
        [None if t == empty else int(t) if _INTEGER.fullmatch(t) else t for t in row]
        for row in grid
    ]


def atoms_json(atoms: Iterable[clingo.Symbol]) -> list[list[Any]]:
    """Each atom as its name and arguments: numbers, constants' names, strings."""
    return [[atom.name, *(_term_json(a) for a in atom.arguments)] for atom in sorted(atoms)]


def _term_json(symbol: clingo.Symbol) -> Any:
    if is_number(symbol):
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    return str(symbol)


# -- reading a solution back ------------------------------------------------------------


def read_solution(
    declaration: Declaration,
    header: Sequence[tuple[str, int]],
    text: str,
    source: str,
    kept: Sequence[Sequence[str]] = (),
) -> tuple[clingo.Symbol, ...]:
    """The atoms of a solution written in janko's layout (a published ``.solution``
    file) for a puzzle with this ``header``; ``kept``: the tokens of the block
    ``[output] keep`` names, which the grid may repeat. Each token must be one some
    ``[output] cells`` entry writes (or the empty token, or a kept one)."""
    values = dict(header)
    names = declaration.header.numbers
    rows, cols = values[names[0]], values[names[1]]
    lines = textformat.content_lines(
        text,
        source,
        rows + 1,
        f"a solution has {rows} rows",
        comments_first=declaration.rows_may_start_with_comment_sign,
    )
    if declaration.output.header:
        first = lines[0]
        found = [
            (m.group(), m.start() + 1) for m in islice(_TOKEN.finditer(first.text), len(names) + 1)
        ]
        expected = [str(value) for _, value in header]
        given = [token for token, _ in found]
        if given != expected[: len(given)] or len(given) < 2:
            raise PuzzleError(
                f"the header '{first.text.strip()}' does not match the puzzle's "
                f"'{' '.join(expected)}'",
                source,
                first.number,
                1,
            )
        lines = lines[1:]
    if len(lines) != rows:
        last = lines[-1] if lines else None
        raise PuzzleError(
            f"{textformat.plural(len(lines), 'row')}, expected {rows}",
            source,
            last.number if last else 1,
            1,
        )
    atoms: list[clingo.Symbol] = []
    empty = declaration.output.empty
    for r, line in enumerate(lines):
        found = [(m.group(), m.start() + 1) for m in islice(_TOKEN.finditer(line.text), cols + 1)]
        if len(found) != cols:
            raise PuzzleError(
                f"row has {textformat.plural(len(found), 'token')}, expected {cols}",
                source,
                line.number,
                found[cols][1] if len(found) > cols else len(line.text) + 1,
            )
        for c, (token, col) in enumerate(found):
            if token == empty:
                continue
            made = _atoms_for(declaration, values, r, c, token)
            if made is None:
                if r < len(kept) and c < len(kept[r]) and kept[r][c] == token:
                    continue
                raise PuzzleError(
                    f"{limits.quoted(token)} is nothing a solution writes here",
                    source,
                    line.number,
                    col,
                )
            atoms.extend(made)
    return tuple(sorted(set(atoms)))


def _atoms_for(
    declaration: Declaration, header: Mapping[str, int], r: int, c: int, token: str
) -> list[clingo.Symbol] | None:
    """The atoms that write ``token`` into cell (r, c): of the first entry of
    ``[output] cells`` that can write it."""
    for writer in declaration.output.cells:
        if writer.mark is not None:
            if token == writer.mark:
                return [cell_atom(writer, header, r, c, None)]
            continue
        if writer.write == "directions":
            if all(ch in writer.order for ch in token) and len(set(token)) == len(token):
                return [cell_atom(writer, header, r, c, clingo.Function(ch)) for ch in token]
            continue
        value = _token_value(writer, header, token)
        if value is not None:
            return [cell_atom(writer, header, r, c, value)]
    return None


def _token_value(writer: CellWriter, header: Mapping[str, int], token: str) -> clingo.Symbol | None:
    """The value ``V`` an entry writes as ``token``, if it writes it at all: a region is
    a number; a value is one of its declared values (any number or constant if it
    declares none)."""
    inverse = {shown: value for value, shown in writer.map.items()}
    text = inverse.get(token, token)
    if _INTEGER.fullmatch(text):
        number = int(text)
        if not limits.CLINGO_MIN <= number <= limits.CLINGO_MAX:
            return None
        value = clingo.Number(number)
    elif writer.write == "value" and re.fullmatch(r"[a-z][a-z0-9_]*", text):
        value = clingo.Function(text)
    else:
        return None
    if writer.values is None:
        return value
    if writer.values_are_range:
        lo, hi = (resolve(bound, header) for bound in writer.values)  # type: ignore[arg-type]
        return value if is_number(value) and lo <= value.number <= hi else None
    allowed = {
        clingo.Number(v) if isinstance(v, int) else clingo.Function(v) for v in writer.values
    }
    return value if value in allowed else None


def value_symbol(value: int | str) -> clingo.Symbol:
    """A declared value (a whole number or a constant's name) as a symbol."""
    return clingo.Number(value) if isinstance(value, int) else clingo.Function(value)


def cell_atom(
    writer: CellWriter, header: Mapping[str, int], r: int, c: int, value: clingo.Symbol | None
) -> clingo.Symbol:
    """The atom an entry reads as writing ``value`` (None for a mark) into cell (r, c)."""
    values = {name: clingo.Number(v) for name, v in header.items()}
    values.update({"R": clingo.Number(r), "C": clingo.Number(c)})
    if value is not None:
        values["V"] = value
    arguments = [
        values[a.name] if isinstance(a, Var) else value_symbol(a) for a in writer.atom.args
    ]
    return clingo.Function(writer.atom.name, arguments)
