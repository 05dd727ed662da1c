"""The README and every page of docs/ run as written.

- ``console`` blocks: each ``$ lpsolve ...`` command is run and its output compared
  (times masked), as a reader would see it.
- ``python`` blocks: executed.
- ``sh`` blocks: every ``lpsolve`` and ``dask`` command is run, a block at a time in a
  fresh folder that sees the checkout's ``instances/`` and ``docs/`` (so the files a
  command writes land there): a line ending in ``&`` is started in the background and
  stopped after the block, ``lpsolve serve`` is started, asked for its front page and
  stopped. Set-up steps (``pip``, ``python``, ``ruff``, ``lint-imports``) are left to
  the packaging tests and CI, which run them. A command passes when it exits 0, 1 (no
  solution, a grading that fails) or 3 (stopped by a documented ``--timeout``) without a traceback.

The tutorials (Takuzu's, Akari's, deductions) have a test of their own (``tests/test_tutorial.py``)
for their exit statuses.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import ROOT
from .markdown import console_sessions

sys.path.insert(0, str(ROOT / "docs"))
import make_reference  # docs/make_reference.py, not a package

TUTORIALS = {"tutorial.md", "tutorial-akari.md", "tutorial-deductions.md"}  # test_tutorial.py
PAGES = sorted(page for page in (ROOT / "docs").glob("*.md") if page.name not in TUTORIALS)
DOCUMENTS = [ROOT / "README.md", *PAGES]
TIME = re.compile(r"\((\d[\d,]*\.\d+ (ms|s))\)")


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def blocks(language: str) -> list[tuple[str, str]]:
    """(document, block text) for every fenced block of ``language``."""
    return [
        (relative(document), block)
        for document in DOCUMENTS
        for block in re.findall(rf"```{language}\n(.*?)```", document.read_text(), re.S)
    ]


SESSIONS = [
    (relative(document), command, expected)
    for document in DOCUMENTS
    for command, expected in console_sessions(document.read_text())
]


def test_the_readme_is_a_front_page() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) < 250
    for page in re.findall(r"\]\((docs/[\w./-]+\.md)", readme):
        assert (ROOT / page).is_file(), page


def test_every_page_is_in_the_site_and_every_link_leads_somewhere() -> None:
    site = (ROOT / "mkdocs.yml").read_text()
    for page in (ROOT / "docs").glob("*.md"):
        assert f": {page.name}" in site, f"{page.name} is not in mkdocs.yml's nav"
        for target in re.findall(r"\]\(([\w-]+\.md)(?:#[\w-]+)?\)", page.read_text()):
            assert (ROOT / "docs" / target).is_file(), f"{page.name} links to {target}"


@pytest.mark.parametrize(
    ("document", "command", "expected"), SESSIONS, ids=[f"{d}: {c}" for d, c, _ in SESSIONS]
)
def test_console_example(document: str, command: str, expected: str, run, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    program, *args = shlex.split(command)
    assert program == "lpsolve"
    status, out, err = run(*args)
    assert status == 0, err
    assert TIME.sub("(TIME)", out).rstrip("\n") == expected.rstrip("\n")


LIBRARY_EXAMPLES = blocks("python")


@pytest.mark.parametrize(
    ("document", "code"),
    LIBRARY_EXAMPLES,
    ids=[f"{d}-{i}" for i, (d, _) in enumerate(LIBRARY_EXAMPLES)],
)
def test_library_example(document: str, code: str, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(code, document, "exec"), {})


def test_setup_commands_are_the_ones_ci_runs() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)
    install_and_solve, install_and_test = commands[0], commands[1]
    assert "pip install ." in install_and_solve and "lpsolve solve instances/" in install_and_solve
    ci = (ROOT / ".ci" / "run").read_text()
    assert install_and_test in ci


def test_the_command_help_page_is_current() -> None:
    assert make_reference.PAGE.read_text() == make_reference.page(), (
        "docs/reference.md is out of date: run python docs/make_reference.py"
    )


@pytest.mark.parametrize("table", make_reference.TABLES, ids=lambda t: t.path.name)
def test_the_kind_tables_are_the_registrys(table) -> None:
    """The README's kinds and docs/limits.md's input limits are the kind registry's."""
    assert table.current() == table.make().strip(), (
        f"{table.path.name}: the table is out of date: run python docs/make_reference.py"
    )


def test_the_readme_picture_is_what_lpsolve_draws(tmp_path: Path) -> None:
    drawn = tmp_path / "beehive.svg"
    beehive = "instances/hidato/seed003-hex-19.json"
    draw = [sys.executable, "-m", "lpsolve", "draw", beehive, "--solve", "-o", str(drawn)]
    subprocess.run(draw, cwd=ROOT, check=True)
    assert drawn.read_text() == (ROOT / "docs" / "images" / "beehive.svg").read_text()


# -- sh blocks ---------------------------------------------------------------------------

SET_UP = {"pip", "python", "python3", "ruff", "lint-imports"}


def commands_of(block: str) -> list[tuple[list[str], bool]]:
    """(argv, in the background?) of each command of a block that the test runs."""
    found = []
    for line in block.splitlines():
        background = line.rstrip().endswith("&") and not line.rstrip().endswith("&&")
        line = line.rstrip().removesuffix("&") if background else line
        for part in line.split("&&"):
            words = shlex.split(part, comments=True)
            if words and words[0] not in SET_UP and not words[0].startswith("."):
                found.append((words, background))
    return found


SHELL_BLOCKS = [(d, b) for d, b in blocks("sh") if commands_of(b)]
BIN = Path(sys.executable).parent


def start(words: list[str], cwd: Path, **kwargs) -> subprocess.Popen:
    program = {"lpsolve": [sys.executable, "-m", "lpsolve"], "dask": [str(BIN / "dask")]}
    assert words[0] in program, f"a docs command this test cannot run: {words}"
    return subprocess.Popen(
        program[words[0]] + words[1:], cwd=cwd, text=True, start_new_session=True, **kwargs
    )


def wait_for(condition, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.2)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def scheduler_has_workers(address: str) -> bool:
    from distributed import Client

    try:
        with Client(address, timeout=2) as client:
            return len(client.scheduler_info()["workers"]) > 0
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize(
    ("document", "block"), SHELL_BLOCKS, ids=[f"{d}: {b.splitlines()[0]}" for d, b in SHELL_BLOCKS]
)
def test_shell_example(document: str, block: str, tmp_path: Path) -> None:
    for folder in ("instances", "docs"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    background: list[subprocess.Popen] = []
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    try:
        for words, in_background in commands_of(block):
            if words[:2] == ["lpsolve", "serve"] or in_background:
                background.append(start(words, tmp_path, env=env, stdout=subprocess.DEVNULL))
                if words[:2] == ["lpsolve", "serve"]:
                    wait_for(lambda: answers("http://127.0.0.1:8000/"), "lpsolve serve answers")
                elif words[:2] == ["dask", "worker"]:
                    wait_for(
                        lambda address=words[2]: scheduler_has_workers(address),
                        "a Dask worker connects",
                    )
                continue
            process = start(
                words, tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
            _, err = process.communicate(timeout=300)
            assert process.returncode in (0, 1, 3), f"{shlex.join(words)}: {err}"
            assert "Traceback" not in err, err
    finally:
        for process in reversed(background):
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@pytest.mark.slow
def test_the_site_builds_without_a_broken_link(tmp_path: Path) -> None:
    """``mkdocs build --strict`` with mkdocs.yml's validation: a missing page, a link to
    nowhere or an unknown anchor fails the build."""
    build = subprocess.run(
        [str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "site" / "limits" / "index.html").is_file()
