"""The solve service (lpsolve/service.py): a request in, an answer out, the verdict and
the explanation made once for the command line and the web. The answers are checked
against the rule checker and against re-solving without the conflict it names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lpsolve
from lpsolve.jobs import Limits
from lpsolve.puzzle import StopReason
from lpsolve.resources import instances_dir
from lpsolve.service import Question, Request, ask, verdict

UNIQUE = instances_dir() / "takuzu" / "seed-8x8.takuzu"
#: three 0s in a row: no solution, and those three givens are the conflict
THREE_ZEROS = b"000.\n....\n....\n....\n"
#: an empty 4x4 board: 72 solutions
EMPTY = b"....\n....\n....\n....\n"


def without_time(text: str) -> str:
    return re.sub(r"\s*\([\d.]+ m?s\)", "", text)


def test_a_unique_puzzle_is_answered_with_its_checked_solution() -> None:
    answer = ask(Request(str(UNIQUE)))
    result = answer.result
    assert result is not None and result.unique is True
    (solution,) = result.solutions
    assert result.puzzle.violations(solution) == []
    assert without_time(answer.verdict()) == "1 solution, search complete: unique"
    assert answer.explanation is None


def test_no_solution_is_explained_by_givens_that_conflict(tmp_path: Path) -> None:
    answer = ask(Request("three.takuzu", question=Question.SOLVE, explain=True, data=THREE_ZEROS))
    assert answer.result is not None and answer.result.count == 0 and answer.result.complete
    assert without_time(answer.verdict()).startswith("no solution (search complete)")
    explanation = answer.explanation
    assert explanation is not None and explanation.conflict
    # the only givens are the three 0s: a minimal conflict is all of them
    assert sorted(explanation.json["conflict"]) == [[0, 0, 0], [0, 1, 0], [0, 2, 0]]
    puzzle = lpsolve.load(_write(tmp_path, "three.takuzu", THREE_ZEROS))
    # each given named is needed: without any one of them the rest has a solution
    for given in explanation.conflict:
        assert lpsolve.solve(puzzle.without_clues([given]), limit=1).count == 1


def test_several_solutions_are_explained_where_they_differ() -> None:
    answer = ask(Request("empty.takuzu", explain=True, data=EMPTY))
    assert answer.result is not None and answer.result.count == 2
    assert without_time(answer.verdict()).startswith("not unique: at least 2 solutions")
    assert answer.explanation is not None and answer.explanation.lines


def test_a_count_is_exact_and_a_limit_is_a_limit() -> None:
    counted = ask(Request("empty.takuzu", question=Question.COUNT, limit=None, data=EMPTY))
    # every 4x4 board of 0s and 1s, filtered by the rule checker: the independent count
    brute = _brute_force_4x4_takuzu()
    assert counted.result is not None and counted.result.count == brute
    assert without_time(counted.verdict()) == f"{brute} solutions, search complete: not unique"
    listed = ask(Request("empty.takuzu", question=Question.LIST, limit=3, data=EMPTY))
    assert listed.result is not None and listed.result.stopped_by == StopReason.LIMIT
    assert without_time(listed.verdict()) == "3 solutions, stopped at the limit: not unique"


def test_a_stop_is_named_in_the_one_vocabulary() -> None:
    big = b"." * 40 + b"\n"
    answer = ask(
        Request(
            "big.takuzu",
            question=Question.COUNT,
            limit=None,
            data=big * 40,
            limits=Limits(timeout=0.5),
        )
    )
    result = answer.result
    if result is None:  # stopped while reading: no search to name
        assert "stopped by the timeout" in answer.verdict()
        return
    assert result.stopped_by == StopReason.TIMEOUT == "timeout"
    assert "stopped by timeout, search incomplete" in answer.verdict()


@pytest.mark.parametrize("data", [THREE_ZEROS, EMPTY], ids=["none", "several"])
def test_the_command_line_and_the_web_give_the_one_verdict(
    data: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from lpsolve.cli import main
    from lpsolve.web.app import create_app

    main(["solve", str(_write(tmp_path, "p.takuzu", data))])
    printed = [without_time(line) for line in capsys.readouterr().out.splitlines()]
    page = TestClient(create_app()).post(
        "/puzzle", data={"text": data.decode(), "format": ".takuzu", "action": "solve"}
    )
    line = re.search(r'<p class="summary[^"]*">([^<]*)</p>', page.text)
    assert line is not None
    assert without_time(line.group(1)) in printed


def test_verdict_of_a_check() -> None:
    answer = ask(Request(str(UNIQUE), question=Question.CHECK))
    assert answer.result is not None
    text = verdict(answer.result, answer.seconds, Question.CHECK)
    assert without_time(text) == "well-posed: exactly one solution"


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def _brute_force_4x4_takuzu() -> int:
    """The 4x4 boards that keep Takuzu's rules, each board tried (2**16)."""
    found = 0
    for bits in range(2**16):
        rows = [tuple((bits >> (4 * r + c)) & 1 for c in range(4)) for r in range(4)]
        cols = [tuple(row[c] for row in rows) for c in range(4)]
        lines = rows + cols
        balanced = all(sum(line) == 2 for line in lines)
        no_three = all(
            not (line[i] == line[i + 1] == line[i + 2]) for line in lines for i in range(2)
        )
        if balanced and no_three and len(set(rows)) == 4 and len(set(cols)) == 4:
            found += 1
    return found
