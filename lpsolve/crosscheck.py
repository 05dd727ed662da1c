"""Cross-checking: solve with both backends and compare what they found.

Two independent models of the same rules (the ASP encoding, the python-constraint
model) should find the same solutions. A kind without a csp model but with a second
model (a declared kind: its check with a generate rule, see
:meth:`~lpsolve.puzzle.Puzzle.second_model`) is cross-checked against that instead.
What can be compared depends on whether each search was complete (exhausted its
search space):

* every solution either backend returns must pass the plain-Python rule checker;
* a backend returns no solution twice;
* when a backend's search was complete, its solutions are *all* the solutions, so
  every solution the other backend found must be among them. With both complete this
  means the two sets are equal.

Under a limit (or a timeout) a search is usually incomplete, and two searches stopped
at the limit may well have found different solutions: that is no disagreement, so
only the checker and the inclusion in a complete side's set are tested.
"""

from __future__ import annotations

import os
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from .backends import asp, csp
from .kinds import as_puzzle
from .puzzle import SECOND_MODEL, Capability, Puzzle, Result


@dataclass(frozen=True)
class Finding:
    """A solution only one backend found, or one the rule checker rejects."""

    backend: str  # who found it
    solution: Hashable
    problems: tuple[str, ...] = ()  # broken rules (empty: it passes the checker)
    duplicate: bool = False  # the backend returned it more than once


@dataclass
class CrossCheck:
    """Both backends' results for one puzzle and what disagrees between them."""

    puzzle: Puzzle
    results: dict[str, Result]
    findings: list[Finding] = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return not self.findings

    @property
    def complete(self) -> bool:
        """Both searches were complete: agreement means the same solution sets."""
        return all(result.complete for result in self.results.values())

    @property
    def stopped(self) -> bool:
        """A search was stopped by a timeout or Ctrl-C."""
        return any(r.stopped for r in self.results.values())

    @property
    def other(self) -> str:
        """What clingo's encoding was compared with: ``csp`` or the second model."""
        return next(name for name in self.results if name != "clingo")

    def only(self, backend: str) -> list[Hashable]:
        """Solutions only ``backend`` found (where the other side's search was complete)."""
        return [f.solution for f in self.findings if f.backend == backend and not f.problems]

    def summary(self) -> str:
        """One line when the backends agree; otherwise a headline and each finding."""
        if self.agree:
            return f"cross-check: clingo and {self.other} agree: {self._agreement()}"
        sides = ", ".join(f"{name} {_describe(r)}" for name, r in self.results.items())
        lines = [f"cross-check: DISAGREEMENT between clingo and {self.other}: {sides}"]
        for finding in self.findings:
            other = next(name for name in self.results if name != finding.backend)
            if finding.problems:
                what = f"found by {finding.backend}, fails the rule checker: " + "; ".join(
                    finding.problems
                )
            elif finding.duplicate:
                what = f"found twice by {finding.backend}"
            else:
                what = f"only {finding.backend} found it ({other}'s search was complete)"
            lines += ["", f"{what}:", self.puzzle.render(finding.solution)]
        return "\n".join(lines)

    def _agreement(self) -> str:
        clingo, other = self.results["clingo"], self.results[self.other]
        if clingo.complete and other.complete:
            return f"the same {_solutions(clingo.count)}, both searches complete"
        found = f"clingo {_describe(clingo)}, {self.other} {_describe(other)}"
        if clingo.complete or other.complete:
            full = "clingo" if clingo.complete else self.other
            return f"{found}; all valid and within {full}'s complete set"
        return f"{found}; all valid (the sets were not compared: neither search complete)"

    def as_json(self) -> dict[str, Any]:
        return {
            "agree": self.agree,
            "complete": self.complete,
            **{
                name: {
                    "status": r.status.value,
                    "count": r.count,
                    "complete": r.complete,
                }
                for name, r in self.results.items()
            },
            "findings": [
                {
                    "backend": f.backend,
                    "solution": self.puzzle.solution_json(f.solution),
                    "problems": list(f.problems),
                    "duplicate": f.duplicate,
                }
                for f in self.findings
            ],
        }


def _solutions(n: int) -> str:
    return f"{n:,} solution{'' if n == 1 else 's'}"


def _how(result: Result) -> str:
    if result.complete:
        return "complete"
    return (
        "stopped at the limit"
        if result.stopped_by == "limit"
        else f"stopped by {result.stopped_by}"
    )


def _describe(result: Result) -> str:
    return f"{_solutions(result.count)} ({_how(result)})"


def cross_check(
    puzzle: Puzzle | str | os.PathLike[str],
    limit: int | None = None,
    timeout: float | None = None,
    *,
    deadline: float | None = None,
) -> CrossCheck:
    """Solve ``puzzle`` with both backends (up to ``limit`` solutions each, ``timeout``
    seconds each) and compare. With ``deadline`` (a ``time.monotonic()`` reading) both
    end by then instead: csp gets half the time left, clingo the rest. Unlike
    :func:`lpsolve.solve` a solution that fails the rule checker does not raise: it is
    reported as a finding. ``puzzle`` may be a path to read (see :func:`lpsolve.load`).
    A kind with a second model and no csp model is compared with its second model."""
    puzzle = as_puzzle(puzzle)

    def seconds(share: float) -> float | None:
        if deadline is None:
            return timeout
        return max((deadline - time.monotonic()) * share, 0.001)

    # the other side first: a kind without one fails before clingo spends any time
    if puzzle.supports(Capability.SECOND_MODEL) and not puzzle.supports(Capability.CSP):
        other = puzzle.second_model(limit, timeout=seconds(0.5))
        name = SECOND_MODEL
    else:
        other, name = csp.solve(puzzle, limit=limit, timeout=seconds(0.5)), "csp"
    results = {"clingo": asp.solve(puzzle, limit=limit, timeout=seconds(1.0)), name: other}
    return CrossCheck(puzzle, results, compare(puzzle, results))


def compare(puzzle: Puzzle, results: dict[str, Result]) -> list[Finding]:
    """What the two results disagree on (see the module docstring)."""
    findings: list[Finding] = []
    for name, result in results.items():
        other = next(results[n] for n in results if n != name)
        other_set = set(other.solutions)
        seen: set[Hashable] = set()
        for solution in result.solutions:
            if solution in seen:
                findings.append(Finding(name, solution, duplicate=True))
                continue
            seen.add(solution)
            problems = tuple(puzzle.violations(solution))
            if problems or (other.complete and solution not in other_set):
                findings.append(Finding(name, solution, problems))
    return findings
