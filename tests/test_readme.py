"""The README's examples are run as written: console sessions and the library example."""

from __future__ import annotations

import re
import shlex

import pytest

from .conftest import ROOT
from .markdown import console_sessions

README = (ROOT / "README.md").read_text()
TIME = re.compile(r"\((\d[\d,]*\.\d+ (ms|s))\)")


SESSIONS = console_sessions(README)


def test_readme_has_examples() -> None:
    assert len(SESSIONS) >= 6


@pytest.mark.parametrize(("command", "expected"), SESSIONS, ids=[c for c, _ in SESSIONS])
def test_console_example(command: str, expected: str, run, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    program, *args = shlex.split(command)
    assert program == "lpsolve"
    status, out, err = run(*args)
    assert status == 0, err
    assert TIME.sub("(TIME)", out).rstrip("\n") == expected.rstrip("\n")


LIBRARY_EXAMPLES = re.findall(r"```python\n(.*?)```", README, re.S)


@pytest.mark.parametrize(
    "code", LIBRARY_EXAMPLES, ids=[f"python-{i}" for i, _ in enumerate(LIBRARY_EXAMPLES)]
)
def test_library_example(code: str, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), {})


def test_readme_has_library_examples() -> None:
    assert len(LIBRARY_EXAMPLES) >= 2


def test_setup_commands_are_the_ones_ci_runs() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    install_and_solve, install_and_test = commands[0], commands[1]
    assert "pip install ." in install_and_solve and "lpsolve solve instances/" in install_and_solve
    ci = (ROOT / ".ci" / "run").read_text()
    assert install_and_test in ci
