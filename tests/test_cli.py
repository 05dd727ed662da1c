"""The documented command-line behaviour: output shapes, options and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import lpsolve
from lpsolve import resources
from lpsolve.kinds.hidato import HidatoPuzzle, HidatoSolution

from .conftest import INSTANCES, ROOT, count_paths, interrupt

SEED = INSTANCES / "hidato" / "seed-10x10.hidoku"
HEX = INSTANCES / "hidato" / "seed003-hex-19.json"


def test_solve_prints_the_board_then_one_summary_line(run) -> None:
    status, out, err = run("solve", SEED)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["91", "92", "93", "20", "21", "36", "37", "38", "39", "57"]
    assert len(lines) == 12 and lines[10] == ""
    assert lines[11].startswith("1 solution, search complete: unique (")


def test_hex_boards_print_as_offset_rows(run) -> None:
    status, out, _ = run("solve", HEX)
    assert status == 0
    rows = out.splitlines()[:5]
    # axial rows y = 1..5 as offset rows: odd rows half a cell (1 of 3 characters) right
    assert rows == [
        "    19 10  9",
        "   18 12 11  8",
        " 17 13  1  7  6",
        "   16 14  2  5",
        "    15  3  4",
    ]


def test_json_schema(run) -> None:
    status, out, _ = run("solve", SEED, "--format", "json", "--stats")
    data = json.loads(out)
    assert status == 0
    assert set(data) == {
        "schema",
        "kind",
        "source",
        "backend",
        "status",
        "stopped_by",
        "count",
        "complete",
        "unique",
        "solutions",
        "seconds",
        "timings",
        "stats",
    }
    assert (data["kind"], data["backend"], data["status"]) == ("hidato", "clingo", "solved")
    assert (data["count"], data["complete"], data["unique"]) == (1, True, True)
    assert data["schema"] == 1 and data["stopped_by"] is None
    (solution,) = data["solutions"]
    assert [n for _, _, n in solution] == list(range(1, 101))
    assert solution[0] == [0, 9, 1] and solution[-1] == [6, 2, 100]
    # clingo's figures only: the csp model's variables and constraints are left out
    assert set(data["stats"]) == {
        "atoms",
        "rules",
        "choices",
        "conflicts",
        "ground_seconds",
        "solve_seconds",
    }
    assert data["stats"]["atoms"] > 0


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_all_limit_and_count(tmp_path, run) -> None:
    board = write(tmp_path, "free.numbrix", "_,_,_\n_,_,_\n")
    expected = count_paths(
        [(x, y) for x in range(3) for y in range(2)], {(1, 0), (-1, 0), (0, 1), (0, -1)}
    )
    status, out, _ = run("solve", board, "--all")
    assert status == 0 and out.count("Solution ") == expected
    assert out.splitlines()[-1].startswith(f"{expected} solutions, search complete: not unique")
    status, out, _ = run("solve", board, "--limit", "3")
    assert out.count("Solution ") == 3
    assert out.splitlines()[-1].startswith("3 solutions, stopped at the limit: not unique")
    status, out, _ = run("solve", board, "--count")
    assert out.startswith(f"{expected} solutions, search complete") and "Solution" not in out
    status, out, _ = run("solve", board, "--count", "--limit", "2")
    assert out.startswith("2 solutions, stopped at the limit")


def test_default_solve_reports_several_solutions(tmp_path, run) -> None:
    board = write(tmp_path, "two.numbrix", "1,_\n_,_\n")
    status, out, _ = run("solve", board)
    assert status == 0 and out.count("\n\n") == 1
    assert "not unique: at least 2 solutions (one shown; --all lists them)" in out


def test_check(tmp_path, run) -> None:
    status, out, _ = run("check", SEED)
    assert status == 0 and out.startswith("well-posed: exactly one solution")
    status, out, _ = run("check", write(tmp_path, "two.numbrix", "1,_\n_,_\n"))
    assert status == 1 and out.startswith("not well-posed: several solutions")
    status, out, _ = run("check", write(tmp_path, "none.numbrix", "1,_\n_,2\n"))
    assert status == 1 and out.startswith("not well-posed: no solution")
    status, out, _ = run("check", SEED, "--format", "json")
    assert json.loads(out)["well_posed"] is True


def test_timeout_keeps_what_was_found_and_exits_3(tmp_path, run) -> None:
    huge = write(tmp_path, "huge.hidoku", "\n".join(["_,_,_,_,_,_,_"] * 7) + "\n")
    # long enough to find solutions on a loaded machine (0.5 s was not always)
    status, out, _ = run("solve", huge, "--all", "--timeout", "2")
    assert status == 3
    found = out.count("Solution ")
    assert found > 0
    assert out.splitlines()[-1].startswith(f"{found:,} solutions found; stopped by timeout")
    status, out, _ = run("solve", huge, "--count", "--timeout", "2", "--format", "json")
    data = json.loads(out)
    assert status == 3 and data["complete"] is False and data["unique"] is False


def test_stats_line(run) -> None:
    _, out, _ = run("solve", SEED, "--stats")
    last = out.splitlines()[-1]
    assert last.startswith("stats: atoms=") and "conflicts=" in last and "ground=" in last


def test_facts_are_the_encoding_input(run) -> None:
    status, out, _ = run("facts", HEX)
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("% ")
    assert "cell(1,1)." in lines and "given(1,1,19)." in lines and "adj(1,1,2,1)." in lines
    assert sum(line.startswith("cell(") for line in lines) == 19


def test_encoding_prints_the_file(run) -> None:
    status, out, _ = run("encoding", "hidato")
    assert status == 0 and out == (ROOT / "encodings" / "hidato.lp").read_text()


def test_encoding_lesson_is_the_plain_one_where_there_is_one(run) -> None:
    status, out, _ = run("encoding", "tiling", "--lesson")
    assert status == 0 and out == (ROOT / "encodings" / "tiling-lesson.lp").read_text()
    status, out, _ = run("encoding", "hidato", "--lesson")  # no separate lesson: the same
    assert status == 0 and out == (ROOT / "encodings" / "hidato.lp").read_text()


def test_version_and_python_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lpsolve", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stdout.startswith(f"lpsolve {lpsolve.__version__} (")


def test_usage_errors_exit_2(run, capsys) -> None:
    import pytest

    with pytest.raises(SystemExit) as stop:
        run("solve", SEED, "--limit", "0")
    assert stop.value.code == 2
    with pytest.raises(SystemExit) as stop:
        run("solve", SEED, "--all", "--limit", "3")
    assert stop.value.code == 2


def test_a_solution_failing_the_checker_is_an_internal_error(run, monkeypatch) -> None:
    def broken_decode(self: HidatoPuzzle, atoms) -> HidatoSolution:
        return HidatoSolution(tuple(reversed(self.cells)))  # numbers in the wrong places

    monkeypatch.setattr(HidatoPuzzle, "decode", broken_decode)
    status, out, err = run("solve", SEED)
    assert status == 70
    assert out == ""  # never shown as an answer
    assert err.startswith("internal error") and "failed the rule checker" in err


def test_ctrl_c_keeps_what_was_found_and_exits_3(tmp_path) -> None:
    import time

    huge = write(tmp_path, "huge.hidoku", "\n".join(["_,_,_,_,_,_,_"] * 7) + "\n")
    child = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", "solve", str(huge), "--all"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(2.0)  # start-up, grounding, then solutions stream out
    out, err = interrupt(child, timeout=30)
    assert child.returncode == 3, err
    assert "Traceback" not in err
    found = out.count("Solution ")
    assert found > 0
    assert out.splitlines()[-1].startswith(f"{found:,} solutions found; stopped by interrupt")


# -- bundled instances by name -----------------------------------------------------------


def without_time(text: str) -> str:
    """A summary line's timing is the one thing two runs differ in."""
    return "\n".join(line.rsplit(" (", 1)[0] for line in text.splitlines())


@pytest.mark.parametrize("name", ["hidato/seed-10x10", "hidato/seed-10x10.hidoku"])
def test_a_bundled_instance_is_solved_by_name_in_any_folder(tmp_path, monkeypatch, run, name):
    """In a folder without instances/, ``hidato/seed-10x10`` (the extension optional)
    is the bundled file: the same answer as the file solved by its path."""
    expected = run("solve", SEED)
    monkeypatch.chdir(tmp_path)
    status, out, err = run("solve", name)
    assert (status, err) == (0, "") and without_time(out) == without_time(expected[1])
    status, out, _ = run("solve", name, "--format", "json")
    assert json.loads(out)["source"] == "hidato/seed-10x10.hidoku"  # the kind shows


def test_a_file_that_exists_wins_over_a_bundled_instance(tmp_path, monkeypatch, run) -> None:
    corners = (ROOT / "docs" / "examples" / "corners.hidoku").read_text()
    (tmp_path / "hidato").mkdir()
    (tmp_path / "hidato" / "seed-10x10.hidoku").write_text(corners)
    monkeypatch.chdir(tmp_path)
    truth = lpsolve.count(ROOT / "docs" / "examples" / "corners.hidoku", backend="csp").count
    status, out, _ = run("solve", "hidato/seed-10x10.hidoku", "--count")
    assert status == 0 and out.startswith(f"{truth} solutions") and truth > 1
    status, out, _ = run("solve", "hidato/seed-10x10", "--count")  # no such file here
    assert status == 0 and out.startswith("1 solution")


@pytest.fixture
def bundled(tmp_path, monkeypatch) -> Path:
    """A folder of bundled instances of the test's own making, as lpsolve finds them."""
    folder = tmp_path / "bundled"
    (folder / "hidato").mkdir(parents=True)
    real = resources._folder
    monkeypatch.setattr(
        resources,
        "_folder",
        lambda name, *a: str(folder) if name == "instances" else real(name, *a),
    )
    monkeypatch.chdir(tmp_path)
    return folder


def test_a_name_two_bundled_puzzles_share_is_refused_naming_both(bundled, run) -> None:
    (bundled / "hidato" / "twin.hidoku").write_text(SEED.read_text())
    (bundled / "hidato" / "twin.json").write_text(HEX.read_text())
    (bundled / "hidato" / "twin.solutions").write_text("not a puzzle\n")  # not counted
    status, out, err = run("solve", "hidato/twin")
    assert (status, out) == (2, "")
    assert err == (
        "error: hidato/twin: names 2 bundled instances (hidato/twin.hidoku, hidato/twin.json): "
        "add the extension\n"
    )
    assert run("solve", "hidato/twin.json")[0] == 0


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "hidato/seed-10x1",
            "neither a file nor a bundled instance; did you mean hidato/seed-10x10? "
            "(bundled ones are named KIND/NAME; see lpsolve solve --help)",
        ),
        (
            "instances/hidato/seed-10x10.hidoku",  # the checkout's path, elsewhere
            "neither a file nor a bundled instance; did you mean hidato/seed-10x10.hidoku? "
            "(bundled ones are named KIND/NAME; see lpsolve solve --help)",
        ),
        ("hidato", "a folder of bundled instances: name one of them, e.g. hidato/seed-10x10"),
        # never outside instances/: ../pyproject.toml is there, beside it
        (
            "../pyproject.toml",
            "neither a file nor a bundled instance (bundled ones are named KIND/NAME; "
            "see lpsolve solve --help)",
        ),
    ],
)
def test_a_name_that_is_neither_a_file_nor_bundled_is_one_line(
    tmp_path, monkeypatch, run, name, message
) -> None:
    assert (INSTANCES / name).exists() == (name == "hidato" or name == "../pyproject.toml")
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    status, out, err = run("solve", name)
    assert (status, out, err) == (2, "", f"error: {name}: {message}\n")


def test_batch_takes_bundled_instances_and_folders_of_them(tmp_path, monkeypatch, run) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run("batch", "magic", "hidato/seed-10x10", "--output", "r.jsonl")
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    magic = sorted(p.relative_to(INSTANCES).as_posix() for p in (INSTANCES / "magic").iterdir())
    assert status == 0, err
    assert sorted(line["file"] for line in lines) == ["hidato/seed-10x10.hidoku", *magic]
    for line in lines:
        truth = lpsolve.solve(INSTANCES / line["file"])
        assert (line["count"], line["complete"]) == (truth.count, truth.complete)
