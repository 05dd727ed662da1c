"""Hidato at scale: large unique king boards and sparse random ones, lpsolve against
OR-tools CP-SAT (one worker) and the raw ``clingo`` command, in the same run.

Every measurement runs in a child process of its own, so that its CPU time (user +
system, from ``os.wait4``) and its peak resident memory are its own. Times are CPU
seconds: the machine is shared and wall clocks drift.

* Unique boards (``--sizes``): a random Hamiltonian king path (backbite moves, as
  ``lpsolve.generate``); 60 % of its numbers shown at random, then, until the board has
  one solution, one more number shown in every run of consecutive numbers that are not
  the same in every solution (the complement of clingo's cautious consequences, found
  as :class:`Ambiguity` says); the board is then checked by a search for 2 solutions.
  Made in 10 s at 150x150 and 26 s at 200x200 (586 s and unfinished before). Solved with the
  uniqueness proof (a search for 2 solutions): ``lpsolve.solve(puzzle, 2)`` in the child
  after loading (the column ``lpsolve s``; atoms, ground and search wall times from its
  statistics; peak memory of the child); ``python -m clingo`` on the same encoding
  and facts (clingo's own CPU time); CP-SAT: solve, then solve again with the first
  path forbidden. Medians of ``--repeat`` runs.
* Sparse boards (``--sparse SIDE:SHOWN``): ``lpsolve.generate.random_puzzle`` (random
  path, the given fraction of numbers shown, 1 and N always), seeds 1..``--seeds``, any
  one solution, each run limited to ``--timeout`` CPU seconds (wall clock for CP-SAT).

The CP-SAT model (the peer): a circuit (``AddCircuit``) over the cells and a depot
node, whose arcs are the board's moves plus depot -> cell (that cell holds 1) and
cell -> depot (it holds N); an integer per cell, its number, with domains pruned as
the encoding prunes its candidates (walks between consecutive givens that avoid other
givens' cells), an arc u -> v forcing number(v) = number(u) + 1, and AllDifferent.
``--cpsat-model bool`` adds one Boolean per cell and candidate number with "exactly
one" per cell and per number instead of AllDifferent.

    pip install ortools       # the peer (optional)
    python benchmarks/hidato_scale.py [--sizes 30 50 70 100 150 200] [--repeat 3]
        [--sparse 30:0.25 20:0.10] [--seeds 10] [--timeout 60] [--cache DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import clingo
from clingo.backend import HeuristicType
from rich.console import Console
from rich.table import Table

import lpsolve
from lpsolve.backends import asp
from lpsolve.generate import puzzle_from_path, random_path, random_puzzle
from lpsolve.kinds.hidato import Cell, HidatoPuzzle, build
from lpsolve.resources import encoding_file

UNIQUE_START_SHOWN = 0.6


# -- boards ------------------------------------------------------------------------------


class Ambiguity:
    """The numbers of a board that are not the same in every solution (the complement
    of its cautious consequences) as more numbers are shown: the board is ground once
    and the numbers shown since are assumptions.

    One solve per step instead of clingo's cautious enumeration, which found one run of
    differing numbers per model (1,400 models and 16 s for a 150x150 board): the
    numbers still in the same cell in every model so far are told to prefer another
    cell (a sign heuristic) and that not all of them may stay (a constraint), both
    switched on by an external atom for that step only. A model then moves nearly every
    number that can move; none means the rest are fixed. The answer is the cautious
    consequences all the same, so the boards are those of the enumeration."""

    def __init__(self, puzzle: HidatoPuzzle) -> None:
        self.ctl = asp.make_control(puzzle, ["--heuristic=Domain", "--models=1"])
        asp.ground(self.ctl)
        self.size = len(puzzle.cells)
        # number atoms that are not facts (the others are fixed): literal -> number
        self.number = {
            atom.literal: atom.symbol.arguments[2].number
            for atom in self.ctl.symbolic_atoms.by_signature("number", 3)
            if not atom.is_fact
        }
        self.steps = 0

    def _model(self, assumptions: list[tuple[clingo.Symbol, bool]], among: Any) -> set | None:
        """The literals of ``among`` true in one model, or None if there is none."""
        with self.ctl.solve(assumptions=assumptions, yield_=True) as handle:
            for model in handle:
                return {literal for literal in among if model.is_true(literal)}
        return None

    def numbers(self, shown: dict[Cell, int]) -> list[int]:
        """The ambiguous numbers once the numbers ``shown`` are shown too."""
        assumptions = [(number_atom(x, y, n), True) for (x, y), n in shown.items()]
        common = self._model(assumptions, self.number)
        if common is None:
            raise RuntimeError("no solution")
        placed = {self.number[literal] for literal in common}
        while common:
            self.steps += 1
            with self.ctl.backend() as backend:
                switch = backend.add_atom(
                    clingo.Function("ambiguity_step", [clingo.Number(self.steps)])
                )
                backend.add_external(switch)
                for literal in common:
                    backend.add_heuristic(literal, HeuristicType.Sign, -1, 1, [switch])
                    backend.add_heuristic(literal, HeuristicType.Level, 1, 1, [switch])
                backend.add_rule([], [*common, switch])
            self.ctl.assign_external(switch, True)
            found = self._model(assumptions, common)
            self.ctl.release_external(switch)  # false from now on
            if found is None:
                break
            common = found
        fixed = {self.number[literal] for literal in common}
        return [n for n in range(1, self.size + 1) if n in placed and n not in fixed]


def number_atom(x: int, y: int, n: int) -> clingo.Symbol:
    return clingo.Function("number", [clingo.Number(x), clingo.Number(y), clingo.Number(n)])


def unique_board(side: int, seed: int) -> HidatoPuzzle:
    """A random king path with 60 % of its numbers shown; then one more shown in every
    run of ambiguous numbers until none is left. Checked by a search for 2 solutions."""
    rng = random.Random(seed)
    path = random_path(side, side, "king", rng)
    source = f"<unique {side}x{side} seed {seed}>"
    first = puzzle_from_path(path, "king", UNIQUE_START_SHOWN, rng, source=source)
    ambiguity = Ambiguity(first)
    added: dict[Cell, int] = {}
    while True:
        runs: list[list[int]] = []
        for n in ambiguity.numbers(added):
            if runs and runs[-1][-1] == n - 1:
                runs[-1].append(n)
            else:
                runs.append([n])
        if not runs:
            break
        for run in runs:
            n = rng.choice(run)
            added[path[n - 1]] = n
    puzzle = build(sorted(path), {**first.givens, **added}, "king", source)
    check = lpsolve.solve(puzzle, 2)
    if not (check.complete and check.count == 1):
        raise RuntimeError(f"{source}: not unique ({check.count} solutions found)")
    return puzzle


def board_json(puzzle: HidatoPuzzle) -> str:
    return json.dumps(
        {
            "kind": "hidato",
            "adjacency": puzzle.adjacency,
            "cells": [list(cell) for cell in puzzle.cells],
            "givens": [[x, y, n] for (x, y), n in sorted(puzzle.givens.items())],
        }
    )


def cached_unique_board(side: int, seed: int, cache: Path, console: Console) -> Path:
    path = cache / f"unique-{side}x{side}-seed{seed}.json"
    if not path.exists():
        # Made in a child: this process would keep the grounding's memory, and the
        # children it starts to measure would count it in their peak.
        start = time.perf_counter()
        command = [sys.executable, __file__, "--make-unique", str(side), str(seed), str(path)]
        subprocess.run(command, check=True)
        puzzle = lpsolve.load(path)
        assert isinstance(puzzle, HidatoPuzzle)
        console.print(
            f"made {path.name}: {len(puzzle.givens):,} of {len(puzzle.cells):,} numbers "
            f"shown ({len(puzzle.givens) / len(puzzle.cells):.0%}), "
            f"{time.perf_counter() - start:.0f} s"
        )
    return path


def sparse_board(side: int, shown: float, seed: int, cache: Path) -> Path:
    path = cache / f"sparse-{side}x{side}-{shown:g}-seed{seed}.json"
    if not path.exists():
        puzzle, _ = random_puzzle(side, side, "king", shown, seed)
        path.write_text(board_json(puzzle))
    return path


# -- the CP-SAT peer ---------------------------------------------------------------------


def candidate_numbers(puzzle: HidatoPuzzle) -> dict[Cell, list[int]]:
    """For each cell, the numbers it may hold: as the encoding's candidate/3, walks
    between consecutive givens (or from one given, before the first and after the
    last) that avoid the cells of other givens."""
    size = len(puzzle.cells)
    cell_of = {n: cell for cell, n in puzzle.givens.items()}
    blocked = set(puzzle.givens)
    free = [cell for cell in puzzle.cells if cell not in blocked]
    numbers: dict[Cell, list[int]] = {cell: [] for cell in puzzle.cells}
    for n, cell in cell_of.items():
        numbers[cell].append(n)

    def layers(start: Cell, steps: int) -> list[set[Cell]]:
        found = [{start}]
        for _ in range(steps):
            found.append({o for c in found[-1] for o in puzzle.neighbours(c) if o not in blocked})
        return found

    bounds = [0, *sorted(cell_of), size + 1]
    for low, high in pairwise(bounds):
        if high - low < 2:
            continue
        up = layers(cell_of[low], high - low - 1) if low >= 1 else None
        down = layers(cell_of[high], high - low - 1) if high <= size else None
        for n in range(low + 1, high):
            cells: set[Cell] | list[Cell] = free
            if up is not None and down is not None:
                cells = up[n - low] & down[high - n]
            elif up is not None:
                cells = up[n - low]
            elif down is not None:
                cells = down[high - n]
            for cell in cells:
                numbers[cell].append(n)
    return numbers


def cpsat_solve(
    puzzle: HidatoPuzzle, limit: int, timeout: float, model_kind: str, linearization: int = 0
) -> dict:
    from ortools.sat.python import cp_model

    start = time.process_time()
    cells = list(puzzle.cells)
    size = len(cells)
    node = {cell: i + 1 for i, cell in enumerate(cells)}  # 0 is the depot
    numbers = candidate_numbers(puzzle)
    model = cp_model.CpModel()
    position = {}
    for cell in cells:
        if not numbers[cell]:
            return {"found": 0, "complete": True, "build": time.process_time() - start}
        domain = cp_model.Domain.FromValues(sorted(numbers[cell]))
        position[cell] = model.NewIntVarFromDomain(domain, "")
    arcs = []
    moves = {}
    for cell in cells:
        first, last = model.NewBoolVar(""), model.NewBoolVar("")
        arcs += [(0, node[cell], first), (node[cell], 0, last)]
        model.Add(position[cell] == 1).OnlyEnforceIf(first)
        model.Add(position[cell] == size).OnlyEnforceIf(last)
        for other in puzzle.neighbours(cell):
            arc = model.NewBoolVar("")
            arcs.append((node[cell], node[other], arc))
            moves[cell, other] = arc
            model.Add(position[other] == position[cell] + 1).OnlyEnforceIf(arc)
    model.AddCircuit(arcs)
    if model_kind == "bool":
        holds: dict[int, list[Any]] = {}
        for cell in cells:
            options = []
            for n in numbers[cell]:
                literal = model.NewBoolVar("")
                model.Add(position[cell] == n).OnlyEnforceIf(literal)
                options.append(literal)
                holds.setdefault(n, []).append(literal)
            model.AddExactlyOne(options)
        for literals in holds.values():
            model.AddExactlyOne(literals)
    else:
        model.AddAllDifferent(list(position.values()))
    build_seconds = time.process_time() - start
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.linearization_level = linearization
    found, search_seconds, complete = 0, 0.0, False
    while found < limit:
        solver.parameters.max_time_in_seconds = max(0.01, timeout - search_seconds)
        began = time.process_time()
        status = solver.Solve(model)
        search_seconds += time.process_time() - began
        if status == cp_model.INFEASIBLE:
            complete = True
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break  # out of time
        found += 1
        if found == limit:
            complete = True
            break
        used = [arc for (a, b), arc in moves.items() if solver.Value(arc)]
        model.AddBoolOr([arc.Not() for arc in used])  # the next path leaves one of these
    return {
        "found": found,
        "complete": complete,
        "build": build_seconds,
        "search": search_seconds,
    }


# -- one measurement in a child process -------------------------------------------------------


def child(engine: str, board: str, limit: int, timeout: float, cpsat_model: str) -> None:
    puzzle = lpsolve.load(board)
    assert isinstance(puzzle, HidatoPuzzle)
    if engine == "lpsolve":
        start = time.process_time()
        result = lpsolve.solve(puzzle, limit, timeout=timeout)
        seconds = time.process_time() - start
        stats = result.stats
        report = {
            "found": result.count,
            "complete": result.complete,
            "seconds": seconds,
            "atoms": stats.atoms if stats else 0,
            "ground": stats.ground_seconds if stats else 0.0,
            "search": stats.solve_seconds if stats else 0.0,
        }
    else:
        report = cpsat_solve(puzzle, limit, timeout, cpsat_model)
        report["seconds"] = report.get("build", 0.0) + report.get("search", 0.0)
    print(json.dumps(report))


def measure(arguments: Sequence[str], timeout: float) -> dict:
    """Run a command; its JSON line (if any) with its CPU seconds and peak memory (MB)."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(arguments, stdout=out, stderr=subprocess.DEVNULL)
        started = time.perf_counter()
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - started > 3 * timeout + 60:  # a run that never ends
                process.kill()
            time.sleep(0.02)
        process.returncode = status
        out.seek(0)
        text = out.read().decode()
    lines = [line for line in text.splitlines() if line.startswith("{")]
    report = json.loads(lines[-1]) if lines else {}
    report["cpu"] = usage.ru_utime + usage.ru_stime
    report["peak_mb"] = usage.ru_maxrss / 1024
    report["output"] = text
    return report


def run_engine(engine: str, board: Path, limit: int, timeout: float, args: Any) -> dict:
    command = [sys.executable, __file__, "--child", engine, str(board), str(limit)]
    command += [str(timeout), args.cpsat_model]
    return measure(command, timeout)


def run_clingo_command(board: Path, facts: Path, limit: int, timeout: float) -> dict:
    """``python -m clingo`` (clingo's own application) on the kind's encoding and the
    same facts lpsolve solves with; clingo's own CPU time."""
    with encoding_file("hidato.lp") as encoding:
        command = [sys.executable, "-m", "clingo", str(encoding), str(facts)]
        command += ["--models", str(limit), "--stats", f"--time-limit={int(timeout)}"]
        report = measure(command, timeout)
    text = report["output"]
    cpu = re.search(r"^CPU Time\s*:\s*([\d.]+)s", text, re.MULTILINE)
    models = re.search(r"^Models\s*:\s*(\d+)", text, re.MULTILINE)
    report["seconds"] = float(cpu.group(1)) if cpu else report["cpu"]
    report["found"] = int(models.group(1)) if models else 0
    report["complete"] = "SATISFIABLE" in text and "INTERRUPTED" not in text
    return report


# -- tables ----------------------------------------------------------------------------


def shown_seconds(report: dict) -> str:
    return f"{report['seconds']:.2f} s"


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def unique_table(args: Any, cache: Path, console: Console) -> Table:
    table = Table(
        title=f"Unique king boards: solve + uniqueness proof, CPU s, medians of {args.repeat}"
    )
    columns = ["board", "shown", "lpsolve s", "atoms", "ground wall s", "search wall s", "peak MB"]
    columns += ["clingo cmd s", "CP-SAT search s", "CP-SAT total s", "lpsolve / CP-SAT search"]
    for column in columns:
        table.add_column(column, justify="right")
    for side in args.sizes:
        board = cached_unique_board(side, 1, cache, console)
        puzzle = lpsolve.load(board)
        assert isinstance(puzzle, HidatoPuzzle)
        facts = cache / f"{board.stem}.facts.lp"
        facts.write_text(puzzle.solving_facts())
        runs: dict[str, list[dict]] = {"lpsolve": [], "clingo": [], "cpsat": []}
        for _ in range(args.repeat):  # interleaved: each repeat sees the same load
            runs["lpsolve"].append(run_engine("lpsolve", board, 2, args.timeout, args))
            runs["clingo"].append(run_clingo_command(board, facts, 2, args.timeout))
            if not args.no_cpsat:
                runs["cpsat"].append(run_engine("cpsat", board, 2, args.timeout, args))
        for engine, reports in runs.items():
            for report in reports:
                if engine != "clingo" and report.get("found") != 1:
                    console.print(f"[red]{engine} on {board.name}: {report.get('found')} found")
        ours = median([r["seconds"] for r in runs["lpsolve"]])
        peer = median([r["search"] for r in runs["cpsat"]])
        ratios = [
            a["seconds"] / b["search"] for a, b in zip(runs["lpsolve"], runs["cpsat"], strict=False)
        ]
        table.add_row(
            f"{side}x{side}",
            f"{len(puzzle.givens) / len(puzzle.cells):.0%}",
            f"{ours:.3f}",
            f"{median([r['atoms'] for r in runs['lpsolve']]):,.0f}",
            f"{median([r['ground'] for r in runs['lpsolve']]):.3f}",
            f"{median([r['search'] for r in runs['lpsolve']]):.3f}",
            f"{median([r['peak_mb'] for r in runs['lpsolve']]):,.0f}",
            f"{median([r['seconds'] for r in runs['clingo']]):.3f}",
            f"{peer:.3f}" if runs["cpsat"] else "-",
            f"{median([r['seconds'] for r in runs['cpsat']]):.3f}" if runs["cpsat"] else "-",
            f"{median(ratios):.2f}" if ratios else "-",
        )
    return table


def sparse_table(args: Any, cache: Path, console: Console) -> Table:
    table = Table(
        title=f"Sparse random king boards: any solution, seeds 1..{args.seeds}, "
        f"{args.timeout:g} s limit per run, CPU s"
    )
    columns = ["board", "shown", "lpsolve solved", "lpsolve median s", "lpsolve max s"]
    columns += ["peak MB", "CP-SAT solved", "CP-SAT median s", "lpsolve faster", "ratio median"]
    for column in columns:
        table.add_column(column, justify="right")
    for spec in args.sparse:
        side_text, shown_text = spec.split(":")
        side, shown = int(side_text), float(shown_text)
        ours, peers, faster, ratios, peaks = [], [], 0, [], []
        for seed in range(1, args.seeds + 1):
            board = sparse_board(side, shown, seed, cache)
            a = run_engine("lpsolve", board, 1, args.timeout, args)
            b = run_engine("cpsat", board, 1, args.timeout, args) if not args.no_cpsat else {}
            solved_a, solved_b = a.get("found", 0) >= 1, b.get("found", 0) >= 1
            console.print(
                f"{side}x{side} {shown:.0%} seed {seed}: lpsolve "
                f"{shown_seconds(a) if solved_a else 'not solved'}, CP-SAT "
                f"{shown_seconds(b) if solved_b else 'not solved'}"
            )
            peaks.append(a["peak_mb"])
            if solved_a:
                ours.append(a["seconds"])
            if solved_b:
                peers.append(b["seconds"])
            if solved_a and (not solved_b or a["seconds"] < b["seconds"]):
                faster += 1
            if solved_a and solved_b:
                ratios.append(a["seconds"] / b["seconds"])
        table.add_row(
            f"{side}x{side}",
            f"{shown:.0%}",
            f"{len(ours)} of {args.seeds}",
            f"{median(ours):.2f}" if ours else "-",
            f"{max(ours):.2f}" if ours else "-",
            f"{median(peaks):,.0f}",
            f"{len(peers)} of {args.seeds}" if not args.no_cpsat else "-",
            f"{median(peers):.2f}" if peers else "-",
            f"{faster} of {args.seeds}",
            f"{median(ratios):.2f}" if ratios else "-",
        )
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[30, 50, 70, 100, 150, 200])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sparse", nargs="*", default=["30:0.25", "20:0.1"])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--cache", type=Path, help="keep the generated boards here")
    parser.add_argument("--cpsat-model", choices=["int", "bool"], default="int")
    parser.add_argument("--no-cpsat", action="store_true", help="without the CP-SAT peer")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    parser.add_argument("--make-unique", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.make_unique:
        side, seed, path = args.make_unique
        Path(path).write_text(board_json(unique_board(int(side), int(seed))))
        return
    if args.child:
        engine, board, limit, timeout, model_kind = args.child
        child(engine, board, int(limit), float(timeout), model_kind)
        return
    console = Console(width=None if sys.stdout.isatty() else 160)
    with tempfile.TemporaryDirectory() as folder:
        cache = args.cache or Path(folder)
        cache.mkdir(parents=True, exist_ok=True)
        if args.sizes:
            console.print(unique_table(args, cache, console))
        if args.sparse:
            console.print(sparse_table(args, cache, console))


if __name__ == "__main__":
    main()
