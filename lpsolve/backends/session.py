"""The one place lpsolve drives clingo: a :class:`Session` builds the ``clingo.Control``,
loads and grounds programs, and runs every search through one solve/poll/cancel loop
(:meth:`Session.search`); :func:`clingo_application` runs clingo's own application
(``lpsolve run``). Everything else (the clingo backend, explanations, grading, the
codebreaker, cube splitting, the benchmark, declared kinds' checks) asks a session.

One loop means one behaviour everywhere: a deadline cancels the search and keeps what
was found, Ctrl-C (or a supervisor's stop request, which arrives as one) does the same,
and both end up as a :class:`~lpsolve.puzzle.StopReason`. clingo's own errors
(``RuntimeError``) become lpsolve's, through the session's ``on_error``.
"""

from __future__ import annotations

import contextlib
import re
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import clingo

from .. import logs
from ..errors import LpsolveError, PuzzleError

if TYPE_CHECKING:  # a solve needs neither (imported when they are used)
    import clingo.ast
from ..puzzle import Stats, StopReason

#: how often a running search looks at its deadline
POLL_SECONDS = 0.05

#: an atom and the truth value a search assumes for it, or a solver literal
Assumption = tuple[clingo.Symbol, bool] | int
#: turns clingo's error text and the messages so far into the exception to raise
ErrorMapper = Callable[[str, Sequence[str]], Exception]


def log_message(code: clingo.MessageCode, message: str) -> None:
    """clingo's warnings (e.g. an atom no rule defines) to the ``lpsolve.clingo`` logger;
    the tests fail on any."""
    logs.get_logger("lpsolve.clingo").warning("clingo %s: %s", code.name, message.strip())


# -- clingo's messages as lpsolve's errors -------------------------------------------------

# clingo's messages start with the place: "FILE:LINE:COL[-...]: error: ..."
_MESSAGE = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+)(?:-[\d:]+)?: (?P<text>.*)$", re.S)


def program_error(
    messages: Sequence[str],
    path: str,
    fallback: str,
    name: Callable[[str], str] | None = None,
) -> PuzzleError:
    """A :class:`PuzzleError` at the place of clingo's first error message, on one line
    (its notes, e.g. which variable is unsafe, appended; the rule it prints dropped).
    ``name`` gives the user's name of a file clingo names (default: clingo read
    ``path`` as :func:`lpsolve.grade.load_program` has it read)."""
    from .. import sandbox  # only on an error's path

    name = name or (lambda file: sandbox.user_path(file, path))
    for message in messages:
        first, *rest = message.strip().splitlines()
        match = _MESSAGE.match(first)
        if match is None or not match.group("text").startswith("error"):
            continue
        detail = match.group("text").removeprefix("error: ")
        if detail.endswith(":"):  # "unsafe variables in:" and the rule on the next lines
            detail = detail[:-1] + " this rule"
        notes = [m.group("text") for m in map(_MESSAGE.match, rest) if m is not None]
        return PuzzleError(
            f"clingo: {'; '.join([detail, *notes])}",
            name(match.group("file")),
            int(match.group("line")),
            int(match.group("col")),
        )
    return PuzzleError(f"clingo: {fallback}", path)


def one_line(message: str) -> str:
    """A clingo message on one line (it puts the atom or rule on the next)."""
    return " ".join(message.split())


def user_message(message: str, program: str) -> str:
    """A clingo message about ``program`` with the file named as the user named it
    (clingo read it from inside its folder, see :func:`lpsolve.grade.load_program`)."""
    from .. import sandbox  # only on an error's path

    match = _MESSAGE.match(message)
    if match is None:
        return message
    return sandbox.user_path(match.group("file"), program) + message[match.end("file") :]


def _plain_error(text: str, _messages: Sequence[str]) -> Exception:
    return LpsolveError(f"clingo: {' '.join(text.split())}")


class SearchEnd(NamedTuple):
    """How one solve call ended. ``stopped_by`` is None when it ended by itself (it
    found the models asked for, exhausted the space or hit a conflict limit),
    TIMEOUT at the deadline, INTERRUPT on Ctrl-C."""

    satisfiable: bool | None
    exhausted: bool
    stopped_by: StopReason | None = None
    #: when unsatisfiable and asked for: the solver literals of a core of the assumptions
    core: tuple[int, ...] = ()
    seconds: float = 0.0

    @property
    def unsatisfiable(self) -> bool:
        return self.satisfiable is False


class Session:
    """One clingo control object: ``options`` are clingo's command-line options.

    clingo's messages are kept in ``messages`` (for an error's place) and passed to
    ``on_message`` (default: lpsolve's ``lpsolve.clingo`` logger). ``on_error`` makes
    the exception raised for a clingo error (default: :class:`LpsolveError` with the
    text on one line).
    """

    def __init__(
        self,
        options: Iterable[str] = (),
        *,
        on_message: Callable[[clingo.MessageCode, str], None] | None = log_message,
        on_error: ErrorMapper = _plain_error,
        message_limit: int = 50,
    ) -> None:
        self.messages: list[str] = []
        self.on_error = on_error
        self._on_message = on_message
        try:
            self._control: clingo.Control | None = clingo.Control(
                list(options), logger=self._message, message_limit=message_limit
            )
        except RuntimeError as error:  # an option clingo does not take
            raise on_error(str(error), self.messages) from None

    def _message(self, code: clingo.MessageCode, text: str) -> None:
        self.messages.append(text.strip())
        if self._on_message is not None:
            self._on_message(code, text)

    @property
    def control(self) -> clingo.Control:
        """The control object, for reading the ground program (symbolic atoms,
        statistics, configuration, the backend); searches go through :meth:`search`."""
        if self._control is None:
            raise LpsolveError("this clingo session was closed")
        return self._control

    @contextlib.contextmanager
    def _clingo_errors(self) -> Iterator[None]:
        try:
            yield
        except RuntimeError as error:  # clingo reports syntax, grounding, option errors so
            raise self.on_error(str(error), self.messages) from None

    # -- the program -----------------------------------------------------------------

    def load(self, path: str) -> None:
        with self._clingo_errors():
            self.control.load(path)

    def add(self, text: str, part: str = "base") -> None:
        with self._clingo_errors():
            self.control.add(part, [], text)

    def add_statements(self, statements: Iterable[clingo.ast.AST]) -> None:
        """Rules built as syntax trees (never pasted as text)."""
        import clingo.ast

        with self._clingo_errors(), clingo.ast.ProgramBuilder(self.control) as builder:
            for statement in statements:
                builder.add(statement)

    def ground(self, part: str = "base") -> float:
        """Ground a part of the program; returns the seconds it took."""
        start = time.perf_counter()
        with self._clingo_errors():
            self.control.ground([(part, [])])
        return time.perf_counter() - start

    @property
    def atoms(self) -> clingo.SymbolicAtoms:
        return self.control.symbolic_atoms

    def literal(self, symbol: clingo.Symbol) -> int | None:
        """The solver literal of a ground atom (None: not in the ground program)."""
        atom = self.control.symbolic_atoms[symbol]
        return None if atom is None else atom.literal

    def set_external(self, symbol: clingo.Symbol, truth: bool | None) -> None:
        self.control.assign_external(symbol, truth)

    # -- searching -------------------------------------------------------------------

    def search(
        self,
        *,
        assumptions: Sequence[Assumption] = (),
        on_model: Callable[[clingo.Model], bool | None] | None = None,
        deadline: float | None = None,
        models: int | None = None,
        enum_mode: str | None = None,
        conflict_limit: int | None = None,
        want_core: bool = False,
        threaded: bool = True,
    ) -> SearchEnd:
        """One solve call until it ends by itself, ``deadline`` (``time.perf_counter``)
        passes or Ctrl-C; what ``on_model`` was handed before a stop is kept.

        ``models`` (0: all), ``enum_mode`` and ``conflict_limit`` set clingo's solve
        options from this call on; ``want_core``: an unsatisfiable search's core of
        the assumptions in ``SearchEnd.core``. ``threaded=False``: the search runs in
        this thread, for searches of a few milliseconds (the hints' windows: a solve
        thread's start and polling cost more than the search); no deadline, and
        Ctrl-C is seen when it returns, as :class:`KeyboardInterrupt`."""
        solve = self.control.configuration.solve
        if models is not None:
            solve.models = str(models)  # type: ignore[union-attr]
        if enum_mode is not None:
            solve.enum_mode = enum_mode  # type: ignore[union-attr]
        if conflict_limit is not None:
            solve.solve_limit = str(conflict_limit)  # type: ignore[union-attr]
        stopped_by = None
        start = time.perf_counter()
        assumed = list(assumptions)
        with self._clingo_errors():
            if threaded:
                handle = self.control.solve(assumptions=assumed, on_model=on_model, async_=True)
            else:
                handle = self.control.solve(assumptions=assumed, yield_=True)
            with handle:
                if threaded:
                    stopped_by = _wait(handle, deadline)
                else:
                    for model in handle:
                        if on_model is not None and on_model(model) is False:
                            break
                outcome = handle.get()
                core = tuple(handle.core()) if want_core and outcome.unsatisfiable else ()
        return SearchEnd(
            satisfiable=outcome.satisfiable,
            exhausted=bool(outcome.exhausted),
            stopped_by=stopped_by,
            core=core,
            seconds=time.perf_counter() - start,
        )

    def stats(self, ground_seconds: float = 0.0, solve_seconds: float = 0.0) -> Stats:
        """The ground program's size and the last search's effort (zero for what clingo
        has no figure for, e.g. after a search interrupted early)."""
        values = read_statistics(self.control)
        return Stats(
            atoms=values.get("atoms", 0),
            rules=values.get("rules", 0),
            choices=values.get("choices", 0),
            conflicts=values.get("conflicts", 0),
            ground_seconds=ground_seconds,
            solve_seconds=solve_seconds,
        )

    def models_enumerated(self) -> int:
        return read_statistics(self.control).get("models", 0)

    def optimum_found(self) -> bool:
        return self.control.statistics["summary"]["models"].get("optimal", 0) > 0

    # -- the end ---------------------------------------------------------------------

    def close(self) -> None:
        """Free the control object (see :func:`release`)."""
        release([self])

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


#: the statistics a search reports, by their path in clingo's statistics tree
STATISTICS = {
    "atoms": ("problem", "lp", "atoms"),
    "rules": ("problem", "lp", "rules"),
    "choices": ("solving", "solvers", "choices"),
    "conflicts": ("solving", "solvers", "conflicts"),
    "models": ("summary", "models", "enumerated"),
}


def read_statistics(control: clingo.Control) -> dict[str, int]:
    """The values of :data:`STATISTICS` that clingo has after a search (none if no
    search happened). Read one by one through clingo's C interface, as its Python module
    wraps it: ``Control.statistics`` builds the whole tree of about 100 values, 0.3 ms a
    search (a tenth of a small puzzle's); where that interface is not there, the tree
    is read."""
    try:
        from clingo._internal import _c_call, _lib  # clingo's own wrapper of its C API
    except ImportError:  # pragma: no cover - another clingo build
        return statistics_from_tree(control.statistics)
    stats = _c_call("clingo_statistics_t*", _lib.clingo_control_statistics, control._rep)
    root = _c_call("uint64_t", _lib.clingo_statistics_root, stats)
    values = {}
    for name, path in STATISTICS.items():
        try:
            key = root
            for part in path:
                key = _c_call("uint64_t", _lib.clingo_statistics_map_at, stats, key, part.encode())
            values[name] = int(_c_call("double", _lib.clingo_statistics_value_get, stats, key))
        except RuntimeError:  # not there
            pass
    return values


def statistics_from_tree(tree: dict[str, Any]) -> dict[str, int]:
    """The values of :data:`STATISTICS` in clingo's whole statistics tree."""
    return {
        name: int(tree[a][b][c])
        for name, (a, b, c) in STATISTICS.items()
        if c in tree.get(a, {}).get(b, {})
    }


def _wait(handle: clingo.SolveHandle, deadline: float | None) -> StopReason | None:
    """Wait for a search in its own thread until it ends, ``deadline`` passes or
    Ctrl-C (a supervisor's stop request too); why it was cancelled, if it was."""
    try:
        while not handle.wait(POLL_SECONDS):
            if deadline is not None and time.perf_counter() >= deadline:
                handle.cancel()
                return StopReason.TIMEOUT
    except KeyboardInterrupt:
        handle.cancel()
        return StopReason.INTERRUPT
    return None


def release(sessions: Iterable[Session]) -> None:
    """Free sessions' control objects with ``SIGUSR1`` held back. That is how a
    supervised job is asked to stop (:mod:`lpsolve.jobs`); landing while clingo frees
    a big grounding, the request would be raised inside ``Control.__del__``, where
    Python can only print and drop it. Held back, it is raised right after, in the
    caller's code."""
    sessions = list(sessions)
    blocking = hasattr(signal, "pthread_sigmask")  # POSIX: supervised jobs exist
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1}) if blocking else None
    try:
        for session in sessions:
            session._control = None
    finally:
        if held is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


def clingo_application(application: Any, arguments: Sequence[str]) -> int:
    """Run clingo's own application (``lpsolve run``): clingo builds its control
    object from ``arguments`` and ``application`` (a
    :class:`clingo.application.Application`) sees its output; returns clingo's exit
    code."""
    import clingo.application

    return clingo.application.clingo_main(application, list(arguments))
