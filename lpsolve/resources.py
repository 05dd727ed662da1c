"""Find the encodings and bundled instances, installed or in a source checkout."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from .errors import UsageError

# In a wheel the top-level folders are packaged inside ``lpsolve/``; in a source
# checkout (editable install, tests) they sit next to the package.
_CHECKOUT = Path(__file__).resolve().parent.parent


def _folder(name: str, checkout: str | None = None) -> Path:
    packaged = resources.files("lpsolve") / name
    if packaged.is_dir():
        return Path(str(packaged))
    return _CHECKOUT / (checkout or name)


def encodings_dir() -> Path:
    return _folder("encodings")


def instances_dir() -> Path:
    return _folder("instances")


def tutorial_dir() -> Path:
    """The tutorial's programs and puzzle (``docs/tutorial/`` in a checkout)."""
    return _folder("tutorial", "docs/tutorial")


def encoding_text(file_name: str) -> str:
    return encoding_path(file_name).read_text(encoding="utf-8")


def encoding_path(file_name: str) -> Path:
    path = encodings_dir() / file_name
    if not path.is_file():
        raise UsageError(f"encoding {file_name!r} not found in {encodings_dir()}")
    return path


@contextlib.contextmanager
def encoding_file(file_name: str) -> Iterator[str]:
    """A real file path for clingo to load, valid while the context is open."""
    with resources.as_file(encoding_path(file_name)) as path:
        yield str(path)
