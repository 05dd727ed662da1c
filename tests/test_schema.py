"""Every --format json answer of solve, check, batch, mastermind and grade follows
``lpsolve/schema.json`` (printed by ``lpsolve schema``), and its status, stopped_by and
the exit status agree.
The validator is jsonschema's, independent of lpsolve."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import jsonschema
import pytest

import lpsolve
from lpsolve.cli import main
from lpsolve.kinds import KINDS
from lpsolve.kinds.registry import registry

from .conftest import INSTANCES

HIDOKU = INSTANCES / "hidato" / "seed-10x10.hidoku"
GAME = INSTANCES / "mastermind" / "seed-6x9.mastermind"
CLASSIC = INSTANCES / "mastermind" / "classic-4x6.mastermind"
STUDENTS = Path(__file__).parent / "students"
SEVERAL = INSTANCES / "takuzu" / "letheed-grid1.takuzu"
SMALL_HIDATOS = ("hidato/seed-10x10", "hidato/seed003-hex-19")


@pytest.fixture(scope="module")
def validator(tmp_path_factory: pytest.TempPathFactory) -> jsonschema.Draft202012Validator:
    out = tmp_path_factory.mktemp("schema") / "schema.json"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["schema"]) == 0
    out.write_text(printed.getvalue())
    schema = json.loads(out.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_kinds_are_the_registrys(validator) -> None:
    """The stored schema names no kind; ``lpsolve schema`` fills in the registry's."""
    stored = (Path(lpsolve.__file__).parent / "schema.json").read_text()
    enums = re.findall(r'"enum": \[([^\]]*)\]', stored)
    assert not [name for name in KINDS for enum in enums if f'"{name}"' in enum]
    assert not [name for name in KINDS if f" {name} [" in stored]  # a given's JSON form
    assert validator.schema["$defs"]["kind"]["enum"] == registry().names()
    assert {*KINDS, "sudoku"} <= set(registry().names())
    given = validator.schema["$defs"]["given"]["description"]
    assert "hidato [x, y, n], magic [row, col, value], mastermind guess number" in given
    assert "takuzu [row, col, digit]" in given
    assert "sudoku [row, col, value]" in given  # a declared kind's: its clue's arguments


def agree(data: dict, status: int) -> None:
    """status, stopped_by and the exit status tell one story."""
    stopped = data.get("stopped_by") in ("timeout", "interrupt", "memory")
    if stopped:
        assert status == 3
    elif data["status"] in ("no solution", "ruled out", "failed"):
        assert status == 1
    elif data["status"] in ("consistent", "scored", "passed"):
        assert status == 0
    else:
        assert data["status"] == "solved" and status in (0, 1)  # check: 1 when not unique


def no_solution(tmp_path: Path) -> Path:
    path = tmp_path / "none.takuzu"
    path.write_text("000.\n....\n....\n....\n")
    return path


COMMANDS = [
    ["solve", HIDOKU],
    ["solve", HIDOKU, "--stats"],
    ["solve", HIDOKU, "--backend", "csp", "--stats"],
    ["solve", SEVERAL, "--all"],
    ["solve", SEVERAL, "--limit", "2"],
    ["solve", SEVERAL, "--count", "--jobs", "2", "--stats"],
    ["solve", SEVERAL, "--cross-check"],
    ["solve", SEVERAL, "--explain"],
    ["check", HIDOKU],
    ["check", SEVERAL, "--stats"],
    ["solve", INSTANCES / "tiling" / "seed-8x8.tiling", "--count"],
    ["solve", INSTANCES / "mastermind" / "classic-4x6.mastermind", "--count"],
    ["solve", INSTANCES / "magic" / "seed-5x5.magic"],
]


@pytest.mark.parametrize(
    "command", COMMANDS, ids=[" ".join(map(str, c[:1] + c[2:])) for c in COMMANDS]
)
def test_answers_follow_the_schema(run, validator, command) -> None:
    status, out, _ = run(*command, "--format", "json")
    data = json.loads(out)
    validator.validate(data)
    agree(data, status)
    assert data["schema"] == 1 and data["seconds"] >= 0


def test_no_solution_and_explain_follow_the_schema(run, validator, tmp_path) -> None:
    path = no_solution(tmp_path)
    for options in ([], ["--explain"]):
        status, out, _ = run("solve", path, "--format", "json", *options)
        data = json.loads(out)
        validator.validate(data)
        agree(data, status)
        assert data["status"] == "no solution" and data["stopped_by"] is None


def test_stopped_answers_follow_the_schema(run, validator, tmp_path) -> None:
    empty = tmp_path / "empty8.takuzu"
    empty.write_text("........\n" * 8)
    status, out, _ = run("solve", empty, "--count", "--timeout", "0.5", "--format", "json")
    data = json.loads(out)
    validator.validate(data)
    agree(data, status)
    assert data["stopped_by"] == "timeout" and data["complete"] is False
    big = tmp_path / "big.takuzu"
    big.write_text(("." * 200 + "\n") * 200)  # grounding outlasts the timeout
    status, out, _ = run("solve", big, "--timeout", "0.3", "--format", "json")
    data = json.loads(out)
    validator.validate(data)
    assert status == 3 and data["stopped_by"] == "timeout"


def test_every_batch_line_follows_the_schema(run, validator, tmp_path) -> None:
    bad = tmp_path / "bad.takuzu"
    bad.write_text("01x\n")
    report = tmp_path / "report.jsonl"
    run("batch", INSTANCES / "takuzu", INSTANCES / "magic", bad, "--output", report)
    lines = [json.loads(line) for line in report.read_text().splitlines() if line]
    assert len(lines) > 10
    for line in lines:
        validator.validate(line)
    assert {line["status"] for line in lines} >= {"solved", "error"}


def test_the_schema_rejects_what_breaks_the_envelope(run, validator) -> None:
    """The schema is not vacuous: answers with a broken field are refused."""
    data = json.loads(run("solve", HIDOKU, "--format", "json")[1])
    for key, value in [
        ("status", "fine"),
        ("count", -1),
        ("stopped_by", "timeout"),  # stopped, yet complete
        ("schema", 2),
    ]:
        with pytest.raises(jsonschema.ValidationError):
            validator.validate({**data, key: value})
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({k: v for k, v in data.items() if k != "seconds"})


MASTERMIND = [
    [GAME],
    [GAME, "--all"],
    [GAME, "--backend", "csp"],
    [CLASSIC, "--count"],
    [CLASSIC, "--limit", "3"],
    [GAME, "--suggest", "--top", "2"],
    [GAME, "--is-consistent", "green,yellow,none,yellow,orange,blue"],
    [GAME, "--is-consistent", "blue,blue,blue,blue,blue,blue"],
    ["--score", "red,red,blue,blue", "blue,red,green,blue"],
    [
        GAME,
        "--score",
        "green,yellow,none,yellow,orange,blue",
        "yellow,none,green,yellow,orange,blue",
    ],
]


@pytest.mark.parametrize(
    "options", MASTERMIND, ids=[" ".join(str(o).rsplit("/", 1)[-1] for o in m) for m in MASTERMIND]
)
def test_mastermind_answers_follow_the_schema(run, validator, options) -> None:
    status, out, _ = run("mastermind", *options, "--format", "json")
    data = json.loads(out)
    validator.validate(data)
    agree(data, status)
    assert data["kind"] == "mastermind" and data["schema"] == 1


def test_mastermind_answers_say_what_the_text_says(run) -> None:
    """The JSON carries the same findings as the text answer."""
    status, out, _ = run("mastermind", GAME, "--format", "json")
    data = json.loads(out)
    text = run("mastermind", GAME)[1]
    assert status == 0 and text.startswith(f"{data['count']} consistent codes")
    assert all(" ".join(code) in " ".join(text.split()) for code in data["solutions"])
    status, out, _ = run(
        "mastermind", GAME, "--is-consistent", "blue,blue,blue,blue,blue,blue", "--format", "json"
    )
    data = json.loads(out)
    assert status == 1 and data["status"] == "ruled out" and data["ruled_out_by"]
    for item in data["ruled_out_by"]:
        assert item["scored"] != item["would_score"]


def test_a_contradiction_follows_the_schema(run, validator, tmp_path) -> None:
    game = tmp_path / "bad.mastermind"
    game.write_text("pegs: 2\ncolours: red blue\nred red : 2 0\nred red : 0 0\n")
    for options in ([], ["--suggest"]):
        status, out, _ = run("mastermind", game, *options, "--format", "json")
        data = json.loads(out)
        validator.validate(data)
        agree(data, status)
        assert data["status"] == "no solution" and data["conflicting_guesses"] == [1, 2]


@pytest.mark.parametrize("program", ["hidato_plain.lp", "hidato_typo.lp"])
def test_grade_reports_follow_the_schema(run, validator, program) -> None:
    """On two small bundled puzzles (a report's form does not depend on how many:
    tests/test_grade.py grades every bundled instance)."""
    status, out, _ = run(
        "grade", STUDENTS / program, "--kind", "hidato", *SMALL_HIDATOS, "--format", "json"
    )
    data = json.loads(out)
    validator.validate(data)
    agree(data, status)
    assert data["status"] == ("passed" if status == 0 else "failed")


def test_the_schema_rejects_broken_verdicts_and_reports(run, validator) -> None:
    data = json.loads(run("mastermind", "--score", "a,b", "b,a", "--format", "json")[1])
    validator.validate(data)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**data, "status": "consistent"})  # a score is not a verdict
    report = json.loads(
        run("grade", STUDENTS / "hidato_plain.lp", "--kind", "hidato", "--format", "json")[1]
    )
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**report, "status": "passed", "passed": False})
