"""`lpsolve grade` and `lpsolve run` with hostile student programs: every way to
cheat or hang the grader through ``#include`` that the issue names, refused through
the command line with one clear line (the vetting itself: tests/test_sandbox.py).

Source of truth: the reference encodings grade PASS (tests/test_grade.py), so a
program that merely includes one would pass if it got through.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import clingo.ast
import pytest

from lpsolve.cli import main
from lpsolve.resources import encoding_path

from .conftest import ROOT

TAKUZU = "instances/takuzu/seed-8x8.takuzu"
STEP5 = ROOT / "docs" / "tutorial" / "step5.lp"


@pytest.fixture(autouse=True)
def in_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graders run from the checkout, where encodings/ sits in the working directory."""
    monkeypatch.chdir(ROOT)


def grade(program: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["grade", str(program), "--kind", "takuzu", TAKUZU])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def student(tmp_path: Path, text: str, name: str = "student.lp") -> Path:
    folder = tmp_path / "alice"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def test_including_the_installed_reference_is_refused(tmp_path, capsys) -> None:
    reference = encoding_path("takuzu.lp")
    relative = os.path.relpath(reference, tmp_path / "alice")
    for text in (f'#include "{reference}".\n', f'#include "{relative}".\n'):
        status, out, err = grade(student(tmp_path, text), capsys)
        assert status == 2 and out == ""
        assert err.startswith(f"error: {tmp_path / 'alice' / 'student.lp'}:1:1: #include")
        assert "only files in the program's own folder" in err
        assert len(err.splitlines()) == 1


def test_a_symlink_to_the_reference_is_refused(tmp_path, capsys) -> None:
    program = student(tmp_path, '#include "mine.lp".\n')
    (program.parent / "mine.lp").symlink_to(encoding_path("takuzu.lp"))
    status, _, err = grade(program, capsys)
    assert status == 2
    assert "only files in the program's own folder" in err


def test_the_working_directory_does_not_lend_the_reference(tmp_path, capsys) -> None:
    """clingo looks up a relative #include in the working directory first: here the
    checkout, where encodings/takuzu.lp is the reference. The student's own
    encodings/takuzu.lp (empty: every board is an answer, so it must FAIL) is used."""
    program = student(tmp_path, '#include "encodings/takuzu.lp".\n')
    (program.parent / "encodings").mkdir()
    (program.parent / "encodings" / "takuzu.lp").write_text("% nothing here\n")
    assert (ROOT / "encodings" / "takuzu.lp").is_file()  # the trap is set
    status, out, _ = grade(program, capsys)
    assert status == 1
    assert "FAIL" in out and "PASS" not in out


def test_devices_are_refused_at_once(tmp_path, capsys) -> None:
    for device in ("/dev/stdin", "/dev/zero"):
        timer = threading.Timer(20, os._exit, (99,))  # a hang must fail, not block CI
        timer.start()
        try:
            status, _, err = grade(student(tmp_path, f'#include "{device}".\n'), capsys)
        finally:
            timer.cancel()
        assert status == 2
        assert f'#include "{device}"' in err


def test_a_fifo_in_the_students_folder_is_refused(tmp_path, capsys) -> None:
    program = student(tmp_path, '#include "pipe.lp".\n')
    os.mkfifo(program.parent / "pipe.lp")
    status, _, err = grade(program, capsys)
    assert status == 2
    assert "pipe.lp" in err and "FIFO" in err.upper()


def test_existence_outside_is_not_revealed(tmp_path, capsys) -> None:
    messages = []
    for target in ("/etc/passwd", "/etc/no-such-file-here"):
        _, _, err = grade(student(tmp_path, f'#include "{target}".\n'), capsys)
        messages.append(err.replace(target, "TARGET"))
    assert messages[0] == messages[1]


def test_run_refuses_the_same(tmp_path, capsys) -> None:
    program = student(tmp_path, f'#include "{encoding_path("takuzu.lp")}".\n')
    assert main(["run", str(program), TAKUZU]) == 2
    assert "only files in the program's own folder" in capsys.readouterr().err


def test_own_folder_includes_work(tmp_path, capsys) -> None:
    """A legitimate split program: the student's own files (the tutorial's finished
    Takuzu program, a correct one of its own), also in a subfolder."""
    program = student(tmp_path, '#include "parts/rules.lp".\n')
    (program.parent / "parts").mkdir()
    (program.parent / "parts" / "rules.lp").write_text(STEP5.read_text())
    status, out, _ = grade(program, capsys)
    assert status == 0
    assert "PASS" in out


# -- lpsolve's own encodings, however they reach the student's folder ---------------------


def hard_link(tmp_path: Path, name: str = "student.lp") -> Path:
    path = tmp_path / "alice" / name
    path.parent.mkdir(exist_ok=True)
    os.link(encoding_path("takuzu.lp"), path)
    return path


def copy_of_the_reference(tmp_path: Path) -> Path:
    """The reference with its comments dropped, its statements in reverse order and a
    rule of the student's own: the same rules, in other bytes."""
    statements: list[str] = []
    clingo.ast.parse_files(
        [str(encoding_path("takuzu.lp"))],
        lambda s: statements.append(str(s)) if s.ast_type != clingo.ast.ASTType.Comment else None,
    )
    return student(tmp_path, "\n".join(reversed(statements)) + "\nmine(1).\n")


def split_reference(tmp_path: Path) -> Path:
    """The reference cut into two included parts, each a file of its own."""
    lines = encoding_path("takuzu.lp").read_text().splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if i > len(lines) // 2 and line == "\n")
    program = student(tmp_path, '#include "a.lp".\n#include "b.lp".\n')
    (program.parent / "a.lp").write_text("".join(lines[:cut]))
    (program.parent / "b.lp").write_text("".join(lines[cut:]))
    return program


def linked_part(tmp_path: Path) -> Path:
    program = student(tmp_path, '#include "rules.lp".\n')
    hard_link(tmp_path, "rules.lp")
    return program


def symbolic_link(tmp_path: Path) -> Path:
    """A symbolic link inside the folder to a hard link inside the folder."""
    link = hard_link(tmp_path, "rules.lp")
    program = tmp_path / "alice" / "student.lp"
    program.symlink_to(link.name)
    return program


@pytest.mark.parametrize(
    ("make", "named", "message"),
    [
        (hard_link, "student.lp", "is lpsolve's own encoding takuzu.lp"),
        (linked_part, "rules.lp", "is lpsolve's own encoding takuzu.lp"),
        (symbolic_link, "student.lp", "is lpsolve's own encoding takuzu.lp"),
        (copy_of_the_reference, "student.lp", "states every rule of lpsolve's own encoding"),
        (split_reference, "student.lp", "states every rule of lpsolve's own encoding"),
    ],
)
def test_the_installed_reference_is_refused_however_it_is_brought_in(
    tmp_path, capsys, make, named, message
) -> None:
    """Each way passed 13/13 (or the student's share) before: the program is the
    reference. Refused with one line at the student's file, before anything runs."""
    program = make(tmp_path)
    status, out, err = grade(program, capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"error: {program.parent / named}: {message}")
    assert len(err.splitlines()) == 1


def test_a_copy_of_another_kinds_encoding_is_refused_too(tmp_path, capsys) -> None:
    program = student(tmp_path, encoding_path("magic.lp").read_text())
    status, _, err = grade(program, capsys)
    assert status == 2 and "own encoding magic.lp" in err


def test_facts_header_keeps_a_newline_in_the_file_name(tmp_path, capsys) -> None:
    """A puzzle file whose name holds a newline and an ASP script: `lpsolve facts`
    prints it inside one comment line, so the output is facts only."""
    name = "x\n#script (python)\nimport os\n#end.\n.takuzu"
    puzzle = tmp_path / name
    puzzle.write_text((ROOT / TAKUZU).read_text())
    assert main(["facts", str(puzzle)]) == 0
    out = capsys.readouterr().out
    first, *rest = out.splitlines()
    assert first.startswith("% ") and "\\n#script" in first
    assert all(not line.startswith(("#", "%")) for line in rest)
    import clingo.ast

    statements: list[str] = []
    clingo.ast.parse_string(out, lambda s: statements.append(str(s.ast_type)))
    assert not any("Script" in s for s in statements)
