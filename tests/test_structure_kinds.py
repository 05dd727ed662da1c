"""The kind protocol holds in the code: nothing in lpsolve asks a puzzle or a kind
what it has by probing for attributes, or by trying a capability and catching the
refusal; it asks the declared capabilities (``Puzzle.supports``, ``Kind.require``).
Read from the source with ``ast``."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from lpsolve.kinds import KINDS
from lpsolve.puzzle import CAPABILITY_METHODS

PACKAGE = Path(__file__).resolve().parent.parent / "lpsolve"

#: the errors a capability's default raises, and their ancestors
REFUSALS = {"NotSupported", "UsageError", "LpsolveError"}
#: objects whose attributes are not a puzzle's, though named alike: argparse's
#: namespace of options, a text stream (its ``encoding``)
NOT_PUZZLES = {"args", "stream"}


@functools.cache
def _nodes(root: Path) -> dict[Path, list[ast.AST]]:
    """Every node of every module below ``root``, parsed and walked once for the tests
    that read them (the package's source does not change during the run)."""
    return {
        path: list(ast.walk(ast.parse(path.read_text(), str(path))))
        for path in sorted(root.rglob("*.py"))
    }


def _is_protocol_class(node: ast.ClassDef) -> bool:
    names = {ast.unparse(base).split(".")[-1] for base in node.bases}
    return node.name in ("Puzzle", "Kind") or bool(names & {"Puzzle", "Kind", "BuiltInKind"})


def protocol_attributes(root: Path) -> set[str]:
    """Every attribute the Puzzle and Kind classes and their subclasses in lpsolve
    define: methods, class attributes and ``self.X = ...`` in their methods."""
    found: set[str] = set()
    for nodes in _nodes(root).values():
        for node in nodes:
            if not (isinstance(node, ast.ClassDef) and _is_protocol_class(node)):
                continue
            for item in ast.walk(node):
                if isinstance(item, ast.FunctionDef):
                    found.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    found.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    for target in item.targets:
                        if isinstance(target, ast.Name):
                            found.add(target.id)
                        elif (
                            isinstance(target, ast.Attribute)
                            and isinstance(target.value, ast.Name)
                            and target.value.id == "self"
                        ):
                            found.add(target.attr)
    return found - {"__init__", "__eq__", "__repr__", "__getstate__"}


def _capability_calls(node: ast.AST) -> set[str]:
    methods = {name.split(".")[1] for names in CAPABILITY_METHODS.values() for name in names}
    return {
        call.func.attr
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in methods
    }


def _caught(handler: ast.ExceptHandler) -> set[str]:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return {k.id if isinstance(k, ast.Name) else getattr(k, "attr", "") for k in kinds if k}


def probes(root: Path) -> list[str]:
    """Each place that probes a puzzle or a kind, as ``FILE:LINE: what``."""
    attributes = protocol_attributes(root)
    found = []
    for path, nodes in _nodes(root).items():
        where = path.relative_to(root.parent)
        for node in nodes:
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in attributes
                and not (isinstance(node.args[0], ast.Name) and node.args[0].id in NOT_PUZZLES)
            ):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Try):
                tried = set().union(*(_capability_calls(statement) for statement in node.body))
                for handler in node.handlers:
                    if tried and _caught(handler) & REFUSALS:
                        methods = ", ".join(sorted(tried))
                        found.append(f"{where}:{handler.lineno}: a refusal of {methods} caught")
    return sorted(found, key=lambda line: (line.split(":")[0], int(line.split(":")[1])))


def test_no_probing() -> None:
    assert probes(PACKAGE) == []


def test_the_probe_finder_sees_probes(tmp_path) -> None:
    """Not blind: the three kinds of probe this replaced are found."""
    (tmp_path / "puzzle.py").write_text(
        "class Puzzle:\n"
        "    def janko_rows(self): ...\n"
        "    def svg(self): ...\n"
        "    def __init__(self):\n"
        "        self.mode = 1\n"
    )
    (tmp_path / "user.py").write_text(
        "def f(puzzle, args):\n"
        "    if hasattr(puzzle, 'janko_rows'): pass\n"
        "    getattr(puzzle, 'mode', None)\n"
        "    getattr(args, 'mode', None)\n"  # an option, not a probe
        "    try:\n"
        "        puzzle.svg()\n"
        "    except UsageError:\n"
        "        pass\n"
    )
    assert [line.split(": ", 1)[0] for line in probes(tmp_path)] == [
        f"{tmp_path.name}/user.py:2",
        f"{tmp_path.name}/user.py:3",
        f"{tmp_path.name}/user.py:7",
    ]


# -- no kind names in the interfaces ----------------------------------------------------

#: lines of example commands (the help's examples, run by the tests): they name bundled
#: files, which are named after their kinds
EXAMPLE = re.compile(r"(lpsolve|echo) ")


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def interface_files(package: Path) -> list[Path]:
    """The command line's and the web's files, but for those a kind contributes
    (``cli/kinds/``, ``web/kinds/``, ``web/templates/kinds/``): named after their kind."""
    files = sorted((package / "cli").glob("*.py"))
    files += [
        path
        for path in sorted((package / "web").rglob("*"))
        if path.is_file()
        and "kinds" not in path.relative_to(package / "web").parts
        and path.suffix in (".py", ".html", ".js", ".css")
    ]
    return files


def kind_names_in(path: Path, names: list[str]) -> list[str]:
    """Each place ``path`` names a kind, as ``FILE:LINE: text``: in a Python file, a
    string (not a docstring, not an example command); in a template, stylesheet or
    script, anywhere but in a Jinja comment."""
    word = re.compile(rf"\b({'|'.join(map(re.escape, names))})\b", re.IGNORECASE)
    found = []
    if path.suffix == ".py":
        tree = ast.parse(path.read_text(), str(path))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and not EXAMPLE.match(node.value)
                and word.search(node.value)
            ):
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
        return found
    text = re.sub(r"\{#.*?#\}", "", path.read_text(), flags=re.S)
    for number, line in enumerate(text.splitlines(), 1):
        if word.search(line):
            found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_no_kind_names_in_interfaces() -> None:
    """The command line and the web read every kind from the registry: no kind's name
    in their code or templates (a kind's own commands and pages live in ``kinds/``
    folders, named after it, and the registry names them)."""
    names = list(KINDS)
    found = [line for path in interface_files(PACKAGE) for line in kind_names_in(path, names)]
    assert found == []


def test_the_kind_name_finder_sees_names(tmp_path) -> None:
    (tmp_path / "a.py").write_text(
        '"""A docstring may say takuzu."""\n'
        'X = {"takuzu": 1}\n'
        'EXAMPLES = ["lpsolve solve takuzu/seed-8x8"]\n'
        'Y = f"{z} (e.g. Binairo Plus for Takuzu)"\n'
    )
    (tmp_path / "b.html").write_text("{# takuzu #}\n<p>{% if k == 'magic' %}</p>\n")
    assert kind_names_in(tmp_path / "a.py", ["takuzu"]) == [
        "a.py:2: 'takuzu'",
        "a.py:4: ' (e.g. Binairo Plus for Takuzu)'",
    ]
    assert kind_names_in(tmp_path / "b.html", ["magic"]) == [
        "b.html:2: <p>{% if k == 'magic' %}</p>"
    ]
