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


def bundled_path(name: str) -> str | None:
    """Where the bundled instance (or folder of them) ``name`` would be: ``name`` as a
    path under ``instances/``, or None when it is not one (empty, absolute, or leaving
    the folder by ``..``). Whether anything is there is the caller's question."""
    if not name or os.path.isabs(name):
        return None
    relative = os.path.normpath(name)
    if relative == os.curdir or relative.split(os.sep)[0] == os.pardir:
        return None
    return os.path.join(_folder("instances"), relative)


def bundled_files(name: str) -> list[tuple[str, str]]:
    """The bundled files ``name`` may mean, as (path, name under ``instances/``): the
    file ``instances/NAME`` itself, else every ``instances/NAME.EXT`` (sorted)."""
    path = bundled_path(name)
    if path is None:
        return []
    relative = os.path.relpath(path, _folder("instances"))
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
    """Every bundled file, named by its path under ``instances/`` (sorted)."""
    root = _folder("instances")
    return sorted(
        os.path.relpath(os.path.join(folder, file), root)
        for folder, _, files in os.walk(root)
        for file in files
    )


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
    """A real file path for clingo to load, valid while the context is open."""
    yield _encoding(file_name)


def _encoding(file_name: str) -> str:
    folder = _folder("encodings")
    path = os.path.join(folder, file_name)
    if not os.path.isfile(path):
        raise UsageError(f"encoding {file_name!r} not found in {folder}")
    return path
