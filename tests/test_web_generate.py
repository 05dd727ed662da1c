"""The playground's generator page (``/generate``) against the command it stands for:
the same puzzles, byte for byte, as ``lpsolve generate`` with the same arguments; each
puzzle read back from the page's text, solved by lpsolve (exactly one solution, which
the kind's rule checker passes) and rated afresh at the level asked; bad input refused
in the command's own words, 400 and one line; the count bounded; a stop by the time
limit said in one sentence, keeping the puzzles made before it."""

from __future__ import annotations

import html
import json
import re
import shlex
import threading
import time
import urllib.parse

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")

from starlette.testclient import TestClient

from lpsolve import api, steps
from lpsolve.generate import making
from lpsolve.kinds import kind_spec
from lpsolve.web import work
from lpsolve.web.app import Settings, create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(Settings(timeout=10, jobs=2, queue=4))) as client:
        yield client


def found(page: str, pattern: str) -> list[str]:
    """Each match's text, its tags left out, unescaped."""
    return [html.unescape(re.sub(r"<[^>]+>", "", m)) for m in re.findall(pattern, page, re.S)]


def files(page: str) -> list[str]:
    """Each generated puzzle's file as the page shows it."""
    return found(page, r'<pre class="code file">(.*?)</pre>')


def errors(page: str) -> list[str]:
    return found(page, r'<p class="error"[^>]*>(.*?)</p>')


def summary(page: str) -> str:
    (line,) = found(page, r'<p class="summary[^"]*">(.*?)</p>')
    return line


def command_shown(page: str) -> str:
    (line,) = found(page, r'<code class="command">(.*?)</code>')
    return line


def generate_page(client: TestClient, **form: str) -> str:
    answer = client.get("/generate", params=form)
    assert answer.status_code == 200, errors(answer.text)
    return answer.text


CASES = [
    ("takuzu", "6x6", "hard", 2),
    ("sudoku", "4", "easy", 1),
    ("hidato", "5x5", "", 2),
]


@pytest.mark.parametrize(("kind", "size", "level", "count"), CASES)
def test_the_page_makes_the_commands_puzzles_unique_and_at_the_level(
    client, run, kind, size, level, count
) -> None:
    form = {"kind": kind, "size": size, "level": level, "count": str(count), "seed": "1"}
    page = generate_page(client, **form)
    command = command_shown(page)
    assert command.startswith(f"lpsolve generate {kind} --size {size} ")
    assert (f"--level {level}" in command) == bool(level) and command.endswith(" --seed 1")
    status, out, _ = run(*shlex.split(command)[1:])  # the command the page shows
    assert status == 0
    shown = files(page)
    assert shown == [block + "\n" for block in out.rstrip("\n").split("\n\n")]
    facts = found(page, r'<p class="facts">(.*?)</p>')
    assert len(facts) == len(shown) == count
    extension = kind_spec(kind).extensions[0]
    for text, line in zip(shown, facts, strict=True):
        puzzle = api.parse(text, extension, kind=kind, source="<page>")
        result = api.solve(puzzle)
        assert result.unique is True
        assert puzzle.violations(result.solutions[0]) == []
        assert line.startswith(f"{len(puzzle.clues())} clues of ")
        if level:
            rating = steps.rate(puzzle)
            assert rating.level == level
            assert f"rated {level} (score {rating.score:g})" in line
        else:
            assert "rated" not in line and "clue-minimal" in line


def test_without_a_seed_one_is_drawn_and_shown_and_makes_the_same_puzzle(client) -> None:
    page = generate_page(client, kind="takuzu", size="6x6", level="easy")
    command = command_shown(page)
    seed = re.fullmatch(r"lpsolve generate takuzu --size 6x6 --level easy --seed (\d+)", command)
    assert seed is not None
    assert f'name="seed" value="{seed[1]}"' in page
    again = generate_page(client, kind="takuzu", size="6x6", level="easy", seed=seed[1])
    assert files(again) == files(page)


def test_each_puzzle_opens_on_a_puzzle_page_and_downloads_as_its_file(client) -> None:
    page = generate_page(client, kind="takuzu", size="6x6", level="medium", seed="3")
    (text,) = files(page)
    (posted,) = found(page, r'<textarea name="text" hidden>(.*?)</textarea>')
    (extension,) = found(page, r'<input type="hidden" name="format" value="([^"]*)">')
    assert posted == text
    opened = client.post("/puzzle", data={"text": posted, "format": extension, "action": "solve"})
    assert opened.status_code == 200
    assert "exactly one solution" in opened.text or "unique" in opened.text
    hinted = client.post("/puzzle", data={"text": posted, "format": extension, "action": "hint"})
    assert hinted.status_code == 200 and 'class="solution step' in hinted.text
    (name, link) = re.findall(
        r'download="([^"]*)" href="data:text/plain;charset=utf-8,([^"]*)"', page
    )[0]
    assert name == "takuzu-6x6-medium-001.takuzu"
    assert urllib.parse.unquote(html.unescape(link)) == text


@pytest.mark.parametrize(
    ("form", "arguments"),
    [
        ({"kind": "takuzu", "size": "7x6"}, ["takuzu", "--size", "7x6"]),
        ({"kind": "takuzu", "size": "six"}, ["takuzu", "--size", "six"]),
        ({"kind": "sudoku", "size": "4x6"}, ["sudoku", "--size", "4x6"]),
        ({"kind": "hidato", "size": "5", "level": "easy"}, ["hidato", "--size", "5", "--level",
                                                            "easy"]),
        ({"kind": "hidato", "size": "5", "form": "nope"}, ["hidato", "--size", "5", "--form",
                                                           "nope"]),
    ],
)  # fmt: skip
def test_bad_input_is_refused_400_in_the_commands_words(client, run, form, arguments) -> None:
    answer = client.get("/generate", params=form)
    status, _, err = run("generate", *arguments)
    assert status == 2
    assert answer.status_code == 400
    assert errors(answer.text) == [err.strip().removeprefix("error: ")]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"kind": "magic", "size": "4"}, "kind 'magic': the generator makes hidato, takuzu,"),
        ({"kind": "", "size": "4"}, "kind '': the generator makes"),
        ({"kind": "takuzu", "size": "6", "level": "extreme"}, "--level extreme: the levels are"),
        ({"kind": "takuzu", "size": "6", "count": "6"}, "count '6': from 1 to 5 puzzles"),
        ({"kind": "takuzu", "size": "6", "count": "0"}, "count '0': from 1 to 5 puzzles"),
        ({"kind": "takuzu", "size": "6", "count": "two"}, "count 'two': from 1 to 5"),
        ({"kind": "takuzu", "size": "6", "seed": "1.5"}, "seed '1.5': expected a whole number"),
        ({"kind": "takuzu", "size": "6", "seed": "9" * 40}, "seed '999"),
    ],
)
def test_bad_form_input_is_400_and_one_line(client, form, message) -> None:
    answer = client.get("/generate", params=form)
    assert answer.status_code == 400
    (line,) = errors(answer.text)
    assert line.startswith(message) and "\n" not in line
    assert "Traceback" not in answer.text


def test_the_count_is_at_most_the_web_maximum(client) -> None:
    assert work.MAX_GENERATED == 5
    page = generate_page(client, kind="takuzu", size="4x4", count="5", seed="2")
    assert len(files(page)) == 5
    assert summary(page).startswith("5 puzzles made in ")
    answer = client.get("/generate", params={"kind": "takuzu", "size": "4x4", "count": "6"})
    assert answer.status_code == 400 and files(answer.text) == []


def test_the_kinds_offered_are_those_the_command_takes(client, run) -> None:
    page = client.get("/generate").text
    offered = found(page, r'<option value="([^"]*)"[^>]*>[^<]*</option>')
    kinds = [
        name
        for name in offered
        if name
        in set(work.catalogue())
        | {"hidato", "takuzu", "sudoku", "magic", "mastermind", "hitori", "lits"}
    ]
    assert {"takuzu", "hidato", "sudoku"} <= set(kinds)
    assert "Hidato family (no levels)" in page
    for refused in ("magic", "mastermind", "hitori", "lits"):
        assert refused not in kinds
        status, _, err = run("generate", refused, "--size", "4")
        assert status == 2 and err.startswith("error: generate: ")


def test_a_generation_stopped_by_the_time_limit_says_so_in_one_sentence() -> None:
    with TestClient(create_app(Settings(timeout=0.5, jobs=1))) as client:
        started = time.perf_counter()
        answer = client.get(
            "/generate", params={"kind": "sudoku", "size": "9", "level": "medium", "seed": "1"}
        )
        assert time.perf_counter() - started < 5
    assert answer.status_code == 200
    assert re.fullmatch(
        r"stopped by the timeout after 0\.\d\d s: none was finished\.", summary(answer.text)
    )
    assert files(answer.text) == []


def test_the_puzzles_made_before_a_stop_are_kept(run, monkeypatch) -> None:
    """The second puzzle never ends (the job is a fork of this process, so it runs
    the patched generator); the first is shown, as the command makes it."""
    made = making.make

    def first_only(what, seed, index, attempts=making.ATTEMPTS):
        if index:
            time.sleep(60)
        return made(what, seed, index, attempts)

    monkeypatch.setattr(making, "make", first_only)
    with TestClient(create_app(Settings(timeout=2, jobs=1))) as client:
        form = {"kind": "takuzu", "size": "6x6", "level": "hard", "count": "2", "seed": "1"}
        page = client.get("/generate", params=form).text
    assert re.fullmatch(
        r"stopped by the timeout after \d\.\d\d s: 1 of 2 made before it\.", summary(page)
    )
    monkeypatch.setattr(making, "make", made)
    _, out, _ = run("generate", "takuzu", "--size", "6x6", "--level", "hard", "--count", "2",
                    "--seed", "1")  # fmt: skip
    assert files(page) == [out.split("\n\n")[0] + "\n"]


def test_a_puzzle_not_made_at_the_level_is_said_as_the_command_says_it(client, run) -> None:
    # a clue-minimal 4x4 Takuzu rates medium or very hard, never easy
    form = {"kind": "takuzu", "size": "4x4", "level": "easy", "minimal": "on", "seed": "1"}
    page = generate_page(client, **form)
    status, out, err = run(
        "generate", "takuzu", "--size", "4x4", "--level", "easy", "--minimal", "--seed", "1"
    )
    assert status == 1 and out == ""
    assert summary(page) == err.strip().removeprefix("error: ") + "."
    assert files(page) == []


def test_a_generation_takes_a_job_slot_of_the_gate_as_a_solve_does() -> None:
    """One slot, no queue: while a long generation holds it, a solve is refused 503, and
    while a never-ending program holds it, so is a generation."""
    app = create_app(Settings(timeout=2, jobs=1, queue=0))
    with (
        TestClient(app, client=("192.0.2.1", 50000)) as first_visitor,
        TestClient(app, client=("192.0.2.2", 50000)) as second_visitor,
    ):
        first_visitor.get("/generate")  # the kinds offered, found once
        long = {"kind": "sudoku", "size": "9", "level": "medium", "seed": "1"}
        first = threading.Thread(target=first_visitor.get, args=("/generate",),
                                 kwargs={"params": long})  # fmt: skip
        first.start()
        time.sleep(1)
        solve = second_visitor.get("/puzzles/hidato/seed-10x10.hidoku?action=solve")
        first.join()
        program = {"kind": "takuzu", "program": "p(X+1) :- p(X). p(0).\n", "action": "run"}
        first = threading.Thread(target=first_visitor.post, args=("/workbench",),
                                 kwargs={"data": program})  # fmt: skip
        first.start()
        time.sleep(1)
        generation = second_visitor.get("/generate", params={"kind": "takuzu", "size": "4"})
        first.join()
    busy = "the server is busy: 1 job running and 0 waiting; try again in a moment"
    for answer in (solve, generation):
        assert answer.status_code == 503
        assert errors(answer.text) == [busy]


def test_each_puzzle_carries_the_commands_json_record(client, run) -> None:
    page = generate_page(client, kind="hidato", size="4x5", count="2", seed="7")
    records = [json.loads(html.unescape(d)) for d in re.findall(r'data-generated="([^"]*)"', page)]
    status, out, _ = run(
        "generate", "hidato", "--size", "4x5", "--count", "2", "--seed", "7", "--format", "json"
    )
    assert status == 0
    assert records == [json.loads(line) for line in out.splitlines()]
    assert [record["puzzle"] for record in records] == [
        text.split("\n", 1)[1] for text in files(page)
    ]
