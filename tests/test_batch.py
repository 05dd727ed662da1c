"""`lpsolve batch`: every puzzle's report line against the library's own in-process
answer for the same file (count, completeness, uniqueness, solutions, each passing
the rule checker); bad input, timeouts, resume, --jobs 1 and 2 alike, exit status.
"""

from __future__ import annotations

import json
import shutil
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


def test_resume_redoes_puzzles_whose_lines_json_cannot_read(folder: Path, tmp_path: Path) -> None:
    """Lines beyond json.loads' own limits (nested 100,000 deep, a number of 5,000
    digits) are read like torn lines, not as a traceback."""
    output = tmp_path / "report.jsonl"
    one = str(folder / "b" / "corners.hidoku")
    output.write_text(
        "[" * 100_000 + "\n" + '{"file": "' + one + '", "count": ' + "7" * 5000 + "}\n"
    )
    assert main(["batch", one, "--output", str(output), "--resume"]) == 0
    redone = json.loads(output.read_text().splitlines()[-1])
    assert redone["file"] == one and redone["status"] == "solved"


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
