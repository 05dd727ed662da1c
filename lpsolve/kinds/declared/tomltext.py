"""Reading a declaration (``kind.toml``) with its places: every error at ``FILE:LINE:COL``.

``tomllib`` reads the TOML and reports a syntax error at its line and column, but keeps
no places for what it read, so a declaration that is valid TOML yet wrong (an unknown
key, a number where a list belongs, a bad fact pattern) could only be refused without a
place. :class:`Places` finds them afterwards: a small scanner goes once through the
(already valid) text and notes where every table header, key and value starts, under
the same key path the parsed data has (``("input", "block", 0, "token", 1, "range")``,
array-of-tables and list indices included), so that an error names the very place of
the value it is about. The scanner is only asked after ``tomllib`` accepted the text,
and it never raises: a place it cannot find falls back to the nearest enclosing one.

Before ``tomllib`` sees the text, its size and its bracket nesting are bounded:
``tomllib`` recurses per nested array or inline table and raises ``RecursionError``
(a traceback, not a message) at about 500 levels.
"""

from __future__ import annotations

import bisect
import contextlib
import re
from typing import Any

from ...errors import PuzzleError

#: a declaration is a page of text; the Sudoku one has 2 KB
MAX_DECLARATION_BYTES = 64 * 1024
#: brackets ([ and {, table headers included) open at once; a declaration needs 4
MAX_NESTING = 32

#: a key path: table names and keys (str), array-of-tables and list indices (int)
KeyPath = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# where a scalar (number, boolean, date) ends: a separator, a comment or the line end
_SCALAR_END = re.compile(r"[,\]}\n#]")
_TOML_PLACE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")
_LONG_NUMBER = re.compile(r"[0-9_]{4000,}")


def read_declaration(data: bytes, source: str) -> tuple[dict[str, Any], Places]:
    """The declaration ``data`` (the bytes of ``source``) as ``tomllib`` reads it, and
    the places of its keys and values; every refusal a :class:`PuzzleError` at its place."""
    if len(data) > MAX_DECLARATION_BYTES:
        raise PuzzleError(
            f"a declaration is at most {MAX_DECLARATION_BYTES // 1024} KiB; this one has "
            f"{len(data):,} bytes",
            source,
            1,
            1,
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        col = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise PuzzleError(
            f"not UTF-8 text (byte {error.start} is 0x{data[error.start]:02x})", source, line, col
        ) from None
    text = text.removeprefix("\ufeff")
    deep = too_deep(text)
    if deep is not None:
        line, col = _line_col(text, deep)
        raise PuzzleError(f"brackets nested deeper than {MAX_NESTING} levels", source, line, col)
    import tomllib  # only a declared kind needs it (30 ms when the machine is busy)

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_PLACE.search(message)
        if found is None:  # every message of tomllib ends with its place; to be safe
            raise PuzzleError(f"not valid TOML: {message}", source, 1, 1) from None
        detail = message[: found.start()]
        if found.group(1) is None:  # at the end of the text
            line, col = _line_col(text, len(text))
        else:
            line, col = int(found.group(1)), int(found.group(2))
        raise PuzzleError(
            f"not valid TOML: {detail[:1].lower() + detail[1:]}", source, line, col
        ) from None
    except ValueError:
        # what tomllib lets through: a number Python will not convert (more than 4,300
        # digits); int() raises ValueError inside tomllib
        long = _LONG_NUMBER.search(text)
        line, col = _line_col(text, long.start()) if long else (1, 1)
        raise PuzzleError("not valid TOML: a number too long to read", source, line, col) from None
    return document, Places(text, source)


def _line_col(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def too_deep(text: str) -> int | None:
    """The index of the first ``[`` or ``{`` nested deeper than :data:`MAX_NESTING`,
    outside strings and comments, or None. Strings are told apart as TOML does (basic
    strings with escapes and literal ones, each single-line or triple-quoted), so a
    bracket that ``tomllib`` would read as part of a string is not counted, and one it
    would nest is."""
    depth = 0
    index = 0
    while True:
        found = _SPECIAL.search(text, index)
        if found is None:
            return None
        index = found.start()
        char = text[index]
        if char == "#":
            index = _line_end(text, index)
        elif char in "\"'":
            index = _string_end(text, index)
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return index
            index += 1
        else:  # ] or }
            depth = max(0, depth - 1)
            index += 1


#: what matters to the nesting: comments, strings and brackets
_SPECIAL = re.compile(r"[#\"'\[\]{}]")
#: a string's body up to its end, or up to where TOML gives up on it (a line end for a
#: single-line string, the end of the text for a triple-quoted one); a triple-quoted
#: string may end with up to two quotes of its own before the closing three
_STRING_BODY = {
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*(?:"""(?:"{1,2}(?!"))?|\Z)', re.S),
    "'''": re.compile(r"(?:[^']|'(?!''))*(?:'''(?:'{1,2}(?!'))?|\Z)", re.S),
    '"': re.compile(r'(?:[^"\\\n]|\\[^\n])*(?:"|(?=\n)|\Z)'),
    "'": re.compile(r"[^'\n]*(?:'|(?=\n)|\Z)"),
}


def _line_end(text: str, index: int) -> int:
    found = text.find("\n", index)
    return len(text) if found < 0 else found


def _string_end(text: str, index: int) -> int:
    """Where the string starting at ``text[index]`` (a quote) ends."""
    quote = text[index] * 3 if text.startswith(text[index] * 3, index) else text[index]
    body = _STRING_BODY[quote].match(text, index + len(quote))
    assert body is not None  # each pattern matches the empty string
    return body.end()


class Places:
    """Where each table, key and value of a valid TOML text starts.

    ``error(path, message)`` is a :class:`PuzzleError` at the value the key path leads
    to (``key=True``: at its key); a path not found exactly falls back to its longest
    prefix that is (e.g. an item inside a list written over several lines, at the
    list's key), and at worst to the start of the text.
    """

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.keys: dict[KeyPath, int] = {}
        self.values: dict[KeyPath, int] = {}
        self._arrays: dict[KeyPath, int] = {}  # array-of-tables path -> tables so far
        self._line_starts: list[int] = []

    def _scan(self) -> None:
        """Find the places, once: only an error needs them (a good declaration is read
        without this pass, half of its reading time)."""
        if self._line_starts:
            return
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        # not TOML after all (the scanner relies on valid text): keep what was found
        with contextlib.suppress(IndexError, ValueError):
            _Scanner(self.text, self).document()

    def place(self, path: KeyPath, *, key: bool = False) -> tuple[int, int]:
        """(line, column) of the value (or key) ``path`` leads to, both from 1."""
        self._scan()
        first, second = (self.keys, self.values) if key else (self.values, self.keys)
        for length in range(len(path), -1, -1):
            prefix = path[:length]
            for table in (first, second):
                if prefix in table:
                    return self._line_col(table[prefix])
        return 1, 1

    def error(
        self, path: KeyPath, message: str, *, key: bool = False, offset: int = 0
    ) -> PuzzleError:
        """``message`` at the place of ``path``; ``offset`` more characters along (a
        part of a string value: the opening quote is counted)."""
        line, col = self.place(path, key=key)
        return PuzzleError(message, self.source, line, col + offset)

    def _line_col(self, index: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._line_starts, index)
        return line, index - self._line_starts[line - 1] + 1


class _Scanner:
    """One pass over valid TOML, noting places into :class:`Places`. It relies on the
    text being valid: it decides by the first character what comes next."""

    def __init__(self, text: str, places: Places) -> None:
        self.text = text
        self.places = places
        self.i = 0

    # -- the document: table headers and key/value lines
    def document(self) -> None:
        table: KeyPath = ()
        text = self.text
        while True:
            self.skip_blank(newlines=True)
            if self.i >= len(text):
                return
            start = self.i
            if text.startswith("[[", start):
                self.i += 2
                names = self.key()
                self.i = text.index("]]", self.i) + 2
                parent = self.resolve(names[:-1])
                array = (*parent, names[-1])
                index = self.places._arrays.get(array, 0)
                self.places._arrays[array] = index + 1
                self.places.keys.setdefault(array, start)
                table = (*array, index)
                self.places.keys[table] = start
            elif text[start] == "[":
                self.i += 1
                names = self.key()
                self.i = text.index("]", self.i) + 1
                table = self.resolve(names)
                self.places.keys.setdefault(table, start)
            else:
                self.pair(table)

    def resolve(self, names: list[str]) -> KeyPath:
        """A table header's names as a key path: into the last table of each array of
        tables on the way, as TOML does."""
        path: KeyPath = ()
        for name in names:
            path = (*path, name)
            count = self.places._arrays.get(path)
            if count:
                path = (*path, count - 1)
        return path

    def pair(self, table: KeyPath) -> None:
        """``key = value`` (dotted keys too) inside ``table``."""
        starts: list[int] = []
        names = self.key(starts)
        path = table
        for name, start in zip(names, starts, strict=True):
            path = (*path, name)
            self.places.keys.setdefault(path, start)
        self.skip_blank()
        self.i += 1  # "="
        self.value(path)

    def key(self, starts: list[int] | None = None) -> list[str]:
        """A dotted key (each part bare or quoted) and where each part starts."""
        names = []
        text = self.text
        while True:
            self.skip_blank()
            if starts is not None:
                starts.append(self.i)
            char = text[self.i]
            if char in "\"'":
                end = _string_end(text, self.i)
                names.append(_unquote(text[self.i : end]))
                self.i = end
            else:
                match = _BARE_KEY.match(text, self.i)
                if match is None:
                    raise ValueError("no key here")
                names.append(match.group())
                self.i = match.end()
            self.skip_blank()
            if self.i < len(text) and text[self.i] == ".":
                self.i += 1
                continue
            return names

    # -- values
    def value(self, path: KeyPath) -> None:
        self.skip_blank()
        text = self.text
        self.places.values.setdefault(path, self.i)
        char = text[self.i]
        if char in "\"'":
            self.i = _string_end(text, self.i)
        elif char == "[":
            self.array(path)
        elif char == "{":
            self.inline_table(path)
        else:
            found = _SCALAR_END.search(text, self.i)
            self.i = len(text) if found is None else found.start()

    def array(self, path: KeyPath) -> None:
        self.i += 1
        index = 0
        while True:
            self.skip_blank(newlines=True)
            if self.text[self.i] == "]":
                self.i += 1
                return
            self.value((*path, index))
            index += 1
            self.skip_blank(newlines=True)
            if self.text[self.i] == ",":
                self.i += 1

    def inline_table(self, path: KeyPath) -> None:
        self.i += 1
        while True:
            self.skip_blank()
            if self.text[self.i] == "}":
                self.i += 1
                return
            self.pair(path)
            self.skip_blank()
            if self.text[self.i] == ",":
                self.i += 1

    def skip_blank(self, *, newlines: bool = False) -> None:
        """Spaces and tabs; with ``newlines`` also line ends and comments."""
        text = self.text
        while self.i < len(text):
            char = text[self.i]
            if char in " \t" or (newlines and char in "\r\n"):
                self.i += 1
            elif newlines and char == "#":
                self.i = _line_end(text, self.i)
            else:
                return


def _unquote(quoted: str) -> str:
    """A quoted key's name: only the escapes a key could need for the lookup to match;
    keys with other escapes are not placed exactly (the fallback places them nearby)."""
    inner = quoted[1:-1]
    if quoted.startswith('"'):
        inner = inner.replace('\\"', '"').replace("\\\\", "\\")
    return inner
