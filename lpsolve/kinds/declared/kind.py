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
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any, NamedTuple

import clingo

from ...errors import PuzzleError, UsageError
from ...puzzle import Clue, FactRow, Puzzle, rows_symbols, rows_text
from .. import _UTF8_BOM, _not_utf8, read_bytes
from ..textformat import cell_name
from . import declaration as spec
from . import programs, reader, writer
from .declaration import Declaration
from .patterns import Var, fill_template, is_constant, is_number, template_fields
from .programs import ProgramFile

#: the declaration's file in a kind folder
DECLARATION = "kind.toml"
#: a published solution's file name: the puzzle file's name and this
SOLUTION_SUFFIX = ".solution"
#: the bundled declared kinds live in lpsolve/kinds/<name>/
BUNDLED_FOLDER = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
#: the second model (the check plus a generate rule) grounds every candidate pair of
#: its pairwise rules: it is meant for boards up to this many cells (--cross-check)
SECOND_MODEL_CELLS = 144
#: split atoms offered for ``--count --jobs`` (the first few dozen are ever used)
MAX_SPLIT_ATOMS = 4096


class Violation(str):
    """A broken rule in words (a ``str``, as every checker's problems are), with the
    rule's name and the cells it names, for grading's lines and pictures."""

    rule: str
    cells: tuple[tuple[int, int], ...]

    def __new__(cls, text: str, rule: str, cells: Sequence[tuple[int, int]] = ()) -> Violation:
        made = super().__new__(cls, text)
        made.rule = rule
        made.cells = tuple(cells)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return Violation, (str(self), self.rule, self.cells)


class Instance(NamedTuple):
    """A bundled puzzle file and its published solution's file, if there is one."""

    path: str
    solution: str | None


class DeclaredSolution(NamedTuple):
    """A solution: the shown ``[output] atoms`` of one answer, sorted."""

    atoms: tuple[clingo.Symbol, ...]


def load_kind(folder: str | os.PathLike[str]) -> DeclaredKind:
    """The kind declared in ``folder`` (named after the folder). Raises
    :class:`PuzzleError` at the place of any mistake in the folder's files."""
    return DeclaredKind(os.fspath(folder))


def bundled_kinds() -> list[str]:
    """The folders of the declared kinds bundled with lpsolve (sorted)."""
    return sorted(
        os.path.join(BUNDLED_FOLDER, entry)
        for entry in os.listdir(BUNDLED_FOLDER)
        if os.path.isfile(os.path.join(BUNDLED_FOLDER, entry, DECLARATION))
    )


class DeclaredKind:
    """A puzzle kind declared by a folder: ``kind.toml``, ``encoding.lp``, ``check.lp``
    and ``instances/``.

    Attributes for the registry: ``name`` (the folder's name), ``title``, ``rules``,
    ``about``, ``extensions``, ``sources``, ``folder`` (its real path), ``bundled``,
    ``declaration``; the program files ``encoding``, ``check``, ``lesson`` (or None);
    and what it can do: ``can_draw``, ``can_explain``, ``has_second_model``,
    ``has_builder``. Compared and pickled by value: the checked declaration and its
    programs' paths (a process that unpickles it reads the programs from there).
    """

    def __init__(self, folder: str) -> None:
        given = folder.rstrip("/") or folder
        self.folder = os.path.realpath(given)
        # the name the folder is given (a link to a kind folder under another name is
        # a kind of that name, as a copy is)
        self.name = os.path.basename(os.path.abspath(given))
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
        self.encoding = self._program("encoding", d.encoding, declaration_path)
        self.check = self._program("check", d.check, declaration_path)
        self.lesson = self._program("lesson", d.lesson, declaration_path) if d.lesson else None

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
        if not self.bundled:
            from ... import sandbox  # clingo.ast: only a user's kind pays for it

            try:
                sandbox.vet_program(real)
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
        return ProgramFile(real, vetted=not self.bundled)

    # -- comparing and copying
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeclaredKind):
            return NotImplemented
        return (self.folder, self.declaration) == (other.folder, other.declaration)

    def __hash__(self) -> int:
        return hash((self.folder, self.name))

    def __repr__(self) -> str:
        return f"<DeclaredKind {self.name} from {self.folder}>"

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
        return self.declaration.web.builder

    # -- files
    def instances(self) -> list[Instance]:
        """The puzzle files in the kind's instances folder (every file there but the
        solutions and hidden ones, whatever its extension: a copied folder keeps its
        instances), each with its published solution if one is beside it."""
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
                found.append(Instance(path, solution if os.path.isfile(solution) else None))
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

    def from_url(self, url: str, source: str) -> DeclaredPuzzle:
        """puzz.link links are not read yet: the declaration's ``[input.url]`` is
        reserved for them."""
        raise UsageError(
            f"{source}: kind {self.name} cannot read puzz.link URLs yet (declared kinds' "
            "[input.url] codecs are not implemented)"
        )


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

    from ...grade import program_error
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

    FIELDS = ("definition", "header", "rows", "clue_records", "tokens", "source")
    PRESENTATION = ("source", "tokens", "clue_records")

    def __init__(
        self,
        definition: DeclaredKind,
        header: tuple[tuple[str, int], ...],
        rows: tuple[FactRow, ...],
        clue_records: tuple[reader.ClueRecord, ...],
        tokens: tuple[tuple[tuple[str, ...], ...], ...],
        source: str = "<input>",
    ) -> None:
        self.definition = definition
        self.header = header
        self.rows = rows
        self.clue_records = clue_records
        self.tokens = tokens
        self.source = source
        # today's Puzzle interface reads these per puzzle: the kind, its encoding's path,
        # and the clingo options the kind asks for
        self.kind = definition.name  # type: ignore[misc]
        self.encoding = definition.encoding.path  # type: ignore[misc]
        self.solver_arguments = definition.declaration.solver.options  # type: ignore[misc]
        self.counting_arguments = definition.declaration.solver.count_options  # type: ignore[misc]

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    @property
    def declaration(self) -> Declaration:
        return self.definition.declaration

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
        return DeclaredSolution(
            tuple(
                sorted(
                    atom
                    for atom in atoms
                    if atom.type == clingo.SymbolType.Function
                    and (atom.name, len(atom.arguments)) in outputs
                )
            )
        )

    def violations(self, solution: DeclaredSolution) -> list[str]:
        """The kind's check on this answer: each ``violated("rule", ...)`` atom it
        derives, in words (a :class:`Violation` with the rule's name and cells)."""
        found = programs.check_answer(
            self.definition.check, self.declaration.violation, self._facts_text, solution.atoms
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
        """A solution in janko's layout, header line included (with the parameters)."""
        return writer.janko_text(self.declaration, self.header, self.grid(solution))

    def janko_rows(self, solution: DeclaredSolution | None = None) -> list[list[str]]:
        """A solution's grid, or the puzzle's first grid block, as janko's rows."""
        if solution is not None:
            return self.grid(solution)
        for block, tokens in zip(self.declaration.blocks, self.tokens, strict=True):
            if block.shape == "grid" and tokens:
                return [list(row) for row in tokens]
        raise UsageError(f"{self.source}: kind {self.kind} has no grid to write in janko's layout")

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
        dropped = {clue.fact for clue in clues}
        gone = {
            record.row
            for record, clue in zip(self.clue_records, self._clues, strict=True)
            if clue.fact in dropped
        }
        kept_records = tuple(r for r in self.clue_records if r.row not in gone)
        rows = tuple(row for row in self.rows if row not in gone)
        return DeclaredPuzzle(
            self.definition,
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
                    for value in self._values_of(cell_writer):
                        atoms.append(writer.cell_atom(cell_writer, self.values, r, c, value))
                        if len(atoms) >= MAX_SPLIT_ATOMS:
                            return atoms
        return atoms

    def _values_of(self, cell_writer: spec.CellWriter) -> list[clingo.Symbol | None]:
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
    ) -> str:
        """The puzzle (``None``) or a solution drawn from the kind's ``[[draw]]`` layers;
        ``conflict``: clues drawn red; ``broken``: violations whose cells are drawn red."""
        if not self.definition.can_draw:
            raise UsageError(f"kind {self.kind} declares no picture ([[draw]] layers)")
        from . import picture

        answer = solution.atoms if solution is not None else ()
        wanted = picture.layer_signatures(self.declaration)
        atoms = [*self.facts(), *answer]
        known = {(a.name, len(a.arguments)) for a in atoms}
        if wanted - known:
            atoms += programs.derived_facts(
                self.definition.check, self._facts_text, answer, wanted - known
            )
        highlighted = [
            (cell, f"conflict: {clue.text}")
            for clue in conflict
            if (cell := self._clue_cells.get(clue.fact)) is not None
        ]
        for violation in broken:
            if isinstance(violation, Violation):
                highlighted += [(cell, f"broken: {violation}") for cell in violation.cells]
        return picture.picture(self.declaration, self.values, atoms, highlighted)

    # -- the second model
    def second_model_text(self) -> str:
        """The generate part of the second model: for each ``[output] cells`` entry,
        any subset of its atoms on the board (a choice rule over the values it
        declares), and no violation allowed. Together with the check program, its
        answers are the puzzle's solutions, written independently of the encoding."""
        if not self.definition.has_second_model:
            raise UsageError(
                f"kind {self.kind} has no second model: every [output] atom needs a cells "
                "entry with its values"
            )
        rows, cols = self.size
        lines = []
        for cell_writer in self.declaration.output.cells:
            atom = _pattern_text(cell_writer.atom, self.values)
            values = ";".join(str(v) for v in self._values_of(cell_writer) if v is not None)
            condition = "" if cell_writer.mark is not None else f" : V = ({values or '1..0'})"
            lines.append(f"{{ {atom}{condition} }} :- R = 0..{rows - 1}, C = 0..{cols - 1}.\n")
        violation = self.declaration.violation
        for arity in programs.VIOLATION_ARITIES:
            arguments = ",".join(["_"] * arity)
            lines.append(f"#defined {violation}/{arity}.\n:- {violation}({arguments}).\n")
        return "".join(lines)

    def second_model_solutions(
        self, limit: int | None = None, timeout: float | None = None
    ) -> tuple[list[DeclaredSolution], bool]:
        """Up to ``limit`` solutions (``None``: all) of the second model, and whether
        that search was complete."""
        outputs = self._outputs
        models, complete = programs.enumerate_models(
            [self.definition.check],
            self._facts_text + self.second_model_text(),
            lambda atom: (atom.name, len(atom.arguments)) in outputs,
            limit=limit,
            timeout=timeout,
        )
        return [DeclaredSolution(atoms) for atoms in models], complete

    def csp_model(self) -> Any:
        raise UsageError(
            f"kind {self.kind} has no csp model (declared kinds are solved with clingo; "
            "their second model is the kind's check)"
        )


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
