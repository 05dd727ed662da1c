"""puzz.link links, read into a declared kind's puzzle and written from one.

A link (``https://puzz.link/p?GENRE/COLS/ROWS/BODY``; also ``pzv.jp/p.html?`` and
``pzprxs.vercel.app/p?``) names pzprjs's genre, the board's columns and rows (columns
first), the header parameters a kind reads from it (``[input.url] params``: Star
Battle's ``STARS``), and a body the kind's codecs read (:mod:`.urlcodecs`). Reading a
link makes the puzzle's janko text -- header line and blocks, as a file would have them --
and reads that text as a file is read: the same token rules, the same checks, so text
from a link never becomes program text by any other road. Every refusal is one line at
the link's character: ``LINK:1:COL: message``, the link as the file, the column its
character (a janko token the reader refuses is traced back to the characters it came
from).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ... import limits
from ...errors import PuzzleError, UsageError
from .declaration import Block, Declaration, UrlBlock, resolve
from .urlcodecs import CODECS, EMPTY, UNKNOWN, CannotEncode, Cursor, LinkError

if TYPE_CHECKING:
    from .kind import DeclaredKind, DeclaredPuzzle

#: the sites whose links are read (pzprjs's own and its copies)
HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app")
#: the site a written link points to
SITE = "https://puzz.link/p?"
#: characters of a link: far more than a command line passes (128 KiB on Linux), and
#: bodies of real puzzles (a 40 x 40 number grid: at most a few thousand)
MAX_LINK_CHARS = 1_000_000
#: characters of a link shown as the "file" of a message; a longer one is cut
SHOWN_LINK_CHARS = 300

_PREFIX = re.compile(
    r"(?:https?://)?(?:www\.)?(?:" + "|".join(re.escape(h) for h in HOSTS) + r")/p(?:\.html)?\?"
)
_NOT_LINK_CHARACTER = re.compile(r"[^!-~]")
_GENRE = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
_NUMBER = re.compile(r"[0-9]+")


def looks_like_link(text: str) -> bool:
    """Whether a puzzle argument is meant as a link (a web address, or one of the
    sites without ``https://``): what :func:`lpsolve.kinds.load` asks."""
    return text.startswith(("http://", "https://")) or text.startswith(
        tuple(f"{host}/" for host in HOSTS)
    )


def link_source(url: str) -> str:
    """How messages name a link: itself, cut short if very long, any character that
    is not printable ASCII escaped (a message is one line)."""
    shown = url[:SHOWN_LINK_CHARS]
    if not (shown.isascii() and shown.isprintable()):
        shown = shown.encode("unicode_escape").decode("ascii")
    if len(url) > SHOWN_LINK_CHARS:
        shown += f"...({len(url):,} characters)"
    return shown


class Link(NamedTuple):
    """A link taken apart: the genre, the board's columns and rows, and the segments
    after them (parameters, then the body), each with its index in the link."""

    url: str
    source: str  # how messages name it
    genre: str
    genre_at: int
    cols: int
    cols_at: int
    rows: int
    rows_at: int
    rest: tuple[tuple[str, int], ...]  # the segments after ROWS, with their indices

    def error(self, message: str, at: int) -> PuzzleError:
        return PuzzleError(message, self.source, 1, at + 1)


def parse_link(url: str) -> Link:
    """A puzz.link link taken apart, each mistake refused at its character."""
    if not isinstance(url, str):
        raise UsageError(f"a puzz.link link is text, not {type(url).__name__}")
    source = link_source(url)
    if len(url) > MAX_LINK_CHARS:
        raise PuzzleError(
            f"a link has at most {MAX_LINK_CHARS:,} characters", source, 1, MAX_LINK_CHARS + 1
        )
    bad = _NOT_LINK_CHARACTER.search(url)
    if bad is not None:
        raise PuzzleError(
            f"{bad.group()!r}: a link is printable ASCII without spaces", source, 1, bad.start() + 1
        )
    prefix = _PREFIX.match(url)
    if prefix is None:
        raise PuzzleError(
            "not a puzz.link link: expected https://puzz.link/p?GENRE/COLS/ROWS/... "
            f"(or {', '.join(HOSTS[1:])})",
            source,
            1,
            1,
        )
    segments: list[tuple[str, int]] = []
    at = prefix.end()
    for text in url[at:].split("/"):
        segments.append((text, at))
        at += len(text) + 1
    genre, genre_at = segments[0]
    if _GENRE.fullmatch(genre) is None:
        raise PuzzleError(
            f"genre {limits.quoted(genre)}: expected pzprjs's id of a puzzle, as 'sudoku'",
            source,
            1,
            genre_at + 1,
        )
    rest = segments[1:]
    if rest and not _NUMBER.fullmatch(rest[0][0]):  # pzprjs's flags come before the size
        flag, flag_at = rest.pop(0)
        if flag:
            raise PuzzleError(
                f"flags {limits.quoted(flag)}: lpsolve reads links without flags",
                source,
                1,
                flag_at + 1,
            )
    sizes = []
    for what in ("columns", "rows"):
        if not rest:
            raise PuzzleError(f"the link ends before its number of {what}", source, 1, len(url) + 1)
        text, text_at = rest.pop(0)
        number = limits.check_int(
            text, source, 1, text_at + 1, what, 1, limits.MAX_BOARD_SIDE, "a link's board"
        )
        if not _NUMBER.fullmatch(text):
            raise PuzzleError(f"{what} {text!r}: expected digits", source, 1, text_at + 1)
        sizes.append((number, text_at))
    (cols, cols_at), (rows, rows_at) = sizes
    return Link(url, source, genre, genre_at, cols, cols_at, rows, rows_at, tuple(rest))


# -- a kind's reading of a link -----------------------------------------------------------


class Step(NamedTuple):
    """One codec's part of the body and the blocks it fills (index, block, entry)."""

    codec: str
    blocks: tuple[tuple[int, Block, UrlBlock], ...]


def steps(declaration: Declaration) -> list[Step]:
    """The body's parts in order: the codecs of ``[input.url] blocks`` as listed, the
    blocks naming parts of one codec read together."""
    assert declaration.url is not None
    index = {block.name: i for i, block in enumerate(declaration.blocks)}
    found: dict[str, list[tuple[int, Block, UrlBlock]]] = {}
    for name, entry in declaration.url.blocks.items():
        i = index[name]
        found.setdefault(entry.codec, []).append((i, declaration.blocks[i], entry))
    return [Step(codec, tuple(blocks)) for codec, blocks in found.items()]


def extra(declaration: Declaration) -> int:
    """Rows and columns the kind's board has beyond the link's (Kakuro's clue row)."""
    assert declaration.url is not None
    return max(CODECS[e.codec].extra for e in declaration.url.blocks.values())


class LinkText(NamedTuple):
    """A link as the janko text of its puzzle, and where each token of that text came
    from: (line, column) -> (index in the link, the characters there)."""

    text: str
    places: dict[tuple[int, int], tuple[int, str]]


def janko_text(kind: str, declaration: Declaration, link: Link) -> LinkText:
    """The janko text of the puzzle ``link`` holds, read as kind ``kind`` declares."""
    url = declaration.url
    assert url is not None
    grow = extra(declaration)
    rows, cols = link.rows + grow, link.cols + grow
    spec = declaration.header
    lo, hi = spec.side
    for what, value, at in (("columns", cols, link.cols_at), ("rows", rows, link.rows_at)):
        if not lo <= value <= hi:
            raise link.error(
                f"{what} {value - grow}: kind {kind} takes {lo - grow}..{hi - grow}", at
            )
    if spec.square and rows != cols:
        raise link.error(f"the board must be square, not {link.cols} x {link.rows}", link.rows_at)
    limits.check_count(
        rows * cols, limits.MAX_BOARD_CELLS, "cells", link.source, 1, link.cols_at + 1
    )
    for what, value, at in (("columns", cols, link.cols_at), ("rows", rows, link.rows_at)):
        if url.sizes and value not in url.sizes:
            shown = ", ".join(str(s - grow) for s in url.sizes)
            raise link.error(
                f"{what} {value - grow}: a {kind} link is read with {shown} {what} only (pzprjs "
                "draws other boards of this genre differently)",
                at,
            )
    rest = list(link.rest)
    # each header number and where in the link it is (one the link implies: at ROWS)
    header_places = {
        spec.numbers[0]: (str(rows - grow), link.rows_at),
        spec.numbers[1]: (str(cols - grow), link.cols_at),
    }
    values = {spec.numbers[0]: rows, spec.numbers[1]: cols}
    for name in url.params:
        if not rest:
            raise link.error(f"the link ends before {name}", len(link.url))
        text, at = rest.pop(0)
        if not _NUMBER.fullmatch(text):
            raise link.error(f"{name} {limits.quoted(text)}: expected a number", at)
        values[name] = limits.check_int(text, link.source, 1, at + 1, name, 0, limits.CLINGO_MAX)
        header_places[name] = (text, at)
    for name, bound in url.fixed.items():
        values[name] = resolve(bound, values)
    for name in spec.numbers[2:]:
        values.setdefault(name, spec.defaults.get(name, 0))
        header_places.setdefault(name, (link.url[link.rows_at], link.rows_at))
    body_at = rest[0][1] if rest else len(link.url)
    body_end = body_at + len("/".join(text for text, _ in rest))
    if len(rest) > 1:
        if rest[-1][0] == "" and len(rest) == 2:  # pzprjs ends some links with a '/'
            body_end = rest[0][1] + len(rest[0][0])
        else:
            raise link.error("unexpected '/' in the link's body", rest[1][1] - 1)
    cursor = Cursor(link.url, body_at, body_end)
    blocks: dict[int, list[list[tuple[str, int]]]] = {}
    left_out: set[int] = set()  # optional blocks the link leaves out (Skyscrapers' givens)
    for step in steps(declaration):
        codec = CODECS[step.codec]
        if cursor.done() and all(
            block.optional and (block.blank is not None or "" in entry.values)
            for _, block, entry in step.blocks
        ):
            for i, block, entry in step.blocks:
                shape = codec.shape(entry.part, link.rows, link.cols)
                width = 1 if shape.kind == "lists" else shape.length
                blank = entry.values.get("", block.blank)
                blocks[i] = [[(blank, body_end)] * width for _ in range(shape.count)]
                left_out.add(i)
            continue
        try:
            parts = codec.decode(cursor, link.rows, link.cols)
        except LinkError as error:
            raise link.error(error.message, error.at) from None
        for i, block, entry in step.blocks:
            blocks[i] = [
                [(_token(kind, block, entry, value, at, link), at) for value, at in line]
                for line in parts[entry.part]
            ]
    if not cursor.done():
        left = body_end - cursor.at
        raise link.error(
            f"unexpected {link.url[cursor.at]!r} after the puzzle: the link has "
            f"{left:,} more character{'s' if left > 1 else ''}",
            cursor.at,
        )
    return _layout(declaration, values, header_places, blocks, left_out, link)


def _token(kind: str, block: Block, entry: UrlBlock, value: str, at: int, link: Link) -> str:
    """The janko token a codec's value is, as the declaration maps it."""
    if value in entry.values:
        return entry.values[value]
    if value == EMPTY:
        if block.blank is None:
            raise link.error(
                f"an empty cell: kind {kind} has no empty cells in block {block.name}", at
            )
        return block.blank
    if value == UNKNOWN:
        raise link.error(
            f"a clue without a number (pzprjs's '?'): kind {kind} has none in block {block.name}",
            at,
        )
    return value


def _layout(
    declaration: Declaration,
    values: dict[str, int],
    header_places: dict[str, tuple[str, int]],
    blocks: dict[int, list[list[tuple[str, int]]]],
    left_out: set[int],
    link: Link,
) -> LinkText:
    """The janko text: the header, then each block (those the link left out blank, or
    omitted at the end, as a file may), and the link's index of every token."""
    places: dict[tuple[int, int], tuple[int, str]] = {}
    starts = sorted({at for block in blocks.values() for line in block for _, at in line})
    ends = dict(zip(starts, [*starts[1:], len(link.url)], strict=True))

    def chars(at: int) -> str:
        return link.url[at : min(ends.get(at, at + 1), at + 8)]

    header = [str(values[name]) for name in declaration.header.numbers]
    col = 1
    for name, token in zip(declaration.header.numbers, header, strict=True):
        text, at = header_places[name]
        places[(1, col)] = (at, text)
        col += len(token) + 1
    lines = [" ".join(header)]
    shown = len(declaration.blocks)
    while shown and shown - 1 in left_out:
        shown -= 1
    for i in range(shown):
        for line in blocks[i]:
            col = 1
            parts = []
            for token, at in line:
                places[(len(lines) + 1, col)] = (at, chars(at))
                parts.append(token)
                col += len(token) + 1
            lines.append(" ".join(parts))
    return LinkText("\n".join(lines) + "\n", places)


def located(error: PuzzleError, link: Link, text: LinkText) -> PuzzleError:
    """A refusal of the janko text at the link's character its token came from."""
    if error.line is None:
        return PuzzleError(error.message, link.source, 1, None)
    line_places = sorted(
        (col, place) for (ln, col), place in text.places.items() if ln == error.line
    )
    place = text.places.get((error.line, error.col or 0))
    if place is None and line_places:
        before = [p for c, p in line_places if c <= (error.col or 0)]
        place = before[-1] if before else line_places[0][1]
    if place is None:
        return PuzzleError(error.message, link.source, 1, None)
    at, chars = place
    return PuzzleError(f"{error.message} (from the link's {chars!r})", link.source, 1, at + 1)


def read_link(kind: DeclaredKind, url: str) -> DeclaredPuzzle:
    """The puzzle of ``kind`` a link holds; the link must be of one of its genres."""
    return _read(kind, parse_link(url))[0]


def _read(kind: DeclaredKind, link: Link) -> tuple[DeclaredPuzzle, LinkText]:
    declaration = kind.declaration
    if declaration.url is None:
        raise UsageError(
            f"kind {kind.name} has no puzz.link form (no [input.url] in its kind.toml)"
        )
    if link.genre not in declaration.url.names:
        raise link.error(
            f"a {link.genre} link, not {kind.name} ({', '.join(declaration.url.names)})",
            link.genre_at,
        )
    text = janko_text(kind.name, declaration, link)
    try:
        return kind.parse(text.text, link.source), text
    except PuzzleError as error:
        raise located(error, link, text) from None


# -- finding the kind ----------------------------------------------------------------------


def link_kinds() -> list[DeclaredKind]:
    """The declared kinds lpsolve knows that read links (the registry's: bundled, and
    the folders of ``--kinds`` and ``LPSOLVE_KINDS``)."""
    from ..registry import registry
    from .kind import DeclaredKind

    return [
        kind
        for kind in registry().kinds()
        if isinstance(kind, DeclaredKind) and kind.declaration.url is not None
    ]


def kind_of(link: Link, kinds: Iterable[DeclaredKind] | None = None) -> DeclaredKind:
    """The kind that reads a link of this genre, among ``kinds`` (:func:`link_kinds`
    unless given)."""
    known = [k for k in (link_kinds() if kinds is None else kinds) if k.declaration.url]
    for kind in known:
        assert kind.declaration.url is not None
        if link.genre in kind.declaration.url.names:
            return kind
    names = sorted(
        f"{k.name} ({', '.join(k.declaration.url.names)})"  # type: ignore[union-attr]
        for k in known
    )
    raise link.error(
        f"unknown puzz.link genre {limits.quoted(link.genre)}; lpsolve reads "
        + (", ".join(names) or "none"),
        link.genre_at,
    )


def read_url(
    url: str, kinds: Iterable[DeclaredKind] | None = None, kind: str | None = None
) -> DeclaredPuzzle:
    """The puzzle a puzz.link link holds, read by the kind of its genre (among ``kinds``:
    :func:`link_kinds` unless given); ``kind``: the kind it must be."""
    link = parse_link(url)
    found = kind_of(link, kinds)
    if kind is not None and kind != found.name:
        raise UsageError(f"{link.source}: a {link.genre} link is read as {found.name}, not {kind}")
    return _read(found, link)[0]


def decode_url(url: str, kinds: Iterable[DeclaredKind] | None = None) -> tuple[str, str]:
    """The kind a link's genre is, and the janko text of the puzzle it holds: what a
    puzzle file of that kind would say (read as one before it is returned)."""
    link = parse_link(url)
    found = kind_of(link, kinds)
    return found.name, _read(found, link)[1].text


# -- writing a link ------------------------------------------------------------------------


def encode_url(puzzle: DeclaredPuzzle, site: str = SITE) -> str:
    """A declared kind's puzzle as a puzz.link link (the first of ``[input.url] names``
    as the genre), written as pzprjs writes it."""
    declaration = puzzle.declaration
    url = declaration.url
    name = puzzle.kind
    if url is None:
        raise UsageError(f"kind {name} has no puzz.link form (no [input.url] in its kind.toml)")
    values = puzzle.values
    grow = extra(declaration)
    rows, cols = puzzle.size
    where = f"{puzzle.source}: cannot be written as a puzz.link link"
    if url.sizes and (rows not in url.sizes or cols not in url.sizes):
        shown = ", ".join(str(size) for size in url.sizes)
        raise UsageError(
            f"{where}: a {name} link has {shown} rows and columns, not {rows} x {cols}"
        )
    for parameter, bound in url.fixed.items():
        if values[parameter] != resolve(bound, values):
            raise UsageError(
                f"{where}: {parameter} is {values[parameter]}; a link means {bound} "
                f"({resolve(bound, values)})"
            )
    written: list[tuple[str, bool]] = []  # each part, and whether it may be left out
    for step in steps(declaration):
        codec = CODECS[step.codec]
        parts = {}
        blank = True
        for i, block, entry in step.blocks:
            shape = codec.shape(entry.part, rows - grow, cols - grow)
            tokens = puzzle.tokens[i]
            lines = _values(block, entry, tokens, shape.count if tokens == () else 0, shape.length)
            blank = blank and block.optional and all(v == EMPTY for line in lines for v in line)
            parts[entry.part] = lines
        try:
            text = codec.encode(parts, rows - grow, cols - grow)
        except CannotEncode as error:
            blocks = ", ".join(block.name for _, block, _ in step.blocks)
            raise UsageError(f"{where}: block {blocks}: {error}") from None
        written.append((text, blank))
    while written and written[-1][1]:  # blank optional blocks at the end are left out
        written.pop()
    fields = [url.names[0], str(cols - grow), str(rows - grow)]
    fields += [str(values[parameter]) for parameter in url.params]
    link = site + "/".join([*fields, "".join(text for text, _ in written)])
    if not link[-1].isalnum():  # as pzprjs: a link ending in '.' or '+' gets a '/'
        link += "/"
    return link


def _values(
    block: Block, entry: UrlBlock, tokens: Sequence[Sequence[str]], blank_lines: int, length: int
) -> list[list[str]]:
    """A block's tokens as the codec's values: the declaration's map undone, the
    block's blank token empty. A block left out of the file is ``blank_lines`` blank
    lines (``length`` values each, one for lists)."""
    inverse = {token: value for value, token in entry.values.items()}
    if block.blank is not None:
        inverse.setdefault(block.blank, EMPTY)
    if not tokens:
        width = length if block.shape != "lines" else 1
        return [[EMPTY] * width for _ in range(blank_lines)]
    return [[inverse.get(token, token) for token in line] for line in tokens]
