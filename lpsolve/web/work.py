"""What the playground's pages compute, each visitor's request as supervised jobs.

The routes (:mod:`lpsolve.web.app`) call these functions from a worker thread; every
search, explanation, program run, grading and Mastermind query runs in a child
process under the server's limits (:mod:`lpsolve.jobs`), and so do parsing and
drawing a visitor's puzzle, whose size only its format's limits bound. What comes back
is plain data for the templates: SVG made by the kinds' own ``svg()``, text lines.
Bundled puzzles are trusted: the gallery draws them in this process, once.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
import json
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from .. import grade, sandbox
from ..errors import LpsolveError, PuzzleError
from ..jobs import Limits, Outcome, supervise
from ..kinds import KINDS, kind_spec, parse_bytes
from ..kinds import mastermind as mm
from ..puzzle import Puzzle, Result, facts_program
from ..resources import encoding_text, instances_dir, tutorial_dir
from ..supervised import SolveJob, call

#: facts shown on a puzzle page (a big board has many thousands)
FACTS_SHOWN = 400
#: solutions drawn when stepping through all of them
SOLUTIONS_SHOWN = 100
#: answer sets drawn in the workbench
ANSWERS_SHOWN = 20
#: consistent Mastermind codes listed
CODES_SHOWN = 20
#: the explanation ends this long before the job's deadline, to hand in what it has
EXPLAIN_MARGIN = 0.15
#: the name a typed program has in messages
PROGRAM_NAME = "program.lp"
#: puzzles with more facts than this are not drawn (a picture no browser would show well)
MAX_DRAWN_FACTS = 50_000


# -- the bundled puzzles ------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A bundled puzzle: ``key`` (``KIND/FILE``) names it in URLs and forms."""

    kind: str
    name: str
    path: Path

    @property
    def key(self) -> str:
        return f"{self.kind}/{self.name}"


@functools.cache
def catalogue() -> dict[str, list[Entry]]:
    """The bundled instances by kind (those ``lpsolve grade --kind K`` uses)."""
    return {
        kind: [Entry(kind, path.name, path) for path in grade.bundled_instances(kind)]
        for kind in KINDS
        if (instances_dir() / kind).is_dir()
    }


@functools.cache
def tutorial_entries() -> list[Entry]:
    """The tutorial's puzzle (Takuzu), offered in the workbench beside the instances."""
    folder = tutorial_dir()
    return [Entry("tutorial", p.name, p) for p in sorted(folder.glob("*.takuzu"))]


def find_entry(key: str) -> Entry | None:
    """The bundled puzzle ``KIND/FILE``, or ``None``: only listed files are served."""
    for entry in [*tutorial_entries(), *(e for es in catalogue().values() for e in es)]:
        if entry.key == key:
            return entry
    return None


@functools.cache
def thumbnail(key: str) -> str:
    """A bundled puzzle drawn (in this process: bundled files are trusted)."""
    entry = find_entry(key)
    assert entry is not None
    puzzle = parse_bytes(entry.path.read_bytes(), f"instances/{key}", entry.kind)
    return puzzle.svg()


@functools.cache
def bundled_view(key: str) -> PuzzleView:
    """A bundled puzzle's page without a search: drawn in this process, once."""
    entry = find_entry(key)
    assert entry is not None
    return _view(parse_bytes(entry.path.read_bytes(), f"instances/{key}", entry.kind))


@functools.cache
def tutorial_steps() -> dict[str, str]:
    """The tutorial's programs (``step1.lp`` ...) by name."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(tutorial_dir().glob("*.lp"))}


def lesson_encoding(kind: str) -> str:
    """The plain encoding students are graded against (``lpsolve encoding K --lesson``)."""
    return encoding_text(kind_spec(kind).reference_encoding)


# -- a puzzle page ------------------------------------------------------------------------


@dataclass
class Board:
    """One solution (or answer set) drawn, with its text and, for answers, its atoms."""

    svg: str | None
    text: str
    atoms: str = ""
    problems: list[str] = field(default_factory=list)
    json: str = ""  # the solution as the kind's JSON (``solve --format json``)


@dataclass
class PuzzleView:
    """A puzzle as its page shows it: drawn, its facts and the encoding they are for."""

    kind: str
    source: str
    encoding: str
    svg: str | None  # None: too big to draw
    facts: str
    facts_total: int
    text: str  # the puzzle as the command line prints it


@dataclass
class Searched:
    """A search on a puzzle page: what was found, in words and pictures."""

    view: PuzzleView | None
    summary: str
    solutions: list[Board] = field(default_factory=list)
    explanation: list[str] = field(default_factory=list)
    diagnosis: list[str] = field(default_factory=list)
    conflict: list[str] = field(default_factory=list)  # conflicting givens, in words
    stopped: bool = False
    undrawn: bool = False  # stopped before the puzzle was drawn


def _drawable(puzzle: Puzzle) -> bool:
    return len(puzzle.facts()) <= MAX_DRAWN_FACTS


def _view(puzzle: Puzzle, conflict: Sequence[Any] = ()) -> PuzzleView:
    facts = puzzle.facts()
    drawable = len(facts) <= MAX_DRAWN_FACTS
    return PuzzleView(
        puzzle.kind,
        puzzle.source,
        puzzle.encoding,
        puzzle.svg(None, conflict=conflict) if drawable else None,
        facts_program(facts[:FACTS_SHOWN]),
        len(facts),
        puzzle.render() if drawable else "",
    )


def _board(puzzle: Puzzle, solution: Any, drawable: bool = True) -> Board:
    """A solution drawn, as text and as the kind's JSON."""
    data = json.dumps(puzzle.solution_json(solution), separators=(",", ":"))
    return Board(puzzle.svg(solution) if drawable else None, puzzle.render(solution), json=data)


def show_puzzle(data: bytes, source: str, kind: str | None, limits: Limits) -> PuzzleView:
    """Parse and draw a puzzle in a job; bad input raises :class:`PuzzleError`."""
    outcome = call(lambda: _view(parse_bytes(data, source, kind)), limits)
    if outcome.value is None:
        raise LpsolveError(f"{source}: {outcome.stop_message()} while reading the puzzle")
    return outcome.value


#: what a puzzle page's buttons ask for: how many solutions to look for
ACTIONS = {"solve": 2, "all": SOLUTIONS_SHOWN + 1, "explain": 2}


def search_puzzle(
    data: bytes,
    source: str,
    kind: str | None,
    action: str,
    limits: Limits,
    known: PuzzleView | None = None,
) -> Searched:
    """Solve (two solutions: uniqueness), list all (up to :data:`SOLUTIONS_SHOWN`) or
    explain a puzzle in one supervised job under the one time limit of the request:
    it reads the puzzle, searches, then draws the puzzle (unless it is ``known``, a
    bundled puzzle, and nothing in it is to be highlighted) and what it found. A job
    stopped before the drawing is answered without a picture of the puzzle
    (``Searched.undrawn``): a second job to draw it would take a second time limit."""
    explain = action == "explain"
    wanted = ACTIONS[action]
    start = time.monotonic()

    def drawn(puzzle: Puzzle, result: Result, seconds_left: float | None) -> dict[str, Any]:
        found: Any = None
        if explain and not result.stopped and result.count != 1:
            from ..explain import explain_ambiguity, explain_conflict

            budget = None if seconds_left is None else max(seconds_left - EXPLAIN_MARGIN, 0.01)
            try:
                search = explain_conflict if result.count == 0 else explain_ambiguity
                found = search(puzzle, budget)
            except LpsolveError as error:
                found = error
        conflict = getattr(found, "clues", ())
        drawable = _drawable(puzzle)
        boards = [_board(puzzle, s, drawable) for s in result.solutions[:SOLUTIONS_SHOWN]]
        view = known if known is not None and not conflict else _view(puzzle, conflict)
        return {"view": view, "boards": boards, "explained": found}

    job = SolveJob(
        source, kind, limit=wanted, timeout=limits.timeout, start=start, followup=drawn, data=data
    )
    solved = job.finish(supervise(job.work, limits, job.receive, start=start))
    result, outcome = solved.result, solved.outcome
    if result is None:  # stopped while reading
        raise LpsolveError(f"{source}: {outcome.stop_message()} while reading the puzzle")
    searched = Searched(known, summary(result, outcome, action), diagnosis=solved.diagnosis)
    searched.stopped = result.stopped or outcome.stopped_by is not None
    if solved.followup is not None:
        searched.view = solved.followup["view"]
        searched.solutions = solved.followup["boards"]
        found = solved.followup["explained"]
        if isinstance(found, LpsolveError):
            searched.explanation = [f"explanation unavailable: {found}"]
        elif found is not None:
            searched.explanation = found.lines()
            searched.conflict = [clue.text for clue in getattr(found, "clues", ())]
        elif explain and result.count == 1:
            searched.explanation = ["exactly one solution: nothing to explain"]
    else:  # stopped before the drawing
        searched.undrawn = known is None
        if explain and outcome.stopped_by is not None:
            searched.explanation = [f"explanation unavailable: {outcome.stop_message()}"]
    return searched


def summary(result: Result, outcome: Outcome[Any], action: str) -> str:
    """The search in one line, as the page states it."""
    n = result.count
    seconds = outcome.seconds
    time_text = f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"
    plural = "solution" if n == 1 else "solutions"
    if result.stopped or outcome.stopped_by is not None:
        stop = outcome.stop_message()
        return f"{stop}: {n:,} {plural} found, search incomplete"
    if n == 0:
        return f"no solution (search complete, {time_text})"
    if result.complete:
        verdict = "unique" if n == 1 else "not unique"
        return f"{n:,} {plural}, search complete: {verdict} ({time_text})"
    if action == "all":
        shown = SOLUTIONS_SHOWN
        return f"more than {shown} solutions: the first {shown} shown ({time_text})"
    return f"not unique: at least 2 solutions ({time_text})"


# -- the workbench --------------------------------------------------------------------


@dataclass
class ProgramRun:
    """A typed program run on a puzzle: its answer sets, drawn, and clingo's words."""

    answers: list[Board]
    verdict: str  # SATISFIABLE, UNSATISFIABLE or UNKNOWN, as clingo says
    summary: str
    messages: list[str]


def _program_file(folder: str, program: str) -> str:
    """The typed program, vetted (no ``#include``, no ``#script``), in its own folder."""
    data = program.encode("utf-8")
    sandbox.refuse_directives(data, PROGRAM_NAME)
    path = Path(folder) / PROGRAM_NAME
    path.write_bytes(data)
    return str(path)


def _as_typed(error: PuzzleError, path: str) -> PuzzleError:
    """An error about the program file, named as the visitor knows it."""
    if error.source == path:
        return PuzzleError(error.message, PROGRAM_NAME, error.line, error.col)
    return error


def run_program(program: str, entry: Entry, models: int, limits: Limits) -> ProgramRun:
    """Run a typed program with a bundled puzzle's facts (``lpsolve run``), as a job."""
    with tempfile.TemporaryDirectory(prefix="lpsolve-web-") as folder:
        path = _program_file(folder, program)
        kind = entry.kind if entry.kind in KINDS else "takuzu"  # the tutorial's is Takuzu
        try:
            run, puzzle = grade.run_program(
                [path, str(entry.path)],
                kind=kind,
                limit=models,
                timeout=limits.timeout,
                memory_limit=limits.memory,
            )
        except PuzzleError as error:
            raise _as_typed(error, path) from None
        messages = [
            grade.user_message(message, path).replace(path, PROGRAM_NAME)
            for message in dict.fromkeys(run.messages)
        ]
    answers = []
    for atoms in run.answers[:ANSWERS_SHOWN]:
        text = " ".join(map(str, atoms)) or "(no atoms shown)"
        answers.append(_answer_board(puzzle, atoms, text))
    n = len(run.answers)
    stopped = run.stopped_by in ("timeout", "memory", "interrupt")
    verdict = "UNKNOWN" if stopped else "SATISFIABLE" if n else "UNSATISFIABLE"
    more = "" if run.complete else "+"
    words = f"Models: {n}{more}, time {run.seconds:.3f} s"
    if stopped:
        limit = (
            "the memory limit"
            if run.stopped_by == "memory"
            else f"the time limit ({limits.timeout:g} s)"
        )
        words = f"stopped by {limit}; " + words
    if n > ANSWERS_SHOWN:
        words += f"; the first {ANSWERS_SHOWN} drawn"
    return ProgramRun(answers, verdict, words, messages)


def _answer_board(puzzle: Puzzle | None, atoms: Sequence[clingo.Symbol], text: str) -> Board:
    """An answer set drawn through the kind's output predicates, when they read as a
    solution of the puzzle; its atoms in any case."""
    if puzzle is None:
        return Board(None, "", text)
    solution, board, problems = grade.decode_answer(puzzle, atoms)
    if solution is None:
        return Board(None, "", text, problems)
    try:
        picture: str | None = puzzle.svg(solution)
    except Exception:  # an answer the kind cannot draw is shown as atoms
        picture = None
    return Board(picture, board or "", text, problems)


@dataclass
class Graded:
    """``lpsolve grade``'s report, and the first wrong answer drawn."""

    report: list[str]
    passed: bool
    wrong: Board | None
    wrong_instance: str = ""
    result: grade.Grade | None = None
    #: the report's table, a row per instance (``grade.table_row``)
    rows: list[tuple[str, ...]] = field(default_factory=list)


def shown_name(path: str) -> str:
    """A bundled file as ``instances/KIND/FILE`` (or ``tutorial/FILE``), wherever the
    package is installed."""
    entry = find_entry(path)  # grading names a bundled instance KIND/FILE
    if entry is not None:
        return path if entry.kind == "tutorial" else f"instances/{path}"
    for base, name in ((instances_dir(), "instances"), (tutorial_dir(), "tutorial")):
        try:
            return f"{name}/{Path(path).resolve().relative_to(base.resolve())}"
        except ValueError:
            continue
    return path


def renamed(result: grade.Grade) -> grade.Grade:
    """A grading with the program and instances named as the page names them."""
    instances = [dataclasses.replace(g, instance=shown_name(g.instance)) for g in result.instances]
    return dataclasses.replace(result, program=PROGRAM_NAME, instances=instances)


def grade_program(program: str, kind: str, entries: Sequence[Entry], limits: Limits) -> Graded:
    """Grade a typed program as ``lpsolve grade PROGRAM --kind K [INSTANCE ...]`` does
    (no entries: the kind's bundled instances), each program on each instance a
    supervised job under ``limits`` (its timeout is the time limit)."""
    with tempfile.TemporaryDirectory(prefix="lpsolve-web-") as folder:
        path = _program_file(folder, program)
        try:
            result = grade.grade(
                path,
                kind,
                [str(e.path) for e in entries],
                time_limit=limits.timeout or grade.TIME_LIMIT,
                memory_limit=limits.memory,
            )
        except PuzzleError as error:
            raise _as_typed(error, path) from None
    result = renamed(result)
    rows = [grade.table_row(instance) for instance in result.instances]
    graded = Graded(grade.report_lines(result), result.passed, None, result=result, rows=rows)
    for instance in result.instances:
        example = instance.wrong_example
        if example is None:
            continue
        graded.wrong_instance = instance.instance
        graded.wrong = _drawn_example(instance.instance, kind, example)
        break
    return graded


def _drawn_example(instance: str, kind: str, example: grade.Example) -> Board:
    """A wrong answer of the grading drawn on its (bundled) puzzle, with the rules it
    breaks as the report names them."""
    text = " ".join(example.atoms)
    entry = find_entry(instance.split("/", 1)[1]) if instance.startswith("instances/") else None
    if entry is None and instance.startswith("tutorial/"):
        entry = find_entry(instance)
    picture = None
    if entry is not None:
        puzzle = parse_bytes(entry.path.read_bytes(), instance, kind)
        atoms = [clingo.parse_term(atom) for atom in example.atoms]
        solution, _, _ = grade.decode_answer(puzzle, atoms)
        if solution is not None:
            try:
                picture = puzzle.svg(solution)
            except Exception:  # shown as atoms and text
                picture = None
    return Board(picture, example.board or "", text, list(example.problems))


# -- Mastermind ---------------------------------------------------------------------------


@dataclass
class Consistent:
    """A Mastermind game's state: the board, how many codes fit, the advice."""

    svg: str
    count: int
    complete: bool
    codes: list[str]
    advice: str
    conflict: list[str]
    solved: bool
    guesses: list[str]  # each guess and its feedback in words: "red red blue blue -> 1 black"
    example: str  # a guess line of this game, to show its format: "0123 : 1 2"


def game_header(game: mm.MastermindGame) -> str:
    """The headers of a game without its guesses (``.mastermind``)."""
    lines = [f"pegs: {game.pegs}", f"colours: {' '.join(game.colours)}"]
    if not game.repeats:
        lines.append("repeats: no")
    if game.black_only:
        lines.append(f"feedback: {mm.BLACK_ONLY}")
    return "\n".join(lines) + "\n"


def example_guess(game: mm.MastermindGame, feedback: bool = True) -> str:
    """A guess line in the game's own format (its pegs, colours and feedback), e.g.
    ``red red blue blue : 1 2`` or ``0123 : 1 2``; ``feedback=False``: the code only."""
    if game.repeats:  # Knuth's kind of opening: AABB
        code = [game.colours[(i // 2) % len(game.colours)] for i in range(game.pegs)]
    else:
        code = list(game.colours[: game.pegs])
    if not feedback:
        return game.code_text(code)
    counts = "1" if game.black_only else f"1 {min(2, game.pegs - 1)}"
    return f"{game.code_text(code)} : {counts}"


def _consistent(text: str, source: str, advise: bool) -> Consistent:
    """In the job: parse the game, count the codes that fit, list a few, advise."""
    from .. import codebreaker

    game = mm.parse(text, source)
    solved = bool(game.guesses) and game.guesses[-1].black == game.pegs
    counted = codebreaker.count_codes(game)
    if counted.stopped_by == "interrupt":  # the supervisor's stop: this job answers no more
        raise KeyboardInterrupt
    codes: list[str] = []
    conflict: list[str] = []
    advice = ""
    if counted.count == 0:
        conflict = codebreaker.diagnosis(game)
    elif counted.count <= CODES_SHOWN:
        found = codebreaker.consistent_codes(game)
        codes = [game.code_text([game.colours[k] for k in row]) for row in found]
    if advise and counted.count > 1 and not solved:
        best = codebreaker.suggest(game, keep=1).best("minimax")
        left = f"{best.worst:,} code{'s' * (best.worst != 1)}"
        advice = (
            f"{game.code_text(best.code)} (worst case {left} left; "
            f"{'could be the secret' if best.consistent else 'cannot be the secret'})"
        )
    guesses = [
        f"{game.code_text(g.code)} \u2192 {mm.feedback_words(g.black, g.white)}"
        for g in game.guesses
    ]
    return Consistent(
        game.svg(),
        counted.count,
        counted.complete,
        codes,
        advice,
        conflict,
        solved,
        guesses,
        example_guess(game),
    )


def mastermind_state(text: str, source: str, advise: bool, limits: Limits) -> Consistent:
    """:func:`_consistent` as a supervised job."""
    outcome = call(lambda: _consistent(text, source, advise), limits)
    if outcome.value is None:
        raise LpsolveError(f"{source}: {outcome.stop_message()}")
    return outcome.value


def secret_code(key: bytes, nonce: str, header: str, game: mm.MastermindGame) -> tuple[str, ...]:
    """The hidden secret of a game against the server: drawn by a generator seeded with
    HMAC-SHA256(server key, nonce and game). The page carries only the random nonce;
    without the key (made anew at each start of the server) it tells nothing about the
    secret, and the server keeps no state per game."""
    digest = hmac.new(key, f"{nonce}\n{header}".encode(), hashlib.sha256).digest()
    draw = random.Random(int.from_bytes(digest, "big"))
    if game.repeats:
        return tuple(draw.choice(game.colours) for _ in range(game.pegs))
    return tuple(draw.sample(game.colours, game.pegs))
