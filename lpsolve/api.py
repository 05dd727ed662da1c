"""The library's entry points: load a puzzle, solve it, count its solutions.

Every solution a backend returns passes the kind's plain-Python rule checker
before anyone sees it; one that fails is a bug and raises :class:`InternalError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .backends import asp
from .errors import InternalError, UsageError
from .kinds import load as _load_file
from .kinds import parse_text
from .puzzle import Puzzle, Result

if TYPE_CHECKING:
    from pathlib import Path


def load(path: str | Path, kind: str | None = None) -> Puzzle:
    """Read a puzzle file; the kind comes from ``kind``, the extension or JSON ``"kind"``."""
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
    """Raise :class:`InternalError` if ``solution`` breaks a rule of ``puzzle``."""
    problems = puzzle.violations(solution)
    if problems:
        raise InternalError(
            f"{puzzle.source}: a {puzzle.kind} solution failed the rule "
            f"checker: {'; '.join(problems)}"
        )


def solve(
    puzzle: Puzzle,
    limit: int | None = None,
    *,
    timeout: float | None = None,
    on_solution: Callable[[Any], bool | None] | None = None,
    backend: str = "clingo",
) -> Result:
    """Find up to ``limit`` solutions (``None``: all), each verified by the checker.

    ``on_solution`` sees each verified solution as it is found (return False to stop).
    ``backend`` is ``"clingo"`` or ``"csp"`` (python-constraint).
    """

    def checked(solution: Any) -> bool | None:
        verify(puzzle, solution)
        return None if on_solution is None else on_solution(solution)

    search = backend_solve(backend)
    return search(puzzle, limit=limit, timeout=timeout, on_solution=checked)


def diagnose(puzzle: Puzzle) -> list[str]:
    """Why a puzzle has no solution, in words: the rules its givens break (the kind's
    :meth:`~lpsolve.puzzle.Puzzle.diagnose`); for a Mastermind game, a minimal set of
    guesses that cannot all be scored as recorded (found with clingo)."""
    if puzzle.kind == "mastermind":
        from .codebreaker import diagnosis

        return diagnosis(puzzle)
    return puzzle.diagnose()


def count(
    puzzle: Puzzle,
    *,
    timeout: float | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "clingo",
) -> Result:
    """Count all solutions without building them (``result.solutions`` stays empty)."""
    search = backend_solve(backend)
    return search(puzzle, limit=None, timeout=timeout, decode=False, on_progress=on_progress)
