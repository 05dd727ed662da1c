"""``lpsolve kinds new NAME [DIR]``: a new declared kind's folder, written from the
skeleton beside this module (``skeleton/``: a Latin square with an example puzzle and
its solution), which solves its own example as it is."""

from __future__ import annotations

import os
import shutil

from ...errors import UsageError
from .declaration import KIND_NAME

#: the files a new kind starts from
SKELETON = os.path.join(os.path.dirname(os.path.realpath(__file__)), "skeleton")
#: the skeleton's instances end in this, made the new kind's extension
PLACEHOLDER = ".EXT"


def write_kind(name: str, parent: str, taken: bool = False) -> str:
    """Write the folder ``parent/name`` of a new declared kind ``name``; returns it.
    Refused in one line (:class:`UsageError`): a name no kind may have, a name
    ``taken`` by a kind that comes with lpsolve (the folder would take its place), a
    folder that is there already, a ``parent`` that is no folder."""
    if not KIND_NAME.fullmatch(name):
        raise UsageError(
            f"kinds new {name}: a kind's name is its folder's: lower-case letters, digits and "
            "'-', starting with a letter, at most 31 characters"
        )
    if taken:
        raise UsageError(
            f"kinds new {name}: a kind of that name comes with lpsolve (a folder of that name "
            "would take its place); choose another name, or copy its folder (lpsolve kinds "
            f"{name} says where it is)"
        )
    if not os.path.isdir(parent):
        raise UsageError(f"kinds new {name} {parent}: no such folder")
    folder = os.path.join(parent, name)
    if os.path.lexists(folder):
        raise UsageError(f"kinds new {name}: {folder} is there already")
    shutil.copytree(SKELETON, folder, ignore=shutil.ignore_patterns("__pycache__"))
    instances = os.path.join(folder, "instances")
    for entry in sorted(os.listdir(instances)):
        if PLACEHOLDER in entry:
            renamed = entry.replace(PLACEHOLDER, f".{name}")
            os.rename(os.path.join(instances, entry), os.path.join(instances, renamed))
    return folder
