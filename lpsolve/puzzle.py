"""What every puzzle kind provides, and the typed results the backends return.

Two protocols, marked ``REQUIRED`` and ``OPTIONAL`` (as CPMpy's solver interface
does). A :class:`Kind` is a registry entry: its name, rules, file extensions, where
it comes from, and the :class:`Capability` set it declares. A :class:`Puzzle` is one
parsed instance (``lpsolve/kinds/<kind>.py`` subclasses it): it turns itself into
ASP facts, decodes a model back into a solution, checks a solution against the rules
in plain Python and renders it. An optional method either has a default that is a
right answer (no clues, no diagnosis) or belongs to a capability, whose default
refuses with :class:`~lpsolve.errors.NotSupported`. Callers ask the declared set
(:meth:`Puzzle.supports`, :meth:`Kind.require`), never probe for methods; one test
checks that each kind declares exactly the capabilities it implements. Backends know
nothing about any kind.
"""

from __future__ import annotations

import enum
import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

import clingo

from .errors import NotSupported

if TYPE_CHECKING:
    from .cspmodel import CspModel
    from .steps.engine import Deducer

# Records here and in the kinds are NamedTuples and plain classes, not dataclasses:
# importing ``dataclasses`` and compiling each class's methods cost a command about
# 10 ms of start-up, a sixth of clingo's own (benchmarks/startup.py).

P = TypeVar("P", bound="Puzzle")


class Capability(enum.Enum):
    """What a kind may offer beyond solving, each by the methods named in its comment.
    A kind declares its set (:attr:`Kind.capabilities`); the methods of a capability
    it lacks refuse with :class:`NotSupported`. The value names it in messages."""

    DRAW = "picture"  # Puzzle.svg
    EXPLAIN = "explanation"  # Puzzle.without_clues (--explain drops clues)
    CSP = "csp model"  # Puzzle.csp_model (--backend csp, --cross-check)
    SECOND_MODEL = "second model"  # Puzzle.second_model (--cross-check without a csp model)
    JANKO = "janko layout"  # Puzzle.janko_rows (solve --format janko)
    CLASSES = "solution classes"  # Puzzle.classes, Kind.solve_options (e.g. --up-to-symmetry)
    BOARD = "blank board"  # Kind.board_text, Kind.board_forms (the web's builder)
    JSON_INPUT = "JSON input"  # Kind.from_json (.json puzzle files)
    URL = "puzz.link form"  # Kind.from_url, Puzzle.to_url (puzz.link links)
    STEPS = "step-by-step hints"  # Puzzle.deducer (lpsolve hint, rate, solve --steps)

    def refusal(self, kind: str, doing: str, hint: str = "") -> NotSupported:
        """The one-line error for asking ``kind`` for this while ``doing`` something,
        e.g. "--format janko: kind magic has no janko layout"."""
        tail = "" if not hint else f" {hint}" if hint.startswith("(") else f"; {hint}"
        return NotSupported(f"{doing}: kind {kind} has no {self.value}{tail}", kind, self.value)


#: the methods that make up each capability (``Puzzle.x`` or ``Kind.x``): a kind
#: declares a capability exactly when it implements these (a test checks every kind)
CAPABILITY_METHODS: dict[Capability, tuple[str, ...]] = {
    Capability.DRAW: ("Puzzle.svg",),
    Capability.EXPLAIN: ("Puzzle.without_clues",),
    Capability.CSP: ("Puzzle.csp_model",),
    Capability.SECOND_MODEL: ("Puzzle.second_model",),
    Capability.JANKO: ("Puzzle.janko_rows",),
    Capability.CLASSES: ("Puzzle.classes",),
    Capability.BOARD: ("Kind.board_text",),
    Capability.JSON_INPUT: ("Kind.from_json",),
    Capability.URL: ("Kind.from_url", "Puzzle.to_url"),
    Capability.STEPS: ("Puzzle.deducer",),
}


class Origin(enum.Enum):
    """Where a kind comes from (``lpsolve kinds`` lists it)."""

    BUILT_IN = "built-in"  # a module of lpsolve/kinds/
    DECLARED = "declared"  # a folder holding a kind.toml (--kinds, LPSOLVE_KINDS)
    PLUGIN = "plugin"  # a package's entry point in the group lpsolve.kinds


class Instance(NamedTuple):
    """A puzzle file that comes with a kind."""

    name: str  # as commands take it: KIND/FILE for lpsolve's bundled ones
    path: str  # where it is
    solution: str | None = None  # its published solution's file, if one is beside it


class LimitNote(NamedTuple):
    """One row of the input limits a kind enforces (docs/limits.md's table)."""

    what: str  # "Takuzu board"
    most: str  # "4,096 rows or columns, 2,097,152 cells"


class SolveOption(NamedTuple):
    """A ``solve`` flag a kind adds (:attr:`Capability.CLASSES`): ``--NAME``."""

    name: str  # "up-to-symmetry"
    help: str


class BoardForm(NamedTuple):
    """A blank board the web builder offers for a kind (:attr:`Capability.BOARD`)."""

    name: str  # what the builder's menu says, e.g. "numbrix"
    extension: str  # of the text :meth:`Kind.board_text` writes
    hint: str  # what a cell may hold, shown under the board
    cell_chars: int  # the most characters a cell takes
    square: bool = False  # rows = columns
    even: bool = False  # an even number of rows and of columns


class Kind(ABC):
    """A puzzle kind as the registry knows it: what ``--kind``, ``lpsolve kinds``,
    the JSON schema, the web and the docs read.

    ``REQUIRED`` parts every kind has; ``OPTIONAL`` ones have a default that is a
    right answer, or belong to a :class:`Capability`, whose default refuses."""

    # -- REQUIRED ---------------------------------------------------------------------
    #: the name ``--kind``, ``lpsolve encoding KIND`` and JSON ``"kind"`` use
    name: str
    #: how people call it, e.g. "Hidato family"
    title: str
    #: the rules in one line (the gallery, the README's table, ``lpsolve kinds``)
    rules: str
    #: the file extensions of its text formats (``.json``: :attr:`Capability.JSON_INPUT`)
    extensions: tuple[str, ...]
    origin: Origin
    #: its module, folder or distribution, for ``lpsolve kinds``
    location: str
    #: what it offers beyond solving
    capabilities: frozenset[Capability]
    #: the file name of its encoding
    encoding: str

    @property
    @abstractmethod
    def puzzle_class(self) -> type[Puzzle]:
        """The class of its puzzles."""

    @abstractmethod
    def parse(self, text: str, source: str, extension: str) -> Puzzle:
        """A puzzle from the text of a file named ``source`` ending in ``extension``."""

    @abstractmethod
    def instances(self) -> list[Instance]:
        """The puzzle files that come with the kind (sorted by name)."""

    # -- OPTIONAL: defaults that are right answers ------------------------------------
    #: the input limits its parser enforces, beyond every format's
    limits: tuple[LimitNote, ...] = ()
    #: ``solve`` flags it adds (with :attr:`Capability.CLASSES`)
    solve_options: tuple[SolveOption, ...] = ()
    #: how one given is written in JSON (``--explain``'s ``conflict``), e.g. "[x, y, n]"
    clue_json: str = ""
    #: a puzzle without solutions is diagnosed by a minimal conflict of its clues,
    #: even without ``--explain`` (:attr:`Capability.EXPLAIN`): for kinds whose rules
    #: name no broken cell and whose clues are few, e.g. Mastermind's guesses
    diagnosed_by_conflict: bool = False
    #: what explanations call one of its clues ("these 3 givens conflict")
    clue_noun: str = "given"
    #: commands of its own (``lpsolve mastermind``), each defined by the module
    #: ``lpsolve.cli.kinds.NAME``; built-in kinds only
    commands: tuple[str, ...] = ()
    #: whether the module ``lpsolve.web.kinds.NAME`` adds pages of its own to the web
    #: playground; built-in kinds only
    pages: bool = False
    #: whether it comes with lpsolve (built-in, or a declared kind of
    #: ``lpsolve/kinds/``): its programs are lpsolve's own, trusted as lpsolve is
    bundled: bool = False

    @property
    def reference_encoding(self) -> str:
        """The encoding students are graded against (``lpsolve encoding --lesson``):
        a plainer one where :attr:`encoding` adds speed-ups."""
        return self.encoding

    def tutorial(self) -> str | None:
        """The folder of a step-by-step tutorial for the kind (its programs ``*.lp``,
        its puzzles), offered by the web's workbench; ``None``: none."""
        return None

    def board_forms(self) -> tuple[BoardForm, ...]:
        """The blank boards the web's builder offers (with :attr:`Capability.BOARD`)."""
        return ()

    # -- OPTIONAL: capabilities; the default refuses ---------------------------------
    def from_json(self, data: dict[str, Any], text: str, source: str) -> Puzzle:
        """A puzzle from a JSON file's data (and its text, for error places)."""
        raise Capability.JSON_INPUT.refusal(self.name, source)

    def from_url(self, url: str) -> Puzzle:
        """The puzzle a puzz.link link of the kind's genre holds (:attr:`Capability.URL`)."""
        raise Capability.URL.refusal(self.name, "reading a puzz.link link")

    def board_text(self, form: BoardForm, rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
        """The puzzle text of a blank board of ``form`` whose cells were typed in
        (``(row, col) -> text``); each cell checked on its own, so that no cell's text
        can add a field or a line (a :class:`PuzzleError` at the cell)."""
        raise Capability.BOARD.refusal(self.name, "a blank board")

    def step_levels(self) -> Mapping[int, str]:
        """The rating's level of each tier of the kind's steps
        (:attr:`Capability.STEPS`) where the kind calibrates them (docs/hints.md);
        empty: the engine's own, one level per tier."""
        return {}

    # -- asking for capabilities -------------------------------------------------------
    def supports(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def why_not(self, capability: Capability) -> str:
        """Why the kind lacks ``capability``, where a reason helps: said after the
        refusal. Default: nothing to add."""
        return ""

    def refusal(self, capability: Capability, doing: str) -> NotSupported:
        """The one-line refusal of ``capability`` while ``doing`` something."""
        return capability.refusal(self.name, doing, self.why_not(capability))

    def require(self, capability: Capability, doing: str) -> None:
        """Refuse (:class:`NotSupported`) unless the kind has ``capability``."""
        if capability not in self.capabilities:
            raise self.refusal(capability, doing)

    def __repr__(self) -> str:
        return f"<{self.origin.value} kind {self.name} from {self.location}>"


#: a cell of a grid: (row, column) from 0
Cell = tuple[int, int]


class CellMark(NamedTuple):
    """A cell a picture marks (a hint's): ``role`` ``"fix"`` (the step fixes it) or
    ``"because"`` (it forces the step), and a title saying so."""

    cell: Cell
    role: str
    title: str


class Violation(str):
    """A broken rule in words (a ``str``, as every checker's problems are: joins,
    messages and JSON ``problems`` stay text), with the rule's name and the cells it
    names, for grading's "broken:" lines and pictures. A kind whose checker names no
    rules returns plain strings; their rule is their text."""

    rule: str
    cells: tuple[Cell, ...]

    def __new__(cls, text: str, rule: str | None = None, cells: Sequence[Cell] = ()) -> Violation:
        made = super().__new__(cls, text)
        made.rule = text if rule is None else rule
        made.cells = tuple(cells)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return Violation, (str(self), self.rule, self.cells)


class Puzzle(ABC):
    """A parsed puzzle of one kind. Treat it as immutable: :meth:`replace` makes a
    changed copy."""

    #: kind name, as used by ``--kind``, ``lpsolve encoding KIND`` and JSON ``"kind"``
    kind: ClassVar[str]
    #: file name of the kind's encoding in ``encodings/``
    encoding: ClassVar[str]
    #: where the puzzle came from (file name), for messages
    source: str
    #: extra clingo options this kind's encoding is written for (e.g. a heuristic)
    solver_arguments: ClassVar[tuple[str, ...]] = ()
    #: further clingo options for counting every solution (a search order that pays off
    #: only when the whole space is enumerated, e.g. ``--heuristic=Domain``)
    counting_arguments: ClassVar[tuple[str, ...]] = ()
    #: a portfolio for a search for some solutions (not all): each member's clingo
    #: options, in place of ``solver_arguments``; with two or more, the clingo backend
    #: gives each member a grounding of its own and lets them search in turns
    #: (:func:`lpsolve.backends.asp.solve_in_turns`)
    search_portfolio: ClassVar[tuple[tuple[str, ...], ...]] = ()
    #: the most variables (see :meth:`csp_size`) this kind's csp model was measured to
    #: handle quickly; the csp backend refuses bigger puzzles unless a timeout bounds the
    #: search. ``None``: no limit known
    csp_handles_up_to: ClassVar[int | None] = None
    #: what a variable of the csp model stands for, in messages ("cells", "pegs")
    csp_unit: ClassVar[str] = "variables"
    #: the constructor's parameters, which say what the puzzle is: a copy
    #: (:meth:`replace`), a comparison and a pickle carry these and nothing else
    FIELDS: ClassVar[tuple[str, ...]]
    #: fields that only say where or how the puzzle was written: two puzzles that
    #: differ only in these are equal
    PRESENTATION: ClassVar[tuple[str, ...]] = ("source",)

    def __getstate__(self) -> dict[str, Any]:
        """What a copy in another process gets (a job's puzzle crosses a pipe): the
        fields, not what cached properties worked out from them (clingo symbols among
        them, slow to pickle: 3 ms for a Takuzu 8x8)."""
        return {name: getattr(self, name) for name in self.FIELDS}

    def replace(self: P, **changes: Any) -> P:
        """A copy with some fields changed, e.g. ``puzzle.replace(givens={})``."""
        return type(self)(**{**self.__getstate__(), **changes})

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name)
            for name in self.FIELDS
            if name not in self.PRESENTATION
        )

    __hash__ = None  # type: ignore[assignment]  # equal by value, and mutable parts

    def __repr__(self) -> str:
        return f"<{type(self).__name__} from {self.source}>"

    # -- REQUIRED ---------------------------------------------------------------------
    @abstractmethod
    def facts(self) -> list[clingo.Symbol]:
        """The puzzle as ASP facts (symbols), matching the encoding's input interface."""

    def facts_text(self) -> str:
        """:meth:`facts` as program text (``lpsolve facts``, graded programs): each
        symbol as clingo renders it (strings quoted and escaped by clingo). A kind with
        many facts writes the same text from :data:`FactRow` values instead
        (:func:`rows_text`): a clingo symbol per number and its rendering cost 20 us a
        fact."""
        return facts_program(self.facts())

    def solving_facts(self) -> str:
        """The facts the kind's own encoding is solved with, as ASP text. By default
        :meth:`facts_text`; a kind with large boards may say the same more compactly (a
        form its encoding also accepts), built from validated numbers only, never from
        user text."""
        return self.facts_text()

    @abstractmethod
    def decode(self, atoms: Sequence[clingo.Symbol]) -> Hashable:
        """Turn the shown atoms of one model into a solution value."""

    @abstractmethod
    def violations(self, solution: Any) -> list[str]:
        """Rule checker in plain Python: every broken rule, in words; empty if correct."""

    @abstractmethod
    def render(self, solution: Any | None = None) -> str:
        """The puzzle (``None``) or a solution as aligned text."""

    @abstractmethod
    def solution_json(self, solution: Any) -> Any:
        """A solution as plain JSON data (lists, numbers, strings)."""

    # -- OPTIONAL: defaults that are right answers ------------------------------------
    def definition(self) -> Kind:
        """The puzzle's kind, as the registry knows it."""
        from .kinds import definition_of  # the registry sits above the puzzles

        return definition_of(self)

    def supports(self, capability: Capability) -> bool:
        """Whether the puzzle's kind declares ``capability``."""
        return capability in self.definition().capabilities

    def require(self, capability: Capability, doing: str) -> None:
        """Refuse (:class:`NotSupported`) unless the puzzle's kind has ``capability``."""
        self.definition().require(capability, doing)

    def notes(self) -> list[str]:
        """How the file was read, where a person may want to know (e.g. which digits
        a janko grid used): shown by ``lpsolve check``. Default: nothing to say."""
        return []

    def classes_mode(self) -> str | None:
        """What one solution is, for kinds that can count classes of solutions
        (:meth:`classes`): a checkpoint records it. Default: ``None``."""
        return None

    def diagnose(self) -> list[str]:
        """Rules the givens already break, each naming the rule and the cells involved.

        Shown when a puzzle has no solution; kinds with such checks override it.
        """
        return []

    def variant(self) -> str | None:
        """The name of the variant of the kind's rules this puzzle asks for (rules the
        kind's facts add to or take from the plain ones), ``None`` for the plain rules.
        ``lpsolve grade`` grades a student on the plain bundled puzzles by default: an
        encoding of the plain rules cannot know a variant's. Default: always plain."""
        return None

    def clues(self) -> list[Clue]:
        """The printed clues, each stated by one fact among :meth:`facts`.

        The encoding must use a given only to constrain the solution (or to rule
        candidates out by definitions from the givens alone), so that leaving its fact
        out is the same puzzle without that clue: ``--explain`` relies on it.
        Kinds without givens keep the default (none).
        """
        return []

    def clue_for(self, atom: clingo.Symbol) -> Clue | None:
        """The clue that would fix this shown atom of a solution (e.g. ``number(2,0,14)``
        -> "14 at (2,0)"), for proposing an extra given; ``None`` if there is none."""
        return None

    def suspected_conflicts(self) -> list[tuple[Clue, ...]]:
        """Small sets of givens that a quick argument, without search, says cannot hold
        together (e.g. two Hidato numbers further apart on the board than in value),
        most telling first. ``--explain`` tries these before asking the solver for a
        core and verifies each one by solving, so a wrong suspect costs only time."""
        return []

    def clue_distance(self, a: Clue, b: Clue) -> float:
        """How little two givens bear on each other, smaller for closer (any scale, may
        be negative). To find a solution keeping some givens, ``--explain`` keeps as
        many others as it can and sets the closest ones aside first. Default: all
        equally close."""
        return 0.0

    def split_atoms(self) -> list[clingo.Symbol]:
        """Atoms of the kind's encoding to cut a search for every solution into parts
        (``solve --count --jobs N``), the most telling first. A part is one way the
        solutions set the first few of them, true or false (:mod:`lpsolve.split`), so
        any choice of atoms gives exact counts; a good one gives parts of similar size
        early. Default: none (the search stays whole)."""
        return []

    # -- OPTIONAL: capabilities; the default refuses ---------------------------------
    def without_clues(self, clues: Iterable[Clue]) -> Puzzle:
        """The same puzzle without these clues (:attr:`Capability.EXPLAIN`:
        explanations check their answers on it)."""
        raise self.definition().refusal(Capability.EXPLAIN, "dropping clues")

    def svg(
        self,
        solution: Any | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
        marks: Sequence[CellMark] = (),
    ) -> str:
        """The puzzle (``None``) or a solution as an SVG picture, ``conflict``
        highlighted, and the cells of ``broken`` rules (:class:`Violation` values from
        :meth:`violations`; plain strings name no cells) (:attr:`Capability.DRAW`).
        ``marks``: cells a hint marks (kinds with :attr:`Capability.STEPS` draw them;
        their ``solution`` may then be partial, the cells known so far)."""
        raise self.definition().refusal(Capability.DRAW, "drawing")

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a puzzle as its picture (None: as text, if it cannot draw)."""
        return self.svg() if self.supports(Capability.DRAW) else None

    def janko_rows(self, solution: Any | None = None) -> list[list[str]]:
        """The puzzle (``None``) or a solution as janko.at's grid rows
        (:attr:`Capability.JANKO`); a board the layout cannot hold is refused."""
        raise self.definition().refusal(Capability.JANKO, "--format janko")

    def janko_text(self, solution: Any) -> str:
        """A solution in janko.at's layout, as ``solve --format janko`` prints it: by
        default the header ``ROWS COLS`` and :meth:`janko_rows`, columns aligned (a
        declared kind writes its own header's numbers). Refused as :meth:`janko_rows`
        is."""
        return janko_layout(self.janko_rows(solution))

    def to_url(self) -> str:
        """The puzzle as a puzz.link link (:attr:`Capability.URL`)."""
        raise Capability.URL.refusal(self.kind, "--format puzzlink")

    def classes(self, options: Iterable[str]) -> Puzzle:
        """The variant whose solutions are classes of solutions, as the kind's
        :attr:`Kind.solve_options` named in ``options`` say (:attr:`Capability.CLASSES`)."""
        names = " and ".join(f"--{option}" for option in options) or "solution classes"
        raise self.definition().refusal(Capability.CLASSES, names)

    def deducer(self) -> Deducer:
        """The kind's engine of deductions on this puzzle, its givens known
        (:attr:`Capability.STEPS`: ``lpsolve hint``, ``rate``, ``solve --steps``)."""
        raise self.definition().refusal(Capability.STEPS, "hints")

    def csp_model(self) -> CspModel:
        """The puzzle as a python-constraint model, for ``--backend csp`` (see
        ``lpsolve/cspmodel.py``; :attr:`Capability.CSP`)."""
        raise self.definition().refusal(Capability.CSP, "the csp backend")

    def second_model(self, limit: int | None = None, timeout: float | None = None) -> Result:
        """Up to ``limit`` solutions (``None``: all) found by a second model of the
        rules, written apart from the encoding, within ``timeout`` seconds: what
        ``--cross-check`` compares the encoding with when the kind has no csp model
        (:attr:`Capability.SECOND_MODEL`; a declared kind's: its check with a generate
        rule). Its ``backend`` is :data:`SECOND_MODEL`."""
        raise self.definition().refusal(Capability.SECOND_MODEL, "--cross-check")

    def csp_size(self) -> int:
        """How many variables :meth:`csp_model` makes (``len(model.domains)``; fewer
        if the model sees at once that there is no solution). Kinds say it without
        building the model: the size is checked first, and building a big model takes
        long (an empty 200x200 Takuzu's: 20 s)."""
        return len(self.csp_model().domains)


#: the name a second model's results go by (:meth:`Puzzle.second_model`)
SECOND_MODEL = "second-model"


def facts_program(facts: Iterable[clingo.Symbol]) -> str:
    """ASP text of facts. Each fact is clingo's own rendering of a symbol, so
    strings are quoted and escaped by clingo: user text never becomes syntax."""
    return "".join(f"{symbol}.\n" for symbol in facts)


#: a fact as plain data: its predicate's name and its arguments, each an ``int`` or a
#: constant (a lowercase name the kind chose, never text from a file)
FactRow = tuple[Any, ...]

_CONSTANT = re.compile(r"[a-z_][A-Za-z0-9_']*")


def _constant(value: str) -> str:
    # text that could be syntax, or not text at all: a bug in a kind
    if not isinstance(value, str) or _CONSTANT.fullmatch(value) is None:
        raise ValueError(f"not a constant name: {value!r}")
    return value


def rows_text(rows: Iterable[FactRow]) -> str:
    """Facts as program text, written directly from :data:`FactRow` values: only
    integers and checked constant names, so no text becomes syntax. (One ``%``
    format per predicate and arity: a tiling's 16,000 facts in 10 ms, not 16.)"""
    formats: dict[tuple[str, int], str] = {}
    lines = []
    for row in rows:
        name, args = row[0], row[1:]
        form = formats.get((name, len(args)))
        if form is None:
            places = ",".join(["%s"] * len(args))
            form = f"{_constant(name)}({places}).\n" if args else f"{_constant(name)}.\n"
            formats[name, len(args)] = form
        for value in args:
            if type(value) is not int:
                _constant(value)
        lines.append(form % args)
    return "".join(lines)


def rows_symbols(rows: Iterable[FactRow]) -> list[clingo.Symbol]:
    """The same facts as clingo symbols (for ``lpsolve facts``, explanations)."""
    num, fun = clingo.Number, clingo.Function

    def term(value: int | str) -> clingo.Symbol:
        return num(value) if type(value) is int else fun(_constant(value))

    return [fun(_constant(name), [term(a) for a in args]) for name, *args in rows]


class Clue(NamedTuple):
    """One given (printed clue) of a puzzle, as explanations name it."""

    fact: clingo.Symbol  # the input fact that states it, e.g. given(2,0,14)
    text: str  # how a person reads it, e.g. "14 at (2,0)"
    json: Any  # as written in the kind's JSON, e.g. [2, 0, 14]
    place: str = ""  # the cell it is about, e.g. "(2,0)": explanations group by it
    value: str = ""  # what it puts there, e.g. "14"


def givens_without(
    givens: Mapping[tuple[int, int], int], clues: Iterable[Clue]
) -> dict[tuple[int, int], int]:
    """``givens`` (cell -> value) minus these clues, for kinds whose clue JSON is
    ``[*cell, value]`` (Hidato, magic board, Takuzu): their ``without_clues``."""
    dropped = {tuple(clue.json) for clue in clues}
    return {cell: v for cell, v in givens.items() if (*cell, v) not in dropped}


class Status(enum.Enum):
    """How a search ended."""

    SOLVED = "solved"  # at least one solution, search may or may not be complete
    NO_SOLUTION = "no solution"  # proved: there is none
    TIMEOUT = "timeout"  # stopped by --timeout before anything was proved
    INTERRUPTED = "interrupted"  # stopped by Ctrl-C
    MEMORY = "memory limit"  # stopped by --memory-limit before anything was proved


class StopReason(enum.StrEnum):
    """Why a search ended before it searched everything: the one vocabulary of the
    library, the command line, batch reports, the web and JSON (``stopped_by``; None
    there means the search ended by itself). A StrEnum: it compares equal to, and
    prints as, its JSON text."""

    LIMIT = "limit"  # it found as many solutions as were asked for
    STOP = "stop"  # the caller had enough (its callback said stop)
    TIMEOUT = "timeout"  # the deadline passed
    INTERRUPT = "interrupt"  # Ctrl-C, or a supervisor's stop request
    MEMORY = "memory"  # the memory limit


#: the stops that cut a search short (exit status 3), and the status of a search so
#: stopped before it found anything
STOP_STATUS = {
    StopReason.TIMEOUT: Status.TIMEOUT,
    StopReason.INTERRUPT: Status.INTERRUPTED,
    StopReason.MEMORY: Status.MEMORY,
}
STOPPED = tuple(STOP_STATUS)


class Stats(NamedTuple):
    """Size of the problem and effort of the search.

    clingo fills ``atoms`` and ``rules`` (of the ground program); the csp backend fills
    ``variables`` and ``constraints`` (of its model) and counts values tried as
    ``choices`` and values rejected as ``conflicts``. Fields a backend has no figure
    for stay 0. For csp, ``ground_seconds`` is the time to build the model.
    """

    atoms: int = 0
    rules: int = 0
    choices: int = 0
    conflicts: int = 0
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    variables: int = 0
    constraints: int = 0

    def as_dict(self, backend: str = "clingo") -> dict[str, float]:
        """The figures ``backend`` has (JSON ``stats``): clingo's ground program has
        atoms and rules, the csp model variables and constraints."""
        size = (
            {"variables": self.variables, "constraints": self.constraints}
            if backend == "csp"
            else {"atoms": self.atoms, "rules": self.rules}
        )
        return {
            **size,
            "choices": self.choices,
            "conflicts": self.conflicts,
            "ground_seconds": round(self.ground_seconds, 6),
            "solve_seconds": round(self.solve_seconds, 6),
        }


def uniqueness(count: int, complete: bool) -> bool | None:
    """Whether ``count`` solutions found (all of them if ``complete``) make exactly one:
    False once there are two, or none in a complete search; None: not known yet."""
    if count >= 2 or (complete and count == 0):
        return False
    if complete and count == 1:
        return True
    return None


def search_status(count: int, stopped_by: str | None) -> Status:
    """Solved once something was found (even if stopped later), else why not."""
    if count > 0:
        return Status.SOLVED
    return STOP_STATUS.get(stopped_by or "", Status.NO_SOLUTION)


class Result:
    """What a backend found for one puzzle.

    ``count`` is the number of solutions found (it equals ``len(solutions)`` unless
    solutions were only counted); ``complete`` is true when the search space was
    exhausted, so ``count`` is the exact number of solutions.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        backend: str,
        solutions: list[Any] | None = None,
        count: int = 0,
        complete: bool = False,
        stopped_by: StopReason | None = None,
        stats: Stats | None = None,
        messages: list[str] | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.backend = backend
        self.solutions = [] if solutions is None else solutions
        self.count = count
        self.complete = complete
        self.stopped_by = stopped_by
        self.stats = Stats() if stats is None else stats
        #: clingo's warnings and infos on the program searched (a student's, say)
        self.messages = [] if messages is None else messages

    def replace(self, **changes: Any) -> Result:
        """A copy with some fields changed."""
        return Result(**{**vars(self), **changes})

    def __repr__(self) -> str:
        return (
            f"Result({self.puzzle!r}, backend={self.backend!r}, count={self.count}, "
            f"complete={self.complete}, stopped_by={self.stopped_by!r})"
        )

    @property
    def unique(self) -> bool | None:
        """True: exactly one solution; False: none or several; None: not known yet."""
        return uniqueness(self.count, self.complete)

    @property
    def stopped(self) -> bool:
        """Stopped by a timeout, the memory limit or Ctrl-C (not by a solution limit)."""
        return self.stopped_by in STOPPED

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a result as the picture of its first solution, or of the puzzle
        when none was kept (None: as text, if the kind cannot draw)."""
        if self.puzzle is None or not self.puzzle.supports(Capability.DRAW):
            return None
        return self.puzzle.svg(self.solutions[0] if self.solutions else None)

    @property
    def status(self) -> Status:
        return search_status(self.count, self.stopped_by)


def janko_layout(rows: Sequence[Sequence[str]]) -> str:
    """Cells in the janko layout: ``ROWS COLS``, then the rows, columns aligned."""
    width = max((len(cell) for row in rows for cell in row), default=1)
    lines = [f"{len(rows)} {len(rows[0]) if rows else 0}"]
    lines += [" ".join(cell.rjust(width) for cell in row) for row in rows]
    return "\n".join(lines)
