"""Mastermind speed: first consistent code, counting (clingo, up to symmetry) against a
numpy brute force over every code, and --suggest. Medians of --repeat runs.

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
    for _ in range(repeat):
        start = time.perf_counter()
        value = action()
        times.append(time.perf_counter() - start)
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
    print(f"medians of {args.repeat} runs, in-process, ms")
    print(f"{'game':<24} {'codes':>9} {'first':>8} {'count':>9} {'numpy':>9} {'count/numpy':>11}")
    for name, game in games:
        first, _ = median(lambda g=game: lpsolve.solve(g, 1), args.repeat)
        counting, counted = median(lambda g=game: codebreaker.count_codes(g), args.repeat)
        assert isinstance(counted, codebreaker.Count)
        if game.code_space <= BRUTE_FORCE_LIMIT:
            brute, expected = median(lambda g=game: numpy_count(g), max(1, args.repeat // 2))
            assert expected == counted.count, (name, expected, counted.count)
            brute_text, ratio = f"{brute * 1000:9.1f}", f"{counting / brute:11.2f}"
        else:
            brute_text, ratio = f"{'too big':>9}", f"{'-':>11}"
        print(
            f"{name:<24} {counted.count:>9,} {first * 1000:8.1f} {counting * 1000:9.1f} "
            f"{brute_text} {ratio}"
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
