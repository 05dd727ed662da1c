"""The clingo runs a declared kind makes of its own: its check on one answer, the atoms
its check derives for a picture, and its second model.

The check gets the puzzle's facts and one answer's atoms, all as facts, and must be
stratified (no choice, no disjunction): then grounding alone decides it, and every
``violated`` atom is a fact of the ground program, which this module asserts. (Ground
with the answer as ``#external`` atoms instead, the Sudoku check's pairwise rules
grounded over every candidate pair: 0.7-0.9 s on a 16x16 against 17-31 ms as facts.)

A kind's programs are loaded as a student's are (:mod:`lpsolve.sandbox`): a kind
folder named by a user was vetted when it was read, and its programs are loaded from
inside their folder, so that an ``#include`` finds the file the vetting saw. The
bundled kinds are lpsolve's own and loaded by path.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import clingo

from ...backends.session import Session
from ...errors import PuzzleError
from ...puzzle import StopReason

#: a violation's arity: the rule's name, then nothing, one more term or a cell (R, C)
VIOLATION_ARITIES = (1, 2, 3)


class ProgramFile(NamedTuple):
    """A program of a kind: its real path, and whether it is a user's (vetted, and
    loaded from inside its folder) or lpsolve's own."""

    path: str
    vetted: bool


def load(session: Session, program: ProgramFile) -> None:
    """Load a kind's program into ``session`` (a user's from inside its folder)."""
    if program.vetted:
        from ...sandbox import in_program_folder  # only a user's kind needs it

        with in_program_folder(program.path) as name:
            session.load(name)
    else:
        session.load(program.path)


def ground(programs: Sequence[ProgramFile], text: str, options: Sequence[str] = ()) -> Session:
    """The programs and ``text`` (facts and rules lpsolve wrote) ground together; a
    clingo error is reported at its place in the kind's program (as grading reports a
    student's)."""
    current = programs[0]

    def at_its_place(error: str, messages: Sequence[str]) -> Exception:
        from ...backends.session import program_error

        return program_error(messages, current.path, error)

    session = Session(options, on_error=at_its_place)
    for program in programs:
        current = program
        load(session, program)
    session.add(text)
    session.ground()
    return session


def check_answer(check: ProgramFile, violation: str, facts: str) -> list[clingo.Symbol]:
    """Every ``violation`` atom the check derives from ``facts``: the puzzle's facts and
    an answer's atoms as one program text (sorted)."""
    session = ground([check], facts)
    found = []
    atoms = session.atoms
    for arity in VIOLATION_ARITIES:
        for atom in atoms.by_signature(violation, arity):
            if not atom.is_fact:
                raise PuzzleError(
                    f"the check is not decided by grounding: {atom.symbol} may or may not "
                    "hold (a check is stratified: no choice rules, no disjunction, no "
                    "negative cycles)",
                    check.path,
                )
            found.append(atom.symbol)
    return sorted(found)


def derived_facts(
    check: ProgramFile, facts: str, signatures: Iterable[tuple[str, int]]
) -> list[clingo.Symbol]:
    """The facts of the check's ground program with these signatures: what the check
    derives from ``facts``, the puzzle's and an answer's (a picture's box borders, lit
    cells)."""
    # the session is held while its atoms are read: they point into its control, which
    # clingo frees with the session (read after that: a segmentation fault)
    session = ground([check], facts)
    return [
        atom.symbol
        for name, arity in sorted(set(signatures))
        for atom in session.atoms.by_signature(name, arity)
        if atom.is_fact
    ]


def enumerate_models(
    programs: Sequence[ProgramFile],
    text: str,
    shown: Callable[[clingo.Symbol], bool],
    *,
    limit: int | None,
    timeout: float | None = None,
    options: Sequence[str] = (),
) -> tuple[list[tuple[clingo.Symbol, ...]], bool]:
    """Up to ``limit`` models (``None``: all) of the programs with ``text``, each as
    its atoms that ``shown`` keeps (sorted); and whether the search was complete."""
    session = ground(programs, text, options)
    models: list[tuple[clingo.Symbol, ...]] = []

    def take(model: clingo.Model) -> bool:
        models.append(tuple(sorted(a for a in model.symbols(atoms=True) if shown(a))))
        return True

    end = session.search(
        on_model=take,
        deadline=None if timeout is None else time.perf_counter() + timeout,
        models=0 if limit is None else limit,
    )
    if end.stopped_by == StopReason.INTERRUPT:
        raise KeyboardInterrupt
    return models, end.exhausted and end.stopped_by is None
