"""A kind's declaration (``kind.toml``), read and checked into plain records.

Every field the format has is read here (the guide, ``docs/adding-a-kind.md``, explains
each); every mistake is refused with its place, ``kind.toml:LINE:COL: message``. Once
read, a declaration holds only names that match ``[a-z][a-z0-9_]*``, whole numbers and
header names, so programs lpsolve writes from it (facts, switch rules, the second
model) contain nothing a person typed as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from ... import limits
from ...errors import PuzzleError
from . import tomltext
from .patterns import (
    MAX_NAME,
    NAME,
    Pattern,
    PatternError,
    parse_pattern,
    template_fields,
)
from .tomltext import KeyPath, Places
from .urlcodecs import CODECS as URL_CODECS

#: the declaration format this lpsolve reads
FORMAT = 1
#: a kind's name: its folder's name
KIND_NAME = re.compile(r"[a-z][a-z0-9-]{0,30}")
#: a header number's name: upper case, two characters at least (single letters are the
#: reader's own variables R, C, K, I, V)
HEADER_NAME = re.compile(r"[A-Z][A-Z0-9_]{1,15}")
#: a file extension a kind claims
EXTENSION = re.compile(r"\.[a-z0-9][a-z0-9-]{0,30}")
#: a token the declaration names literally (``-``, ``x``, ``@``): printable ASCII, no
#: spaces, at most 16 characters
LITERAL = re.compile(r"[!-~]{1,16}")
#: a block's name
BLOCK_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
#: characters of the one-line rules
MAX_RULES = 200
#: characters of a title
MAX_TITLE = 80
#: characters of the longer texts (about, sources, hint, clue texts)
MAX_TEXT = 2000
#: entries of a list in a declaration (token rules, writers, layers ...)
MAX_ITEMS = 64
#: the token classes; any other ``match`` is a literal token
CLASSES = ("number", "pair", "id")
#: how a cell is written from an atom; any other ``write`` is a literal mark
WRITERS = ("value", "region", "directions")
#: what a drawing layer draws
LAYERS = (
    "regions", "numbers", "text", "shade", "symbol", "outside", "line", "edges", "dots",
    "pair", "caption",
)  # fmt: skip
STYLES = ("given", "solved", "on-shade")
COLOURS = ("dark", "light")
SYMBOLS = ("circle", "black-circle", "lamp", "star", "tent", "tree", "cross", "dot")
SIDES = ("top", "bottom", "left", "right")
#: puzz.link codecs a declaration may name (:mod:`.urlcodecs`)
CODECS = tuple(URL_CODECS)
#: the reader's variables, per block shape (V only where a token has a value)
SHAPE_VARIABLES = {"grid": ("R", "C"), "line": ("K",), "lines": ("K", "I")}
#: clingo options a declaration may ask for: preset configurations, the decision
#: heuristic (Domain: the encoding's #heuristic directives), the seed, and solutions
#: projected on the shown atoms (a solution is its shown atoms: an encoding with a
#: hidden choice, such as Tents' pairing of tents with trees, would otherwise find one
#: solution per choice); nothing that reads or writes files
_SOLVER_OPTION = re.compile(
    r"--configuration=(auto|frumpy|jumpy|tweety|handy|crafty|trendy|many)"
    r"|--heuristic=(Berkmin|Vmtf|Vsids|Domain|Unit|None)"
    r"|--seed=[0-9]{1,9}"
    r"|--project=show"
)

#: every table of the format and the keys it takes; a test checks that the guide
#: (docs/adding-a-kind.md) explains each
KEYS: dict[str, tuple[str, ...]] = {
    "top level": (
        "format", "title", "rules", "about", "extensions", "encoding", "lesson", "instances",
        "sources", "input", "output", "check", "explain", "draw", "solver", "web", "steps",
    ),
    "[input]": ("header", "block", "url"),
    "[input.header]": ("numbers", "square", "side", "ranges", "defaults", "facts"),
    "[[input.block]]": ("name", "shape", "rows", "cols", "length", "count", "optional", "token"),
    "token rule": ("match", "range", "fact", "facts", "clue", "text", "left", "right"),
    "pair side": ("range", "fact", "facts", "clue", "text"),
    "[input.url]": ("names", "params", "fixed", "sizes", "blocks"),
    "[input.url] block": ("codec", "part", "values"),
    "[output]": ("atoms", "cells", "empty", "keep", "header", "json"),
    "[output] cells": ("atom", "write", "values", "map", "order"),
    "[check]": ("program", "violation"),
    "[explain]": ("clue_for",),
    "[explain] clue_for": ("atom", "clue"),
    "[[draw]]": ("what", "atom", "style", "colour", "symbol", "left", "right", "text"),
    "[solver]": ("options", "count_options"),
    "[web]": ("builder", "sizes", "hint"),
    "[steps]": ("levels",),
}  # fmt: skip

#: a level of the rating (lpsolve.steps.records.LEVELS)
_LEVEL = re.compile("easy|medium|hard|very hard")

#: a size or bound: a whole number, or a header number's name
Bound = int | str


class Header(NamedTuple):
    """``[input.header]``: janko's first line, ``ROWS COLS [PARAMS]``."""

    numbers: tuple[str, ...]
    square: bool
    side: tuple[int, int]
    ranges: dict[str, tuple[int, int]]
    defaults: dict[str, int]
    facts: tuple[Pattern, ...]


class Side(NamedTuple):
    """One side of a ``pair`` token (``A,B``): its range and facts."""

    range: tuple[Bound, Bound]
    facts: tuple[Pattern, ...]
    clue: tuple[bool, ...]  # per fact: a printed clue?
    text: str | None


class TokenRule(NamedTuple):
    match: str  # number, pair, id, or the literal token
    range: tuple[Bound, Bound] | None  # a number's
    facts: tuple[Pattern, ...]
    clue: tuple[bool, ...]  # per fact: a printed clue?
    text: str | None  # how a clue reads
    left: Side | None
    right: Side | None

    @property
    def literal(self) -> bool:
        return self.match not in CLASSES


class Block(NamedTuple):
    """``[[input.block]]``: a grid, a line or lines of tokens after the header."""

    name: str
    shape: str  # grid, line, lines
    rows: Bound  # grid
    cols: Bound  # grid
    length: Bound  # line, lines (the most tokens of a line)
    count: Bound  # lines
    optional: bool
    tokens: tuple[TokenRule, ...]

    @property
    def literals(self) -> dict[str, TokenRule]:
        return {rule.match: rule for rule in self.tokens if rule.literal}

    @property
    def classes(self) -> tuple[TokenRule, ...]:
        return tuple(rule for rule in self.tokens if not rule.literal)

    @property
    def blank(self) -> str | None:
        """The literal token that makes no fact (``-``), if there is one: what a cell
        without a clue shows."""
        return next((r.match for r in self.tokens if r.literal and not r.facts), None)


class CellWriter(NamedTuple):
    """An ``[output] cells`` entry: which atoms write a cell, and how."""

    atom: Pattern  # binds R and C (and V unless a mark)
    write: str  # value, region, directions, or a literal mark
    values: tuple[Bound, Bound] | tuple[int | str, ...] | None  # V's domain, if given
    values_are_range: bool
    map: dict[str, str]  # value (as written) -> token
    order: tuple[str, ...]  # directions: the order they are written in

    @property
    def mark(self) -> str | None:
        return None if self.write in WRITERS else self.write


class Output(NamedTuple):
    atoms: tuple[tuple[str, int], ...]
    cells: tuple[CellWriter, ...]
    empty: str
    keep: str | None
    header: bool
    json: str  # grid or atoms


class ClueFor(NamedTuple):
    atom: Pattern
    clue: Pattern


class Layer(NamedTuple):
    """A ``[[draw]]`` layer."""

    what: str
    atom: Pattern | None
    style: str
    colour: str
    symbol: str
    left: Pattern | None
    right: Pattern | None
    text: str | None


class Solver(NamedTuple):
    options: tuple[str, ...]
    count_options: tuple[str, ...]


class Web(NamedTuple):
    builder: bool
    sizes: tuple[int, int]
    hint: str | None


class UrlBlock(NamedTuple):
    """How a block is read from a puzz.link link: a codec, the part of its output the
    block takes, and the codec's values the block writes as other tokens."""

    codec: str
    part: str
    values: dict[str, str]  # codec value -> janko token


class Url(NamedTuple):
    """``[input.url]``: how the kind's puzzles are read from and written as puzz.link
    links (:mod:`.urls`)."""

    names: tuple[str, ...]  # pzprjs's genre ids; the first is the one written
    params: tuple[str, ...]  # header numbers read from the link, in order
    fixed: dict[str, Bound]  # header numbers the link implies
    sizes: tuple[int, ...]  # the board sides a link may have (empty: any)
    blocks: dict[str, UrlBlock]  # block name -> its codec, in the link's order


class Declaration(NamedTuple):
    format: int
    title: str
    rules: str
    about: str
    extensions: tuple[str, ...]
    encoding: str
    check: str
    lesson: str | None
    instances: str
    sources: str
    header: Header
    blocks: tuple[Block, ...]
    output: Output
    clue_for: tuple[ClueFor, ...]
    violation: str
    draw: tuple[Layer, ...]
    solver: Solver
    web: Web
    url: Url | None
    #: ``[steps] levels``: the rating's level of each tier of the hints engine
    step_levels: Mapping[int, str] = MappingProxyType({})

    @property
    def rows_may_start_with_comment_sign(self) -> bool:
        """Whether a block takes a literal token starting with ``#`` (Star Battle's
        black cells): then a puzzle file's comments are only the lines before its
        header, and every line after it is the puzzle's."""
        return any(token.startswith("#") for block in self.blocks for token in block.literals)


def read(data: bytes, source: str, kind: str) -> Declaration:
    """The declaration of kind ``kind`` from the bytes of its ``kind.toml`` (named
    ``source`` in messages). Raises :class:`PuzzleError` at the place of a mistake."""
    document, places = tomltext.read_declaration(data, source)
    return _Reading(places, kind).declaration(document)


# -- reading, with places ---------------------------------------------------------------


class _Table:
    """A TOML table of the declaration, its key path and how messages name it."""

    def __init__(self, data: Mapping[str, Any], path: KeyPath, what: str, places: Places) -> None:
        self.data = data
        self.path = path
        self.what = what
        self.places = places

    def error(self, key: str | None, message: str, *, at_key: bool = False, offset: int = 0):
        path = self.path if key is None else (*self.path, key)
        return self.places.error(path, message, key=at_key, offset=offset)

    def only(self, *allowed: str) -> None:
        """Refuse any key but these, at the key."""
        for key in self.data:
            if key not in allowed:
                raise self.error(
                    key,
                    f"{self.what} has no key {limits.quoted(key)}; it takes " + ", ".join(allowed),
                    at_key=True,
                )

    def has(self, key: str) -> bool:
        return key in self.data

    def value(self, key: str, kinds: type | tuple[type, ...], expected: str) -> Any:
        if key not in self.data:  # a key the table must have
            raise self.error(None, f"{self.what} needs {key} ({expected})")
        value = self.data[key]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _tuple(kinds)):
            raise self.error(key, f"{key} must be {expected}, not {_type_name(value)}")
        return value

    def string(
        self,
        key: str,
        default: str | None = None,
        *,
        most: int = MAX_TEXT,
        one_line: bool = True,
        pattern: re.Pattern[str] | None = None,
        expected: str = "a string",
    ) -> Any:
        if key not in self.data:
            if default is None:
                raise self.error(None, f"{self.what} needs {key} ({expected})")
            return default
        value = self.value(key, str, expected)
        if len(value) > most:
            raise self.error(key, f"{key} has more than {most} characters")
        if one_line and ("\n" in value or "\r" in value):
            raise self.error(key, f"{key} must be one line")
        if pattern is not None and pattern.fullmatch(value) is None:
            raise self.error(key, f"{key} {limits.quoted(value)}: expected {expected}")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        if key not in self.data:
            return default
        return self.value(key, bool, "true or false")

    def integer(self, key: str, *, lo: int, hi: int) -> int:
        value = self.value(key, int, "a whole number")
        if not lo <= value <= hi:
            raise self.error(key, f"{key} {value}: expected {lo}..{hi}")
        return value

    def items(self, key: str, expected: str) -> list[Any]:
        value = self.value(key, list, expected)
        if len(value) > MAX_ITEMS:
            raise self.error(key, f"{key} has more than {MAX_ITEMS} entries")
        return value

    def table(self, key: str, what: str) -> _Table:
        value = self.value(key, dict, "a table")
        return _Table(value, (*self.path, key), what, self.places)

    def tables(self, key: str, what: str) -> list[_Table]:
        found = []
        for index, item in enumerate(self.items(key, "a list of tables")):
            if not isinstance(item, dict):
                raise self.places.error(
                    (*self.path, key, index), f"{what} must be a table, not {_type_name(item)}"
                )
            found.append(_Table(item, (*self.path, key, index), f"{what} {index + 1}", self.places))
        return found

    def item_error(self, key: str, index: int, message: str, offset: int = 0) -> PuzzleError:
        return self.places.error((*self.path, key, index), message, offset=offset)


def _tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _type_name(value: Any) -> str:
    names = {bool: "true/false", int: "a number", float: "a decimal number", str: "a string"}
    names.update({list: "a list", dict: "a table"})
    return names.get(type(value), "a date or time")


class _Reading:
    """The state of reading one declaration: its places and the header's names."""

    def __init__(self, places: Places, kind: str) -> None:
        self.places = places
        self.kind = kind
        self.header_names: tuple[str, ...] = ()

    def declaration(self, document: dict[str, Any]) -> Declaration:
        top = _Table(document, (), "the declaration", self.places)
        top.only(*KEYS["top level"])
        if not top.has("format"):
            raise top.error(None, f"the declaration needs format = {FORMAT} (its first line)")
        version = top.value("format", int, "a whole number")
        if version != FORMAT:
            raise top.error("format", f"format {version}: this lpsolve reads format {FORMAT}")
        title = top.string("title", expected='a title such as "Sudoku"', most=MAX_TITLE)
        rules = top.string("rules", expected="the rules in one line", most=MAX_RULES)
        extensions = self.extensions(top)
        files = {
            key: self.file_name(top, key, default)
            for key, default in (("encoding", "encoding.lp"), ("instances", "instances"))
        }
        check_program, violation = self.check(top)
        lesson = self.file_name(top, "lesson", None) if top.has("lesson") else None
        if not top.has("input"):
            raise top.error(None, "the declaration needs [input.header] and [[input.block]]")
        source = top.table("input", "[input]")
        source.only(*KEYS["[input]"])
        if not source.has("header"):
            raise source.error(None, "[input] needs [input.header] (janko's ROWS COLS line)")
        header = self.header(source.table("header", "[input.header]"))
        if not source.has("block"):
            raise source.error(None, "[input] needs at least one [[input.block]]")
        blocks = self.blocks(source)
        url = (
            self.url(source.table("url", "[input.url]"), header, blocks)
            if source.has("url")
            else None
        )
        if not top.has("output"):
            raise top.error(None, "the declaration needs [output] (the atoms of a solution)")
        output = self.output(top.table("output", "[output]"), blocks)
        clue_for = (
            self.explain(top.table("explain", "[explain]"), blocks) if top.has("explain") else ()
        )
        draw = (
            tuple(self.layer(t) for t in top.tables("draw", "[[draw]]")) if top.has("draw") else ()
        )
        solver = (
            self.solver(top.table("solver", "[solver]")) if top.has("solver") else Solver((), ())
        )
        web = self.web(top.table("web", "[web]") if top.has("web") else None, header, blocks)
        step_levels = self.steps(top.table("steps", "[steps]")) if top.has("steps") else {}
        return Declaration(
            format=version,
            title=title,
            rules=rules,
            about=top.string("about", "", one_line=False),
            extensions=extensions,
            encoding=files["encoding"],
            check=check_program,
            lesson=lesson,
            instances=files["instances"],
            sources=top.string("sources", "", one_line=False),
            header=header,
            blocks=blocks,
            output=output,
            clue_for=clue_for,
            violation=violation,
            draw=draw,
            solver=solver,
            web=web,
            url=url,
            step_levels=step_levels,
        )

    # -- top level
    def check(self, top: _Table) -> tuple[str, str]:
        """``[check]``: the check program's file and its violation predicate."""
        if not top.has("check"):
            return "check.lp", "violated"
        table = top.table("check", "[check]")
        table.only(*KEYS["[check]"])
        violation = table.string(
            "violation", "violated", pattern=NAME, expected="a predicate name", most=MAX_NAME
        )
        return self.file_name(table, "program", "check.lp"), violation

    def extensions(self, top: _Table) -> tuple[str, ...]:
        if not top.has("extensions"):
            return (f".{self.kind}",)
        found: list[str] = []
        entries = top.items("extensions", 'a list of file extensions such as [".sudoku"]')
        if not entries:
            raise top.error("extensions", 'extensions must name at least one, as [".sudoku"]')
        for index, value in enumerate(entries):
            if not isinstance(value, str) or EXTENSION.fullmatch(value) is None:
                raise top.item_error(
                    "extensions",
                    index,
                    "an extension is a dot and lower-case letters, digits or '-', as \".sudoku\"",
                )
            if value in (".json", ".solution", ".toml", ".lp"):
                raise top.item_error(
                    "extensions", index, f"{value} is lpsolve's own; choose another"
                )
            if value in found:
                raise top.item_error("extensions", index, f"{value} is named twice")
            found.append(value)
        return tuple(found)

    def file_name(self, top: _Table, key: str, default: str | None) -> str:
        """A path inside the kind's folder, as written (relative, no ``..``); whether it
        leads out by a link is checked when the folder is read."""
        value = top.string(key, default, most=200, expected="a path inside the kind's folder")
        parts = value.split("/")
        if (
            not value
            or value.startswith("/")
            or "\\" in value
            or any(part in ("", ".", "..") for part in parts)
            or any(not re.fullmatch(r"[A-Za-z0-9_.-]+", part) for part in parts)
        ):
            raise top.error(
                key,
                f"{key} must be a path inside the kind's folder (letters, digits, '.', '_', "
                "'-' and '/', no '..'), as \"encoding.lp\"",
            )
        return value

    # -- [input.header]
    def header(self, table: _Table) -> Header:
        table.only(*KEYS["[input.header]"])
        numbers: tuple[str, ...] = ("ROWS", "COLS")
        if table.has("numbers"):
            entries = table.items("numbers", 'a list of names such as ["ROWS", "COLS"]')
            if len(entries) < 2 or len(entries) > 8:
                raise table.error(
                    "numbers", "numbers names 2 to 8 numbers: ROWS COLS and parameters"
                )
            for index, name in enumerate(entries):
                if not isinstance(name, str) or HEADER_NAME.fullmatch(name) is None:
                    raise table.item_error(
                        "numbers",
                        index,
                        "a header number's name is upper case, 2 to 16 "
                        "letters, digits or '_', as ROWS or STARS",
                    )
                if name in entries[:index]:
                    raise table.item_error("numbers", index, f"{name} is named twice")
            numbers = tuple(entries)
        self.header_names = numbers
        side = (1, limits.MAX_BOARD_SIDE)
        if table.has("side"):
            side = self.int_range(table, "side", 1, limits.MAX_BOARD_SIDE)
        ranges: dict[str, tuple[int, int]] = {}
        if table.has("ranges"):
            given = table.table("ranges", "[input.header] ranges")
            for name in given.data:
                if name not in numbers[2:]:
                    raise given.error(
                        name,
                        f"ranges: {limits.quoted(name)} is no parameter of the header "
                        f"(those are {', '.join(numbers[2:]) or 'none'}; ROWS and COLS take side)",
                        at_key=True,
                    )
                ranges[name] = self.int_range(given, name, limits.CLINGO_MIN, limits.CLINGO_MAX)
        defaults: dict[str, int] = {}
        if table.has("defaults"):
            given = table.table("defaults", "[input.header] defaults")
            for name in given.data:
                if name not in numbers[2:]:
                    raise given.error(
                        name,
                        f"defaults: {limits.quoted(name)} is no parameter of the header",
                        at_key=True,
                    )
                lo, hi = ranges.get(name, (0, limits.CLINGO_MAX))
                defaults[name] = given.integer(name, lo=lo, hi=hi)
            optional = [name for name in numbers if name in defaults]
            if tuple(optional) != numbers[len(numbers) - len(optional) :]:
                raise table.error(
                    "defaults",
                    "only the last parameters may have defaults (a line that "
                    "leaves one out leaves out those after it)",
                )
        if table.has("facts"):
            facts = self.patterns(table, "facts", set(numbers), "the header's numbers")
        else:
            facts = (
                parse_pattern(f"rows({numbers[0]})"),
                parse_pattern(f"cols({numbers[1]})"),
            )
        return Header(numbers, table.boolean("square", False), side, ranges, defaults, facts)

    def int_range(self, table: _Table, key: str, lo: int, hi: int) -> tuple[int, int]:
        pair = table.items(key, f"[LOW, HIGH], whole numbers in {lo}..{hi}")
        if len(pair) != 2 or not all(type(v) is int for v in pair):
            raise table.error(key, f"{key} must be [LOW, HIGH], two whole numbers")
        if not (lo <= pair[0] <= pair[1] <= hi):
            raise table.error(
                key, f"{key} [{pair[0]}, {pair[1]}]: expected LOW <= HIGH within {lo}..{hi}"
            )
        return pair[0], pair[1]

    def bound_range(self, table: _Table, key: str, lo: int, hi: int) -> tuple[Bound, Bound]:
        """[LOW, HIGH], each a whole number or a header number's name."""
        pair = table.items(key, "[LOW, HIGH]: whole numbers or header names")
        if len(pair) != 2:
            raise table.error(key, f"{key} must be [LOW, HIGH]")
        bounds: list[Bound] = []
        for index, value in enumerate(pair):
            if type(value) is int:
                if not lo <= value <= hi:
                    raise table.item_error(key, index, f"{value}: expected {lo}..{hi}")
                bounds.append(value)
            elif isinstance(value, str) and value in self.header_names:
                bounds.append(value)
            else:
                raise table.item_error(
                    key,
                    index,
                    f"a bound is a whole number or one of the header's numbers "
                    f"({', '.join(self.header_names)})",
                )
        if all(type(b) is int for b in bounds) and bounds[0] > bounds[1]:  # type: ignore[operator]
            raise table.error(key, f"{key} [{bounds[0]}, {bounds[1]}]: LOW is above HIGH")
        return bounds[0], bounds[1]

    def size(self, table: _Table, key: str, default: str) -> Bound:
        if not table.has(key):
            return default
        value = table.data[key]
        if type(value) is int:
            return table.integer(key, lo=1, hi=limits.MAX_BOARD_SIDE)
        if isinstance(value, str) and value in self.header_names:
            return value
        raise table.error(
            key,
            f"{key} is a whole number or one of the header's numbers "
            f"({', '.join(self.header_names)})",
        )

    # -- patterns
    def pattern_at(self, table: _Table, key: str, index: int | None, text: Any) -> Pattern:
        """One pattern, refused at the place of its bad part."""
        where = (*table.path, key) if index is None else (*table.path, key, index)
        if not isinstance(text, str):
            raise self.places.error(
                where, f'a fact pattern is a string such as "given(R,C,V)", not {_type_name(text)}'
            )
        try:
            return parse_pattern(text)
        except PatternError as error:
            raise self.places.error(where, error.message, offset=1 + error.offset) from None

    def patterns(
        self, table: _Table, key: str, allowed: set[str], what: str, *, single: str | None = None
    ) -> tuple[Pattern, ...]:
        """The patterns of ``key`` (a list, or with ``single`` also one string), each
        using only the variables ``allowed`` (``what`` says which those are)."""
        value = table.data[key]
        if single is not None and isinstance(value, str):
            entries: list[tuple[int | None, Any]] = [(None, value)]
        else:
            entries = list(enumerate(table.items(key, "a list of fact patterns")))
        found = []
        for index, text in entries:
            pattern = self.pattern_at(table, key, index, text)
            self.only_variables(table, key, index, pattern, allowed, what)
            found.append(pattern)
        return tuple(found)

    def only_variables(
        self,
        table: _Table,
        key: str,
        index: int | None,
        pattern: Pattern,
        allowed: Iterable[str],
        what: str,
    ) -> None:
        allowed = set(allowed)
        for name in pattern.variables:
            if name not in allowed:
                where = (*table.path, key) if index is None else (*table.path, key, index)
                offset = pattern.text.find(name)
                raise self.places.error(
                    where,
                    f"variable {name} is not bound here: {what} are "
                    + (", ".join(sorted(allowed)) or "none"),
                    offset=1 + max(offset, 0),
                )

    def template(self, table: _Table, key: str, allowed: Iterable[str]) -> str:
        text = table.string(key, most=200)
        allowed = set(allowed)
        try:
            fields = template_fields(text)
        except PatternError as error:
            raise table.error(key, error.message, offset=1 + error.offset) from None
        for name, offset in fields:
            if name not in allowed:
                raise table.error(
                    key,
                    f"{{{name}}} is not known here: a text may use "
                    + ", ".join("{" + n + "}" for n in sorted(allowed)),
                    offset=1 + offset,
                )
        return text

    # -- [[input.block]]
    def blocks(self, source: _Table) -> tuple[Block, ...]:
        blocks: list[Block] = []
        for table in source.tables("block", "[[input.block]]"):
            block = self.block(table)
            if block.name in [b.name for b in blocks]:
                raise table.error("name", f"a block named {block.name} comes before")
            if blocks and blocks[-1].optional and not block.optional:
                raise table.error(
                    None,
                    "an optional block may only be followed by optional blocks "
                    "(a file may stop before them)",
                )
            blocks.append(block)
        if not blocks:
            raise source.error("block", "[input] needs at least one [[input.block]]")
        return tuple(blocks)

    def block(self, table: _Table) -> Block:
        table.only(*KEYS["[[input.block]]"])
        name = table.string("name", pattern=BLOCK_NAME, expected='a name such as "givens"', most=32)
        table.what = f"[[input.block]] {name}"
        shape = table.string(
            "shape", pattern=re.compile("grid|line|lines"), expected="grid, line or lines"
        )
        rows_key, cols_key = self.header_names[0], self.header_names[1]
        for key, shapes in (
            ("rows", ("grid",)),
            ("cols", ("grid",)),
            ("length", ("line", "lines")),
            ("count", ("lines",)),
        ):
            if table.has(key) and shape not in shapes:
                raise table.error(key, f"a {shape} block has no {key}", at_key=True)
        if not table.has("token"):
            raise table.error(None, f"{table.what} needs token = [...] (the token rules)")
        variables = {*SHAPE_VARIABLES[shape], *self.header_names}
        rules = self.token_rules(table, variables)
        return Block(
            name=name,
            shape=shape,
            rows=self.size(table, "rows", rows_key),
            cols=self.size(table, "cols", cols_key),
            length=self.size(table, "length", cols_key),
            count=self.size(table, "count", rows_key),
            optional=table.boolean("optional", False),
            tokens=rules,
        )

    def token_rules(self, table: _Table, variables: set[str]) -> tuple[TokenRule, ...]:
        rules: list[TokenRule] = []
        seen: set[str] = set()
        for rule_table in table.tables("token", "token rule"):
            rule = self.token_rule(rule_table, variables)
            if rule.literal and rule.match in seen:
                raise rule_table.error("match", f"token {rule.match!r} has a rule before")
            seen.add(rule.match)
            rules.append(rule)
        if not rules:
            raise table.error("token", 'token names at least one rule, as { match = "-" }')
        return tuple(rules)

    def token_rule(self, table: _Table, variables: set[str]) -> TokenRule:
        table.only(*KEYS["token rule"])
        match = table.string(
            "match",
            pattern=LITERAL,
            expected='number, pair, id or a token such as "-" (1 to 16 characters, no spaces)',
            most=16,
        )
        valued = match in ("number", "id")
        if match == "number":
            if not table.has("range"):
                raise table.error(None, "a number token needs range = [LOW, HIGH]")
            number_range = self.bound_range(table, "range", limits.CLINGO_MIN, limits.CLINGO_MAX)
        else:
            if table.has("range"):
                raise table.error(
                    "range",
                    "only a number token has a range (a pair's sides have theirs)",
                    at_key=True,
                )
            number_range = None
        for key in ("left", "right"):
            if table.has(key) and match != "pair":
                raise table.error(key, f"only a pair token has {key}", at_key=True)
        own = variables | ({"V"} if valued else set())
        facts, clue = self.facts_and_clue(table, own)
        text = self.clue_text(table, own, any(clue))
        sides = {}
        if match == "pair":
            if not (table.has("left") or table.has("right")):
                raise table.error(None, "a pair token needs left = { ... } or right = { ... }")
            for key in ("left", "right"):
                if table.has(key):
                    sides[key] = self.side(table.table(key, f"the pair's {key} side"), variables)
        return TokenRule(
            match, number_range, facts, clue, text, sides.get("left"), sides.get("right")
        )

    def facts_and_clue(
        self, table: _Table, variables: set[str]
    ) -> tuple[tuple[Pattern, ...], tuple[bool, ...]]:
        if table.has("fact") and table.has("facts"):
            raise table.error("facts", "give fact or facts, not both", at_key=True)
        key = "fact" if table.has("fact") else "facts" if table.has("facts") else None
        what = "the variables a token binds here"
        facts = () if key is None else self.patterns(table, key, variables, what, single="fact")
        clue = (False,) * len(facts)
        if table.has("clue"):
            value = table.data["clue"]
            if isinstance(value, bool):
                clue = (value,) * len(facts)
            elif isinstance(value, str):
                chosen = self.pattern_at(table, "clue", None, value)
                if chosen not in facts:
                    raise table.error(
                        "clue",
                        "clue names one of this rule's facts, as written there "
                        f"({', '.join(p.text for p in facts) or 'it makes none'})",
                    )
                clue = tuple(p == chosen for p in facts)
            else:
                raise table.error("clue", "clue is true, false or one of the rule's facts")
            if not facts and value is not False:
                raise table.error("clue", "a rule without facts has no clue")
        return facts, clue

    def clue_text(self, table: _Table, variables: set[str], is_clue: bool) -> str | None:
        if not table.has("text"):
            return None
        if not is_clue:
            raise table.error(
                "text", "text says how a clue reads; this rule makes no clue", at_key=True
            )
        return self.template(table, "text", variables | {"block", "token"})

    def side(self, table: _Table, variables: set[str]) -> Side:
        table.only(*KEYS["pair side"])
        if not table.has("range"):
            raise table.error(None, f"{table.what} needs range = [LOW, HIGH]")
        side_range = self.bound_range(table, "range", limits.CLINGO_MIN, limits.CLINGO_MAX)
        own = variables | {"V"}
        facts, clue = self.facts_and_clue(table, own)
        return Side(side_range, facts, clue, self.clue_text(table, own, any(clue)))

    # -- [input.url]
    def url(self, table: _Table, header: Header, blocks: Sequence[Block]) -> Url:
        table.only(*KEYS["[input.url]"])
        if not table.has("names"):
            raise table.error(None, '[input.url] needs names = ["GENRE", ...] (pzprjs\'s ids)')
        names = tuple(
            self.names_list(
                table,
                "names",
                re.compile(r"[a-z0-9][a-z0-9_-]{0,31}"),
                'a puzz.link puzzle id such as "sudoku"',
            )
        )
        if not names:
            raise table.error("names", 'names lists at least one id, as ["sudoku"]')
        parameters = self.header_names[2:]
        params = tuple(
            self.names_list(
                table,
                "params",
                re.compile("|".join(parameters) or "(?!)"),
                "a parameter of the header",
            )
            if table.has("params")
            else ()
        )
        fixed: dict[str, Bound] = {}
        if table.has("fixed"):
            given = table.table("fixed", "[input.url] fixed")
            for name in given.data:
                if name not in parameters or name in params:
                    raise given.error(
                        name,
                        f"fixed: {limits.quoted(name)} is no parameter of the header left "
                        f"unread by params ({', '.join(parameters) or 'none'})",
                        at_key=True,
                    )
                value = given.data[name]
                if not (
                    (type(value) is int and 0 <= value <= limits.CLINGO_MAX)
                    or value in self.header_names[:2]
                ):
                    raise given.error(
                        name,
                        f"fixed: {name} is a whole number or one of "
                        f"{', '.join(self.header_names[:2])}",
                    )
                fixed[name] = value
        unread = [n for n in parameters if n not in params and n not in fixed]
        unread = [n for n in unread if n not in header.defaults]
        if unread:
            raise table.error(
                None,
                f"[input.url] says where {', '.join(unread)} comes from: params (read from "
                "the link) or fixed",
            )
        sizes: tuple[int, ...] = ()
        if table.has("sizes"):
            entries = table.items("sizes", "a list of board sides such as [4, 9]")
            lo, hi = header.side
            for index, value in enumerate(entries):
                if type(value) is not int or not lo <= value <= hi:
                    raise table.item_error("sizes", index, f"a size is a whole number {lo}..{hi}")
            sizes = tuple(entries)
        if not table.has("blocks"):
            raise table.error(None, "[input.url] needs blocks = { BLOCK = { codec = ... } }")
        given = table.table("blocks", "[input.url] blocks")
        found: dict[str, UrlBlock] = {}
        by_name = {block.name: block for block in blocks}
        for name in given.data:
            block = by_name.get(name)
            if block is None:
                raise given.error(name, f"no block is named {limits.quoted(name)}", at_key=True)
            found[name] = self.url_block(given.table(name, f"the codec of block {name}"), block)
        for block in blocks:
            if block.name not in found:
                raise given.error(None, f"[input.url] blocks gives no codec for block {block.name}")
        taken: dict[tuple[str, str], str] = {}
        for name, entry in found.items():
            if (entry.codec, entry.part) in taken:
                raise given.error(
                    name,
                    f"block {taken[entry.codec, entry.part]} already takes part "
                    f"{entry.part} of {entry.codec}",
                    at_key=True,
                )
            taken[entry.codec, entry.part] = name
        for codec in {entry.codec for entry in found.values()}:
            missing = [p for p in URL_CODECS[codec].parts if (codec, p) not in taken]
            if missing:
                raise given.error(
                    None,
                    f"{codec} fills {', '.join(URL_CODECS[codec].parts)}: no block "
                    f"takes {', '.join(missing)}",
                )
        return Url(names, params, fixed, sizes, found)

    def url_block(self, entry: _Table, block: Block) -> UrlBlock:
        """A block's ``{ codec, part, values }``, checked against the block's shape."""
        entry.only(*KEYS["[input.url] block"])
        codec_name = entry.string(
            "codec",
            pattern=re.compile("|".join(re.escape(name) for name in CODECS)),
            expected="one of " + ", ".join(CODECS),
        )
        codec = URL_CODECS[codec_name]
        if len(codec.parts) == 1:
            part = entry.string(
                "part", codec.parts[0], pattern=re.compile(codec.parts[0]), expected=codec.parts[0]
            )
        else:
            part = entry.string(
                "part",
                pattern=re.compile("|".join(codec.parts)),
                expected=f"the part of {codec_name} it takes: " + ", ".join(codec.parts),
            )
        rows, cols = self.header_names[:2]
        shape = codec.shape(part, 1, 1).kind
        along = "COLS" if part in ("top", "bottom", "columns") else "ROWS"
        wanted = {
            "grid": ("grid", f"a grid of {rows} x {cols}"),
            "line": ("line", f"a line of {cols if along == 'COLS' else rows} tokens"),
            "lists": ("lines", f"{cols if along == 'COLS' else rows} lines"),
        }[shape]
        size = {"grid": (block.rows, block.cols), "line": (block.length,)}.get(
            shape, (block.count,)
        )
        expected_size = {"grid": (rows, cols)}.get(shape, (cols if along == "COLS" else rows,))
        if block.shape != wanted[0] or size != expected_size:
            raise entry.error(
                "codec", f"{codec_name} ({part}) fills {wanted[1]}; block {block.name} is not"
            )
        values: dict[str, str] = {}
        if entry.has("values"):
            mapping = entry.table("values", "values")
            for key in mapping.data:
                if not re.fullmatch(r"[0-9]{1,9}|\.|", key):
                    raise mapping.error(
                        key,
                        'values maps what the link holds (a number, "." for a clue without '
                        'a number, "" for an empty cell) to a token',
                        at_key=True,
                    )
                values[key] = mapping.string(key, pattern=LITERAL, expected="a token", most=16)
        return UrlBlock(codec_name, part, values)

    def names_list(
        self, table: _Table, key: str, pattern: re.Pattern[str], expected: str
    ) -> list[str]:
        entries = table.items(key, f"a list, each {expected}")
        for index, value in enumerate(entries):
            if not isinstance(value, str) or pattern.fullmatch(value) is None:
                raise table.item_error(key, index, f"expected {expected}")
        return entries

    # -- [output]
    def output(self, table: _Table, blocks: Sequence[Block]) -> Output:
        table.only(*KEYS["[output]"])
        if not table.has("atoms"):
            raise table.error(
                None, '[output] needs atoms = ["name/arity", ...] (what a solution shows)'
            )
        atoms = []
        for index, value in enumerate(table.items("atoms", 'a list such as ["digit/3"]')):
            found = (
                re.fullmatch(r"([a-z][a-z0-9_]{0,31})/([0-9])", value)
                if isinstance(value, str)
                else None
            )
            if found is None:
                raise table.item_error("atoms", index, 'an output atom is NAME/ARITY, as "digit/3"')
            atoms.append((found.group(1), int(found.group(2))))
        if not atoms:
            raise table.error("atoms", 'atoms names at least one, as ["digit/3"]')
        cells = (
            tuple(self.cell_writer(t, atoms) for t in table.tables("cells", "[output] cells entry"))
            if table.has("cells")
            else ()
        )
        keep = None
        if table.has("keep"):
            keep = table.string("keep", pattern=BLOCK_NAME, expected="a block's name", most=32)
            kept = next((b for b in blocks if b.name == keep), None)
            rows, cols = self.header_names[:2]
            if kept is None:
                raise table.error("keep", f"no block is named {keep}")
            if kept.shape != "grid" or (kept.rows, kept.cols) != (rows, cols):
                raise table.error(
                    "keep", f"keep names a grid block of the board's size ({rows} x {cols})"
                )
        return Output(
            atoms=tuple(atoms),
            cells=cells,
            empty=table.string(
                "empty", "-", pattern=LITERAL, expected='a token such as "-"', most=16
            ),
            keep=keep,
            header=table.boolean("header", True),
            json=table.string(
                "json", "grid", pattern=re.compile("grid|atoms"), expected="grid or atoms"
            ),
        )

    def cell_writer(self, table: _Table, atoms: Sequence[tuple[str, int]]) -> CellWriter:
        table.only(*KEYS["[output] cells"])
        atom = self.pattern_at(
            table, "atom", None, table.string("atom", expected='a pattern such as "digit(R,C,V)"')
        )
        if (atom.name, atom.arity) not in atoms:
            raise table.error("atom", f"{atom.name}/{atom.arity} is not among [output] atoms")
        write = table.string(
            "write",
            pattern=LITERAL,
            expected='value, region, directions or a mark such as "x"',
            most=16,
        )
        needs_value = write in WRITERS
        allowed = {"R", "C", *self.header_names} | ({"V"} if needs_value else set())
        self.only_variables(table, "atom", None, atom, allowed, "the variables of a cell's atom")
        for name in ("R", "C") + (("V",) if needs_value else ()):
            if name not in atom.variables:
                meaning = "V: what the cell shows" if name == "V" else "R and C: the cell"
                raise table.error("atom", f"the atom must bind {name} ({meaning})")
        if write != "value" and table.has("map"):
            raise table.error("map", 'only write = "value" takes a map', at_key=True)
        if write != "directions" and table.has("order"):
            raise table.error("order", 'only write = "directions" takes an order', at_key=True)
        mapping: dict[str, str] = {}
        if table.has("map"):
            given = table.table("map", "map")
            for key in given.data:
                if not re.fullmatch(r"-?[0-9]{1,9}|[a-z][a-z0-9_]{0,31}", key):
                    raise given.error(
                        key,
                        "a map's keys are the values atoms hold: numbers or constants",
                        at_key=True,
                    )
                mapping[key] = given.string(key, pattern=LITERAL, expected="a token", most=16)
        order: tuple[str, ...] = ()
        if write == "directions":
            order = ("n", "s", "e", "w")
            if table.has("order"):
                order = tuple(
                    self.names_list(table, "order", NAME, 'a direction constant such as "n"')
                )
        values: Any = None
        values_are_range = False
        if table.has("values"):
            if not needs_value:
                raise table.error("values", "a mark has no values", at_key=True)
            raw = table.items("values", "[LOW, HIGH] or a list of constants")
            if len(raw) == 2 and all(
                type(v) is int or (isinstance(v, str) and v in self.header_names) for v in raw
            ):
                values = self.bound_range(table, "values", limits.CLINGO_MIN, limits.CLINGO_MAX)
                values_are_range = True
            else:
                for index, value in enumerate(raw):
                    if not (
                        type(value) is int or (isinstance(value, str) and NAME.fullmatch(value))
                    ):
                        raise table.item_error(
                            "values",
                            index,
                            "values are [LOW, HIGH] or a list of numbers and constants",
                        )
                values = tuple(raw)
        elif write == "directions":
            values = order
        return CellWriter(atom, write, values, values_are_range, mapping, order)

    # -- [explain]
    def explain(self, table: _Table, blocks: Sequence[Block]) -> tuple[ClueFor, ...]:
        table.only(*KEYS["[explain]"])
        if not table.has("clue_for"):
            return ()
        clue_shapes = {
            (pattern.name, pattern.arity)
            for block in blocks
            for rule in block.tokens
            for part in (rule, rule.left, rule.right)
            if part is not None
            for pattern, is_clue in zip(part.facts, part.clue, strict=True)
            if is_clue
        }
        found = []
        for entry in table.tables("clue_for", "clue_for entry"):
            entry.only(*KEYS["[explain] clue_for"])
            atom = self.pattern_at(
                entry, "atom", None, entry.string("atom", expected="an answer atom's pattern")
            )
            clue = self.pattern_at(
                entry, "clue", None, entry.string("clue", expected="a clue's pattern")
            )
            self.only_variables(
                entry,
                "clue",
                None,
                clue,
                set(atom.variables) | set(self.header_names),
                "the atom's variables",
            )
            if (clue.name, clue.arity) not in clue_shapes:
                raise entry.error(
                    "clue",
                    f"{clue.name}/{clue.arity} is no clue a token rule makes (clue = true there)",
                )
            found.append(ClueFor(atom, clue))
        return tuple(found)

    # -- [[draw]]
    def layer(self, table: _Table) -> Layer:
        table.only(*KEYS["[[draw]]"])
        what = table.string(
            "what", pattern=re.compile("|".join(LAYERS)), expected="one of " + ", ".join(LAYERS)
        )
        table.what = f"[[draw]] {what}"
        needs = {
            "regions": ("R", "C"), "numbers": ("R", "C", "V"), "text": ("R", "C", "V"),
            "shade": ("R", "C"), "symbol": ("R", "C"), "outside": ("S", "K", "V"),
            "line": ("R", "C", "D"), "edges": ("R", "C", "D"), "dots": ("R", "C"),
        }  # fmt: skip
        atom = left = right = None
        text = None
        if what == "caption":
            text = self.template(table, "text", self.header_names)
        elif what == "pair":
            for key in ("left", "right"):
                pattern = self.pattern_at(
                    table, key, None, table.string(key, expected='a pattern such as "down(R,C,V)"')
                )
                self.require_variables(table, key, pattern, ("R", "C", "V"))
                if key == "left":
                    left = pattern
                else:
                    right = pattern
        else:
            atom = self.pattern_at(
                table,
                "atom",
                None,
                table.string("atom", expected='a pattern such as "given(R,C,V)"'),
            )
            self.require_variables(table, "atom", atom, needs[what])
        style = table.string(
            "style",
            "given" if what in ("numbers", "text") else "solved",
            pattern=re.compile("|".join(STYLES)),
            expected="one of " + ", ".join(STYLES),
        )
        colour = table.string(
            "colour", "dark", pattern=re.compile("|".join(COLOURS)), expected="dark or light"
        )
        symbol = table.string(
            "symbol",
            "circle",
            pattern=re.compile("|".join(SYMBOLS)),
            expected="one of " + ", ".join(SYMBOLS),
        )
        unused = {
            "style": ("numbers", "text", "pair"), "colour": ("shade",), "symbol": ("symbol",),
            "left": ("pair",), "right": ("pair",), "text": ("caption",), "atom": tuple(needs),
        }  # fmt: skip
        for key, layers in unused.items():
            if table.has(key) and what not in layers:
                raise table.error(key, f"a {what} layer takes no {key}", at_key=True)
        return Layer(what, atom, style, colour, symbol, left, right, text)

    def require_variables(
        self, table: _Table, key: str, pattern: Pattern, names: Sequence[str]
    ) -> None:
        missing = [n for n in names if n not in pattern.variables]
        if missing:
            raise table.error(
                key,
                f"{table.what} needs the variables {', '.join(names)} in its pattern "
                f"(missing: {', '.join(missing)})",
            )

    # -- [solver], [web]
    def solver(self, table: _Table) -> Solver:
        table.only(*KEYS["[solver]"])
        found = {}
        for key in ("options", "count_options"):
            options = table.items(key, "a list of clingo options") if table.has(key) else []
            for index, value in enumerate(options):
                if not isinstance(value, str) or _SOLVER_OPTION.fullmatch(value) is None:
                    raise table.item_error(
                        key,
                        index,
                        "a kind may ask for --configuration=NAME, --heuristic=NAME, "
                        "--seed=N or --project=show (written with '=')",
                    )
            found[key] = tuple(options)
        return Solver(found["options"], found["count_options"])

    def web(self, table: _Table | None, header: Header, blocks: Sequence[Block]) -> Web:
        grids_only = all(b.shape in ("grid", "line") for b in blocks)
        side = (max(2, header.side[0]), min(16, header.side[1]))
        if table is None:
            return Web(grids_only, side, None)
        table.only(*KEYS["[web]"])
        sizes = (
            self.int_range(table, "sizes", 1, limits.MAX_BOARD_SIDE) if table.has("sizes") else side
        )
        hint = table.string("hint", most=200) if table.has("hint") else None
        return Web(table.boolean("builder", grids_only), sizes, hint)

    # -- [steps]
    def steps(self, table: _Table) -> dict[int, str]:
        """``levels``: the level of each tier of the hints engine, by its name, every
        tier named and none easier than the one before (a calibration, docs/hints.md)."""
        from ...steps.records import CHECK_TECHNIQUES, LEVELS

        table.only(*KEYS["[steps]"])
        levels = table.table("levels", "[steps] levels")
        names = {name: tier for tier, name in CHECK_TECHNIQUES.items()}
        levels.only(*names)
        found: dict[int, str] = {}
        for name, tier in names.items():
            found[tier] = levels.string(
                name, pattern=_LEVEL, expected="a level: " + ", ".join(LEVELS)
            )
        ranks = [LEVELS.index(found[tier]) for tier in sorted(found)]
        if ranks != sorted(ranks):
            raise table.error(
                "levels", "[steps] levels: a harder step may not have an easier level"
            )
        return found


def resolve(bound: Bound, header: Mapping[str, int]) -> int:
    """A size or range end for one puzzle: the number, or the header's value."""
    return bound if isinstance(bound, int) else header[bound]
