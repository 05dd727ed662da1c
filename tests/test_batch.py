"""`lpsolve batch`: every puzzle's report line against the library's own in-process
answer for the same file (count, completeness, uniqueness, solutions, each passing
the rule checker); bad input, timeouts, resume, --jobs 1 and 2 alike, exit status.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import lpsolve
from lpsolve.cli import main

from .conftest import ROOT, interrupt

SMALL = [
    "instances/hidato/seed-10x10.hidoku",
    "instances/hidato/seed003-hex-19.json",
    "instances/takuzu/seed-8x8.takuzu",
    "instances/takuzu/letheed-grid1.takuzu",  # 6 solutions
    "instances/magic/seed-5x5.magic",
    "instances/mastermind/seed-6x9.mastermind",  # 2 codes
    "docs/examples/corners.hidoku",  # 30 numberings
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A collection: small puzzles in two subfolders, a sidecar file that is no puzzle."""
    root = tmp_path / "puzzles"
    for number, name in enumerate(SMALL):
        target = root / ("a" if number % 2 else "b") / Path(name).name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, target)
    (root / "a" / "notes.txt").write_text("not a puzzle\n")
    return root


def report(path: Path) -> dict[str, dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {line["file"]: line for line in lines}


def test_every_line_matches_the_library(folder: Path, tmp_path: Path, capsys) -> None:
    output = tmp_path / "report.jsonl"
    status = main(["batch", str(folder), "--jobs", "2", "--output", str(output)])
    assert status == 0
    lines = report(output)
    assert sorted(lines) == sorted(
        str(p) for p in folder.rglob("*") if p.suffix != ".txt" and p.is_file()
    )
    for file, line in lines.items():
        puzzle = lpsolve.load(file)
        expected = lpsolve.solve(puzzle, 2)
        assert line["count"] == expected.count, file
        assert line["complete"] == expected.complete, file
        assert line["unique"] == expected.unique, file
        assert line["solutions"] == [puzzle.solution_json(s) for s in expected.solutions], file
    summary = capsys.readouterr().out
    assert "7 of 7" in summary


def test_jobs_1_and_2_agree(folder: Path, tmp_path: Path) -> None:
    answers = []
    for jobs in ("1", "2"):
        output = tmp_path / f"report-{jobs}.jsonl"
        assert main(["batch", str(folder), "--jobs", jobs, "--output", str(output), "--count"]) == 0
        answers.append({f: (x["count"], x["complete"]) for f, x in report(output).items()})
    assert answers[0] == answers[1]
    assert answers[0][str(folder / "b" / "corners.hidoku")] == (30, True)


def test_bad_input_gets_its_line_and_the_batch_goes_on(folder: Path, tmp_path: Path) -> None:
    bad = folder / "b" / "broken.takuzu"
    bad.write_text("01x.\n")
    output = tmp_path / "report.jsonl"
    assert main(["batch", str(folder), "--output", str(output)]) == 2
    lines = report(output)
    assert lines[str(bad)]["status"] == "error"
    assert lines[str(bad)]["error"].startswith(f"{bad}:1:3: ")
    assert sum(line["status"] == "solved" for line in lines.values()) == len(SMALL)


def test_a_timeout_gets_its_line_and_exit_3(folder: Path, tmp_path: Path) -> None:
    big = folder / "b" / "empty-200.takuzu"
    big.write_text(("." * 200 + "\n") * 200)  # 16 s of grounding
    output = tmp_path / "report.jsonl"
    status = main(["batch", str(folder), "--output", str(output), "--timeout", "1"])
    assert status == 3
    lines = report(output)
    assert lines[str(big)]["status"] == "timeout"
    assert lines[str(big)]["complete"] is False
    assert sum(line["status"] == "solved" for line in lines.values()) == len(SMALL)


def test_resume_skips_what_the_report_answers(folder: Path, tmp_path: Path) -> None:
    output = tmp_path / "report.jsonl"
    assert main(["batch", str(folder / "a"), "--output", str(output)]) == 0
    first = output.read_text()
    assert main(["batch", str(folder), "--output", str(output), "--resume"]) == 0
    text = output.read_text()
    assert text.startswith(first)  # appended, the finished lines untouched
    added = [json.loads(line)["file"] for line in text[len(first) :].splitlines() if line]
    assert sorted(added) == sorted(str(p) for p in (folder / "b").iterdir())
    # a third run has nothing left to do
    assert main(["batch", str(folder), "--output", str(output), "--resume"]) == 0
    assert output.read_text().strip() == text.strip()


def test_resume_redoes_interrupted_and_torn_lines(folder: Path, tmp_path: Path) -> None:
    output = tmp_path / "report.jsonl"
    one = str(folder / "b" / "corners.hidoku")
    two = str(folder / "b" / "seed-10x10.hidoku")
    output.write_text(
        json.dumps({"file": one, "status": "interrupted", "count": 0})
        + "\n"
        + '{"file": "'
        + two
        + '", "sta'  # cut by a crash
    )
    assert main(["batch", one, two, "--output", str(output), "--resume"]) == 0
    text = output.read_text().splitlines()
    assert text[1].endswith('"sta')  # the torn line stays as it was, alone on its line
    redone = [json.loads(line) for line in text[2:]]
    assert sorted(line["file"] for line in redone) == sorted([one, two])
    assert all(line["status"] == "solved" for line in redone)


def test_usage_errors(tmp_path: Path, capsys) -> None:
    assert main(["batch", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["batch", str(tmp_path), "--resume"]) == 2
    assert "--resume needs --output" in capsys.readouterr().err


def test_ctrl_c_leaves_the_report_complete_up_to_then(folder: Path, tmp_path: Path) -> None:
    """One job at a time, in file order: a, then b/000-big (16 s of grounding), then the
    rest of b. Ctrl-C while the big one grounds: a's lines are there, the big one is
    marked interrupted, b's others are not started; --resume finishes the batch."""
    import subprocess
    import sys
    import time

    big = folder / "b" / "000-big.takuzu"
    big.write_text(("." * 200 + "\n") * 200)
    output = tmp_path / "report.jsonl"
    command = [sys.executable, "-m", "lpsolve", "batch", str(folder), "--jobs", "1"]
    process = subprocess.Popen(
        [*command, "--output", str(output)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def finished() -> int:
        return len(report(output)) if output.exists() else 0

    deadline = time.monotonic() + 60
    while finished() < 3 and time.monotonic() < deadline:  # a/ holds 3 puzzles
        time.sleep(0.1)
    time.sleep(1.0)  # now in the big one
    interrupt(process)
    assert process.returncode == 3
    lines = report(output)
    in_a = {str(p) for p in (folder / "a").iterdir() if p.suffix != ".txt"}
    assert set(lines) == in_a | {str(big)}
    assert lines[str(big)]["status"] == "interrupted"
    assert all(lines[file]["status"] == "solved" for file in in_a)
    assert main(["batch", str(folder), "--output", str(output), "--resume", "--timeout", "1"]) == 3
    lines = report(output)
    assert lines[str(big)]["status"] == "timeout"  # redone, now with a timeout
    assert len(lines) == len(SMALL) + 1


# -- JSON Lines on stdout ------------------------------------------------------------------


def assert_lines_match_the_library(lines: list[dict], folder: Path) -> None:
    """One line for each puzzle of ``folder``, each with the library's answer."""
    expected_files = {str(p) for p in folder.rglob("*") if p.suffix != ".txt" and p.is_file()}
    assert {line["file"] for line in lines} == expected_files
    assert len(lines) == len(expected_files)
    for line in lines:
        expected = lpsolve.solve(lpsolve.load(line["file"]), 2)
        assert (line["count"], line["complete"]) == (expected.count, expected.complete)


def test_output_dash_writes_json_lines_on_stdout_and_the_summary_on_stderr(
    folder: Path, capsys
) -> None:
    assert main(["batch", str(folder / "a"), "--jobs", "2", "--output", "-"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert_lines_match_the_library(lines, folder / "a")
    assert "3 of 3" in captured.err and not Path("-").exists()


def test_stdout_not_a_terminal_gets_json_lines(folder: Path, capsys) -> None:
    assert main(["batch", str(folder / "a"), "--jobs", "2"]) == 0  # captured: no terminal
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert_lines_match_the_library(lines, folder / "a")
    assert "3 of 3" in captured.err


def test_a_terminal_gets_a_line_per_puzzle_and_the_summary(
    folder: Path, capsys, monkeypatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["batch", str(folder), "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    corners = str(folder / "b" / "corners.hidoku")
    assert f"{corners}: several (2 found)" in out and "7 of 7" in out
    assert not any(line.startswith("{") for line in out.splitlines())


def shell(command: str) -> subprocess.CompletedProcess:
    """``command`` run by bash with pipefail: a failure anywhere in a pipe shows."""
    return subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


READ_JSON_LINES = (
    "import json, sys; lines = [json.loads(line) for line in sys.stdin]; print(json.dumps(lines))"
)


@pytest.mark.parametrize(
    "pipeline",
    ["{lpsolve} batch {folder} | {reader}", "{lpsolve} batch {folder} --output /dev/stdout | cat"],
    ids=["default", "/dev/stdout"],
)
def test_json_lines_through_a_pipe(folder: Path, pipeline: str) -> None:
    lpsolve_command = f"{shlex.quote(sys.executable)} -m lpsolve"
    reader = f"{shlex.quote(sys.executable)} -c {shlex.quote(READ_JSON_LINES)}"
    done = shell(pipeline.format(lpsolve=lpsolve_command, folder=folder / "a", reader=reader))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    if "cat" in pipeline:
        lines = [json.loads(line) for line in done.stdout.splitlines()]
    else:
        lines = json.loads(done.stdout)
    assert_lines_match_the_library(lines, folder / "a")
    assert "3 of 3" in done.stderr  # the summary stays out of the JSON


# -- resuming ----------------------------------------------------------------------------


def test_resume_adds_no_blank_line(folder: Path, tmp_path: Path) -> None:
    output = tmp_path / "report.jsonl"
    assert main(["batch", str(folder / "a"), "--output", str(output)]) == 0
    for _ in range(3):
        assert main(["batch", str(folder), "--output", str(output), "--resume"]) == 0
    lines = output.read_text().split("\n")
    assert lines[-1] == "" and all(lines[:-1]), lines  # one line per puzzle, no blank one
    assert len(lines) - 1 == len(SMALL)


def test_resume_when_all_is_done_says_so(folder: Path, tmp_path: Path, capsys) -> None:
    output = tmp_path / "report.jsonl"
    assert main(["batch", str(folder), "--output", str(output)]) == 0
    text = output.read_text()
    capsys.readouterr()
    assert main(["batch", str(folder), "--output", str(output), "--resume"]) == 0
    out = capsys.readouterr().out
    assert f"all {len(SMALL)} puzzles already answered in {output}: nothing to do" in out
    assert "0 of 0" not in out and output.read_text() == text


def test_resume_counts_what_was_answered_before(folder: Path, tmp_path: Path, capsys) -> None:
    output = tmp_path / "report.jsonl"
    assert main(["batch", str(folder / "a"), "--output", str(output)]) == 0
    capsys.readouterr()
    assert main(["batch", str(folder), "--output", str(output), "--resume"]) == 0
    out = capsys.readouterr().out
    in_a = sum(1 for p in (folder / "a").iterdir() if p.suffix != ".txt")
    in_b = len(SMALL) - in_a
    assert f"{in_b} of {in_b}" in out and f"and {in_a} puzzles already answered" in out


@pytest.mark.parametrize(
    ("line", "col", "message"),
    [
        ("[" * 100_000, 33, "expected a report line: JSON nested deeper than 32 levels"),
        (
            '{"file": "x", "status": "solved", "count": ' + "9" * 5000 + "}",
            44,
            "expected a report line: number 999999999999...9999 (5,000 characters) is beyond "
            "the largest number lpsolve accepts (9223372036854775807)",
        ),
        ('["x", "solved"]', 1, 'expected a report line (a JSON object with "file" and "status")'),
        ('{"status": "solved"}', 1, 'expected a report line (a JSON object with "file"'),
        ('{"file": "x", "status": null}', 1, "expected a report line (a JSON object with"),
    ],
    ids=["deep", "5000 digits", "a list", "no file", "no status"],
)
def test_resume_refuses_a_report_line_lpsolve_does_not_write(
    folder: Path, tmp_path: Path, capsys, line: str, col: int, message: str
) -> None:
    output = tmp_path / "report.jsonl"
    assert main(["batch", str(folder / "a"), "--output", str(output)]) == 0
    with output.open("a") as report_file:
        report_file.write(line + "\n")
    text = output.read_text()
    capsys.readouterr()
    assert main(["batch", str(folder), "--output", str(output), "--resume"]) == 2
    captured = capsys.readouterr()
    number = len(text.splitlines())
    assert captured.err.startswith(f"error: {output}:{number}:{col}: {message}"), captured.err
    assert len(captured.err.splitlines()) == 1 and captured.out == ""
    assert output.read_text() == text


def test_resume_needs_a_report_file_not_stdout(folder: Path, capsys) -> None:
    assert main(["batch", str(folder), "--output", "-", "--resume"]) == 2
    assert "--resume reads the report back: give --output a file, not -" in capsys.readouterr().err


def test_resume_reads_back_a_regular_file_only(folder: Path, capsys) -> None:
    """Reading /dev/zero would never end."""
    assert main(["batch", str(folder), "--output", "/dev/zero", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err == "error: /dev/zero: --resume reads a report back from a regular file\n"
