"""The tutorials run as written: every console command of docs/tutorial.md (Takuzu)
and docs/tutorial-akari.md (Akari), its output compared.

The counts they show are also checked against brute forces independent of clingo and
of lpsolve's code for the kind: all 2^16 fillings of the 4x4 Takuzu, all 2^20 lamp
placements of the 5x5 Akari.
"""

from __future__ import annotations

import re
import shlex
from itertools import product
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
TIME = re.compile(r"\d[\d,]*\.\d+ ?(ms|s)\b")
#: `run` prints clingo's header, with clingo's version: any 5.x reads the same
VERSION = re.compile(r"^clingo version \S+$", re.M)
#: `facts` names a declared kind's encoding by its path: wherever lpsolve is installed
PACKAGE = str(Path(lpsolve.__file__).resolve().parent)


SESSIONS = console_sessions(TUTORIAL)
AKARI_SESSIONS = console_sessions(AKARI_TUTORIAL)


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


COMMANDS = SESSIONS + AKARI_SESSIONS


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


def akari_brute_force_counts() -> list[int]:
    """Answer sets of the Akari steps 1..5 on tiny.akari, by trying every placement of
    lamps on its white cells: all 2^W of them at once, placement P as the bits of the
    number P (bit i: a lamp on the i-th white cell)."""
    board = akari_board()
    white = [(r, c) for r, row in enumerate(board) for c, t in enumerate(row) if t == "-"]
    bit = {cell: 1 << i for i, cell in enumerate(white)}
    placements = np.arange(1 << len(white), dtype=np.int64)

    def has_lamp(cell: tuple[int, int]) -> np.ndarray:
        return (placements & bit[cell]) != 0

    lit = placements.copy()  # a lamp lights its own cell ...
    lights_another = np.zeros(len(placements), dtype=bool)
    for r, c in white:
        reached = 0  # ... and the white cells up to a black cell or the edge
        for dr, dc in DIRECTIONS:
            i, j = r + dr, c + dc
            while (i, j) in bit:
                reached |= bit[(i, j)]
                i, j = i + dr, j + dc
        lamp = has_lamp((r, c))
        lit[lamp] |= reached
        lights_another |= lamp & ((placements & reached) != 0)
    all_lit = lit == (1 << len(white)) - 1
    at_most = np.ones(len(placements), dtype=bool)  # step 2's first attempt
    exactly = np.ones(len(placements), dtype=bool)  # the rule
    for r, row in enumerate(board):
        for c, token in enumerate(row):
            if token.isdigit():
                beside = [(r + dr, c + dc) for dr, dc in DIRECTIONS if (r + dr, c + dc) in bit]
                lamps = sum(has_lamp(cell).astype(int) for cell in beside)
                at_most &= lamps <= int(token)
                exactly &= lamps == int(token)
    steps = [
        np.ones(len(placements), dtype=bool),
        at_most,
        at_most & all_lit,
        at_most & all_lit & ~lights_another,
        exactly & all_lit & ~lights_another,
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
