"""Reading the examples and exit statuses out of ``lpsolve --help`` texts, and running
the examples as a user would: in a shell, in a folder of their own."""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from lpsolve.cli import build_parser


def parsers() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every parser of ``lpsolve`` by the words that reach it: ``()`` for ``lpsolve``
    itself, ``("solve",)``, and deeper for a command's own subcommands."""
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        found[path] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, (*path, name))

    walk(build_parser(), ())
    return found


def section(help_text: str, title: str) -> list[str]:
    """The indented lines under ``title:`` (up to the next blank line), stripped."""
    match = re.search(rf"^{title}:\n((?:  .*\n?)*)", help_text, re.M)
    return [] if match is None else [line.strip() for line in match.group(1).splitlines()]


def examples(help_text: str) -> list[str]:
    return section(help_text, "examples")


def exit_statuses(help_text: str) -> dict[int, str]:
    """The ``exit status:`` table: status -> meaning."""
    table = {}
    for line in section(help_text, "exit status"):
        code, meaning = line.split(maxsplit=1)
        table[int(code)] = meaning
    return table


#: statuses that say an example failed, whatever its command
FAILED = (2, 3, 70)


def run_examples(
    lines: list[str], folder: Path, bin_dir: Path, help_for: Callable[[str], str]
) -> list[str]:
    """Run ``lines`` (examples of one help text) one after the other in ``folder`` with
    ``bin_dir``'s ``lpsolve`` first on the PATH; the problems found, as text. Each must
    end with a status its command's ``--help`` lists as an answer (0 if it lists none)
    and leave output or a file."""
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    problems = []
    for line in lines:
        program, command = [*line.split(), ""][:2]
        if program == "lpsolve" and command == "serve":
            problems += _serve(line, folder, env)
            continue
        before = set(folder.iterdir())
        done = subprocess.run(
            ["bash", "-c", line], cwd=folder, env=env, capture_output=True, text=True, timeout=300
        )
        # a line of another program is a set-up step (it writes what the next one reads)
        answers = (
            set(exit_statuses(help_for(command))) - set(FAILED) or {0}
            if program == "lpsolve"
            else {0}
        )
        if done.returncode not in answers:
            problems.append(f"{line}: exit {done.returncode}: {done.stderr.strip()[-500:]}")
        elif not done.stdout and set(folder.iterdir()) == before:
            problems.append(f"{line}: no output and no file")
    return problems


def _serve(line: str, folder: Path, env: dict[str, str]) -> list[str]:
    """A ``serve`` example: it serves its home page, then Ctrl-C ends it with 0."""
    import signal

    import pytest

    port = int(re.search(r"--port (\d+)", line).group(1)) if "--port" in line else 8000
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            pytest.skip(f"{line}: port {port} is taken on this machine")
    with subprocess.Popen(
        ["bash", "-c", f"exec {line}"],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as server:
        try:
            page = _home_page(port, server)
        finally:
            server.send_signal(signal.SIGINT)
            _, err = server.communicate(timeout=60)
    if page is None or "lpsolve" not in page:
        return [f"{line}: no home page on port {port}: {err.strip()[-500:]}"]
    if server.returncode != 0:
        return [f"{line}: exit {server.returncode} after Ctrl-C: {err.strip()[-500:]}"]
    return []


def _home_page(port: int, server: subprocess.Popen, seconds: float = 60) -> str | None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and server.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                return answer.read().decode()
        except OSError:
            time.sleep(0.1)
    return None
