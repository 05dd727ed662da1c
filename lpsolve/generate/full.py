"""Full boards: a random solution and the puzzle that gives every clue it can have, the
start of a generated puzzle (:mod:`.making` removes clues from it).

- **Takuzu**: the blank board solved by clingo with a random seed and random signs;
  every cell given.
- **Hidato family**: a random Hamiltonian path (:mod:`.paths`, backbite moves), every
  number given; moves as the board form says (``hidato``: king, ``numbrix``:
  orthogonal).
- **Declared kinds**, no Python of their own: the blank board (the header, every block
  of blank tokens) solved by clingo with a random seed; then every *clue token* the
  declaration allows (a number in its range, or a literal, whose facts are all
  clues) is tried in every slot of its block, and a slot gets the token whose facts
  the solution satisfies (one search of the kind's check, the solution as facts, each
  candidate a free choice, no violation allowed). The full board must have that
  solution only, else another random solution is tried. A kind whose blank board
  already has only one solution has puzzles made of more than clues (a layout of
  regions, trees, black cells) and is refused, as is one with no clue tokens.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import clingo

from ..backends import asp
from ..errors import InternalError, NotSupported
from ..kinds.declared import programs
from ..kinds.declared.declaration import Block, Declaration, resolve
from ..kinds.declared.kind import DeclaredKind, DeclaredPuzzle
from ..kinds.hidato import HidatoSolution, build
from ..puzzle import BoardForm, Kind, Puzzle, facts_program
from .paths import random_path, rectangle

#: clingo's options for a random solution: random signs, a random decision one time in
#: two, the seed drawn from the generator's own (so a seed gives the same board)
RANDOM_SEARCH = ("--sign-def=rnd", "--rand-freq=0.5")
#: random solutions of a declared kind's blank board tried for one whose clues make it
#: the only one
FULL_TRIES = 10
#: the Hidato family's board forms and their moves
HIDATO_MOVES = {"hidato": "king", "numbrix": "orthogonal"}


class FullBoard(NamedTuple):
    """A random solution and the puzzle that gives every clue (it has that solution
    only)."""

    puzzle: Puzzle
    solution: Any


def board_forms(kind: Kind) -> tuple[BoardForm, ...]:
    """The forms of board the generator makes for ``kind`` (the first is the default);
    :class:`NotSupported` for a kind it does not make."""
    if isinstance(kind, DeclaredKind):
        header = kind.declaration.header
        return kind.board_forms() or (
            BoardForm(kind.name, kind.extensions[0], "", 0, square=header.square),
        )
    if kind.name in ("takuzu", "hidato"):
        return kind.board_forms()
    raise NotSupported(f"generate: kind {kind.name} has no generator", kind.name, "generator")


def full_board(kind: Kind, form: BoardForm, rows: int, cols: int, rng: random.Random) -> FullBoard:
    """A full board of ``kind`` (see the module's docstring); :class:`NotSupported`
    for a kind that cannot be generated."""
    if isinstance(kind, DeclaredKind):
        return _declared(kind, rows, cols, rng)
    if kind.name == "takuzu":
        return _takuzu(kind, form, rows, cols, rng)
    if kind.name == "hidato":
        return _hidato(kind, form, rows, cols, rng)
    raise NotSupported(f"generate: kind {kind.name} has no generator", kind.name, "generator")


def check_clues(kind: Kind, rows: int = 4, cols: int = 4) -> None:
    """The refusals :func:`full_board` can make without solving: a declared kind with
    no blank board or no clue tokens raises :class:`NotSupported` (a blank board with
    one solution only, as Tents', is found when the board is solved)."""
    if isinstance(kind, DeclaredKind):
        header = _header(kind.declaration, rows, cols)
        _clue_options(kind, header, _blank_tokens(kind, kind.declaration, header))


def random_solution(puzzle: Puzzle, rng: random.Random) -> Any:
    """One solution of ``puzzle``, found by clingo with a seed drawn from ``rng``;
    ``None`` if there is none."""
    seed = rng.randrange(2**31)
    found = asp.solve(puzzle, limit=1, arguments=[f"--seed={seed}", *RANDOM_SEARCH])
    return found.solutions[0] if found.solutions else None


def _source(kind: str, rows: int, cols: int) -> str:
    return f"<generated {kind} {rows}x{cols}>"


def _takuzu(kind: Kind, form: BoardForm, rows: int, cols: int, rng: random.Random) -> FullBoard:
    blank = kind.parse(
        kind.board_text(form, rows, cols, {}), _source("takuzu", rows, cols), form.extension
    )
    solution = random_solution(blank, rng)
    if solution is None:
        raise InternalError(f"a blank {rows}x{cols} Takuzu board has no solution")
    givens = {
        (r, c): int(digit) for r, line in enumerate(solution.rows) for c, digit in enumerate(line)
    }
    return FullBoard(blank.replace(givens=givens), solution)


def _hidato(kind: Kind, form: BoardForm, rows: int, cols: int, rng: random.Random) -> FullBoard:
    source = _source(form.name, rows, cols)
    kind.parse(kind.board_text(form, rows, cols, {}), source, form.extension)  # its limits
    moves = HIDATO_MOVES[form.name]
    path = random_path(cols, rows, moves, rng)
    givens = {cell: number for number, cell in enumerate(path, start=1)}
    # the cells in reading order and named by row and column, as the grid file it is
    # written as reads them
    puzzle = build(rectangle(cols, rows), givens, moves, source, "grid")
    return FullBoard(puzzle, HidatoSolution(tuple(path)))


# -- declared kinds -----------------------------------------------------------------------

#: the tokens of each block, line by line (a declared puzzle file after its header)
Tokens = list[list[list[str]]]


class _Slot(NamedTuple):
    """Where a token stands: its block, the line within the block, the token in the line."""

    block: int
    line: int
    item: int


def _declared(kind: DeclaredKind, rows: int, cols: int, rng: random.Random) -> FullBoard:
    declaration = kind.declaration
    header = _header(declaration, rows, cols)
    blank_tokens = _blank_tokens(kind, declaration, header)
    source = _source(kind.name, rows, cols)
    blank = kind.parse(_text(header, blank_tokens), source)  # the reader's limits first
    options = _clue_options(kind, header, blank_tokens)
    if asp.solve(blank, limit=2).unique:
        raise _refusal(
            kind,
            f"a blank {kind.name} board has only one solution: its puzzles are made of more "
            "than clues (a layout), which the generator does not make",
        )
    for _ in range(FULL_TRIES):
        solution = random_solution(blank, rng)
        if solution is None:
            raise _refusal(kind, f"a blank {rows}x{cols} {kind.name} board has no solution")
        held = _held_clues(kind, blank, options, solution)
        full_tokens = [[list(line) for line in block] for block in blank_tokens]
        for slot, choices in options.items():
            token = next((token for token, facts in choices if held.issuperset(facts)), None)
            if token is not None:
                full_tokens[slot.block][slot.line][slot.item] = token
        puzzle = kind.parse(_text(header, full_tokens), source)
        if puzzle.violations(solution):
            raise InternalError(f"the full {kind.name} board does not hold its solution")
        # a solution may hold no clue, or too few to be the only one (an empty loop)
        if puzzle.clues() and asp.solve(puzzle, limit=2).unique:
            return FullBoard(puzzle, solution)
    raise _refusal(
        kind,
        f"in {FULL_TRIES} random {rows}x{cols} {kind.name} boards, every clue the solution "
        "holds did not make it the only one",
    )


def _refusal(kind: Kind, why: str) -> NotSupported:
    return NotSupported(f"generate: {why}", kind.name, "generator")


def _header(declaration: Declaration, rows: int, cols: int) -> dict[str, int]:
    """The header's numbers: the board's size, then each other number's default, or
    the board's side where it has none (Skyscrapers' MAX: a building in every cell)."""
    names = declaration.header.numbers
    values = {names[0]: rows, names[1]: cols}
    for name in names[2:]:
        values[name] = declaration.header.defaults.get(name, max(rows, cols))
    return values


def _blank_tokens(kind: Kind, declaration: Declaration, header: dict[str, int]) -> Tokens:
    """Every block's slots holding its blank token (the one that makes no fact)."""
    tokens: Tokens = []
    for block in declaration.blocks:
        if block.blank is None or block.shape not in ("grid", "line"):
            raise NotSupported(
                f"generate: kind {kind.name} has no blank board (its {block.name} block has "
                + ("no empty token)" if block.blank is None else f"the shape {block.shape})"),
                kind.name,
                "generator",
            )
        if block.shape == "grid":
            height, width = resolve(block.rows, header), resolve(block.cols, header)
        else:
            height, width = 1, resolve(block.length, header)
        tokens.append([[block.blank] * width for _ in range(height)])
    return tokens


def _text(header: dict[str, int], tokens: Tokens) -> str:
    lines = [" ".join(str(value) for value in header.values())]
    lines += [" ".join(line) for block in tokens for line in block]
    return "\n".join(lines) + "\n"


def _candidates(block: Block, header: dict[str, int]) -> list[str]:
    """The tokens of a block that make clues only: numbers in their range and literals
    whose every fact is a clue."""
    found: list[str] = []
    for rule in block.tokens:
        if not rule.facts or not all(rule.clue):
            continue
        if rule.literal:
            found.append(rule.match)
        elif rule.match == "number" and rule.range is not None:
            low, high = (resolve(bound, header) for bound in rule.range)
            found += [str(value) for value in range(low, high + 1)]
    return found


#: each slot's clue tokens and the facts each makes there
Options = dict[_Slot, list[tuple[str, list[clingo.Symbol]]]]


def _clue_options(kind: DeclaredKind, header: dict[str, int], blank_tokens: Tokens) -> Options:
    """Each slot's clue tokens and their facts, made by the kind's reader: a puzzle per
    token, with the token in every slot that takes it (no fact is built here from a
    token's text)."""
    candidates = [_candidates(block, header) for block in kind.declaration.blocks]
    options: Options = {}
    for token in dict.fromkeys(t for tokens in candidates for t in tokens):
        tokens = [
            [[token if token in candidates[b] else t for t in line] for line in block]
            for b, block in enumerate(blank_tokens)
        ]
        filled = kind.parse(_text(header, tokens), f"<{kind.name} clues {token!r}>")
        by_slot: dict[_Slot, list[clingo.Symbol]] = {}
        for clue, record in zip(filled.clues(), filled.clue_records, strict=True):
            by_slot.setdefault(_Slot(record.block, record.line, record.item), []).append(clue.fact)
        for slot, facts in by_slot.items():
            options.setdefault(slot, []).append((token, facts))
    if not options:
        raise _refusal(kind, f"kind {kind.name} has no clue tokens to put on a blank board")
    return options


def _held_clues(
    kind: DeclaredKind, blank: DeclaredPuzzle, options: Options, solution: Any
) -> set[clingo.Symbol]:
    """The candidate clue facts the solution satisfies, by the kind's check: the blank
    board's facts and the solution's atoms, each candidate a free choice, no violation
    allowed. Atoms are decided true first, and each candidate constrains alone, so
    the first model holds every candidate the check lets hold."""
    candidates = list(
        dict.fromkeys(
            fact for choices in options.values() for _, facts in choices for fact in facts
        )
    )
    violation = kind.declaration.violation
    text = blank.facts_text() + facts_program(solution.atoms)
    text += "".join(f"{{ {fact} }}.\n" for fact in candidates)  # clingo's own rendering
    for arity in programs.VIOLATION_ARITIES:
        variables = ",".join(f"X{i}" for i in range(arity))
        text += f"#defined {violation}/{arity}.\n:- {violation}({variables}).\n"
    session = programs.ground([kind.check], text, ["--sign-def=pos"])
    held: set[clingo.Symbol] = set()

    def on_model(model: clingo.Model) -> None:
        held.update(fact for fact in candidates if model.contains(fact))

    if not session.search(on_model=on_model, models=1).satisfiable:
        raise InternalError(f"a {kind.name} solution breaks its own blank board")
    session.close()
    return held
