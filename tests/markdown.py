"""Reading Markdown: the runnable examples of documents (README, docs/, tutorial), and
the tables that benchmarks print."""

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


def table_row(output: str, first: str) -> dict[str, str]:
    """The row of a Markdown table in ``output`` whose first cell is ``first``, by the
    header's column names (the first table whose header starts with a ``genre`` column)."""
    lines = output.splitlines()
    header = next(line for line in lines if line.startswith("| genre |"))
    (row,) = [line for line in lines if line.startswith(f"| {first} |")]

    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip().strip("|").split("|")]

    return dict(zip(cells(header), cells(row), strict=True))
