"""The ``lpsolve`` command: subcommands that parse arguments and print results.

No puzzle logic lives here; it calls the library (``lpsolve.api``) and the kinds'
own renderers. Exit status: 0 solved, 1 no solution (``check``: not well-posed),
2 bad input or usage, 3 stopped by timeout, memory limit or Ctrl-C, 4 the backends
disagree (``--cross-check``), 70 internal error.

Every command that searches runs its work as a supervised job (``lpsolve.supervised``):
``--timeout`` covers reading, grounding and search, ``--memory-limit`` caps memory.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from .. import __version__, logs
from ..errors import InternalError, LpsolveError
from ..kinds import STDIN, preload, stdin_bytes
from .common import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_SOLVED, EXIT_STOPPED

#: the module of ``lpsolve.cli`` that defines each command, in the order ``--help``
#: lists them. Only the module of the command being run is imported (start-up time).
COMMANDS = {
    "solve": "puzzles",
    "check": "puzzles",
    "facts": "puzzles",
    "encoding": "puzzles",
    "draw": "puzzles",
    "bench": "puzzles",
    "schema": "puzzles",
    "mastermind": "mastermind",
    "grade": "grade",
    "run": "grade",
    "batch": "batch",
    "serve": "serve",
}


#: the command families whose work is over when :func:`main` returns: nothing of
#: theirs waits for the interpreter's exit (no threads, no exit handlers of their own)
QUICK_EXIT = {"puzzles", "mastermind", "grade"}


def command() -> NoReturn:
    """The ``lpsolve`` executable (and ``python -m lpsolve``): :func:`main`, then exit.

    After a supervised job the normal exit, which frees every object, costs a command
    10 ms, a sixth of what clingo's own command takes: the fork made this process's
    memory copy-on-write, so each page the teardown touches is copied. Commands whose
    work is over (:data:`QUICK_EXIT`) flush their output and end at once instead; the
    others (``batch`` may leave a cluster client, ``serve`` a server) exit normally.
    """
    code = main()
    family = COMMANDS.get(_command_named(sys.argv[1:]) or "")
    if family not in QUICK_EXIT or _threads_running():
        sys.exit(code)
    if "logging" in sys.modules:  # its handlers flush at exit
        sys.modules["logging"].shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, ValueError):  # reader left, or closed
            stream.flush()
    os._exit(code)


def _threads_running() -> bool:
    threading = sys.modules.get("threading")
    return threading is not None and threading.active_count() > 1


def main(argv: Sequence[str] | None = None) -> int:
    started = time.monotonic()  # --timeout counts from here
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command_named(argv))
    args, rest = parser.parse_known_args(argv)
    # `grade STUDENT.lp --kind K FILE...`: argparse leaves files after an option unparsed
    trailing = getattr(args, "trailing_files", None)
    if rest and (trailing is None or any(arg.startswith("-") and arg != "-" for arg in rest)):
        # the command's own usage, where the user can see what it takes
        getattr(args, "command_parser", parser).error(f"unrecognized arguments: {' '.join(rest)}")
    if rest:
        trailing.extend(rest)
    logs.configure(args.log)
    args.started = started
    try:
        file = getattr(args, "file", None)
        if file == STDIN:  # read here: jobs have no stdin
            stdin_bytes()
        if isinstance(file, str):
            preload(file, getattr(args, "kind", None))
        return args.run(args)
    except LpsolveError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InternalError as error:
        print(f"internal error (a bug in lpsolve, please report it): {error}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:  # outside the search (e.g. while grounding): nothing to keep
        print("interrupted", file=sys.stderr)
        return EXIT_STOPPED
    except BrokenPipeError:  # e.g. `lpsolve solve --all big | head`
        sys.stderr.close()
        return EXIT_SOLVED


def _command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs: its first word that is not an option of ``lpsolve``
    itself (``--log LEVEL``); None if there is none."""
    words = iter(argv)
    for word in words:
        if word == "--log":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """``lpsolve``'s parser, with every command, or only with those defined next to
    ``command`` (a known command's name): enough to run it."""
    parser = _Parser(
        prog="lpsolve",
        description="Solve logic puzzles declaratively with clingo (Answer Set Programming).",
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="show lpsolve's, clingo's and python-constraint's versions and exit",
    )
    parser.add_argument(
        "--log",
        default="warning",
        metavar="LEVEL",
        choices=["debug", "info", "warning", "error"],
        help="logging level for diagnostics on stderr (default: warning)",
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    wanted = [COMMANDS[command]] if command in COMMANDS else dict.fromkeys(COMMANDS.values())
    for name in wanted:
        importlib.import_module(f"{__name__}.{name}").add_parsers(commands)
    if "solve" in commands.choices:  # counting in cubes adds its options to solve
        from . import cubes

        cubes.add_arguments(commands.choices["solve"])
    for name, command in commands.choices.items():
        command.set_defaults(command_parser=command)
        if name in EXAMPLES:
            command.formatter_class = _ExamplesFormatter
            command.epilog = _epilog(EXAMPLES[name])
    parser.formatter_class = _ExamplesFormatter
    parser.epilog = _epilog([example for examples in EXAMPLES.values() for example in examples[:1]])
    return parser


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` tells it ($COLUMNS, else the
    terminal, else 80), without importing shutil (3 ms of every start: argparse asks
    for the width at every argument it adds)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24) -> None:
        super().__init__(prog, indent_increment, max_help_position, width=_columns() - 2)


class _ExamplesFormatter(_Formatter, argparse.RawDescriptionHelpFormatter):
    """Keeps the line breaks of the examples and exit statuses below the options."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


#: what ``--help`` shows under "examples:", per command (tests run every one of them)
EXAMPLES = {
    "solve": [
        "lpsolve solve instances/hidato/seed-10x10.hidoku",
        "lpsolve solve instances/takuzu/letheed-grid1.takuzu --all --format json",
        "lpsolve solve instances/tiling/seed-8x8.tiling --count --jobs 2",
    ],
    "check": ["lpsolve check instances/takuzu/seed-8x8.takuzu --explain"],
    "draw": ["lpsolve draw instances/magic/seed-5x5.magic --solve -o magic.svg"],
    "facts": ["lpsolve facts instances/takuzu/seed-intro-6x6.takuzu"],
    "encoding": ["lpsolve encoding takuzu"],
    "mastermind": [
        "lpsolve mastermind instances/mastermind/classic-4x6.mastermind --count",
        "lpsolve mastermind instances/mastermind/classic-4x6.mastermind --suggest --top 3",
    ],
    "grade": ["lpsolve grade tests/students/takuzu_rows_may_repeat.lp --kind takuzu"],
    "batch": ["lpsolve batch instances/ --jobs 2 --output report.jsonl"],
}

EXIT_STATUSES = """exit status:
  0   solved (check: exactly one solution)
  1   no solution, proved (check: none or several; grade: FAIL)
  2   bad input or usage: one line FILE:LINE:COL: message
  3   stopped by --timeout, --memory-limit or Ctrl-C (what was found is printed)
  4   --cross-check: the backends disagree
  70  internal error (a bug in lpsolve)"""


def _epilog(examples: list[str]) -> str:
    return "examples:\n" + "".join(f"  {e}\n" for e in examples) + "\n" + EXIT_STATUSES


class _Version(argparse.Action):
    """``--version``: lpsolve's version and those of the solvers it runs (looked up
    only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from importlib.metadata import PackageNotFoundError, version

        import clingo

        try:
            constraint = version("python-constraint2")
        except PackageNotFoundError:
            constraint = "not installed"
        print(
            f"lpsolve {__version__} (clingo {clingo.__version__}, python-constraint {constraint})"
        )
        parser.exit()
