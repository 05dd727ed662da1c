"""`pip install .` (a real wheel, not editable) works from any directory.

Runs the README's first command literally in a fresh copy of the project, then uses
that installation from another directory: bundled instances by name, every example of
every ``--help``, and the metadata ``pip show`` shows. Needs the package index (as a
user would).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

from .conftest import ROOT
from .help_examples import examples, parsers, run_examples

IGNORED = shutil.ignore_patterns(
    ".git",
    ".venv",
    ".v",
    "__pycache__",
    "*.egg-info",
    "build",
    "dist",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
)


def test_readme_install_command_then_use_from_elsewhere(tmp_path) -> None:
    project = tmp_path / "clone"
    shutil.copytree(ROOT, project, ignore=IGNORED)
    first_line = re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)[0]
    done = subprocess.run(
        ["bash", "-c", first_line],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "1 solution, search complete: unique" in done.stdout

    venv_bin = project / ".venv" / "bin"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(project / "encodings")  # the installed package must carry its own copy
    where = subprocess.run(
        [
            str(venv_bin / "python"),
            "-c",
            "import lpsolve, lpsolve.resources as r; "
            "print(lpsolve.__file__); print(r.encodings_dir())",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    package_file, encodings = where.stdout.split()
    assert "site-packages" in package_file and "site-packages" in encodings
    solved = subprocess.run(
        [
            str(venv_bin / "lpsolve"),
            "solve",
            str(project / "instances" / "hidato" / "seed003-hex-19.json"),
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    assert solved.returncode == 0 and "search complete: unique" in solved.stdout
    encoding = subprocess.run(
        [str(venv_bin / "lpsolve"), "encoding", "hidato"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    assert encoding.stdout == (ROOT / "encodings" / "hidato.lp").read_text()

    # the installed package carries its instances: by name, from anywhere
    shutil.rmtree(project / "instances")

    def solve(name: str) -> str:
        done = subprocess.run(
            [str(venv_bin / "lpsolve"), "solve", name],
            cwd=elsewhere,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.rsplit(" (", 1)[0]  # without the timing

    assert solve("hidato/seed-10x10") == solve(str(ROOT / "instances/hidato/seed-10x10.hidoku"))

    # every example of every --help, as the installed lpsolve shows them, in a folder
    # of their own (serve's need the web extra, which `pip install .` leaves out)
    def help_for(*words: str) -> str:
        return subprocess.run(
            [str(venv_bin / "lpsolve"), *words, "--help"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "COLUMNS": "100"},
        ).stdout

    problems = []
    for path in parsers():
        lines = examples(help_for(*path))
        if path == ("serve",) or not lines:
            continue
        folder = tmp_path / ("examples-" + "-".join(path))
        folder.mkdir()
        problems += run_examples(lines, folder, venv_bin, help_for)
    assert not problems, problems

    # what `pip show` shows: the licence and the authors
    shown = subprocess.run(
        [str(venv_bin / "python"), "-m", "pip", "show", "lpsolve"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "License: MIT" in shown.splitlines() or "License-Expression: MIT" in shown.splitlines()
    assert "Author: the lpsolve developers" in shown.splitlines()
    metadata = subprocess.run(
        [
            str(venv_bin / "python"),
            "-c",
            "from importlib.metadata import metadata; m = metadata('lpsolve'); "
            "print(m['License'] or m['License-Expression']); print(m['Author'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert metadata == ["MIT", "the lpsolve developers"]
