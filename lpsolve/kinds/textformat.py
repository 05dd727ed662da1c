"""Shared pieces of the text formats: comments, header lines, located tokens, JSON."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice
from typing import Any, NamedTuple

from .. import limits
from ..errors import PuzzleError

COMMENT = "#"
_HEADER = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:")
# A line with something other than blanks that does not start with the comment sign;
# matched in C over the whole text, so blank lines cost no Python objects.
_CONTENT = re.compile(r"^[^\S\n]*[^\s#][^\n]*", re.MULTILINE)


class Line(NamedTuple):  # records made by the thousand: tuples, not dataclasses
    number: int  # 1-based
    text: str  # without the newline and trailing whitespace

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip())


class Token(NamedTuple):
    text: str  # stripped
    col: int  # 1-based column of its first character (of the field if empty)


def content_lines(text: str, source: str, most: int | None = None, why: str = "") -> list[Line]:
    """Lines that are neither blank nor comments (``#`` first); errors if none.

    Lines end at ``\\n``, ``\\r\\n`` or ``\\r``. With ``most``, more content lines than
    that are refused (``why`` says why: "too many lines: WHY") before more are built.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = []
    number, counted = 1, 0
    for match in _CONTENT.finditer(text):
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


# A JSON string (ended by its closing quote, or else by the end of its line, so a scan
# never backtracks over it) or a bracket: what the nesting depth is counted on.
# (patterns, not compiled here: only a JSON file needs them, and re caches them then)
_JSON_TOKEN = r'"(?:[^"\\\n]|\\.)*"?|[\[\]{}]'
_JSON_STRING = r'"(?:[^"\\\n]|\\.)*"?'
_NOT_BRACKET = r"[^\[\]{}]+"
_LEAF = r"\[\]|\{\}"
_JSON_NUMBER = r'"(?:[^"\\\n]|\\.)*"?|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?'


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
    :class:`PuzzleError`. ``line``, ``col``: where ``text`` starts in its file."""

    def place(index: int) -> tuple[int, int]:
        text_line = text.count("\n", 0, index) + 1
        text_col = index - (text.rfind("\n", 0, index) + 1) + 1
        if text_line == 1:
            return line, col + text_col - 1
        return line + text_line - 1, text_col

    bare = re.sub(_JSON_STRING, "", text)  # what is outside strings
    deep = _too_deep(text, bare)
    if deep is not None:
        raise PuzzleError(
            f"JSON nested deeper than {limits.MAX_JSON_DEPTH} levels", source, *place(deep)
        )
    # Numbers shorter than the bounds are all within them: only a text with a longer
    # digit run needs every integer checked (a call per number, twice as slow).
    shortest_beyond = min(len(str(-lowest)), len(str(highest)))
    long_digits = f"[0-9]{{{shortest_beyond},}}"
    within = _integers_within(lowest, highest)
    checked = {"parse_int": within} if re.search(long_digits, bare) else {}
    import json  # only JSON files need it (2 ms at start-up)

    try:
        return json.loads(text, **checked)
    except json.JSONDecodeError as error:
        raise MalformedJSON(f"malformed JSON: {error.msg}", source, *place(error.pos)) from None
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
            *place(where),
        ) from None


def _too_deep(text: str, bare: str) -> int | None:
    """The index of the first bracket nested deeper than MAX_JSON_DEPTH, or None.

    Quick test first, in C: with strings removed and only brackets kept, each pass
    deletes the innermost pairs, so a text nested at most MAX_JSON_DEPTH deep is empty
    after that many passes. Only otherwise (or for unbalanced brackets, which json
    reports) are the brackets counted one by one. ``bare``: the text without strings.
    """
    brackets = re.sub(_NOT_BRACKET, "", bare)
    for _ in range(limits.MAX_JSON_DEPTH):
        if not brackets:
            return None
        brackets = re.sub(_LEAF, "", brackets)
    if not brackets:
        return None
    depth = 0
    for match in re.finditer(_JSON_TOKEN, text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limits.MAX_JSON_DEPTH:
                return match.start()
        elif token in ("]", "}"):
            depth -= 1
    return None


def _find_number(text: str, number: str, start: int = 0) -> int:
    """Where the integer ``number`` first stands in a JSON text (outside strings) from
    ``start`` on (``start`` if nowhere)."""
    for match in re.compile(_JSON_NUMBER).finditer(text, start):
        if match.group() == number:
            return match.start()
    return start


def load_json(text: str, source: str) -> dict[str, Any]:
    data = loads(text, source)
    if not isinstance(data, dict):
        raise PuzzleError('expected a JSON object with a "kind" key', source, 1, 1)
    return data


def json_locator(text: str, source: str) -> Callable[..., PuzzleError]:
    """An error factory that points at the first occurrence of a key in the JSON text,
    or with ``number``, at that number's first occurrence after the key."""

    import json

    def locate(key: str, message: str, number: int | None = None) -> PuzzleError:
        index = text.find(json.dumps(key))
        if index < 0:
            return PuzzleError(message, source)
        if number is not None:
            index = _find_number(text, str(number), index)
        line = text.count("\n", 0, index) + 1
        col = index - (text.rfind("\n", 0, index) + 1) + 1
        return PuzzleError(message, source, line, col)

    return locate
