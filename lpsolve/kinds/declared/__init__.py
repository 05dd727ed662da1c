"""Declared puzzle kinds: a kind is a folder (``kind.toml``, an encoding, a check,
instances) and no Python. See ``docs/adding-a-kind.md``. Their puzzles are read from
and written as puzz.link links too (:mod:`.urls`: :func:`read_url`, :func:`decode_url`,
:func:`encode_url`).

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
    bundled_kinds,
    load_kind,
)
from .urls import decode_url, encode_url, read_url

__all__ = [
    "DECLARATION",
    "SECOND_MODEL_CELLS",
    "SOLUTION_SUFFIX",
    "DeclaredKind",
    "DeclaredPuzzle",
    "DeclaredSolution",
    "bundled_kinds",
    "decode_url",
    "encode_url",
    "load_kind",
    "read_url",
]
