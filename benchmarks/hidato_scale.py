"""Hidato at scale: large unique king boards and sparse random ones, lpsolve against
two OR-tools CP-SAT models (one worker each) and the raw ``clingo`` command, in the
same run.

Every measurement runs in a child process of its own, so that its CPU time (user +
system, from ``os.wait4``) and its peak resident memory are its own. Times are CPU
seconds, and each run is limited by its CPU time (``--timeout``, enforced with
RLIMIT_CPU; the engines' own wall-clock limits are set ten times longer): the machine
is shared, and there wall clocks run ahead of CPU time.

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
  solution forbidden. Medians of ``--repeat`` runs.
* Sparse boards (``--sparse SIDE:SHOWN``): ``lpsolve.generate.random_puzzle`` (random
  path, the given fraction of numbers shown, 1 and N always), ``--seeds`` seeds from
  ``--first-seed`` (1), any one solution.

The CP-SAT peers (``--peers``), both with each cell's numbers pruned as the encoding
prunes its candidates (walks between consecutive givens that avoid other givens'
cells), one worker, linearization level 0; their time is the search alone (building
the model in Python is left out, in their favour), and every solution they report
passes lpsolve's rule checker:

* ``paths``: one Boolean per cell and candidate number; exactly one number per cell
  and one cell per number; a number's cell implies the next number on a neighbour.
  The stronger of the two (tried and not kept, on sparse 20x20 boards: the same
  implication backwards too, symmetry detection off, linearization level 1: no
  better; a table constraint over consecutive numbers' cells, or the circuit model's
  constraints added: 1.5-3 times slower; a fixed search by number or by diagonal,
  interleaved search, true-first polarity: slower or unsolved).
* ``circuit``: a circuit (``AddCircuit``) over the cells and a depot node, whose arcs
  are the board's moves plus depot -> cell (that cell holds 1) and cell -> depot (it
  holds N); an integer per cell, its number, an arc u -> v forcing number(v) =
  number(u) + 1, and AllDifferent.

    pip install ortools       # the peers (optional)
    python benchmarks/hidato_scale.py [--sizes 30 50 70 100 150 200] [--repeat 3]
        [--sparse 30:0.25 20:0.10] [--seeds 10] [--first-seed 1] [--timeout 60]
        [--peers paths circuit]
        [--cache DIR]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, NamedTuple

import clingo
from clingo.backend import HeuristicType
from rich.console import Console
from rich.table import Table

import lpsolve
from lpsolve.api import verify
from lpsolve.backends import asp
from lpsolve.generate import puzzle_from_path, random_path, random_puzzle
from lpsolve.kinds.hidato import Cell, HidatoPuzzle, HidatoSolution, build
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
        self.session = asp.make_control(puzzle, ["--heuristic=Domain", "--models=1"])
        self.session.ground()
        self.size = len(puzzle.cells)
        # number atoms that are not facts (the others are fixed): literal -> number
        self.number = {
            atom.literal: atom.symbol.arguments[2].number
            for atom in self.session.atoms.by_signature("number", 3)
            if not atom.is_fact
        }
        self.steps = 0

    def _model(self, assumptions: list[tuple[clingo.Symbol, bool]], among: Any) -> set | None:
        """The literals of ``among`` true in one model, or None if there is none."""
        found: list[set] = []

        def take(model: clingo.Model) -> bool:
            found.append({literal for literal in among if model.is_true(literal)})
            return False  # one model is enough

        self.session.search(assumptions=assumptions, on_model=take)
        return found[0] if found else None

    def numbers(self, shown: dict[Cell, int]) -> list[int]:
        """The ambiguous numbers once the numbers ``shown`` are shown too."""
        assumptions = [(number_atom(x, y, n), True) for (x, y), n in shown.items()]
        common = self._model(assumptions, self.number)
        if common is None:
            raise RuntimeError("no solution")
        placed = {self.number[literal] for literal in common}
        while common:
            self.steps += 1
            with self.session.control.backend() as backend:
                switch = backend.add_atom(
                    clingo.Function("ambiguity_step", [clingo.Number(self.steps)])
                )
                backend.add_external(switch)
                for literal in common:
                    backend.add_heuristic(literal, HeuristicType.Sign, -1, 1, [switch])
                    backend.add_heuristic(literal, HeuristicType.Level, 1, 1, [switch])
                backend.add_rule([], [*common, switch])
            self.session.set_external(switch, True)
            found = self._model(assumptions, common)
            self.session.control.release_external(switch)  # false from now on
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


class PeerModel(NamedTuple):
    """A CP-SAT model of a board: the Booleans whose values tell its solutions apart,
    and how to read a solution's path (the cell of each number) from a solver."""

    telling: list[Any]
    path: Callable[[Any], tuple[Cell, ...]]


def paths_model(puzzle: HidatoPuzzle, numbers: dict[Cell, list[int]], model: Any) -> PeerModel:
    """The "number in cell" model: one Boolean per cell and candidate number, exactly
    one number per cell and one cell per number, and a number's cell next to a cell of
    the number after it."""
    size = len(puzzle.cells)
    holds = {(n, cell): model.NewBoolVar("") for cell in puzzle.cells for n in numbers[cell]}
    cells_of: dict[int, list[Any]] = {n: [] for n in range(1, size + 1)}
    for (n, _), literal in holds.items():
        cells_of[n].append(literal)
    for cell in puzzle.cells:
        model.AddExactlyOne([holds[n, cell] for n in numbers[cell]])
    for literals in cells_of.values():
        model.AddExactlyOne(literals)  # a number no cell can hold: no solution
    for (n, cell), literal in holds.items():
        if n < size:
            after = [holds.get((n + 1, other)) for other in puzzle.neighbours(cell)]
            model.AddBoolOr([literal.Not(), *(a for a in after if a is not None)])

    def path(solver: Any) -> tuple[Cell, ...]:
        cell_of = {n: cell for (n, cell), literal in holds.items() if solver.Value(literal)}
        return tuple(cell_of[n] for n in range(1, size + 1))

    return PeerModel(list(holds.values()), path)


def circuit_model(puzzle: HidatoPuzzle, numbers: dict[Cell, list[int]], model: Any) -> PeerModel:
    """The circuit model: a circuit over the cells and a depot, an integer per cell
    (its number), an arc forcing the next number, AllDifferent."""
    from ortools.sat.python import cp_model

    size = len(puzzle.cells)
    node = {cell: i + 1 for i, cell in enumerate(puzzle.cells)}  # 0 is the depot
    number = {
        cell: model.NewIntVarFromDomain(cp_model.Domain.FromValues(sorted(numbers[cell])), "")
        for cell in puzzle.cells
    }
    arcs, moves = [], []
    for cell in puzzle.cells:
        first, last = model.NewBoolVar(""), model.NewBoolVar("")
        arcs += [(0, node[cell], first), (node[cell], 0, last)]
        model.Add(number[cell] == 1).OnlyEnforceIf(first)
        model.Add(number[cell] == size).OnlyEnforceIf(last)
        for other in puzzle.neighbours(cell):
            arc = model.NewBoolVar("")
            arcs.append((node[cell], node[other], arc))
            moves.append(arc)
            model.Add(number[other] == number[cell] + 1).OnlyEnforceIf(arc)
    model.AddCircuit(arcs)
    model.AddAllDifferent(list(number.values()))

    def path(solver: Any) -> tuple[Cell, ...]:
        cell_of = {solver.Value(n): cell for cell, n in number.items()}
        return tuple(cell_of[n] for n in range(1, size + 1))

    return PeerModel(moves, path)


#: the CP-SAT peers, strongest first: name -> model builder
CPSAT_MODELS = {"paths": paths_model, "circuit": circuit_model}


def cpsat_solve(
    puzzle: HidatoPuzzle, limit: int, model_name: str, cpu_limit: float | None = None
) -> dict:
    """Up to ``limit`` solutions (their paths) with one CP-SAT model and one worker:
    solve, then solve again with the solutions found forbidden. The CPU limit (for this
    process: a benchmark child) counts the search alone: the model is built in Python
    first, left out in the peer's favour."""
    from ortools.sat.python import cp_model

    start = time.process_time()
    report: dict[str, Any] = {"found": 0, "complete": False, "paths": []}
    numbers = candidate_numbers(puzzle)
    if not all(numbers.values()):  # a cell no number can reach
        return report | {"complete": True, "build": time.process_time() - start, "search": 0.0}
    model = cp_model.CpModel()
    peer = CPSAT_MODELS[model_name](puzzle, numbers, model)
    report["build"] = time.process_time() - start
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.linearization_level = 0
    if cpu_limit is not None:
        solver.parameters.max_time_in_seconds = WALL_SLACK * cpu_limit
        limit_cpu(cpu_limit)
    began = time.process_time()
    while report["found"] < limit:
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            report["complete"] = True
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break  # out of time
        report["found"] += 1
        report["paths"].append(peer.path(solver))
        # the next solution differs in one of these
        model.AddBoolOr([literal.Not() for literal in peer.telling if solver.Value(literal)])
    report["complete"] |= report["found"] == limit
    report["search"] = time.process_time() - began
    return report


# -- one measurement in a child process -------------------------------------------------------

#: the engines' own time limits (wall clock) are this many times the CPU limit, so that
#: on a loaded machine the CPU limit (``limit_cpu``) is the one that ends a run
WALL_SLACK = 10


def limit_cpu(seconds: float) -> None:
    """End this process (SIGXCPU, then SIGKILL) once it has used ``seconds`` more CPU
    time: a run is limited by its CPU time, as it is measured, not by the wall clock,
    which runs faster than CPU time when the cores are shared."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + seconds)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))


def child(engine: str, board: str, limit: int, cpu_limit: float) -> None:
    puzzle = lpsolve.load(board)
    assert isinstance(puzzle, HidatoPuzzle)
    if engine == "lpsolve":
        limit_cpu(cpu_limit)
        start = time.process_time()
        result = lpsolve.solve(puzzle, limit, timeout=WALL_SLACK * cpu_limit)
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
        report = cpsat_solve(puzzle, limit, engine, cpu_limit)
        for path in report.pop("paths"):  # the rule checker on every answer, as lpsolve's
            verify(puzzle, HidatoSolution(path))
        report["seconds"] = report["search"]
        report["total"] = report["build"] + report["search"]
    print(json.dumps(report), flush=True)


def measure(arguments: Sequence[str], timeout: float) -> dict:
    """Run a command; its JSON line (if any) with its CPU seconds and peak memory (MB).
    A run its CPU limit ended has printed none: nothing found."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(arguments, stdout=out, stderr=errors)
        started = time.perf_counter()
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - started > WALL_SLACK * timeout + 60:  # never ends
                process.kill()
            time.sleep(0.02)
        process.returncode = status
        out.seek(0)
        text = out.read().decode()
        errors.seek(0)
        error_text = errors.read().decode()
    lines = [line for line in text.splitlines() if line.startswith("{")]
    report = json.loads(lines[-1]) if lines else {"found": 0}
    report["cpu"] = usage.ru_utime + usage.ru_stime
    report["peak_mb"] = usage.ru_maxrss / 1024
    report["output"] = text
    report["errors"] = error_text
    report["exit"] = os.waitstatus_to_exitcode(status)  # -N: ended by signal N
    return report


def run_engine(engine: str, board: Path, limit: int, cpu_limit: float) -> dict:
    """One engine on one board in a child; its report. Ended by its CPU limit (a
    signal): nothing found. A child that failed (a wrong answer, say) stops the run."""
    command = [sys.executable, __file__, "--child", engine, str(board), str(limit), str(cpu_limit)]
    report = measure(command, cpu_limit)
    if report["exit"] > 0:
        raise RuntimeError(f"{engine} on {board}: exit {report['exit']}\n{report['errors']}")
    return report


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


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def unique_table(args: Any, cache: Path, console: Console) -> Table:
    table = Table(
        title=f"Unique king boards: solve + uniqueness proof, CPU s, medians of {args.repeat}"
    )
    columns = ["board", "shown", "lpsolve s", "atoms", "ground wall s", "search wall s", "peak MB"]
    columns += ["clingo cmd s"]
    for peer in args.peers:
        columns += [f"{peer} search s", f"{peer} total s", f"lpsolve / {peer} search"]
    for column in columns:
        table.add_column(column, justify="right")
    for side in args.sizes:
        board = cached_unique_board(side, 1, cache, console)
        puzzle = lpsolve.load(board)
        assert isinstance(puzzle, HidatoPuzzle)
        facts = cache / f"{board.stem}.facts.lp"
        facts.write_text(puzzle.solving_facts())
        runs: dict[str, list[dict]] = {"lpsolve": [], "clingo": []} | {p: [] for p in args.peers}
        for _ in range(args.repeat):  # interleaved: each repeat sees the same load
            runs["lpsolve"].append(run_engine("lpsolve", board, 2, args.timeout))
            runs["clingo"].append(run_clingo_command(board, facts, 2, args.timeout))
            for peer in args.peers:
                runs[peer].append(run_engine(peer, board, 2, args.timeout))
        for engine, reports in runs.items():
            for report in reports:
                if engine != "clingo" and not (report["found"] == 1 and report["complete"]):
                    console.print(f"[red]{engine} on {board.name}: {report['found']} found")
        ours = runs["lpsolve"]
        row = [
            f"{side}x{side}",
            f"{len(puzzle.givens) / len(puzzle.cells):.0%}",
            f"{median([r['seconds'] for r in ours]):.3f}",
            f"{median([r['atoms'] for r in ours]):,.0f}",
            f"{median([r['ground'] for r in ours]):.3f}",
            f"{median([r['search'] for r in ours]):.3f}",
            f"{median([r['peak_mb'] for r in ours]):,.0f}",
            f"{median([r['seconds'] for r in runs['clingo']]):.3f}",
        ]
        for peer in args.peers:
            theirs = [r for r in runs[peer] if r["found"] == 1]
            row += [
                f"{median([r['search'] for r in theirs]):.3f}" if theirs else "-",
                f"{median([r['total'] for r in theirs]):.3f}" if theirs else "-",
                ratio_text(ours, runs[peer]),
            ]
        table.add_row(*row)
    return table


def sparse_table(args: Any, cache: Path, console: Console) -> Table:
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    table = Table(
        title=f"Sparse random king boards: any solution, seeds {seeds[0]}-{seeds[-1]}, "
        f"{args.timeout:g} CPU s limit per run, CPU s (CP-SAT: search alone)"
    )
    columns = ["board", "shown", "lpsolve solved", "lpsolve median (max) s", "peak MB"]
    for peer in args.peers:
        columns += [f"{peer} solved", f"{peer} median (max) s"]
        columns += [f"lpsolve faster than {peer}", f"{peer} faster", f"lpsolve / {peer} median"]
    for column in columns:
        table.add_column(column, justify="right")
    for spec in args.sparse:
        side_text, shown_text = spec.split(":")
        side, shown = int(side_text), float(shown_text)
        runs: dict[str, list[dict]] = {"lpsolve": []} | {p: [] for p in args.peers}
        for seed in seeds:
            board = sparse_board(side, shown, seed, cache)
            for engine in runs:
                runs[engine].append(run_engine(engine, board, 1, args.timeout))
            console.print(
                f"{side}x{side} {shown:.0%} seed {seed}: "
                + ", ".join(f"{engine} {solved_text(r[-1])}" for engine, r in runs.items())
            )
        ours = runs["lpsolve"]
        row = [
            f"{side}x{side}",
            f"{shown:.0%}",
            f"{sum(map(solved, ours))} of {args.seeds}",
            times_text(ours),
            f"{median([r['peak_mb'] for r in ours]):,.0f}",
        ]
        for peer in args.peers:
            pairs = list(zip(ours, runs[peer], strict=True))
            row += [
                f"{sum(map(solved, runs[peer]))} of {args.seeds}",
                times_text(runs[peer]),
                f"{sum(faster(a, b) for a, b in pairs)} of {args.seeds}",
                f"{sum(faster(b, a) for a, b in pairs)} of {args.seeds}",
                ratio_text(ours, runs[peer]),
            ]
        table.add_row(*row)
    return table


def solved(report: dict) -> bool:
    return report["found"] >= 1


def faster(a: dict, b: dict) -> bool:
    """Run ``a`` solved its board and ``b`` did not, or did so later."""
    return solved(a) and (not solved(b) or a["seconds"] < b["seconds"])


def solved_text(report: dict) -> str:
    """The CPU time of a run, and a peer's time building its model after a "+"."""
    if not solved(report):
        return "not solved"
    building = f" + {report['build']:.2f} s building" if "build" in report else ""
    return f"{report['seconds']:.2f} s{building}"


def times_text(reports: list[dict]) -> str:
    times = [r["seconds"] for r in reports if solved(r)]
    return f"{median(times):.2f} ({max(times):.2f})" if times else "-"


def ratio_text(ours: list[dict], theirs: list[dict]) -> str:
    """The median of lpsolve's time over the peer's, run by run, where both solved
    (how many in brackets)."""
    ratios = [
        a["seconds"] / b["seconds"]
        for a, b in zip(ours, theirs, strict=True)
        if solved(a) and solved(b)
    ]
    return f"{median(ratios):.2f} ({len(ratios)})" if ratios else "-"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--sizes", type=int, nargs="*", default=[30, 50, 70, 100, 150, 200])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sparse", nargs="*", default=["30:0.25", "20:0.1"])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per run")
    parser.add_argument("--cache", type=Path, help="keep the generated boards here")
    parser.add_argument(
        "--peers",
        nargs="*",
        choices=list(CPSAT_MODELS),
        default=list(CPSAT_MODELS),
        help="the CP-SAT models to run (none: lpsolve and clingo alone)",
    )
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--make-unique", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.make_unique:
        side, seed, path = args.make_unique
        Path(path).write_text(board_json(unique_board(int(side), int(seed))))
        return
    if args.child:
        engine, board, limit, cpu_limit = args.child
        child(engine, board, int(limit), float(cpu_limit))
        return
    console = Console(width=None if sys.stdout.isatty() else 200)
    with tempfile.TemporaryDirectory() as folder:
        cache = args.cache or Path(folder)
        cache.mkdir(parents=True, exist_ok=True)
        if args.sizes:
            console.print(unique_table(args, cache, console))
        if args.sparse:
            console.print(sparse_table(args, cache, console))


if __name__ == "__main__":
    main()
