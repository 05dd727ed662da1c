"""Mastermind speed: first consistent code, counting (clingo, up to symmetry) against two
peers written here, and --suggest. Medians of --repeat runs (CPU time).

The peers: a numpy brute force over every code (games of up to 20 million codes), and a
count peg by peg (``state_count``), the stronger one: codes that agree so far on what
the feedback depends on are counted together as one state.

    python benchmarks/mastermind.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import lpsolve
from lpsolve import codebreaker
from lpsolve.kinds.mastermind import Guess, MastermindGame, score

SEED = Path(__file__).resolve().parent.parent / "instances" / "mastermind" / "seed-6x9.mastermind"
BRUTE_FORCE_LIMIT = 20_000_000  # codes; beyond this numpy would need too much memory/time


def median(action: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):  # CPU time: the machine may be shared
        start = time.process_time()
        value = action()
        times.append(time.process_time() - start)
    return statistics.median(times), value


def numpy_count(game: MastermindGame) -> int:
    """Every code, chunked; blacks and colour matches per guess."""
    k, p = len(game.colours), game.pegs
    where = {c: i for i, c in enumerate(game.colours)}
    tests = [
        (np.array([where[c] for c in g.code], dtype=np.uint8), g.black, g.white)
        for g in game.guesses
    ]
    total, chunk = k**p, 1 << 21
    found = 0
    for start in range(0, total, chunk):
        index = np.arange(start, min(total, start + chunk))
        codes = np.empty((len(index), p), dtype=np.uint8)
        for i in reversed(range(p)):
            codes[:, i] = index % k
            index //= k
        for guess, black, white in tests:
            blacks = (codes == guess).sum(axis=1, dtype=np.uint8)
            common = sum(
                np.minimum((codes == c).sum(axis=1, dtype=np.uint8), int((guess == c).sum()))
                for c in np.unique(guess)
            )
            codes = codes[(blacks == black) & (common == black + white)]
        found += len(codes)
    return found


def state_count(game: MastermindGame) -> int:
    """The codes consistent with every guess, counted peg by peg (numpy).

    After the first pegs of a code, what its feedback will be depends only on, per
    guess, its blacks and colour matches so far, and per colour of some guess, how
    often it holds that colour (no more than the most any guess holds counts). Codes
    that agree on these form one state, counted with their number; a state that can no
    longer reach some guess's feedback is dropped. Colours in no guess change none of
    this, so they are one choice, weighted by how many they are. With repeated colours
    allowed, as the benchmark's games."""
    assert game.repeats and game.code_space < 2**63  # weights in int64
    if not game.guesses:
        return game.code_space
    pegs, played = game.pegs, len(game.guesses)
    used = sorted({c for g in game.guesses for c in g.code}, key=game.colours.index)
    spare = len(game.colours) - len(used)
    guess = np.array([[used.index(c) for c in g.code] for g in game.guesses], dtype=np.int16)
    guess = guess.reshape(played, pegs)
    black = np.array([g.black for g in game.guesses], dtype=np.int16)
    matches = np.array([g.black + (g.white or 0) for g in game.guesses], dtype=np.int16)
    has_white = np.array([g.white is not None for g in game.guesses])
    in_guess = np.zeros((played, len(used)), dtype=np.int16)  # colour counts per guess
    for row, code in enumerate(guess):
        np.add.at(in_guess[row], code, 1)
    # a state: blacks per guess, colour matches per guess, then the code's colour counts
    blacks, common, held = slice(0, played), slice(played, 2 * played), 2 * played
    states = np.zeros((1, 2 * played + len(used)), dtype=np.int16)
    weights = np.ones(1, dtype=np.int64)
    for peg in range(pegs):
        left = pegs - peg - 1
        grown, grown_weights = [], []
        for colour in range(len(used)):
            new = states.copy()
            new[:, blacks] += guess[:, peg] == colour
            new[:, common] += new[:, [held + colour]] < in_guess[:, colour]
            new[:, held + colour] = np.minimum(new[:, held + colour] + 1, in_guess[:, colour].max())
            grown.append(new)
            grown_weights.append(weights)
        if spare:
            grown.append(states)
            grown_weights.append(weights * spare)
        states, weights = np.concatenate(grown), np.concatenate(grown_weights)
        b, m = states[:, blacks], states[:, common]
        reachable = (b <= black) & (b + left >= black)
        reachable &= ~has_white | ((m <= matches) & (m + left >= matches))
        keep = reachable.all(axis=1)
        states, weights = states[keep], weights[keep]
        if not len(states):
            return 0
        # equal states together (np.lexsort: many times faster than np.unique by rows)
        order = np.lexsort(states.T[::-1])
        states, weights = states[order], weights[order]
        starts = np.flatnonzero(np.r_[True, np.any(states[1:] != states[:-1], axis=1)])
        states, weights = states[starts], np.add.reduceat(weights, starts)
    return int(weights.sum())


def random_game(pegs: int, colours: int, guesses: int, seed: int) -> MastermindGame:
    rng = random.Random(seed)
    names = tuple(f"c{i}" for i in range(colours))
    secret = [rng.choice(names) for _ in range(pegs)]
    played = []
    for _ in range(guesses):
        guess = tuple(rng.choice(names) for _ in range(pegs))
        played.append(Guess(guess, *score(guess, secret)))
    return MastermindGame(pegs, names, tuple(played))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    seed = lpsolve.load(SEED)
    games = [(f"seed 6x9, {n} guesses", seed.without_guesses(range(n))) for n in (1, 3, 8)]
    games += [(f"random 8x8, {n} guesses", random_game(8, 8, n, 1)) for n in (3, 4, 6)]
    games += [(f"random 8x12, {n} guesses", random_game(8, 12, n, 1)) for n in (3, 4, 6)]
    print(f"medians of {args.repeat} runs, in-process, CPU ms")
    print(
        f"{'game':<24} {'codes':>9} {'first':>8} {'count':>9} {'states':>9} {'numpy':>9} "
        f"{'count/states':>12} {'count/numpy':>11}"
    )
    for name, game in games:
        first, _ = median(lambda g=game: lpsolve.solve(g, 1), args.repeat)
        counting, counted = median(lambda g=game: codebreaker.count_codes(g), args.repeat)
        assert isinstance(counted, codebreaker.Count)
        by_states, expected = median(lambda g=game: state_count(g), args.repeat)
        assert expected == counted.count, (name, expected, counted.count)
        if game.code_space <= BRUTE_FORCE_LIMIT:
            brute, expected = median(lambda g=game: numpy_count(g), max(1, args.repeat // 2))
            assert expected == counted.count, (name, expected, counted.count)
            brute_text, ratio = f"{brute * 1000:9.1f}", f"{counting / brute:11.2f}"
        else:
            brute_text, ratio = f"{'too big':>9}", f"{'-':>11}"
        print(
            f"{name:<24} {counted.count:>9,} {first * 1000:8.1f} {counting * 1000:9.1f} "
            f"{by_states * 1000:9.1f} {brute_text} {counting / by_states:12.2f} {ratio}"
        )
    suggest, found = median(lambda: codebreaker.suggest(games[0][1]), args.repeat)
    assert isinstance(found, codebreaker.Suggestions)
    print(f"--suggest, seed game after 1 guess: {suggest * 1000:.0f} ms ({found.how_chosen()})")
    suggest_table(seed, args.repeat)


def suggest_table(seed: MastermindGame, repeat: int) -> None:
    """--suggest late in the seed game, with its exact shortcuts (a consistent code that
    tells all apart; colours no consistent code has counted as one) against every
    candidate scored (``restrict=False``), in the same run; the best guesses agree."""
    print(f"--suggest on the seed game, medians of {repeat} runs, in-process")
    columns = ("guesses", 7), ("codes", 6), ("scored", 8), ("ms", 8), ("all scored", 10)
    print(" ".join(f"{name:>{width}}" for name, width in (*columns, ("ms", 8), ("ratio", 6))))
    for played in range(5, len(seed.guesses) + 1):
        game = seed.without_guesses(range(played))
        fast, found = median(lambda g=game: codebreaker.suggest(g), repeat)
        full, every = median(lambda g=game: codebreaker.suggest(g, restrict=False), repeat)
        assert isinstance(found, codebreaker.Suggestions)
        assert isinstance(every, codebreaker.Suggestions)
        if not every.sampled:  # both exact: the same best guess by every criterion
            assert all(found.best(c) == every.best(c) for c in codebreaker.CRITERIA)
        print(
            f"{played:>7} {found.remaining:>6,} {found.scored:>8,} {fast * 1000:8.0f} "
            f"{every.scored:>10,} {full * 1000:8.0f} {full / fast:6.1f}"
        )


if __name__ == "__main__":
    main()
