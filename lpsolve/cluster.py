"""Supervised jobs on a Dask distributed cluster (``--cluster ADDRESS``): the jobs
:func:`lpsolve.jobs.supervise_many` runs on local processes, sent to the workers of a
Dask scheduler instead (``pip install 'lpsolve[cluster]'``).

Why this way:

* The same job description as locally (a key, a ``work(emit)``, an ``on_item``), so a
  caller changes only what runs its jobs. ``work`` is pickled with cloudpickle (a bound
  method such as ``SolveJob.work`` travels with its object; the workers import lpsolve,
  which must be the same version: checked on connecting).
* The limits are enforced on the worker by the same supervisor as locally
  (:mod:`lpsolve.jobs`): each job is a child forked there, so its deadline (counted
  from when its task starts there, or the run's one deadline), its memory cap and
  crash isolation hold exactly as at home. Dask itself cannot stop a running task.
* Items arrive per task: what a job emits is collected on its worker and returned
  with its outcome, so they reach ``on_item`` here when the task ends, in the order
  emitted, just before ``on_done``. A job's bad input or crash is returned as a value,
  not raised: Dask neither retries nor logs it as a failed task, and ``on_done`` gets
  the same :class:`LpsolveError` or :class:`InternalError` as locally.

Workers with one thread each (``dask worker ADDRESS --nworkers N --nthreads 1``) suit
these jobs best: each job is a process of its own anyway. A worker with several
threads works too; forking from a threaded process needs the two guards in
:func:`_task`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import __version__
from .errors import InternalError, LpsolveError, UsageError
from .jobs import Emit, Job, Limits, OnDone, Outcome, next_job, spawn

#: tasks in flight per worker thread of the cluster: enough that a thread finds its next
#: job waiting, few enough that a huge batch is not all sent at once
IN_FLIGHT_PER_THREAD = 4
#: ... and at least this many (a cluster whose workers have not all joined yet)
MIN_IN_FLIGHT = 8
#: how often the number of the cluster's threads is looked at again (workers come and go)
RESIZE_SECONDS = 5.0

Done = tuple[list[Any], "Outcome[Any] | LpsolveError | InternalError"]


def run_on_cluster(
    address: str,
    jobs: Iterable[Job],
    limits: Limits | None,
    on_done: OnDone,
    *,
    start: float | None = None,
    connect_timeout: float = 10.0,
) -> bool:
    """Run ``jobs`` on the workers of the Dask scheduler at ``address`` (such as
    ``tcp://10.0.0.5:8786`` or ``10.0.0.5:8786``), each supervised there under ``limits``.
    ``on_done`` hears of each job as it ends, in the order they end; the items the job
    emitted reach its ``on_item`` just before, in order. A drop-in for
    :func:`lpsolve.jobs.supervise_many`.

    Each job's deadline counts from when it starts on its worker, or with ``start`` (a
    ``time.monotonic()`` reading here) from then for all: one deadline for the whole
    run, after which no job starts (and a job that would start later is not reported,
    as locally). The workers read that deadline by their wall clocks (keep them in
    step, e.g. with NTP).

    Raises :class:`UsageError` (one line) if Dask is not installed here, if no
    scheduler answers at ``address`` within ``connect_timeout`` seconds, if a worker
    lacks this version of lpsolve, or if the cluster drops the jobs (the scheduler lost).
    A task Dask could not run (a worker lost again and again) is that job's
    :class:`InternalError`.

    Ctrl-C cancels the jobs not finished, reports none of them and returns True (a job
    already running on a worker cannot be cut short from here: it ends by itself or at
    its limits, and its result is dropped). Otherwise returns False.
    """
    try:
        import distributed
    except ImportError:
        raise UsageError("--cluster needs Dask: pip install 'lpsolve[cluster]'") from None
    # a worker's own memory (Dask's, shared by its threads' jobs) is not the command's:
    # each job's cap covers the job alone there
    limits = (limits or Limits())._replace(count_supervisor=False)
    deadline = None if start is None else limits.deadline(start)
    try:
        client = _connect(distributed, address, connect_timeout)
    except KeyboardInterrupt:
        return True
    in_flight: dict[Any, tuple[Any, Callable[[Any], None] | None]] = {}
    try:
        return _run(distributed, client, iter(jobs), limits, deadline, on_done, in_flight)
    except KeyboardInterrupt:
        _cancel(client, in_flight)
        return True
    except _Lost as lost:
        _cancel(client, in_flight)
        raise UsageError(
            f"--cluster {address}: {lost}; the jobs not reported did not end"
        ) from None
    finally:
        _close(client)


def cluster_threads(address: str, connect_timeout: float = 10.0) -> int:
    """How many jobs the cluster at ``address`` runs at once (its workers' threads; at
    least 1), e.g. to cut a count into enough cubes for all of them."""
    try:
        import distributed
    except ImportError:
        raise UsageError("--cluster needs Dask: pip install 'lpsolve[cluster]'") from None
    client = _connect(distributed, address, connect_timeout)
    try:
        return max(1, sum(client.nthreads().values()))
    finally:
        _close(client)


class _Lost(Exception):
    """The cluster dropped the jobs (the scheduler is gone, or was restarted)."""


def _run(
    distributed: Any,
    client: Any,
    waiting: Iterator[Job],
    limits: Limits,
    deadline: float | None,
    on_done: OnDone,
    in_flight: dict[Any, tuple[Any, Callable[[Any], None] | None]],
) -> bool:
    import cloudpickle  # comes with Dask

    # the run's deadline as the workers can read it: by the wall clock
    wall_deadline = None if deadline is None else time.time() + deadline - time.monotonic()
    finished = distributed.as_completed(loop=client.loop)
    size, sized = _in_flight_size(client, MIN_IN_FLIGHT), time.monotonic()
    more = True
    while True:
        # top up: a long (or endless) list of jobs is sent a window at a time
        while more and len(in_flight) < size:
            job = next_job(waiting, deadline)
            if job is None:
                more = False
                break
            key, work, on_item = job
            try:  # pickled here, not by Dask: a job that cannot travel is that job's error
                payload = cloudpickle.dumps(work)
            except Exception as error:
                problem = f"a job cannot be sent to the cluster: {_one_line(error)}"
                on_done(key, InternalError(problem))
                continue
            try:
                future = client.submit(_task, payload, limits, wall_deadline, pure=False)
            except Exception as error:
                raise _Lost(f"cannot send jobs ({_one_line(error)})") from None
            in_flight[future] = (key, on_item)
            finished.add(future)
        if not in_flight:
            return False
        future = next(finished)
        key, on_item = in_flight.pop(future)
        done = _result(future, client)
        del future  # the last reference here: the cluster may forget the result
        if done is None:  # it would have started after the run's deadline
            continue
        items, outcome = done
        if on_item is not None:
            for item in items:
                on_item(item)
        on_done(key, outcome)
        if time.monotonic() - sized >= RESIZE_SECONDS:  # workers come and go
            size, sized = _in_flight_size(client, size), time.monotonic()


def _in_flight_size(client: Any, default: int) -> int:
    try:
        threads = sum(client.nthreads().values())
    except Exception:  # the scheduler is away: the next result will tell
        return default
    return max(MIN_IN_FLIGHT, IN_FLIGHT_PER_THREAD * threads)


def _result(future: Any, client: Any) -> Done | None:
    """A finished task's items and outcome (None: not started, too late). A task that
    failed (a worker lost again and again, say) is the job's :class:`InternalError`; a
    task cancelled (not by us) means the cluster dropped every job: :class:`_Lost`."""
    try:
        done: Done | None = future.result()
    except Exception as error:
        if future.cancelled():
            reason = getattr(error, "reason", None)  # older Dask gives none
            if reason == "scheduler-connection-lost" or client.status != "running":
                raise _Lost("lost the connection to the scheduler") from None
            raise _Lost(f"the cluster cancelled the jobs ({reason or 'no reason given'})") from None
        return [], InternalError(f"the cluster could not run a job: {_one_line(error)}")
    return done


def _cancel(client: Any, in_flight: dict[Any, Any]) -> None:
    with contextlib.suppress(Exception):
        client.cancel([future for future in in_flight if not future.done()])


def _close(client: Any) -> None:
    # closing a client that is trying to reconnect logs the attempt cut short, with its
    # traceback: the caller has said what happened already
    logger = logging.getLogger("distributed.client")
    disabled, logger.disabled = logger.disabled, True
    try:
        with contextlib.suppress(Exception):
            client.close()
    finally:
        logger.disabled = disabled


# -- connecting ----------------------------------------------------------------------


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    """A client of the scheduler at ``address``, or :class:`UsageError` in one line."""
    # Ask first, under our own clock: a client made for an address where no scheduler
    # answers can wait for ever (a web server, say) or leave a traceback behind.
    problem = _probe(distributed, address, timeout)
    if problem is None:
        try:
            client = distributed.Client(address, timeout=timeout, set_as_default=False)
        except Exception as error:
            problem = f"cannot connect ({_one_line(error)})"
    if problem is not None:
        raise UsageError(f"--cluster {address}: {problem}")
    try:
        _check_workers(client, address)
    except BaseException:
        with contextlib.suppress(Exception):
            client.close()
        raise
    return client


def _probe(distributed: Any, address: str, timeout: float) -> str | None:
    """None if a Dask scheduler answers at ``address`` within ``timeout`` seconds, else
    why not. The asking runs in a thread of its own, so a peer that never answers
    cannot hold this one past the timeout."""
    answer: list[Any] = [None]

    async def ask() -> Any:
        arguments = distributed.Security().get_connection_args("client")
        comm = await distributed.comm.connect(address, timeout=timeout, **arguments)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    def run() -> None:
        try:
            answer[0] = asyncio.run(asyncio.wait_for(ask(), timeout))
        except (ValueError, TypeError) as error:  # a bad address or TLS settings
            answer[0] = _one_line(error)
        except Exception:  # refused, timed out, or not Dask's protocol
            answer[0] = "not a scheduler"

    thread = threading.Thread(target=run, name="lpsolve-cluster-probe", daemon=True)
    thread.start()
    thread.join(timeout)
    reply = answer[0]
    kind = reply.get("type") if isinstance(reply, dict) else None
    if kind == "Scheduler":
        return None
    if kind == "Worker":
        return "that is a Dask worker; give the scheduler's address"
    if isinstance(reply, str) and reply != "not a scheduler":
        return reply
    return f"no Dask scheduler answered within {timeout:g} s"


def _check_workers(client: Any, address: str) -> None:
    """The workers must run this lpsolve: they unpickle its jobs."""
    import pkgutil

    try:  # pkgutil.resolve_name travels by name, and imports lpsolve there
        versions = client.run(pkgutil.resolve_name, "lpsolve:__version__")
    except Exception as error:
        raise UsageError(
            f"--cluster {address}: a worker cannot import lpsolve ({_one_line(error)}); "
            "install it on every worker: pip install 'lpsolve[cluster]'"
        ) from None
    for worker, version in sorted(versions.items()):
        if version != __version__:
            raise UsageError(
                f"--cluster {address}: worker {worker} runs lpsolve {version}, "
                f"this is lpsolve {__version__}; install the same on every worker"
            )


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# -- on the worker -------------------------------------------------------------------


def _task(payload: bytes, limits: Limits, wall_deadline: float | None) -> Done | None:
    """On a worker: run one job as :func:`lpsolve.jobs.supervise` does, under the run's
    deadline if there is one (None if that has passed: not started). Returns the items
    it emitted and its outcome, or the error it raised (a value: not a failed task)."""
    import cloudpickle

    deadline = None
    if wall_deadline is not None:
        deadline = time.monotonic() + wall_deadline - time.time()
        if time.monotonic() >= deadline:
            return None
    items: list[Any] = []
    try:
        work = cloudpickle.loads(payload)
    except Exception as error:  # e.g. a class this worker's lpsolve lacks
        return items, InternalError(f"a worker cannot read a job: {_one_line(error)}")
    try:
        supervisor = spawn(_FreshStdio(work), limits, items.append, None, deadline)
        return items, supervisor.run()
    except (LpsolveError, InternalError) as error:
        return items, error


class _FreshStdio:
    """``work`` in a child forked from a threaded worker: another thread may have held
    ``sys.stdout``'s or ``sys.stderr``'s lock at the fork (a log line being written),
    and in the child nobody would ever release it, so the child gets new ones."""

    def __init__(self, work: Callable[[Emit], Any]) -> None:
        self.work = work

    def __call__(self, emit: Emit) -> Any:
        sys.stdout = _reopen(sys.stdout, 1)
        sys.stderr = _reopen(sys.stderr, 2)
        return self.work(emit)


def _reopen(stream: Any, fd: int) -> Any:
    try:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        return open(fd, "w", encoding=encoding, errors="backslashreplace", closefd=False)
    except OSError:  # no such descriptor: keep what there is
        return stream
