"""What every declared genre (a folder of ``lpsolve/kinds`` with a ``kind.toml``) is
tested for, one parametrised test a property, against sources of truth outside its
encoding:

* its bundled puzzles name their source and have their published solutions beside them;
* each is solved to its published solution and no other (two looked for), the check
  passes both, and janko's layout out is the published file token for token;
* each goes to janko's layout and back, and to a puzz.link link and back (where the
  kind reads links), to the same facts;
* the second model (the check with a choice per cell) finds the published solution
  alone, and the check refuses the published solution less any one of its atoms;
* bad files are refused in one line at their place, mutated files load or are refused
  so, and the kind is its folder with the capabilities it declares.

What only one genre has (a brute force on tiny boards, Python rules judging one-cell
changes, the check naming each rule, its picture) stays in tests/test_GENRE.py. The
default run solves each genre's smallest bundled puzzle; ``-m slow`` solves the rest."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lpsolve import api
from lpsolve.errors import PuzzleError, UsageError
from lpsolve.kinds.declared.kind import DeclaredKind, Instance

from .genre_testing import GENRES, bundled, instance_name, published, rules_broken
from .test_fuzz import fuzz

KIND: dict[str, DeclaredKind] = {}
PUBLISHED: dict[str, list[Instance]] = {}
for _genre in GENRES:
    KIND[_genre], PUBLISHED[_genre] = bundled(_genre)


def cells(kind: DeclaredKind, instance: Instance) -> int:
    rows, cols = kind.load(instance.path).size
    return rows * cols


def by_size(genres: list[str]) -> list:
    """(genre, instance) for every published instance of ``genres``: each genre's
    smallest in the default run, the others in the slow run."""
    params = []
    for genre in genres:
        kind = KIND[genre]
        sized = sorted(PUBLISHED[genre], key=lambda i: (cells(kind, i), instance_name(i)))
        for index, instance in enumerate(sized):
            marks = [pytest.mark.slow] if index else []
            params.append(pytest.param(genre, instance, id=instance_name(instance), marks=marks))
    return params


def smallest(genres: list[str]) -> list:
    """(genre, instance) for the smallest published instance of each of ``genres``."""
    return [param for param in by_size(genres) if not param.marks]


def every_instance(genres: list[str]) -> list:
    """(genre, instance) for every bundled instance of ``genres``, all in the default run."""
    return [
        pytest.param(genre, instance, id=instance_name(instance))
        for genre in genres
        for instance in KIND[genre].instances()
    ]


# -- the bundled puzzles -------------------------------------------------------------------

#: how each genre's bundled files begin (their source named) and sizes among them
SOURCES: dict[str, tuple[str, set[tuple[int, int]]]] = {
    "akari": ("# janko.at Akari", {(10, 10), (14, 24), (25, 39)}),
    "fillomino": ("# janko.at Fillomino", {(5, 5), (13, 37)}),
    "hitori": ("# ", {(4, 4), (12, 12), (25, 25)}),
    "jigsaw-sudoku": ("# janko.at, https://www.janko.at/", {(4, 4), (5, 5), (6, 6), (9, 9)}),
    "kakuro": ("# janko.at, https://www.janko.at/", {(10, 12), (16, 16), (29, 39)}),
    "killer-sudoku": ("# janko.at, https://www.janko.at/", {(4, 4), (6, 6), (9, 9)}),
    "lits": ("# janko.at LITS", {(6, 7), (20, 36)}),
    "masyu": ("# ", {(6, 6), (10, 18), (20, 36)}),
    "nonogram": ("# Entry ", {(10, 10), (20, 20), (30, 25), (30, 40)}),
    "norinori": ("# janko.at Norinori", {(10, 10), (15, 24), (24, 36)}),
    "shikaku": ("# Entry ", {(10, 10), (20, 36)}),
    "skyscrapers": ("# janko.at, https://www.janko.at/", {(4, 4), (5, 5), (7, 7), (8, 8)}),
    "slitherlink": ("# ", {(10, 10), (12, 16), (20, 36)}),
    "star-battle": ("# janko.at Sternenschlacht", {(6, 6), (10, 10), (15, 15)}),
    "sudoku": ("#", {(6, 6), (9, 9), (16, 16)}),
    "tents": ("# Entry ", {(8, 12), (12, 12), (16, 16)}),
}
#: genres bundling puzzles without a published solution too (explainers' examples)
SOME_UNPUBLISHED = {"sudoku"}


def test_every_genre_is_listed_here() -> None:
    assert sorted(SOURCES) == sorted(BAD_FILES) == GENRES and len(GENRES) >= 16


@pytest.mark.parametrize("genre", GENRES)
def test_the_bundled_puzzles_name_their_source_and_are_of_several_sizes(genre: str) -> None:
    kind = KIND[genre]
    start, sizes = SOURCES[genre]
    instances = kind.instances()
    assert len(PUBLISHED[genre]) >= 5
    assert genre in SOME_UNPUBLISHED or len(PUBLISHED[genre]) == len(instances)
    found = {kind.load(i.path).size for i in instances}
    assert sizes <= found and len(found) >= 3
    for instance in instances:
        assert Path(instance.path).read_text().startswith(start), instance.path


def writes_regions(kind: DeclaredKind) -> bool:
    """Whether the kind writes regions, numbered in reading order whatever the numbers of
    the file it read (puzzlekit's shikaku solutions number them column by column)."""
    return any(writer.write == "region" for writer in kind.declaration.output.cells)


#: genres whose published solutions may leave a puzzle's black cell blank ('-') where
#: lpsolve's janko layout repeats it
BLANK_BLACK_CELLS = {"akari"}


@pytest.mark.parametrize(("genre", "instance"), by_size(GENRES))
def test_a_bundled_puzzle_has_its_published_solution_and_no_other(genre, instance) -> None:
    """Solved, proved unique (a search for two finds one), passing the check (lpsolve
    checks every answer it finds), and equal to the published solution, atom for atom
    and in janko's layout."""
    kind = KIND[genre]
    puzzle, expected = published(kind, instance)
    result = api.solve(puzzle)
    assert result.complete and result.unique
    (found,) = result.solutions
    assert puzzle.violations(found) == []
    assert puzzle.janko_text(found) == puzzle.janko_text(expected)
    if writes_regions(kind):
        return
    assert found == expected
    ours = puzzle.janko_text(found).split()
    theirs = Path(instance.solution).read_text().split()
    if genre not in BLANK_BLACK_CELLS:
        assert ours == theirs  # the published file, token for token
        return
    black = [token for row in puzzle.tokens[0] for token in row]
    assert ours[:2] == theirs[:2] and len(ours) == len(theirs) == 2 + len(black)
    for mine, shown, given in zip(ours[2:], theirs[2:], black, strict=True):
        assert mine == shown or (shown == "-" and mine == given != "-")


@pytest.mark.parametrize(("genre", "instance"), every_instance(GENRES))
def test_the_check_passes_every_published_solution_and_janko_s_layout_reads_back(
    genre, instance
) -> None:
    """The puzzle written in janko's layout reads as the same facts; the published
    solution passes the check, and written in janko's layout reads back the same."""
    kind = KIND[genre]
    puzzle = kind.load(instance.path)
    assert kind.parse(puzzle.render(), "again").facts_text() == puzzle.facts_text()
    if instance.solution is None:
        return
    puzzle, solution = published(kind, instance)
    assert puzzle.violations(solution) == []
    again = puzzle.read_solution(puzzle.janko_text(solution), "again")
    if writes_regions(kind):
        assert puzzle.janko_text(again) == puzzle.janko_text(solution)
    else:
        assert again == solution


# -- puzz.link links -------------------------------------------------------------------------

LINKED = [genre for genre in GENRES if KIND[genre].declaration.url is not None]
#: bundled puzzles a link cannot hold, and why
NO_LINK = {
    "janko-015.skyscrapers": "MAX is 3; a link means COLS (4)",
    "janko-017.skyscrapers": "MAX is 5; a link means COLS (7)",
    "janko-003.starbattle": "'@': the link holds only regions, each cell in one",
    "janko-005.starbattle": "'@': the link holds only regions, each cell in one",
    "janko-014.starbattle": "'#': the link holds only regions, each cell in one",
}


#: rows and columns of the file a link leaves out (kakuro's first row and column hold
#: only clues)
LINK_LEAVES_OUT = {"kakuro": 1}


@pytest.mark.parametrize(("genre", "instance"), every_instance(LINKED))
def test_a_bundled_puzzle_goes_to_a_puzz_link_link_and_back(genre, instance) -> None:
    kind = KIND[genre]
    puzzle = kind.load(instance.path)
    if instance_name(instance) in NO_LINK:
        with pytest.raises(UsageError) as refused:
            puzzle.to_url()
        assert str(refused.value).endswith(NO_LINK[instance_name(instance)])
        return
    url = puzzle.to_url()
    rows, cols = (side - LINK_LEAVES_OUT.get(genre, 0) for side in puzzle.size)
    assert url.startswith(f"https://puzz.link/p?{kind.declaration.url.names[0]}/{cols}/{rows}/")
    assert kind.from_url(url).facts_text() == puzzle.facts_text()


def test_every_genre_but_the_jigsaw_and_killer_sudokus_reads_links() -> None:
    assert set(GENRES) - set(LINKED) == {"jigsaw-sudoku", "killer-sudoku"}


# -- the second model and the check -------------------------------------------------------

SECOND_MODELS = [genre for genre in GENRES if KIND[genre].has_second_model]


#: larger puzzles the second model is tried on too (slow run): its search grows fast with
#: the board (some 12 x 12 boards take minutes)
SECOND_MODEL_ALSO = {"janko-006.hitori", "janko-005.starbattle"}


def second_model_cases() -> list:
    return [
        param
        for param in by_size(SECOND_MODELS)
        if not param.marks or instance_name(param.values[1]) in SECOND_MODEL_ALSO
    ]


@pytest.mark.parametrize(("genre", "instance"), second_model_cases())
def test_the_second_model_finds_the_published_solution_alone(genre, instance) -> None:
    puzzle, solution = published(KIND[genre], instance)
    second, complete = puzzle.second_model_solutions()
    assert complete and second == [solution]


@pytest.mark.parametrize(("genre", "instance"), smallest(GENRES))
def test_the_check_refuses_the_published_solution_less_any_of_its_atoms(genre, instance):
    """The solution is unique (solved above): anything else breaks a rule. (A search of
    the check per atom: on each genre's smallest puzzle.)"""
    puzzle, solution = published(KIND[genre], instance)
    for atom in solution.atoms:
        assert rules_broken(puzzle, set(solution.atoms) - {atom}), atom


# -- the kind and its files ----------------------------------------------------------------

#: the kinds without a second model, or without explanations
NO_SECOND_MODEL = {"shikaku"}
NO_EXPLAIN = {"lits", "star-battle"}
#: the file extensions of the kinds with more than ``.GENRE``
EXTENSIONS = {"star-battle": (".starbattle", ".star-battle")}


@pytest.mark.parametrize("genre", GENRES)
def test_the_kind_is_its_folder_with_its_capabilities(genre: str) -> None:
    kind = KIND[genre]
    assert kind.name == genre and kind.bundled
    assert kind.extensions == EXTENSIONS.get(genre, (f".{genre}",))
    assert kind.has_second_model == (genre not in NO_SECOND_MODEL)
    assert kind.can_explain == (genre not in NO_EXPLAIN)
    assert kind.can_draw


@pytest.mark.parametrize("genre", GENRES)
def test_mutated_puzzle_files_load_or_are_refused_in_one_line(genre: str) -> None:
    """The kind's bundled puzzles mutated as benchmarks/fuzz.py mutates puzzle files
    (huge, negative and 32-bit-edge numbers, odd bytes, cut and doubled lines): each
    loads, or is refused in one line at its place; never another exception."""
    kind = KIND[genre]
    rng = random.Random(genre)
    texts = [Path(i.path).read_text() for i in kind.instances()]
    for _ in range(60):
        text = fuzz.mutate(rng.choice(texts), rng)
        try:
            kind.parse(text, "x")
        except PuzzleError as error:
            assert error.line and error.col and "\n" not in str(error), str(error)


#: broken files of each genre and the one line each is refused with
BAD_FILES: dict[str, list[tuple[str, str]]] = {
    "akari": [
        (
            "3 3\n- - -\n- 5 -\n- - -\n",
            "bad:3:3: number 5 is larger than 4 (block board takes 0..4)",
        ),
        (
            "3 3\n- - -\n- o -\n- - -\n",
            "bad:3:3: unexpected 'o': expected '-', 'x' or a number 0..4",
        ),
        (
            "3 3\n- - -\n- -\n- - -\n",
            "bad:3:4: row has 2 tokens, expected 3 in block board (the header says '3 3')",
        ),
        (
            "3 3\n- - -\n- - -\n",
            "bad:3:6: the file ends in block board: 2 of its 3 rows (the header says '3 3')",
        ),
        (
            "3\n- - -\n",
            "bad:1:2: the first line is the header 'ROWS COLS': expected 2 numbers, found 1",
        ),
    ],
    "fillomino": [
        (
            "2 3\n1 - 2\n- 3\n",
            "bad:3:4: row has 2 tokens, expected 3 in block givens (the header says '2 3')",
        ),
        ("2 3\n1 - 2\n- 0 -\n", "bad:3:3: number 0 is smaller than 1 (block givens takes 1..99)"),
        (
            "2 3\n1 - 2\n- 100 -\n",
            "bad:3:3: number 100 is larger than 99 (block givens takes 1..99)",
        ),
        ("2 3\n1 - 2\n- x -\n", "bad:3:3: unexpected 'x': expected '-' or a number 1..99"),
        (
            "2 3\n1 - 2\n",
            "bad:2:6: the file ends in block givens: 1 of its 2 rows (the header says '2 3')",
        ),
    ],
    "hitori": [
        ("2 2\n1 2\n2 -\n", "bad:3:3: unexpected '-': expected a number 1..4096"),
        ("2 2\n1 2\n2 0\n", "bad:3:3: number 0 is smaller than 1 (block numbers takes 1..4096)"),
        (
            "2 2\n1 2 3\n2 1\n",
            "bad:2:5: row has 3 tokens, expected 2 in block numbers (the header says '2 2')",
        ),
        (
            "2 2\n1 2\n",
            "bad:2:4: the file ends in block numbers: 1 of its 2 rows (the header says '2 2')",
        ),
        ("2 x\n", "bad:1:3: columns 'x': expected a whole number"),
    ],
    "jigsaw-sudoku": [
        (
            "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 5\n",
            "bad:9:7: number 5 is larger than 4 (block regions takes 1..4)",
        ),
        (
            "4 4\n- - - -\n- x - -\n- - - -\n- - - -\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n",
            "bad:3:3: unexpected 'x': expected '-' or a number 1..4",
        ),
        (
            "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 2 2\n1 1 2 2\n",
            "bad:7:8: the file ends in block regions: 2 of its 4 rows (the header says '4 4')",
        ),
        ("4 5\n", "bad:1:3: the board must be square, not 4 x 5"),
        (
            "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4\n",
            "bad:9:6: row has 3 tokens, expected 4 in block regions (the header says '4 4')",
        ),
    ],
    "kakuro": [
        (
            "3 3\n- 46, 3,\n,4 0 0\n,3 0 0\n",
            "bad:2:3: left number 46 is larger than 45 (a pair's left number is 1..45)",
        ),
        (
            "3 3\n- 4, 3,\n, 0 0\n,3 0 0\n",
            "bad:3:1: unexpected ',': expected '-', '0' or a pair such as 5,12 "
            "(either side may be empty)",
        ),
        (
            "3 3\n- 4, 3,\n,4 0 0\n,3 0 x\n",
            "bad:4:6: unexpected 'x': expected '-', '0' or a pair such as 5,12 "
            "(either side may be empty)",
        ),
        (
            "3 3\n- 4, 3,\n,4 0 0\n,3 0 0 0\n",
            "bad:4:8: row has 4 tokens, expected 3 in block grid (the header says '3 3')",
        ),
        (
            "3 3\n- 4, 3,\n,4 0 0\n",
            "bad:3:7: the file ends in block grid: 2 of its 3 rows (the header says '3 3')",
        ),
    ],
    "killer-sudoku": [
        (
            "4 4\n0 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n",
            "bad:2:1: number 0 is smaller than 1 (block sums takes 1..2080)",
        ),
        (
            "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 a.b\n",
            "bad:9:7: unexpected 'a.b': expected an id (up to 16 letters and digits)",
        ),
        (
            "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n",
            "bad:8:8: the file ends in block cages: 3 of its 4 rows (the header says '4 4')",
        ),
        (
            "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n"
            "1 1 1 1\n",
            "bad:10:1: unexpected line after the last block (cages): the header says '4 4'",
        ),
        (
            "4 4\n9 - 8 3\n- 7 x -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n",
            "bad:3:5: unexpected 'x': expected '-' or a number 1..2080",
        ),
    ],
    "lits": [
        (
            "2 4\na a b b\na a b\n",
            "bad:3:6: row has 3 tokens, expected 4 in block regions (the header says '2 4')",
        ),
        (
            "2 4\na a b b\na a b b:\n",
            "bad:3:7: unexpected 'b:': expected an id (up to 16 letters and digits)",
        ),
        ("257 4\n", "bad:1:1: rows 257 is larger than 256"),
        ("2\n", "bad:1:2: the first line is the header 'ROWS COLS': expected 2 numbers, found 1"),
        (
            "1 4\na a a xxxxxxxxxxxxxxxxx\n",
            "bad:2:7: unexpected 'xxxxxxxxxxxxxxxxx': expected an id (up to 16 letters and digits)",
        ),
    ],
    "masyu": [
        ("2 2\nw -\n- x\n", "bad:3:3: unexpected 'x': expected '-', 'w' or 'b'"),
        (
            "2 2\nw - b\n- -\n",
            "bad:2:5: row has 3 tokens, expected 2 in block circles (the header says '2 2')",
        ),
        (
            "2 2\nw -\n",
            "bad:2:4: the file ends in block circles: 1 of its 2 rows (the header says '2 2')",
        ),
        ("2 x\n", "bad:1:3: columns 'x': expected a whole number"),
    ],
    "nonogram": [
        ("2 3\n1\n2\n1\n3\nx\n", "bad:6:1: unexpected 'x': expected '0' or a number 1..3"),
        ("2 3\n1\n4\n1\n3\n1\n", "bad:3:1: number 4 is larger than 2 (block columns takes 1..2)"),
        (
            "2 3\n1\n2\n1\n3\n1 1 1 1\n",
            "bad:6:7: line has 4 tokens, expected at most 3 in block rows (the header says '2 3')",
        ),
        (
            "2 3\n1\n2\n1\n3\n",
            "bad:5:2: the file ends in block rows: 1 of its 2 lines (the header says '2 3')",
        ),
        (
            "2 3\n1\n2\n1\n3\n1\n0\n",
            "bad:7:1: unexpected line after the last block (rows): the header says '2 3'",
        ),
    ],
    "norinori": [
        ("2 2\n- o\n- -\n1 1\n2 2\n", "bad:2:3: unexpected 'o': expected '-' or 'x'"),
        (
            "2 2\n- -\n- -\n1 1\n2 *\n",
            "bad:5:3: unexpected '*': expected an id (up to 16 letters and digits)",
        ),
        (
            "2 2\n- -\n- -\n1 1\n",
            "bad:4:4: the file ends in block regions: 1 of its 2 rows (the header says '2 2')",
        ),
        (
            "2 2\n- -\n- -\n1 1 1\n2 2\n",
            "bad:4:5: row has 3 tokens, expected 2 in block regions (the header says '2 2')",
        ),
    ],
    "shikaku": [
        (
            "2 3\n2 - 2\n- 2\n",
            "bad:3:4: row has 2 tokens, expected 3 in block givens (the header says '2 3')",
        ),
        (
            "2 3\n2 - 2\n- 0 -\n",
            "bad:3:3: number 0 is smaller than 1 (block givens takes 1..65536)",
        ),
        ("2 3\n2 - 2\n- a -\n", "bad:3:3: unexpected 'a': expected '-' or a number 1..65536"),
        ("2 3 4\n", "bad:1:5: unexpected '4' after the header's 2 numbers (ROWS COLS)"),
    ],
    "skyscrapers": [
        (
            "4 4 4 D\n- - - -\n- - - -\n1 2 3 -\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n",
            "bad:1:7: unexpected 'D' after the header's 3 numbers (ROWS COLS MAX)",
        ),
        (
            "4 5 4\n- - - -\n- - - -\n1 2 3 -\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n",
            "bad:1:3: the board must be square, not 4 x 5",
        ),
        (
            "4 4 4\n- - - -\n- - - -\n1 2 5 -\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n",
            "bad:4:5: number 5 is larger than 4 (block left takes 1..4)",
        ),
        (
            "4 4 4\n- - - -\n- - - -\n1 2 3 -\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - 5\n",
            "bad:9:7: number 5 is larger than 4 (block givens takes 0..4)",
        ),
        (
            "4 4\n- - - -\n- - - -\n1 2 3 -\n- - - -\n- - - -\n- - - -\n- - - -\n1 - - -\n",
            "bad:1:4: the first line is the header 'ROWS COLS MAX': expected 3 numbers, found 2",
        ),
    ],
    "slitherlink": [
        ("2 2\n1 -\n- 5\n", "bad:3:3: number 5 is larger than 4 (block numbers takes 0..4)"),
        ("2 2\n1 -\n- x\n", "bad:3:3: unexpected 'x': expected '-' or a number 0..4"),
        (
            "2 2\n1 - 2\n- -\n",
            "bad:2:5: row has 3 tokens, expected 2 in block numbers (the header says '2 2')",
        ),
        (
            "2 2\n1 -\n",
            "bad:2:4: the file ends in block numbers: 1 of its 2 rows (the header says '2 2')",
        ),
    ],
    "star-battle": [
        ("3 3 0\n1 1 1\n2 2 2\n3 3 3\n", "bad:1:5: STARS 0 is smaller than 1"),
        (
            "3 3 1 4\n1 1 1\n",
            "bad:1:7: unexpected '4' after the header's 3 numbers (ROWS COLS STARS)",
        ),
        (
            "3 3\n1 1 *\n2 2 2\n3 3 3\n",
            "bad:2:5: unexpected '*': expected '#', '@' or an id (up to 16 letters and digits)",
        ),
        (
            "3 3\n1 1 1 1\n2 2 2\n3 3 3\n",
            "bad:2:7: row has 4 tokens, expected 3 in block regions (the header says '3 3')",
        ),
        (
            "3 3\n1 1 1\n# comment\n",
            "bad:3:10: row has 2 tokens, expected 3 in block regions (the header says '3 3')",
        ),
    ],
    "sudoku": [
        (
            "4 4\n1 - - -\n- - - -\n- - 5 -\n- - - -\n",
            "bad:4:5: number 5 is larger than 4 (block givens takes 1..4)",
        ),
        (
            "4 4\n1 - - -\n- - x -\n- - - -\n- - - -\n",
            "bad:3:5: unexpected 'x': expected '-' or a number 1..4",
        ),
        (
            "4 4\n1 - - -\n- - - -\n",
            "bad:3:8: the file ends in block givens: 2 of its 4 rows (the header says '4 4')",
        ),
        (
            "4 4\n1 - - - -\n- - - -\n- - - -\n- - - -\n",
            "bad:2:9: row has 5 tokens, expected 4 in block givens (the header says '4 4')",
        ),
        (
            "4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n1\n",
            "bad:6:1: unexpected line after the last block (givens): the header says '4 4'",
        ),
    ],
    "tents": [
        ("2 3\n1 0 1\n1 1\n- x -\n- - o\n", "bad:5:5: unexpected 'o': expected '-' or 'x'"),
        (
            "2 3\n1 0 4\n1 1\n- x -\n- - x\n",
            "bad:2:5: number 4 is larger than 2 (block columns takes 0..2)",
        ),
        (
            "2 3\n1 0\n1 1\n- x -\n- - x\n",
            "bad:2:4: line has 2 tokens, expected 3 in block columns (the header says '2 3')",
        ),
        (
            "2 3\n1 0 1\n1 1\n- x -\n",
            "bad:4:6: the file ends in block board: 1 of its 2 rows (the header says '2 3')",
        ),
    ],
}


def bad_files() -> list:
    return [
        pytest.param(genre, text, message, id=f"{genre}-{index}")
        for genre, files in BAD_FILES.items()
        for index, (text, message) in enumerate(files)
    ]


@pytest.mark.parametrize(("genre", "text", "message"), bad_files())
def test_a_bad_file_is_refused_in_one_line_at_its_place(genre, text, message) -> None:
    with pytest.raises(PuzzleError) as refused:
        KIND[genre].parse(text, "bad")
    assert str(refused.value) == message
