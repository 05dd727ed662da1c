"""Issue 24's "done when": a declared kind that exists only in a temporary folder, named
by ``LPSOLVE_KINDS``, goes through every command and the web, with no Python of its
own. The kind is the Latin square of ``tests/test_declared.py``; every answer is
compared with a brute force (every Latin square agreeing with the givens), the check's
rule names with the rules a student's program breaks, and the JSON with the schema.
Also: a copy of the bundled Sudoku folder under another name is a kind of that name,
``lpsolve kinds new`` writes a kind that solves its example and that ``lpsolve kinds
check`` passes, and a declared kind travels to a worker that lacks its folder."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import pickle
import re
import shutil
from pathlib import Path

import jsonschema
import pytest

from lpsolve.cli import main
from lpsolve.jobs import Limits, supervise
from lpsolve.kinds.registry import ENVIRONMENT, configure, registry
from lpsolve.supervised import SolveJob

from .test_declared import (
    LATIN_CHECK,
    LATIN_ENCODING,
    LATIN_TOML,
    latin_squares,
    latin_text,
    write_kind,
)

SUDOKU = Path(__file__).resolve().parent.parent / "lpsolve" / "kinds" / "sudoku"

#: a student's Latin square that forgets the columns
FORGETS_COLUMNS = (
    "n(1..N) :- size(N). i(0..N-1) :- size(N).\n"
    "1 { cell(R,C,V) : n(V) } 1 :- i(R), i(C).\n"
    ":- given(R,C,V), not cell(R,C,V).\n"
    ":- i(R), n(V), not 1 { cell(R,C,V) : i(C) } 1.\n"
    "#show cell/3.\n#defined given/3.\n"
)

PUZZLES = {
    "unique": ["1 2 -", "- - -", "- - 2"],  # one solution
    "open": ["1 - -", "- - -", "- - -"],  # several
    "conflict": ["1 - 1", "- - -", "- - -"],  # none: two 1s in the first row
    "open4": ["- 2 - -", "- - - -", "- - - -", "- - - -"],
}


def givens(rows: list[str]) -> dict[tuple[int, int], int]:
    return {
        (r, c): int(token)
        for r, line in enumerate(rows)
        for c, token in enumerate(line.split())
        if token != "-"
    }


def square(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(map(tuple, rows))


def brute(name: str) -> set[tuple[tuple[int, ...], ...]]:
    rows = PUZZLES[name]
    return latin_squares(len(rows), givens(rows))


@pytest.fixture(scope="module")
def kinds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of kinds holding the kind ``latin`` (with one instance and its
    published solution), and the puzzle files of :data:`PUZZLES` beside it."""
    root = tmp_path_factory.mktemp("declared")
    folder = write_kind(root / "kinds")
    (folder / "instances").mkdir()
    (folder / "instances" / "small.latin").write_text(latin_text(PUZZLES["unique"]))
    (folder / "instances" / "small.latin.solution").write_text("3 3\n1 2 3\n2 3 1\n3 1 2\n")
    for name, rows in PUZZLES.items():
        (root / f"{name}.latin").write_text(latin_text(rows))
    return root


@pytest.fixture(autouse=True)
def named(kinds: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds' folder named by LPSOLVE_KINDS, each command run in the puzzles' folder."""
    monkeypatch.setenv(ENVIRONMENT, str(kinds / "kinds"))
    monkeypatch.chdir(kinds)


# -- the commands -----------------------------------------------------------------------


def test_solve_lists_counts_and_writes_each_layout(run) -> None:
    (only,) = brute("unique")
    status, out, _ = run("solve", "unique.latin")
    assert status == 0 and out.startswith("1 2 3\n2 3 1\n3 1 2\n\n")
    assert "1 solution, search complete: unique" in out
    status, out, _ = run("solve", "open.latin", "--all", "--format", "json")
    data = json.loads(out)
    assert (status, data["kind"], data["complete"]) == (0, "latin", True)
    assert {square(s) for s in data["solutions"]} == brute("open")
    status, out, _ = run("solve", "open4.latin", "--count")
    assert out.startswith(f"{len(brute('open4'))} solutions, search complete")
    status, out, _ = run("solve", "unique.latin", "--format", "janko")
    assert (status, out) == (0, "3 3\n" + "\n".join(" ".join(map(str, r)) for r in only) + "\n")


def test_janko_layout_out_is_the_declarations(run, tmp_path: Path) -> None:
    """solve --format janko writes what the kind's [output] says: a header with the
    header's parameters, or none."""
    with_parameter = LATIN_TOML.replace(
        "square = true", 'numbers = ["ROWS", "COLS", "LEVEL"]\nsquare = true'
    )
    write_kind(tmp_path, "levelled", toml=with_parameter, check=LATIN_CHECK)
    write_kind(
        tmp_path, "headless", toml=LATIN_TOML.replace("[output]", "[output]\nheader = false")
    )
    rows = PUZZLES["unique"]
    (tmp_path / "x.levelled").write_text("3 3 7\n" + "\n".join(rows) + "\n")
    (tmp_path / "x.headless").write_text(latin_text(rows))
    (only,) = brute("unique")
    grid = "\n".join(" ".join(map(str, row)) for row in only) + "\n"
    for name, header in (("levelled", "3 3 7\n"), ("headless", "")):
        status, out, _ = run(
            "solve", tmp_path / f"x.{name}", "--kinds", tmp_path, "--format", "janko"
        )
        assert (status, out) == (0, header + grid)


def test_check_facts_and_encoding(run, kinds: Path) -> None:
    status, out, _ = run("check", "unique.latin")
    assert status == 0 and out.startswith("well-posed: exactly one solution")
    status, out, _ = run("check", "open.latin")
    assert status == 1 and out.startswith("not well-posed: several solutions")
    status, out, _ = run("facts", "unique.latin")
    folder = kinds / "kinds" / "latin"
    assert out == (
        f"% unique.latin: input facts for {folder / 'encoding.lp'}\n"
        "size(3).\ngiven(0,0,1).\ngiven(0,1,2).\ngiven(2,2,2).\n"
    )
    assert run("encoding", "latin") == (0, LATIN_ENCODING, "")


def test_explain_names_conflicting_givens_and_a_given_that_makes_it_unique(run) -> None:
    status, out, _ = run("check", "conflict.latin", "--explain", "--format", "json")
    data = json.loads(out)
    assert (status, data["conflict"], data["conflict_minimal"]) == (1, [[0, 0, 1], [0, 2, 1]], True)
    status, out, _ = run("solve", "open.latin", "--explain", "--format", "json")
    explained = json.loads(out)
    suggested = explained["suggested_givens"]
    assert explained["suggestion_unique"] is True
    rows = [line.split() for line in PUZZLES["open"]]
    for r, c, v in suggested:  # the suggestion leaves exactly one solution
        rows[r][c] = str(v)
    assert len(latin_squares(3, givens([" ".join(row) for row in rows]))) == 1


def test_pictures_draw_the_declared_layers(run) -> None:
    status, out, _ = run("draw", "unique.latin")
    assert status == 0 and out.count('class="number given"') == 3
    status, out, _ = run("draw", "unique.latin", "--solve")
    assert out.count('class="number given"') == 3 and out.count('class="number filled"') == 6
    status, out, err = run("solve", "conflict.latin", "--format", "svg", "--explain")
    assert status == 1 and out.count('class="conflict"') == 2
    assert "these 2 givens conflict: 1 at (row 1, col 1), 1 at (row 1, col 3)" in err


def test_grading_reports_the_checks_rule_names(run, kinds: Path) -> None:
    student = kinds / "student.lp"
    student.write_text(FORGETS_COLUMNS)
    status, out, _ = run("grade", student, "--kind", "latin")  # the kind's instances
    assert status == 1 and out.startswith("instance  ") and "\nlatin/small.latin  wrong" in out
    broken = {
        line.split(": ", 1)[1].split(" at ")[0] for line in out.splitlines() if "broken:" in line
    }
    assert broken == {"once per column"}
    copy = kinds / "copy.lp"
    copy.write_text(LATIN_ENCODING)
    status, _, err = run("grade", copy, "--kind", "latin")
    assert status == 2 and "states every rule of kind latin's own encoding" in err
    status, out, _ = run("run", student, "unique.latin", "-n", "0")
    rows = [
        sum(
            all(p[c] == v for (r2, c), v in givens(PUZZLES["unique"]).items() if r2 == r)
            for p in itertools.permutations((1, 2, 3))
        )
        for r in range(3)
    ]  # its answers: rows that are permutations agreeing with the givens, columns free
    assert status == 30 and re.search(rf"^Models +: {math.prod(rows)}$", out, re.M)


def test_counting_in_cubes(run) -> None:
    status, out, _ = run("solve", "open.latin", "--count", "--jobs", "2")
    assert status == 0 and out.startswith(f"{len(brute('open'))} solutions, search complete")
    assert "split: " in out


def test_cross_check_compares_the_encoding_with_the_second_model(run, validator) -> None:
    status, out, _ = run("solve", "open.latin", "--cross-check", "--all")
    count = len(brute("open"))
    assert status == 0 and f"clingo and second-model agree: the same {count} solutions" in out
    status, out, _ = run("check", "unique.latin", "--cross-check", "--format", "json")
    data = json.loads(out)
    validator.validate(data)
    assert data["cross_check"]["agree"] and data["cross_check"]["second-model"]["count"] == 1
    status, out, err = run("solve", "unique.latin", "--backend", "csp")
    assert (status, out) == (2, "")
    assert err == (
        "error: the csp backend: kind latin has no csp model (declared kinds are solved with "
        "clingo; --cross-check compares the encoding with the kind's check as a model)\n"
    )


def test_batch_reports_every_file(run, kinds: Path) -> None:
    report = kinds / "report.jsonl"
    status, _, _ = run("batch", *(f"{name}.latin" for name in PUZZLES), "--output", report)
    lines = {line["file"]: line for line in map(json.loads, report.read_text().splitlines())}
    assert status == 0
    assert {name: lines[f"{name}.latin"]["status"] for name in PUZZLES} == {
        "unique": "solved",
        "open": "solved",
        "conflict": "no solution",
        "open4": "solved",
    }
    assert lines["unique.latin"]["unique"] is True and lines["open.latin"]["unique"] is False


def test_the_schema_and_the_listing_name_the_kind(run, validator) -> None:
    _, out, _ = run("schema")
    schema = json.loads(out)
    assert "latin" in schema["$defs"]["kind"]["enum"]
    assert "latin [row, col, value]" in schema["$defs"]["given"]["description"]
    _, out, _ = run("kinds", "latin", "--format", "json")
    validator.validate(json.loads(out))
    (entry,) = json.loads(out)["kinds"]
    assert entry["source"] == "declared" and "second model" in entry["capabilities"]


def test_kinds_check_breaks_each_rule_of_the_check(run) -> None:
    """Its published solution changed a little breaks each of the check's rules."""
    status, out, _ = run("kinds", "check", "latin")
    assert status == 0 and "ok: each of the check's 5 rules fired" in out


@pytest.fixture(scope="module")
def validator(kinds: Path) -> jsonschema.Draft202012Validator:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["schema", "--kinds", str(kinds / "kinds")]) == 0
    return jsonschema.Draft202012Validator(json.loads(printed.getvalue()))


# -- a worker without the folder --------------------------------------------------------


def test_a_job_carries_its_declared_kind_to_a_worker_without_the_folder(
    kinds: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``batch --cluster`` sends a worker: the file's bytes and the kind itself.
    Unpickled where the kind's folder is gone and no LPSOLVE_KINDS names it, the job
    still reads and solves the file as the kind says."""
    moved = tmp_path / "kinds"
    shutil.copytree(kinds / "kinds", moved)
    monkeypatch.setenv(ENVIRONMENT, str(moved))
    configure()  # the parent's registry, with the copy
    kind = registry().get("latin")
    job = SolveJob("open.latin", kind, data=(kinds / "open.latin").read_bytes(), limit=None)
    payload = pickle.dumps(job)
    shutil.rmtree(moved)
    monkeypatch.delenv(ENVIRONMENT)
    configure()  # the worker's: no such kind
    assert registry().find("latin") is None
    sent = pickle.loads(payload)
    solved = sent.finish(supervise(sent.work, Limits(timeout=60), sent.receive))
    assert solved.result is not None and solved.result.complete
    found = {square(_grid(s)) for s in solved.result.solutions}
    assert found == brute("open")


def _grid(solution) -> list[list[int]]:
    size = int(len(solution.atoms) ** 0.5)
    grid = [[0] * size for _ in range(size)]
    for atom in solution.atoms:
        r, c, v = (a.number for a in atom.arguments)
        grid[r][c] = v
    return grid


# -- a new kind, a copied kind ----------------------------------------------------------


def test_kinds_new_writes_a_kind_that_solves_its_example_and_passes_its_check(
    run, tmp_path: Path
) -> None:
    status, out, _ = run("kinds", "new", "squares", tmp_path)
    folder = tmp_path / "squares"
    assert status == 0 and out.startswith(f"wrote {folder}:")
    assert sorted(p.name for p in folder.iterdir()) == [
        "check.lp",
        "encoding.lp",
        "instances",
        "kind.toml",
    ]
    status, out, _ = run("kinds", "check", folder)
    assert status == 0 and out.endswith("no problem found\n") and "PROBLEM" not in out
    example = folder / "instances" / "example.squares"
    published = (folder / "instances" / "example.squares.solution").read_text().split()
    status, out, _ = run("solve", example, "--kinds", tmp_path, "--format", "janko")
    assert status == 0 and out.split() == published
    assert run("kinds", "new", "squares", tmp_path)[0] == 2  # there already
    status, _, err = run("kinds", "new", "sudoku", tmp_path)
    assert status == 2 and "comes with lpsolve" in err


def test_kinds_check_finds_an_encoding_that_disagrees_with_its_check(run, tmp_path) -> None:
    forgetful = LATIN_ENCODING.replace(":- i(C), n(V), not 1 { cell(R,C,V) : i(R) } 1.\n", "")
    folder = write_kind(tmp_path, encoding=forgetful)
    (folder / "instances").mkdir()
    (folder / "instances" / "small.latin").write_text(latin_text(PUZZLES["unique"]))
    status, out, _ = run("kinds", "check", folder)
    problems = [line for line in out.splitlines() if line.startswith("PROBLEM")]
    assert status == 1 and problems
    assert "an answer of the encoding breaks the check: once per column" in problems[0]
    status, _, err = run("solve", folder / "instances" / "small.latin", "--kinds", tmp_path)
    assert status == 2 and "an answer of its encoding breaks its checker" in err


def test_a_copy_of_the_sudoku_folder_is_a_kind_of_its_new_name(
    run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(SUDOKU, tmp_path / "mysudoku")
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path))
    puzzle = tmp_path / "x.mysudoku"
    shutil.copy(SUDOKU / "instances" / "wikipedia.sudoku", puzzle)
    status, out, _ = run("solve", puzzle, "--format", "json")
    data = json.loads(out)
    published = (SUDOKU / "instances" / "wikipedia.sudoku.solution").read_text().split()[2:]
    assert (status, data["kind"], data["unique"]) == (0, "mysudoku", True)
    assert [str(n) for row in data["solutions"][0] for n in row] == published
    status, out, _ = run("kinds", "mysudoku")
    assert status == 0 and out.startswith(f"mysudoku: Sudoku (declared, {tmp_path / 'mysudoku'}")


# -- the web ------------------------------------------------------------------------------


@pytest.fixture
def client(kinds: Path):
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install .[web])")
    from starlette.testclient import TestClient

    from lpsolve.web import work
    from lpsolve.web.app import Settings, create_app

    caches = (work.catalogue, work.thumbnail, work.bundled_view, work.tutorial_entries)
    for cache in caches:
        cache.cache_clear()
    configure()
    with TestClient(create_app(Settings(timeout=10, jobs=2, queue=4))) as client:
        yield client
    for cache in caches:
        cache.cache_clear()


def _text(page: str) -> str:
    import html

    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_web_shows_solves_and_draws_a_folder_kinds_puzzles(client) -> None:
    page = client.get("/puzzles").text
    assert "Latin square" in page and "/puzzles/latin/small.latin" in page
    picture = client.get("/pictures/latin/small.latin.svg")
    assert picture.status_code == 200 and picture.text.count('class="number given"') == 3
    page = client.get("/puzzles/latin/small.latin?action=solve")
    assert page.status_code == 200 and "1 solution, search complete: unique" in _text(page.text)
    conflict = latin_text(PUZZLES["conflict"])
    data = {"format": ".latin", "text": conflict, "action": "explain"}
    page = client.post("/puzzle", data=data)
    assert "these 2 givens conflict: 1 at (row 1, col 1), 1 at (row 1, col 3)" in _text(page.text)


def test_the_web_builds_a_blank_board_from_the_input_declaration(client) -> None:
    page = client.get("/new?grid=latin&rows=3").text
    assert page.count('name="cell-') == 9 and "A number from 1 to the number of rows" in page
    cells = {"cell-0-0": "1", "cell-0-1": "2", "cell-2-2": "2"}
    form = {"grid": "latin", "rows": "3", "cols": "3", "action": "solve", **cells}
    page = client.post("/puzzle", data=form)
    assert page.status_code == 200 and "1 solution, search complete: unique" in _text(page.text)
    page = client.post("/puzzle", data={**form, "cell-1-1": "1 2"})
    assert page.status_code == 400 and "&lt;board&gt;:2:2: a cell holds one token" in page.text


def test_the_workbench_grades_with_the_checks_rule_names(client) -> None:
    page = client.get("/workbench?kind=latin")
    assert page.status_code == 200 and "cell(R,C,V)" in page.text  # the reference, shown
    form = {"kind": "latin", "program": FORGETS_COLUMNS, "action": "grade", "scope": "bundled"}
    raw = client.post("/workbench", data=form).text
    page = _text(raw)
    assert "FAIL" in page and "broken: once per column" in page
    # the wrong answer drawn, the cells of the rules it breaks in red
    assert raw.count('class="conflict"') >= 2
