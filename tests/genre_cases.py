"""What the tests of the declared genres (jigsaw-sudoku, killer-sudoku, kakuro,
skyscrapers, nonogram) share: a kind's bundled instances with their published
solutions, an answer changed in one place, and the rules the check names for it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import clingo
import pytest

from lpsolve import api
from lpsolve.errors import PuzzleError
from lpsolve.kinds.declared import DeclaredSolution, load_kind
from lpsolve.kinds.declared.kind import DeclaredKind, DeclaredPuzzle, Instance

from .conftest import ROOT
from .test_fuzz import fuzz


def kind(name: str) -> DeclaredKind:
    """The bundled kind ``name``, loaded from its folder (not through the registry)."""
    return load_kind(ROOT / "lpsolve" / "kinds" / name)


def name(instance: Instance) -> str:
    return Path(instance.path).name


def published(definition: DeclaredKind) -> list[Instance]:
    """The kind's bundled instances that have a published solution beside them."""
    return [i for i in definition.instances() if i.solution is not None]


def published_solution(
    definition: DeclaredKind, instance: Instance
) -> tuple[DeclaredPuzzle, DeclaredSolution]:
    puzzle = definition.load(instance.path)
    assert instance.solution is not None
    text = Path(instance.solution).read_text()
    return puzzle, puzzle.read_solution(text, instance.solution)


def assert_solves_to_its_published_solution(definition: DeclaredKind, instance: Instance) -> None:
    """Solved (two looked for, so one found is proved unique), equal to the published
    solution, passing the check, and written in janko's layout token for token."""
    puzzle, expected = published_solution(definition, instance)
    result = api.solve(puzzle)
    assert result.complete and result.unique
    assert result.solutions == [expected]
    assert puzzle.violations(expected) == []
    assert instance.solution is not None
    published_text = Path(instance.solution).read_text()
    assert puzzle.janko_text(result.solutions[0]).split() == published_text.split()


def every_solution(puzzle: DeclaredPuzzle) -> set[tuple[clingo.Symbol, ...]]:
    """Every solution of the encoding (a complete search), as sorted atoms."""
    result = api.solve(puzzle, limit=None)
    assert result.complete
    return {solution.atoms for solution in result.solutions}


def rules_broken(puzzle: DeclaredPuzzle, atoms: Iterable[clingo.Symbol]) -> set[str]:
    """The names of the rules the check says ``atoms`` break."""
    return {v.rule for v in puzzle.violations(DeclaredSolution(tuple(sorted(set(atoms)))))}  # type: ignore[attr-defined]


def atom(name: str, *arguments: int) -> clingo.Symbol:
    return clingo.Function(name, [clingo.Number(a) for a in arguments])


def refusal(definition: DeclaredKind, text: str, source: str = "bad") -> str:
    """The one line a bad puzzle text is refused with."""
    with pytest.raises(PuzzleError) as error:
        definition.parse(text, source)
    message = str(error.value)
    assert "\n" not in message
    return message


def assert_mutated_files_load_or_are_refused(definition: DeclaredKind, count: int = 60) -> None:
    """The kind's bundled puzzles mutated as benchmarks/fuzz.py mutates puzzle files
    (huge, negative and 32-bit-edge numbers, odd bytes, cut and doubled lines): each
    loads, or is refused in one line at its place; never another exception."""
    rng = random.Random(definition.name)
    texts = [Path(i.path).read_text() for i in definition.instances()]
    for _ in range(count):
        text = fuzz.mutate(rng.choice(texts), rng)
        try:
            definition.parse(text, "x")
        except PuzzleError as error:
            assert error.line and error.col and "\n" not in str(error), str(error)
