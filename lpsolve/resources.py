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
