"""The web playground (``lpsolve serve``) through Starlette's test client: every route,
the answers checked against independent sources (the rule checkers, a checker written
in the tests, brute force, the library's own calls for the same work), and each limit:
request size, vetted programs, time and memory of a visitor's job, the busy gate."""

from __future__ import annotations

import html
import itertools
import json
import logging
import re
import socket
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")

import anyio
import clingo
import httpx
import markupsafe
from starlette.testclient import TestClient

import lpsolve
from lpsolve import codebreaker, grade
from lpsolve.explain import explain_ambiguity, explain_conflict
from lpsolve.kinds import KINDS, load, parse_bytes
from lpsolve.kinds import mastermind as mm
from lpsolve.kinds.hidato import HidatoSolution
from lpsolve.kinds.takuzu import TakuzuSolution
from lpsolve.web import work
from lpsolve.web.app import Busy, GameRefused, Games, Gate, Settings, board_text, create_app
from lpsolve.web.kinds import mastermind as mm_pages

from .conftest import INSTANCES, ROOT, path_is_valid

TUTORIAL = ROOT / "docs" / "tutorial"
NEVER_ENDING = "p(X+1) :- p(X). p(0).\n"


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(Settings(timeout=5, jobs=2, queue=4))) as client:
        yield client


def texts(page: str, css_class: str, tag: str = "p") -> list[str]:
    """The unescaped text of each ``<tag class="css_class ...">``."""
    pattern = rf'<{tag} class="{css_class}[^"]*"[^>]*>(.*?)</{tag}>'
    return [
        html.unescape(re.sub(r"<[^>]+>", "", m)).strip() for m in re.findall(pattern, page, re.S)
    ]


def solutions(page: str) -> list[object]:
    """The solutions a page shows, as the kind's JSON (``data-solution``)."""
    return [json.loads(html.unescape(d)) for d in re.findall(r'data-solution="([^"]*)"', page)]


def hidato_checked(puzzle, data) -> HidatoSolution:
    """A Hidato solution from the page, checked by the kind's checker and by the
    tests' own (written independently)."""
    solution = HidatoSolution(tuple((x, y) for x, y, _ in data))
    assert [n for _, _, n in data] == list(range(1, len(puzzle.cells) + 1))
    assert puzzle.violations(solution) == []
    assert path_is_valid(puzzle.cells, set(puzzle.offsets), puzzle.givens, solution.path)
    return solution


# -- every page ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("/", "Modelling workbench"),
        ("/puzzles", "seed-10x10.hidoku"),
        ("/puzzles/hidato/seed-10x10.hidoku", "Facts (811)"),
        ("/new", "Type into a blank board"),
        ("/new?grid=hidato&rows=3&cols=4", 'name="cell-2-3"'),
        ("/workbench", "Step 1 of the tutorial"),
        ("/workbench?kind=magic", "Magic number board"),
        ("/workbench?kind=takuzu&start=step5.lp", "Step 5"),
        ("/mastermind", "Against a secret"),
        ("/static/style.css", "lpsolve playground"),
        ("/static/playground.js", "stepper"),
    ],
)
def test_every_page_answers(client, url, expected) -> None:
    response = client.get(url)
    assert response.status_code == 200
    assert expected in response.text
    assert "script-src 'self'" in response.headers["content-security-policy"]


def test_the_pages_list_the_registrys_kinds(client) -> None:
    """Home, gallery, workbench and blank boards name every kind as the registry says:
    its title, its rules, its blank boards' hints (nothing written in the web)."""
    home, gallery, bench = (client.get(url).text for url in ("/", "/puzzles", "/workbench"))
    for kind in KINDS.values():
        assert kind.title in home
        assert str(markupsafe.escape(kind.rules)) in gallery
        assert f"<option>{kind.name}</option>" in bench or f"<option selected>{kind.name}" in bench
        for form in kind.board_forms():
            page = client.get(f"/new?grid={form.name}&rows=3").text
            assert str(markupsafe.escape(form.hint)) in page
            assert f'maxlength="{form.cell_chars}"' in page


def test_the_gallery_shows_every_bundled_instance_drawn_by_its_kind(client) -> None:
    page = client.get("/puzzles").text
    for kind in ("hidato", "magic", "mastermind", "takuzu", "tiling"):
        for path in grade.bundled_instances(kind):
            assert f'href="/puzzles/{kind}/{path.name}"' in page
            picture = client.get(f"/pictures/{kind}/{path.name}.svg")
            assert picture.status_code == 200 and picture.text.startswith("<?xml")
    picture = client.get("/pictures/takuzu/seed-8x8.takuzu.svg")
    assert picture.headers["content-type"] == "image/svg+xml"
    assert picture.text == load(INSTANCES / "takuzu" / "seed-8x8.takuzu").svg()


@pytest.mark.parametrize(
    "url",
    [
        "/puzzles/hidato/nothing.hidoku",
        "/puzzles/tutorial/tiny.takuzu",
        "/puzzles/hidato/..%2F..%2Fpyproject.toml",
        "/pictures/takuzu/..%2Fhidato%2Fseed-10x10.hidoku.svg",
        "/nowhere",
    ],
)
def test_only_listed_files_are_served(client, url) -> None:
    assert client.get(url).status_code == 404


# -- puzzle pages --------------------------------------------------------------------------


def test_solving_a_bundled_puzzle_shows_its_checked_unique_solution(client) -> None:
    page = client.get("/puzzles/hidato/seed-10x10.hidoku?action=solve").text
    assert texts(page, "summary")[0].startswith("1 solution, search complete: unique")
    puzzle = load(INSTANCES / "hidato" / "seed-10x10.hidoku")
    (data,) = solutions(page)
    hidato_checked(puzzle, data)


def test_all_solutions_are_distinct_checked_and_counted(client) -> None:
    page = client.get("/puzzles/takuzu/letheed-grid1.takuzu?action=all").text
    puzzle = load(INSTANCES / "takuzu" / "letheed-grid1.takuzu")
    shown = solutions(page)
    for rows in shown:
        assert puzzle.violations(TakuzuSolution(tuple(rows))) == []
    assert len({tuple(rows) for rows in shown}) == len(shown) == 6  # as the file's source lists
    assert "step-controls" in page  # stepped through one by one in the browser


def test_more_solutions_than_shown_says_so(client) -> None:
    page = client.post(
        "/puzzle", data={"text": "......\n" * 6, "format": ".takuzu", "action": "all"}
    ).text
    assert len(solutions(page)) == work.SOLUTIONS_SHOWN
    assert f"more than {work.SOLUTIONS_SHOWN} solutions" in texts(page, "summary")[0]


def test_explain_names_the_conflicting_givens_as_the_library_does(client) -> None:
    text = (INSTANCES / "hidato" / "seed003-hex-19-typed.hidato").read_text()
    broken = text.replace(" 5,", "15,", 1)
    assert broken != text
    page = client.post(
        "/puzzle", data={"text": broken, "format": ".hidato", "action": "explain"}
    ).text
    puzzle = parse_bytes(broken.encode(), "<pasted>.hidato")
    expected = explain_conflict(puzzle, 10).lines()
    assert "these 3 givens conflict" in expected[0]
    assert texts(page, "explanation", "div")[0].startswith(expected[0])
    assert texts(page, "summary")[0].startswith("no solution (search complete")
    assert page.count('class="conflict"') == 3  # drawn in red on the board


def test_explain_shows_where_solutions_differ_and_a_given_that_makes_it_unique(client) -> None:
    text = (ROOT / "docs" / "examples" / "corners.hidoku").read_text()
    page = client.post("/puzzle", data={"text": text, "format": ".hidoku", "action": "explain"})
    puzzle = parse_bytes(text.encode(), "<pasted>.hidoku")
    ambiguity = explain_ambiguity(puzzle, 10)
    explained = texts(page.text, "explanation", "div")[0]
    for line in ambiguity.lines():
        assert line in explained
    shown = solutions(page.text)
    assert len(shown) == 2 and shown[0] != shown[1]  # two different solutions, side by side
    for data in shown:
        hidato_checked(puzzle, data)
    # the suggested given, added to the puzzle, leaves exactly one solution
    (given,) = ambiguity.suggested
    x, y, n = given.json
    rows = [line.split(",") for line in text.splitlines() if not line.startswith("#")]
    rows[y][x] = str(n)
    fixed = "".join(",".join(row) + "\n" for row in rows)
    assert lpsolve.count(parse_bytes(fixed.encode(), "f.hidoku")).count == 1


def test_a_bad_puzzle_is_named_with_line_and_column(client) -> None:
    response = client.post(
        "/puzzle", data={"text": "1, _, _\n_, _\n", "format": ".hidoku", "action": "solve"}
    )
    assert response.status_code == 400
    (error,) = texts(response.text, "error")
    with pytest.raises(lpsolve.PuzzleError) as expected:
        parse_bytes(b"1, _, _\n_, _\n", "<pasted>.hidoku")
    assert error == str(expected.value) and error.startswith("<pasted>.hidoku:2:")


def test_an_uploaded_file_is_read_by_its_extension(client) -> None:
    data = (INSTANCES / "takuzu" / "seed-8x8.takuzu").read_bytes()
    response = client.post(
        "/puzzle",
        data={"format": ".hidoku", "action": "solve"},
        files={"upload": ("mine.takuzu", data, "text/plain")},
    )
    assert response.status_code == 200
    puzzle = parse_bytes(data, "x.takuzu")
    (rows,) = solutions(response.text)
    assert puzzle.violations(TakuzuSolution(tuple(rows))) == []
    assert "search complete: unique" in texts(response.text, "summary")[0]


def test_a_board_typed_into_blank_cells_is_solved(client) -> None:
    cells = {"cell-0-0": "1", "cell-2-2": "9"}
    form = {"grid": "hidato", "rows": "3", "cols": "3", "action": "solve", **cells}
    page = client.post("/puzzle", data=form).text
    assert "1, _, _\n_, _, _\n_, _, 9\n" in html.unescape(page)  # the text, to edit further
    puzzle = parse_bytes(b"1, _, _\n_, _, _\n_, _, 9\n", "b.hidoku")
    assert "not unique: at least 2 solutions" in texts(page, "summary")[0]
    shown = solutions(page)
    assert len(shown) == 2 and shown[0] != shown[1]
    for data in shown:
        hidato_checked(puzzle, data)


@pytest.mark.parametrize(
    ("grid", "cell", "message"),
    [
        ("takuzu", "2", "<board>:2:3: a cell holds 0, 1 or nothing, not '2'"),
        ("hidato", "1,2", "<board>:2:3: a cell holds a number, x (a hole) or nothing"),
        ("magic", "x", "<board>:2:3: a cell holds a number or nothing, not 'x'"),
    ],
)
def test_a_bad_cell_is_named_by_row_and_column(client, grid, cell, message) -> None:
    form = {"grid": grid, "rows": "4", "cols": "4", "action": "show", "cell-1-2": cell}
    response = client.post("/puzzle", data=form)
    assert response.status_code == 400
    assert texts(response.text, "error")[0].startswith(message)


def test_board_text_keeps_each_cell_in_its_place() -> None:
    cells = {(0, 0): "1", (1, 1): "x", (2, 2): "9"}
    assert board_text("hidato", 3, 3, cells) == "1, _, _\n_, X, _\n_, _, 9\n"
    assert board_text("takuzu", 2, 2, {(0, 1): "1"}) == ".1\n..\n"


def test_a_puzzle_search_is_stopped_by_the_time_limit() -> None:
    # a 400x400 empty Takuzu: its grounding alone takes longer than the limit
    text = ("." * 400 + "\n") * 400
    with TestClient(create_app(Settings(timeout=1, jobs=1))) as client:
        started = time.monotonic()
        response = client.post(
            "/puzzle", data={"text": text, "format": ".takuzu", "action": "solve"}
        )
        assert time.monotonic() - started < 30  # the limit holds (generous margin)
    assert response.status_code == 200
    (summary,) = texts(response.text, "summary")
    # the one verdict of the solve service, as `lpsolve solve` prints it
    assert "; stopped by timeout, search incomplete" in summary


# -- limits of a request ---------------------------------------------------------------------


def test_a_request_body_over_the_limit_is_refused_413(client) -> None:
    big = "x" * (Settings().max_body + 1)
    response = client.post("/puzzle", data={"text": big, "format": ".takuzu"})
    assert response.status_code == 413
    assert "request too large: at most 1M" in response.text


def test_a_streamed_body_over_the_limit_is_refused_413(client) -> None:
    def chunks():
        for _ in range(3):
            yield b"x" * (1 << 19)

    response = client.post("/puzzle", content=chunks())  # no content-length: chunked
    assert response.status_code == 413


def test_a_busy_server_answers_503_at_once() -> None:
    app = create_app(Settings(timeout=3, jobs=1, queue=0))
    with (
        TestClient(app, client=("192.0.2.1", 50000)) as first_visitor,
        TestClient(app, client=("192.0.2.2", 50000)) as second_visitor,
    ):
        form = {"kind": "takuzu", "program": NEVER_ENDING, "action": "run"}
        first = threading.Thread(
            target=first_visitor.post, args=("/workbench",), kwargs={"data": form}
        )
        first.start()
        time.sleep(1)  # the never-ending program holds the only slot
        response = second_visitor.get("/puzzles/hidato/seed-10x10.hidoku?action=solve")
        first.join()
    assert response.status_code == 503
    assert texts(response.text, "error") == [
        "the server is busy: 1 job running and 0 waiting; try again in a moment"
    ]


def test_one_visitor_fills_only_its_share_and_another_is_served() -> None:
    """Two slots, no queue: a visitor whose never-ending program holds one slot is
    refused a second at once, saying why, and another visitor gets the other."""
    app = create_app(Settings(timeout=3, jobs=2, queue=0))
    form = {"kind": "takuzu", "program": NEVER_ENDING, "action": "run"}
    with (
        TestClient(app, client=("192.0.2.1", 50000)) as hog,
        TestClient(app, client=("192.0.2.2", 50000)) as other,
    ):
        first = threading.Thread(target=hog.post, args=("/workbench",), kwargs={"data": form})
        first.start()
        time.sleep(1)  # the never-ending program holds one slot
        refused = hog.post("/workbench", data=form)
        served = other.get("/puzzles/hidato/seed-10x10.hidoku?action=solve")
        still_running = first.is_alive()
        first.join()
    assert refused.status_code == 503
    assert texts(refused.text, "error")[0] == (
        "the server is busy with your earlier requests: one visitor may have 1 run going "
        "and 0 waiting; try again when one is done"
    )
    assert served.status_code == 200 and still_running
    assert texts(served.text, "summary")[0].startswith("1 solution, search complete: unique")


def run_gate(gate: Gate, requests: list[tuple[str, str]], release: threading.Event) -> list[str]:
    """Send ``requests`` (client, name) to ``gate`` one after the other, each a job that
    waits for ``release``; the names in the order their jobs started, then the refusals
    as ``name: message``."""
    started: list[str] = []

    def job(name: str) -> None:
        started.append(name)
        release.wait(10)

    async def main() -> list[str]:
        refused = []
        async with anyio.create_task_group() as group:

            async def send(client: str, name: str) -> None:
                try:
                    await gate.run(client, job, name)
                except Busy as busy:
                    refused.append(f"{name}: {busy}")

            for client, name in requests:
                group.start_soon(send, client, name)
                await anyio.sleep(0.05)  # in this order
            await anyio.sleep(0.2)
            release.set()
        return started + refused

    return anyio.run(main)


def test_a_client_gets_half_the_slots_and_half_the_queue() -> None:
    outcome = run_gate(
        Gate(jobs=4, queue=4),
        [("a", "a1"), ("a", "a2"), ("a", "a3"), ("a", "a4"), ("a", "a5"), ("b", "b1")],
        threading.Event(),
    )
    # a runs two (half the slots), waits with two (half the queue), is refused the
    # fifth; b starts at once in a free slot; a's waiting ones start when released
    assert outcome[:3] == ["a1", "a2", "b1"]
    assert sorted(outcome[3:5]) == ["a3", "a4"]
    assert outcome[5].startswith("a5: the server is busy with your earlier requests")


def test_a_free_slot_goes_to_the_client_that_started_least_recently() -> None:
    """One slot: the hog's first run holds it and two more wait; a second client's
    request, come later, is the next to start, not the hog's."""
    requests = [("hog", "h1"), ("hog", "h2"), ("hog", "h3"), ("other", "o1")]
    assert run_gate(Gate(jobs=1, queue=8), requests, threading.Event()) == ["h1", "o1", "h2", "h3"]


def test_a_request_takes_one_time_limit_not_two() -> None:
    """A large pasted board whose search the limit stops: the request ends after one
    time limit (before, the puzzle was then drawn in a second job with a limit of its
    own); the page says the puzzle was not drawn."""
    timeout = 3
    row = ", ".join(["_"] * 70) + "\n"
    text = "1" + row[1:] + row * 69
    with TestClient(create_app(Settings(timeout=timeout, jobs=1))) as client:
        started = time.monotonic()
        response = client.post(
            "/puzzle", data={"text": text, "format": ".hidoku", "action": "solve"}
        )
        seconds = time.monotonic() - started
    assert response.status_code == 200
    (summary,) = texts(response.text, "summary")
    # the one verdict of the solve service, as `lpsolve solve` prints it
    assert "; stopped by timeout, search incomplete" in summary
    assert seconds < 1.5 * timeout
    assert "The time ran out before the puzzle was drawn" in response.text


def failing_view(puzzle, conflict=()):
    raise ValueError(f"a bug, in {ROOT}")


def test_an_internal_error_shows_a_reference_and_the_log_has_the_traceback(
    client, monkeypatch, caplog
) -> None:
    monkeypatch.setattr(work, "_view", failing_view)  # in the job: forked with it
    caplog.set_level(logging.ERROR, logger="lpsolve.web")
    response = client.post("/puzzle", data={"text": "1, _\n_, 4\n", "action": "show"})
    assert response.status_code == 500
    (message,) = texts(response.text, "error")
    reference = re.fullmatch(
        r"internal error \(a bug in lpsolve\): please report it with the reference ([0-9a-f]{8})",
        message,
    )[1]
    assert "Traceback" not in response.text and str(ROOT) not in response.text
    assert "1, _\n_, 4" in html.unescape(response.text)  # the visitor's puzzle is kept
    (record,) = [r for r in caplog.records if r.name == "lpsolve.web"]
    assert reference in record.getMessage()
    logged = logging.Formatter().formatException(record.exc_info)
    assert "Traceback" in logged and "ValueError: a bug" in logged


def test_an_error_in_any_route_gets_the_same_page(client, monkeypatch, caplog) -> None:
    def broken(*_: object) -> dict:
        raise RecursionError(f"deep in {ROOT}")

    monkeypatch.setattr(work, "tutorial_steps", broken)
    caplog.set_level(logging.ERROR, logger="lpsolve.web")
    response = client.get("/workbench")
    assert response.status_code == 500
    (message,) = texts(response.text, "error")
    reference = message.rsplit(" ", 1)[1]
    assert message.startswith("internal error (a bug in lpsolve)")
    assert str(ROOT) not in response.text and "RecursionError" not in response.text
    (record,) = [r for r in caplog.records if r.name == "lpsolve.web"]
    assert record.getMessage() == f"internal error {reference} on GET /workbench"


# -- the workbench -------------------------------------------------------------------------


def run_form(program: str, **more: str) -> dict[str, str]:
    return {"kind": "takuzu", "program": program, "puzzle": "tutorial/tiny.takuzu", **more}


def test_a_run_draws_each_answer_set_as_the_library_finds_them(client) -> None:
    program = (TUTORIAL / "step3.lp").read_text()
    page = client.post("/workbench", data=run_form(program, action="run", models="4")).text
    expected, puzzle = grade.run_program(
        [str(TUTORIAL / "step3.lp"), str(TUTORIAL / "tiny.takuzu")], limit=4, kind="takuzu"
    )
    assert len(expected.answers) == 4
    atoms = texts(page, "atoms")
    assert atoms == [" ".join(map(str, answer)) for answer in expected.answers]
    assert page.count("<svg") == 4  # each drawn as a board
    broken = [grade.decode_answer(puzzle, answer)[2] for answer in expected.answers]
    valid = sum(not problems for problems in broken)
    assert page.count("the rule checker finds no broken rule") == valid
    assert "SATISFIABLE" in page


def test_clingo_messages_name_the_program_line(client) -> None:
    program = "value(R,C,0) :- row(R), col(C), given(R,C,1).\na :- adjacent(X).\n"
    page = client.post("/workbench", data=run_form(program, action="run")).text
    (message,) = texts(page, "message")
    assert message.startswith("program.lp:2:6-17: info: atom does not occur in any rule head")


def test_a_syntax_error_is_named_as_the_library_names_it(client, tmp_path) -> None:
    program = "value(R,C,0) :- row(R), col(C)\nbad bad.\n"
    response = client.post("/workbench", data=run_form(program, action="run"))
    assert response.status_code == 400
    (error,) = texts(response.text, "error")
    path = tmp_path / "program.lp"
    path.write_text(program)
    with pytest.raises(lpsolve.PuzzleError) as expected:
        grade.run_program([str(path), str(TUTORIAL / "tiny.takuzu")], kind="takuzu")
    assert error == str(expected.value).replace(str(path), "program.lp")
    assert error.startswith("program.lp:2:")
    line, col = expected.value.line, expected.value.col  # the editor selects the place
    assert f'data-line="{line}" data-col="{col}"' in response.text


@pytest.mark.parametrize(
    ("program", "message"),
    [
        ('#include "/etc/passwd".\n', "program.lp:1:1: #include is not available here"),
        ('a.\n  #include "step1.lp".\n', "program.lp:2:3: #include is not available here"),
        ("#include <incmode>.\n", "program.lp:1:1: #include is not available here"),
        ("#script (python)\nimport os\n#end.\n", "program.lp:1:1: #script is not available here"),
        ("a. %* #script (python) *% #script(lua) os.exit() #end.", "program.lp:1:27: #script"),
    ],
)
@pytest.mark.parametrize("action", ["run", "grade"])
def test_include_and_script_are_refused(client, program, message, action) -> None:
    response = client.post("/workbench", data=run_form(program, action=action))
    assert response.status_code == 400
    assert texts(response.text, "error")[0].startswith(message)


def test_a_never_ending_program_is_stopped_by_the_time_limit() -> None:
    with TestClient(create_app(Settings(timeout=1.5, jobs=1))) as client:
        started = time.monotonic()
        page = client.post("/workbench", data=run_form(NEVER_ENDING, action="run")).text
        assert time.monotonic() - started < 30  # the limit holds (generous margin)
    assert "UNKNOWN" in page and "stopped by the time limit (1.5 s)" in page


def test_a_program_taking_memory_is_stopped_by_the_memory_limit() -> None:
    program = "n(1..3000).\nq(X,Y) :- n(X), n(Y).\n"  # nine million atoms: hundreds of MB
    with TestClient(create_app(Settings(timeout=60, memory=150 << 20, jobs=1))) as client:
        page = client.post("/workbench", data=run_form(program, action="run")).text
    assert "UNKNOWN" in page and "stopped by the memory limit" in page


def grade_table(page: str) -> list[tuple[str, ...]]:
    """The rows of the page's table of verdicts, times as TIME."""
    table = re.search(r'<table class="grades">.*?<tbody>(.*?)</tbody>', page, re.S)[1]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        cells = [html.unescape(cell) for cell in re.findall(r"<td>(.*?)</td>", row)]
        rows.append((*cells[:4], report_without_times(cells[4:])[0]))
    return rows


def deep_term(depth: int) -> str:
    term = "a"
    for _ in range(depth):
        term = f"f({term})"
    return term


def test_an_answer_with_a_term_nested_300_deep_is_shown(client) -> None:
    program = (
        "n(0..299). t(0,a). t(N+1,f(X)) :- t(N,X), n(N). deep(X) :- t(300,X).\n#show deep/1.\n"
    )
    response = client.post("/workbench", data=run_form(program, action="run"))
    assert response.status_code == 200
    assert texts(response.text, "atoms") == [f"deep({deep_term(300)})"]


def test_the_pages_own_drawing_of_an_answer_takes_a_deep_term() -> None:
    """What the workbench does with an answer itself (its picture, its broken rules),
    given an atom whose term is nested 300 deep: the rule checker names the cell."""
    puzzle = load(TUTORIAL / "tiny.takuzu")
    atom = clingo.parse_term(f"value(1,1,{deep_term(300)})")
    board = work._answer_board(puzzle, [atom], str(atom))
    example = grade._example(puzzle, frozenset([atom]))
    drawn = work._drawn_example("tutorial/tiny.takuzu", "takuzu", example)
    expected = grade.decode_answer(puzzle, [atom])[2]
    assert expected and board.problems == expected and drawn.problems == expected


def test_the_broken_rules_of_each_answer_are_folded_to_their_count(client) -> None:
    program = (TUTORIAL / "step1.lp").read_text()  # every grid: dozens of broken rules
    page = client.post("/workbench", data=run_form(program, action="run", models="3")).text
    expected, puzzle = grade.run_program(
        [str(TUTORIAL / "step1.lp"), str(TUTORIAL / "tiny.takuzu")], limit=3, kind="takuzu"
    )
    folded = re.findall(r'<details class="broken-rules">(.*?)</details>', page, re.S)
    assert len(folded) == len(expected.answers) == 3
    for answer, fold in zip(expected.answers, folded, strict=True):
        problems = grade.decode_answer(puzzle, answer)[2]
        assert len(problems) > 3
        assert texts(fold, "broken", "summary") == [f"{len(problems)} broken rules"]
        assert texts(fold, "broken", "li") == problems


def graded_page(client, program: str, **form: str) -> str:
    response = client.post("/workbench", data={"program": program, "action": "grade", **form})
    assert response.status_code == 200, response.text
    return response.text


def report_without_times(lines: list[str]) -> list[str]:
    text = "\n".join(lines)  # a line of the report may hold a board of several lines
    return [re.sub(r"\d+(\.\d+)? (ms|s)\b", "TIME", line).rstrip() for line in text.splitlines()]


def test_grade_gives_the_report_lpsolve_grade_gives(client, tmp_path) -> None:
    program = (TUTORIAL / "step4.lp").read_text()  # lets equal rows through: wrong answers
    page = graded_page(
        client, program, kind="takuzu", puzzle="tutorial/tiny.takuzu", scope="puzzle"
    )
    (report,) = texts(page, "report", "pre")
    path = tmp_path / "program.lp"
    path.write_text(program)
    expected = grade.grade(str(path), "takuzu", [TUTORIAL / "tiny.takuzu"])
    expected_lines = grade.report_lines(work.renamed(expected))
    assert report_without_times(report.splitlines()) == report_without_times(expected_lines)
    assert "FAIL: program.lp on 1 takuzu instance: 0 correct, 1 wrong" in report
    rows = [(*grade.table_row(g)[:4], "TIME") for g in work.renamed(expected).instances]
    assert grade_table(page) == rows and rows[0][1] == "wrong"
    assert 'class="verdict-wrong"' in page
    # the first wrong answer drawn, with the rules it breaks named (shown unfolded)
    wrong = expected.instances[0].wrong_example
    assert wrong is not None and wrong.problems
    assert texts(page, "broken", "li") == wrong.problems
    assert '<details class="broken-rules" open>' in page
    assert "equal" in wrong.problems[0]  # the rule step 4 lacks: no two equal lines
    drawn = page.split("The first wrong answer", 1)[1]
    assert "<svg" in drawn
    puzzle = load(TUTORIAL / "tiny.takuzu")
    assert puzzle.violations(TakuzuSolution(tuple(wrong.solution))) == wrong.problems


def test_grade_on_the_bundled_instances_as_lpsolve_grade_kind(client, tmp_path) -> None:
    program = (ROOT / "tests" / "students" / "magic_plain.lp").read_text()  # correct
    page = graded_page(client, program, kind="magic", scope="bundled")
    (report,) = texts(page, "report", "pre")
    path = tmp_path / "program.lp"
    path.write_text(program)
    expected = grade.report_lines(work.renamed(grade.grade(str(path), "magic")))
    assert report_without_times(report.splitlines()) == report_without_times(expected)
    assert "PASS: program.lp on 1 magic instance: 1 correct" in report
    assert 'class="pass"' in page
    (row,) = grade_table(page)
    assert row[:2] == ("instances/magic/seed-5x5.magic", "correct")
    assert 'class="verdict-correct"' in page


def test_the_reference_itself_is_not_graded(client) -> None:
    """A copy of the lesson encoding would pass: grading it proves nothing."""
    response = client.post(
        "/workbench",
        data={"program": work.lesson_encoding("magic"), "action": "grade", "kind": "magic"},
    )
    assert response.status_code == 400
    (error,) = texts(response.text, "error")
    assert error.startswith("program.lp: states every rule of lpsolve's own encoding magic.lp")


# -- Mastermind ----------------------------------------------------------------------------


def brute_force_count(game: mm.MastermindGame) -> int:
    """Codes that give every guess its feedback, by trying them all."""
    pool = itertools.product(game.colours, repeat=game.pegs)
    codes = pool if game.repeats else (c for c in pool if len(set(c)) == len(c))
    return sum(all(game.feedback_of(g.code, c) == g.feedback for g in game.guesses) for c in codes)


def assistant(client, **form: str):
    return client.post("/mastermind/assistant", data=form)


def test_the_assistant_counts_codes_and_advises_after_each_guess(client) -> None:
    page = assistant(client, action="load", preset="mastermind/classic-4x6.mastermind").text
    assert texts(page, "summary") == ["1,296 consistent codes"]
    game_text = html.unescape(re.search(r'name="game"[^>]*>(.*?)</textarea>', page, re.S)[1])
    page = assistant(client, action="add", game=game_text, guess="red red blue blue : 1 1").text
    game = mm.parse(game_text + "red red blue blue : 1 1\n", "g")
    count = brute_force_count(game)
    assert texts(page, "summary") == [f"{count:,} consistent codes"]
    best = codebreaker.suggest(game, keep=1).best("minimax")
    (advice,) = texts(page, "advice")
    assert advice.startswith(f"advice: {game.code_text(best.code)} (worst case {best.worst:,}")
    # undo: the game as it was
    game_text = html.unescape(re.search(r'name="game"[^>]*>(.*?)</textarea>', page, re.S)[1])
    page = assistant(client, action="undo", game=game_text).text
    assert texts(page, "summary") == ["1,296 consistent codes"]


def test_the_assistant_lists_few_codes_and_names_contradictions(client) -> None:
    text = (INSTANCES / "mastermind" / "bulls-and-cows.mastermind").read_text()
    page = assistant(client, action="update", game=text).text
    game = mm.parse(text, "g")
    assert texts(page, "summary") == [f"{brute_force_count(game)} consistent codes"]
    listed = re.search(r"they are:</p><pre[^>]*>(.*?)</pre>", page, re.S)[1].split()
    assert len(listed) == brute_force_count(game) == 3
    assert all(brute_force_count(game.with_guess(mm.Guess(tuple(c), 4, 0))) for c in listed)
    page = assistant(client, action="add", game=text, guess="4218 : 0 0").text
    assert texts(page, "summary") == ["0 consistent codes"]
    assert texts(page, "diagnosis")[0].startswith("these guesses cannot all be scored")


def test_a_bad_guess_is_named_at_its_place(client) -> None:
    text = (INSTANCES / "mastermind" / "classic-4x6.mastermind").read_text()
    response = assistant(client, action="add", game=text, guess="red red purple blue : 1 0")
    assert response.status_code == 400
    line = text.rstrip("\n").count("\n") + 2
    (error,) = texts(response.text, "error")
    assert error.startswith(f"<game>:{line}:9: unknown colour 'purple'")
    assert 'value="red red purple blue : 1 0"' in response.text  # kept, to correct it


def codemaker(client, **form: str):
    return client.post("/mastermind/codemaker", data=form)


def new_game(client, preset: str) -> str:
    """A game against the server started: its nonce."""
    page = codemaker(client, action="start", preset=preset).text
    return re.search(r'name="nonce" value="([^"]*)"', page)[1]


def placeholder(page: str) -> str:
    return html.unescape(re.search(r'name="guess" value="" placeholder="([^"]*)"', page)[1])


def game_text_of(page: str) -> str:
    return html.unescape(re.search(r'name="game"[^>]*>(.*?)</textarea>', page, re.S)[1])


def test_the_assistant_placeholder_is_a_guess_line_of_the_game_shown(client) -> None:
    """On opening (Bulls and Cows) and after a game of colour words and one of black
    pegs only are loaded, the example in the guess field reads as a guess of the game
    shown (its own parser says so)."""
    pages = [client.get("/mastermind").text]
    for preset in ("classic-4x6.mastermind", "number-mind-euler185-example.mastermind"):
        pages.append(assistant(client, action="load", preset=f"mastermind/{preset}").text)
    for page in pages:
        game_text = game_text_of(page)
        game = mm.parse(game_text, "g")
        example = placeholder(page)
        played = mm.parse(game_text.rstrip("\n") + "\n" + example + "\n", "g")
        assert len(played.guesses) == len(game.guesses) + 1, example


def selected_preset(page: str) -> str:
    form = page.split('action="/mastermind/assistant"', 1)[1].split("</form>", 1)[0]
    return re.search(r'<option value="([^"]*)" selected>', form)[1]


def test_the_loaded_preset_stays_selected_after_add_and_undo(client) -> None:
    preset = "mastermind/number-mind-euler185-example.mastermind"  # not the first listed
    page = assistant(client, action="load", preset=preset).text
    assert selected_preset(page) == preset
    game_text = game_text_of(page)
    guess = placeholder(page)
    page = assistant(client, action="add", preset=preset, game=game_text, guess=guess).text
    assert selected_preset(page) == preset
    assert f'name="preset" value="{preset}"' in page  # kept in the game's form
    page = assistant(client, action="undo", preset=preset, game=game_text_of(page)).text
    assert selected_preset(page) == preset


def secret_shown(page: str) -> str:
    return re.search(r"the secret: <strong>(.*?)</strong>", page)[1]


def test_a_game_given_up_takes_no_more_guesses_not_even_from_its_first_page(client) -> None:
    preset = "mastermind/classic-4x6.mastermind"
    nonce = new_game(client, preset)
    codemaker(client, action="guess", preset=preset, nonce=nonce, guess="red red blue blue")
    page = codemaker(
        client, action="reveal", preset=preset, nonce=nonce, guesses="red red blue blue"
    ).text
    secret = secret_shown(page)
    assert 'name="guess"' not in page  # the page offers a new secret only
    for guesses in ("red red blue blue", ""):  # the last page, the first page
        response = codemaker(
            client, action="guess", preset=preset, nonce=nonce, guesses=guesses, guess=secret
        )
        assert response.status_code == 400
        assert texts(response.text, "error") == [
            "this game is over (solved or given up): start a new secret"
        ]
        assert "solved in" not in response.text


def test_an_old_page_of_a_game_is_refused(client) -> None:
    preset = "mastermind/classic-4x6.mastermind"
    nonce = new_game(client, preset)
    played: list[str] = []
    for guess in ("red red blue blue", "green green yellow yellow"):
        response = codemaker(
            client, action="guess", preset=preset, nonce=nonce, guesses="\n".join(played),
            guess=guess,
        )  # fmt: skip
        assert response.status_code == 200
        played.append(guess)
    for old in ([], played[:1]):  # the back button: the game as it was
        response = codemaker(
            client, action="guess", preset=preset, nonce=nonce, guesses="\n".join(old),
            guess="black black white white",
        )  # fmt: skip
        assert response.status_code == 400
        assert texts(response.text, "error")[0].startswith("this page is out of date")
    # the current page still plays on
    response = codemaker(
        client, action="guess", preset=preset, nonce=nonce, guesses="\n".join(played),
        guess="black black white white",
    )  # fmt: skip
    assert response.status_code == 200 and len(re.findall(r"<li>", response.text)) == 3


def test_guesses_never_played_are_refused(client) -> None:
    """A new game sent with a history of its own: any number of first guesses, scored
    at once, were accepted before."""
    preset = "mastermind/classic-4x6.mastermind"
    nonce = new_game(client, preset)
    made_up = "red red blue blue\ngreen green yellow yellow\nblack black white white"
    response = codemaker(
        client, action="guess", preset=preset, nonce=nonce, guesses=made_up, guess="red red red red"
    )
    assert response.status_code == 400
    assert texts(response.text, "error") == ["these guesses were never played in this game"]


def test_a_game_from_another_server_is_refused(client) -> None:
    preset = "mastermind/classic-4x6.mastermind"
    with TestClient(create_app(Settings(timeout=5))) as elsewhere:
        nonce = new_game(elsewhere, preset)  # another key
    response = codemaker(
        client, action="guess", preset=preset, nonce=nonce, guess="red red red red"
    )
    assert response.status_code == 400
    assert texts(response.text, "error")[0].startswith("this game was not started by this server")


def test_the_games_kept_are_bounded_and_the_oldest_closed() -> None:
    games = Games(b"key", most=2)
    header = "pegs: 1\ncolours: a b\n"
    first, unplayed, second, third, fourth = (games.serial(games.new()) for _ in range(5))
    for serial in (first, second, third, fourth):
        games.advance(serial, header, [], ["a"], ended=False)  # kept: the last two
    for closed, guesses in ((first, ["a"]), (second, ["a"]), (unplayed, [])):
        with pytest.raises(GameRefused, match="this game was closed"):
            games.check(closed, header, guesses)
    games.check(third, header, ["a"])
    games.check(fourth, header, ["a"])
    # closed: the games started up to the last one dropped; one started since is open
    games.check(games.serial(games.new()), header, [])


def test_a_game_against_the_server_keeps_the_secret_out_of_the_page(client) -> None:
    preset = "mastermind/seed-6x9.mastermind"
    page = codemaker(client, action="start", preset=preset).text
    nonce = re.search(r'name="nonce" value="([^"]*)"', page)[1]
    hidden = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))
    assert set(hidden) == {"preset", "nonce", "guesses"} and hidden["guesses"] == ""
    guesses = ["red red blue blue green none", "yellow orange none red blue green"]
    played: list[str] = []
    for guess in guesses:
        page = codemaker(
            client, action="guess", preset=preset, nonce=nonce, guesses="\n".join(played),
            guess=guess,
        ).text  # fmt: skip
        played.append(guess)
        assert "the secret:" not in page
    page = codemaker(
        client, action="reveal", preset=preset, nonce=nonce, guesses="\n".join(played)
    ).text
    secret = tuple(re.search(r"the secret: <strong>(.*?)</strong>", page)[1].split())
    game = mm.parse(
        mm_pages.game_header(load(INSTANCES / "mastermind" / "seed-6x9.mastermind")), "g"
    )
    scored = [
        mm.Guess(tuple(g.split()), *game.feedback_of(tuple(g.split()), secret)) for g in played
    ]
    with_feedback = game
    for guess in scored:
        with_feedback = with_feedback.with_guess(guess)
    # the count shown is of the codes that fit the feedback the secret gave
    count = codebreaker.count_codes(with_feedback).count
    assert texts(page, "summary")[-1] == f"{count:,} consistent codes"
    # the same nonce under another server key is (almost surely) another secret
    other = mm_pages.secret_code(b"another key", nonce, mm_pages.game_header(game), game)
    assert other != secret


def test_solving_against_the_server_says_so_and_shows_the_secret(client) -> None:
    """Play by always guessing the first code that fits the feedback so far (read from
    the page): the secret is found within the whole code space, and then shown."""
    preset = "mastermind/classic-4x6.mastermind"
    page = codemaker(client, action="start", preset=preset).text
    nonce = re.search(r'name="nonce" value="([^"]*)"', page)[1]
    game = mm.parse(
        mm_pages.game_header(load(INSTANCES / "mastermind" / "classic-4x6.mastermind")), "g"
    )
    played: list[str] = []
    for _ in range(1296):
        left = (
            code
            for code in itertools.product(game.colours, repeat=4)
            if all(game.feedback_of(g.code, code) == g.feedback for g in game.guesses)
        )
        guess = " ".join(next(left))
        page = codemaker(
            client, action="guess", preset=preset, nonce=nonce, guesses="\n".join(played),
            guess=guess,
        ).text  # fmt: skip
        played.append(guess)
        last = html.unescape(re.findall(r"<li>(.*?)</li>", page)[-1])
        black, white = map(
            int, re.fullmatch(rf"{guess} \u2192 (\d) black, (\d) white", last).groups()
        )
        game = game.with_guess(mm.Guess(tuple(guess.split()), black, white))
        if "solved in" in page:
            assert black == 4
            assert re.search(r"the secret: <strong>(.*?)</strong>", page)[1] == guess
            assert texts(page, "summary")[0] == f"solved in {len(played)} guesses!"
            return
    pytest.fail("no code solved the game")


def test_a_hint_against_the_server_advises_without_the_secret(client) -> None:
    preset = "mastermind/classic-4x6.mastermind"
    nonce = new_game(client, preset)
    codemaker(client, action="guess", preset=preset, nonce=nonce, guess="red red blue blue")
    form = {"preset": preset, "nonce": nonce, "guesses": "red red blue blue"}
    page = codemaker(client, action="hint", **form).text
    assert "the secret:" not in page
    (advice,) = texts(page, "advice")
    assert advice.startswith("advice: ")
    hinted = tuple(advice.removeprefix("advice: ").split(" (")[0].split())
    assert len(hinted) == 4 and set(hinted) <= {"red", "blue", "green", "yellow", "black", "white"}


def test_a_bad_code_against_the_server_is_named(client) -> None:
    preset = "mastermind/classic-4x6.mastermind"
    nonce = new_game(client, preset)
    response = codemaker(client, action="guess", preset=preset, nonce=nonce, guess="red red")
    assert response.status_code == 400
    assert texts(response.text, "error")[0].startswith("<guess>:1:8: 2 colours given")


# -- the command ---------------------------------------------------------------------------


def test_serve_binds_localhost_unless_told(monkeypatch, run) -> None:
    from lpsolve.web import app

    calls = []
    monkeypatch.setattr(
        app, "serve", lambda host, port, settings, level: calls.append((host, port, settings))
    )
    assert run("serve")[0] == 0
    assert (
        run("serve", "--host", "0.0.0.0", "--port", "8123", "--timeout", "3", "--jobs", "1")[0] == 0
    )
    (host, port, settings), (host2, port2, settings2) = calls
    assert (host, port, settings.timeout) == ("127.0.0.1", 8000, 10.0)
    assert (host2, port2, settings2.timeout, settings2.jobs) == ("0.0.0.0", 8123, 3.0, 1)


def serve_and_ask(*options: str) -> str:
    """Start ``lpsolve serve`` with ``options``, ask for two pages, stop it: what it
    wrote on stderr."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "lpsolve", *options, "serve", "--port", str(port)]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                answers = [
                    httpx.get(f"http://127.0.0.1:{port}{path}").status_code
                    for path in ("/", "/nowhere")
                ]
                break
            except httpx.ConnectError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.1)
        assert answers == [200, 404]
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    return err


@pytest.mark.parametrize("level", [None, "info"])
def test_serve_logs_every_request_and_takes_the_log_level(level) -> None:
    err = serve_and_ask(*(["--log", level] if level else []))
    assert re.search(r'127\.0\.0\.1:\d+ - "GET / HTTP/1\.1" 200', err), err
    assert re.search(r'127\.0\.0\.1:\d+ - "GET /nowhere HTTP/1\.1" 404', err), err
    assert ("Uvicorn running on" in err) == (level == "info")  # uvicorn's own, at --log


def test_serve_without_the_extra_names_what_to_install(monkeypatch, run) -> None:
    monkeypatch.setitem(sys.modules, "lpsolve.web.app", None)  # as if starlette were missing
    monkeypatch.setattr("lpsolve.web.app.serve", lambda *_: pytest.fail("it served"), raising=False)
    status, out, err = run("serve")
    assert status == 2 and out == ""
    assert err == 'error: the web playground needs its extra: pip install "lpsolve[web]"\n'


def test_the_wheel_ships_templates_static_files_and_the_tutorial(tmp_path) -> None:
    """A built wheel holds what the playground reads at run time (needs the package
    index for the build backend, as ``pip install .`` does)."""
    import subprocess
    import zipfile

    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (
        "lpsolve/web/templates/puzzle.html",
        "lpsolve/web/templates/kinds/mastermind.html",
        "lpsolve/web/kinds/mastermind.py",
        "lpsolve/cli/kinds/mastermind.py",
        "lpsolve/web/static/style.css",
        "lpsolve/web/static/playground.js",
        "lpsolve/web/static/favicon.svg",
        "lpsolve/tutorial/step1.lp",
        "lpsolve/tutorial/tiny.takuzu",
    ):
        assert name in names
