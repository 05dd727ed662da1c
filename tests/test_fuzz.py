"""Fuzzing every input format: mutated bundled instances either load or are refused
with lpsolve's own error (``LpsolveError``), and small ones that load are solved with
a time limit, every solution passing the rule checker. No other exception may escape.

The mutations are those of ``benchmarks/fuzz.py`` (huge, negative and 32-bit-edge
numbers, long digit runs, digits of other scripts, deep brackets, unicode, NUL, a byte
order mark, deleted, inserted, replaced, swapped and repeated characters and lines, JSON
keys dropped and values of the wrong type, truncation), on every format (the janko
layout and JSON among them), driven by hypothesis' random source with a fixed seed, plus
text hypothesis makes up itself. Every refusal names its line and column.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lpsolve import api
from lpsolve.errors import LpsolveError, PuzzleError

from .conftest import load_benchmark

fuzz = load_benchmark("fuzz")
SEEDS = fuzz.seeds()

#: puzzles this small are solved too (each backend within TIMEOUT seconds)
TIMEOUT = 2.0


def small_enough(puzzle, backend: str) -> bool:
    """Small enough to solve quickly in a test: a few dozen cells, a short game."""
    kind = puzzle.kind
    if kind == "hidato":
        return len(puzzle.cells) <= (40 if backend == "clingo" else 20)
    if kind == "magic":
        return puzzle.size <= (5 if backend == "clingo" else 3)
    if kind == "takuzu":
        return puzzle.height * puzzle.width <= (100 if backend == "clingo" else 36)
    if kind == "mastermind":
        return puzzle.pegs <= 6 and len(puzzle.colours) <= 9 and len(puzzle.guesses) <= 12
    if kind == "tiling":
        return len(puzzle.board) <= (64 if backend == "clingo" else 16)
    return False


@st.composite
def mutated(draw: st.DrawFn, name: str, mutations: list | None = None) -> str:
    _, texts = SEEDS[name]
    rng = draw(st.randoms(use_true_random=False))
    text = fuzz.mutate(rng.choice(texts), rng, mutations)
    if draw(st.booleans()):  # and some text of hypothesis' own making
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=8)) + text[at:]
    return text


def load_or_refuse_at_a_place(path):
    """The puzzle in ``path``, or None if lpsolve refuses it with an error that names
    its line and column (any other exception fails the test)."""
    try:
        return api.load(path)
    except PuzzleError as error:
        assert (error.line, error.col) != (None, None) and error.line and error.col, str(error)
        return None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("name", list(SEEDS))
@settings(
    derandomize=True,
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_mutated_inputs_load_or_are_refused_cleanly(
    workdir, name: str, data: st.DataObject
) -> None:
    extension, _ = SEEDS[name]
    text = data.draw(mutated(name))
    path = workdir / f"{name}{extension}"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    puzzle = load_or_refuse_at_a_place(path)
    if puzzle is None:
        return
    for backend in ("clingo", "csp"):
        if not small_enough(puzzle, backend):
            continue
        try:
            result = api.solve(puzzle, 2, timeout=TIMEOUT, backend=backend)
        except LpsolveError:  # e.g. a kind or size the csp model does not take
            continue
        assert result.count == len(result.solutions) <= 2
        for solution in result.solutions:  # api.solve checks them too; this says so
            assert puzzle.violations(solution) == []


#: formats whose parsers the limits and JSON positions are about
EDGE_FORMATS = ["hidato-janko", "numbrix-janko", "takuzu-janko", "hidato-json"]


@pytest.mark.parametrize("name", EDGE_FORMATS)
@settings(
    derandomize=True,
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_edge_mutations_are_read_or_refused_at_a_place(
    workdir, name: str, data: st.DataObject
) -> None:
    """Only the mutations at lpsolve's limits (huge digit runs, digits of other
    scripts, deep nesting, dropped JSON keys, values of the wrong type, edge numbers),
    read only: in the default test run, where the test above is too slow to be."""
    extension, _ = SEEDS[name]
    text = data.draw(mutated(name, fuzz.EDGE_MUTATIONS))
    path = workdir / f"edge-{name}{extension}"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    load_or_refuse_at_a_place(path)
