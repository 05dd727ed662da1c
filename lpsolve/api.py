"""The library's entry points: load a puzzle, solve it, count its solutions.

Every solution a backend returns passes the kind's plain-Python rule checker
before anyone sees it; one that fails is a bug and raises :class:`InternalError`.
Each call that takes a puzzle also takes a path (``str`` or ``os.PathLike``, or a
bundled instance's name such as ``"hidato/seed-10x10"``) and reads it first.

These calls run in the caller's process: nothing caps their memory, and a
``timeout`` bounds the search only, not reading, grounding or building a model (for
those bounds, :mod:`lpsolve.supervised` runs the same work in a child process).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from .backends import asp
from .errors import InternalError, LpsolveError, UsageError
from .kinds import as_puzzle, parse_text
from .kinds import load as _load_file
from .puzzle import Kind, Puzzle, Result

#: a puzzle, or the path of a puzzle file (or a bundled instance's name) to read
PuzzleOrPath = Puzzle | str | os.PathLike[str]

#: solutions :func:`solve` looks for unless told: two, as the command line, so that
#: one solution found is also proved unique (``Result.unique``)
DEFAULT_LIMIT = 2


def load(path: str | os.PathLike[str], kind: str | Kind | None = None) -> Puzzle:
    """Read a puzzle file, or a bundled instance by its name under ``instances/``
    (``"hidato/seed-10x10"``, the extension optional) when no such file exists; the
    kind comes from ``kind``, the extension or JSON ``"kind"``."""
    return _load_file(path, kind)


def parse(text: str, extension: str, kind: str | None = None, source: str = "<text>") -> Puzzle:
    """Parse puzzle text as if read from a file with this extension (e.g. ``".hidoku"``)."""
    return parse_text(text, source, extension, kind)


#: the search backends, by the name ``--backend`` and ``Result.backend`` use
BACKENDS = ("clingo", "csp")


def backend_solve(name: str) -> Callable[..., Result]:
    """The ``solve`` function of a backend (``asp.solve``, ``csp.solve``).
    python-constraint is imported only when asked for: it costs 27 ms at start-up."""
    if name == "clingo":
        return asp.solve
    if name == "csp":
        from .backends import csp

        return csp.solve
    raise UsageError(f"unknown backend {name!r}; expected one of {', '.join(BACKENDS)}")


def verify(puzzle: Puzzle, solution: Any) -> None:
    """Raise :class:`InternalError` if ``solution`` breaks a rule of ``puzzle``: a bug
    in lpsolve; for a kind that does not come with lpsolve (a folder's, a plugin's), a
    :class:`LpsolveError`: its encoding and its checker disagree, the kind's to fix."""
    problems = puzzle.violations(solution)
    if problems:
        kind = puzzle.definition()
        if not kind.bundled:
            raise LpsolveError(
                f"{puzzle.source}: kind {kind.name} ({kind.location}): an answer of its "
                f"encoding breaks its checker: {'; '.join(problems[:3])}"
                f"{'; ...' if len(problems) > 3 else ''} (lpsolve kinds check tests a kind)"
            )
        raise InternalError(
            f"{puzzle.source}: a {puzzle.kind} solution failed the rule "
            f"checker: {'; '.join(problems)}"
        )


def solve(
    puzzle: PuzzleOrPath,
    limit: int | None = DEFAULT_LIMIT,
    *,
    timeout: float | None = None,
    on_solution: Callable[[Any], bool | None] | None = None,
    backend: str = "clingo",
) -> Result:
    """Find up to ``limit`` solutions (default 2, which proves a single one unique;
    ``None``: all), each verified by the checker.

    ``puzzle`` may be a path to read (see :func:`load`). ``on_solution`` sees each
    verified solution as it is found (return False to stop). ``backend`` is
    ``"clingo"`` or ``"csp"`` (python-constraint). ``timeout`` (seconds) bounds the
    search, not the grounding before it.
    """
    puzzle = as_puzzle(puzzle)

    def checked(solution: Any) -> bool | None:
        verify(puzzle, solution)
        return None if on_solution is None else on_solution(solution)

    search = backend_solve(backend)
    return search(puzzle, limit=limit, timeout=timeout, on_solution=checked)


def diagnose(puzzle: PuzzleOrPath) -> list[str]:
    """Why a puzzle has no solution, in words: the rules its givens break (the kind's
    :meth:`~lpsolve.puzzle.Puzzle.diagnose`); for a kind diagnosed by a conflict
    (:attr:`~lpsolve.puzzle.Kind.diagnosed_by_conflict`, e.g. Mastermind), a minimal
    set of its clues that cannot all hold (:func:`lpsolve.explain.explain_conflict`)."""
    puzzle = as_puzzle(puzzle)
    if puzzle.definition().diagnosed_by_conflict and puzzle.clues():
        from .explain import explain_conflict

        conflict = explain_conflict(puzzle)
        return [] if conflict is None else conflict.lines()
    return puzzle.diagnose()


def count(
    puzzle: PuzzleOrPath,
    *,
    timeout: float | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "clingo",
) -> Result:
    """Count all solutions without building them (``result.solutions`` stays empty);
    ``puzzle`` may be a path to read (see :func:`load`)."""
    puzzle = as_puzzle(puzzle)
    search = backend_solve(backend)
    return search(puzzle, limit=None, timeout=timeout, decode=False, on_progress=on_progress)
