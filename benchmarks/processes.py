"""Timing a command as a whole process, as a user's shell would run it (the benchmarks
that compare lpsolve with the clingo command share it)."""

from __future__ import annotations

import os
import subprocess
import time

#: the user's environment, without PYTHONUNBUFFERED (which a test runner may set and a
#: user's shell does not: unbuffered output costs a command its writes)
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the command and its children, exit status) of one
    whole run of ``command``, its output thrown away (``env``: default the user's)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env or ENVIRONMENT
    )
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped here; keeps Popen from waiting again
    wall = time.perf_counter() - started
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)
