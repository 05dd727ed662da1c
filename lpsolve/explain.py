"""Explanations: why a puzzle has no solution, why it has several.

Kind-agnostic: everything goes through :meth:`Puzzle.clues`, :meth:`Puzzle.clue_for`,
:meth:`Puzzle.facts` and :meth:`Puzzle.decode`.

*No solution.* First a set of givens that cannot all hold: the kind's suspects
(:meth:`Puzzle.suspected_conflicts`, e.g. two Hidato numbers too far apart), each
verified by solving; otherwise the puzzle is ground once with every clue fact turned
into a free choice atom (clingo AST built from the clue's symbol, never from text) and
solved with the clue atoms as assumptions. As an encoding uses a given only to
constrain (or to rule candidates out by definitions from the givens alone), a clue atom
left false is the puzzle without that clue, so an
unsatisfiable core over the assumptions is a set of givens that cannot all hold.

The set is then shrunk by deletion: a given ``c`` stays only if the others can hold
together, proved by a solution (a witness, kept for later questions). Puzzles with
many givens are quick to solve and nearly empty boards can be very hard, so the
solution is looked for with as many other givens as possible: ground afresh with
all givens but ``c``, then setting aside the givens closest to the set
(:meth:`Puzzle.clue_distance`) 1, 2, 4, ... at a time. Where the switchable program
is no bigger than a fresh one (kinds whose givens do not prune the grounding), its
cores name the givens to set aside instead, and it is the fallback when the fresh
tries run out of their short budget.

*Several solutions.* clingo's brave and cautious consequences over the shown atoms:
the atoms true in some but not all solutions are where the solutions differ. Each
such atom's clue (``clue_for``) is a candidate extra given; the first that leaves
exactly one solution, checked by solving, is proposed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import clingo
from clingo import ast

from .backends.session import Session
from .errors import InternalError, LpsolveError
from .kinds import as_puzzle
from .kinds.textformat import plural
from .puzzle import Capability, Clue, Puzzle, StopReason, facts_program
from .resources import encoding_file

_SHOWN = 8  # differing cells (or values) named in the text; JSON lists them all


def _either(values: list[str]) -> str:
    """'2, 3 or 7'."""
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"


class _Stopped(Exception):
    """The deadline passed during a solve."""


@dataclass(frozen=True)
class Conflict:
    """Givens of a puzzle without solutions that cannot all hold together.

    ``clues`` empty and ``minimal`` true: the board has no solution even without any
    given. ``minimal`` false: stopped by the timeout before the set was minimised
    (the set still has no solution).
    """

    clues: tuple[Clue, ...]
    minimal: bool
    seconds: float = 0.0
    solves: int = 0
    #: what the kind calls a clue (:attr:`~lpsolve.puzzle.Kind.clue_noun`)
    noun: str = "given"

    @property
    def board_unsolvable(self) -> bool:
        return self.minimal and not self.clues

    def lines(self) -> list[str]:
        """The explanation in words, one or more lines."""
        if self.board_unsolvable:
            return ["the board itself has no solution, whatever the givens"]
        texts = [clue.text for clue in self.clues]
        listed = ", ".join(texts)
        these = f"these {plural(len(texts), self.noun)} conflict: {listed}"
        if not self.minimal:
            return [these, "  (not minimised: stopped by the timeout)"]
        if len(texts) == 1:
            return [f"this {self.noun} cannot hold on this board: {listed}"]
        return [these]

    def as_json(self) -> dict[str, Any]:
        return {"conflict": [clue.json for clue in self.clues], "conflict_minimal": self.minimal}


@dataclass(frozen=True)
class Ambiguity:
    """Where the solutions of a puzzle with several solutions differ, and a fix.

    ``differing``: for each shown atom true in some solution but not in all, its
    clue (``clue_for``; the bare atom as text if the kind has none). ``suggested``:
    extra givens that together leave exactly one solution (one when a single given
    does it); ``unique`` says whether that was verified (false if the search stopped).
    """

    differing: tuple[Clue, ...]
    suggested: tuple[Clue, ...]
    unique: bool
    seconds: float = 0.0
    solves: int = 0

    def lines(self) -> list[str]:
        if not self.differing:
            return ["the solutions do not differ in any shown value"]
        lines = [self._differing_line()]
        given = ", ".join(clue.text for clue in self.suggested)
        if not self.suggested:
            lines.append("no extra given found (stopped by the timeout)")
        elif not self.unique:
            lines.append(f"suggested givens: {given} (not verified: stopped by the timeout)")
        elif len(self.suggested) == 1:
            lines.append(f"suggested given: {given} (then exactly one solution, verified)")
        else:
            lines.append(
                f"no single given makes it unique; these {len(self.suggested)} together do: "
                f"{given} (verified)"
            )
        return lines

    def _differing_line(self) -> str:
        """Grouped by cell when the kind names its clues' cells, else value by value."""
        if all(clue.place for clue in self.differing):
            values: dict[str, list[str]] = {}
            for clue in self.differing:
                values.setdefault(clue.place, []).append(clue.value)
            items = [f"{place} can hold {_either(vs)}" for place, vs in values.items()]
            what = plural(len(items), "cell")
        else:
            items, what = (
                [clue.text for clue in self.differing],
                plural(len(self.differing), "value"),
            )
        text = "; ".join(items[:_SHOWN])
        more = len(items) - _SHOWN
        text += f"; ... ({more} more; --format json lists all)" if more > 0 else ""
        return f"the solutions differ in {what}: {text}"

    def as_json(self) -> dict[str, Any]:
        return {
            "differing": [clue.json for clue in self.differing],
            "suggested_givens": [clue.json for clue in self.suggested],
            "suggestion_unique": self.unique,
        }


def conflicting_givens(found: Conflict | Ambiguity) -> tuple[Clue, ...]:
    """The givens an explanation found in conflict, to highlight (none when the
    puzzle has several solutions)."""
    return found.clues if isinstance(found, Conflict) else ()


# -- a ground program with switchable clues ---------------------------------------------


def _choice_rule(symbol: clingo.Symbol) -> ast.AST:
    """``{ symbol }.`` as syntax tree: the clue may or may not hold."""
    here = ast.Position("<clues>", 1, 1)
    where = ast.Location(here, here)
    atom = ast.Literal(where, ast.Sign.NoSign, ast.SymbolicAtom(ast.SymbolicTerm(where, symbol)))
    head = ast.Aggregate(where, None, [ast.ConditionalLiteral(where, atom, [])], None)
    return ast.Rule(where, head, [])


class _Program:
    """The puzzle's encoding, its non-switched facts, and one choice atom per switch."""

    def __init__(
        self, puzzle: Puzzle, switches: Sequence[clingo.Symbol], facts: Iterable[clingo.Symbol]
    ) -> None:
        switched = set(switches)
        self.session = Session([*puzzle.solver_arguments, "--models=1"])
        with encoding_file(puzzle.encoding) as path:
            self.session.load(path)
        self.session.add(facts_program(f for f in facts if f not in switched))
        self.session.add_statements(_choice_rule(symbol) for symbol in switches)
        self.session.ground()
        literals = {s: self.session.literal(s) for s in switches}
        self.literal = {s: lit for s, lit in literals.items() if lit is not None}
        self.size = len(self.session.atoms)
        self.solves = 0

    def solve(
        self,
        on: Iterable[clingo.Symbol],
        off: Iterable[clingo.Symbol] = (),
        *,
        models: int = 1,
        enum_mode: str = "auto",
        deadline: float | None = None,
    ) -> tuple[list[list[clingo.Symbol]], list[clingo.Symbol] | None]:
        """Models (shown atoms) found with the switches ``on`` true and ``off`` false;
        when there is none, the core: switches of ``on`` that cannot all be true."""
        on = list(on)
        assumptions = [self.literal[s] for s in on] + [-self.literal[s] for s in off]
        found: list[list[clingo.Symbol]] = []
        self.solves += 1
        end = self.session.search(
            assumptions=assumptions,
            on_model=lambda m: found.append(m.symbols(shown=True)),
            deadline=deadline,
            models=models,
            enum_mode=enum_mode,
            want_core=True,
        )
        if end.stopped_by == StopReason.INTERRUPT:
            raise KeyboardInterrupt  # the caller's to handle, as everywhere
        if end.stopped_by is not None:
            raise _Stopped
        if end.satisfiable:
            return found, None
        in_core = set(end.core)
        return [], [s for s in on if self.literal[s] in in_core]


def _deadline(timeout: float | None) -> float | None:
    return None if timeout is None else time.perf_counter() + timeout


def _checker(puzzle: Puzzle) -> Callable[[Iterable[Clue], Sequence[clingo.Symbol]], None]:
    """Check a model against the puzzle without the given clues (plain-Python rules)."""

    def check(dropped: Iterable[Clue], atoms: Sequence[clingo.Symbol]) -> None:
        if not puzzle.supports(Capability.EXPLAIN):  # cannot drop clues: nothing to check
            return
        reduced = puzzle.without_clues(dropped)
        problems = reduced.violations(puzzle.decode(atoms))
        if problems:
            raise InternalError(
                f"{puzzle.source}: an explanation's witness failed the rule checker: "
                + "; ".join(problems)
            )

    return check


# -- why no solution ---------------------------------------------------------------------


def explain_conflict(
    puzzle: Puzzle | str | os.PathLike[str], timeout: float | None = None
) -> Conflict | None:
    """A smallest-by-inclusion set of givens that cannot all hold (removing any one
    makes the rest solvable); ``None`` if the puzzle has a solution.

    With ``timeout`` (seconds; grounding is not interruptible) the search may stop
    early: then ``minimal`` is false and the set is a conflict not yet minimised.
    ``puzzle`` may be a path to read (see :func:`lpsolve.load`).
    """
    puzzle = as_puzzle(puzzle)
    search = _ConflictSearch(puzzle, _deadline(timeout))
    try:
        members = search.first_conflict()
    except _Stopped:
        raise _unknown(puzzle) from None
    if members is None:
        return None
    try:
        # Deletion in chunks, halved down to single givens: a first core may hold
        # nearly every given (5,007 of 5,008 guesses of a fuzzed Mastermind game), and
        # deleting one at a time then takes as many solves (290 s) where halving takes
        # a few dozen. Dropping givens only lets more solutions in, so a chunk found
        # needed stays needed; the last pass, one given at a time, leaves a minimal set.
        chunk = len(members) // 2 if len(members) > _CHUNKED_FROM else 1
        while chunk > 1:
            position = 0
            while position < len(members):
                part = members[position : position + chunk]
                smaller = search.without(members, part)
                if smaller is members:
                    position += chunk  # needed, for now
                else:
                    members = smaller
            chunk //= 2
        for clue in list(members):
            if clue in members:  # not yet dropped with a smaller core found meanwhile
                members = search.without(members, [clue])
    except _Stopped:
        return search.result(members, minimal=False)
    return search.result(members, minimal=True)


class _ConflictSearch:
    """The steps of :func:`explain_conflict` and what they share: the clues, the
    solutions found so far (:class:`_Tester`) and, built only when needed, the program
    with every clue switchable (as big as the board without givens)."""

    def __init__(self, puzzle: Puzzle, deadline: float | None) -> None:
        self.started = time.perf_counter()
        self.puzzle = puzzle
        self.deadline = deadline
        self.by_fact = {clue.fact: clue for clue in puzzle.clues()}
        self.order = list(self.by_fact)
        self.tester = _Tester(puzzle, self.order, self.by_fact)
        self._program: _Program | None = None

    @property
    def program(self) -> _Program:
        if self._program is None:
            self._program = _Program(self.puzzle, self.order, self.puzzle.facts())
        return self._program

    def result(self, core: Iterable[clingo.Symbol], minimal: bool) -> Conflict:
        chosen = set(core)
        solves = self.tester.solves + (self._program.solves if self._program else 0)
        return Conflict(
            tuple(self.by_fact[f] for f in self.order if f in chosen),
            minimal,
            time.perf_counter() - self.started,
            solves,
            self.puzzle.definition().clue_noun,
        )

    def first_conflict(self) -> list[clingo.Symbol] | None:
        """Givens that cannot all hold, not yet minimal; ``None`` if the puzzle has a
        solution. The kind's suspects first, verified by solving; else a core."""
        for suspect in self.puzzle.suspected_conflicts()[:_SUSPECTS]:
            facts = [clue.fact for clue in suspect]
            if self.tester.holds(facts, self.deadline, _PROBE) is False:
                return facts
        models, core = self.program.solve(self.order, deadline=self.deadline)
        if core is None:
            self.tester.check([], models[0])
            return None
        members = list(core)
        # Solving with only the core's givens (the others off) often gives a smaller core.
        while len(members) < len(self.order):
            held = set(members)
            off = [f for f in self.order if f not in held]
            _, again = self.program.solve(members, off, deadline=self.deadline)
            if again is None or len(again) >= len(members):
                break
            members = again
        return members

    def without(
        self, members: list[clingo.Symbol], clues: Sequence[clingo.Symbol]
    ) -> list[clingo.Symbol]:
        """``members`` itself if ``clues`` are needed for the conflict (without them
        the rest holds), else a smaller conflict inside ``members`` without them."""
        dropped = set(clues)
        rest = [f for f in members if f not in dropped]
        if self.tester.witnessed(rest):
            return members
        if not self._cores_are_cheap:
            verdict = self._solution_around(rest, dropped)
            if verdict is True:
                return members
            if verdict is False:
                return rest
        smaller = self._core_without(rest, dropped)
        if smaller is None:
            return members
        kept = set(smaller)
        return [f for f in members if f in kept]

    @cached_property
    def _cores_are_cheap(self) -> bool:
        """Whether the program with switchable givens is built and not much bigger than
        the puzzle ground with its givens as facts (true of kinds whose givens do not
        prune the grounding): then its cores, which name the givens to set aside, are
        the quicker way to a solution keeping some givens."""
        if self._program is None:
            return False
        plain = _Program(self.puzzle, [], self.puzzle.facts())
        return self._program.size <= _SIMILAR_SIZE * plain.size

    def _solution_around(
        self, rest: list[clingo.Symbol], dropped: set[clingo.Symbol]
    ) -> bool | None:
        """Whether ``rest`` holds, by solving the puzzle with ``rest`` and as many other
        givens as possible (a nearly full board is quick to solve, a nearly empty one
        can take long): all but the ``dropped`` first, then setting aside 1, 2, 4, ... of the
        givens closest to ``rest`` (the kind's :meth:`Puzzle.clue_distance`), lastly
        ``rest`` alone. Each try is ground afresh with its givens as facts and has a
        short budget; ``None`` when one runs out of it."""
        near = [self.by_fact[f] for f in rest]

        def closeness(fact: clingo.Symbol) -> float:
            other = self.by_fact[fact]
            return min((self.puzzle.clue_distance(other, mine) for mine in near), default=0.0)

        inside = set(rest)
        others = sorted(
            (f for f in self.order if f not in inside and f not in dropped), key=closeness
        )
        aside = 0
        while True:
            verdict = self.tester.holds([*rest, *others[aside:]], self.deadline, _PROBE)
            if verdict is not False or aside == len(others):
                return verdict
            aside = min(len(others), max(1, 2 * aside))

    def _core_without(
        self, rest: list[clingo.Symbol], dropped: set[clingo.Symbol]
    ) -> list[clingo.Symbol] | None:
        """A core inside ``rest``, or ``None`` if ``rest`` holds, from the program with
        switchable givens: every other given assumed but the ``dropped``; when the core found
        reaches outside ``rest``, again without those outside givens, and so on (at
        worst down to ``rest`` alone). Slower per solve than a fresh grounding, but
        each core names the givens to set aside."""
        inside = set(rest)
        assumed = [f for f in self.order if f not in dropped]
        while True:
            # The other givens are assumed false: as absent as in the puzzle without
            # them, so the search does not wander through givens it could switch on.
            held = set(assumed)
            off = [f for f in self.order if f not in held]
            models, core = self.program.solve(assumed, off, deadline=self.deadline)
            if core is None:
                self.tester.check([self.by_fact[f] for f in off], models[0])
                self.tester.witnesses.append(frozenset(assumed))
                return None
            if set(core) <= inside:
                return core
            outside = set(core) - inside
            assumed = [f for f in assumed if f not in outside]


_PROBE = 0.3  # seconds of solving (after grounding) for a quick try
_SIMILAR_SIZE = 1.5  # a switchable program at most this many times bigger costs the same
_SUSPECTS = 20  # of the kind's suspected conflicts, tried in order before asking for a core
_CHUNKED_FROM = 32  # givens in a first conflict from which it is minimised in halving chunks


class _Tester:
    """Solves the puzzle keeping only some of its givens, each time ground afresh with
    the kept givens as facts: that is as small and fast as the puzzle itself, where a
    program with every given switchable is as big as the board without givens. Keeps
    the solutions found, as the sets of clue facts they agree with."""

    def __init__(
        self, puzzle: Puzzle, order: Sequence[clingo.Symbol], by_fact: dict[clingo.Symbol, Clue]
    ) -> None:
        self.puzzle = puzzle
        self.facts = puzzle.facts()
        self.switched = set(order)
        self.by_fact = by_fact
        self.check = _checker(puzzle)
        self.witnesses: list[frozenset[clingo.Symbol]] = []
        self.solves = 0

    def witnessed(self, kept: Iterable[clingo.Symbol]) -> bool:
        inside = set(kept)
        return any(inside <= held for held in self.witnesses)

    def holds(
        self, kept: Sequence[clingo.Symbol], deadline: float | None, budget: float | None = None
    ) -> bool | None:
        """True (and the solution kept) if the puzzle with only the givens ``kept`` has
        a solution, False if not, None if ``budget`` seconds were not enough."""
        if self.witnessed(kept):
            return True
        own = set(kept)
        program = _Program(
            self.puzzle, [], [f for f in self.facts if f not in self.switched or f in own]
        )
        limit = deadline
        if budget is not None:  # counted from here: grounding cannot be interrupted anyway
            probe_end = time.perf_counter() + budget
            limit = probe_end if deadline is None else min(deadline, probe_end)
        self.solves += 1
        try:
            models, _ = program.solve([], deadline=limit)
        except _Stopped:
            if deadline is not None and time.perf_counter() >= deadline:
                raise
            return None
        if not models:
            return False
        atoms = models[0]
        self.check([self.by_fact[f] for f in self.switched if f not in own], atoms)
        agreed = set()
        for atom in atoms:
            clue = self.puzzle.clue_for(atom)
            if clue is not None and clue.fact in self.switched:
                agreed.add(clue.fact)
        self.witnesses.append(frozenset(agreed))
        return True


def _unknown(puzzle: Puzzle) -> LpsolveError:
    return LpsolveError(f"{puzzle.source}: explanation stopped by the timeout")


# -- why several solutions ---------------------------------------------------------------


def explain_ambiguity(
    puzzle: Puzzle | str | os.PathLike[str], timeout: float | None = None
) -> Ambiguity | None:
    """Where the solutions differ and extra givens that make the solution unique;
    ``None`` if the puzzle has fewer than two solutions. ``puzzle`` may be a path to
    read (see :func:`lpsolve.load`)."""
    puzzle = as_puzzle(puzzle)
    started = time.perf_counter()
    deadline = _deadline(timeout)
    facts = puzzle.facts()
    plain = _Program(puzzle, [], facts)
    try:
        brave, _ = plain.solve([], models=0, enum_mode="brave", deadline=deadline)
        cautious, _ = plain.solve([], models=0, enum_mode="cautious", deadline=deadline)
    except _Stopped:
        raise _unknown(puzzle) from None
    if not brave:
        return None
    # The last model of each enumeration is the consequence set.
    differing_atoms = sorted(set(brave[-1]) - set(cautious[-1]))
    if not differing_atoms:
        return None
    differing = tuple(_clue_or_atom(puzzle, atom) for atom in differing_atoms)
    present = set(facts)
    by_fact: dict[clingo.Symbol, Clue] = {}
    for atom in differing_atoms:
        clue = puzzle.clue_for(atom)
        if clue is not None and clue.fact not in present:
            by_fact.setdefault(clue.fact, clue)
    candidates = list(by_fact)
    solves = plain.solves
    if not candidates:  # a kind without clue_for: nothing to propose
        return Ambiguity(differing, (), False, time.perf_counter() - started, solves)

    program = _Program(puzzle, candidates, facts)
    chosen: list[clingo.Symbol] = []
    unique = False
    try:
        while not unique:
            left = [c for c in candidates if c not in chosen]
            options = left if not chosen else _undecided(puzzle, program, chosen, left, deadline)
            for option in options:
                others = [c for c in left if c != option]
                models, _ = program.solve([*chosen, option], others, models=2, deadline=deadline)
                if len(models) == 1:
                    chosen.append(option)
                    unique = True
                    break
            else:  # no single given settles it: take one and look again (greedy)
                chosen.append(options[0])
    except _Stopped:
        pass
    return Ambiguity(
        differing,
        tuple(by_fact[c] for c in chosen),
        unique,
        time.perf_counter() - started,
        solves + program.solves,
    )


def _undecided(
    puzzle: Puzzle,
    program: _Program,
    chosen: list[clingo.Symbol],
    left: list[clingo.Symbol],
    deadline: float | None,
) -> list[clingo.Symbol]:
    """Candidates still open once ``chosen`` hold: their atom is true in some remaining
    solution but not in all (so each one strictly shrinks the set of solutions)."""
    brave, _ = program.solve(chosen, left, models=0, enum_mode="brave", deadline=deadline)
    cautious, _ = program.solve(chosen, left, models=0, enum_mode="cautious", deadline=deadline)
    fixing = set()
    for atom in set(brave[-1]) - set(cautious[-1]):
        clue = puzzle.clue_for(atom)
        if clue is not None:
            fixing.add(clue.fact)
    options = [c for c in left if c in fixing]
    if not options:  # several solutions left, but no clue tells them apart
        raise InternalError(f"{puzzle.source}: explanation found no clue to add")
    return options


def _clue_or_atom(puzzle: Puzzle, atom: clingo.Symbol) -> Clue:
    clue = puzzle.clue_for(atom)
    return clue if clue is not None else Clue(atom, str(atom), str(atom))
