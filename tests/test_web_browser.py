"""The web playground in a real headless browser: ``lpsolve serve`` started as a user
would, Debian's chromium driven by Playwright. Skipped, with the reason, where no
browser is installed (``.ci/run`` installs it).

Set ``LPSOLVE_WEB_SHOTS=FOLDER`` to keep a screenshot (PNG) of every page there."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(
        f"no browser: {CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True
    )
pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from lpsolve.kinds import load  # noqa: E402
from lpsolve.kinds.hidato import HidatoSolution  # noqa: E402
from lpsolve.kinds.takuzu import TakuzuSolution  # noqa: E402

from .conftest import INSTANCES, ROOT, path_is_valid  # noqa: E402

#: chromium's switches for a headless run in a container, with no network of its own
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """``lpsolve serve`` on a free port; its address. Stopped after the module."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", "serve", "--port", str(port), "--timeout", "5"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    address = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"lpsolve serve did not start: {process.stderr.read()!r}")
                time.sleep(0.1)
        yield address
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page that fails the test on any error the browser reports (a script
    error, something the content security policy blocked, a missing file), except the
    400 answer that shows a visitor's mistake."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    bad_input = "Failed to load resource: the server responded with a status of 400"

    def console(message) -> None:
        if message.type == "error" and not message.text.startswith(bad_input):
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert not problems, problems


def shot(page, name: str) -> None:
    folder = os.environ.get("LPSOLVE_WEB_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def solutions(page) -> list[object]:
    return [
        json.loads(figure.get_attribute("data-solution"))
        for figure in page.locator("figure.solution").all()
    ]


def test_load_a_puzzle_from_the_gallery_and_solve_it(server, page) -> None:
    page.goto(server + "/")
    shot(page, "home")
    page.click("text=Puzzles")
    shot(page, "gallery")
    page.click("a.tile:has-text('seed-10x10.hidoku')")
    assert page.locator("h1").inner_text().startswith("instances/hidato/seed-10x10.hidoku")
    shot(page, "puzzle")
    page.click("a.button:has-text('Solve')")
    summary = page.locator("p.summary").inner_text()
    assert summary.startswith("1 solution, search complete: unique")
    assert page.locator("figure.solution svg").count() == 1
    (data,) = solutions(page)
    puzzle = load(INSTANCES / "hidato" / "seed-10x10.hidoku")
    path = tuple((x, y) for x, y, _ in data)
    assert puzzle.violations(HidatoSolution(path)) == []
    assert path_is_valid(puzzle.cells, set(puzzle.offsets), puzzle.givens, path)
    shot(page, "puzzle-solved")


def test_step_through_every_solution(server, page) -> None:
    page.goto(server + "/puzzles/takuzu/letheed-grid1.takuzu?action=all")
    position = page.locator(".position")
    assert position.inner_text() == "solution 1 of 6"
    visible = page.locator("figure.solution.shown")
    first = visible.get_attribute("data-solution")
    page.click("text=next")
    assert position.inner_text() == "solution 2 of 6"
    assert visible.count() == 1 and visible.get_attribute("data-solution") != first
    shot(page, "puzzle-all-solutions")
    puzzle = load(INSTANCES / "takuzu" / "letheed-grid1.takuzu")
    for rows in solutions(page):
        assert puzzle.violations(TakuzuSolution(tuple(rows))) == []


def test_explain_a_broken_puzzle(server, page) -> None:
    text = (INSTANCES / "hidato" / "seed003-hex-19-typed.hidato").read_text()
    page.goto(server + "/new")
    shot(page, "new")
    page.fill("textarea[name=text]", text.replace(" 5,", "15,", 1))
    page.select_option("select[name=format]", ".hidato")
    page.click("button[value=solve]")
    page.click("button[value=explain]")
    assert "these 3 givens conflict" in page.locator(".explanation").inner_text()
    assert page.locator("figure.puzzle .conflict").count() == 3
    shot(page, "puzzle-explained")


def test_a_typed_board_and_a_mistake_in_it(server, page) -> None:
    page.goto(server + "/new?grid=takuzu&rows=4&cols=4")
    page.fill("input[name=cell-0-0]", "0")
    page.fill("input[name=cell-0-1]", "0")
    page.fill("input[name=cell-1-0]", "0")
    page.fill("input[name=cell-2-2]", "1")
    shot(page, "new-board")
    page.click("form.builder button[value=solve]")
    assert "search complete" in page.locator("p.summary").inner_text()
    page.goto(server + "/new?grid=takuzu&rows=4&cols=4")
    page.fill("input[name=cell-1-2]", "7")
    page.click("form.builder button[value=show]")
    assert page.locator(".error").inner_text().startswith("<board>:2:3: a cell holds 0, 1")
    shot(page, "new-board-error")


def test_a_wrong_program_gets_the_grade_report(server, page) -> None:
    page.goto(server + "/workbench")
    shot(page, "workbench")
    page.select_option("select[name=start]", "step4.lp")
    page.click("text=Load")
    assert "Step 4" in page.locator("textarea[name=program]").input_value()
    page.select_option("select[name=puzzle]", "tutorial/tiny.takuzu")
    page.fill("input[name=models]", "4")
    page.click("button[value=run]")
    # step 4 lets two grids through on this puzzle (docs/tutorial.md), both drawn
    assert page.locator(".run h2").inner_text().startswith("SATISFIABLE Models: 2,")
    assert page.locator(".run figure.answer svg").count() == 2
    shot(page, "workbench-run")
    page.check("input[name=scope][value=puzzle]")
    page.click("button[value=grade]")
    report = page.locator("pre.report").inner_text()
    assert "FAIL: program.lp on 1 takuzu instance: 0 correct, 1 wrong" in report
    assert page.locator("h2.fail").inner_text() == "FAIL"
    assert page.locator(".grade figure.wrong svg").count() == 1
    broken = page.locator(".grade .broken").all_inner_texts()
    assert broken and all(line.startswith("broken: different-lines rule") for line in broken)
    shot(page, "workbench-grade")


def test_a_program_with_an_include_is_refused_at_its_line(server, page) -> None:
    page.goto(server + "/workbench")
    page.fill("textarea[name=program]", 'a.\n#include "/etc/passwd".\n')
    page.click("button[value=run]")
    error = page.locator(".error").inner_text()
    assert error.startswith("program.lp:2:1: #include is not available here")
    assert page.locator(".cursor").inner_text() == "line 2, column 1"  # the place, selected
    shot(page, "workbench-refused")


def test_mastermind_assistant_and_a_game_against_the_server(server, page) -> None:
    page.goto(server + "/mastermind")
    shot(page, "mastermind")
    page.select_option(
        "form[action='/mastermind/assistant'] select", "mastermind/seed-6x9.mastermind"
    )
    page.click("button[value=load]")
    assert page.locator("p.summary").inner_text() == "2 consistent codes"
    shot(page, "mastermind-assistant")
    page.select_option(
        "form[action='/mastermind/codemaker'] select", "mastermind/seed-6x9.mastermind"
    )
    page.click("button[value=start]")
    page.fill("input[name=guess]", "red red blue blue")
    page.click("button[value=guess]")
    assert page.locator(".error").inner_text().startswith("<guess>:1:")  # 6 pegs, 4 given
    page.fill("input[name=guess]", "red red blue blue green green")
    page.click("button[value=guess]")
    assert page.locator("ol.guesses li").count() == 1
    assert "consistent code" in page.locator("p.summary").last.inner_text()
    shot(page, "mastermind-codemaker")
    page.click("button[value=reveal]")
    assert page.locator("text=the secret:").count() == 1


def test_the_page_is_usable_without_its_script(server, browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "/puzzles/takuzu/letheed-grid1.takuzu?action=all")
    assert page.locator("figure.solution").count() == 6
    assert all(figure.is_visible() for figure in page.locator("figure.solution").all())
    context.close()


def test_an_unknown_puzzle_gets_a_page_saying_so(server, browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    response = page.goto(server + "/puzzles/hidato/nothing.hidoku")
    assert response.status == 404
    assert page.locator(".error").inner_text() == "no bundled puzzle hidato/nothing.hidoku"
    shot(page, "error-404")
    context.close()


def test_ci_installs_the_browser() -> None:
    assert "apt-get install -y -qq chromium" in (ROOT / ".ci" / "run").read_text()
