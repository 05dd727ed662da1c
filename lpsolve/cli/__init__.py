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
import logging
import sys
import time
from collections.abc import Sequence

from .. import __version__
from ..errors import InternalError, LpsolveError
from ..kinds import STDIN, stdin_bytes
from . import batch, cubes, grade, mastermind, puzzles
from .common import EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_SOLVED, EXIT_STOPPED


def main(argv: Sequence[str] | None = None) -> int:
    started = time.monotonic()  # --timeout counts from here
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    # `grade STUDENT.lp --kind K FILE...`: argparse leaves files after an option unparsed
    trailing = getattr(args, "trailing_files", None)
    if rest and (trailing is None or any(arg.startswith("-") for arg in rest)):
        # the command's own usage, where the user can see what it takes
        getattr(args, "command_parser", parser).error(f"unrecognized arguments: {' '.join(rest)}")
    if rest:
        trailing.extend(rest)
    logging.basicConfig(level=args.log.upper(), format="%(levelname)s %(name)s: %(message)s")
    args.started = started
    try:
        if getattr(args, "file", None) == STDIN:  # read here: jobs have no stdin
            stdin_bytes()
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    puzzles.add_parsers(commands)
    cubes.add_arguments(commands.choices["solve"])
    mastermind.add_parser(commands)
    grade.add_parsers(commands)
    batch.add_parser(commands)
    for command in commands.choices.values():
        command.set_defaults(command_parser=command)
    return parser


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
