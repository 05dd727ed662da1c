"""The Sudokus with published levels that calibrate the rating
(benchmarks/data/sudoku-levels, read by ``benchmarks/hints.py --only sudoku-levels``):
each is a 9 x 9 Sudoku with one solution, the one published beside it (solved by
sudoku-cli, see the folder's README), which the kind's rule checker accepts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import lpsolve
from lpsolve import api
from lpsolve.steps.engine import LEVELS

from .conftest import ROOT, load_benchmark

PUZZLES = sorted((ROOT / "benchmarks" / "data" / "sudoku-levels").glob("*.sudoku"))


def test_the_benchmark_reads_25_puzzles_at_each_level() -> None:
    published = load_benchmark("hints").published_sudoku_levels()
    assert [path for path, _ in published] == PUZZLES
    assert Counter(level for _, level in published) == dict.fromkeys(LEVELS, 25)


@pytest.mark.parametrize(
    "path",
    [  # the first of each level in the default run, the rest in the slow run
        pytest.param(p, marks=() if p.stem.endswith("-01") else pytest.mark.slow, id=p.stem)
        for p in PUZZLES
    ],
)
def test_each_has_one_solution_the_published_one(path: Path) -> None:
    puzzle = lpsolve.load(path)
    assert puzzle.header == (("ROWS", 9), ("COLS", 9))
    published = puzzle.read_solution(Path(f"{path}.solution").read_text(), f"{path}.solution")
    assert puzzle.violations(published) == []
    result = api.solve(puzzle)
    assert result.unique and result.solutions == [published]
