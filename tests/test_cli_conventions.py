"""Conventions a user of command-line tools expects: standard input as ``-``, options
anywhere, the command's own usage on a mistake, versions, a new secret each game."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import clingo
import pytest

import lpsolve
from lpsolve import cli
from lpsolve.cli.common import EXIT_BAD_INPUT, EXIT_DISAGREE, EXIT_STOPPED
from lpsolve.kinds.mastermind import score

from .conftest import INSTANCES, ROOT
from .help_examples import examples, exit_statuses, parsers, run_examples

SEED_8X8 = INSTANCES / "takuzu" / "seed-8x8.takuzu"


def lpsolve_command(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lpsolve", *map(str, args)],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("command", ["solve", "check", "facts", "draw"])
def test_standard_input_reads_like_the_file(command) -> None:
    from_file = lpsolve_command(command, SEED_8X8)
    from_stdin = lpsolve_command(command, "-", "--kind", "takuzu", stdin=SEED_8X8.read_bytes())
    assert from_stdin.returncode == from_file.returncode == 0
    expected = from_file.stdout.decode().replace(str(SEED_8X8), "<stdin>")
    if command in ("solve", "check"):  # timings differ
        expected, got = expected.split("(")[0], from_stdin.stdout.decode().split("(")[0]
    else:
        got = from_stdin.stdout.decode()
    assert got == expected


def test_standard_input_splits_and_checkpoints(tmp_path) -> None:
    checkpoint = tmp_path / "count.jsonl"
    empty = b"......\n" * 6
    done = lpsolve_command(
        "solve", "-", "--kind", "takuzu", "--count", "--jobs", "2", "--checkpoint", checkpoint,
        stdin=empty,
    )  # fmt: skip
    assert done.returncode == 0 and done.stdout.decode().startswith("4,140 solutions")
    again = lpsolve_command(
        "solve", "-", "--kind", "takuzu", "--count", "--checkpoint", checkpoint, stdin=empty
    )
    assert again.returncode == 0 and "resumed from" in again.stdout.decode()


@pytest.mark.parametrize(
    ("stdin", "options", "message"),
    [
        (b"0101\n", [], "error: <stdin>: standard input has no file extension: give --kind"),
        (b"01x\n", ["--kind", "takuzu"], "error: <stdin>:1:3: unexpected 'x'"),
        (b"\xff\n", ["--kind", "takuzu"], "error: <stdin>:1:1: not UTF-8 text"),
    ],
)
def test_bad_standard_input_is_named_stdin(stdin, options, message) -> None:
    done = lpsolve_command("solve", "-", *options, stdin=stdin)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.startswith(message) and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["solve", "x.takuzu", "--bogus"], "lpsolve solve: error: unrecognized arguments: --bogus"),
        (["solve"], "lpsolve solve: error: the following arguments are required: FILE"),
        ([], "lpsolve: error: the following arguments are required: COMMAND"),
        (["solve", "x.hidoku", "--limit", "0"], "lpsolve solve: error: argument --limit: "),
        (["batch", "x", "--jobs", "x"], "lpsolve batch: error: argument --jobs: "),
    ],
)
def test_a_usage_error_is_one_line_pointing_to_the_help(argv, expected, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    err = capsys.readouterr().err
    command = " ".join(["lpsolve", *argv[:1]])
    assert stopped.value.code == 2 and err.startswith(expected)
    assert err.endswith(f" (see {command} --help)\n") and err.count("\n") == 1


def test_version_names_the_solvers(capsys) -> None:
    with pytest.raises(SystemExit):
        lpsolve.cli.main(["--version"])
    out = capsys.readouterr().out.strip()
    constraint = version("python-constraint2")
    expected = f"clingo {clingo.__version__}, python-constraint {constraint}"
    assert out == f"lpsolve {lpsolve.__version__} ({expected})"


def test_a_game_file_may_follow_the_options(run) -> None:
    game = INSTANCES / "mastermind" / "classic-4x6.mastermind"
    before = run("mastermind", game, "--count")
    after = run("mastermind", "--count", game)
    assert before[0] == after[0] == 0 and before[1].split("(")[0] == after[1].split("(")[0]
    done = lpsolve_command("mastermind", "play", "--codemaker", game)
    assert done.returncode == 0 and b"the secret was:" in done.stdout
    status, _, err = run("mastermind", "--count", game, game)
    assert status == 2 and "unexpected argument" in err


def secret(*options: str) -> str:
    done = lpsolve_command("mastermind", "play", "--codemaker", *options)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode().rsplit("the secret was:", 1)[1].strip()


def test_play_keeps_a_new_secret_each_game_unless_seeded() -> None:
    # 1,296 classic codes: four games all with one secret would be a 1 in 2.8e12 chance
    assert len({secret() for _ in range(4)}) > 1
    assert secret("--seed", "7") == secret("--seed", "7")


@pytest.mark.parametrize("name", ["seed-10x10.hidoku"])
def test_hidato_rows_may_be_separated_by_spaces(tmp_path, name) -> None:
    text = (INSTANCES / "hidato" / name).read_text()
    spaced = tmp_path / name
    spaced.write_text(text.replace(",", " "))
    a, b = lpsolve.load(INSTANCES / "hidato" / name), lpsolve.load(spaced)
    assert (a.cells, a.givens, a.adjacency) == (b.cells, b.givens, b.adjacency)
    holes = lpsolve.parse("1 _ _\n_ X _\n_ _ 8\n", ".hidoku")
    assert holes.cells == lpsolve.parse("1,_,_\n_,X,_\n_,_,8\n", ".hidoku").cells
    assert (
        lpsolve.count(holes).count
        == lpsolve.count(lpsolve.parse("1,_,_\n_,X,_\n_,_,8\n", ".hidoku")).count
    )


def test_a_ragged_spaced_hidato_row_is_named(run, tmp_path) -> None:
    path = tmp_path / "ragged.hidoku"
    path.write_text("1 _ _\n_ _\n")
    status, _, err = run("solve", path)
    assert status == 2 and f"{path}:2:4: row has 2 fields, expected 3" in err


PARSERS = parsers()
HELPS = {path: parser.format_help() for path, parser in PARSERS.items()}
WITH_EXAMPLES = [path for path, text in HELPS.items() if examples(text)]


def help_of(command: str) -> str:
    return HELPS[(command,)]


@pytest.mark.parametrize(
    "path", WITH_EXAMPLES, ids=[" ".join(p) or "lpsolve" for p in WITH_EXAMPLES]
)
def test_every_help_example_runs_in_any_folder(tmp_path, path) -> None:
    """The examples of each --help, run in a shell in an empty folder, one after the
    other (an example may read the file one before it wrote): each answers (a status
    its command's table lists, not an error) and prints something or writes a file."""
    lines = examples(HELPS[path])
    problems = run_examples(lines, tmp_path, Path(sys.executable).parent, help_of)
    assert not problems, problems


def test_every_argument_has_a_help_line() -> None:
    missing = [
        f"{' '.join(['lpsolve', *path])} {'/'.join(action.option_strings) or action.dest}"
        for path, parser in PARSERS.items()
        for action in parser._actions
        if not action.help or action.help == argparse.SUPPRESS
    ]
    missing += [
        f"{' '.join(['lpsolve', *path])}: command {choice.dest}"
        for path, parser in PARSERS.items()
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for choice in action._choices_actions
        if not choice.help
    ]
    assert not missing


def options_of(path: tuple[str, ...]) -> set[str]:
    return {option for action in PARSERS[path]._actions for option in action.option_strings}


@pytest.mark.parametrize("path", list(PARSERS), ids=[" ".join(p) or "lpsolve" for p in PARSERS])
def test_a_help_lists_only_exit_statuses_its_command_can_end_with(path) -> None:
    """Tied to what the command takes: 4 (backends disagree) only with --cross-check,
    3 (stopped) only with a time limit or a long-running job to stop, 1 (no answer)
    only where there is a search; a command that only prints (facts, encoding,
    schema) has no table."""
    table = exit_statuses(HELPS[path])
    options = options_of(path)
    command = " ".join(path)
    if "--cross-check" not in options:
        assert EXIT_DISAGREE not in table, command
    if not options & {"--timeout", "--time-limit"}:
        assert EXIT_STOPPED not in table, command
    if command in ("facts", "encoding", "schema", "bench"):
        assert table == {}, command
    if table:
        assert EXIT_BAD_INPUT in table, command  # every command that takes input
    assert (EXIT_DISAGREE in table) == ("--cross-check" in options), command


# -- cells named as the file shows them ------------------------------------------------


def grid_positions(text: str) -> dict[str, tuple[int, int]]:
    """Each number of a grid file (fields split by commas or spaces) at its (row, col)
    from 1, as a reader counts them in the file (header and comment lines are not rows)."""
    rows = [line for line in text.splitlines() if line.strip() and ":" not in line]
    rows = [row for row in rows if not row.lstrip().startswith("#")]
    return {
        token.strip(): (r, c)
        for r, row in enumerate(rows, 1)
        for c, token in enumerate(row.replace(",", " ").split(), 1)
        if token.strip().isdigit()
    }


@pytest.mark.parametrize(
    "name",
    ["hidato/seed003-hex-19-typed.hidato", "hidato/seed-10x10.hidoku", "magic/seed-5x5.magic"],
)
def test_grid_cells_are_named_by_row_and_column_as_in_the_file(name) -> None:
    """One convention for every kind: "(row R, col C)" from 1, where the file shows
    the cell; a hex grid's offset rows counted as typed, not by axial coordinates."""
    path = INSTANCES / name
    puzzle = lpsolve.load(path)
    where = grid_positions(path.read_text())
    clues = puzzle.clues()
    assert clues
    for clue in clues:
        r, c = where[clue.value]
        assert clue.text == f"{clue.value} at (row {r}, col {c})"


def test_json_cells_are_named_by_their_coordinates() -> None:
    path = INSTANCES / "hidato" / "seed003-hex-19.json"
    data = json.loads(path.read_text())
    puzzle = lpsolve.load(path)
    texts = {clue.text for clue in puzzle.clues()}
    assert texts == {f"{n} at [{x}, {y}]" for x, y, n in data["givens"]}


def test_takuzu_cells_are_named_by_row_and_column(tmp_path) -> None:
    path = tmp_path / "t.takuzu"
    path.write_text("....\n..1.\n....\n0...\n")
    texts = {clue.text for clue in lpsolve.load(path).clues()}
    assert texts == {"1 at (row 2, col 3)", "0 at (row 4, col 1)"}


# -- progress on a terminal only -------------------------------------------------------

SCRIPT = shutil.which("script")  # util-linux: runs a command on a pseudo-terminal


@pytest.mark.skipif(SCRIPT is None, reason="needs util-linux's script for a terminal")
def test_a_long_search_shows_what_it_does_on_a_terminal_only() -> None:
    toughest = "instances/hidato/seed003-hex-163-toughest.json"  # from ROOT
    command = [sys.executable, "-m", "lpsolve", "solve", toughest, "--backend", "csp"]
    command += ["--timeout", "1.5"]
    shown = subprocess.run(
        [SCRIPT, "-qc", shlex.join(command), "/dev/null"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "200"},  # a wide terminal: the line is not cut
        check=False,
    )
    assert f"solve {toughest}: searching (" in shown.stdout
    piped = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert piped.returncode == 3 and "searching" not in piped.stdout + piped.stderr


def _read_until(fd: int, marker: bytes, seen: bytearray, seconds: float = 60) -> None:
    """Read the pseudo-terminal until ``marker`` has appeared (its output so far in
    ``seen``); fail after ``seconds``."""
    import select

    end = time.monotonic() + seconds
    while marker not in seen:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        assert ready, f"no {marker!r} in {bytes(seen)[-300:]!r}"
        seen += os.read(fd, 4096)


def test_play_completes_colours_with_tab_on_a_terminal() -> None:
    """`play` reads lines with readline on a terminal: Tab completes a colour (and
    adds the space), so `re<Tab>bl<Tab>u<Tab>...` is the guess red blue green yellow."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: lpsolve on the terminal
        os.execv(sys.executable, [sys.executable, "-m", "lpsolve", "mastermind", "play"])
    seen = bytearray()
    try:
        _read_until(fd, b"guess 1> ", seen)
        os.write(fd, b"re\tbl\tu\tgr\tye\t: 0 2\n")
        _read_until(fd, b"guess 2> ", seen)
        os.write(fd, b"quit\n")
        _read_until(fd, b"bye", seen)
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    text = bytes(seen).decode(errors="replace")
    # the codes that red blue green yellow scored 0 black 2 white leaves, by brute force
    guess = ("red", "blue", "green", "yellow")
    colours = ("red", "blue", "green", "yellow", "black", "white")
    left = sum(score(guess, code) == (0, 2) for code in itertools.product(colours, repeat=4))
    assert f"{left:,} consistent codes" in text.split("guess 1> ")[1]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["mastermind", "--pegs", "x"], "argument --pegs: expected a positive integer, got 'x'"),
        (
            ["mastermind", "play", "--seed", "q"],
            "argument --seed: expected a whole number, got 'q'",
        ),
        (["bench", "--seed", "1.5"], "argument --seed: expected a whole number, got '1.5'"),
        (
            ["run", "x.lp", "--outf", "x"],
            "argument --outf: invalid choice: 'x' (choose from '0', '1', '2', '3')",
        ),
        (["solve", "x.hidoku", "--timeout", "abc"], "expected a positive number of seconds"),
    ],
)
def test_bad_option_values_say_what_was_expected(argv, expected, capsys) -> None:
    """In the user's words: no Python type names ("invalid int value") in messages."""
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and expected in err
    assert "int value" not in err and "_positive" not in err


def test_the_command_ends_with_all_its_output(tmp_path, capsys) -> None:
    """The executable ends without the interpreter's teardown (``cli.command``): what it
    printed, 115 kB through a pipe here, must all arrive, as :func:`cli.main` prints it."""
    empty = tmp_path / "empty.takuzu"
    empty.write_text("......\n" * 6)
    args = ["solve", str(empty), "--limit", "2000"]
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    piped = subprocess.run(
        [sys.executable, "-m", "lpsolve", *args], capture_output=True, env=buffered, timeout=120
    )
    assert piped.returncode == cli.main(args) == 0
    expected = capsys.readouterr().out
    assert len(expected) > 100_000
    drop_time = lambda text: text.rsplit("(", 1)[0]  # noqa: E731 (the summary's timing)
    assert drop_time(piped.stdout.decode()) == drop_time(expected)
    assert piped.stderr == b""


def test_a_reader_that_leaves_early_ends_the_command_quietly(tmp_path) -> None:
    """``lpsolve solve --all BIG | head -1``: no traceback, no complaint, status 0."""
    empty = tmp_path / "empty.takuzu"
    empty.write_text("......\n" * 6)
    command = [sys.executable, "-m", "lpsolve", "solve", str(empty), "--all"]
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    with subprocess.Popen(command, env=buffered, **pipes) as process:
        first = process.stdout.readline()
        process.stdout.close()  # as head does after its line
        errors = process.stderr.read()
        status = process.wait(timeout=120)
    assert first == b"Solution 1:\n"
    assert errors == b""
    assert status == 0
