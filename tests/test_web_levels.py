"""The gallery's levels rated ahead of time (lpsolve/web/levels.json, written by
``python benchmarks/gallery_levels.py --write``): stored for every bundled puzzle of a
kind with steps, for the file as it is; equal to what ``rate`` gives; shown on the
cards; and a changed file or a damaged table is rated as the card asks."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")

from starlette.testclient import TestClient

import lpsolve
from lpsolve import steps
from lpsolve.web import work
from lpsolve.web.app import Settings, create_app

from .conftest import load_benchmark

WRITE = "python benchmarks/gallery_levels.py --write"


def stored_records() -> dict[str, dict]:
    return json.loads(work.STORED_LEVELS.read_text(encoding="utf-8"))["levels"]


def test_every_card_with_steps_has_a_level_stored_for_its_file_as_it_is() -> None:
    entries = load_benchmark("gallery_levels").entries_with_steps()
    records = stored_records()
    assert {entry.key for entry in entries} == set(records), f"run {WRITE}"
    for entry in entries:
        digest = hashlib.sha256(entry.path.read_bytes()).hexdigest()
        assert records[entry.key]["sha256"] == digest, f"{entry.key} changed: run {WRITE}"
    rated = [record for record in records.values() if record["level"] is not None]
    assert len(rated) >= len(records) // 2


def quick_keys(most_seconds: float) -> list[str]:
    return [
        key
        for key, record in stored_records().items()
        if record["level"] is not None and record["seconds"] <= most_seconds
    ]


#: the kinds whose quickest stored level is re-rated in the default run (every stored
#: level rated within 10 s is, in the slow run)
DEFAULT_KINDS = ("takuzu", "sudoku", "star-battle")


def quickest_of_each_kind() -> set[str]:
    records = stored_records()
    by_kind: dict[str, str] = {}
    for key in quick_keys(10.0):
        kind = key.split("/")[0]
        if kind not in DEFAULT_KINDS:
            continue
        if kind not in by_kind or records[key]["seconds"] < records[by_kind[kind]]["seconds"]:
            by_kind[kind] = key
    return set(by_kind.values())


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(key, marks=() if key in quickest_of_each_kind() else pytest.mark.slow, id=key)
        for key in quick_keys(10.0)
    ],
)
def test_a_stored_level_is_the_one_rate_gives(key: str) -> None:
    entry = work.find_entry(key)
    assert entry is not None
    rating = steps.rate(lpsolve.load(str(entry.path)))
    record = stored_records()[key]
    assert (record["level"], record["score"]) == (rating.level, rating.score)


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(Settings(timeout=20, jobs=2, queue=4))) as client:
        yield client


def test_a_stored_level_is_on_its_card_without_asking(client) -> None:
    records = stored_records()
    gallery = client.get("/puzzles").text
    shown = 0
    for key, record in records.items():
        card = re.search(rf'href="/puzzles/{re.escape(key)}".*?</a>', gallery, re.S)
        assert card is not None, key
        assert "data-level" not in card.group(0), key  # nothing left to ask
        if record["level"] is not None:
            assert f'<span class="level">{record["level"]}</span>' in card.group(0)
            shown += 1
    assert shown == sum(1 for record in records.values() if record["level"] is not None)


def test_a_changed_file_is_rated_as_its_card_asks(tmp_path: Path) -> None:
    entry = work.find_entry("takuzu/tohu-wa-vohu-6x6.takuzu")
    assert entry is not None and work._stored(entry)[0]
    changed = tmp_path / entry.path.name
    changed.write_text("# a comment added\n" + entry.path.read_text(encoding="utf-8"))
    copy = dataclasses.replace(entry, path=changed)
    assert work._stored(copy) == (False, None) and not work.rated(copy)
    rating = steps.rate(lpsolve.load(str(changed)))
    assert work.level(copy) == {"level": rating.level, "score": rating.score}


@pytest.mark.parametrize(
    "text",
    ["[", '{"levels": []}', '{"levels": {"takuzu/tohu-wa-vohu-6x6.takuzu": {"level": "x"}}}'],
)
def test_a_damaged_table_is_no_table(text: str, tmp_path: Path, monkeypatch) -> None:
    entry = work.find_entry("takuzu/tohu-wa-vohu-6x6.takuzu")
    assert entry is not None
    damaged = tmp_path / "levels.json"
    damaged.write_text(text)
    monkeypatch.setattr(work, "STORED_LEVELS", damaged)
    work.stored_levels.cache_clear()
    try:
        assert work._stored(entry) == (False, None)
    finally:
        monkeypatch.undo()
        work.stored_levels.cache_clear()


def test_a_level_out_of_the_scale_is_not_taken(monkeypatch) -> None:
    entry = work.find_entry("takuzu/tohu-wa-vohu-6x6.takuzu")
    assert entry is not None
    digest = hashlib.sha256(entry.path.read_bytes()).hexdigest()
    for record in ({"level": "impossible", "score": 1}, {"level": "easy", "score": "1"}):
        table = {entry.key: {"sha256": digest, **record}}
        monkeypatch.setattr(work, "stored_levels", lambda table=table: table)
        assert work._stored(entry) == (False, None)
