"""`lpsolve grade`: deliberately wrong student encodings get the exact diagnosis.

Sources of truth: brute-force enumerations written here (every numbering of the 3x3
corners board, every arrangement of 1..9 on a 3x3 magic board), the reference
encodings' own headers, and the student files' known mistakes.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise, permutations
from pathlib import Path

import clingo
import pytest

from lpsolve import grade as grading
from lpsolve.kinds import KINDS
from lpsolve.resources import encoding_path, instances_dir

from .conftest import ROOT

STUDENTS = Path("tests/students")
CORNERS = "docs/examples/corners.hidoku"  # 3x3 king board, 1 at (0,0) and 9 at (2,2)
MAGIC_3X3 = str(STUDENTS / "magic_3x3.magic")  # empty 3x3 magic board, numbers 1..9


@pytest.fixture(autouse=True)
def in_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def corners_numberings() -> tuple[int, int]:
    """(paths, all numberings) of the corners board, by brute force: 2..8 on the seven
    free cells; a path has consecutive numbers on king-adjacent cells."""
    free = [(x, y) for y in range(3) for x in range(3) if (x, y) not in ((0, 0), (2, 2))]
    paths = total = 0
    for order in permutations(free):
        total += 1
        path = [(0, 0), *order, (2, 2)]
        if all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in pairwise(path)):
            paths += 1
    return paths, total


def magic_squares() -> tuple[int, int]:
    """(magic, semi-magic) arrangements of 1..9 on 3x3: rows and columns sum to 15,
    and for magic both diagonals too."""
    magic = semi = 0
    for v in permutations(range(1, 10)):
        rows = all(sum(v[3 * r : 3 * r + 3]) == 15 for r in range(3))
        cols = all(sum(v[c::3]) == 15 for c in range(3))
        if rows and cols:
            semi += 1
            if v[0] + v[4] + v[8] == 15 and v[2] + v[4] + v[6] == 15:
                magic += 1
    return magic, semi


def grade_one(student: str, kind: str, instance: str, **options) -> grading.InstanceGrade:
    result = grading.grade(str(STUDENTS / student), kind, [instance], **options)
    (only,) = result.instances
    return only


# -- the references themselves, and correct student programs ---------------------------


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_reference_encoding_grades_all_correct(kind: str) -> None:
    """Each reference graded against itself on (the first four of) its bundled
    instances: nothing but correct, or skipped when the reference is slow. (The
    command line refuses lpsolve's own encodings as a student's work: the library
    lets this check of the grader through.)"""
    if not (instances_dir() / kind).is_dir():
        pytest.skip(f"no bundled {kind} instances")
    bundled = [str(p.relative_to(ROOT)) for p in grading.bundled_instances(kind)][:4]
    program = str(encoding_path(KINDS[kind].reference_encoding))
    result = grading.grade(program, kind, bundled, time_limit=5, refuse_own_encodings=False)
    out = "\n".join(grading.report_lines(result))
    assert result.passed, out
    verdicts = re.findall(r"^instances/\S+\s+(\w+)", out, re.M)
    assert len(verdicts) == len(bundled) and "correct" in verdicts
    assert set(verdicts) <= {"correct", "skipped"}
    assert out.splitlines()[-1].startswith("PASS: ")


def test_grades_every_bundled_instance_by_default(run) -> None:
    """hidato has no variants: every bundled instance, each named KIND/FILE."""
    status, out, _ = run("grade", STUDENTS / "hidato_plain.lp", "--kind", "hidato")
    bundled = grading.bundled_instances("hidato")
    assert status == 0
    assert f"on {len(bundled)} hidato instances: {len(bundled)} correct" in out
    names = re.findall(r"^(\S+)\s+correct\s", out, re.M)
    assert names == [f"hidato/{path.name}" for path in bundled]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_output_predicates_match_the_encoding_header(kind: str) -> None:
    """The `#show` signatures grading reads are the ones the header's Output lists."""
    text = encoding_path(KINDS[kind].reference_encoding).read_text()
    block = re.search(r"^% Output[^\n]*\n((?:%[^\n]*\n)+)", text, re.M)
    assert block is not None, "the header has no Output section"
    declared = {
        (name, len(args.split(",")))
        for name, args in re.findall(r"^%\s{2,}(\w+)\(([^)]*)\)", block.group(1), re.M)
    }
    assert set(grading.output_signatures(kind)) == declared


def test_plain_student_hidato_is_correct() -> None:
    paths, _ = corners_numberings()
    graded = grade_one("hidato_plain.lp", "hidato", CORNERS)
    assert graded.verdict == "correct"
    assert graded.student_count == graded.reference_count == paths == 30


@pytest.mark.parametrize("student", ["hidato_no_show.lp", "hidato_show_more.lp"])
def test_graded_on_output_atoms_whatever_is_shown(student: str) -> None:
    assert grade_one(student, "hidato", CORNERS).verdict == "correct"


def test_a_comment_mentioning_script_is_not_refused() -> None:
    assert grade_one("hidato_script_comment.lp", "hidato", CORNERS).verdict == "correct"


def test_plain_student_magic_is_correct() -> None:
    magic, _ = magic_squares()
    graded = grade_one("magic_plain.lp", "magic", MAGIC_3X3)
    assert graded.verdict == "correct" and graded.student_count == magic == 8


# -- wrong students --------------------------------------------------------------------


def test_missing_adjacency_rule_gives_wrong_answers_named_by_the_checker(run) -> None:
    paths, total = corners_numberings()
    graded = grade_one("hidato_no_adjacency.lp", "hidato", CORNERS, max_solutions=6000)
    assert graded.verdict == "wrong"
    assert graded.student_complete and graded.student_count == total == 5040
    assert graded.wrong == total - paths and graded.missing == 0
    assert graded.wrong_example is not None
    assert graded.wrong_example.problems
    assert all("are not adjacent" in p for p in graded.wrong_example.problems)
    status, out, _ = run("grade", STUDENTS / "hidato_no_adjacency.lp", "--kind", "hidato", CORNERS)
    assert status == 1
    assert "broken: " in out and "are not adjacent" in out
    assert out.splitlines()[-1].startswith("FAIL: ") and "1 wrong" in out.splitlines()[-1]


def test_missing_diagonal_rule_on_magic() -> None:
    magic, semi = magic_squares()
    graded = grade_one("magic_no_diagonals.lp", "magic", MAGIC_3X3)
    assert graded.verdict == "wrong"
    assert (graded.student_count, graded.reference_count) == (semi, magic) == (72, 8)
    assert graded.wrong == semi - magic and graded.missing == 0
    assert graded.wrong_example is not None
    assert any("diagonal sums to" in p for p in graded.wrong_example.problems)
    assert not any(p.startswith(("row", "column")) for p in graded.wrong_example.problems)


def test_typo_in_input_predicate_misses_every_solution_and_says_where(run) -> None:
    paths, _ = corners_numberings()
    graded = grade_one("hidato_typo.lp", "hidato", CORNERS)
    assert graded.verdict == "missing"
    assert graded.student_count == 0 and graded.missing == paths
    assert graded.missing_example is not None and graded.missing_example.board
    (note,) = graded.notes
    assert note.startswith("tests/students/hidato_typo.lp:17:")
    assert "atom does not occur in any rule head: adjacent(X,Y,U,V)" in note
    status, out, _ = run("grade", STUDENTS / "hidato_typo.lp", "--kind", "hidato", CORNERS)
    assert status == 1 and f"{paths} of the reference's {paths} answers not found" in out


def test_too_permissive_choice_rule() -> None:
    graded = grade_one("hidato_permissive.lp", "hidato", CORNERS)
    assert graded.verdict == "wrong" and graded.wrong_example is not None
    # independent of the grader: the example really puts some number in two cells
    atoms = [clingo.parse_term(a) for a in graded.wrong_example.atoms]
    numbers = [a.arguments[2].number for a in atoms]
    assert len(numbers) > len(set(numbers))
    assert graded.wrong_example.problems[0] == (
        f"the answer has {len(atoms)} output atoms; every reference answer has 9"
    )


def test_free_auxiliary_choice_duplicates_each_answer() -> None:
    paths, _ = corners_numberings()
    graded = grade_one("hidato_duplicates.lp", "hidato", CORNERS)
    assert graded.verdict == "duplicate"
    assert graded.student_count == paths and graded.duplicates == paths
    assert graded.wrong == graded.missing == 0


def test_malformed_output_atom_is_a_wrong_answer_not_a_crash(run) -> None:
    graded = grade_one("hidato_malformed.lp", "hidato", CORNERS)
    assert graded.verdict == "wrong" and graded.wrong_example is not None
    assert "number(99,99,99)" in graded.wrong_example.atoms
    assert any("cannot be read as a hidato solution" in p for p in graded.wrong_example.problems)
    status, _, err = run("grade", STUDENTS / "hidato_malformed.lp", "--kind", "hidato", CORNERS)
    assert status == 1 and err == ""


def test_too_slow(run) -> None:
    # the student's pigeonhole takes hours, the reference's 30 answers a few milliseconds:
    # 3 s tells them apart however loaded the machine
    status, out, _ = run(
        "grade", STUDENTS / "hidato_slow.lp", "--kind", "hidato", CORNERS, "--time-limit", "3"
    )
    assert status == 1
    assert re.search(r"^docs/examples/corners.hidoku\s+too slow\s+0\+\s+30\s", out, re.M)
    assert "1 too slow" in out.splitlines()[-1]


def test_capped_reference_compares_by_asking_the_reference() -> None:
    """With --max-solutions below the number of solutions both searches stop early and
    may find different solutions: a student answer the reference did not list yet is
    checked against the reference program itself."""
    right = grade_one("hidato_plain.lp", "hidato", CORNERS, max_solutions=5)
    assert right.verdict == "correct" and not right.reference_complete
    assert any("first 5 answers" in note for note in right.notes)
    wrong = grade_one("hidato_no_adjacency.lp", "hidato", CORNERS, max_solutions=5)
    assert wrong.verdict == "wrong" and wrong.wrong == 5


def test_json_report(run) -> None:
    status, out, _ = run(
        "grade", STUDENTS / "magic_no_diagonals.lp", "--kind", "magic", MAGIC_3X3,
        "--format", "json",
    )  # fmt: skip
    assert status == 1
    data = json.loads(out)
    assert data["passed"] is False and data["outputs"] == ["value/3"]
    assert data["counts"]["wrong"] == 1 and data["counts"]["correct"] == 0
    (instance,) = data["instances"]
    assert instance["student"] == {"count": 72, "complete": True}
    assert instance["reference"] == {"count": 8, "complete": True}
    assert instance["wrong"] == 64
    example = instance["wrong_example"]
    rows = example["solution"]
    assert sorted(v for row in rows for v in row) == list(range(1, 10))
    diagonal = sum(rows[i][i] for i in range(3))
    anti = sum(rows[i][2 - i] for i in range(3))
    expected = [f"diagonal sums to {diagonal}, not 15"] * (diagonal != 15) + [
        f"anti-diagonal sums to {anti}, not 15"
    ] * (anti != 15)
    assert example["problems"] == expected


# -- refused and unreadable programs: exit 2, one line at the student's file -------------


@pytest.mark.parametrize(
    ("student", "where", "message"),
    [
        ("hidato_script.lp", "hidato_script.lp:2:1", "contains a #script block"),
        ("hidato_includes_script.lp", "hidato_script.lp:2:1", "contains a #script block"),
        ("hidato_syntax_error.lp", "hidato_syntax_error.lp:3:30", "clingo: syntax error"),
        ("hidato_unsafe.lp", "hidato_unsafe.lp:4:1", "unsafe variables in this rule"),
    ],
)
def test_bad_program_is_exit_2_at_its_place(student: str, where: str, message: str, run) -> None:
    status, out, err = run("grade", STUDENTS / student, "--kind", "hidato", CORNERS)
    assert status == 2 and out == ""
    assert err.startswith(f"error: tests/students/{where}: ") and message in err
    assert len(err.splitlines()) == 1


def test_unsafe_message_names_the_variable(run) -> None:
    _, _, err = run("grade", STUDENTS / "hidato_unsafe.lp", "--kind", "hidato", CORNERS)
    assert "'M' is unsafe" in err


def test_allow_scripts_lifts_the_refusal(run) -> None:
    status, _, err = run(
        "grade", STUDENTS / "hidato_script.lp", "--kind", "hidato", CORNERS, "--allow-scripts"
    )
    # clingo then runs the script, or says it has no Python support: either way not refused
    assert "--allow-scripts" not in err
    assert status in (0, 1, 2)


def test_missing_program_file(run) -> None:
    status, _, err = run("grade", "no-such.lp", "--kind", "hidato", CORNERS)
    assert (status, err) == (2, "error: no-such.lp: no such file\n")


def test_bad_instance_file(run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.hidoku"
    bad.write_text("1,_\n_,7\n")
    status, _, err = run("grade", STUDENTS / "hidato_plain.lp", "--kind", "hidato", bad)
    assert status == 2 and err.startswith(f"error: {bad}:2:")


def test_options_after_files_are_still_rejected(run) -> None:
    with pytest.raises(SystemExit) as stop:
        run("grade", STUDENTS / "hidato_plain.lp", "--kind", "hidato", CORNERS, "--bogus")
    assert stop.value.code == 2


# -- takuzu, when its kind module is there ---------------------------------------------


def test_takuzu_student_without_distinct_rows() -> None:
    if "takuzu" not in KINDS:
        pytest.skip("the takuzu kind is not registered yet")
    graded = grade_one(
        "takuzu_rows_may_repeat.lp", "takuzu", "instances/takuzu/letheed-grid1.takuzu"
    )
    assert graded.verdict == "wrong" and graded.wrong_example is not None
    assert graded.reference_count == 6  # published: 6 solutions (see the instance file)
    assert all("equal" in p for p in graded.wrong_example.problems)


# -- answers with deeply nested terms ----------------------------------------------------


def nested(depth: int, inner: str = "0") -> str:
    """The term f(f(...f(inner)...)), ``depth`` deep."""
    return "f(" * depth + inner + ")" * depth


def test_a_term_nested_300_deep_is_a_wrong_answer_not_a_crash(run, tmp_path: Path) -> None:
    """An answer set whose output atom holds a term 300 deep crossed the job's pipe by
    recursion and crashed the grader (exit 70). Source of truth: the atom as clingo
    prints it, and the rule checker, which cannot read it as a Hidato number."""
    program = tmp_path / "deep.lp"
    program.write_text((STUDENTS / "hidato_plain.lp").read_text() + f"number(0,0,{nested(300)}).\n")
    status, out, err = run("grade", program, "--kind", "hidato", CORNERS, "--format", "json")
    assert status == 1, err
    (instance,) = json.loads(out)["instances"]
    assert instance["verdict"] == "wrong"
    assert f"number(0,0,{nested(300)})" in instance["wrong_example"]["atoms"]


def test_run_program_hands_back_a_term_nested_300_deep(tmp_path: Path) -> None:
    """The workbench's run (grading.run_program): the answer comes back whole."""
    program = tmp_path / "deep.lp"
    program.write_text(f"p({nested(300)}).\n")
    result, _ = grading.run_program([str(program)])
    assert [[str(atom) for atom in answer] for answer in result.answers] == [[f"p({nested(300)})"]]


# -- which bundled instances, and their names -----------------------------------------------


def test_bundled_instances_are_named_kind_slash_file_wherever_lpsolve_runs(
    run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Away from the checkout (as for an installed lpsolve, whose instances live in
    site-packages) the report named each bundled instance by its full path."""
    program = ROOT / STUDENTS / "magic_plain.lp"
    monkeypatch.chdir(tmp_path)
    status, out, _ = run("grade", program, "--kind", "magic")
    assert status == 0
    bundled = grading.bundled_instances("magic")
    rows = re.findall(r"^(\S+)\s+correct\s", out, re.M)
    assert rows == [f"magic/{path.name}" for path in bundled]
    assert str(instances_dir()) not in out


def test_variants_are_graded_when_asked(run) -> None:
    """The tutorial's finished program knows plain Takuzu only: with --variants the
    Binairo Plus puzzle (its = and x signs ignored) has answers the reference has not,
    and of the Tohu-Wa-Vohu puzzle (repeated rows) it finds nothing."""
    step5 = ROOT / "docs" / "tutorial" / "step5.lp"
    status, out, _ = run(
        "grade", step5, "--kind", "takuzu", "--variants", "--max-solutions", "1"
    )  # fmt: skip
    assert status == 1
    assert re.search(r"^takuzu/binairo-plus-6x6.takuzu\s+wrong\s", out, re.M)
    assert re.search(r"^takuzu/tohu-wa-vohu-6x6.takuzu\s+missing\s", out, re.M)
    assert "Not graded" not in out
    total = len(grading.bundled_instances("takuzu"))
    assert f"on {total} takuzu instances: {total - 2} correct, 1 wrong, 1 missing" in out
