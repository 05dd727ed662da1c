"""Declared kinds (``lpsolve/kinds/declared/``): a kind is a folder. A Latin-square kind
written into a temporary folder goes through the library (solve, count, explain, split
counting, grading's checker), its answers checked by its check program; bad
declarations and bad puzzle files are each refused with one line ``FILE:LINE:COL``;
mutated declarations and puzzle files load or are refused with lpsolve's own error."""

from __future__ import annotations

import itertools
import pickle
import re
import shutil
import tempfile
from pathlib import Path

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lpsolve import api, grade, split
from lpsolve.errors import LpsolveError, NotSupported, PuzzleError
from lpsolve.explain import explain_ambiguity, explain_conflict
from lpsolve.kinds.declared import DeclaredSolution, bundled_kinds, load_kind
from lpsolve.kinds.declared.declaration import KEYS
from lpsolve.kinds.declared.kind import DeclaredPuzzle
from lpsolve.kinds.declared.tomltext import MAX_NESTING, Places, read_declaration
from lpsolve.kinds.registry import ENVIRONMENT, configure
from lpsolve.puzzle import Capability, Kind, Origin, Violation

from .conftest import ROOT
from .test_fuzz import fuzz

SUDOKU_FOLDER = ROOT / "lpsolve" / "kinds" / "sudoku"

LATIN_TOML = """\
format = 1
title = "Latin square"
rules = "Fill the N x N grid with 1..N, each number once in every row and every column."

[input.header]
square = true
side = [1, 9]
facts = ["size(ROWS)"]

[[input.block]]
name = "givens"
shape = "grid"
token = [
  { match = "-" },
  { match = "number", range = [1, "ROWS"], fact = "given(R,C,V)", clue = true },
]

[output]
atoms = ["cell/3"]
cells = [{ atom = "cell(R,C,V)", write = "value", values = [1, "ROWS"] }]

[explain]
clue_for = [{ atom = "cell(R,C,V)", clue = "given(R,C,V)" }]

[[draw]]
what = "numbers"
atom = "given(R,C,V)"

[[draw]]
what = "numbers"
atom = "cell(R,C,V)"
style = "solved"
"""

LATIN_ENCODING = """\
#defined given/3.
n(1..N) :- size(N).
i(0..N-1) :- size(N).
1 { cell(R,C,V) : n(V) } 1 :- i(R), i(C).
:- given(R,C,V), not cell(R,C,V).
:- i(R), n(V), not 1 { cell(R,C,V) : i(C) } 1.
:- i(C), n(V), not 1 { cell(R,C,V) : i(R) } 1.
#show cell/3.
"""

LATIN_CHECK = """\
#defined given/3.
#defined cell/3.
on(R,C) :- size(N), R = 0..N-1, C = 0..N-1.
violated("one number per cell", R, C) :- on(R,C), not #count{ V : cell(R,C,V) } = 1.
violated("numbers are 1..N", R, C) :- cell(R,C,V), size(N), not on(R,C).
violated("numbers are 1..N", R, C) :- cell(R,C,V), size(N), on(R,C), V < 1.
violated("numbers are 1..N", R, C) :- cell(R,C,V), size(N), on(R,C), V > N.
violated("givens stay", R, C) :- given(R,C,V), not cell(R,C,V).
violated("once per row", R, C) :- cell(R,C,V), cell(R,C2,V), C != C2.
violated("once per column", R, C) :- cell(R,C,V), cell(R2,C,V), R != R2.
#show violated/3.
"""


def write_kind(
    parent: Path,
    name: str = "latin",
    toml: str = LATIN_TOML,
    encoding: str = LATIN_ENCODING,
    check: str = LATIN_CHECK,
) -> Path:
    folder = parent / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kind.toml").write_text(toml)
    (folder / "encoding.lp").write_text(encoding)
    (folder / "check.lp").write_text(check)
    return folder


@pytest.fixture
def latin(tmp_path: Path):
    return load_kind(write_kind(tmp_path))


def latin_text(rows: list[str]) -> str:
    return f"{len(rows)} {len(rows)}\n" + "\n".join(rows) + "\n"


def latin_squares(n: int, givens: dict[tuple[int, int], int]) -> set[tuple[tuple[int, ...], ...]]:
    """Brute force: every n x n Latin square agreeing with the givens, row by row from
    the permutations of 1..n."""
    rows = list(itertools.permutations(range(1, n + 1)))
    found: set[tuple[tuple[int, ...], ...]] = set()

    def extend(grid: list[tuple[int, ...]]) -> None:
        if len(grid) == n:
            found.add(tuple(grid))
            return
        r = len(grid)
        for row in rows:
            if all(row[c] == v for (rr, c), v in givens.items() if rr == r) and all(
                row[c] != above[c] for above in grid for c in range(n)
            ):
                extend([*grid, row])

    extend([])
    return found


def as_grid(solution: DeclaredSolution, n: int) -> tuple[tuple[int, ...], ...]:
    grid = [[0] * n for _ in range(n)]
    for atom in solution.atoms:
        r, c, v = (a.number for a in atom.arguments)
        grid[r][c] = v
    return tuple(map(tuple, grid))


# -- a kind in a folder, through the library --------------------------------------------


def test_the_kind_is_named_after_its_folder(latin) -> None:
    assert latin.name == "latin"
    assert latin.title == "Latin square"
    assert latin.extensions == (".latin",)
    assert not latin.bundled and latin.encoding_program.vetted and latin.check.vetted
    assert latin.can_draw and latin.can_explain and latin.has_second_model


@pytest.mark.parametrize(
    ("rows", "n"),
    [
        (["- - -", "- - -", "- - -"], 3),
        (["1 - -", "- - 1", "- - -"], 3),
        (["- 2 - -", "- - - 3", "- - - -", "- - - -"], 4),
    ],
)
def test_solutions_and_counts_equal_a_brute_force(latin, rows, n) -> None:
    puzzle = latin.parse(latin_text(rows), "x.latin", ".latin")
    givens = {
        (r, c): int(token)
        for r, line in enumerate(rows)
        for c, token in enumerate(line.split())
        if token != "-"
    }
    expected = latin_squares(n, givens)
    result = api.solve(puzzle, limit=None)
    assert result.complete
    assert {as_grid(s, n) for s in result.solutions} == expected
    assert api.count(puzzle).count == len(expected)
    assert split.count(puzzle, workers=2).result.count == len(expected)


def test_a_number_out_of_range_is_refused_at_its_token(latin) -> None:
    with pytest.raises(PuzzleError) as error:
        latin.parse(latin_text(["- - -", "- 007 -", "- - -"]), "x.latin")
    assert str(error.value) == ("x.latin:3:3: number 7 is larger than 3 (block givens takes 1..3)")
    puzzle = latin.parse(latin_text(["- - -", "- +2 -", "- - 03"]), "x.latin")
    assert puzzle.facts_text() == "size(3).\ngiven(1,1,2).\ngiven(2,2,3).\n"


def test_every_answer_is_checked_by_the_check_program(latin) -> None:
    puzzle = latin.parse(latin_text(["1 - -", "- - -", "- - -"]), "x.latin")
    result = api.solve(puzzle, limit=1)
    (solution,) = result.solutions
    assert puzzle.violations(solution) == []
    emptied = next(a for a in solution.atoms if a.arguments[0].number == 1)  # at (1, 0)
    wrong = DeclaredSolution(tuple(a for a in solution.atoms if a != emptied))
    problems = puzzle.violations(wrong)
    assert [p.rule for p in problems] == ["one number per cell"]
    assert isinstance(problems[0], Violation) and problems[0].cells == ((1, 0),)
    assert str(problems[0]) == "one number per cell at (row 2, col 1)"


def test_grading_names_the_checks_rules(latin, tmp_path: Path, monkeypatch) -> None:
    """Grading reads the kind's rule checker: a student's answer that breaks a rule is
    reported with the check's names; the reference is the kind's encoding, found by the
    registry in LPSOLVE_KINDS."""
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path))
    configure()
    grade.output_signatures.cache_clear()
    student = tmp_path / "student.lp"
    student.write_text(
        "n(1..N) :- size(N). i(0..N-1) :- size(N).\n"
        "1 { cell(R,C,V) : n(V) } 1 :- i(R), i(C).\n"
        ":- i(R), n(V), not 1 { cell(R,C,V) : i(C) } 1.\n"  # rows only: columns forgotten
        "#show cell/3.\n#defined given/3.\n"
    )
    puzzle = latin.parse(latin_text(["1 - -", "- - -", "- - -"]), "x.latin")
    result = grade.grade_instance(str(student), puzzle, (("cell", 3),), memory_limit=None)
    grade.output_signatures.cache_clear()
    assert result.verdict == "wrong"
    broken = result.wrong_example.problems
    assert broken and all(isinstance(p, str) for p in broken)
    assert {p.split(" at ")[0] for p in broken} <= {"once per column", "givens stay"}


def test_explanations_name_the_givens_as_row_col_value(latin) -> None:
    puzzle = latin.parse(latin_text(["1 - 1", "- - -", "- - -"]), "x.latin")
    conflict = explain_conflict(puzzle)
    assert conflict is not None and conflict.minimal
    assert conflict.as_json()["conflict"] == [[0, 0, 1], [0, 2, 1]]
    assert conflict.lines() == ["these 2 givens conflict: 1 at (row 1, col 1), 1 at (row 1, col 3)"]
    rows = [["1", "-", "-"], ["-", "-", "-"], ["-", "-", "-"]]
    open_puzzle = latin.parse(latin_text([" ".join(row) for row in rows]), "y.latin")
    ambiguity = explain_ambiguity(open_puzzle)
    assert ambiguity is not None and ambiguity.unique and ambiguity.suggested
    for clue in ambiguity.suggested:  # the suggested givens leave exactly one solution
        r, c, v = clue.json
        rows[r][c] = str(v)
    fixed = latin.parse(latin_text([" ".join(row) for row in rows]), "z.latin")
    assert api.solve(fixed).unique


def test_without_clues_is_the_puzzle_without_those_givens(latin) -> None:
    puzzle = latin.parse(latin_text(["1 - -", "- 2 -", "- - -"]), "x.latin")
    fewer = puzzle.without_clues(puzzle.clues()[:1])
    assert fewer.facts_text() == "size(3).\ngiven(1,1,2).\n"
    assert fewer.render() == "3 3\n- - -\n- 2 -\n- - -"
    assert [c.json for c in fewer.clues()] == [[1, 1, 2]]
    assert fewer != puzzle and fewer == latin.parse(latin_text(["- - -", "- 2 -", "- - -"]), "y")


def test_a_puzzle_pickles_with_its_kind(latin) -> None:
    puzzle = latin.parse(latin_text(["1 - -", "- - -", "- - -"]), "x.latin")
    copy = pickle.loads(pickle.dumps(puzzle))
    assert copy == puzzle and copy.definition() == latin
    assert api.solve(copy, limit=None).count == len(latin_squares(3, {(0, 0): 1}))
    violation = Violation("once per row at (row 1, col 1)", "once per row", [(0, 0)])
    again = pickle.loads(pickle.dumps(violation))
    assert (again, again.rule, again.cells) == (violation, "once per row", ((0, 0),))


def test_janko_text_and_json_out(latin) -> None:
    puzzle = latin.parse(latin_text(["1 2 -", "- - -", "- - 2"]), "x.latin")
    (solution,) = api.solve(puzzle).solutions
    assert puzzle.janko_text(solution) == "3 3\n1 2 3\n2 3 1\n3 1 2"
    assert puzzle.render(solution) == "1 2 3\n2 3 1\n3 1 2"
    assert puzzle.solution_json(solution) == [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    assert puzzle.janko_rows() == [["1", "2", "-"], ["-", "-", "-"], ["-", "-", "2"]]
    assert puzzle.read_solution("3 3\n1 2 3\n2 3 1\n3 1 2\n", "s") == solution


def test_the_picture_draws_the_layers(latin) -> None:
    puzzle = latin.parse(latin_text(["1 - -", "- - -", "- - 1"]), "x.latin")
    (solution, *_) = api.solve(puzzle).solutions
    svg = puzzle.svg(solution)
    # the givens bold, the other seven cells' numbers as solved ones
    assert svg.count('class="number given"') == 2 and svg.count('class="number filled"') == 7
    wrong = DeclaredSolution(tuple(a for a in solution.atoms if a.arguments[0].number))
    broken = puzzle.violations(wrong)  # row 1 emptied, its given among them
    assert {cell for v in broken for cell in v.cells} == {(0, 0), (0, 1), (0, 2)}
    highlighted = puzzle.svg(wrong, broken=broken).count('class="conflict"')
    assert highlighted == sum(len(v.cells) for v in broken)


def test_the_second_model_is_the_check_with_a_generate_rule(latin) -> None:
    puzzle = latin.parse(latin_text(["- - - -"] * 4), "x.latin")
    second, complete = puzzle.second_model_solutions()
    assert complete and len(second) == 576  # the number of 4x4 Latin squares
    assert {as_grid(s, 4) for s in second} == latin_squares(4, {})


def test_a_copied_folder_is_a_kind_of_its_new_name(tmp_path: Path) -> None:
    copy = tmp_path / "mysudoku"
    shutil.copytree(SUDOKU_FOLDER, copy)
    kind = load_kind(copy)
    assert (kind.name, kind.extensions, kind.bundled) == ("mysudoku", (".mysudoku",), False)
    instances = kind.instances()
    assert len(instances) == len(load_kind(SUDOKU_FOLDER).instances())
    puzzle = kind.load(next(i.path for i in instances if i.path.endswith("wikipedia.sudoku")))
    assert puzzle.kind == "mysudoku"
    result = api.solve(puzzle)
    assert result.unique and puzzle.svg(result.solutions[0]).count('class="border"') > 0


def test_a_linked_folder_is_a_kind_of_the_links_name(tmp_path: Path) -> None:
    (tmp_path / "linked").symlink_to(SUDOKU_FOLDER)
    kind = load_kind(tmp_path / "linked")
    assert (kind.name, kind.folder, kind.bundled) == ("linked", str(SUDOKU_FOLDER), True)


def test_the_bundled_kinds_are_found(tmp_path: Path) -> None:
    assert str(SUDOKU_FOLDER) in bundled_kinds()


def test_the_kind_is_a_registry_entry_with_the_capabilities_it_has(tmp_path: Path) -> None:
    """A declared kind is a Kind of origin declared with the capabilities its
    declaration gives it; one without pictures, clues, cell values or a blank board
    declares none of them, and its puzzles refuse them in one line."""
    latin = load_kind(write_kind(tmp_path))
    assert isinstance(latin, Kind) and latin.origin is Origin.DECLARED
    assert latin.location == str(tmp_path / "latin") and latin.puzzle_class is DeclaredPuzzle
    assert latin.capabilities == {
        Capability.DRAW,
        Capability.EXPLAIN,
        Capability.JANKO,
        Capability.SECOND_MODEL,
        Capability.BOARD,
        Capability.STEPS,
    }
    assert latin.clue_json == "[row, col, value]" and latin.encoding.endswith("encoding.lp")
    plain_toml = (
        LATIN_TOML.split("[explain]")[0]
        .replace(", clue = true", "")
        .replace(', values = [1, "ROWS"]', "")
        + "[web]\nbuilder = false\n"
    )
    plain = load_kind(write_kind(tmp_path / "other", "plain", toml=plain_toml))
    assert plain.capabilities == {Capability.JANKO} and plain.board_forms() == ()
    puzzle = plain.parse(latin_text(["1 - -", "- - -", "- - -"]), "x.plain")
    assert puzzle.definition() is plain and puzzle.clues() == []
    refusals = [
        (puzzle.svg, "drawing: kind plain has no picture"),
        (lambda: puzzle.without_clues([]), "dropping clues: kind plain has no explanation"),
        (puzzle.second_model, "--cross-check: kind plain has no second model"),
        (puzzle.deducer, "hints: kind plain has no step-by-step hints"),
        (
            puzzle.csp_model,
            "the csp backend: kind plain has no csp model (declared kinds are solved with clingo)",
        ),
        (
            lambda: plain.board_text(latin.board_forms()[0], 3, 3, {}),
            "a blank board: kind plain has no blank board",
        ),
    ]
    for call, message in refusals:
        with pytest.raises(NotSupported) as refused:
            call()
        assert str(refused.value) == message


def test_a_kind_in_lpsolve_kinds_is_solved_by_the_commands(tmp_path, monkeypatch, run) -> None:
    write_kind(tmp_path / "kinds")
    puzzle = tmp_path / "small.latin"
    puzzle.write_text(latin_text(["1 2 -", "- - -", "- - 2"]))
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "kinds"))
    status, out, _ = run("solve", puzzle)
    assert status == 0 and out.startswith("1 2 3\n2 3 1\n3 1 2\n")
    assert "search complete: unique" in out
    status, out, _ = run("kinds", "latin")
    assert status == 0 and out.startswith(f"latin: Latin square (declared, {tmp_path / 'kinds'}")


# -- programs of a user's kind are vetted ------------------------------------------------


def test_an_include_inside_the_folder_works(tmp_path: Path) -> None:
    folder = write_kind(
        tmp_path, encoding=LATIN_ENCODING.replace("#show cell/3.", '#include "show.lp".')
    )
    (folder / "show.lp").write_text("#show cell/3.\n")
    kind = load_kind(folder)
    assert api.solve(kind.parse(latin_text(["1 - -", "- - -", "- - -"]), "x")).count == 2


def test_an_include_is_the_kinds_file_whatever_the_working_folder(tmp_path, monkeypatch) -> None:
    """clingo looks for an included file in the working folder first: a file of the same
    name there must not take the place of the kind's own, which the vetting saw."""
    folder = write_kind(
        tmp_path / "kinds", encoding=LATIN_ENCODING.replace("#show cell/3.", '#include "show.lp".')
    )
    (folder / "show.lp").write_text("#show cell/3.\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "show.lp").write_text(":- cell(0,0,1).\n#show cell/3.\n")  # no solution
    monkeypatch.chdir(elsewhere)
    kind = load_kind(folder)
    puzzle = kind.parse(latin_text(["1 - -", "- - -", "- - -"]), "x")
    assert api.solve(puzzle).count == 2
    assert explain_ambiguity(puzzle) is not None  # explanations load the encoding too


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('#include "../outside.lp".', "only files in the program's own folder"),
        ("#script (python)\ndef f(): pass\n#end.", "may not contain #script"),
        ("cell(R) :- foo(.", "clingo: syntax error"),
    ],
)
def test_a_users_program_is_vetted_when_the_kind_is_read(tmp_path: Path, line, message) -> None:
    (tmp_path / "outside.lp").write_text("#show cell/3.\n")
    folder = write_kind(tmp_path / "kinds", check=LATIN_CHECK + line + "\n")
    with pytest.raises(PuzzleError) as error:
        load_kind(folder)
    assert message in str(error.value)
    assert error.value.source.endswith("check.lp")
    assert error.value.line == len(LATIN_CHECK.splitlines()) + 1


def test_a_check_that_grounding_cannot_decide_is_refused(tmp_path: Path) -> None:
    kind = load_kind(write_kind(tmp_path, check=LATIN_CHECK + '{ violated("maybe", 0, 0) }.\n'))
    puzzle = kind.parse(latin_text(["1"]), "x.latin")
    with pytest.raises(PuzzleError, match="not decided by grounding"):
        api.solve(puzzle)


def test_a_kind_without_input_url_reads_no_links(latin) -> None:
    assert Capability.URL not in latin.capabilities
    with pytest.raises(NotSupported, match=r"^reading a puzz\.link link: kind latin has no puzz"):
        latin.from_url("https://puzz.link/p?sudoku/4/4/g")
    with pytest.raises(
        NotSupported, match=r"^--format puzzlink: kind latin has no puzz\.link form$"
    ):
        latin.parse(latin_text(["1"]), "x.latin").to_url()


# -- bad declarations: one line FILE:LINE:COL --------------------------------------------

# (what is changed in LATIN_TOML, what replaces it, "LINE:COL: message")
BAD_DECLARATIONS = [
    ("format = 1", "format = 2", "1:10: format 2: this lpsolve reads format 1"),
    ("format = 1\n", "", "1:1: the declaration needs format = 1 (its first line)"),
    ('title = "Latin square"', "title = 5", "2:9: title must be a title"),
    ("square = true", "squar = true", "6:1: [input.header] has no key 'squar'"),
    ("side = [1, 9]", "side = [9, 1]", "7:8: side [9, 1]: expected LOW <= HIGH"),
    ('facts = ["size(ROWS)"]', 'facts = ["size(ROWS"]', "8:20: expected ',' or ')'"),
    ('facts = ["size(ROWS)"]', 'facts = ["size(R)"]', "8:16: variable R is not bound here"),
    ('shape = "grid"', 'shape = "gird"', "12:9: shape 'gird': expected grid, line or lines"),
    ('range = [1, "ROWS"]', 'range = [1, "ROW"]', "15:35: a bound is a whole number or"),
    ('range = [1, "ROWS"]', 'rnage = [1, "ROWS"]', "15:23: token rule 2 has no key 'rnage'"),
    ('fact = "given(R,C,V)"', 'fact = "given(R,C,W)"', "15:62: variable W is not bound here"),
    ('{ match = "-" }', '{ match = "-", clue = true }', "14:25: a rule without facts has no clue"),
    ('{ match = "-" }', '{ match = "- -" }', "14:13: match '- -': expected number, pair, id"),
    ('atoms = ["cell/3"]', 'atoms = ["cell"]', "19:10: an output atom is NAME/ARITY"),
    ('write = "value"', 'write = "value", order = ["n"]', '20:51: only write = "directions"'),
    ('clue = "given(R,C,V)"', 'clue = "cell(R,C,V)"', "23:44: cell/3 is no clue a token rule"),
    ('what = "numbers"', 'what = "number"', "26:8: what 'number': expected one of"),
    ('style = "solved"', 'style = "bold"', "32:9: style 'bold': expected one of given"),
    ("[output]", '[output]\nkeep = "nothing"', "19:8: no block is named nothing"),
    ('title = "Latin square"', 'title = "Latin square"\nextensions = [".json"]', "3:15: .json is"),
    ('style = "solved"\n', 'style = "solved"\n[check]\nprogram = "../x.lp"\n', "34:11: program"),
    ('style = "solved"\n', 'style = "solved"\n[solver]\noptions = ["--outf=2"]\n', "34:12: a kind"),
    ("[output]", "[output", "18:8: not valid TOML: expected ']' at the end of a table"),
    (
        'style = "solved"\n',
        'style = "solved"\n[input.url]\n',
        '33:1: [input.url] needs names = ["GENRE", ...] (pzprjs',
    ),
    ("format = 1", "format = 1\nx = " + "[" * 40 + "]" * 40, "2:37: brackets nested deeper"),
]


@pytest.mark.parametrize(("old", "new", "expected"), BAD_DECLARATIONS)
def test_a_bad_declaration_is_refused_at_its_place(tmp_path: Path, old, new, expected) -> None:
    """Each position was checked by eye to point at the mistake (the key, the value,
    or the bad part of a pattern)."""
    assert old in LATIN_TOML
    folder = write_kind(tmp_path, toml=LATIN_TOML.replace(old, new, 1))
    with pytest.raises(PuzzleError) as error:
        load_kind(folder)
    text = str(error.value)
    assert "\n" not in text
    assert text.startswith(f"{folder}/kind.toml:{expected}")


def test_the_places_of_keys_and_values(tmp_path: Path) -> None:
    text = (
        "a = 1\n[t]\nb = { c = [1, { d = 2 }], e = 'x' }\n"
        '[[u]]\nf = 1\n[[u]]\nf = [\n  3,\n  4,\n]\n[[u.v]]\ng = "}{"\n'
    )
    places = Places(text, "x.toml")
    assert places.place(("a",)) == (1, 5)
    assert places.place(("t", "b", "c", 1, "d")) == (3, 21)
    assert places.place(("t", "b", "e"), key=True) == (3, 27)
    assert places.place(("u", 1, "f", 1)) == (9, 3)
    assert places.place(("u", 1, "v", 0, "g")) == (12, 5)
    assert places.place(("u", 0, "nothing")) == (4, 1)  # the nearest: its table


def test_declarations_are_bounded_before_tomllib_reads_them() -> None:
    deep = b"a = " + b"[" * 500 + b"]" * 500
    with pytest.raises(PuzzleError, match=f"deeper than {MAX_NESTING}"):
        read_declaration(deep, "k.toml")
    in_a_string = b'a = "' + b"[" * 500 + b'"\n'
    assert read_declaration(in_a_string, "k.toml")[0] == {"a": "[" * 500}
    with pytest.raises(PuzzleError, match="at most 64 KiB"):
        read_declaration(b"#" * (65 * 1024), "k.toml")


# -- bad puzzle files: one line FILE:LINE:COL --------------------------------------------

BAD_PUZZLES = [
    ("", "x.sudoku:1:1: empty file"),
    ("4 5\n- - - - -\n", "x.sudoku:1:3: the board must be square, not 4 x 5"),
    ("4\n", "x.sudoku:1:2: the first line is the header 'ROWS COLS': expected 2 numbers, found 1"),
    ("4 4 4\n", "x.sudoku:1:5: unexpected '4' after the header's 2 numbers (ROWS COLS)"),
    ("65 65\n", "x.sudoku:1:1: rows 65 is larger than 64"),
    ("x 4\n", "x.sudoku:1:1: rows 'x': expected a whole number"),
    ("4 4\n- - - -\n- - 5 -\n- - - -\n- - - -\n", "x.sudoku:3:5: number 5 is larger than 4"),
    (
        "4 4\n- - - -\n- x - -\n- - - -\n- - - -\n",
        "x.sudoku:3:3: unexpected 'x': expected '-' or a number 1..4",
    ),
    ("4 4\n- - - -\n- - - - -\n", "x.sudoku:3:9: row has 5 tokens, expected 4 in block givens"),
    ("4 4\n- - - -\n- - -\n", "x.sudoku:3:6: row has 3 tokens, expected 4"),
    ("4 4\n- - - -\n- - - -\n", "x.sudoku:3:8: the file ends in block givens: 2 of its 4 rows"),
    ("4 4\n" + "- - - -\n" * 4 + "1 2 3 4\n", "x.sudoku:6:1: unexpected line after the last block"),
    ("4 4\n- - - ٣\n", "x.sudoku:2:7: unexpected '٣'"),
    ("4 4\n- - - 99999999999\n", "x.sudoku:2:7: number 99999999999 is beyond the largest number"),
]


@pytest.mark.parametrize(("text", "expected"), BAD_PUZZLES)
def test_a_bad_puzzle_file_is_refused_at_its_place(text: str, expected: str) -> None:
    kind = load_kind(SUDOKU_FOLDER)
    with pytest.raises(PuzzleError) as error:
        kind.parse(text, "x.sudoku", ".sudoku")
    assert "\n" not in str(error.value)
    assert str(error.value).startswith(expected)


def test_a_bad_solution_file_is_refused_at_its_place(latin) -> None:
    puzzle = latin.parse(latin_text(["1 - -", "- - -", "- - -"]), "x.latin")
    with pytest.raises(PuzzleError, match=r"^s:2:5: 'z' is nothing a solution writes here$"):
        puzzle.read_solution("3 3\n1 2 z\n2 3 1\n3 1 2\n", "s")
    with pytest.raises(PuzzleError, match=r"^s:1:1: the header '4 4' does not match"):
        puzzle.read_solution("4 4\n", "s")


BLACK_TOML = """\
format = 1
title = "Black cells"
rules = "Test kind: '#' is a token."
[input.header]
[[input.block]]
name = "board"
shape = "grid"
token = [{ match = "-" }, { match = "#", fact = "black(R,C)" }]
[output]
atoms = ["lamp/2"]
cells = [{ atom = "lamp(R,C)", write = "o" }]
keep = "board"
"""
BLACK_ENCODING = """\
#defined black/2.
{ lamp(R,C) } :- rows(N), cols(M), R = 0..N-1, C = 0..M-1, not black(R,C).
#show lamp/2.
"""
BLACK_CHECK = """\
#defined black/2.
#defined lamp/2.
violated("no lamp on a black cell", R, C) :- lamp(R,C), black(R,C).
"""


def test_rows_may_start_with_a_token_that_is_the_comment_sign(tmp_path: Path) -> None:
    """A kind whose tokens include '#' (Star Battle's black cells, janko's layout): a
    row starting with '#' is a row, not a comment; comments may stand before the
    header, and a solution repeating such a row reads back."""
    kind = load_kind(write_kind(tmp_path, "black", BLACK_TOML, BLACK_ENCODING, BLACK_CHECK))
    puzzle = kind.parse("# a comment\n\n2 3\n# - #\n- # -\n", "x.black")
    assert puzzle.tokens == ((("#", "-", "#"), ("-", "#", "-")),)
    assert puzzle.rows[2:] == (("black", 0, 0), ("black", 0, 2), ("black", 1, 1))
    solution = puzzle.read_solution("2 3\n# o #\no # o\n", "s")
    assert puzzle.janko_text(solution) == "2 3\n# o #\no # o"
    # after the header a '#' line is a row: a comment there is refused at its place
    with pytest.raises(PuzzleError, match=r"^x:3:10: row has 2 tokens, expected 3"):
        kind.parse("2 3\n- - -\n# comment\n", "x")
    # a kind without such a token keeps comments anywhere
    latin = load_kind(write_kind(tmp_path))
    assert latin.parse("2 2\n# a comment\n1 -\n- -\n", "x").tokens == ((("1", "-"), ("-", "-")),)


PAIRED_TOML = """\
format = 1
title = "Paired"
rules = "Test kind: a hidden choice (which of two neighbours a mark is paired with)."
[input.header]
[[input.block]]
name = "board"
shape = "grid"
token = [{ match = "-" }]
[output]
atoms = ["mark/2"]
cells = [{ atom = "mark(R,C)", write = "o" }]
[solver]
options = ["--project=show"]
"""
# one mark in the middle of a 1 x 3 board, paired with either end: two models, one
# solution
PAIRED_ENCODING = """\
mark(0,1).
1 { pair(0,1,0,0); pair(0,1,0,2) } 1.
#show mark/2.
"""
PAIRED_CHECK = """\
#defined mark/2.
violated("one mark in the middle", R, C) :- mark(R,C), (R,C) != (0,1).
"""


def test_a_kind_may_ask_for_solutions_projected_on_its_shown_atoms(tmp_path: Path) -> None:
    """With --project=show, an encoding with a hidden choice (Tents pairs tents with
    trees) has one solution per set of shown atoms: found once, counted once."""
    folder = write_kind(tmp_path, "paired", PAIRED_TOML, PAIRED_ENCODING, PAIRED_CHECK)
    puzzle = load_kind(folder).parse("1 3\n- - -\n", "x.paired")
    result = api.solve(puzzle)
    assert result.complete and result.unique and len(result.solutions) == 1
    assert api.count(puzzle).count == 1
    unprojected = PAIRED_TOML.replace('options = ["--project=show"]', "options = []")
    folder = write_kind(tmp_path / "plain", "paired", unprojected, PAIRED_ENCODING, PAIRED_CHECK)
    assert api.count(load_kind(folder).parse("1 3\n- - -\n", "x.paired")).count == 2


# -- the other block shapes and output writers, on small declarations ---------------------

LINES_TOML = """\
format = 1
title = "Lines"
rules = "Test kind: clue lines and pairs."
[input.header]
numbers = ["ROWS", "COLS", "STARS"]
ranges = { STARS = [1, 3] }
defaults = { STARS = 1 }
facts = ["rows(ROWS)", "cols(COLS)", "stars(STARS)"]
[[input.block]]
name = "top"
shape = "line"
token = [
  { match = "-" },
  { match = "number", range = [0, "ROWS"], fact = "seen(top,K,V)", clue = true },
]
[[input.block]]
name = "runs"
shape = "lines"
count = "ROWS"
length = 3
token = [{ match = "0" }, { match = "number", range = [1, 9], fact = "run(K,I,V)" }]
[[input.block]]
name = "board"
shape = "grid"
[[input.block.token]]
match = "x"
fact = "black(R,C)"
[[input.block.token]]
match = "pair"
fact = "black(R,C)"
left = { range = [1, 45], fact = "down(R,C,V)", clue = true }
right = { range = [1, 45], fact = "across(R,C,V)" }
[[input.block.token]]
match = "id"
fact = "region(R,C,V)"
[[input.block]]
name = "extra"
shape = "grid"
optional = true
token = [{ match = "-" }]
[output]
atoms = ["star/2", "line/3", "zone/3"]
cells = [
  { atom = "star(R,C)", write = "o" },
  { atom = "line(R,C,V)", write = "directions" },
  { atom = "zone(R,C,V)", write = "region" },
]
keep = "board"
json = "atoms"
"""


def test_lines_pairs_ids_defaults_and_optional_blocks(tmp_path: Path) -> None:
    kind = load_kind(write_kind(tmp_path, "lines", LINES_TOML))
    puzzle = kind.parse("2 3\n1 - -\n4 2\n0\nx 5, a\nb ,7 a\n", "x.lines")
    assert puzzle.values == {"ROWS": 2, "COLS": 3, "STARS": 1}
    assert puzzle.rows == (
        ("rows", 2), ("cols", 3), ("stars", 1), ("seen", "top", 0, 1),
        ("run", 0, 0, 4), ("run", 0, 1, 2), ("black", 0, 0), ("black", 0, 1),
        ("down", 0, 1, 5), ("region", 0, 2, 0), ("region", 1, 0, 1), ("black", 1, 1),
        ("across", 1, 1, 7), ("region", 1, 2, 0),
    )  # fmt: skip
    assert [c.text for c in puzzle.clues()] == ["1 in top 1", "5 at (row 1, col 2)"]
    with pytest.raises(PuzzleError, match=r"^x:5:3: unexpected ',': expected 'x', a pair"):
        kind.parse("2 3 1\n- - -\n0\n0\nx , a\nx x x\n", "x")
    with pytest.raises(PuzzleError, match=r"^x:3:7: line has 4 tokens, expected at most 3"):
        kind.parse("2 3\n- - -\n1 2 3 4\n", "x")
    with pytest.raises(PuzzleError, match=r"^x:1:5: STARS 4 is larger than 3"):
        kind.parse("2 3 4\n", "x")


def test_a_line_blocks_tokens_are_numbered_by_their_place_in_the_line(tmp_path: Path) -> None:
    """K of a ``line`` block is the token's place (Tents' column counts: one number
    per column), as the guide says; K of a ``lines`` block is the line, I the place."""
    kind = load_kind(write_kind(tmp_path, "lines", LINES_TOML))
    puzzle = kind.parse("2 3\n- 2 1\n4 2\n0 3\nx x x\nx x x\n", "x.lines")
    seen = [row for row in puzzle.rows if row[0] in ("seen", "run")]
    assert seen == [
        ("seen", "top", 1, 2), ("seen", "top", 2, 1),
        ("run", 0, 0, 4), ("run", 0, 1, 2), ("run", 1, 1, 3),
    ]  # fmt: skip
    assert [c.text for c in puzzle.clues()] == ["2 in top 2", "1 in top 3"]
    assert [c.place for c in puzzle.clues()] == ["top 2", "top 3"]


def test_marks_directions_regions_and_kept_tokens_are_written(tmp_path: Path) -> None:
    kind = load_kind(write_kind(tmp_path, "lines", LINES_TOML))
    puzzle = kind.parse("2 3\n- - -\n0\n0\nx x a\nb 3, a\n", "x.lines")
    num, fun = clingo.Number, clingo.Function
    atoms = (
        fun("star", [num(0), num(1)]),
        fun("line", [num(0), num(2), fun("s")]),
        fun("line", [num(0), num(2), fun("w")]),
        fun("zone", [num(1), num(0), num(7)]),
        fun("zone", [num(1), num(2), num(7)]),
    )
    solution = DeclaredSolution(tuple(sorted(atoms)))
    assert puzzle.grid(solution) == [["x", "o", "sw"], ["1", "3,", "1"]]
    assert puzzle.janko_text(solution) == "2 3 1\n x  o sw\n 1 3,  1"
    as_json = puzzle.solution_json(solution)
    assert len(as_json) == 5 and ["line", 0, 2, "s"] in as_json and ["star", 0, 1] in as_json
    back = puzzle.read_solution("2 3 1\nx o sw\n1 3, 1\n", "s")
    assert puzzle.grid(back) == puzzle.grid(solution)


LAYERS = """
[[draw]]
what = "caption"
text = "{STARS} star per line"
[[draw]]
what = "regions"
atom = "region(R,C,V)"
[[draw]]
what = "shade"
atom = "black(R,C)"
[[draw]]
what = "pair"
left = "down(R,C,V)"
right = "across(R,C,V)"
[[draw]]
what = "outside"
atom = "seen(S,K,V)"
[[draw]]
what = "symbol"
atom = "star(R,C)"
symbol = "star"
[[draw]]
what = "line"
atom = "line(R,C,D)"
[[draw]]
what = "edges"
atom = "line(R,C,D)"
[[draw]]
what = "dots"
atom = "corner(R,C)"
[[draw]]
what = "text"
atom = "zone(R,C,V)"
style = "solved"
"""

LINES_CHECK = """\
#defined star/2.
#defined line/3.
#defined zone/3.
corner(R, C) :- rows(N), cols(M), R = 0..N, C = 0..M.
"""


def test_every_layer_draws_what_it_selects(tmp_path: Path) -> None:
    """Each kind of layer, on atoms of the input (regions, shading, pairs, clues
    outside), of a solution (a star, a line through a cell and along its edges, region
    numbers) and of the check (the corners' dots)."""
    kind = load_kind(write_kind(tmp_path, "lines", LINES_TOML + LAYERS, check=LINES_CHECK))
    puzzle = kind.parse("2 3\n1 - -\n4 2\n0\nx 5, a\nb ,7 a\n", "x.lines")
    num, fun = clingo.Number, clingo.Function
    solution = DeclaredSolution(
        (
            fun("star", [num(1), num(0)]),
            fun("line", [num(0), num(2), fun("s")]),
            fun("line", [num(0), num(2), fun("w")]),
            fun("zone", [num(1), num(2), num(4)]),
        )
    )
    svg = puzzle.svg(solution)
    counts = {
        "caption": 1,
        "cell shade dark": 3,  # black(0,0), black(0,1), black(1,1)
        "diagonal": 2,  # the two pair cells
        "number clue": 2,  # 5 (down) and 7 (across)
        "number outside": 1,  # seen(top,0,1) above column 1
        "star": 1,
        "line": 2,
        "edge": 2,
        "dot": 12,  # (2 + 1) x (3 + 1) corners
        "number filled": 1,  # the zone's 4
    }
    for role, count in counts.items():
        assert svg.count(f'class="{role}') == count, role
    assert "1 star per line" in svg
    assert svg.count('class="border"') > 0  # regions a, b and the pair cells differ


def test_the_guide_explains_every_key_of_the_format() -> None:
    """Every key the declaration reader takes is in the guide's field tables."""
    guide = (ROOT / "docs" / "adding-a-kind.md").read_text()
    rows = [line for line in guide.splitlines() if line.startswith("| `")]
    documented = {key for row in rows for key in re.findall(r"`([a-z_]+)`", row.split("|")[1])}
    missing = {key for keys in KEYS.values() for key in keys} - documented
    assert not missing


# -- fuzzing: mutated declarations and puzzle files ---------------------------------------

DECLARATION_SEEDS = [LATIN_TOML, LINES_TOML, (SUDOKU_FOLDER / "kind.toml").read_text()]
PUZZLE_SEEDS = [Path(i.path).read_text() for i in load_kind(SUDOKU_FOLDER).instances()]


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    rng = draw(st.randoms(use_true_random=False))
    text = fuzz.mutate(rng.choice(texts), rng)
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=8)) + text[at:]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(DECLARATION_SEEDS))
def test_a_mutated_declaration_loads_or_is_refused_at_its_place(text: str) -> None:
    with tempfile.TemporaryDirectory() as parent:
        folder = write_kind(Path(parent), "fuzzed", encoding=LATIN_ENCODING, check=LATIN_CHECK)
        (folder / "kind.toml").write_text(text, errors="surrogatepass")
        try:
            kind = load_kind(folder)
        except PuzzleError as error:
            if error.source.endswith("kind.toml"):
                assert error.line and error.col, str(error)
            assert "\n" not in str(error)
            return
        for seed in PUZZLE_SEEDS[:2]:
            try:
                kind.parse(seed, "x.fuzzed")
            except PuzzleError as error:
                assert error.line and error.col, str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(PUZZLE_SEEDS))
def test_a_mutated_puzzle_file_loads_or_is_refused_at_its_place(text: str) -> None:
    kind = load_kind(SUDOKU_FOLDER)
    try:
        puzzle = kind.parse(text, "x.sudoku")
    except PuzzleError as error:
        assert error.line and error.col, str(error)
        assert "\n" not in str(error)
        return
    except LpsolveError:
        return
    if puzzle.size[0] <= 9:  # small enough: solved, each solution through the check
        api.solve(puzzle, timeout=2.0)
