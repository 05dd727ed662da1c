"""Hints, step-by-step solutions and ratings (``lpsolve.steps``, issue 26).

Every step is checked against independent sources of truth: its values against the
unique solution clingo finds with the kind's encoding, and its claim ("these rules on
these cells, with these known cells, allow only these values") by re-solving with only
those: for Takuzu a brute force over the cells its rules cover, written here from the
rules' words; for a trial, and for declared kinds, a clingo program made here of the
kind's check with only the step's rules switched on. Steps without trial come first:
before each trial step, no step without one is found. Ratings are compared with the
levels binarypuzzle.com publishes.
"""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lpsolve
from lpsolve import api, steps
from lpsolve.kinds import kind_spec
from lpsolve.kinds.declared import load_kind, writer
from lpsolve.kinds.declared.kind import DeclaredPuzzle
from lpsolve.kinds.registry import registry
from lpsolve.kinds.takuzu import TakuzuPuzzle
from lpsolve.kinds.takuzu_steps import line_options
from lpsolve.puzzle import Capability, Puzzle
from lpsolve.steps.engine import LEVELS, Deducer, NotUnique
from lpsolve.steps.records import Step

from .conftest import ROOT, load_benchmark


def three_alike(digits: Any) -> bool:
    """Whether three equal digits follow each other."""
    return any(digits[i] == digits[i + 1] == digits[i + 2] for i in range(len(digits) - 2))


def unique_instances(kind: str) -> list[str]:
    return [i.name for i in kind_spec(kind).instances() if api.solve(i.path).unique]


# -- what a step claims, re-solved ------------------------------------------------------


#: Takuzu's rules as a step applies them to its cells (facts use_cell(K, I, R, C): the
#: I-th cell of use K), written here from the rules' words: v(R, C) is a 1
TAKUZU_RULES = """
{ v(R,C) } :- use_cell(_,_,R,C).
:- known(R,C,1), not v(R,C).
:- known(R,C,0), v(R,C).
:- rule(K,three), use_cell(K,I,A,B), use_cell(K,I+1,C,D), use_cell(K,I+2,E,F),
   v(A,B), v(C,D), v(E,F).
:- rule(K,three), use_cell(K,I,A,B), use_cell(K,I+1,C,D), use_cell(K,I+2,E,F),
   not v(A,B), not v(C,D), not v(E,F).
:- rule(K,balance), L = #count{ I : use_cell(K,I,_,_) },
   N = #count{ I : use_cell(K,I,R,C), v(R,C) }, 2 * N != L.
half(K,L/2) :- rule(K,different), L = #count{ I : use_cell(K,I,_,_) }.
differ(K) :- half(K,L), use_cell(K,I,A,B), use_cell(K,I+L,C,D), I < L, v(A,B), not v(C,D).
differ(K) :- half(K,L), use_cell(K,I,A,B), use_cell(K,I+L,C,D), I < L, not v(A,B), v(C,D).
:- rule(K,different), not differ(K).
:- rule(K,same), use_cell(K,0,A,B), use_cell(K,1,C,D), v(A,B), not v(C,D).
:- rule(K,same), use_cell(K,0,A,B), use_cell(K,1,C,D), not v(A,B), v(C,D).
:- rule(K,other), use_cell(K,0,A,B), use_cell(K,1,C,D), v(A,B), v(C,D).
:- rule(K,other), use_cell(K,0,A,B), use_cell(K,1,C,D), not v(A,B), not v(C,D).
#defined known/3. #defined fix/3.
differs :- fix(R,C,1), not v(R,C).
differs :- fix(R,C,0), v(R,C).
"""
TAKUZU_RULE_NAMES = {
    "three-in-a-row rule": "three",
    "balance rule": "balance",
    "different-lines rule": "different",
}


def takuzu_claim_holds(puzzle: TakuzuPuzzle, step: Step) -> bool:
    """Every way to fill the cells the step's rules cover, keeping its known cells and
    keeping those rules on those cells, gives its fixes (and some way exists)."""
    if step.trial:  # all rules on the whole board: no solution with the refuted value
        cell, value = step.supposed
        givens = {**dict(step.because), cell: value}
        return api.solve(puzzle.replace(givens=givens), limit=1).count == 0
    scope = {cell for use in step.uses for cell in use.cells}
    assert all(cell in scope for cell, _ in step.fixes)
    signs = {(a, b): sign for a, b, sign in puzzle.signs}
    fun, num = clingo.Function, clingo.Number
    facts = []
    for k, use in enumerate(step.uses):
        if use.rule == "sign rule":
            name = "same" if signs[use.cells] == "=" else "other"
        else:
            name = TAKUZU_RULE_NAMES[use.rule]
        facts.append(fun("rule", [num(k), fun(name)]))
        facts += [
            fun("use_cell", [num(k), num(i), num(r), num(c)]) for i, (r, c) in enumerate(use.cells)
        ]
    facts += [fun("known", [num(r), num(c), num(v)]) for (r, c), v in step.because]
    facts += [fun("fix", [num(r), num(c), num(v)]) for (r, c), v in step.fixes]
    text = TAKUZU_RULES + "".join(f"{fact}.\n" for fact in facts)

    def models(extra: str) -> bool:
        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], text + extra)
        ctl.ground([("base", [])])
        return ctl.solve().satisfiable is True

    return models("") and not models(":- not differs.")


def check_claim_holds(puzzle: DeclaredPuzzle, deducer: Any, step: Step, start: set[Any]) -> bool:
    """The kind's check with only the step's rule instances forbidden (and the cell
    rules at every cell not known from the start), its known cells fixed to the
    solution: no model differs from the solution on a fixed cell."""
    model = deducer.model
    fun, num, string = clingo.Function, clingo.Number, clingo.String
    facts = [fun("sol", [atom]) for atom in model.solution]
    for use in step.uses:
        assert use.instances and use.rule in {unit.rule for unit in deducer.units}
        for text in use.instances:
            atom = clingo.parse_term(text)
            assert atom.name == model.violation and atom.arguments[0] == string(use.rule)
            facts.append(fun("forbidden", [atom]))
    facts += [fun("cell_rule", [string(rule)]) for rule in deducer.cell_rules]
    facts += [fun("start", [num(r), num(c)]) for r, c in start]
    facts += [fun("pinned", [num(r), num(c)]) for (r, c), _ in step.because]
    facts += [fun("fixed", [num(r), num(c)]) for (r, c), _ in step.fixes]
    v = model.violation
    rules = [
        f":- forbidden({v}(N)), {v}(N).",
        f":- forbidden({v}(N,T)), {v}(N,T).",
        f":- forbidden({v}(N,R,C)), {v}(N,R,C).",
        f":- {v}(N,R,C), cell_rule(N), not start(R,C).",
        f":- {v}(N), cell_rule(N).",
        "#defined start/2. #defined pinned/2.",
    ]
    for pattern in model.patterns:
        p = pattern.text
        rules += [
            f"off(R,C) :- {p}, not sol({p}).",
            f"off(R,C) :- sol({p}), not {p}.",
        ]
    rules += [":- pinned(R,C), off(R,C).", "differs :- fixed(R,C), off(R,C).", ":- not differs."]
    ctl = clingo.Control(["--warn=none"])
    model.load(ctl)
    text = model.facts + model.generate("") + "".join(f"{f}.\n" for f in facts) + "\n".join(rules)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    return ctl.solve().unsatisfiable is True


def solution_values(puzzle: Puzzle) -> dict[Any, Any]:
    """Each cell's value in the unique solution clingo finds with the encoding."""
    result = api.solve(puzzle)
    assert result.unique
    solution = result.solutions[0]
    if isinstance(puzzle, TakuzuPuzzle):
        return {(r, c): int(d) for r, row in enumerate(solution.rows) for c, d in enumerate(row)}
    # the cells as the output atoms write them (no tokens kept from the puzzle file)
    grid = writer.grid_json(
        puzzle.declaration, writer.solution_grid(puzzle.declaration, puzzle.values, solution.atoms)
    )
    return {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row)}


def checked_steps(puzzle: Puzzle) -> Iterator[tuple[Deducer, Step]]:
    """Steps to the end, each checked: its values are the solution's, a trial comes
    only where no step without one is left, and the steps reach the solution."""
    truth = solution_values(puzzle)
    deducer = puzzle.deducer()
    assert all(truth[cell] == value for cell, value in deducer.known.items())
    while not deducer.complete:
        step = deducer.next_step()
        assert step is not None, deducer.stuck()
        assert step.fixes and all(cell not in deducer.known for cell, _ in step.fixes)
        assert all(truth[cell] == value for cell, value in step.fixes), step
        assert all(truth[cell] == value for cell, value in step.because), step
        if step.trial:
            assert deducer.next_step(trial=False) is None
        yield deducer, step
        deducer.apply(step)
    assert deducer.known == truth


# -- Takuzu -----------------------------------------------------------------------------

#: the bundled boards whose steps are checked in the default run (the rest: slow)
QUICK_TAKUZU = ("seed-8x8", "seed-intro-6x6", "seed-timing-6x6", "binairo-plus-6x6")


def takuzu_cases() -> list[Any]:
    cases = []
    for name in unique_instances("takuzu"):
        quick = any(name.endswith(f"/{q}.takuzu") for q in QUICK_TAKUZU)
        cases.append(pytest.param(name, marks=() if quick else pytest.mark.slow, id=name))
    return cases


@pytest.mark.parametrize("name", takuzu_cases())
def test_every_takuzu_step_is_sound_and_reaches_the_solution(name: str) -> None:
    puzzle = lpsolve.load(name)
    techniques = set()
    for _, step in checked_steps(puzzle):
        assert takuzu_claim_holds(puzzle, step), step
        techniques.add(step.technique)
    assert "pair" in techniques


def random_takuzu_solution(rng: random.Random, n: int) -> list[tuple[int, ...]]:
    """A random valid n x n grid, row by row with backtracking (written here)."""
    lines = [
        line
        for line in itertools.product((0, 1), repeat=n)
        if 2 * sum(line) == n and not three_alike(line)
    ]

    def columns_fit(rows: list[tuple[int, ...]]) -> bool:
        for column in zip(*rows, strict=True):
            if max(column.count(0), column.count(1)) > n // 2:
                return False
            if three_alike(column):
                return False
        return len(rows) < n or len(set(zip(*rows, strict=True))) == n

    def extend(rows: list[tuple[int, ...]]) -> list[tuple[int, ...]] | None:
        if len(rows) == n:
            return rows
        for line in rng.sample(lines, len(lines)):
            if line not in rows and columns_fit([*rows, line]):
                found = extend([*rows, line])
                if found is not None:
                    return found
        return None

    found = extend([])
    assert found is not None
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([4, 6, 6, 8]))
def test_steps_on_random_unique_takuzu_boards_are_sound(seed: int, n: int) -> None:
    """A random grid, its cells taken away in random order while the puzzle stays
    unique (clingo decides): the hardest boards of that grid, often with trials."""
    rng = random.Random(seed)
    grid = random_takuzu_solution(rng, n)
    givens = {(r, c): grid[r][c] for r in range(n) for c in range(n)}
    for cell in rng.sample(sorted(givens), len(givens)):
        fewer = {k: v for k, v in givens.items() if k != cell}
        if api.solve(TakuzuPuzzle(n, n, fewer)).unique:
            givens = fewer
    puzzle = TakuzuPuzzle(n, n, givens)
    for _, step in checked_steps(puzzle):
        assert takuzu_claim_holds(puzzle, step), step


def test_the_line_solver_agrees_with_listing_every_line() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        n = rng.choice([2, 4, 6, 8, 10])
        values = tuple(rng.choice([None, None, 0, 1]) for _ in range(n))
        fits: list[set[int]] = [set() for _ in range(n)]
        for line in itertools.product((0, 1), repeat=n):
            kept = all(v is None or v == d for v, d in zip(values, line, strict=True))
            if kept and 2 * sum(line) == n and not three_alike(line):
                for i, d in enumerate(line):
                    fits[i].add(d)
        if not any(fits):
            assert line_options(values) is None
            continue
        can0 = sum(1 << i for i in range(n) if 0 in fits[i])
        can1 = sum(1 << i for i in range(n) if 1 in fits[i])
        assert line_options(values) == (can0, can1)


def test_ratings_agree_with_the_levels_binarypuzzle_com_publishes() -> None:
    """binarypuzzle.com's levels name the techniques a player needs (docs/hints.md):
    at least 9 in 10 of its puzzles here are rated at the level it gives them."""
    published = load_benchmark("hints").published_levels()
    rated = [(name, steps.rate(puzzle).level, level) for name, puzzle, level in published]
    agree = [name for name, ours, theirs in rated if ours == theirs]
    assert len(rated) >= 90 and len(agree) >= 0.9 * len(rated), [r for r in rated if r[1] != r[2]]
    assert {level for _, _, level in rated} == set(LEVELS)


# -- declared kinds ---------------------------------------------------------------------

#: the declared puzzles whose steps are checked in the default run (the rest: slow)
QUICK_DECLARED = (
    "sudoku/explainer-6x6-easy.sudoku",
    "sudoku/explainer-6x6-hard.sudoku",
    "jigsaw-sudoku/janko-001.jigsaw-sudoku",
    "hitori/janko-001.hitori",
)
#: every bundled Sudoku up to 9 x 9, and a few more genres. The two 16 x 16 Sudokus are
#: left out: their walkthroughs take the generic engine minutes each (one ran over 12
#: minutes in CI), more than the whole slow run may spend; docs/hints.md says so.
DECLARED = (
    *(i.name for i in kind_spec("sudoku").instances() if "16x16" not in i.name),
    *QUICK_DECLARED[2:],
    "killer-sudoku/janko-001.killer-sudoku",
    "star-battle/janko-001.starbattle",
    "skyscrapers/janko-001.skyscrapers",
    "akari/janko-001.akari",
    "masyu/janko-002.masyu",
    "lits/janko-001.lits",
    "norinori/janko-001.norinori",
)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=() if name in QUICK_DECLARED else pytest.mark.slow, id=name)
        for name in DECLARED
    ],
)
def test_every_declared_step_is_sound_and_reaches_the_solution(name: str) -> None:
    """Each step's values are the solution's; its claim is re-solved for every step
    (on a board over 200 cells for every eighth: a second of grounding each)."""
    puzzle = lpsolve.load(name)
    assert isinstance(puzzle, DeclaredPuzzle)
    start: set[Any] | None = None
    every = 8 if puzzle.size[0] * puzzle.size[1] > 200 else 1
    for number, (deducer, step) in enumerate(checked_steps(puzzle)):
        if start is None:
            start = set(deducer.known)
        if number % every == 0:
            assert check_claim_holds(puzzle, deducer, step, start), step


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=() if name in QUICK_DECLARED else pytest.mark.slow, id=name)
        for name in DECLARED
    ],
)
def test_rating_rounds_are_sound_and_need_the_walkthroughs_hardest_tier(name: str) -> None:
    """``rate`` walks in rounds of uncut deductions (every window's at the lowest
    level at once): each round step's values are the solution's and its claim holds
    when re-solved with only its rules and cells, and the rounds need the same
    hardest tier as the step-by-step walkthrough (so the same level)."""
    puzzle = lpsolve.load(name)
    truth = solution_values(puzzle)
    deducer = puzzle.deducer()
    start = set(deducer.known)
    hardest = 0
    while not deducer.complete:
        found = deducer.next_steps()
        assert found and len({step.tier for step in found}) == 1
        for step in found:
            assert all(truth[cell] == value for cell, value in step.fixes), step
            assert all(cell not in deducer.known for cell, _ in step.fixes), step
            if not step.trial or len(truth) <= 36:  # a trial re-solves the whole board
                assert check_claim_holds(puzzle, deducer, step, start), step
            if step.trial:
                assert deducer.next_steps(trial=False) == []
            hardest = max(hardest, step.tier)
        for step in found:
            deducer.apply(step)
    assert deducer.known == truth
    walked = max(step.tier for _, step in checked_steps(puzzle))
    assert hardest == walked


@pytest.mark.parametrize("name", ["akari/janko-004", "sudoku/explainer-6x6-hard"])
def test_a_batch_of_windows_forces_what_each_window_forces_alone(name: str) -> None:
    """Windows on cells apart are asked in one search: at every state of the rounds,
    what a batch found for each window equals what the window forces asked alone."""
    deducer = lpsolve.load(name).deducer()
    batched = [w for ws in deducer.by_level.values() for w in ws if len(w.batch) > 1]
    assert batched
    while not deducer.complete:
        for step in deducer.next_steps():
            deducer.apply(step)
        for window in batched[:: max(1, len(batched) // 40)]:
            deducer._update(window)
            known = [cell for cell in window.region if cell in deducer.known]
            open_ = [cell for cell in window.region if cell not in deducer.known]
            alone = deducer._forced(window.units, known, open_)
            assert window.forced == frozenset(alone or ()) & frozenset(open_), window.units


def test_takuzu_declared_as_a_folder_gets_sound_steps() -> None:
    """benchmarks/data/binairo, Takuzu's rules as a check (two equal lines a violation
    named by the pair): the generic engine's steps are sound and reach the solution."""
    twin = load_kind(ROOT / "benchmarks" / "data" / "binairo")
    (instance,) = twin.instances()
    puzzle = twin.load(instance.path)
    start: set[Any] | None = None
    techniques = set()
    for deducer, step in checked_steps(puzzle):
        start = set(deducer.known) if start is None else start
        assert check_claim_holds(puzzle, deducer, step, start), step
        techniques.add(step.technique)
    assert "one rule" in techniques


# -- the commands -------------------------------------------------------------------------


def test_hint_json_names_the_fixes_the_rule_and_the_cells(run) -> None:
    status, out, _ = run("hint", "takuzu/seed-8x8", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert {"fixes", "rule", "because", "trial"} <= data.keys() and data["trial"] is False
    puzzle = lpsolve.load("takuzu/seed-8x8")
    truth = solution_values(puzzle)
    assert data["fixes"] and all(truth[f["row"], f["col"]] == f["value"] for f in data["fixes"])
    assert all(puzzle.givens[b["row"], b["col"]] == b["value"] for b in data["because"])
    assert data["rule"].endswith("rule")


def test_hint_text_and_picture(run, tmp_path: Path) -> None:
    status, out, _ = run("hint", "sudoku/explainer-6x6-easy")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 4 and lines[2].startswith("rule: ")
    assert lines[3].startswith("because: ")
    picture = tmp_path / "hint.svg"
    status, out, _ = run("hint", "takuzu/seed-8x8", "--format", "svg", "-o", picture)
    assert status == 0 and out == ""
    marks = [e.get("class") for e in ET.parse(picture).iter() if "mark" in (e.get("class") or "")]
    _, data, _ = run("hint", "takuzu/seed-8x8", "--format", "json")
    step = json.loads(data)
    assert marks.count("mark fix") == len(step["fixes"])
    assert marks.count("mark because") == len(step["because"])


def test_rate_and_steps(run) -> None:
    status, out, _ = run("rate", "takuzu/seed-intro-6x6", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["level"] in LEVELS and {"score", "hardest"} <= data.keys()
    status, out, _ = run("solve", "takuzu/seed-intro-6x6", "--steps", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["complete"] and data["steps"]
    assert all(not step["trial"] for step in data["steps"])
    expected = api.solve("takuzu/seed-intro-6x6")
    assert data["solution"] == expected.puzzle.solution_json(expected.solutions[0])
    status, out, _ = run("solve", "takuzu/seed-intro-6x6", "--steps")
    assert status == 0 and out.splitlines()[0].startswith("step 1: ")
    assert out.rstrip().splitlines()[-1].startswith(f"solved in {len(data['steps'])} steps")
    status, out, _ = run("solve", "takuzu/seed-intro-6x6", "--steps", "--format", "svg")
    assert status == 0 and ET.fromstring(out).tag.endswith("svg")


def test_no_trial_leaves_trials_out(run, tmp_path: Path) -> None:
    """generated-14x14 needs trials: at the first point where one is needed, the
    file of the cells known then gets a trial hint, and none with --no-trial."""
    puzzle = lpsolve.load("takuzu/generated-14x14")
    deducer = puzzle.deducer()
    step = deducer.next_step()
    while step is not None and not step.trial:
        deducer.apply(step)
        step = deducer.next_step()
    assert step is not None
    stuck = puzzle.replace(givens=dict(deducer.known))
    assert steps.hint(stuck, trial=False) is None and steps.hint(stuck).trial
    path = tmp_path / "stuck.takuzu"
    path.write_text(stuck.render() + "\n")
    status, out, _ = run("hint", path, "--no-trial")
    assert status == 1 and out.startswith("no deduction without a trial")
    status, out, _ = run("hint", path, "--format", "json")
    assert status == 0 and json.loads(out)["trial"] is True


def test_no_deduction_and_nothing_left(run, tmp_path: Path) -> None:
    empty = tmp_path / "empty.takuzu"
    empty.write_text("....\n....\n....\n....\n")  # 72 solutions: nothing is forced
    status, out, _ = run("hint", empty)
    assert status == 1 and "more than one solution" in out
    full = tmp_path / "full.takuzu"
    full.write_text("0011\n0101\n1100\n1010\n")
    status, out, _ = run("hint", full)
    assert status == 0 and out.startswith("nothing to hint")
    status, out, err = run("rate", empty)
    assert status == 1 and "cannot rate" in err
    broken = tmp_path / "broken.takuzu"
    broken.write_text("000.\n....\n....\n....\n")  # the givens break a rule
    status, out, err = run("hint", broken)
    assert (status, out) == (1, "") and "three-in-a-row rule" in err
    clash = tmp_path / "clash.sudoku"
    clash.write_text("4 4\n1 - - 1\n- - - -\n- - - -\n- - - -\n")  # no solution
    status, out, err = run("hint", clash)
    assert (status, out) == (1, "") and "hints need exactly one solution" in err


def test_bad_input_is_one_line_exit_2(run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.takuzu"
    bad.write_text("01..\n0x..\n....\n....\n")
    status, _, err = run("hint", bad)
    assert status == 2 and err.strip().count("\n") == 0 and f"{bad}:2:2:" in err
    status, _, err = run("hint", "hidato/seed-10x10")
    assert status == 2 and "kind hidato has no step-by-step hints" in err
    status, _, err = run("hint", "takuzu/seed-8x8", "-o", tmp_path / "x.svg")
    assert status == 2 and "--format svg" in err
    status, _, err = run("solve", "takuzu/seed-8x8", "--steps", "--count")
    assert status == 2 and "--count cannot be combined" in err
    status, _, err = run("rate", "sudoku/puzzlekit-747-16x16", "--kind", "takuzu")
    assert status == 2 and err.strip().count("\n") == 0


#: the largest board whose first hint is checked when it is a trial (cutting a trial
#: down takes a whole-board search per unit and cell: minutes on Fillomino's 20x36)
TRIAL_CELLS = 64


#: the largest board whose first hint is checked (a board of 20 x 36 takes a minute to
#: prove unique and ground twice, for the solution and for the engine)
FIRST_HINT_CELLS = 256


def declared_instances_with_steps() -> list[Any]:
    cases = []
    for kind in registry().kinds():
        if kind.supports(Capability.STEPS) and kind.name != "takuzu":
            for instance in kind.instances():
                size = lpsolve.load(instance.path).size
                if size[0] * size[1] <= FIRST_HINT_CELLS:
                    name = f"{kind.name}/{Path(instance.name).name}"
                    cases.append(pytest.param(name, marks=pytest.mark.slow, id=instance.name))
    return cases


@pytest.mark.parametrize("name", declared_instances_with_steps())
def test_the_first_hint_of_every_bundled_puzzle_is_sound(name: str) -> None:
    """Every bundled puzzle of a declared kind with steps up to 256 cells: its first
    hint's values are the unique solution's and its claim holds re-solved with only its
    rules and cells (whole walkthroughs take minutes on the large ones: the list above
    walks a sample to the end); a puzzle without one solution is refused."""
    puzzle = lpsolve.load(name)
    if not api.solve(puzzle).unique:
        with pytest.raises(NotUnique):
            puzzle.deducer()
        return
    truth = solution_values(puzzle)
    deducer = puzzle.deducer()
    start = set(deducer.known)
    step = deducer.next_step(trial=False)
    if step is None:  # the first hint is a trial: its cut takes whole-board searches
        assert deducer.next_steps(trial=False) == []
        if len(deducer.cells) > TRIAL_CELLS:
            pytest.skip(f"the first hint is a trial, on {len(deducer.cells)} cells")
        step = deducer.next_step()
    assert step is not None and step.fixes
    assert all(truth[cell] == value for cell, value in (*step.fixes, *step.because)), step
    assert check_claim_holds(puzzle, deducer, step, start), step
