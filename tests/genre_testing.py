"""What the tests of the declared genres share: a kind's bundled puzzles against their
published solutions, solutions as janko grids of tokens and back, and one-cell changes
of a solution for the checks' tests. The sources of truth stay in each genre's test
(its Python rules and enumerator); this module only moves grids around."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from lpsolve import api
from lpsolve.kinds.declared import DeclaredSolution, load_kind
from lpsolve.kinds.declared.kind import DeclaredKind, DeclaredPuzzle, Instance

from .conftest import ROOT

Grid = tuple[tuple[str, ...], ...]


def bundled(name: str) -> tuple[DeclaredKind, list[Instance]]:
    """The bundled kind ``lpsolve/kinds/NAME`` (loaded as a user's folder would be) and
    its instances that have a published solution."""
    kind = load_kind(ROOT / "lpsolve" / "kinds" / name)
    return kind, [i for i in kind.instances() if i.solution is not None]


def instance_name(instance: Instance) -> str:
    return Path(instance.path).name


def published(kind: DeclaredKind, instance: Instance) -> tuple[DeclaredPuzzle, DeclaredSolution]:
    puzzle = kind.load(instance.path)
    assert instance.solution is not None
    text = Path(instance.solution).read_text()
    return puzzle, puzzle.read_solution(text, instance.solution)


def assert_solves_to_the_published_solution(kind: DeclaredKind, instance: Instance) -> None:
    """Solved, proved unique (a search for two finds one), passing the check (lpsolve
    checks every answer it finds), and equal to the published solution, atom for atom
    and in janko's layout."""
    puzzle, expected = published(kind, instance)
    result = api.solve(puzzle)
    assert result.complete and result.unique, instance.path
    (found,) = result.solutions
    assert puzzle.violations(found) == []
    assert puzzle.violations(expected) == []  # the published solution passes the check
    assert puzzle.janko_text(found) == puzzle.janko_text(expected)
    if not any(w.write == "region" for w in kind.declaration.output.cells):
        # regions are renumbered in reading order when written; anything else is the
        # published file, token for token
        assert found == expected
        assert puzzle.janko_text(found).split() == Path(instance.solution).read_text().split()


def grid_of(puzzle: DeclaredPuzzle, solution: DeclaredSolution) -> Grid:
    """A solution as janko's rows of tokens."""
    return tuple(tuple(row) for row in puzzle.grid(solution))


def solution_of(puzzle: DeclaredPuzzle, grid: Sequence[Sequence[str]]) -> DeclaredSolution:
    """Janko's rows of tokens as a solution (read as a published file is read)."""
    header = " ".join(str(value) for _, value in puzzle.header)
    text = "\n".join([header, *(" ".join(row) for row in grid)]) + "\n"
    return puzzle.read_solution(text, "<changed>")


def every_solution(puzzle: DeclaredPuzzle) -> set[Grid]:
    """Every solution the encoding finds, as grids (the search must be complete)."""
    result = api.solve(puzzle, limit=None)
    assert result.complete
    return {grid_of(puzzle, s) for s in result.solutions}


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


def rules_broken(puzzle: DeclaredPuzzle, solution: DeclaredSolution) -> set[str]:
    """The names of the rules the kind's check finds broken."""
    return {problem.rule for problem in puzzle.violations(solution)}  # type: ignore[attr-defined]
