"""``lpsolve run`` speaks the clingo command's language: the same answer sets, the same
SATISFIABLE/UNSATISFIABLE and Models lines, the same --outf=2 JSON and exit codes.
The source of truth is clingo's own application (``clingo_main``, what the ``clingo``
command runs) on the same programs and options."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

#: the clingo command, with its exit code (``python -m clingo`` drops it)
CLINGO = (
    "import runpy, sys; from clingo.application import clingo_main; "
    "app = runpy.run_module('clingo.__main__', run_name='lib')['PyClingoApplication']; "
    "sys.exit(clingo_main(app(), sys.argv[1:]))"
)

PROGRAMS = {
    "two.lp": "a ; b.\n",
    "none.lp": "a. :- a.\n",
    "four.lp": "{ p(1..4) }.\n#show p/1.\n",
    "shown.lp": "{ a ; b ; c }.\n#show a/0.\n",
    "const.lp": "#const k = 2.\nq(1..k).\n{ r(X) : q(X) }.\n",
    "minimize.lp": "a(1..3).\n{ p(X) : a(X) }.\n:- not p(2).\n#minimize { X : p(X) }.\n",
    "maximize.lp": "{ p(1..5) }.\n#maximize { X : p(X) }.\n",
    "two_levels.lp": "{ p(1..3) }.\n#minimize { X@2 : p(X) }.\n#maximize { 1@1,X : p(X) }.\n",
    "no_optimum.lp": "{ a }.\n:- a.\n:- not a.\n#minimize { 1 : a }.\n",
}
CASES = [
    ("two.lp", []),
    ("two.lp", ["-n", "0"]),
    ("none.lp", []),
    ("four.lp", ["-n", "0"]),
    ("four.lp", ["-n", "3"]),
    ("shown.lp", ["-n", "0", "--project"]),
    ("shown.lp", ["-n", "0"]),
    ("const.lp", ["-n", "0", "-c", "k=3"]),
    ("four.lp", ["-n", "0", "--enum-mode=record"]),
    # optimization: by default every better answer until the optimum
    ("minimize.lp", []),
    ("maximize.lp", []),
    ("maximize.lp", ["-n", "1"]),
    ("two_levels.lp", []),
    ("no_optimum.lp", []),
]


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("programs")
    for name, text in PROGRAMS.items():
        (folder / name).write_text(text)
    return folder


def command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=False)


def lpsolve_run(*args: str) -> subprocess.CompletedProcess:
    return command(sys.executable, "-m", "lpsolve", "run", *args)


def clingo(*args: str) -> subprocess.CompletedProcess:
    return command(sys.executable, "-c", CLINGO, *args)


def answers(text: str) -> set[frozenset[str]]:
    """The answer sets of clingo's text output (the line after each 'Answer: N')."""
    lines = text.splitlines()
    return {
        frozenset(lines[i + 1].split())
        for i, line in enumerate(lines)
        if re.match(r"Answer: \d+", line)
    }


def summary(text: str) -> tuple[str, str, list[str], list[str]]:
    """The verdict, the Models figure, each answer's Optimization line and the
    optimum's lines of the summary."""
    verdicts = ("SATISFIABLE", "UNSATISFIABLE", "OPTIMUM FOUND", "UNKNOWN")
    verdict = next(ln for ln in text.splitlines() if ln in verdicts)
    models = re.search(r"^Models +: (\S+)", text, re.M)
    assert models is not None
    costs = re.findall(r"^Optimization: (.*)$", text, re.M)
    optimum = re.findall(r"^ *(Optimum +: .*|Optimization +: .*)$", text, re.M)
    return verdict, models.group(1), costs, optimum


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n} {' '.join(o)}" for n, o in CASES])
def test_text_and_exit_code_are_clingos(programs, name, options) -> None:
    program = str(programs / name)
    ours, theirs = lpsolve_run(program, *options), clingo(program, *options)
    assert ours.returncode == theirs.returncode, (ours.stdout, theirs.stdout)
    assert answers(ours.stdout) == answers(theirs.stdout)
    assert summary(ours.stdout) == summary(theirs.stdout)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n} {' '.join(o)}" for n, o in CASES])
def test_outf_2_is_clingos_json(programs, name, options) -> None:
    program = str(programs / name)
    ours = json.loads(lpsolve_run(program, *options, "--outf=2").stdout)
    theirs = json.loads(clingo(program, *options, "--outf=2").stdout)

    def witnesses(data: dict) -> set[tuple[frozenset[str], tuple[int, ...]]]:
        return {
            (frozenset(w["Value"]), tuple(w.get("Costs", ())))
            for call in data["Call"]
            for w in call.get("Witnesses", [])
        }

    assert witnesses(ours) == witnesses(theirs)
    assert ours["Result"] == theirs["Result"]
    assert ours["Models"] == theirs["Models"]
    assert ours["Calls"] == theirs["Calls"] == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["-c", "k=2;#script"], "-c 'k=2;#script': expected NAME=TERM"),
        (["-n", "x"], "expected a whole number 0 or more, got 'x'"),
        (["--heuristic", "Sneaky"], "invalid choice: 'Sneaky'"),
    ],
)
def test_clingo_options_are_checked_before_clingo_sees_them(programs, options, message) -> None:
    done = lpsolve_run(str(programs / "two.lp"), *options)
    assert done.returncode == 2 and message in done.stderr
