"""The web playground under load: ``lpsolve serve`` started on a free local port, then

* throughput: requests per second for solving the seed 10x10 Hidoku
  (``GET /puzzles/hidato/seed-10x10.hidoku?action=solve``: a supervised job that reads,
  solves with the uniqueness proof and draws) with N clients at once, each sending its
  requests one after the other;
* latency of that solve for one client alone, and while another client runs a program
  that never ends (``p(X+1) :- p(X). p(0).``) in the workbench, holding one job slot
  until the server's ``--timeout`` stops it (and then starting it again);
* the baselines, measured in the same run: the same solve in-process
  (``lpsolve.solve(puzzle, 2)``, no drawing), as ms and as solves per second, in one
  process and in ``--jobs`` processes at once (what the machine's cores give while
  other work shares them).

Every answer is checked (status 200 and "search complete: unique"). Medians of
``--repeat`` rounds, taken in turn. Only addresses on this machine are used: each
client connects from an address of its own (127.0.0.N, all loopback on Linux), as
visitors on other machines would, since the server gives each address a share of its
job slots.

    python benchmarks/web.py [--clients 1,2,4,8] [--requests 40] [--repeat 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

import lpsolve

SOLVE = "/puzzles/hidato/seed-10x10.hidoku?action=solve"
NEVER_ENDING = "p(X+1) :- p(X). p(0).\n"
INSTANCE = "instances/hidato/seed-10x10.hidoku"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(port: int, jobs: int, timeout: float | None = None) -> subprocess.Popen:
    """``lpsolve serve`` on ``port``, once it answers (``timeout``: the request limit,
    with a long queue; None: serve's defaults)."""
    command = [sys.executable, "-m", "lpsolve", "serve", "--port", str(port), "--jobs", str(jobs)]
    if timeout is not None:
        command += ["--timeout", str(timeout), "--queue", "64"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("lpsolve serve did not start")


def visitor(base: str, number: int, timeout: float = 120) -> httpx.Client:
    """A client connecting from 127.0.0.``number``: a visitor of its own to the server."""
    transport = httpx.HTTPTransport(local_address=f"127.0.0.{number}")
    return httpx.Client(base_url=base, timeout=timeout, transport=transport)


#: the addresses' last numbers: the never-ending program's visitor, the one who solves
#: beside it, then one per client of the throughput figures
HOG, BESIDE, CLIENTS = 2, 3, 10


def solve_once(client: httpx.Client) -> float:
    started = time.perf_counter()
    response = client.get(SOLVE)
    seconds = time.perf_counter() - started
    if response.status_code != 200 or "search complete: unique" not in response.text:
        raise SystemExit(f"unexpected answer {response.status_code}: {response.text[:300]}")
    return seconds


def throughput(base: str, clients: int, requests: int) -> tuple[float, float]:
    """Requests per second with ``clients`` at once (``requests`` in all), and the
    median latency of a request."""
    latencies: list[float] = []
    lock = threading.Lock()

    def one_client(number: int, count: int) -> None:
        with visitor(base, CLIENTS + number) as client:
            for _ in range(count):
                seconds = solve_once(client)
                with lock:
                    latencies.append(seconds)

    shares = [requests // clients + (i < requests % clients) for i in range(clients)]
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(one_client, range(clients), shares))
    return requests / (time.perf_counter() - started), statistics.median(latencies)


def latency_beside_a_never_ending_program(base: str, requests: int) -> tuple[float, int]:
    """Median solve latency while another visitor's program never ends; how many times
    the time limit stopped that program meanwhile (it is sent again each time)."""
    stop = threading.Event()
    stopped = 0

    def hog() -> None:
        nonlocal stopped
        with visitor(base, HOG, timeout=300) as client:
            while not stop.is_set():
                form = {"kind": "takuzu", "program": NEVER_ENDING, "action": "run"}
                page = client.post("/workbench", data=form).text
                if "stopped by the time limit" not in page:
                    raise SystemExit(f"the never-ending program was not stopped: {page[:300]}")
                stopped += 1

    thread = threading.Thread(target=hog)
    thread.start()
    time.sleep(1.0)  # let the program take its slot
    with visitor(base, BESIDE) as client:
        latencies = [solve_once(client) for _ in range(requests)]
    stop.set()
    thread.join()
    return statistics.median(latencies), stopped


def in_process(repeat: int) -> float:
    puzzle = lpsolve.load(INSTANCE)
    lpsolve.solve(puzzle, 2)  # warm: imports, encoding read
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = lpsolve.solve(puzzle, 2)
        times.append(time.perf_counter() - started)
        assert result.unique
    return statistics.median(times)


PARALLEL = """
import sys, time, lpsolve
puzzle = lpsolve.load(sys.argv[1]); lpsolve.solve(puzzle, 2)
started = time.perf_counter()
for _ in range(int(sys.argv[2])):
    lpsolve.solve(puzzle, 2)
print(time.perf_counter() - started)
"""


def in_processes(processes: int, requests: int) -> float:
    """Solves per second of ``processes`` Python processes solving at once."""
    command = [sys.executable, "-c", PARALLEL, INSTANCE, str(requests)]
    running = [
        subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(processes)
    ]
    seconds = [float(p.communicate()[0]) for p in running]
    return processes * requests / max(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", default="1,2,4,8", help="client counts (default 1,2,4,8)")
    parser.add_argument("--requests", type=int, default=40, help="requests per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (medians are shown)")
    parser.add_argument("--jobs", type=int, default=2, help="the server's --jobs (default 2)")
    parser.add_argument("--timeout", type=float, default=10.0, help="the server's --timeout")
    args = parser.parse_args()
    counts = [int(n) for n in args.clients.split(",")]

    port = free_port()
    server = start_server(port, args.jobs, args.timeout)
    base = f"http://127.0.0.1:{port}"
    rates: dict[int, list[float]] = {n: [] for n in counts}
    alone: list[float] = []
    beside: list[float] = []
    baseline: list[float] = []
    parallel: list[float] = []
    stops = 0
    try:
        with httpx.Client(base_url=base, timeout=120) as client:
            solve_once(client)  # warm: the server's first job
        for round_ in range(args.repeat):
            baseline.append(in_process(args.requests))
            parallel.append(in_processes(args.jobs, args.requests))
            for n in counts:
                rate, _ = throughput(base, n, args.requests)
                rates[n].append(rate)
            alone.append(throughput(base, 1, args.requests)[1])
            seconds, stopped = latency_beside_a_never_ending_program(base, args.requests)
            beside.append(seconds)
            stops += stopped
            print(f"round {round_ + 1} of {args.repeat} done", file=sys.stderr)
    finally:
        server.terminate()
        server.wait(timeout=30)

    base_ms = statistics.median(baseline) * 1000
    print(f"lpsolve serve --jobs {args.jobs} --timeout {args.timeout:g}; {args.requests} "
          f"requests per figure, medians of {args.repeat} rounds")  # fmt: skip
    print(f"baseline: in-process solve of the seed 10x10 {base_ms:.1f} ms "
          f"({1000 / base_ms:.1f} per second in one process; "
          f"{statistics.median(parallel):.1f} per second in {args.jobs} at once)")  # fmt: skip
    for n in counts:
        rate = statistics.median(rates[n])
        print(f"{n} client{'s' * (n != 1)} at once: {rate:.1f} solves per second "
              f"(x{rate * base_ms / 1000:.2f} the in-process rate)")  # fmt: skip
    alone_ms = statistics.median(alone) * 1000
    beside_ms = statistics.median(beside) * 1000
    print(f"latency of one solve: alone {alone_ms:.1f} ms; while another visitor's program "
          f"never ends {beside_ms:.1f} ms (x{beside_ms / alone_ms:.2f}; that program was "
          f"stopped by the time limit {stops} times)")  # fmt: skip


if __name__ == "__main__":
    main()
