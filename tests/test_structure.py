"""The package's shape: one module drives clingo, and the layers of pyproject.toml's
import contract hold (interfaces -> services -> jobs -> kinds -> the clingo session ->
the protocol)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import lpsolve
from lpsolve.puzzle import StopReason

PACKAGE = Path(lpsolve.__file__).parent
ROOT = PACKAGE.parent
SESSION = PACKAGE / "backends" / "session.py"

#: the keywords of clingo's ``Control.solve``: a call with any of them is a search
SOLVE_KEYWORDS = {"assumptions", "on_model", "on_core", "on_unsat", "async_", "yield_"}
#: lpsolve's own modules with a ``solve`` function, which drive clingo through a session
LPSOLVE_SOLVERS = {"api", "asp", "csp"}


def clingo_drivers(path: Path) -> list[str]:
    """Where a module builds a clingo control, runs clingo's application or searches
    with clingo's own ``solve`` (line: what)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr in ("Control", "clingo_main"):
            found.append(f"{node.lineno}: {node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("clingo"):
            found += [
                f"{node.lineno}: import {alias.name}"
                for alias in node.names
                if alias.name in ("Control", "clingo_main")
            ]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "solve"
            and not (
                isinstance(node.func.value, ast.Name) and node.func.value.id in LPSOLVE_SOLVERS
            )
            and any(keyword.arg in SOLVE_KEYWORDS for keyword in node.keywords)
        ):
            found.append(f"{node.lineno}: .solve(...)")
    return found


def test_one_module_drives_clingo() -> None:
    drivers = {
        str(path.relative_to(ROOT)): found
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != SESSION and (found := clingo_drivers(path))
    }
    assert drivers == {}
    assert clingo_drivers(SESSION), "the session module is where clingo is driven"


def test_the_driver_finder_sees_each_way_in(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    for source in [
        "import clingo\nctl = clingo.Control()",
        "from clingo import Control",
        "from clingo.application import clingo_main",
        "ctl.solve(assumptions=[])",
        "ctl.solve(on_model=print, async_=True)",
    ]:
        module.write_text(source)
        assert clingo_drivers(module), source
    for source in ["api.solve(puzzle, limit=2)", "asp.solve(puzzle, assumptions=[])"]:
        module.write_text(source)  # lpsolve's own solve is no driver
        assert clingo_drivers(module) == []


def test_the_layers_hold(capsys: pytest.CaptureFixture[str]) -> None:
    importlinter_cli = pytest.importorskip("importlinter.cli")
    code = importlinter_cli.lint_imports(
        config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True
    )
    assert code == 0, capsys.readouterr().out


def test_json_stop_reasons_are_the_library_s() -> None:
    """One vocabulary: the schema's ``stopped_by`` is StopReason's values and null."""
    schema = json.loads((PACKAGE / "schema.json").read_text())
    stopped_by = schema["$defs"]["answer"]["properties"]["stopped_by"]["enum"]
    assert stopped_by == [None, *(reason.value for reason in StopReason)]
