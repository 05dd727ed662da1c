"""How a kind states its puzzle for the python-constraint backend (``lpsolve/backends/csp.py``):
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


# -- constraints the kinds' models use beyond python-constraint's own -------------


class EveryValueTaken(constraint.Constraint):
    """Every one of ``values`` is taken by some variable (Hidato: every cell holds a
    number, the half of "the numbers fill the board" that ``AllDifferentConstraint``
    leaves to counting). With forward checking, a value no unset variable can still
    take is a dead end, and a value only one unset variable can take is forced on it.
    """

    def __init__(self, values: Sequence[Hashable]) -> None:
        self._values = values

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[int],
        domains: dict[int, Any],
        assignments: dict[int, Hashable],
        forwardcheck: Any = False,
    ) -> bool:
        if not forwardcheck:
            return True  # a complete assignment is covered by AllDifferentConstraint
        used = {assignments[n] for n in variables if n in assignments}
        reachable_by: dict[Hashable, list[int]] = {}
        for n in variables:
            if n not in assignments:
                for cell in domains[n]:
                    reachable_by.setdefault(cell, []).append(n)
        forced: dict[int, Hashable] = {}
        for cell in self._values:
            if cell in used:
                continue
            candidates = reachable_by.get(cell)
            if not candidates:
                return False
            if len(candidates) == 1:
                (n,) = candidates
                if n in forced:  # one number, needed on two cells
                    return False
                forced[n] = cell
        for n, cell in forced.items():  # cell is in n's domain, so it never empties
            hide(domains[n], [other for other in domains[n] if other != cell])
        return True


class AtMostOfEach(constraint.Constraint):
    """At most ``cap`` of the variables hold 0 and at most ``cap`` hold 1: with ``cap``
    half the line, as many 0s as 1s.

    python-constraint's ``ExactSumConstraint`` (sum of the 1s) prunes one side only: it
    hides a 1 once a line has enough 1s but never a 0 once it has enough 0s.
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        ones = zeros = 0
        for variable in variables:
            value = assignments.get(variable)
            if value == 1:
                ones += 1
            elif value == 0:
                zeros += 1
        if ones > self.cap or zeros > self.cap:
            return False
        full = [d for d, n in ((0, zeros), (1, ones)) if n == self.cap]
        if forwardcheck and full:
            for variable in variables:
                if variable not in assignments and not hide(domains[variable], full):
                    return False
        return True


class NoThreeInARow(constraint.Constraint):
    """No three consecutive variables (in the order given) hold the same value.

    One constraint per line rather than one per three cells: every cell then has as
    many constraints as every other, so the solver's variable order (most constraints
    first, then fewest values left) is decided by the values left, and forced cells
    are filled first. Forward checking hides d from a cell next to two d's or between
    two d's.
    """

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        values = [assignments.get(variable) for variable in variables]
        for i in range(len(values) - 2):
            if values[i] is not None and values[i] == values[i + 1] == values[i + 2]:
                return False
        if not forwardcheck:
            return True
        for i, variable in enumerate(variables):
            if values[i] is not None:
                continue
            banned = set()
            for a, b in ((i - 2, i - 1), (i - 1, i + 1), (i + 1, i + 2)):
                inside = a >= 0 and b < len(values)
                if inside and values[a] is not None and values[a] == values[b]:
                    banned.add(values[a])
            if banned and not hide(domains[variable], banned):
                return False
        return True


class LinesDiffer(constraint.Constraint):
    """The first half of the variables, read in order, differs from the second half.

    python-constraint has no such constraint. Once every cell but one of the two lines
    is set and the set cells agree pairwise, the last cell must differ from its
    partner: forward checking hides the equal value.
    """

    def __call__(  # python-constraint's signature
        self,
        variables: Sequence[Hashable],
        domains: dict[Hashable, Any],
        assignments: dict[Hashable, Any],
        forwardcheck: Any = False,
    ) -> bool:
        half = len(variables) // 2
        unset = None
        for a, b in zip(variables[:half], variables[half:], strict=True):
            if a in assignments and b in assignments:
                if assignments[a] != assignments[b]:
                    return True  # they already differ
            elif unset is not None or (a not in assignments and b not in assignments):
                return True  # two or more cells open: nothing to conclude yet
            else:
                unset = (b, assignments[a]) if a in assignments else (a, assignments[b])
        if unset is None:
            return False  # both lines complete and equal
        if forwardcheck:
            other, value = unset
            return hide(domains[other], [value])
        return True
