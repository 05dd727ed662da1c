"""Jobs on a Dask cluster (lpsolve/cluster.py): a real scheduler and two workers on
loopback, started as a user would, answer the bundled puzzles exactly as local
processes do; bad input, the timeout, one deadline for a whole run and the memory cap
end a job there as here; Ctrl-C, an unreachable scheduler, workers with another
lpsolve and a missing Dask each end the way the command line needs.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")

from lpsolve.cli import main  # noqa: E402
from lpsolve.cluster import MIN_IN_FLIGHT, run_on_cluster  # noqa: E402
from lpsolve.errors import LpsolveError, PuzzleError, UsageError  # noqa: E402
from lpsolve.jobs import Job, Limits, Outcome, supervise_many  # noqa: E402
from lpsolve.supervised import SolveJob  # noqa: E402

from .conftest import INSTANCES  # noqa: E402

#: (file, counting): quick ones, of every kind; the counts are of several solutions
PUZZLES = [
    ("hidato/seed-10x10.hidoku", False),
    ("hidato/seed003-hex-19.json", False),
    ("hidato/seed003-numbrix-9x9.json", True),
    ("takuzu/seed-8x8.takuzu", False),
    ("takuzu/letheed-grid1.takuzu", False),  # 6 solutions: stops at the limit
    ("takuzu/letheed-grid4.takuzu", True),  # 559
    ("magic/seed-5x5.magic", False),
    ("tiling/geekoverdose-5x5_1.tiling", False),
    ("tiling/seed-8x8.tiling", True),  # 208
    ("mastermind/seed-6x9.mastermind", False),
    ("mastermind/classic-4x6.mastermind", True),  # 1296
]


def _start(arguments: list[str], log: Path, cwd: Path) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", *arguments], cwd=cwd, stdout=out, stderr=subprocess.STDOUT
        )


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A scheduler and two one-thread workers on 127.0.0.1, as subprocesses of this
    Python; yields the scheduler's address, ends them all afterwards."""
    folder = tmp_path_factory.mktemp("dask")
    scheduler_file = folder / "scheduler.json"
    where = ["--host", "127.0.0.1", "--no-dashboard", "--dashboard-address", "127.0.0.1:0"]
    file = ["--scheduler-file", str(scheduler_file)]
    scheduler = ["distributed.cli.dask_scheduler", *where, *file, "--port", "0"]
    # the workers' options: one thread each, scratch space here, gone with the scheduler
    worker = ["distributed.cli.dask_worker", *where, *file, "--nthreads", "1"]
    worker += ["--local-directory", str(folder), "--death-timeout", "60"]
    # the scheduler ends by itself if this process dies without ending it
    scheduler += ["--idle-timeout", "10 minutes"]
    processes = [_start(scheduler, folder / "scheduler.log", folder)]
    try:
        for number in range(2):
            processes.append(_start(worker, folder / f"worker{number}.log", folder))
        deadline = time.monotonic() + 60
        while not scheduler_file.exists():
            if time.monotonic() > deadline or processes[0].poll() is not None:
                pytest.fail((folder / "scheduler.log").read_text())
            time.sleep(0.05)
        with distributed.Client(
            scheduler_file=str(scheduler_file), timeout=30, set_as_default=False
        ) as client:
            client.wait_for_workers(2, timeout=60)
            address = client.scheduler.address
        yield address
    finally:
        for process in reversed(processes):  # the workers first, then their scheduler
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def solve_jobs(limits: Limits) -> list[Job]:
    jobs: list[Job] = []
    for name, counting in PUZZLES:
        job = SolveJob(str(INSTANCES / name), counting=counting, timeout=limits.timeout)
        jobs.append(((name, counting, job), job.work, job.receive))
    return jobs


def answers(run: Any) -> dict[Any, Any]:
    """What each puzzle's job answered, comparable across runs."""
    found: dict[Any, Any] = {}

    def done(key: tuple[str, bool, SolveJob], outcome: Any) -> None:
        name, counting, job = key
        assert isinstance(outcome, Outcome), outcome
        result = job.finish(outcome).result
        assert result is not None
        found[name, counting] = (
            result.count,
            result.complete,
            frozenset(result.solutions),
            result.stopped_by,
            repr(result.puzzle),  # some kinds compare puzzles by identity
        )

    assert run(done) is False
    return found


def test_same_answers_as_local_processes(cluster: str) -> None:
    limits = Limits(timeout=60)
    local = answers(lambda done: supervise_many(solve_jobs(limits), limits, 2, done))
    remote = answers(lambda done: run_on_cluster(cluster, solve_jobs(limits), limits, done))
    assert remote == local
    assert len(local) == len(PUZZLES)
    assert local["tiling/seed-8x8.tiling", True][:2] == (208, True)
    assert local["takuzu/letheed-grid1.takuzu", False][0::3] == (2, "limit")


def test_a_declared_kind_travels_to_workers_that_lack_its_folder(cluster: str, tmp_path) -> None:
    """batch and counting in cubes on the cluster with a kind from a folder only this
    process knows (the workers started before it existed): the kind goes with each job,
    and the answers are a brute force's."""
    from .test_declared import latin_squares, latin_text, write_kind

    write_kind(tmp_path / "kinds")
    rows = {"open": ["1 - -", "- - -", "- - -"], "open4": ["- 2 - -", *["- - - -"] * 3]}
    for name, grid in rows.items():
        (tmp_path / f"{name}.latin").write_text(latin_text(grid))
    report = tmp_path / "report.jsonl"
    files = [str(tmp_path / f"{name}.latin") for name in rows]
    kinds = ["--kinds", str(tmp_path / "kinds")]
    options = ["--cluster", cluster, "--all", "--output", str(report), *kinds]
    assert main(["batch", *files, *options]) == 0
    found = {line["file"]: line for line in map(json.loads, report.read_text().splitlines())}
    grids = {tuple(map(tuple, s)) for s in found[files[0]]["solutions"]}
    assert grids == latin_squares(3, {(0, 0): 1})
    assert found[files[1]]["count"] == len(latin_squares(4, {(0, 1): 2}))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = main(["solve", files[1], "--count", "--cluster", cluster, *kinds])
    assert status == 0
    assert printed.getvalue().startswith(f"{len(latin_squares(4, {(0, 1): 2}))} solutions")


def test_items_arrive_in_order_before_done_and_the_window_is_kept(cluster: str) -> None:
    """A generator of jobs is taken a window at a time; each job's items reach its
    ``on_item`` in order, before its ``on_done``; the address may omit ``tcp://``."""
    taken = 0
    received: dict[int, list[int]] = {}
    ended: list[int] = []

    def lazily() -> Iterator[Job]:
        nonlocal taken
        number = 0
        while True:
            assert taken - len(ended) < MIN_IN_FLIGHT  # 2 one-thread workers: 8 at a time
            taken += 1

            def work(emit: Any, number: int = number) -> int:
                for item in range(number % 5 * 20):
                    emit(item)
                return number

            received[number] = []
            yield number, work, received[number].append
            number += 1
            if number == 40:
                return

    def done(key: int, outcome: Any) -> None:
        assert outcome.value == key
        assert received[key] == list(range(key % 5 * 20))
        ended.append(key)

    address = cluster.removeprefix("tcp://")
    assert run_on_cluster(address, lazily(), Limits(timeout=30), done) is False
    assert sorted(ended) == list(range(40))


def test_bad_input_comes_back_as_the_same_error(cluster: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.takuzu"
    bad.write_text("01x0\n0101\n")
    errors: dict[str, list[Any]] = {"local": [], "cluster": []}

    def jobs(where: str) -> list[Job]:
        job = SolveJob(str(bad), timeout=30)
        return [(where, job.work, job.receive)]

    def done(where: str, outcome: Any) -> None:
        errors[where].append(outcome)

    supervise_many(jobs("local"), Limits(timeout=30), 1, done)
    run_on_cluster(cluster, jobs("cluster"), Limits(timeout=30), done)
    [local], [remote] = errors["local"], errors["cluster"]
    assert isinstance(local, PuzzleError) and isinstance(remote, LpsolveError)
    assert type(remote) is type(local)
    assert str(remote) == str(local)
    assert (remote.source, remote.line, remote.col) == (local.source, local.line, local.col)


def test_a_job_that_never_ends_is_stopped_by_its_timeout(cluster: str) -> None:
    # defined here, not at the module's top level: pickled by value, so the workers
    # need not import this test module
    def forever(emit: Any) -> None:
        emit(os.getppid())  # its supervisor: a worker
        while True:
            time.sleep(0.01)

    outcomes: list[Any] = []
    items: list[Any] = []
    began = time.monotonic()
    run_on_cluster(
        cluster,
        [("forever", forever, items.append)],
        Limits(timeout=1),
        lambda _k, o: outcomes.append(o),
    )
    seconds = time.monotonic() - began
    [outcome] = outcomes
    assert isinstance(outcome, Outcome)
    assert outcome.stopped_by == "timeout" and outcome.value is None
    assert len(items) == 1 and items[0] != os.getpid()
    assert 1.0 <= outcome.seconds < 5.0
    assert seconds < 10.0


def test_one_deadline_for_the_whole_run_as_locally(cluster: str) -> None:
    """With ``start``: the jobs running at the run's deadline stop there, and none
    starts after it (nor is reported)."""

    def nap(seconds: float) -> Any:
        def work(_emit: Any) -> str:
            time.sleep(seconds)
            return "woke"

        return work

    # two at a time: two short naps, two long ones cut at the deadline, two never run
    naps = [0.2, 0.2, 30, 30, 0.2, 0.2]
    limits = Limits(timeout=1.5)

    def statuses(run: Any) -> dict[int, str | None]:
        found: dict[int, str | None] = {}
        jobs: list[Job] = [(n, nap(seconds), None) for n, seconds in enumerate(naps)]
        began = time.monotonic()
        run(jobs, lambda k, o: found.__setitem__(k, o.value or o.stopped_by), began)
        assert time.monotonic() - began < 4.0
        return found

    local = statuses(lambda jobs, done, start: supervise_many(jobs, limits, 2, done, start=start))
    remote = statuses(
        lambda jobs, done, start: run_on_cluster(cluster, jobs, limits, done, start=start)
    )
    assert local == {0: "woke", 1: "woke", 2: "timeout", 3: "timeout"}
    assert remote == local


def test_the_memory_cap_holds_on_the_worker(cluster: str) -> None:
    def hoard(_emit: Any) -> None:
        kept = []
        while True:  # 8 MB a step, touched so that it is resident
            kept.append(bytearray(8 << 20))

    outcomes: list[Any] = []
    limits = Limits(timeout=30, memory=200 << 20)
    run_on_cluster(cluster, [("hoard", hoard, None)], limits, lambda _k, o: outcomes.append(o))
    [outcome] = outcomes
    assert isinstance(outcome, Outcome) and outcome.stopped_by == "memory"
    assert 200 << 20 < outcome.peak_memory < 300 << 20


def test_workers_with_another_lpsolve_are_refused(
    cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("lpsolve.cluster.__version__", "0.0.0-other")
    with pytest.raises(UsageError, match=r"runs lpsolve \S+, this is lpsolve 0\.0\.0-other"):
        run_on_cluster(cluster, [], None, lambda _k, _o: None)


def test_ctrl_c_cancels_the_rest_and_reports_nothing_more(cluster: str) -> None:
    """Runs last of the tests on the cluster: the two jobs running when Ctrl-C comes
    go on there until their own timeout."""

    def slow(_emit: Any) -> None:
        time.sleep(60)

    done: list[Any] = []
    jobs: list[Job] = [(number, slow, None) for number in range(6)]
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    began = time.monotonic()
    timer.start()
    try:
        interrupted = run_on_cluster(cluster, jobs, Limits(timeout=3), lambda k, _o: done.append(k))
    finally:
        timer.cancel()
    assert interrupted is True
    assert done == []
    assert time.monotonic() - began < 3.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("peer", ["nothing", "silent"])
def test_unreachable_scheduler_is_a_usage_error(peer: str) -> None:
    """Nothing listening, or a server that accepts and never answers (no Dask)."""
    with contextlib.ExitStack() as stack:
        if peer == "silent":
            server = stack.enter_context(socket.socket())
            server.bind(("127.0.0.1", 0))
            server.listen()
            port = server.getsockname()[1]
        else:
            port = _free_port()
        address = f"tcp://127.0.0.1:{port}"
        began = time.monotonic()
        with pytest.raises(UsageError) as raised:
            run_on_cluster(address, [], None, lambda _k, _o: None, connect_timeout=1)
        assert time.monotonic() - began < 5.0
    message = str(raised.value)
    assert address in message and "\n" not in message
    assert "no Dask scheduler answered within 1 s" in message


def test_a_bad_address_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match=r"^--cluster udp://x:1: .*unknown address scheme"):
        run_on_cluster("udp://x:1", [], None, lambda _k, _o: None, connect_timeout=1)


def test_without_dask_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(UsageError) as raised:
        run_on_cluster("127.0.0.1:8786", [], None, lambda _k, _o: None)
    assert str(raised.value) == "--cluster needs Dask: pip install 'lpsolve[cluster]'"


# -- the command line on the cluster ---------------------------------------------------


def test_batch_on_the_cluster_reports_what_local_workers_report(
    cluster: str, run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files are read here and sent: the workers run in another folder, where these
    relative paths name nothing."""
    monkeypatch.chdir(INSTANCES)
    folders = ["takuzu", "magic", "mastermind"]
    bad = tmp_path / "bad.takuzu"
    bad.write_text("01x\n")
    reports = {}
    for where, options in (("local", ["--jobs", "2"]), ("cluster", ["--cluster", cluster])):
        report = tmp_path / f"{where}.jsonl"
        status, _, _ = run("batch", *folders, bad, *options, "--output", report)
        assert status == 2  # the bad file
        lines = [json.loads(line) for line in report.read_text().splitlines() if line]
        reports[where] = {
            line["file"]: (line["status"], line.get("count"), line.get("error")) for line in lines
        }
    assert reports["cluster"] == reports["local"]
    assert reports["local"][str(bad)][0] == "error"


def test_a_count_in_cubes_on_the_cluster_is_the_local_count(cluster: str, run: Any) -> None:
    tiling = INSTANCES / "tiling" / "geekoverdose-4x4_2.tiling"
    local = run("solve", tiling, "--count", "--jobs", "2", "--cubes", "6", "--format", "json")
    remote = run("solve", tiling, "--count", "--cluster", cluster, "--format", "json")
    assert local[0] == remote[0] == 0
    mine, theirs = json.loads(local[1]), json.loads(remote[1])
    assert (theirs["count"], theirs["complete"]) == (mine["count"], True)
    assert theirs["split"]["workers"] == cluster and theirs["split"]["cubes"] > 1
