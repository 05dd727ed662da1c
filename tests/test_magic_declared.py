"""The magic board's declared twin (tests/kinds/magic-janko) against the built-in
Python kind: what issue 24 asked ("move the magic board onto the declared format if it
loses nothing") was tried with this twin; docs/adding-a-kind.md says what it found.

The twin's encoding is written plainly and apart from the built-in ladder encoding, so
equal solution sets are evidence for both, and for the declared machinery."""

from __future__ import annotations

import random
from pathlib import Path

import clingo
import pytest

from lpsolve import api
from lpsolve.errors import PuzzleError
from lpsolve.kinds import parse_text
from lpsolve.kinds.declared import DeclaredSolution, load_kind

TWIN = Path(__file__).parent / "kinds" / "magic-janko"


@pytest.fixture(scope="module")
def twin():
    return load_kind(str(TWIN))


def boards(rows: list[list[int | None]], low: int, high: int, target: int) -> tuple[str, str]:
    """The same board in the built-in kind's layout and in the twin's."""
    size = len(rows)
    python = f"range: {low}..{high}\ntarget: {target}\n" + "".join(
        " ".join("__" if v is None else str(v) for v in row) + "\n" for row in rows
    )
    declared = f"{size} {size} {low} {high} {target}\n" + "".join(
        " ".join("-" if v is None else str(v) for v in row) + "\n" for row in rows
    )
    return python, declared


def all_solutions(puzzle) -> list:
    result = api.solve(puzzle, None)
    assert result.complete
    return sorted(puzzle.solution_json(s) for s in result.solutions)


def test_the_twin_solves_the_seed_board_as_the_built_in_kind_does(twin) -> None:
    instance = twin.instances()[0]
    declared = twin.load(instance.path)
    built_in = api.load("magic/seed-5x5")
    assert all_solutions(declared) == all_solutions(built_in)
    assert len(all_solutions(declared)) == 1


@pytest.mark.parametrize("seed", range(12))
def test_the_twin_agrees_on_3x3_boards(twin, seed: int) -> None:
    """Random 3x3 boards: range 1..9 or shifted, the magic target or a wrong one, a
    few givens (some from a magic square, some anywhere): equal solution sets."""
    rng = random.Random(seed)
    low = rng.choice([1, 1, 0, -4])
    high = low + 8
    target = 3 * (low + 4) + rng.choice([0, 0, 0, 1])
    rows: list[list[int | None]] = [[None] * 3 for _ in range(3)]
    for _ in range(rng.randint(0, 3)):
        rows[rng.randrange(3)][rng.randrange(3)] = rng.randint(low, high)
    python_text, declared_text = boards(rows, low, high, target)
    declared = twin.parse(declared_text, "x.magic-janko")
    givens = [v for row in rows for v in row if v is not None]
    refusal = (  # what the built-in kind refuses as it reads the file: the twin finds nothing
        "is given twice" if len(set(givens)) < len(givens)
        else "is impossible" if target != 3 * (low + 4)
        else None
    )  # fmt: skip
    if refusal:
        with pytest.raises(PuzzleError, match=refusal):
            parse_text(python_text, "x.magic", ".magic")
        assert all_solutions(declared) == []
        return
    built_in = parse_text(python_text, "x.magic", ".magic")
    assert all_solutions(declared) == all_solutions(built_in)


def test_the_twins_check_names_each_rule(twin) -> None:
    """A cell of the published solution changed to a number off the range breaks the
    range, a number now missing, its row, column and (on a diagonal) a diagonal; a
    given moved breaks "givens stay"."""
    declared = twin.load(twin.instances()[0].path)
    solution = api.solve(declared).solutions[0]
    assert declared.violations(solution) == []
    rules: set[str] = set()
    for atom in solution.atoms:
        r, c, _ = (argument.number for argument in atom.arguments)
        other = clingo.Function("value", [clingo.Number(r), clingo.Number(c), clingo.Number(99)])
        changed = (*(a for a in solution.atoms if a != atom), other)
        rules |= {p.rule for p in declared.violations(DeclaredSolution(changed))}
    assert rules == {
        "numbers in the range",
        "each number once",
        "givens stay",
        "rows sum to the target",
        "columns sum to the target",
        "diagonals sum to the target",
    }
