"""Fuzzing saved state read back: a real checkpoint and a real batch report, mutated.

A mutated checkpoint is either refused (exit 2, one ``error: FILE:LINE:COL:`` line) or,
if accepted, resumes to exactly the brute force's count. A mutated report is either
refused the same way or, if accepted, the resumed batch answers every puzzle it does
not already answer, correctly (the library's own answer), appending to the report
without touching what was there. No traceback either way.

The mutations are those of ``benchmarks/fuzz.py`` (characters, numbers, digit runs,
deep brackets, lines swapped, repeated or dropped, truncation, a byte order mark),
driven by hypothesis' random source with a fixed seed, plus text of its own making.
Forged files (digests made anew) are not fuzzed: a forged count cannot be told from a
true one without counting again (``test_checkpoint`` tests what forging cannot hide).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lpsolve

from .test_fuzz import fuzz
from .test_split import takuzu_grids

#: a small count: the 72 grids of the empty 4x4 Takuzu, in a few cubes
EMPTY4 = "....\n" * 4
GRIDS = takuzu_grids(4, 4, {})
#: small puzzles for the report: 1, 6 and 30 solutions
PUZZLES = [
    "instances/takuzu/seed-intro-6x6.takuzu",
    "instances/takuzu/letheed-grid1.takuzu",
    "docs/examples/corners.hidoku",
]
FUZZ = settings(
    derandomize=True,
    max_examples=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,  # the same files, written anew per example
    ],
)


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """The benchmark's mutations, or what a crash or a careless copy leaves (the text
    cut anywhere, line ends made CRLF), most of which must be accepted."""
    kind = draw(st.sampled_from(["mutations", "mutations", "cut", "crlf"]))
    if kind == "cut":
        return text[: draw(st.integers(0, len(text)))]
    if kind == "crlf":
        return text.replace("\n", "\r\n")
    rng = draw(st.randoms(use_true_random=False))
    text = fuzz.mutate(text, rng)
    if draw(st.booleans()):  # and some text of hypothesis' own making
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=8)) + text[at:]
    return text


def write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogatepass"))


def assert_refused_in_one_line(err: str, path: Path) -> None:
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert re.match(rf"error: {re.escape(str(path))}:\d+:\d+: \S", err), err


# -- checkpoints ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def checkpointed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The puzzle and the text of its checkpoint, half of its cubes recorded."""
    from lpsolve.cli import main

    folder = tmp_path_factory.mktemp("fuzz-checkpoint")
    puzzle = folder / "empty.takuzu"
    puzzle.write_text(EMPTY4)
    checkpoint = folder / "count.jsonl"
    assert (
        main(["solve", str(puzzle), "--count", "--cubes", "6", "--checkpoint", str(checkpoint)])
        == 0
    )
    lines = checkpoint.read_text().splitlines(keepends=True)
    assert len(lines) > 3
    return puzzle, "".join(lines[: len(lines) // 2 + 1])


@FUZZ
@given(data=st.data())
def test_a_mutated_checkpoint_is_refused_or_counts_right(
    run, checkpointed, tmp_path: Path, data: st.DataObject
) -> None:
    puzzle, text = checkpointed
    checkpoint = tmp_path / "count.jsonl"
    write(checkpoint, data.draw(mutated(text)))
    status, out, err = run("solve", puzzle, "--count", "--checkpoint", checkpoint)
    if status == 2:
        assert_refused_in_one_line(err, checkpoint)
        return
    assert status == 0, err
    assert out.startswith(f"{GRIDS:,} solutions, search complete"), out


# -- batch reports --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, int]]:
    """A folder of small puzzles, the text of a report answering two of them, and each
    puzzle's count as the library finds it."""
    from lpsolve.cli import main

    root = Path(__file__).resolve().parent.parent
    folder = tmp_path_factory.mktemp("fuzz-report") / "puzzles"
    folder.mkdir()
    for name in PUZZLES:
        shutil.copy(root / name, folder / Path(name).name)
    report = folder.parent / "report.jsonl"
    files = sorted(str(p) for p in folder.iterdir())
    assert main(["batch", *files[:2], "--jobs", "1", "--output", str(report)]) == 0
    counts = {file: lpsolve.solve(lpsolve.load(file), 2).count for file in files}
    return folder, report.read_text(), counts


def answering(text: str) -> set[str]:
    """The files a report's lines answer, read here apart from lpsolve: the last JSON
    line of each that is not ``interrupted``."""
    last: dict[str, str] = {}
    for line in text.split("\n"):
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get("file"), str):
            last[data["file"]] = data.get("status")
    return {file for file, status in last.items() if status != "interrupted"}


@FUZZ
@given(data=st.data())
def test_a_mutated_report_is_refused_or_resumed_right(
    run, reported, tmp_path: Path, data: st.DataObject
) -> None:
    folder, text, counts = reported
    report = tmp_path / "report.jsonl"
    text = data.draw(mutated(text))
    write(report, text)
    before = report.read_bytes()
    status, _, err = run("batch", folder, "--jobs", "1", "--output", report, "--resume")
    if status == 2:
        assert_refused_in_one_line(err, report)
        assert report.read_bytes() == before
        return
    assert status == 0, err
    after = report.read_bytes()
    assert after.startswith(before)
    added = after[len(before) :].decode()
    if before and not before.endswith(b"\n"):  # a cut last line is ended, alone
        assert added.startswith("\n")
        added = added[1:]
    lines = [json.loads(line) for line in added.splitlines()]
    assert all(line["count"] == counts[line["file"]] for line in lines)
    done = answering(text)
    assert {line["file"] for line in lines} == set(counts) - done
