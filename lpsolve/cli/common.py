"""What every command shares: exit statuses, the limits of a supervised job
(``--timeout``, ``--memory-limit``), argument types and JSON for people."""

from __future__ import annotations

import argparse
import re
import sys
import time
from typing import Any

from ..jobs import DEFAULT_MEMORY, Limits, format_size, parse_size

EXIT_SOLVED, EXIT_NO_SOLUTION, EXIT_BAD_INPUT, EXIT_STOPPED, EXIT_INTERNAL = 0, 1, 2, 3, 70
EXIT_DISAGREE = 4

# exit statuses as the commands' help lists them (see lpsolve.cli.EXIT_STATUSES)
STATUS_BAD_INPUT = (
    EXIT_BAD_INPUT,
    "bad input or usage: one line on stderr, FILE:LINE:COL: message",
)
STATUS_STOPPED = (
    EXIT_STOPPED,
    "stopped by --timeout, --memory-limit or Ctrl-C (what was found is shown)",
)
STATUS_INTERNAL = (EXIT_INTERNAL, "internal error (a bug in lpsolve)")

#: the version of the JSON every answer follows (``lpsolve/schema.json``)
SCHEMA_VERSION = 1


def limit_arguments(command: argparse.ArgumentParser, *, timeout: bool = True) -> None:
    """``--timeout`` and ``--memory-limit``, the limits of a supervised job."""
    if timeout:
        command.add_argument(
            "--timeout",
            type=positive_float,
            metavar="S",
            help="stop after S seconds: reading, grounding and search (keeps what was found)",
        )
    command.add_argument(
        "--memory-limit",
        type=memory_size,
        default=DEFAULT_MEMORY,
        metavar="SIZE",
        help="stop when lpsolve and its job together hold more memory, e.g. 500M, 2G, or none "
        f"(default: {format_size(DEFAULT_MEMORY)}, or half this machine's memory if less)",
    )


def kind_argument(
    command: argparse.ArgumentParser,
    help: str = "puzzle kind (default: from file)",
    required: bool = False,
) -> None:
    """``--kind KIND``: any name here; the registry checks it once the command line is
    parsed (:func:`lpsolve.cli.main`), so that building the parser lists no kinds."""
    command.add_argument("--kind", metavar="KIND", required=required, help=help)


def memory_size(text: str) -> int | None:
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def job_limits(args: argparse.Namespace) -> Limits:
    """The command's ``--timeout`` and ``--memory-limit``; the memory cap covers this
    process and its job together (``Limits.count_supervisor``)."""
    return Limits(getattr(args, "timeout", None), args.memory_limit, count_supervisor=True)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def whole_number(text: str) -> int:
    """argparse type: any integer (e.g. a random seed)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):  # also refuses nan
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def progress_bar(label: str, details: str, *, transient: bool = False) -> Any:
    """A started progress bar on stderr: ``label``, bar, done/total, ``details`` (a
    rich template of the task's fields), elapsed time, time left. It has no refresh
    thread (call ``refresh()`` after updates): jobs are forked while it runs, and a
    fork while a thread writes could leave a lock held in the child."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (BarColumn(), MofNCompleteColumn(), TextColumn(details))
    bar = Progress(
        *((TextColumn(label),) if label else ()),
        *columns,
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=stderr_console(),
        auto_refresh=False,
        transient=transient,
    )
    bar.start()
    return bar


class Activity:
    """What a long job is doing, on stderr when it is a terminal: a spinner, a few
    words and the seconds so far, shown once the job has run :data:`DELAY` seconds
    (quick answers print nothing extra) and gone when it ends. Nothing at all when
    stderr is not a terminal. Redrawn by :meth:`tick`, which the job's supervisor calls
    as it waits: no refresh thread, since jobs fork (see :func:`progress_bar`).
    Text printed meanwhile appears above it (rich moves the display)."""

    DELAY = 0.5  # seconds
    REDRAW = 0.1  # seconds between redraws

    def __init__(self, what: str, started: float) -> None:
        self.what, self.started = what, started
        self.doing = ""
        self.shown: Any = None
        self.redrawn = 0.0
        self.enabled = sys.stderr.isatty()

    def say(self, doing: str) -> None:
        """What the job does now, e.g. "searching", "3 found"."""
        self.doing = doing

    def tick(self) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.started < self.DELAY or now - self.redrawn < self.REDRAW:
            return
        if self.shown is None:
            from rich.progress import Progress, SpinnerColumn, TextColumn

            self.shown = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                console=stderr_console(),
                auto_refresh=False,
                transient=True,
            )
            self.shown.start()
            self.task = self.shown.add_task("")
        doing = f": {self.doing}" if self.doing else ""
        self.shown.update(self.task, description=f"{self.what}{doing} ({now - self.started:.1f} s)")
        self.shown.refresh()
        self.redrawn = now

    def close(self) -> None:
        if self.shown is not None:
            self.shown.stop()
            self.shown = None

    def __enter__(self) -> Activity:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


_INNERMOST_LIST = re.compile(r"\[\s+([^\[\]{}]*?)\s+\]")


def compact_json(data: Any) -> str:
    """Indented JSON with innermost lists on one line (``[3, 4, 17]``), for people."""
    import json  # only JSON output needs it

    text = json.dumps(data, indent=2)
    return _INNERMOST_LIST.sub(lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
