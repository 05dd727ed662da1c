"""Genres' encodings against a plainer form of the same rules, on each genre's largest
bundled instance: what the comments in the encodings measure.

For each genre, the bundled encoding (A) and the plainer form written here (B) are run
in turn (A B A B ...) in the same run, each a load, ground and search for two answers
(the uniqueness proof), so that their ratio holds whatever the machine's load; each run
in a fresh process, so that a form that grounds millions of rules does not slow the
next run down with the memory it leaves. The table gives the medians of ``--repeat``
runs of the ground and search times, the ground rules and clingo's choices, and checks
that both forms find the same answers.

    python benchmarks/genre_forms.py [--repeat 5] [--kind akari]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

from encoding_runs import KINDS, Run, ground_and_search  # benchmarks/encoding_runs.py
from rich.console import Console
from rich.table import Table

from lpsolve.kinds.declared import load_kind


class Form(NamedTuple):
    """A plainer form of a genre's rules, and what it does differently."""

    what: str  # a few words: the table's column
    program: str


#: Akari's light as rays: from each lamp, cell by cell in each direction while the next
#: cell is white (the bundled encoding: a lamp lights the row and column runs it is in)
AKARI_RAYS = Form(
    "rays from each lamp",
    """
#defined black/2.
#defined number/3.
cell(R,C) :- rows(N), cols(M), R = 0..N-1, C = 0..M-1.
white(R,C) :- cell(R,C), not black(R,C).
step(0,1; 0,-1; 1,0; -1,0).
{ lamp(R,C) } :- white(R,C).
ray(R2,C2,DR,DC) :- lamp(R,C), step(DR,DC), R2 = R+DR, C2 = C+DC, white(R2,C2).
ray(R2,C2,DR,DC) :- ray(R,C,DR,DC), R2 = R+DR, C2 = C+DC, white(R2,C2).
:- lamp(R,C), ray(R,C,_,_).
:- white(R,C), not lamp(R,C), not ray(R,C,_,_).
:- number(R,C,V), not V { lamp(R+DR,C+DC) : step(DR,DC) } V.
#show lamp/2.
""",
)

#: Star Battle's "no two stars touch" as at most one star in every 2 x 2 square (the
#: bundled encoding: pair by pair)
STAR_BATTLE_SQUARES = Form(
    "2 x 2 squares",
    """
#defined black/2.
#defined outside/2.
free(R,C) :- region(R,C,_).
row(0..N-1) :- rows(N).
col(0..M-1) :- cols(M).
group(G) :- region(_,_,G).
S { star(R,C) : free(R,C) } S :- row(R), stars(S).
:- col(C), stars(S), not S { star(R,C) : free(R,C) } S.
:- group(G), stars(S), not S { star(R,C) : region(R,C,G) } S.
:- row(R), col(C), 2 { star(R,C); star(R+1,C); star(R,C+1); star(R+1,C+1) }.
#show star/2.
""",
)

#: Hitori's connected white cells as a relation on pairs (the bundled encoding: reached
#: from one root)
HITORI_PAIRS = Form(
    "connected pairs",
    """
#defined number/3.
cell(R,C) :- rows(N), cols(M), R = 0..N-1, C = 0..M-1.
step(0,1; 0,-1; 1,0; -1,0).
{ shaded(R,C) } :- cell(R,C).
white(R,C) :- cell(R,C), not shaded(R,C).
:- number(R,_,V), 2 { white(R,C) : number(R,C,V) }.
:- number(_,C,V), 2 { white(R,C) : number(R,C,V) }.
:- shaded(R,C), shaded(R,C+1).
:- shaded(R,C), shaded(R+1,C).
linked(R,C,R,C) :- white(R,C).
linked(R,C,R3,C3) :- linked(R,C,R2,C2), step(DR,DC), R3 = R2+DR, C3 = C2+DC, white(R3,C3).
:- white(R,C), white(R2,C2), not linked(R,C,R2,C2).
#show shaded/2.
""",
)


#: Norinori with its neighbour relation written cell, direction, cell (the bundled
#: encoding names the direction first): the same rules, another order of the body
def replaced(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced, which must be there (a form made from a bundled
    encoding must differ from it)."""
    if old not in text:
        raise SystemExit(f"benchmarks/genre_forms.py: the encoding no longer says {old!r}")
    return text.replace(old, new)


NORINORI_ORDER = Form(
    "cell, step, cell",
    replaced(
        (KINDS / "norinori" / "encoding.lp").read_text(),
        "neighbour(R,C,R+DR,C+DC) :- step(DR,DC), cell(R,C), cell(R+DR,C+DC).",
        "neighbour(R,C,R+DR,C+DC) :- cell(R,C), step(DR,DC), cell(R+DR,C+DC).",
    ),
)

#: Masyu's single loop with the loop's first cell in reading order as the root (the
#: bundled encoding: its first circle, known before solving)
MASYU_ROOT_ON_LOOP = Form(
    "root: first cell on the loop",
    replaced(
        (KINDS / "masyu" / "encoding.lp").read_text(),
        "first_on_loop(K) :- not first_circle(_),",
        "first_on_loop(K) :-",
    ).replace("root(K / M, K \\ M) :- first_circle(K), cols(M).", ""),
)

#: Masyu's single loop as "every two cells of the loop are linked along it", a relation
#: on pairs (the bundled encoding: reached from one root)
MASYU_PAIRS = Form(
    "linked pairs",
    replaced(
        (KINDS / "masyu" / "encoding.lp").read_text(),
        "reached(R,C) :- root(R,C).",
        """linked(R,C,R,C) :- on_loop(R,C).
linked(R,C,R2+DR,C2+DC) :- linked(R,C,R2,C2), link(R2,C2,D), way(D,DR,DC).
:- on_loop(R,C), on_loop(R2,C2), not linked(R,C,R2,C2).
reached(R,C) :- root(R,C).""",
    ).replace(":- on_loop(R,C), not reached(R,C).", ""),
)

#: Slitherlink's one inside area with its root found by a #min aggregate over the inside
#: cells (the bundled encoding: along a chain of "an inside cell comes before")
SLITHERLINK_MIN_ROOT = Form(
    "root: #min aggregate",
    replaced(
        (KINDS / "slitherlink" / "encoding.lp").read_text(),
        "root(R,C) :- inside(R,C), index(R,C,K), not before(K).",
        "root(R,C) :- index(R,C,K), K = #min{ I : inside(R2,C2), index(R2,C2,I) }.",
    ),
)

#: Slitherlink's one inside area as "every two inside cells are joined", a relation on
#: pairs (the bundled encoding: reached from one root)
SLITHERLINK_PAIRS = Form(
    "joined pairs",
    replaced(
        (KINDS / "slitherlink" / "encoding.lp").read_text(),
        ":- inside(R,C), not reached(R,C).",
        """joined(R,C,R,C) :- inside(R,C).
joined(R,C,R2+DR,C2+DC) :- joined(R,C,R2,C2), way(_,DR,DC), inside(R2+DR,C2+DC).
:- inside(R,C), inside(R2,C2), not joined(R,C,R2,C2).""",
    ),
)

FORMS: dict[str, list[Form]] = {
    "akari": [AKARI_RAYS],
    "star-battle": [STAR_BATTLE_SQUARES],
    "hitori": [HITORI_PAIRS],
    "norinori": [NORINORI_ORDER],
    "masyu": [MASYU_ROOT_ON_LOOP, MASYU_PAIRS],
    "slitherlink": [SLITHERLINK_MIN_ROOT, SLITHERLINK_PAIRS],
}


def in_a_fresh_process(program: str, facts: str) -> Run:
    """Load, ground and search for two answers in a process of its own."""
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        return pool.submit(ground_and_search, program, facts, ["--warn=none"]).result()


def largest_instance(kind) -> Path:
    return max(
        (Path(i.path) for i in kind.instances()),
        key=lambda path: (lambda size: size[0] * size[1])(kind.load(path).size),
    )


def compare(kinds: list[str], repeat: int) -> Table:
    table = Table(title="bundled encoding (A) against a plainer form (B), ms: medians")
    columns = ("genre", "instance", "B is", "A ground", "A search", "A rules", "A choices",
               "B ground", "B search", "B rules", "B choices", "B / A")  # fmt: skip
    for column in columns:
        table.add_column(column, justify="left" if column in columns[:3] else "right")
    for name in kinds:
        kind = load_kind(KINDS / name)
        path = largest_instance(kind)
        puzzle = kind.load(path)
        facts = puzzle.facts_text()
        bundled = Path(kind.encoding).read_text()
        for form in FORMS[name]:
            ours: list[Run] = []
            theirs: list[Run] = []
            for _ in range(repeat):
                ours.append(in_a_fresh_process(bundled, facts))
                theirs.append(in_a_fresh_process(form.program, facts))
            assert ours[0].answers == theirs[0].answers, f"{name}: the forms disagree"

            def ms(runs: list[Run], part: str) -> float:
                return statistics.median(getattr(r, part) for r in runs) * 1e3

            a = ms(ours, "ground") + ms(ours, "search")
            b = ms(theirs, "ground") + ms(theirs, "search")
            rows, cols = puzzle.size
            table.add_row(
                name, f"{path.name} ({rows}x{cols})", form.what,
                f"{ms(ours, 'ground'):.0f}", f"{ms(ours, 'search'):.0f}",
                f"{ours[0].rules:,}", f"{ours[0].choices:,}",
                f"{ms(theirs, 'ground'):.0f}", f"{ms(theirs, 'search'):.0f}",
                f"{theirs[0].rules:,}", f"{theirs[0].choices:,}",
                f"{b / a:.1f}",
            )  # fmt: skip
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--kind", action="append", choices=sorted(FORMS))
    options = parser.parse_args()
    Console(width=160).print(compare(options.kind or sorted(FORMS), options.repeat))


if __name__ == "__main__":
    main()
