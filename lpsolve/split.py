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
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import clingo

from . import api, limits
from .backends import asp
from .backends.session import Session
from .errors import InternalError, LpsolveError, PuzzleError, UsageError
from .jobs import Emit, Job, Limits, OnDone, Outcome, supervise_many
from .kinds import STDIN, read_bytes, stdin_bytes, textformat
from .puzzle import Puzzle, Result, Stats, StopReason

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
    session = asp.make_control(puzzle, [f"--solve-limit={CHECK_CONFLICTS}"])
    session.ground()
    atoms = [atom for atom in atoms if session.literal(atom) is not None]
    # a leaf: (atoms fixed, tie-break, its bits, a solution in it as the bits of every
    # atom if a check found one)
    growing: list[tuple[int, int, str, str | None]] = [(0, 0, "", None)]
    whole: list[str] = []  # leaves fixing every atom
    made = 1
    budget = [CHECKS_PER_CUBE * wanted]
    while growing and len(growing) + len(whole) < wanted and budget[0] > 0:
        _, _, bits, model = heapq.heappop(growing)
        branches = _branches(session, atoms, bits, model, budget)
        if len(branches) == 1:
            whole.append(branches[0][0])
        for branch, found in branches if len(branches) == 2 else ():
            heapq.heappush(growing, (len(branch), made, branch, found))
            made += 1
    cubes = whole + [bits for _, _, bits, _ in growing]
    depth = max((len(bits) for bits in cubes), default=0)
    return Split(tuple(str(atom) for atom in atoms[:depth]), tuple(cubes))


def _branches(
    session: Session,
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
            verdict, found = _check(session, atoms, bits + bit)
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


def _check(session: Session, atoms: Sequence[clingo.Symbol], bits: str) -> tuple[str, str | None]:
    """A short search of the branch fixing ``atoms`` to ``bits``: ``"empty"``,
    ``"solution"`` (with the bits of every atom in the one found) or ``"unknown"``."""
    assumptions = [(atom, bit == "1") for atom, bit in zip(atoms, bits, strict=False)]
    found: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        found.append("".join("1" if model.contains(atom) else "0" for atom in atoms))
        return False

    end = session.search(assumptions=assumptions, on_model=on_model)
    if end.stopped_by == StopReason.INTERRUPT:
        raise KeyboardInterrupt
    if end.unsatisfiable:
        return "empty", None
    return ("solution", found[0]) if found else ("unknown", None)


@dataclass
class CubeJob:
    """One cube to search as a supervised job (picklable, for a cluster). With
    ``list_solutions`` each solution is verified by the rule checker and emitted."""

    puzzle: Puzzle
    split: Split
    index: int
    list_solutions: bool = False
    facts: str | None = None  # the puzzle's facts as text, made once for all cubes

    def work(self, emit: Emit) -> Result:
        """The cube's search: its count (exact if complete), figures and stop; the
        solutions went out one by one (``emit``), the puzzle is the caller's."""
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
        return result.replace(puzzle=None, solutions=[])


# -- checkpoints ----------------------------------------------------------------------

#: the checkpoint format: 2 chains a digest through the lines (format 1 had none)
CHECKPOINT_VERSION = 2
#: the start of the chain: the header's digest is taken over this and the header
CHAIN_SEED = "lpsolve checkpoint"
#: JSON keys of a finished cube's line, each required
CUBE_KEYS = ("cube", "count", "seconds", "digest")


def puzzle_identity(path: str, puzzle: Puzzle, mode: str) -> dict[str, Any]:
    """What a checkpoint must match to be resumed: the file's bytes, the kind, what
    is counted (e.g. a tiling's classes) and the lpsolve checkpoint format."""
    data = stdin_bytes() if path == STDIN else read_bytes(path)  # a bundled one too
    import hashlib  # only a checkpoint needs it (3 ms at start-up)

    digest = hashlib.sha256(data).hexdigest()
    return {
        "lpsolve_checkpoint": CHECKPOINT_VERSION,
        "puzzle": path,
        "sha256": digest,
        "kind": puzzle.kind,
        "counting": mode,
        "variant": puzzle.classes_mode(),
    }


def chained_digest(previous: str, line: dict[str, Any]) -> str:
    """The digest of a checkpoint line: SHA-256 over the digest of the line before it
    (:data:`CHAIN_SEED` for the header) and the line's content, every key but
    ``digest`` in one canonical JSON form. A line changed, moved, repeated or taken
    from another checkpoint no longer matches; a file cut after a whole line does."""
    import hashlib

    content = {key: value for key, value in line.items() if key != "digest"}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{previous}\n{canonical}".encode()).hexdigest()


def uncovered(cut: Split) -> list[str]:
    """The branches of the cut's binary tree that no cube lies in: beside each cube's
    path, every branch not taken that no cube starts with (the whole search if there
    is no cube). Cubes that are no prefix of one another and these branches partition
    the search, so the cubes cover every solution exactly once if these hold none:
    :func:`find_split` drops only branches a search proved empty."""
    if not cut.cubes:
        return [""]
    paths = {cube[:length] for cube in cut.cubes for length in range(len(cube) + 1)}
    branches: dict[str, None] = {}
    for cube in cut.cubes:
        for at, bit in enumerate(cube):
            other = cube[:at] + ("0" if bit == "1" else "1")
            if other not in paths:
                branches[other] = None
    return list(branches)


@dataclass
class Checkpoint:
    """A JSON Lines file: a header (what is counted, the split) and one line per
    finished cube, appended and flushed as each finishes. Every line carries a digest
    chained from the line before (:func:`chained_digest`), and everything read back is
    checked: a checkpoint that cannot be trusted is refused (:class:`PuzzleError`,
    ``FILE:LINE:COL``), never used. The digests find damage and edits; they are no
    signature, so a checkpoint forged with digests made anew is caught only where it
    breaks the rules read back (each cube once, counts whole numbers, cubes covering
    the search: :meth:`check_cover`), not in a changed count."""

    path: str
    split: Split | None = None
    done: dict[int, int] = field(default_factory=dict)  # cube -> its exact count
    seconds: dict[int, float] = field(default_factory=dict)
    header: dict[str, Any] = field(default_factory=dict)  # as read (empty: a new one)
    digest: str = CHAIN_SEED  # the last line's: the next line's is chained from it
    torn_at: int | None = None  # where a last line cut by a crash starts (in bytes)
    recorded_on: dict[int, int] = field(default_factory=dict)  # cube -> its line
    header_line: str = ""  # the header as read, for the place of an error found later

    @classmethod
    def open(cls, path: str) -> Checkpoint:
        """The checkpoint at ``path`` (empty if there is none yet), every line checked;
        :meth:`check` then says whether it is of the count at hand."""
        checkpoint = cls(path)
        if Path(path).exists() and not Path(path).is_file():  # e.g. /dev/zero: no end
            raise UsageError(f"{path}: a checkpoint is a regular file; give another --checkpoint")
        try:
            data = Path(path).read_bytes()
        except FileNotFoundError:
            return checkpoint
        except OSError as error:
            raise UsageError(f"{path}: cannot read the checkpoint: {error.strerror}") from None
        if not data:  # made, then stopped before its header was written
            return checkpoint
        whole = data.rfind(b"\n") + 1  # where the last whole line ends
        if whole == 0:
            raise PuzzleError("expected an lpsolve checkpoint header (a whole line)", path, 1, 1)
        try:
            text = data[:whole].decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            col = error.start - data.rfind(b"\n", 0, error.start)
            raise PuzzleError("expected UTF-8 text", path, line, col) from None
        lines = text.split("\n")[:-1]
        checkpoint._read_header(lines[0])
        for number, line in enumerate(lines[1:], 2):
            checkpoint._read_cube(number, line)
        if whole < len(data):  # a last line cut short by a crash: searched again
            checkpoint.torn_at = whole
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

    def check_cover(self, puzzle: Puzzle) -> None:
        """Refuse a cut that misses solutions: the branches no cube lies in
        (:func:`uncovered`) must hold none. One search decides it for all of them: the
        puzzle's ground program and a new atom that holds if the solution lies in
        some branch (a rule per branch, made through clingo's backend from the
        atoms' literals, not from text), which must hold. It must come out
        unsatisfiable; there is no bound of its own (the caller's limits apply).
        A cut :func:`find_split` made passes: it drops only branches proved empty."""
        assert self.split is not None
        branches = uncovered(self.split)
        if not branches:
            return
        session = asp.make_control(puzzle)
        session.ground()
        symbols = [clingo.parse_term(atom) for atom in self.split.atoms]
        grounded = [session.atoms[symbol] for symbol in symbols]
        with session.control.backend() as backend:
            in_a_branch = backend.add_atom()
            for branch in branches:
                body = []
                for atom, bit in zip(grounded, branch, strict=False):
                    if atom is None:  # not in the ground program: always false
                        if bit == "1":
                            break
                        continue
                    body.append(atom.literal if bit == "1" else -atom.literal)
                else:
                    backend.add_rule([in_a_branch], body)
            backend.add_rule([], [-in_a_branch])
        found: list[str] = []

        def on_model(model: clingo.Model) -> bool:
            truth = "".join("1" if model.contains(symbol) else "0" for symbol in symbols)
            found.extend(branch for branch in branches if truth.startswith(branch))
            return False

        end = session.search(on_model=on_model)
        if end.stopped_by == StopReason.INTERRUPT:
            raise KeyboardInterrupt
        if not end.unsatisfiable:
            where = f"the branch {found[0]}" if found and found[0] else "the search"
            raise self._error(
                1,
                self.header_line,
                "cubes",
                f"the cubes do not cover every solution: {where} holds solutions no "
                "cube counts; delete the checkpoint and count again",
            )

    # -- reading, each line checked

    def _read_header(self, line: str) -> None:
        header = self._parse(1, line, "an lpsolve checkpoint header")
        if "lpsolve_checkpoint" not in header:
            raise PuzzleError("expected an lpsolve checkpoint header", self.path, 1, 1)
        version = header["lpsolve_checkpoint"]
        if version != CHECKPOINT_VERSION:  # format 1 had no digests to check it by
            raise self._error(
                1,
                line,
                "lpsolve_checkpoint",
                f"checkpoint format {_shown(version)}: this lpsolve reads format "
                f"{CHECKPOINT_VERSION} (with digests) only; delete the checkpoint and count again",
            )
        self._check_digest(1, line, header)
        atoms, cubes = header.get("atoms"), header.get("cubes")
        if not isinstance(atoms, list) or not all(isinstance(atom, str) for atom in atoms):
            raise self._error(1, line, "atoms", "atoms: expected a list of atoms (strings)")
        for atom in atoms:
            try:
                clingo.parse_term(atom)
            except RuntimeError:
                raise self._error(1, line, "atoms", f"atoms: {_shown(atom)} is no atom") from None
        if not isinstance(cubes, list) or not all(_is_cube(cube, len(atoms)) for cube in cubes):
            raise self._error(
                1,
                line,
                "cubes",
                f"cubes: expected a list of cubes, each the truth values (0 or 1) of the "
                f"first of the {len(atoms)} atoms",
            )
        ordered = sorted(cubes)  # a cube and one it is a prefix of sort next to each other
        for first, second in pairwise(ordered):
            if second.startswith(first):
                overlap = (
                    f"{first} is there twice: its solutions"
                    if first == second
                    else f"{first or '(the whole search)'} and {second} overlap: their solutions"
                )
                raise self._error(1, line, "cubes", f"cubes: {overlap} would be counted twice")
        self.header, self.header_line = header, line
        self.split = Split(tuple(atoms), tuple(cubes))

    def _read_cube(self, number: int, line: str) -> None:
        assert self.split is not None
        record = self._parse(number, line, "a finished cube")
        if sorted(record) != sorted(CUBE_KEYS):
            keys = ", ".join(CUBE_KEYS)
            raise PuzzleError(
                f"expected a finished cube (keys {keys}, and no others)", self.path, number, 1
            )
        index, count, seconds = record["cube"], record["count"], record["seconds"]
        cubes = len(self.split.cubes)
        if not _is_whole(index) or not 0 <= index < cubes:
            raise self._error(
                number,
                line,
                "cube",
                f"cube {_shown(index)}: expected a cube of the header, 0 to {cubes - 1}",
            )
        if not _is_whole(count) or count < 0:
            raise self._error(
                number, line, "count", f"count {_shown(count)}: expected a whole number, 0 or more"
            )
        number_types = (int, float)
        if isinstance(seconds, bool) or not isinstance(seconds, number_types):
            raise self._error(
                number, line, "seconds", f"seconds {_shown(seconds)}: expected a number"
            )
        if not 0 <= seconds < float("inf"):
            raise self._error(
                number, line, "seconds", f"seconds {_shown(seconds)}: expected 0 or more"
            )
        self._check_digest(number, line, record)
        if index in self.done:
            first = self.recorded_on[index]
            raise self._error(
                number, line, "cube", f"cube {index} is recorded twice (first on line {first})"
            )
        self.done[index] = count
        self.seconds[index] = float(seconds)
        self.recorded_on[index] = number

    def _parse(self, number: int, line: str, what: str) -> dict[str, Any]:
        if not line.strip():
            raise PuzzleError(f"expected {what}, found a blank line", self.path, number, 1)
        try:
            record = textformat.loads(
                line,
                self.path,
                number,
                lowest=-limits.MAX_SAVED_NUMBER,
                highest=limits.MAX_SAVED_NUMBER,
            )
        except PuzzleError as error:
            raise PuzzleError(
                f"expected {what}: {error.message}", self.path, error.line, error.col
            ) from None
        if not isinstance(record, dict):
            raise PuzzleError(f"expected {what} (a JSON object)", self.path, number, 1)
        return record

    def _check_digest(self, number: int, line: str, record: dict[str, Any]) -> None:
        expected = chained_digest(self.digest, record)
        if record.get("digest") != expected:
            what = "the header" if number == 1 else f"line {number}"
            after = "" if number == 1 else f" or does not follow line {number - 1}"
            raise self._error(
                number,
                line,
                "digest",
                f"{what} is not as lpsolve wrote it{after} (its digest does not match): "
                "delete the checkpoint and count again",
            )
        self.digest = expected

    def _error(self, number: int, line: str, key: str, message: str) -> PuzzleError:
        """An error on line ``number`` (text ``line``), placed where ``key`` stands in
        it (its first column if nowhere)."""
        return PuzzleError(message, self.path, number, line.find(json.dumps(key)) + 1 or 1)

    # -- writing

    def begin(self, split: Split, identity: dict[str, Any]) -> None:
        """Write the header of a new checkpoint."""
        self.split = split
        header = {**identity, "lpsolve_checkpoint": CHECKPOINT_VERSION}
        header |= {"atoms": list(split.atoms), "cubes": list(split.cubes)}
        self.digest = CHAIN_SEED
        self._append(header, mode="w")

    def record(self, index: int, count: int, seconds: float) -> None:
        self.done[index] = count
        self.seconds[index] = seconds
        self._append({"cube": index, "count": count, "seconds": round(seconds, 6)})

    def _append(self, line: dict[str, Any], mode: str = "a") -> None:
        line["digest"] = chained_digest(self.digest, line)
        try:
            if self.torn_at is not None and mode == "a":  # drop a line cut by a crash
                os.truncate(self.path, self.torn_at)
                self.torn_at = None
            with open(self.path, mode, encoding="utf-8") as file:
                file.write(json.dumps(line) + "\n")
                file.flush()
        except OSError as error:
            raise UsageError(f"{self.path}: cannot write the checkpoint: {error}") from None
        self.digest = line["digest"]


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_cube(cube: Any, atoms: int) -> bool:
    return isinstance(cube, str) and len(cube) <= atoms and not cube.strip("01")


def _shown(value: Any) -> str:
    """A value read back, for a message: as JSON, shortened if long."""
    return limits.shown(json.dumps(value))


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
    if checkpoint is not None and checkpoint.split != split:
        raise InternalError("run_cubes: the checkpoint records another split")
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
        value: Result | None = outcome.value
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
