"""``lpsolve run``: the clingo command on users' programs and puzzle facts, vetted and
bounded.

``run`` *is* clingo's own application (:func:`clingo.application.clingo_main`, what
the ``clingo`` command runs) in a supervised child process (:mod:`lpsolve.jobs`):
clingo reads the files, grounds, enumerates, prints its text, JSON or competition
output and chooses the exit code, so options, output and codes are clingo's, and the
search runs at clingo's speed: no model crosses into Python (``-q`` counts inside
clingo; printed models are clingo's text, relayed as bytes). What lpsolve adds:

* every program is vetted first (:mod:`lpsolve.sandbox`: no ``#script`` unless
  allowed; ``#include`` only of files in the program's own folder, which is clingo's
  working directory while it reads the programs); a program read from standard input
  (``-``) may include nothing;
* each puzzle file becomes a file of facts that clingo reads with the programs;
* in clingo's text output, the answer sets of a program run with a puzzle are drawn
  as the puzzle's kind draws a solution (the atoms line replaced by the board, when
  the atoms read as one), unless ``--atoms``;
* the limits: at ``--timeout`` clingo is sent its time-limit signal (``SIGALRM``) and
  stops with ``TIME LIMIT``; Ctrl-C sends it ``SIGTERM`` (``INTERRUPTED``); either way
  it prints its summary. The memory cap kills the child (the address-space backstop
  makes clingo fail an allocation first when it can: clingo's exit 33). A child that
  does not end within :data:`STOP_GRACE` is killed, and lpsolve says so itself;
* a program clingo cannot read or ground is one line ``error: FILE:LINE:COL: ...``
  with clingo's words and exit 2 (clingo says 65); clingo's warnings name the files
  as the user named them.
"""

from __future__ import annotations

import codecs
import contextlib
import math
import os
import re
import signal
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import clingo
import clingo.application

from . import sandbox
from .errors import PuzzleError, UsageError
from .jobs import Emit, Limits, Native, format_size, supervise
from .kinds import load as load_puzzle
from .kinds import locate
from .kinds.registry import registry
from .puzzle import Puzzle

#: a program read from standard input, as the command line names it, and as clingo
#: names it in messages
STDIN, STDIN_NAME = "-", "<stdin>"
#: how long clingo may take to end and print its summary once asked to stop
STOP_GRACE = 1.0
#: clingo's exit code for input it cannot read or ground, and for a bad option
CLINGO_ERROR = 65
#: the exit code that tells a stop by the memory limit (clingo's, for running out)
EXIT_MEMORY = 33
#: atoms the drawing of answer sets keeps parsed (then it starts afresh): a bound on
#: the memory an enumeration of ever new atoms can take here
REMEMBERED_ATOMS = 100_000

# "Answer: 3" or "Answer: 3 (Time: 0.001s)": the next line holds the answer set's atoms
_ANSWER = re.compile(r"Answer: \d+\b")
# clingo's messages start with the place: "FILE:LINE:COL[-...]: error: ..."
_PLACE = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+)(?:-[\d:]+)?: (?P<text>.*)$")
_ERROR_LINE = "*** ERROR: (clingo): "


def puzzle_extensions() -> frozenset[str]:
    """File name endings ``run`` reads as puzzles (every other file is a program): the
    built-in and declared kinds'. Not the plugins': finding them imports
    ``importlib.metadata``, as costly as clingo, and ``run`` starts as fast as clingo."""
    return frozenset(registry().extensions(plugins=False))


def is_puzzle_file(name: str) -> bool:
    """A file ``run`` reads as a puzzle: one ending as a kind's puzzle files, or, where
    no file of that name exists, a bundled instance named without its extension
    (``takuzu/seed-8x8``); every other file is a program."""
    if name == STDIN:
        return False
    if os.path.splitext(name)[1].lower() in puzzle_extensions():
        return True
    if os.path.lexists(name):
        return False
    try:
        _, bundled = locate(name)
    except PuzzleError:  # no such puzzle either: a program clingo will say it cannot open
        return False
    return os.path.splitext(bundled)[1].lower() in puzzle_extensions()


@dataclass
class Request:
    """What ``lpsolve run`` was asked: the files in the order given (programs, puzzles,
    ``-`` for a program on standard input; none: standard input, as clingo), clingo's
    options (vetted by the caller), and lpsolve's own settings."""

    files: list[str]
    options: list[str] = field(default_factory=list)
    kind: str | None = None
    draw: bool = True  # draw answer sets of a puzzle's program in clingo's text output
    allow_scripts: bool = False
    limits: Limits = field(default_factory=Limits)
    start: float | None = None  # when the deadline's clock began (time.monotonic())


def run(
    request: Request,
    stdin: Callable[[int], bytes],
    stdout: Callable[[str], None],
    stderr: Callable[[str], None],
) -> int:
    """Run clingo's application on the request's programs and puzzle facts in a
    supervised child; clingo's output goes to ``stdout`` and ``stderr`` as it comes.
    ``stdin(n)`` reads at most ``n`` bytes of standard input, for a program ``-``
    (which may hold :data:`lpsolve.sandbox.MAX_BYTES`). Returns
    clingo's exit code. Raises :class:`PuzzleError` (exit 2) for a refused program, a
    puzzle that does not parse or a program clingo cannot read or ground."""
    files = request.files
    programs = [f for f in files if f != STDIN and not is_puzzle_file(f)]
    puzzles = [f for f in files if is_puzzle_file(f)]
    if files and not programs and STDIN not in files:
        raise UsageError("give a program: an ASP file, or - for standard input")
    folder = _working_folder(programs, request.allow_scripts)
    program_text = None
    if STDIN in files or not files:
        program_text = stdin(sandbox.MAX_BYTES + 1)  # one byte more tells it is too big
        sandbox.vet_text(program_text, STDIN_NAME, allow_scripts=request.allow_scripts)
    names = {program: _clingo_name(program, folder) for program in programs}
    in_folder = [p for p in programs if folder is not None and sandbox.program_folder(p) == folder]
    output = _Output(stdout, draw=request.draw and bool(puzzles) and _text_output(request))
    errors = _Errors(stderr, _Renamer(names, in_folder[0] if in_folder else None))

    def receive(item: tuple[str, Any]) -> None:
        tag, value = item
        if tag == "puzzle":
            output.puzzle_read(value)
        elif tag == "message":
            errors.message(value)

    timeout = request.limits.timeout
    options = list(request.options)
    if timeout is not None:
        # whole seconds for clingo, which then also takes SIGALRM as its time limit; the
        # supervisor sends that signal at the exact deadline (reading included)
        options.append(f"--time-limit={max(1, math.ceil(timeout))}")
    with tempfile.TemporaryDirectory(prefix="lpsolve-run-") as scratch:
        stdin_file = None
        if program_text is not None:
            stdin_file = os.path.join(scratch, "stdin.lp")
            with open(stdin_file, "wb") as file:
                file.write(program_text)
        job = _Job(files, names, request.kind, folder, scratch, stdin_file, options)
        native = Native(
            output.feed,
            errors.feed,
            {"timeout": signal.SIGALRM, "interrupt": signal.SIGTERM},
            STOP_GRACE,
        )
        outcome = supervise(job.work, request.limits, receive, start=request.start, native=native)
    output.close()
    errors.close()
    # clingo's code: returned, or (after a stop signal) the status it exited with
    code = outcome.value if outcome.value is not None else outcome.exit_status
    if code is None:  # killed before clingo ended its output
        errors.release()
        stopped = outcome.stopped_by or "interrupt"
        if stopped == "memory" and outcome.memory_limit is not None:
            words = f"the memory limit ({format_size(outcome.memory_limit)})"
        else:
            words = {"timeout": "the time limit", "memory": "the memory limit"}.get(
                stopped, "an interrupt"
            )
        stdout(f"*** stopped by {words} before clingo could end its output\n")
        if stopped == "memory":
            return EXIT_MEMORY
        return 11 if output.answers else 1
    if code == CLINGO_ERROR or errors.located:
        raise errors.error(programs[0] if programs else STDIN_NAME)
    errors.release()
    return code


def _text_output(request: Request) -> bool:
    """Whether clingo prints answer sets in its default text (to draw in place)."""
    for option in request.options:
        if option.startswith("--outf=") and option != "--outf=0":
            return False
        if option == "-q" or option.startswith(("--quiet=2", "-V", "--verbose")):
            return False
    return True


def _working_folder(programs: Sequence[str], allow_scripts: bool) -> str | None:
    """Vet each program (:func:`lpsolve.sandbox.vet_program`); the folder clingo must
    read the programs from: that of the programs that include files (clingo looks
    for an included file in its working directory first), ``None`` if none does."""
    folders = set()
    for program in programs:
        if len(sandbox.vet_program(program, allow_scripts=allow_scripts)) > 1:
            folders.add(sandbox.program_folder(program))
    if len(folders) > 1:
        raise UsageError(
            "programs that #include files must be in one folder: clingo reads every "
            "program from one working directory"
        )
    return folders.pop() if folders else None


def _clingo_name(program: str, folder: str | None) -> str:
    """The name to give clingo for a program, read with ``folder`` (if any) as the
    working directory: as the user named it where that works, never one clingo would
    take for an option or a number of models."""
    name = program
    if folder is not None:
        own = sandbox.program_folder(program)
        base = os.path.basename(program)
        name = base if own == folder else os.path.join(own, base)
    if name.startswith("-") or name.isdigit():
        name = "./" + name
    return name


class _Job:
    """What runs in the child: the puzzles read and written as facts, then clingo."""

    def __init__(
        self,
        files: list[str],
        names: dict[str, str],
        kind: str | None,
        folder: str | None,
        scratch: str,
        stdin_file: str | None,
        options: list[str],
    ) -> None:
        self.files, self.names, self.kind = files, names, kind
        self.folder, self.scratch, self.stdin_file = folder, scratch, stdin_file
        self.options = options

    def work(self, emit: Emit) -> int:
        from .backends.session import clingo_application

        arguments = list(self.options)  # no file: clingo reads standard input
        puzzle = None
        for index, name in enumerate(self.files):
            if name == STDIN:
                arguments.append(STDIN)
            elif is_puzzle_file(name):
                puzzle = load_puzzle(name, self.kind)
                arguments.append(self._facts_file(index, name, puzzle))
            else:
                arguments.append(self.names[name])
        emit(("puzzle", puzzle))
        if self.stdin_file is not None:
            os.dup2(os.open(self.stdin_file, os.O_RDONLY | os.O_CLOEXEC), 0)
        if self.folder is not None:
            os.chdir(self.folder)  # this process only: it is the job's own
        code = clingo_application(_Application(emit), arguments)
        # clingo's signal handlers outlive its application object: a late stop request
        # must not reach them
        for signum in (signal.SIGTERM, signal.SIGALRM):
            signal.signal(signum, signal.SIG_IGN)
        return code

    def _facts_file(self, index: int, name: str, puzzle: Puzzle) -> str:
        path = os.path.join(self.scratch, f"{index}-{os.path.basename(name)}.lp")
        with open(path, "w", encoding="utf-8") as file:
            file.write(puzzle.facts_text())
        return path


class _Application(clingo.application.Application):
    """clingo's own application, named as the command; its messages go to the parent,
    which names the files as the user named them."""

    program_name = "clingo"

    def __init__(self, emit: Emit) -> None:
        self._emit = emit

    def logger(self, code: clingo.MessageCode, message: str) -> None:
        with contextlib.suppress(BaseException):  # a logger must not raise: clingo aborts
            self._emit(("message", message))


class _Lines:
    """Bytes from the child as text lines (UTF-8; a broken sequence replaced)."""

    def __init__(self) -> None:
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.partial = ""

    def feed(self, data: bytes) -> list[str]:
        text = self.partial + self.decoder.decode(data)
        *lines, self.partial = text.split("\n")
        return [line + "\n" for line in lines]

    def rest(self) -> str:
        text, self.partial = self.partial + self.decoder.decode(b"", final=True), ""
        return text


class _Output:
    """clingo's standard output, handed on line by line as it comes; with ``draw``,
    each answer set's atoms line replaced by the puzzle's board when they read as a
    solution (lines wait while the puzzle is still on its way from the child)."""

    def __init__(self, write: Callable[[str], None], *, draw: bool) -> None:
        self.write, self.draw = write, draw
        self.lines = _Lines()
        self.puzzle: Puzzle | None = None
        self.drawer: _Drawer | None = None  # made for the first answer set to draw
        self.known = not draw  # whether the puzzle (or that there is none) is known
        self.waiting: list[str] = []
        self.after_answer = False
        self.answers = 0  # answer sets printed (at least one, when there were any)
        self.tail = b""  # the end of the last chunk, where an "Answer:" may begin

    def puzzle_read(self, puzzle: Puzzle | None) -> None:
        self.puzzle, self.known = puzzle, True
        waiting, self.waiting = self.waiting, []
        self._show(waiting)

    def feed(self, data: bytes) -> None:
        if not self.draw:  # as it comes: only the answer sets are counted
            seen = self.tail + data
            self.answers += seen.count(b"\nAnswer: ") + seen.startswith(b"Answer: ")
            self.tail = data[-len(b"\nAnswer:") :]
            self.write(self.lines.decoder.decode(data))
            return
        lines = self.lines.feed(data)
        if not self.known:
            self.waiting += lines
        else:
            self._show(lines)

    def close(self) -> None:
        self.known = True
        self._show([*self.waiting, self.lines.rest()])
        self.waiting = []

    def _show(self, lines: list[str]) -> None:
        shown = []
        for line in lines:
            if self.after_answer:
                self.after_answer = False
                if self.drawer is None and self.puzzle is not None:
                    self.drawer = _Drawer(self.puzzle)
                board = self.drawer.board(line) if self.drawer is not None else None
                shown.append(line if board is None else board + "\n")
                continue
            if _ANSWER.match(line):
                self.answers += 1
                self.after_answer = True
            shown.append(line)
        text = "".join(shown)
        if text:
            self.write(text)


class _Drawer:
    """Answer-set lines drawn as ``puzzle``'s kind draws a solution. The same atoms come
    back answer after answer: each is parsed (and its predicate looked at, a foreign
    call each) once, while at most :data:`REMEMBERED_ATOMS` are remembered."""

    def __init__(self, puzzle: Puzzle) -> None:
        from .grade import output_signatures

        self.puzzle = puzzle
        self.outputs = frozenset(output_signatures(puzzle.kind))
        self.atoms: dict[str, clingo.Symbol | None] = {}  # text -> output atom, or None

    def board(self, line: str) -> str | None:
        """The board of one of clingo's answer-set lines; ``None`` if its atoms do not
        read as a solution."""
        terms = split_terms(line.rstrip("\n"))
        new = [term for term in dict.fromkeys(terms) if term not in self.atoms]
        if new:
            if len(self.atoms) + len(new) > REMEMBERED_ATOMS:
                self.atoms = {}
            try:  # one parse for all: a tuple of the terms
                symbols = clingo.parse_term(f"({','.join(new)},)").arguments
            except RuntimeError:
                return None
            for term, symbol in zip(new, symbols, strict=True):
                output = symbol.type == clingo.SymbolType.Function and (
                    (symbol.name, len(symbol.arguments)) in self.outputs
                )
                self.atoms[term] = symbol if output else None
        answer = [atom for atom in map(self.atoms.get, terms) if atom is not None]
        if not answer:  # nothing of the puzzle's (an empty board would say otherwise)
            return None
        try:
            return self.puzzle.render(self.puzzle.decode(answer))
        except Exception:  # the answer's fault: shown as clingo prints it
            return None


def split_terms(line: str) -> list[str]:
    """The terms of one of clingo's answer-set lines: separated by single spaces, which
    only a string can hold inside it."""
    if '"' not in line:
        return line.split()
    terms, start, quoted, escaped = [], 0, False, False
    for position, char in enumerate(line):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = quoted
        elif char == '"':
            quoted = not quoted
        elif char == " " and not quoted:
            terms.append(line[start:position])
            start = position + 1
    terms.append(line[start:])
    return [term for term in terms if term]


class _Renamer:
    """A file as the user named it, from clingo's name for it: a program (clingo may
    have read it from inside its folder), or a file it includes (named relative to
    that folder)."""

    def __init__(self, names: dict[str, str], program_in_folder: str | None) -> None:
        self.programs = {name: program for program, name in names.items()}
        self.program_in_folder = program_in_folder

    def __call__(self, file: str) -> str:
        if file in self.programs:
            return self.programs[file]
        if self.program_in_folder is not None:
            return sandbox.user_path(file, self.program_in_folder)
        return file


class _Errors:
    """clingo's standard error, and its messages: a warning is written at once, as
    clingo writes it, with the files named as the user named them; clingo's closing
    ``*** ERROR`` lines wait until it is known whether lpsolve reports the error in
    its own words (one line) instead."""

    def __init__(self, write: Callable[[str], None], rename: _Renamer) -> None:
        self.write, self.rename = write, rename
        self.lines = _Lines()
        self.held: list[str] = []
        self.located: list[str] = []  # error messages at a place in a program

    def feed(self, data: bytes) -> None:
        for line in self.lines.feed(data):
            if line.startswith(_ERROR_LINE):
                self.held.append(line)
            else:
                self.write(line)

    def message(self, text: str) -> None:
        match = _PLACE.match(text.split("\n", 1)[0])
        if match is not None and match.group("text").startswith("error"):
            self.located.append(text)
            return
        self.write(self._renamed(text).rstrip("\n") + "\n\n")  # as clingo writes them

    def _renamed(self, text: str) -> str:
        lines = text.split("\n")
        for index, line in enumerate(lines):
            match = _PLACE.match(line)
            if match is not None:
                lines[index] = self.rename(match.group("file")) + line[match.end("file") :]
        return "\n".join(lines)

    def close(self) -> None:
        rest = self.lines.rest()
        if rest.startswith(_ERROR_LINE):
            self.held.append(rest)
        elif rest:
            self.write(rest)

    def release(self) -> None:
        """Write what was held (clingo ended without an error lpsolve reports)."""
        for line in self.held:
            self.write(line)
        self.held = []

    def error(self, program: str) -> PuzzleError:
        """The error clingo reported, as lpsolve reports input errors: one line."""
        from .backends.session import program_error

        held = " ".join(line.removeprefix(_ERROR_LINE).strip() for line in self.held)
        if self.located:
            return program_error(self.located, program, held or "error", self.rename)
        return PuzzleError(f"clingo: {held or 'an error'}", program)
