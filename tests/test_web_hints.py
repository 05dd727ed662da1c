"""Hints, steps and levels in the web playground (issue 26): each page's answer checked
against the command line's (``lpsolve hint``, ``solve --steps``, ``rate``, run as a
user runs them) and against the puzzle's unique solution found by the solver."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")

from starlette.testclient import TestClient

import lpsolve
from lpsolve.kinds.registry import registry
from lpsolve.puzzle import Capability
from lpsolve.web import work
from lpsolve.web.app import Settings, create_app

from .conftest import ROOT

#: bundled puzzles of kinds with steps: a Takuzu (plain-Python techniques), a declared
#: kind (the generic engine), and one whose walkthrough needs trials
HINTED = ["takuzu/seed-intro-6x6.takuzu", "sudoku/explainer-6x6-easy.sudoku"]
WITH_TRIALS = "takuzu/seed-8x8.takuzu"


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(Settings(timeout=20, jobs=2, queue=4))) as client:
        yield client


def lpsolve_json(*args: str) -> dict:
    """``lpsolve ARGS --format json`` as a user runs it, its output read."""
    done = subprocess.run(
        [sys.executable, "-m", "lpsolve", *args, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    data = json.loads(done.stdout)
    for shared in ("kind", "source"):
        data.pop(shared, None)
    return data


def page_steps(page: str) -> list[dict]:
    """The steps a page shows, as ``lpsolve hint --format json`` gives each."""
    found = re.findall(r'data-step-fields="([^"]*)"', page)
    return [json.loads(html.unescape(fields)) for fields in found]


def figures(page: str, css_class: str) -> list[str]:
    return re.findall(rf'<figure class="[^"]*\b{css_class}\b[^"]*".*?</figure>', page, re.S)


def unique_solution(key: str) -> dict:
    """The puzzle's solution as the kind's JSON, checked unique by the solver."""
    puzzle = lpsolve.load(key)
    result = lpsolve.solve(puzzle, limit=2)
    assert result.complete and result.count == 1
    return puzzle.solution_json(result.solutions[0])


def cell_values(solution_json) -> dict[tuple[int, int], object]:
    """(row, col) -> value, as text, of a grid kind's solution JSON (a list of rows,
    each a list or a string)."""
    return {(r, c): str(v) for r, row in enumerate(solution_json) for c, v in enumerate(row)}


@pytest.mark.parametrize("key", HINTED)
def test_the_hint_button_gives_lpsolve_hints_step(client, key) -> None:
    page = client.get(f"/puzzles/{key}?action=hint")
    assert page.status_code == 200
    [shown] = page_steps(page.text)
    assert shown == lpsolve_json("hint", key)
    solution = cell_values(unique_solution(key))
    for fix in shown["fixes"]:
        assert solution[fix["row"], fix["col"]] == str(fix["value"])
    # the board marks the cells it fixes and those that force it, and says the rule
    [figure] = figures(page.text, "step")
    assert figure.count('class="mark fix"') == len(shown["fixes"])
    assert figure.count('class="mark because"') == len(shown["because"])
    assert f"rule: {shown['rule']}" in html.unescape(figure)


def test_the_steps_page_reaches_the_solution_marking_trials(client) -> None:
    page = client.get(f"/puzzles/{WITH_TRIALS}?action=steps")
    assert page.status_code == 200
    shown = page_steps(page.text)
    walked = lpsolve_json("solve", WITH_TRIALS, "--steps")
    assert shown == walked["steps"]
    # every cell the steps fill is the unique solution's, and they fill every cell left
    solution = unique_solution(WITH_TRIALS)
    expected = cell_values(solution)
    filled = {(f["row"], f["col"]): str(f["value"]) for step in shown for f in step["fixes"]}
    assert all(expected[cell] == value for cell, value in filled.items())
    start = lpsolve.load(WITH_TRIALS).deducer().known  # the givens
    assert not filled.keys() & start.keys() and len(filled) + len(start) == len(expected)
    [last] = re.findall(r'data-solution="([^"]*)"', page.text)
    assert json.loads(html.unescape(last)) == solution
    trials = [step for step in shown if step["trial"]]
    assert trials and len(figures(page.text, "trial")) == len(trials)


def test_the_level_on_a_card_is_lpsolve_rates(client, monkeypatch) -> None:
    monkeypatch.setattr(work, "_stored", lambda _entry: (False, None))  # rated as asked
    monkeypatch.setattr(work, "_levels", {})
    key = "takuzu/tohu-wa-vohu-6x6.takuzu"
    rated = lpsolve_json("rate", key)
    answer = client.get(f"/levels/{key}").json()
    assert answer == {"level": rated["level"], "score": rated["score"]}
    # once rated, the gallery shows it on the card without asking again
    gallery = client.get("/puzzles").text
    card = re.search(rf'href="/puzzles/{key}".*?</a>', gallery, re.S)
    assert card is not None
    assert f'<span class="level">{rated["level"]}</span>' in card.group(0)


def without_steps() -> str:
    """A bundled puzzle of a kind without steps."""
    kinds = {kind.name: kind for kind in registry().kinds()}
    return next(
        entries[0].key
        for name, entries in work.catalogue().items()
        if not kinds[name].supports(Capability.STEPS)
    )


def test_a_kind_without_steps_shows_no_hint_button_and_no_level(client) -> None:
    key = without_steps()
    page = client.get(f"/puzzles/{key}")
    assert page.status_code == 200 and "?action=solve" in page.text
    assert "?action=hint" not in page.text and "?action=steps" not in page.text
    refused = client.get(f"/puzzles/{key}?action=hint")
    assert refused.status_code == 400 and "hints" in refused.text
    gallery = client.get("/puzzles").text
    card = re.search(rf'href="/puzzles/{key}".*?</a>', gallery, re.S)
    assert card is not None and 'class="level"' not in card.group(0)
    hinted = client.get(f"/puzzles/{HINTED[0]}")
    assert "?action=hint" in hinted.text and "?action=steps" in hinted.text


def test_a_pasted_puzzle_gets_the_hint_lpsolve_hint_gives(client) -> None:
    key = HINTED[0]
    path = next(p for p in work.catalogue()["takuzu"] if p.key == key).path
    form = {"text": path.read_text(), "format": path.suffix, "action": "hint"}
    page = client.post("/puzzle", data=form)
    assert page.status_code == 200
    assert page_steps(page.text) == [lpsolve_json("hint", str(path))]


def test_a_card_waits_only_so_long_for_other_ratings(monkeypatch) -> None:
    # a card whose level is not stored ahead of time (tests/test_web_levels.py) nor
    # known yet
    monkeypatch.setattr(work, "_stored", lambda _entry: (False, None))
    monkeypatch.setattr(work, "_levels", {})
    entry = work.find_entry("takuzu/seed-timing-6x6.takuzu")
    assert entry is not None and not work.rated(entry)
    with monkeypatch.context() as patched:
        patched.setattr(work, "LEVEL_SECONDS", 0.05)
        with work._rating:  # another rating runs
            assert work.level(entry) is None
    assert not work.rated(entry)  # not taken as unrated: asked again, it is rated
    rated = lpsolve_json("rate", entry.key)
    assert work.level(entry) == {"level": rated["level"], "score": rated["score"]}
