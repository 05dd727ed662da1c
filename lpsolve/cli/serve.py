"""``lpsolve serve``: the web playground (``pip install "lpsolve[web]"``).

Starlette and uvicorn are imported only when the command runs, so the rest of the
command line does not pay for them, and without the extra the command says what to
install (exit 2).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any

from ..kinds import KINDS
from .common import EXIT_BAD_INPUT, EXIT_SOLVED, limit_arguments, positive_float, positive_int

INSTALL_HINT = 'the web playground needs its extra: pip install "lpsolve[web]"'
#: seconds each visitor's job may take when --timeout is not given
DEFAULT_TIMEOUT = 10.0


def add_parsers(commands: Any) -> None:
    pages = "".join(f", {kind.title}" for kind in KINDS.values() if kind.pages)
    serve = commands.add_parser(
        "serve",
        help=f"the web playground: puzzles, a generator, a modelling workbench{pages}",
        description='Serve the web playground (pip install "lpsolve[web]"): the bundled '
        "puzzles drawn and solved, new puzzles generated (lpsolve generate), a workbench "
        f"to run and grade ASP programs{pages}. "
        "Every visitor's run is a supervised job under --timeout and --memory-limit; "
        "--jobs run at once and --queue more wait, beyond which a visitor is asked to "
        "come back (HTTP 503); one visitor (one address) may have half the runs and half "
        "the queue. Every request is logged on stderr. Binds to 127.0.0.1 unless --host "
        "says otherwise. Ctrl-C stops it.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=_port, default=8000, metavar="N", help="port to listen on (default: 8000)"
    )
    limit_arguments(serve, timeout=False)
    serve.add_argument(
        "--timeout",
        type=positive_float,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=f"seconds each visitor's request may take (default: {DEFAULT_TIMEOUT:g}); "
        "grading: per instance and program",
    )
    serve.add_argument(
        "--jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help=f"runs at once (default: the cores, {os.cpu_count() or 1})",
    )
    serve.add_argument(
        "--queue",
        type=_non_negative,
        default=8,
        metavar="N",
        help="runs that may wait for a free slot; more are refused with 503 (default: 8)",
    )
    serve.set_defaults(run=run_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"expected a port 1..65535, got {text!r}")
    return int(text)


def _non_negative(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, got {text!r}")
    return int(text)


def run_serve(args: argparse.Namespace) -> int:
    try:  # starlette, uvicorn, jinja2: only here, and only with the extra installed
        app = importlib.import_module("lpsolve.web.app")
    except ImportError:
        print(f"error: {INSTALL_HINT}", file=sys.stderr)
        return EXIT_BAD_INPUT
    settings = app.Settings(
        timeout=args.timeout, memory=args.memory_limit, jobs=args.jobs, queue=args.queue
    )
    print(
        f"lpsolve playground on http://{_url_host(args.host)}:{args.port}/ (Ctrl-C stops it)",
        file=sys.stderr,
        flush=True,
    )
    app.serve(args.host, args.port, settings, args.log)
    return EXIT_SOLVED


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
