"""Counting in cubes (``solve --count --jobs N``): speed-up over one worker, and a
projection of the 10x10 Takuzu count from the cubes of a partial run.

Each figure is the wall time of the whole ``lpsolve`` command, median of --repeat
runs taken in turn (A, B, C, A, B, C, ...) so that they share the machine's drift:

- the seed tiling (208 solutions) and the empty 8x8 Takuzu (4,111,116 grids):
  the whole search (``--count``), then the same cubes (``--cubes``) on one worker and
  on two (``--jobs``); with --cluster also on a local Dask cluster of two workers;
- the empty 10x10 Takuzu: cut into --project-cubes cubes, of which the first --sample
  of the shuffled order a count runs them in (a random sample) are searched to the
  end on 2 workers: their mean time times the number of cubes projects the whole
  count's core-hours (and its time on 64 cores), and their mean count projects the
  number of grids, checked against the published 48,183,195,384 (OEIS A253316);
- with --only-resume-check: what a resumed count adds to check the cut its checkpoint
  holds (``Checkpoint.check_cover``: the branches no cube lies in hold no solution),
  against the time of cutting, on the empty 10x10 Takuzu cut into --project-cubes cubes
  (in-process, median of --repeat).

    python benchmarks/split.py [--repeat 3] [--whole-repeat 1] [--cluster]
                               [--project-cubes 30000] [--sample 16] [--only-projection]
                               [--only-resume-check]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LPSOLVE = [sys.executable, "-m", "lpsolve"]
#: the number of 10x10 Takuzu grids, OEIS A253316 (a(5))
TEN_BY_TEN = 48_183_195_384
CORES = 64


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return seconds, done.stdout


def count_of(output: str) -> int:
    return json.loads(output)["count"]


def compare(name: str, puzzle: Path, cubes: int, args: argparse.Namespace, cluster: str | None):
    base = [*LPSOLVE, "solve", str(puzzle), "--count", "--format", "json"]
    configurations = {
        "whole search": base,
        f"{cubes} cubes, --jobs 1": [*base, "--cubes", str(cubes), "--jobs", "1"],
        f"{cubes} cubes, --jobs 2": [*base, "--cubes", str(cubes), "--jobs", "2"],
    }
    if cluster:
        configurations[f"{cubes} cubes, cluster of 2"] = [
            *base, "--cubes", str(cubes), "--cluster", cluster,
        ]  # fmt: skip
    times: dict[str, list[float]] = {label: [] for label in configurations}
    counts = set()
    for run in range(args.repeat):
        for label, command in configurations.items():
            if label == "whole search" and run >= args.whole_repeat:
                continue
            seconds, output = timed(command)
            times[label].append(seconds)
            counts.add(count_of(output))
            print(f"  {name}: {label}: {seconds:.2f} s", flush=True)
    if len(counts) != 1:
        raise SystemExit(f"{name}: the counts differ: {counts}")
    print(f"{name}: {counts.pop():,} solutions; medians of {args.repeat} runs")
    one = statistics.median(times[f"{cubes} cubes, --jobs 1"])
    whole = statistics.median(times["whole search"])
    heads = ("median s", "min", "max", "x whole", "x 1 job")
    print(f"  {'configuration':28} " + " ".join(f"{h:>8}" for h in heads))
    for label, values in times.items():
        median = statistics.median(values)
        print(
            f"  {label:28} {median:8.2f} {min(values):8.2f} {max(values):8.2f}"
            f" {whole / median:8.2f} {one / median:8.2f}"
        )


def project(args: argparse.Namespace, folder: Path) -> None:
    """Search a random sample of the 10x10 cubes to the end (the first ones of the
    shuffled order every count uses, so a partial run of the count itself) and project
    the whole count from their times and counts. A run stopped by a deadline would not
    do: its finished cubes are the short ones."""
    import lpsolve
    from lpsolve import split
    from lpsolve.jobs import Limits

    puzzle = lpsolve.parse("..........\n" * 10, ".takuzu")
    start = time.perf_counter()
    cut = split.find_split(puzzle, args.project_cubes)
    cutting = time.perf_counter() - start
    total = len(cut.cubes)
    order = list(range(total))
    random.Random(split.ORDER_SEED).shuffle(order)
    sample = split.Split(cut.atoms, tuple(cut.cubes[i] for i in order[: args.sample]))
    record = split.Checkpoint(str(folder / "sample.jsonl"))
    record.begin(sample, {})
    start = time.perf_counter()
    split.run_cubes(puzzle, sample, split.local_executor(2, Limits()), checkpoint=record)
    wall = time.perf_counter() - start
    seconds, counts = list(record.seconds.values()), list(record.done.values())
    mean, error = statistics.mean(seconds), statistics.stdev(seconds) / len(seconds) ** 0.5
    grids = statistics.mean(counts) * total
    grids_error = statistics.stdev(counts) / len(counts) ** 0.5 * total
    hours = total * mean / CORES / 3600
    hours_error = total * error / CORES / 3600
    print(
        f"10x10 projection: {total:,} cubes cut in {cutting:.1f} s over {len(cut.atoms)} atoms; "
        f"a random {len(seconds)} of them searched to the end in {wall:.0f} s on 2 workers"
    )
    print(
        f"  cube time: mean {mean:.2f} s (standard error {error:.2f}), "
        f"min {min(seconds):.2f} s, max {max(seconds):.2f} s"
    )
    print(
        f"  grids: {grids:,.0f} +- {1.96 * grids_error:,.0f} (95%) projected; "
        f"published {TEN_BY_TEN:,} (OEIS A253316)"
    )
    print(
        f"  whole count: {hours * CORES:,.0f} +- {1.96 * hours_error * CORES:,.0f} core-hours "
        f"(95%); on {CORES} cores {hours:.1f} h +- {1.96 * hours_error:.1f} h"
    )
    # knowing the number of grids, the sample's rate (grids per core-second) projects
    # the time with less spread than the cube times alone
    rate = sum(counts) / sum(seconds)
    print(
        f"  at the sample's {rate:,.0f} grids per core-second, the published number of "
        f"grids takes {TEN_BY_TEN / rate / 3600:,.0f} core-hours: "
        f"{TEN_BY_TEN / rate / 3600 / CORES:.1f} h on {CORES} cores"
    )


def resume_check(args: argparse.Namespace) -> None:
    """The cut's check on resuming against the cutting itself (in-process)."""
    import lpsolve
    from lpsolve import split

    puzzle = lpsolve.parse("..........\n" * 10, ".takuzu")
    start = time.perf_counter()
    cut = split.find_split(puzzle, args.project_cubes)
    cutting = time.perf_counter() - start
    checkpoint = split.Checkpoint("unused.jsonl", split=cut)
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        checkpoint.check_cover(puzzle)
        times.append(time.perf_counter() - start)
    print(
        f"10x10 resume check: {len(cut.cubes):,} cubes cut in {cutting:.2f} s; the "
        f"{len(split.uncovered(cut)):,} branches without a cube checked empty in "
        f"{statistics.median(times):.2f} s (median of {args.repeat}, "
        f"min {min(times):.2f}, max {max(times):.2f})"
    )


def start_cluster() -> tuple[object, str]:
    from distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    )
    return cluster, cluster.scheduler_address


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--whole-repeat", type=int, default=1, help="runs of the whole search")
    parser.add_argument("--cluster", action="store_true", help="also on a local Dask cluster")
    parser.add_argument("--skip-eight", action="store_true", help="leave out the 8x8 Takuzu")
    parser.add_argument("--project-cubes", type=int, default=30000, help="10x10 cubes cut")
    parser.add_argument("--sample", type=int, default=16, help="10x10 cubes searched (0: none)")
    parser.add_argument("--only-projection", action="store_true")
    parser.add_argument("--only-resume-check", action="store_true")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; lpsolve from {ROOT}")
    if args.only_resume_check:
        resume_check(args)
        return
    cluster, address = start_cluster() if args.cluster else (None, None)
    try:
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            tiling = ROOT / "instances" / "tiling" / "seed-8x8.tiling"
            if not args.only_projection:
                compare("seed tiling", tiling, 8, args, address)
            if not (args.skip_eight or args.only_projection):
                empty = folder / "empty8.takuzu"
                empty.write_text("........\n" * 8)
                compare("empty 8x8 Takuzu", empty, 32, args, address)
            if args.sample > 1:
                project(args, folder)
    finally:
        if cluster is not None:
            cluster.close()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
