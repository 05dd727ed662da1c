"""benchmarks/heldout.py's own plumbing: a puzzle passes only when the command proves
its answer unique, the answer is the published solution and the run keeps within the
bound; each failure is named and the exit status is 1. The times themselves are the
benchmark's business, never asserted here."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT
from .markdown import table_row

SCRIPT = ROOT / "benchmarks" / "heldout.py"
#: a 4x4 Jigsaw Sudoku with its published solution: the smallest bundled genre puzzle
TINY = ROOT / "lpsolve" / "kinds" / "jigsaw-sudoku" / "instances" / "janko-001.jigsaw-sudoku"


def run(data: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--repeat", "1", "--data", str(data), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
    )


def sample(data: Path, kind: str, name: str, puzzle: str, solution: str) -> None:
    folder = data / kind
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(puzzle)
    (folder / f"{name}.solution").write_text(solution)


def test_a_unique_answer_equal_to_the_published_one_passes(tmp_path):
    sample(
        tmp_path, "jigsaw-sudoku", TINY.name, TINY.read_text(), Path(f"{TINY}.solution").read_text()
    )
    done = run(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = table_row(done.stdout, "jigsaw-sudoku")
    assert figures["puzzles"] == "1" and figures["sizes"] == "4x4"
    assert figures["unique/= published"] == "1/1"
    assert figures["within 10 s"] == "1 of 1"


def test_another_answer_an_unproved_one_and_a_slow_one_each_fail(tmp_path):
    published = Path(f"{TINY}.solution").read_text().splitlines()
    published[1], published[2] = published[2], published[1]  # two rows swapped
    sample(
        tmp_path, "jigsaw-sudoku", "swapped.jigsaw-sudoku", TINY.read_text(), "\n".join(published)
    )
    # an empty 2 x 2 Fillomino has several solutions: none is proved unique
    sample(tmp_path, "fillomino", "open.fillomino", "2 2\n- -\n- -\n", "2 2\n1 3\n3 3\n")
    done = run(tmp_path, "--limit", "0")
    assert done.returncode == 1, done.stdout + done.stderr
    assert table_row(done.stdout, "jigsaw-sudoku")["unique/= published"] == "1/0"
    assert table_row(done.stdout, "fillomino")["unique/= published"].startswith("0/")
    failures = done.stdout.split("Failures:")[1]
    assert "jigsaw-sudoku/swapped.jigsaw-sudoku: differs from the published solution" in failures
    assert "fillomino/open.fillomino: not proved unique (not unique: at least 2" in failures
    assert "over the 0 s bound" in failures


def test_a_kind_without_a_sample_is_refused_in_one_line(tmp_path):
    shutil.copytree(ROOT / "benchmarks" / "data" / "genres" / "fillomino", tmp_path / "fillomino")
    done = run(tmp_path, "akari")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("heldout.py: error: 'akari' has no")


def test_a_run_still_going_at_the_kill_bound_is_stopped_and_fails(tmp_path):
    sample(
        tmp_path, "jigsaw-sudoku", TINY.name, TINY.read_text(), Path(f"{TINY}.solution").read_text()
    )
    done = run(tmp_path, "--kill", "0.05")  # less than Python's start-up
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"jigsaw-sudoku/{TINY.name}: stopped at 0.05 s" in done.stdout
