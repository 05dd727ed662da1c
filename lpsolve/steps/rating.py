"""A puzzle's difficulty from its step-by-step solution, in the manner of Demystify
(Espasa, Gent, Jefferson, McIlree, Nightingale, 2021): the hardest step decides.

The level is the one the kind's engine gives the hardest step's tier
(:attr:`~lpsolve.steps.engine.Deducer.levels`; Takuzu's calibrated against
binarypuzzle.com's published levels, see docs/hints.md). The score places the puzzle
within its level: each level is a band of 25 points (easy 0-24, medium 25-49, hard
50-74, very hard 75-99), and within it one point per step rated at that level (a
trial counts four), at most 24.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .engine import LEVELS, Deducer, rounds
from .records import PATTERN, TRIAL, Rating, Walkthrough

#: points a level's band spans
BAND = 25
#: what a trial step counts within its band
TRIAL_POINTS = 4


def rating(deducer: Deducer, done: Walkthrough) -> Rating:
    """The rating of a finished walkthrough."""
    counts = Counter(step.tier for step in done.steps)
    hardest = max(counts, default=PATTERN)
    level = deducer.levels[hardest]
    band = LEVELS.index(level)
    points = sum(
        TRIAL_POINTS if step.tier == TRIAL else 1
        for step in done.steps
        if deducer.levels[step.tier] == level
    )
    technique = next((s.technique for s in done.steps if s.tier == hardest), "givens only")
    return Rating(
        level,
        float(band * BAND + min(points, BAND - 1)),
        hardest,
        technique,
        dict(sorted(counts.items())),
        len(done.steps),
    )


def rate(deducer: Deducer) -> tuple[Rating, Walkthrough]:
    """Solve in rounds of deductions (:meth:`Deducer.next_steps`) from the deducer's
    known cells and rate the result; the rounds must reach the solution
    (:class:`ValueError` names why they do not)."""
    return rated(deducer, rounds(deducer))


def rated(deducer: Deducer, done: Walkthrough) -> tuple[Rating, Walkthrough]:
    """:func:`rate` of rounds already walked."""
    if not done.complete:
        raise ValueError(done.stuck)
    return rating(deducer, done), done


def hardest_so_far(steps: Sequence[tuple[int, str]]) -> tuple[int, str] | None:
    """Of the (tier, technique) of steps taken so far, the hardest, as :func:`rating`
    chooses it (the first step of the highest tier); ``None`` with no step. A
    walkthrough cut short needs at least that: its rating is not known."""
    if not steps:
        return None
    top = max(tier for tier, _ in steps)
    return top, next(technique for tier, technique in steps if tier == top)
