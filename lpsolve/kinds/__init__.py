"""The puzzle kinds and how a file finds its kind.

Each kind is a :class:`~lpsolve.puzzle.Kind` (the built-in ones in
:mod:`lpsolve.kinds.builtin`): ``parse(text, source, extension)`` reads its text
formats, ``from_json(data, text, source)`` the JSON form where it has one; this
module maps file extensions and JSON ``"kind"`` values to them. A kind's module is
imported when a puzzle of that kind is first read, so a command pays only for the
kind it uses.
"""

from __future__ import annotations

import os
import sys

from .. import limits
from ..errors import LpsolveError, PuzzleError, UsageError
from ..puzzle import Capability, Kind, Puzzle
from . import textformat
from .builtin import BUILT_IN, BuiltInKind
from .registry import registry

#: the built-in kinds by name (the registry's table: importing it imports no kind)
KINDS = BUILT_IN
#: the built-in kinds by the extensions of their text formats
EXTENSIONS: dict[str, BuiltInKind] = {
    ext: kind for kind in KINDS.values() for ext in kind.extensions
}


def _json_kinds() -> str:
    """The kinds that read JSON, for a refusal."""
    found = registry().kinds()
    return ", ".join(kind.name for kind in found if kind.supports(Capability.JSON_INPUT))


def preload(path: str, kind: str | None = None) -> None:
    """Import the module of the kind ``path`` will be read as, or read its declaration,
    if that can be told from ``kind`` or the extension: a command calls this before its
    jobs fork, so that they inherit the module or the declaration rather than each
    import or read it (and the parent again)."""
    try:
        extension = os.path.splitext(locate(path)[1])[1].lower()
    except PuzzleError:  # reading it will say so
        return
    if kind in KINDS:
        found = [KINDS[kind]]
    elif extension == ".json":
        found = [k for k in KINDS.values() if k.supports(Capability.JSON_INPUT)]
    else:
        found = [EXTENSIONS[extension]] if extension in EXTENSIONS else []
    if not found and (kind is not None or extension):
        try:  # a declared kind (a plugin's is imported by looking it up)
            registry().find(kind) if kind is not None else registry().for_extension(extension)
        except LpsolveError:  # reading the puzzle will say so
            return
    for each in found:
        each.puzzle_class  # noqa: B018 (importing its module is the point)


def kind_spec(name: str | Kind) -> Kind:
    """The kind named ``name``, as the registry finds it (:mod:`lpsolve.kinds.registry`:
    a folder's, a built-in or a plugin's); a :class:`UsageError` naming the known ones
    if there is none. A :class:`Kind` itself (a declared kind sent to a cluster's
    worker, which may not have its folder) is taken as it is."""
    return name if isinstance(name, Kind) else registry().get(name)


def definition_of(puzzle: Puzzle) -> Kind:
    """The registry's entry for ``puzzle``'s kind (:meth:`Puzzle.definition`): a puzzle
    of a built-in class has the built-in entry, whatever a folder may call its kind."""
    built_in = KINDS.get(puzzle.kind)
    if built_in is not None and type(puzzle) is built_in.puzzle_class:
        return built_in
    return registry().get(puzzle.kind)


def parse_text(text: str, source: str, extension: str, kind: str | Kind | None = None) -> Puzzle:
    """Parse puzzle text; the kind comes from ``kind`` (a name or the kind itself), the
    extension or JSON ``"kind"``."""
    if not (text.isascii() and len(text) <= limits.MAX_FILE_BYTES):
        # a character is at least one byte: the first MAX + 1 tell whether it is too big
        head = text[: limits.MAX_FILE_BYTES + 1].encode("utf-8", "surrogatepass")
        limits.check_size(head, source, "text")
    extension = extension.lower()
    if extension == ".json":
        data = textformat.load_json(text, source)
        document = textformat.JsonText(text, source)
        if kind is not None:  # asked for, not read from the file
            spec = kind_spec(kind)
            if not spec.supports(Capability.JSON_INPUT):
                hint = f"JSON puzzles are {_json_kinds()}"
                raise Capability.JSON_INPUT.refusal(spec.name, source, hint)
        elif "kind" not in data:
            raise document.error('missing "kind": expected a string such as "hidato"')
        elif not isinstance(data["kind"], str):
            raise document.error('"kind" must be a string such as "hidato"', "kind")
        else:
            found = registry().find(data["kind"])
            if found is None:
                shown = limits.quoted(data["kind"])
                message = f"unknown kind {shown}; expected one of {_json_kinds()}"
                raise document.error(message, "kind")
            if not found.supports(Capability.JSON_INPUT):
                message = f"kind {found.name} has no JSON input; JSON puzzles are {_json_kinds()}"
                raise document.error(message, "kind")
            spec = found
        return spec.from_json(data, text, source)
    if kind is not None:
        return kind_spec(kind).parse(text, source, extension)
    spec = registry().for_extension(extension)
    if spec is None:
        endings = {ending for kind in registry().kinds() for ending in kind.extensions}
        known = ", ".join(sorted([*endings, ".json"]))
        shown = extension or "(none)"
        raise PuzzleError(
            f"unknown file extension {shown}; expected one of {known} (or give --kind)", source
        )
    return spec.parse(text, source, extension)


#: the file name that means standard input, and how messages name it
STDIN, STDIN_SOURCE = "-", "<stdin>"
_stdin: bytes | None = None


def stdin_bytes() -> bytes:
    """Standard input's bytes (at most :data:`lpsolve.limits.MAX_FILE_BYTES`), read
    once: a command reads it before its jobs start, and they inherit it (a job's own
    standard input is ``/dev/null``)."""
    global _stdin
    if _stdin is None:
        _stdin = sys.stdin.buffer.read(limits.MAX_FILE_BYTES + 1)
    return _stdin


def load(path: str | os.PathLike[str], kind: str | Kind | None = None) -> Puzzle:
    """Read and parse a puzzle file (at most :data:`lpsolve.limits.MAX_FILE_BYTES`),
    or the bundled instance it names (see :func:`locate`); ``-`` is standard input
    (named ``<stdin>``; give ``kind``); a puzz.link link (where no such file is) is
    read by the declared kind of its genre (:mod:`lpsolve.kinds.declared.urls`)."""
    if is_link(path):
        from .declared.urls import read_url

        return read_url(os.fspath(path), kind=kind)
    if os.fspath(path) == STDIN:
        if kind is None:
            raise PuzzleError("standard input has no file extension: give --kind", STDIN_SOURCE)
        data = stdin_bytes()
        limits.check_size(data, STDIN_SOURCE)
        return parse_bytes(data, STDIN_SOURCE, kind)
    file, source = locate(path)
    return parse_bytes(_read(file, source), source, kind)


#: how a puzz.link link starts (:func:`lpsolve.kinds.declared.urls.looks_like_link`,
#: which a test keeps in step; told here without importing the declared kinds)
LINK_STARTS = ("http://", "https://", "puzz.link/", "pzv.jp/", "pzprxs.vercel.app/")


def is_link(path: str | os.PathLike[str]) -> bool:
    """Whether a puzzle argument is a web link rather than a file (a file of that name
    wins)."""
    name = os.fspath(path)
    return isinstance(name, str) and name.startswith(LINK_STARTS) and not os.path.lexists(name)


def as_puzzle(puzzle: Puzzle | str | os.PathLike[str]) -> Puzzle:
    """``puzzle`` itself, or the puzzle read from the path (or bundled name) it is:
    what the library's calls take."""
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str | os.PathLike):
        return load(puzzle)
    raise UsageError(f"expected a Puzzle or a path to a puzzle file, got {type(puzzle).__name__}")


#: where :func:`locate`'s refusal points a person to
BUNDLED_HELP = "lpsolve solve --help"


def locate(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The file a puzzle argument names, and the name messages give it.

    Whatever exists at ``path`` wins (``-`` too): it is read, named as given. Otherwise
    a relative ``path`` may name a bundled instance by its path under ``instances/``,
    the extension optional: ``hidato/seed-10x10`` is ``instances/hidato/seed-10x10.hidoku``
    in the package, named ``hidato/seed-10x10.hidoku`` (so the extension tells the kind).
    A name two puzzle files share but for the extension is refused with both named.
    """
    name = os.fspath(path)
    if name == STDIN or os.path.lexists(name) or os.path.isabs(name):
        return name, name
    return _bundled(name)


def _bundled(name: str) -> tuple[str, str]:
    """:func:`locate` for a name where no file is: the bundled instance, or why not."""
    from ..resources import bundled_files, bundled_path  # only when no file is there

    found = bundled_files(name)
    if [bundled for _, bundled in found] != [os.path.normpath(name)]:
        # the name without its extension: puzzle files only
        found = [(file, bundled) for file, bundled in found if _is_puzzle_file(bundled)]
    if len(found) == 1:
        return found[0]
    if found:
        listed = ", ".join(bundled for _, bundled in found)
        raise PuzzleError(
            f"names {len(found)} bundled instances ({listed}): add the extension", name
        )
    folder = bundled_path(name)
    if folder is not None and os.path.isdir(folder):
        inside = os.path.normpath(name) + os.sep
        first = next((n for n in _bundled_puzzles() if n.startswith(inside)), "")
        example = f", e.g. {os.path.splitext(first)[0]}" if first else ""
        raise PuzzleError(f"a folder of bundled instances: name one of them{example}", name)
    raise PuzzleError(f"neither a file nor a bundled instance{_near(name)}", name)


def _is_puzzle_file(name: str) -> bool:
    extension = os.path.splitext(name)[1].lower()
    if extension in EXTENSIONS or extension == ".json":
        return True
    # a bundled declared kind's instances: every file but the published solutions
    from ..resources import SOLUTION_SUFFIX, declared_kind_folder

    first = os.path.normpath(name).split(os.sep)[0]
    return declared_kind_folder(first) is not None and not name.endswith(SOLUTION_SUFFIX)


def _bundled_puzzles() -> list[str]:
    """The bundled puzzle files' names under ``instances/`` (sorted)."""
    from ..resources import bundled_names

    return [name for name in bundled_names() if _is_puzzle_file(name)]


def _near(name: str) -> str:
    """The end of the refusal of ``name``: the bundled name closest to it, if one is
    close, and where to read about them."""
    import difflib  # only a name that is not found needs it

    names = _bundled_puzzles()
    stems = [os.path.splitext(bundled)[0] for bundled in names]
    close = difflib.get_close_matches(name, [*names, *stems], n=1, cutoff=0.75)
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"{hint} (bundled ones are named KIND/NAME; see {BUNDLED_HELP})"


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A puzzle file's bytes (at most :data:`lpsolve.limits.MAX_FILE_BYTES`), of the
    file or bundled instance ``path`` names (see :func:`locate`), or a
    :class:`PuzzleError` naming it."""
    return _read(*locate(path))


def _read(path: str, source: str) -> bytes:
    """The bytes of the file at ``path``, which messages name ``source``."""
    try:
        with open(path, "rb") as file:
            data = file.read(limits.MAX_FILE_BYTES + 1)  # one byte more tells it is too big
    except FileNotFoundError:
        raise PuzzleError("no such file", source) from None
    except IsADirectoryError:
        raise PuzzleError("is a directory, expected a puzzle file", source) from None
    except OSError as error:
        raise PuzzleError(error.strerror or "cannot be read", source) from None
    limits.check_size(data, source)
    return data


def parse_bytes(data: bytes, source: str, kind: str | Kind | None = None) -> Puzzle:
    """Parse a puzzle file's bytes as read from ``source`` (its extension names the
    kind unless ``kind`` does): what :func:`load` does once the file is read."""
    # a byte order mark (as some editors write) is not part of the puzzle; stripped
    # here rather than by the utf-8-sig codec, whose import costs every start 0.5 ms
    bom = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
    try:
        text = data[bom:].decode("utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf8(error.object, error.start, bom, source) from None
    return parse_text(text, source, os.path.splitext(source)[1], kind)


_UTF8_BOM = b"\xef\xbb\xbf"


def _not_utf8(data: bytes, offset: int, bom: int, source: str) -> PuzzleError:
    """The error for a byte that is not UTF-8, at its line and column (in characters);
    ``data`` and ``offset`` are without the ``bom`` bytes of a byte order mark."""
    start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, start) + 1
    col = len(data[start:offset].decode("utf-8", "replace")) + 1
    return PuzzleError(
        f"not UTF-8 text (byte {offset + bom} is 0x{data[offset]:02x})", source, line, col
    )
