"""`lpsolve.sandbox`: a student's program is vetted before clingo opens any file it names.

Sources of truth: clingo 5.8 itself (each lexer case below is also parsed by clingo,
on a target that is harmless if it is a directive after all), the file system built
in ``tmp_path``, and the reference encodings of this checkout (the cheat's target).
"""

from __future__ import annotations

import os
import socket
import stat
import threading
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

import clingo
import clingo.ast
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lpsolve import sandbox
from lpsolve.errors import PuzzleError
from lpsolve.sandbox import (
    SCRIPT_REFUSED,
    comment_safe,
    in_program_folder,
    quote_asp_string,
    user_path,
    vet_program,
)

from .conftest import ROOT

REFERENCE = ROOT / "encodings" / "takuzu.lp"
T = TypeVar("T")


def promptly(call: Callable[[], T], seconds: float = 10.0) -> T:
    """``call()`` in a daemon thread: a regression that blocks (on a FIFO, on stdin)
    fails the test instead of hanging the suite."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def refusal(program: Path, **options: Any) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        promptly(lambda: vet_program(program, **options))
    return caught.value


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The student's folder; the working directory is elsewhere, as a grader's is."""
    student = tmp_path / "st"
    student.mkdir()
    return student


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def clingo_reads(program: Path) -> tuple[list[str], list[str]]:
    """(files, messages) as clingo's parser reads ``program`` in its folder."""
    files: list[str] = []
    messages: list[str] = []

    def collect(statement: clingo.ast.AST) -> None:
        name = statement.location.begin.filename
        if name not in files:
            files.append(name)

    # on a syntax error, what clingo read up to there is what counts
    with in_program_folder(program) as name, suppress(RuntimeError):
        clingo.ast.parse_files([name], collect, logger=lambda _c, text: messages.append(text))
    return files, messages


def solve(program: Path) -> list[str]:
    """The one answer set of the vetted program, loaded the way the sandbox asks."""
    vet_program(program)
    ctl = clingo.Control()
    with in_program_folder(program) as name:
        ctl.load(name)
    ctl.ground([("base", [])])
    answers: list[list[str]] = []
    ctl.solve(on_model=lambda m: answers.append(sorted(map(str, m.symbols(atoms=True)))))
    assert len(answers) == 1
    return answers[0]


def outside_message(program: Path, name: str, folder: Path) -> str:
    return (
        f'{program}:1:1: #include "{name}": only files in the program\'s own folder '
        f"({os.path.realpath(folder)}) may be included"
    )


# -- the cheat: including the reference encoding --------------------------------------------


def test_the_cheat_is_real_without_vetting(folder: Path) -> None:
    """What the sandbox prevents: clingo includes a file by any relative path."""
    assert REFERENCE.is_file()
    name = os.path.relpath(REFERENCE, folder)
    program = write(folder / "st.lp", f'#include "{name}".\n')
    files, _ = clingo_reads(program)
    assert name in files


def test_reference_by_dotdot_is_refused(folder: Path) -> None:
    name = os.path.relpath(REFERENCE, folder)
    assert name.startswith("../")
    program = write(folder / "st.lp", f'#include "{name}".\n')
    assert str(refusal(program)) == outside_message(program, name, folder)


def test_reference_by_absolute_path_is_refused(folder: Path) -> None:
    program = write(folder / "st.lp", f'#include "{REFERENCE}".\n')
    assert str(refusal(program)) == outside_message(program, str(REFERENCE), folder)


def test_reference_by_symlink_in_the_folder_is_refused(folder: Path) -> None:
    (folder / "mine.lp").symlink_to(REFERENCE)
    (folder / "enc").symlink_to(REFERENCE.parent)
    program = write(folder / "st.lp", '#include "mine.lp".\n')
    assert str(refusal(program)) == outside_message(program, "mine.lp", folder)
    write(program, '#include "enc/takuzu.lp".\n')
    assert str(refusal(program)) == outside_message(program, "enc/takuzu.lp", folder)


def test_relative_symlink_out_and_dotdot_through_a_subfolder(folder: Path) -> None:
    (folder / "up.lp").symlink_to(Path("..") / "outside.lp")
    write(folder.parent / "outside.lp", "a.\n")
    write(folder / "sub" / "x.lp", "x.\n")
    program = write(folder / "st.lp", '#include "up.lp".\n')
    assert "only files in the program's own folder" in str(refusal(program))
    write(program, '#include "sub/../../outside.lp".\n')
    assert "only files in the program's own folder" in str(refusal(program))


def test_program_that_is_a_symlink_out_is_refused(folder: Path) -> None:
    program = folder / "st.lp"
    program.symlink_to(REFERENCE)
    error = refusal(program)
    assert error.source == str(program)
    assert "the program is a symbolic link out of its folder" in error.message


def test_the_graders_working_directory_is_not_searched(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """clingo looks up a relative #include in the working directory first: run in the
    checkout, "encodings/takuzu.lp" is the reference even when the student's folder
    has a harmless file of that name. In the program's folder, clingo reads the
    student's file, the one that was vetted."""
    monkeypatch.chdir(ROOT)
    write(folder / "encodings" / "takuzu.lp", "harmless.\n")
    program = write(folder / "st.lp", '#include "encodings/takuzu.lp".\n')
    plain: list[tuple[str, str]] = []
    clingo.ast.parse_files(
        [str(program)], lambda s: plain.append((s.location.begin.filename, str(s)))
    )
    assert ("encodings/takuzu.lp", "harmless.") not in plain  # read from the checkout:
    assert len([s for name, s in plain if name == "encodings/takuzu.lp"]) > 10  # the reference
    assert vet_program(program) == [program.resolve(), (folder / "encodings/takuzu.lp").resolve()]
    assert solve(program) == ["harmless"]
    assert Path.cwd() == ROOT  # the working directory is given back


# -- files that block or leak -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["/dev/stdin", "/dev/zero", "/proc/self/fd/0"])
def test_devices_outside_are_refused(folder: Path, name: str) -> None:
    program = write(folder / "st.lp", f'#include "{name}".\n')
    assert str(refusal(program)) == outside_message(program, name, folder)


def test_symlink_to_a_device_is_refused(folder: Path) -> None:
    (folder / "zero.lp").symlink_to("/dev/zero")
    program = write(folder / "st.lp", '#include "zero.lp".\n')
    assert str(refusal(program)) == outside_message(program, "zero.lp", folder)


def test_fifo_in_the_folder_is_refused_promptly(folder: Path) -> None:
    fifo = folder / "pipe.lp"
    os.mkfifo(fifo)
    program = write(folder / "st.lp", 'a.\n#include "pipe.lp".\n')
    try:
        error = refusal(program)
    finally:
        # a regression blocked on the FIFO: give it a writer, so that the reader ends
        with suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert str(error) == f'{program}:2:1: #include "pipe.lp": not a regular file (a FIFO)'


def test_fifo_as_the_program_is_refused(folder: Path) -> None:
    os.mkfifo(folder / "st.lp")
    error = refusal(folder / "st.lp")
    assert error.message == "not a regular file (a FIFO)"


def test_directory_socket_and_device_are_refused(folder: Path) -> None:
    (folder / "dir.lp").mkdir()
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(folder / "sock.lp"))
        for name, kind in (("dir.lp", "a directory"), ("sock.lp", "a socket"), ("", "a directory")):
            program = write(folder / "st.lp", f'#include "{name}".\n')
            assert refusal(program).message == f'#include "{name}": not a regular file ({kind})'
    try:
        os.mknod(folder / "null.lp", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("cannot create a device here")
    program = write(folder / "st.lp", '#include "null.lp".\n')
    assert refusal(program).message == '#include "null.lp": not a regular file (a character device)'
    os.mknod(folder / "disk.lp", stat.S_IFBLK | 0o600, os.makedev(7, 0))
    write(program, '#include "disk.lp".\n')
    assert refusal(program).message == '#include "disk.lp": not a regular file (a block device)'
    assert sandbox._file_type(0) == "a special file"  # a type Linux does not have


def test_dash_is_standard_input_to_clingo(folder: Path) -> None:
    write(folder / "-", "a.\n")  # even so, clingo would read stdin for "-"
    program = write(folder / "st.lp", '#include "-".\n')
    assert refusal(program).message == '#include "-": clingo reads "-" as standard input'


def test_existing_and_missing_files_outside_look_the_same(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No existence oracle: the same message, and nothing outside is even looked at."""
    touched: list[str] = []
    real_lstat, real_open, real_readlink = os.lstat, os.open, os.readlink

    def spy(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            touched.append(os.fsdecode(path))
            return real(path, *args, **kwargs)

        return call

    (folder / "pw.lp").symlink_to("/etc/passwd")
    (folder / "no.lp").symlink_to("/etc/nonexistent")
    messages = []
    for name in ["/etc/passwd", "/etc/nonexistent", "pw.lp", "no.lp"]:
        program = write(folder / "st.lp", f'x.\n\n  #include "{name}".\n')
        monkeypatch.setattr(os, "lstat", spy(real_lstat))
        monkeypatch.setattr(os, "open", spy(real_open))
        monkeypatch.setattr(os, "readlink", spy(real_readlink))
        error = refusal(program)
        monkeypatch.undo()
        assert (error.line, error.col) == (3, 3)
        messages.append(str(error).replace(name, "NAME"))
    assert len(set(messages)) == 1
    assert os.path.exists("/etc/passwd") and not os.path.exists("/etc/nonexistent")
    assert not [path for path in touched if path.startswith("/etc")]


# -- what is allowed ---------------------------------------------------------------------------


def test_sibling_and_subfolder_includes_are_solved_together(folder: Path) -> None:
    write(folder / "facts.lp", "b.\n")
    write(folder / "sub" / "rules.lp", 'c :- b.\n#include "more.lp".\n')
    write(folder / "sub" / "more.lp", "d :- c.\n")  # found beside its includer
    program = write(folder / "st.lp", 'a.\n#include "facts.lp".\n#include "sub/rules.lp".\n')
    files = vet_program(program)
    assert files == [
        (folder / name).resolve() for name in ("st.lp", "facts.lp", "sub/rules.lp", "sub/more.lp")
    ]
    assert solve(program) == ["a", "b", "c", "d"]
    names, _ = clingo_reads(program)
    assert [user_path(name, program) for name in names] == [str(folder / "st.lp")] + [
        str(folder / name) for name in ("facts.lp", "sub/rules.lp", "sub/more.lp")
    ]


def test_absolute_path_and_symlink_inside_the_folder_are_allowed(folder: Path) -> None:
    write(folder / "facts.lp", "b.\n")
    (folder / "alias.lp").symlink_to("facts.lp")
    program = write(folder / "st.lp", f'#include "{folder.resolve()}/facts.lp".\na.\n')
    assert vet_program(program) == [program.resolve(), (folder / "facts.lp").resolve()]
    write(program, '#include "alias.lp".\na.\n')
    assert vet_program(program) == [program.resolve(), (folder / "facts.lp").resolve()]
    assert solve(program) == ["a", "b"]


def test_incmode_is_allowed(folder: Path) -> None:
    program = write(folder / "st.lp", "#include <incmode>.\n#include < incmode >.\na.\n")
    assert vet_program(program) == [program.resolve()]
    assert solve(program) == ["a"]


def test_cycles_and_reincludes_read_each_file_once(folder: Path) -> None:
    write(folder / "a.lp", 'a.\n#include "b.lp".\n')
    write(folder / "b.lp", 'b.\n#include "a.lp".\n#include "./a.lp".\n#include "st.lp".\n')
    (folder / "again.lp").symlink_to("b.lp")
    program = write(folder / "st.lp", '#include "a.lp".\n#include "again.lp".\n#include "st.lp".\n')
    files = vet_program(program)
    assert files == [(folder / name).resolve() for name in ("st.lp", "a.lp", "b.lp")]
    names, messages = clingo_reads(program)
    assert names == ["st.lp", "a.lp", "b.lp"]  # clingo, too, reads each once
    assert sum("already included" in m for m in messages) == 5
    assert solve(program) == ["a", "b"]


# -- clingo's lexer: what is and is not a directive --------------------------------------------

# What the vetting makes of it: an include (refused, "missing.lp" does not exist), no
# directive, or a malformed one (clingo has an #include token there: a syntax error).
INCLUDE, NONE, MALFORMED = "include", "none", "malformed"
LEXER_CASES = [
    # (text, outcome)
    ('#include "missing.lp".\n', INCLUDE),
    ('#include %c\n  %* c *% "missing.lp" % c\n .\n', INCLUDE),
    ('#include\r"missing.lp"\r.\n', INCLUDE),
    ('% #include "missing.lp".\n', NONE),
    ('#! #include "missing.lp".\n', NONE),
    ('x. #! #include "missing.lp".\n', NONE),
    ('%* #include "missing.lp". *%\n', NONE),
    ('%* a %* nested *% #include "missing.lp". *%\n', NONE),  # block comments nest
    ('%* a % a line comment hides *% \n#include "missing.lp". *%\n', NONE),
    ('%* a % \n *% #include "missing.lp".\n', INCLUDE),
    ('% %* is no block comment in a line comment\n#include "missing.lp".\n', INCLUDE),
    ('%******** a banner opens a block comment\n#include "missing.lp".\n', NONE),
    ('%* unterminated\n#include "missing.lp".\n', NONE),
    ('p("#include \\"missing.lp\\".").\n', NONE),
    ('p("\\\\"). #include "missing.lp".\n', INCLUDE),  # "\\" is one backslash: string ends
    ('p("\\t #include "). #include "missing.lp".\n', MALFORMED),  # \t: no escape, " an error
    ('p("\\t"). #include "missing.lp".\n', NONE),  # the 2nd " opens '"). #include "'
    ('#includex "missing.lp".\n', NONE),  # one unknown keyword
    ('x :- . #include "missing.lp".\n', INCLUDE),  # after a syntax error, still included
    ('#script (python)\nx = "%*"\n#end.\n#include "missing.lp".\n', INCLUDE),
    ('#script (python)\n#include "missing.lp".\n#end.\n', NONE),  # script code
]


@pytest.mark.parametrize(("text", "outcome"), LEXER_CASES)
def test_lexer_agrees_with_clingo(folder: Path, text: str, outcome: str) -> None:
    program = write(folder / "st.lp", text)
    _, messages = clingo_reads(program)
    assert any("missing.lp" in m for m in messages) == (outcome == INCLUDE)  # clingo's view
    if outcome == NONE:
        assert promptly(lambda: vet_program(program, allow_scripts=True)) == [program.resolve()]
        return
    error = refusal(program, allow_scripts=True)
    if outcome == INCLUDE:
        assert error.message == '#include "missing.lp": no such file in the program\'s folder'
    else:
        assert error.message.startswith("#include must be followed by a file name")
        assert any("error" in m for m in messages)


def test_directive_place_is_clingos(folder: Path) -> None:
    program = write(folder / "st.lp", 'p("é").\t#include "missing.lp".\n')
    _, messages = clingo_reads(program)
    error = refusal(program)
    assert f"st.lp:{error.line}:{error.col}-" in messages[0]  # columns count bytes
    assert (error.line, error.col) == (1, 10)


@pytest.mark.parametrize(
    "text",
    [
        '#include "b.lp"..\n',
        '#include "b.lp"\n',
        "#include b.\n",
        "#include <incmode.\n",
        "#include <Incmode>.\n",
        "#include",
        "a :- b. #include #include.\n",
    ],
)
def test_malformed_include_is_refused(folder: Path, text: str) -> None:
    program = write(folder / "st.lp", text)
    error = refusal(program)
    assert error.message == (
        "#include must be followed by a file name in double quotes (or <incmode>) and a period"
    )
    _, messages = clingo_reads(program)
    assert any("error" in m for m in messages)  # clingo rejects them too


def test_library_include_is_refused(folder: Path) -> None:
    program = write(folder / "st.lp", "#include <foo>.\n")
    assert refusal(program).message.startswith(
        "#include <foo>: clingo has no such library; only <incmode> and files in the "
        "program's own folder"
    )


# -- #script ------------------------------------------------------------------------------------


def test_script_in_an_included_file_is_found_at_its_place(folder: Path) -> None:
    write(folder / "sub" / "helper.lp", "h.\n% #script in a comment\n  #script (python)\n#end.\n")
    program = write(folder / "st.lp", '#include "sub/helper.lp".\n')
    error = refusal(program)
    assert str(error) == f"{folder / 'sub' / 'helper.lp'}:3:3: {SCRIPT_REFUSED}"
    assert vet_program(program, allow_scripts=True)[-1] == (folder / "sub/helper.lp").resolve()


def test_script_word_in_comment_or_string_is_no_script(folder: Path) -> None:
    program = write(folder / "st.lp", '% #script (python)\np("#script (python)").\n')
    assert vet_program(program) == [program.resolve()]


def test_allowed_script_body_is_skipped_and_includes_after_it_are_vetted(folder: Path) -> None:
    write(folder / "b.lp", "b.\n")
    body = '#script (python)\ns = "%* \\" #include"\n#end.\n'
    program = write(folder / "st.lp", body + '#include "b.lp".\n')
    assert vet_program(program, allow_scripts=True)[-1] == (folder / "b.lp").resolve()
    write(program, body + '#include "/dev/stdin".\n')
    assert "only files in the program's own folder" in refusal(program, allow_scripts=True).message


def test_script_inside_a_theory_atom_is_refused(folder: Path) -> None:
    """In a theory atom clingo does not read ``#script`` as a script, so a lexer that
    skipped a script body there would miss the #include clingo reads."""
    write(folder / "b.lp", "included.\n")
    text = '&a{ #script (python) } . %* #end *%* y. #include "b.lp". *%\n'
    program = write(folder / "st.lp", text)
    names, _ = clingo_reads(program)
    assert "b.lp" in names  # clingo includes it
    error = refusal(program, allow_scripts=True)
    assert error.message.startswith("a #script block must start a statement")
    assert (error.line, error.col) == (1, 5)
    write(program, "a :- &a{} = x +. #script (python)\n#end.\n")  # "+." is one theory operator
    assert refusal(program, allow_scripts=True).message.startswith("a #script block must start")


def test_script_after_a_statement_is_allowed(folder: Path) -> None:
    program = write(
        folder / "st.lp", "a.\n#script (python)\nx = 1\n#end.\n&a{} = x. #script (lua) #end."
    )
    assert vet_program(program, allow_scripts=True) == [program.resolve()]


# -- what clingo could not take -----------------------------------------------------------------


def test_non_ascii_outside_strings_is_refused(folder: Path) -> None:
    """clingo's lexer error quotes one byte of it, which its Python logger cannot
    decode: the process aborts. In a string or comment it is fine."""
    program = write(folder / "st.lp", 'p("é"). % é\n%* é *%\nq.\n  é.\n')
    error = refusal(program)
    assert (error.line, error.col) == (4, 3)
    assert (
        error.message
        == 'the character "é" outside a string or comment: clingo cannot read it there'
    )
    write(program, "#script é (python)\n#end.\n")  # in the body it would be code
    assert "the character" in refusal(program, allow_scripts=True).message
    write(program, 'p("é"). % é\n')
    assert vet_program(program) == [program.resolve()]


def test_nul_and_non_utf8_are_refused(folder: Path) -> None:
    program = write(folder / "st.lp", b'a.\nb("x\xff").\n')
    assert str(refusal(program)) == f"{program}:2:5: the file is not UTF-8 text (byte 0xff)"
    write(program, b"a.\n\x00")
    assert str(refusal(program)) == f"{program}:2:1: the file contains a NUL byte"


# -- bounds and other refusals ------------------------------------------------------------------


def test_too_many_files(folder: Path) -> None:
    for i in range(3):
        write(folder / f"f{i}.lp", f'#include "f{i + 1}.lp".\n')
    write(folder / "f3.lp", "end.\n")
    program = folder / "f0.lp"
    assert len(vet_program(program)) == 4
    error = refusal(program, max_files=3)
    assert str(error) == (
        f'{folder / "f2.lp"}:1:1: #include "f3.lp": the program would consist of more than 3 files'
    )


def test_too_many_bytes(folder: Path) -> None:
    write(folder / "big.lp", "a.\n" * 600)
    program = write(folder / "st.lp", '#include "big.lp".\n')
    assert len(vet_program(program, max_bytes=2000)) == 2
    error = refusal(program, max_bytes=1000)
    assert (
        error.message == '#include "big.lp": the program\'s files would be larger than 1000 bytes'
    )
    assert refusal(program, max_bytes=5).message == (
        "the program's files would be larger than 5 bytes"
    )


def test_missing_program_and_missing_include(folder: Path) -> None:
    assert str(refusal(folder / "nope.lp")) == f"{folder / 'nope.lp'}: no such file"
    assert refusal(folder / "nodir" / "st.lp").message == "no such file"
    program = write(folder / "st.lp", '#include "sub/missing.lp".\n')
    assert refusal(program).message == (
        '#include "sub/missing.lp": no such file in the program\'s folder'
    )
    write(folder / "f.lp", "f.\n")
    write(program, '#include "f.lp/".\n')  # a file is no directory: clingo cannot open it
    assert refusal(program).message == '#include "f.lp/": no such file in the program\'s folder'


def test_symlink_loop_is_refused(folder: Path) -> None:
    (folder / "a.lp").symlink_to("b.lp")
    (folder / "b.lp").symlink_to("a.lp")
    program = write(folder / "st.lp", '#include "a.lp".\n')
    assert refusal(program).message == '#include "a.lp": too many levels of symbolic links'


def test_unreadable_files_are_refused(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated EACCES (the tests may run as root, who can read anything)."""
    write(folder / "locked" / "x.lp", "x.\n")
    write(folder / "secret.lp", "s.\n")
    program = write(folder / "st.lp", '#include "locked/x.lp".\n')
    real_lstat, real_open = os.lstat, os.open

    def lstat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if os.fsdecode(path).endswith("locked/x.lp"):
            raise PermissionError(13, "Permission denied")
        return real_lstat(path, *args, **kwargs)

    def open_(path: Any, *args: Any, **kwargs: Any) -> int:
        if os.fsdecode(path).endswith("secret.lp"):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "lstat", lstat)
    monkeypatch.setattr(os, "open", open_)
    assert refusal(program).message == '#include "locked/x.lp": cannot be read (permission denied)'
    write(program, '#include "secret.lp".\n')
    assert refusal(program).message == '#include "secret.lp": cannot be read (Permission denied)'


def test_a_file_swapped_after_its_check_is_refused(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(folder / "b.lp", "b.\n")
    write(folder / "c.lp", "c.\n")
    program = write(folder / "st.lp", '#include "b.lp".\n')
    real_walk = sandbox._walk

    def stale(root: str, name: str) -> sandbox._Found:
        found = real_walk(root, name)
        if name == "b.lp":  # as if b.lp were replaced between the check and the open
            return sandbox._Found("file", found.path, os.lstat(folder / "c.lp"))
        return found

    monkeypatch.setattr(sandbox, "_walk", stale)
    assert refusal(program).message == '#include "b.lp": the file changed while it was vetted'


def test_a_file_that_grows_after_its_size_check_is_refused(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(folder / "big.lp", "a.\n" * 600)
    program = write(folder / "st.lp", '#include "big.lp".\n')
    real_walk = sandbox._walk

    def small(root: str, name: str) -> sandbox._Found:
        found = real_walk(root, name)
        if name == "big.lp" and found.stat is not None:  # its size when it was looked at
            fields = list(found.stat[:10])
            fields[stat.ST_SIZE] = 3
            return sandbox._Found("file", found.path, os.stat_result(fields))
        return found

    monkeypatch.setattr(sandbox, "_walk", small)
    assert refusal(program, max_bytes=1000).message == (
        '#include "big.lp": the program\'s files would be larger than 1000 bytes'
    )


def test_file_names_in_errors_are_escaped(folder: Path) -> None:
    write(folder / "we\x1bird\n.lp", "#script (python)\n#end.\n")
    program = write(folder / "st.lp", '#include "we\x1bird\\n.lp".\n')
    error = refusal(program)
    assert error.source == f"{folder}/we\\x1bird\\n.lp"
    assert (error.line, error.col, error.message) == (1, 1, SCRIPT_REFUSED)


# -- the second line of defence: clingo's own parser --------------------------------------------


def test_crosscheck_catches_an_include_the_lexer_missed(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(folder / "b.lp", "b.\n")
    program = write(folder / "st.lp", 'a.\n#include "b.lp".\n')
    real_tokens = sandbox._tokens
    monkeypatch.setattr(
        sandbox, "_tokens", lambda text: (t for t in real_tokens(text) if t.kind != "include")
    )
    error = refusal(program)
    assert error.message == "clingo read a file the vetting did not see: b.lp"
    assert (error.source, error.line, error.col) == (str(folder / "b.lp"), 1, 1)


def test_crosscheck_catches_a_script_the_lexer_missed(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = write(folder / "st.lp", "a.\n#script (python)\n#end.\n")
    real_tokens = sandbox._tokens
    monkeypatch.setattr(
        sandbox, "_tokens", lambda text: (t for t in real_tokens(text) if t.kind != "script")
    )
    assert str(refusal(program)) == f"{program}:2:1: {SCRIPT_REFUSED}"


def test_syntax_errors_are_left_to_loading(folder: Path) -> None:
    program = write(folder / "st.lp", "a :- .\n")
    assert vet_program(program) == [program.resolve()]


# -- writing names into ASP ---------------------------------------------------------------------

_TEXT = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\0"))


@given(_TEXT)
def test_quote_asp_string_round_trips_through_clingo(text: str) -> None:
    assert clingo.parse_term(quote_asp_string(text)).string == text


@given(_TEXT)
def test_quoted_name_cannot_break_out_of_a_fact(text: str) -> None:
    statements: list[str] = []
    clingo.ast.parse_string(
        f"source({quote_asp_string(text)}).", lambda s: statements.append(str(s))
    )
    assert statements[1:] == [f"source({quote_asp_string(text)})."]


def test_quote_asp_string_refuses_what_clingo_cannot_hold() -> None:
    assert quote_asp_string('a\\b"c\nd') == '"a\\\\b\\"c\\nd"'
    for text in ("a\0b", os.fsdecode(b"\xff.lp")):
        with pytest.raises(ValueError):
            quote_asp_string(text)


@given(st.text())
def test_comment_safe_is_one_safe_line(text: str) -> None:
    safe = comment_safe(text)
    assert "\n" not in safe and "\r" not in safe
    assert len(safe.splitlines()) <= 1
    safe.encode("utf-8")  # printable, even for an undecodable file name
    statements: list[str] = []
    clingo.ast.parse_string(f"% FILE: {safe}\nx.", lambda s: statements.append(str(s)))
    assert statements[-1] == "x."


def test_comment_safe_escapes() -> None:
    assert comment_safe("a\nb\\c\x1b[31m\u202eé") == "a\\nb\\\\c\\x1b[31m\\u202eé"
    assert comment_safe(os.fsdecode(b"x\xff.lp")) == "x\\xff.lp"


def test_user_path_maps_clingos_names() -> None:
    program = "st/main.lp"
    assert user_path("main.lp", program) == "st/main.lp"
    assert user_path("sub/c.lp", program) == "st/sub/c.lp"
    assert user_path("./c.lp", program) == "st/c.lp"
    assert user_path("/abs/x.lp", program) == "/abs/x.lp"
    assert user_path("<incmode>", program) == "<incmode>"
