"""Connectivity and single loops in the declared genres: the bundled formulation against
the alternatives its encoding's comments name, on the genre's largest bundled puzzle.

A naive connectivity rule grounds too much: "every two shaded cells are linked" is a
closure over pairs of cells. Each genre's encoding (``lpsolve/kinds/<genre>/encoding.lp``)
says which formulation it chose and why; this measures the choice. A variant is the
bundled encoding with the section that states the rule (from one comment line to the
next section's) replaced by the alternative's rules, so that everything else is the
same program. Per variant: load, ground and search for two answers (the uniqueness
proof), medians of ``--repeat`` runs taken in turn (A B C A B C ...), wall and CPU
seconds (the CPU time of this process holds steadier on a busy machine); the ground rules
and the answers found (a variant that found other answers than the bundled one is a
wrong formulation, and says so).

    python benchmarks/connectivity.py [--repeat 3] [--genre lits] [--timeout 60]
"""

from __future__ import annotations

import argparse
import statistics
from typing import NamedTuple

from encoding_runs import KINDS, Run, ground_and_search  # benchmarks/encoding_runs.py
from rich.console import Console
from rich.table import Table

from lpsolve.kinds.declared import load_kind


class Variant(NamedTuple):
    name: str
    rules: str  # replaces the section; "" keeps the bundled encoding


class Genre(NamedTuple):
    instance: str  # the largest bundled puzzle
    start: str  # the first line of the section a variant replaces
    end: str  # the first line after it
    variants: tuple[Variant, ...]


GENRES: dict[str, Genre] = {
    "lits": Genre(
        "janko-020.lits",
        "% All shaded cells are connected.",
        "#show shape/3.",
        (
            Variant("regions reached from region 0 (bundled)", ""),
            Variant(
                "cells reached from region 0's cells",
                """
                linked(R, C) :- shaded(R, C), region(R, C, 0).
                linked(R2, C2) :- linked(R1, C1), beside(R1, C1, R2, C2), shaded(R2, C2).
                linked(R1, C1) :- linked(R2, C2), beside(R1, C1, R2, C2), shaded(R1, C1).
                :- shaded(R, C), not linked(R, C).
                """,
            ),
            Variant(
                "closure over pairs of shaded cells (naive)",
                """
                step(R1, C1, R2, C2) :- beside(R1, C1, R2, C2), shaded(R1, C1), shaded(R2, C2).
                step(R2, C2, R1, C1) :- step(R1, C1, R2, C2).
                path(A, B, C, D) :- step(A, B, C, D).
                path(A, B, E, F) :- path(A, B, C, D), step(C, D, E, F).
                :- shaded(A, B), shaded(C, D), (A, B) < (C, D), not path(A, B, C, D).
                """,
            ),
        ),
    ),
    "fillomino": Genre(
        "janko-034.fillomino",
        "% -- Define: who may own a cell",
        "#show fill/3.",
        (
            Variant("owners: a region's first given, else its first cell (bundled)", ""),
            Variant(
                "owners: every region's first cell",
                """
                offset(N, DR, DC) :- size(N), DR = 1 - N..N - 1, DC = |DR| + 1 - N..N - 1 - |DR|.
                may_own(R - DR, C - DC, R, C) :- cell(R, C), unclued_limit(L), offset(L, DR, DC),
                    (DR, DC) >= (0, 0), cell(R - DR, C - DC).
                1 { owner(XR, XC, R, C) : may_own(XR, XC, R, C) } 1 :- cell(R, C).
                first(R, C) :- owner(R, C, R, C).
                1 { area(R, C, N) : size(N) } 1 :- first(R, C).
                fill(R, C, N) :- owner(XR, XC, R, C), area(XR, XC, N).
                :- given(R, C, N), not fill(R, C, N).
                :- owner(XR, XC, R, C), not first(XR, XC).
                :- owner(XR, XC, R, C), area(XR, XC, N), |R - XR| + |C - XC| >= N.
                :- area(XR, XC, N), not N { owner(XR, XC, R, C) : may_own(XR, XC, R, C) } N.
                together(R1, C1, R2, C2) :- beside(R1, C1, R2, C2),
                    owner(XR, XC, R1, C1), owner(XR, XC, R2, C2).
                :- beside(R1, C1, R2, C2), fill(R1, C1, N), fill(R2, C2, N),
                    not together(R1, C1, R2, C2).
                :- fill(R, C, N), N > 1, not together(R, C, _, _).
                linked(R, C, R, C) :- first(R, C).
                linked(XR, XC, R2, C2) :- linked(XR, XC, R1, C1), beside(R1, C1, R2, C2),
                    owner(XR, XC, R2, C2).
                :- owner(XR, XC, R, C), not linked(XR, XC, R, C).
                """,
            ),
            Variant(
                "no owners: from every cell, N cells reached within distance N-1",
                """
                1 { fill(R, C, N) : size(N) } 1 :- blank(R, C).
                fill(R, C, N) :- given(R, C, N).
                same(R1, C1, R2, C2) :- beside(R1, C1, R2, C2), fill(R1, C1, N), fill(R2, C2, N).
                :- same(R1, C1, R2, C2), fill(R1, C1, 1).
                :- fill(R, C, N), N > 1, not same(R, C, _, _).
                reach(R, C, R, C) :- cell(R, C).
                reach(R, C, R2, C2) :- reach(R, C, R1, C1), same(R1, C1, R2, C2),
                    unclued_limit(L), |R2 - R| + |C2 - C| < L,
                    fill(R, C, N), |R2 - R| + |C2 - C| < N.
                :- fill(R, C, N), not N #count{ R2, C2 : reach(R, C, R2, C2) } N.
                """,
            ),
        ),
    ),
    # no connectivity to reason about: the bundled encoding alone, for its time
    "shikaku": Genre(
        "puzzlekit-40-20x36.shikaku",
        "",
        "",
        (Variant("rectangles placed from the numbers (bundled)", ""),),
    ),
}


def variant_program(encoding: str, genre: Genre, variant: Variant) -> str:
    if not variant.rules:
        return encoding
    start = encoding.index(genre.start)
    end = encoding.index(genre.end, start)
    return encoding[:start] + variant.rules + "\n" + encoding[end:]


def measure(name: str, genre: Genre, repeat: int, timeout: float) -> Table:
    folder = KINDS / name
    kind = load_kind(folder)
    puzzle = kind.load(folder / "instances" / genre.instance)
    encoding = (folder / "encoding.lp").read_text()
    programs = [variant_program(encoding, genre, v) for v in genre.variants]
    runs: list[list[Run]] = [[] for _ in programs]
    for _ in range(repeat):
        for index, program in enumerate(programs):
            runs[index].append(
                ground_and_search(
                    program, puzzle.facts_text(), kind.declaration.solver.options, timeout
                )
            )
    size = "x".join(map(str, puzzle.size))
    table = Table(title=f"{name}: {genre.instance} ({size}), ground and search for 2")
    for column in ("formulation", "wall s", "CPU s", "ground rules", "answers", "CPU / bundled"):
        table.add_column(column, justify="left" if column == "formulation" else "right")
    bundled = statistics.median(r.cpu for r in runs[0])
    for variant, found in zip(genre.variants, runs, strict=True):
        seconds = statistics.median(r.seconds for r in found)
        cpu = statistics.median(r.cpu for r in found)
        last = found[-1]
        if not last.complete:
            answers = f"stopped at {timeout:.0f} s"
        elif last.answers == runs[0][-1].answers:
            answers = f"{len(last.answers)}, the same"
        else:
            answers = f"{len(last.answers)}, OTHERS"
        table.add_row(
            variant.name,
            f"{seconds:.2f}",
            f"{cpu:.2f}",
            f"{last.rules:,}",
            answers,
            f"{cpu / bundled:.1f}",
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per variant")
    parser.add_argument("--genre", choices=sorted(GENRES), action="append", help="(all)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per search")
    args = parser.parse_args()
    console = Console()
    for name in args.genre or sorted(GENRES):
        console.print(measure(name, GENRES[name], args.repeat, args.timeout))


if __name__ == "__main__":
    main()
