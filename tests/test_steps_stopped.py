"""A step-by-step solution stopped by a limit keeps and shows the steps found before
the stop (issue 26): ``solve --steps`` (text, json, svg), ``rate`` and the web's Steps
button, each stopped by ``--timeout`` or Ctrl-C.

The steps shown after a stop are checked against the unstopped engine: they are the
first steps of the whole walkthrough run here in-process, each step's values are the
unique solution's, and each step's claim is re-solved with only its rules and cells
(:mod:`tests.test_hints`' checks). The counts said (steps, cells known) are checked
against the steps shown.

The slow walkthroughs: Takuzu's generated 30x30 (583 steps, some 3 s to the end on a
loaded 2-core machine, its first steps in a few milliseconds) stopped at
:data:`TIMEOUT`; Sudoku's wikipedia 9x9 (44 steps, a tenth of a second or more each)
interrupted once its third step is printed.
"""

from __future__ import annotations

import html
import json
import re
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import lpsolve
from lpsolve.kinds.declared.kind import DeclaredPuzzle
from lpsolve.kinds.takuzu import TakuzuPuzzle
from lpsolve.steps import render
from lpsolve.steps.engine import LEVELS, walkthrough
from lpsolve.steps.records import TIER_NAMES, Step

from .conftest import ROOT
from .test_hints import check_claim_holds, solution_values, takuzu_claim_holds

#: a walkthrough of 583 steps, stopped at TIMEOUT seconds long before its end
LONG_TAKUZU = "takuzu/generated-30x30"
TIMEOUT = "0.5"
#: a declared kind's walkthrough, slow enough per step to interrupt in the middle
SLOW_SUDOKU = "sudoku/wikipedia"

#: each step's values are checked; its claim (a re-solve) of every eighth step and of the
#: last eight before the stop (tests/test_hints.py checks every step of these puzzles)
CLAIMS_EVERY = 8

STOPPED = re.compile(r"stopped by (\w+) after (\d+) steps? \((\d+) of (\d+) cells known\)")


class Checked:
    """The unstopped engine's walkthrough of one puzzle, taken and checked as far as
    a test asks (and kept for the next): each step's values are the unique solution's
    and its claim holds when re-solved with only its rules and its cells (see
    :data:`CLAIMS_EVERY`)."""

    def __init__(self, name: str) -> None:
        self.puzzle = lpsolve.load(name)
        self.truth = solution_values(self.puzzle)
        self.deducer = self.puzzle.deducer()
        self.start = set(self.deducer.known)
        self.steps: list[Step] = []

    def first(self, count: int) -> list[Step]:
        """The walkthrough's first ``count`` steps, checked; more are left."""
        more = walkthrough(self.deducer, limit=count - len(self.steps))
        for number, step in enumerate(more.steps, start=len(self.steps) + 1):
            assert all(self.truth[cell] == value for cell, value in step.fixes), step
            if number % CLAIMS_EVERY and number <= count - CLAIMS_EVERY:
                continue  # the claim: of every eighth step, and of the last eight
            if isinstance(self.puzzle, TakuzuPuzzle):
                assert takuzu_claim_holds(self.puzzle, step), step
            else:
                assert isinstance(self.puzzle, DeclaredPuzzle)
                assert check_claim_holds(self.puzzle, self.deducer, step, self.start), step
        self.steps += more.steps
        assert len(self.steps) >= count and not self.deducer.complete
        return self.steps[:count]

    def known_after(self, count: int) -> int:
        """The cells known after the first ``count`` steps."""
        return len(self.start) + sum(len(step.fixes) for step in self.first(count))


_checked: dict[str, Checked] = {}


def engine(name: str) -> Checked:
    if name not in _checked:
        _checked[name] = Checked(name)
    return _checked[name]


def test_a_json_walkthrough_stopped_by_the_timeout_keeps_its_steps(run) -> None:
    status, out, err = run(
        "solve", LONG_TAKUZU, "--steps", "--format", "json", "--timeout", TIMEOUT
    )
    data = json.loads(out)
    assert status == 3 and data["complete"] is False and data["stopped_by"] == "timeout"
    assert data["solution"] is None and "stopped by the timeout" in err
    shown = data["steps"]
    assert shown, "no step in the time: the test says nothing"
    checked = engine(LONG_TAKUZU)
    assert shown == [render.step_json(step) for step in checked.first(len(shown))]
    assert data["known"] == checked.known_after(len(shown)) and data["cells"] == 900


def test_a_text_walkthrough_interrupted_says_how_far_it_got() -> None:
    """Ctrl-C (SIGINT to the command) once the third step is printed: the steps printed,
    then the summary line naming the stop, the steps and the cells known; exit 3."""
    command = [sys.executable, "-m", "lpsolve", "solve", SLOW_SUDOKU, "--steps"]
    with subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        lines = []
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("step 3: "):
                process.send_signal(signal.SIGINT)
                break
        lines += process.stdout.read().splitlines()
        err = process.stderr.read()
        status = process.wait(timeout=30)
    assert status == 3 and "interrupted" in err
    numbered = [line for line in lines if line.startswith("step ")]
    stop = STOPPED.fullmatch(lines[-1])
    assert stop is not None, lines[-1]
    reason, steps, known, cells = stop.groups()
    assert reason == "interrupt" and int(steps) == len(numbered) >= 3 and cells == "81"
    checked = engine(SLOW_SUDOKU)
    expected = [
        line
        for number, step in enumerate(checked.first(len(numbered)), start=1)
        for line in render.walkthrough_step_text(checked.deducer, number, step)
    ]
    assert lines[:-1] == expected and int(known) == checked.known_after(len(numbered))


def test_a_picture_of_a_stopped_walkthrough_draws_the_steps_found(run) -> None:
    status, out, err = run("solve", LONG_TAKUZU, "--steps", "--format", "svg", "--timeout", TIMEOUT)
    assert status == 3
    stop = STOPPED.fullmatch(err.splitlines()[0])
    assert stop is not None and stop.group(1) == "timeout", err
    captions = [e.text for e in ET.fromstring(out).iter() if e.get("class") == "caption"]
    count = int(stop.group(2))
    assert len(captions) == count >= 1
    checked = engine(LONG_TAKUZU)
    # a caption too long for its board is cut: compare the part drawn
    steps = checked.first(count)
    for number, (caption, step) in enumerate(zip(captions, steps, strict=True), start=1):
        whole = render.step_caption(checked.deducer, number, step)
        assert caption == whole or (caption.endswith("\u2026") and whole.startswith(caption[:-1]))
    assert int(stop.group(3)) == checked.known_after(count)


def test_a_stopped_rating_claims_no_level_only_the_hardest_step_so_far(run) -> None:
    status, out, _ = run("rate", LONG_TAKUZU, "--format", "json", "--timeout", TIMEOUT)
    data = json.loads(out)
    assert status == 3 and data["complete"] is False and data["stopped_by"] == "timeout"
    assert data["level"] is None and data["score"] is None and data["steps"] >= 1
    checked = engine(LONG_TAKUZU)
    steps = checked.first(data["steps"])
    top = max(step.tier for step in steps)
    assert data["hardest_tier_so_far"] == top
    assert data["hardest_so_far"] == next(s.technique for s in steps if s.tier == top)
    assert data["known"] == checked.known_after(data["steps"])

    status, out, _ = run("rate", LONG_TAKUZU, "--timeout", TIMEOUT)
    first, second = out.splitlines()
    stop = STOPPED.search(first)
    assert status == 3 and first.startswith("level: not rated: ") and stop is not None
    assert not any(re.search(rf"\b{level}\b", out) for level in LEVELS)
    steps = checked.first(int(stop.group(2)))
    top = max(step.tier for step in steps)
    technique = next(s.technique for s in steps if s.tier == top)
    assert second == f"hardest step so far: at least {technique} ({TIER_NAMES[top]})"


def test_a_finished_walkthrough_says_it_is_complete(run) -> None:
    status, out, _ = run("solve", "takuzu/seed-intro-6x6", "--steps", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["complete"] is True and data["stopped_by"] is None
    assert data["known"] == data["cells"] == 36
    status, out, _ = run("rate", "takuzu/seed-intro-6x6", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["level"] in LEVELS and data["stopped_by"] is None


def test_the_webs_steps_stopped_by_its_time_limit_shows_the_steps_found() -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")
    from starlette.testclient import TestClient

    from lpsolve.web.app import Settings, create_app

    with TestClient(create_app(Settings(timeout=float(TIMEOUT), jobs=1, queue=2))) as client:
        page = client.get(f"/puzzles/{LONG_TAKUZU}.takuzu?action=steps")
    assert page.status_code == 200
    [summary] = re.findall(r'<p class="summary stopped">([^<]*)</p>', page.text)
    stop = STOPPED.fullmatch(html.unescape(summary))
    assert stop is not None and stop.group(1) == "timeout", summary
    found = re.findall(r'data-step-fields="([^"]*)"', page.text)
    shown = [json.loads(html.unescape(fields)) for fields in found]
    assert len(shown) == int(stop.group(2)) >= 1
    checked = engine(LONG_TAKUZU)
    assert shown == [render.step_json(step) for step in checked.first(len(shown))]
    assert int(stop.group(3)) == checked.known_after(len(shown))
