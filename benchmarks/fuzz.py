"""Fuzz the command line with mutated puzzle files: nothing may end in a traceback.

For every input format (the janko layout and JSON among them), N inputs are made from
the bundled instances by random mutations (deleted, inserted or replaced characters,
huge, negative and 32-bit-edge numbers, long digit runs, digits of other scripts, deep
brackets, unicode, NUL, a byte order mark, swapped, repeated or dropped lines, JSON
keys dropped and values of the wrong type, truncation) and each is run as ``lpsolve check FILE
--timeout T`` through :func:`lpsolve.cli.main`, in worker processes (one call per
input, in-process: a fresh interpreter per input would be far too slow). Each worker
has an address-space limit; a worker still busy after the wall-clock limit is killed.

Outcomes per format: clean errors (exit 2 with one line ``error: FILE:LINE:COL:
message``), normal results (exit 0, 1, 3 or 4), bad messages (exit 2 with anything else
on stderr, or an error that does not say its line and column),
tracebacks (any other exception, or exit 70: grouped by type and message, one example
input kept for each), hangs (the wall-clock limit hit) and memory blow-ups
(MemoryError, or the worker died).

    python benchmarks/fuzz.py [--per-format N] [--seed S] [--jobs J] [--timeout T]
                              [--memory-mb M] [--format NAME ...] [--backend clingo|csp]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import multiprocessing.connection
import os
import random
import re
import shutil
import signal
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"

# -- the inputs ----------------------------------------------------------------------


def numbrix_grid(path: Path) -> str:
    """A bundled Numbrix board (JSON) written as a comma grid (``.numbrix``): no Numbrix
    grid file is bundled."""
    data = json.loads(path.read_text())
    cells = {tuple(cell) for cell in data["cells"]}
    givens = {(x, y): n for x, y, n in data.get("givens", [])}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        fields = []
        for x in range(min(xs), max(xs) + 1):
            fields.append(str(givens.get((x, y), "__")) if (x, y) in cells else "XX")
        rows.append(", ".join(fields))
    return "# from " + path.name + "\n" + "\n".join(rows) + "\n"


def janko_grid(path: Path) -> str:
    """A bundled puzzle written in janko's layout (``ROWS COLS``, then the rows)."""
    import lpsolve
    from lpsolve.puzzle import janko_layout

    return janko_layout(lpsolve.load(path).janko_rows()) + "\n"


def seeds() -> dict[str, tuple[str, list[str]]]:
    """Format name -> (file extension, valid texts to mutate)."""

    def texts(*paths: Path) -> list[str]:
        return [path.read_text() for path in paths]

    hidato = INSTANCES / "hidato"
    return {
        "hidoku": (
            ".hidoku",
            texts(hidato / "seed-10x10.hidoku", ROOT / "docs/examples/corners.hidoku"),
        ),
        "hidato": (
            ".hidato",
            [
                *texts(ROOT / "docs/examples/knight-3x4.hidato"),
                "adjacency: [[1, 2], [2, 1]]\n1,_,_,_\n_,_,_,_\n_,_,_,12\n",
            ],
        ),
        "numbrix": (".numbrix", [numbrix_grid(hidato / "seed003-numbrix-9x9.json")]),
        "hidato-janko": (
            ".hidoku",
            [
                janko_grid(hidato / "seed-10x10.hidoku"),
                "4 4\n1 - - -\n- - 7 -\n- - - 16\n- - - -\n",
            ],
        ),
        "numbrix-janko": (".numbrix", [janko_grid(hidato / "seed003-numbrix-9x9.json")]),
        "hex-typed": (".hidato", texts(hidato / "seed003-hex-19-typed.hidato")),
        "hidato-json": (".json", texts(*sorted(hidato.glob("*.json")))),
        "magic": (
            ".magic",
            [
                *texts(INSTANCES / "magic/seed-5x5.magic"),
                "range: 1..9\ntarget: 15\n2 _ _\n_ 5 _\n_ _ 8\n",
            ],
        ),
        "takuzu": (".takuzu", texts(*sorted(INSTANCES.glob("takuzu/*.takuzu")))),
        "takuzu-janko": (
            ".takuzu",
            [
                janko_grid(INSTANCES / "takuzu/seed-8x8.takuzu"),
                "4 4\n- 2 - -\n1 - - -\n- - 2 -\n- - - 1\n",
            ],
        ),
        "mastermind": (".mastermind", texts(*sorted(INSTANCES.glob("mastermind/*.mastermind")))),
        "tiling": (".tiling", texts(*sorted(INSTANCES.glob("tiling/*.tiling")))),
    }


NUMBERS = [
    "0", "-0", "00", "-1", "1", "+3", "007", "1.5", "1e5", "0x10",
    "64", "65", "4096", "4097", "16777216", "16777217", "2097152", "2097153",
    "2147483647", "2147483648", "-2147483648", "-2147483649", "3000000000",
    "4294967296", "99999999999", "1" * 20, "9" * 4301, "1" * 20000, "-" + "7" * 5000,
]  # fmt: skip
ODD = [
    "\x00", "\ufeff", "\u00e9", "\u0663", "\u2460", "\u00b2", "\u2028", "\x0c", "\x0b",
    "\x85", "\r", "\t", " ", "\n", "\U0001f600", "\u200b", "\\", "\\u0000", '"', "'",
]  # fmt: skip
SYNTAX = [
    ",", "_", "__", "X", "XX", ":", "=", "===", "..", "x", "[", "]", "{", "}", "#",
    "B", "W", ".", "0", "1", "-", "red", "Red", " : ", "/",
]  # fmt: skip
HEADERS = [
    "adjacency: knight", "adjacency: hex", "adjacency: queen", "adjacency: [[1,2]]",
    "adjacency: [[0,0]]", "adjacency: [[1, 3000000000]]", "adjacency: []",
    "adjacency: [[4096, 0]]", "range: 1..4", "range: -5..-2", "range: 2147483640..2147483648",
    "target: 34", "target: 2147483648", "pegs: 0", "pegs: 65", "pegs: 2147483648",
    "colours: a b", "colors: red red", "repeats: no", "board: 2x2", "board: 100x100",
    "board:", "board: 0x5",
]  # fmt: skip
_NUMBER = re.compile(r"-?[0-9]+")


def mutate(text: str, rng: random.Random, mutations: list | None = None) -> str:
    """One to three random mutations of ``text`` (from ``mutations``, or all)."""
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(mutations or MUTATIONS)(text, rng)
    return text


def _at(text: str, rng: random.Random) -> int:
    return rng.randint(0, len(text))


def _delete(text: str, rng: random.Random) -> str:
    start = _at(text, rng)
    return text[:start] + text[start + rng.choice((1, 1, 2, 5, 20)) :]


def _insert(text: str, rng: random.Random) -> str:
    start = _at(text, rng)
    token = rng.choice(rng.choice((NUMBERS, ODD, SYNTAX)))
    return text[:start] + token + text[start:]


def _replace(text: str, rng: random.Random) -> str:
    start = _at(text, rng)
    token = rng.choice(rng.choice((NUMBERS, ODD, SYNTAX)))
    return text[:start] + token + text[start + 1 :]


def _number(text: str, rng: random.Random) -> str:
    """Replace a number of the puzzle: an edge value, a neighbour, its negation."""
    found = list(_NUMBER.finditer(text))
    if not found:
        return _insert(text, rng)
    match = rng.choice(found)
    value = int(match.group()) if len(match.group()) < 12 else 1  # a digit run: any value
    new = rng.choice(
        (rng.choice(NUMBERS), str(-value), str(value + 1), str(value - 1), str(value * 1000))
    )
    return text[: match.start()] + new + text[match.end() :]


def _digits(text: str, rng: random.Random) -> str:
    start = _at(text, rng)
    length = rng.choice((11, 50, 4301, 20_000))
    block = "".join(rng.choice("0123456789") for _ in range(11))  # few random draws
    run = (block * (length // len(block) + 1))[:length]
    return text[:start] + run + text[start:]


def _brackets(text: str, rng: random.Random) -> str:
    start = _at(text, rng)
    depth = rng.choice((33, 1_000, 100_000, 1_000_000))
    opener = rng.choice("[{")
    closer = {"[": "]", "{": "}"}[opener] * depth if rng.random() < 0.5 else ""
    return text[:start] + opener * depth + closer + text[start:]


#: digits that are not ASCII: str.isdigit() takes them all, int() reads most of them
FOREIGN_DIGITS = [
    "\u0663", "\u06f3", "\u0969", "\uff13", "\u00b2", "\u2462", "\U0001d7d1", "\u0e53",
]  # fmt: skip


def _foreign_digit(text: str, rng: random.Random) -> str:
    """Replace an ASCII digit by a digit of another script (or a superscript)."""
    found = [match.start() for match in re.finditer("[0-9]", text)]
    if not found:
        return _insert(text, rng)
    at = rng.choice(found)
    return text[:at] + rng.choice(FOREIGN_DIGITS) + text[at + 1 :]


def _json_value(text: str) -> object:
    """The value of a JSON text, or None if it is no valid JSON object or list."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict | list) else None


def _containers(value: object) -> list[dict | list]:
    """Every object and list inside ``value`` (itself first)."""
    found: list[dict | list] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict | list):
            found.append(item)
            stack += item.values() if isinstance(item, dict) else item
    return found


def _json_dump(value: object, rng: random.Random) -> str:
    return json.dumps(value, indent=rng.choice((None, 1, 2)))


def _drop_key(text: str, rng: random.Random) -> str:
    """JSON: drop a key of some object (a missing key); other text: drop a line."""
    value = _json_value(text)
    objects = [item for item in _containers(value) if isinstance(item, dict) and item]
    if not objects:
        return _lines(text, rng) if value is None else text
    target = rng.choice(objects)
    del target[rng.choice(list(target))]
    return _json_dump(value, rng)


#: JSON values of every type, some at the edges of what lpsolve takes
OTHER_VALUES = [None, True, 0, -1, 1.5, 2147483648, "", "king", "1", [], [[]], {}, {"a": 1}]


def _retype(text: str, rng: random.Random) -> str:
    """JSON: replace a value somewhere (an object's or a list's) with one of another
    type or range; other text: replace a character."""
    value = _json_value(text)
    containers = [item for item in _containers(value) if item]
    if not containers:
        return _replace(text, rng) if value is None else text
    target = rng.choice(containers)
    key = rng.choice(list(target)) if isinstance(target, dict) else rng.randrange(len(target))
    target[key] = rng.choice(OTHER_VALUES)
    return _json_dump(value, rng)


#: characters a mutation may make a text grow to: past lpsolve's file size limit
#: (32 MiB), not so far that the worker's memory limit stops the mutation itself
MAX_TEXT = 40 * 2**20


def _repeats(wanted: int, size: int) -> int:
    """How many copies of ``size`` characters to add: ``wanted``, or fewer to stay
    within MAX_TEXT."""
    return max(1, min(wanted, MAX_TEXT // max(size, 1)))


def _lines(text: str, rng: random.Random) -> str:
    """Swap, repeat or drop lines."""
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    action = rng.choice(("swap", "repeat", "many", "drop"))
    if action == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif action == "repeat":
        lines.insert(i, lines[j])
    elif action == "many":
        lines[i:i] = [lines[j]] * _repeats(rng.choice((2, 10, 5_000)), len(lines[j]) + 1)
    else:
        del lines[i]
    return "\n".join(lines)


def _widen(text: str, rng: random.Random) -> str:
    """Make one line much longer by repeating its end."""
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    tail = lines[i][-rng.randint(1, 4) :] or ","
    lines[i] += tail * _repeats(rng.choice((2, 100, 5_000)), len(tail))
    return "\n".join(lines)


def _truncate(text: str, rng: random.Random) -> str:
    return text[: _at(text, rng)]


def _bom(text: str, rng: random.Random) -> str:
    return "\ufeff" + text


def _header(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(HEADERS))
    return "\n".join(lines)


MUTATIONS = [
    _delete, _insert, _replace, _number, _number, _number, _digits, _foreign_digit,
    _brackets, _lines, _widen, _truncate, _bom, _header, _drop_key, _retype,
]  # fmt: skip
#: the mutations the limits and JSON positions are about (tests/test_fuzz.py runs them
#: on their own as well)
EDGE_MUTATIONS = [_digits, _foreign_digit, _brackets, _drop_key, _retype, _number]


# -- the workers ---------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    category: str  # "error", "result", "message", "traceback", "hang", "memory"
    cause: str = ""  # tracebacks: "Type: message" (paths and numbers made general)
    detail: str = ""  # tracebacks: the message and the innermost frames
    kept: str = ""  # tracebacks: where the input was saved


def _classify(status: int, err: str, path: Path) -> Outcome:
    if status == 2:
        lines = err.splitlines()
        if len(lines) == 1 and lines[0].startswith(f"error: {path}:"):
            if _PLACE.match(lines[0], len(f"error: {path}:")):
                return Outcome("error")
            message = lines[0].replace(str(path), "FILE")
            cause = "exit 2 without LINE:COL: " + re.sub(r"[0-9]+", "N", message)[:160]
            return Outcome("message", cause, message[:300])
        return Outcome("message", "exit 2: " + (lines[0] if lines else "(no message)"), err)
    if status == 70:  # a crash in a supervised job: its traceback is on stderr
        lines = [line for line in err.splitlines() if line.strip()]
        last = lines[-1] if lines else "(no message)"
        frames = [line.strip() for line in lines if line.lstrip().startswith('File "')][-3:]
        cause = "exit 70: " + re.sub(r"[0-9]+", "N", last)[:160]
        return Outcome("traceback", cause, last[:300] + "\n    at " + "; ".join(frames))
    if status in (0, 1, 3, 4):
        return Outcome("result")
    return Outcome("traceback", f"exit status {status}", err)


#: the line and column after the file's name in an error
_PLACE = re.compile(r"[0-9]+:[0-9]+: ")


def _run_one(path: Path, timeout: float, backend: str) -> Outcome:
    from lpsolve.cli import main

    out, err = io.StringIO(), io.StringIO()
    argv = ["check", str(path), "--timeout", str(timeout), "--backend", backend]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    except SystemExit as stop:  # argparse
        status = stop.code if isinstance(stop.code, int) else 2
    except MemoryError:
        return Outcome("memory", "MemoryError")
    except Exception as error:
        message = str(error).replace(str(path), "FILE").splitlines()
        first = message[0] if message else ""
        if "bad_alloc" in first:
            return Outcome("memory", first)
        general = re.sub(r"[0-9]+", "N", first)[:160]
        frames = traceback.extract_tb(error.__traceback__)[-3:]
        where = "; ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames)
        return Outcome(
            "traceback", f"{type(error).__name__}: {general}", f"{first[:300]}\n    at {where}"
        )
    return _classify(status, err.getvalue(), path)


def _worker(connection: multiprocessing.connection.Connection, args: dict) -> None:
    os.setsid()  # its own process group: a hang is ended with every child it started
    if args["memory_mb"]:
        # The soft limit only: lpsolve's supervised jobs set their own address-space
        # limit, which must stay possible; the parent watches the resident memory of
        # the worker's whole process group as well.
        import resource

        limit = args["memory_mb"] * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
    import lpsolve.cli  # noqa: F401  (imported once per worker, not per input)

    formats = seeds()
    workdir = Path(tempfile.mkdtemp(dir=args["work"]))
    while True:
        task = connection.recv()
        if task is None:
            break
        name, index = task
        path = write_input(formats, args["seed"], name, index, workdir)
        outcome = _run_one(path, args["timeout"], args["backend"])
        if outcome.category in ("traceback", "message"):  # kept, to be looked at
            kept = Path(args["keep"]) / path.name
            path.replace(kept)
            outcome = Outcome(outcome.category, outcome.cause, outcome.detail, str(kept))
        else:
            path.unlink()
        connection.send(outcome)
    for leftover in workdir.iterdir():
        leftover.unlink()
    workdir.rmdir()


def write_input(
    formats: dict[str, tuple[str, list[str]]], seed: int, name: str, index: int, where: Path
) -> Path:
    """Input ``index`` of format ``name`` (the same for the same seed), written to a file."""
    extension, texts = formats[name]
    rng = random.Random(f"{seed}:{name}:{index}")
    text = mutate(rng.choice(texts), rng)
    path = where / f"{name}-{index}{extension}"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def group_memory(group: int) -> int:
    """Resident bytes of every process in a process group (Linux ``/proc``)."""
    total = 0
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (command) "
        if int(fields[2]) == group:  # pgrp
            total += int(fields[21]) * page  # rss, in pages
    return total


@dataclass
class _Slot:
    process: multiprocessing.process.BaseProcess
    connection: multiprocessing.connection.Connection
    task: tuple[str, int] | None = None
    started: float = 0.0


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    causes: dict[str, tuple[int, str, str]] = field(default_factory=dict)  # count, detail, kept


def fuzz(args: argparse.Namespace, formats: list[str]) -> dict[str, Tally]:
    context = multiprocessing.get_context("fork")
    work = Path(args.keep) / "work"
    work.mkdir(exist_ok=True)
    shared = {
        "seed": args.seed,
        "timeout": args.timeout,
        "memory_mb": args.memory_mb,
        "backend": args.backend,
        "keep": args.keep,
        "work": str(work),
    }
    formats_seeds = seeds()
    tasks = [(name, i) for i in range(args.per_format) for name in formats]
    tasks.reverse()  # popped from the end: formats interleaved, in index order
    tallies = {name: Tally() for name in formats}
    wall = args.wall if args.wall is not None else 3 * args.timeout + 10

    def start() -> _Slot:
        mine, theirs = context.Pipe()
        process = context.Process(target=_worker, args=(theirs, shared), daemon=True)
        process.start()
        theirs.close()
        return _Slot(process, mine)

    def stop(slot: _Slot, wait: float = 0.0) -> None:
        slot.process.join(wait)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(slot.process.pid, signal.SIGKILL)  # the worker and its children
        slot.process.join()
        slot.connection.close()

    def record(name: str, index: int, outcome: Outcome) -> None:
        tally = tallies[name]
        if outcome.category in ("hang", "memory"):  # the worker is gone: make it again
            kept = write_input(formats_seeds, args.seed, name, index, Path(args.keep))
            outcome = Outcome(outcome.category, outcome.cause or outcome.category, "", str(kept))
        tally.counts[outcome.category] += 1
        if outcome.category in ("traceback", "message", "hang", "memory"):
            count, detail, kept = tally.causes.get(outcome.cause, (0, outcome.detail, outcome.kept))
            tally.causes[outcome.cause] = (count + 1, detail, kept or outcome.kept)

    slots = [start() for _ in range(args.jobs)]
    done = 0
    try:
        while tasks or any(slot.task for slot in slots):
            for slot in slots:
                if slot.task is None and tasks:
                    slot.task = tasks.pop()
                    slot.started = time.monotonic()
                    slot.connection.send(slot.task)
            busy = [slot.connection for slot in slots if slot.task]
            ready = multiprocessing.connection.wait(busy, timeout=0.2)
            now = time.monotonic()
            for k, slot in enumerate(slots):
                if slot.task is None:
                    continue
                name, index = slot.task
                if slot.connection in ready:
                    try:
                        outcome = slot.connection.recv()
                    except (EOFError, OSError):  # the worker died: killed by the kernel
                        outcome = Outcome("memory", "worker died")
                        stop(slot)
                        slots[k] = start()
                elif now - slot.started > wall:
                    outcome = Outcome("hang")
                    stop(slot)
                    slots[k] = start()
                elif args.memory_mb and group_memory(slot.process.pid) > args.memory_mb * 2**20:
                    outcome = Outcome("memory", f"over {args.memory_mb} MB resident")
                    stop(slot)
                    slots[k] = start()
                else:
                    continue
                record(name, index, outcome)
                slots[k].task = None
                done += 1
                if args.progress and done % 500 == 0:
                    print(f"{done:,} inputs...", flush=True)
    finally:
        for slot in slots:
            if slot.task is None and slot.process.is_alive():
                with contextlib.suppress(OSError):
                    slot.connection.send(None)
            stop(slot, wait=5.0)
        shutil.rmtree(work, ignore_errors=True)
    return tallies


COLUMNS = [
    ("inputs", None),
    ("clean errors", "error"),
    ("normal results", "result"),
    ("bad messages", "message"),
    ("tracebacks", "traceback"),
    ("hangs", "hang"),
    ("memory blow-ups", "memory"),
]


def report(tallies: dict[str, Tally], seconds: float, args: argparse.Namespace) -> int:
    console = Console(width=max(Console().width, 132))
    table = Table(
        title=f"lpsolve check on mutated inputs: {args.per_format:,} per format, seed {args.seed}, "
        f"--timeout {args.timeout:g}, {args.memory_mb} MB, {args.jobs} jobs, {seconds:.0f} s"
    )
    table.add_column("format")
    for title, _ in COLUMNS:
        table.add_column(title, justify="right")
    total: Counter[str] = Counter()
    for name, tally in tallies.items():
        total.update(tally.counts)
        inputs = sum(tally.counts.values())
        table.add_row(name, f"{inputs:,}", *(f"{tally.counts[c]:,}" for _, c in COLUMNS[1:]))
    table.add_row(
        "all", f"{sum(total.values()):,}", *(f"{total[c]:,}" for _, c in COLUMNS[1:]), style="bold"
    )
    console.print(table)
    bad = 0
    for name, tally in tallies.items():
        for cause, (count, detail, kept) in sorted(tally.causes.items(), key=lambda c: -c[1][0]):
            bad += count
            console.print(f"[bold]{name}[/bold]: {count} x {cause}", markup=True, highlight=False)
            console.print(f"    {detail.strip()}", markup=False, highlight=False)
            if kept:
                console.print(f"    example input: {kept}", markup=False, highlight=False)
    return 1 if bad or total["hang"] or total["memory"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-format", type=int, default=10_000, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=2.0, help="lpsolve --timeout per input")
    parser.add_argument(
        "--wall", type=float, help="seconds before a worker is killed (default: 3 x timeout + 10)"
    )
    parser.add_argument(
        "--memory-mb",
        type=int,
        default=2048,
        help="resident memory per worker and its children, and the worker's address space",
    )
    parser.add_argument("--backend", choices=("clingo", "csp"), default="clingo")
    parser.add_argument("--format", action="append", dest="formats", metavar="NAME")
    parser.add_argument("--keep", help="directory for inputs that gave tracebacks")
    parser.add_argument("--progress", action="store_true", help="print a count every 500 inputs")
    args = parser.parse_args(argv)
    known = list(seeds())
    formats = args.formats or known
    unknown = sorted(set(formats) - set(known))
    if unknown:
        parser.error(f"unknown format {', '.join(unknown)}; expected {', '.join(known)}")
    args.keep = args.keep or tempfile.mkdtemp(prefix="lpsolve-fuzz-")
    Path(args.keep).mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    tallies = fuzz(args, formats)
    return report(tallies, time.monotonic() - start, args)


if __name__ == "__main__":
    raise SystemExit(main())
