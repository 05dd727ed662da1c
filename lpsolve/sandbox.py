"""Vetting a user's ASP program before clingo opens it (``#include`` and ``#script``).

Threat model: a student hands in a program for ``lpsolve grade`` or ``lpsolve run``.
clingo follows ``#include`` while it parses, so one line could include the installed
reference encoding (full marks), block the grader on ``/dev/stdin``, a FIFO or
``/dev/zero``, or probe the grader's disk (clingo's error tells a missing file from
one it cannot use). :func:`vet_program` finds every directive with a small lexer
that copies clingo 5.8's (comments nest, strings know three escapes, script bodies
run to ``#end``) and allows only regular files inside the program's own folder. It
decides "outside" from the name and the folder's own symbolic links alone, never
touching the disk outside the folder, so the answer does not depend on what exists
there. A ``#script`` block is refused unless scripts are allowed. Then clingo's own
parser reads the vetted program and every file it read must be a vetted one.

clingo looks up a relative ``#include`` in the process's *working directory* first
and only then next to the including file, so the vetting holds only while clingo
reads the program inside :func:`in_program_folder`; never ``ctl.load`` it directly.

Two more inputs would crash the grader rather than fool it, and are refused too: a
non-ASCII character outside a string or comment (clingo's lexer error quotes one
byte of it, the Python logger cannot decode that and the process aborts) and a file
that is not UTF-8 text (its atoms and comments reach Python undecodable).
"""

from __future__ import annotations

import os
import re
import stat
import threading
import unicodedata
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import clingo
import clingo.ast

from .errors import PuzzleError

#: at most this many files make up one program (the program and what it includes)
MAX_FILES = 100
#: at most this many bytes in all the files of one program (the largest encoding
#: here has 6 KB; vetting 1 MiB of facts takes about a second, most of it clingo's)
MAX_BYTES = 1 << 20

STDIN_INCLUDE_REFUSED = (
    "#include is not available in a program read from standard input: it has no folder "
    "to include files from"
)
SCRIPT_REFUSED = (
    "the program contains a #script block, which clingo would run; "
    "give --allow-scripts to run it anyway"
)

# -- clingo's lexer, as far as #include and #script need it (libgringo nongroundlexer.xch)

# A theory operator is a run of these; a "." glued to one is part of the operator.
_OPERATOR_CHARS = frozenset("/!<=>+-*\\?&@|:;~^.")
_STRING = re.compile(r'"(?:[^\\"\n]|\\["\\n])*"')  # only \" \\ \n are escapes
_ESCAPE = re.compile(r'\\(["\\n])')
_IDENTIFIER = re.compile(r"[_']*[a-z][A-Za-z0-9_']*")
# characters that start no token of interest here: taken as one run, for speed
_PLAIN = re.compile(r"[A-Za-z0-9_'$,;:=+\-*/\\|!?&@~^]+")
_KEYWORD = re.compile(r"#[A-Za-z0-9_]*")
_SPACE = re.compile(r"[ \t\r\n]+")
_BLOCK_COMMENT_STEP = re.compile(r"\*%|%\*|%")  # the longest token first, as re2c
_MAX_SYMLINKS = 40  # the kernel's limit (ELOOP)


class _Token(NamedTuple):
    kind: str  # include, script, string, dot, lt, gt, identifier, other
    start: int  # offset in the file
    value: str = ""
    starts_statement: bool = False  # for script: the previous token ended a statement


class _LexError(Exception):
    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def _skip_line_comment(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _skip_block_comment(text: str, pos: int) -> int:
    """The end of a ``%* ... *%`` comment whose ``%*`` ends at ``pos``. Block comments
    nest, and a ``%`` inside one starts a line comment that hides a ``*%``."""
    depth = 1
    while True:
        match = _BLOCK_COMMENT_STEP.search(text, pos)
        if match is None:
            return len(text)  # unterminated: clingo stops with a lexer error at EOF
        pos = match.end()
        if match.group() == "*%":
            depth -= 1
            if depth == 0:
                return pos
        elif match.group() == "%*":
            depth += 1
        else:
            pos = _skip_line_comment(text, pos)


def _script_header(text: str, pos: int) -> int:
    """Skip ``(LANGUAGE)`` and the body after a ``#script`` token ending at ``pos``.

    In this lexer state clingo knows only identifiers, ``(``, ``)`` and comments; ``)``
    starts the body, which runs to the first ``#end``. A comment here sends clingo back
    to normal lexing (its comment rules restore the normal state), so no body follows.
    """
    n = len(text)
    while pos < n:
        char = text[pos]
        if char in " \t\r\n":
            pos += 1
        elif text.startswith("%*", pos):
            return _skip_block_comment(text, pos + 2)
        elif char == "%" or text.startswith("#!", pos):
            return _skip_line_comment(text, pos)
        elif char == ")":
            end = text.find("#end", pos + 1)
            return n if end < 0 else end + len("#end")
        elif char == "#":
            pos = _match_end(_KEYWORD, text, pos)
        elif ord(char) >= 0x80:
            raise _LexError(_non_ascii(text, pos), pos)
        else:  # an identifier, "(", or a character clingo reports and skips
            match = _IDENTIFIER.match(text, pos)
            pos = match.end() if match else pos + 1
    return pos


def _match_end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where ``pattern`` (one that matches at ``pos``) ends."""
    match = pattern.match(text, pos)
    return match.end() if match else pos + 1


def _non_ascii(text: str, pos: int) -> str:
    char = _char_at(text, pos)
    return f"the character {_quoted(char)} outside a string or comment: clingo cannot read it there"


def _char_at(text: str, pos: int) -> str:
    """The UTF-8 character starting at byte ``pos`` of latin-1 decoded ``text``."""
    lead = ord(text[pos])
    size = 4 if lead >= 0xF0 else 3 if lead >= 0xE0 else 2 if lead >= 0xC0 else 1
    return text[pos : pos + size].encode("latin-1").decode("utf-8", "replace")


def _tokens(text: str) -> Iterator[_Token]:
    """The tokens of one file (``text``: its bytes decoded as latin-1, so an offset is
    a byte, as clingo counts columns) that matter here, in clingo's normal state.

    Comments and whitespace are skipped; a ``"`` that starts no valid string is a
    lexer error in clingo, which then goes on after it, and so does this. The theory
    lexing states are not followed: they differ only in operators and in having no
    ``#include`` or ``#script``, so every ``#include`` is reported (some are syntax
    errors to clingo, never the other way round) and a ``#script`` is only taken as
    one where a statement starts (see ``starts_statement``).
    """
    n = len(text)
    pos = 0
    depth = 0  # open ( [ {
    statement_start = True
    while pos < n:
        char = text[pos]
        start = pos
        if char in " \t\r\n":
            pos = _match_end(_SPACE, text, pos)
            continue
        if char == "%":
            if text.startswith("%*", pos):
                pos = _skip_block_comment(text, pos + 2)
            else:
                pos = _skip_line_comment(text, pos)
            continue
        if text.startswith("#!", pos):
            pos = _skip_line_comment(text, pos)
            continue
        at_statement_start = statement_start and depth == 0
        statement_start = False
        if char == "#":
            # "#includex" is one (unknown) keyword to clingo, not "#include" and "x"
            pos = _match_end(_KEYWORD, text, pos)
            word = text[start:pos]
            if word == "#include":
                yield _Token("include", start)
            elif word == "#script":
                yield _Token("script", start, starts_statement=at_statement_start)
                pos = _script_header(text, pos)
            else:
                yield _Token("other", start)
        elif char == '"':
            match = _STRING.match(text, pos)
            if match is None:
                pos += 1
                yield _Token("other", start)
            else:
                pos = match.end()
                value = _ESCAPE.sub(lambda m: "\n" if m[1] == "n" else m[1], match.group()[1:-1])
                yield _Token("string", start, value)
        elif char == ".":
            if text.startswith("..", pos):
                pos += 2
                yield _Token("other", start)
                continue
            pos += 1
            # A "." glued to an operator character may be part of a theory operator
            # ("+." in a theory atom's guard); only a lone one surely ends a statement.
            lone = (start == 0 or text[start - 1] not in _OPERATOR_CHARS) and (
                pos == n or text[pos] not in _OPERATOR_CHARS
            )
            statement_start = lone and depth == 0
            yield _Token("dot", start)
        elif char in "([{":
            depth += 1
            pos += 1
            yield _Token("other", start)
        elif char in ")]}":
            depth -= 1
            pos += 1
            yield _Token("other", start)
        elif char == "<":
            pos += 2 if text.startswith(("<=", "<>"), pos) else 1
            yield _Token("lt" if pos == start + 1 else "other", start)
        elif char == ">":
            pos += 2 if text.startswith(">=", pos) else 1
            yield _Token("gt" if pos == start + 1 else "other", start)
        elif ord(char) >= 0x80:
            raise _LexError(_non_ascii(text, pos), pos)
        else:
            match = _PLAIN.match(text, pos)
            if match is None:  # a character clingo reports as a lexer error and skips
                pos += 1
                yield _Token("other", start)
            else:
                pos = match.end()
                run = match.group()
                kind = "identifier" if _IDENTIFIER.fullmatch(run) else "other"
                yield _Token(kind, start, run)


# -- where clingo finds an included file -------------------------------------------------


@dataclass(frozen=True)
class _Found:
    status: str  # file, outside, missing, denied, loop
    path: str = ""  # the real path (inside the folder), when found
    stat: os.stat_result | None = None  # lstat of it


def _walk(folder: str, name: str) -> _Found:
    """Resolve ``name`` as the kernel would (relative to ``folder``, clingo's working
    directory while it reads the program) without touching anything outside it.

    A ``..`` above the folder, an absolute name or a symbolic link that points
    elsewhere is ``outside`` at once: no stat outside, so no existence oracle.
    """
    if name == "":
        return _Found("missing")  # stat("") fails
    if name.startswith("/"):
        if name != folder and not name.startswith(folder + "/"):
            return _Found("outside")
        name = name[len(folder) :]  # the folder is a real path: its prefix has no links
    pending = deque(_components(name))
    resolved: list[str] = []
    links = 0
    while pending:
        part = pending.popleft()
        if part == ".":
            continue
        if part == "..":
            if not resolved:
                return _Found("outside")
            resolved.pop()
            continue
        path = os.path.join(folder, *resolved, part)
        try:
            info = os.lstat(path)
        except PermissionError:
            return _Found("denied")
        except OSError:  # ENOENT, ENOTDIR, ENAMETOOLONG: clingo's stat fails too
            return _Found("missing")
        if stat.S_ISLNK(info.st_mode):
            links += 1
            if links > _MAX_SYMLINKS:
                return _Found("loop")
            try:
                target = os.readlink(path)
            except OSError:
                return _Found("missing")
            if target.startswith("/"):
                if target != folder and not target.startswith(folder + "/"):
                    return _Found("outside")
                resolved = []
                target = target[len(folder) :]
            pending.extendleft(reversed(_components(target)))
            continue
        if pending and not stat.S_ISDIR(info.st_mode):
            return _Found("missing")  # ENOTDIR: more path follows a file
        resolved.append(part)
    path = os.path.join(folder, *resolved)
    try:
        info = os.lstat(path)
    except PermissionError:
        return _Found("denied")
    except OSError:
        return _Found("missing")
    return _Found("file", path, info)


def _components(name: str) -> list[str]:
    parts = [part for part in name.split("/") if part]
    if name.endswith("/"):
        parts.append(".")  # "x/" must be a directory, as "x/." must
    return parts


def _locate(folder: str, name: str, includer: str) -> tuple[_Found, str]:
    """What clingo 5.8 opens for ``#include "name"`` in the file it calls ``includer``:
    ``name`` relative to the working directory (the folder) if it exists, else next
    to the including file. Returns the lookup and the name clingo gives the file."""
    found = _walk(folder, name)
    if found.status != "missing" or name.startswith("/"):
        return found, name
    # libgen's dirname: "main.lp" -> ".", "sub/c.lp" -> "sub"
    beside = f"{os.path.dirname(includer.rstrip('/')) or '.'}/{name}"
    return _walk(folder, beside), beside


# -- the program's folder, and clingo inside it ------------------------------------------

_CWD_LOCK = threading.RLock()


@dataclass(frozen=True)
class _Top:
    given: str  # the path as the user gave it
    folder: str  # real path of its folder
    name: str  # what clingo calls it while the folder is the working directory


def _top(program: str | Path) -> _Top:
    given = os.fspath(program)
    folder = os.path.realpath(os.path.dirname(os.path.abspath(given)))
    base = os.path.basename(given)
    # "-" is standard input to clingo; "./-" is the file
    return _Top(given, folder, "./-" if base == "-" else base)


def program_folder(program: str | Path) -> str:
    """The real path of a program's folder: where its included files are looked up, and
    the working directory clingo must read it in (:func:`in_program_folder`)."""
    return _top(program).folder


@contextmanager
def in_program_folder(program: str | Path) -> Iterator[str]:
    """Make the program's folder the working directory while clingo reads the program,
    so that clingo finds each ``#include`` where :func:`vet_program` did; yields the
    name to give clingo (``ctl.load(name)``). Process-wide, so a lock serialises it."""
    top = _top(program)
    with _CWD_LOCK:
        back = os.open(".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.chdir(top.folder)
            yield top.name
        finally:
            os.fchdir(back)  # by descriptor: works even if the old path has gone
            os.close(back)


def user_path(clingo_filename: str, program: str | Path) -> str:
    """A file name from clingo's messages or locations (given while it read
    ``program`` in :func:`in_program_folder`) as the user would name it."""
    top = _top(program)
    if clingo_filename == top.name:
        return top.given
    if clingo_filename.startswith(("/", "<")):
        return clingo_filename
    return os.path.normpath(os.path.join(os.path.dirname(top.given), clingo_filename))


# -- vetting ------------------------------------------------------------------------------


# a refusal at the place of the directive or file being vetted
_Refuse = Callable[[str], PuzzleError]


@dataclass
class _Vetting:
    top: _Top
    allow_scripts: bool
    max_files: int
    max_bytes: int
    files: dict[str, str]  # real path -> clingo's name for it, in reading order
    size: int = 0
    #: a program with no folder (read from standard input) may include nothing
    includes_allowed: bool = True

    def error(
        self, message: str, clingo_name: str, text: str = "", offset: int = -1
    ) -> PuzzleError:
        source = comment_safe(user_path(clingo_name, self.top.given))  # names are the student's
        if offset < 0:
            return PuzzleError(message, source)
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return PuzzleError(message, source, line, column)

    def read(self, found: _Found, clingo_name: str, refuse: _Refuse) -> str:
        """The file's bytes as latin-1 text, after the bounds, checks and a re-check of
        what was opened (no FIFO can block the open: O_NONBLOCK)."""
        assert found.stat is not None
        if len(self.files) >= self.max_files:
            raise refuse(f"the program would consist of more than {self.max_files} files")
        if self.size + found.stat.st_size > self.max_bytes:
            raise refuse(f"the program's files would be larger than {_size(self.max_bytes)}")
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            fd = os.open(found.path, flags)
        except OSError as error:
            raise refuse(f"cannot be read ({error.strerror})") from None
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            same = (info.st_dev, info.st_ino) == (found.stat.st_dev, found.stat.st_ino)
            if not (same and stat.S_ISREG(info.st_mode)):
                raise refuse("the file changed while it was vetted")
            data = handle.read(self.max_bytes - self.size + 1)
        self.size += len(data)
        if self.size > self.max_bytes:
            raise refuse(f"the program's files would be larger than {_size(self.max_bytes)}")
        self.files[found.path] = clingo_name
        return self.check_text(data, clingo_name)

    def check_text(self, data: bytes, clingo_name: str) -> str:
        text = data.decode("latin-1")
        nul = data.find(b"\0")
        if nul >= 0:
            raise self.error("the file contains a NUL byte", clingo_name, text, nul)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            bad = f"0x{data[error.start]:02x}"
            raise self.error(
                f"the file is not UTF-8 text (byte {bad})", clingo_name, text, error.start
            ) from None
        return text

    def scan(self, text: str, clingo_name: str) -> None:
        """Vet one file's directives, and the files it includes, in clingo's order."""
        tokens = _tokens(text)
        try:
            for token in tokens:
                if token.kind == "script":
                    if not self.allow_scripts:
                        raise self.error(SCRIPT_REFUSED, clingo_name, text, token.start)
                    if not token.starts_statement:
                        raise self.error(
                            "a #script block must start a statement (after a period that "
                            "ends the previous one)",
                            clingo_name,
                            text,
                            token.start,
                        )
                elif token.kind == "include":
                    if not self.includes_allowed:
                        raise self.error(STDIN_INCLUDE_REFUSED, clingo_name, text, token.start)
                    self.include(tokens, token, text, clingo_name)
        except _LexError as error:
            raise self.error(error.message, clingo_name, text, error.offset) from None

    def include(
        self, tokens: Iterator[_Token], directive: _Token, text: str, includer: str
    ) -> None:
        def refuse(message: str) -> PuzzleError:
            where = f"{shown}:" if shown else "#include"
            return self.error(f"{where} {message}", includer, text, directive.start)

        shown = ""  # the directive as written, once it is known to be one
        argument = next(tokens, None)
        if _kind(argument) == "lt":
            library, closing, end = (next(tokens, None) for _ in range(3))
            if (_kind(library), _kind(closing), _kind(end)) != ("identifier", "gt", "dot"):
                raise refuse(_MALFORMED)
            assert library is not None
            shown = f"#include <{_escape(library.value, '')}>"
            if library.value != "incmode":
                # clingo's only library, a flag in 5.8: no file, no script
                raise refuse(
                    "clingo has no such library; only <incmode> and files in the "
                    f"program's own folder ({comment_safe(self.top.folder)}) may be included"
                )
            return
        if argument is None or argument.kind != "string":
            raise refuse(_MALFORMED)
        if _kind(next(tokens, None)) != "dot":
            raise refuse(_MALFORMED)
        name = argument.value.encode("latin-1").decode("utf-8")
        shown = f"#include {_quoted(name)}"
        if name == "-":
            raise refuse('clingo reads "-" as standard input')
        found, clingo_name = _locate(self.top.folder, name, includer)
        self.check_found(found, refuse)
        if found.path in self.files:
            return  # clingo includes a file once (by its real path)
        self.scan(self.read(found, clingo_name, refuse), clingo_name)

    def check_found(self, found: _Found, refuse: _Refuse) -> None:
        if found.status == "outside":
            raise refuse(
                f"only files in the program's own folder ({comment_safe(self.top.folder)}) "
                "may be included"
            )
        if found.status == "missing":
            raise refuse("no such file in the program's folder")
        if found.status == "denied":
            raise refuse("cannot be read (permission denied)")
        if found.status == "loop":
            raise refuse("too many levels of symbolic links")
        assert found.stat is not None
        mode = found.stat.st_mode
        if not stat.S_ISREG(mode):
            raise refuse(f"not a regular file ({_file_type(mode)})")


_MALFORMED = "must be followed by a file name in double quotes (or <incmode>) and a period"


def _kind(token: _Token | None) -> str | None:
    return None if token is None else token.kind


def _file_type(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "a special file"


def _size(count: int) -> str:
    return f"{count >> 20} MiB" if count >= 1 << 20 and count % (1 << 20) == 0 else f"{count} bytes"


def vet_program(
    path: str | Path,
    *,
    allow_scripts: bool = False,
    max_files: int = MAX_FILES,
    max_bytes: int = MAX_BYTES,
) -> list[Path]:
    """Every file the program at ``path`` consists of (real paths: the program first,
    then what it includes, in clingo's reading order), after checking each
    ``#include`` and ``#script`` without clingo; a refused one raises
    :class:`PuzzleError` at its place. Load the program with :func:`in_program_folder`.
    """
    top = _top(path)
    vetting = _Vetting(top, allow_scripts, max_files, max_bytes, {})

    def refuse(message: str) -> PuzzleError:
        return PuzzleError(message, top.given)

    if not os.path.isdir(top.folder):
        raise refuse("no such file")
    found = _walk(top.folder, top.name)
    if found.status == "missing":
        raise refuse("no such file")
    if found.status == "outside":
        raise refuse(
            f"the program is a symbolic link out of its folder ({comment_safe(top.folder)})"
        )
    vetting.check_found(found, refuse)
    vetting.scan(vetting.read(found, top.name, refuse), top.name)
    _cross_check(vetting)
    return [Path(real) for real in vetting.files]


def vet_text(data: bytes, source: str, *, allow_scripts: bool = False) -> None:
    """Vet a program that is no file (standard input, named ``source``: clingo calls it
    ``<stdin>``) as :func:`vet_program` vets a file, except that it may include
    nothing: it has no folder, and clingo would look for an included file in the
    working directory. Raises :class:`PuzzleError` at the refused place."""
    vetting = _Vetting(
        _Top(source, "", source), allow_scripts, 1, MAX_BYTES, {}, includes_allowed=False
    )
    if len(data) > MAX_BYTES:
        raise vetting.error(f"the program is larger than {_size(MAX_BYTES)}", source)
    vetting.scan(vetting.check_text(data, source), source)
    # the second line of defence, as for a file: clingo's parser reads nothing else
    scripts: list[clingo.ast.AST] = []
    elsewhere: list[clingo.ast.Location] = []

    def collect(statement: clingo.ast.AST) -> None:
        location = statement.location
        if location.begin.filename != "<string>":
            elsewhere.append(location)
        if statement.ast_type == clingo.ast.ASTType.Script:
            scripts.append(statement)

    with suppress(RuntimeError):  # a syntax error: clingo reports it at its place
        clingo.ast.parse_string(data.decode(), collect, logger=lambda _code, _text: None)
    if elsewhere:
        raise PuzzleError(STDIN_INCLUDE_REFUSED, source)
    if scripts and not allow_scripts:
        begin = scripts[0].location.begin
        raise PuzzleError(SCRIPT_REFUSED, source, begin.line, begin.column)


def refuse_directives(data: bytes, source: str) -> None:
    """Refuse every ``#include`` and ``#script`` of a program that must be one file and
    may run no code (a program typed into the web playground: it has no folder), each
    at its place. Other checks are :func:`vet_program`'s, which such a program still
    passes through once it is written to a file."""
    text = data.decode("latin-1")  # offsets are bytes, as clingo counts columns
    refusals = {
        "include": "#include is not available here: the program must be one file",
        "script": "#script is not available here: clingo would run it",
    }
    try:
        for token in _tokens(text):
            if token.kind in refusals:
                line = text.count("\n", 0, token.start) + 1
                column = token.start - (text.rfind("\n", 0, token.start) + 1) + 1
                raise PuzzleError(refusals[token.kind], source, line, column)
    except _LexError:
        return  # not a directive: reading the program reports it at its place


def _cross_check(vetting: _Vetting) -> None:
    """Second line of defence: clingo's parser reads the vetted program (safe now)
    and must read no other file, and no #script when scripts are refused."""
    seen: dict[str, clingo.ast.Location] = {}
    scripts: list[clingo.ast.AST] = []

    def collect(statement: clingo.ast.AST) -> None:
        location = statement.location  # each access builds it anew: once only
        seen.setdefault(location.begin.filename, location)
        if statement.ast_type == clingo.ast.ASTType.Script:
            scripts.append(statement)

    top = vetting.top
    with in_program_folder(top.given) as name:
        # A syntax error is not the vetting's business (loading reports it); what
        # clingo read up to there is checked all the same.
        with suppress(RuntimeError):
            clingo.ast.parse_files([name], collect, logger=lambda _code, _text: None)
        for filename, location in seen.items():
            found = _walk(top.folder, filename)
            if found.status != "file" or found.path not in vetting.files:
                raise PuzzleError(
                    f"clingo read a file the vetting did not see: {comment_safe(filename)}",
                    comment_safe(user_path(location.begin.filename, top.given)),
                    location.begin.line,
                    location.begin.column,
                )
    if scripts and not vetting.allow_scripts:
        begin = scripts[0].location.begin
        source = comment_safe(user_path(begin.filename, top.given))
        raise PuzzleError(SCRIPT_REFUSED, source, begin.line, begin.column)


# -- writing names into ASP -------------------------------------------------------------


def quote_asp_string(text: str) -> str:
    """``text`` as an ASP string literal: backslash, double quote and newline escaped
    (clingo's only escapes), so that no text ends the string early.

    Raises :class:`ValueError` for a NUL character or a lone surrogate (from an
    undecodable file name), which a clingo string cannot hold."""
    if "\0" in text:
        raise ValueError("an ASP string cannot hold a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("an ASP string cannot hold a lone surrogate") from None
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


# characters that could end a line or mislead a reader: controls, format (bidi
# overrides), line and paragraph separators, and lone surrogates (undecodable bytes)
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}


def comment_safe(text: str) -> str:
    """``text`` on one line, safe in a ``%`` comment and on a terminal: backslash,
    newline and every control, format or separator character escaped (``\\n``,
    ``\\x1b``, ``\\u202e``; an undecodable file-name byte as ``\\xNN``)."""
    return _escape(text, "")


def _quoted(text: str) -> str:
    """``text`` in double quotes, as in the directive, and safe in a message."""
    return f'"{_escape(text, chr(34))}"'


def _escape(text: str, quote: str) -> str:
    out = []
    for char in text:
        if char in _NAMED_ESCAPES:
            out.append(_NAMED_ESCAPES[char])
        elif char == quote:
            out.append("\\" + char)
        elif unicodedata.category(char) in _UNSAFE_CATEGORIES:
            code = ord(char)
            if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for the byte code-0xDC00
                out.append(f"\\x{code - 0xDC00:02x}")
            elif code <= 0xFF:
                out.append(f"\\x{code:02x}")
            elif code <= 0xFFFF:
                out.append(f"\\u{code:04x}")
            else:
                out.append(f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)
