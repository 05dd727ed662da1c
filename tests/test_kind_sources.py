"""Where kinds come from: folders named by ``LPSOLVE_KINDS`` and ``--kinds`` (declared
kinds), the built-in kinds, and plugins (entry points in the group ``lpsolve.kinds``),
listed by ``lpsolve kinds``; a built-in solve reads no declaration and no plugin list."""

from __future__ import annotations

import contextlib
import io
import json
import os
import textwrap
from pathlib import Path

import jsonschema
import pytest

from lpsolve.cli import main
from lpsolve.errors import UsageError
from lpsolve.kinds import KINDS
from lpsolve.kinds.registry import ENVIRONMENT, Registry
from lpsolve.puzzle import CAPABILITY_METHODS

from .conftest import ROOT
from .test_kinds import implements
from .test_startup import HEAVY, modules_after


def declared_kind(folder: Path, name: str, puzzles: tuple[str, ...] = ()) -> Path:
    """A folder holding a declared kind ``name``: a ``kind.toml``, its puzzles."""
    kind = folder / name
    (kind / "instances").mkdir(parents=True)
    (kind / "kind.toml").write_text(f'title = "{name}"\n')
    for puzzle in puzzles:
        (kind / "instances" / puzzle).write_text("3\n")
    return kind


def listing(run, *options: str) -> dict[str, dict]:
    status, out, err = run("kinds", "--format", "json", *options)
    assert (status, err) == (0, "")
    found: dict[str, dict] = {}
    for kind in json.loads(out)["kinds"]:
        found.setdefault(kind["name"], kind)  # the one in use: listed first
    return found


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["schema"]) == 0
    return jsonschema.Draft202012Validator(json.loads(printed.getvalue()))


def test_a_folder_in_lpsolve_kinds_is_a_declared_kind(tmp_path, monkeypatch, run) -> None:
    folder = tmp_path / "kinds"
    latin = declared_kind(folder, "latin", ("small.latin",))
    (folder / "notes").mkdir()  # a sub-folder without kind.toml is no kind
    missing = tmp_path / "gone"
    monkeypatch.setenv(ENVIRONMENT, f"{folder}{os.pathsep}{missing}")
    found = listing(run)
    bundled = sorted(toml.parent.name for toml in (ROOT / "lpsolve" / "kinds").glob("*/kind.toml"))
    assert "sudoku" in bundled
    assert list(found) == [*KINDS, *bundled, "latin"]
    entry = found["latin"]
    assert (entry["source"], entry["location"], entry["shadows"]) == ("declared", str(latin), False)
    assert entry["extensions"] == [".latin"]
    small = str(latin / "instances" / "small.latin")
    assert entry["instances"] == [{"name": small, "path": small, "solution": None}]
    assert {found[name]["source"] for name in KINDS} == {"built-in"}
    status, out, _ = run("kinds")
    line = next(line for line in out.splitlines() if line.startswith("latin "))
    assert line.split()[:4] == ["latin", "declared", ".latin", "1"]
    status, _, err = run("kinds", "kakurro")  # a missing folder is named, not an error
    assert status == 2 and err.startswith("error: unknown kind 'kakurro'; expected one of hidato,")
    assert err.endswith(f"{bundled[-1]}, latin; {ENVIRONMENT} names no folder {missing}\n")
    assert entry["problem"].startswith(str(latin / "kind.toml"))  # not a declaration


def test_the_bundled_declared_kinds_are_listed_with_their_instances(run) -> None:
    """Sudoku comes with lpsolve as a folder: listed as declared, its puzzles named
    KIND/FILE as the commands take them, and solved by that name or by its file."""
    entry = listing(run)["sudoku"]
    folder = ROOT / "lpsolve" / "kinds" / "sudoku"
    assert (entry["source"], entry["location"], entry["shadows"]) == (
        "declared",
        str(folder),
        False,
    )
    names = {i["name"]: (i["path"], i["solution"]) for i in entry["instances"]}
    wikipedia = folder / "instances" / "wikipedia.sudoku"
    assert names["sudoku/wikipedia.sudoku"] == (str(wikipedia), f"{wikipedia}.solution")
    assert not any(name.endswith(".solution") for name in names)
    assert {"picture", "explanation", "janko layout"} <= set(entry["capabilities"])
    published = (folder / "instances" / "wikipedia.sudoku.solution").read_text().split()[2:]
    for named in ("sudoku/wikipedia", str(folder / "instances" / "wikipedia.sudoku")):
        status, out, _ = run("solve", named)
        assert status == 0 and out.split()[: len(published)] == published
        assert "search complete: unique" in out


def test_kinds_dir_comes_first_and_may_be_the_kinds_own_folder(tmp_path, monkeypatch, run):
    later = declared_kind(tmp_path / "later", "latin")
    first = declared_kind(tmp_path / "first", "latin")
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "later"))
    assert listing(run)["latin"]["location"] == str(later)
    assert listing(run, "--kinds", str(first))["latin"]["location"] == str(first)
    status, out, err = run("kinds", "--kinds", str(tmp_path / "nowhere"))
    assert (status, out) == (2, "")
    assert err == f"error: --kinds {tmp_path / 'nowhere'}: no such folder\n"


def test_a_folder_kind_takes_the_place_of_the_built_in_one(tmp_path, run) -> None:
    """As PATH does: a teacher's own takuzu folder is the takuzu kind, its files too."""
    shadow = declared_kind(tmp_path, "takuzu")
    entry = listing(run, "--kinds", str(tmp_path))["takuzu"]
    assert (entry["source"], entry["location"], entry["shadows"]) == ("declared", str(shadow), True)
    registry = Registry([str(tmp_path)], environment="")
    assert registry.folder_of("takuzu") == str(shadow)
    assert registry.get("tiling") is KINDS["tiling"]
    with pytest.raises(UsageError, match=r"unknown kind '\.\./takuzu'"):  # names, never paths
        registry.get("../takuzu")
    assert run("solve", "takuzu/seed-8x8")[0] == 0  # without the folder: the built-in


PLUGIN = '''
    """A plugin's kind, for the tests: a pair of numbers 0 < x < y with x + y = total."""

    import clingo

    from lpsolve.errors import PuzzleError
    from lpsolve.puzzle import Instance, Kind, Origin, Puzzle

    ENCODING = __file__.replace("plugin_kinds.py", "sumpair.lp")


    class SumPair(Puzzle):
        kind = "sumpair"
        encoding = ENCODING
        FIELDS = ("total", "source")

        def __init__(self, total, source="<input>"):
            self.total, self.source = total, source

        def facts(self):
            return [clingo.Function("total", [clingo.Number(self.total)])]

        def decode(self, atoms):
            found = {atom.name: atom.arguments[0].number for atom in atoms}
            return found.get("x", 0), found.get("y", 0)

        def violations(self, solution):
            x, y = solution
            return [] if 0 < x < y and x + y == self.total else [f"{x} + {y} is no pair"]

        def render(self, solution=None):
            return str(self.total) if solution is None else f"{solution[0]} + {solution[1]}"

        def solution_json(self, solution):
            return list(solution)


    class SumPairKind(Kind):
        name = "sumpair"
        title = "sum pair"
        rules = "two numbers 0 < x < y that sum to the total"
        extensions = (".sumpair",)
        origin = Origin.PLUGIN
        location = "plugin_kinds"
        capabilities = frozenset()
        encoding = ENCODING
        puzzle_class = SumPair

        def parse(self, text, source, extension):
            if not text.strip().isdigit() or len(text.strip()) > 6:
                raise PuzzleError("expected a whole number", source, 1, 1)
            return SumPair(int(text), source)

        def instances(self):
            return []


    class Clash(SumPairKind):
        name = "takuzu"


    def kinds():
        return [SumPairKind()]


    def clash():
        return Clash()
    '''


@pytest.fixture
def plugin(tmp_path, monkeypatch) -> Path:
    """An installed package (a ``*.dist-info`` on ``sys.path``) whose entry points add
    the kind ``sumpair`` and try to take the name ``takuzu``."""
    site = tmp_path / "site"
    info = site / "lpsolve_test_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: lpsolve-test-plugin\nVersion: 1.0\n"
    )
    (info / "entry_points.txt").write_text(
        "[lpsolve.kinds]\nsumpair = plugin_kinds:kinds\nclash = plugin_kinds:clash\n"
    )
    (site / "plugin_kinds.py").write_text(textwrap.dedent(PLUGIN))
    (site / "sumpair.lp").write_text(
        "{ x(1..T-1) } = 1 :- total(T).\ny(T - X) :- x(X), total(T).\n:- x(X), y(Y), X >= Y.\n"
        "#show x/1.\n#show y/1.\n"
    )
    monkeypatch.syspath_prepend(str(site))
    return site


def test_a_plugin_is_listed_and_solved(plugin, tmp_path, run, validator) -> None:
    found = listing(run)
    entry = found["sumpair"]
    assert (entry["source"], entry["title"]) == ("plugin", "sum pair")
    assert entry["location"] == "plugin_kinds:kinds (lpsolve-test-plugin)"
    assert entry["extensions"] == [".sumpair"] and entry["problem"] is None
    # a plugin never takes a built-in kind's name
    clash = [kind for kind in json.loads(run("kinds", "--format", "json")[1])["kinds"]][-1]
    assert (clash["name"], clash["problem"]) == ("takuzu", "not loaded: name taken")
    assert found["takuzu"]["source"] == "built-in"
    puzzle = tmp_path / "three.sumpair"
    puzzle.write_text("3\n")
    status, out, _ = run("solve", puzzle)
    assert status == 0 and out.startswith("1 + 2\n") and "unique" in out
    puzzle.write_text("7\n")
    status, out, _ = run("solve", puzzle, "--count")
    assert status == 0 and out.startswith("3 solutions, search complete")
    kind = Registry(environment="").get("sumpair")  # declares what it implements
    for capability, methods in CAPABILITY_METHODS.items():
        for method in methods:
            assert implements(kind, method) == (capability in kind.capabilities)
    status, out, _ = run("kinds", "--format", "json")
    validator.validate(json.loads(out))


def test_the_listing_follows_the_schema(tmp_path, monkeypatch, run, validator) -> None:
    declared_kind(tmp_path, "latin", ("a.latin",))
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path))
    for options in ([], ["tiling"], ["latin"]):
        status, out, _ = run("kinds", *options, "--format", "json")
        assert status == 0
        validator.validate(json.loads(out))


def test_a_built_in_solve_reads_no_declaration_and_no_plugin_list(tmp_path) -> None:
    """With a kinds folder named, a built-in kind's solve still imports neither
    ``tomllib`` nor ``importlib.metadata`` (HEAVY lists both)."""
    assert {"tomllib", "importlib.metadata"} <= set(HEAVY)
    declared_kind(tmp_path, "latin")
    env = {**os.environ, ENVIRONMENT: str(tmp_path)}
    loaded = modules_after("solve", "takuzu/seed-8x8", env=env)
    assert not {"tomllib", "importlib.metadata", "importlib.util"} & loaded
    # not blind: listing the kinds looks for plugins
    assert "importlib.metadata" in modules_after("kinds", env=env)
