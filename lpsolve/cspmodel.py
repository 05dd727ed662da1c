"""How a kind states its puzzle for the python-constraint backend (``lpsolve/csp.py``):
variables with their candidate values, constraints over them, and how a complete
assignment becomes a solution. Kept apart from the backend so that kinds (and the
Puzzle interface) can build models without importing the solver: arrows point down.

Prefer python-constraint's built-in constraints (``AllDifferentConstraint``,
``InSetConstraint``, :class:`ExactSum`) or :class:`AllowedPairs` over Python functions,
which can only prune once all but one of their variables are set. A constraint of your
own that hides values must return False when it empties a domain (python-constraint's
solver breaks on an empty domain it was not told about).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import constraint

Assignment = Mapping[Hashable, Any]


@dataclass
class CspModel:
    """A puzzle as a constraint satisfaction problem: variables, constraints, decoding."""

    #: turns a complete assignment (variable -> value) into a solution value
    decode: Callable[[Assignment], Hashable]
    domains: dict[Hashable, list[Any]] = field(default_factory=dict)
    constraints: list[tuple[constraint.Constraint, tuple[Hashable, ...]]] = field(
        default_factory=list
    )
    #: the most variables this kind's model is known to handle quickly (measured by the
    #: kind); ``lpsolve bench`` and the tests skip bigger puzzles. ``None``: no limit.
    handles_up_to: int | None = None

    def variable(self, name: Hashable, values: Collection[Any]) -> None:
        """Declare a variable and the values it may take (an empty collection is allowed:
        the model then has no solution)."""
        if name in self.domains:
            raise ValueError(f"variable {name!r} declared twice")
        self.domains[name] = list(values)

    def constrain(self, rule: constraint.Constraint, variables: Sequence[Hashable]) -> None:
        """Add a constraint over these variables (in the order the constraint expects)."""
        unknown = [v for v in variables if v not in self.domains]
        if unknown:
            raise ValueError(f"constraint over undeclared variables {unknown!r}")
        self.constraints.append((rule, tuple(variables)))


def hide(domain: Any, values: Collection[Any]) -> bool:
    """Hide these values from a forward-checked domain (python-constraint's ``Domain``);
    False when that leaves it empty, which a constraint must then report."""
    for value in values:
        if value in domain:
            domain.hideValue(value)
    return bool(domain)


class AllowedPairs(constraint.Constraint):
    """A binary table constraint: ``(first, second)`` must be one of the given pairs.

    python-constraint has no built-in table constraint. A ``FunctionConstraint`` could
    test membership, but it forward-checks by calling the function once per value of the
    other variable; this looks up the supported values once and hides the rest.
    """

    def __init__(self, pairs: Collection[tuple[Any, Any]]) -> None:
        self._supports: dict[tuple[int, Any], frozenset[Any]] = {}
        forward: dict[Any, set[Any]] = {}
        backward: dict[Any, set[Any]] = {}
        for a, b in pairs:
            forward.setdefault(a, set()).add(b)
            backward.setdefault(b, set()).add(a)
        # _supports[(i, v)]: values the *other* variable may take when variable i is v
        self._supports.update({(0, a): frozenset(bs) for a, bs in forward.items()})
        self._supports.update({(1, b): frozenset(as_) for b, as_ in backward.items()})

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        first, second = variables
        if first in assignments:
            known, other, value = 0, second, assignments[first]
        elif second in assignments:
            known, other, value = 1, first, assignments[second]
        else:
            return True
        supported = self._supports.get((known, value), frozenset())
        if other in assignments:
            return assignments[other] in supported
        if forwardcheck:
            domain = domains[other]
            return hide(domain, [c for c in domain if c not in supported])
        return True


class ExactSum(constraint.ExactSumConstraint):
    """python-constraint's ``ExactSumConstraint``, safe when an earlier constraint's
    preprocessing has emptied a domain: the original then fails on ``min()`` of the
    empty domain (e.g. a 2x2 magic board with one given). An empty domain means no
    solution, which the solver finds by itself once preprocessing is over."""

    def preProcess(self, variables: Any, domains: Any, constraints: Any, vconstraints: Any) -> None:
        if all(domains[variable] for variable in variables):
            super().preProcess(variables, domains, constraints, vconstraints)
