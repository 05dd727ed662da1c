"""The supervised job runner: a job runs in a child process under a wall-clock
deadline, a memory cap and Ctrl-C, and hands its parent what it finds as it goes.

Why a child process: clingo's grounding cannot be interrupted from Python (a signal
handler runs only when ``ground()`` returns), and a runaway program can take all the
machine's memory. Killing a process stops both at any moment. What a job emits
(solutions, progress) reaches the parent at once, so a stop loses nothing found.

A stop is asked for first (``SIGUSR1``: the child raises ``KeyboardInterrupt``,
which the backends turn into "stop, keep what was found") and forced after
:data:`GRACE_SECONDS` (``SIGKILL``). The memory cap is the child's resident memory
(RSS), plus the parent's own with ``Limits.count_supervisor`` (the command line's
setting: the cap then covers the whole command), read from ``/proc`` every poll;
exceeding it kills the child at once. As a backstop against a burst between two
polls, the child's address space is limited to the cap plus
:data:`ADDRESS_SPACE_HEADROOM`.

A child dies with its parent however the parent ends (even ``kill -9``): on Linux
the kernel sends it SIGKILL as the parent's end of a lifeline pipe closes; elsewhere
a thread of the child's watches that pipe.

The transport is ``os.fork`` and a pipe of pickled frames, not ``multiprocessing``:
importing ``multiprocessing.connection`` alone costs 25 ms, more than the 20 ms a
supervised solve of the seed 10x10 may add. The child inherits the job (a closure is
fine), so only what it emits is pickled. POSIX only; :func:`supervise` raises
:class:`UsageError` where ``os.fork`` is missing, and callers can run in-process.
"""

from __future__ import annotations

import _thread
import contextlib
import copyreg
import os
import pickle
import resource
import select
import signal
import struct
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, NamedTuple, TypeVar

import clingo

from .errors import InternalError, LpsolveError, UsageError

T = TypeVar("T")
#: what a job calls to hand an item (a solution, a progress count) to its parent
Emit = Callable[[Any], None]

#: how often the parent looks at the child's memory and the clock (a job growing fast
#: passes a memory cap by what it allocates in this time: 20 ms let a 400x400 board pass
#: 100M by 16 %)
POLL_SECONDS = 0.005
#: how long a child asked to stop may take to hand in its partial result
GRACE_SECONDS = 0.1
#: a native job's output pipe is read again this long after a small piece: at most
#: 2 ms late, and a pipe (64 KB) holds what clingo prints in that time
RELAY_PAUSE = 0.002
#: the child's address-space backstop above the RSS cap (thread arenas, libraries)
ADDRESS_SPACE_HEADROOM = 1 << 30
#: the default memory cap: 4 GiB or half of this machine's memory, whichever is less
DEFAULT_MEMORY = min(4 << 30, os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2)

STOP_REASONS = ("timeout", "memory", "interrupt")

_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(text: str) -> int | None:
    """``500M``, ``2G``, ``1.5G``, ``800000K`` or a number of bytes -> bytes; ``none``
    -> ``None`` (no cap). Raises ``ValueError`` with what was expected."""
    spec = text.strip().upper().removesuffix("IB").removesuffix("B") or "0"
    if spec == "NONE":
        return None
    unit = spec[-1] if spec[-1] in _UNITS else ""
    number = spec[: len(spec) - len(unit)]
    try:
        value = float(number)
    except ValueError:
        value = -1.0
    size = int(value * _UNITS[unit])
    if not 1 << 20 <= size <= 1 << 50:
        raise ValueError(f"expected a size such as 500M or 2G (at least 1M) or none, got {text!r}")
    return size


def format_size(size: int) -> str:
    """Bytes as people write them: ``512M``, ``2G``, ``1.5G``."""
    for unit in ("T", "G", "M", "K"):
        if size >= _UNITS[unit]:
            value = size / _UNITS[unit]
            return f"{value:.3g}{unit}"
    return f"{size}B"


class Limits(NamedTuple):
    """What a job may use: wall-clock seconds (everything: parsing, grounding,
    search) and resident memory in bytes; ``None`` is unbounded.

    ``count_supervisor``: the memory cap also counts the supervising process's own
    resident memory, so that it covers the job and its parent together (what the
    command line sets: ``--memory-limit`` caps the whole command). Off for a library
    caller, whose own memory is its business, and on cluster workers."""

    timeout: float | None = None
    memory: int | None = DEFAULT_MEMORY
    count_supervisor: bool = False

    def deadline(self, start: float) -> float | None:
        return None if self.timeout is None else start + self.timeout


class Native(NamedTuple):
    """How to supervise a job that runs native code with output and signal handling of
    its own (clingo's application, :func:`clingo.application.clingo_main`): its file
    descriptors 1 and 2 are pipes the supervisor reads, the bytes handed to ``stdout``
    and ``stderr`` as they come (none lost when the job is killed), and a stop is
    asked for with the signal ``stop_signals`` names for its reason (the job's code
    handles it: a Python handler would not run while native code does), then forced
    ``grace`` seconds later."""

    stdout: Callable[[bytes], None]
    stderr: Callable[[bytes], None]
    stop_signals: dict[str, int]  # "timeout", "interrupt" -> the signal to send
    grace: float = GRACE_SECONDS


class Outcome(NamedTuple, Generic[T]):
    """How a supervised job ended: its return value, or why it was stopped."""

    value: T | None
    stopped_by: str | None  # None (finished), "timeout", "memory" or "interrupt"
    seconds: float
    #: bytes: the highest resident memory seen (0 if never read): the job's, plus the
    #: supervisor's own with ``Limits.count_supervisor``
    peak_memory: int
    memory_limit: int | None = None
    #: a native job that ended the process itself (clingo's application exits from
    #: its signal handler once it has printed its summary): the process's exit status
    exit_status: int | None = None

    @property
    def finished(self) -> bool:
        return self.stopped_by is None

    def stop_message(self) -> str:
        """One line naming the limit that ended the job."""
        if self.stopped_by == "memory" and self.memory_limit is not None:
            return f"stopped by the memory limit ({format_size(self.memory_limit)})"
        if self.stopped_by == "timeout":
            return f"stopped by the timeout after {self.seconds:.2f} s"
        return "interrupted"


# -- what crosses the pipe --------------------------------------------------------------


def _rebuild_symbol(symbol: clingo.Symbol) -> tuple[Callable[[str], clingo.Symbol], tuple[str]]:
    """Pickle a clingo symbol as its text, parsed back by clingo: by default it would
    pickle its handle, an index into the symbol table of the process that made it,
    which means nothing (and crashes clingo) in another process. Text, not the symbol's
    structure: a term nested a few hundred deep (an answer set may hold one) would
    take pickle past Python's recursion limit; clingo prints and parses it without
    Python recursion, and four times faster than rebuilding it argument by argument."""
    return clingo.parse_term, (str(symbol),)


copyreg.pickle(clingo.Symbol, _rebuild_symbol)


# -- the child -------------------------------------------------------------------------


#: in a supervised child: the supervisor has asked the job to stop
_stop_asked = False


def _interrupt(_signum: int, _frame: Any) -> None:
    global _stop_asked
    _stop_asked = True
    raise KeyboardInterrupt


def stop_asked() -> bool:
    """In a supervised child: whether the supervisor asked the job to stop (deadline,
    Ctrl-C). A search takes the request as "stop, keep what was found" and returns
    a partial answer, which a job that goes on from it (e.g. "no unique solution
    found, so no deduction") would take for a whole one: such a job asks this."""
    return _stop_asked


class _Pipe:
    """Length-prefixed pickled frames; a frame is written whole, never cut by a stop
    request (the request's signal is blocked while writing)."""

    _HEADER = struct.Struct("!I")

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: tuple[Any, ...]) -> None:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
        try:
            data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(self._HEADER.pack(len(data)) + data)
            while view:
                view = view[os.write(self.fd, view) :]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


#: the pipe to the supervisor, in a supervised child (None elsewhere)
_to_parent: _Pipe | None = None


def writing_output() -> None:
    """Tell the supervisor that the job's search is over and it is only writing out what
    it found: the deadline no longer cuts it, and a stop asked for before (at the
    deadline, or Ctrl-C) has been honoured, so the job may write all it found. The
    memory cap still cuts it, and so does a Ctrl-C from now on (the job is killed after
    the grace period: stop requests no longer interrupt it, so that a request at the
    deadline cannot break off what it writes). Does nothing outside a supervised child."""
    if _to_parent is not None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
        _to_parent.send(("writing",))


#: this process's lifeline to its children: they read one end and this process holds
#: the other, so their reads end (EOF) when it dies, however it dies (even ``kill
#: -9``); made at the first fork (a child makes its own for children of its own)
_lifeline: tuple[int, int] | None = None


def _lifeline_ends() -> tuple[int, int]:
    global _lifeline
    if _lifeline is None:
        _lifeline = os.pipe()
        # imported here, before the fork: each child importing it took 5 ms (copying the
        # pages the import touches), against 0.3 ms once here
        with contextlib.suppress(ImportError):
            import fcntl  # noqa: F401
    return _lifeline


def _kernel_kills_orphan(lifeline: int) -> bool:
    """In a child: have the kernel send this process SIGKILL the moment the parent's end
    of the lifeline closes (Linux: ``O_ASYNC`` with ``F_SETSIG``). No thread of ours has
    to run for it, so it works even while the job holds the GIL in a long C call (a
    watcher thread then waited up to 1.9 s). False where this is not available.

    The lifeline's read end is opened anew through ``/proc``: a signal's owner belongs to
    an open file description, which every child of the parent would otherwise share (the
    last to claim it would be the only one signalled)."""
    try:
        import fcntl

        own = os.open(f"/proc/self/fd/{lifeline}", os.O_RDONLY | os.O_NONBLOCK)
        fcntl.fcntl(own, fcntl.F_SETSIG, signal.SIGKILL)
        fcntl.fcntl(own, fcntl.F_SETOWN, os.getpid())
        fcntl.fcntl(own, fcntl.F_SETFL, fcntl.fcntl(own, fcntl.F_GETFL) | os.O_ASYNC)
    except (ImportError, AttributeError, OSError):
        return False
    try:  # the parent may have died before the signal was set up: no EOF comes again
        orphan = os.read(own, 1) == b""
    except BlockingIOError:  # the parent holds its end: nothing to read yet
        orphan = False
    if orphan:
        os.kill(os.getpid(), signal.SIGKILL)
    return True


def _die_with_parent(lifeline: int) -> None:
    """In a child, on a thread of its own where the kernel cannot do it: wait for the
    parent's end of the lifeline to close, then end this process (a job may be deep in
    grounding). Slow when the job holds the GIL: the thread must get it to run."""
    while True:
        try:
            if not os.read(lifeline, 1):
                break
        except OSError:
            break
    os.kill(os.getpid(), signal.SIGKILL)


def _child(
    work: Callable[[Emit], Any],
    fd: int,
    memory: int | None,
    lifeline: tuple[int, int],
    outputs: tuple[int, ...] = (),
) -> None:
    """Run ``work`` and report how it ended; never returns. ``outputs``: the write ends
    of pipes that become this process's file descriptors 1 and 2 (:class:`Native`)."""
    code = 0
    try:
        for target, write_end in enumerate(outputs, start=1):
            os.dup2(write_end, target)
            os.close(write_end)
        global _lifeline
        _lifeline = None  # the parent's: this process forks with a lifeline of its own
        os.close(lifeline[1])
        if not _kernel_kills_orphan(lifeline[0]):
            # the watcher blocks every signal, so that a stop request reaches the job's thread
            old = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
            _thread.start_new_thread(_die_with_parent, (lifeline[0],))
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent relays Ctrl-C
        signal.signal(signal.SIGUSR1, _interrupt)
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)  # a job never reads the terminal (e.g. #include "/dev/stdin")
        if memory is not None:  # the backstop; never above a limit inherited
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            cap = memory + ADDRESS_SPACE_HEADROOM
            for inherited in (soft, hard):
                if inherited != resource.RLIM_INFINITY:
                    cap = min(cap, inherited)
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
        global _to_parent
        pipe = _to_parent = _Pipe(fd)
        try:
            value = work(lambda item: pipe.send(("item", item)))
            for stream in (sys.stdout, sys.stderr):  # a job may print (inherited streams)
                stream.flush()
            pipe.send(("done", value))
        except BrokenPipeError:  # its stdout was closed, e.g. `lpsolve ... | head`
            pipe.send(("broken pipe",))
        except KeyboardInterrupt:
            pipe.send(("stopped",))
        except LpsolveError as error:
            pipe.send(("error", error))
        except MemoryError:
            pipe.send(("memory",))
        except RuntimeError as error:
            # clingo reports a failed allocation as a RuntimeError naming bad_alloc
            if "bad_alloc" in str(error):
                pipe.send(("memory",))
            else:
                pipe.send(("crash", traceback.format_exc()))
        except BaseException:
            pipe.send(("crash", traceback.format_exc()))
    except BaseException:
        code = 70
    finally:
        os._exit(code)


# -- the parent ------------------------------------------------------------------------


def _resident_memory(pid: int | str) -> int:
    """Resident memory (bytes) of process ``pid`` (``"self"``: this one); 0 if unknown."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0


_PAGE = os.sysconf("SC_PAGE_SIZE")


class _Frames:
    """Reassembles frames from the pipe's bytes."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[tuple[Any, ...]]:
        self.buffer += data
        messages = []
        header = _Pipe._HEADER
        while len(self.buffer) >= header.size:
            (length,) = header.unpack_from(self.buffer)
            if len(self.buffer) < header.size + length:
                break
            payload = bytes(self.buffer[header.size : header.size + length])
            del self.buffer[: header.size + length]
            messages.append(pickle.loads(payload))
        return messages


def supervise(
    work: Callable[[Emit], T],
    limits: Limits | None = None,
    on_item: Callable[[Any], None] | None = None,
    *,
    start: float | None = None,
    on_wait: Callable[[], None] | None = None,
    native: Native | None = None,
) -> Outcome[T]:
    """Run ``work(emit)`` in a child process under ``limits`` (``native``: a job whose
    native code prints and handles stop signals itself, see :class:`Native`).

    Each ``emit(item)`` of the child reaches ``on_item`` in the parent as it happens;
    ``on_wait()`` is called at least every :data:`POLL_SECONDS` while the parent waits
    (e.g. to redraw a progress display: no thread, since threads and fork mix badly).
    Returns the job's value, or how it was stopped (what was emitted before stays
    delivered). An :class:`LpsolveError` raised by the job is raised here; any other
    exception in the job becomes :class:`InternalError`. ``start`` (a
    ``time.monotonic()`` reading) is when the deadline's clock began, default now.
    """
    supervisor = spawn(work, limits or Limits(), on_item, start, native=native)
    supervisor.on_wait = on_wait
    return supervisor.run()


#: a job for :func:`supervise_many`: a key naming it, its work, and what takes its items
Job = tuple[Any, Callable[[Emit], Any], Callable[[Any], None] | None]
#: called with a job's key and its outcome, or the error it raised (bad input, crash)
OnDone = Callable[[Any, "Outcome[Any] | LpsolveError | InternalError"], None]


def supervise_many(
    jobs: Iterable[Job],
    limits: Limits | None,
    workers: int,
    on_done: OnDone,
    *,
    start: float | None = None,
) -> bool:
    """Run ``jobs`` as supervised children, at most ``workers`` at a time, each under
    ``limits``, from one loop in this process; ``on_done`` hears of each as it ends,
    in the order they end. Each job's deadline counts from its own start, or with
    ``start`` (a ``time.monotonic()`` reading) from then for all: one deadline for the
    whole run, after which no job starts.

    Ctrl-C asks every running job to stop (each still reports) and starts no more; a
    second Ctrl-C kills them. Returns True if it was interrupted so.
    """
    limits = limits or Limits()
    shared_deadline = None if start is None else limits.deadline(start)
    waiting = iter(jobs)
    running: dict[int, tuple[Any, _Supervisor]] = {}
    more, interrupted = True, False
    try:
        while True:
            try:
                while more and not interrupted and len(running) < workers:
                    job = next_job(waiting, shared_deadline)
                    if job is None:
                        more = False
                        break
                    key, work, on_item = job
                    supervisor = spawn(work, limits, on_item, None, shared_deadline)
                    running[supervisor.fd] = (key, supervisor)
                if not running:
                    return interrupted
                _step_all(running, on_done)
            except KeyboardInterrupt:
                for _, supervisor in running.values():
                    if interrupted:  # a second Ctrl-C: do not wait for the grace period
                        supervisor.kill()
                    elif supervisor.stopped_by is None:
                        supervisor.ask_stop("interrupt")
                interrupted = True
    finally:
        for _, supervisor in running.values():
            supervisor.kill()
            supervisor.reap()


def next_job(waiting: Iterator[Job], deadline: float | None) -> Job | None:
    """The next job to start; ``None`` when there is none, or the run's ``deadline``
    (a ``time.monotonic()`` reading) has passed."""
    if deadline is not None and time.monotonic() >= deadline:
        return None
    return next(waiting, None)


def _step_all(running: dict[int, tuple[Any, _Supervisor]], on_done: OnDone) -> None:
    """Deliver, read, watch and finish every running job once."""
    now = time.monotonic()
    for _, supervisor in running.values():
        supervisor.deliver()
    wait = min(supervisor.wait_time(now) for _, supervisor in running.values())
    reading = [fd for fd, (_, supervisor) in running.items() if not supervisor.eof]
    ready = select.select(reading, [], [], wait)[0] if reading else []
    for fd in ready:
        running[fd][1].read()
    now = time.monotonic()
    for fd, (key, supervisor) in list(running.items()):
        supervisor.watch(now)
        supervisor.deliver()
        if supervisor.done:
            del running[fd]
            try:
                outcome: Outcome[Any] | LpsolveError | InternalError = supervisor.close()
            except (LpsolveError, InternalError) as error:
                outcome = error
            on_done(key, outcome)


#: held from a job's pipe to its fork: where jobs start from several threads (a Dask
#: worker's), a child forked by one thread would otherwise inherit the write end of
#: another job's new pipe and keep that job from ending until the child does
_FORK_LOCK = _thread.allocate_lock()  # threading.Lock() without importing threading


def spawn(
    work: Callable[[Emit], Any],
    limits: Limits,
    on_item: Callable[[Any], None] | None,
    start: float | None,
    deadline: float | None = None,
    *,
    native: Native | None = None,
) -> _Supervisor:
    """Fork a child that runs ``work``; return the parent's supervisor of it. Its
    deadline: ``deadline`` if given, else ``limits.timeout`` after ``start``."""
    if not hasattr(os, "fork"):
        raise UsageError("supervised jobs need os.fork (Linux, macOS); run in-process instead")
    start = time.monotonic() if start is None else start
    for stream in (sys.stdout, sys.stderr):  # else the child could write them again
        stream.flush()
    with _FORK_LOCK:
        lifeline = _lifeline_ends()
        read_fd, write_fd = os.pipe()
        outputs = [os.pipe() for _ in range(2)] if native is not None else []
        pid = os.fork()
        if pid == 0:  # the child: runs the job, never returns
            os.close(read_fd)
            for output, _ in outputs:
                os.close(output)
            _child(work, write_fd, limits.memory, lifeline, tuple(w for _, w in outputs))
        os.close(write_fd)
        for _, write_end in outputs:
            os.close(write_end)
    deadline = limits.deadline(start) if deadline is None else deadline
    supervisor = _Supervisor(pid, read_fd, limits, deadline, start, on_item)
    if native is not None:
        supervisor.native = native
        supervisor.outputs = {outputs[0][0]: native.stdout, outputs[1][0]: native.stderr}
    return supervisor


class _Supervisor:
    """The parent's side of one child: its frames, its limits, how it ended."""

    def __init__(
        self,
        pid: int,
        fd: int,
        limits: Limits,
        deadline: float | None,
        start: float,
        on_item: Callable[[Any], None] | None,
    ) -> None:
        self.pid, self.fd, self.limits = pid, fd, limits
        self.deadline, self.start, self.on_item = deadline, start, on_item
        self.on_wait: Callable[[], None] | None = None
        self.frames = _Frames()
        self.pending: deque[tuple[Any, ...]] = deque()
        self.end: tuple[Any, ...] | None = None  # the child's last word
        self.stopped_by: str | None = None
        self.stop_asked: float | None = None
        #: the job said it is writing its answer: a stop asked for before has been
        #: honoured, and is not enforced by a kill after the grace period
        self.honoured = False
        self.killed = False
        self.eof = False
        self.reaped = False
        self.peak = 0
        self.native: Native | None = None
        self.exit_status: int | None = None  # the child's, if it exited (not killed)
        self.watched = -float("inf")  # when the child's memory was last read
        #: a native job's output pipes still open, and who takes what comes from each
        self.outputs: dict[int, Callable[[bytes], None]] = {}

    @property
    def done(self) -> bool:
        return self.eof and not self.pending and not self.outputs

    def run(self) -> Outcome[Any]:
        """Supervise this one child to its end."""
        try:
            while not self.done:
                try:
                    self.deliver()
                    reading = [*([] if self.eof else [self.fd]), *self.outputs]
                    if not reading:
                        continue
                    ready, _, _ = select.select(reading, [], [], self.wait_time(time.monotonic()))
                    for fd in ready:
                        if fd == self.fd:
                            self.read()
                        else:
                            self.relay(fd)
                    self.watch(time.monotonic())
                    if self.on_wait is not None:
                        self.on_wait()
                except KeyboardInterrupt:
                    if self.stopped_by is None:
                        self.ask_stop("interrupt")
                    else:  # a second Ctrl-C: do not wait for the grace period
                        self.kill()
        except BaseException:
            self.kill()
            self.reap()
            raise
        return self.close()

    def deliver(self) -> None:
        """Hand over what has arrived; one item at a time, so that a Ctrl-C in
        ``on_item`` loses none."""
        while self.pending:
            message = self.pending.popleft()
            if message[0] == "item":
                if self.on_item is not None:
                    self.on_item(message[1])
            elif message[0] == "writing":
                self.deadline = None
                self.honoured = True
            else:
                self.end = message

    def wait_time(self, now: float) -> float:
        """How long the parent may wait for this child before looking again."""
        if self.deadline is not None and self.stopped_by is None:
            return max(0.0, min(POLL_SECONDS, self.deadline - now))
        return POLL_SECONDS

    def read(self) -> None:
        data = os.read(self.fd, 1 << 16)
        if data:
            self.pending.extend(self.frames.feed(data))
        else:
            self.eof = True

    def relay(self, fd: int) -> None:
        """Hand on what a native job wrote to one of its output pipes. A job that writes
        in small pieces (clingo flushes each answer set) is read in larger ones: after
        a small piece the next read waits :data:`RELAY_PAUSE`, not a wake-up per piece."""
        data = os.read(fd, 1 << 16)
        if data:
            self.outputs[fd](data)
            if len(data) < 1 << 14:
                time.sleep(RELAY_PAUSE)
        else:
            os.close(fd)
            del self.outputs[fd]

    def close(self) -> Outcome[Any]:
        """Reap the ended child; its outcome (or the error it raised, raised here)."""
        self.reap()
        return self._outcome()

    def watch(self, now: float) -> None:
        """Look at the child's memory and the clock: at most every :data:`POLL_SECONDS`
        (a job that writes much would otherwise have its memory read after each
        write), and at once when its deadline or grace is up."""
        if self.killed:
            return
        due = [self.watched + POLL_SECONDS]
        if self.deadline is not None and self.stopped_by is None:
            due.append(self.deadline)
        if self.stop_asked is not None:
            due.append(self.stop_asked + self.grace)
        if now < min(due):
            return
        self.watched = now
        memory = _resident_memory(self.pid)
        if self.limits.count_supervisor:
            # Pages the two processes still share since the fork count in both: the
            # sum is what `ps` shows them holding, never less than what they hold.
            memory += _resident_memory("self")
        self.peak = max(self.peak, memory)
        cap = self.limits.memory
        if cap is not None and memory > cap:
            self.stopped_by = "memory"
            self.kill()
        elif self.stopped_by is None and self.deadline is not None and now >= self.deadline:
            self.ask_stop("timeout")
        elif (
            self.stop_asked is not None
            and not self.honoured
            and now - self.stop_asked >= self.grace
        ):
            self.kill()

    @property
    def grace(self) -> float:
        return GRACE_SECONDS if self.native is None else self.native.grace

    def ask_stop(self, reason: str) -> None:
        self.stopped_by = reason
        self.stop_asked = time.monotonic()
        self.honoured = False
        stop = signal.SIGUSR1 if self.native is None else self.native.stop_signals[reason]
        self._signal(stop)

    def kill(self) -> None:
        self.killed = True
        self._signal(signal.SIGKILL)

    def _signal(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError):  # it ended already
            os.kill(self.pid, signum)

    def reap(self) -> None:
        """Wait for the child (killed first unless it ended) and close its pipe; once."""
        if self.reaped:
            return
        self.reaped = True
        if not self.eof and not self.killed:
            self.kill()
        os.close(self.fd)
        for fd in self.outputs:
            os.close(fd)
        self.outputs = {}
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            return
        if os.WIFEXITED(status):
            self.exit_status = os.WEXITSTATUS(status)
        if self.end is None and self.stopped_by is None and not self.killed:
            signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
            # the kernel's out-of-memory killer, or the address-space backstop
            if signum == signal.SIGKILL and self.limits.memory is not None:
                self.stopped_by = "memory"

    def _outcome(self) -> Outcome[Any]:
        seconds = time.monotonic() - self.start
        outcome: Outcome[Any] = Outcome(None, None, seconds, self.peak, self.limits.memory)
        end = self.end or ("lost",)
        if end[0] == "done" and self.stopped_by != "memory":
            # finished, perhaps with a partial result of its own
            stopped_by = self.stopped_by if self.stop_asked is not None else None
            return outcome._replace(value=end[1], stopped_by=stopped_by)
        if end[0] == "error":
            raise end[1]
        if end[0] == "broken pipe":
            raise BrokenPipeError
        if end[0] == "memory":
            self.stopped_by = "memory"
        if end[0] == "lost" and self.native is not None and self.exit_status is not None:
            # the native code ended the process itself, with its own exit status
            stopped_by = self.stopped_by if self.stopped_by != "memory" else None
            return outcome._replace(stopped_by=stopped_by, exit_status=self.exit_status)
        if self.stopped_by is not None:
            return outcome._replace(stopped_by=self.stopped_by)
        if end[0] == "crash":
            raise InternalError(f"a job failed:\n{end[1].rstrip()}")
        raise InternalError("a job ended without a word (killed from outside?)")
