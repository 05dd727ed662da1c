"""Random Hidato-family boards from random Hamiltonian paths (for tests and the bench).

A path starts as a serpentine through a rectangle (valid for king, orthogonal and
hex moves, hex cells in axial coordinates) and is shuffled by *backbite* moves:
the path's end jumps to one of its neighbours on the path, and the piece after
that neighbour is reversed, so the result is again a Hamiltonian path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .kinds.hidato import Cell, HidatoPuzzle, Offset, build, resolve_adjacency


def rectangle(width: int, height: int) -> list[Cell]:
    return [(x, y) for y in range(height) for x in range(width)]


def serpentine(width: int, height: int) -> list[Cell]:
    return [(x if y % 2 == 0 else width - 1 - x, y) for y in range(height) for x in range(width)]


def backbite(
    path: list[Cell], offsets: Sequence[Offset], rng: random.Random, steps: int
) -> list[Cell]:
    """Shuffle a Hamiltonian path by ``steps`` backbite moves (the path is not modified)."""
    path = list(path)
    position = {cell: i for i, cell in enumerate(path)}
    for _ in range(steps):
        if rng.random() < 0.5:  # bite from either end
            path.reverse()
            position = {cell: i for i, cell in enumerate(path)}
        x, y = path[-1]
        dx, dy = rng.choice(offsets)
        i = position.get((x + dx, y + dy))
        if i is None or i == len(path) - 2:
            continue
        path[i + 1 :] = reversed(path[i + 1 :])
        for j in range(i + 1, len(path)):
            position[path[j]] = j
    return path


def random_path(
    width: int, height: int, adjacency: str, rng: random.Random, steps: int | None = None
) -> list[Cell]:
    _, offsets = resolve_adjacency(adjacency)
    cells = width * height
    return backbite(serpentine(width, height), offsets, rng, 10 * cells if steps is None else steps)


def puzzle_from_path(
    path: Sequence[Cell],
    adjacency: str | Sequence[Offset],
    shown: float,
    rng: random.Random,
    keep_ends: bool = True,
    source: str = "<generated>",
) -> HidatoPuzzle:
    """The board of ``path`` with a random ``shown`` fraction of its numbers given."""
    numbers = list(range(1, len(path) + 1))
    count = round(shown * len(path))
    revealed = set(rng.sample(numbers, min(count, len(numbers))))
    if keep_ends:
        revealed |= {1, len(path)}
    givens = {path[n - 1]: n for n in sorted(revealed)}
    return build(sorted(path), givens, adjacency, source)


def random_puzzle(
    width: int, height: int, adjacency: str, shown: float, seed: int
) -> tuple[HidatoPuzzle, list[Cell]]:
    """A random puzzle and the path it was made from (one of its solutions)."""
    rng = random.Random(seed)
    path = random_path(width, height, adjacency, rng)
    puzzle = puzzle_from_path(
        path, adjacency, shown, rng, source=f"<random {width}x{height} {adjacency} seed {seed}>"
    )
    return puzzle, path
