"""What ``lpsolve generate`` is asked and what it calls its puzzles, shared by the
command and the playground's generator page: the size and level as typed, the command
line that makes a puzzle again, the ``#`` line written before it, and its file name.
Light on purpose (no solver, no steps engine): the command imports it at every start."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import UsageError
from ..kinds.textformat import plural

if TYPE_CHECKING:
    from .making import Generated, Order

#: the levels as ``--level`` takes them (``lpsolve.steps.engine.LEVELS``, not imported
#: at every start); one word each on the command line: "very-hard"
LEVEL_WORDS = {"easy": "easy", "medium": "medium", "hard": "hard", "very-hard": "very hard"}
_SIZE = re.compile(r"([0-9]{1,4})(?:x([0-9]{1,4}))?")


def level_word(text: str) -> str:
    """``very hard`` as one word, however it was written."""
    return "-".join(text.lower().replace("_", " ").split())


def parse_size(text: str) -> tuple[int, int]:
    """``RxC`` or ``N`` (N x N) as rows and columns; :class:`UsageError` otherwise."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise UsageError(f"--size {text}: expected ROWSxCOLS such as 10x10, or N")
    rows = int(match.group(1))
    return rows, int(match.group(2) or rows)


class Asked(NamedTuple):
    """A generation as asked on the command line (``level``: its word, ``very-hard``)."""

    kind: str
    size: str
    level: str | None
    minimal: bool
    form: str | None
    seed: int
    count: int

    def order(self) -> Order:
        """What to make, checked as the command checks it (:func:`.making.order`: a
        :class:`UsageError` or :class:`~lpsolve.errors.NotSupported` in one line)."""
        from .making import order

        rows, cols = parse_size(self.size)
        level = LEVEL_WORDS.get(self.level) if self.level else None
        if self.level and level is None:
            raise UsageError(f"--level {self.level}: the levels are {', '.join(LEVEL_WORDS)}")
        return order(self.kind, rows, cols, level=level, minimal=self.minimal, form=self.form)

    def command(self, *, count: bool = False) -> str:
        """The command line that makes the same puzzles (with ``count``: all of them;
        without: puzzle *i* of the seed is the same whatever the count)."""
        line = f"lpsolve generate {self.kind} --size {self.size}"
        line += f" --level {self.level}" if self.level else ""
        line += " --minimal" if self.minimal else ""
        line += f" --form {self.form}" if self.form else ""
        line += f" --count {self.count}" if count and self.count != 1 else ""
        return line + f" --seed {self.seed}"

    def heading(self, made: Generated, index: int) -> str:
        """The ``#`` line before a puzzle: how to make it again, and what it is."""
        rated = (
            ""
            if made.rating is None
            else f", rated {made.rating.level} (score {made.rating.score:g})"
        )
        minimal = ", clue-minimal" if made.minimal else ""
        return (
            f"# {self.command()}: puzzle {index + 1} of {self.count}; "
            f"{plural(made.clues, 'clue')} of {made.full_clues}{rated}{minimal}; unique"
        )

    def file_text(self, made: Generated, index: int) -> str:
        """A puzzle's file as the command writes it (``-o``): its ``#`` line, its text."""
        return f"{self.heading(made, index)}\n{made.text}\n"

    def record(self, what: Order, made: Generated, index: int) -> dict[str, Any]:
        """A puzzle as ``--format json`` writes it (one object a line)."""
        return {
            "kind": what.kind.name,
            "form": what.form.name,
            "rows": what.rows,
            "cols": what.cols,
            "seed": self.seed,
            "index": index,
            "puzzle": made.text + "\n",
            "extension": made.extension,
            "clues": made.clues,
            "full_clues": made.full_clues,
            "level": None if made.rating is None else made.rating.level,
            "score": None if made.rating is None else made.rating.score,
            "minimal": made.minimal,
            "unique": True,
            "solution": made.puzzle.solution_json(made.solution),
        }


def file_name(form: str, rows: int, cols: int, level: str | None, index: int, count: int) -> str:
    """``takuzu-10x10-hard-001`` (the extension follows): sorted by name, sorted by
    number."""
    word = (level or "minimal").replace(" ", "-")
    digits = max(3, len(str(count)))
    return f"{form}-{rows}x{cols}-{word}-{index + 1:0{digits}}"
