"""The declared genres' solve times, instance by instance, and an encoding against
another written differently.

Per bundled instance of each kind named, read once: the library's solve (ground,
search for two solutions: the uniqueness proof, and the check of the answer), a median
of ``--repeat`` runs, and beside it the same solve looking for one solution (no
uniqueness proof), run in turn with it.

With ``--against FILE.lp``: the kind's encoding (A) and FILE (B) on the same facts, run
in turn (A B A B ...) so that their ratio holds whatever the machine's load: load,
ground and search for two, in CPU time (steadier than wall time on a shared machine:
it all runs in this thread), with the ground rules and the choices clingo made, on the
bundled instances and the held-out sample of ``benchmarks/data/genres/KIND/``; the two
must find the same solutions. ``--options`` adds clingo options to B's (B is the
kind's own encoding unless ``--against`` names another).

With ``--check-against FILE.lp``: the kind's check (A) and FILE (B) on each puzzle's
answer, in turn, CPU time of load, add the facts and ground; the two must find the
same violations, in the answer and in the answer missing an atom.

The alternative encodings and checks the genres' comments measure against are in
``benchmarks/genre_encodings/``.

    python benchmarks/genre_times.py kakuro [skyscrapers ...] [--repeat 5]
    python benchmarks/genre_times.py kakuro --against benchmarks/genre_encodings/kakuro-plain.lp
    python benchmarks/genre_times.py killer-sudoku --options=--sign-def=pos
    python benchmarks/genre_times.py sudoku \
        --check-against benchmarks/genre_encodings/sudoku-check-pairs.lp
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import clingo
from encoding_runs import KINDS, side_by_side  # benchmarks/encoding_runs.py
from rich.console import Console
from rich.table import Table

from lpsolve import api
from lpsolve.kinds.declared import load_kind
from lpsolve.kinds.declared.kind import DeclaredKind
from lpsolve.puzzle import facts_program

#: the held-out sample of benchmarks/genres.py, one folder per kind
SAMPLE = Path(__file__).resolve().parent / "data" / "genres"


def solve_times(name: str, repeat: int) -> Table:
    """Each bundled instance's solve, wall time, and beside it the same solve looking
    for one solution (no uniqueness proof, as puzzlekit's), the two in turn."""
    kind = load_kind(KINDS / name)
    table = Table(title=f"{name}: solve (search for 2, check the answer), ms")
    for column in ("instance", "size", "median", "worst", "one solution", "one / two"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    for instance in kind.instances():
        puzzle = kind.load(instance.path)
        times: dict[int, list[float]] = {2: [], 1: []}
        for _ in range(repeat):
            for limit, runs in times.items():
                start = time.perf_counter()
                result = api.solve(puzzle, limit=limit)
                runs.append(time.perf_counter() - start)
                assert result.unique or limit == 1, instance.path
        two, one = statistics.median(times[2]), statistics.median(times[1])
        table.add_row(
            Path(instance.path).name,
            f"{puzzle.size[0]}x{puzzle.size[1]}",
            f"{two * 1e3:.1f}",
            f"{max(times[2]) * 1e3:.1f}",
            f"{one * 1e3:.1f}",
            f"{one / two:.2f}",
        )
    return table


def puzzle_files(kind: DeclaredKind) -> list[str]:
    """The kind's bundled instances, then its held-out sample."""
    sample = SAMPLE / kind.name
    held_out = sorted(sample.iterdir()) if sample.is_dir() else []
    return [i.path for i in kind.instances()] + [
        str(path) for path in held_out if path.suffix in kind.extensions
    ]


def against(name: str, other: Path | None, extra: list[str], repeat: int) -> Table:
    """The kind's encoding (A) against ``other`` (B; None: the kind's encoding too),
    B with the clingo options ``extra`` added, both with the kind's own options, in CPU
    time, on the bundled instances and the held-out sample; the same answers required."""
    kind = load_kind(KINDS / name)
    encoding = Path(kind.encoding)
    other = other or encoding
    puzzles = [(Path(path).name, kind.load(path).facts_text()) for path in puzzle_files(kind)]
    named = f"{other.name} {' '.join(extra)}".strip()
    return side_by_side(
        f"{name}: bundled encoding (A) against {named} (B), CPU time",
        puzzles,
        encoding.read_text(),
        other.read_text(),
        repeat,
        options=kind.declaration.solver.options,
        theirs_options=extra,
        cpu=True,
        same_answers=True,
    )


def check_run(program: str, facts: str, violation: str) -> tuple[float, list[str]]:
    """(CPU seconds, the violations found) of the check ``program`` on ``facts``: load,
    add the facts, ground."""
    start = time.process_time()
    ctl = clingo.Control([], logger=lambda _code, _message: None)
    ctl.add("base", [], program)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    seconds = time.process_time() - start
    found = [str(a.symbol) for a in ctl.symbolic_atoms if a.symbol.match(violation, 3)]
    return seconds, sorted(found)


def check_against(name: str, other: Path, repeat: int) -> Table:
    """The kind's check (A) and another (B) on each puzzle's answer, in turn; both must
    find the same violations in it and in the answer without its first atom."""
    kind = load_kind(KINDS / name)
    table = Table(title=f"{name}: bundled check (A) against {other.name} (B), on the answers")
    for column in ("instance", "A ms", "B ms", "B / A"):
        table.add_column(column, justify="left" if column == "instance" else "right")
    ours_text, theirs_text = Path(kind.check.path).read_text(), other.read_text()
    violation = kind.declaration.violation
    for path in puzzle_files(kind):
        puzzle = kind.load(path)
        answer = api.solve(puzzle, limit=1).solutions[0].atoms
        facts = puzzle.facts_text()
        right, wrong = facts + facts_program(answer), facts + facts_program(answer[1:])
        for text in (right, wrong):
            if (
                check_run(ours_text, text, violation)[1]
                != check_run(theirs_text, text, violation)[1]
            ):
                raise SystemExit(f"{path}: the two checks find different violations")
        ours = [check_run(ours_text, right, violation)[0] for _ in range(repeat)]
        theirs = [check_run(theirs_text, right, violation)[0] for _ in range(repeat)]
        a, b = statistics.median(ours), statistics.median(theirs)
        table.add_row(Path(path).name, f"{a * 1e3:.2f}", f"{b * 1e3:.2f}", f"{b / a:.2f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kinds", nargs="+", help="bundled kinds, as kakuro")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", type=Path, help="an encoding to compare with the kind's")
    parser.add_argument(
        "--options",
        default="",
        help="clingo options added to B's (without --against: B is the kind's encoding)",
    )
    parser.add_argument("--check-against", type=Path, help="a check to compare with the kind's")
    options = parser.parse_args()
    console = Console(width=160)
    extra = options.options.split()
    for name in options.kinds:
        if options.against is not None or extra:
            console.print(against(name, options.against, extra, options.repeat))
        elif options.check_against is not None:
            console.print(check_against(name, options.check_against, options.repeat))
        else:
            console.print(solve_times(name, options.repeat))


if __name__ == "__main__":
    main()
