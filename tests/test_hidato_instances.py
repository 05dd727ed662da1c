"""Every bundled Hidato-family instance: solved, checked, unique, equal to what was published."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lpsolve
from lpsolve.kinds.hidato import HidatoPuzzle

from .conftest import INSTANCES, path_is_valid

HIDATO = sorted((INSTANCES / "hidato").iterdir())


def published_solution(path: Path) -> list[list[int]] | None:
    """Rows of the published solution written in the instance's '# solution:' comment."""
    lines = path.read_text().splitlines()
    if "# solution:" not in lines:
        return None
    start = lines.index("# solution:") + 1
    rows = []
    for line in lines[start:]:
        if not re.fullmatch(r"#[\s\d]+", line):
            break
        rows.append([int(v) for v in line[1:].split()])
    return rows


@pytest.mark.parametrize("path", HIDATO, ids=lambda p: p.name)
def test_instance_solved_unique_and_valid(path: Path) -> None:
    puzzle = lpsolve.load(path)
    assert isinstance(puzzle, HidatoPuzzle)
    result = lpsolve.solve(puzzle, limit=None)
    assert result.complete
    # Every seed instance turns out to be well-posed (seed 000 publishes it for 10x10).
    assert result.count == 1 and result.unique is True
    solution = result.solutions[0]
    assert path_is_valid(puzzle.cells, set(puzzle.offsets), puzzle.givens, solution.path)


def test_seed_10x10_equals_published_solution() -> None:
    path = INSTANCES / "hidato" / "seed-10x10.hidoku"
    expected = published_solution(path)
    assert expected is not None and len(expected) == 10
    solution = lpsolve.solve(lpsolve.load(path), limit=1).solutions[0]
    numbers = solution.numbers()
    assert [[numbers[(x, y)] for x in range(10)] for y in range(10)] == expected


def test_typed_hex_board_is_the_seed_board_shifted() -> None:
    typed = lpsolve.load(INSTANCES / "hidato" / "seed003-hex-19-typed.hidato")
    listed = lpsolve.load(INSTANCES / "hidato" / "seed003-hex-19.json")
    assert sorted(typed.cells) == sorted((x, y - 1) for x, y in listed.cells)
    assert typed.givens == {(x, y - 1): n for (x, y), n in listed.givens.items()}
    typed_path = lpsolve.solve(typed, limit=1).solutions[0].path
    listed_path = lpsolve.solve(listed, limit=1).solutions[0].path
    assert typed_path == tuple((x, y - 1) for x, y in listed_path)


def test_numbrix_without_endpoints_has_them_free() -> None:
    puzzle = lpsolve.load(INSTANCES / "hidato" / "seed003-numbrix-9x9.json")
    assert 1 not in puzzle.givens.values() and 81 not in puzzle.givens.values()
    assert puzzle.adjacency == "orthogonal"
