"""lpsolve: declarative logic-programming puzzle solver.

>>> import lpsolve
>>> puzzle = lpsolve.load("instances/hidato/seed-10x10.hidoku")
>>> result = lpsolve.solve(puzzle, limit=2)
>>> result.count, result.complete, result.unique
(1, True, True)
>>> result.solutions[0].path[:3]
((0, 9), (1, 9), (0, 8))
"""

from __future__ import annotations

from .api import count, load, parse, solve
from .crosscheck import CrossCheck, Finding, cross_check
from .errors import InternalError, LpsolveError, PuzzleError, UsageError
from .explain import Ambiguity, Conflict, explain_ambiguity, explain_conflict
from .puzzle import Clue, Puzzle, Result, Stats, Status

__version__ = "0.1.0"  # the single source of the version (pyproject reads it)

__all__ = [
    "Ambiguity",
    "Clue",
    "Conflict",
    "CrossCheck",
    "Finding",
    "InternalError",
    "LpsolveError",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Stats",
    "Status",
    "UsageError",
    "__version__",
    "count",
    "cross_check",
    "explain_ambiguity",
    "explain_conflict",
    "load",
    "parse",
    "solve",
]
