"""--explain: minimal conflicting givens, and where several solutions differ.

Sources of truth: fresh solves (``lpsolve.solve``) of puzzles rebuilt here with
``Puzzle.replace`` (not through the kinds' ``without_clues``), and the full
enumeration of every solution.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lpsolve
from lpsolve.explain import explain_ambiguity, explain_conflict

from .conftest import INSTANCES, hidato_boards

# Small enough to explain within a test; the bigger boards are in benchmarks/explain.py.
SMALL = [
    INSTANCES / "hidato" / "seed003-hex-19.json",
    INSTANCES / "hidato" / "seed003-hidato-40.json",
    INSTANCES / "magic" / "seed-5x5.magic",
]


def with_givens(puzzle, givens: dict) -> lpsolve.Puzzle:
    return puzzle.replace(givens=dict(givens))


def solvable(puzzle) -> bool:
    return lpsolve.solve(puzzle, limit=1).count > 0


def value_range(puzzle) -> range:
    if puzzle.kind == "magic":
        return range(puzzle.low, puzzle.high + 1)
    return range(1, len(puzzle.cells) + 1)


def broken_variants(path: Path, how_many: int = 3):
    """Change one given of a unique puzzle so that nothing solves it (deterministic)."""
    puzzle = lpsolve.load(path)
    used = set(puzzle.givens.values())
    found = []
    for index, (cell, value) in enumerate(sorted(puzzle.givens.items())):
        if index % 2:  # every other given, to keep the test short
            continue
        for new in sorted(value_range(puzzle), key=lambda v: (abs(v - value - 7), v)):
            if new in used:
                continue
            changed = with_givens(puzzle, {**puzzle.givens, cell: new})
            if not solvable(changed):
                found.append((changed, cell, new))
                break
        if len(found) == how_many:
            break
    return found


TAKUZU = [INSTANCES / "takuzu" / "seed-8x8.takuzu", INSTANCES / "takuzu" / "generated-10x10.takuzu"]


def takuzu_wrong_givens(path: Path, how_many: int = 3):
    """A Takuzu's givens are 0s and 1s, and flipping one of a minimal puzzle's givens
    mostly leaves it solvable; so give an empty cell the digit its unique solution does
    not have, where no rule is visibly broken (otherwise the diagnosis already names it)."""
    puzzle = lpsolve.load(path)
    (solution,) = lpsolve.solve(puzzle, limit=2).solutions
    found = []
    for r, row in enumerate(solution.rows):
        for c, digit in enumerate(row):
            if (r, c) in puzzle.givens:
                continue
            changed = with_givens(puzzle, {**puzzle.givens, (r, c): 1 - int(digit)})
            if not changed.diagnose() and not solvable(changed):
                found.append((changed, (r, c), 1 - int(digit)))
            if len(found) == how_many:
                return found
    return found


CASES = [
    pytest.param(changed, cell, new, id=f"{path.name}-{cell}-{new}")
    for path in SMALL
    for changed, cell, new in broken_variants(path)
] + [
    pytest.param(changed, cell, new, id=f"{path.name}-{cell}-{new}")
    for path in TAKUZU
    for changed, cell, new in takuzu_wrong_givens(path)
]


def test_every_small_instance_yields_broken_variants() -> None:
    assert len(CASES) == 3 * (len(SMALL) + len(TAKUZU))


@pytest.mark.parametrize(("puzzle", "cell", "new"), CASES)
def test_conflict_is_minimal_and_names_the_changed_given(puzzle, cell, new) -> None:
    conflict = explain_conflict(puzzle)
    assert conflict is not None and conflict.minimal and conflict.clues
    members = {tuple(clue.json) for clue in conflict.clues}
    assert len(members) == len(conflict.clues)
    given = {(*c, v) for c, v in puzzle.givens.items()}
    assert members <= given

    def only(triples) -> lpsolve.Puzzle:
        return with_givens(puzzle, {(a, b): v for a, b, v in triples})

    assert not solvable(only(members))  # the named givens alone have no solution
    for member in members:  # ... and each one is needed
        assert solvable(only(members - {member})), member
    # The unchanged givens all fit the original solution, so the changed one is in.
    assert (*cell, new) in members


def test_conflict_text_and_json_shapes() -> None:
    puzzle = lpsolve.load(INSTANCES / "hidato" / "seed003-hex-19.json")
    conflict = explain_conflict(with_givens(puzzle, {**puzzle.givens, (2, 4): 15}))
    assert conflict is not None
    (line,) = conflict.lines()
    assert line.startswith(f"these {len(conflict.clues)} givens conflict: ")
    assert "15 at [2, 4]" in line  # a JSON file's cells by its coordinates
    data = conflict.as_json()
    assert data["conflict_minimal"] is True
    assert [2, 4, 15] in data["conflict"] and all(len(g) == 3 for g in data["conflict"])


def test_solvable_puzzle_has_no_conflict_and_unique_one_no_ambiguity() -> None:
    puzzle = lpsolve.load(INSTANCES / "hidato" / "seed003-hex-19.json")
    assert explain_conflict(puzzle) is None
    assert explain_ambiguity(puzzle) is None


def test_board_without_any_path_is_named_as_such() -> None:
    # Cells (0,0) and (2,0) are not neighbours: no numbering 1, 2 at all.
    puzzle = lpsolve.parse("1,X,_\n", ".hidoku")
    assert not solvable(puzzle) and not solvable(with_givens(puzzle, {}))
    conflict = explain_conflict(puzzle)
    assert conflict is not None and conflict.board_unsolvable and conflict.clues == ()
    assert conflict.lines() == ["the board itself has no solution, whatever the givens"]


def test_single_impossible_given() -> None:
    # 2 in a corner of a 1x3 strip: 1 and 3 would both need to sit next to it.
    puzzle = lpsolve.parse("2,_,_\n", ".hidoku")
    conflict = explain_conflict(puzzle)
    assert conflict is not None and [c.json for c in conflict.clues] == [[0, 0, 2]]
    assert conflict.lines() == ["this given cannot hold on this board: 2 at (row 1, col 1)"]


# -- several solutions -------------------------------------------------------------------


def shown_values(puzzle, solution) -> set[tuple[int, int, int]]:
    """(x, y, n) for Hidato, (row, col, value) for magic, from a solution."""
    if puzzle.kind == "magic":
        return {(r, c, v) for r, row in enumerate(solution.rows) for c, v in enumerate(row)}
    return {(x, y, n) for n, (x, y) in enumerate(solution.path, start=1)}


AMBIGUOUS = [
    (INSTANCES / "hidato" / "seed003-hex-19.json", 3),
    (INSTANCES / "hidato" / "seed003-hidato-40.json", 4),
    (INSTANCES / "magic" / "seed-5x5.magic", 2),
]


@pytest.mark.parametrize(("path", "drop"), AMBIGUOUS, ids=lambda v: getattr(v, "name", str(v)))
def test_differing_values_match_full_enumeration_and_suggestion_is_unique(path, drop) -> None:
    original = lpsolve.load(path)
    kept = dict(sorted(original.givens.items())[drop:])
    puzzle = with_givens(original, kept)
    every = lpsolve.solve(puzzle, limit=None)
    assert every.complete and every.count >= 2
    sets = [shown_values(puzzle, s) for s in every.solutions]
    expected = set.union(*sets) - set.intersection(*sets)

    ambiguity = explain_ambiguity(puzzle)
    assert ambiguity is not None
    assert {tuple(c.json) for c in ambiguity.differing} == expected
    assert ambiguity.unique and len(ambiguity.suggested) >= 1
    extra = {(a, b): v for a, b, v in (c.json for c in ambiguity.suggested)}
    assert set(extra).isdisjoint(kept)
    fixed = lpsolve.solve(with_givens(puzzle, {**kept, **extra}), limit=None)
    assert fixed.complete and fixed.count == 1
    if len(ambiguity.suggested) > 1:  # greedy: then no single candidate works
        for value in expected:
            alone = with_givens(puzzle, {**kept, value[:2]: value[2]})
            assert lpsolve.solve(alone, limit=2).count != 1


def test_ambiguity_on_a_3x3_board_where_one_given_is_not_enough(tmp_path) -> None:
    path = tmp_path / "plain.magic"
    path.write_text("_ _ _\n_ 5 _\n_ _ _\n")  # the 8 rotations/reflections of one square
    puzzle = lpsolve.load(path)
    ambiguity = explain_ambiguity(puzzle)
    assert ambiguity is not None and ambiguity.unique
    extra = {(r, c): v for r, c, v in (clue.json for clue in ambiguity.suggested)}
    fixed = lpsolve.solve(with_givens(puzzle, {**puzzle.givens, **extra}), limit=None)
    assert fixed.count == 1 and fixed.complete


# -- command line ------------------------------------------------------------------------


@pytest.fixture
def broken_hex(tmp_path) -> Path:
    path = tmp_path / "broken.hidato"
    path.write_text(
        "adjacency: hex\nXX, 19, __, __, XX\n  __, __, 11, __, XX\n"
        "__, __,  1,  7,  6\n  __, __,  2, 15, XX\nXX, __, __, __, XX\n"
    )
    return path


@pytest.mark.parametrize("command", ["solve", "check"])
def test_cli_conflict_text(run, broken_hex, command) -> None:
    status, out, err = run(command, broken_hex, "--explain")
    assert status == 1 and err == ""
    puzzle = lpsolve.load(broken_hex)
    conflict = explain_conflict(puzzle)
    texts = ", ".join(c.text for c in conflict.clues)
    assert out.splitlines()[-1] == f"these {len(conflict.clues)} givens conflict: {texts}"
    assert "15 at (row 4, col 4)" in texts  # where the typed hex grid shows it


def test_cli_conflict_json(run, broken_hex) -> None:
    status, out, _ = run("check", broken_hex, "--explain", "--format", "json")
    data = json.loads(out)
    assert status == 1 and data["status"] == "no solution" and data["conflict_minimal"]
    assert [2, 3, 15] in data["conflict"]


def test_cli_without_explain_adds_nothing(run, broken_hex) -> None:
    status, out, _ = run("check", broken_hex, "--format", "json")
    assert status == 1 and "conflict" not in json.loads(out)


def test_cli_ambiguity_text_and_json(run, tmp_path) -> None:
    path = tmp_path / "corners.hidoku"
    path.write_text("1,_,_\n_,_,_\n_,_,9\n")
    status, out, _ = run("check", path, "--explain")
    assert status == 1
    lines = out.splitlines()
    # 39 differing values in 7 cells: every cell but the two givens
    assert lines[1].startswith("the solutions differ in 7 cells: (row 2, col 1) can hold ")
    assert lines[2].startswith("suggested given: ") and lines[2].endswith("verified)")
    status, out, _ = run("solve", path, "--explain", "--format", "json")
    data = json.loads(out)
    assert status == 0 and len(data["differing"]) == 39 and data["suggestion_unique"]
    (extra,) = data["suggested_givens"]
    fixed = path.read_text().splitlines()
    row = fixed[extra[1]].split(",")
    row[extra[0]] = str(extra[2])
    fixed[extra[1]] = ",".join(row)
    path.write_text("\n".join(fixed) + "\n")
    status, out, _ = run("check", path)
    assert status == 0 and out.startswith("well-posed")


def test_cli_explain_on_a_unique_puzzle_adds_nothing(run) -> None:
    status, out, _ = run("check", INSTANCES / "hidato" / "seed003-hex-19.json", "--explain")
    assert status == 0 and out.count("\n") == 1


# -- the Hidato kind's suspected conflicts -------------------------------------------


@st.composite
def hidato_with_one_changed_given(draw):
    """A board made from a random path with some numbers shown (so it has a solution),
    and the same board with one given moved to another unused number."""
    puzzle, path = draw(hidato_boards())
    if not puzzle.givens or len(puzzle.givens) == len(path):
        return puzzle, puzzle
    cell = draw(st.sampled_from(sorted(puzzle.givens)))
    unused = sorted(set(range(1, len(path) + 1)) - set(puzzle.givens.values()))
    changed = with_givens(puzzle, {**puzzle.givens, cell: draw(st.sampled_from(unused))})
    return puzzle, changed


@settings(max_examples=60, deadline=None)
@given(hidato_with_one_changed_given())
def test_hidato_suspects_are_real_conflicts(case) -> None:
    puzzle, changed = case
    assert puzzle.suspected_conflicts() == []  # it has a solution: nothing can conflict
    for suspect in changed.suspected_conflicts():
        alone = with_givens(changed, {tuple(c.json[:2]): c.json[2] for c in suspect})
        assert not solvable(alone), [clue.text for clue in suspect]


def test_a_given_on_the_wrong_colour_conflicts_alone() -> None:
    # 5x3 Numbrix: 8 cells of the corner's colour, 7 of the other. A path alternates
    # colours, so its 8 odd numbers fill the corner's colour: an even number given on
    # it cannot hold, whatever the other givens.
    puzzle = lpsolve.parse("1,_,_,_,_\n_,_,_,_,_\n_,_,_,_,15\n", ".numbrix")
    changed = with_givens(puzzle, {**puzzle.givens, (2, 0): 4})
    conflict = explain_conflict(changed)
    assert conflict is not None and conflict.minimal
    assert [clue.json for clue in conflict.clues] == [[2, 0, 4]]
    assert not solvable(with_givens(changed, {(2, 0): 4}))
    assert solvable(with_givens(changed, {}))
