"""Find the encodings and bundled instances, installed or in a source checkout.

The package is always a real folder (a wheel installs unpacked; an editable install
is the checkout), so plain paths next to ``__file__`` do what ``importlib.resources``
would, without its 11 ms of imports at every start (tests check both installs). The
solving path uses :mod:`os.path` only: :mod:`pathlib` costs another 5 ms.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .errors import UsageError

if TYPE_CHECKING:
    from pathlib import Path

# In a wheel the top-level folders are packaged inside ``lpsolve/``; in a source
# checkout (editable install, tests) they sit next to the package.
_PACKAGE = os.path.dirname(os.path.realpath(__file__))
_CHECKOUT = os.path.dirname(_PACKAGE)


def _folder(name: str, checkout: str | None = None) -> str:
    """``name`` in the installed package, else ``checkout`` (default ``name``) in the
    source checkout."""
    packaged = os.path.join(_PACKAGE, name)
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(_CHECKOUT, checkout or name)


def encodings_dir() -> Path:
    from pathlib import Path

    return Path(_folder("encodings"))


def instances_dir() -> Path:
    from pathlib import Path

    return Path(_folder("instances"))


#: where the bundled declared kinds' folders are (``lpsolve/kinds/NAME/`` holding a
#: ``kind.toml``)
BUNDLED_KINDS = os.path.join(_PACKAGE, "kinds")
#: a declared kind's published solution beside a puzzle file: FILE.solution
SOLUTION_SUFFIX = ".solution"


def declared_kind_folders() -> dict[str, str]:
    """The declared kinds that come with lpsolve, by name: each folder of
    ``lpsolve/kinds/`` holding a ``kind.toml`` (sorted by name)."""
    try:
        entries = sorted(os.listdir(BUNDLED_KINDS))
    except OSError:
        return {}
    return {
        entry: os.path.join(BUNDLED_KINDS, entry)
        for entry in entries
        if os.path.isfile(os.path.join(BUNDLED_KINDS, entry, "kind.toml"))
    }


def declared_kind_folder(name: str) -> str | None:
    """The folder of the bundled declared kind ``name``, if there is one (a ``stat``)."""
    if not name or os.sep in name or name.startswith("."):
        return None
    folder = os.path.join(BUNDLED_KINDS, name)
    return folder if os.path.isfile(os.path.join(folder, "kind.toml")) else None


def _instances_root(first: str) -> tuple[str, str]:
    """Where bundled names starting with the folder ``first`` live, and the name of
    that place: ``instances/FIRST``, or a bundled declared kind's ``instances/``."""
    folder = declared_kind_folder(first)
    if folder is not None and not os.path.isdir(os.path.join(_folder("instances"), first)):
        return os.path.join(folder, "instances"), first
    return os.path.join(_folder("instances"), first), first


def bundled_path(name: str) -> str | None:
    """Where the bundled instance (or folder of them) ``name`` would be: ``name`` as a
    path under ``instances/`` (``KIND/...`` of a bundled declared kind: under its
    folder's ``instances/``), or None when it is not one (empty, absolute, or leaving
    the folder by ``..``). Whether anything is there is the caller's question."""
    if not name or os.path.isabs(name):
        return None
    relative = os.path.normpath(name)
    if relative == os.curdir or relative.split(os.sep)[0] == os.pardir:
        return None
    first, _, rest = relative.partition(os.sep)
    root, _ = _instances_root(first)
    return os.path.join(root, rest) if rest else root


def bundled_files(name: str) -> list[tuple[str, str]]:
    """The bundled files ``name`` may mean, as (path, name as commands take it): the
    file ``instances/NAME`` itself, else every ``instances/NAME.EXT`` (sorted)."""
    path = bundled_path(name)
    if path is None:
        return []
    relative = os.path.normpath(name)
    if os.path.isfile(path):
        return [(path, relative)]
    folder, stem = os.path.split(path)
    try:
        entries = sorted(os.listdir(folder))
    except OSError:  # no such folder (or not one)
        return []
    named = os.path.dirname(relative)
    return [
        (os.path.join(folder, entry), os.path.join(named, entry))
        for entry in entries
        if os.path.splitext(entry)[0] == stem and os.path.isfile(os.path.join(folder, entry))
    ]


def bundled_names() -> list[str]:
    """Every bundled file, named by its path under ``instances/`` (a bundled declared
    kind's as ``KIND/FILE``; sorted)."""
    root = _folder("instances")
    names = [
        os.path.relpath(os.path.join(folder, file), root)
        for folder, _, files in os.walk(root)
        for file in files
    ]
    for kind in declared_kind_folders():
        inside, first = _instances_root(kind)
        if inside.startswith(root + os.sep):
            continue  # a folder of instances/ of that name: listed above
        names += [
            os.path.join(first, os.path.relpath(os.path.join(folder, file), inside))
            for folder, _, files in os.walk(inside)
            for file in files
        ]
    return sorted(names)


def tutorial_dir() -> Path:
    """The tutorial's programs and puzzle (``docs/tutorial/`` in a checkout)."""
    from pathlib import Path

    return Path(_folder("tutorial", os.path.join("docs", "tutorial")))


def encoding_text(file_name: str) -> str:
    with open(_encoding(file_name), encoding="utf-8") as file:
        return file.read()


def encoding_path(file_name: str) -> Path:
    from pathlib import Path

    return Path(_encoding(file_name))


@contextlib.contextmanager
def encoding_file(file_name: str) -> Iterator[str]:
    """A real file path for clingo to load, valid while the context is open. An
    encoding given by its path (a declared kind's, a plugin's) is read from inside its
    folder, the working directory while the context is open, so that its ``#include``
    directives find the files beside it: clingo looks in the working directory first."""
    if not os.path.isabs(file_name):
        yield _encoding(file_name)
        return
    if os.path.dirname(os.path.dirname(file_name)) == BUNDLED_KINDS:
        yield file_name  # a bundled kind's: lpsolve's own, which includes no other file
        return
    from .sandbox import in_program_folder  # clingo.ast: only such an encoding pays

    if not os.path.isfile(file_name):
        raise UsageError(f"encoding {file_name!r} not found")
    with in_program_folder(file_name) as name:
        yield name


def _encoding(file_name: str) -> str:
    folder = _folder("encodings")
    path = os.path.join(folder, file_name)
    if not os.path.isfile(path):
        raise UsageError(f"encoding {file_name!r} not found in {folder}")
    return path
