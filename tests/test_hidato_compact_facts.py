"""The compact facts lpsolve solves with (cell intervals, move/2) against the plain ones
`lpsolve facts` shows (cell/2, adj/4), and both against a brute-force enumerator."""

from __future__ import annotations

import random

import clingo
from hypothesis import given, settings
from hypothesis import strategies as st

import lpsolve
from lpsolve.generate import rectangle
from lpsolve.kinds.hidato import HidatoPuzzle, build
from lpsolve.puzzle import facts_program
from lpsolve.resources import encoding_path

from .conftest import paths

ADJACENCIES = ["king", "orthogonal", "hex", "knight", [[1, 2], [0, 1]]]


def ground_atoms(facts: str, signatures: list[tuple[str, int]]) -> set[str]:
    """The atoms of the given signatures in the encoding's ground program."""
    ctl = clingo.Control()
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    return {
        str(atom.symbol)
        for name, arity in signatures
        for atom in ctl.symbolic_atoms.by_signature(name, arity)
    }


def answer_sets(facts: str) -> set[frozenset[str]]:
    ctl = clingo.Control(["--models", "0"])
    ctl.load(str(encoding_path("hidato.lp")))
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: found.add(frozenset(map(str, m.symbols(shown=True)))))
    return found


@st.composite
def boards_with_holes(draw, max_cells: int = 40) -> HidatoPuzzle:
    """A random rectangle (offset by a random corner, negative coordinates too) with
    random holes and random givens; solvable or not."""
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 6))
    left, top = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
    cells = [(x + left, y + top) for x, y in rectangle(width, height)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    holes = rng.sample(cells, rng.randrange(len(cells)))
    cells = [c for c in cells if c not in holes][:max_cells]
    numbers = rng.sample(range(1, len(cells) + 1), rng.randrange(min(len(cells), 4) + 1))
    givens = dict(zip(rng.sample(cells, len(numbers)), numbers, strict=True))
    return build(cells, givens, draw(st.sampled_from(ADJACENCIES)))


@settings(max_examples=80, deadline=None)
@given(boards_with_holes())
def test_compact_facts_describe_the_same_board(puzzle: HidatoPuzzle) -> None:
    signatures = [("cell", 2), ("adj", 4), ("given", 3)]
    plain = ground_atoms(facts_program(puzzle.facts()), signatures)
    assert plain == {f"{symbol}" for symbol in puzzle.facts()}  # nothing else derived
    assert ground_atoms(puzzle.solving_facts(), signatures) == plain


@settings(max_examples=60, deadline=None)
@given(boards_with_holes(max_cells=9))
def test_both_forms_have_exactly_the_brute_force_solutions(puzzle: HidatoPuzzle) -> None:
    expected = {
        frozenset(f"number({x},{y},{n})" for n, (x, y) in enumerate(path, start=1))
        for path in paths(puzzle.cells, set(puzzle.offsets))
        if all(path[n - 1] == cell for cell, n in puzzle.givens.items())
    }
    assert answer_sets(facts_program(puzzle.facts())) == expected
    assert answer_sets(puzzle.solving_facts()) == expected
    assert lpsolve.count(puzzle).count == len(expected)
