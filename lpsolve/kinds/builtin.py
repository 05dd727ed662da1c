"""The kinds written in Python that come with lpsolve: one :class:`~lpsolve.puzzle.Kind`
each, holding what the registry, the commands, the web and the docs know of it.

Only data and small methods live here: a kind's module (parsing, facts, checker,
pictures) is imported when a puzzle of that kind is first read, so that a command pays
only for the kind it uses, and the table below costs nothing at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits
from ..puzzle import (
    BoardForm,
    Capability,
    Cell,
    Instance,
    Kind,
    LimitNote,
    Origin,
    Puzzle,
    SolveOption,
)

_C = Capability


def _power(value: int) -> str:
    """``10**9`` as "10^9", ``2**24`` as "2^24" (for the limits table)."""
    for base in (10, 2):
        exponent = 0
        while base**exponent < value:
            exponent += 1
        if base**exponent == value:
            return f"{base}^{exponent}"
    return f"{value:,}"


_BOARD = f"{limits.MAX_BOARD_SIDE:,} rows or columns, {limits.MAX_BOARD_CELLS:,} cells"


class BuiltInKind(Kind):
    """A kind whose module is ``lpsolve/kinds/NAME.py``, its encodings in
    ``encodings/`` and its instances in ``instances/NAME/``."""

    origin = Origin.BUILT_IN
    bundled = True
    #: a plainer encoding of the same rules, if :attr:`encoding` adds speed-ups
    lesson_encoding: str | None = None

    @property
    def location(self) -> str:  # type: ignore[override]
        return f"lpsolve.kinds.{self.name}"

    @property
    def reference_encoding(self) -> str:
        return self.lesson_encoding or self.encoding

    def instances(self) -> list[Instance]:
        from ..resources import instances_dir  # listing only: not on a solve's path

        folder = instances_dir() / self.name
        if not folder.is_dir():
            return []
        endings = (*self.extensions, ".json")
        return [
            Instance(f"{self.name}/{path.name}", str(path))
            for path in sorted(folder.iterdir())
            if path.is_file() and path.suffix in endings
        ]


class HidatoKind(BuiltInKind):
    name = "hidato"
    title = "Hidato family"
    rules = (
        "numbers 1..N on a path of neighbouring cells: Hidoku (king moves), Numbrix "
        "(orthogonal), Beehive (hexagons), boards with holes, knight's and other jump tours"
    )
    extensions = (".hidoku", ".hidato", ".numbrix")
    capabilities = frozenset((_C.DRAW, _C.EXPLAIN, _C.CSP, _C.JANKO, _C.BOARD, _C.JSON_INPUT))
    encoding = "hidato.lp"
    clue_json = "[x, y, n]"
    limits = (
        LimitNote(
            "Hidato board",
            f"{_BOARD}; JSON coordinates up to {_power(limits.MAX_COORDINATE)}, "
            f"{limits.MAX_MOVES} moves",
        ),
    )

    @property
    def puzzle_class(self) -> type[Puzzle]:
        from . import hidato

        return hidato.HidatoPuzzle

    def parse(self, text: str, source: str, extension: str) -> Puzzle:
        from . import hidato

        return hidato.parse(text, source, extension)

    def from_json(self, data: dict[str, Any], text: str, source: str) -> Puzzle:
        from . import hidato

        return hidato.from_json(data, text, source)

    def board_forms(self) -> tuple[BoardForm, ...]:
        cell = "A number, x for a hole, or nothing in each cell"
        return (
            BoardForm("hidato", ".hidoku", f"{cell} (king moves).", 4),
            BoardForm("numbrix", ".numbrix", f"{cell} (orthogonal moves).", 4),
        )

    def board_text(self, form: BoardForm, rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
        from . import hidato

        return hidato.board_text(rows, cols, cells)


class MagicKind(BuiltInKind):
    name = "magic"
    title = "magic board"
    rules = "every number once, each row, column and diagonal summing to the same target"
    extensions = (".magic",)
    capabilities = frozenset((_C.DRAW, _C.EXPLAIN, _C.CSP, _C.BOARD))
    encoding = "magic.lp"
    clue_json = "[row, col, value]"
    limits = (
        LimitNote(
            "magic board",
            f"{limits.MAX_MAGIC_SIZE}x{limits.MAX_MAGIC_SIZE}, numbers up to "
            f"{_power(limits.MAX_MAGIC_VALUE)}",
        ),
    )

    @property
    def puzzle_class(self) -> type[Puzzle]:
        from . import magic

        return magic.MagicPuzzle

    def parse(self, text: str, source: str, extension: str) -> Puzzle:
        from . import magic

        return magic.parse(text, source, extension)

    def board_forms(self) -> tuple[BoardForm, ...]:
        return (BoardForm("magic", ".magic", "A number or nothing in each cell.", 4, square=True),)

    def board_text(self, form: BoardForm, rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
        from . import magic

        return magic.board_text(rows, cols, cells)


class MastermindKind(BuiltInKind):
    name = "mastermind"
    title = "Mastermind"
    rules = (
        "which secret codes fit the guesses and their feedback; Bulls and Cows, black-only feedback"
    )
    extensions = (".mastermind",)
    capabilities = frozenset((_C.DRAW, _C.CSP, _C.EXPLAIN))
    encoding = "mastermind.lp"
    clue_json = "guess number (from 1)"
    diagnosed_by_conflict = True
    clue_noun = "guess"
    commands = ("mastermind",)
    pages = True
    limits = (
        LimitNote(
            "Mastermind",
            f"{limits.MAX_PEGS} pegs, {limits.MAX_COLOURS} colours, colour names of "
            f"{limits.MAX_NAME_LENGTH} characters, {limits.MAX_GUESSES:,} guesses",
        ),
    )

    @property
    def puzzle_class(self) -> type[Puzzle]:
        from . import mastermind

        return mastermind.MastermindGame

    def parse(self, text: str, source: str, extension: str) -> Puzzle:
        from . import mastermind

        return mastermind.parse(text, source, extension)


class TakuzuKind(BuiltInKind):
    name = "takuzu"
    title = "Takuzu"
    rules = (
        "0s and 1s, no three alike in a line, as many of each per line, no two lines "
        "equal; Tohu-Wa-Vohu, Unruly and Binairo Plus variants"
    )
    extensions = (".takuzu",)
    capabilities = frozenset((_C.DRAW, _C.EXPLAIN, _C.CSP, _C.JANKO, _C.BOARD, _C.STEPS))
    encoding = "takuzu.lp"
    clue_json = "[row, col, digit]"
    limits = (LimitNote("Takuzu board", _BOARD),)

    @property
    def puzzle_class(self) -> type[Puzzle]:
        from . import takuzu

        return takuzu.TakuzuPuzzle

    def parse(self, text: str, source: str, extension: str) -> Puzzle:
        from . import takuzu

        return takuzu.parse(text, source, extension)

    def tutorial(self) -> str | None:
        from ..resources import tutorial_dir

        return str(tutorial_dir())

    def board_forms(self) -> tuple[BoardForm, ...]:
        return (BoardForm("takuzu", ".takuzu", "0, 1 or nothing in each cell.", 1, even=True),)

    def step_levels(self) -> Mapping[int, str]:
        from .takuzu_steps import TakuzuDeducer

        return TakuzuDeducer.levels

    def board_text(self, form: BoardForm, rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
        from . import takuzu

        return takuzu.board_text(rows, cols, cells)


class TilingKind(BuiltInKind):
    name = "tiling"
    title = "checkerboard tiling"
    rules = "cover a checkerboard with given stones, colours matching"
    extensions = (".tiling",)
    capabilities = frozenset((_C.DRAW, _C.CSP, _C.CLASSES))
    encoding = "tiling.lp"
    lesson_encoding = "tiling-lesson.lp"
    limits = (
        LimitNote(
            "checkerboard tiling",
            f"{limits.MAX_TILING_CELLS:,} board cells, {limits.MAX_STONES:,} stones",
        ),
    )
    solve_options = (
        SolveOption(
            "merge-identical", "solutions that differ only by swapping identical stones are one"
        ),
        SolveOption(
            "up-to-symmetry",
            "also solutions that a colour-keeping rotation or reflection of the board maps "
            "onto each other are one",
        ),
    )

    @property
    def puzzle_class(self) -> type[Puzzle]:
        from . import tiling

        return tiling.TilingPuzzle

    def parse(self, text: str, source: str, extension: str) -> Puzzle:
        from . import tiling

        return tiling.parse(text, source, extension)


#: the built-in kinds by name, in the order lists show them
BUILT_IN: dict[str, BuiltInKind] = {
    kind.name: kind
    for kind in (HidatoKind(), MagicKind(), MastermindKind(), TakuzuKind(), TilingKind())
}
