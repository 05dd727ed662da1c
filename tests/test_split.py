"""Counting and enumerating in cubes (``solve --count/--all --jobs N``, ``--checkpoint``).

Sources of truth: brute-force enumerators (Takuzu grids row by row here; Hidato paths,
magic squares, Mastermind codes and exact covers from the kinds' own test modules),
the whole (unsplit) search, and each cube searched on its own in this process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from itertools import combinations, product
from pathlib import Path

import pytest

import lpsolve
from lpsolve import split
from lpsolve.backends import asp
from lpsolve.kinds.hidato import build
from lpsolve.kinds.magic import MagicPuzzle
from lpsolve.kinds.mastermind import MastermindGame, score

from .conftest import INSTANCES, ROOT, count_paths, interrupt
from .test_grade import corners_numberings
from .test_magic import brute_force_3x3
from .test_mastermind import brute_force as mastermind_codes
from .test_mastermind import game_of
from .test_tiling import brute_force as exact_covers

# -- a brute force for Takuzu ------------------------------------------------------------


def takuzu_grids(height: int, width: int, givens: dict[tuple[int, int], int]) -> int:
    """Every grid, row by row from the valid rows: no three equal in a line, halves,
    distinct rows and columns, the givens kept. Written here, apart from lpsolve."""

    def line_ok(line: tuple[int, ...]) -> bool:
        triple = any(line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2))
        return not triple and 2 * sum(line) == len(line)

    rows = [row for row in product((0, 1), repeat=width) if line_ok(row)]
    count = 0

    def extend(chosen: list[tuple[int, ...]]) -> None:
        nonlocal count
        r = len(chosen)
        if r == height:
            columns = list(zip(*chosen, strict=True))
            if all(line_ok(c) for c in columns) and len(set(columns)) == width:
                count += 1
            return
        for row in rows:
            if row in chosen or any(row[c] != d for (gr, c), d in givens.items() if gr == r):
                continue
            grid = [*chosen, row]
            if r >= 2 and any(grid[r - 2][c] == grid[r - 1][c] == row[c] for c in range(width)):
                continue
            if any(2 * sum(g[c] for g in grid) > height for c in range(width)):
                continue
            if any(2 * sum(1 - g[c] for g in grid) > height for c in range(width)):
                continue
            extend(grid)

    extend([])
    return count


def takuzu(height: int, width: int, givens: dict[tuple[int, int], int]) -> lpsolve.Puzzle:
    rows = [["."] * width for _ in range(height)]
    for (r, c), d in givens.items():
        rows[r][c] = str(d)
    return lpsolve.parse("".join("".join(row) + "\n" for row in rows), ".takuzu")


# -- counts in cubes against brute forces -------------------------------------------------


def split_count(puzzle: lpsolve.Puzzle, cubes: int) -> split.SplitRun:
    run = split.count(puzzle, workers=2, cubes=cubes)
    assert run.result.complete and run.finished == len(run.split.cubes)
    return run


def assert_a_partition(cut: split.Split) -> None:
    """The cubes are leaves of one binary tree: no cube is a prefix of another."""
    assert len(set(cut.cubes)) == len(cut.cubes)
    for a, b in combinations(cut.cubes, 2):
        assert not a.startswith(b) and not b.startswith(a), (a, b)


@pytest.mark.parametrize("cubes", [2, 5, 40])
@pytest.mark.parametrize(
    ("height", "width", "givens"),
    [(4, 4, {}), (6, 6, {}), (6, 6, {(0, 0): 1, (2, 3): 0, (5, 5): 1}), (4, 6, {(1, 1): 0})],
)
def test_takuzu_counts_in_cubes_match_a_brute_force(height, width, givens, cubes) -> None:
    run = split_count(takuzu(height, width, givens), cubes)
    assert run.result.count == takuzu_grids(height, width, givens)
    assert_a_partition(run.split)


@pytest.mark.parametrize("cubes", [3, 16])
def test_hidato_counts_in_cubes_match_a_brute_force(cubes) -> None:
    corners = lpsolve.load(ROOT / "docs" / "examples" / "corners.hidoku")
    paths, _ = corners_numberings()
    assert split_count(corners, cubes).result.count == paths
    for width, height, moves in [(3, 3, "king"), (4, 3, "orthogonal")]:
        board = build([(x, y) for y in range(height) for x in range(width)], {}, moves)
        expected = count_paths(board.cells, set(board.offsets))
        assert split_count(board, cubes).result.count == expected


def test_magic_counts_in_cubes_match_a_brute_force() -> None:
    for givens in ({}, {(0, 0): 2}):
        board = MagicPuzzle(size=3, low=1, high=9, target=15, givens=givens)
        assert split_count(board, 6).result.count == len(brute_force_3x3(1, givens))


def test_mastermind_counts_in_cubes_match_a_brute_force() -> None:
    names = ["red", "green", "blue", "white", "black", "pink"]
    guesses = [((0, 0, 1, 1), *score((0, 0, 1, 1), (1, 2, 3, 0))), ((2, 3, 4, 2), 0, 1)]
    game = game_of(4, names, guesses)
    assert isinstance(game, MastermindGame)
    expected = len(mastermind_codes(4, 6, guesses))
    run = split_count(game, 12)
    assert run.result.count == expected and len(run.split.cubes) > 1


@pytest.mark.parametrize("name", ["geekoverdose-3x3_1", "geekoverdose-4x4_1", "geekoverdose-4x4_2"])
def test_tiling_counts_in_cubes_match_a_brute_force(name) -> None:
    path = INSTANCES / "tiling" / f"{name}.tiling"
    assert split_count(lpsolve.load(path), 8).result.count == len(exact_covers(path))


@pytest.mark.parametrize(
    "path",
    [
        INSTANCES / "takuzu" / "seed-intro-6x6.takuzu",
        INSTANCES / "tiling" / "geekoverdose-4x4_2.tiling",
        INSTANCES / "mastermind" / "classic-4x6.mastermind",
    ],
)
def test_listing_in_cubes_gives_every_solution_once(path) -> None:
    puzzle = lpsolve.load(path)
    whole = lpsolve.solve(puzzle, limit=None)
    run = split.count(puzzle, workers=2, cubes=9, list_solutions=True)
    assert run.result.complete and run.result.count == whole.count
    assert len(run.result.solutions) == len(set(run.result.solutions)) == whole.count
    assert set(run.result.solutions) == set(whole.solutions)


def test_each_cube_counts_what_its_assumptions_allow() -> None:
    """A cube's job counts exactly the solutions agreeing with its assumptions."""
    puzzle = takuzu(6, 6, {})
    cut = split.find_split(puzzle, 12)
    assert len(cut.cubes) >= 12
    whole = lpsolve.solve(puzzle, limit=None).solutions
    for index in range(len(cut.cubes)):
        fixed = {
            (a.arguments[0].number, a.arguments[1].number): v for a, v in cut.assumptions(index)
        }
        expected = sum(
            all((grid.rows[r][c] == "1") == v for (r, c), v in fixed.items()) for grid in whole
        )
        counted = asp.solve(puzzle, decode=False, assumptions=cut.assumptions(index))
        assert counted.count == expected


def test_a_puzzle_without_solution_has_no_cube_or_only_empty_ones() -> None:
    broken = takuzu(4, 4, {(0, 0): 1, (0, 1): 1, (0, 2): 1})
    run = split.count(broken, workers=2, cubes=8)
    assert (run.result.count, run.result.complete) == (0, True)


# -- the command line ---------------------------------------------------------------------


@pytest.fixture
def empty6(tmp_path: Path) -> Path:
    path = tmp_path / "empty.takuzu"
    path.write_text("......\n" * 6)
    return path


def test_cli_count_in_cubes_prints_the_split(run, empty6) -> None:
    status, out, _ = run("solve", empty6, "--count", "--jobs", "2", "--cubes", "10")
    assert status == 0
    assert out.startswith(f"{takuzu_grids(6, 6, {}):,} solutions, search complete")
    assert "cubes searched on 2 workers" in out
    status, out, _ = run("solve", empty6, "--count", "--jobs", "2", "--format", "json")
    data = json.loads(out)
    assert (data["count"], data["complete"], data["status"]) == (4140, True, "solved")
    assert data["split"]["finished"] == data["split"]["cubes"] >= 2


def test_cli_all_in_cubes_lists_every_solution(run) -> None:
    path = INSTANCES / "tiling" / "geekoverdose-4x4_2.tiling"
    status, out, _ = run("solve", path, "--all", "--jobs", "2", "--cubes", "4")
    expected = len(exact_covers(path))
    assert status == 0 and out.count("Solution ") == expected
    assert f"{expected} solution" in out


def test_checkpoint_resumes_the_cubes_it_lacks(run, empty6, tmp_path) -> None:
    checkpoint = tmp_path / "count.jsonl"
    status, _, _ = run("solve", empty6, "--count", "--cubes", "12", "--checkpoint", checkpoint)
    assert status == 0
    lines = checkpoint.read_text().splitlines()
    header, cubes = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert len(cubes) == len(header["cubes"]) and header["kind"] == "takuzu"
    # as if stopped: the last five cubes lost, the one before cut short mid-line
    checkpoint.write_text("\n".join(lines[:-6]) + "\n" + lines[-6][:9])
    status, out, _ = run("solve", empty6, "--count", "--checkpoint", checkpoint)
    assert status == 0 and out.startswith("4,140 solutions, search complete")
    assert f"{len(cubes) - 6} resumed from" in out
    again = [json.loads(line) for line in checkpoint.read_text().splitlines()[1:] if "}" in line]
    assert sorted(c["cube"] for c in again) == sorted(c["cube"] for c in cubes)
    assert sum(c["count"] for c in again) == 4140


def test_a_count_stopped_by_its_timeout_keeps_exact_cubes(run, tmp_path) -> None:
    path = tmp_path / "empty8.takuzu"
    path.write_text("........\n" * 8)
    checkpoint = tmp_path / "count.jsonl"
    status, out, err = run(
        "solve", path, "--count", "--jobs", "2", "--cubes", "300", "--timeout", "1.5",
        "--checkpoint", checkpoint,
    )  # fmt: skip
    assert status == 3 and "stopped by timeout, search incomplete" in out
    assert "run again to resume" in err
    lines = checkpoint.read_text().splitlines()
    header = json.loads(lines[0])
    cut = split.Split(tuple(header["atoms"]), tuple(header["cubes"]))
    puzzle = lpsolve.load(path)
    finished = [json.loads(line) for line in lines[1:]]
    assert finished, "no cube finished in 1.5 s"
    for record in finished[:3]:
        alone = asp.solve(puzzle, decode=False, assumptions=cut.assumptions(record["cube"]))
        assert alone.complete and alone.count == record["count"]


def test_ctrl_c_stops_a_split_count_and_keeps_the_checkpoint(tmp_path) -> None:
    path = tmp_path / "empty8.takuzu"
    path.write_text("........\n" * 8)
    checkpoint = tmp_path / "count.jsonl"
    command = [sys.executable, "-m", "lpsolve", "solve", str(path), "--count", "--jobs", "2"]
    process = subprocess.Popen(
        [*command, "--cubes", "300", "--checkpoint", str(checkpoint)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(2.0)
    out, err = interrupt(process, timeout=20)
    assert process.returncode == 3, err
    assert "stopped by interrupt" in out
    assert len(checkpoint.read_text().splitlines()) >= 1


def test_checkpoint_of_another_puzzle_is_refused(run, empty6, tmp_path) -> None:
    checkpoint = tmp_path / "count.jsonl"
    assert run("solve", empty6, "--count", "--checkpoint", checkpoint)[0] == 0
    empty6.write_text("1.....\n" + "......\n" * 5)
    status, _, err = run("solve", empty6, "--count", "--checkpoint", checkpoint)
    assert status == 2
    assert f"{checkpoint}: the checkpoint is of another count (sha256 differ)" in err


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--jobs", "2"], "add --count or --all"),
        (["--count", "--limit", "5", "--jobs", "2"], "drop --limit"),
        (["--count", "--jobs", "2", "--backend", "csp"], "--backend csp does not split"),
        (["--all", "--jobs", "2", "--explain"], "--explain cannot be combined"),
        (["--all", "--checkpoint", "x.jsonl"], "use it with --count"),
        (["--all", "--jobs", "2", "--format", "janko"], "--format janko cannot be combined"),
    ],
)
def test_what_does_not_split_is_a_usage_error(run, empty6, options, message) -> None:
    status, _, err = run("solve", empty6, *options)
    assert status == 2 and message in err


@pytest.mark.parametrize("option", ["--jobs", "--cubes"])
def test_workers_and_cubes_must_be_positive(run, empty6, option, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        run("solve", empty6, "--count", option, "0")
    assert stopped.value.code == 2
    assert "expected a positive integer, got '0'" in capsys.readouterr().err


def test_memory_limit_stops_a_split_search(run, tmp_path) -> None:
    # the cap is read every 20 ms: cubes of the 8x8 board last long enough to be seen
    path = tmp_path / "empty8.takuzu"
    path.write_text("........\n" * 8)
    options = ["--count", "--jobs", "2", "--memory-limit", "20M", "--timeout", "30"]
    status, _, err = run("solve", path, *options)
    assert status == 3 and "stopped by the memory limit (20M)" in err


@pytest.mark.skipif(not hasattr(os, "fork"), reason="supervised jobs need os.fork")
def test_library_count_bounds_the_whole_run_by_its_timeout() -> None:
    run = split.count(takuzu(8, 8, {}), workers=2, cubes=300, timeout=1.0)
    assert not run.result.complete and run.result.stopped_by == "timeout"
    assert run.finished < len(run.split.cubes)
