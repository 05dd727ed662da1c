"""A declared kind (a folder) and its puzzles, on lpsolve's :class:`~lpsolve.puzzle.Puzzle`.

:func:`load_kind` reads a kind folder: ``kind.toml`` (see :mod:`.declaration`), the
encoding and the check. The kind's name is the folder's name, so a copied folder is a
new kind with nothing changed. A folder named by a user holds programs, and they are
vetted as a student's are (:func:`lpsolve.sandbox.vet_program`: no ``#script``, an
``#include`` only of a file in the folder); the kinds bundled with lpsolve are its own
and are not (nothing to pay at start-up).

:class:`DeclaredKind.parse` reads a puzzle file into a :class:`DeclaredPuzzle`, which
the library solves, counts, explains, splits and grades like any other puzzle. Its
rule checker is the kind's check program, run on every answer.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

import clingo

from ... import limits
from ...errors import InternalError, PuzzleError, UsageError
from ...puzzle import (
    SECOND_MODEL,
    BoardForm,
    Capability,
    Cell,
    CellMark,
    Clue,
    FactRow,
    Instance,
    Kind,
    LimitNote,
    Origin,
    Puzzle,
    Result,
    Stats,
    Violation,
    facts_program,
    rows_symbols,
    rows_text,
)
from ...resources import BUNDLED_KINDS, SOLUTION_SUFFIX, declared_kind_folders
from .. import _UTF8_BOM, _not_utf8, read_bytes, textformat
from ..textformat import cell_name
from . import declaration as spec
from . import programs, reader, writer
from .declaration import Declaration
from .patterns import Var, fill_template, is_constant, is_number, template_fields
from .programs import ProgramFile

if TYPE_CHECKING:
    from ...steps.checked import CheckDeducer

#: the declaration's file in a kind folder
DECLARATION = "kind.toml"
#: what a blank board's cell may hold: one token
_ONE_TOKEN = re.compile(r"[!-~]+")
#: the bundled declared kinds live in lpsolve/kinds/<name>/
BUNDLED_FOLDER = BUNDLED_KINDS
#: the second model (the check plus a generate rule) grounds every candidate pair of
#: its pairwise rules: it is meant for boards up to this many cells (--cross-check)
SECOND_MODEL_CELLS = 144
#: split atoms offered for ``--count --jobs`` (the first few dozen are ever used)
MAX_SPLIT_ATOMS = 4096


class DeclaredSolution(NamedTuple):
    """A solution: the shown ``[output] atoms`` of one answer, sorted."""

    atoms: tuple[clingo.Symbol, ...]


def load_kind(folder: str | os.PathLike[str]) -> DeclaredKind:
    """The kind declared in ``folder`` (named after the folder). Raises
    :class:`PuzzleError` at the place of any mistake in the folder's files."""
    return DeclaredKind(os.fspath(folder))


def bundled_kinds() -> list[str]:
    """The folders of the declared kinds bundled with lpsolve (sorted)."""
    return sorted(declared_kind_folders().values())


class DeclaredKind(Kind):
    """A puzzle kind declared by a folder: ``kind.toml``, ``encoding.lp``, ``check.lp``
    and ``instances/``; a :class:`~lpsolve.puzzle.Kind` of origin ``declared``.

    Beyond the protocol: ``about``, ``sources``, ``folder`` (its real path),
    ``bundled`` (lpsolve's own), ``declaration``; the program files
    ``encoding_program``, ``check`` and ``lesson_program`` (or None); and what it can
    do: ``can_draw``, ``can_explain``, ``has_second_model``, ``has_builder``, which make
    its :attr:`capabilities`. Compared and pickled by value: the checked declaration and
    the text of its programs (a worker of a cluster that lacks the folder, or holds
    other programs there, gets the programs in a folder of its own: see
    :meth:`__setstate__`).
    """

    origin = Origin.DECLARED

    def __init__(self, folder: str) -> None:
        given = folder.rstrip("/") or folder
        self.folder = os.path.realpath(given)
        #: where ``lpsolve kinds`` says it comes from: the folder as it was named
        self.location = os.path.abspath(given)
        # the name the folder is given (a link to a kind folder under another name is
        # a kind of that name, as a copy is)
        self.name = os.path.basename(self.location)
        declaration_path = os.path.join(given, DECLARATION)
        if not spec.KIND_NAME.fullmatch(self.name):
            raise PuzzleError(
                f"a kind folder's name is the kind's name: lower-case letters, digits and "
                f"'-', starting with a letter, at most 31 characters; not "
                f"{self.name!r}",
                given,
            )
        data = _declaration_bytes(declaration_path)
        self.declaration: Declaration = spec.read(data, declaration_path, self.name)
        self.bundled = os.path.dirname(self.folder) == BUNDLED_FOLDER
        d = self.declaration
        self.title = d.title
        self.rules = d.rules
        self.about = d.about
        self.extensions = d.extensions
        self.sources = d.sources
        #: the programs' files (and the files they include), by path in the folder: text
        self.program_texts: dict[str, str] = {}
        self.encoding_program = self._program("encoding", d.encoding, declaration_path)
        self.check = self._program("check", d.check, declaration_path)
        self.lesson_program = (
            self._program("lesson", d.lesson, declaration_path) if d.lesson else None
        )
        #: the protocol's encoding: a path (clingo loads it from inside its folder)
        self.encoding = self.encoding_program.path
        self.capabilities = self._capabilities()
        self.limits = self._limits()
        self.clue_json = self._clue_json()

    @property
    def puzzle_class(self) -> type[Puzzle]:
        return DeclaredPuzzle

    @property
    def reference_encoding(self) -> str:
        """The lesson program where the kind has one, else its encoding."""
        return self.encoding if self.lesson_program is None else self.lesson_program.path

    def _capabilities(self) -> frozenset[Capability]:
        found = {Capability.JANKO} if self.declaration.output.cells else set()
        if self.can_draw:
            found.add(Capability.DRAW)
        if self.can_explain:
            found.add(Capability.EXPLAIN)
        if self.declaration.url is not None:
            found.add(Capability.URL)
        if self.has_second_model:
            found.add(Capability.SECOND_MODEL)
            found.add(Capability.STEPS)  # hints from the check's rules, on its generate part
        if self.board_forms():
            found.add(Capability.BOARD)
        return frozenset(found)

    def step_levels(self) -> Mapping[int, str]:
        return self.declaration.step_levels

    def why_not(self, capability: Capability) -> str:
        if capability is Capability.CSP:
            also = (
                "; --cross-check compares the encoding with the kind's check as a model"
                if self.has_second_model
                else ""
            )
            return f"(declared kinds are solved with clingo{also})"
        return ""

    # -- the web's blank board
    @cached_property
    def _board_block(self) -> spec.Block | None:
        """The one block a blank board types into: a grid of ROWS x COLS with a token
        for an empty cell, the header's other numbers all with defaults; None if the
        input is not such (or ``[web] builder = false``)."""
        d = self.declaration
        names = d.header.numbers
        if not d.web.builder or len(d.blocks) != 1 or set(names[2:]) - set(d.header.defaults):
            return None
        (block,) = d.blocks
        if block.shape != "grid" or (block.rows, block.cols) != tuple(names[:2]):
            return None
        return block if block.blank is not None else None

    def board_forms(self) -> tuple[BoardForm, ...]:
        block = self._board_block
        if block is None:
            return ()
        widths = [len(rule.match) for rule in block.tokens if rule.literal]
        for rule in block.classes:
            if rule.match == "number" and rule.range is not None:
                widths += [len(str(self._most(bound))) + 1 for bound in rule.range]
            else:  # an id, a pair
                widths.append(16)
        hint = self.declaration.web.hint or self._board_hint(block)
        square = self.declaration.header.square
        return (BoardForm(self.name, self.extensions[0], hint, max(widths), square),)

    def _most(self, bound: spec.Bound) -> int:
        """A bound's largest value: a number, or the most its header number may be."""
        if isinstance(bound, int):
            return bound
        header = self.declaration.header
        if bound in header.numbers[:2]:
            return header.side[1]
        return header.ranges.get(bound, (0, limits.CLINGO_MAX))[1]

    def _board_hint(self, block: spec.Block) -> str:
        """What a cell may hold, in words, from the block's token rules."""
        names = dict(zip(self.declaration.header.numbers[:2], ("rows", "columns"), strict=False))
        words = []
        for rule in block.tokens:
            if rule.literal:
                if rule.facts:
                    words.append(repr(rule.match))
            elif rule.match == "number" and rule.range is not None:
                lo, hi = (
                    str(b) if isinstance(b, int) else f"the number of {names.get(b, b)}"
                    for b in rule.range
                )
                words.append(f"a number from {lo} to {hi}")
            elif rule.match == "id":
                words.append("a region id")
            else:
                words.append("a pair such as 5,12")
        return f"{', '.join(words) or 'nothing'} or nothing in each cell.".capitalize()

    def board_text(self, form: BoardForm, rows: int, cols: int, cells: Mapping[Cell, str]) -> str:
        """A blank board's typed cells as a puzzle file: the header, then a row of
        tokens per grid row, an empty cell as the block's blank token. A cell holds one
        token (no space can add another); the reader then checks each against the
        token rules, at its place in that text."""
        self.require(Capability.BOARD, "a blank board")
        block = self._board_block
        assert block is not None and block.blank is not None
        blank = block.blank

        def cell(value: str) -> str | None:
            if value == "":
                return blank
            return value if _ONE_TOKEN.fullmatch(value) and len(value) <= form.cell_chars else None

        expected = f"one token of at most {form.cell_chars} characters, or nothing"
        grid = textformat.typed_board(rows, cols, cells, cell, expected, " ")
        return f"{rows} {cols}\n{grid}"

    def _limits(self) -> tuple[LimitNote, ...]:
        """The board's limits: the declaration's side, capped by every format's."""
        lo, hi = self.declaration.header.side
        cells = min(hi * hi, limits.MAX_BOARD_CELLS)
        square = " (square)" if self.declaration.header.square else ""
        most = f"{lo:,}..{hi:,} rows and columns{square}, {cells:,} cells"
        return (LimitNote(f"{self.title} board", most),)

    def _clue_json(self) -> str:
        """How a clue is written in JSON: its fact's arguments, e.g. "[row, col, value]"."""
        words = {"R": "row", "C": "col", "V": "value", "K": "position", "I": "item"}
        forms = []
        for block in self.declaration.blocks:
            for rule in block.tokens:
                for part in (rule, rule.left, rule.right):
                    if part is None:
                        continue
                    for pattern, is_clue in zip(part.facts, part.clue, strict=True):
                        if not is_clue:
                            continue
                        names = [
                            words.get(a.name, a.name.lower()) if isinstance(a, Var) else str(a)
                            for a in pattern.args
                        ]
                        form = f"[{', '.join(names)}]"
                        if form not in forms:
                            forms.append(form)
        return " or ".join(forms)

    def _program(self, key: str, relative: str, declaration_path: str) -> ProgramFile:
        """A program file of the folder, checked to be inside it (by its real path) and,
        for a user's kind, vetted."""
        path = os.path.join(self.folder, relative)
        real = os.path.realpath(path)
        shown = os.path.join(os.path.dirname(declaration_path), relative)
        if not real.startswith(self.folder + os.sep):
            raise PuzzleError(f"{key} leads out of the kind's folder (a link)", shown)
        if not os.path.isfile(real):
            raise PuzzleError(f"no such file (the kind's {key} program)", shown)
        files = [real]
        if not self.bundled:
            from ... import sandbox  # clingo.ast: only a user's kind pays for it

            try:
                files = [str(file) for file in sandbox.vet_program(real)]
            except PuzzleError as error:
                if error.message != sandbox.SCRIPT_REFUSED:
                    raise
                raise PuzzleError(
                    "a kind's program may not contain #script (clingo would run it)",
                    error.source,
                    error.line,
                    error.col,
                ) from None
            _parse_check(real)
        for file in files:
            with open(file, encoding="utf-8") as text:  # vetted: ASCII, a bundled one UTF-8
                self.program_texts[os.path.relpath(file, self.folder)] = text.read()
        return ProgramFile(real, vetted=not self.bundled)

    # -- comparing and copying
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeclaredKind):
            return NotImplemented
        mine = (self.name, self.declaration, self.program_texts)
        return mine == (other.name, other.declaration, other.program_texts)

    def __hash__(self) -> int:
        return hash((self.name, self.declaration.title))

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A copy from another process (a job's, a cluster worker's): where the folder
        does not hold the programs the copy was made with (a worker elsewhere, a folder
        changed since), they are written into a folder of this process's own and read
        from there, so that the copy is the same kind."""
        self.__dict__.update(state)
        if all(_holds(self.folder, name, text) for name, text in self.program_texts.items()):
            return
        folder = _materialized(self.name, self.program_texts)
        moved = {
            key: ProgramFile(
                os.path.join(folder, os.path.relpath(program.path, self.folder)), program.vetted
            )
            for key in ("encoding_program", "check", "lesson_program")
            if (program := state.get(key)) is not None
        }
        self.__dict__.update(moved, folder=folder, encoding=moved["encoding_program"].path)

    @property
    def _named_bundled(self) -> bool:
        """A bundled kind under its own name, whose instances commands name KIND/FILE."""
        return self.bundled and self.name == os.path.basename(self.folder)

    # -- what it can do
    @property
    def can_draw(self) -> bool:
        return bool(self.declaration.draw)

    @property
    def can_explain(self) -> bool:
        """Whether its puzzles have clues (tokens marked ``clue``) to set aside."""
        return any(
            any(part.clue)
            for block in self.declaration.blocks
            for rule in block.tokens
            for part in (rule, rule.left, rule.right)
            if part is not None
        )

    @property
    def has_second_model(self) -> bool:
        """Whether its check can serve as a second model: every output atom has a
        cells entry that says its values (or is a mark)."""
        out = self.declaration.output
        covered = {(w.atom.name, w.atom.arity) for w in out.cells if w.mark or w.values}
        return bool(out.cells) and covered >= set(out.atoms)

    @property
    def has_builder(self) -> bool:
        """Whether the web offers a blank board of the kind (:meth:`board_forms`)."""
        return self._board_block is not None

    # -- files
    def instances(self) -> list[Instance]:
        """The puzzle files in the kind's instances folder (every file there but the
        solutions and hidden ones, whatever its extension: a copied folder keeps its
        instances), each with its published solution if one is beside it. A bundled
        kind's are named ``KIND/FILE``, as commands take them; a user's by their path."""
        folder = os.path.join(self.folder, self.declaration.instances)
        if not os.path.isdir(folder):
            return []
        found = []
        for entry in sorted(os.listdir(folder)):
            path = os.path.join(folder, entry)
            if entry.startswith(".") or entry.endswith(SOLUTION_SUFFIX):
                continue
            if os.path.isfile(path):
                solution = path + SOLUTION_SUFFIX
                name = f"{self.name}/{entry}" if self._named_bundled else path
                found.append(Instance(name, path, solution if os.path.isfile(solution) else None))
        return found

    # -- puzzles
    def parse(self, text: str, source: str, extension: str = "") -> DeclaredPuzzle:
        """A puzzle of this kind from its text (named ``source`` in messages).
        ``extension`` is the file's; any of the kind's (or none, with --kind) reads it
        the same way."""
        reading = reader.read_puzzle(self.declaration, text, source)
        return DeclaredPuzzle(
            self, reading.header, reading.rows, reading.clues, reading.tokens, source
        )

    def load(self, path: str | os.PathLike[str]) -> DeclaredPuzzle:
        """A puzzle file of this kind, read as every puzzle file is (its size capped,
        a byte order mark dropped, text that is not UTF-8 refused at its place)."""
        path = os.fspath(path)
        data = read_bytes(path)
        bom = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
        try:
            text = data[bom:].decode("utf-8")
        except UnicodeDecodeError as error:
            raise _not_utf8(error.object, error.start, bom, path) from None
        return self.parse(text, path, os.path.splitext(path)[1])

    def from_url(self, url: str) -> DeclaredPuzzle:
        """The puzzle a puzz.link link of one of the kind's genres holds
        (``[input.url]``, :mod:`.urls`); messages name the link."""
        self.require(Capability.URL, "reading a puzz.link link")
        from . import urls

        return urls.read_link(self, url)


def _holds(folder: str, name: str, text: str) -> bool:
    """Whether ``folder`` holds the file ``name`` with this text."""
    try:
        with open(os.path.join(folder, name), encoding="utf-8") as file:
            return file.read() == text
    except (OSError, UnicodeDecodeError):
        return False


#: the folders this process wrote kinds' programs into, by their texts
_MATERIALIZED: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}


def _materialized(name: str, texts: dict[str, str]) -> str:
    """A folder of this process's own holding these program files (made once per
    process and set of texts, removed when the process exits)."""
    key = (name, tuple(sorted(texts.items())))
    if key not in _MATERIALIZED:
        import atexit
        import shutil
        import tempfile

        folder = os.path.realpath(tempfile.mkdtemp(prefix=f"lpsolve-kind-{name}-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        for relative, text in texts.items():
            path = os.path.join(folder, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
        _MATERIALIZED[key] = folder
    return _MATERIALIZED[key]


def _declaration_bytes(path: str) -> bytes:
    """A ``kind.toml``'s bytes: one more than a declaration may have, at most (reading
    it refuses a longer one at its place)."""
    try:
        with open(path, "rb") as file:
            return file.read(spec.tomltext.MAX_DECLARATION_BYTES + 1)
    except FileNotFoundError:
        raise PuzzleError("no such file: a kind folder holds kind.toml", path) from None
    except IsADirectoryError:
        raise PuzzleError("is a directory, expected a file", path) from None
    except OSError as error:
        raise PuzzleError(error.strerror or "cannot be read", path) from None


def _parse_check(path: str) -> None:
    """A user's program parsed by clingo once, so that a syntax error is reported when
    the kind is read, at its place, not when the first puzzle is solved."""
    import clingo.ast

    from ...backends.session import program_error
    from ...sandbox import in_program_folder

    messages: list[str] = []
    try:
        with in_program_folder(path) as name:
            clingo.ast.parse_files(
                [name], lambda _statement: None, logger=lambda _c, m: messages.append(m)
            )
    except RuntimeError as error:
        raise program_error(messages, path, str(error)) from None


class DeclaredPuzzle(Puzzle):
    """A puzzle of a declared kind: the header's numbers, its facts and clues, and the
    tokens as read. Equal to another when its kind, header and facts are."""

    FIELDS = ("declared", "header", "rows", "clue_records", "tokens", "source")
    PRESENTATION = ("source", "tokens", "clue_records")

    def __init__(
        self,
        declared: DeclaredKind,
        header: tuple[tuple[str, int], ...],
        rows: tuple[FactRow, ...],
        clue_records: tuple[reader.ClueRecord, ...],
        tokens: tuple[tuple[tuple[str, ...], ...], ...],
        source: str = "<input>",
    ) -> None:
        self.declared = declared
        self.header = header
        self.rows = rows
        self.clue_records = clue_records
        self.tokens = tokens
        self.source = source
        # one class serves every declared kind: these are read from the puzzle's kind
        self.kind = declared.name  # type: ignore[misc]
        self.encoding = declared.encoding  # type: ignore[misc]
        self.solver_arguments = declared.declaration.solver.options  # type: ignore[misc]
        self.counting_arguments = declared.declaration.solver.count_options  # type: ignore[misc]

    def definition(self) -> DeclaredKind:
        """Its kind, carried by value (a job in another process needs no registry)."""
        return self.declared

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    @property
    def declaration(self) -> Declaration:
        return self.declared.declaration

    @cached_property
    def values(self) -> dict[str, int]:
        """The header's numbers by name."""
        return dict(self.header)

    @property
    def size(self) -> tuple[int, int]:
        """(rows, columns) of the board."""
        names = self.declaration.header.numbers
        return self.values[names[0]], self.values[names[1]]

    # -- facts
    def facts(self) -> list[clingo.Symbol]:
        return rows_symbols(self.rows)

    def facts_text(self) -> str:
        return self._facts_text

    @cached_property
    def _facts_text(self) -> str:
        return rows_text(self.rows)

    # -- solutions
    @cached_property
    def _outputs(self) -> frozenset[tuple[str, int]]:
        return frozenset(self.declaration.output.atoms)

    def decode(self, atoms: Sequence[clingo.Symbol]) -> DeclaredSolution:
        outputs = self._outputs
        kept = {}
        for atom in atoms:
            text = str(atom)
            if _signature(atom, text) in outputs:
                kept[atom] = text
        solution = DeclaredSolution(tuple(sorted(kept)))
        # The answer as facts, for its check, which comes next (a search's answers are
        # checked as they are found): each atom's text is made once for both, as it
        # costs more than the rest of decoding (2 us an atom; 256 on a 16x16 Sudoku).
        self._last_answer = (solution.atoms, "".join(f"{text}.\n" for text in kept.values()))
        return solution

    #: the last answer decoded and its facts' text (see :meth:`decode`)
    _last_answer: tuple[tuple[clingo.Symbol, ...], str] | None = None

    def _answer_facts(self, solution: DeclaredSolution) -> str:
        """The puzzle's facts and the answer's atoms, as one program text."""
        last = self._last_answer
        if last is not None and (last[0] is solution.atoms or last[0] == solution.atoms):
            return self._facts_text + last[1]
        return self._facts_text + facts_program(solution.atoms)

    def violations(self, solution: DeclaredSolution) -> list[str]:
        """The kind's check on this answer: each ``violated("rule", ...)`` atom it
        derives, in words (a :class:`Violation` with the rule's name and cells)."""
        found = programs.check_answer(
            self.declared.check, self.declaration.violation, self._answer_facts(solution)
        )
        return [_violation(atom) for atom in found]

    def read_solution(self, text: str, source: str) -> DeclaredSolution:
        """A solution written in janko's layout (a published ``.solution`` file)."""
        return DeclaredSolution(
            writer.read_solution(self.declaration, self.header, text, source, self._kept)
        )

    def grid(self, solution: DeclaredSolution) -> writer.Grid:
        """The solution's janko grid, rows of tokens."""
        blank = None
        keep = self.declaration.output.keep
        if keep is not None:
            blank = next(b for b in self.declaration.blocks if b.name == keep).blank
        return writer.solution_grid(
            self.declaration, self.values, solution.atoms, self._kept, blank
        )

    @cached_property
    def _kept(self) -> tuple[tuple[str, ...], ...]:
        keep = self.declaration.output.keep
        if keep is None:
            return ()
        index = [b.name for b in self.declaration.blocks].index(keep)
        return self.tokens[index]

    def render(self, solution: DeclaredSolution | None = None) -> str:
        """A solution's grid, columns aligned; the puzzle (``None``): its file in
        janko's layout."""
        if solution is None:
            lines = [" ".join(str(v) for _, v in self.header)]
            for block in self.tokens:
                lines += writer.aligned(block) if block else []
            return "\n".join(lines)
        return "\n".join(writer.aligned(self.grid(solution)))

    def janko_text(self, solution: DeclaredSolution) -> str:
        """A solution in janko's layout, header line included (with the parameters,
        unless ``[output] header = false``)."""
        self.require(Capability.JANKO, "--format janko")
        return writer.janko_text(self.declaration, self.header, self.grid(solution))

    def janko_rows(self, solution: DeclaredSolution | None = None) -> list[list[str]]:
        """A solution's grid, or the puzzle's first grid block, as janko's rows; none
        for a puzzle whose file has no grid (Nonogram's clue lists), whose solutions
        are grids all the same (``[output] cells``)."""
        self.require(Capability.JANKO, "--format janko")
        if solution is not None:
            return self.grid(solution)
        for block, tokens in zip(self.declaration.blocks, self.tokens, strict=True):
            if block.shape == "grid" and tokens:
                return [list(row) for row in tokens]
        return []

    def to_url(self) -> str:
        """The puzzle as a puzz.link link (``[input.url]``, :mod:`.urls`)."""
        self.require(Capability.URL, "--format puzzlink")
        from . import urls

        return urls.encode_url(self)

    def solution_json(self, solution: DeclaredSolution) -> Any:
        if self.declaration.output.json == "atoms":
            return writer.atoms_json(solution.atoms)
        return writer.grid_json(self.declaration, self.grid(solution))

    # -- clues (--explain)
    @cached_property
    def _clues(self) -> list[Clue]:
        return [
            Clue(symbol, record.text, list(record.row[1:]), record.place, record.value)
            for record, symbol in zip(
                self.clue_records,
                rows_symbols(record.row for record in self.clue_records),
                strict=True,
            )
        ]

    def clues(self) -> list[Clue]:
        return list(self._clues)

    @cached_property
    def _clue_cells(self) -> dict[clingo.Symbol, tuple[int, int]]:
        return {
            clue.fact: record.cell
            for clue, record in zip(self._clues, self.clue_records, strict=True)
            if record.cell is not None
        }

    def clue_distance(self, a: Clue, b: Clue) -> float:
        """Two grid clues' Manhattan distance (explanations set the nearest aside first)."""
        first, second = self._clue_cells.get(a.fact), self._clue_cells.get(b.fact)
        if first is None or second is None:
            return 0.0
        return float(abs(first[0] - second[0]) + abs(first[1] - second[1]))

    def clue_for(self, atom: clingo.Symbol) -> Clue | None:
        """The clue ``[explain] clue_for`` makes of an answer atom, worded as the token
        rule that makes such a clue words it."""
        for entry in self.declaration.clue_for:
            bound = entry.atom.match(atom, self.values)
            if bound is None:
                continue
            values: dict[str, int | str] = {**self.values}
            for name, symbol in bound.items():
                if is_number(symbol):
                    values[name] = symbol.number
                elif is_constant(symbol):
                    values[name] = symbol.name
                else:
                    break
            else:
                row = entry.clue.fill(values)
                return self._clue_of(row)
        return None

    @cached_property
    def _clue_by_row(self) -> dict[FactRow, Clue]:
        return {
            record.row: clue for record, clue in zip(self.clue_records, self._clues, strict=True)
        }

    def _clue_of(self, row: FactRow) -> Clue:
        """The clue stated by ``row``: the puzzle's own, or one it could have (an
        extra given proposed by ``--explain``), worded by the token rule making such
        clues, its variables read back from the fact."""
        if row in self._clue_by_row:
            return self._clue_by_row[row]
        (symbol,) = rows_symbols([row])
        made = self._clue_rules.get((row[0], len(row) - 1))
        if made is None:
            return Clue(symbol, str(symbol), list(row[1:]))
        block, part, pattern = made
        values: dict[str, Any] = {**self.values, "block": block.name}
        values.update(
            (a.name, v) for a, v in zip(pattern.args, row[1:], strict=True) if isinstance(a, Var)
        )
        values.setdefault("token", values.get("V", ""))
        template = part.text or reader.default_text(block.shape, "V" in values)
        if any(name not in values for name, _ in template_fields(template)):
            text = str(symbol)  # the fact does not say all the words need (a cell, say)
        else:
            text = fill_template(template, values)
        if "R" in values and "C" in values:
            place = cell_name(values["R"], values["C"])
        else:
            place = f"{block.name} {values['K'] + 1}" if "K" in values else ""
        return Clue(symbol, text, list(row[1:]), place, str(values["token"]))

    @cached_property
    def _clue_rules(self) -> dict[tuple[str, int], tuple[spec.Block, Any, spec.Pattern]]:
        """For each shape of clue fact (name, arity): the first block, rule (or pair
        side) and pattern that make such clues."""
        found: dict[tuple[str, int], tuple[spec.Block, Any, spec.Pattern]] = {}
        for block in self.declaration.blocks:
            for rule in block.tokens:
                for part in (rule, rule.left, rule.right):
                    if part is None:
                        continue
                    for pattern, is_clue in zip(part.facts, part.clue, strict=True):
                        if is_clue:
                            found.setdefault((pattern.name, pattern.arity), (block, part, pattern))
        return found

    def without_clues(self, clues: Iterable[Clue]) -> DeclaredPuzzle:
        """The same puzzle without these clues' facts (a dropped clue's token shows
        its block's blank token where all the token made was clues)."""
        self.require(Capability.EXPLAIN, "dropping clues")
        dropped = {clue.fact for clue in clues}
        gone = {
            record.row
            for record, clue in zip(self.clue_records, self._clues, strict=True)
            if clue.fact in dropped
        }
        kept_records = tuple(r for r in self.clue_records if r.row not in gone)
        rows = tuple(row for row in self.rows if row not in gone)
        return DeclaredPuzzle(
            self.declared,
            self.header,
            rows,
            kept_records,
            self._tokens_without(gone),
            self.source,
        )

    def _tokens_without(self, gone: set[FactRow]) -> tuple[tuple[tuple[str, ...], ...], ...]:
        tokens = [[list(line) for line in block] for block in self.tokens]
        for record in self.clue_records:
            if record.row not in gone:
                continue
            blank = self.declaration.blocks[record.block].blank
            if blank is not None:
                tokens[record.block][record.line][record.item] = blank
        return tuple(tuple(tuple(line) for line in block) for block in tokens)

    # -- splitting a count (--count --jobs)
    def split_atoms(self) -> list[clingo.Symbol]:
        """The output atoms a solution may hold, cell by cell in reading order (each
        cell's values in order): a cube fixes the first cells' values."""
        rows, cols = self.size
        atoms: list[clingo.Symbol] = []
        writers = self.declaration.output.cells
        for r in range(rows):
            for c in range(cols):
                for cell_writer in writers:
                    for value in self.cell_values(cell_writer):
                        atoms.append(writer.cell_atom(cell_writer, self.values, r, c, value))
                        if len(atoms) >= MAX_SPLIT_ATOMS:
                            return atoms
        return atoms

    def cell_values(self, cell_writer: spec.CellWriter) -> list[clingo.Symbol | None]:
        """The values an entry may write into a cell (``[None]`` for a mark)."""
        if cell_writer.mark is not None:
            return [None]
        if cell_writer.values is None:
            return []
        if cell_writer.values_are_range:
            lo, hi = (spec.resolve(b, self.values) for b in cell_writer.values)  # type: ignore[arg-type]
            return [clingo.Number(v) for v in range(lo, hi + 1)]
        return [writer.value_symbol(v) for v in cell_writer.values]

    # -- the picture
    def svg(
        self,
        solution: DeclaredSolution | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
        marks: Sequence[CellMark] = (),
    ) -> str:
        """The puzzle (``None``) or a solution drawn from the kind's ``[[draw]]`` layers;
        ``conflict``: clues drawn red; ``broken``: violations whose cells are drawn red;
        ``marks``: a hint's cells (a solution may then be the cells known so far)."""
        self.require(Capability.DRAW, "drawing")
        from . import picture

        answer = solution.atoms if solution is not None else ()
        wanted = picture.layer_signatures(self.declaration)
        atoms = [*self.facts(), *answer]
        known = {(a.name, len(a.arguments)) for a in atoms}
        if wanted - known:
            text = self._facts_text + facts_program(answer)
            atoms += programs.derived_facts(self.declared.check, text, wanted - known)
        highlighted = [
            (cell, f"conflict: {clue.text}")
            for clue in conflict
            if (cell := self._clue_cells.get(clue.fact)) is not None
        ]
        for violation in broken:
            if isinstance(violation, Violation):
                highlighted += [(cell, f"broken: {violation}") for cell in violation.cells]
        return picture.picture(self.declaration, self.values, atoms, highlighted, marks)

    # -- the second model
    def second_model_text(self) -> str:
        """The generate part of the second model: for each ``[output] cells`` entry,
        any subset of its atoms on the board (a choice rule over the values it
        declares), and no violation allowed. Together with the check program, its
        answers are the puzzle's solutions, written independently of the encoding."""
        if not self.declared.has_second_model:
            raise UsageError(
                f"kind {self.kind} has no second model: every [output] atom needs a cells "
                "entry with its values"
            )
        lines = [self.second_model_generate()]
        violation = self.declaration.violation
        for arity in programs.VIOLATION_ARITIES:
            arguments = ",".join(["_"] * arity)
            lines.append(f"#defined {violation}/{arity}.\n:- {violation}({arguments}).\n")
        return "".join(lines)

    def second_model_generate(self, condition: str = "") -> str:
        """The second model's choice rules alone: any value in any cell (``condition``:
        more of the rules' body, program text lpsolve wrote, such as ", active(R,C)")."""
        rows, cols = self.size
        lines = []
        for cell_writer in self.declaration.output.cells:
            atom = _pattern_text(cell_writer.atom, self.values)
            values = ";".join(str(v) for v in self.cell_values(cell_writer) if v is not None)
            choice = "" if cell_writer.mark is not None else f" : V = ({values or '1..0'})"
            body = f"R = 0..{rows - 1}, C = 0..{cols - 1}{condition}"
            lines.append(f"{{ {atom}{choice} }} :- {body}.\n")
        return "".join(lines)

    # -- hints
    def deducer(self) -> CheckDeducer:
        """Deductions from the check's named rules (:mod:`lpsolve.steps.checked`), for
        a puzzle with exactly one solution (found first, with the uniqueness proof)."""
        self.require(Capability.STEPS, "hints")
        from ...backends import asp
        from ...steps.checked import CellPattern, CheckDeducer, RuleModel
        from ...steps.engine import NotUnique

        result = asp.solve(self, limit=2)
        if result.unique is not True:
            what = "no solution" if result.count == 0 else "more than one solution"
            raise NotUnique(f"{self.source}: hints need exactly one solution; it has {what}")
        solution = result.solutions[0]
        if self.violations(solution):  # the kind's check, as for any answer
            raise InternalError(f"{self.source}: the solution found breaks the check")
        grid = writer.grid_json(
            self.declaration, writer.solution_grid(self.declaration, self.values, solution.atoms)
        )
        rows, cols = self.size
        patterns = []
        for cell_writer in self.declaration.output.cells:
            pattern = cell_writer.atom
            names = [a.name if isinstance(a, Var) else None for a in pattern.args]
            patterns.append(
                CellPattern(
                    pattern.name,
                    pattern.arity,
                    names.index("R"),
                    names.index("C"),
                    _pattern_text(pattern, self.values),
                )
            )
        model = RuleModel(
            rows,
            cols,
            self._facts_text,
            lambda session: programs.load(session, self.declared.check),
            self.second_model_generate,
            tuple(patterns),
            self.declaration.violation,
            solution.atoms,
            {(r, c): grid[r][c] for r in range(rows) for c in range(cols)},
            lambda atoms, marks: self.svg(DeclaredSolution(tuple(sorted(atoms))), marks=marks),
            solution,
            self.declaration.step_levels,
        )
        return CheckDeducer(model)

    def second_model_solutions(
        self, limit: int | None = None, timeout: float | None = None
    ) -> tuple[list[DeclaredSolution], bool]:
        """Up to ``limit`` solutions (``None``: all) of the second model, and whether
        that search was complete."""
        outputs = self._outputs
        models, complete = programs.enumerate_models(
            [self.declared.check],
            self._facts_text + self.second_model_text(),
            lambda atom: (atom.name, len(atom.arguments)) in outputs,
            limit=limit,
            timeout=timeout,
        )
        return [DeclaredSolution(atoms) for atoms in models], complete

    def second_model(self, limit: int | None = None, timeout: float | None = None) -> Result:
        """The second model's solutions as a search result (``--cross-check``), for
        boards of at most :data:`SECOND_MODEL_CELLS` cells: its pairwise rules ground
        every candidate pair."""
        self.require(Capability.SECOND_MODEL, "--cross-check")
        rows, cols = self.size
        if rows * cols > SECOND_MODEL_CELLS:
            raise UsageError(
                f"--cross-check: the second model of kind {self.kind} (its check as a "
                f"model) is for boards of up to {SECOND_MODEL_CELLS} cells; {self.source} "
                f"has {rows * cols:,}"
            )
        started = time.perf_counter()
        solutions, complete = self.second_model_solutions(limit, timeout)
        if complete:
            stopped_by = None
        else:  # fewer than asked for and not complete: the time ran out
            stopped_by = "limit" if limit is not None and len(solutions) >= limit else "timeout"
        stats = Stats(solve_seconds=time.perf_counter() - started)
        return Result(self, SECOND_MODEL, solutions, len(solutions), complete, stopped_by, stats)


def _signature(atom: clingo.Symbol, text: str) -> tuple[str, int] | None:
    """The name and arity of a function symbol (None for any other symbol), read from
    its text ``str(atom)`` where that is plain (``name(1,2,c)``), as asking clingo for
    its name and arguments costs twice as much as the text."""
    name, parenthesis, arguments = text.partition("(")
    plain = name and not name.startswith("-") and '"' not in text
    if plain and not parenthesis:
        return None if name[0].isdigit() or name[0] == "#" else (name, 0)  # or a number
    if plain and "(" not in arguments:
        return name, arguments.count(",") + 1
    if atom.type != clingo.SymbolType.Function:
        return None
    return atom.name, len(atom.arguments)


def _violation(atom: clingo.Symbol) -> Violation:
    """A violation atom in words: ``rule at (row R+1, col C+1)`` for a cell, else the
    rule and its other terms."""
    first, *rest = atom.arguments
    rule = first.string if first.type == clingo.SymbolType.String else str(first)
    if len(rest) == 2 and all(is_number(t) for t in rest):
        r, c = rest[0].number, rest[1].number
        return Violation(f"{rule} at {cell_name(r, c)}", rule, [(r, c)])
    if rest:
        return Violation(f"{rule} ({', '.join(str(t) for t in rest)})", rule)
    return Violation(rule, rule)


def _pattern_text(pattern: spec.Pattern, header: dict[str, int]) -> str:
    """A pattern as program text: its variables R, C, V stay variables, header names
    become their numbers (every part a checked name or number)."""
    parts = []
    for argument in pattern.args:
        if isinstance(argument, Var):
            parts.append(str(header[argument.name]) if argument.name in header else argument.name)
        else:
            parts.append(str(argument))
    return f"{pattern.name}({','.join(parts)})" if parts else pattern.name
