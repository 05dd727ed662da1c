"""Reasoning a person can follow: the next deduction (a hint), the whole solution as
steps, and a difficulty rating (issue 26; docs/hints.md).

A deduction names a cell (or a few) and its value, the rules that force it and the
known cells it rests on; the simplest is found first (fewest rules and cells, one
rule before several, a trial last). Each kind's engine is its
:meth:`~lpsolve.puzzle.Puzzle.deducer` (:attr:`~lpsolve.puzzle.Capability.STEPS`):
Takuzu's plain-Python techniques, or for declared kinds the rules of their check.

    >>> import lpsolve
    >>> from lpsolve import steps
    >>> step = steps.hint(lpsolve.load("takuzu/seed-intro-6x6"))
    >>> step.technique, step.trial
    ('pair', False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .records import Fix, Rating, Step, Use, Walkthrough

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from .engine import Deducer

__all__ = ["Fix", "Rating", "Step", "Use", "Walkthrough", "deducer", "hint", "rate", "solve"]


def deducer(puzzle: Puzzle) -> Deducer:
    """The kind's engine of deductions on ``puzzle`` (refused in one line, as
    :class:`~lpsolve.errors.NotSupported`, for a kind without one)."""
    from ..puzzle import Capability

    puzzle.require(Capability.STEPS, "hints")
    return puzzle.deducer()


def hint(puzzle: Puzzle, *, trial: bool = True) -> Step | None:
    """The simplest deduction from the puzzle's givens; ``None`` if there is none
    (every cell given, or no deduction: several solutions or none)."""
    return deducer(puzzle).next_step(trial=trial)


def solve(puzzle: Puzzle) -> Walkthrough:
    """The whole solution as steps, from the givens."""
    from .engine import walkthrough

    return walkthrough(deducer(puzzle))


def rate(puzzle: Puzzle) -> Rating:
    """The puzzle's level, score and hardest step (:class:`ValueError` if its steps
    do not reach a solution)."""
    from .rating import rate as rated

    return rated(deducer(puzzle))[0]
