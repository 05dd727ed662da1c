"""Masyu, a declared kind (``lpsolve/kinds/masyu/``), against sources of truth of its
own: the published solutions of its bundled puzzles, a plain-Python enumeration of every
loop of tiny boards, its puzz.link links, and its check on changed published answers."""

from __future__ import annotations

import functools
import random

import clingo
import pytest

from lpsolve.kinds.declared import DeclaredSolution

from .genre_testing import KINDS, bundled, every_solution_as, published_file

MASYU, PUBLISHED = bundled("masyu")
FOLDER = KINDS / "masyu"
RULES = {
    "the line stays on the board",
    "the line is drawn from both of its cells",
    "the loop neither ends nor branches",
    "the loop passes every circle",
    "the loop goes straight through a white circle",
    "the loop turns next to a white circle",
    "the loop turns on a black circle",
    "the loop goes straight on beside a black circle",
    "the line is one loop",
    "there is a loop",
}
STEP = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
#: janko's tokens of a cell, and a line that ends or branches in it (a student's answer)
CHANGES = ("-", "ns", "ew", "ne", "nw", "se", "sw", "n", "nse")

Cell = tuple[int, int]
Loop = frozenset[tuple[int, int, str]]  # (row, column, direction) of each link


def link(r: int, c: int, d: str) -> clingo.Symbol:
    return clingo.Function("link", [clingo.Number(r), clingo.Number(c), clingo.Function(d)])


def links_of(solution: DeclaredSolution) -> Loop:
    return frozenset(
        (a.arguments[0].number, a.arguments[1].number, a.arguments[2].name) for a in solution.atoms
    )


def as_solution(links) -> DeclaredSolution:
    return DeclaredSolution(tuple(sorted(link(r, c, d) for r, c, d in links)))


# -- an independent Masyu: every simple cycle of the board, each checked by the rules ----


def cycles(rows: int, cols: int) -> set[Loop]:
    """Every loop through side neighbours that visits no cell twice: paths from each
    cell, through later cells only, that come back to it."""
    found: set[Loop] = set()

    def neighbours(cell: Cell):
        for d, (dr, dc) in STEP.items():
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < rows and 0 <= c < cols:
                yield d, (r, c)

    def extend(start: Cell, path: list[Cell]) -> None:
        for _, nxt in neighbours(path[-1]):
            if nxt == start and len(path) >= 4:
                found.add(loop_links(path))
            elif nxt > start and nxt not in path:
                extend(start, [*path, nxt])

    for r in range(rows):
        for c in range(cols):
            extend((r, c), [(r, c)])
    return found


def loop_links(path: list[Cell]) -> Loop:
    links = set()
    for a, b in zip(path, path[1:] + path[:1], strict=True):
        for d, (dr, dc) in STEP.items():
            if (a[0] + dr, a[1] + dc) == b:
                links.add((*a, d))
            if (b[0] + dr, b[1] + dc) == a:
                links.add((*b, d))
    return frozenset(links)


def keeps_the_circles(board: list[str], loop: Loop) -> bool:
    ways: dict[Cell, set[str]] = {}
    for r, c, d in loop:
        ways.setdefault((r, c), set()).add(d)

    def straight(cell: Cell) -> bool:
        return ways.get(cell) in ({"n", "s"}, {"e", "w"})

    def turns(cell: Cell) -> bool:
        return cell in ways and not straight(cell)

    for r, row in enumerate(board):
        for c, token in enumerate(row):
            if token == "-":
                continue
            if (r, c) not in ways:
                return False
            ends = [(r + STEP[d][0], c + STEP[d][1]) for d in ways[(r, c)]]
            if token == "w" and not (straight((r, c)) and any(turns(e) for e in ends)):
                return False
            if token == "b" and not (turns((r, c)) and all(straight(e) for e in ends)):
                return False
    return True


@functools.cache
def all_cycles(rows: int, cols: int) -> frozenset[Loop]:
    return frozenset(cycles(rows, cols))


def python_solutions(board: list[str]) -> set[Loop]:
    return {
        loop for loop in all_cycles(len(board), len(board[0])) if keeps_the_circles(board, loop)
    }


def board_text(board: list[str]) -> str:
    return f"{len(board)} {len(board[0])}\n" + "\n".join(" ".join(row) for row in board) + "\n"


# -- published solutions ------------------------------------------------------------


def test_a_link_as_puzzlekit_s_dataset_gives_it_reads_as_its_file() -> None:
    """janko-002's link, as the dataset records it (pzprjs's genre id "masyu")."""
    puzzle = MASYU.from_url("https://puzz.link/p?masyu/6/6/00016f769000")
    assert puzzle.facts_text() == MASYU.load(FOLDER / "instances" / "janko-002.masyu").facts_text()


# -- brute force on tiny boards ------------------------------------------------------


def tiny_board(seed: int) -> list[str]:
    rng = random.Random(seed)
    rows, cols = rng.choice(((3, 3), (3, 4), (4, 4), (4, 3), (2, 5)))
    return ["".join(rng.choice("--------wb") for _ in range(cols)) for _ in range(rows)]


SEEDS = range(16)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tiny_boards_have_the_solutions_the_enumeration_says(seed: int) -> None:
    board = tiny_board(seed)
    puzzle = MASYU.parse(board_text(board), f"random-{seed}.masyu")
    assert every_solution_as(puzzle, links_of) == python_solutions(board)


def test_the_enumeration_is_not_vacuous() -> None:
    """The boards above have none, one and several solutions; a 2 x 2 board has one
    loop, a 3 x 3 board 13; janko-002's published loop keeps the circles' rules (its
    6 x 6 board has too many loops to enumerate here)."""
    assert {min(len(python_solutions(tiny_board(s))), 2) for s in SEEDS} == {0, 1, 2}
    assert len(all_cycles(2, 2)) == 1 and len(all_cycles(3, 3)) == 13
    puzzle, solution = published_file(MASYU, "janko-002.masyu")
    board = ["".join(row) for row in puzzle.tokens[0]]
    assert keeps_the_circles(board, links_of(solution))
    assert not keeps_the_circles(board, next(iter(all_cycles(2, 2))))


def test_a_board_without_circles_has_every_loop_as_a_solution() -> None:
    puzzle = MASYU.parse("3 3\n- - -\n- - -\n- - -\n", "empty.masyu")
    assert every_solution_as(puzzle, links_of) == all_cycles(3, 3)


# -- the check ------------------------------------------------------------------------


def rules_broken(puzzle, links) -> set[str]:
    return {v.rule for v in puzzle.violations(as_solution(links))}


def test_every_one_cell_change_of_a_published_answer_is_caught() -> None:
    """janko-002 (6 x 6): each cell's directions replaced in turn by each other janko
    token, one direction and three; every change breaks some rule, and together they
    name every rule but the one of an empty answer."""
    puzzle, solution = published_file(MASYU, "janko-002.masyu")
    answer = links_of(solution)
    named: set[str] = set()
    for r in range(6):
        for c in range(6):
            kept = {(lr, lc, d) for lr, lc, d in answer if (lr, lc) != (r, c)}
            current = "".join(sorted(d for lr, lc, d in answer if (lr, lc) == (r, c)))
            for token in CHANGES:
                if "".join(sorted(token.strip("-"))) == current:
                    continue
                changed = kept | {(r, c, d) for d in token if d != "-"}
                broken = rules_broken(puzzle, changed)
                assert broken, (r, c, token)
                named |= broken
    assert named == RULES - {"there is a loop"}


def test_the_check_names_two_loops_no_loop_and_a_line_off_the_board() -> None:
    puzzle = MASYU.parse("4 4\n- - - -\n- - - -\n- - - -\n- - - -\n", "empty.masyu")
    square = loop_links([(0, 0), (0, 1), (1, 1), (1, 0)])
    other = loop_links([(2, 2), (2, 3), (3, 3), (3, 2)])
    assert rules_broken(puzzle, square) == set()
    assert rules_broken(puzzle, square | other) == {"the line is one loop"}
    assert rules_broken(puzzle, set()) == {"there is a loop"}
    assert "the line stays on the board" in rules_broken(puzzle, square | {(0, 0, "n")})
    assert "the line stays on the board" in rules_broken(puzzle, square | {(4, 0, "e")})


def test_the_check_names_the_cell_of_a_broken_rule() -> None:
    puzzle, solution = published_file(MASYU, "janko-002.masyu")  # a black circle at row 2, col 1
    answer = links_of(solution)
    straightened = {x for x in answer if x[:2] != (2, 1)} | {(2, 1, "n"), (2, 1, "s")}
    problems = puzzle.violations(as_solution(straightened))
    cells = {
        cell for p in problems if p.rule == "the loop turns on a black circle" for cell in p.cells
    }
    assert cells == {(2, 1)}


# -- the picture --------------------------------------------------------------------


def test_the_picture_draws_the_circles_and_the_loop() -> None:
    puzzle, solution = published_file(MASYU, "janko-002.masyu")
    svg = puzzle.svg(solution)
    assert svg.count("<line") + svg.count("<path") + svg.count("<polyline") > 0
    assert "circle" in svg
