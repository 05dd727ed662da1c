"""The peers the benchmarks measure lpsolve against, checked as lpsolve's own answers
are: the Mastermind count by states against a brute force over every code, the Hidato
CP-SAT models against a brute force over every path (CP-SAT is a benchmark-only
dependency: those tests need ``pip install ortools``), and the benchmark's CPU limit."""

from __future__ import annotations

import itertools
import random
import signal

import pytest

from lpsolve.generate import random_puzzle
from lpsolve.kinds.hidato import HidatoPuzzle, build
from lpsolve.kinds.mastermind import BLACK_ONLY, CLASSIC, Guess, MastermindGame, score

from .conftest import load_benchmark, paths

mastermind = load_benchmark("mastermind")
scale = load_benchmark("hidato_scale")


def every_code_count(game: MastermindGame) -> int:
    """Brute force in plain Python: every code, scored against every guess (blacks
    alone in a black-only game)."""

    def agrees(guess: Guess, code: tuple[str, ...]) -> bool:
        black, white = score(guess.code, code)
        return black == guess.black and (guess.white is None or white == guess.white)

    codes = itertools.product(game.colours, repeat=game.pegs)
    return sum(all(agrees(g, code) for g in game.guesses) for code in codes)


def random_game(seed: int, feedback: str) -> MastermindGame:
    """Guesses scored against a random secret, or (one game in three) each against a
    secret of its own: feedback no code may match."""
    rng = random.Random(seed)
    pegs, colours = rng.randint(1, 5), tuple(f"c{i}" for i in range(rng.randint(1, 6)))
    secret = [rng.choice(colours) for _ in range(pegs)]
    guesses = []
    for _ in range(rng.randint(0, 5)):
        code = tuple(rng.choice(colours) for _ in range(pegs))
        if seed % 3 == 0:
            secret = [rng.choice(colours) for _ in range(pegs)]
        black, white = score(code, secret)
        guesses.append(Guess(code, black, white if feedback == CLASSIC else None))
    return MastermindGame(pegs, colours, tuple(guesses), feedback=feedback)


@pytest.mark.parametrize("feedback", [CLASSIC, BLACK_ONLY])
def test_mastermind_count_by_states_matches_every_code_scored(feedback: str) -> None:
    for seed in range(60):
        game = random_game(seed, feedback)
        assert mastermind.state_count(game) == every_code_count(game), (seed, game.guesses)


def test_mastermind_count_by_states_matches_the_numpy_brute_force_on_big_games() -> None:
    for guesses in (1, 3, 6):
        game = mastermind.random_game(6, 8, guesses, seed=guesses)
        assert mastermind.state_count(game) == mastermind.numpy_count(game)


def solutions_by_brute_force(puzzle: HidatoPuzzle) -> set[tuple]:
    """Every path through the board's cells (small boards: 3x3 king has 784), kept if
    it passes the givens."""
    moves = set(puzzle.offsets)
    return {
        path
        for path in paths(puzzle.cells, moves)
        if all(path[n - 1] == cell for cell, n in puzzle.givens.items())
    }


def small_boards() -> list[HidatoPuzzle]:
    boards = []
    for seed, (side, adjacency, shown) in enumerate(
        [(3, "king", 0.0), (3, "king", 0.3), (4, "orthogonal", 0.2), (3, "hex", 0.2)] * 2
    ):
        puzzle, _ = random_puzzle(side, side, adjacency, shown, seed)
        boards.append(puzzle)
    # givens no path joins: 1 and 2 on cells that do not touch
    cells = tuple((x, y) for y in range(3) for x in range(3))
    boards.append(build(cells, {(0, 0): 1, (2, 2): 2}, "king"))
    return boards


@pytest.mark.parametrize("model", ["paths", "circuit"])
def test_cpsat_models_find_every_solution_and_no_other(model: str) -> None:
    pytest.importorskip("ortools", reason="the CP-SAT peer needs pip install ortools")
    for puzzle in small_boards():
        expected = solutions_by_brute_force(puzzle)
        report = scale.cpsat_solve(puzzle, len(expected) + 1, model)
        assert report["complete"] and report["found"] == len(expected), puzzle.givens
        assert set(report["paths"]) == expected


def test_a_benchmark_run_is_ended_by_its_cpu_limit(tmp_path) -> None:
    puzzle, _ = random_puzzle(30, 30, "king", 0.25, 1)  # not solved in 1 s
    board = tmp_path / "board.json"
    board.write_text(scale.board_json(puzzle))
    report = scale.run_engine("lpsolve", board, 1, 1.0)
    assert report["found"] == 0
    assert -report["exit"] in (signal.SIGXCPU, signal.SIGKILL)
    assert report["cpu"] < 10  # its CPU time, start-up and reading the board included
