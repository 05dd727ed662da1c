"""Every command's limits at work, through the command line as a user meets them:
``--timeout`` during grounding, ``--memory-limit``, Ctrl-C, never-ending and
memory-hungry student programs.

The time bounds asserted are generous (a loaded machine must not fail them); the
measured figures are in docs/limits.md (from benchmarks/limits.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lpsolve import load
from lpsolve.cli import main
from lpsolve.kinds.takuzu import TakuzuSolution

from .conftest import ROOT, interrupt

STUDENTS = ROOT / "tests" / "students"
SLACK = 3.0  # seconds past a limit that a loaded machine may still need


@pytest.fixture(scope="module")
def big_takuzu(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty 200x200 Takuzu: read in 0.3 s, then 16 s of grounding (776 MB)."""
    path = tmp_path_factory.mktemp("big") / "empty-200.takuzu"
    path.write_text(("." * 200 + "\n") * 200)
    return path


@pytest.fixture(scope="module")
def endless_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """6 pegs, 9 colours, no guesses: 531,441 codes to list."""
    path = tmp_path_factory.mktemp("mm") / "open.mastermind"
    path.write_text("pegs: 6\ncolours: a b c d e f g h i\n")
    return path


def lpsolve(*args: str, timeout: float = 120) -> tuple[int, str, str, float]:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "lpsolve", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


def test_timeout_during_grounding(big_takuzu: Path) -> None:
    status, out, _, seconds = lpsolve(
        "solve", str(big_takuzu), "--timeout", "1", "--format", "json"
    )
    assert status == 3
    data = json.loads(out)
    assert data["status"] == "timeout" and data["complete"] is False
    assert seconds < 1 + SLACK


def interrupted(*args: str, after: float) -> tuple[int, str, float]:
    """Ctrl-C (SIGINT, as a terminal sends it) ``after`` seconds into a command:
    (exit status, stdout, seconds from the signal to the end)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    time.sleep(after)
    sent = time.monotonic()
    out, _ = interrupt(process)
    return process.returncode, out, time.monotonic() - sent


def test_ctrl_c_during_grounding(big_takuzu: Path) -> None:
    status, out, latency = interrupted("solve", str(big_takuzu), after=2.0)  # read in 0.3 s
    assert status == 3
    assert "stopped by interrupt" in out
    assert latency < 1 + SLACK


def test_memory_limit(big_takuzu: Path) -> None:
    status, out, err, _ = lpsolve(
        "solve", str(big_takuzu), "--memory-limit", "200M", "--format", "json"
    )
    assert status == 3
    assert json.loads(out)["status"] == "memory limit"
    assert err.strip() == "stopped by the memory limit (200M): give --memory-limit to change it"


def test_memory_limit_in_check_text(big_takuzu: Path) -> None:
    status, out, _, _ = lpsolve("check", str(big_takuzu), "--memory-limit", "200M")
    assert status == 3
    assert out.startswith("unknown: stopped by the memory limit")


def _tree_peak(*args: str) -> tuple[int, int, str]:
    """Run ``lpsolve ARGS``; (exit status, the largest sum of the resident memory of the
    command and its children, sampled every few ms from /proc, stderr)."""
    page = os.sysconf("SC_PAGE_SIZE")

    def resident(pid: int | str) -> int:
        try:
            return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * page
        except (OSError, IndexError):
            return 0  # ended between two readings

    process = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    peak = 0
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    while process.poll() is None:
        try:
            kids = children.read_text().split()
        except OSError:
            kids = []
        peak = max(peak, resident(process.pid) + sum(resident(kid) for kid in kids))
        time.sleep(0.002)
    return process.returncode, peak, process.stderr.read() if process.stderr else ""


def test_memory_limit_covers_the_command_and_its_job(tmp_path: Path) -> None:
    """The parent holds the puzzle the job read (the solutions are drawn with it): a
    400x400 Hidato board is 37 MB there. The cap is on both processes together (they
    held 131 MB under a 100M cap when only the job counted)."""
    rows = [["_"] * 400 for _ in range(400)]
    rows[0][0], rows[-1][-1] = "1", str(400 * 400)
    board = tmp_path / "king-400.hidoku"
    board.write_text("".join(",".join(row) + "\n" for row in rows))
    status, peak, err = _tree_peak("solve", str(board), "--memory-limit", "100M", "--timeout", "60")
    assert status == 3 and "stopped by the memory limit (100M)" in err
    # read every 20 ms: a job growing fast may pass the cap by a little before it is seen
    assert peak < 100 * 2**20 * 1.1


@pytest.mark.parametrize("size", ["abc", "0", "-1G", "12X"])
def test_bad_memory_limit(size: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["solve", "instances/takuzu/seed-8x8.takuzu", f"--memory-limit={size}"])
    assert stop.value.code == 2
    assert "expected a size such as 500M or 2G" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", ["abc", "0", "-1", "nan", "inf"])
def test_bad_timeout(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["solve", "instances/takuzu/seed-8x8.takuzu", f"--timeout={seconds}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"expected a positive number of seconds, got '{seconds}'" in err


def test_draw_solve_timeout(big_takuzu: Path) -> None:
    """Stopped before a solution: the puzzle itself is drawn, and the summary says why."""
    status, out, err, seconds = lpsolve("draw", str(big_takuzu), "--solve", "--timeout", "1")
    assert status == 3
    assert out.startswith("<?xml") and out.rstrip().endswith("</svg>")
    assert err.startswith("no solution found yet; stopped by timeout")
    assert seconds < 1 + SLACK


def test_mastermind_listing_stops_on_time(endless_game: Path) -> None:
    """Stopped by the timeout, a listing prints the exact count (9^6 codes fit a game
    without guesses) and the codes found, never a count of 0."""
    status, out, err, seconds = lpsolve("mastermind", str(endless_game), "--all", "--timeout", "1")
    assert (status, err) == (3, "")
    assert seconds < 1 + SLACK
    head, *rest = out.splitlines()
    assert head.startswith("531,441 consistent codes (counted in full)")
    if rest:  # what the listing found before the timeout (on a busy machine perhaps none)
        found = int(rest[0].split("the ")[1].split(" found")[0].replace(",", ""))
        assert rest[0].startswith("listing stopped by timeout") and len(rest) == 1 + found
    status, out, err, _ = lpsolve(
        "mastermind", str(endless_game), "--all", "--timeout", "1", "--format", "json"
    )
    data = json.loads(out)
    assert (status, err, data["count"], data["stopped_by"]) == (3, "", 9**6, "timeout")
    assert data["status"] == "solved" and data["complete"] is False


def test_mastermind_memory_limit(endless_game: Path) -> None:
    status, _, err, _ = lpsolve("mastermind", str(endless_game), "--all", "--memory-limit", "120M")
    assert status == 3
    assert "memory limit (120M)" in err


def test_grade_never_ending_student() -> None:
    status, out, _, seconds = lpsolve(
        "grade",
        str(STUDENTS / "never_ends.lp"),
        "--kind",
        "takuzu",
        "--time-limit",
        "1",
        "instances/takuzu/seed-8x8.takuzu",
        "instances/takuzu/seed-intro-6x6.takuzu",
    )
    assert status == 1
    rows = [line.split() for line in out.splitlines()[1:3]]
    assert [row[1:3] for row in rows] == [["too", "slow"], ["too", "slow"]]
    assert "FAIL" in out and "2 too slow" in out
    assert seconds < 2 * (1 + 1) + SLACK  # each instance: reference + student, 1 s each


def test_grade_ctrl_c_in_a_students_grounding() -> None:
    status, out, latency = interrupted(
        "grade",
        str(STUDENTS / "never_ends.lp"),
        "--kind",
        "takuzu",
        "--time-limit",
        "60",
        "instances/takuzu/seed-8x8.takuzu",
        "instances/takuzu/seed-intro-6x6.takuzu",
        after=2.0,
    )
    assert status == 3
    assert latency < 1 + SLACK
    assert out.splitlines()[-1].startswith("INTERRUPTED: ")
    assert "PASS" not in out


def test_grade_memory_hungry_student() -> None:
    status, out, _, _ = lpsolve(
        "grade",
        str(STUDENTS / "memory_hog.lp"),
        "--kind",
        "takuzu",
        "--memory-limit",
        "150M",
        "instances/takuzu/seed-8x8.takuzu",
    )
    assert status == 1
    assert "out of memory" in out.splitlines()[1]
    assert "used more memory than the limit" in out


def test_run_timeout_during_grounding() -> None:
    """clingo's own report of its time limit, which it also honours while grounding."""
    status, out, _, seconds = lpsolve("run", str(STUDENTS / "never_ends.lp"), "--timeout", "1")
    assert status == 1  # clingo's code for an interrupted search without answers
    assert "\nUNKNOWN\n\nTIME LIMIT   : 1\nModels       : 0+\n" in out
    assert seconds < 1 + SLACK


def test_run_memory_limit() -> None:
    status, out, _, _ = lpsolve("run", str(STUDENTS / "memory_hog.lp"), "--memory-limit", "150M")
    assert status == 33  # clingo's code for running out of memory
    assert "stopped by the memory limit (150M)" in out


def test_run_ctrl_c_during_grounding() -> None:
    status, out, latency = interrupted("run", str(STUDENTS / "never_ends.lp"), after=1.0)
    assert status == 1
    assert "\nUNKNOWN\n\nINTERRUPTED  : 1\nModels       : 0+\n" in out
    assert latency < 1 + SLACK


def test_run_answers_found_before_a_stop_are_kept(tmp_path: Path) -> None:
    """Answers stream out as found: a timeout in a long search keeps them."""
    program = tmp_path / "many.lp"
    # 2^40 answer sets: enumeration never ends within the timeout
    program.write_text("{ b(1..40) }.\n#show b/1.\n")
    status, out, _, _ = lpsolve("run", str(program), "--timeout", "1", "--atoms", "-n", "0")
    assert status == 11  # interrupted, with answers
    answers = [line for line in out.splitlines() if line.startswith("Answer: ")]
    assert len(answers) > 10
    assert f"SATISFIABLE\n\nTIME LIMIT   : 1\nModels       : {len(answers)}+\n" in out


def test_solutions_before_a_timeout_are_kept(tmp_path: Path) -> None:
    """--all on the empty 8x8 Takuzu (4,111,116 solutions) cannot finish in 1 s: the
    solutions found before the timeout are all printed, each valid, and exit is 3."""
    board = tmp_path / "empty-8.takuzu"
    board.write_text(("." * 8 + "\n") * 8)
    status, out, _, _ = lpsolve("solve", str(board), "--all", "--timeout", "1", "--format", "json")
    assert status == 3
    data = json.loads(out)
    assert data["status"] == "solved" and data["complete"] is False
    assert data["count"] == len(data["solutions"]) > 0
    puzzle = load(board)
    solutions = {TakuzuSolution(tuple(rows)) for rows in data["solutions"]}
    assert len(solutions) == data["count"]  # all different
    assert all(puzzle.violations(solution) == [] for solution in solutions)


def test_parent_killed_takes_the_job_along(big_takuzu: Path) -> None:
    """kill -9 of lpsolve must not leave its grounding child running."""
    process = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", "solve", str(big_takuzu)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    time.sleep(1.5)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    assert children, "the job's child process should exist while grounding"
    process.kill()
    process.wait()
    deadline = time.monotonic() + 0.3  # the kernel ends it with its parent
    while time.monotonic() < deadline and _running(children[0]):
        time.sleep(0.005)
    assert not _running(children[0])


def _running(pid: str) -> bool:
    """The process exists and is not a zombie (state Z: ended, not yet reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
