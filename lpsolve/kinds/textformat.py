"""Shared pieces of the text formats: comments, header lines, located tokens, JSON."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import PuzzleError

COMMENT = "#"
_HEADER = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:\s*(.*?)\s*$")


@dataclass(frozen=True)
class Line:
    number: int  # 1-based
    text: str  # without the newline and trailing whitespace

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip())


@dataclass(frozen=True)
class Token:
    text: str  # stripped
    col: int  # 1-based column of its first character (of the field if empty)


def content_lines(text: str, source: str) -> list[Line]:
    """Lines that are neither blank nor comments (``#`` first); errors if none."""
    lines = [Line(number, raw.rstrip()) for number, raw in enumerate(text.splitlines(), 1)]
    content = [
        line for line in lines if line.text.strip() and not line.text.lstrip().startswith(COMMENT)
    ]
    if not content:
        raise PuzzleError("empty file: no puzzle found (only blank or comment lines)", source, 1, 1)
    return content


def header(line: Line) -> tuple[str, str, int] | None:
    """``key: value`` -> (key, value, 1-based column of value); None if not a header."""
    match = _HEADER.fullmatch(line.text.strip())
    if match is None:
        return None
    value_col = line.indent + match.start(2) + 1
    return match.group(1).lower(), match.group(2), value_col


def split_commas(line: Line) -> list[Token]:
    tokens = []
    start = 0
    for field in line.text.split(","):
        stripped = field.strip()
        offset = len(field) - len(field.lstrip()) if stripped else 0
        tokens.append(Token(stripped, start + offset + 1))
        start += len(field) + 1
    return tokens


def load_json(text: str, source: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(
            f"malformed JSON: {error.msg}", source, error.lineno, error.colno
        ) from None
    if not isinstance(data, dict):
        raise PuzzleError('expected a JSON object with a "kind" key', source, 1, 1)
    return data


def json_locator(text: str, source: str) -> Callable[[str, str], PuzzleError]:
    """An error factory that points at the first occurrence of a key in the JSON text."""

    def locate(key: str, message: str) -> PuzzleError:
        index = text.find(json.dumps(key))
        if index < 0:
            return PuzzleError(message, source)
        line = text.count("\n", 0, index) + 1
        col = index - (text.rfind("\n", 0, index) + 1) + 1
        return PuzzleError(message, source, line, col)

    return locate
