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
import json
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import clingo

from .. import grade, sandbox
from ..errors import LpsolveError, PuzzleError
from ..generate.naming import Asked, file_name
from ..jobs import Emit, Limits, stop_asked, supervise
from ..kinds import kind_spec, parse_bytes
from ..kinds.registry import registry
from ..kinds.textformat import plural
from ..puzzle import Capability, Puzzle, Result, facts_program
from ..resources import encoding_text, instances_dir, tutorial_dir
from ..service import Explanation, Question, Request, ask
from ..steps.records import LEVELS
from ..supervised import Walked, call, walk_steps

if TYPE_CHECKING:
    from ..generate.making import Generated, Order

T = TypeVar("T")

#: facts shown on a puzzle page (a big board has many thousands)
FACTS_SHOWN = 400
#: solutions drawn when stepping through all of them
SOLUTIONS_SHOWN = 100
#: answer sets drawn in the workbench
ANSWERS_SHOWN = 20
#: the name a typed program has in messages
PROGRAM_NAME = "program.lp"
#: puzzles with more facts than this are not drawn (a picture no browser would show well)
MAX_DRAWN_FACTS = 50_000


# -- the bundled puzzles ------------------------------------------------------------------


#: the first part of the key of a tutorial's puzzle (``tutorial/FILE``)
TUTORIAL = "tutorial"


@dataclass(frozen=True)
class Entry:
    """A bundled puzzle: ``key`` (``KIND/FILE``, or ``tutorial/FILE`` for a puzzle of
    a kind's tutorial) names it in URLs and forms."""

    kind: str
    name: str
    path: Path
    tutorial: bool = False

    @property
    def key(self) -> str:
        return f"{TUTORIAL if self.tutorial else self.kind}/{self.name}"


@functools.cache
def catalogue() -> dict[str, list[Entry]]:
    """The bundled instances by kind (those ``lpsolve grade --kind K`` uses)."""
    return {
        kind.name: [Entry(kind.name, Path(i.name).name, Path(i.path)) for i in kind.instances()]
        for kind in registry().kinds()
        if kind.instances()
    }


def _tutorial(kind: str) -> Path | None:
    folder = kind_spec(kind).tutorial()
    return None if folder is None else Path(folder)


@functools.cache
def tutorial_entries(kind: str) -> list[Entry]:
    """The puzzles of the kind's tutorial, offered in the workbench beside its instances."""
    folder = _tutorial(kind)
    if folder is None:
        return []
    endings = kind_spec(kind).extensions
    found = sorted(p for p in folder.iterdir() if p.suffix in endings)
    return [Entry(kind, p.name, p, tutorial=True) for p in found]


@functools.cache
def tutorial_steps(kind: str) -> dict[str, str]:
    """The programs of the kind's tutorial (``step1.lp`` ...) by name."""
    folder = _tutorial(kind)
    if folder is None:
        return {}
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.lp"))}


def first_lesson_kind() -> str:
    """The kind the workbench opens with: the first with a tutorial, else the first."""
    kinds = list(catalogue())
    return next((kind for kind in kinds if _tutorial(kind) is not None), kinds[0])


def find_entry(key: str) -> Entry | None:
    """The bundled puzzle ``KIND/FILE`` (or ``tutorial/FILE``), or ``None``: only listed
    files are served."""
    tutorials = (e for kind in catalogue() for e in tutorial_entries(kind))
    for entry in [*tutorials, *(e for es in catalogue().values() for e in es)]:
        if entry.key == key:
            return entry
    return None


#: how long drawing a puzzle of a kind from the operator's folders may take (in a job)
FOLDER_KIND_SECONDS = 30.0


def _in_process(entry: Entry, draw: Callable[[], T]) -> T | None:
    """``draw()`` in this process for a kind that comes with lpsolve (its files and
    programs are trusted); for a kind from the operator's folders (``serve --kinds``,
    ``LPSOLVE_KINDS``), whose check program draws its pictures, in a supervised job
    (None if that is stopped)."""
    if kind_spec(entry.kind).bundled:
        return draw()
    return call(draw, Limits(FOLDER_KIND_SECONDS)).value


@functools.cache
def thumbnail(key: str) -> str | None:
    """A bundled puzzle drawn, once (see :func:`_in_process`); ``None`` if its kind
    does not draw."""
    entry = find_entry(key)
    assert entry is not None

    def draw() -> str | None:
        puzzle = parse_bytes(entry.path.read_bytes(), f"instances/{key}", entry.kind)
        return puzzle.svg() if puzzle.supports(Capability.DRAW) else None

    return _in_process(entry, draw)


@functools.cache
def bundled_view(key: str) -> PuzzleView | None:
    """A bundled puzzle's page without a search: drawn once (see :func:`_in_process`;
    None: the page draws it in a job of its own)."""
    entry = find_entry(key)
    assert entry is not None
    return _in_process(
        entry, lambda: _view(parse_bytes(entry.path.read_bytes(), f"instances/{key}", entry.kind))
    )


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
    """Whether the puzzle's pictures are drawn: its kind draws, and it is not too big."""
    return puzzle.supports(Capability.DRAW) and len(puzzle.facts()) <= MAX_DRAWN_FACTS


def _view(puzzle: Puzzle, conflict: Sequence[Any] = ()) -> PuzzleView:
    facts = puzzle.facts()
    drawable = len(facts) <= MAX_DRAWN_FACTS
    pictured = drawable and puzzle.supports(Capability.DRAW)
    return PuzzleView(
        puzzle.kind,
        puzzle.source,
        puzzle.encoding,
        puzzle.svg(None, conflict=conflict) if pictured else None,
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

    def drawn(
        puzzle: Puzzle, result: Result, _left: float | None, explanation: Explanation | None
    ) -> dict[str, Any]:
        conflict = () if explanation is None else explanation.conflict
        drawable = _drawable(puzzle)
        boards = [_board(puzzle, s, drawable) for s in result.solutions[:SOLUTIONS_SHOWN]]
        view = known if known is not None and not conflict else _view(puzzle, conflict)
        return {"view": view, "boards": boards}

    question = Question.LIST if action == "all" else Question.SOLVE
    request = Request(
        source, kind, question, limit=wanted, limits=limits, explain=explain, data=data
    )
    answer = ask(request, then=drawn)
    result, outcome = answer.result, answer.solved.outcome
    if result is None:  # stopped while reading
        raise LpsolveError(f"{source}: {outcome.stop_message()} while reading the puzzle")
    shown = min(result.count, SOLUTIONS_SHOWN)
    # the page lists the diagnosis under the verdict
    summary = answer.verdict(shown, reasons=False)
    searched = Searched(known, summary, diagnosis=answer.solved.diagnosis)
    searched.stopped = result.stopped or outcome.stopped_by is not None
    if answer.extra is not None:
        searched.view = answer.extra["view"]
        searched.solutions = answer.extra["boards"]
        if answer.explanation is not None:
            searched.explanation = answer.explanation.lines
            searched.conflict = [clue.text for clue in answer.explanation.conflict]
        elif explain and result.count == 1:
            searched.explanation = ["exactly one solution: nothing to explain"]
    else:  # stopped before the drawing
        searched.undrawn = known is None
        searched.explanation = answer.explanation_lines
    return searched


# -- hints and steps (lpsolve hint, solve --steps, rate) ------------------------------


#: the steps of a walkthrough drawn on its page (a 30x30 Takuzu has some 450 steps of
#: 170 kB each); those after are in words only
STEPS_DRAWN = 100
#: what a puzzle page's step buttons ask for: a hint, or the walkthrough (``walk``)
STEP_ACTIONS = {"hint": False, "steps": True}


@dataclass
class StepShown:
    """A deduction as the page shows it: the board with its cells marked, in words."""

    number: int  # from 1 in a walkthrough; 0 for a hint
    svg: str | None
    lines: list[str]
    trial: bool
    json: str  # ``lpsolve hint --format json``'s fields (:func:`render.step_json`)


@dataclass
class Stepped:
    """A hint (one step) or a walkthrough (every step) on a puzzle page."""

    view: PuzzleView | None
    summary: str
    steps: list[StepShown] = field(default_factory=list)
    solution: Board | None = None
    stopped: bool = False
    walk: bool = False  # a walkthrough (the Steps button), not a hint


def steps_puzzle(
    data: bytes,
    source: str,
    kind: str | None,
    walk: bool,
    limits: Limits,
    known: PuzzleView | None = None,
) -> Stepped:
    """The next deduction (``lpsolve hint``) or, ``walk``, every step from the givens
    to the solution (``lpsolve solve --steps``), in one supervised job under the
    request's limits, drawn as :func:`render.step_picture` draws them. A walkthrough
    stopped by a limit shows the steps found before, and says so."""
    read: dict[str, Any] = {}  # in the job: the puzzle, and whether its kind draws

    def prepare() -> tuple[Any, dict[str, Any]]:
        puzzle = parse_bytes(data, source, kind)
        puzzle.require(Capability.STEPS, "hints")
        read.update(puzzle=puzzle, drawable=_drawable(puzzle))
        return puzzle.deducer(), {"view": known if known is not None else _view(puzzle)}

    def shown(deducer: Any, number: int, step: Any, lines: list[str] | None = None) -> StepShown:
        from ..steps import render

        lines = render.walkthrough_step_text(deducer, number, step) if lines is None else lines
        pictured = read["drawable"] and number <= STEPS_DRAWN
        svg = render.step_picture(deducer, deducer.known, step) if pictured else None
        fields = json.dumps(render.step_json(step), separators=(",", ":"))
        return StepShown(number, svg, lines, step.trial, fields)

    if walk:

        def finish(deducer: Any, done: Any) -> tuple[str, Board | None]:
            from ..steps.render import summary_text

            if not done.complete:
                return summary_text(done), None
            return summary_text(done), _board(read["puzzle"], deducer.solution(), read["drawable"])

        return _walked(walk_steps(prepare, shown, finish, limits), known)

    def job() -> Stepped:
        from ..steps import render

        deducer, head = prepare()
        step = deducer.next_step()
        if step is None and stop_asked():  # a search stopped, not a puzzle without a step
            raise KeyboardInterrupt
        if step is None:
            done = "every cell is known" if deducer.complete else deducer.stuck()
            return Stepped(head["view"], f"nothing to hint: {done}")
        title, *words = render.step_text(deducer, step)
        return Stepped(head["view"], title, [shown(deducer, 0, step, words)])

    outcome = call(job, limits)
    if outcome.value is None:
        return Stepped(known, f"{outcome.stop_message()}: no step found", stopped=True)
    return outcome.value


def _walked(walked: Walked, known: PuzzleView | None) -> Stepped:
    """A walkthrough's page: its steps to the solution, or those found before a stop
    and the stop in the command line's words (``known``: the puzzle as drawn before)."""
    if walked.head is None:
        return Stepped(known, f"{walked.outcome.stop_message()}: no step found", stopped=True)
    view = walked.head["view"]
    if walked.stopped_by is None:
        summary, solved = walked.value
        return Stepped(view, summary, walked.steps, solved, walk=True)
    from ..steps.render import stopped_text

    cells = walked.head["cells"]
    summary = stopped_text(walked.stopped_by, len(walked.steps), walked.known, cells)
    return Stepped(view, summary, walked.steps, stopped=True, walk=True)


#: how long rating a bundled puzzle for its gallery card may take
LEVEL_SECONDS = 3.0
#: the bundled puzzles' levels rated ahead of time, with a longer limit than a card's
#: (``python benchmarks/gallery_levels.py --write``): by entry key, each with the
#: SHA-256 of the file rated; a file changed since is rated again when its card asks
STORED_LEVELS = Path(__file__).with_name("levels.json")
#: the bundled puzzles rated so far: (file, its mtime) -> level and score, or None
#: (not rated: its kind has no steps, its steps stop short, or the time ran out)
_levels: dict[tuple[Path, int], dict[str, Any] | None] = {}
#: one rating at a time, so the gallery's cards do not take every core
_rating = threading.Lock()


def _level_key(entry: Entry) -> tuple[Path, int]:
    return entry.path, entry.path.stat().st_mtime_ns


@functools.cache
def stored_levels() -> dict[str, Any]:
    """The levels rated ahead of time, by entry key (empty if the file is missing or
    is not such a table: the cards are then rated as they ask)."""
    try:
        data = json.loads(STORED_LEVELS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = data.get("levels") if isinstance(data, dict) else None
    return found if isinstance(found, dict) else {}


def _stored(entry: Entry) -> tuple[bool, dict[str, Any] | None]:
    """Whether the entry's file, as it is now, was rated ahead of time, and how."""
    record = stored_levels().get(entry.key)
    if not isinstance(record, dict):
        return False, None
    if record.get("sha256") != hashlib.sha256(entry.path.read_bytes()).hexdigest():
        return False, None
    level, score = record.get("level"), record.get("score")
    if level is None:  # not rated within the longer limit either: no card asks again
        return True, None
    if level not in LEVELS or type(score) not in (int, float):
        return False, None
    return True, {"level": level, "score": score}


def _remembered(entry: Entry) -> bool:
    """Whether the entry's level is known now (rated, or stored for this file)."""
    key = _level_key(entry)
    if key not in _levels:
        found, stored = _stored(entry)
        if not found:
            return False
        _levels[key] = stored
    return True


def known_level(entry: Entry) -> dict[str, Any] | None:
    """A bundled puzzle's level if it was rated already (see :func:`level`)."""
    return _levels[_level_key(entry)] if _remembered(entry) else None


def rated(entry: Entry) -> bool:
    return _remembered(entry)


def level(entry: Entry, memory: int | None = None) -> dict[str, Any] | None:
    """A bundled puzzle's level and score as ``lpsolve rate --format json`` gives
    them: stored ahead of time for this version of its file, or rated once per
    version in a job of at most :data:`LEVEL_SECONDS`; ``None`` if it cannot be rated
    in that time, or if other ratings kept it waiting for two such times."""
    key = _level_key(entry)
    if _remembered(entry):
        return _levels[key]
    # waits for two ratings at most: many requests at once hold no thread for long
    if not _rating.acquire(timeout=2 * LEVEL_SECONDS):
        return None  # not rated now: asked again, it may be
    try:
        if key not in _levels:
            _levels[key] = None  # also if the rating fails (an InternalError, logged)
            _levels[key] = rate_entry(entry, memory)
        return _levels[key]
    finally:
        _rating.release()


def rate_entry(
    entry: Entry, memory: int | None, seconds: float = LEVEL_SECONDS
) -> dict[str, Any] | None:
    """A bundled puzzle's level and score, rated now in a job of at most ``seconds``;
    ``None`` if its kind has no steps, its steps stop short, or the time ran out."""

    def job() -> dict[str, Any] | None:
        from ..steps.rating import rate

        puzzle = parse_bytes(entry.path.read_bytes(), f"instances/{entry.key}", entry.kind)
        if not puzzle.supports(Capability.STEPS):
            return None
        try:
            rating, _ = rate(puzzle.deducer())
        except ValueError:  # its steps stop short of a solution
            return None
        return {"level": rating.level, "score": rating.score}

    return call(job, Limits(seconds, memory)).value


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
        kind = entry.kind
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
    return Board(_answer_picture(puzzle, solution, problems), board or "", text, problems)


def _answer_picture(puzzle: Puzzle, solution: Any, broken: Sequence[str] = ()) -> str | None:
    """A student's answer drawn, the cells of the rules it breaks highlighted where the
    kind's checker names them, if the kind draws; ``None`` also for an answer too odd
    for the kind's picture (it is shown as atoms and text)."""
    if not puzzle.supports(Capability.DRAW):
        return None
    try:
        return puzzle.svg(solution, broken=broken)
    except Exception:  # any answer set decodes, not every one makes a picture
        return None


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
        return path if entry.tutorial else f"instances/{path}"
    for base, name in ((instances_dir(), "instances"), (tutorial_dir(), TUTORIAL)):
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
    if entry is None and instance.startswith(f"{TUTORIAL}/"):
        entry = find_entry(instance)
    picture = None
    if entry is not None:
        puzzle = parse_bytes(entry.path.read_bytes(), instance, kind)
        atoms = [clingo.parse_term(atom) for atom in example.atoms]
        solution, _, broken = grade.decode_answer(puzzle, atoms)
        if solution is not None:
            picture = _answer_picture(puzzle, solution, broken)
    return Board(picture, example.board or "", text, list(example.problems))


# -- generating puzzles (lpsolve generate) ----------------------------------------------


#: puzzles one request may make (the command makes any number)
MAX_GENERATED = 5
#: how long finding whether the generator takes a kind may take (once per server, a job
#: a kind: a declared kind's clue tokens are made by its reader)
GENERATOR_CHECK_SECONDS = 2.0


@dataclass(frozen=True)
class GeneratorKind:
    """A kind ``lpsolve generate`` takes: its board forms (the first the default) and
    whether it has levels (step-by-step hints to rate by)."""

    name: str
    title: str
    forms: tuple[str, ...]
    levels: bool


@functools.cache
def generator_kinds() -> dict[str, GeneratorKind]:
    """The kinds the generator page offers, by name: those the command does not refuse
    before solving (:func:`lpsolve.generate.generator_forms`), each found in a job of
    at most :data:`GENERATOR_CHECK_SECONDS` (a kind that takes longer is left out)."""
    from ..generate import generator_forms

    found = {}
    for kind in registry().kinds():
        try:
            outcome = call(
                functools.partial(generator_forms, kind), Limits(GENERATOR_CHECK_SECONDS)
            )
        except LpsolveError:  # refused by the command, in one line
            continue
        if outcome.value is not None:
            steps = kind.supports(Capability.STEPS)
            found[kind.name] = GeneratorKind(kind.name, kind.title, outcome.value, steps)
    return found


@dataclass
class MadeShown:
    """A generated puzzle as the generator page shows it."""

    number: int  # from 1
    svg: str | None
    file_text: str  # as ``lpsolve generate -o`` writes it: the ``#`` line, the puzzle
    file_name: str  # as ``-o`` names it, with the extension
    extension: str
    kind: str
    level: str | None  # None: its kind has no rating
    score: float | None
    clues: int
    full_clues: int
    minimal: bool
    json: str  # as ``lpsolve generate --format json`` writes it


@dataclass
class Generation:
    """What a generation made, and how it ended in one sentence."""

    made: list[MadeShown]
    summary: str
    stopped: bool = False
    failed: bool = False  # a puzzle not made at the level in the attempts allowed


def generate_puzzles(asked: Asked, what: Order, limits: Limits) -> Generation:
    """``lpsolve generate`` as one supervised job under ``limits``: each puzzle drawn in
    the job and handed over as soon as it is made, so that a stop keeps those made
    before it."""

    def job(emit: Emit) -> str:
        from ..generate.making import NotFound, generate

        try:
            for index, made in enumerate(generate(what, count=asked.count, seed=asked.seed)):
                emit(_made_shown(asked, what, made, index))
        except NotFound as error:
            return str(error)
        return ""

    shown: list[MadeShown] = []
    outcome = supervise(job, limits, shown.append)
    made, asked_for = len(shown), asked.count
    if outcome.value is None:
        before = f"{made} of {asked_for} made before it" if made else "none was finished"
        return Generation(shown, f"{outcome.stop_message()}: {before}.", stopped=True)
    if outcome.value:
        return Generation(shown, f"{outcome.value} ({made} of {asked_for} made).", failed=True)
    each = "unique" if made == 1 else "each unique"
    return Generation(
        shown, f"{plural(made, 'puzzle')} made in {outcome.seconds:.2f} s, {each}, verified."
    )


def _made_shown(asked: Asked, what: Order, made: Generated, index: int) -> MadeShown:
    """In the job: a puzzle drawn, with its file as the command writes it."""
    rating = made.rating
    name = file_name(what.form.name, what.rows, what.cols, what.level, index, asked.count)
    return MadeShown(
        index + 1,
        made.puzzle.svg() if _drawable(made.puzzle) else None,
        asked.file_text(made, index),
        name + made.extension,
        made.extension,
        what.kind.name,
        None if rating is None else rating.level,
        None if rating is None else rating.score,
        made.clues,
        made.full_clues,
        made.minimal,
        json.dumps(asked.record(what, made, index), separators=(",", ":")),
    )
