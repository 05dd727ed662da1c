"""Puzzles made to order: ``lpsolve generate`` (:mod:`.making`, from the full boards of
:mod:`.full`), and random Hidato-family boards from random Hamiltonian paths
(:mod:`.paths`, for the tests and the benchmarks)."""

from __future__ import annotations

from ..puzzle import Kind
from .paths import (
    backbite,
    puzzle_from_path,
    random_path,
    random_puzzle,
    rectangle,
    serpentine,
)


def generator_forms(kind: Kind) -> tuple[str, ...]:
    """The board forms ``lpsolve generate`` makes for ``kind`` (the first its default);
    a one-line :class:`~lpsolve.errors.LpsolveError` if the command refuses the kind
    before solving anything (:func:`.making.order`, :func:`.full.check_clues`)."""
    from .full import board_forms, check_clues
    from .making import order

    what = order(kind, 4, 4)
    check_clues(kind, what.rows, what.cols)
    return tuple(form.name for form in board_forms(kind))


__all__ = [
    "backbite",
    "generator_forms",
    "puzzle_from_path",
    "random_path",
    "random_puzzle",
    "rectangle",
    "serpentine",
]
