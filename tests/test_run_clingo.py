"""``lpsolve run`` is the clingo command: the same answer sets, the same text, JSON and
competition output, the same exit codes, also for programs on standard input, a
number of models given as a file argument, a program under any file name, and a
search stopped by the time limit after it found answer sets.

The source of truth is clingo's own application (``clingo_main`` with clingo's
default main function: what the ``clingo`` executable runs) on the same programs and
options; the outputs are compared whole, timings stripped."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lpsolve.cli import main

from .conftest import ROOT

#: the clingo command: clingo's application with its own main function and name
CLINGO = (
    "import sys; from clingo.application import Application, clingo_main\n"
    "class Clingo(Application):\n"
    "    program_name = 'clingo'\n"
    "sys.exit(clingo_main(Clingo(), sys.argv[1:]))"
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
    "strings.lp": '{ s("a b"; "c\\"d"; "e\\\\f") }.\n',
    "warning.lp": "p :- q.\n",
    # a program under names clingo takes as any other file
    "rules.asp": "{ x ; y }.\n",
    "rules": "{ x ; y ; z }.\n",
    "notes.txt": "{ u }.\n",
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
    ("strings.lp", ["-n", "0"]),
    ("warning.lp", []),
    # a number of answer sets among the files, as clingo takes it
    ("four.lp", ["0"]),
    ("four.lp", ["2"]),
    # clingo's -q prints no answer set (and keeps its default of one)
    ("four.lp", ["-q"]),
    ("four.lp", ["-q", "0"]),
    ("maximize.lp", ["--quiet=1,0"]),
    # any file name is a program
    ("rules.asp", ["0"]),
    ("rules", ["0"]),
    ("notes.txt", ["0"]),
]
OUTPUT_FORMATS = ["--outf=1", "--outf=3"]
TIMING = re.compile(r"\d+\.\d+s")


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("programs")
    for name, text in PROGRAMS.items():
        (folder / name).write_text(text)
    return folder


def command(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        args, capture_output=True, text=True, cwd=cwd, check=False, input=stdin or ""
    )


def lpsolve_run(*args: str, **how) -> subprocess.CompletedProcess:
    """The ``lpsolve`` command, as a user runs it."""
    return command(sys.executable, "-m", "lpsolve", "run", *args, **how)


@pytest.fixture
def run_here(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    """``lpsolve run ARGS`` in this process (its job still a child process): quicker
    than a new interpreter per case. Returns what :func:`command` returns."""

    def runner(*args: str, stdin: str | None = None, cwd: Path = ROOT):
        monkeypatch.chdir(cwd)
        data = io.BytesIO((stdin or "").encode())
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(data))
        status = main(["run", *args])
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(args, status, out, err)

    return runner


def clingo(*args: str, **how) -> subprocess.CompletedProcess:
    return command(sys.executable, "-c", CLINGO, *args, **how)


def same_output(ours: subprocess.CompletedProcess, theirs: subprocess.CompletedProcess) -> None:
    """The same exit code, standard output and error, timings aside."""
    assert ours.returncode == theirs.returncode, (ours.stdout, ours.stderr)
    assert TIMING.sub("T", ours.stdout) == TIMING.sub("T", theirs.stdout)
    assert ours.stderr == theirs.stderr


def case_id(name: str, options: list[str]) -> str:
    return f"{name} {' '.join(options)}"


@pytest.mark.parametrize(("name", "options"), CASES, ids=[case_id(*c) for c in CASES])
def test_text_and_exit_code_are_clingos(programs, run_here, name, options) -> None:
    same_output(run_here(name, *options, cwd=programs), clingo(name, *options, cwd=programs))


@pytest.mark.parametrize(("name", "options"), CASES, ids=[case_id(*c) for c in CASES])
def test_outf_2_is_clingos_json(programs, run_here, name, options) -> None:
    ours = run_here(name, *options, "--outf=2", cwd=programs)
    theirs = clingo(name, *options, "--outf=2", cwd=programs)
    assert ours.returncode == theirs.returncode
    ours_json, theirs_json = json.loads(ours.stdout), json.loads(theirs.stdout)
    for data in (ours_json, theirs_json):
        data.pop("Time")
        for call in data["Call"]:
            for timing in ("Start", "Stop"):
                call.pop(timing, None)
            for witness in call.get("Witnesses", []):
                witness.pop("Time", None)
    assert ours_json == theirs_json


@pytest.mark.parametrize("output", OUTPUT_FORMATS)
@pytest.mark.parametrize("name", ["two.lp", "none.lp", "minimize.lp"])
def test_the_other_output_formats_are_clingos(programs, run_here, name, output) -> None:
    """Before, --outf took only 0 and 2 (a usage error for 1 and 3)."""
    same_output(run_here(name, "0", output, cwd=programs), clingo(name, "0", output, cwd=programs))


@pytest.mark.parametrize("files", [["-"], [], ["-", "const.lp"]], ids=["-", "nothing", "- const"])
def test_a_program_on_standard_input(programs, files) -> None:
    """clingo reads a program from standard input for ``-``, and when no file is given
    (the command as a user runs it: standard input is the process's)."""
    text = PROGRAMS["four.lp"]
    same_output(
        lpsolve_run(*files, "0", stdin=text, cwd=programs),
        clingo(*files, "0", stdin=text, cwd=programs),
    )


def test_a_program_on_standard_input_is_vetted(programs, run_here) -> None:
    """It has no folder: it may include nothing; a #script is refused as in a file."""
    done = run_here("-", stdin='#include "two.lp".\n', cwd=programs)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: <stdin>:1:1: #include is not available")
    done = run_here("-", stdin="#script (python)\nimport os\n#end.\n", cwd=programs)
    assert done.returncode == 2 and "<stdin>:1:1: the program contains a #script" in done.stderr
    done = run_here("-", stdin="a.\n" * (1 << 19) + "b.\n", cwd=programs)  # 1 MiB + 3 bytes
    assert done.returncode == 2 and done.stderr == (
        "error: <stdin>: the program is larger than 1 MiB\n"
    )


def test_time_limit_stops_a_search_that_found_answers_as_clingo_does(tmp_path: Path) -> None:
    """2^40 answer sets: the enumeration goes on past the time limit. clingo prints
    SATISFIABLE (answers were found), TIME LIMIT, exit 11; --time-limit is also
    lpsolve's own name for it (an alias of --timeout)."""
    program = tmp_path / "many.lp"
    program.write_text("{ b(1..40) }.\n")
    ours = lpsolve_run(str(program), "0", "-q", "--time-limit", "1")
    theirs = clingo(str(program), "0", "-q", "--time-limit=1")

    def summary(text: str) -> list[str]:
        lines = text.splitlines()[3:]  # after the header
        return [re.sub(r"\d+\+$", "N+", TIMING.sub("T", line)) for line in lines]

    assert ours.returncode == theirs.returncode == 11
    assert summary(ours.stdout) == summary(theirs.stdout)
    assert summary(ours.stdout)[:3] == ["SATISFIABLE", "", "TIME LIMIT   : 1"]


def test_a_fractional_timeout_is_kept(tmp_path: Path) -> None:
    """clingo's own --time-limit counts whole seconds; lpsolve's deadline is exact."""
    program = tmp_path / "many.lp"
    program.write_text("{ b(1..40) }.\n")
    began = time.monotonic()
    done = lpsolve_run(str(program), "0", "-q", "--timeout", "1.5")
    assert done.returncode == 11 and "TIME LIMIT   : 1" in done.stdout
    assert 1.5 <= time.monotonic() - began < 1.5 + 3.0  # 3 s: a loaded machine's slack


def nested(depth: int) -> str:
    return "f(" * depth + "0" + ")" * depth


def test_a_term_nested_300_deep(tmp_path: Path, run_here) -> None:
    """Before, the answer crossed the job's pipe by recursion: a crash, exit 70."""
    program = tmp_path / "deep.lp"
    program.write_text(f"p({nested(300)}).\n")
    ours = run_here(str(program))
    assert ours.returncode == 30 and f"p({nested(300)})" in ours.stdout.splitlines()
    same_output(ours, clingo(str(program)))


def test_a_program_clingo_cannot_read_is_one_line_at_its_place(programs, run_here) -> None:
    """clingo's words and place, lpsolve's form: one line, exit 2 (clingo: 65)."""
    bad = programs / "bad.lp"
    bad.write_text("p(1).\np(X) :- q(X.\n")
    done = run_here("bad.lp", cwd=programs)
    assert done.returncode == 2
    assert done.stderr == (
        "error: bad.lp:2:12: clingo: syntax error, unexpected ., expecting ) or ;\n"
    )
    assert clingo("bad.lp", cwd=programs).returncode == 65
    unsafe = programs / "unsafe.lp"
    unsafe.write_text("p(X) :- q.\n")
    done = run_here(str(unsafe))
    assert done.returncode == 2
    assert done.stderr == f"error: {unsafe}:1:1: clingo: unsafe variables in this rule; " + (
        "note: 'X' is unsafe\n"
    )


def test_warnings_name_files_as_the_user_did(tmp_path: Path, run_here) -> None:
    """clingo reads a program that includes files from inside its folder; its warnings
    still name the file as given, here also one it includes."""
    folder = tmp_path / "work"
    (folder / "parts").mkdir(parents=True)
    (folder / "main.lp").write_text('#include "parts/rules.lp".\n')
    (folder / "parts" / "rules.lp").write_text("p :- q.\n")
    done = run_here("work/main.lp", cwd=tmp_path)
    assert done.returncode == 30
    assert done.stderr.startswith("work/parts/rules.lp:1:6-7: info: atom does not occur")


def test_a_puzzle_program_draws_answers_where_clingo_prints_atoms(run_here) -> None:
    """With a puzzle file, each answer's atoms line is drawn as the kind draws it; the
    rest is clingo's text for the same program and the puzzle's facts."""
    step = "docs/tutorial/step4.lp"
    puzzle = "docs/tutorial/tiny.takuzu"
    facts = command(sys.executable, "-m", "lpsolve", "facts", puzzle).stdout
    drawn = run_here(step, puzzle, "0")
    atoms = run_here(step, puzzle, "0", "--atoms")
    theirs = clingo(step, "-", "0", stdin=facts)
    header = "Reading from docs/tutorial/step4.lp ...\n"
    assert atoms.stdout.splitlines()[1] + "\n" == header
    # the same answer sets, in the same order, as clingo's (the facts read otherwise)
    assert [ln for ln in atoms.stdout.splitlines() if "(" in ln and "Time" not in ln] == [
        ln for ln in theirs.stdout.splitlines() if "(" in ln and "Time" not in ln
    ]
    assert drawn.returncode == atoms.returncode == theirs.returncode == 30
    boards = re.findall(r"Answer: \d+ \(Time: [^)]*\)\n((?:[01]{4}\n){4})", drawn.stdout)
    assert boards == ["0011\n0011\n1100\n1100\n", "0011\n0110\n1100\n1001\n"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["-c", "k=2;#script"], "-c 'k=2;#script': expected NAME=TERM"),
        (["-n", "x"], "expected a whole number 0 or more, got 'x'"),
        (["--heuristic", "Sneaky"], "invalid choice: 'Sneaky'"),
        (["--quiet", "1,;"], "--quiet '1,;': expected levels"),
        (["0", "3"], "the number of answer sets is given more than once"),
        (["0", "-n", "3"], "the number of answer sets is given more than once"),
        (["--lemma-out=stolen.txt"], "unrecognized arguments: --lemma-out=stolen.txt"),
    ],
)
def test_clingo_options_are_checked_before_clingo_sees_them(programs, options, message) -> None:
    done = lpsolve_run("two.lp", *options, cwd=programs)
    assert done.returncode == 2 and message in done.stderr
    assert not (programs / "stolen.txt").exists()
