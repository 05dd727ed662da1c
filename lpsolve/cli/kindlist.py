"""``lpsolve kinds``: every kind lpsolve knows, where it comes from, its files and the
puzzles that come with it (so that a user of the installed package can name them)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..kinds.registry import ENVIRONMENT, Listed, declared_instances, registry
from ..puzzle import Capability, Instance, Origin
from .common import EXIT_SOLVED, SCHEMA_VERSION, compact_json


def add_parsers(commands: Any) -> None:
    kinds = commands.add_parser(
        "kinds",
        help="list the puzzle kinds: built-in, declared (folders) and plugins",
        description="List every puzzle kind lpsolve knows: its source (built-in; declared: "
        f"a folder named by --kinds or {ENVIRONMENT}; plugin: an installed package), its "
        "module or folder, its file extensions and the puzzles that come with it. With "
        "NAME: that kind's rules, capabilities, encoding and every bundled puzzle, by the "
        "name commands take.",
    )
    kinds.add_argument("name", nargs="?", metavar="NAME", help="one kind, in full")
    kinds.add_argument(
        "--format", choices=["text", "json"], default="text", help="output format (default: text)"
    )
    kinds.set_defaults(run=run_kinds)


def instances(listed: Listed) -> list[Instance]:
    """The puzzles that come with a kind (a declared kind's files even when it cannot be
    read yet)."""
    if listed.kind is not None:
        return listed.kind.instances()
    return declared_instances(listed.location) if listed.origin is Origin.DECLARED else []


def extensions(listed: Listed) -> list[str]:
    """A kind's file extensions, ``.json`` with its JSON input; a declared kind that
    cannot be read yet: its default, ``.NAME``."""
    if listed.kind is None:
        return [f".{listed.name}"] if listed.origin is Origin.DECLARED else []
    kind = listed.kind
    return [*kind.extensions, *[".json"] * kind.supports(Capability.JSON_INPUT)]


def as_json(listed: Listed) -> dict[str, Any]:
    kind = listed.kind
    return {
        "name": listed.name,
        "title": None if kind is None else kind.title,
        "rules": None if kind is None else kind.rules,
        "source": listed.origin.value,
        "location": listed.location,
        "shadows": listed.shadows,
        "problem": listed.problem or None,
        "extensions": extensions(listed),
        "capabilities": [c.value for c in Capability if kind and c in kind.capabilities],
        "encoding": None if kind is None else kind.encoding,
        "instances": [{"name": i.name, "path": i.path} for i in instances(listed)],
    }


def run_kinds(args: argparse.Namespace) -> int:
    found = registry().listing()
    if args.name is not None:
        found = [listed for listed in found if listed.name == args.name]
        if not found:
            registry().get(args.name)  # refuses it, naming the known kinds
    if args.format == "json":
        data = {"schema": SCHEMA_VERSION, "kinds": [as_json(listed) for listed in found]}
        sys.stdout.write(compact_json(data) + "\n")
    elif args.name is not None:
        sys.stdout.write("".join(line + "\n" for line in detail(found[0])))
    else:
        sys.stdout.write(table(found))
    return EXIT_SOLVED


def _where(listed: Listed) -> str:
    """Where a kind comes from, and what keeps it from use."""
    notes = [listed.location]
    if listed.shadows:
        notes.append(f"in place of the built-in {listed.name}")
    if listed.problem:
        notes.append(listed.problem)
    return "; ".join(notes)


def table(found: list[Listed]) -> str:
    """A line per kind, in aligned columns."""
    rows = [("kind", "source", "extensions", "puzzles", "from")]
    rows += [
        (
            listed.name,
            listed.origin.value,
            " ".join(extensions(listed)),
            str(len(instances(listed))),
            _where(listed),
        )
        for listed in found
    ]
    name, source, ends, count = (max(len(row[i]) for row in rows) for i in range(4))
    return "".join(
        f"{row[0]:<{name}}  {row[1]:<{source}}  {row[2]:<{ends}}  {row[3]:>{count}}  {row[4]}\n"
        for row in rows
    )


def detail(listed: Listed) -> list[str]:
    """One kind in full: what it is, where it comes from, every puzzle that comes with it."""
    kind = listed.kind
    title = listed.name if kind is None else kind.title
    lines = [f"{listed.name}: {title} ({listed.origin.value}, {_where(listed)})"]
    if kind is not None:
        lines.append(f"rules: {kind.rules}")
    lines.append(f"extensions: {' '.join(extensions(listed))}")
    if kind is not None:
        capabilities = ", ".join(c.value for c in Capability if c in kind.capabilities)
        lines.append(f"capabilities: {capabilities or 'none'}")
        lines.append(f"encoding: {kind.encoding}")
    found = instances(listed)
    lines.append(f"puzzles ({len(found)}):")
    lines += [f"  {instance.name}" for instance in found]
    return lines
