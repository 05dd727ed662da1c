"""``lpsolve kinds check``: a declared kind's self-test, before anyone relies on it.

A kind folder can be read (its declaration, its programs vetted and parsed) and still
be wrong: an encoding that shows other atoms than the declaration's ``[output] atoms``,
an encoding and a check that disagree, a published solution that is not the one the
encoding finds, a check rule that never fires. This module tries each, against the
kind's own sources of truth:

* the encoding's ``#show`` against ``[output] atoms`` (and the lesson's, if any);
* every instance read, searched for two solutions (the uniqueness proof), every answer
  passed through the check;
* a published ``.solution`` read, passed through the check and compared with the
  encoding's one solution;
* the second model (the check as a model) against the encoding, on boards small
  enough for it;
* the check's rules against published solutions changed a little (an output atom
  removed, its value changed, a second value added): a rule that never fires is named.

Each finding is a :class:`Line`: what is right, a note (worth knowing, not wrong) or
a problem.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import NamedTuple

import clingo
import clingo.ast

from . import sandbox
from .backends import asp
from .errors import LpsolveError
from .kinds.declared import SECOND_MODEL_CELLS, DeclaredKind, DeclaredPuzzle, DeclaredSolution
from .kinds.declared.declaration import CellWriter
from .kinds.declared.patterns import Var
from .puzzle import Capability, Instance, Violation

#: seconds each search of an instance may take
SEARCH_SECONDS = 20.0
#: the output atoms of a published solution changed to try the check's rules
MUTATED_ATOMS = 12


OK, NOTE, PROBLEM = "ok", "note", "PROBLEM"


class Line(NamedTuple):
    """One finding: :data:`OK`, :data:`NOTE` (worth knowing, not wrong) or
    :data:`PROBLEM`, and what it is."""

    level: str
    text: str

    @property
    def problem(self) -> bool:
        return self.level == PROBLEM

    def __str__(self) -> str:
        return f"{self.level}: {self.text}"


def check_kind(kind: DeclaredKind, seconds: float = SEARCH_SECONDS) -> list[Line]:
    """Every finding about ``kind`` (see the module's docstring)."""
    lines = list(_shown_atoms(kind))
    rules = check_rules(kind)
    fired: set[str] = set()
    instances = kind.instances()
    if not instances:
        lines.append(Line(NOTE, "no instances: put puzzle files in the instances folder"))
    for instance in instances:
        lines += _instance(kind, instance, seconds, fired, set(rules))
    if any(instance.solution for instance in instances):
        never = [rule for rule in rules if rule not in fired]
        if never:
            listed = "; ".join(f'"{rule}"' for rule in never)
            lines.append(Line(NOTE, f"no changed published solution broke these rules: {listed}"))
        else:
            lines.append(Line(OK, f"each of the check's {len(rules)} rules fired"))
    return lines


def _shown_atoms(kind: DeclaredKind) -> Iterator[Line]:
    """The encoding's (and the lesson's) ``#show`` against ``[output] atoms``."""
    wanted = set(kind.declaration.output.atoms)
    programs = [kind.encoding_program, kind.lesson_program]
    for program in [p for p in programs if p is not None]:
        shown, terms = _shown(program.path)
        name = program.path.rsplit("/", 1)[-1]
        if terms:
            yield Line(PROBLEM, f"{name} shows terms (#show TERM : BODY): solutions are atoms")
        missing, extra = sorted(wanted - shown), sorted(shown - wanted)
        for atom in missing:
            yield Line(PROBLEM, f"{name} does not show {_sig(atom)}, an [output] atom")
        for atom in extra:
            yield Line(
                PROBLEM, f"{name} shows {_sig(atom)}, no [output] atom: solutions leave it out"
            )
        if not missing and not extra and not terms:
            yield Line(OK, f"{name} shows the [output] atoms ({', '.join(map(_sig, wanted))})")


def _sig(signature: tuple[str, int]) -> str:
    return f"{signature[0]}/{signature[1]}"


def _statements(path: str) -> list[clingo.ast.AST]:
    """A program's statements (and its included files'), parsed as clingo reads it."""
    found: list[clingo.ast.AST] = []
    with sandbox.in_program_folder(path) as name:
        clingo.ast.parse_files([name], found.append, logger=lambda _code, _text: None)
    return found


def _shown(path: str) -> tuple[set[tuple[str, int]], bool]:
    """The signatures a program shows, and whether it shows terms."""
    shown, terms = set(), False
    for statement in _statements(path):
        if statement.ast_type == clingo.ast.ASTType.ShowSignature and statement.positive:
            shown.add((statement.name, statement.arity))
        elif statement.ast_type == clingo.ast.ASTType.ShowTerm:
            terms = True
    return shown, terms


def check_rules(kind: DeclaredKind) -> list[str]:
    """The rule names the check can derive: the strings first in its violation heads."""
    predicate = kind.declaration.violation
    names: dict[str, None] = {}
    for statement in _statements(kind.check.path):
        if statement.ast_type != clingo.ast.ASTType.Rule:
            continue
        head = statement.head
        if head.ast_type != clingo.ast.ASTType.Literal:
            continue
        atom = head.atom
        if atom.ast_type != clingo.ast.ASTType.SymbolicAtom:
            continue
        term = atom.symbol
        if term.ast_type != clingo.ast.ASTType.Function:
            continue
        if term.name != predicate or not term.arguments:
            continue
        first = term.arguments[0]
        if first.ast_type == clingo.ast.ASTType.SymbolicTerm:
            symbol = first.symbol
            if symbol.type == clingo.SymbolType.String:
                names[symbol.string] = None
    return list(names)


def _instance(
    kind: DeclaredKind, instance: Instance, seconds: float, fired: set[str], rules: set[str]
) -> list[Line]:
    """One instance read, solved, checked, compared with its published solution."""
    name = instance.name
    try:
        puzzle = kind.load(instance.path)
    except LpsolveError as error:
        return [Line(PROBLEM, str(error))]
    started = time.perf_counter()
    result = asp.solve(puzzle, limit=2, timeout=seconds)
    took = time.perf_counter() - started
    lines = []
    for solution in result.solutions:
        broken = puzzle.violations(solution)
        if broken:  # the first such answer says enough
            lines.append(
                Line(PROBLEM, f"{name}: an answer of the encoding breaks the check: {broken[0]}")
            )
            break
    if result.stopped_by == "timeout":
        return [*lines, Line(PROBLEM, f"{name}: no answer within {seconds:g} s")]
    verdict = {0: "no solution", 1: "1 solution, unique"}.get(result.count, "several solutions")
    published = None
    if instance.solution is not None:
        try:
            with open(instance.solution, encoding="utf-8") as file:
                published = puzzle.read_solution(file.read(), instance.solution)
        except LpsolveError as error:
            return [*lines, Line(PROBLEM, str(error))]
        except OSError as error:
            return [*lines, Line(PROBLEM, f"{instance.solution}: {error.strerror}")]
        broken = puzzle.violations(published)
        if broken:
            lines.append(
                Line(PROBLEM, f"{name}: its published solution breaks the check: {broken[0]}")
            )
        if result.solutions != [published]:
            lines.append(
                Line(PROBLEM, f"{name}: {verdict}; the published solution is not the one found")
            )
        if not rules <= fired:
            fired.update(_mutations(puzzle, published))
    elif result.count != 1:
        lines.append(Line(PROBLEM, f"{name}: {verdict}: a puzzle has exactly one"))
    second = _second_model(name, puzzle, result.solutions, seconds)
    if second is not None:
        lines.append(second)
    if not any(line.problem for line in lines):
        also = ", equal to the published solution" if published is not None else ""
        lines.append(Line(OK, f"{name}: {verdict}{also} ({took:.2f} s)"))
    return lines


def _second_model(
    name: str, puzzle: DeclaredPuzzle, solutions: list[DeclaredSolution], seconds: float
) -> Line | None:
    """The second model's solutions (two at most) against the encoding's, where the
    board is small enough for it; None where it is not tried."""
    rows, cols = puzzle.size
    if not puzzle.supports(Capability.SECOND_MODEL) or rows * cols > SECOND_MODEL_CELLS:
        return None
    second = puzzle.second_model(limit=2, timeout=seconds)
    if second.stopped_by == "timeout":
        return Line(NOTE, f"{name}: the second model found no answer in time")
    if sorted(second.solutions) != sorted(solutions):
        return Line(
            PROBLEM,
            f"{name}: the second model (the check as a model) finds other solutions than "
            f"the encoding ({second.count} and {len(solutions)} of at most 2 looked for)",
        )
    return None


def _mutations(puzzle: DeclaredPuzzle, solution: DeclaredSolution) -> set[str]:
    """The check's rules that fire on the solution changed a little: some of its atoms
    (spread over the board) each removed, given another value (one out of range too),
    doubled."""
    atoms = list(solution.atoms)
    if not atoms:
        return set()
    stride = max(1, len(atoms) // MUTATED_ATOMS)
    fired: set[str] = set()
    writers = puzzle.declaration.output.cells
    for atom in atoms[::stride][:MUTATED_ATOMS]:
        rest = [a for a in atoms if a != atom]
        changed = [_other_value(puzzle, writers, atom, pick) for pick in (0, -1, None)]
        variants = [rest] + [[*rest, c] for c in changed if c is not None]
        variants += [[*atoms, c] for c in changed if c is not None]
        for variant in variants:
            found = puzzle.violations(DeclaredSolution(tuple(sorted(variant))))
            fired.update(v.rule if isinstance(v, Violation) else str(v) for v in found)
    return fired


def _other_value(
    puzzle: DeclaredPuzzle, writers: tuple[CellWriter, ...], atom: clingo.Symbol, pick: int
) -> clingo.Symbol | None:
    """``atom`` with its value (the argument its cell writer's pattern names V) changed
    to another the writer allows (``pick``: the first or last of the others), or
    (``pick`` None) to one above the most it allows; None if there is no such value."""
    for writer in writers:
        if writer.atom.name != atom.name or writer.atom.arity != len(atom.arguments):
            continue
        names = [
            argument.name if isinstance(argument, Var) else None for argument in writer.atom.args
        ]
        if "V" not in names:
            continue  # a mark: no value to change
        at = names.index("V")
        current = atom.arguments[at]
        allowed = [v for v in puzzle.cell_values(writer) if v is not None]
        if pick is None:
            numbers = [v.number for v in allowed if v.type == clingo.SymbolType.Number]
            values = [clingo.Number(max(numbers) + 1)] if numbers else []
        else:
            values = [v for v in allowed if v != current][pick:][:1]
        if values:
            changed = [*atom.arguments]
            changed[at] = values[0]
            return clingo.Function(atom.name, changed)
    return None
