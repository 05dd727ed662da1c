"""The tutorials run as written: every console command of docs/tutorial.md (Takuzu),
docs/tutorial-akari.md (Akari) and docs/tutorial-deductions.md, its output compared.

The counts they show are also checked against brute forces independent of clingo and
of lpsolve's code for the kind: all 2^16 fillings of the 4x4 Takuzu, all 2^20 lamp
placements of the 5x5 Akari; and so are the deductions the third chapter asks clingo
about.
"""

from __future__ import annotations

import json
import re
import shlex
from itertools import combinations, product
from pathlib import Path

import numpy as np
import pytest

import lpsolve
from lpsolve import api, grade
from lpsolve.resources import instances_dir

from .conftest import ROOT
from .markdown import console_sessions
from .test_akari import python_solutions

TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text()
AKARI_TUTORIAL = (ROOT / "docs" / "tutorial-akari.md").read_text()
DEDUCTIONS_TUTORIAL = (ROOT / "docs" / "tutorial-deductions.md").read_text()
TIME = re.compile(r"\d[\d,]*\.\d+ ?(ms|s)\b")
#: `run` prints clingo's header, with clingo's version: any 5.x reads the same
VERSION = re.compile(r"^clingo version \S+$", re.M)
#: `facts` names a declared kind's encoding by its path: wherever lpsolve is installed
PACKAGE = str(Path(lpsolve.__file__).resolve().parent)


SESSIONS = console_sessions(TUTORIAL)
AKARI_SESSIONS = console_sessions(AKARI_TUTORIAL)
DEDUCTIONS_SESSIONS = console_sessions(DEDUCTIONS_TUTORIAL)


def test_tutorial_has_a_command_per_step() -> None:
    commands = [command for command, _ in SESSIONS]
    for step in range(1, 6):
        assert any(f"docs/tutorial/step{step}.lp" in c for c in commands)


def test_the_akari_tutorial_has_a_command_per_step() -> None:
    commands = [command for command, _ in AKARI_SESSIONS]
    for step in range(1, 6):
        assert any(f"docs/tutorial/akari/step{step}.lp" in c for c in commands)
    assert any(c.startswith("lpsolve facts") for c in commands)
    grading = [c for c in commands if c.startswith("lpsolve grade")]
    assert any("step4.lp" in c for c in grading) and any("step5.lp" in c for c in grading)


COMMANDS = SESSIONS + AKARI_SESSIONS + DEDUCTIONS_SESSIONS


@pytest.mark.parametrize(("command", "expected"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_tutorial_command(command: str, expected: str, run, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    program, *args = shlex.split(command)
    assert program == "lpsolve"
    status, out, err = run(*args)
    assert status == expected_status(args[0], expected), err
    shown = TIME.sub("TIME", out).replace(PACKAGE, ".../lpsolve")
    shown = VERSION.sub("clingo version V", shown).rstrip("\n")
    assert shown == VERSION.sub("clingo version V", expected).rstrip("\n")


def expected_status(command: str, output: str) -> int:
    """A grading that fails exits 1 (its last line says FAIL); ``run`` exits as clingo
    does: 10 answer sets found, 20 the search exhausted, 30 both; anything else 0."""
    if command == "run":
        models = re.search(r"^Models +: ([\d,]+)(\+?)$", output, re.M)
        assert models is not None, output
        found = 10 if models.group(1) != "0" else 0
        return found + (0 if models.group(2) else 20)
    return 1 if output.splitlines()[-1].startswith("FAIL") else 0


def brute_force_counts() -> list[int]:
    """Answer sets of steps 1..5 on tiny.takuzu, by trying every filling."""
    givens = {}
    lines = [ln for ln in (ROOT / "docs/tutorial/tiny.takuzu").read_text().splitlines()]
    grid_lines = [ln for ln in lines if ln and not ln.startswith("#")]
    for r, line in enumerate(grid_lines):
        for c, ch in enumerate(line):
            if ch in "01":
                givens[(r, c)] = ch
    counts = [0] * 5
    for cells in product("01", repeat=16):
        rows = ["".join(cells[4 * r : 4 * r + 4]) for r in range(4)]
        cols = ["".join(cells[c::4]) for c in range(4)]
        tests = [
            True,
            all(rows[r][c] == d for (r, c), d in givens.items()),
            not any("000" in ln or "111" in ln for ln in rows + cols),
            all(ln.count("1") == 2 for ln in rows + cols),
            len(set(rows)) == 4 and len(set(cols)) == 4,
        ]
        for step in range(5):
            if all(tests[: step + 1]):
                counts[step] += 1
    return counts


def shown_counts(sessions: list[tuple[str, str]]) -> dict[int, int]:
    """Step -> the exact count of answer sets a tutorial shows for it: "Models : N"
    without "+" (the search was exhausted)."""
    shown = {}
    for command, output in sessions:
        step = re.search(r"step(\d)\.lp", command)
        number = re.search(r"^Models +: ([\d,]+)$", output, re.M)
        if step and number and command.startswith("lpsolve run"):
            shown[int(step.group(1))] = int(number.group(1).replace(",", ""))
    return shown


def test_default_grading_is_the_plain_takuzu_puzzles() -> None:
    """The tutorial's finished program knows plain Takuzu only (its grading on them:
    the console session above). By default grading leaves out the bundled puzzles of
    a variant, told here from the files themselves: a ``distinct: no`` header
    (Tohu-Wa-Vohu) or a sign between two cells (Binairo Plus, spaced layout)."""
    variant_files = set()
    for path in sorted((instances_dir() / "takuzu").glob("*.takuzu")):
        lines = [ln for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]
        repeats = any(ln.replace(" ", "").lower() == "distinct:no" for ln in lines)
        signs = any(re.search(r"[.01] *[=x]|[=x] *[.01]", ln) for ln in lines)
        if repeats or signs:
            variant_files.add(f"takuzu/{path.name}")
    assert variant_files  # the bundled variants are there to be left out
    puzzles, left_out = grade._bundled_puzzles("takuzu", variants=False)
    everything, none_left = grade._bundled_puzzles("takuzu", variants=True)
    assert {name for name, _ in left_out} == variant_files
    assert {p.source for p in puzzles} == {p.source for p in everything} - variant_files
    assert none_left == [] and len(everything) == len(list(grade.bundled_instances("takuzu")))


# -- the Akari chapter ---------------------------------------------------------------

AKARI_PUZZLE = ROOT / "docs" / "tutorial" / "akari" / "tiny.akari"
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def akari_board() -> list[list[str]]:
    """tiny.akari's grid as janko.at's tokens ('-', 'x' or a digit), read here, not by
    lpsolve: the comment lines and the ``ROWS COLS`` line left out."""
    lines = [ln.split() for ln in AKARI_PUZZLE.read_text().splitlines()]
    rows, cols = map(int, next(ln for ln in lines if ln and not ln[0].startswith("#")))
    grid = [ln for ln in lines if ln and not ln[0].startswith("#")][1:]
    assert len(grid) == rows and all(len(row) == cols for row in grid)
    return grid


class AkariPlacements:
    """Every placement of lamps on tiny.akari's white cells at once, placement P as the
    bits of the number P (bit i: a lamp on the i-th white cell), and for each placement
    whether it keeps each of the chapter's rules."""

    def __init__(self) -> None:
        board = akari_board()
        white = [(r, c) for r, row in enumerate(board) for c, t in enumerate(row) if t == "-"]
        self.bit = {cell: 1 << i for i, cell in enumerate(white)}
        self.placements = np.arange(1 << len(white), dtype=np.int64)
        lit = self.placements.copy()  # a lamp lights its own cell ...
        self.lights_another = np.zeros(len(self.placements), dtype=bool)
        for r, c in white:
            reached = 0  # ... and the white cells up to a black cell or the edge
            for dr, dc in DIRECTIONS:
                i, j = r + dr, c + dc
                while (i, j) in self.bit:
                    reached |= self.bit[(i, j)]
                    i, j = i + dr, j + dc
            lamp = self.has_lamp((r, c))
            lit[lamp] |= reached
            self.lights_another |= lamp & ((self.placements & reached) != 0)
        self.lit = lit  # bit i: the i-th white cell is lit
        self.all_lit = lit == (1 << len(white)) - 1
        self.at_most = np.ones(len(self.placements), dtype=bool)  # step 2's first attempt
        self.exactly = np.ones(len(self.placements), dtype=bool)  # the rule
        for r, row in enumerate(board):
            for c, token in enumerate(row):
                if token.isdigit():
                    beside = [(r + dr, c + dc) for dr, dc in DIRECTIONS]
                    lamps = sum(
                        self.has_lamp(cell).astype(int) for cell in beside if cell in self.bit
                    )
                    self.at_most &= lamps <= int(token)
                    self.exactly &= lamps == int(token)

    def has_lamp(self, cell: tuple[int, int]) -> np.ndarray:
        return (self.placements & self.bit[cell]) != 0

    def is_lit(self, cell: tuple[int, int]) -> np.ndarray:
        return (self.lit & self.bit[cell]) != 0


def akari_brute_force_counts() -> list[int]:
    """Answer sets of the Akari steps 1..5 on tiny.akari, by trying every placement."""
    every = AkariPlacements()
    steps = [
        np.ones(len(every.placements), dtype=bool),
        every.at_most,
        every.at_most & every.all_lit,
        every.at_most & every.all_lit & ~every.lights_another,
        every.exactly & every.all_lit & ~every.lights_another,
    ]
    return [int(step.sum()) for step in steps]


@pytest.mark.parametrize(
    ("sessions", "brute_force"),
    [(SESSIONS, brute_force_counts), (AKARI_SESSIONS, akari_brute_force_counts)],
    ids=["takuzu", "akari"],
)
def test_tutorial_counts_match_a_brute_force(sessions, brute_force) -> None:
    shown = shown_counts(sessions)
    counts = brute_force()
    assert shown == {step: counts[step - 1] for step in shown}
    assert set(shown) == {1, 2, 3, 4, 5}


def test_the_akari_tutorials_puzzle_has_one_solution_lpsolve_finds() -> None:
    """lpsolve's solution of tiny.akari, proved unique, is the only one that
    test_akari's own enumeration of lamp placements finds, and the board the chapter
    shows for step 5."""
    (only,) = python_solutions(akari_board())
    result = api.solve(AKARI_PUZZLE)
    assert result.complete and result.unique
    lamps = {(a.arguments[0].number, a.arguments[1].number) for a in result.solutions[0].atoms}
    assert lamps == only
    step5 = next(out for c, out in AKARI_SESSIONS if "step5.lp" in c and "run" in c)
    drawn = lpsolve.load(AKARI_PUZZLE).render(result.solutions[0])
    assert f"Answer: 1 (Time: TIME)\n{drawn.rstrip()}\nSATISFIABLE" in step5


# -- the deductions chapter ----------------------------------------------------------

DEDUCTIONS = ROOT / "docs" / "tutorial" / "deductions"


def shown_run(*programs: str) -> str:
    """The output the deductions chapter shows for ``lpsolve run`` of exactly these
    files (in this order, options aside)."""
    for command, output in DEDUCTIONS_SESSIONS:
        files = [a for a in shlex.split(command)[2:] if not a.startswith("-")]
        if command.startswith("lpsolve run") and files == list(programs):
            return output
    raise AssertionError(f"no `lpsolve run {' '.join(programs)}` in the chapter")


def asp_cells(program: str, pattern: str) -> set[tuple[int, ...]]:
    """The integer arguments of every statement of the program's file matching
    ``pattern`` (a regular expression of the statement, comments left out)."""
    text = re.sub(r"%.*", "", (DEDUCTIONS / program).read_text())
    return {tuple(map(int, match)) for match in re.findall(pattern, text)}


def as_cells(cells: list[dict]) -> set[tuple[int, int, object]]:
    return {(cell["row"], cell["col"], cell["value"]) for cell in cells}


def test_the_takuzu_question_is_the_hint_with_the_other_value(run, monkeypatch) -> None:
    """pair.lp holds the hint's known cells, and its fixed cell with the other digit;
    with only the three-in-a-row rule (no filling of all 2^16 has three 0s in a line
    or column) none of the fillings with those cells exists, without it some do: the
    chapter shows UNSATISFIABLE, then an answer."""
    monkeypatch.chdir(ROOT)
    status, out, _ = run("hint", "docs/tutorial/tiny.takuzu", "--format", "json")
    hint = json.loads(out)
    assert status == 0 and hint["rule"] == "three-in-a-row rule"
    ((row, col, digit),) = as_cells(hint["fixes"])
    asked = asp_cells("pair.lp", r"value\((\d+),(\d+),(\d+)\)\.")
    assert asked == as_cells(hint["because"]) | {(row, col, 1 - digit)}

    def three_in_a_line(lines: list[str]) -> bool:
        return any("000" in line or "111" in line for line in lines)

    with_rule = without_rule = 0
    for cells in product("01", repeat=16):
        if any(cells[4 * r + c] != str(d) for r, c, d in asked):
            continue
        rows = ["".join(cells[4 * r : 4 * r + 4]) for r in range(4)]
        cols = ["".join(cells[c::4]) for c in range(4)]
        without_rule += 1
        with_rule += not three_in_a_line(rows + cols)
    assert with_rule == 0 and without_rule == 2**13
    rule_file = "docs/tutorial/deductions/three-in-a-row.lp"
    shown = shown_run(
        "docs/tutorial/step1.lp",
        rule_file,
        "docs/tutorial/deductions/pair.lp",
        "docs/tutorial/tiny.takuzu",
    )
    assert "\nUNSATISFIABLE\n" in shown and re.search(r"^Models +: 0$", shown, re.M)
    shown = shown_run(
        "docs/tutorial/step1.lp", "docs/tutorial/deductions/pair.lp", "docs/tutorial/tiny.takuzu"
    )
    assert "\nSATISFIABLE\n" in shown


def test_the_akari_question_is_a_step_with_the_other_value(run, monkeypatch) -> None:
    """lamp.lp forbids a lamp on step 2's known empty cell and on the cell it lights;
    of all 2^20 placements, none with those cells keeps "every white cell is lit", and
    2^18 exist without it: the counts the chapter shows. Also the claims about the
    steps: step 1 rests on its rule alone, step 2 on one cell, and the exercise's step
    10 (no lamp in the top right corner) needs both rules it names, neither alone."""
    monkeypatch.chdir(ROOT)
    status, out, _ = run("solve", str(AKARI_PUZZLE), "--steps", "--format", "json")
    steps = json.loads(out)["steps"]
    assert status == 0 and steps[0]["because"] == [] and len(steps[1]["because"]) == 1
    ((row, col, value),) = as_cells(steps[1]["fixes"])
    assert value == "o"  # a lamp
    forbidden = asp_cells("lamp.lp", r":- *lamp\((\d+),(\d+)\)\.")
    assert forbidden == {(r, c) for r, c, _ in as_cells(steps[1]["because"])} | {(row, col)}

    every = AkariPlacements()
    asked = np.ones(len(every.placements), dtype=bool)
    for cell in forbidden:
        asked &= ~every.has_lamp(cell)
    assert int((asked & every.all_lit).sum()) == 0 and int(asked.sum()) == 2**18
    rule_file = "docs/tutorial/deductions/every-cell-lit.lp"
    question = "docs/tutorial/deductions/lamp.lp"
    shown = shown_run(
        "docs/tutorial/akari/step1.lp", rule_file, question, str(AKARI_PUZZLE.relative_to(ROOT))
    )
    assert "\nUNSATISFIABLE\n" in shown and re.search(r"^Models +: 0$", shown, re.M)
    shown = shown_run("docs/tutorial/akari/step1.lp", question, str(AKARI_PUZZLE.relative_to(ROOT)))
    assert re.search(rf"^Models +: {int(asked.sum())}$", shown, re.M)

    exercise = steps[9]
    assert exercise["because"] == [] and ":- lamp(0,3)." in DEDUCTIONS_TUTORIAL
    rules = "a number counts the lamps beside it + every white cell is lit + no lamp lights another"
    assert exercise["rule"] == rules
    assert (0, 3, "o") in as_cells(exercise["fixes"])
    # the three rules as the step applies them: the numbers, (row 1, col 4) lit, and
    # no lamp lighting another; no lamp at (row 1, col 4) keeps none, any two keep some
    question = ~every.has_lamp((0, 3))
    kept = (every.exactly, every.is_lit((0, 3)), ~every.lights_another)
    assert int((question & kept[0] & kept[1] & kept[2]).sum()) == 0
    for first, second in combinations(kept, 2):
        assert (question & first & second).any()
