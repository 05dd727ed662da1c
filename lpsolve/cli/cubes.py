"""``solve --count/--all`` split into cubes (:mod:`lpsolve.split`): ``--jobs N`` local
workers or ``--cluster ADDRESS``, ``--cubes N``, ``--checkpoint FILE``.

The puzzle is read and the cubes are cut in one supervised job, then each cube is a
job of its own; ``--timeout`` is one deadline for all of it, ``--memory-limit`` caps
each job.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..jobs import Limits, format_size
from ..puzzle import Puzzle
from ..service import Question, verdict
from ..supervised import call
from . import puzzles
from .common import job_limits, positive_int, progress_bar
from .puzzles import (
    _classes_of,
    _print_json,
    _stopped_before_search,
    exit_status,
    stats_line,
)

if TYPE_CHECKING:  # a split imports lpsolve.split when it runs, not at every start
    from .. import split


def add_arguments(solve: argparse.ArgumentParser) -> None:
    """The split options of ``solve``; ``solve`` then runs :func:`run_solve` here."""
    scale = solve.add_argument_group(
        "splitting --count and --all into cubes (solutions of --all arrive cube by cube)"
    )
    scale.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        metavar="N",
        help="search the cubes on N local worker processes (default: 1, no split)",
    )
    scale.add_argument(
        "--cubes",
        type=positive_int,
        metavar="N",
        help="cut the search into about N cubes (default: 16 per worker)",  # split.CUBES_PER_WORKER
    )
    scale.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="--count: record finished cubes in FILE; run again to resume a stopped count",
    )
    scale.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="search the cubes on a Dask scheduler's workers (pip install 'lpsolve[cluster]')",
    )
    solve.set_defaults(run=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    """``solve``: split if asked to, else the whole search (``puzzles.run_solve``)."""
    return run_split(args) if wants_split(args) else puzzles.run_solve(args)


def wants_split(args: argparse.Namespace) -> bool:
    """Whether ``solve`` was asked to split its search."""
    return args.jobs > 1 or bool(args.cubes or args.checkpoint or args.cluster)


def _refuse_what_does_not_split(args: argparse.Namespace) -> None:
    if not (args.count or args.all):
        raise UsageError(
            "--jobs, --cubes, --checkpoint and --cluster split a search for every "
            "solution: add --count or --all"
        )
    if args.limit is not None:
        raise UsageError("--limit stops at N solutions and does not split: drop --limit")
    if args.backend != "clingo":
        raise UsageError("cubes are searched by clingo: --backend csp does not split")
    for flag, given in (
        ("--cross-check", args.cross_check),
        ("--explain", args.explain),
        ("--format svg", args.format == "svg"),
        ("--format janko", args.format == "janko"),
    ):
        if given:
            raise UsageError(f"{flag} cannot be combined with a split search (--jobs etc.)")
    if args.checkpoint and not args.count:
        raise UsageError("--checkpoint records counts: use it with --count")


def run_split(args: argparse.Namespace) -> int:
    from .. import split

    _refuse_what_does_not_split(args)
    limits = job_limits(args)
    workers = args.jobs
    execute = _executor(args, limits)
    prepare = _classes_of(args)
    if args.cluster and not args.cubes:
        from ..cluster import cluster_threads

        workers = cluster_threads(args.cluster)
    wanted = args.cubes or split.CUBES_PER_WORKER * workers

    # one job reads the puzzle and cuts it, or checks the cut a checkpoint holds
    checkpoint = split.Checkpoint.open(args.checkpoint) if args.checkpoint else None
    resuming = checkpoint is not None and checkpoint.split is not None

    def read_and_cut() -> tuple[Puzzle, split.Split]:
        from ..api import load

        puzzle = load(args.file, args.kind)
        if prepare is not None:
            puzzle = prepare(puzzle)
        if checkpoint is not None and checkpoint.split is not None:
            checkpoint.check(split.puzzle_identity(args.file, puzzle, "count"))
            checkpoint.check_cover(puzzle)
            return puzzle, checkpoint.split
        return puzzle, split.find_split(puzzle, wanted)

    outcome = call(read_and_cut, limits, start=args.started)
    if outcome.value is None:
        phase = (
            "while checking the checkpoint's cubes"
            if resuming
            else "while cutting the search into cubes"
        )
        return _stopped_before_search(args, outcome, phase)
    puzzle, cubes = outcome.value
    if checkpoint is not None and not resuming:
        checkpoint.begin(cubes, split.puzzle_identity(args.file, puzzle, "count"))

    resumed = len(checkpoint.done) if checkpoint is not None else 0
    progress = _CubeProgress(len(cubes.cubes), resumed) if sys.stderr.isatty() else None
    shown = 0

    def print_solution(solution: Any) -> None:
        nonlocal shown
        shown += 1
        if args.format == "text":
            sys.stdout.write(f"Solution {shown}:\n{puzzle.render(solution)}\n\n")
            sys.stdout.flush()

    try:
        run = split.run_cubes(
            puzzle,
            cubes,
            execute,
            list_solutions=args.all and not args.count,
            checkpoint=checkpoint,
            on_solution=print_solution,
            on_cube=progress,
        )
    finally:
        if progress is not None:
            progress.close()
    result = run.result
    elapsed = time.monotonic() - args.started
    plural = "s" * (workers > 1)
    where = f"cluster {args.cluster}" if args.cluster else f"{workers} worker{plural}"
    about = {
        "cubes": len(cubes.cubes),
        "finished": run.finished,
        "resumed": run.resumed,
        "atoms": len(cubes.atoms),
        "workers": args.cluster or workers,
    }
    if args.format == "json":
        _print_json(result, elapsed, args.stats, sys.stdout, split=about)
    else:
        listing = args.all and not args.count
        question = Question.COUNT if args.count else Question.LIST if listing else Question.SOLVE
        sys.stdout.write(verdict(result, elapsed, question) + "\n")
        resumed = f", {run.resumed:,} resumed from {args.checkpoint}" if run.resumed else ""
        sys.stdout.write(
            f"split: {run.finished:,} of {len(cubes.cubes):,} cube{'s' * (len(cubes.cubes) != 1)}"
            f" searched on {where}"
            f" (cut on {len(cubes.atoms):,} atoms{resumed})\n"
        )
        if args.stats:
            sys.stdout.write(stats_line(result) + " (summed over the cubes)\n")
    if result.stopped_by == "memory":
        cap = format_size(args.memory_limit)
        print(
            f"a cube was stopped by the memory limit ({cap}): give --memory-limit to change it",
            file=sys.stderr,
        )
    if result.stopped and args.checkpoint:
        print(f"{args.checkpoint} keeps the finished cubes: run again to resume", file=sys.stderr)
    return exit_status(result)


def _executor(args: argparse.Namespace, limits: Limits) -> split.Executor:
    from .. import split

    if args.cluster:
        from ..cluster import run_on_cluster

        def on_cluster(jobs: Any, on_done: Any) -> bool:
            return run_on_cluster(args.cluster, jobs, limits, on_done, start=args.started)

        return on_cluster
    return split.local_executor(args.jobs, limits, args.started)


class _CubeProgress:
    """A bar of finished cubes and the count so far on stderr."""

    def __init__(self, total: int, finished: int) -> None:
        self.progress = progress_bar("cubes", "{task.fields[found]:,} solutions", transient=True)
        self.task = self.progress.add_task("cubes", total=total, completed=finished, found=0)

    def __call__(self, finished: int, total: int, found: int) -> None:
        self.progress.update(self.task, completed=finished, found=found)
        self.progress.refresh()

    def close(self) -> None:
        self.progress.stop()
