"""Fuzzing the web playground: mutated puzzles pasted into ``/puzzle``, mutated programs
(and answers with deeply nested terms) run in the workbench, mutated games and guesses
sent to the Mastermind assistant. Every answer is a page: a result, or a one-line
refusal (400, 413) or "busy" (503); never a 500 and never a traceback.

The mutations are ``tests/test_fuzz.py``'s (those of ``benchmarks/fuzz.py``), driven by
hypothesis with a fixed seed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from lpsolve.web.app import Settings, create_app

from .conftest import ROOT
from .test_fuzz import SEEDS, fuzz, mutated

TUTORIAL = ROOT / "docs" / "tutorial"
PROGRAMS = [path.read_text() for path in sorted(TUTORIAL.glob("step*.lp"))]
#: statuses a page may answer with: a result, bad input, too large, busy
ANSWERED = {200, 400, 413, 503}
FUZZ = settings(
    derandomize=True,
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = create_app(Settings(timeout=2, jobs=2, queue=8))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def answered(response) -> None:
    assert response.status_code in ANSWERED, response.text[:2000]
    assert "Traceback" not in response.text


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SEEDS))
@FUZZ
@given(data=st.data())
def test_a_pasted_puzzle_is_answered_or_refused(client, name: str, data) -> None:
    extension, _ = SEEDS[name]
    text = data.draw(mutated(name))
    action = data.draw(st.sampled_from(["show", "solve", "explain"]))
    form = {"text": text, "format": extension, "action": action}
    answered(client.post("/puzzle", data=form))


@st.composite
def programs(draw: st.DrawFn) -> str:
    """A tutorial step mutated, or with a fact of a deeply nested term added."""
    rng = draw(st.randoms(use_true_random=False))
    program = rng.choice(PROGRAMS)
    if draw(st.booleans()):
        return fuzz.mutate(program, rng)
    depth = draw(st.integers(1, 2000))
    return program + "nested(" + "f(" * depth + "0" + ")" * depth + ").\n#show nested/1.\n"


@pytest.mark.slow
@FUZZ
@given(program=programs(), action=st.sampled_from(["run", "grade"]))
def test_a_workbench_program_is_answered_or_refused(client, program: str, action: str) -> None:
    form = {"kind": "takuzu", "program": program, "puzzle": "tutorial/tiny.takuzu"}
    answered(client.post("/workbench", data={**form, "action": action, "models": "3"}))


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in SEEDS if SEEDS[name][0] == ".mastermind"])
@FUZZ
@given(data=st.data())
def test_a_mastermind_game_is_answered_or_refused(client, name: str, data) -> None:
    game = data.draw(mutated(name))
    guess = data.draw(st.text(max_size=40))
    form = {"action": "add", "game": game, "guess": guess}
    answered(client.post("/mastermind/assistant", data=form))


#: what the generator form's fields are drawn from: each field's values and any text
GENERATOR_FIELDS = {
    "kind": ["takuzu", "hidato", "sudoku", "skyscrapers", "tents", "magic", "lits", ""],
    "size": ["1", "2", "3x4", "4", "4x6", "6x6", "0", "x", "", "99999"],
    "level": ["", "easy", "hard", "very hard", "very-hard", "extreme"],
    "minimal": ["", "on"],
    "count": ["1", "2", "0", "6", "-1", "", "1e3"],
    "seed": ["", "1", "-7", "x", "1.5", "9" * 30],
    "form": ["", "hidato", "numbrix", "nope"],
}


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_a_generator_form_is_answered_or_refused(client, data) -> None:
    form = {
        name: data.draw(st.sampled_from(values) | st.text(max_size=6))
        for name, values in GENERATOR_FIELDS.items()
    }
    answered(client.get("/generate", params=form))
