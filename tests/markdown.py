"""Reading the runnable examples out of Markdown documents (README, docs/, tutorial)."""

from __future__ import annotations

import re


def console_sessions(text: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs from the ```console blocks of a Markdown text:
    each ``$ `` line is a command, the lines up to the next one its output."""
    sessions = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    sessions.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command:
            sessions.append((command, "\n".join(output)))
    return sessions
