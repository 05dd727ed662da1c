"""The kind protocol: every registered kind declares exactly the capabilities it
implements, and a capability it lacks is refused in one line (exit 2)."""

from __future__ import annotations

import pytest

import lpsolve
from lpsolve.errors import NotSupported, UsageError
from lpsolve.kinds import KINDS, locate
from lpsolve.kinds.registry import registry
from lpsolve.puzzle import CAPABILITY_METHODS, Capability, Kind, Origin, Puzzle

from .conftest import INSTANCES


def registered() -> list[Kind]:
    """Every kind the registry can use: the built-in ones, and any installed plugin's
    (a test plugin's: ``tests/test_kind_sources.py``)."""
    return registry().kinds()


def implements(kind: Kind, method: str) -> bool:
    """Whether ``kind`` overrides ``Puzzle.x`` (in its puzzle class) or ``Kind.x``."""
    owner, name = method.split(".")
    if owner == "Puzzle":
        return getattr(kind.puzzle_class, name) is not getattr(Puzzle, name)
    return getattr(type(kind), name) is not getattr(Kind, name)


@pytest.mark.parametrize("kind", registered(), ids=lambda kind: kind.name)
def test_capabilities_match_methods(kind: Kind) -> None:
    if kind.origin is Origin.DECLARED:
        pytest.skip(
            "one class serves every declared kind: test_declared_kinds_refuse_what_they_lack"
        )
    for capability, methods in CAPABILITY_METHODS.items():
        declared = capability in kind.capabilities
        for method in methods:
            assert implements(kind, method) == declared, (kind.name, capability, method)
    # a kind that counts classes of solutions says which solve options choose them
    assert bool(kind.solve_options) == (Capability.CLASSES in kind.capabilities)
    assert bool(kind.board_forms()) == (Capability.BOARD in kind.capabilities)


@pytest.mark.parametrize(
    "kind", [k for k in registered() if k.origin is Origin.DECLARED], ids=lambda kind: kind.name
)
def test_declared_kinds_refuse_what_they_lack(kind: Kind) -> None:
    """A declared kind's class has every method; those of a capability its declaration
    does not give refuse in one line (here the puzz.link form, which some genres lack)."""
    puzzle = lpsolve.load(kind.instances()[0].name)
    if Capability.URL in kind.capabilities:
        for instance in kind.instances():  # each has a link that gives it back, or none
            puzzle = lpsolve.load(instance.name)
            try:
                link = puzzle.to_url()
            except UsageError as error:  # what the link cannot hold (Star Battle's '@')
                assert "cannot be written as a puzz.link link" in str(error)
                continue
            assert kind.from_url(link) == puzzle, instance.name
    else:
        with pytest.raises(NotSupported, match=r"puzz\.link"):
            puzzle.to_url()
        with pytest.raises(NotSupported):
            kind.from_url("https://puzz.link/p?sudoku/4/4/g1k23k3g")


@pytest.mark.parametrize("kind", registered(), ids=lambda kind: kind.name)
def test_a_kinds_puzzles_know_their_kind(kind: Kind) -> None:
    """Every bundled instance reads as the kind's puzzle class, whose definition is
    the registry's entry."""
    instances = kind.instances()
    assert [i.name.split("/")[0] for i in instances] == [kind.name] * len(instances)
    for instance in instances:
        assert locate(instance.name) == (instance.path, instance.name)
        puzzle = lpsolve.load(instance.name)
        assert type(puzzle) is kind.puzzle_class and puzzle.definition() == kind
    if kind.origin is Origin.BUILT_IN:
        assert {p.name for p in (INSTANCES / kind.name).iterdir()} >= {
            i.name.split("/")[1] for i in instances
        }


def test_a_missing_capability_is_refused_in_one_line(run) -> None:
    tiling = lpsolve.load("tiling/seed-8x8")
    with pytest.raises(NotSupported, match=r"^--format janko: kind tiling has no janko layout$"):
        tiling.janko_rows()
    with pytest.raises(NotSupported, match=r"^dropping clues: kind tiling has no explanation$"):
        tiling.without_clues([])
    magic = KINDS["magic"]
    with pytest.raises(NotSupported, match=r"^x\.json: kind magic has no JSON input$"):
        magic.from_json({}, "{}", "x.json")
    status, out, err = run("solve", "tiling/seed-8x8", "--format", "janko")
    assert (status, out, err) == (2, "", "error: --format janko: kind tiling has no janko layout\n")


def test_kind_names_are_checked_by_the_registry(run) -> None:
    """--kind (and encoding's KIND) take any word; the registry refuses an unknown one
    in one line naming the kinds it knows, before anything runs."""
    known = ", ".join(registry().names())
    for argv in (["solve", "takuzu/seed-8x8", "--kind", "kakurro"], ["encoding", "kakurro"]):
        status, out, err = run(*argv)
        assert (status, out) == (2, "")
        assert err == f"error: unknown kind 'kakurro'; expected one of {known}\n"
