"""Puzzles made to order (issue 26; docs/generate.md): unique puzzles of a kind and size
at a level, or clue-minimal ones, the same for the same seed.

One attempt: a full board (:mod:`.full`: a random solution, every clue given), then
its clues in a seeded random order, each removed if the puzzle stays unique (clingo:
the kind's encoding with every clue a switch, :class:`~lpsolve.explain.ClueProgram`,
so the program is ground once per board) and, for a level, if the puzzle still rates
at or below it (the steps engine, :mod:`lpsolve.steps`). What is left rates at most
the level, and every further removal would lose uniqueness or need harder steps; it
is then verified from scratch: solved with the uniqueness proof (the solution must be
the board's), rated (the level must be the one asked), written and read back, and for
``minimal`` every clue's removal is checked to lose uniqueness. An attempt that ends
below the level is dropped and the next one, from a new board, made.

Without a level the removal asks only for uniqueness, and one pass leaves a
clue-minimal puzzle: a clue needed once stays needed, as a puzzle with fewer clues has
all the solutions of one with more. ``minimal`` with a level: the same pass, then the
attempt is kept only if the puzzle rates at the level.

Rating a puzzle after each removal is the cost: the steps are taken simplest first
and stop early once the removed clue's cell is known again (deductions only grow
with known cells, so the rest follows as before); the final rating is a full one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import api
from ..errors import InternalError, LpsolveError, UsageError
from ..kinds import kind_spec
from ..puzzle import BoardForm, Capability, Clue, Kind, Puzzle
from ..steps.engine import LEVELS, Deducer
from .full import FullBoard, board_forms, full_board

if TYPE_CHECKING:
    from ..explain import ClueProgram
    from ..steps.records import Rating

#: attempts (full boards) per puzzle before giving up
ATTEMPTS = 20


class Generated(NamedTuple):
    """A puzzle made to order, verified: its unique solution, its rating (``None`` for
    a kind without steps) and how it was made."""

    puzzle: Puzzle
    text: str  # the puzzle in its kind's text format, read back to the same puzzle
    extension: str  # of that format
    solution: Any
    rating: Rating | None
    clues: int  # clues left
    full_clues: int  # clues of the full board it was made from
    minimal: bool  # checked: no clue can be removed keeping the solution unique
    attempt: int  # from 1: boards made for this puzzle
    seconds: float


class NotFound(LpsolveError):
    """No puzzle at the level in the attempts allowed (exit status 1)."""


class Order(NamedTuple):
    """What to make: a kind, its board form, a size, a level, clue-minimal or not."""

    kind: Kind
    form: BoardForm
    rows: int
    cols: int
    level: str | None
    minimal: bool

    def describe(self) -> str:
        level = f" {self.level}" if self.level else ""
        minimal = " clue-minimal" if self.minimal else ""
        return f"{self.form.name} {self.rows}x{self.cols}{level}{minimal}"


def order(
    kind: str | Kind,
    rows: int,
    cols: int,
    *,
    level: str | None = None,
    minimal: bool = False,
    form: str | None = None,
) -> Order:
    """The checked order (a :class:`UsageError` or
    :class:`~lpsolve.errors.NotSupported` in one line for what cannot be made)."""
    spec = kind_spec(kind)
    forms = {each.name: each for each in board_forms(spec)}
    spec.require(Capability.EXPLAIN, "generate")  # clues dropped one by one
    if form is None:
        chosen = next(iter(forms.values()))
    elif form in forms:
        chosen = forms[form]
    else:
        raise UsageError(f"--form {form}: kind {spec.name} has the forms {', '.join(forms)}")
    if level is not None:
        if level not in LEVELS:
            raise UsageError(f"--level {level}: the levels are {', '.join(LEVELS)}")
        if not spec.supports(Capability.STEPS):
            raise UsageError(
                f"--level: kind {spec.name} has no step-by-step hints, so no rating; "
                "leave --level out for clue-minimal puzzles"
            )
        given = {**Deducer.levels, **spec.step_levels()}.values()
        if level not in given:
            raise UsageError(
                f"--level {level}: kind {spec.name} rates no puzzle {level} (its levels: "
                f"{', '.join(each for each in LEVELS if each in given)}; docs/hints.md)"
            )
    if rows < 1 or cols < 1:
        raise UsageError(f"--size {rows}x{cols}: a board has at least one row and column")
    if chosen.square and rows != cols:
        raise UsageError(f"--size {rows}x{cols}: a {spec.name} board is square")
    if chosen.even and (rows % 2 or cols % 2):
        raise UsageError(f"--size {rows}x{cols}: a {spec.name} board has even sides")
    return Order(spec, chosen, rows, cols, level, minimal or level is None)


def generate(
    what: Order, *, count: int = 1, seed: int = 0, attempts: int = ATTEMPTS
) -> Iterator[Generated]:
    """``count`` puzzles as ordered, each the same for the same seed (puzzle ``i`` of
    a seed does not depend on ``count``); :class:`NotFound` if one is not made in
    ``attempts`` boards."""
    for index in range(count):
        yield make(what, seed, index, attempts)


def make(what: Order, seed: int, index: int, attempts: int = ATTEMPTS) -> Generated:
    """Puzzle ``index`` (from 0) of ``seed``."""
    started = time.perf_counter()
    below: set[str] = set()
    for attempt in range(1, attempts + 1):
        # a string seed: random.Random hashes it the same way in every run
        rng = random.Random(f"{what.describe()} seed {seed} puzzle {index} attempt {attempt}")
        board = full_board(what.kind, what.form, what.rows, what.cols, rng)
        puzzle = _reduce(what, board, rng)
        rating = _rating(what, puzzle)
        if rating is not None and what.level not in (None, rating.level):
            below.add(rating.level)
            continue
        made = _verify(what, board, puzzle, rating)
        return made._replace(attempt=attempt, seconds=time.perf_counter() - started)
    raise NotFound(
        f"generate: no {what.describe()} puzzle made in {attempts} attempts (they rated "
        f"{', '.join(level for level in LEVELS if level in below)})"
    )


# -- removing clues -----------------------------------------------------------------------


def _tier_limit(what: Order, levels: dict[int, str]) -> int:
    """The hardest step's tier a level allows (``levels``: the engine's tier -> level)."""
    rank = LEVELS.index(what.level or LEVELS[-1])
    return max(tier for tier, level in levels.items() if LEVELS.index(level) <= rank)


def _reduce(what: Order, board: FullBoard, rng: random.Random) -> Puzzle:
    from ..explain import ClueProgram

    full = board.puzzle
    clues = full.clues()
    program = ClueProgram(full, [clue.fact for clue in clues], full.facts())
    # the steps are asked only below the hardest level: any unique puzzle rates at most
    # that; with ``minimal`` uniqueness alone decides, the level is checked at the end
    rated = what.level not in (None, LEVELS[-1]) and not what.minimal
    limit, known = 0, set()
    if rated:
        deducer = full.deducer()
        limit, known = _tier_limit(what, deducer.levels), set(deducer.known)
    kept = {clue.fact for clue in clues}
    removed: list[Clue] = []
    for clue in rng.sample(clues, len(clues)):
        if not _unique(program, kept - {clue.fact}, clues):
            continue
        if rated:
            now = _within(full.without_clues([*removed, clue]), limit, known)
            if now is None:
                continue
            known = now
        kept.discard(clue.fact)
        removed.append(clue)
    program.session.close()
    return full.without_clues(removed)


def _unique(program: ClueProgram, on: set[Any], clues: list[Clue]) -> bool:
    """Whether the clues ``on`` (facts), and no other, leave one solution."""
    off = [clue.fact for clue in clues if clue.fact not in on]
    models, _ = program.solve(on, off, models=2)
    return len(models) == 1


def _within(puzzle: Puzzle, limit: int, before: Any) -> Any:
    """The cells ``puzzle``'s engine knows from the start if its steps up to tier
    ``limit`` solve it, else ``None``. ``before``: the cells known from the start
    with the clue still there; once they are all known again the rest follows."""
    deducer = puzzle.deducer()
    start = set(deducer.known)
    lost = set(before) - start  # the removed clue's cells (none for a clue off the grid)
    from ..steps.records import TRIAL

    while not deducer.complete:
        found = deducer.next_steps(trial=limit >= TRIAL)
        if not found or max(step.tier for step in found) > limit:
            return None
        for step in found:
            deducer.apply(step)
        if lost and lost <= deducer.known.keys():
            break
    return start


# -- verifying ------------------------------------------------------------------------------


def _rating(what: Order, puzzle: Puzzle) -> Rating | None:
    """The puzzle rated from scratch (``None``: its kind has no steps)."""
    if not what.kind.supports(Capability.STEPS):
        return None
    from ..steps import rate

    return rate(puzzle)


def _verify(what: Order, board: FullBoard, puzzle: Puzzle, rating: Rating | None) -> Generated:
    """The puzzle checked from scratch: unique with the board's solution (proved by
    solving), written and read back, and whether it is clue-minimal."""
    found = api.solve(puzzle)  # two looked for: the uniqueness proof; checked by the rules
    if found.unique is not True or found.solutions[0] != board.solution:
        raise InternalError(f"a generated {what.describe()} puzzle is not unique")
    text = puzzle.render()
    # read back as a file of it is (after the # line the command writes)
    read = what.kind.parse(f"# generated\n{text}\n", puzzle.source, what.form.extension)
    if read != puzzle:
        raise InternalError(f"a generated {what.describe()} puzzle does not read back")
    minimal = _minimal(puzzle)
    if what.minimal and not minimal:
        raise InternalError(f"a generated {what.describe()} puzzle is not clue-minimal")
    return Generated(
        puzzle,
        text,
        what.form.extension,
        board.solution,
        rating,
        len(puzzle.clues()),
        len(board.puzzle.clues()),
        minimal,
        0,
        0.0,
    )


def _minimal(puzzle: Puzzle) -> bool:
    """Whether removing any one clue leaves more than one solution."""
    from ..explain import ClueProgram

    clues = puzzle.clues()
    program = ClueProgram(puzzle, [clue.fact for clue in clues], puzzle.facts())
    facts = {clue.fact for clue in clues}
    try:
        return not any(_unique(program, facts - {clue.fact}, clues) for clue in clues)
    finally:
        program.session.close()
