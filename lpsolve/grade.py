"""Grading a student's encoding against a kind's reference encoding (``lpsolve
grade``), and running any ASP program on a puzzle's facts with its answer sets handed
back as symbols (the web workbench's runs; ``lpsolve run`` is clingo's own
application: :mod:`lpsolve.application`).

A student program gets the same input facts as the reference (``Puzzle.facts()``).
Its answers are read from the atoms of the *output predicates*: those the reference
encoding shows with ``#show NAME/ARITY.`` (read with clingo's parser, so the
reference file is the single source). Atoms are taken from the whole model, not only
the shown part, so a student who forgets ``#show`` or shows more is graded all the
same. Every instance is solved by both programs (all solutions, up to a cap, within
a time limit) and the two sets of answers are compared:

* an answer the reference does not have is *wrong*: the kind's plain-Python rule
  checker says which rule it breaks, where;
* a reference answer the student never produces is *missing*;
* the same answer twice (auxiliary atoms that differ) is a *duplicate*;
* a search that runs out of time is *too slow*.

clingo runs ``#script`` blocks while loading a program, so a student program with one
(in the file or anything it ``#include``\\s) is refused unless scripts are allowed.
"""

from __future__ import annotations

import functools
import os
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo
import clingo.ast

from . import sandbox
from .backends import asp
from .backends.session import Session, one_line, program_error, user_message
from .errors import PuzzleError, UsageError
from .jobs import DEFAULT_MEMORY, Emit, Limits, supervise
from .kinds import kind_spec, parse_bytes, read_bytes
from .kinds import load as load_puzzle
from .kinds.textformat import plural
from .puzzle import Puzzle, Result, StopReason
from .resources import encoding_file, encodings_dir
from .supervised import call, remaining

Signature = tuple[str, int]
Answer = frozenset[clingo.Symbol]

#: default limits of one grading run, per instance
TIME_LIMIT = 10.0
MAX_SOLUTIONS = 100

VERDICTS = ("correct", "wrong", "missing", "duplicate", "too slow", "out of memory", "skipped")

# -- reading programs ------------------------------------------------------------------


@functools.cache
def output_signatures(kind: str) -> tuple[Signature, ...]:
    """The predicates a kind's reference encoding shows (``#show NAME/ARITY.``), read
    once per kind (``run`` asks again for every answer set it draws)."""
    signatures: list[Signature] = []

    def collect(statement: clingo.ast.AST) -> None:
        if statement.ast_type == clingo.ast.ASTType.ShowSignature and statement.positive:
            signatures.append((statement.name, statement.arity))
        elif statement.ast_type == clingo.ast.ASTType.ShowTerm:
            raise UsageError(f"the {kind} encoding shows terms; grading needs #show NAME/ARITY")

    with encoding_file(kind_spec(kind).reference_encoding) as path:
        clingo.ast.parse_files([path], collect)
    if not signatures:
        raise UsageError(f"the {kind} encoding shows no predicate (#show NAME/ARITY.)")
    return tuple(signatures)


def check_program(path: str, allow_scripts: bool = False) -> list[Path]:
    """Vet a user's program before clingo reads it (:mod:`lpsolve.sandbox`): every
    ``#include`` must name a file in the program's own folder, and a ``#script`` block
    is refused unless scripts are allowed; a syntax error is reported at its place.
    Returns the files the program consists of (real paths, the program first). Raises
    :class:`PuzzleError`. Nothing is run."""
    if not Path(path).is_file():
        raise PuzzleError("no such file", path)
    return sandbox.vet_program(path, allow_scripts=allow_scripts)


def refuse_installed_encodings(program: str, files: Sequence[Path], kind: str = "") -> None:
    """Refuse to grade lpsolve's own encodings (every one installed in ``encodings/``,
    and ``kind``'s own where it is a folder's: its encoding and lesson) as a student's
    work, however they reach the student's folder: a file of the program that *is* one
    (a hard or symbolic link: the same file), or a program that states every rule of
    one (a copy, also with other comments, spacing or order, or cut into included
    parts). Grading one against the reference proves nothing. Raises
    :class:`PuzzleError`."""
    # each encoding and how a refusal names it
    installed = {
        path: f"lpsolve's own encoding {path.name}" for path in encodings_dir().glob("*.lp")
    }
    if kind:
        spec = kind_spec(kind)
        for own in sorted({spec.encoding, spec.reference_encoding}):
            if os.path.isabs(own):  # a declared kind's (or a plugin's), in its folder
                installed[Path(own)] = f"kind {kind}'s own encoding {Path(own).name}"
    identities = {(info.st_dev, info.st_ino): path for path in installed for info in [path.stat()]}
    for index, file in enumerate(files):
        info = file.stat()
        same = identities.get((info.st_dev, info.st_ino))
        if same is not None:  # an included file named as the user would name it
            included = sandbox.user_path(os.path.relpath(file, files[0].parent), program)
            source = included if index else program
            raise PuzzleError(
                f"is {installed[same]} (the installed file, or a link to it): "
                "grading it would prove nothing",
                source,
            )
    rules = _statements(program)
    for path, name in sorted(installed.items()):
        theirs = _statements(str(path))
        if theirs and not theirs - rules:
            raise PuzzleError(
                f"states every rule of {name} (a copy of it): grading it would prove nothing",
                program,
            )


def _statements(path: str) -> Counter[str]:
    """The statements of a (vetted) program and the files it includes, as clingo's
    parser prints them: without comments, in clingo's spacing; empty if it does not
    parse (loading it reports the error at its place)."""
    statements: Counter[str] = Counter()

    def collect(statement: clingo.ast.AST) -> None:
        kind = statement.ast_type
        if kind == clingo.ast.ASTType.Comment:
            return
        if kind == clingo.ast.ASTType.Program and statement.name == "base":
            return  # clingo starts every file with it
        statements[str(statement)] += 1

    with sandbox.in_program_folder(path) as name, suppress(RuntimeError):
        clingo.ast.parse_files([name], collect, logger=lambda _code, _text: None)
    return statements


def load_program(session: Session, program: str) -> None:
    """Load a vetted program as :mod:`lpsolve.sandbox` requires: from inside its folder,
    since clingo looks for a relative ``#include`` in the working directory first.
    The session's errors are reported at their place in ``program`` from here on."""
    session.on_error = errors_in(program)
    with sandbox.in_program_folder(program) as name:
        session.load(name)


def errors_in(program: str) -> Callable[[str, Sequence[str]], Exception]:
    """clingo's errors reported at their place in a user's ``program``."""
    return lambda text, messages: program_error(messages, program, text)


def program_session(program: str, options: Iterable[str] = ()) -> Session:
    """A session for a user's program: clingo's messages kept (not logged as
    lpsolve's), its errors reported at their place in ``program``."""
    return Session(options, on_message=None, on_error=errors_in(program))


# -- searching ---------------------------------------------------------------------------


def _output_atoms(model: clingo.Model, signatures: frozenset[Signature]) -> Answer:
    return frozenset(
        atom
        for atom in model.symbols(atoms=True)
        if atom.type == clingo.SymbolType.Function
        and (atom.name, len(atom.arguments)) in signatures
    )


def _search(
    session: Session,
    signatures: frozenset[Signature],
    limit: int,
    timeout: float | None,
    on_answer: Callable[[Any], None] | None = None,
    read: Callable[[clingo.Model], Any] | None = None,
) -> Result:
    """Enumerate up to ``limit`` models (0: all) within ``timeout`` seconds of search.
    Each answer (the output atoms, or what ``read`` takes from the model) is kept in
    ``solutions``, or with ``on_answer`` handed to it as it is found instead."""
    search = Result(puzzle=None, backend="clingo")

    def on_model(model: clingo.Model) -> None:
        answer = _output_atoms(model, signatures) if read is None else read(model)
        search.count += 1
        if on_answer is None:
            search.solutions.append(answer)
        else:
            on_answer(answer)

    deadline = None if timeout is None else time.perf_counter() + timeout
    end = session.search(on_model=on_model, deadline=deadline, models=limit)
    search.stats = session.stats(solve_seconds=end.seconds)
    search.stopped_by = end.stopped_by
    search.complete = end.exhausted and search.stopped_by is None
    if not search.complete and search.stopped_by is None:
        search.stopped_by = StopReason.LIMIT
    return search


def _student_session(program: str, puzzle: Puzzle, extra: Iterable[str] = ()) -> Session:
    session = program_session(program, extra)
    load_program(session, program)
    session.add(puzzle.facts_text())
    return session


def _bounded_search(
    build: Callable[[], Session],
    signatures: frozenset[Signature],
    max_solutions: int,
    limits: Limits,
) -> Result:
    """Ground and search a program in a supervised job: ``build()`` makes the ground
    session inside the job. A stop (time, memory, Ctrl-C) keeps the answers found
    before it (``solutions``)."""
    start = time.monotonic()
    deadline = limits.deadline(start)
    found: list[Answer] = []

    def job(emit: Emit) -> Result:
        session = build()
        search = _search(session, signatures, max_solutions, remaining(deadline), emit)
        search.messages = session.messages  # the answers reached the parent one by one
        return search

    outcome = supervise(job, limits, found.append, start=start)
    search = outcome.value or Result(puzzle=None, backend="clingo")
    search.solutions, search.count = found, len(found)
    if outcome.stopped_by is not None and not search.complete:
        search.stopped_by = outcome.stopped_by
    return search


def _reference_verdicts(
    puzzle: Puzzle, answers: Sequence[Answer], signatures: frozenset[Signature], limits: Limits
) -> list[bool | None]:
    """For each answer: does some reference answer set show exactly it (``None``:
    unknown within the limits)? Used when the reference enumeration stopped at the cap."""

    def job() -> list[bool | None]:
        session = asp.make_control(puzzle, encoding=kind_spec(puzzle.kind).reference_encoding)
        session.ground()
        return [
            _is_reference_answer(session, answer, signatures, limits.timeout or TIME_LIMIT)
            for answer in answers
        ]

    outcome = call(job, limits)
    return outcome.value if outcome.value is not None else [None] * len(answers)


def _is_reference_answer(
    session: Session, answer: Answer, signatures: frozenset[Signature], timeout: float
) -> bool | None:
    """Whether some reference answer set shows exactly ``answer`` (``None``: unknown in
    time). Used when the reference enumeration stopped at the cap."""
    outputs = [
        entry.symbol
        for name, arity in signatures
        for entry in session.atoms.by_signature(name, arity)
    ]
    if not answer <= set(outputs):
        return False
    assumptions = [(atom, atom in answer) for atom in outputs]
    end = session.search(assumptions=assumptions, deadline=time.perf_counter() + timeout, models=1)
    if end.stopped_by == StopReason.INTERRUPT:
        raise KeyboardInterrupt
    return None if end.stopped_by is not None else bool(end.satisfiable)


# -- grading -------------------------------------------------------------------------------


@dataclass
class Example:
    """One differing answer: the atoms, the decoded board and what the checker says."""

    atoms: list[str]
    board: str | None
    solution: Any
    problems: list[str]


@dataclass
class InstanceGrade:
    """The verdict on one instance, with counts and one example of each difference."""

    instance: str
    verdict: str
    student_count: int = 0  # distinct answers found
    student_complete: bool = False
    reference_count: int = 0
    reference_complete: bool = False
    wrong: int = 0  # answers the reference does not have
    missing: int = 0  # reference answers the student did not find
    duplicates: int = 0  # answers found more than once
    wrong_example: Example | None = None
    missing_example: Example | None = None
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        def example(ex: Example | None) -> dict[str, Any] | None:
            if ex is None:
                return None
            return {"atoms": ex.atoms, "solution": ex.solution, "problems": ex.problems}

        return {
            "instance": self.instance,
            "verdict": self.verdict,
            "student": {"count": self.student_count, "complete": self.student_complete},
            "reference": {"count": self.reference_count, "complete": self.reference_complete},
            "wrong": self.wrong,
            "missing": self.missing,
            "duplicates": self.duplicates,
            "wrong_example": example(self.wrong_example),
            "missing_example": example(self.missing_example),
            "notes": self.notes,
            "seconds": round(self.seconds, 6),
        }


@dataclass
class Grade:
    """A student program graded on several instances of one kind."""

    program: str
    kind: str
    outputs: tuple[Signature, ...]
    instances: list[InstanceGrade]
    seconds: float = 0.0
    interrupted: bool = False  # stopped by Ctrl-C: later instances skipped
    #: bundled instances of a variant of the rules, not graded by default: (name, variant)
    left_out: list[tuple[str, str]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Every instance graded is correct (skipped ones do not count), and the grading
        was not interrupted."""
        graded = all(g.verdict in ("correct", "skipped") for g in self.instances)
        return graded and not self.interrupted

    @property
    def status(self) -> str:
        """``passed``, ``failed`` or ``interrupted`` (by Ctrl-C: never a pass)."""
        if self.interrupted:
            return "interrupted"
        return "passed" if self.passed else "failed"

    def counts(self) -> dict[str, int]:
        return {v: sum(g.verdict == v for g in self.instances) for v in VERDICTS}

    def summary(self) -> str:
        counts = self.counts()
        parts = [f"{n} {verdict}" for verdict, n in counts.items() if n or verdict == "correct"]
        time_text = f"{self.seconds * 1000:.1f} ms" if self.seconds < 1 else f"{self.seconds:.2f} s"
        head = "INTERRUPTED" if self.interrupted else "PASS" if self.passed else "FAIL"
        total = len(self.instances)
        return (
            f"{head}: {self.program} on {total} {self.kind} instance{'s' * (total != 1)}: "
            f"{', '.join(parts)} ({time_text})"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "status": self.status,
            "stopped_by": "interrupt" if self.interrupted else None,
            "program": self.program,
            "interrupted": self.interrupted,
            "outputs": [f"{name}/{arity}" for name, arity in self.outputs],
            "passed": self.passed,
            "counts": self.counts(),
            "instances": [g.as_json() for g in self.instances],
            "left_out": [{"instance": name, "variant": variant} for name, variant in self.left_out],
            "seconds": round(self.seconds, 6),
        }


def bundled_instances(kind: str) -> list[Path]:
    """The bundled puzzle files of a kind: ``instances/<kind>/`` files with one of the
    kind's extensions (or JSON), sorted by name."""
    found = kind_spec(kind).instances()
    if not found:
        raise UsageError(f"no bundled instances for kind {kind}; name the instance files")
    return [Path(instance.path) for instance in found]


def bundled_name(kind: str, path: Path) -> str:
    """How grading names a bundled instance: ``KIND/FILE``, wherever lpsolve is
    installed (never a path into site-packages)."""
    return f"{kind}/{path.name}"


def _bundled_puzzles(kind: str, variants: bool) -> tuple[list[Puzzle], list[tuple[str, str]]]:
    """The kind's bundled puzzles that grading uses by default, named ``KIND/FILE``:
    those of the plain rules, or with ``variants`` every one; and the variants left
    out, as (name, variant)."""
    puzzles, left_out = [], []
    for path in bundled_instances(kind):
        name = bundled_name(kind, path)
        puzzle = parse_bytes(read_bytes(path), name, kind)
        variant = puzzle.variant()
        if variant is None or variants:
            puzzles.append(puzzle)
        else:
            left_out.append((name, variant))
    return puzzles, left_out


def _decode(puzzle: Puzzle, answer: Answer) -> tuple[Any, str | None, list[str]]:
    """(solution, board, problems) for any atom set: a student's answer may be
    malformed, and that must read as a wrong answer, never as a crash."""
    try:
        solution = puzzle.decode(sorted(answer))
        problems = puzzle.violations(solution)
    except Exception as error:  # any failure here is the answer's fault
        return None, None, [f"the atoms cannot be read as a {puzzle.kind} solution ({error})"]
    try:
        board: str | None = puzzle.render(solution)
    except Exception:
        board = None
    return solution, board, problems


def decode_answer(
    puzzle: Puzzle, atoms: Iterable[clingo.Symbol]
) -> tuple[Any, str | None, list[str]]:
    """Atoms of an answer set read as a solution of ``puzzle`` (only those of the kind's
    output predicates): the solution (``None`` if they cannot be read as one), its board
    as text, and every rule the checker finds broken."""
    return _decode(puzzle, _output_atoms_of(puzzle, atoms))


def _output_atoms_of(puzzle: Puzzle, atoms: Iterable[clingo.Symbol]) -> Answer:
    outputs = frozenset(output_signatures(puzzle.kind))
    return frozenset(
        atom
        for atom in atoms
        if atom.type == clingo.SymbolType.Function and (atom.name, len(atom.arguments)) in outputs
    )


def _example(puzzle: Puzzle, answer: Answer, problems: list[str] | None = None) -> Example:
    solution, board, found = _decode(puzzle, answer)
    try:
        as_json = None if solution is None else puzzle.solution_json(solution)
    except Exception:
        as_json = None
    return Example(
        [str(a) for a in sorted(answer)], board, as_json, found if problems is None else problems
    )


def grade_instance(
    program: str,
    puzzle: Puzzle,
    outputs: tuple[Signature, ...],
    *,
    time_limit: float = TIME_LIMIT,
    max_solutions: int = MAX_SOLUTIONS,
    memory_limit: int | None = DEFAULT_MEMORY,
    count_supervisor: bool = False,
) -> InstanceGrade:
    """Compare the student program's answers on one puzzle with the reference's; each
    program runs as a supervised job within ``time_limit`` seconds (grounding
    included) and ``memory_limit`` bytes (with ``count_supervisor``, this process's
    own memory counted in: see :class:`~lpsolve.jobs.Limits`). Ctrl-C raises
    ``KeyboardInterrupt``."""
    signatures = frozenset(outputs)
    started = time.perf_counter()
    grade = InstanceGrade(puzzle.source, "correct")

    limits = Limits(time_limit, memory_limit, count_supervisor)
    reference_encoding = kind_spec(puzzle.kind).reference_encoding

    def reference_session() -> Session:
        session = asp.make_control(puzzle, encoding=reference_encoding)
        session.ground()
        return session

    reference = _bounded_search(reference_session, signatures, max_solutions, limits)
    if reference.stopped_by == "interrupt":
        raise KeyboardInterrupt
    grade.reference_count = len(reference.solutions)
    grade.reference_complete = reference.complete
    if reference.stopped_by in ("timeout", "memory"):
        grade.verdict = "skipped"
        grade.notes.append(
            f"the reference needs more than {time_limit:g} s here"
            if reference.stopped_by == "timeout"
            else "the reference needs more memory than the limit here"
        )
        grade.seconds = time.perf_counter() - started
        return grade

    def student_session() -> Session:
        session = _student_session(program, puzzle)
        session.ground()
        return session

    student = _bounded_search(student_session, signatures, max_solutions, limits)
    if student.stopped_by == "interrupt":
        raise KeyboardInterrupt
    # clingo's infos on the student's program, e.g. a misspelt predicate that no rule defines
    notes = (one_line(user_message(message, program)) for message in student.messages)
    grade.notes.extend(dict.fromkeys(notes))

    known = set(reference.solutions)
    unknown = [a for a in dict.fromkeys(student.solutions) if a not in known]
    in_reference = {}
    if unknown and not reference.complete:
        verdicts = _reference_verdicts(puzzle, unknown, signatures, limits)
        in_reference = dict(zip(unknown, verdicts, strict=True))
    seen: set[Answer] = set()
    wrong: list[Answer] = []
    for answer in student.solutions:
        if answer in seen:
            grade.duplicates += 1
            continue
        seen.add(answer)
        if answer in known:
            continue
        if not reference.complete:
            verdict = in_reference[answer]
            if verdict is None:
                grade.notes.append("an answer could not be checked against the reference in time")
            if verdict is not False:
                continue
        wrong.append(answer)
    grade.student_count = len(seen)
    grade.student_complete = student.complete
    grade.wrong = len(wrong)
    if wrong:
        grade.wrong_example = _wrong_example(puzzle, wrong[0], reference.solutions)
    if student.complete:
        missing = [a for a in reference.solutions if a not in seen]
        grade.missing = len(missing)
        if missing:
            grade.missing_example = _example(puzzle, missing[0], [])
    if not (reference.complete and student.complete):
        grade.notes.append(
            f"compared the first {plural(max_solutions, 'answer')} only (--max-solutions)"
            if "limit" in (reference.stopped_by, student.stopped_by)
            else "the student's program ran out of time (grounding or search): "
            "compared what it found"
            if student.stopped_by == "timeout"
            else "the student's program used more memory than the limit: compared what it found"
        )

    if grade.wrong:
        grade.verdict = "wrong"
    elif student.stopped_by == "timeout":
        grade.verdict = "too slow"
    elif student.stopped_by == "memory":
        grade.verdict = "out of memory"
    elif grade.missing:
        grade.verdict = "missing"
    elif grade.duplicates:
        grade.verdict = "duplicate"
    grade.seconds = time.perf_counter() - started
    return grade


def _wrong_example(puzzle: Puzzle, answer: Answer, reference: Sequence[Answer]) -> Example:
    example = _example(puzzle, answer)
    sizes = {len(r) for r in reference}
    if len(sizes) == 1 and len(answer) not in sizes:
        # e.g. a cell with two numbers: the decoded board cannot show that, so say it
        example.problems.insert(
            0, f"the answer has {len(answer)} output atoms; every reference answer has {min(sizes)}"
        )
    if example.problems:
        return example
    # The checker reads a valid board, yet the atoms are no reference answer: the
    # answer has atoms too many or too few (e.g. two numbers in one cell).
    same = [r for r in reference if _decode(puzzle, r)[0] == _decode(puzzle, answer)[0]]
    if same:
        extra = sorted(answer - same[0])
        lacking = sorted(same[0] - answer)
        words = []
        if extra:
            words.append(f"atoms too many: {' '.join(map(str, extra[:5]))}")
        if lacking:
            words.append(f"atoms missing: {' '.join(map(str, lacking[:5]))}")
        example.problems = [
            "the board is right but the atoms are not those of the answer: " + "; ".join(words)
        ]
    else:
        example.problems = [
            "the rule checker finds no broken rule, but no reference answer set shows these atoms"
        ]
    return example


def grade(
    program: str,
    kind: str,
    instances: Sequence[str | Path] = (),
    *,
    time_limit: float = TIME_LIMIT,
    max_solutions: int = MAX_SOLUTIONS,
    allow_scripts: bool = False,
    memory_limit: int | None = DEFAULT_MEMORY,
    on_instance: Callable[[InstanceGrade], None] | None = None,
    on_begin: Callable[[list[str]], None] | None = None,
    count_supervisor: bool = False,
    variants: bool = False,
    refuse_own_encodings: bool = True,
) -> Grade:
    """Grade ``program`` (a file) on ``instances`` (default: the kind's bundled ones of
    the plain rules, named ``KIND/FILE``; with ``variants`` also those of a variant of
    the rules, see :meth:`Puzzle.variant`). ``on_begin`` sees the instances' names
    before the first is graded, ``on_instance`` each instance's grade as it is done.
    ``count_supervisor``: the memory cap counts this process's own memory too (see
    :class:`~lpsolve.jobs.Limits`). ``refuse_own_encodings=False`` grades lpsolve's own
    encodings too (to check the grader with a reference as the student); the command
    line always refuses them.

    Raises :class:`PuzzleError` for a program clingo cannot read or ground (syntax
    error, unsafe variable: the place is in the student's file), a refused
    ``#script``, one of lpsolve's own encodings (linked or copied: see
    :func:`refuse_installed_encodings`) or an instance file that does not parse.
    """
    started = time.perf_counter()
    kind_spec(kind)  # an unknown kind is a usage error before anything runs
    files = check_program(program, allow_scripts)
    if refuse_own_encodings:
        refuse_installed_encodings(program, files, kind)
    outputs = output_signatures(kind)
    left_out: list[tuple[str, str]] = []
    if instances:
        puzzles = [load_puzzle(str(path), kind) for path in instances]
    else:
        puzzles, left_out = _bundled_puzzles(kind, variants)
        if not puzzles:
            raise UsageError(
                f"every bundled {kind} instance is of a variant of the rules: "
                "give --variants, or name the instance files"
            )
    if on_begin is not None:
        on_begin([puzzle.source for puzzle in puzzles])
    grades = []
    interrupted = False
    for puzzle in puzzles:
        if interrupted:
            grades.append(InstanceGrade(puzzle.source, "skipped", notes=["interrupted"]))
            continue
        try:
            result = grade_instance(
                program,
                puzzle,
                outputs,
                time_limit=time_limit,
                max_solutions=max_solutions,
                memory_limit=memory_limit,
                count_supervisor=count_supervisor,
            )
        except KeyboardInterrupt:  # Ctrl-C: report what was graded, skip the rest
            interrupted = True
            result = InstanceGrade(puzzle.source, "skipped", notes=["interrupted"])
        grades.append(result)
        if on_instance is not None:
            on_instance(result)
    seconds = time.perf_counter() - started
    return Grade(
        program, kind, outputs, grades, seconds, interrupted=interrupted, left_out=left_out
    )


def table_row(g: InstanceGrade) -> tuple[str, str, str, str, str]:
    """An instance's row of the report's table: instance, verdict, answers found (``+``:
    the search did not end), the reference's, time."""
    found = f"{g.student_count}{'' if g.student_complete else '+'}"
    ref = f"{g.reference_count}{'' if g.reference_complete else '+'}"
    time_text = f"{g.seconds * 1000:.1f} ms" if g.seconds < 1 else f"{g.seconds:.2f} s"
    return g.instance, g.verdict, found, ref, time_text


def report_lines(result: Grade) -> list[str]:
    """The text report: a table of instances, the details of each failure, a summary."""
    width = max([len("instance"), *(len(g.instance) for g in result.instances)])
    verdict_width = max([9, *(len(g.verdict) for g in result.instances)])
    head = f"{'instance':<{width}}  {'verdict':<{verdict_width}}  {'found':>5}  {'reference':>9}"
    lines = [head + "  time"]
    for g in result.instances:
        instance, verdict, found, ref, time_text = table_row(g)
        lines.append(
            f"{instance:<{width}}  {verdict:<{verdict_width}}  {found:>5}  {ref:>9}  {time_text}"
        )
    for g in result.instances:
        if g.verdict == "correct":
            continue
        lines.append("")
        lines.append(f"{g.instance}: {g.verdict}")
        if g.wrong and g.wrong_example is not None:
            at_least = "" if g.student_complete else "at least "
            lines.append(
                f"  {at_least}{g.wrong} answer{'s' * (g.wrong != 1)} the reference does not "
                "have; the first:"
            )
            lines += _example_lines(g.wrong_example)
        if g.missing and g.missing_example is not None:
            lines.append(
                f"  {g.missing} of the reference's {plural(g.reference_count, 'answer')} not "
                f"found; the first:"
            )
            lines += _example_lines(g.missing_example)
        if g.duplicates:
            lines.append(
                f"  {g.duplicates} answer{'s' * (g.duplicates != 1)} found again "
                f"(answer sets that differ only outside the output predicates)"
            )
        lines += [f"  note: {note}" for note in g.notes]
    if result.left_out:
        lines += ["", "Not graded (a variant of the rules; name them or give --variants):"]
        lines += [f"  {name}: {variant}" for name, variant in result.left_out]
    lines += ["", result.summary()]
    return lines


def _example_lines(example: Example) -> list[str]:
    if example.board is not None:
        lines = [textwrap.indent(example.board, "    ")]
    else:
        lines = textwrap.wrap(
            " ".join(example.atoms) or "(no output atoms)",
            88,
            initial_indent="    ",
            subsequent_indent="    ",
        )
    return lines + [f"    broken: {problem}" for problem in example.problems]


# -- running any program -------------------------------------------------------------------


@dataclass
class Run:
    """The answer sets of a program (shown atoms, sorted) and how the search ended."""

    answers: list[list[clingo.Symbol]]
    complete: bool
    stopped_by: str | None
    seconds: float
    messages: list[str]
    #: an optimizing program's cost vector of each answer (clingo's ``Optimization:``)
    costs: list[list[int]] = field(default_factory=list)
    #: clingo proved the last answer optimal (``OPTIMUM FOUND``)
    optimum: bool = False


def run_program(
    files: Sequence[str],
    *,
    kind: str | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    allow_scripts: bool = False,
    memory_limit: int | None = DEFAULT_MEMORY,
    on_answer: Callable[[list[clingo.Symbol], Puzzle | None], None] | None = None,
    start: float | None = None,
    arguments: Sequence[str] = (),
    on_costs: Callable[[list[int]], None] | None = None,
    count_supervisor: bool = False,
) -> tuple[Run, Puzzle | None]:
    """Solve ASP programs (``.lp`` files) together with the facts of puzzle files, as a
    supervised job whose answer sets come back as symbols (the web workbench's run):
    ``timeout`` seconds (reading, grounding and search) and ``memory_limit`` bytes
    (``count_supervisor``: this process's memory counted in, see
    :class:`~lpsolve.jobs.Limits`). ``on_answer(atoms, puzzle)`` sees each answer as it
    is found.

    ``arguments`` are clingo options (e.g. ``--project``), vetted by the caller.
    ``limit`` -1 is clingo's default: one answer set, or for a program with
    ``#minimize``/``#maximize`` every better one until the optimum; ``on_costs`` sees
    each answer's costs right after it. Returns the answer sets and the (last) puzzle,
    whose kind can draw them."""
    programs = [f for f in files if f.endswith(".lp")]
    if not programs:
        raise UsageError("give at least one ASP program (a .lp file)")
    for program in programs:
        check_program(program, allow_scripts)
    limits = Limits(timeout, memory_limit, count_supervisor)
    start = time.monotonic() if start is None else start
    deadline = limits.deadline(start)

    def run_job(emit: Emit) -> tuple[bool, str | None, list[str], bool]:
        puzzles = [load_puzzle(f, kind) for f in files if not f.endswith(".lp")]
        if puzzles:
            emit(("puzzle", puzzles[-1]))
        session = Session(
            arguments,
            on_message=None,  # an option clingo does not take: a usage error
            on_error=lambda text, _: UsageError(f"clingo: {' '.join(text.split())}"),
        )
        for program in programs:
            load_program(session, program)
        session.on_error = errors_in(programs[0])
        for puzzle in puzzles:
            session.add(puzzle.facts_text())
        session.ground()
        search = _search(
            session,
            frozenset(),
            limit or 0,
            remaining(deadline),
            on_answer=lambda answer: emit(("answer", answer)),
            # `run` shows the #show; an optimizing program's answers carry their costs
            read=lambda model: (sorted(model.symbols(shown=True)), list(model.cost)),
        )
        return search.complete, search.stopped_by, session.messages, session.optimum_found()

    answers: list[list[clingo.Symbol]] = []
    costs: list[list[int]] = []
    shown: list[Puzzle] = []

    def receive(item: tuple[str, Any]) -> None:
        tag, value = item
        if tag == "puzzle":
            shown.append(value)
        else:
            atoms, cost = value
            answers.append(atoms)
            if on_answer is not None:
                on_answer(atoms, shown[-1] if shown else None)
            if cost:
                costs.append(cost)
                if on_costs is not None:
                    on_costs(cost)

    outcome = supervise(run_job, limits, receive, start=start)
    complete, stopped_by, messages, optimum = outcome.value or (False, None, [], False)
    if outcome.stopped_by is not None and not complete:
        stopped_by = outcome.stopped_by
    if not complete and stopped_by is None:
        stopped_by = "limit"
    run = Run(answers, complete, stopped_by, outcome.seconds, messages, costs, optimum)
    return run, shown[-1] if shown else None
