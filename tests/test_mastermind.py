"""Mastermind: feedback, consistent codes and suggestions against brute forces written
here, the published seed game, Knuth's first guess, contradictions and bad input."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
import time
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lpsolve
from lpsolve import codebreaker
from lpsolve.kinds.mastermind import Code, Guess, MastermindGame, score

from .conftest import INSTANCES, ROOT, interrupt

SEED = INSTANCES / "mastermind" / "seed-6x9.mastermind"
CLASSIC = INSTANCES / "mastermind" / "classic-4x6.mastermind"


def feedback_by_striking(guess: tuple, secret: tuple) -> tuple[int, int]:
    """Independent definition: strike exact matches, then strike one secret peg per
    remaining guess peg of the same colour."""
    rest_guess, rest_secret, black = [], [], 0
    for g, s in zip(guess, secret, strict=True):
        if g == s:
            black += 1
        else:
            rest_guess.append(g)
            rest_secret.append(s)
    white = 0
    for g in rest_guess:
        if g in rest_secret:
            rest_secret.remove(g)
            white += 1
    return black, white


def brute_force(
    pegs: int, colours: int, guesses, repeats: bool = True, black_only: bool = False
) -> np.ndarray:
    """Every code (colour indices) consistent with ``guesses`` [(indices, b, w)], by numpy.
    ``black_only``: only the blacks are recorded (w is ignored)."""
    codes = np.indices((colours,) * pegs).reshape(pegs, -1).T.astype(np.int16)
    if not repeats:
        codes = codes[[len(set(row)) == pegs for row in codes.tolist()]]
    for guess, black, white in guesses:
        g = np.array(guess)
        blacks = (codes == g).sum(axis=1)
        if black_only:
            codes = codes[blacks == black]
            continue
        common = sum(np.minimum((codes == k).sum(axis=1), n) for k, n in Counter(guess).items())
        codes = codes[(blacks == black) & (common - blacks == white)]
    return codes


def game_of(pegs: int, names: list[str], guesses, repeats: bool = True) -> MastermindGame:
    made = tuple(Guess(tuple(names[k] for k in g), b, w) for g, b, w in guesses)
    return MastermindGame(pegs, tuple(names), made, repeats)


def indices(game: MastermindGame) -> list:
    where = {c: i for i, c in enumerate(game.colours)}
    return [(tuple(where[c] for c in g.code), g.black, g.white) for g in game.guesses]


def random_game(rng: random.Random, pegs: int, colours: int, guesses: int, repeats=True):
    names = [f"c{i}" for i in range(colours)]
    if repeats:
        secret = tuple(rng.randrange(colours) for _ in range(pegs))
    else:
        secret = tuple(rng.sample(range(colours), pegs))
    played = []
    for _ in range(guesses):
        guess = tuple(rng.randrange(colours) for _ in range(pegs))
        played.append((guess, *feedback_by_striking(guess, secret)))
    return game_of(pegs, names, played, repeats)


# -- feedback ------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 8).flatmap(
        lambda p: st.tuples(*[st.lists(st.integers(0, 5), min_size=p, max_size=p)] * 2)
    )
)
def test_score_matches_striking_definition(codes) -> None:
    guess, secret = map(tuple, codes)
    assert score(guess, secret) == feedback_by_striking(guess, secret)


# -- the seed game and the classic game ------------------------------------------------


def test_seed_game_counts_after_each_guess_match_brute_force() -> None:
    game = lpsolve.load(SEED)
    for played in range(len(game.guesses) + 1):
        prefix = game.without_guesses(range(played))
        expected = len(brute_force(6, 9, indices(prefix)))
        assert codebreaker.count_codes(prefix).count == expected, played


def test_seed_game_ends_with_the_published_two_codes() -> None:
    game = lpsolve.load(SEED)
    result = lpsolve.solve(game, None)
    assert result.complete and result.count == 2  # published
    secret = Code(("yellow", "none", "green", "yellow", "orange", "blue"))
    assert secret in result.solutions
    expected = {tuple(game.colours[k] for k in row) for row in brute_force(6, 9, indices(game))}
    assert {s.colours for s in result.solutions} == expected


def test_classic_minimax_first_guess_is_aabb_with_256() -> None:
    game = lpsolve.load(CLASSIC)
    assert codebreaker.count_codes(game).count == 1296
    best = codebreaker.suggest(game).best("minimax")
    a, b, c, d = best.code
    assert a == b and c == d and a != c and best.worst == 256  # Knuth (1976)


# -- random games ----------------------------------------------------------------------


@pytest.mark.parametrize(("pegs", "colours"), [(4, 6), (5, 8)])
@pytest.mark.parametrize("seed", range(4))
def test_random_game_counts_match_brute_force(pegs: int, colours: int, seed: int) -> None:
    rng = random.Random(seed * 100 + pegs)
    game = random_game(rng, pegs, colours, rng.randint(1, 4), repeats=seed != 3)
    for played in range(len(game.guesses) + 1):
        prefix = game.without_guesses(range(played))
        expected = brute_force(pegs, colours, indices(prefix), prefix.repeats)
        assert codebreaker.count_codes(prefix).count == len(expected)
        assert np.array_equal(codebreaker.consistent_codes(prefix), expected.astype(np.uint8))
    full = lpsolve.count(game)
    assert full.complete and full.count == len(expected)


def test_every_listed_code_fits_and_small_games_list_them_all() -> None:
    rng = random.Random(7)
    game = random_game(rng, 4, 6, 2)
    result = lpsolve.solve(game, None)
    expected = {tuple(game.colours[k] for k in r) for r in brute_force(4, 6, indices(game))}
    assert result.complete and {s.colours for s in result.solutions} == expected


def test_suggestion_scores_match_a_brute_force_partition() -> None:
    rng = random.Random(3)
    game = random_game(rng, 4, 6, 1)
    found = codebreaker.suggest(game, keep=5)
    secrets = [tuple(game.colours[k] for k in r) for r in brute_force(4, 6, indices(game))]
    for candidate in found.ranked["minimax"] + found.ranked["entropy"]:
        parts = Counter(feedback_by_striking(candidate.code, s) for s in secrets)
        assert candidate.worst == max(parts.values())
        assert candidate.parts == len(parts)
        assert candidate.consistent == (candidate.code in secrets)
        assert candidate.expected == pytest.approx(
            sum(n * n for n in parts.values()) / len(secrets)
        )
    # Nothing in the whole space beats the minimax pick (the pool is exhaustive here).
    assert not found.sampled
    best = min(
        max(Counter(feedback_by_striking(g, s) for s in secrets).values())
        for g in itertools.product(game.colours, repeat=4)
    )
    assert found.best("minimax").worst == best


def restricted_matches_full(game: MastermindGame, secrets: np.ndarray) -> tuple[bool, bool]:
    """Suggestions with the shortcuts (a consistent code that tells all apart; colours
    in no consistent code counted as one) against every candidate scored: the same best
    guess by every criterion, and the same ranking but for the guesses merged away.
    ``secrets``: the consistent codes by brute force. Returns which shortcuts applied."""
    everything = 10**6
    full = codebreaker.suggest(game, keep=everything, restrict=False)
    fast = codebreaker.suggest(game, keep=everything)
    assert not full.sampled and not fast.sampled and fast.remaining == full.remaining
    for criterion in codebreaker.CRITERIA:
        assert fast.best(criterion) == full.best(criterion), criterion
    held = set(secrets.ravel().tolist())
    absent = [c for i, c in enumerate(game.colours) if i not in held]
    if fast.split_apart:
        # the consistent codes (up to swapping colours in no guess) and no other
        assert fast.scored == fast.scored_consistent <= len(secrets)
        assert fast.best("minimax").worst == 1
        return True, False
    stand_ins = set(absent[1:]) if game.repeats else set()  # the first stands for them
    assert fast.merged == (len(absent) if len(absent) > 1 and game.repeats else 0)
    for criterion in codebreaker.CRITERIA:
        kept = [c for c in full.ranked[criterion] if not stand_ins & set(c.code)]
        assert fast.ranked[criterion] == kept, criterion
    return False, bool(fast.merged)


@pytest.mark.parametrize("seed", range(4))
def test_restricted_suggestions_match_the_full_scoring(seed: int) -> None:
    rng = random.Random(seed)
    repeats = seed != 3
    games = [random_game(rng, pegs, 6, 6, repeats) for pegs in (4, 3)]
    # a secret without c4 and c5, and a first guess that rules both out
    secret = rng.sample(range(4), 4) if not repeats else [rng.randrange(4) for _ in range(4)]
    played = [(4, 4, 5, 5) if repeats else (4, 5, 0, 1), rng.sample(range(6), 4)]
    names = [f"c{i}" for i in range(6)]
    games.append(
        game_of(4, names, [(g, *feedback_by_striking(g, secret)) for g in played], repeats)
    )
    shortcuts = set()
    for game in games:
        for played_so_far in range(len(game.guesses) + 1):
            prefix = game.without_guesses(range(played_so_far))
            secrets = brute_force(game.pegs, 6, indices(prefix), prefix.repeats)
            if len(secrets):
                shortcuts.add(restricted_matches_full(prefix, secrets))
    assert (True, False) in shortcuts  # both shortcuts were tried
    assert not repeats or (False, True) in shortcuts


def test_suggest_on_the_seed_game_scores_only_its_two_codes(run) -> None:
    """Two codes left (the published answer): either one tells them apart, so the
    531,441 other guesses need no scoring."""
    status, out, _ = run("mastermind", SEED, "--suggest", "--format", "json")
    suggestions = json.loads(out)["suggestions"]
    assert status == 0 and suggestions["scored"] == 2
    assert "scored only the 2 consistent codes" in suggestions["how_chosen"]
    published = {("yellow", "none", "green", "yellow", "orange", "blue")}
    published.add(("green", "yellow", "none", "yellow", "orange", "blue"))
    for best in suggestions["best"].values():
        assert tuple(best["code"]) in published and best["worst"] == 1 and best["parts"] == 2


def test_suggest_on_a_big_space_says_how_candidates_were_chosen(run) -> None:
    game = lpsolve.load(SEED).without_guesses([0])
    found = codebreaker.suggest(game)
    assert found.sampled and "drawn at random (seed 1)" in found.how_chosen()
    status, _, _ = run("mastermind", SEED, "--guess", "red,red,blue,blue,green,green:0,2")
    assert status == 0  # the same guess again changes nothing


# -- contradictions ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_contradictions_name_a_minimal_conflicting_set(seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(rng, 4, 6, 5)
    # Corrupt one feedback into another possible one that leaves no code.
    for index, (black, white) in itertools.product(range(5), [(0, 0), (2, 2), (0, 4), (1, 0)]):
        guesses = list(game.guesses)
        guesses[index] = Guess(guesses[index].code, black, white)
        broken = MastermindGame(4, game.colours, tuple(guesses))
        if len(brute_force(4, 6, indices(broken))) == 0:
            break
    else:
        pytest.skip("no contradiction found for this seed")
    core = codebreaker.conflicting_guesses(broken)
    assert core and len(brute_force(4, 6, indices(broken.without_guesses(core)))) == 0
    for drop in core:
        rest = [i for i in core if i != drop]
        assert len(brute_force(4, 6, indices(broken.without_guesses(rest)))) > 0


def test_contradictory_file_names_the_guesses(tmp_path, run) -> None:
    path = tmp_path / "bad.mastermind"
    path.write_text("pegs: 2\ncolours: red blue\nred red : 2 0\nblue blue : 1 0\nred blue : 0 0\n")
    status, out, _ = run("mastermind", path)
    assert status == 1 and out.startswith("no consistent code: the feedback contradicts")
    assert "guess 1, line 3" in out and "guess 2, line 4" in out and "guess 3" not in out
    status, out, _ = run("mastermind", path, "--format", "json")
    data = json.loads(out)
    assert (data["status"], data["count"], data["complete"], data["solutions"]) == (
        "no solution",
        0,
        True,
        [],
    )
    assert data["conflicting_guesses"] == [1, 2]


def test_contradictions_go_through_the_generic_explanation(tmp_path, run) -> None:
    """A game is a puzzle whose clues are its guesses: `solve --explain` names the
    conflicting guesses as for any kind's givens, and `solve` alone diagnoses them
    (the kind is diagnosed by a conflict). Checked against the brute force."""
    path = tmp_path / "bad.mastermind"
    path.write_text("pegs: 2\ncolours: red blue\nred red : 2 0\nblue blue : 1 0\nred blue : 0 0\n")
    game = lpsolve.load(path)
    status, out, _ = run("solve", path, "--explain", "--format", "json")
    conflict = json.loads(out)["conflict"]
    assert status == 1 and conflict == [1, 2]
    core = [number - 1 for number in conflict]
    assert len(brute_force(2, 2, indices(game.without_guesses(core)), repeats=True)) == 0
    for drop in core:
        rest = [i for i in core if i != drop]
        assert len(brute_force(2, 2, indices(game.without_guesses(rest)), repeats=True)) > 0
    status, out, _ = run("solve", path)
    assert status == 1
    assert "these 2 guesses conflict: guess 1 (line 3) red red scored 2 black" in out
    status, out, _ = run("solve", path, "--explain")  # said once, not as both
    assert status == 1 and out.count("these 2 guesses conflict") == 1


# -- command line ----------------------------------------------------------------------


def test_list_count_json_and_quick_games(run) -> None:
    status, out, _ = run("mastermind", SEED, "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["count"] == 2 and data["complete"] is True
    assert ["yellow", "none", "green", "yellow", "orange", "blue"] in data["solutions"]
    status, out, _ = run("mastermind", CLASSIC, "--count")
    assert out.startswith("1,296 consistent codes (search complete)")
    status, out, _ = run("mastermind", CLASSIC, "--limit", "3")
    assert len(out.splitlines()) == 5
    colours = "red,blue,green,yellow,black,white"
    status, out, _ = run(
        "mastermind",
        "--pegs",
        "4",
        "--colors",
        colours,
        "--guess",
        "red,red,blue,blue:1,2",
        "--format",
        "json",
        "--all",
    )
    expected = brute_force(4, 6, [((0, 0, 1, 1), 1, 2)])
    data = json.loads(out)
    assert data["count"] == len(expected) == len(data["solutions"])


def test_is_consistent_and_score(run) -> None:
    status, out, _ = run(
        "mastermind", SEED, "--is-consistent", "yellow,none,green,yellow,orange,blue"
    )
    assert status == 0 and out.startswith("yes:")
    status, out, _ = run("mastermind", SEED, "--is-consistent", "red red red red red red")
    assert status == 1 and out.startswith("no:")
    assert (
        "guess 1 (line 10): red red blue blue green green was scored 0 black, 2 white; "
        "against red red red red red red it would score 2 black, 0 white" in out
    )
    status, out, _ = run("mastermind", "--score", "red,red,blue,blue", "blue,red,green,blue")
    assert (status, out) == (0, "2 black, 1 white\n")


def test_csp_backend_agrees(run) -> None:
    status, out, _ = run("mastermind", SEED, "--backend", "csp", "--format", "json")
    _, expected, _ = run("mastermind", SEED, "--format", "json")
    found, expected = json.loads(out), json.loads(expected)
    assert status == 0 and found["backend"] == "csp" and expected["backend"] == "clingo"
    for key in ("status", "count", "complete", "unique", "solutions"):
        assert found[key] == expected[key], key


def test_suggest_cli_on_the_classic_game(run) -> None:
    status, out, _ = run("mastermind", CLASSIC, "--suggest", "--top", "3")
    assert status == 0
    assert "minimax  red red blue blue  [worst case 256 codes" in out
    assert "scored all 15 possible guesses" in out


def _play(*args: str, text: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lpsolve", "mastermind", "play", *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_play_assistant_reprompts_on_bad_lines_and_ends_at_eof() -> None:
    done = _play(text="red red blue blue : 1 2\nred red : 1 2\nundo\nred blue green yellow : 4 0\n")
    assert done.returncode == 0, done.stderr
    assert "36 consistent codes" in done.stdout
    assert "error: 2 colours given, a code has 4 pegs" in done.stdout
    assert done.stdout.rstrip().endswith("solved in 1 guess")
    quit_early = _play(str(SEED), text="")
    assert quit_early.returncode == 0 and "2 consistent codes" in quit_early.stdout


def test_play_codemaker_scores_guesses() -> None:
    done = _play("--codemaker", "--seed", "5", text="red red blue blue\nnonsense\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    secret = tuple(lines[-1].split(": ")[1].split())
    assert f"{feedback_by_striking(('red', 'red', 'blue', 'blue'), secret)[0]} black" in lines[1]
    assert "unknown colour 'nonsense'" in done.stdout


def test_play_is_a_subcommand_with_its_own_help_and_options() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "lpsolve", "mastermind", "play", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert shown.returncode == 0 and shown.stdout.startswith("usage: lpsolve mastermind play")
    assert "--codemaker" in shown.stdout and "--suggest" not in shown.stdout
    # a query's option is no option of play's: one line, pointing to play's own help
    refused = _play("--count", text="")
    assert refused.returncode == 2
    assert refused.stderr == (
        "lpsolve mastermind play: error: unrecognized arguments: --count "
        "(see lpsolve mastermind play --help)\n"
    )
    queries = subprocess.run(
        [sys.executable, "-m", "lpsolve", "mastermind", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert "lpsolve mastermind play --help" in queries.stdout
    assert "\n  --codemaker" not in queries.stdout  # (not among the queries' options)


def test_a_game_file_named_play_is_written_with_its_folder(tmp_path, run, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "play").write_text(CLASSIC.read_text())
    status, out, _ = run("mastermind", "./play", "--count")
    assert status == 0 and out.startswith("1,296 consistent codes")


# -- bad input ---------------------------------------------------------------------------

HEAD = "pegs: 4\ncolours: red blue green yellow\n"
BAD = [
    ("colour", HEAD + "red red blue pink : 1 0\n", ":3:14: unknown colour 'pink'"),
    ("pegs", HEAD + "red red blue : 1 0\n", ":3:13: 3 colours given, a code has 4 pegs"),
    ("sum", HEAD + "red red blue blue : 3 2\n", ":3:21: black + white = 5 is more than the 4"),
    ("negative", HEAD + "red red blue blue : 1 -1\n", ":3:23: feedback counts cannot be negative"),
    ("impossible", HEAD + "red red blue blue : 3 1\n", ":3:21: 3 black and 1 white is impossible"),
    ("duplicate", "pegs: 4\ncolours: red blue Red\n", ":2:19: colour 'Red' is named twice"),
    ("not-a-word", "pegs: 2\ncolours: red a).#show.\n", ":2:14: colour name 'a).#show.' is not a"),
    ("no-colon", HEAD + "red red blue blue 1 0\n", ":3:1: expected a guess: colours, ':'"),
    ("counts", HEAD + "red red blue blue : 1\n", ":3:22: expected two counts after ':'"),
    ("count-word", HEAD + "red red blue blue : one 0\n", ":3:21: count 'one' is not a whole"),
    ("header", "pegs: 4\ncolurs: red\n", ":2:1: unknown header 'colurs'"),
    ("missing", "pegs: 4\n", ":1:1: missing header 'colours:'"),
    ("bad-pegs", "pegs: four\ncolours: red\n", ":1:7: pegs 'four': expected a positive"),
    ("supply", "pegs: 3\ncolours: a b\nrepeats: no\n", ":3:10: without repeated colours a 3-peg"),
]


@pytest.mark.parametrize(("name", "content", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_game_file(tmp_path, run, name: str, content: str, expected: str) -> None:
    path = tmp_path / f"{name}.mastermind"
    path.write_text(content)
    for command in (("mastermind",), ("solve",)):
        status, out, err = run(*command, path)
        assert status == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"error: {path}") and expected in err, err


def test_bad_quick_guess_is_a_one_line_error(run) -> None:
    status, _, err = run(
        "mastermind", "--pegs", "2", "--colors", "red,blue", "--guess", "red,pink:0,0"
    )
    assert (
        status == 2
        and err == "error: --guess red,pink:0,0: unknown colour 'pink'; the colours are red, blue\n"
    )


def test_colour_names_never_become_asp_syntax() -> None:
    """A name that would be an ASP program if pasted in: through the library API it is
    accepted and stays a string symbol."""
    evil = 'a). #show. b("x'
    game = MastermindGame(2, (evil, "blue"), (Guess((evil, evil), 1, 0),))
    text = game.facts_text()
    assert 'colour("a). #show. b(\\"x").' in text
    result = lpsolve.solve(game, None)
    assert result.complete and {s.colours for s in result.solutions} == {
        (evil, "blue"),
        ("blue", evil),
    }
    assert codebreaker.count_codes(game).count == 2


@pytest.mark.parametrize("black_only", [False, True])
@pytest.mark.parametrize(("pegs", "colours"), [(4, 3), (6, 4)])  # 81 and 4,096 secrets
def test_partition_sizes_match_plain_scoring(pegs, colours, black_only) -> None:
    """The vectorised scorer (one way for few secrets, another for many) counts what
    scoring every pair by hand counts."""
    rng = np.random.default_rng(7)
    secrets = np.array(list(itertools.product(range(colours), repeat=pegs)), dtype=np.uint8)
    candidates = rng.integers(0, colours, (6, pegs), dtype=np.uint8)
    sizes = codebreaker.score_candidates(candidates, secrets, colours, black_only)
    for row, candidate in zip(sizes, candidates, strict=True):
        expected = Counter()
        for secret in secrets:
            black, white = score(tuple(candidate), tuple(secret))
            expected[black if black_only else black * (pegs + 1) + black + white] += 1
        assert {k: int(v) for k, v in enumerate(row) if v} == dict(expected)


@pytest.mark.parametrize("black_only", [False, True])
@pytest.mark.parametrize(
    ("seed", "repeats", "pegs", "colours"),
    [(0, True, 5, 7), (1, True, 6, 8), (2, False, 5, 7), (3, False, 6, 9)],
)
def test_scoring_one_secret_per_family_of_spare_swaps_counts_every_secret(
    seed, repeats, pegs, colours, black_only
) -> None:
    """Scored against one secret per family of swapped spare colours, weighted by the
    family's size, every candidate (canonical or not) gets the sizes that scoring all
    the secrets gives (families both below and above ``_MANY_SECRETS``)."""
    rng = random.Random(seed)
    game = random_game(rng, pegs, colours, 1, repeats)
    secrets = codebreaker.consistent_codes(game)
    where = {c: i for i, c in enumerate(game.colours)}
    spares = [where[c] for c in game.spare_colours()]
    assert len(spares) >= 2
    draw = np.random.default_rng(seed).integers(0, colours, (40, pegs), dtype=np.uint8)
    plain = codebreaker.score_candidates(draw, secrets, colours, black_only)
    families = codebreaker.score_candidates(draw, secrets, colours, black_only, spares)
    assert np.array_equal(plain, families)


@pytest.mark.parametrize(
    ("pegs", "colours", "guesses", "repeats"),
    [(4, 6, 1, True), (5, 8, 2, True), (4, 7, 1, False), (3, 5, 0, True)],
)
def test_pool_counts_and_picks_by_rank_what_it_lists(pegs, colours, guesses, repeats) -> None:
    """The candidate guesses: every code whose spare colours first appear in declared
    order, counted and picked by rank without listing them."""
    game = random_game(random.Random(pegs * colours), pegs, colours, guesses, repeats)
    spares = [i for i, c in enumerate(game.colours) if c in game.spare_colours()]
    expected = []
    for code in itertools.product(range(colours), repeat=pegs):
        if not repeats and len(set(code)) < pegs:
            continue
        seen = [k for k in dict.fromkeys(code) if k in spares]
        if seen == spares[: len(seen)]:
            expected.append(code)
    pool = codebreaker._Pool(game)
    listed = pool.codes()
    assert listed.tolist() == [list(code) for code in expected]
    assert pool.size() == len(listed)
    ranks = [0, len(listed) - 1, *random.Random(1).sample(range(len(listed)), min(20, len(listed)))]
    assert np.array_equal(pool.at(ranks), listed[ranks])


# -- stops keep what was found -------------------------------------------------------------

#: 10 pegs, 12 colours, 3 guesses: counting its codes takes clingo well over 20 s
SLOW_COUNT = """pegs: 10
colours: c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11
c3 c1 c7 c0 c6 c6 c9 c0 c11 c7 : 0 5
c4 c11 c3 c9 c1 c5 c0 c0 c0 c10 : 1 3
c8 c0 c6 c10 c3 c6 c11 c0 c8 c3 : 0 2
"""


def _interrupted(tmp_path, text: str, *options: str, after: float) -> tuple[int, str, str]:
    """Ctrl-C (SIGINT) ``after`` seconds into ``lpsolve mastermind GAME OPTIONS``."""
    game = tmp_path / "game.mastermind"
    game.write_text(text)
    process = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", "mastermind", str(game), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    time.sleep(after)
    out, err = interrupt(process)
    return process.returncode, out, err


def test_ctrl_c_on_count_prints_at_least_the_codes_counted(tmp_path) -> None:
    status, out, err = _interrupted(tmp_path, SLOW_COUNT, "--count", after=2.5)
    assert (status, err) == (3, "")
    counted = re.fullmatch(
        r"([\d,]+) consistent codes \(stopped by interrupt, at least\) \(.*\)\n", out
    )
    assert counted is not None, out
    assert int(counted.group(1).replace(",", "")) > 0


def test_ctrl_c_on_a_listing_prints_the_exact_count_and_the_codes_found(tmp_path) -> None:
    """6 pegs, 9 colours, no guess: every one of the 9^6 codes fits."""
    status, out, err = _interrupted(
        tmp_path, "pegs: 6\ncolours: a b c d e f g h i\n", "--all", "--format", "json", after=2.5
    )
    data = json.loads(out)
    assert (status, err, data["count"], data["stopped_by"]) == (3, "", 9**6, "interrupt")
    assert data["complete"] is False
    listed = [tuple(code) for code in data["solutions"]]
    assert len(set(listed)) == len(listed) and all(len(code) == 6 for code in listed)
    assert listed == sorted(listed)  # in colour order, which is a..i here
