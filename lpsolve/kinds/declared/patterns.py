"""Fact patterns such as ``given(R,C,V)``: how a declaration names facts and atoms.

A pattern is a predicate name and arguments, each a variable (``R``, ``ROWS``: upper
case), a whole number or a constant (``top``: lower case). Reading a puzzle, variables
are bound to numbers the reader checked (a row, a token's value, a header number) and
the pattern becomes a fact row of plain integers and constants the declaration wrote,
so no text of a puzzle file can become program text. Read the other way, a pattern
selects atoms of a solution (or of the check's ground program) and binds its variables.
Templates (``"{V} at (row {R+1}, col {C+1})"``) put bound values into words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import NamedTuple

import clingo

from ...puzzle import FactRow

NAME = re.compile(r"[a-z][a-z0-9_]*")
VARIABLE = re.compile(r"[A-Z][A-Z0-9_]*")
_INTEGER = re.compile(r"-?[0-9]{1,9}")
#: the most arguments a pattern has (clingo takes any; a puzzle needs a few)
MAX_ARGUMENTS = 8
#: characters of a name (predicate, constant, variable)
MAX_NAME = 32


class Var(NamedTuple):
    """A variable argument of a pattern."""

    name: str


#: an argument: a variable, a whole number or a constant's name
Argument = Var | int | str


class PatternError(ValueError):
    """A pattern that is not one, and where in its text the problem is (0-based)."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class Pattern(NamedTuple):
    """``name(args...)`` as written in a declaration."""

    name: str
    args: tuple[Argument, ...]
    text: str

    @property
    def arity(self) -> int:
        return len(self.args)

    @property
    def variables(self) -> tuple[str, ...]:
        """The variables, in order of first appearance."""
        return tuple(dict.fromkeys(a.name for a in self.args if isinstance(a, Var)))

    def fill(self, values: Mapping[str, int | str]) -> FactRow:
        """The fact with each variable replaced by its value (every one must be bound)."""
        return (
            self.name,
            *(values[a.name] if isinstance(a, Var) else a for a in self.args),
        )

    def match(
        self, atom: clingo.Symbol, fixed: Mapping[str, int] | None = None
    ) -> dict[str, clingo.Symbol] | None:
        """The variables' values if ``atom`` has this shape (same name and arity, the
        same numbers and constants where the pattern has them, a variable bound twice
        to the same value, a variable of ``fixed`` to its value there), else None."""
        if atom.type != clingo.SymbolType.Function or atom.name != self.name:
            return None
        arguments = atom.arguments
        if len(arguments) != len(self.args):
            return None
        bound: dict[str, clingo.Symbol] = {}
        for argument, symbol in zip(self.args, arguments, strict=True):
            if isinstance(argument, Var):
                if fixed is not None and argument.name in fixed:
                    if not is_number(symbol, fixed[argument.name]):
                        return None
                    continue
                earlier = bound.setdefault(argument.name, symbol)
                if earlier != symbol:
                    return None
            elif isinstance(argument, int):
                if not is_number(symbol, argument):
                    return None
            elif not is_constant(symbol, argument):
                return None
        return bound


def is_number(symbol: clingo.Symbol, value: int | None = None) -> bool:
    """Whether ``symbol`` is a number (equal to ``value`` if given)."""
    return symbol.type == clingo.SymbolType.Number and (value is None or symbol.number == value)


def is_constant(symbol: clingo.Symbol, name: str | None = None) -> bool:
    """Whether ``symbol`` is a constant (a name without arguments; ``name`` if given)."""
    return (
        symbol.type == clingo.SymbolType.Function
        and not symbol.arguments
        and not symbol.negative
        and (name is None or symbol.name == name)
    )


def parse_pattern(text: str) -> Pattern:
    """``"given(R,C,V)"`` as a :class:`Pattern`; spaces around names are allowed. Raises
    :class:`PatternError` with the offset of the bad part."""
    match = re.match(r"\s*", text)
    start = match.end() if match else 0
    name = NAME.match(text, start)
    if name is None:
        raise PatternError(
            "a fact pattern starts with a predicate name in lower case, as given(R,C,V)", start
        )
    _check_length(name.group(), name.start())
    position = _skip_spaces(text, name.end())
    args: list[Argument] = []
    if position < len(text) and text[position] == "(":
        position += 1
        while True:
            position = _skip_spaces(text, position)
            args.append(_argument(text, position))
            position = _skip_spaces(text, _argument_end(text, position))
            if position < len(text) and text[position] == ",":
                position += 1
                continue
            if position < len(text) and text[position] == ")":
                position = _skip_spaces(text, position + 1)
                break
            raise PatternError("expected ',' or ')' after an argument", position)
        if len(args) > MAX_ARGUMENTS:
            raise PatternError(f"a pattern has at most {MAX_ARGUMENTS} arguments", start)
    if position != len(text):
        raise PatternError(f"unexpected {text[position:][:12]!r} after the pattern", position)
    return Pattern(name.group(), tuple(args), text.strip())


def _skip_spaces(text: str, position: int) -> int:
    while position < len(text) and text[position] == " ":
        position += 1
    return position


_ARGUMENT = re.compile(r"-?[0-9]+|[A-Za-z_][A-Za-z0-9_]*")


def _argument_end(text: str, position: int) -> int:
    match = _ARGUMENT.match(text, position)
    return position if match is None else match.end()


def _argument(text: str, position: int) -> Argument:
    match = _ARGUMENT.match(text, position)
    if match is None:
        shown = text[position : position + 1] or "the end"
        raise PatternError(
            f"expected an argument (a variable such as R, a number or a constant in lower "
            f"case), not {shown!r}",
            position,
        )
    word = match.group()
    if _INTEGER.fullmatch(word):
        return int(word)
    if word[0].isdigit() or word[0] == "-":
        raise PatternError(f"number {word} has more than 9 digits", position)
    _check_length(word, position)
    if VARIABLE.fullmatch(word):
        return Var(word)
    if NAME.fullmatch(word):
        return word
    raise PatternError(
        f"{word!r} is neither a variable (upper case: R, ROWS) nor a constant (lower case: top)",
        position,
    )


def _check_length(word: str, position: int) -> None:
    if len(word) > MAX_NAME:
        raise PatternError(f"a name has at most {MAX_NAME} characters", position)


# -- templates ------------------------------------------------------------------------

_FIELD = re.compile(r"\{([^{}]*)\}")
_FIELD_BODY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\+1)?")


def template_fields(template: str) -> list[tuple[str, int]]:
    """The names a template uses (``{V}``, ``{R+1}``, ``{block}``), each with the
    offset of its field; a brace that opens no field, or a field that is not a name
    (with ``+1`` at most), raises :class:`PatternError`."""
    fields = []
    last = 0
    for match in _FIELD.finditer(template):
        stray = re.search(r"[{}]", template[last : match.start()])
        if stray is not None:
            raise PatternError("a brace opens or closes no field", last + stray.start())
        body = _FIELD_BODY.fullmatch(match.group(1))
        if body is None:
            raise PatternError(
                "a field is a name, with +1 to count from 1: {V}, {R+1}", match.start()
            )
        fields.append((body.group(1), match.start()))
        last = match.end()
    stray = re.search(r"[{}]", template[last:])
    if stray is not None:
        raise PatternError("a brace opens or closes no field", last + stray.start())
    return fields


@functools.cache
def _template_parts(template: str) -> tuple[tuple[str, str | None, bool], ...]:
    """A template as (text before a field, the field's name, whether it adds one);
    the last part's name None. Split once per template: a puzzle fills one per clue."""
    parts = []
    last = 0
    for match in _FIELD.finditer(template):
        body = _FIELD_BODY.fullmatch(match.group(1))
        assert body is not None  # checked when the declaration was read
        parts.append((template[last : match.start()], body.group(1), bool(body.group(2))))
        last = match.end()
    parts.append((template[last:], None, False))
    return tuple(parts)


def fill_template(template: str, values: Mapping[str, object]) -> str:
    """The template with its fields filled (``{R+1}``: the number plus one)."""
    words = []
    for text, name, plus_one in _template_parts(template):
        words.append(text)
        if name is not None:
            value = values[name]
            words.append(str(value + 1 if plus_one and isinstance(value, int) else value))
    return "".join(words)
