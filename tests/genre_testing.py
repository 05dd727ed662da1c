"""What the tests of the declared genres share: a kind's bundled puzzles and their
published solutions, solutions as janko grids of tokens and back, one-cell changes of a
solution for the checks' tests, and the rules the check names. The sources of truth stay
in the tests (each genre's Python rules and enumerator in tests/test_GENRE.py, the
published solutions in tests/test_genres.py); this module only moves grids around."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import clingo

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution, load_kind
from lpsolve.kinds.declared.kind import DeclaredKind, DeclaredPuzzle, Instance

from .conftest import ROOT

Grid = tuple[tuple[str, ...], ...]
T = TypeVar("T")

#: the bundled declared genres: the folders of lpsolve/kinds with a kind.toml
KINDS = ROOT / "lpsolve" / "kinds"
GENRES = sorted(folder.name for folder in KINDS.iterdir() if (folder / "kind.toml").is_file())


def bundled(name: str) -> tuple[DeclaredKind, list[Instance]]:
    """The bundled kind ``lpsolve/kinds/NAME`` (loaded as a user's folder would be) and
    its instances that have a published solution."""
    kind = load_kind(KINDS / name)
    return kind, [i for i in kind.instances() if i.solution is not None]


def instance_name(instance: Instance) -> str:
    return Path(instance.path).name


def published(kind: DeclaredKind, instance: Instance) -> tuple[DeclaredPuzzle, DeclaredSolution]:
    """A bundled puzzle and its published solution, read from the file beside it."""
    puzzle = kind.load(instance.path)
    assert instance.solution is not None
    text = Path(instance.solution).read_text()
    return puzzle, puzzle.read_solution(text, instance.solution)


def published_file(kind: DeclaredKind, file_name: str) -> tuple[DeclaredPuzzle, DeclaredSolution]:
    """The bundled puzzle ``file_name`` and its published solution."""
    (instance,) = [i for i in kind.instances() if instance_name(i) == file_name]
    return published(kind, instance)


def grid_of(puzzle: DeclaredPuzzle, solution: DeclaredSolution) -> Grid:
    """A solution as janko's rows of tokens."""
    return tuple(tuple(row) for row in puzzle.grid(solution))


def solution_of(puzzle: DeclaredPuzzle, grid: Sequence[Sequence[str]]) -> DeclaredSolution:
    """Janko's rows of tokens as a solution (read as a published file is read)."""
    header = " ".join(str(value) for _, value in puzzle.header)
    text = "\n".join([header, *(" ".join(row) for row in grid)]) + "\n"
    return puzzle.read_solution(text, "<changed>")


def every_solution_as(puzzle: DeclaredPuzzle, decode: Callable[[DeclaredSolution], T]) -> set[T]:
    """Every solution the encoding finds, each as ``decode`` makes it (a genre's cells,
    lamps or loop; the search must be complete)."""
    result = api.solve(puzzle, limit=None)
    assert result.complete
    return {decode(solution) for solution in result.solutions}


def every_solution(puzzle: DeclaredPuzzle) -> set[Grid]:
    """Every solution the encoding finds, as grids."""
    return every_solution_as(puzzle, lambda solution: grid_of(puzzle, solution))


def every_solution_atoms(puzzle: DeclaredPuzzle) -> set[tuple[clingo.Symbol, ...]]:
    """Every solution the encoding finds, as sorted atoms."""
    return every_solution_as(puzzle, lambda solution: solution.atoms)


def second_model(puzzle: DeclaredPuzzle) -> set[Grid]:
    """Every solution of the kind's second model (its check with a choice per cell)."""
    solutions, complete = puzzle.second_model_solutions()
    assert complete
    return {grid_of(puzzle, s) for s in solutions}


def one_cell_changes(grid: Grid, tokens: Sequence[str]) -> Iterator[tuple[int, int, Grid]]:
    """Every grid that differs from ``grid`` in one cell, its token one of ``tokens``:
    (row, column, the changed grid)."""
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            for other in tokens:
                if other != token:
                    changed = [list(line) for line in grid]
                    changed[r][c] = other
                    yield r, c, tuple(tuple(line) for line in changed)


def atom(name: str, *arguments: int) -> clingo.Symbol:
    return clingo.Function(name, [clingo.Number(a) for a in arguments])


def rules_broken(
    puzzle: DeclaredPuzzle, answer: DeclaredSolution | Iterable[clingo.Symbol]
) -> set[str]:
    """The names of the rules the kind's check finds broken by a solution, or by a set
    of atoms (an answer changed by hand)."""
    if not isinstance(answer, DeclaredSolution):
        answer = DeclaredSolution(tuple(sorted(set(answer))))
    return {problem.rule for problem in puzzle.violations(answer)}  # type: ignore[attr-defined]


def cells_broken(
    puzzle: DeclaredPuzzle, atoms: Iterable[clingo.Symbol]
) -> dict[str, set[tuple[int, int]]]:
    """The rules the kind's check finds broken by a set of atoms, each with the cells it
    names."""
    broken: dict[str, set[tuple[int, int]]] = {}
    for violation in puzzle.violations(DeclaredSolution(tuple(sorted(set(atoms))))):
        broken.setdefault(violation.rule, set()).update(violation.cells)  # type: ignore[attr-defined]
    return broken
