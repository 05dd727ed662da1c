"""The search backends, one module each with the same ``solve(puzzle, limit, ...)``
shape: ``asp`` (clingo, the main one) and ``csp`` (python-constraint, the second
opinion). They know no puzzle kind: a :class:`~lpsolve.puzzle.Puzzle` supplies its
facts and encoding, or its csp model, and decodes what they find."""
