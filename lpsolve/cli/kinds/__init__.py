"""Commands a kind adds to ``lpsolve`` (``Kind.commands``): the module ``NAME.py``
here, named after its kind, defines them as every command module does
(``add_parsers``, and ``add_subcommand`` for :data:`SUBCOMMANDS`), and says what
``lpsolve``'s help shows of them:

- ``SUBCOMMANDS``: command -> the words right after it that name a subcommand of its
  own, with its own options and help;
- ``EXAMPLES``: command -> example lines (run by the tests, in an empty folder);
- ``EXIT_STATUSES``: command -> (status, meaning) pairs;
- ``READS_BUNDLED``: command -> the argument that may name a bundled instance.

Only built-in kinds add commands. Their work must be over when the command returns
(no threads left, no exit handlers): ``lpsolve`` then ends at once (``cli.command``).
"""
