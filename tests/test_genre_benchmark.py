"""benchmarks/genres.py's own plumbing: it runs without puzzlekit (lpsolve alone), counts
an answer that differs from the published solution as a failure, and gives a run that
does not answer in time a timeout and a fresh worker. The parts that run puzzlekit are
skipped where it is not installed (it is the optional extra ``bench``). The times
themselves are the benchmark's business, never asserted here."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lpsolve.kinds.declared import bundled_kinds, load_kind

from .conftest import ROOT
from .markdown import table_row

SCRIPT = ROOT / "benchmarks" / "genres.py"
#: a 4x4 Jigsaw Sudoku with its published solution: the smallest bundled genre puzzle
TINY = ROOT / "lpsolve" / "kinds" / "jigsaw-sudoku" / "instances" / "janko-001.jigsaw-sudoku"


def run(*arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def blocked(tmp_path: Path) -> dict[str, str]:
    """An environment in which importing puzzlekit or OR-Tools fails, in this process's
    children and theirs."""
    tmp_path.mkdir()
    for name in ("puzzlekit", "ortools"):
        (tmp_path / f"{name}.py").write_text("raise ImportError('not here: the test hid it')\n")
    return {**os.environ, "PYTHONPATH": str(tmp_path)}


def test_lpsolve_alone_runs_without_puzzlekit_and_checks_the_published_solution(tmp_path):
    done = run(
        "jigsaw-sudoku", "--solvers", "lpsolve", "--repeat", "1", "--match", TINY.name,
        env=blocked(tmp_path / "hidden"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    row = table_row(done.stdout, "jigsaw-sudoku")
    assert row["puzzles"] == "1"
    assert row["lpsolve solved/unique/= published"] == "1/1/1 of 1"
    assert "command median ms" in row
    assert not [column for column in row if "puzzlekit" in column]


def test_an_answer_other_than_the_published_solution_is_a_failure(tmp_path):
    folder = tmp_path / "jigsaw-sudoku"
    folder.mkdir()
    shutil.copy(TINY, folder / "swapped.jigsaw-sudoku")
    published = Path(f"{TINY}.solution").read_text().splitlines()
    published[1], published[2] = published[2], published[1]  # two rows swapped
    (folder / "swapped.jigsaw-sudoku.solution").write_text("\n".join(published) + "\n")
    done = run(
        "jigsaw-sudoku", "--solvers", "lpsolve", "--repeat", "1", "--no-command",
        "--data", str(tmp_path), "--match", "swapped", "--detail",
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert table_row(done.stdout, "jigsaw-sudoku")["lpsolve solved/unique/= published"] == (
        "1/1/0 of 1"
    )
    assert "- swapped.jigsaw-sudoku: differs from the published solution" in done.stdout


def test_a_kind_puzzlekit_does_not_solve_is_refused_in_one_line():
    done = run("hidato", "--solvers", "lpsolve")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("genres.py: error: 'hidato' is not")


def test_a_worker_that_does_not_answer_in_time_is_replaced(monkeypatch):
    """A run the solver's own limit does not stop (here: no grace at all) counts as a
    timeout, and the next run gets a new worker that answers. The script is imported
    as ``genres`` from its folder (not with conftest's ``load_benchmark``): a spawned
    worker imports the module that holds its function by that name."""
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("genres", SCRIPT)
    assert spec is not None and spec.loader is not None
    genres = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "genres", genres)
    spec.loader.exec_module(genres)
    monkeypatch.setattr(genres, "GRACE_SECONDS", 0.0)
    (case,) = genres.cases(["jigsaw-sudoku"], genres.DATA, TINY.name)
    worker = genres.Worker("lpsolve")
    try:
        first = worker.process
        stopped = worker.run(case, 0.0)
        assert stopped["status"] == "timeout" and stopped.get("killed")
        assert not first.is_alive() and worker.process is not first
        monkeypatch.setattr(genres, "GRACE_SECONDS", 60.0)
        assert worker.run(case, 20.0)["status"] == "unique"
    finally:
        worker.close()


def test_every_held_out_puzzle_names_its_source_and_has_its_solution():
    """The sample under benchmarks/data/genres/: a declared kind's folder each, files in
    the kind's format with a comment naming where the puzzle comes from."""
    data = ROOT / "benchmarks" / "data" / "genres"
    declared = {Path(folder).name: folder for folder in bundled_kinds()}
    for folder in data.iterdir():
        assert folder.name in declared, folder
        extensions = load_kind(declared[folder.name]).extensions
        puzzles = [p for p in folder.iterdir() if not p.name.endswith(".solution")]
        assert 5 <= len(puzzles) <= 10, folder
        for puzzle in puzzles:
            assert puzzle.suffix in extensions, puzzle
            assert "puzzlekit-dataset" in puzzle.read_text().split("\n\n")[0], puzzle
            assert Path(f"{puzzle}.solution").is_file(), puzzle


needs_puzzlekit = pytest.mark.skipif(
    importlib.util.find_spec("puzzlekit") is None,
    reason="puzzlekit is not installed (pip install -e '.[bench]')",
)


@needs_puzzlekit
def test_puzzlekit_runs_beside_lpsolve_and_its_grid_is_compared():
    done = run("jigsaw-sudoku", "--repeat", "1", "--no-command", "--match", TINY.name)
    assert done.returncode == 0, done.stderr
    row = table_row(done.stdout, "jigsaw-sudoku")
    assert row["lpsolve solved/unique/= published"] == "1/1/1 of 1"
    assert row["puzzlekit solved (= reference)"] == "1 (1 of 1)"
    assert row["puzzlekit / lpsolve (wall)"].endswith("x") and row["(CPU)"].endswith("x")
