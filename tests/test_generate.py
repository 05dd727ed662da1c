"""``lpsolve generate`` (issue 26 item 4): every generated puzzle is checked against
sources of truth apart from the generator's own clingo program: read back from the
text it was written as, solved by a second solver (python-constraint's model for
Takuzu and the Hidato family, a declared kind's second model: its check with a
generate rule) that must find exactly the one solution, rated afresh at the asked
level, and for ``--minimal`` re-solved without each clue in turn, which must leave a
second solution. The same seed must give the same puzzles.

Small boards by default (a few seconds); every level of 10x10 Takuzu, Sudoku and
Skyscrapers at several levels in the slow run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lpsolve import api, steps
from lpsolve.errors import UsageError
from lpsolve.generate.making import Generated, NotFound, order
from lpsolve.generate.making import generate as made
from lpsolve.kinds import kind_spec
from lpsolve.puzzle import Capability, Puzzle
from lpsolve.steps.engine import Deducer


def solutions(puzzle: Puzzle, limit: int = 2) -> list[Any]:
    """Up to ``limit`` solutions by a solver other than the kind's encoding."""
    if puzzle.supports(Capability.CSP):
        return api.solve(puzzle, limit, backend="csp").solutions
    return puzzle.second_model(limit).solutions


def read_back(kind: str, text: str, extension: str) -> Puzzle:
    return api.parse(text, extension, kind=kind, source="<generated>")


def check(kind: str, generated: Generated, level: str | None, minimal: bool) -> Puzzle:
    """What a generated puzzle must be, checked from its text."""
    puzzle = read_back(kind, generated.text + "\n", generated.extension)
    found = solutions(puzzle)
    assert len(found) == 1, "not unique (second solver)"
    assert not puzzle.violations(found[0])
    assert found[0] == generated.solution
    assert len(puzzle.clues()) == generated.clues < generated.full_clues
    if level is not None:
        assert steps.rate(puzzle).level == level
    if minimal:
        for clue in puzzle.clues():
            assert len(solutions(puzzle.without_clues([clue]))) == 2, f"{clue.text} removable"
    return puzzle


def make(
    kind: str,
    size: int,
    level: str | None,
    *,
    minimal: bool = False,
    form: str | None = None,
    **how: Any,
) -> list[Generated]:
    """Puzzles made through the library (``how``: count, seed, attempts)."""
    what = order(kind, size, size, level=level, minimal=minimal, form=form)
    return list(made(what, **how))


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "very hard"])
def test_takuzu_at_every_level(level: str) -> None:
    for generated in make("takuzu", 6, level, count=2, seed=7):
        check("takuzu", generated, level, minimal=False)
        assert generated.rating is not None and generated.rating.level == level


def test_minimal_takuzu_loses_uniqueness_with_any_clue() -> None:
    (generated,) = make("takuzu", 6, None, seed=3)
    assert generated.minimal and generated.rating is not None
    check("takuzu", generated, generated.rating.level, minimal=True)


def test_hidato_and_numbrix_are_clue_minimal() -> None:
    (hidato,) = make("hidato", 5, None, seed=1)
    check("hidato", hidato, None, minimal=True)
    assert hidato.extension == ".hidoku" and hidato.rating is None
    (numbrix,) = make("hidato", 4, None, seed=1, form="numbrix")
    puzzle = check("hidato", numbrix, None, minimal=True)
    assert numbrix.extension == ".numbrix" and puzzle.adjacency == "orthogonal"


def test_sudoku_at_a_level_and_minimal() -> None:
    (generated,) = make("sudoku", 4, "easy", seed=1)
    check("sudoku", generated, "easy", minimal=False)
    (generated,) = make("sudoku", 4, None, seed=2)
    check("sudoku", generated, None, minimal=True)


def test_the_same_seed_makes_the_same_puzzles() -> None:
    first = [g.text for g in make("takuzu", 6, "hard", count=3, seed=11)]
    again = [g.text for g in make("takuzu", 6, "hard", count=3, seed=11)]
    other = [g.text for g in make("takuzu", 6, "hard", count=3, seed=12)]
    assert first == again and len(set(first)) == 3
    assert first != other
    # puzzle i of a seed does not depend on how many are asked
    assert [g.text for g in make("takuzu", 6, "hard", count=1, seed=11)] == first[:1]


def test_a_level_the_kinds_rating_never_gives_is_refused_at_once() -> None:
    # Sudoku's calibrated levels (its kind.toml) give no puzzle "hard"
    levels = {**Deducer.levels, **kind_spec("sudoku").step_levels()}
    assert "hard" not in levels.values()
    with pytest.raises(UsageError, match=r"^--level hard: kind sudoku rates no puzzle hard"):
        make("sudoku", 4, "hard", seed=1)


def test_a_level_out_of_reach_is_said_so() -> None:
    # clue-minimal 6x6 Takuzu rate hard or very hard, not easy (binarypuzzle.com's easy
    # puzzles keep clues a minimal one would not)
    with pytest.raises(NotFound, match=r"no takuzu 6x6 easy clue-minimal puzzle made in 2 "):
        make("takuzu", 6, "easy", minimal=True, seed=1, attempts=2)


# -- the command --------------------------------------------------------------------------


def blocks(out: str) -> list[tuple[str, str]]:
    """Standard output's puzzles: each its # line and its text."""
    found = []
    for block in out.strip("\n").split("\n\n"):
        heading, _, text = block.partition("\n")
        assert heading.startswith("# lpsolve generate ")
        found.append((heading, text + "\n"))
    return found


def test_the_command_writes_each_puzzle_after_its_line(run: Any) -> None:
    args = ["generate", "takuzu", "--size", "6x6", "--level", "medium", "--count", "2"]
    code, out, err = run(*args, "--seed", "5")
    assert (code, err) == (0, "")
    puzzles = blocks(out)
    assert len(puzzles) == 2
    for number, (heading, text) in enumerate(puzzles, start=1):
        assert f"--seed 5: puzzle {number} of 2;" in heading and "rated medium" in heading
        puzzle = read_back("takuzu", heading + "\n" + text, ".takuzu")
        assert len(solutions(puzzle)) == 1
        assert steps.rate(puzzle).level == "medium"
    assert run(*args, "--seed", "5")[1] == out  # the same output again
    code, lines, _ = run(*args, "--seed", "5", "--format", "json")
    records = [json.loads(line) for line in lines.splitlines()]
    assert [r["puzzle"] for r in records] == [text for _, text in puzzles]
    assert {r["level"] for r in records} == {"medium"} and all(r["unique"] for r in records)


def test_the_command_writes_files_that_sort(run: Any, tmp_path: Path) -> None:
    folder = tmp_path / "new"
    code, out, err = run(
        "generate", "sudoku", "--size", "4", "--level", "easy", "--count", "2", "-o", folder
    )
    assert (code, err) == (0, "")
    names = sorted(path.name for path in folder.iterdir())
    assert names == ["sudoku-4x4-easy-001.sudoku", "sudoku-4x4-easy-002.sudoku"]
    assert out.splitlines() == [str(folder / name) for name in names]
    for name in names:
        puzzle = api.load(folder / name)
        assert len(solutions(puzzle)) == 1 and steps.rate(puzzle).level == "easy"
        assert (folder / name).read_text().startswith("# lpsolve generate sudoku --size 4")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["takuzu", "--size", "7x6"], "error: --size 7x6: a takuzu board has even sides"),
        (["takuzu", "--size", "big"], "error: --size big: expected ROWSxCOLS such as 10x10, or N"),
        (["takuzu", "--size", "0"], "error: --size 0x0: a board has at least one row and column"),
        (["sudoku", "--size", "4x6"], "error: --size 4x6: a sudoku board is square"),
        (["takuzu", "--size", "6", "--level", "extreme"], "invalid choice: 'extreme'"),
        (["takuzu", "--size", "6", "--count", "0"], "expected a positive integer, got '0'"),
        (["takuzu", "--size", "6", "--seed", "x"], "expected a whole number, got 'x'"),
        (["takuzu", "--size", "6", "--form", "numbrix"], "kind takuzu has the forms takuzu"),
        (["nosuch", "--size", "6"], "error: unknown kind 'nosuch'"),
        (["magic", "--size", "3"], "error: generate: kind magic has no generator"),
        (["star-battle", "--size", "5"], "error: generate: kind star-battle has no explanation"),
        (["akari", "--size", "5"], "kind akari has no clue tokens to put on a blank board"),
        (["nonogram", "--size", "5"], "its columns block has the shape lines"),
        (["jigsaw-sudoku", "--size", "4"], "its regions block has no empty token"),
        (["tents", "--size", "4"], "a blank tents board has only one solution"),
        (
            ["hidato", "--size", "5", "--level", "easy"],
            "error: --level: kind hidato has no step-by-step hints, so no rating",
        ),
        (["takuzu", "--size", "6", "--format", "json", "-o", "x"], "leave --format out"),
    ],
)
def test_bad_arguments_get_one_line(
    run: Any, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    try:
        code, out, err = run("generate", *args)
    except SystemExit as stop:  # argparse's own refusals end the command there
        code, (out, err) = stop.code, capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err, err


def test_output_that_is_a_file_is_refused(run: Any, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("")
    code, _, err = run("generate", "takuzu", "--size", "6", "-o", tmp_path / "taken")
    assert code == 2 and err == f"error: -o {tmp_path / 'taken'}: not a folder\n"


def test_a_level_not_reached_ends_with_status_1(run: Any) -> None:
    code, out, err = run(
        "generate", "takuzu", "--size", "6", "--level", "easy", "--minimal", "--attempts", "1"
    )
    assert code == 1 and out == ""
    assert err.startswith("error: generate: no takuzu 6x6 easy clue-minimal puzzle made in 1 ")
    assert err.endswith("(0 of 1 made)\n")


# -- the slow run -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "very hard"])
def test_ten_by_ten_takuzu_at_every_level(level: str) -> None:
    for generated in make("takuzu", 10, level, count=3, seed=1):
        check("takuzu", generated, level, minimal=False)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "size", "level"),
    [
        ("sudoku", 6, "very hard"),
        ("sudoku", 6, "medium"),
        ("skyscrapers", 4, "medium"),
        ("skyscrapers", 4, None),
    ],
)
def test_declared_kinds(kind: str, size: int, level: str | None) -> None:
    assert kind_spec(kind).supports(Capability.STEPS)
    (generated,) = make(kind, size, level, seed=4)
    check(kind, generated, level, minimal=level is None)


@pytest.mark.slow
def test_minimal_puzzles_of_many_seeds() -> None:
    for seed in range(5):
        (generated,) = make("takuzu", 8, None, seed=seed)
        check("takuzu", generated, None, minimal=True)
        (generated,) = make("hidato", 5, None, seed=seed, form="numbrix")
        check("hidato", generated, None, minimal=True)
