"""``lpsolve batch PATH...``: many puzzles, each a supervised job (its own ``--timeout``
and ``--memory-limit``), ``--jobs N`` at a time; a progress bar on stderr, one JSON line
per puzzle appended and flushed as it finishes (``--output``), a summary table.

A report is a journal, like GNU parallel's ``--joblog``: ``--resume`` skips every
puzzle it already answers (the last line for a file counts) and redoes only those an
interrupted batch left unfinished.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from .. import api
from ..errors import InternalError, LpsolveError, UsageError
from ..jobs import Job, Limits, Outcome, supervise_many
from ..kinds import EXTENSIONS, KINDS, read_bytes
from ..puzzle import STOP_STATUS
from ..supervised import SolveJob
from .common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_SOLVED,
    EXIT_STOPPED,
    SCHEMA_VERSION,
    limit_arguments,
    positive_int,
    progress_bar,
)
from .puzzles import result_json, stopped_json

#: verdicts in the summary, in its order; the first three are complete answers
VERDICTS = ("unique", "several", "none", "timeout", "memory limit", "interrupted", "error")


def add_parsers(commands: Any) -> None:
    batch = commands.add_parser(
        "batch",
        help="solve many puzzle files, N at a time, with a JSON Lines report",
        description="Solve every puzzle file named or found in the folders named (by "
        "extension, or every file with --kind), each with its uniqueness proof (or "
        "--count, --all, --limit N) in its own supervised process. Exit 0: every puzzle "
        "got a complete answer; 2: some file is bad input; 3: some puzzle was stopped "
        "(--timeout, --memory-limit, Ctrl-C); 70: an internal error.",
    )
    batch.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files and folders")
    batch.add_argument("--kind", choices=sorted(KINDS), help="read every file as this kind")
    how_many = batch.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="every solution of each puzzle")
    how_many.add_argument("--limit", type=positive_int, metavar="N", help="at most N each")
    batch.add_argument("--count", action="store_true", help="count solutions, keep none")
    batch.add_argument(
        "--jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help=f"puzzles solved at once (default: the cores, {os.cpu_count() or 1})",
    )
    batch.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="solve on a Dask scheduler's workers instead (pip install 'lpsolve[cluster]'); "
        "the files are read here and sent",
    )
    batch.add_argument(
        "--backend", choices=list(api.BACKENDS), default="clingo", help="default: clingo"
    )
    limit_arguments(batch)
    batch.add_argument(
        "--output", metavar="REPORT.jsonl", help="append one JSON object per puzzle here"
    )
    batch.add_argument(
        "--no-solutions", action="store_true", help="leave the solutions out of the report"
    )
    batch.add_argument(
        "--resume", action="store_true", help="skip the puzzles --output already answers"
    )
    batch.set_defaults(run=run_batch, trailing_files=[])


def puzzle_files(paths: list[str], kind: str | None) -> list[str]:
    """The files named, and in the folders named (recursively, sorted) the files of a
    known puzzle extension, or with ``kind`` every file not hidden."""
    found: dict[str, None] = {}
    for name in paths:
        path = Path(name)
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                hidden = any(part.startswith(".") for part in file.relative_to(path).parts)
                known = file.suffix.lower() in EXTENSIONS or file.suffix.lower() == ".json"
                if file.is_file() and not hidden and (kind is not None or known):
                    found[str(file)] = None
        elif path.is_file():
            found[str(path)] = None
        else:
            raise UsageError(f"{name}: no such file or folder")
    return list(found)


def answered(report: Path) -> set[str]:
    """The files a report already answers: its last line for each, unless that line
    says the batch was interrupted before the puzzle was done."""
    last: dict[str, str] = {}
    try:
        text = report.read_text(encoding="utf-8")
    except FileNotFoundError:
        return set()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{report}: cannot read the report to resume: {error}") from None
    for line in text.splitlines():
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):  # a line cut by a crash (or not lpsolve's):
            continue  # that puzzle is redone
        if isinstance(data, dict) and isinstance(data.get("file"), str):
            last[data["file"]] = str(data.get("status"))
    return {file for file, status in last.items() if status != "interrupted"}


def verdict(line: dict[str, Any]) -> str:
    """The summary's name for a report line."""
    status = line.get("status")
    if status in ("timeout", "memory limit", "interrupted", "error", "internal error"):
        return "error" if status == "internal error" else str(status)
    if line.get("stopped_by") in STOP_STATUS:  # found some, then stopped
        return STOP_STATUS[line["stopped_by"]].value
    count = line.get("count", 0)
    return "none" if count == 0 else "unique" if count == 1 and line.get("complete") else "several"


class _Report:
    """Where finished puzzles go: the report file, stdout lines, the progress bar."""

    def __init__(self, args: argparse.Namespace, total: int) -> None:
        self.args = args
        self.counts: Counter[str] = Counter()
        self.started = time.monotonic()
        self.internal = False
        self.file: TextIO | None = None
        if args.output is not None:
            try:
                self.file = open(args.output, "a", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise UsageError(f"{args.output}: cannot write the report: {error}") from None
            if self.file.tell() > 0:
                self.file.write("\n")  # a line cut by a crash stays cut, alone
        self.progress: Any = None
        if sys.stderr.isatty():
            self.progress = progress_bar("", "{task.fields[counts]}")
            self.task = self.progress.add_task("batch", total=total, counts="")

    def add(self, line: dict[str, Any]) -> None:
        name = verdict(line)
        self.counts[name] += 1
        self.internal |= line.get("status") == "internal error"
        if self.file is not None:
            self.file.write(json.dumps(line) + "\n")
            self.file.flush()
        else:
            detail = line.get("error") or f"{line.get('count', 0):,} found"
            print(f"{line['file']}: {name} ({detail})", flush=True)
        if self.progress is not None:
            done = sum(self.counts.values())
            rate = done / max(time.monotonic() - self.started, 1e-9)
            counts = " ".join(f"{v} {self.counts[v]}" for v in VERDICTS if self.counts[v])
            self.progress.update(self.task, advance=1, counts=f"{counts}  {rate:.1f}/s")
            self.progress.refresh()

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
        if self.file is not None:
            self.file.close()


def _line(
    file: str,
    job: SolveJob | None,
    done: Outcome[Any] | LpsolveError | InternalError,
    args: argparse.Namespace,
) -> dict[str, Any]:
    if isinstance(done, InternalError):
        return {
            "schema": SCHEMA_VERSION,
            "file": file,
            "status": "internal error",
            "error": str(done),
        }
    if isinstance(done, LpsolveError):
        return {"schema": SCHEMA_VERSION, "file": file, "status": "error", "error": str(done)}
    assert job is not None
    solved = job.finish(done)
    if solved.result is None:  # stopped before the puzzle was read
        return {"file": file, **stopped_json(done)}
    data = {"file": file, **result_json(solved.result, done.seconds, False)}
    if args.no_solutions:
        data.pop("solutions")
    return data


def run_batch(args: argparse.Namespace) -> int:
    files = puzzle_files([*args.paths, *args.trailing_files], args.kind)
    if args.resume:
        if args.output is None:
            raise UsageError("--resume needs --output REPORT.jsonl (the report to resume)")
        done = answered(Path(args.output))
        files = [file for file in files if file not in done]
    limit = None if args.all or (args.count and args.limit is None) else args.limit or 2
    report = _Report(args, len(files))
    limits = Limits(args.timeout, args.memory_limit)

    def jobs() -> Iterator[Job]:
        for file in files:
            data = None
            if args.cluster:  # a worker elsewhere may not see this file: send its bytes
                try:
                    data = read_bytes(file)
                except LpsolveError as error:
                    report.add(_line(file, None, error, args))
                    continue
            job = SolveJob(
                file,
                args.kind,
                limit=limit,
                counting=args.count and args.limit is None,
                backend=args.backend,
                timeout=args.timeout,
                data=data,
            )
            yield (file, job), job.work, job.receive

    def finished(key: tuple[str, SolveJob], done: Any) -> None:
        file, job = key
        report.add(_line(file, job, done, args))

    try:
        if args.cluster:
            from ..cluster import run_on_cluster

            interrupted = run_on_cluster(args.cluster, jobs(), limits, finished)
        else:
            interrupted = supervise_many(jobs(), limits, args.jobs, finished)
    finally:
        report.close()
    _summary(report.counts, interrupted, len(files))
    if report.internal:
        return EXIT_INTERNAL
    stopped = ("timeout", "memory limit", "interrupted")
    if interrupted or any(report.counts[v] for v in stopped):
        return EXIT_STOPPED
    return EXIT_BAD_INPUT if report.counts["error"] else EXIT_SOLVED


def _summary(counts: Counter[str], interrupted: bool, total: int) -> None:
    from rich.console import Console
    from rich.table import Table

    title = "interrupted: the report holds the puzzles finished" if interrupted else None
    table = Table(title=title)
    for verdict_name in VERDICTS:
        table.add_column(verdict_name.removesuffix(" limit"), justify="right")
    table.add_column("puzzles", justify="right")
    table.add_row(*(f"{counts[v]:,}" for v in VERDICTS), f"{sum(counts.values()):,} of {total:,}")
    Console().print(table)
