"""Deductions for any kind whose rules are named by a check program (every declared
kind with a second model): the check's named violations become constraints that can
be switched on rule instance by rule instance, over a generate part that lets every
cell hold any value. No Python of the kind's own.

The program, ground once per puzzle: the puzzle's facts, the check, a choice of any
values in every cell (the second model's generate part), and for each violation atom
``violated(Rule, ...)`` of the check a switch: an external atom that, assumed true,
forbids it. Each violation is grouped with the others of its rule that depend on the
same cells (found in the ground program: the cells whose atoms it depends on): a
*unit*, such as "no number twice in a row" in row 3. A rule whose every unit is one
cell (every cell holds one number, a printed number stays) is a *cell rule*, on at
every cell: the cells such rules alone decide (the givens) are known from the start,
and from then on fixed by being known (so that deductions name them) with their cell
rules off. A solve about some units keeps the cells outside them empty.

A deduction is a set of units and known cells that forces a cell: the program with
just those units switched on and those cells fixed (as assumptions) has no model in
which the cell differs from the unique solution. It is found by asking, window by
window, which open cells every model of the window agrees on (one search, a clause
after each model asking the next to differ in a cell not yet seen differing; windows
on cells apart share a search), then cut down to a subset-minimal set of units and
cells by deletion, with clingo's unsatisfiable cores. Windows, simplest first, each
level a tier: one unit; the units through one cell; one unit and every unit crossing
it; and last every unit (a trial: no local argument was found, the whole board
decides). A rating needs only the tiers: :meth:`CheckDeducer.next_steps` takes every
window's deduction of the lowest level at once, uncut.

Sound by construction: the unique solution is a model of every such program, so a
cell forced in all its models holds the solution's value. The tests re-solve each
step with only its units and cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

import clingo

from ..backends.session import Session
from ..errors import InternalError
from ..kinds.textformat import cell_name
from ..puzzle import CellMark, StopReason
from .engine import Deducer
from .records import ACROSS, CHECK_TECHNIQUES, COMBINED, ONE_RULE, TRIAL, Cell, Fix, Step, Use

#: how many of a level's windows with a forced cell are compared by their first cores
#: (the first ones found, the windows taken fewest units and cells first); the smallest
#: is cut down to the deduction
CANDIDATES = 2
#: how many of the cells such a window forces are compared so (the first ones)
TARGETS = 3
#: a unit depending on more than this share of the board's cells takes part in trials only
WIDE = 0.5
#: the windows' levels and the tier of a step found in one: a unit; the units through
#: one cell; a unit and every unit crossing it
LEVEL_TIERS = {1: ONE_RULE, 2: COMBINED, 3: ACROSS}


class CellPattern(NamedTuple):
    """How an output atom names its cell: e.g. ``digit(R,C,V)`` is ``("digit", 3, 0,
    1, "digit(R,C,V)")``: its name, arity, the positions of R and C, and its text (the
    variables R, C and V; written by the kind from checked names only)."""

    name: str
    arity: int
    row: int
    col: int
    text: str


class RuleModel(NamedTuple):
    """What the engine needs of a kind: the board, the programs and the answer."""

    rows: int
    cols: int
    facts: str  # the puzzle's facts, program text
    load: Callable[[Session], None]  # loads the check program(s) into a session
    #: choice rules, any value in any cell, nothing forbidden, each with this text
    #: (", lpsolve_active(R,C)") added to its body
    generate: Callable[[str], str]
    patterns: tuple[CellPattern, ...]  # the output atoms, by cell
    violation: str  # the check's predicate, e.g. "violated"
    solution: tuple[clingo.Symbol, ...]  # the unique solution's output atoms
    values: dict[Cell, Any]  # each cell's value in the solution, as JSON writes it
    picture: Callable[[Sequence[clingo.Symbol], Sequence[CellMark]], str]
    solved: Any  # the solution as the kind's value (what Puzzle.render takes)
    #: the rating's level of each tier, as the kind's ``[steps] levels`` calibrates
    #: them; empty: the engine's own (one level per tier)
    levels: Mapping[int, str] = MappingProxyType({})


def _session(arguments: Sequence[str] = ()) -> Session:
    """The hints engine's clingo session; clingo's messages go to lpsolve's log."""
    # --no-init-moms: no initial scoring of the variables, which each of the many small
    # solves would redo (halved the time of an empty solve on a 9x9 Sudoku);
    # --warn=none: the check is ground over every value a cell may take, where some of
    # its arithmetic is undefined for values no answer has (LITS's letters)
    options = ["--no-init-moms", "--heuristic=Domain", "--warn=none", *arguments]
    return Session(options, message_limit=20)


class _Rules:
    """The ground program's rules, by head, for tracing what an atom depends on."""

    def __init__(self) -> None:
        self.bodies: dict[int, list[int]] = {}

    def rule(self, choice: bool, head: Sequence[int], body: Sequence[int]) -> None:
        for atom in head:
            self.bodies.setdefault(atom, []).extend(abs(lit) for lit in body)

    def weight_rule(
        self, choice: bool, head: Sequence[int], lower: int, body: Sequence[tuple[int, int]]
    ) -> None:
        for atom in head:
            self.bodies.setdefault(atom, []).extend(abs(lit) for lit, _ in body)


class Unit(NamedTuple):
    """A rule's violations that depend on the same cells, switched on together."""

    rule: str
    scope: frozenset[Cell]
    atoms: tuple[clingo.Symbol, ...]  # its violation atoms
    literal: int  # the switch


class _Window:
    """Some units switched on together, and what they force: the open cells every
    model agrees on, worked out when ``seen`` cells of its region were known."""

    __slots__ = ("batch", "forced", "level", "region", "seen", "units")

    def __init__(self, level: int, units: tuple[int, ...], region: frozenset[Cell]) -> None:
        self.level, self.units, self.region = level, units, region
        self.seen = -1
        self.forced: frozenset[Cell] = frozenset()
        #: the windows of its level on cells apart from each other's, asked together
        self.batch: list[_Window] = [self]


class CheckDeducer(Deducer):
    """Deductions from a kind's named check rules (see the module's docstring)."""

    def __init__(self, model: RuleModel) -> None:
        self.model = model
        if model.levels:
            self.levels = {**Deducer.levels, **model.levels}
        self.cells = tuple((r, c) for r in range(model.rows) for c in range(model.cols))
        self.solves = 0
        session = self.session = _session()
        rules = _Rules()
        session.control.register_observer(rules)
        model.load(session)
        # a cell takes values only while it is active: a solve about a window keeps
        # the cells outside it empty, and its models small (the steps of Wikipedia's
        # Sudoku took 1.0 s against 1.9-2.2 s with every cell active, twice each)
        cells = "".join(f"lpsolve_cell({r},{c}).\n" for r, c in self.cells)
        active = "#external lpsolve_active(R,C) : lpsolve_cell(R,C). [free]\n"
        generate = model.generate(", lpsolve_active(R,C)")
        session.add(model.facts + cells + active + generate)
        session.ground()
        self._cell_atoms(session)
        found = self._violations(session, rules)
        self.units, self.cell_rules = self._group(found)
        session.add(self._switches(found), "hints")
        session.ground("hints")
        atoms = session.atoms
        self._wrong: dict[Cell, int] = {}
        for atom in atoms.by_signature("lpsolve_wrong", 2):
            r, c = (argument.number for argument in atom.symbol.arguments)
            self._wrong[r, c] = atom.literal
        self._known_lit = self._cell_literals(atoms, "lpsolve_known")
        self._pick_lit = self._cell_literals(atoms, "lpsolve_pick")
        self._base_lit = self._cell_literals(atoms, "lpsolve_base")
        self._active_lit = self._cell_literals(atoms, "lpsolve_active")
        self._asking = next(iter(atoms.by_signature("lpsolve_asking", 0))).literal
        unit_literal = {
            atom.symbol.arguments[0].number: atom.literal
            for atom in atoms.by_signature("lpsolve_unit", 1)
        }
        self.units = [unit._replace(literal=unit_literal[k]) for k, unit in enumerate(self.units)]
        self._picked: set[Cell] = set()
        self.windows = self._windows()
        #: the windows of each level, those with the fewest units and cells first
        self.by_level = {
            level: sorted(
                (w for w in self.windows if w.level == level),
                key=lambda w: (len(w.units), len(w.region), min(w.region)),
            )
            for level in LEVEL_TIERS
        }
        for windows in self.by_level.values():
            _batch(windows)
        self._start: frozenset[Cell] = frozenset()
        start = self._forced((), (), self.cells)
        if start is None:
            raise InternalError("the hints program has no model: the solution breaks the check")
        self.known = {cell: model.values[cell] for cell in sorted(start)}
        #: from now on the cell rules are off at the cells known from the start
        self._start = frozenset(start)

    def _cell_literals(self, atoms: clingo.SymbolicAtoms, name: str) -> dict[Cell, int]:
        found = {}
        for atom in atoms.by_signature(name, 2):
            r, c = (argument.number for argument in atom.symbol.arguments)
            found[r, c] = atom.literal
        return found

    # -- building the program
    def _cell_atoms(self, session: Session) -> None:
        """The output atoms on the board, by program literal: literal -> cell."""
        self.cell_of: dict[int, Cell] = {}
        for pattern in self.model.patterns:
            for atom in session.atoms.by_signature(pattern.name, pattern.arity):
                r, c = atom.symbol.arguments[pattern.row], atom.symbol.arguments[pattern.col]
                numbers = r.type == c.type == clingo.SymbolType.Number
                if numbers and 0 <= r.number < self.model.rows and 0 <= c.number < self.model.cols:
                    self.cell_of[atom.literal] = (r.number, c.number)

    def _violations(
        self, session: Session, rules: _Rules
    ) -> list[tuple[clingo.Symbol, frozenset[Cell]]]:
        """Every violation atom the check may derive, and the cells it depends on."""
        scopes = _Scopes(rules.bodies, self.cell_of)
        found = []
        for arity in (1, 2, 3):
            for atom in session.atoms.by_signature(self.model.violation, arity):
                if atom.is_fact:  # broken whatever the cells hold: the puzzle's own
                    raise InternalError(f"the puzzle breaks its check: {atom.symbol}")
                found.append((atom.symbol, scopes.of(atom.literal)))
        return found

    def _group(
        self, found: Sequence[tuple[clingo.Symbol, frozenset[Cell]]]
    ) -> tuple[list[Unit], list[str]]:
        """Units (violations of a rule on the same cells) and the cell rules."""
        grouped: dict[tuple[str, frozenset[Cell]], list[clingo.Symbol]] = {}
        for symbol, scope in found:
            grouped.setdefault((_rule_name(symbol), scope), []).append(symbol)
        wide = {rule for rule, scope in grouped if len(scope) > 1}
        cell_rules = sorted({rule for rule, _ in grouped} - wide)
        units = [
            Unit(rule, scope, tuple(atoms), 0)
            for (rule, scope), atoms in grouped.items()
            if rule in wide and scope
        ]
        units.sort(key=lambda unit: (min(unit.scope), unit.rule, sorted(unit.scope)))
        return units, cell_rules

    def _switches(self, found: Sequence[tuple[clingo.Symbol, frozenset[Cell]]]) -> str:
        """The second part: the solution, when a cell differs from it, the switches of
        known cells and of units, and the question "does some picked cell differ?"."""
        lines = [f"lpsolve_sol({atom})." for atom in self.model.solution]
        lines += [f"lpsolve_cell({r},{c})." for r, c in self.cells]
        for pattern in self.model.patterns:
            p = pattern.text
            lines.append(f"lpsolve_wrong(R,C) :- {p}, not lpsolve_sol({p}).")
            lines.append(f"lpsolve_wrong(R,C) :- lpsolve_sol({p}), not {p}.")
        lines += [
            "#defined lpsolve_wrong/2.",
            "#external lpsolve_known(R,C) : lpsolve_cell(R,C). [free]",
            ":- lpsolve_known(R,C), lpsolve_wrong(R,C).",
            "#external lpsolve_pick(R,C) : lpsolve_cell(R,C). [free]",
            "#external lpsolve_base(R,C) : lpsolve_cell(R,C). [free]",
            "#external lpsolve_asking. [free]",
            "lpsolve_some :- lpsolve_pick(R,C), lpsolve_wrong(R,C).",
            ":- lpsolve_asking, not lpsolve_some.",
        ]
        # a cell rule holds at each cell while its switch is on: on at every cell not
        # known from the start; a cell it decides alone (a given) is fixed by being
        # known instead, so that a deduction names it among the cells it rests on
        cell_rules = set(self.cell_rules)
        for symbol, scope in found:
            if _rule_name(symbol) in cell_rules:
                if scope:
                    ((r, c),) = scope
                    lines.append(f":- lpsolve_base({r},{c}), {symbol}.")
                else:
                    lines.append(f":- {symbol}.")
        for k, unit in enumerate(self.units):
            lines.append(f"#external lpsolve_unit({k}). [free]")
            lines += [f":- lpsolve_unit({k}), {atom}." for atom in unit.atoms]
        # search models that get cells wrong first: a model then rules out many of the
        # cells asked about at once (a third of the solves on a 9x9 Sudoku)
        for pattern in self.model.patterns:
            lines.append(f"#heuristic {pattern.text} : lpsolve_sol({pattern.text}). [1,false]")
        return "\n".join(lines) + "\n"

    def _windows(self) -> list[_Window]:
        """The windows, simplest first: each unit; the units through each cell; each
        unit with the units crossing it."""
        units = self.units
        through: dict[Cell, list[int]] = {}
        for k, unit in enumerate(units):
            for cell in unit.scope:
                through.setdefault(cell, []).append(k)
        windows: list[_Window] = []

        by_key: dict[tuple[int, ...], _Window] = {}

        def add(level: int, members: Iterable[int]) -> None:
            key = tuple(sorted(set(members)))
            if key and key not in by_key:
                region = frozenset().union(*(units[k].scope for k in key))
                by_key[key] = _Window(level, key, region)
                windows.append(by_key[key])

        # a unit that depends on most of the board (a connectivity rule) is no local
        # argument: it takes part only in trials
        wide = {k for k, unit in enumerate(units) if len(unit.scope) > WIDE * len(self.cells)}
        for k in range(len(units)):
            add(1, [k] if k not in wide else [])
        for cell in self.cells:
            add(2, [k for k in through.get(cell, []) if k not in wide])
        for k, unit in enumerate(units):
            if k not in wide:
                add(3, [j for cell in unit.scope for j in through[cell] if j not in wide])
        return windows

    # -- asking clingo
    def _pick(self, cells: Iterable[Cell]) -> None:
        """The cells the next solves ask about (assumed, not assigned: changing an
        external's value makes clingo prepare the program again, doubling a solve)."""
        self._picked = set(cells)

    def _solve(
        self, assumptions: list[int], *, whole: bool = False
    ) -> tuple[bool, set[Cell], list[int]]:
        """Whether the program has a model under these assumptions; the picked cells
        that model gets wrong, or the core (the assumptions without a model).
        ``whole``: a search of the whole board (a trial's), which may take long: in
        a thread of its own that Ctrl-C stops."""
        self.solves += 1
        wrong: set[Cell] = set()

        def on_model(model: clingo.Model) -> None:
            wrong.update(cell for cell in self._picked if model.is_true(self._wrong.get(cell, 0)))

        end = self.session.search(
            assumptions=assumptions, on_model=on_model, models=1, want_core=True, threaded=whole
        )
        if end.stopped_by == StopReason.INTERRUPT:
            raise KeyboardInterrupt
        return bool(end.satisfiable), wrong, list(end.core)

    def _assumptions(
        self, units: Iterable[int], known: Iterable[Cell], *, asking: bool = True
    ) -> list[int]:
        """The units and known cells switched on; the cells of the units, the known
        and the picked ones active, with their cell rules (but at cells known from
        the start), the others empty; and with ``asking``, the question whether a
        picked cell can differ (else the switches of the question are left free:
        nothing asks them)."""
        units, known, picked = list(units), list(known), self._picked
        region = set(known) | picked
        for k in units:
            region |= self.units[k].scope
        question = [self._asking]
        question += (lit if cell in picked else -lit for cell, lit in self._pick_lit.items())
        return [
            *(self.units[k].literal for k in units),
            *(self._known_lit[cell] for cell in known),
            *(self._base_lit[cell] for cell in region if cell not in self._start),
            *(lit if cell in region else -lit for cell, lit in self._active_lit.items()),
            *(question if asking else ()),
        ]

    def _forced(
        self, units: Sequence[int], known: Iterable[Cell], candidates: Iterable[Cell]
    ) -> set[Cell] | None:
        """The candidate cells every model agrees on (with the solution), with these
        units switched on and these cells known; ``None`` if there is no model at all."""
        open_ = {cell for cell in candidates if cell in self._wrong}
        forced = set(candidates) - open_  # cells no atom of which can differ
        if not open_:
            return forced
        self._pick(open_)  # active, so that they can differ
        wrong_lit = self._wrong

        # one search: each model rules out the open cells it gets wrong, and a clause
        # then asks the next model to get one of the rest wrong (a solve call per
        # model, each setting up its assumptions anew, took twice as long)
        def on_model(model: clingo.Model) -> bool:
            open_.difference_update([cell for cell in open_ if model.is_true(wrong_lit[cell])])
            if open_:
                model.context.add_clause([wrong_lit[cell] for cell in open_])
            return bool(open_)

        self.solves += 1
        end = self.session.search(
            assumptions=self._assumptions(units, known, asking=False),
            on_model=on_model,
            models=0,
            threaded=False,  # a window's search takes milliseconds
        )
        if not end.satisfiable:
            return None
        return forced | open_

    # -- the search
    def next_step(self, *, trial: bool = True) -> Step | None:
        if self.complete:
            return None
        for level in LEVEL_TIERS:
            found = []
            for window in self.by_level[level]:
                self._update(window)
                if window.forced - self.known.keys():
                    found.append(window)
                    if len(found) == CANDIDATES:
                        break
            if found:
                # the first cores decide which cell and window are cut down to a
                # minimal deduction
                cores = [
                    self._core(cell, w.units)
                    for w in found
                    for cell in sorted(w.forced - self.known.keys())[:TARGETS]
                ]
                target, units, cells = min(cores, key=self._size)
                return self._step(target, units, cells, tier=LEVEL_TIERS[level])
        if not trial:
            return None
        everything = tuple(range(len(self.units)))
        target, units, cells = self._core(self._trial_target(), everything, whole=True)
        return self._step(target, units, cells, tier=TRIAL)

    def next_steps(self, *, trial: bool = True) -> list[Step]:
        """Every window's deduction at the lowest level that has one, each fixing
        what its window forces, with the window's units and its known cells (not cut
        down: no cores, a few solves per window); a trial fixes its cell alone. The
        tier of each is its window's, as :meth:`next_step`'s is, so a walk of these
        rounds needs the same hardest tier as the walkthrough (docs/hints.md)."""
        if self.complete:
            return []
        for level, tier in LEVEL_TIERS.items():
            steps: list[Step] = []
            claimed: set[Cell] = set()  # by a window before: each cell fixed once
            for window in self.by_level[level]:
                self._update(window)
                fixes = window.forced - self.known.keys() - claimed
                if fixes:
                    claimed |= fixes
                    known = sorted(cell for cell in window.region if cell in self.known)
                    steps.append(self._make(sorted(fixes), list(window.units), known, tier))
            if steps:
                return steps
        if not trial:
            return []
        # the unique solution is the one model of the whole board: the cell is forced
        everything = list(range(len(self.units)))
        return [self._make([self._trial_target()], everything, sorted(self.known), TRIAL)]

    def _trial_target(self) -> Cell:
        """The open cell the most units pass through (the first in reading order)."""
        open_cells = [cell for cell in self.cells if cell not in self.known]
        through = {cell: sum(1 for unit in self.units if cell in unit.scope) for cell in open_cells}
        return max(open_cells, key=lambda cell: (through[cell], -cell[0], -cell[1]))

    def _update(self, window: _Window) -> None:
        """What the window forces now, if cells of its region became known since it
        was last asked: asked with the other windows of its batch that are out of
        date, in one search (their cells apart, each forces what it forces alone)."""
        if self._known_in(window) == window.seen:
            return
        stale = [w for w in window.batch if self._known_in(w) != w.seen]
        region = frozenset().union(*(w.region for w in stale))
        units = [k for w in stale for k in w.units]
        known = [cell for cell in region if cell in self.known]
        candidates = [cell for cell in region if cell not in self.known]
        forced = self._forced(units, known, candidates) or set()
        for w in stale:
            w.seen = self._known_in(w)
            w.forced = frozenset(forced & w.region)

    def _known_in(self, window: _Window) -> int:
        return sum(1 for cell in window.region if cell in self.known)

    def _holds(
        self, units: Sequence[int], cells: Sequence[Cell], *, whole: bool = False
    ) -> list[int] | None:
        """The core of "the picked cell differs" with these units and known cells, or
        ``None`` if it can differ."""
        satisfiable, _, core = self._solve(self._assumptions(units, cells), whole=whole)
        return None if satisfiable else core

    def _core(
        self, target: Cell, units: Sequence[int], *, whole: bool = False
    ) -> tuple[Cell, list[int], list[Cell]]:
        """The units and known cells of the first core of ``target``'s deduction from
        these units and the known cells of their region."""
        region = frozenset().union(*(self.units[k].scope for k in units))
        known = [cell for cell in region if cell in self.known]
        self._pick([target])
        core = self._holds(units, known, whole=whole)
        if core is None:
            raise InternalError(f"{cell_name(*target)} was found forced, but is not")
        kept_units = [k for k in units if self.units[k].literal in core]
        return target, kept_units, [cell for cell in known if self._known_lit[cell] in core]

    def _size(self, core: tuple[Cell, list[int], list[Cell]]) -> tuple[int, int, int]:
        _, units, cells = core
        return len({self.units[k].rule for k in units}), len(units), len(cells)

    def _step(
        self, target: Cell, kept_units: list[int], kept_cells: list[Cell], *, tier: int
    ) -> Step:
        """The deduction of ``target`` from a core, cut down by deletion to a
        subset-minimal set of units and cells (each deletion's core drops more)."""
        self._pick([target])

        def holds(units: Sequence[int], cells: Sequence[Cell]) -> list[int] | None:
            return self._holds(units, cells, whole=tier == TRIAL)

        def distance(scope: Iterable[Cell]) -> int:
            return min(abs(r - target[0]) + abs(c - target[1]) for r, c in scope)

        for k in sorted(kept_units, key=lambda k: -distance(self.units[k].scope)):
            if k in kept_units and len(kept_units) > 1:
                fewer = [j for j in kept_units if j != k]
                core = holds(fewer, kept_cells)
                if core is not None:
                    kept_units = [j for j in fewer if self.units[j].literal in core]
                    kept_cells = [cell for cell in kept_cells if self._known_lit[cell] in core]
        for cell in sorted(kept_cells, key=lambda cell: -distance([cell])):
            if cell in kept_cells:
                fewer_cells = [other for other in kept_cells if other != cell]
                core = holds(kept_units, fewer_cells)
                if core is not None:
                    kept_cells = [other for other in fewer_cells if self._known_lit[other] in core]
        if tier == TRIAL:  # the target alone: simpler deductions may follow from it
            fixes = {target}
        else:  # every cell the deduction forces
            scope = frozenset().union(*(self.units[k].scope for k in kept_units))
            candidates = [cell for cell in scope | {target} if cell not in self.known]
            fixes = self._forced(kept_units, kept_cells, candidates) or {target}
        return self._make(sorted(fixes), kept_units, sorted(kept_cells), tier)

    def _make(self, fixes: list[Cell], units: list[int], cells: list[Cell], tier: int) -> Step:
        values = self.model.values
        uses = tuple(
            Use(
                self.units[k].rule,
                tuple(sorted(self.units[k].scope)),
                _where(self.units[k].scope, self.model.rows, self.model.cols),
                tuple(str(atom) for atom in self.units[k].atoms),
            )
            for k in units
        )
        trial = tier == TRIAL
        technique = CHECK_TECHNIQUES[tier]
        rules = "; ".join(f"{use.rule} in {use.where}" for use in uses)
        shown = ", ".join(f"{self.value_text(values[c])} at {cell_name(*c)}" for c in cells)
        from_cells = f"; from {shown}" if cells else ""
        if trial:
            reason = (
                f"trial: no rule on a few cells decides it; any other value at "
                f"{cell_name(*fixes[0])} leaves no solution by {rules}{from_cells}"
            )
        else:
            reason = f"{technique}: {rules}{from_cells}"
        return Step(
            tuple(Fix(cell, values[cell]) for cell in fixes),
            technique,
            reason,
            uses,
            tuple(Fix(cell, values[cell]) for cell in cells),
            tier,
            trial=trial,
        )

    def value_text(self, value: Any) -> str:
        return "empty" if value is None else str(value)

    def solution(self) -> Any:
        return self.model.solved

    def picture(self, known: dict[Cell, Any], marks: Sequence[CellMark]) -> str:
        cells = set(known)
        atoms = [
            atom
            for atom in self.model.solution
            for pattern in self.model.patterns
            if atom.match(pattern.name, pattern.arity)
            and (atom.arguments[pattern.row].number, atom.arguments[pattern.col].number) in cells
        ]
        return self.model.picture(atoms, marks)


def _batch(windows: Sequence[_Window]) -> None:
    """Sort windows into batches whose windows' regions are apart: the first batch
    each fits in, the largest window first (fewer batches than in their order: 38
    against 48 of Akari 004's 263 one-unit windows). A unit's rules depend only on
    its own cells, so a search of windows apart has the models of each side by side."""
    batches: list[tuple[set[Cell], list[_Window]]] = []
    for window in sorted(windows, key=lambda w: -len(w.region)):
        fits = (batch for batch in batches if batch[0].isdisjoint(window.region))
        cells, members = next(fits, (set(), []))
        if not members:
            batches.append((cells, members))
        cells |= window.region
        members.append(window)
        window.batch = members


class _Scopes:
    """The cells each atom of the ground program depends on (through every rule that
    can derive it), by program literal; cycles (reachability) are followed to their
    end."""

    def __init__(self, bodies: dict[int, list[int]], cell_of: dict[int, Cell]) -> None:
        self.bodies, self.cell_of = bodies, cell_of
        self.memo: dict[int, frozenset[Cell]] = {}

    def of(self, literal: int) -> frozenset[Cell]:
        if literal in self.memo:
            return self.memo[literal]
        # an iterative search of everything the atom reaches: a check's reachability
        # rules are cyclic, and their atoms reach the same cells
        reached: set[int] = set()
        pending = [literal]
        cells: set[Cell] = set()
        while pending:
            atom = pending.pop()
            if atom in reached:
                continue
            reached.add(atom)
            if atom in self.memo:
                cells |= self.memo[atom]
                continue
            if atom in self.cell_of:
                cells.add(self.cell_of[atom])
            pending.extend(self.bodies.get(atom, ()))
        found = frozenset(cells)
        self.memo[literal] = found
        return found


def _rule_name(symbol: clingo.Symbol) -> str:
    first = symbol.arguments[0]
    return first.string if first.type == clingo.SymbolType.String else str(first)


def _where(scope: Iterable[Cell], rows: int, cols: int) -> str:
    """A unit's cells in words: "row 3", "column 2", "row 3, cols 2-5", a cell, or the
    span "the 9 cells from (row 1, col 1) to (row 3, col 3)"."""
    cells = sorted(scope)
    if len(cells) == 1:
        return cell_name(*cells[0])
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    if r0 == r1 and len(cells) == c1 - c0 + 1:  # a run of a row
        whole = c0 == 0 and c1 == cols - 1
        return f"row {r0 + 1}" + ("" if whole else f", cols {c0 + 1}-{c1 + 1}")
    if all(c == c0 for _, c in cells) and len(cells) == r1 - r0 + 1:
        whole = r0 == 0 and r1 == rows - 1
        return f"column {c0 + 1}" + ("" if whole else f", rows {r0 + 1}-{r1 + 1}")
    return f"the {len(cells)} cells from {cell_name(r0, c0)} to {cell_name(r1, c1)}"


def _cost(step: Step) -> tuple[int, int, int, int]:
    rules = len({use.rule for use in step.uses})
    return (step.tier, rules, len(step.uses), len(step.because))
