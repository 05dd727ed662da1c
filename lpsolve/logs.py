"""Diagnostics on stderr through :mod:`logging`, imported when there is one to give:
the import costs 4 ms of every command's start, and most runs have nothing to say.

The library leaves logging's configuration to its caller; the command line asks for
its own (``--log LEVEL``) with :func:`configure`, applied on the first message.
"""

from __future__ import annotations

from typing import Any

#: how a message reads on stderr (``lpsolve serve`` uses it too)
FORMAT = "%(levelname)s %(name)s: %(message)s"
_pending_level: str | None = None  # the command line's level, not yet applied


def configure(level: str) -> None:
    """The command line's ``--log LEVEL``: set up on the first message, or at once for
    ``debug`` and ``info`` (other libraries, e.g. Dask's, log at those levels)."""
    global _pending_level
    _pending_level = level.upper()
    if _pending_level in ("DEBUG", "INFO"):
        get_logger("lpsolve")


def get_logger(name: str) -> Any:
    """``logging.getLogger(name)``, with the command line's set-up applied first."""
    import logging

    global _pending_level
    if _pending_level is not None:
        logging.basicConfig(level=_pending_level, format=FORMAT)
        _pending_level = None
    return logging.getLogger(name)
