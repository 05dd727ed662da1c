"""Declared puzzle kinds: a kind is a folder (``kind.toml``, an encoding, a check,
instances) and no Python. See ``docs/adding-a-kind.md``.

Nothing here is imported on a built-in kind's path: the registry imports this package
only for a kind that is a folder.
"""

from __future__ import annotations

from .kind import (
    DECLARATION,
    SECOND_MODEL_CELLS,
    SOLUTION_SUFFIX,
    DeclaredKind,
    DeclaredPuzzle,
    DeclaredSolution,
    Instance,
    Violation,
    bundled_kinds,
    load_kind,
)

__all__ = [
    "DECLARATION",
    "SECOND_MODEL_CELLS",
    "SOLUTION_SUFFIX",
    "DeclaredKind",
    "DeclaredPuzzle",
    "DeclaredSolution",
    "Instance",
    "Violation",
    "bundled_kinds",
    "load_kind",
]
