"""``lpsolve batch PATH...``: many puzzles, each a supervised job (its own ``--timeout``
and ``--memory-limit``), ``--jobs N`` at a time; a progress bar on stderr, one JSON line
per puzzle appended and flushed as it finishes (``--output``; on stdout with ``--output
-`` or when stdout is no terminal, the summary table then on stderr), a summary table.

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

from .. import api, limits
from ..errors import InternalError, LpsolveError, PuzzleError, UsageError
from ..jobs import Job, Outcome, supervise_many
from ..kinds import locate, read_bytes, textformat
from ..kinds.registry import registry
from ..puzzle import STOP_STATUS, Kind, Origin
from ..resources import bundled_files, bundled_path
from ..supervised import SolveJob
from .common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_SOLVED,
    EXIT_STOPPED,
    SCHEMA_VERSION,
    job_limits,
    kind_argument,
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
        "--count, --all, --limit N) in its own supervised process.",
    )
    batch.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files and folders")
    kind_argument(batch, "read every file as this kind")
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
        "--output",
        metavar="REPORT.jsonl",
        help="append one JSON object per puzzle here; '-': on stdout, the summary then on "
        "stderr (the default when stdout is not a terminal)",
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
    known puzzle extension, or with ``kind`` every file not hidden. A name where no
    file or folder is may name a bundled instance, or a folder of them (``takuzu``),
    by its path under ``instances/``; they are listed by those names."""
    found: dict[str, None] = {}
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.update(dict.fromkeys(str(file) for file in _folder_files(path, kind)))
        elif path.is_file():
            found[str(path)] = None
        elif (folder := bundled_path(name)) is not None and os.path.isdir(folder):
            files = _folder_files(Path(folder), kind)
            named = Path(os.path.normpath(name))  # as bundled names go: KIND/...
            found.update(dict.fromkeys(str(named / file.relative_to(folder)) for file in files))
        elif bundled_files(name):
            found[locate(name)[1]] = None  # refuses a name two bundled files share
        else:
            raise UsageError(
                f"{name}: no such file or folder, nor a bundled instance or folder of them "
                "(see lpsolve batch --help)"
            )
    return list(found)


def _folder_files(folder: Path, kind: str | None) -> list[Path]:
    """The puzzle files in ``folder`` and below (sorted): those of a known extension,
    (of any kind the registry knows), or with ``kind`` every file not hidden."""
    files = []
    endings = registry().extensions()
    for file in sorted(folder.rglob("*")):
        hidden = any(part.startswith(".") for part in file.relative_to(folder).parts)
        known = file.suffix.lower() in endings
        if file.is_file() and not hidden and (kind is not None or known):
            files.append(file)
    return files


def answered(report: Path) -> set[str]:
    """The files a report already answers: its last line for each, unless that line
    says the batch was interrupted before the puzzle was done.

    A line that is no JSON at all (one a crash cut short) answers nothing, and a blank
    line (earlier versions left one at each resume) is passed over; any other line
    lpsolve does not write (nested too deep, a number beyond the limits, no ``file``
    and ``status``) is refused, ``REPORT:LINE:COL``.
    """
    last: dict[str, str] = {}
    source = str(report)
    if report.exists() and not report.is_file():  # e.g. /dev/zero: no end to read
        raise UsageError(f"{report}: --resume reads a report back from a regular file")
    try:
        text = report.read_text(encoding="utf-8")
    except FileNotFoundError:
        return set()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{report}: cannot read the report to resume: {error}") from None
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            data = textformat.loads(
                line,
                source,
                number,
                lowest=-limits.MAX_SAVED_NUMBER,
                highest=limits.MAX_SAVED_NUMBER,
            )
        except textformat.MalformedJSON:  # a line cut by a crash: that puzzle is redone
            continue
        except PuzzleError as error:
            message = f"expected a report line: {error.message}"
            raise PuzzleError(message, source, error.line, error.col) from None
        if not (
            isinstance(data, dict)
            and isinstance(data.get("file"), str)
            and isinstance(data.get("status"), str)
        ):
            raise PuzzleError(
                'expected a report line (a JSON object with "file" and "status")',
                source,
                number,
                1,
            )
        last[data["file"]] = data["status"]
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
    """Where finished puzzles go: their JSON lines (the report file, or stdout when
    ``--output -`` or stdout is no terminal), otherwise a line each on the terminal;
    the progress bar; and where the summary goes (stderr when stdout carries JSON)."""

    def __init__(self, args: argparse.Namespace, total: int) -> None:
        self.args = args
        self.counts: Counter[str] = Counter()
        self.started = time.monotonic()
        self.internal = False
        self.file: TextIO | None = None
        self.own_file = False  # opened here, so closed here (not stdout)
        output = args.output
        if output is None and not sys.stdout.isatty():
            output = "-"  # a pipe or a file: JSON Lines, e.g. `lpsolve batch DIR | jq`
        if output == "-":
            self.file = sys.stdout
        elif output is not None:
            self.file = _open_report(output)
            self.own_file = True
        self.summary_to_stderr = self.file is not None and _is_stdout(self.file)
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
        if self.file is not None and self.own_file:
            self.file.close()


def _open_report(output: str) -> TextIO:
    """The report file opened to append. A last line cut by a crash is ended first, so
    that it stays cut, alone; a file (or a pipe, ``/dev/stdout``) otherwise gets only
    its new lines."""
    try:
        file = open(output, "a", encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        raise UsageError(f"{output}: cannot write the report: {error}") from None
    if _ends_mid_line(output):
        file.write("\n")
    return file


def _ends_mid_line(path: str) -> bool:
    """Whether the regular file at ``path`` has text after its last newline."""
    if not Path(path).is_file():
        return False
    with open(path, "rb") as file:
        if file.seek(0, os.SEEK_END) == 0:
            return False
        file.seek(-1, os.SEEK_END)
        return file.read(1) != b"\n"


def _is_stdout(file: TextIO) -> bool:
    """Whether ``file`` writes where stdout does (``-``, ``/dev/stdout``, the same file)."""
    if file is sys.stdout:
        return True
    try:
        return os.path.samestat(os.fstat(file.fileno()), os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError):  # no file descriptor (e.g. stdout captured in tests)
        return False


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


def _sent_kind(file: str, kind: str | None) -> str | Kind | None:
    """The kind a job on a cluster's worker reads ``file`` as: a declared kind itself
    (the worker may not have its folder: it travels by value), else as named here."""
    extension = os.path.splitext(locate(file)[1])[1].lower()
    if kind is None and extension == ".json":
        return None  # the file names its kind, a built-in one
    found = registry().find(kind) if kind is not None else registry().for_extension(extension)
    return found if found is not None and found.origin is Origin.DECLARED else kind


def run_batch(args: argparse.Namespace) -> int:
    files = puzzle_files([*args.paths, *args.trailing_files], args.kind)
    already = 0
    if args.resume:
        if args.output is None:
            raise UsageError("--resume needs --output REPORT.jsonl (the report to resume)")
        if args.output == "-":
            raise UsageError("--resume reads the report back: give --output a file, not -")
        done = answered(Path(args.output))
        left = [file for file in files if file not in done]
        already, files = len(files) - len(left), left
    limit = None if args.all or (args.count and args.limit is None) else args.limit or 2
    report = _Report(args, len(files))
    bounds = job_limits(args)

    def jobs() -> Iterator[Job]:
        for file in files:
            data = None
            kind: str | Kind | None = args.kind
            if args.cluster:  # a worker elsewhere may not see this file: send its bytes
                try:
                    data = read_bytes(file)
                    kind = _sent_kind(file, args.kind)
                except LpsolveError as error:
                    report.add(_line(file, None, error, args))
                    continue
            job = SolveJob(
                file,
                kind,
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

            interrupted = run_on_cluster(args.cluster, jobs(), bounds, finished)
        else:
            interrupted = supervise_many(jobs(), bounds, args.jobs, finished)
    finally:
        report.close()
    _summary(report, interrupted, len(files), already)
    if report.internal:
        return EXIT_INTERNAL
    stopped = ("timeout", "memory limit", "interrupted")
    if interrupted or any(report.counts[v] for v in stopped):
        return EXIT_STOPPED
    return EXIT_BAD_INPUT if report.counts["error"] else EXIT_SOLVED


def _summary(report: _Report, interrupted: bool, total: int, already: int) -> None:
    """The summary table: on stdout, or on stderr when stdout carries the JSON lines.
    With ``--resume`` it says how many puzzles the report already answered."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    stream = sys.stderr if report.summary_to_stderr else sys.stdout
    before = f"{already:,} puzzle{'s' * (already != 1)}"
    if already and not total:
        print(f"all {before} already answered in {report.args.output}: nothing to do", file=stream)
        return
    counts = report.counts
    title = "interrupted: the report holds the puzzles finished" if interrupted else None
    caption = Text(f"and {before} already answered in {report.args.output}") if already else None
    table = Table(title=title, caption=caption)
    for verdict_name in VERDICTS:
        table.add_column(verdict_name.removesuffix(" limit"), justify="right")
    table.add_column("puzzles", justify="right")
    table.add_row(*(f"{counts[v]:,}" for v in VERDICTS), f"{sum(counts.values()):,} of {total:,}")
    Console(file=stream).print(table)
