"""The library's calls take a path as well as a puzzle, and look for what the command
line looks for unless told otherwise."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import lpsolve
from lpsolve.cli import main

from .conftest import INSTANCES, ROOT

CORNERS = ROOT / "docs" / "examples" / "corners.hidoku"  # 30 solutions
SEED = INSTANCES / "hidato" / "seed-10x10.hidoku"  # one


class Named(os.PathLike):
    """A path-like object that is not a ``pathlib.Path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return str(self.path)


@pytest.mark.parametrize("given", [str, Path, Named], ids=["str", "Path", "PathLike"])
def test_solve_reads_a_path(given) -> None:
    from_path = lpsolve.solve(given(SEED))
    from_puzzle = lpsolve.solve(lpsolve.load(SEED))
    assert from_path.solutions == from_puzzle.solutions and from_path.unique is True


def test_every_call_taking_a_puzzle_takes_a_path() -> None:
    total = lpsolve.count(CORNERS, backend="csp").count  # the other backend's count
    assert lpsolve.count(str(CORNERS)).count == total
    checked = lpsolve.cross_check(str(CORNERS), limit=None)
    assert checked.agree and checked.results["clingo"].count == total
    ambiguity = lpsolve.explain_ambiguity(str(CORNERS))
    again = lpsolve.explain_ambiguity(lpsolve.load(CORNERS))
    assert ambiguity is not None and again is not None
    assert ambiguity.as_json() == again.as_json() and ambiguity.differing
    assert lpsolve.explain_conflict(str(CORNERS)) is None  # it has solutions
    assert lpsolve.solve("hidato/seed-10x10").unique  # a bundled instance by name too


def test_the_default_limit_is_the_command_lines_two(capsys) -> None:
    """Two: enough to prove one solution unique, or to show there are several."""
    total = lpsolve.count(CORNERS, backend="csp").count
    several = lpsolve.solve(CORNERS)
    assert total > 2 and several.count == 2 and several.unique is False
    assert not several.complete
    assert main(["solve", str(CORNERS), "--format", "json"]) == 0
    assert '"count": 2' in capsys.readouterr().out
    one = lpsolve.solve(SEED)
    assert (one.count, one.complete, one.unique) == (1, True, True)
    assert lpsolve.solve(CORNERS, None).count == total  # None: every one


def test_a_path_that_names_nothing_is_a_puzzle_error(tmp_path) -> None:
    with pytest.raises(lpsolve.PuzzleError, match="no such file"):
        lpsolve.solve(tmp_path / "nowhere.hidoku")
    with pytest.raises(lpsolve.UsageError, match="expected a Puzzle or a path"):
        lpsolve.solve(42)  # type: ignore[arg-type]


def test_the_statistics_read_value_by_value_are_those_of_clingos_tree() -> None:
    from lpsolve.backends import session as clingo_session

    with clingo_session.Session(["--models=0"]) as session:
        session.add("{ a(1..6) }. :- a(1), a(2). :- not 2 { a(X) } 3.")
        session.ground()
        session.search()
        values = clingo_session.read_statistics(session.control)
        assert values == clingo_session.statistics_from_tree(session.control.statistics)
        assert set(values) == set(clingo_session.STATISTICS) and values["models"] > 0


def test_a_search_in_the_callers_thread_answers_as_one_in_a_thread_of_its_own() -> None:
    """``threaded=False`` (the hints' window searches): the same models, the same
    answer and, on assumptions without a model, the same core."""
    from lpsolve.backends import session as clingo_session

    with clingo_session.Session() as session:
        session.add("{ a(1..6) }. :- a(1), a(2). :- not 2 { a(X) } 3.")
        session.ground()
        lits = {atom.symbol.arguments[0].number: atom.literal for atom in session.atoms}
        for assumptions, satisfiable in (([lits[3], lits[4]], True), ([lits[1], lits[2]], False)):
            answers = []
            for threaded in (True, False):
                models: list[list[str]] = []
                end = session.search(
                    assumptions=assumptions,
                    on_model=lambda m, found=models: found.append(
                        sorted(map(str, m.symbols(atoms=True)))
                    ),
                    models=0,
                    want_core=True,
                    threaded=threaded,
                )
                assert end.satisfiable is satisfiable
                answers.append((sorted(models), set(end.core)))
            assert answers[0] == answers[1]
            assert satisfiable == bool(answers[0][0]) and satisfiable != bool(answers[0][1])
