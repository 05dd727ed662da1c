"""Checkpoints read back (``solve --count --checkpoint FILE``): a checkpoint damaged or
edited is refused with one ``error: FILE:LINE:COL: message`` line and exit 2, never
used for a wrong count, and an untouched one resumes to the right total (a checkpoint
of another puzzle: `test_split`).

Sources of truth: the brute-force count of 6x6 Takuzu grids (``test_split``), and the
cubes each searched alone. Each tampering is made twice where that differs: plainly
(the digests then no longer match) and forged, every digest made anew as a forger
would, so that the checks behind the digests are seen to hold on their own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from lpsolve import split

from .test_split import takuzu_grids

#: the empty 6x6 Takuzu and its number of grids, counted by a brute force
EMPTY6 = "......\n" * 6
GRIDS = takuzu_grids(6, 6, {})
CUBES = 12


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The puzzle and the text of its whole checkpoint, counted once for the module."""
    from lpsolve.cli import main

    folder = tmp_path_factory.mktemp("checkpoint")
    puzzle = folder / "empty.takuzu"
    puzzle.write_text(EMPTY6)
    checkpoint = folder / "count.jsonl"
    options = ["--count", "--cubes", str(CUBES), "--checkpoint", str(checkpoint)]
    assert main(["solve", str(puzzle), *options]) == 0
    return puzzle, checkpoint.read_text()


@pytest.fixture
def counted(original, tmp_path: Path) -> tuple[Path, Path, list[dict]]:
    """A fresh copy: (puzzle, checkpoint file, its lines parsed)."""
    _, text = original
    puzzle = tmp_path / "empty.takuzu"
    puzzle.write_text(EMPTY6)
    checkpoint = tmp_path / "count.jsonl"
    checkpoint.write_text(text)
    return puzzle, checkpoint, [json.loads(line) for line in text.splitlines()]


def resign(lines: list[dict]) -> str:
    """The lines with every digest made anew, chained as lpsolve chains them."""
    previous = split.CHAIN_SEED
    out = []
    for line in lines:
        line = {**line, "digest": split.chained_digest(previous, line)}
        previous = line["digest"]
        out.append(json.dumps(line))
    return "\n".join(out) + "\n"


def plain(lines: list[dict]) -> str:
    return "\n".join(json.dumps(line) for line in lines) + "\n"


def refused(run, puzzle: Path, checkpoint: Path, where: str, message: str) -> None:
    """The count refuses the checkpoint: exit 2, one line naming ``where`` (":LINE:"
    or ":LINE:COL:"), nothing on stdout, the file left as it was."""
    before = checkpoint.read_bytes()
    status, out, err = run("solve", puzzle, "--count", "--jobs", "2", "--checkpoint", checkpoint)
    assert (status, out) == (2, ""), err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith(f"error: {checkpoint}{where}"), err
    assert message in err, err
    assert checkpoint.read_bytes() == before


def resumes(run, puzzle: Path, checkpoint: Path) -> str:
    """The count resumed from the checkpoint: the brute force's number of grids."""
    status, out, err = run("solve", puzzle, "--count", "--jobs", "2", "--checkpoint", checkpoint)
    assert status == 0, err
    assert out.startswith(f"{GRIDS:,} solutions, search complete"), out
    return out


def recorded(checkpoint: Path) -> list[int]:
    return [json.loads(line)["cube"] for line in checkpoint.read_text().splitlines()[1:]]


# -- what is trusted resumes to the right total -----------------------------------------


def test_a_whole_checkpoint_resumes_to_the_count_without_searching(run, counted) -> None:
    puzzle, checkpoint, lines = counted
    assert len(lines) == CUBES + 1 and sorted(recorded(checkpoint)) == list(range(CUBES))
    out = resumes(run, puzzle, checkpoint)
    assert f"{CUBES} resumed from" in out
    assert sorted(recorded(checkpoint)) == list(range(CUBES))  # nothing searched again
    status, out, _ = run("solve", puzzle, "--count")  # and the whole search agrees
    assert status == 0 and out.startswith(f"{GRIDS:,} solutions")


@pytest.mark.parametrize("kept", [0, 1, 5, CUBES - 1])
def test_a_stopped_checkpoint_recounts_exactly_the_cubes_not_recorded(run, counted, kept) -> None:
    puzzle, checkpoint, lines = counted
    checkpoint.write_text(plain(lines[: kept + 1]))
    before = recorded(checkpoint)
    out = resumes(run, puzzle, checkpoint)
    assert (f"{kept} resumed from" in out) == (kept > 0)
    after = recorded(checkpoint)
    assert after[:kept] == before  # kept as they were, then each other cube once
    assert sorted(after) == list(range(CUBES))
    resumes(run, puzzle, checkpoint)  # and the file it left resumes too


def test_a_line_cut_by_a_crash_is_dropped_and_the_file_resumes_again(run, counted) -> None:
    puzzle, checkpoint, lines = counted
    text = plain(lines[:6])
    checkpoint.write_text(text + plain(lines[6:7])[:20])
    resumes(run, puzzle, checkpoint)
    assert checkpoint.read_text().startswith(text)  # the cut line is gone
    assert sorted(recorded(checkpoint)) == list(range(CUBES))
    resumes(run, puzzle, checkpoint)


def test_each_recorded_count_is_its_cube_searched_alone(counted) -> None:
    from lpsolve import parse
    from lpsolve.backends import asp

    _, checkpoint, _ = counted
    opened = split.Checkpoint.open(str(checkpoint))
    puzzle = parse(EMPTY6, ".takuzu")
    for index, count in opened.done.items():
        alone = asp.solve(puzzle, decode=False, assumptions=opened.split.assumptions(index))
        assert alone.complete and alone.count == count
    assert sum(opened.done.values()) == GRIDS


# -- the cubes of the header: missing, duplicated, cut to one, emptied ------------------


def _cubes_missing(lines: list[dict]) -> list[dict]:
    header = {**lines[0], "cubes": lines[0]["cubes"][:-3]}
    kept = len(header["cubes"])
    return [header, *[line for line in lines[1:] if line["cube"] < kept]]


def _cubes_duplicated(lines: list[dict]) -> list[dict]:
    header = {**lines[0], "cubes": lines[0]["cubes"] * 2}
    again = [{**line, "cube": line["cube"] + CUBES} for line in lines[1:]]
    return [header, *lines[1:], *again]


def _cut_to_one(lines: list[dict]) -> list[dict]:
    header = {**lines[0], "cubes": lines[0]["cubes"][:1]}
    return [header, *[line for line in lines[1:] if line["cube"] == 0]]


def _emptied(lines: list[dict]) -> list[dict]:
    return [{**lines[0], "cubes": []}]


def _overlapping(lines: list[dict]) -> list[dict]:
    """One more cube, fixing fewer atoms than one there: it holds that one."""
    cubes = lines[0]["cubes"]
    return [{**lines[0], "cubes": [*cubes, cubes[0][:-1]]}, *lines[1:]]


def _cube_grown(lines: list[dict]) -> list[dict]:
    """A cube fixing one more atom: half of its solutions in no cube."""
    cubes = list(lines[0]["cubes"])
    cubes[0] = (cubes[0] + "1")[: len(lines[0]["atoms"])]
    if cubes[0] == lines[0]["cubes"][0]:
        cubes[0] = cubes[0][:-1]  # already fixing every atom: a shorter one overlaps
    return [{**lines[0], "cubes": cubes}, *lines[1:]]


CUT_TAMPERINGS: dict[str, Callable[[list[dict]], list[dict]]] = {
    "missing": _cubes_missing,
    "duplicated": _cubes_duplicated,
    "cut to one": _cut_to_one,
    "emptied": _emptied,
    "overlapping": _overlapping,
    "a cube changed": _cube_grown,
}


@pytest.mark.parametrize("name", list(CUT_TAMPERINGS))
def test_a_changed_cut_is_refused_by_its_digest(run, counted, name) -> None:
    puzzle, checkpoint, lines = counted
    checkpoint.write_text(plain(CUT_TAMPERINGS[name](lines)))
    refused(run, puzzle, checkpoint, ":1:", "the header is not as lpsolve wrote it")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing", "the cubes do not cover every solution: the branch"),
        ("duplicated", "is there twice: its solutions would be counted twice"),
        ("cut to one", "the cubes do not cover every solution: the branch"),
        ("emptied", "the cubes do not cover every solution: the search holds solutions"),
        ("overlapping", "overlap: their solutions would be counted twice"),
        ("a cube changed", "the cubes do not cover every solution"),
    ],
)
def test_a_forged_cut_that_misses_or_repeats_solutions_is_refused(
    run, counted, name, message
) -> None:
    puzzle, checkpoint, lines = counted
    checkpoint.write_text(resign(CUT_TAMPERINGS[name](lines)))
    col = json.dumps(lines[0]).find('"cubes"') + 1
    refused(run, puzzle, checkpoint, f":1:{col}:", message)


def test_a_forged_cut_of_a_puzzle_without_solutions_may_be_empty(run, tmp_path) -> None:
    """Emptiness is judged by a search, not by the number of cubes: a checkpoint with
    no cube at all is right for a puzzle with no solution."""
    puzzle = tmp_path / "none.takuzu"
    puzzle.write_text("111...\n" + "......\n" * 5)
    checkpoint = tmp_path / "count.jsonl"
    status, out, _ = run("solve", puzzle, "--count", "--checkpoint", checkpoint)
    assert status == 1 and out.startswith("no solution")
    header = json.loads(checkpoint.read_text().splitlines()[0])
    checkpoint.write_text(resign([{**header, "cubes": []}]))
    status, out, err = run("solve", puzzle, "--count", "--checkpoint", checkpoint)
    assert status == 1 and out.startswith("no solution"), err


# -- the lines of finished cubes ---------------------------------------------------------


def test_a_changed_count_is_refused(run, counted) -> None:
    puzzle, checkpoint, lines = counted
    lines[4] = {**lines[4], "count": lines[4]["count"] + 1000}
    checkpoint.write_text(plain(lines))
    col = json.dumps(lines[4]).find('"digest"') + 1
    refused(run, puzzle, checkpoint, f":5:{col}:", "line 5 is not as lpsolve wrote it")


@pytest.mark.parametrize("forged", [False, True])
def test_a_duplicated_line_is_refused(run, counted, forged) -> None:
    puzzle, checkpoint, lines = counted
    lines.insert(4, lines[3])
    checkpoint.write_text(resign(lines) if forged else plain(lines))
    twice = f"cube {lines[3]['cube']} is recorded twice (first on line 4)"
    following = "line 5 is not as lpsolve wrote it or does not follow line 4"
    refused(run, puzzle, checkpoint, ":5:", twice if forged else following)


def test_a_line_taken_out_of_the_middle_is_refused(run, counted) -> None:
    puzzle, checkpoint, lines = counted
    del lines[3]
    checkpoint.write_text(plain(lines))
    refused(run, puzzle, checkpoint, ":4:", "line 4 is not as lpsolve wrote it")


def test_a_forged_file_without_a_line_recounts_its_cube(run, counted) -> None:
    """A line gone is only a cube to search again: forged, the file still counts right."""
    puzzle, checkpoint, lines = counted
    lost = lines.pop(3)["cube"]
    checkpoint.write_text(resign(lines))
    resumes(run, puzzle, checkpoint)
    assert recorded(checkpoint)[-1] == lost and sorted(recorded(checkpoint)) == list(range(CUBES))


def test_lines_of_another_checkpoint_are_refused(run, counted, tmp_path) -> None:
    """The digests chain from the header: a line is bound to its file."""
    puzzle, checkpoint, lines = counted
    other = tmp_path / "other.takuzu"
    other.write_text("1.....\n" + "......\n" * 5)
    elsewhere = tmp_path / "other.jsonl"
    assert run("solve", other, "--count", "--cubes", str(CUBES), "--checkpoint", elsewhere)[0] == 0
    foreign = [json.loads(line) for line in elsewhere.read_text().splitlines()[1:]]
    checkpoint.write_text(plain([*lines[:3], *foreign]))
    refused(run, puzzle, checkpoint, ":4:", "line 4 is not as lpsolve wrote it")


@pytest.mark.parametrize("forged", [False, True])
@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("count", 286.5, "count 286.5: expected a whole number, 0 or more"),
        ("count", "286", 'count "286": expected a whole number, 0 or more'),
        ("count", True, "count true: expected a whole number, 0 or more"),
        ("count", None, "count null: expected a whole number, 0 or more"),
        ("count", -1, "count -1: expected a whole number, 0 or more"),
        ("cube", True, "cube true: expected a cube of the header, 0 to 11"),
        ("cube", CUBES, "cube 12: expected a cube of the header, 0 to 11"),
        ("cube", 1.0, "cube 1.0: expected a cube of the header"),
        ("seconds", "x", 'seconds "x": expected a number'),
        ("seconds", [], "seconds []: expected a number"),
        ("seconds", None, "seconds null: expected a number"),
        ("seconds", False, "seconds false: expected a number"),
        ("seconds", -2.5, "seconds -2.5: expected 0 or more"),
    ],
)
def test_a_value_of_another_type_is_refused(run, counted, key, value, message, forged) -> None:
    puzzle, checkpoint, lines = counted
    lines[2] = {**lines[2], key: value}
    checkpoint.write_text(resign(lines) if forged else plain(lines))
    col = json.dumps(lines[2]).find(f'"{key}"') + 1
    refused(run, puzzle, checkpoint, f":3:{col}:", message)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"cube": 1, "count": 286}, "expected a finished cube (keys cube, count, seconds, digest"),
        ([1, 286], "expected a finished cube (a JSON object)"),
        ("{oops", "expected a finished cube: malformed JSON"),
        ("", "expected a finished cube, found a blank line"),
        ("[" * 100_000, "expected a finished cube: JSON nested deeper than 32 levels"),
    ],
)
def test_a_line_that_is_no_finished_cube_is_refused(run, counted, line, message) -> None:
    puzzle, checkpoint, lines = counted
    text = plain(lines).splitlines()
    text[2] = line if isinstance(line, str) else json.dumps(line)
    checkpoint.write_text("\n".join(text) + "\n")
    refused(run, puzzle, checkpoint, ":3:", message)


def test_a_count_of_5000_digits_is_refused(run, counted) -> None:
    puzzle, checkpoint, lines = counted
    text = json.dumps(lines[2]).replace(f'"count": {lines[2]["count"]}', '"count": ' + "9" * 5000)
    checkpoint.write_text("\n".join([*plain(lines).splitlines()[:2], text]) + "\n")
    col = text.find("9" * 5000) + 1
    message = "is beyond the largest number lpsolve accepts (9223372036854775807)"
    refused(run, puzzle, checkpoint, f":3:{col}:", message)


# -- the header ------------------------------------------------------------------------


def _without(key: str) -> Callable[[dict], dict]:
    return lambda header: {k: v for k, v in header.items() if k != key}


def _with(key: str, value: object) -> Callable[[dict], dict]:
    return lambda header: {**header, key: value}


HEADER_TAMPERINGS = [
    ("no atoms", _without("atoms"), "atoms", "atoms: expected a list of atoms"),
    ("atoms a string", _with("atoms", "value(0,0,1)"), "atoms", "atoms: expected a list"),
    ("atoms of numbers", _with("atoms", [1, 2, 3]), "atoms", "atoms: expected a list"),
    ("an atom no term", _with("atoms", ["value(0,0,1)", "a :- b."]), "atoms", "is no atom"),
    ("null cubes", lambda h: {**h, "cubes": [None] * CUBES}, "cubes", "cubes: expected a list"),
    ("cubes null", _with("cubes", None), "cubes", "cubes: expected a list of cubes"),
    ("no cubes", _without("cubes"), "cubes", "cubes: expected a list of cubes"),
    ("a cube of 2s", lambda h: {**h, "cubes": ["2" * 4] * CUBES}, "cubes", "expected a list"),
    ("a cube too long", lambda h: {**h, "cubes": ["1" * 9] * CUBES}, "cubes", "expected a list"),
]


@pytest.mark.parametrize("forged", [False, True])
@pytest.mark.parametrize(
    ("change", "key", "message"),
    [case[1:] for case in HEADER_TAMPERINGS],
    ids=[case[0] for case in HEADER_TAMPERINGS],
)
def test_a_broken_header_is_refused(run, counted, change, key, message, forged) -> None:
    puzzle, checkpoint, lines = counted
    lines[0] = change(lines[0])
    checkpoint.write_text(resign(lines) if forged else plain(lines))
    if forged:
        col = json.dumps(lines[0]).find(f'"{key}"') + 1 or 1
        refused(run, puzzle, checkpoint, f":1:{col}:", message)
    else:
        refused(run, puzzle, checkpoint, ":1:", "the header is not as lpsolve wrote it")


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("6x6 takuzu\n", ":1:2:", "expected an lpsolve checkpoint header: malformed JSON"),
        ('["not", "an", "object"]\n', ":1:1:", "expected an lpsolve checkpoint header"),
        ('{"kind": "takuzu"}\n', ":1:1:", "expected an lpsolve checkpoint header"),
        ("[" * 100_000 + "\n", ":1:33:", "JSON nested deeper than 32 levels"),
        ('{"lpsolve_checkpoint": 9}\n', ":1:2:", "checkpoint format 9: this lpsolve reads"),
        ("{}", ":1:1:", "expected an lpsolve checkpoint header (a whole line)"),
        ("\n", ":1:1:", "expected an lpsolve checkpoint header, found a blank line"),
        (b"\xff\xfe\n", ":1:1:", "expected UTF-8 text"),
    ],
)
def test_a_file_that_is_no_checkpoint_is_refused(run, tmp_path, text, where, message) -> None:
    puzzle = tmp_path / "empty.takuzu"
    puzzle.write_text(EMPTY6)
    checkpoint = tmp_path / "count.jsonl"
    if isinstance(text, bytes):
        checkpoint.write_bytes(text)
    else:
        checkpoint.write_text(text)
    refused(run, puzzle, checkpoint, where, message)


def test_a_checkpoint_of_the_old_format_is_refused_with_what_to_do(run, counted) -> None:
    """Format 1 (lpsolve before digests) cannot be checked: delete it and count again."""
    puzzle, checkpoint, lines = counted
    old = [{k: v for k, v in line.items() if k != "digest"} for line in lines]
    old[0]["lpsolve_checkpoint"] = 1
    checkpoint.write_text(plain(old))
    refused(
        run,
        puzzle,
        checkpoint,
        ":1:2:",
        "checkpoint format 1: this lpsolve reads format 2 (with digests) only; "
        "delete the checkpoint and count again",
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_checkpoint_that_is_no_regular_file_is_refused(run, tmp_path, device) -> None:
    """Reading /dev/zero would never end: only a regular file is read back."""
    puzzle = tmp_path / "empty.takuzu"
    puzzle.write_text(EMPTY6)
    status, out, err = run("solve", puzzle, "--count", "--checkpoint", device)
    assert (status, out) == (2, "")
    assert err == f"error: {device}: a checkpoint is a regular file; give another --checkpoint\n"
