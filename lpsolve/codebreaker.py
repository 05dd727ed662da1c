"""Mastermind queries: count the consistent codes, list them, find the guesses that
contradict each other, and suggest the next guess.

The consistent set always comes from clingo and ``encodings/mastermind.lp``. numpy
is used only to expand codes counted up to symmetry and to score candidate guesses.

Symmetry: colours that appear in no guess ("spare" colours) are interchangeable;
swapping two of them in a code changes none of its scores (blacks nor whites, so
this holds for black-only games too). To count, clingo
enumerates only the code of each such family whose spare colours first appear in
declared order, and each is multiplied by the exact number of ways to choose its
spare colours (``perm(U, d)`` for ``d`` of ``U`` spares used).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import clingo

from .backends import asp
from .backends.session import Session
from .errors import LpsolveError
from .kinds.mastermind import MastermindGame, describe_guess
from .puzzle import Result, facts_program

if TYPE_CHECKING:
    import numpy as np


#: how many (candidate, consistent code) pairs --suggest scores at most
PAIR_BUDGET = 30_000_000
#: candidate pools bigger than this are sampled instead of listed in full
POOL_LIMIT = 2_000_000


def _session(game: MastermindGame, symmetric: bool, arguments: Sequence[str]) -> Session:
    session = asp.make_control(game, arguments)
    if symmetric:
        # Symbols rendered by clingo itself, as for every other fact.
        session.add(facts_program(game.symmetry_facts()))
    session.ground()
    return session


def _spare_assumptions(d: int, spares: int) -> list[tuple[clingo.Symbol, bool]]:
    """Exactly the first ``d`` spare colours are used (the encoding keeps them in order)."""
    used = clingo.Function
    assumptions = []
    if d > 0:
        assumptions.append((used("spare_used", [clingo.Number(d)]), True))
    if d < spares:
        assumptions.append((used("spare_used", [clingo.Number(d + 1)]), False))
    return assumptions


def count_codes(game: MastermindGame, timeout: float | None = None) -> Result:
    """The number of consistent codes (``count``), counted by clingo up to swapping
    spare colours. Stopped by ``timeout`` or Ctrl-C (a supervisor's stop request), it
    returns the codes counted so far, a lower bound (``complete`` False,
    ``stopped_by`` says why)."""
    start = time.perf_counter()
    deadline = None if timeout is None else start + timeout
    session = _session(game, True, ["--models", "0"])
    ground_seconds = time.perf_counter() - start
    spares = len(game.spare_colours())
    total = 0
    stopped = None
    for d in range(min(game.pegs, spares) + 1):
        assumptions = _spare_assumptions(d, spares)
        stopped = session.search(assumptions=assumptions, deadline=deadline).stopped_by
        # each code clingo enumerates stands for its family of swapped spare colours
        total += session.models_enumerated() * math.perm(spares, d)
        if stopped is not None:
            break
    solve_seconds = time.perf_counter() - start - ground_seconds
    return Result(
        puzzle=game,
        backend="clingo",
        count=total,
        complete=stopped is None,
        stopped_by=stopped,
        stats=session.stats(ground_seconds, solve_seconds),
    )


def consistent_codes(game: MastermindGame) -> np.ndarray:
    """Every consistent code as a row of colour indices (uint8), from clingo up to
    symmetry, expanded exactly by numpy. Sorted lexicographically."""
    import numpy as np

    session = _session(game, True, ["--models", "0"])
    index = {colour: i for i, colour in enumerate(game.colours)}
    spare_index = [index[c] for c in game.spare_colours()]
    spares = len(spare_index)
    # Shown atoms looked up whole: 3x faster than reading their arguments.
    place = {
        clingo.Function("code", [clingo.Number(p), clingo.String(colour)]): (p, i)
        for p in range(game.pegs)
        for colour, i in index.items()
    }
    blocks = []
    for d in range(min(game.pegs, spares) + 1):
        rows: list[list[int]] = []

        def collect(model: clingo.Model, rows: list[list[int]] = rows) -> None:
            code = [0] * game.pegs
            for atom in model.symbols(shown=True):
                peg, colour = place[atom]
                code[peg] = colour
            rows.append(code)

        end = session.search(assumptions=_spare_assumptions(d, spares), on_model=collect)
        if end.stopped_by is not None:
            raise KeyboardInterrupt  # stopped: part of the codes is no answer here
        if not rows:
            continue
        kept = np.array(rows, dtype=np.uint8)
        # One relabelling table per choice of d distinct spares, in order: spare j of
        # the kept code (the j-th in declared order) becomes the j-th chosen one.
        choices = list(itertools.permutations(spare_index, d))
        tables = np.tile(np.arange(len(game.colours), dtype=np.uint8), (len(choices), 1))
        if d:
            tables[:, spare_index[:d]] = np.array(choices, dtype=np.uint8)
        blocks.append(tables[:, kept].reshape(-1, game.pegs))
    if not blocks:
        return np.zeros((0, game.pegs), dtype=np.uint8)
    codes = np.concatenate(blocks)
    order = np.lexsort(codes.T[::-1])
    return codes[order]


def diagnosis(game: MastermindGame) -> list[str]:
    """Why no code fits, for the web's page: a minimal set of guesses that cannot
    all be scored as recorded (see :func:`conflicting_guesses`)."""
    if not game.guesses:
        return []
    conflict = conflicting_guesses(game)
    return [
        "these guesses cannot all be scored as recorded: "
        + "; ".join(describe_guess(game, i) for i in conflict)
    ]


def conflicting_guesses(game: MastermindGame) -> list[int]:
    """0-based indices of a minimal set of guesses that cannot all be scored as recorded
    (each one is needed: without any of them the rest fit); [] if all of them fit.
    The guesses are the game's clues: this is the generic explanation of a puzzle
    without solutions (:func:`lpsolve.explain.explain_conflict`)."""
    from .explain import explain_conflict

    conflict = explain_conflict(game)
    return [] if conflict is None else sorted(clue.json - 1 for clue in conflict.clues)


def rule_outs(
    game: MastermindGame, code: Sequence[str]
) -> list[tuple[int, tuple[int, int | None]]]:
    """Guesses (0-based) whose recorded feedback ``code`` contradicts, with what it gives
    (white None in a black-only game)."""
    found = []
    for i, guess in enumerate(game.guesses):
        got = game.feedback_of(guess.code, code)
        if got != guess.feedback:
            found.append((i, got))
    return found


# -- suggestions -----------------------------------------------------------------------


class NoConsistentCode(LpsolveError):
    """No code fits the feedback: there is nothing to suggest."""


@dataclass(frozen=True)
class Candidate:
    code: tuple[str, ...]
    worst: int  # size of the largest part (Knuth's minimax criterion)
    expected: float  # expected number of codes left
    entropy: float  # bits of information the feedback gives
    parts: int  # number of different feedbacks
    consistent: bool  # could be the secret itself


@dataclass(frozen=True)
class Suggestions:
    remaining: int
    ranked: dict[str, list[Candidate]]  # per criterion (see RANKINGS), the best first
    scored: int  # candidates scored
    pool: int | None  # candidate guesses up to symmetry (None: too many to list)
    scored_consistent: int  # how many scored candidates were consistent codes
    sampled: bool  # True: the candidates are a random sample of the pool
    seed: int
    seconds: float
    #: True: a consistent code tells every code left apart, the best guess by every
    #: criterion; only the consistent codes were scored
    split_apart: bool = False
    #: colours no consistent code holds, counted as one in the pool (0: none merged)
    merged: int = 0

    def best(self, criterion: str) -> Candidate:
        return self.ranked[criterion][0]

    def how_chosen(self) -> str:
        """Which candidates were scored, in words."""
        n = self.scored
        symmetry = "up to swapping colours that appear in no guess"
        if self.split_apart:
            which = f"the {n:,}" if n == self.remaining else f"{n:,} ({symmetry})"
            return (
                f"scored only {which} consistent codes: the best of them tells every one "
                "apart (each feedback leaves at most one code), which no guess can beat by "
                "any criterion"
            )
        if self.merged:
            symmetry += f"; the {self.merged} colours no consistent code has count as one"
        if not self.sampled:
            return (
                f"scored all {n:,} possible guesses ({symmetry}) exactly against the "
                f"{self.remaining:,} consistent codes"
            )
        pool = f"{self.pool:,}" if self.pool is not None else f"more than {POOL_LIMIT:,}"
        return (
            f"{pool} possible guesses ({symmetry}) x {self.remaining:,} consistent codes is "
            f"too many to score; scored {n:,} candidates exactly: {self.scored_consistent:,} "
            f"consistent codes and {n - self.scored_consistent:,} other codes drawn at "
            f"random (seed {self.seed}), so the best is the best of these"
        )


#: the criteria --suggest ranks by, and what they mean
CRITERIA = {
    "minimax": "smallest worst case (Knuth)",
    "expected": "smallest expected number of codes left",
    "entropy": "most information (entropy of the feedback, bits)",
    "parts": "most different feedbacks",
}


def _first_pegs(codes: np.ndarray, colours: int) -> np.ndarray:
    """(rows, colours): the first peg of each row that holds each colour; pegs if none."""
    import numpy as np

    n, pegs = codes.shape
    first = np.full((n, colours), pegs, dtype=np.uint8)
    rows = np.arange(n)
    for p in reversed(range(pegs)):
        first[rows, codes[:, p]] = p
    return first


def _family_heads(first: np.ndarray, spares: Sequence[int], pegs: int) -> np.ndarray:
    """Which rows use these spare colours in first-appearance order: one row of each
    family of rows that differ only by swapping them (``first`` from :func:`_first_pegs`)."""
    import numpy as np

    keep = np.ones(len(first), dtype=bool)
    for previous, colour in itertools.pairwise(spares):
        # a spare appears after the one before it, or not at all
        keep &= (first[:, colour] > first[:, previous]) | (first[:, colour] == pegs)
    return keep


def _canonical(codes: np.ndarray, spare_index: Sequence[int]) -> np.ndarray:
    """Rows whose spare colours first appear in declared order (one per family)."""
    colours = max(int(codes.max(initial=0)), *spare_index, 0) + 1
    return codes[_family_heads(_first_pegs(codes, colours), spare_index, codes.shape[1])]


def _canonicalise(codes: np.ndarray, spare_index: Sequence[int]) -> np.ndarray:
    """Relabel each row's spare colours into first-appearance order."""
    out = codes.copy()
    spare_set = set(spare_index)
    for row in out:
        mapping: dict[int, int] = {}
        for p, colour in enumerate(row.tolist()):
            if colour in spare_set:
                if colour not in mapping:  # (a setdefault would look up one too many)
                    mapping[colour] = spare_index[len(mapping)]
                row[p] = mapping[colour]
    return out


def _unique_rows(codes: np.ndarray) -> np.ndarray:
    """The distinct rows in lexicographic order (as ``np.unique(axis=0)``, which imports
    numpy.ma: 18 ms of a 0.5 s command)."""
    import numpy as np

    if len(codes) == 0:
        return codes
    ordered = codes[np.lexsort(codes.T[::-1])]
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return ordered[keep]


def _all_codes(alphabet: Sequence[int], pegs: int) -> np.ndarray:
    import numpy as np

    grids = np.meshgrid(*([np.array(alphabet, dtype=np.uint8)] * pegs), indexing="ij")
    return np.stack([g.ravel() for g in grids], axis=1)


def _distinct_rows(codes: np.ndarray) -> np.ndarray:
    import numpy as np

    if codes.shape[1] < 2:
        return codes
    ordered = np.sort(codes, axis=1)
    return codes[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)]


class _Pool:
    """Every possible guess up to swapping spare colours (the canonical codes: spare
    colours first appear in declared order), counted and picked by rank in
    lexicographic order without listing them all: a sample of the 10,481 guesses of
    the seed game took 0.1 s to draw from the full list.

    ``merged``: colours that no consistent code holds, in a game with repeats. A guess
    scores the same against every consistent code whichever of them it holds, on any
    peg (such a peg is neither black nor white), so the first (in declared order)
    stands for them all and the others are left out: of each set of guesses that
    differ only so, the one first in lexicographic order is kept."""

    def __init__(self, game: MastermindGame, merged: Sequence[int] = ()) -> None:
        index = {colour: i for i, colour in enumerate(game.colours)}
        left_out = set(merged[1:])
        self.kept = [i for i in range(len(game.colours)) if i not in left_out]
        self.spare_index = [index[c] for c in game.spare_colours() if index[c] not in left_out]
        self.pegs, self.repeats = game.pegs, game.repeats
        # More spares than pegs never show: a code uses at most `pegs` of them.
        self.spares = self.spare_index[: game.pegs]
        self.others = len(self.kept) - len(self.spare_index)
        self.alphabet = sorted([i for i in self.kept if i not in self.spare_index] + self.spares)
        self.listable = len(self.alphabet) ** game.pegs <= POOL_LIMIT
        self._memo: dict[tuple[int, int, int], int] = {}

    def _completions(self, left: int, spares: int, others: int) -> int:
        """Canonical ways to fill ``left`` more pegs after ``spares`` spare colours and
        (without repeats) ``others`` other colours were used."""
        key = (left, spares, others)
        if key not in self._memo:
            total = 1
            if left:
                if self.repeats:  # any non-spare colour, any spare used so far
                    total = (self.others + spares) * self._completions(left - 1, spares, 0)
                else:
                    total = (self.others - others) * self._completions(left - 1, spares, others + 1)
                if spares < len(self.spares):  # the next spare, first used here
                    total += self._completions(left - 1, spares + 1, others)
            self._memo[key] = total
        return self._memo[key]

    def size(self) -> int | None:
        """How many guesses; None if more than ``POOL_LIMIT`` codes to look through."""
        return self._completions(self.pegs, 0, 0) if self.listable else None

    def codes(self) -> np.ndarray:
        """Every guess, in lexicographic order."""
        codes = _all_codes(self.alphabet, self.pegs)
        if not self.repeats:
            codes = _distinct_rows(codes)
        return _canonical(codes, self.spare_index)

    def at(self, ranks: Sequence[int]) -> np.ndarray:
        """The guesses at these ranks (0-based) of :meth:`codes`."""
        import numpy as np

        place = {colour: j for j, colour in enumerate(self.spares)}
        rows = []
        for rank in ranks:
            rank, row, used = int(rank), [], set()
            spares = others = 0
            for left in reversed(range(self.pegs)):
                for colour in self.alphabet:
                    j = place.get(colour)
                    if j is None:
                        if not self.repeats and colour in used:
                            continue
                        after = (spares, others if self.repeats else others + 1)
                    elif j < spares and self.repeats:
                        after = (spares, others)
                    elif j == spares:
                        after = (spares + 1, others)
                    else:
                        continue
                    count = self._completions(left, *after)
                    if rank < count:
                        row.append(colour)
                        used.add(colour)
                        spares, others = after
                        break
                    rank -= count
            rows.append(row)
        return np.array(rows, dtype=np.uint8).reshape(len(rows), self.pegs)


def candidate_pool(game: MastermindGame) -> np.ndarray | None:
    """Every possible guess up to swapping spare colours, in lexicographic order; None if
    there are more than ``POOL_LIMIT`` codes to look through."""
    pool = _Pool(game)
    return pool.codes() if pool.listable else None


def score_candidates(
    candidates: np.ndarray,
    secrets: np.ndarray,
    colours: int,
    black_only: bool = False,
    spares: Sequence[int] = (),
) -> np.ndarray:
    """Partition sizes: row i, column (P+1)*black + (black+white) counts the secrets that
    candidate i would score so. ``black_only``: the feedback is the black count alone,
    so column ``black`` counts them (P+1 columns).

    ``spares``: colours that the secrets may be relabelled by (the spare colours: the
    consistent codes hold every relabelling of each of them). Swapping spares that a
    candidate does not use changes no score against it, so it is scored against one
    secret per family of such swaps, weighted by the family's size: the same sizes, for
    4.7x fewer pairs on the seed game after its first guess."""
    import numpy as np

    pegs = secrets.shape[1]
    width = pegs + 1 if black_only else (pegs + 1) ** 2
    sizes = np.zeros((len(candidates), width), dtype=np.int64)
    if len(candidates) == 0:
        return sizes
    spares = list(spares)[:62]  # one bit each below; swapping fewer is just as exact
    # Candidates grouped by the spares they use (one bit each): a group shares one set
    # of family heads. Canonical candidates use the first d spares: few groups.
    group = np.zeros(len(candidates), dtype=np.int64)
    for j, colour in enumerate(spares):
        group |= (candidates == colour).any(axis=1).astype(np.int64) << j
    first = _first_pegs(secrets, colours) if len(spares) else None
    ordered = np.sort(group)  # np.unique would import numpy.ma
    for key in ordered[np.r_[True, ordered[1:] != ordered[:-1]]].tolist():
        members = np.flatnonzero(group == key)
        free = [colour for j, colour in enumerate(spares) if not key >> j & 1]
        heads, used = secrets, np.zeros(len(secrets), dtype=np.intp)
        if free and first is not None:
            keep = _family_heads(first, free, pegs)
            heads = secrets[keep]
            used = (first[keep][:, free] < pegs).sum(axis=1)
        # a head using u of the free spares stands for perm(len(free), u) secrets
        weights = np.array([math.perm(len(free), u) for u in range(int(used.max(initial=0)) + 1)])
        sizes[members] = _partition_sizes(
            candidates[members], heads, used, weights, colours, black_only
        )
    return sizes


def _partition_sizes(
    candidates: np.ndarray,
    secrets: np.ndarray,
    classes: np.ndarray,
    weights: np.ndarray,
    colours: int,
    black_only: bool,
) -> np.ndarray:
    """As :func:`score_candidates`, each secret counting ``weights[classes[s]]`` times."""
    import numpy as np

    pegs = secrets.shape[1]
    n = len(secrets)
    width = pegs + 1 if black_only else (pegs + 1) ** 2
    total = width * len(weights)
    # Feature rows of the secrets: peg p has colour k; colour k appears at least m times.
    # A candidate's blacks sum P of the first kind, its colour matches P of the second
    # (sum over k of min(a, b) = number of m <= b with a >= m). The key of each
    # (candidate, secret) pair, class * width + black * (P + 1) + matches, is summed in
    # one pass since the black features carry the factor, in the smallest type that
    # holds every key.
    small = np.uint8 if total <= 256 else np.uint16
    factor = small(1 if black_only else pegs + 1)
    base = (classes * width).astype(small)
    rank = np.zeros_like(candidates, dtype=np.intp)  # m-1 for the m-th peg of a colour
    for p in range(1, pegs):
        rank[:, p] = (candidates[:, :p] == candidates[:, p : p + 1]).sum(axis=1)
    found = np.zeros((len(candidates), width), dtype=np.int64)
    if n >= _MANY_SECRETS:  # a bincount per candidate: twice as fast on many secrets
        # One row per (peg, colour, rank) that some candidate has, its black and match
        # features summed, made when first needed: a candidate then adds P rows.
        pegs_of = [np.ascontiguousarray(secrets[:, p]) for p in range(pegs)]
        held: dict[int, np.ndarray] = {}  # colour -> how many pegs of each secret hold it
        rows: dict[tuple[int, int, int], np.ndarray] = {}
        keys = np.empty(n, dtype=small)
        for i, (code, ranks) in enumerate(zip(candidates.tolist(), rank.tolist(), strict=True)):
            keys[:] = base
            for p, (colour, m) in enumerate(zip(code, ranks, strict=True)):
                row = rows.get((p, colour, m))
                if row is None:
                    row = (pegs_of[p] == colour).astype(small) * factor
                    if not black_only:
                        if colour not in held:
                            held[colour] = sum(column == colour for column in pegs_of)
                        row += held[colour] > m
                    rows[p, colour, m] = row
                keys += row  # in place: 2.5x faster than a gather and a sum
            found[i] = weights @ np.bincount(keys, minlength=total).reshape(-1, width)
        return found
    columns = np.arange(n)
    black_features = np.zeros((pegs * colours, n), dtype=small)
    counts = np.zeros((colours, n), dtype=np.uint8)
    for p in range(pegs):
        black_features[p * colours + secrets[:, p].astype(np.intp), columns] = factor
        counts[secrets[:, p], columns] += 1  # one secret per column: no repeated index
    match_features = np.concatenate([counts >= m for m in range(1, pegs + 1)]).astype(small)
    # Feature indices each candidate sums.
    black_rows = np.arange(pegs) * colours + candidates.astype(np.intp)
    match_rows = rank * colours + candidates.astype(np.intp)
    chunk = max(1, 4_000_000 // max(n, 1))  # few secrets: many candidates per bincount
    for start in range(0, len(candidates), chunk):
        stop = min(start + chunk, len(candidates))
        keys = black_features[black_rows[start:stop]].sum(axis=1, dtype=small) + base
        if not black_only:
            keys += match_features[match_rows[start:stop]].sum(axis=1, dtype=small)
        flat = keys.astype(np.int64) + (np.arange(stop - start) * total)[:, None]
        counted = np.bincount(flat.ravel(), minlength=(stop - start) * total)
        found[start:stop] = weights @ counted.reshape(stop - start, len(weights), width)
    return found


#: from this many consistent codes on, candidates are scored one at a time
_MANY_SECRETS = 2048


#: a sample of more guesses than this is picked from the listed pool, not found rank by
#: rank (:meth:`_Pool.at`, some 0.1 ms a guess: 71,000 of the seed game's 531,441
#: guesses took 11 s that way, the listing 0.2 s)
UNRANK_AT_MOST = 2_000
#: candidates scored at a time: progress is reported after each batch, and the
#: partition sizes of a batch (candidates x feedbacks) stay small
SCORE_BATCH = 1 << 16


def most_feedbacks(game: MastermindGame) -> int:
    """How many different feedbacks a guess can get in this game: a guess tells at most
    this many codes apart (black and white: every pair summing to at most the pegs but
    all but one black and one white)."""
    pegs = game.pegs
    return pegs + 1 if game.black_only else (pegs + 1) * (pegs + 2) // 2 - 1


def suggest(
    game: MastermindGame,
    *,
    seed: int = 1,
    budget: int = PAIR_BUDGET,
    keep: int = 20,
    restrict: bool = True,
    on_progress: Callable[[int, int], None] | None = None,
) -> Suggestions:
    """Score candidate next guesses against the consistent codes (see :class:`Candidate`).

    With ``restrict`` (the default) two shortcuts that cannot change the best guess by
    any criterion (compared with the full scoring in the tests):

    * few codes left (no more than a guess has feedbacks): the consistent codes are
      scored first, and if one of them tells every code apart (each feedback leaves
      at most one code) it is the best guess by every criterion: none is smaller in
      the worst case (1) or expected (1), none has more feedbacks (as many as codes)
      or more information, and a tie goes to a consistent code. Only they are scored.
    * with repeats allowed, colours that no consistent code holds count as one
      (see :class:`_Pool`).

    ``on_progress(scored, candidates)`` is called as candidates are scored.
    """
    import numpy as np

    start = time.perf_counter()
    secrets = consistent_codes(game)
    n = len(secrets)
    if n == 0:
        raise NoConsistentCode("no code is consistent with the feedback: nothing to suggest")
    index = {colour: i for i, colour in enumerate(game.colours)}
    spare_index = [index[c] for c in game.spare_colours()]
    # the column of "every peg black": the candidate is itself a consistent code
    win = game.pegs if game.black_only else game.pegs * (game.pegs + 1) + game.pegs

    def measured(candidates: np.ndarray) -> dict[str, np.ndarray]:
        batches = []
        for first in range(0, len(candidates), SCORE_BATCH):
            batch = candidates[first : first + SCORE_BATCH]
            sizes = score_candidates(
                batch, secrets, len(game.colours), game.black_only, spare_index
            )
            batches.append(_measures(sizes, n, win))
            if on_progress is not None:
                on_progress(first + len(batch), len(candidates))
        return {key: np.concatenate([b[key] for b in batches]) for key in batches[0]}

    merged: list[int] = []
    if restrict and game.repeats:
        held = np.zeros(len(game.colours), dtype=bool)
        held[secrets.ravel()] = True
        merged = np.flatnonzero(~held).tolist()
    pool = _Pool(game, merged)
    own = _unique_rows(_canonicalise(secrets, pool.spare_index))
    split_apart = False
    if restrict and n <= most_feedbacks(game):
        candidates, measures = own, measured(own)
        split_apart = bool((measures["worst"] == 1).any())
    size = pool.size()
    most = max(budget // n, 20)
    sampled = not split_apart and (size is None or size > most)
    if split_apart:
        pass  # the consistent codes scored above hold the best guess
    elif not sampled:
        candidates = pool.codes()
    else:
        rng = np.random.default_rng(seed)
        # Half consistent codes (each could win at once), half codes from the whole space.
        if n > most // 2:
            chosen = secrets[rng.choice(n, most // 2, replace=False)]
            own = _unique_rows(_canonicalise(chosen, pool.spare_index))
        wanted = most - len(own)
        if size is not None:
            ranks = rng.choice(size, min(wanted, size), replace=False)
            # many ranks: listing the pool and picking is faster than finding each
            others = pool.codes()[ranks] if len(ranks) > UNRANK_AT_MOST else pool.at(ranks)
        else:
            kept = np.array(pool.kept, dtype=np.uint8)
            draw = kept[rng.integers(0, len(kept), (wanted * 2, game.pegs))]
            if not game.repeats:
                draw = _distinct_rows(draw)
            others = _unique_rows(_canonicalise(draw, pool.spare_index))[:wanted]
        candidates = _unique_rows(np.concatenate([own, others]))
    if not split_apart:
        measures = measured(candidates)
    # Rank in numpy; only the best few of each criterion become Python objects. Ties go
    # to consistent codes (they may win at once), then to the first in colour order.
    inconsistent = ~measures["consistent"]
    ties = np.arange(len(candidates))
    rounded = {k: np.round(measures[k], 9) for k in ("expected", "entropy")}
    orders = {
        "minimax": np.lexsort((ties, inconsistent, measures["worst"])),
        "expected": np.lexsort((ties, inconsistent, rounded["expected"])),
        "entropy": np.lexsort((ties, inconsistent, -rounded["entropy"])),
        "parts": np.lexsort((ties, inconsistent, -measures["parts"])),
    }

    def candidate(i: int) -> Candidate:
        return Candidate(
            code=tuple(game.colours[k] for k in candidates[i]),
            worst=int(measures["worst"][i]),
            expected=float(measures["expected"][i]),
            entropy=float(measures["entropy"][i]),
            parts=int(measures["parts"][i]),
            consistent=bool(measures["consistent"][i]),
        )

    return Suggestions(
        remaining=n,
        ranked={name: [candidate(int(i)) for i in order[:keep]] for name, order in orders.items()},
        scored=len(candidates),
        pool=size,
        scored_consistent=int(measures["consistent"].sum()),
        sampled=sampled,
        seed=seed,
        seconds=time.perf_counter() - start,
        split_apart=split_apart,
        merged=len(merged) if len(merged) > 1 else 0,
    )


def _measures(sizes: np.ndarray, n: int, win: int) -> dict[str, np.ndarray]:
    """Each candidate's criteria from its partition sizes (:func:`score_candidates`)."""
    import numpy as np

    fractions = sizes / n
    logs = np.log2(np.where(sizes > 0, fractions, 1.0))
    return {
        "worst": sizes.max(axis=1),
        "expected": (sizes.astype(np.float64) ** 2).sum(axis=1) / n,
        "entropy": -(fractions * logs).sum(axis=1) + 0.0,
        "parts": (sizes > 0).sum(axis=1),
        "consistent": sizes[:, win] > 0,
    }
