"""The records of a step-by-step solution: what a deduction fixes, the rules and the
known cells it rests on, and how hard it is. Plain data: the engines make them, the
renderers (:mod:`.render`) write them, the tests check them.

Coordinates are ``(row, col)`` counted from 0 at the top left, as facts and JSON
count them; text for people names cells as the kinds' messages do, from 1.
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: a cell of the grid: (row, column) from 0
Cell = tuple[int, int]

#: the difficulty tiers of a step, from the simplest: the rating's scale (docs/hints.md)
PATTERN, ONE_RULE, COMBINED, ACROSS, TRIAL = 1, 2, 3, 4, 5
TIER_NAMES = {
    PATTERN: "a pattern of one rule",
    ONE_RULE: "one rule over a line or unit",
    COMBINED: "rules combined in one place",
    ACROSS: "rules combined across lines or units",
    TRIAL: "trial and contradiction",
}


#: the rating's four levels, easiest first
LEVELS = ("easy", "medium", "hard", "very hard")

#: the generic engine's steps by tier (:mod:`.checked`), as a declared kind's
#: ``[steps] levels`` names them
CHECK_TECHNIQUES = {
    ONE_RULE: "one rule",
    COMBINED: "rules through one cell",
    ACROSS: "rules across units",
    TRIAL: "trial",
}


class Fix(NamedTuple):
    """A cell and its value, as the kind's JSON writes a cell (0 or 1, a number, a
    token such as ``"x"``; ``None`` for a cell the solution leaves empty)."""

    cell: Cell
    value: Any


class Use(NamedTuple):
    """One rule applied to some cells: a constraint a deduction rests on. A declared
    kind's names the check's violation atoms it forbids (``instances``, as clingo
    writes them), which its cells are the cells of."""

    rule: str  # the rule's name in the kind's words, e.g. "balance rule"
    cells: tuple[Cell, ...]  # the cells it is applied to
    where: str  # those cells in words, e.g. "row 3"
    instances: tuple[str, ...] = ()


class Step(NamedTuple):
    """One deduction: the known cells ``because`` and the rules of ``uses``, and
    nothing else, allow only the values of ``fixes``.

    ``trial``: found by supposing a cell's other value and reaching a contradiction
    (``supposed``, the value refuted). ``tier``: its difficulty (:data:`TIER_NAMES`).
    """

    fixes: tuple[Fix, ...]
    technique: str  # the kind of reasoning in a word or two: "pair", "balance", ...
    reason: str  # why, in words
    uses: tuple[Use, ...]
    because: tuple[Fix, ...]
    tier: int
    trial: bool = False
    supposed: Fix | None = None

    @property
    def rule(self) -> str:
        """The rules it rests on, in words: their names, each once, in order."""
        return " + ".join(dict.fromkeys(use.rule for use in self.uses))


class Walkthrough(NamedTuple):
    """A whole solution as steps. ``complete``: the steps fill every cell (the
    last state is the solution); else they stop where no deduction was found,
    ``stuck`` saying why."""

    steps: tuple[Step, ...]
    complete: bool
    start: dict[Cell, Any]  # the cells known before the first step (givens)
    final: dict[Cell, Any]  # the cells known after the last
    stuck: str = ""


class Rating(NamedTuple):
    """A puzzle's difficulty: its level on the four-step scale, a number, the hardest
    step's tier and technique, and how many steps of each tier."""

    level: str  # "easy", "medium", "hard" or "very hard"
    score: float
    hardest: int  # a tier
    technique: str  # the hardest step's technique
    counts: dict[int, int]  # tier -> steps
    steps: int


def cell_json(fix: Fix) -> dict[str, Any]:
    """A fix as JSON: ``{"row": R, "col": C, "value": V}``."""
    (row, col), value = fix
    return {"row": row, "col": col, "value": value}
