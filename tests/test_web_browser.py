"""The web playground in a real headless browser: ``lpsolve serve`` started as a user
would, Debian's chromium driven by Playwright. Skipped, with the reason, where no
browser is installed (``.ci/run`` installs it).

Set ``LPSOLVE_WEB_SHOTS=FOLDER`` to keep a screenshot (PNG) of every page there."""

from __future__ import annotations

import json
import os
import re
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
from lpsolve.kinds import mastermind as mm  # noqa: E402
from lpsolve.kinds.hidato import HidatoSolution  # noqa: E402
from lpsolve.kinds.takuzu import TakuzuSolution  # noqa: E402

from .conftest import INSTANCES, ROOT, path_is_valid  # noqa: E402

STUDENTS = ROOT / "tests" / "students"

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
def server(tmp_path_factory):
    """``lpsolve serve`` on a free port; its address. Stopped after the module. Its
    log (a line per request) goes to a file: a pipe nobody reads would fill and stop
    the server."""
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "stderr.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "lpsolve", "serve", "--port", str(port), "--timeout", "5"],
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
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
                    pytest.fail(f"lpsolve serve did not start: {log.read_text()!r}")
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
    report = page.locator("pre.report").text_content()  # folded: the table shows
    assert "FAIL: program.lp on 1 takuzu instance: 0 correct, 1 wrong" in report
    assert page.locator("h2.fail").inner_text() == "FAIL"
    assert page.locator(".grade figure.wrong svg").count() == 1
    broken = page.locator(".grade li.broken").all_inner_texts()
    assert broken and all(line.startswith("different-lines rule") for line in broken)
    assert all(item.is_visible() for item in page.locator(".grade li.broken").all())
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


def luminance(css_colour: str) -> float:
    """The brightness (0 black .. 255 white) of a computed ``rgb(r, g, b)`` colour."""
    r, g, b = (float(v) for v in re.findall(r"[\d.]+", css_colour)[:3])
    return 0.299 * r + 0.587 * g + 0.114 * b


def rgb(css_colour: str) -> tuple[float, float, float]:
    r, g, b = (float(v) for v in re.findall(r"[\d.]+", css_colour)[:3])
    return r, g, b


def test_the_current_action_button_looks_selected(server, page) -> None:
    """The button of the answer the page shows is darker than the others (pressed in)
    and ticked; the others keep their look."""
    page.goto(server + "/puzzles/takuzu/seed-8x8.takuzu?action=solve")
    current = page.locator(".actions .current")
    assert current.inner_text() == "Solve"
    others = page.locator(".actions .button:not(.current)").all()
    assert len(others) == 4  # All solutions, Explain, Hint and Steps
    style = "(element, property) => getComputedStyle(element)[property]"
    tick = "element => getComputedStyle(element, '::before').content"
    current_fill = luminance(current.evaluate(style, "backgroundColor"))
    for other in others:
        assert current_fill < luminance(other.evaluate(style, "backgroundColor")) - 40
        assert other.evaluate(tick) in ("none", "normal", "")
    assert "\u2713" in current.evaluate(tick)
    assert current.evaluate(style, "boxShadow").startswith("rgba(0, 0, 0")  # pressed in
    assert current.get_attribute("aria-current") == "true"  # and says so to a screen reader
    shot(page, "puzzle-current-action")


def guess_line_fits(game_text: str, example: str) -> bool:
    """``example`` reads as one more guess of the game (the game's own parser)."""
    game = mm.parse(game_text, "g")
    played = mm.parse(game_text.rstrip("\n") + "\n" + example + "\n", "g")
    return len(played.guesses) == len(game.guesses) + 1


def test_the_assistant_placeholder_and_preset_follow_the_game(server, page) -> None:
    page.goto(server + "/mastermind")
    preset = page.locator("form[action='/mastermind/assistant'] select")
    guess = page.locator("input[name=guess]")
    game = page.locator("textarea[name=game]")
    assert preset.input_value() == "mastermind/bulls-and-cows.mastermind"
    assert guess_line_fits(game.input_value(), guess.get_attribute("placeholder"))
    number_mind = "mastermind/number-mind-euler185-example.mastermind"
    preset.select_option(number_mind)
    page.click("button[value=load]")
    assert preset.input_value() == number_mind
    example = guess.get_attribute("placeholder")
    assert guess_line_fits(game.input_value(), example)
    played = page.locator("ol.guesses li").count()
    guess.fill(example)
    page.click("button[value=add]")
    assert page.locator("ol.guesses li").count() == played + 1
    assert preset.input_value() == number_mind  # stays as loaded
    shot(page, "mastermind-assistant-added")


def test_the_workbench_folds_each_answers_broken_rules(server, page) -> None:
    page.goto(server + "/workbench")  # the tutorial's step 1: any grid of 0s and 1s
    page.select_option("select[name=puzzle]", "tutorial/tiny.takuzu")
    page.fill("input[name=models]", "3")
    page.click("button[value=run]")
    folds = page.locator(".run details.broken-rules")
    assert folds.count() == 3
    for fold in folds.all():
        summary = fold.locator("summary")
        count = int(re.fullmatch(r"(\d+) broken rules?", summary.inner_text())[1])
        items = fold.locator("li")
        assert items.count() == count > 3
        assert not any(item.is_visible() for item in items.all())
    shot(page, "workbench-folded")
    first = folds.first
    first.locator("summary").click()
    assert all(item.is_visible() for item in first.locator("li").all())


def test_grading_results_are_a_coloured_table(server, page) -> None:
    """A wrong program's row is red, a right one's green, as ``lpsolve grade`` judges
    them (a student's plain magic encoding is right; the reference itself is refused)."""
    page.goto(server + "/workbench?kind=magic")
    page.fill("textarea[name=program]", (STUDENTS / "magic_plain.lp").read_text())
    page.click("button[value=grade]")
    style = "element => getComputedStyle(element).backgroundColor"
    (row,) = page.locator("table.grades tbody tr").all()
    cells = row.locator("td").all_inner_texts()
    assert cells[:2] == ["instances/magic/seed-5x5.magic", "correct"]
    r, g, b = rgb(row.evaluate(style))
    assert g > r + 15 and g > b  # green
    page.goto(server + "/workbench")
    page.select_option("select[name=start]", "step4.lp")
    page.click("text=Load")
    page.select_option("select[name=puzzle]", "tutorial/tiny.takuzu")
    page.check("input[name=scope][value=puzzle]")
    page.click("button[value=grade]")
    (row,) = page.locator("table.grades tbody tr").all()
    assert row.locator("td").all_inner_texts()[:2] == ["tutorial/tiny.takuzu", "wrong"]
    r, g, b = rgb(row.evaluate(style))
    assert r > g + 15 and r > b  # red
    shot(page, "workbench-grade-table")


def test_a_hint_and_the_steps_of_a_takuzu(server, page) -> None:
    from lpsolve import steps
    from lpsolve.steps.render import step_json

    key = "takuzu/seed-intro-6x6.takuzu"
    page.goto(f"{server}/puzzles/{key}")
    page.click("a.button:has-text('Hint')")
    figure = page.locator("figure.step")
    expected = step_json(steps.hint(load(INSTANCES / key)))
    assert json.loads(figure.get_attribute("data-step-fields")) == expected
    assert figure.locator(".mark.fix").count() == len(expected["fixes"])
    assert figure.locator(".mark.because").count() == len(expected["because"])
    assert f"rule: {expected['rule']}" in figure.inner_text()
    shot(page, "hint")
    page.click("a.button:has-text('Steps')")
    walked = steps.solve(load(INSTANCES / key))
    boards = len(walked.steps) + 1  # the steps, then the solution
    assert page.locator(".position").inner_text() == f"board 1 of {boards}"
    page.click("text=previous")  # round to the last: the solution
    assert page.locator(".position").inner_text() == f"board {boards} of {boards}"
    shown = json.loads(page.locator("figure.shown").get_attribute("data-solution"))
    assert shown == load(INSTANCES / key).solution_json(_solved(key))
    shot(page, "steps")


def _solved(key: str):
    import lpsolve

    return lpsolve.solve(load(INSTANCES / key), 2).solutions[0]


def test_the_gallery_cards_get_their_levels(server, page) -> None:
    from lpsolve import steps

    key = "takuzu/seed-intro-6x6.takuzu"
    page.goto(server + "/puzzles")
    level = page.locator(f"a.tile[href='/puzzles/{key}'] .level")
    level.filter(has_text=re.compile(".+")).wait_for(timeout=60_000)
    assert level.inner_text() == steps.rate(load(INSTANCES / key)).level


def test_the_generator_makes_the_commands_puzzles_that_open_and_download(
    server, page, tmp_path
) -> None:
    """The form filled in and sent as a visitor would; the puzzle the page shows is the
    command's (run here for the same arguments), opens on a puzzle page whose solution
    Takuzu's checker passes, and downloads as the same file."""
    import lpsolve
    from lpsolve.api import parse

    page.goto(server + "/")
    page.click("nav a:has-text('Generate')")
    page.select_option("select[name=kind]", "takuzu")
    page.fill("input[name=size]", "6x6")
    page.select_option("select[name=level]", "hard")
    page.fill("input[name=seed]", "1")
    page.click("button:has-text('Generate')")
    text = page.locator("pre.file").inner_text()
    command = [sys.executable, "-m", "lpsolve", "generate", "takuzu", "--size", "6x6"]
    made = subprocess.run([*command, "--level", "hard", "--seed", "1"], capture_output=True)
    assert text.strip() == made.stdout.decode().strip()
    assert page.locator("figure.puzzle svg").count() == 1
    shot(page, "generate")
    with page.expect_download() as download:
        page.click("a[download]")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "takuzu-6x6-hard-001.takuzu"
    assert saved.read_text() == text.strip() + "\n"
    page.click("button[value=solve]")
    (shown,) = solutions(page)
    puzzle = parse(text, ".takuzu")
    assert shown == puzzle.solution_json(lpsolve.solve(puzzle, 2).solutions[0])
    solution = TakuzuSolution(tuple(shown))
    assert puzzle.violations(solution) == []
