"""What every kind's engine of deductions provides (:class:`Deducer`), and the loops
made of it: the next deduction (a hint) and the whole solution as steps.

A deducer holds one puzzle and the cells known so far (the givens, then every cell a
step fixed). :meth:`Deducer.next_step` finds the simplest deduction from there
without changing anything; :meth:`Deducer.apply` takes a step's fixes in. Engines:
Takuzu's plain-Python techniques (:mod:`lpsolve.kinds.takuzu_steps`) and the generic
one of declared kinds, the rules of their check switched on rule by rule
(:mod:`.checked`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..errors import LpsolveError
from ..kinds.textformat import cell_name
from ..puzzle import CellMark
from .records import ACROSS, COMBINED, LEVELS, ONE_RULE, PATTERN, TRIAL, Cell, Step, Walkthrough

__all__ = ["LEVELS", "Deducer", "NotUnique", "rounds", "walkthrough"]


class NotUnique(LpsolveError):
    """An engine that needs the unique solution was given a puzzle with none or
    several (``hint`` and ``rate`` exit 1)."""


class Deducer(ABC):
    """A kind's engine of deductions for one puzzle, and the cells known so far."""

    #: every cell of the board that gets a value, in reading order
    cells: tuple[Cell, ...]
    #: the cells known now: cell -> value (as the kind's JSON writes a cell)
    known: dict[Cell, Any]
    #: the level a puzzle whose hardest step has this tier is rated at: by default
    #: one level per tier from the single rule up (not calibrated; Takuzu's are)
    levels: ClassVar[dict[int, str]] = {
        PATTERN: "easy",
        ONE_RULE: "easy",
        COMBINED: "medium",
        ACROSS: "hard",
        TRIAL: "very hard",
    }

    @abstractmethod
    def next_step(self, *, trial: bool = True) -> Step | None:
        """The simplest deduction from the known cells (``trial=False``: none found
        by supposing a value), or ``None`` if there is none (or nothing is left)."""

    def next_steps(self, *, trial: bool = True) -> list[Step]:
        """Deductions from the known cells for a rating, each sound and of the tier
        :meth:`next_step` would give it, but not necessarily the simplest form: an
        engine may find several at once (the generic one does, uncut). By default
        the one of :meth:`next_step`."""
        step = self.next_step(trial=trial)
        return [] if step is None else [step]

    def apply(self, step: Step) -> None:
        """Take a step's fixes in as known cells."""
        for cell, value in step.fixes:
            self.known[cell] = value

    @property
    def complete(self) -> bool:
        return len(self.known) >= len(self.cells)

    def stuck(self) -> str:
        """Why no deduction is left while cells are open, in words."""
        return "no deduction found: the puzzle has more than one solution"

    def solution(self) -> Any:
        """The kind's solution value made of the known cells, once all are known
        (what ``Puzzle.render`` and ``solution_json`` take)."""
        raise NotImplementedError

    def value_text(self, value: Any) -> str:
        """A cell's value in words, as a step's text says it."""
        return str(value)

    def cell_text(self, cell: Cell) -> str:
        return cell_name(*cell)

    @abstractmethod
    def picture(self, known: dict[Cell, Any], marks: Sequence[CellMark]) -> str:
        """The puzzle drawn with these cells known, ``marks`` marked (SVG)."""


def walkthrough(
    deducer: Deducer,
    *,
    limit: int | None = None,
    on_step: Callable[[int, Step], None] | None = None,
) -> Walkthrough:
    """Steps from the deducer's known cells until every cell is known, or no
    deduction is left, or ``limit`` steps were taken; ``on_step`` sees each (its
    number from 1) as it is found."""
    start = dict(deducer.known)
    steps: list[Step] = []
    while not deducer.complete and (limit is None or len(steps) < limit):
        step = deducer.next_step()
        if step is None:
            return Walkthrough(tuple(steps), False, start, dict(deducer.known), deducer.stuck())
        steps.append(step)
        if on_step is not None:
            on_step(len(steps), step)
        deducer.apply(step)
    return Walkthrough(tuple(steps), deducer.complete, start, dict(deducer.known))


def rounds(deducer: Deducer, *, on_step: Callable[[int, Step], None] | None = None) -> Walkthrough:
    """Steps of :meth:`Deducer.next_steps` (a rating's) from the deducer's known cells
    until every cell is known or none is left; ``on_step`` sees each (its number from
    1) before its round is applied."""
    start = dict(deducer.known)
    steps: list[Step] = []
    while not deducer.complete:
        found = deducer.next_steps()
        if not found:
            return Walkthrough(tuple(steps), False, start, dict(deducer.known), deducer.stuck())
        for step in found:
            steps.append(step)
            if on_step is not None:
                on_step(len(steps), step)
        for step in found:
            deducer.apply(step)
    return Walkthrough(tuple(steps), True, start, dict(deducer.known))
