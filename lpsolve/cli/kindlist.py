"""``lpsolve kinds``: every kind lpsolve knows, where it comes from, its files and the
puzzles that come with it (so that a user of the installed package can name them)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import UsageError
from ..kinds.registry import ENVIRONMENT, NAME, Listed, declared_instances, registry
from ..puzzle import Capability, Instance, Origin
from .common import EXIT_NO_SOLUTION, EXIT_SOLVED, SCHEMA_VERSION, compact_json


def add_parsers(commands: Any) -> None:
    kinds = commands.add_parser(
        "kinds",
        help="list the puzzle kinds: built-in, declared (folders) and plugins",
        description="List every puzzle kind lpsolve knows: its source (built-in; declared: "
        f"a folder, bundled or named by --kinds or {ENVIRONMENT}; plugin: an installed "
        "package), its module or folder, its file extensions and the puzzles that come with "
        "it. With NAME: that kind's rules, capabilities, encoding and every bundled puzzle, "
        "by the name commands take. lpsolve kinds new NAME writes a new kind's folder; "
        "lpsolve kinds check tests one (each has its --help).",
    )
    kinds.add_argument("name", nargs="?", metavar="NAME", help="one kind, in full")
    kinds.add_argument(
        "--format", choices=["text", "json"], default="text", help="output format (default: text)"
    )
    kinds.set_defaults(run=run_kinds)


def add_subcommand(commands: Any, name: str) -> None:
    """Add ``kinds`` with its subcommand ``name`` (``new``, ``check``)."""
    container = commands.add_parser("kinds")
    actions = container.add_subparsers(dest="action", required=True, metavar=name)
    if name == "new":
        new = actions.add_parser(
            "new",
            prog="lpsolve kinds new",
            help="write a new declared kind's folder",
            description="Write the folder DIR/NAME of a new declared kind, NAME: kind.toml, "
            "encoding.lp and check.lp of a Latin square, and instances/example.NAME with its "
            "solution. It solves its example as it is; change it into your own kind (the "
            "guide: docs/adding-a-kind.md). Commands find it with --kinds DIR or "
            f"{ENVIRONMENT}.",
        )
        new.add_argument("name", metavar="NAME", help="the kind's name: its folder's")
        new.add_argument(
            "folder", nargs="?", default=".", metavar="DIR", help="where (default: here)"
        )
        new.set_defaults(run=run_new)
    else:
        check = actions.add_parser(
            "check",
            prog="lpsolve kinds check",
            help="test a declared kind's folder",
            description="Test a declared kind: its declaration and programs are read (a "
            "mistake: one line at its place), the encoding must show the [output] atoms, "
            "every instance is solved (two solutions looked for: the uniqueness proof) and "
            "each answer passed through the check, a published .solution file must be the "
            "one solution found and pass the check, the second model must agree with the "
            "encoding on small boards, and each check rule should fire on some published "
            "solution changed a little (a note names those that never do).",
        )
        check.add_argument(
            "target", metavar="DIR|NAME", help="the kind's folder, or a declared kind's name"
        )
        check.set_defaults(run=run_check)


def run_new(args: argparse.Namespace) -> int:
    from ..kinds.declared.newkind import write_kind

    found = registry().find(args.name) if NAME.fullmatch(args.name) else None
    folder = write_kind(args.name, args.folder, taken=found is not None and found.bundled)
    print(f"wrote {folder}: kind.toml, encoding.lp, check.lp, instances/example.{args.name}")
    print(f"try: lpsolve kinds check {folder}")
    return EXIT_SOLVED


def run_check(args: argparse.Namespace) -> int:
    import os

    from ..kindcheck import check_kind
    from ..kinds.declared import DeclaredKind, load_kind

    if os.path.isdir(args.target):
        kind = load_kind(args.target)
    else:
        found = registry().get(args.target)
        if not isinstance(found, DeclaredKind):
            raise UsageError(f"kinds check {args.target}: not a declared kind (a folder)")
        kind = found
    print(f"kind {kind.name}: {kind.title}")
    lines = check_kind(kind)
    for line in lines:
        print(line)
    problems = sum(line.problem for line in lines)
    print(f"{problems} problem{'' if problems == 1 else 's'}" if problems else "no problem found")
    return EXIT_NO_SOLUTION if problems else EXIT_SOLVED


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
        "instances": [
            {"name": i.name, "path": i.path, "solution": i.solution} for i in instances(listed)
        ],
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
