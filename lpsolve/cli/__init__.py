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
from ..kinds import KINDS, STDIN, kind_spec, preload, stdin_bytes
from ..kinds.registry import ENVIRONMENT, configure
from .common import (
    EXIT_BAD_INPUT,
    EXIT_DISAGREE,
    EXIT_INTERNAL,
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    EXIT_STOPPED,
    STATUS_BAD_INPUT,
    STATUS_INTERNAL,
    STATUS_STOPPED,
)

#: the commands built-in kinds add (``Kind.commands``), each defined by the module of
#: ``lpsolve.cli.kinds`` named after its kind
KIND_COMMANDS = {
    command: f"kinds.{kind.name}" for kind in KINDS.values() for command in kind.commands
}

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
    "hint": "hints",
    "rate": "hints",
    "generate": "generate",
    **KIND_COMMANDS,
    "grade": "grade",
    "run": "grade",
    "batch": "batch",
    "kinds": "kindlist",
    "serve": "serve",
}

#: the command families whose work is over when :func:`main` returns: nothing of
#: theirs waits for the interpreter's exit (no threads, no exit handlers of their own);
#: a kind's commands are such (see ``lpsolve.cli.kinds``)
QUICK_EXIT = {"puzzles", "hints", "generate", "grade", "kindlist", *KIND_COMMANDS.values()}


def _kind_module(command: str) -> Any:
    """The module of a command a kind adds (imported now), or None for lpsolve's own."""
    if command not in KIND_COMMANDS:
        return None
    return importlib.import_module(f"{__name__}.{KIND_COMMANDS[command]}")


#: lpsolve's own commands with subcommands, each added by its module's
#: ``add_subcommand`` (``lpsolve kinds new``)
OWN_SUBCOMMANDS = {"kinds": ("new", "check")}


def subcommands(command: str | None) -> tuple[str, ...]:
    """The words that may follow ``command`` to name a subcommand of its own, with its
    own options and help (``lpsolve mastermind play``, ``lpsolve kinds new``); any other
    word there is the command's own argument (a game file: one named ``play`` is
    written ``./play``)."""
    if command in OWN_SUBCOMMANDS:
        return OWN_SUBCOMMANDS[command]
    module = _kind_module(command) if command is not None else None
    return () if module is None else tuple(module.SUBCOMMANDS.get(command, ()))


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
    name = _command_named(argv)
    parser = build_parser(name, _subcommand_named(argv, name))
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
        configure(getattr(args, "kinds", []))  # the kinds' folders, before any kind is read
        kind = getattr(args, "kind", None)
        if isinstance(kind, str):  # --kind (or a command's KIND): one the registry knows
            kind_spec(kind)
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


def _subcommand_named(argv: Sequence[str], command: str | None) -> str | None:
    """The subcommand ``argv`` runs (see :func:`subcommands`): the word right after
    ``command``, if it names one; else None."""
    words = subcommands(command)
    if not words:
        return None
    after = list(argv)[list(argv).index(command) + 1 :]
    return after[0] if after and after[0] in words else None


def build_parser(
    command: str | None = None, subcommand: str | None = None
) -> argparse.ArgumentParser:
    """``lpsolve``'s parser, with every command, or only with those defined next to
    ``command`` (a known command's name): enough to run it. With ``subcommand`` (one
    of :func:`subcommands`), ``command`` is parsed as that subcommand's container."""
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
        dest="command",
        required=True,
        metavar="COMMAND",
        parser_class=_Parser,
        help="what to do (lpsolve COMMAND --help says more)",
    )

    wanted = [COMMANDS[command]] if command in COMMANDS else dict.fromkeys(COMMANDS.values())
    for name in wanted:
        module = importlib.import_module(f"{__name__}.{name}")
        if subcommand is not None:
            module.add_subcommand(commands, subcommand)
        else:
            module.add_parsers(commands)
    if "solve" in commands.choices:  # counting in cubes, and steps, add options to solve
        from . import cubes, hints

        cubes.add_arguments(commands.choices["solve"])
        hints.add_steps_option(commands.choices["solve"])
    for command in commands.choices.values():
        command.set_defaults(command_parser=command)
        _kinds_argument(command)
    return parser


def _kinds_argument(command: argparse.ArgumentParser) -> None:
    """``--kinds DIR``, which every command takes (and each subcommand of its own)."""
    for action in command._actions:  # argparse keeps a command's subcommands there
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _kinds_argument(sub)
    command.add_argument(
        "--kinds",
        action="append",
        default=[],
        metavar="DIR",
        help=f"a folder of puzzle kinds, or one kind's folder, before those in {ENVIRONMENT} "
        "(repeatable; lpsolve kinds lists them)",
    )


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
    """A parser whose mistakes are one line, and whose ``--help`` ends with the
    command's examples, what its files may name and its exit statuses."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """A usage mistake: one line on stderr, where the help is, exit 2 (argparse
        would print the usage block first)."""
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        # made here, when asked for: the epilog names the bundled instances' folder
        epilog = help_epilog(self.prog.removeprefix("lpsolve").strip())
        if epilog:
            self.formatter_class = _ExamplesFormatter
            self.epilog = epilog
        return super().format_help()


#: what ``--help`` shows under "examples:", per command; every one works in any folder
#: (a test runs them in an empty one)
EXAMPLES = {
    "solve": [
        "lpsolve solve hidato/seed-10x10",
        "lpsolve solve takuzu/letheed-grid1 --all --format json",
        "lpsolve solve tiling/geekoverdose-5x5_1 --count --jobs 2",
        "lpsolve solve takuzu/seed-intro-6x6 --steps",
    ],
    "check": ["lpsolve check takuzu/seed-8x8 --explain"],
    "draw": ["lpsolve draw magic/seed-5x5 --solve -o magic.svg"],
    "hint": [
        "lpsolve hint takuzu/seed-8x8",
        "lpsolve hint sudoku/wikipedia --format svg -o hint.svg",
    ],
    "rate": ["lpsolve rate takuzu/generated-14x14 --format json"],
    "generate": [
        "lpsolve generate takuzu --size 10x10 --level hard --count 3 --seed 1",
        "lpsolve generate sudoku --size 4 --level easy -o puzzles",
        "lpsolve generate hidato --size 6x6 --seed 2",
    ],
    "facts": ["lpsolve facts takuzu/seed-intro-6x6"],
    "encoding": ["lpsolve encoding takuzu"],
    "grade": [
        # a student's first attempt (the tutorial's step 1): FAIL, every answer named
        "echo '1 { value(R,C,0); value(R,C,1) } 1 :- row(R), col(C).' > mine.lp",
        "lpsolve grade mine.lp --kind takuzu takuzu/seed-8x8 takuzu/letheed-grid1",
    ],
    "run": [
        "lpsolve encoding takuzu > takuzu.lp",
        "lpsolve run takuzu.lp takuzu/seed-intro-6x6 -n 0",
    ],
    "batch": ["lpsolve batch takuzu --jobs 2 --output report.jsonl"],
    "kinds": ["lpsolve kinds", "lpsolve kinds takuzu --format json"],
    "kinds new": [
        "lpsolve kinds new latin",
        "lpsolve solve latin/instances/example.latin --kinds .",
    ],
    "kinds check": ["lpsolve kinds check sudoku"],
    "serve": ["lpsolve serve", "lpsolve serve --port 8080 --timeout 5 --jobs 2"],
}

#: the examples of ``lpsolve --help``: a command's first (grade's two: the first makes
#: the file the second reads); the first of each command a kind adds goes after facts
OVERVIEW = [
    *(EXAMPLES[name][0] for name in ("solve", "check", "draw", "facts")),
    *EXAMPLES["grade"],
    EXAMPLES["batch"][0],
]
#: where in :data:`OVERVIEW` the kinds' commands' examples go
OVERVIEW_KINDS_AT = 4

_BAD_INPUT, _STOPPED, _INTERNAL = STATUS_BAD_INPUT, STATUS_STOPPED, STATUS_INTERNAL

#: the exit statuses each command's ``--help`` lists: those it can end with, and only
#: for commands that end with more than success or bad input
EXIT_STATUSES: dict[str, list[tuple[int, str]]] = {
    "solve": [
        (EXIT_SOLVED, "solved: at least one solution"),
        (EXIT_NO_SOLUTION, "no solution, proved"),
        _BAD_INPUT,
        _STOPPED,
        (EXIT_DISAGREE, "--cross-check: the backends disagree"),
        _INTERNAL,
    ],
    "check": [
        (EXIT_SOLVED, "well-posed: exactly one solution"),
        (EXIT_NO_SOLUTION, "not well-posed: no solution, or several"),
        _BAD_INPUT,
        _STOPPED,
        (EXIT_DISAGREE, "--cross-check: the backends disagree"),
        _INTERNAL,
    ],
    "draw": [
        (EXIT_SOLVED, "drawn (--solve: a solution)"),
        (EXIT_NO_SOLUTION, "--solve: no solution, proved (the puzzle is drawn)"),
        _BAD_INPUT,
        (EXIT_STOPPED, "--solve: stopped by --timeout, --memory-limit or Ctrl-C"),
        _INTERNAL,
    ],
    "hint": [
        (EXIT_SOLVED, "a deduction shown (or every cell is known)"),
        (EXIT_NO_SOLUTION, "no deduction: more than one solution, none, or a rule broken"),
        _BAD_INPUT,
        _STOPPED,
        _INTERNAL,
    ],
    "rate": [
        (EXIT_SOLVED, "rated"),
        (EXIT_NO_SOLUTION, "not rated: the steps do not reach a unique solution"),
        _BAD_INPUT,
        _STOPPED,
        _INTERNAL,
    ],
    "generate": [
        (EXIT_SOLVED, "every puzzle made, verified unique and at its level"),
        (
            EXIT_NO_SOLUTION,
            "a puzzle not made at the level in --attempts boards (those made are shown)",
        ),
        _BAD_INPUT,
        _STOPPED,
        _INTERNAL,
    ],
    "grade": [
        (EXIT_SOLVED, "PASS: every answer correct"),
        (
            EXIT_NO_SOLUTION,
            "FAIL: some answer wrong, missing or duplicated, or a search too slow or too big",
        ),
        _BAD_INPUT,
        (EXIT_STOPPED, "interrupted by Ctrl-C (the instances graded so far are reported)"),
        _INTERNAL,
    ],
    "run": [  # clingo's own
        (10, "SATISFIABLE: answer sets found, not every one (-n)"),
        (20, "UNSATISFIABLE"),
        (30, "every answer set found (SATISFIABLE, search complete)"),
        (1, "stopped by --timeout or Ctrl-C before any answer set"),
        (11, "stopped by --timeout or Ctrl-C after answer sets were found"),
        (33, "stopped by --memory-limit"),
        _BAD_INPUT,
    ],
    "batch": [
        (EXIT_SOLVED, "every puzzle got a complete answer (unique, several or none)"),
        (EXIT_BAD_INPUT, "bad usage, or some file is bad input (its report line says why)"),
        (
            EXIT_STOPPED,
            "some puzzle was stopped by --timeout or --memory-limit, or the batch by Ctrl-C",
        ),
        (EXIT_INTERNAL, "an internal error in some puzzle (a bug in lpsolve)"),
    ],
    "kinds check": [
        (EXIT_SOLVED, "no problem found"),
        (EXIT_NO_SOLUTION, "a problem found (each is a line starting PROBLEM)"),
        _BAD_INPUT,
    ],
    "serve": [
        (EXIT_SOLVED, "stopped by Ctrl-C"),
        (EXIT_BAD_INPUT, "bad usage, or the web extra is missing"),
    ],
}

#: the commands whose files may name bundled instances (``kinds.locate``): the
#: argument that may, as their help names it
READS_BUNDLED = {
    "solve": "FILE",
    "check": "FILE",
    "draw": "FILE",
    "facts": "FILE",
    "hint": "FILE",
    "rate": "FILE",
    "grade": "INSTANCE",
    "run": "a puzzle FILE",
    "batch": "PATH",
}


def help_epilog(command: str) -> str:
    """What ``lpsolve COMMAND --help`` shows below the options (``lpsolve --help``:
    ``command`` empty): examples, bundled instances, exit statuses."""
    if not command:
        statuses = "exit status: 0 success, 2 bad input or usage; each COMMAND --help lists its own"
        kinds = [_kind_module(name).EXAMPLES[name][0] for name in KIND_COMMANDS]
        at = OVERVIEW_KINDS_AT
        return _examples([*OVERVIEW[:at], *kinds, *OVERVIEW[at:]]) + "\n" + statuses
    module = _kind_module(command)
    examples, bundled, statuses = (
        (EXAMPLES, READS_BUNDLED, EXIT_STATUSES)
        if module is None
        else (module.EXAMPLES, module.READS_BUNDLED, module.EXIT_STATUSES)
    )
    parts = []
    if command in examples:
        parts.append(_examples(examples[command]))
    if command in bundled:
        parts.append(_bundled_note(bundled[command], command == "batch"))
    if command in statuses:
        lines = "".join(f"  {code:<3} {text}\n" for code, text in statuses[command])
        parts.append("exit status:\n" + lines)
    return "\n".join(parts).rstrip("\n")


def _examples(examples: list[str]) -> str:
    return "examples:\n" + "".join(f"  {example}\n" for example in examples)


def _bundled_note(argument: str, folders: bool) -> str:
    import textwrap  # only for --help

    from ..resources import instances_dir

    what = "a puzzle that comes with lpsolve"
    what += ", or a folder of them," if folders else ""
    first = next(kind for kind in KINDS.values() if kind.instances())
    examples = os.path.splitext(first.instances()[0].name)[0]
    examples += f", {list(KINDS)[-1]}" if folders else ""
    text = (
        f"{argument} may name {what} when no file has that name: its path under "
        f"instances/, the extension optional ({examples}). They are the files in:"
    )
    width = min(_columns() - 2, 80)
    wrapped = textwrap.fill(text, width, initial_indent="  ", subsequent_indent="  ")
    # the folder on a line of its own: easy to copy, and the text above wraps the same
    # wherever lpsolve is installed
    return f"bundled instances:\n{wrapped}\n    {instances_dir()}\n"


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
