"""Counting and enumerating every solution in disjoint parts ("cubes", as in
cube-and-conquer), so that a long count runs on every core (``solve --count --jobs
N``) or on a cluster, and resumes after a stop (``--checkpoint``).

How the cubes are cut. A kind names atoms of its encoding to split on
(:meth:`~lpsolve.puzzle.Puzzle.split_atoms`, e.g. the first cells of a Takuzu grid).
A cube fixes the first ``d`` of them, each true or false, and is searched with those
truth values as assumptions. The cubes are the leaves of a binary tree over the
atoms, so every solution lies in exactly one cube and the cubes' counts add up to
the whole count exactly, whichever atoms the kind chose: the choice only decides how
even the cubes are. Branches that a short search proves empty are pruned while the
tree grows (:func:`find_split`), until there are enough cubes to keep every worker
busy to the end.

Every cube is a supervised job (:mod:`lpsolve.jobs`): the same deadline, memory cap
and Ctrl-C as a whole search. Cubes run in a shuffled order (a fixed seed), so the
cubes a stopped run finished are a fair sample of all of them: their times project
the time of the whole count (``benchmarks/split.py``).
"""

from __future__ import annotations

import heapq
import json
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from . import api
from .backends import asp
from .errors import InternalError, LpsolveError, PuzzleError, UsageError
from .jobs import Emit, Job, Limits, OnDone, Outcome, supervise_many
from .kinds import STDIN, stdin_bytes
from .puzzle import Puzzle, Result, Stats

#: cubes per worker the split aims for: enough that a worker finishing early finds
#: more to do, few enough that each cube's own start-up (fork, grounding) stays small
CUBES_PER_WORKER = 16
#: the order cubes run in is shuffled with this seed (reproducible runs)
ORDER_SEED = 0

#: runs jobs and reports each as it ends (``supervise_many`` or a cluster's run),
#: returns True if interrupted
Executor = Callable[[Iterable[Job], OnDone], bool]


@dataclass(frozen=True)
class Split:
    """The cubes of one puzzle: the atoms they fix (clingo's rendering of each, as in
    the checkpoint file) and, per cube, the truth values of the first of them (as
    many as the cube fixes) as ``0``/``1``."""

    atoms: tuple[str, ...]
    cubes: tuple[str, ...]

    def assumptions(self, index: int) -> list[tuple[clingo.Symbol, bool]]:
        cube = self.cubes[index]
        pairs = zip(self.atoms[: len(cube)], cube, strict=True)
        return [(clingo.parse_term(atom), bit == "1") for atom, bit in pairs]


def find_split(puzzle: Puzzle, wanted: int) -> Split:
    """About ``wanted`` cubes for ``puzzle``, if the kind's split atoms allow (fewer on
    a puzzle with fewer solutions; none if a quick look proves it has none).

    The cubes are the leaves of a binary tree over the split atoms: a leaf fixes the
    first atoms and splits on the next into "true" and "false". A branch that a short
    search (:data:`CHECK_CONFLICTS`) proves empty is dropped, and a leaf with one
    live branch just grows longer, so an atom the others already decide (e.g. the
    other cells of a number placed) makes no cube. The leaf fixing the fewest atoms,
    the least constrained, splits first. The leaves always partition the solutions;
    one the short search could not decide may turn out empty.
    """
    atoms = puzzle.split_atoms()
    if wanted <= 1 or not atoms:
        return Split((), ("",))
    ctl = asp.make_control(puzzle, [f"--solve-limit={CHECK_CONFLICTS}"])
    asp.ground(ctl)
    symbolic = ctl.symbolic_atoms
    atoms = [atom for atom in atoms if symbolic[atom] is not None]
    # a leaf: (atoms fixed, tie-break, its bits, a solution in it as the bits of every
    # atom if a check found one)
    growing: list[tuple[int, int, str, str | None]] = [(0, 0, "", None)]
    whole: list[str] = []  # leaves fixing every atom
    made = 1
    budget = [CHECKS_PER_CUBE * wanted]
    while growing and len(growing) + len(whole) < wanted and budget[0] > 0:
        _, _, bits, model = heapq.heappop(growing)
        branches = _branches(ctl, atoms, bits, model, budget)
        if len(branches) == 1:
            whole.append(branches[0][0])
        for branch, found in branches if len(branches) == 2 else ():
            heapq.heappush(growing, (len(branch), made, branch, found))
            made += 1
    cubes = whole + [bits for _, _, bits, _ in growing]
    depth = max((len(bits) for bits in cubes), default=0)
    return Split(tuple(str(atom) for atom in atoms[:depth]), tuple(cubes))


def _branches(
    ctl: clingo.Control,
    atoms: Sequence[clingo.Symbol],
    bits: str,
    model: str | None,
    budget: list[int],
) -> list[tuple[str, str | None]]:
    """The leaf ``bits`` grown to its next split: two live branches; or one, fixing
    every atom or grown as far as the ``budget`` of checks allowed; or none, if it
    turned out empty."""
    while len(bits) < len(atoms) and budget[0] > 0:
        live = []
        for bit in "10":
            if model is not None and model[len(bits)] == bit:  # a solution lies there
                live.append((bits + bit, model))
                continue
            budget[0] -= 1
            verdict, found = _check(ctl, atoms, bits + bit)
            if verdict != "empty":
                live.append((bits + bit, found))
        if len(live) != 1:
            return live
        bits, model = live[0]
    return [(bits, model)]


#: conflicts a check of a branch may take to prove it empty or find a solution in it
CHECK_CONFLICTS = 100
#: checks the split may make per cube wanted: a leaf that other atoms decide for a
#: long way (each a check) stops growing when they run out
CHECKS_PER_CUBE = 64


def _check(
    ctl: clingo.Control, atoms: Sequence[clingo.Symbol], bits: str
) -> tuple[str, str | None]:
    """A short search of the branch fixing ``atoms`` to ``bits``: ``"empty"``,
    ``"solution"`` (with the bits of every atom in the one found) or ``"unknown"``."""
    assumptions = [(atom, bit == "1") for atom, bit in zip(atoms, bits, strict=False)]
    found: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        found.append("".join("1" if model.contains(atom) else "0" for atom in atoms))
        return False

    result = ctl.solve(assumptions=assumptions, on_model=on_model)
    if result.unsatisfiable:
        return "empty", None
    return ("solution", found[0]) if found else ("unknown", None)


@dataclass(frozen=True)
class CubeCount:
    """What one cube's search found: its count (exact if ``complete``) and figures."""

    count: int
    complete: bool
    stats: Stats


@dataclass
class CubeJob:
    """One cube to search as a supervised job (picklable, for a cluster). With
    ``list_solutions`` each solution is verified by the rule checker and emitted."""

    puzzle: Puzzle
    split: Split
    index: int
    list_solutions: bool = False
    facts: str | None = None  # the puzzle's facts as text, made once for all cubes

    def work(self, emit: Emit) -> CubeCount:
        assumptions = self.split.assumptions(self.index)
        if self.list_solutions:

            def checked(solution: Any) -> None:
                api.verify(self.puzzle, solution)
                emit(solution)

            result = asp.solve(
                self.puzzle, on_solution=checked, assumptions=assumptions, facts=self.facts
            )
        else:
            result = asp.solve(self.puzzle, decode=False, assumptions=assumptions, facts=self.facts)
        return CubeCount(result.count, result.complete, result.stats)


# -- checkpoints ----------------------------------------------------------------------

CHECKPOINT_VERSION = 1


def puzzle_identity(path: str, puzzle: Puzzle, mode: str) -> dict[str, Any]:
    """What a checkpoint must match to be resumed: the file's bytes, the kind, what
    is counted (e.g. a tiling's classes) and the lpsolve checkpoint format."""
    try:
        data = stdin_bytes() if path == STDIN else Path(path).read_bytes()
    except OSError as error:
        raise PuzzleError(f"cannot read the puzzle: {error.strerror}", path) from None
    import hashlib  # only a checkpoint needs it (3 ms at start-up)

    digest = hashlib.sha256(data).hexdigest()
    variant = getattr(puzzle, "mode", None)
    return {
        "lpsolve_checkpoint": CHECKPOINT_VERSION,
        "puzzle": path,
        "sha256": digest,
        "kind": puzzle.kind,
        "counting": mode,
        "variant": variant if isinstance(variant, str) else None,
    }


@dataclass
class Checkpoint:
    """A JSON Lines file: a header (what is counted, the split) and one line per
    finished cube, appended and flushed as each finishes."""

    path: str
    split: Split | None = None
    done: dict[int, int] = field(default_factory=dict)  # cube -> its exact count
    seconds: dict[int, float] = field(default_factory=dict)
    torn: bool = False  # the file ends without a newline
    header: dict[str, Any] = field(default_factory=dict)  # as read (empty: a new one)

    @classmethod
    def open(cls, path: str) -> Checkpoint:
        """The checkpoint at ``path`` (empty if there is none yet); :meth:`check` then
        says whether it is of the count at hand."""
        checkpoint = cls(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return checkpoint
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"{path}: cannot read the checkpoint: {error}") from None
        checkpoint.torn = bool(text) and not text.endswith("\n")
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if not lines:
            return checkpoint
        records = [checkpoint._record(n, line, last=n == lines[-1][0]) for n, line in lines]
        header = records[0]
        if header is None or not isinstance(header.get("cubes"), list):
            raise UsageError(f"{path}:1:1: expected an lpsolve checkpoint header")
        checkpoint.header = header
        checkpoint.split = Split(tuple(header["atoms"]), tuple(header["cubes"]))
        for (n, _), record in zip(lines[1:], records[1:], strict=True):
            if record is None:
                continue  # a last line cut short by a crash
            index, count = record.get("cube"), record.get("count")
            valid = isinstance(index, int) and 0 <= index < len(checkpoint.split.cubes)
            if not valid or not isinstance(count, int) or count < 0:
                raise UsageError(f"{path}:{n}:1: expected a finished cube (cube, count)")
            checkpoint.done[index] = count
            checkpoint.seconds[index] = float(record.get("seconds", 0.0))
        return checkpoint

    def check(self, identity: dict[str, Any]) -> None:
        """Refuse (:class:`UsageError`) a checkpoint of another puzzle or count."""
        header = self.header
        differs = [key for key in identity if key != "puzzle" and header.get(key) != identity[key]]
        if differs:
            raise UsageError(
                f"{self.path}: the checkpoint is of another count ({', '.join(differs)} "
                "differ); remove it or give another --checkpoint file"
            )

    def _record(self, number: int, line: str, last: bool) -> dict[str, Any] | None:
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as error:
            if last and number > 1:
                return None
            what = "an lpsolve checkpoint header" if number == 1 else "a checkpoint line"
            if isinstance(error, json.JSONDecodeError):
                col, why = error.colno, f"JSON: {error.msg}"
            else:  # beyond json.loads' own limits
                col, why = 1, _beyond_json(error)
            raise UsageError(f"{self.path}:{number}:{col}: expected {what} ({why})") from None
        if not isinstance(record, dict):
            what = "an lpsolve checkpoint header" if number == 1 else "a finished cube"
            raise UsageError(f"{self.path}:{number}:1: expected {what} (a JSON object)")
        return record

    def begin(self, split: Split, identity: dict[str, Any]) -> None:
        """Write the header of a new checkpoint."""
        self.split = split
        header = {**identity, "atoms": list(split.atoms), "cubes": list(split.cubes)}
        self._append(header, mode="w")

    def record(self, index: int, count: int, seconds: float) -> None:
        self.done[index] = count
        self.seconds[index] = seconds
        self._append({"cube": index, "count": count, "seconds": round(seconds, 6)})

    def _append(self, record: dict[str, Any], mode: str = "a") -> None:
        try:
            with open(self.path, mode, encoding="utf-8") as file:
                if self.torn and mode == "a":  # end a line cut by a crash, alone
                    file.write("\n")
                    self.torn = False
                file.write(json.dumps(record) + "\n")
                file.flush()
        except OSError as error:
            raise UsageError(f"{self.path}: cannot write the checkpoint: {error}") from None


# -- running the cubes ----------------------------------------------------------------


@dataclass
class SplitRun:
    """A count (or listing) over cubes: the combined result, the split, how many cubes
    were finished (``resumed`` of them by an earlier run, from the checkpoint) and the
    seconds of each cube finished in this run."""

    result: Result
    split: Split
    finished: int
    resumed: int
    cube_seconds: list[float]


def run_cubes(
    puzzle: Puzzle,
    split: Split,
    execute: Executor,
    *,
    list_solutions: bool = False,
    checkpoint: Checkpoint | None = None,
    on_solution: Callable[[Any], None] | None = None,
    on_cube: Callable[[int, int, int], None] | None = None,
) -> SplitRun:
    """Search every cube not already in ``checkpoint`` with ``execute`` and add up.

    ``on_solution`` sees each solution (with ``list_solutions``) as its cube's job
    hands it over; ``on_cube(finished, total, count)`` hears of each finished cube.
    The result is complete only if every cube's search was; after a stop its count is
    what was found so far, as for a whole search.
    """
    resumed = dict(checkpoint.done) if checkpoint is not None else {}
    total = len(split.cubes)
    order = list(range(total))
    random.Random(ORDER_SEED).shuffle(order)
    exact = sum(resumed.values())
    partial = 0
    finished = len(resumed)
    stops: list[str] = []
    stats: list[Stats] = []
    cube_seconds: list[float] = []
    errors: list[LpsolveError | InternalError] = []
    solutions: list[Any] = []
    listed: dict[int, int] = {}

    facts = puzzle.solving_facts()

    def jobs() -> Iterator[Job]:
        for index in order:
            if index in resumed:
                continue
            job = CubeJob(puzzle, split, index, list_solutions, facts)

            def take(solution: Any, index: int = index) -> None:
                listed[index] = listed.get(index, 0) + 1
                solutions.append(solution)
                if on_solution is not None:
                    on_solution(solution)

            yield index, job.work, take if list_solutions else None

    def done(index: int, outcome: Outcome[Any] | LpsolveError | InternalError) -> None:
        nonlocal exact, partial, finished
        if isinstance(outcome, LpsolveError | InternalError):
            errors.append(outcome)
            return
        value: CubeCount | None = outcome.value
        if value is not None:
            stats.append(value.stats)
        if value is not None and value.complete and outcome.stopped_by is None:
            exact += value.count
            finished += 1
            cube_seconds.append(outcome.seconds)
            if checkpoint is not None:
                checkpoint.record(index, value.count, outcome.seconds)
            if on_cube is not None:
                on_cube(finished, total, exact + partial)
            return
        # stopped: keep what it found (listed solutions, or the count so far)
        partial += listed.get(index, 0) if list_solutions else value.count if value else 0
        stops.append(outcome.stopped_by or "interrupt")

    interrupted = execute(jobs(), done)
    if errors:
        raise errors[0]
    complete = finished == total
    stopped_by = None
    if not complete:
        # why the rest is missing: Ctrl-C, else the memory cap, else the deadline
        reasons = {*stops, "timeout"} | ({"interrupt"} if interrupted else set())
        stopped_by = next(r for r in ("interrupt", "memory", "timeout") if r in reasons)
    result = Result(
        puzzle=puzzle,
        backend="clingo",
        solutions=solutions,
        count=exact + partial,
        complete=complete,
        stopped_by=stopped_by,
        stats=_summed(stats),
    )
    return SplitRun(result, split, finished, len(resumed), cube_seconds)


def _summed(stats: Sequence[Stats]) -> Stats:
    """The cubes' figures added up (work over all cubes; the size of one grounding)."""
    if not stats:
        return Stats()
    return Stats(
        atoms=max(s.atoms for s in stats),
        rules=max(s.rules for s in stats),
        choices=sum(s.choices for s in stats),
        conflicts=sum(s.conflicts for s in stats),
        ground_seconds=sum(s.ground_seconds for s in stats),
        solve_seconds=sum(s.solve_seconds for s in stats),
    )


def local_executor(workers: int, limits: Limits, start: float | None = None) -> Executor:
    """Jobs on ``workers`` child processes of this one, all under one deadline
    counted from ``start`` (default: now)."""
    start = time.monotonic() if start is None else start

    def execute(jobs: Iterable[Job], on_done: OnDone) -> bool:
        return supervise_many(jobs, limits, workers, on_done, start=start)

    return execute


def count(
    puzzle: Puzzle,
    *,
    workers: int = 2,
    cubes: int | None = None,
    timeout: float | None = None,
    list_solutions: bool = False,
) -> SplitRun:
    """Count (or, with ``list_solutions``, enumerate) every solution of ``puzzle`` in
    cubes, on ``workers`` local processes; ``cubes``: how many to aim for (default
    :data:`CUBES_PER_WORKER` per worker). ``timeout`` bounds the whole run."""
    start = time.monotonic()
    split = find_split(puzzle, cubes or CUBES_PER_WORKER * workers)
    execute = local_executor(workers, Limits(timeout), start)
    return run_cubes(puzzle, split, execute, list_solutions=list_solutions)


def _beyond_json(error: ValueError | RecursionError) -> str:
    """What a line that json.loads cannot read, though it is no syntax error, holds."""
    if isinstance(error, RecursionError):
        return "JSON nested too deep"
    return "a number of more than 4,300 digits"
