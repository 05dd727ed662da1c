"""The one exception family lpsolve raises for problems a user can fix."""

from __future__ import annotations


class LpsolveError(Exception):
    """Base class of every error lpsolve reports to a user (exit status 2)."""


class PuzzleError(LpsolveError):
    """Bad input: a puzzle file (or value) that does not follow its format, or saved
    state read back (a checkpoint, a batch report) that is not as lpsolve wrote it.

    Carries the place of the problem so the CLI can print ``FILE:LINE:COL: message``.
    """

    def __init__(
        self, message: str, source: str = "<input>", line: int | None = None, col: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.col = col

    def __reduce__(self) -> tuple[type[PuzzleError], tuple[str, str, int | None, int | None]]:
        # supervised jobs hand errors to their parent pickled: keep the place
        return type(self), (self.message, self.source, self.line, self.col)

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.message}"


class UsageError(LpsolveError):
    """A command-line or API call that cannot be carried out as asked."""


class InternalError(Exception):
    """A bug in lpsolve, e.g. a backend answer that fails the rule checker."""
