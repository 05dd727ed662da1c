"""The supervised job runner (lpsolve/jobs.py): deadlines that cut through clingo's
grounding, the memory cap, Ctrl-C, streamed items, errors crossing the process.

The clock figures asserted here are generous bounds (a loaded machine must not fail
them); the measured latencies are in docs/limits.md, from benchmarks/limits.py.
"""

from __future__ import annotations

import os
import signal
import threading
import time

import clingo
import pytest

from lpsolve.errors import InternalError, PuzzleError
from lpsolve.jobs import Limits, Native, format_size, parse_size, supervise

from .conftest import ROOT

MB = 1 << 20


def ground_forever() -> None:
    """A grounding that never ends: clingo does not return to Python meanwhile."""
    ctl = clingo.Control()
    ctl.add("base", [], "p(X+1) :- p(X). p(0).")
    ctl.ground([("base", [])])


def test_value_and_items_in_order() -> None:
    items: list[int] = []

    def work(emit):
        for i in range(200):
            emit(i)
        return "done"

    outcome = supervise(work, Limits(timeout=30), items.append)
    assert outcome.value == "done" and outcome.finished
    assert items == list(range(200))


def test_timeout_cuts_grounding_and_keeps_items() -> None:
    items: list[str] = []

    def work(emit):
        emit("before")
        ground_forever()

    outcome = supervise(work, Limits(timeout=1.0), items.append)
    assert outcome.stopped_by == "timeout"
    assert outcome.value is None
    assert items == ["before"]
    assert 1.0 <= outcome.seconds < 4.0


def test_memory_cap_ends_the_job() -> None:
    def work(_emit):
        hoard = []
        while True:  # 8 MB a step, touched so that it is resident
            hoard.append(bytearray(8 * MB))

    outcome = supervise(work, Limits(timeout=60, memory=150 * MB))
    assert outcome.stopped_by == "memory"
    assert "memory limit (150M)" in outcome.stop_message()
    # resident memory seen never far past the cap: the poll caught it
    assert outcome.peak_memory < 150 * MB + 100 * MB


def test_memory_cap_in_grounding() -> None:
    def work(_emit):
        ctl = clingo.Control()
        ctl.add("base", [], "n(1..3000). q(X,Y) :- n(X), n(Y).")
        ctl.ground([("base", [])])

    outcome = supervise(work, Limits(timeout=60, memory=120 * MB))
    assert outcome.stopped_by == "memory"


def test_ctrl_c_in_grounding() -> None:
    """SIGINT to the parent (as the terminal sends it) stops a job that is grounding."""
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    try:
        outcome = supervise(lambda _emit: ground_forever(), Limits(timeout=60))
    finally:
        timer.cancel()
    assert outcome.stopped_by == "interrupt"
    assert time.monotonic() - started < 0.5 + 2.0


def test_stop_request_lets_a_search_hand_in_its_result() -> None:
    """A child in Python code gets the stop as KeyboardInterrupt and may still answer."""

    def work(_emit):
        try:
            while True:
                time.sleep(0.01)
        except KeyboardInterrupt:
            return "partial"

    outcome = supervise(work, Limits(timeout=0.5))
    assert outcome.value == "partial"
    assert outcome.stopped_by == "timeout"


def test_puzzle_error_crosses_with_its_place() -> None:
    def work(_emit):
        raise PuzzleError("expected a number", "board.hidoku", 3, 7)

    with pytest.raises(PuzzleError) as caught:
        supervise(work, Limits(timeout=10))
    assert str(caught.value) == "board.hidoku:3:7: expected a number"


def test_a_crash_is_an_internal_error() -> None:
    def work(_emit):
        return 1 // 0

    with pytest.raises(InternalError, match="ZeroDivisionError"):
        supervise(work, Limits(timeout=10))


def test_a_killed_child_is_reported() -> None:
    def work(_emit):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(10)

    with pytest.raises(InternalError, match="ended without a word"):
        supervise(work, Limits(timeout=30, memory=None))


def test_no_child_outlives_the_job() -> None:
    pids: list[int] = []

    def work(emit):
        emit(os.getpid())
        ground_forever()

    supervise(work, Limits(timeout=0.5), pids.append)
    with pytest.raises(ProcessLookupError):
        os.kill(pids[0], 0)


def test_the_job_cannot_read_the_terminal() -> None:
    def work(_emit):
        with open("/dev/stdin", "rb") as stdin:
            return stdin.read()

    assert supervise(work, Limits(timeout=10)).value == b""


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("500M", 500 * MB),
        ("2G", 2 << 30),
        ("1.5G", 3 << 29),
        ("800000K", 800000 << 10),
        ("2GiB", 2 << 30),
        ("1048576", 1 << 20),
        ("none", None),
        ("NONE", None),
    ],
)
def test_parse_size(text: str, size: int | None) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "abc", "-5M", "0", "1K", "5X", "M", "2 G G"])
def test_parse_size_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="expected a size"):
        parse_size(text)


def test_format_size_round_trips() -> None:
    for text in ("500M", "2G", "1.5G", "64M"):
        assert format_size(parse_size(text) or 0) == text


def test_clingo_symbols_cross_intact() -> None:
    """Symbols are rebuilt from their structure in the parent (by default they would
    pickle a handle into the child's own symbol table)."""
    texts = ['p(1,"a\\"b\\nc",(2,-3),f(g))', "#inf", "#sup", "-q(x)", "()", '"x"', "-7"]

    def work(_emit):
        # fresh symbols, made in the child only, after the fork
        return [clingo.parse_term(f"{text}") for text in texts] + [
            clingo.Function("new_in_child", [clingo.Number(i)]) for i in range(1000)
        ]

    symbols = supervise(work, Limits(timeout=30)).value
    assert [str(symbol) for symbol in symbols[: len(texts)]] == texts
    assert symbols[len(texts) :] == [
        clingo.Function("new_in_child", [clingo.Number(i)]) for i in range(1000)
    ]
    assert sorted(symbols)  # comparing them is safe


def test_an_inherited_address_space_limit_is_kept() -> None:
    """Under ``ulimit -v`` (a hard limit below the cap's backstop) jobs still run."""
    import subprocess
    import sys

    code = (
        "import resource; from lpsolve.jobs import Limits, supervise; "
        "limit = 3 << 30; resource.setrlimit(resource.RLIMIT_AS, (limit, limit)); "
        "outcome = supervise(lambda emit: resource.getrlimit(resource.RLIMIT_AS), "
        "Limits(timeout=30, memory=4 << 30)); "
        "assert outcome.value == (limit, limit), outcome; print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_deadline_counts_from_the_given_start() -> None:
    """The command line starts the clock when it starts: time spent before the job
    (imports, argument parsing) counts against --timeout."""
    from lpsolve import supervised

    started = time.monotonic() - 0.8  # as if the command had begun 0.8 s ago
    solved = supervised.solve_file(
        str(ROOT / "instances/takuzu/seed-8x8.takuzu"),
        limit=2,
        limits=Limits(timeout=1.0),
        start=started,
    )
    assert solved.result is not None and solved.result.unique
    assert solved.outcome.seconds >= 0.8  # measured from the given start


_ORPHAN_PARENT = """
import sys
import clingo
from lpsolve.jobs import Limits, supervise, supervise_many

def work(emit):
    import os
    emit(os.getpid())
    if sys.argv[1] == "grounding":
        ctl = clingo.Control()
        ctl.add("base", [], "p(X+1) :- p(X). p(0).")
        ctl.ground([("base", [])])
    if sys.argv[1] == "holding the GIL":  # one C call that never lets another thread run
        sum(range(10**15))
    while True:  # in Python code
        pass

def show(pid):
    print(pid, flush=True)

jobs = int(sys.argv[2])
if jobs == 1:
    supervise(work, Limits(timeout=None), show)
else:  # siblings, forked from one parent with one lifeline
    supervise_many([(i, work, show) for i in range(jobs)], Limits(), jobs, print)
"""


#: how soon a job must be gone after its parent's ``kill -9`` (the kernel ends it as
#: the parent's exit closes the lifeline; a loaded machine may take a while to reap)
KILLED_WITH_PARENT_SECONDS = 0.3


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.parametrize(
    ("doing", "jobs"),
    [("grounding", 1), ("python", 1), ("holding the GIL", 1), ("holding the GIL", 3)],
)
def test_a_job_dies_with_its_parent(doing: str, jobs: int) -> None:
    """``kill -9`` of the supervising process ends its jobs at once, wherever they are:
    even deep in a C call that holds the GIL (numpy, big integers), where a watcher
    thread of the child's could not run; and every one of several siblings."""
    import subprocess
    import sys

    parent = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN_PARENT, doing, str(jobs)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        children = [int(parent.stdout.readline()) for _ in range(jobs)]
        time.sleep(0.3)  # well into their work
        assert all(_alive(child) for child in children)
    finally:
        parent.kill()
        parent.wait()
        parent.stdout.close()
    deadline = time.monotonic() + KILLED_WITH_PARENT_SECONDS
    while any(_alive(child) for child in children) and time.monotonic() < deadline:
        time.sleep(0.005)
    survivors = [child for child in children if _alive(child)]
    for child in survivors:  # leave no runaway behind a failed test
        os.kill(child, signal.SIGKILL)
    assert not survivors


# -- native jobs: their own output and stop signals (clingo's application) -----------------


def native(out: bytearray, err: bytearray, grace: float = 2.0) -> Native:
    return Native(
        out.extend, err.extend, {"timeout": signal.SIGALRM, "interrupt": signal.SIGTERM}, grace
    )


def test_a_native_jobs_output_reaches_the_parent_whole() -> None:
    """What the job writes to its file descriptors 1 and 2 (not through Python's
    streams), 3 MB of it, arrives in order; the value and items as usual."""
    out, err, items = bytearray(), bytearray(), []
    lines = b"".join(b"line %d\n" % i for i in range(300_000))

    def work(emit):
        emit("item")
        view = memoryview(lines)
        while view:
            view = view[os.write(1, view) :]
        os.write(2, b"to stderr\n")
        return 7

    outcome = supervise(work, Limits(timeout=60), items.append, native=native(out, err))
    assert outcome.value == 7 and items == ["item"]
    assert bytes(out) == lines and bytes(err) == b"to stderr\n"


@pytest.mark.parametrize(("reason", "signum"), [("timeout", "SIGALRM"), ("interrupt", "SIGTERM")])
def test_a_native_job_is_asked_to_stop_with_its_own_signal(reason: str, signum: str) -> None:
    """The job's own handler (as clingo's: print a summary, end the process with its
    exit status) answers the signal named for the reason; what it printed and its
    exit status reach the parent."""
    out, err = bytearray(), bytearray()

    def work(_emit):
        def stop(number: int, _frame) -> None:
            os.write(1, f"stopped by {signal.Signals(number).name}\n".encode())
            os._exit(11)

        signal.signal(signal.SIGALRM, stop)
        signal.signal(signal.SIGTERM, stop)
        os.write(1, b"searching\n")
        while True:
            time.sleep(0.01)

    if reason == "timeout":
        outcome = supervise(work, Limits(timeout=1.0), native=native(out, err))
    else:
        threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
        outcome = supervise(work, Limits(), native=native(out, err))
    assert outcome.stopped_by == reason and outcome.exit_status == 11
    assert bytes(out) == f"searching\nstopped by {signum}\n".encode()


def test_a_native_job_that_ignores_the_stop_is_killed_after_its_grace() -> None:
    out, err = bytearray(), bytearray()

    def work(_emit):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        os.write(1, b"working\n")
        while True:
            time.sleep(0.01)

    outcome = supervise(work, Limits(timeout=0.5), native=native(out, err, grace=0.5))
    assert outcome.stopped_by == "timeout" and outcome.exit_status is None
    assert outcome.value is None and bytes(out) == b"working\n"
    assert 1.0 <= outcome.seconds < 4.0
