"""Puzzles made to order: ``lpsolve generate`` (:mod:`.making`, from the full boards of
:mod:`.full`), and random Hidato-family boards from random Hamiltonian paths
(:mod:`.paths`, for the tests and the benchmarks)."""

from __future__ import annotations

from .paths import (
    backbite,
    puzzle_from_path,
    random_path,
    random_puzzle,
    rectangle,
    serpentine,
)

__all__ = [
    "backbite",
    "puzzle_from_path",
    "random_path",
    "random_puzzle",
    "rectangle",
    "serpentine",
]
