"""Every bundled declared genre's input, fuzzed: its bundled puzzles mutated as
benchmarks/fuzz.py mutates puzzle files (huge, negative and 32-bit-edge numbers, odd
bytes, cut and doubled lines). Each mutated file loads or is refused in one line at
its place; a small one that loads is solved (answers checked by the kind's check),
and the solve ends in an answer or one of lpsolve's errors, never another exception."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lpsolve import api
from lpsolve.errors import LpsolveError, PuzzleError
from lpsolve.kinds.registry import registry
from lpsolve.puzzle import Origin

from .conftest import load_benchmark

fuzz = load_benchmark("fuzz")
GENRES = [kind for kind in registry().kinds() if kind.origin is Origin.DECLARED]


@pytest.mark.parametrize("kind", GENRES, ids=lambda kind: kind.name)
def test_a_mutated_genre_file_loads_or_is_refused_and_solves_cleanly(kind) -> None:
    rng = random.Random(f"fuzz {kind.name}")
    texts = [Path(instance.path).read_text() for instance in kind.instances()]
    for _ in range(40):
        text = fuzz.mutate(rng.choice(texts), rng)
        try:
            puzzle = kind.parse(text, "x")
        except PuzzleError as error:
            assert error.line and error.col and "\n" not in str(error), str(error)
            continue
        rows, cols = puzzle.size
        if rows * cols <= 100:
            try:
                api.solve(puzzle, timeout=2.0)
            except LpsolveError as error:
                assert "\n" not in str(error), str(error)
