"""``python -m lpsolve``."""

from .cli import command

command()
