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

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"  # the single source of the version (pyproject reads it)

#: the public names and the modules they live in: imported on first use, so that
#: ``import lpsolve.cli`` costs only what the command it runs needs (start-up time)
_PUBLIC = {
    "count": "api",
    "load": "api",
    "parse": "api",
    "solve": "api",
    "CrossCheck": "crosscheck",
    "Finding": "crosscheck",
    "cross_check": "crosscheck",
    "InternalError": "errors",
    "LpsolveError": "errors",
    "PuzzleError": "errors",
    "UsageError": "errors",
    "Ambiguity": "explain",
    "Conflict": "explain",
    "explain_ambiguity": "explain",
    "explain_conflict": "explain",
    "Clue": "puzzle",
    "Puzzle": "puzzle",
    "Result": "puzzle",
    "Stats": "puzzle",
    "Status": "puzzle",
}

if TYPE_CHECKING:
    from .api import count, load, parse, solve
    from .crosscheck import CrossCheck, Finding, cross_check
    from .errors import InternalError, LpsolveError, PuzzleError, UsageError
    from .explain import Ambiguity, Conflict, explain_ambiguity, explain_conflict
    from .puzzle import Clue, Puzzle, Result, Stats, Status


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'lpsolve' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # once looked up, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])


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
