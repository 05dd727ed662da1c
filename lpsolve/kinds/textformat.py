"""Shared pieces of the text formats: comments, header lines, located tokens, JSON."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import islice
from typing import Any, NamedTuple

from .. import limits
from ..errors import PuzzleError

COMMENT = "#"
_HEADER = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:")
# A line with something other than blanks that does not start with the comment sign;
# matched in C over the whole text, so blank lines cost no Python objects.
_CONTENT = re.compile(r"^[^\S\n]*[^\s#][^\n]*", re.MULTILINE)
# A line with something other than blanks, whatever it starts with.
_ANY_CONTENT = re.compile(r"^[^\S\n]*\S[^\n]*", re.MULTILINE)


class Line(NamedTuple):  # records made by the thousand: tuples, not dataclasses
    number: int  # 1-based
    text: str  # without the newline and trailing whitespace

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip())


class Token(NamedTuple):
    text: str  # stripped
    col: int  # 1-based column of its first character (of the field if empty)


def content_lines(
    text: str,
    source: str,
    most: int | None = None,
    why: str = "",
    *,
    comments_first: bool = False,
) -> list[Line]:
    """Lines that are neither blank nor comments (``#`` first); errors if none.

    Lines end at ``\\n``, ``\\r\\n`` or ``\\r``. With ``most``, more content lines than
    that are refused (``why`` says why: "too many lines: WHY") before more are built.
    With ``comments_first``, comments are only the lines before the first content line:
    after it every line that is not blank is content (for formats whose rows may start
    with ``#``, as Star Battle's black cells).
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = []
    number, counted = 1, 0
    if comments_first:
        first = _CONTENT.search(text)
        start = first.start() if first else len(text)
        found = _ANY_CONTENT.finditer(text, start)
    else:
        found = _CONTENT.finditer(text)
    for match in found:
        number += text.count("\n", counted, match.start())
        counted = match.start()
        if most is not None and len(lines) == most:
            raise PuzzleError(f"too many lines: {why}", source, number, 1)
        lines.append(Line(number, match.group().rstrip()))
    if not lines:
        raise PuzzleError("empty file: no puzzle found (only blank or comment lines)", source, 1, 1)
    return lines


def header(line: Line) -> tuple[str, str, int] | None:
    """``key: value`` -> (key, value, 1-based column of value); None if not a header."""
    text = line.text.strip()
    match = _HEADER.match(text)
    if match is None:
        return None
    rest = text[match.end() :]
    value = rest.strip()
    value_col = line.indent + match.end() + len(rest) - len(rest.lstrip()) + 1
    return match.group(1).lower(), value, value_col


def split_commas(line: Line, most: int | None = None) -> list[Token]:
    """The comma-separated fields of a line; with ``most``, at most ``most + 1`` of them
    (the last then holds the rest of the line), so a caller sees there are too many
    without one object per field."""
    tokens = []
    start = 0
    fields = line.text.split(",") if most is None else line.text.split(",", most)
    for field in fields:
        stripped = field.strip()
        offset = len(field) - len(field.lstrip()) if stripped else 0
        tokens.append(Token(stripped, start + offset + 1))
        start += len(field) + 1
    return tokens


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 cell``, ``2 cells``, ``1,000 guesses``: the count and the word it asks for
    (``many``: an irregular plural)."""
    if count == 1:
        return f"1 {word}"
    return f"{count:,} {many or (word + 'es' if word.endswith(('s', 'sh', 'ch')) else word + 's')}"


def cell_name(row: int, col: int) -> str:
    """How every kind names a cell of a grid file for people: ``(row 2, col 3)``,
    counted from 1 as the file shows it (facts and JSON count from 0)."""
    return f"(row {row + 1}, col {col + 1})"


def split_fields(line: Line, most: int) -> list[Token]:
    """A grid row's fields: comma-separated, or, in a line without a comma, separated by
    spaces; at most ``most + 1`` (enough to see there are too many)."""
    if "," in line.text:
        return split_commas(line, most)
    matches = islice(re.finditer(r"\S+", line.text), most + 1)
    return [Token(match.group(), match.start() + 1) for match in matches]


# -- JSON ----------------------------------------------------------------------------

# (patterns, not compiled here: only a JSON file needs them, and re caches them then)
# A JSON string: ended by its closing quote, or else by the end of its line, so a scan
# never backtracks over it.
_JSON_STRING = r'"(?:[^"\\\n]|\\.)*+"?'
# what stands between brackets: a run of anything but brackets and quotes, or a string
_BETWEEN_BRACKETS = r'[^\[\]{}"]++|' + _JSON_STRING
_JSON_NUMBER = r'"(?:[^"\\\n]|\\.)*"?|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?'


#: where a blank board's typed cells are, in messages
BOARD_SOURCE = "<board>"
#: what a typed cell of a number grid may hold
_TYPED_NUMBER = re.compile(r"-?[0-9]{1,9}")


def typed_board(
    rows: int,
    cols: int,
    cells: Mapping[tuple[int, int], str],
    cell_text: Callable[[str], str | None],
    expected: str,
    separator: str,
) -> str:
    """The text of a blank board whose cells were typed in (the web's builder): each
    cell's text through ``cell_text`` (None: not allowed there; ``expected`` says what
    is, "a number or nothing"), the fields of a row joined by ``separator``. Each cell
    is checked on its own, so no cell's text can add a field or a line; the kind's
    parser then checks the board as a whole."""
    out = []
    for r in range(rows):
        fields = []
        for c in range(cols):
            value = cells.get((r, c), "")
            field = cell_text(value)
            if field is None:
                message = f"a cell holds {expected}, not {value!r}"
                raise PuzzleError(message, BOARD_SOURCE, r + 1, c + 1)
            fields.append(field)
        out.append(separator.join(fields))
    return "\n".join(out) + "\n"


def typed_number(value: str) -> str | None:
    """A typed cell's number as written (at most 9 digits), None if it is not one."""
    return value if _TYPED_NUMBER.fullmatch(value) else None


class MalformedJSON(PuzzleError):
    """A text :func:`loads` refused as no JSON at all (a syntax error), e.g. a line of
    a JSON Lines file that a crash cut short; not raised for the limits' refusals."""


class _NumberOutOfRange(Exception):
    """Raised from inside ``json.loads`` by :func:`_integers_within`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _integers_within(lowest: int, highest: int) -> Callable[[str], int]:
    """``json.loads``' integer conversion, refusing any outside ``lowest..highest``
    (judged by its length first: Python refuses to convert more than 4,300 digits)."""
    most_digits = len(str(max(-lowest, highest)))

    def checked(text: str) -> int:
        if len(text.lstrip("-")) > most_digits:
            raise _NumberOutOfRange(text)
        value = int(text)
        if not lowest <= value <= highest:
            raise _NumberOutOfRange(text)
        return value

    return checked


def loads(
    text: str,
    source: str,
    line: int = 1,
    col: int = 1,
    *,
    lowest: int = limits.CLINGO_MIN,
    highest: int = limits.CLINGO_MAX,
) -> Any:
    """``json.loads`` with lpsolve's limits: nesting depth at most
    :data:`~lpsolve.limits.MAX_JSON_DEPTH` and every integer in ``lowest..highest``
    (default: clingo's range), each refusal (and any syntax error) a located
    :class:`PuzzleError` (:class:`MalformedJSON` for a syntax error). ``line``, ``col``:
    where ``text`` starts in its file."""
    deep = _too_deep(text)
    if deep is not None:
        raise PuzzleError(
            f"JSON nested deeper than {limits.MAX_JSON_DEPTH} levels",
            source,
            *_place(text, deep, line, col),
        )
    # Numbers shorter than the bounds are all within them: only a text with a longer
    # digit run outside strings needs every integer checked (a call per number, twice
    # as slow).
    shortest_beyond = min(len(str(-lowest)), len(str(highest)))
    within = _integers_within(lowest, highest)
    checked = {"parse_int": within} if _long_digit_run(text, shortest_beyond) else {}
    import json  # only JSON files need it (2 ms at start-up)

    try:
        return json.loads(text, **checked)
    except json.JSONDecodeError as error:
        place = _place(text, error.pos, line, col)
        raise MalformedJSON(f"malformed JSON: {error.msg}", source, *place) from None
    except _NumberOutOfRange as error:
        where = _find_number(text, error.text)
        negative = error.text.startswith("-")
        raise PuzzleError(
            f"number {limits.shown(error.text)} is "
            + (
                f"below the smallest number lpsolve accepts ({lowest})"
                if negative
                else f"beyond the largest number lpsolve accepts ({highest})"
            ),
            source,
            *_place(text, where, line, col),
        ) from None


def _long_digit_run(text: str, digits: int) -> bool:
    """Whether ``text`` has a run of ``digits`` digits or more outside strings.

    Looked for in the UTF-8 bytes with every digit made a 0, a plain substring search
    (six times as fast as a regular expression on a 17 MB board); in UTF-8 no byte of
    another character is an ASCII digit. Only a text with such a run is searched again
    without its strings.
    """
    run = b"0" * digits
    if run not in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO):
        return False
    return re.search(f"[0-9]{{{digits},}}", re.sub(_JSON_STRING, "", text)) is not None


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")


def _place(text: str, index: int, line: int = 1, col: int = 1) -> tuple[int, int]:
    """The line and column of ``text[index]`` in a file where ``text`` starts at
    ``line``, ``col``."""
    text_line = text.count("\n", 0, index) + 1
    text_col = index - (text.rfind("\n", 0, index) + 1) + 1
    if text_line == 1:
        return line, col + text_col - 1
    return line + text_line - 1, text_col


def _too_deep(text: str) -> int | None:
    """The index of the first bracket nested deeper than MAX_JSON_DEPTH, or None.

    First one match of :func:`_nested_within` with a few levels, a pattern quick to
    compile (2 ms, where 32 levels take 40): every valid puzzle is that shallow. Only
    text that is not: at the top, one match runs over every part of the text nested
    within the limit. Where it stops at an opening bracket, that bracket's contents are
    too deep or never closed: the search goes on inside it, one level down with one
    level less allowed, at most MAX_JSON_DEPTH times. Each match starts where the last
    one stopped, so the text is read once more, in C.
    """
    index = _nested_within(_SHALLOW).match(text).end()
    if index == len(text) or text[index] in "]}":
        return None  # (json.loads reports a closing bracket it did not open)
    index = depth = 0
    while True:
        index = _nested_within(limits.MAX_JSON_DEPTH - depth).match(text, index).end()
        if index == len(text) or text[index] in "]}":
            return None  # within the limit (json.loads reports brackets not in pairs)
        depth += 1  # into the bracket at index
        if depth > limits.MAX_JSON_DEPTH:
            return index
        index += 1


#: the nesting of every valid puzzle, and more: a Hidato JSON file nests 3 levels
#: (object, list of cells, cell), a move list 2
_SHALLOW = 4


@functools.cache
def _nested_within(levels: int) -> re.Pattern[str]:
    """A pattern that matches, from where it starts, as much text as has its brackets
    nested at most ``levels`` deep: it stops at the end, at a closing bracket it did
    not open, or at an opening bracket whose contents are nested deeper or not closed.

    Text nested at most N deep is a regular language: the pattern is a bracketed group
    (``[\\[{](?:BETWEEN|INNER)*+[\\]}]``) nested N times. Every repetition is
    possessive, so nothing is ever tried twice and a match is linear in the text.
    Brackets are not paired by kind here: json.loads reports ``[}``.
    """
    group = ""
    for _ in range(levels):
        inner = f"|{group}" if group else ""
        group = rf"[\[{{](?:{_BETWEEN_BRACKETS}{inner})*+[\]}}]"
    return re.compile(f"(?:{_BETWEEN_BRACKETS}{'|' + group if group else ''})*+")


def _find_number(text: str, number: str, start: int = 0) -> int:
    """Where the integer ``number`` first stands in a JSON text (outside strings) from
    ``start`` on (``start`` if nowhere)."""
    for match in re.compile(_JSON_NUMBER).finditer(text, start):
        if match.group() == number:
            return match.start()
    return start


#: a step from a JSON value to one inside it: an object's key or a list's index
JsonStep = str | int


class JsonText:
    """A JSON text that :func:`loads` read, and the errors about its values, each at
    the place of the value it is about.

    json.loads does not tell where a value stands. The place is found only when an
    error needs it, by going through the text again along the keys and indices that
    lead to the value, with json's own scanner skipping every value on the way: a
    file that is read without error costs nothing more.
    """

    def __init__(self, text: str, source: str, line: int = 1, col: int = 1) -> None:
        self.text = text
        self.source = source
        #: where the text starts in its file (a JSON value inside a line of text)
        self.line = line
        self.col = col

    def error(self, message: str, *path: JsonStep, key: bool = False) -> PuzzleError:
        """``message`` at the value that ``path`` leads to from the top (no path: the
        top value itself, e.g. an object that lacks a key); with ``key``, at the last
        step's key instead of its value (an unexpected key)."""
        index = _value_index(self.text, path, key)
        return PuzzleError(message, self.source, *_place(self.text, index, self.line, self.col))


def _value_index(text: str, path: Sequence[JsonStep], key: bool = False) -> int:
    """The index in ``text`` (valid JSON) of the value ``path`` leads to, or with
    ``key`` of the last step's key. Where an object holds a key twice, the last one
    counts, as in json.loads. A step that leads nowhere stops at the value it would
    have gone into."""
    import json.decoder

    skip = json.decoder.WHITESPACE.match
    scan = json.JSONDecoder().raw_decode
    index = skip(text, 0).end()
    for number, step in enumerate(path):
        container = index
        index = skip(text, index + 1).end()  # the first member, or the closing bracket
        if isinstance(step, int):
            if text[container] != "[":
                return container
            for _ in range(step):
                if text[index] == "]":
                    return container
                index = skip(text, scan(text, index)[1]).end()  # at the comma
                index = skip(text, index + 1).end()
            if text[index] == "]":
                return container
            continue
        if text[container] != "{":
            return container
        found = None
        while text[index] == '"':
            name, end = json.decoder.scanstring(text, index + 1)
            value = skip(text, skip(text, end).end() + 1).end()  # past the colon
            if name == step:
                found = index if key and number == len(path) - 1 else value
            end = skip(text, scan(text, value)[1]).end()
            index = skip(text, end + 1).end() if text[end] == "," else end
        if found is None:
            return container
        index = found
    return index


def load_json(text: str, source: str) -> dict[str, Any]:
    """A JSON text's top-level object (see :func:`loads`)."""
    data = loads(text, source)
    if not isinstance(data, dict):
        raise JsonText(text, source).error('expected a JSON object with a "kind" key')
    return data
