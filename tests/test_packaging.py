"""`pip install .` (a real wheel, not editable) works from any directory.

Runs the README's first command literally in a fresh copy of the project, then uses
that installation from another directory. Needs the package index (as a user would).
"""

from __future__ import annotations

import re
import shutil
import subprocess

from .conftest import ROOT

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
