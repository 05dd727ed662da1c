"""Random Hidato-family boards from random Hamiltonian paths (for tests and the bench).

A path starts as a serpentine through a rectangle (valid for king, orthogonal and
hex moves, hex cells in axial coordinates) and is shuffled by *backbite* moves:
the path's end jumps to one of its neighbours on the path, and the piece after
that neighbour is reversed, so the result is again a Hamiltonian path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..kinds.hidato import Cell, HidatoPuzzle, Offset, build, resolve_adjacency


def rectangle(width: int, height: int) -> list[Cell]:
    return [(x, y) for y in range(height) for x in range(width)]


def serpentine(width: int, height: int) -> list[Cell]:
    return [(x if y % 2 == 0 else width - 1 - x, y) for y in range(height) for x in range(width)]


def backbite(
    path: list[Cell], offsets: Sequence[Offset], rng: random.Random, steps: int
) -> list[Cell]:
    """Shuffle a Hamiltonian path by ``steps`` backbite moves (the path is not modified).

    The path is kept as cell numbers in a numpy array with a flag for which end is its
    last: turning it round is the flag, and a move reverses the bitten piece and
    renumbers its positions in two vectorised steps. With a list and a dict of
    positions updated in Python, the 10 * N moves of an N-cell path took 586 s for a
    150x150 board."""
    import numpy as np

    xs, ys = [x for x, _ in path], [y for _, y in path]
    x0, y0 = min(xs, default=0), min(ys, default=0)
    width, height = max(xs, default=0) - x0 + 1, max(ys, default=0) - y0 + 1
    n = len(path)
    order = np.array([(x - x0) + (y - y0) * width for x, y in path], dtype=np.int64)
    position = np.full(width * height, -1, dtype=np.int64)  # -1: not on the path
    position[order] = np.arange(n)
    turned = False  # True: the path runs from order[-1] to order[0]
    for _ in range(steps):
        if rng.random() < 0.5:  # bite from either end
            turned = not turned
        end = int(order[0] if turned else order[-1])
        dx, dy = rng.choice(offsets)
        x, y = end % width + dx, end // width + dy
        if not (0 <= x < width and 0 <= y < height):
            continue
        i = int(position[x + y * width])
        if i < 0:
            continue
        # Reverse the piece after the bitten cell, seen from the end that bites.
        if turned:
            if i == 1:
                continue
            start, stop = 0, i
        else:
            if i == n - 2:
                continue
            start, stop = i + 1, n
        order[start:stop] = order[start:stop][::-1]
        position[order[start:stop]] = np.arange(start, stop)
    cells = (order[::-1] if turned else order).tolist()
    return [(c % width + x0, c // width + y0) for c in cells]


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
