"""Mastermind variants: black-only feedback (Project Euler's "Number Mind"), digit and
other one-character colours written as compact codes, Bulls and Cows as a preset.
Truth comes from the numpy brute force of ``test_mastermind`` (black-only mode: the
blacks alone are compared) and from the published Number Mind example."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import numpy as np
import pytest

import lpsolve
from lpsolve import api, codebreaker
from lpsolve.errors import PuzzleError
from lpsolve.kinds.mastermind import Guess, MastermindGame, parse

from .conftest import INSTANCES
from .test_mastermind import _play, brute_force, restricted_matches_full

NUMBER_MIND = INSTANCES / "mastermind" / "number-mind-euler185-example.mastermind"
BULLS_AND_COWS = INSTANCES / "mastermind" / "bulls-and-cows.mastermind"
DIGITS = tuple("0123456789")


def blacks(guess, secret) -> int:
    """Independent of lpsolve: positions where both agree."""
    return sum(g == s for g, s in zip(guess, secret, strict=True))


def black_game(pegs: int, names, guesses, repeats: bool = True) -> MastermindGame:
    """A black-only game from [(colour indices, black)]."""
    made = tuple(Guess(tuple(names[k] for k in g), b) for g, b in guesses)
    return MastermindGame(pegs, tuple(names), made, repeats, feedback="black")


def indices(game: MastermindGame) -> list:
    where = {c: i for i, c in enumerate(game.colours)}
    return [(tuple(where[c] for c in g.code), g.black, g.white) for g in game.guesses]


def expected_codes(game: MastermindGame) -> np.ndarray:
    return brute_force(
        game.pegs, len(game.colours), indices(game), game.repeats, black_only=game.black_only
    )


def random_black_game(seed: int, pegs: int, colours: int, repeats: bool) -> MastermindGame:
    rng = random.Random(seed)
    if repeats:
        secret = [rng.randrange(colours) for _ in range(pegs)]
    else:
        secret = rng.sample(range(colours), pegs)
    played = []
    for _ in range(rng.randint(2, 4)):
        guess = tuple(rng.randrange(colours) for _ in range(pegs))
        played.append((guess, blacks(guess, secret)))
    return black_game(pegs, [f"c{i}" for i in range(colours)], played, repeats)


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    return path


# -- black-only games against the brute force ---------------------------------------------


@pytest.mark.parametrize(
    ("pegs", "colours", "repeats"), [(4, 6, True), (4, 6, False), (5, 5, True)]
)
@pytest.mark.parametrize("seed", range(3))
def test_random_black_only_counts_match_brute_force_on_both_backends(
    pegs: int, colours: int, repeats: bool, seed: int
) -> None:
    game = random_black_game(seed * 10 + pegs, pegs, colours, repeats)
    for played in range(len(game.guesses) + 1):
        prefix = game.without_guesses(range(played))
        expected = expected_codes(prefix)
        assert codebreaker.count_codes(prefix).count == len(expected), played
        assert np.array_equal(codebreaker.consistent_codes(prefix), expected.astype(np.uint8))
        if played:  # the csp backend enumerates: only once a guess has cut the space
            counted = api.count(prefix, backend="csp")
            assert (counted.count, counted.complete) == (len(expected), True), played
    listed = lpsolve.solve(game, None)
    want = {tuple(game.colours[k] for k in row) for row in expected_codes(game)}
    assert listed.complete and {s.colours for s in listed.solutions} == want


def test_black_only_ignores_whites_where_the_classic_game_would_not() -> None:
    # red blue against blue red: 0 black, 2 white. Black-only, "0" allows blue red.
    names = ["red", "blue"]
    classic = MastermindGame(2, tuple(names), (Guess(("red", "blue"), 0, 0),))
    black = black_game(2, names, [((0, 1), 0)])
    assert lpsolve.count(classic).count == 0
    assert {s.colours for s in lpsolve.solve(black, None).solutions} == {("blue", "red")}
    assert black.violations(lpsolve.solve(black, None).solutions[0]) == []


def test_number_mind_example_is_unique_39542() -> None:
    game = lpsolve.load(NUMBER_MIND)
    assert game.black_only and game.colours == DIGITS and game.pegs == 5
    assert [("".join(g.code), g.black, g.white) for g in game.guesses] == [
        ("90342", 2, None),
        ("70794", 0, None),
        ("39458", 2, None),
        ("34109", 1, None),
        ("51545", 2, None),
        ("12531", 1, None),
    ]
    for backend in ("clingo", "csp"):
        result = lpsolve.solve(game, None, backend=backend)
        assert result.complete and result.unique, backend  # published: unique
        assert result.solutions[0].colours == tuple("39542"), backend
    assert [tuple(row) for row in expected_codes(game)] == [(3, 9, 5, 4, 2)]
    for played in range(len(game.guesses)):
        prefix = game.without_guesses(range(played))
        assert codebreaker.count_codes(prefix).count == len(expected_codes(prefix))


def test_bulls_and_cows_preset_has_the_three_codes_its_comment_names(run) -> None:
    game = lpsolve.load(BULLS_AND_COWS)
    assert (game.pegs, game.colours, game.repeats, game.black_only) == (4, DIGITS, False, False)
    expected = expected_codes(game)
    assert len(expected) == 3 and "leaves\n# 3 consistent codes" in BULLS_AND_COWS.read_text()
    names = ["".join(DIGITS[k] for k in row) for row in expected]
    assert names == ["4218", "4271", "4273"]
    for backend in ("clingo", "csp"):
        status, out, _ = run("mastermind", BULLS_AND_COWS, "--backend", backend)
        assert status == 0 and out.splitlines()[1:] == names, backend
    status, out, _ = run("mastermind", BULLS_AND_COWS, "--format", "json")
    assert json.loads(out)["solutions"] == [list(name) for name in names]


# -- digit colours and compact codes --------------------------------------------------------

SPELLINGS = [
    "90342 : 2\n70794 : 0\n",
    "9 0 3 4 2 : 2\n7 0 7 9 4 : 0\n",
    "9,0,3,4,2 : 2\n7, 0, 7, 9, 4 : 0\n",
    "90 342 : 2\n7079 4 : 0\n",
]


@pytest.mark.parametrize("guesses", SPELLINGS)
def test_compact_and_spaced_codes_parse_the_same(guesses: str) -> None:
    head = "pegs: 5\ncolours: 0 1 2 3 4 5 6 7 8 9\nfeedback: black\n"
    game = parse(head + guesses, "x.mastermind")
    assert game == parse(head + SPELLINGS[0], "x.mastermind")
    assert game.guesses[0] == Guess(tuple("90342"), 2)


def test_letter_colours_compact_codes_match_case_insensitively_and_stay_guesses() -> None:
    head = "pegs: 4\ncolours: A B C D E F\n"
    # "abba : 1 2" looks like a header line; it is a guess in this game's colours
    compact = parse(head + "abba : 1 2\nFEDC : 0 1\n", "x.mastermind")
    spaced = parse(head + "A B B A : 1 2\nF E D C : 0 1\n", "x.mastermind")
    assert compact == spaced and compact.guesses[0].code == ("A", "B", "B", "A")
    where = {c: i for i, c in enumerate(compact.colours)}
    want = brute_force(
        4, 6, [(tuple(where[c] for c in g.code), g.black, g.white) for g in spaced.guesses]
    )
    assert codebreaker.count_codes(compact).count == len(want)


def test_one_character_names_may_be_any_non_separator() -> None:
    game = parse('pegs: 3\ncolours: ( ) . "\n()" : 1 0\n', "x.mastermind")
    assert game.colours == ("(", ")", ".", '"') and game.guesses[0].code == ("(", ")", '"')
    # still only string symbols for clingo
    assert 'colour("\\"").' in game.facts_text()
    result = lpsolve.solve(game, None)
    want = brute_force(3, 4, [((0, 1, 3), 1, 0)])
    assert result.complete and result.count == len(want)


def test_text_output_is_compact_for_one_character_colours_json_keeps_lists(run) -> None:
    status, out, _ = run("mastermind", NUMBER_MIND)
    assert (status, out.splitlines()[1:]) == (0, ["39542"])
    status, out, _ = run("solve", NUMBER_MIND)
    assert out.startswith("39542\n")
    status, out, _ = run("mastermind", NUMBER_MIND, "--format", "json")
    data = json.loads(out)
    assert (data["count"], data["complete"], data["unique"]) == (1, True, True)
    assert data["solutions"] == [["3", "9", "5", "4", "2"]]
    # colours of several characters keep the spaced columns
    status, out, _ = run("mastermind", INSTANCES / "mastermind" / "seed-6x9.mastermind")
    assert "yellow none   green yellow orange blue\n" in out


def test_quick_game_with_digit_colours_and_black_feedback(run) -> None:
    guesses = ["90342:2", "70794:0", "3,9,4,5,8:2", "34109:1", "51545:2", "12531:1"]
    args = ["--pegs", "5", "--colors", ",".join(DIGITS), "--feedback", "black"]
    status, out, _ = run("mastermind", *args, *itertools.chain(*(("--guess", g) for g in guesses)))
    assert (status, out.splitlines()[1:]) == (0, ["39542"])
    status, _, err = run("mastermind", NUMBER_MIND, "--feedback", "black")
    assert status == 2 and "--feedback describe a game without a file" in err


# -- queries in black-only games --------------------------------------------------------------


def test_is_consistent_and_score_in_a_black_only_game(run) -> None:
    status, out, _ = run("mastermind", NUMBER_MIND, "--is-consistent", "39542")
    assert (status, out) == (0, "yes: 39542 fits all 6 guesses\n")
    status, out, _ = run("mastermind", NUMBER_MIND, "--is-consistent", "3 9 5 4 3")
    assert status == 1 and out.startswith("no: 39543 is ruled out by 1 guess\n")
    assert (
        "guess 1 (line 10): 90342 was scored 2 black; against 39543 it would score 1 black" in out
    )
    status, out, _ = run("mastermind", NUMBER_MIND, "--score", "90342", "39542")
    assert (status, out) == (0, "2 black\n")
    status, out, _ = run("mastermind", "--score", "a,b", "b,a", "--feedback", "black")
    assert (status, out) == (0, "0 black\n")


def test_contradictory_black_only_game_names_a_minimal_set(tmp_path, run) -> None:
    text = "pegs: 3\ncolours: 0 1 2\nfeedback: black\n000 : 3\n012 : 1\n222 : 1\n"
    path = write(tmp_path, "bad.mastermind", text)
    game = lpsolve.load(path)
    assert len(expected_codes(game)) == 0
    core = codebreaker.conflicting_guesses(game)
    assert core == [0, 2]  # 000 scores 3 only against 000, which 222 scores 0
    assert len(expected_codes(game.without_guesses(core))) == 0
    for drop in core:
        assert len(expected_codes(game.without_guesses([i for i in core if i != drop]))) > 0
    status, out, _ = run("mastermind", path)
    assert status == 1 and "no consistent code" in out
    assert "guess 1, line 4: 000 -> 3 black" in out and "guess 3, line 6: 222 -> 1 black" in out
    assert "guess 2," not in out


@pytest.mark.parametrize("seed", range(3))
def test_restricted_suggestions_match_the_full_scoring_in_black_only_mode(seed: int) -> None:
    game = random_black_game(seed, 4, 6, True)
    for played in range(len(game.guesses) + 1):
        prefix = game.without_guesses(range(played))
        secrets = expected_codes(prefix)
        if len(secrets):
            restricted_matches_full(prefix, secrets)


def test_suggest_in_black_only_mode_partitions_by_black_count(tmp_path, run) -> None:
    game = random_black_game(11, 4, 6, True)
    found = codebreaker.suggest(game, keep=5)
    secrets = [tuple(game.colours[k] for k in row) for row in expected_codes(game)]
    assert found.remaining == len(secrets) and not found.sampled
    for candidate in found.ranked["minimax"] + found.ranked["entropy"]:
        parts = Counter(blacks(candidate.code, s) for s in secrets)
        assert candidate.worst == max(parts.values())
        assert candidate.parts == len(parts) <= game.pegs + 1
        assert candidate.consistent == (candidate.code in secrets)
        assert candidate.expected == pytest.approx(
            sum(n * n for n in parts.values()) / len(secrets)
        )
    best = min(
        max(Counter(blacks(g, s) for s in secrets).values())
        for g in itertools.product(game.colours, repeat=4)
    )
    assert found.best("minimax").worst == best
    # The command reports the same worst case.
    lines = [f"pegs: {game.pegs}", f"colours: {' '.join(game.colours)}", "feedback: black"]
    lines += [f"{' '.join(g.code)} : {g.black}" for g in game.guesses]
    path = write(tmp_path, "game.mastermind", "\n".join(lines) + "\n")
    status, out, _ = run("mastermind", path, "--suggest", "--top", "2")
    assert status == 0 and f"[worst case {best:,} codes;" in out


# -- play ------------------------------------------------------------------------------------


def test_play_assistant_in_black_only_mode() -> None:
    game = lpsolve.load(NUMBER_MIND)
    lines = [f"{''.join(g.code)} : {g.black}" for g in game.guesses[:-1]]
    typed = [lines[0], "70794 : 0 1", *lines[1:], "39542 : 5"]
    done = _play(
        "--pegs", "5", "--colors", ",".join(DIGITS), "--feedback", "black", text="\n".join(typed)
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "black feedback only" in out and "e.g. '00112 : 1'" in out
    assert "error: expected one count after ':' (this game's feedback is black only), got 2" in out
    assert "100,000 consistent codes" in out
    five = game.without_guesses(range(5))
    assert f"{len(expected_codes(five)):,} consistent codes" in out
    assert out.rstrip().endswith("solved in 6 guesses")


def test_play_codemaker_answers_blacks_only() -> None:
    done = _play(str(NUMBER_MIND), "--codemaker", text="12345\n1 2 3 4 5 6\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "I answer with the black count alone" in lines[0]
    assert lines[-1] == "the secret was: 39542"  # the only code that fits the game
    assert lines[1].endswith(f"{blacks('12345', '39542')} black")
    assert "white" not in "\n".join(lines[1:])
    assert "more than 5 colours given" in done.stdout


# -- the library and the encoding ---------------------------------------------------------------


def test_facts_switch_the_white_test_off_and_names_stay_strings() -> None:
    game = lpsolve.load(NUMBER_MIND)
    text = game.facts_text()
    assert "black_only.\n" in text and "feedback(1,2,unknown).\n" in text
    assert 'guess(1,0,"9").' in text
    classic = lpsolve.load(BULLS_AND_COWS)
    assert "black_only" not in classic.facts_text()


def test_library_games_must_agree_with_their_feedback_kind() -> None:
    with pytest.raises(PuzzleError, match="guess 1 has a white count, but this game's feedback"):
        MastermindGame(2, ("a", "b"), (Guess(("a", "b"), 1, 0),), feedback="black")
    with pytest.raises(PuzzleError, match="guess 1 has no white count, but this game's"):
        MastermindGame(2, ("a", "b"), (Guess(("a", "b"), 1),))
    with pytest.raises(PuzzleError, match="feedback 'bulls'"):
        MastermindGame(2, ("a", "b"), feedback="bulls")
    with pytest.raises(PuzzleError, match="black = 3 is more than the 2 pegs"):
        MastermindGame(2, ("a", "b"), (Guess(("a", "b"), 3),), feedback="black")
    game = black_game(2, ["a", "b"], [((0, 1), 1)])
    assert "black feedback only" in game.svg() and "black feedback only" in game.render()


# -- bad input ------------------------------------------------------------------------------------

BLACK = "pegs: 5\ncolours: 0 1 2 3 4 5 6 7 8 9\nfeedback: black\n"
CLASSIC = "pegs: 4\ncolours: A B C D\n"
BAD = [
    (
        "second-count",
        BLACK + "90342 : 2 1\n",
        ":4:11: expected one count after ':' (this game's feedback is black only), got 2",
    ),
    (
        "no-count",
        BLACK + "90342 :\n",
        ":4:8: expected one count after ':' (the black count), got 0",
    ),
    ("too-many-blacks", BLACK + "90342 : 6\n", ":4:9: black = 6 is more than the 5 pegs"),
    ("negative-black", BLACK + "90342 : -1\n", ":4:9: feedback counts cannot be negative"),
    ("black-word", BLACK + "90342 : two\n", ":4:9: count 'two' is not a whole number"),
    (
        "black-no-colon",
        BLACK + "90342 2\n",
        ":4:1: expected a guess: colours, ':', then the black count (e.g. '0 1 2 3 : 1')",
    ),
    (
        "one-count-classic",
        CLASSIC + "ABBA : 2\n",
        ":3:9: expected two counts after ':' (black and white), got 1; a game with black "
        "counts only needs the header 'feedback: black'",
    ),
    (
        "feedback-value",
        CLASSIC + "feedback: bulls\n",
        ":3:11: feedback 'bulls': expected black-white (black and white counts, the default) "
        "or black (black counts only)",
    ),
    ("feedback-twice", BLACK + "feedback: black\n", ":4:1: header 'feedback' given twice"),
    (
        "feedback-late",
        CLASSIC + "ABBA : 1 1\nfeedback: black\n",
        ":4:1: header 'feedback' after a guess: headers come first",
    ),
    (
        "misspelt-header",
        CLASSIC + "ABBA : 1 1\nfeedbak: black\n",
        ":4:1: unknown header 'feedbak'; expected pegs, colours, repeats or feedback",
    ),
    ("compact-unknown", CLASSIC + "ABCE : 1 1\n", ":3:4: unknown colour 'E' in 'ABCE'"),
    ("compact-short", BLACK + "9034 : 1\n", ":4:5: 4 colours given, a code has 5 pegs"),
    ("compact-long", BLACK + "903421 : 1\n", ":4:6: more than 5 colours given, a code has 5"),
    (
        "colon-name",
        "pegs: 2\ncolours: 0 1 :\n",
        ":2:14: colour name ':' is not a plain word (a letter, then letters, digits, '_' or '-') "
        "or a single character other than ':', ',' and '#'",
    ),
    ("hash-name", "pegs: 2\ncolours: 0 # 1\n", ":2:12: colour name '#' is not a plain word"),
    ("two-digits", "pegs: 2\ncolours: 0 12\n", ":2:12: colour name '12' is not a plain word"),
    ("control", "pegs: 2\ncolours: 0 \x01\n", ":2:12: colour name '\\x01' is not a plain word"),
    (
        "case-twice",
        "pegs: 2\ncolours: a b A\n",
        ":2:14: colour 'A' is named twice (first at col 10)",
    ),
]


@pytest.mark.parametrize(("name", "content", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_variant_file(tmp_path, run, name: str, content: str, expected: str) -> None:
    path = write(tmp_path, f"{name}.mastermind", content)
    for command in (("mastermind",), ("solve",)):
        status, out, err = run(*command, path)
        assert status == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"error: {path}{expected}"), err


def test_bad_quick_black_guess_is_a_one_line_error(run) -> None:
    args = ["--pegs", "2", "--colors", "0,1", "--feedback", "black"]
    status, _, err = run("mastermind", *args, "--guess", "01:1,1")
    assert status == 2 and err == (
        "error: --guess 01:1,1: expected one count after ':' (this game's feedback is black "
        "only), got 2\n"
    )


def test_a_compact_code_of_a_million_pegs_is_refused_at_the_first_extra_one(tmp_path, run) -> None:
    path = write(tmp_path, "wide.mastermind", "pegs: 2\ncolours: 0 1\n" + "0" * 10**6 + " : 0 0\n")
    status, _, err = run("mastermind", path)
    assert (
        status == 2 and err == f"error: {path}:3:3: more than 2 colours given, a code has 2 pegs\n"
    )
