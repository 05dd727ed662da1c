"""docs/tutorial.md runs as written: every console command, its output compared.

The counts it shows are also checked against a brute force over all 2^16 fillings
of the 4x4 grid, independent of clingo and of lpsolve's Takuzu code.
"""

from __future__ import annotations

import re
import shlex
from itertools import product

import pytest

from lpsolve import grade
from lpsolve.resources import instances_dir

from .conftest import ROOT
from .markdown import console_sessions

TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text()
TIME = re.compile(r"\d[\d,]*\.\d+ ?(ms|s)\b")
#: `run` prints clingo's header, with clingo's version: any 5.x reads the same
VERSION = re.compile(r"^clingo version \S+$", re.M)


SESSIONS = console_sessions(TUTORIAL)


def test_tutorial_has_a_command_per_step() -> None:
    commands = [command for command, _ in SESSIONS]
    for step in range(1, 6):
        assert any(f"docs/tutorial/step{step}.lp" in c for c in commands)


@pytest.mark.parametrize(("command", "expected"), SESSIONS, ids=[c for c, _ in SESSIONS])
def test_tutorial_command(command: str, expected: str, run, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    program, *args = shlex.split(command)
    assert program == "lpsolve"
    status, out, err = run(*args)
    assert status == expected_status(args[0], expected), err
    shown = VERSION.sub("clingo version V", TIME.sub("TIME", out)).rstrip("\n")
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


def test_tutorial_counts_match_a_brute_force() -> None:
    shown = {}
    for command, output in SESSIONS:
        step = re.search(r"step(\d)\.lp", command)
        # an exact count: "Models : N" without "+" (the search was exhausted)
        number = re.search(r"^Models +: ([\d,]+)$", output, re.M)
        if step and number and command.startswith("lpsolve run"):
            shown[int(step.group(1))] = int(number.group(1).replace(",", ""))
    counts = brute_force_counts()
    assert shown == {step: counts[step - 1] for step in shown}
    assert set(shown) == {1, 2, 3, 4, 5}


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
