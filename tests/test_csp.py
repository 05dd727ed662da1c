"""The python-constraint backend and the cross-check, against independent truth:
the clingo backend, a brute-force path counter and the published well-posedness of
the bundled instances; plus a deliberately broken model the cross-check must catch."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import constraint
import pytest

import lpsolve
from lpsolve import api
from lpsolve.backends import csp
from lpsolve.cspmodel import AllowedPairs, CspModel
from lpsolve.errors import UsageError
from lpsolve.kinds import EXTENSIONS
from lpsolve.kinds.hidato import KING, KNIGHT, ORTHOGONAL, HidatoPuzzle, build
from lpsolve.puzzle import Puzzle

from .conftest import INSTANCES, ROOT, count_paths

CORNERS = ROOT / "docs" / "examples" / "corners.hidoku"  # 30 solutions
TOUGHEST = INSTANCES / "hidato" / "seed003-hex-163-toughest.json"  # too big for csp


def bundled() -> list:
    """Every bundled instance and example; those over the csp model's measured size
    limit are skipped with the reason."""
    paths = sorted(
        p
        for folder in (INSTANCES, ROOT / "docs" / "examples")
        for p in folder.rglob("*")
        if p.suffix in {*EXTENSIONS, ".json"}
    )
    params = []
    for path in paths:
        puzzle = lpsolve.load(path)
        try:
            reason = csp.too_big(puzzle)
        except UsageError as error:  # a kind whose csp model is still to come
            reason = str(error)
        if path.name.startswith("empty-"):  # docs/examples' counting boards
            reason = "an empty board: too many solutions to enumerate twice in a test"
        marks = [pytest.mark.skip(reason=reason)] if reason else []
        params.append(pytest.param(path, marks=marks, id=str(path.relative_to(ROOT))))
    return params


@pytest.mark.parametrize("path", bundled())
def test_cross_check_every_bundled_instance(path) -> None:
    checked = lpsolve.cross_check(lpsolve.load(path))
    assert checked.agree, checked.summary()
    assert checked.complete  # no limit: both enumerated everything, so the sets are equal
    clingo, csp_ = checked.results["clingo"], checked.results["csp"]
    assert set(csp_.solutions) == set(clingo.solutions) and csp_.count == clingo.count


def board(width: int, height: int, adjacency: str) -> HidatoPuzzle:
    return build([(x, y) for y in range(height) for x in range(width)], {}, adjacency)


@pytest.mark.parametrize(
    ("width", "height", "adjacency", "moves"),
    [
        (1, 1, "king", KING),
        (2, 2, "king", KING),
        (3, 3, "king", KING),
        (2, 4, "orthogonal", ORTHOGONAL),
        (3, 3, "orthogonal", ORTHOGONAL),
        (4, 3, "orthogonal", ORTHOGONAL),
        (3, 4, "knight", KNIGHT),
        (2, 3, "knight", KNIGHT),  # no knight's tour: 0
    ],
)
def test_empty_board_counts_agree_with_brute_force(width, height, adjacency, moves) -> None:
    puzzle = board(width, height, adjacency)
    expected = count_paths(puzzle.cells, set(moves))
    csp_count = api.count(puzzle, backend="csp")
    assert (csp_count.count, csp_count.complete) == (expected, True)
    assert api.count(puzzle).count == expected
    checked = lpsolve.cross_check(puzzle)
    assert checked.agree and checked.complete, checked.summary()


@pytest.mark.parametrize("limit", [1, 2, 29, 30, 31, None])
def test_limits_mean_the_same_for_both_backends(limit) -> None:
    puzzle = lpsolve.load(CORNERS)
    clingo = api.solve(puzzle, limit)
    csp_ = api.solve(puzzle, limit, backend="csp")
    assert (csp_.count, csp_.complete, csp_.unique) == (
        clingo.count,
        clingo.complete,
        clingo.unique,
    )
    assert csp_.backend == "csp" and clingo.backend == "clingo"


def test_cross_check_under_a_limit_only_checks_what_it_can() -> None:
    checked = lpsolve.cross_check(lpsolve.load(CORNERS), limit=2)
    assert isinstance(checked, lpsolve.CrossCheck)
    assert checked.agree and not checked.complete  # 2 of 30 each: sets not comparable
    assert "not compared" in checked.summary()
    assert len(checked.summary().splitlines()) == 1


# -- broken models: the cross-check must fail loudly --------------------------------


def without_moves(self: HidatoPuzzle) -> CspModel:
    """The real model minus the consecutive-numbers-adjacent rule."""
    model = real_model(self)
    model.constraints = [c for c in model.constraints if not isinstance(c[0], AllowedPairs)]
    return model


def without_a_cell(self: HidatoPuzzle) -> CspModel:
    """The real model, but number 2 may not stand on (1, 0): valid solutions go missing."""
    model = real_model(self)
    model.constrain(constraint.NotInSetConstraint({(1, 0)}), [2])
    return model


real_model = HidatoPuzzle.csp_model


def test_a_model_without_the_path_rule_is_caught(run, monkeypatch) -> None:
    monkeypatch.setattr(HidatoPuzzle, "csp_model", without_moves)
    status, out, _ = run("solve", CORNERS, "--all", "--cross-check")
    assert status == 4
    assert "cross-check: DISAGREEMENT between clingo and csp" in out
    assert "found by csp, fails the rule checker" in out and "are not adjacent" in out
    # ... while every solution printed is a valid one (clingo is the shown backend)
    assert out.count("Solution ") == 30


def test_a_model_missing_solutions_is_caught(run, monkeypatch) -> None:
    puzzle = lpsolve.load(CORNERS)
    truth = api.solve(puzzle, None)
    missing = {s for s in truth.solutions if s.path[1] == (1, 0)}
    assert 0 < len(missing) < truth.count

    monkeypatch.setattr(HidatoPuzzle, "csp_model", without_a_cell)
    checked = lpsolve.cross_check(puzzle)
    assert not checked.agree
    assert set(checked.only("clingo")) == missing and checked.only("csp") == []
    status, out, _ = run("solve", CORNERS, "--count", "--cross-check")
    assert status == 4
    assert out.count("only clingo found it (csp's search was complete):") == len(missing)
    status, out, _ = run("check", CORNERS, "--cross-check", "--format", "json")
    data = json.loads(out)
    assert status in (1, 4)  # not well-posed either way; whether the 2 found differ
    assert data["cross_check"]["agree"] is (status == 1)


def test_json_names_the_backend(run) -> None:
    status, out, _ = run(
        "solve",
        INSTANCES / "hidato" / "seed003-hex-19.json",
        "--backend",
        "csp",
        "--format",
        "json",
        "--stats",
    )
    data = json.loads(out)
    assert status == 0
    assert (data["backend"], data["count"], data["complete"], data["unique"]) == (
        "csp",
        1,
        True,
        True,
    )
    clingo = json.loads(
        run("solve", INSTANCES / "hidato" / "seed003-hex-19.json", "--format", "json", "--stats")[1]
    )
    assert set(data) == set(clingo) and data["solutions"] == clingo["solutions"]
    # each backend's own figures of size; the search figures are common
    assert set(data["stats"]) - set(clingo["stats"]) == {"variables", "constraints"}
    assert set(clingo["stats"]) - set(data["stats"]) == {"atoms", "rules"}
    assert data["stats"]["variables"] == 19


def test_the_same_text_output(run) -> None:
    """Unique puzzles, so both backends have the same (only) solution to show."""
    for command in (
        ["solve", INSTANCES / "hidato" / "seed003-hidato-40.json", "--all"],
        ["check", INSTANCES / "hidato" / "seed003-hex-19-typed.hidato"],
    ):
        clingo = run(*command)
        csp_ = run(*command, "--backend", "csp")
        assert clingo[0] == csp_[0]
        assert clingo[1].rsplit("(", 1)[0] == csp_[1].rsplit("(", 1)[0]  # all but the time


def test_timeout_stops_the_csp_search(run) -> None:
    started = time.perf_counter()
    status, out, _ = run(
        "solve", TOUGHEST, "--backend", "csp", "--timeout", "0.5", "--format", "json"
    )
    elapsed = time.perf_counter() - started
    data = json.loads(out)
    assert status == 3
    assert (data["status"], data["complete"], data["count"]) == ("timeout", False, 0)
    # model building is not interruptible; the search stops at the next value tried
    assert data["timings"]["solve_seconds"] < 1.5 and elapsed < 10


def test_timeout_in_the_cross_check_exits_3(run) -> None:
    # csp gets half the time and needs minutes; clingo needs a tenth of a second of the
    # rest, with room to spare on a loaded machine
    status, out, _ = run("check", TOUGHEST, "--cross-check", "--timeout", "3")
    assert status == 3
    assert "csp 0 solutions (stopped by timeout)" in out


def test_iterating_solutions() -> None:
    puzzle = lpsolve.load(CORNERS)
    first_three = []
    for solution in csp.iter_solutions(puzzle):
        first_three.append(solution)
        if len(first_three) == 3:
            break
    assert all(not puzzle.violations(s) for s in first_three)
    with pytest.raises(TimeoutError):
        next(csp.iter_solutions(lpsolve.load(TOUGHEST), timeout=0.2))


def test_a_kind_without_a_model_is_a_usage_error(run, monkeypatch) -> None:
    monkeypatch.setattr(HidatoPuzzle, "csp_model", Puzzle.csp_model)
    with pytest.raises(UsageError, match="the csp backend has no model for kind hidato"):
        api.solve(lpsolve.load(CORNERS), backend="csp")
    status, out, err = run("solve", CORNERS, "--cross-check")
    assert (status, out) == (2, "")
    assert err == "error: the csp backend has no model for kind hidato\n"


def test_a_board_with_an_unreachable_cell_has_no_solution() -> None:
    # two cells that no king move joins: every domain stays, but no path exists;
    # and a given that the distances rule out empties a domain before the search
    apart = build([(0, 0), (5, 5)], {}, "king")
    assert api.solve(apart, backend="csp").complete and api.solve(apart, backend="csp").count == 0
    far = build([(0, 0), (1, 0), (2, 0)], {(0, 0): 1, (2, 0): 2}, "orthogonal")
    result = api.solve(far, backend="csp")
    assert (result.count, result.complete, result.status.value) == (0, True, "no solution")


# -- the size limit -----------------------------------------------------------------------

BIG_TAKUZU = INSTANCES / "takuzu" / "generated-30x30.takuzu"  # the csp search ran > 10 min


@pytest.mark.parametrize(
    "command",
    [
        ("solve", "--backend", "csp"),
        ("solve", "--cross-check"),
        ("check", "--cross-check", "--format", "json"),
    ],
    ids=" ".join,
)
def test_a_puzzle_over_the_csp_limit_is_refused_without_a_timeout(command) -> None:
    """Over the size a kind's csp model handles, a search with no end in sight is
    refused at once, naming the limit (in a child process: before the limit was
    enforced, this search ran for many minutes)."""
    verb, *options = command
    done = subprocess.run(
        [sys.executable, "-m", "lpsolve", verb, str(BIG_TAKUZU), *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"error: {BIG_TAKUZU}: 900 cells: the csp model of takuzu handles up to 144 "
        "cells, and a bigger puzzle may take it hours: give a timeout (--timeout S) to "
        "try it anyway\n"
    )


def test_over_the_limit_a_timeout_lets_the_csp_backend_try(run) -> None:
    status, out, _ = run("solve", BIG_TAKUZU, "--backend", "csp", "--timeout", "0.5")
    assert status == 3 and "stopped by timeout" in out
    puzzle = lpsolve.load(BIG_TAKUZU)
    with pytest.raises(UsageError, match="900 cells"):
        api.solve(puzzle, backend="csp")  # the library's limit is the same
    with pytest.raises(UsageError, match="900 cells"):
        next(csp.iter_solutions(puzzle))
    assert api.solve(puzzle, backend="csp", timeout=0.2).stopped_by == "timeout"


def _models() -> list:
    """Every bundled instance and example whose kind has a csp model (built, not
    solved: a few hundred ms at most)."""
    params = []
    for path in sorted(p for p in INSTANCES.rglob("*") if p.suffix in {*EXTENSIONS, ".json"}):
        params.append(pytest.param(path, id=str(path.relative_to(ROOT))))
    return params


@pytest.mark.parametrize("path", _models())
def test_the_size_checked_is_the_size_of_the_model(path) -> None:
    """Each kind counts its model's variables without building it (the check runs
    first): the count must be the model's."""
    puzzle = lpsolve.load(path)
    assert puzzle.csp_size() == len(puzzle.csp_model().domains)
