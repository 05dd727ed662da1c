"""Hints, ratings and step-by-step solutions: speed against issue 26's budgets, the
rating against published levels, and Takuzu's Python techniques against the generic
engine on the same rules.

    python benchmarks/hints.py [--repeat N]
        [--only budgets|levels|sudoku-levels|engines|declared]

budgets   A hint on a 14 x 14 Takuzu at every point of its step-by-step solution (the
          puzzle with the cells filled so far as givens, a fresh engine, its line cache
          emptied as in a new process): the median of --repeat runs at each point; the
          worst point without trial (budget 10 ms) and with (100 ms). ``rate`` on the
          same boards (250 ms). Boards: the bundled generated-14x14 and three random
          ones with every removable given removed (seeded, made here with clingo).
levels    Every puzzle of benchmarks/data/binarypuzzle-levels.txt rated; the level
          binarypuzzle.com publishes against ours, as a table.
sudoku-levels
          Every Sudoku of benchmarks/data/sudoku-levels rated (once, in-process): the
          level the Sudoku Exchange puzzle bank gives it against ours, the hardest
          step's tier at each published level, the seconds a puzzle takes, and the
          map from hardest tier to level that agrees best with the bank's levels.
engines   Whole step-by-step solutions of Takuzu boards by the Python techniques and by
          the generic engine on the same rules (the Takuzu twin declared in
          benchmarks/data/binairo): medians, and the ratio in the same run.
declared  Whole step-by-step solutions of declared puzzles by the generic engine
          (``solve --steps``: each step cut down to a minimal deduction), and their
          ratings (``rate``: rounds of uncut deductions), in the same run.

Times are in-process (a command adds its start-up, about 0.1 s).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import lpsolve
from lpsolve import api, steps
from lpsolve.kinds.declared import load_kind
from lpsolve.kinds.takuzu import TakuzuPuzzle
from lpsolve.kinds.takuzu_steps import line_options
from lpsolve.steps.engine import LEVELS, walkthrough
from lpsolve.steps.rating import rate
from lpsolve.steps.records import TIER_NAMES

DATA = Path(__file__).resolve().parent / "data"
BUDGETS = {"hint": 0.010, "hint with trial": 0.100, "rate": 0.250}
SUDOKU_LEVELS = DATA / "sudoku-levels"
#: the puzzle bank's levels (a file's name begins with one) as lpsolve's
BANK_LEVELS = {"easy": "easy", "medium": "medium", "hard": "hard", "diabolical": "very hard"}


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        line_options.cache_clear()
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def minimal_board(seed: int, n: int) -> TakuzuPuzzle:
    """A unique n x n board: a random solution's givens removed in a random order
    while clingo proves the puzzle still unique."""
    rng = random.Random(seed)
    start = TakuzuPuzzle(n, n, {(rng.randrange(n), rng.randrange(n)): rng.randrange(2)})
    rows = api.solve(start, limit=1).solutions[0].rows
    givens = {(r, c): int(rows[r][c]) for r in range(n) for c in range(n)}
    for cell in rng.sample(sorted(givens), len(givens)):
        fewer = {k: v for k, v in givens.items() if k != cell}
        if api.solve(TakuzuPuzzle(n, n, fewer)).unique:
            givens = fewer
    return TakuzuPuzzle(n, n, givens, f"random-{n}x{n}-seed-{seed}")


def budgets(repeat: int) -> None:
    boards = [lpsolve.load("takuzu/generated-14x14")]
    boards += [minimal_board(seed, 14) for seed in (1, 2, 3)]
    print(f"{'board':28} {'points':>6} {'hint ms':>8} {'worst':>7} {'trial':>7} {'rate ms':>8}")
    worst = {"hint": 0.0, "hint with trial": 0.0, "rate": 0.0}
    for puzzle in boards:
        deducer = puzzle.deducer()
        plain, trial = [], []
        while not deducer.complete:
            state = puzzle.replace(givens=dict(deducer.known))
            seconds = median_seconds(lambda state=state: state.deducer().next_step(), repeat)
            step = deducer.next_step()
            assert step is not None
            (trial if step.trial else plain).append(seconds)
            deducer.apply(step)
        rated = median_seconds(lambda puzzle=puzzle: rate(puzzle.deducer()), repeat)
        worst["hint"] = max(worst["hint"], *plain)
        worst["hint with trial"] = max(worst["hint with trial"], *trial, 0.0)
        worst["rate"] = max(worst["rate"], rated)
        print(
            f"{puzzle.source:28} {len(plain) + len(trial):6} "
            f"{statistics.median(plain) * 1000:8.2f} {max(plain) * 1000:7.2f} "
            f"{max(trial, default=0) * 1000:7.2f} {rated * 1000:8.1f}"
        )
    for what, seconds in worst.items():
        verdict = "within" if seconds < BUDGETS[what] else "OVER"
        print(
            f"worst {what}: {seconds * 1000:.1f} ms, {verdict} the budget of "
            f"{BUDGETS[what] * 1000:.0f} ms"
        )


def published_levels() -> list[tuple[str, TakuzuPuzzle, str]]:
    """The puzzles of binarypuzzle-levels.txt: each one's name, puzzle and the level
    binarypuzzle.com publishes it at."""
    found = []
    for block in (DATA / "binarypuzzle-levels.txt").read_text().split("\n\n"):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#")]
        if not lines:
            continue
        size, level, number = lines[0].split()
        name = f"{size}x{size} level {level} #{number}"
        puzzle = api.parse("\n".join(lines[1:]) + "\n", ".takuzu", source=name)
        found.append((name, puzzle, LEVELS[int(level) - 1]))
    return found


def print_agreement(table: Counter[tuple[str, str]]) -> None:
    """A table of (published level, our level) -> puzzles, and how many agree."""
    total = sum(table.values())
    agree = sum(n for (theirs, ours), n in table.items() if theirs == ours)
    print(f"{'published':>10} | " + " ".join(f"{level:>9}" for level in LEVELS))
    for theirs in LEVELS:
        row = " ".join(f"{table[theirs, ours]:9}" for ours in LEVELS)
        print(f"{theirs:>10} | {row}")
    print(f"agreement: {agree} of {total} ({100 * agree / total:.0f}%)")


def levels() -> None:
    table: Counter[tuple[str, str]] = Counter()
    for _, puzzle, theirs in published_levels():
        table[theirs, rate(puzzle.deducer())[0].level] += 1
    print_agreement(table)


def published_sudoku_levels() -> list[tuple[Path, str]]:
    """The Sudokus of benchmarks/data/sudoku-levels, each with the level the puzzle
    bank gives it (the first word of its file's name, as lpsolve names the level)."""
    return [
        (path, BANK_LEVELS[path.stem.rsplit("-", 1)[0]])
        for path in sorted(SUDOKU_LEVELS.glob("*.sudoku"))
    ]


def best_tier_map(hardest: list[tuple[str, int]]) -> tuple[dict[int, list[str]], int]:
    """The maps from hardest tier to level (never easier for a harder tier) that give
    the most of these (published level, hardest tier) pairs their published level: for
    each tier a puzzle reaches, the levels such maps give it; and how many agree."""
    tiers = sorted({tier for _, tier in hardest})
    best, maps = -1, []
    for chosen in itertools.combinations_with_replacement(LEVELS, len(tiers)):
        mapping = dict(zip(tiers, chosen, strict=True))
        agree = sum(mapping[tier] == theirs for theirs, tier in hardest)
        if agree > best:
            best, maps = agree, []
        if agree == best:
            maps.append(mapping)
    given = {
        tier: [level for level in LEVELS if any(m[tier] == level for m in maps)] for tier in tiers
    }
    return given, best


def best_score_bands(scored: list[tuple[str, float]]) -> tuple[tuple[float, ...], int]:
    """The lowest scores of medium, hard and very hard that give the most of these
    (published level, score) pairs their published level, and how many: fitted to
    these puzzles, so an upper bound of what the score can tell apart."""
    lows = sorted({score for _, score in scored} | {max(score for _, score in scored) + 1})
    best: tuple[tuple[float, ...], int] = ((), -1)
    for chosen in itertools.combinations_with_replacement(lows, len(LEVELS) - 1):
        agree = sum(
            LEVELS[sum(score >= low for low in chosen)] == theirs for theirs, score in scored
        )
        if agree > best[1]:
            best = (chosen, agree)
    return best


def sudoku_levels() -> None:
    table: Counter[tuple[str, str]] = Counter()
    tiers: Counter[tuple[str, int]] = Counter()
    hardest: list[tuple[str, int]] = []
    scored: list[tuple[str, float]] = []
    per_tier: dict[tuple[str, int], list[int]] = {}
    seconds: list[float] = []
    print(
        f"{'puzzle':16} {'published':>10} {'ours':>10} {'tier':>4} {'score':>5} "
        f"{'steps':>5} {'seconds':>7}  steps per tier; hardest technique"
    )
    for path, theirs in published_sudoku_levels():
        started = time.perf_counter()
        rating = steps.rate(lpsolve.load(path))
        seconds.append(time.perf_counter() - started)
        table[theirs, rating.level] += 1
        tiers[theirs, rating.hardest] += 1
        hardest.append((theirs, rating.hardest))
        scored.append((theirs, rating.score))
        for tier in TIER_NAMES:
            per_tier.setdefault((theirs, tier), []).append(rating.counts.get(tier, 0))
        counted = " ".join(f"{tier}:{n}" for tier, n in sorted(rating.counts.items()))
        print(
            f"{path.stem:16} {theirs:>10} {rating.level:>10} {rating.hardest:4} "
            f"{rating.score:5.0f} {rating.steps:5} {seconds[-1]:7.2f}  "
            f"{counted}; {rating.technique}",
            flush=True,
        )
    print("\nlevels, as Deducer.levels maps the hardest tier today:")
    print_agreement(table)
    print("\nthe hardest step's tier at each published level:")
    print(f"{'published':>10} | " + " ".join(f"{tier:>4}" for tier in sorted(TIER_NAMES)))
    for theirs in LEVELS:
        print(f"{theirs:>10} | " + " ".join(f"{tiers[theirs, t]:4}" for t in sorted(TIER_NAMES)))
    print("\nsteps of each tier a puzzle takes, median at each published level:")
    print(f"{'published':>10} | " + " ".join(f"{tier:>4}" for tier in sorted(TIER_NAMES)))
    for theirs in LEVELS:
        medians = [statistics.median(per_tier[theirs, t]) for t in sorted(TIER_NAMES)]
        print(f"{theirs:>10} | " + " ".join(f"{m:4.0f}" for m in medians))
    for tier, name in sorted(TIER_NAMES.items()):
        print(f"tier {tier}: {name}")
    given, agree = best_tier_map(hardest)
    print(
        "\nthe best map from hardest tier to level: "
        + "; ".join(f"tier {tier} {' or '.join(levels)}" for tier, levels in given.items())
        + f": agreement {agree} of {len(hardest)} ({100 * agree / len(hardest):.0f}%)"
    )
    lows, agree = best_score_bands(scored)
    print(
        "the best bands of the score (fitted to these puzzles): "
        + ", ".join(f"{level} from {low:.0f}" for level, low in zip(LEVELS[1:], lows, strict=True))
        + f": agreement {agree} of {len(scored)} ({100 * agree / len(scored):.0f}%)"
    )
    print(
        f"seconds a puzzle: median {statistics.median(seconds):.2f}, max {max(seconds):.2f}, "
        f"total {sum(seconds):.0f}"
    )


def engines(repeat: int) -> None:
    twin = load_kind(DATA / "binairo")
    names = ["seed-intro-6x6", "seed-8x8", "letheed-grid2", "generated-10x10"]
    print(f"{'board':22} {'python ms':>9} {'generic s':>10} {'ratio':>6} steps (python, generic)")
    for name in names:
        puzzle = lpsolve.load(f"takuzu/{name}")
        rows = [" ".join(row) for row in puzzle.render().replace(".", "-").splitlines()]
        declared = twin.parse(f"{puzzle.height} {puzzle.width}\n" + "\n".join(rows) + "\n", name)
        python = median_seconds(lambda p=puzzle: walkthrough(p.deducer()), repeat)
        generic = median_seconds(lambda d=declared: walkthrough(d.deducer()), repeat)
        counted = tuple(len(walkthrough(p.deducer()).steps) for p in (puzzle, declared))
        print(f"{name:22} {python * 1000:9.1f} {generic:10.2f} {generic / python:6.0f} {counted}")


def declared(repeat: int) -> None:
    names = [
        "sudoku/explainer-6x6-easy",
        "sudoku/explainer-6x6-hard",
        "sudoku/wikipedia",
        "sudoku/janko-0001",
        "jigsaw-sudoku/janko-001",
        "hitori/janko-001",
        "star-battle/janko-001",
        "skyscrapers/janko-001",
        "akari/janko-004",
        "nonogram/puzzlekit-1681-10x10",
    ]
    print(f"{'puzzle':30} {'steps':>5} {'walk s':>7} {'rate s':>7} {'ratio':>6} level  techniques")
    for name in names:
        puzzle = lpsolve.load(name)
        done = walkthrough(puzzle.deducer())
        walk = median_seconds(lambda p=puzzle: walkthrough(p.deducer()), repeat)
        rated = median_seconds(lambda p=puzzle: rate(p.deducer()), repeat)
        level = rate(puzzle.deducer())[0].level
        kinds = Counter(step.technique for step in done.steps)
        print(
            f"{name:30} {len(done.steps):5} {walk:7.2f} {rated:7.2f} {walk / rated:5.1f}x "
            f"{level:6} {dict(kinds)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--only", choices=["budgets", "levels", "sudoku-levels", "engines", "declared"]
    )
    args = parser.parse_args()
    if args.only in (None, "budgets"):
        budgets(args.repeat)
    if args.only in (None, "levels"):
        levels()
    if args.only in (None, "sudoku-levels"):
        sudoku_levels()
    if args.only in (None, "engines"):
        engines(max(1, args.repeat // 2))
    if args.only in (None, "declared"):
        declared(max(1, args.repeat // 2))


if __name__ == "__main__":
    main()
