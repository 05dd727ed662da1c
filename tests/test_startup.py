"""Start-up: a command imports what it uses and nothing else (issue 13's start-up
target; the time itself is measured by ``benchmarks/startup.py``, never here).

Each command runs in a fresh interpreter, which then lists the modules it holds."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lpsolve import split
from lpsolve.cli import COMMANDS, build_parser
from lpsolve.kinds import EXTENSIONS, KINDS
from lpsolve.puzzle import Capability

from .conftest import INSTANCES, ROOT

#: costly modules (milliseconds at start-up, measured with python -X importtime) that
#: a plain clingo solve has no use for
HEAVY = {
    "constraint": "python-constraint, 27 ms: --backend csp and --cross-check only",
    "numpy": "126 ms: Mastermind's codebreaker only",
    "rich": "progress bars and tables only",
    "multiprocessing": "lpsolve forks its jobs itself",
    "concurrent": "python-constraint's parallel solver",
    "clingo.ast": "--explain and grading only",
    "importlib.resources": "11 ms; the package is a plain folder",
    "pathlib": "5 ms",
    "logging": "4 ms: only when clingo has something to say",
    "json": "JSON input and output only",
    "hashlib": "checkpoints only",
    "shutil": "3 ms, argparse's way to the terminal width",
    "threading": "4 M instructions; the fork lock is a plain _thread lock",
    "dataclasses": "6 ms with inspect, and 0.7 ms per class: records are NamedTuples",
    "ctypes": "2 ms; a job dies with its parent by watching a pipe",
    "encodings.utf_8_sig": "0.5 ms; a byte order mark is stripped by hand",
    "lpsolve.split": "split counts only",
    "lpsolve.explain": "--explain only",
    "lpsolve.crosscheck": "--cross-check only",
    "importlib.metadata": "1.2x clingo's import: plugin kinds only (and --version)",
    "tomllib": "declared kinds only",
}

SOLVES = [
    INSTANCES / "hidato" / "seed-10x10.hidoku",
    INSTANCES / "takuzu" / "seed-8x8.takuzu",
    INSTANCES / "magic" / "seed-5x5.magic",
    INSTANCES / "tiling" / "seed-8x8.tiling",
]


def modules_after(*argv: str, env: dict[str, str] | None = None) -> set[str]:
    """The modules a command imports, in its own process and in the jobs it forks
    (``-X importtime`` reports both on stderr), beyond a bare interpreter's; ``env``:
    the environment it runs in."""
    code = (
        "import contextlib, io\n"
        "from lpsolve.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({list(argv)!r}) == 0\n"
    )

    def imported(*program: str) -> set[str]:
        done = subprocess.run(
            [sys.executable, "-X", "importtime", *program],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
            env=env,
        )
        lines = [line for line in done.stderr.splitlines() if line.startswith("import time:")]
        return {line.rsplit("|", 1)[1].strip() for line in lines[1:]}  # [0]: the header

    return imported("-c", code) - imported("-c", "pass")


@pytest.mark.parametrize("path", SOLVES, ids=lambda p: p.name)
def test_a_solve_imports_nothing_it_does_not_use(path) -> None:
    loaded = modules_after("solve", str(path))
    found = {name: why for name, why in HEAVY.items() if name in loaded}
    assert not found
    # only the puzzle's own kind is imported
    kinds = {name for name in loaded if name.startswith("lpsolve.kinds.")}
    other_kinds = {f"lpsolve.kinds.{k}" for k in KINDS} - {
        f"lpsolve.kinds.{EXTENSIONS[path.suffix].name}"
    }
    assert not kinds & other_kinds


def test_a_bundled_declared_kinds_solve_imports_nothing_it_does_not_use() -> None:
    """A genre's puzzle: its kind.toml is read (tomllib), its programs are lpsolve's own
    and loaded by path, not through the sandbox that a user's kind folder needs."""
    path = ROOT / "lpsolve" / "kinds" / "sudoku" / "instances" / "wikipedia.sudoku"
    loaded = modules_after("solve", str(path))
    assert "lpsolve.sandbox" not in loaded
    assert not {name: why for name, why in HEAVY.items() if name in loaded and name != "tomllib"}


def test_no_bundled_kinds_program_includes_a_file() -> None:
    """What lets lpsolve load its own kinds' programs by path (an ``#include`` would be
    looked for in the working directory)."""
    programs = list((ROOT / "lpsolve" / "kinds").glob("*/*.lp"))
    assert len(programs) >= 30
    assert not [path for path in programs if "#include" in path.read_text()]


def test_the_csp_backend_loads_what_it_needs() -> None:
    """The check above is not blind: asked for, python-constraint is imported."""
    loaded = modules_after("solve", str(SOLVES[0]), "--backend", "csp")
    assert {"constraint", "lpsolve.backends.csp", "lpsolve.cspmodel"} <= loaded


def test_each_command_builds_only_its_own_module() -> None:
    """The parser for one command holds it (and its module's neighbours), not the
    others; with no command, every command is there."""
    full = build_parser()
    every = set(full._subparsers._group_actions[0].choices)  # argparse keeps them there
    assert every == set(COMMANDS)
    for command, module in COMMANDS.items():
        parser = build_parser(command)
        built = set(parser._subparsers._group_actions[0].choices)
        assert built == {c for c, m in COMMANDS.items() if m == module}


def test_the_registry_knows_each_kinds_extensions() -> None:
    """The registry lists extensions without importing the kinds; each kind module
    says the same."""
    for kind in KINDS.values():
        reads_json = Capability.JSON_INPUT in kind.capabilities
        module = sys.modules[kind.puzzle_class.__module__]
        assert set(kind.extensions) | ({".json"} if reads_json else set()) == set(module.EXTENSIONS)


def test_the_cube_help_names_the_default() -> None:
    """``--cubes``' help text states the library's default without importing it."""
    text = build_parser("solve")._subparsers._group_actions[0].choices["solve"].format_help()
    assert f"{split.CUBES_PER_WORKER} per worker" in " ".join(text.split())
