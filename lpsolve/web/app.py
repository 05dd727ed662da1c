"""The playground's routes: server-rendered pages that call the library as the command
line does (see :mod:`lpsolve.web.work`), and nothing in the browser that knows a rule.

Safe to leave running: every visitor's computation is a supervised job under the
server's time and memory limits, started from a worker thread so the event loop keeps
serving others; at most ``jobs`` run at once and ``queue`` more wait, beyond which a
request is answered 503 at once. Request bodies are bounded (413), programs are vetted
(no ``#include``, no ``#script``), templates escape everything, and the only markup not
escaped is SVG that lpsolve drew. The server keeps no state per visitor: a puzzle, a
program or a game travels in the page's forms.
"""

from __future__ import annotations

import os
import re
import secrets
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..errors import InternalError, LpsolveError, PuzzleError
from ..jobs import DEFAULT_MEMORY, Limits, format_size
from ..kinds import EXTENSIONS, KINDS, parse_bytes
from ..kinds import mastermind as mm
from ..resources import encoding_text
from . import work

HERE = Path(__file__).resolve().parent
T = TypeVar("T")

#: the largest request body taken (a puzzle, a program, a game), bytes
MAX_BODY = 1 << 20
#: the sizes the blank-board builder offers
BUILDER_SIZES = range(2, 13)
#: the kinds the blank-board builder can make, with the extension of the text it writes
BUILDER_KINDS = {"hidato": ".hidoku", "numbrix": ".numbrix", "takuzu": ".takuzu", "magic": ".magic"}
#: answer sets a workbench run may ask for
MAX_MODELS = 100
#: guesses a game against the server may have
MAX_GUESSES = 100
_NONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: each kind's rules in one line, for the gallery
KIND_RULES = {
    "hidato": "Fill in 1..N so that consecutive numbers are neighbours: king moves "
    "(Hidato), orthogonal moves (Numbrix), hexagons (Beehive) or a list of jumps.",
    "magic": "Use each number of the range once; every row, column and both diagonals "
    "sum to the same target.",
    "mastermind": "Which secret codes give every guess its recorded feedback?",
    "takuzu": "0s and 1s: no three equal in a row, as many 0s as 1s in every line, no two "
    "lines equal.",
    "tiling": "Cover the checkerboard with every stone once, each stone cell on its colour.",
}


@dataclass(frozen=True)
class Settings:
    """What ``lpsolve serve`` was started with."""

    timeout: float = 10.0
    memory: int | None = DEFAULT_MEMORY
    jobs: int = os.cpu_count() or 1
    queue: int = 8
    max_body: int = MAX_BODY
    #: signs the secrets of games against the server; new at every start
    key: bytes = field(default_factory=lambda: secrets.token_bytes(32))

    @property
    def limits(self) -> Limits:
        return Limits(self.timeout, self.memory)


class Busy(Exception):
    """Every job slot is taken and the queue is full."""


class Gate:
    """At most ``jobs`` computations at once, ``queue`` more waiting (in worker threads,
    on a semaphore); a request beyond that is refused at once rather than piled up."""

    def __init__(self, jobs: int, queue: int) -> None:
        self._slots = threading.BoundedSemaphore(jobs)
        self._lock = threading.Lock()
        self._admitted = 0
        self._most = jobs + queue

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        with self._lock:
            if self._admitted >= self._most:
                raise Busy
            self._admitted += 1
        try:
            return await run_in_threadpool(self._call, function, *args)
        finally:
            with self._lock:
                self._admitted -= 1

    def _call(self, function: Callable[..., T], *args: Any) -> T:
        with self._slots:
            return function(*args)


class BodyLimit:
    """Reads a request's body up to ``limit`` bytes before the app sees it; a larger one
    (declared or sent) is answered 413 without reading the rest."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await self._too_large(scope, receive, send)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await self._too_large(scope, receive, send)
                return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        text = f"request too large: at most {format_size(self.limit)} per request\n"
        await PlainTextResponse(text, status_code=413)(scope, receive, send)


class SecurityHeaders:
    """No script but the playground's own, no framing, no guessing of content types."""

    POLICY = (
        "default-src 'self'; script-src 'self'; style-src 'self'; "
        "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] += [
                    (b"content-security-policy", self.POLICY.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
            await send(message)

        await self.app(scope, receive, with_headers)


def create_app(settings: Settings | None = None) -> ASGIApp:
    """The playground as an ASGI application."""
    settings = settings or Settings()
    # imported here, before any job is forked from a thread: a child must not need the
    # import lock another thread of the server might hold at the moment of the fork
    import jinja2

    from .. import codebreaker, explain  # noqa: F401

    loader = jinja2.FileSystemLoader(str(HERE / "templates"))
    templates = Jinja2Templates(env=jinja2.Environment(loader=loader, autoescape=True))
    templates.env.globals.update(
        version=__version__, kinds=list(KINDS), settings=settings, size=format_size
    )
    gate = Gate(settings.jobs, settings.queue)
    pages = Pages(settings, templates, gate)
    routes = [
        Route("/", pages.home),
        Route("/puzzles", pages.gallery),
        Route("/puzzles/{kind}/{name}", pages.bundled),
        Route("/pictures/{kind}/{name}.svg", pages.picture),
        Route("/new", pages.new),
        Route("/puzzle", pages.pasted, methods=["POST"]),
        Route("/workbench", pages.workbench, methods=["GET", "POST"]),
        Route("/mastermind", pages.mastermind),
        Route("/mastermind/assistant", pages.assistant, methods=["POST"]),
        Route("/mastermind/codemaker", pages.codemaker, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            HTTPException: pages.http_error,
            Busy: pages.busy,
            InternalError: pages.internal_error,
        },
    )
    return SecurityHeaders(BodyLimit(app, settings.max_body))


Handler = Callable[[Request], Awaitable[Response]]


class Pages:
    """The route handlers, sharing the settings, templates and the job gate."""

    def __init__(self, settings: Settings, templates: Jinja2Templates, gate: Gate) -> None:
        self.settings, self.templates, self.gate = settings, templates, gate

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        return self.templates.TemplateResponse(request, name, context, status_code=status)

    async def compute(self, function: Callable[..., T], *args: Any) -> T:
        return await self.gate.run(function, *args)

    # -- errors ------------------------------------------------------------------------

    async def http_error(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        heading = {404: "Not found", 400: "Bad request"}.get(exc.status_code, "Sorry")
        return self.page(
            request, "error.html", exc.status_code, message=exc.detail, heading=heading
        )

    async def internal_error(self, request: Request, exc: Exception) -> Response:
        message = f"internal error (a bug in lpsolve, please report it): {exc}"
        return self.page(request, "error.html", 500, message=message, heading="Internal error")

    async def busy(self, request: Request, exc: Exception) -> Response:
        message = (
            f"the server is busy: {self.settings.jobs} jobs are running and "
            f"{self.settings.queue} are waiting; try again in a moment"
        )
        return self.page(request, "error.html", 503, message=message, heading="Busy")

    # -- home and gallery ----------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        return self.page(request, "home.html")

    async def gallery(self, request: Request) -> Response:
        return self.page(request, "gallery.html", catalogue=work.catalogue(), rules=KIND_RULES)

    async def picture(self, request: Request) -> Response:
        """A bundled puzzle drawn, as an image (drawn once per server, in a worker thread)."""
        key = f"{request.path_params['kind']}/{request.path_params['name']}"
        entry = work.find_entry(key)
        if entry is None or entry.kind == "tutorial":
            raise HTTPException(404, f"no bundled puzzle {key}")
        svg = await run_in_threadpool(work.thumbnail, key)
        headers = {"cache-control": "public, max-age=3600"}
        return Response(svg, media_type="image/svg+xml", headers=headers)

    # -- puzzle pages ----------------------------------------------------------------------

    async def bundled(self, request: Request) -> Response:
        key = f"{request.path_params['kind']}/{request.path_params['name']}"
        entry = work.find_entry(key)
        if entry is None or entry.kind == "tutorial":
            raise HTTPException(404, f"no bundled puzzle {key}")
        data = entry.path.read_bytes()
        action = request.query_params.get("action", "")
        known = await run_in_threadpool(work.bundled_view, key)  # drawn once, in this process
        return await self.puzzle_page(
            request,
            data,
            f"instances/{key}",
            None,
            action,
            known,
            entry=entry,
            ext=entry.path.suffix,
        )

    async def puzzle_page(
        self,
        request: Request,
        data: bytes,
        source: str,
        kind: str | None,
        action: str,
        known: work.PuzzleView | None = None,
        **context: Any,
    ) -> Response:
        """A puzzle drawn (``known``: already), and what an action asked for (solve,
        all, explain)."""
        context.setdefault("text", data.decode("utf-8", "replace"))
        context.setdefault("source", source)
        context.setdefault("action", action)
        limits = self.settings.limits
        try:
            if action in work.ACTIONS:
                searched = await self.compute(
                    work.search_puzzle, data, source, kind, action, limits, known
                )
                context.update(view=searched.view, searched=searched)
            elif known is not None:
                context.update(view=known)
            else:
                view = await self.compute(work.show_puzzle, data, source, kind, limits)
                context.update(view=view)
        except LpsolveError as error:
            return self.page(request, "puzzle.html", 400, error=str(error), **context)
        except InternalError as error:
            message = f"internal error (a bug in lpsolve): {error}"
            return self.page(request, "puzzle.html", 500, error=message, **context)
        if context["view"] is not None:
            context["encoding"] = encoding_text(context["view"].encoding)
        return self.page(request, "puzzle.html", **context)

    async def new(self, request: Request) -> Response:
        grid = request.query_params.get("grid", "")
        rows = _size_param(request.query_params.get("rows"), 6)
        cols = _size_param(request.query_params.get("cols"), rows)
        if grid == "magic":
            cols = rows
        if grid == "takuzu":
            rows, cols = rows + rows % 2, cols + cols % 2
        builder = grid if grid in BUILDER_KINDS else ""
        return self.page(
            request,
            "new.html",
            builder=builder,
            rows=rows,
            cols=cols,
            sizes=BUILDER_SIZES,
            builders=BUILDER_KINDS,
            formats=_formats(),
            cells={},
        )

    async def pasted(self, request: Request) -> Response:
        """A puzzle typed, pasted, uploaded or built on a blank board."""
        form = await _form(request)
        action = str(form.get("action", ""))
        grid = str(form.get("grid", ""))
        if grid in BUILDER_KINDS:
            rows = _size_param(str(form.get("rows", "")), 6)
            cols = _size_param(str(form.get("cols", "")), rows)
            cells = {
                (r, c): str(form.get(f"cell-{r}-{c}", "")).strip()
                for r in range(rows)
                for c in range(cols)
            }
            try:
                text = board_text(grid, rows, cols, cells)
            except PuzzleError as error:
                return self.page(
                    request,
                    "new.html",
                    400,
                    builder=grid,
                    rows=rows,
                    cols=cols,
                    sizes=BUILDER_SIZES,
                    builders=BUILDER_KINDS,
                    formats=_formats(),
                    cells={f"{r}-{c}": v for (r, c), v in cells.items()},
                    error=str(error),
                )
            ext = BUILDER_KINDS[grid]
            data = text.encode()
            source = f"<board>{ext}"
        else:
            ext = str(form.get("format", ".hidoku"))
            if ext not in _formats():
                raise HTTPException(400, f"unknown format {ext!r}")
            upload = form.get("upload")
            if isinstance(upload, UploadFile) and upload.filename:
                data = await upload.read()
                name = Path(upload.filename).name[:80] or "upload"
                uploaded_ext = Path(name).suffix.lower()
                ext = uploaded_ext if uploaded_ext in _formats() else ext
                source = f"<upload {Path(name).stem}>{ext}"
            else:
                data = str(form.get("text", "")).encode("utf-8")
                source = f"<pasted>{ext}"
        return await self.puzzle_page(
            request, data, source, None, action or "show", ext=ext, formats=_formats()
        )

    # -- the workbench -----------------------------------------------------------------------

    async def workbench(self, request: Request) -> Response:
        values = await _form(request) if request.method == "POST" else request.query_params
        kind = str(values.get("kind", "takuzu"))
        if kind not in work.catalogue():
            raise HTTPException(400, f"unknown kind {kind!r}")
        steps = work.tutorial_steps() if kind == "takuzu" else {}
        puzzles = (work.tutorial_entries() if kind == "takuzu" else []) + work.catalogue()[kind]
        start = str(values.get("start", "step1.lp" if steps else "lesson"))
        if "program" in values:
            program = str(values.get("program", ""))
        elif start in steps:
            program = steps[start]
        else:
            program = work.lesson_encoding(kind)
        chosen = work.find_entry(str(values.get("puzzle", puzzles[0].key)))
        if chosen is None or chosen not in puzzles:
            chosen = puzzles[0]
        models = _int_param(str(values.get("models", "3")), 3, 1, MAX_MODELS)
        scope = str(values.get("scope", "bundled"))
        context: dict[str, Any] = {
            "kind": kind,
            "steps": steps,
            "start": start,
            "program": program,
            "puzzles": puzzles,
            "chosen": chosen,
            "models": models,
            "scope": scope,
        }
        action = str(values.get("action", "")) if request.method == "POST" else ""
        limits = self.settings.limits
        try:
            if action == "run":
                context["ran"] = await self.compute(
                    work.run_program, program, chosen, models, limits
                )
            elif action == "grade":
                entries = [chosen] if scope == "puzzle" else []
                context["graded"] = await self.compute(
                    work.grade_program, program, kind, entries, limits
                )
        except LpsolveError as error:
            if isinstance(error, PuzzleError) and error.source == work.PROGRAM_NAME:
                context.update(error_line=error.line, error_col=error.col)
            return self.page(request, "workbench.html", 400, error=str(error), **context)
        return self.page(request, "workbench.html", **context)

    # -- Mastermind --------------------------------------------------------------------------

    async def mastermind(self, request: Request) -> Response:
        games = work.catalogue()["mastermind"]
        return self.page(request, "mastermind.html", games=games, game_text=_game_text(games[0]))

    async def assistant(self, request: Request) -> Response:
        """You play a codemaker's game: type each guess and its feedback; the page keeps
        the game as a ``.mastermind`` text."""
        form = await _form(request)
        games = work.catalogue()["mastermind"]
        action = str(form.get("action", "add"))
        loaded = str(form.get("preset", ""))
        if action == "load":
            entry = work.find_entry(loaded)
            text = _game_text(entry if entry in games else games[0])
        else:
            text = str(form.get("game", ""))
        guess = str(form.get("guess", "")).strip()
        context: dict[str, Any] = {
            "games": games,
            "mode": "assistant",
            "guess": guess,
            "loaded": loaded,
        }
        try:
            if action == "add" and guess:
                text = text.rstrip("\n") + "\n" + guess + "\n"
                guess = ""
            elif action == "undo":
                text = _without_last_guess(text)
            context.update(game_text=text, guess=guess)
            context["state"] = await self.compute(
                work.mastermind_state, text, "<game>", True, self.settings.limits
            )
        except LpsolveError as error:
            if action == "add":  # keep the game as it was, and the guess to correct it
                context.update(game_text=text.rstrip("\n").rsplit("\n", 1)[0] + "\n")
                context["guess"] = str(form.get("guess", "")).strip()
            return self.page(request, "mastermind.html", 400, error=str(error), **context)
        return self.page(request, "mastermind.html", **context)

    async def codemaker(self, request: Request) -> Response:
        """You play against a secret the server keeps: derived from the page's random
        nonce with the server's key (:func:`work.secret_code`), never sent."""
        form = await _form(request)
        games = work.catalogue()["mastermind"]
        entry = work.find_entry(str(form.get("preset", ""))) or games[0]
        if entry.kind != "mastermind":
            raise HTTPException(400, "not a Mastermind game")
        game = parse_bytes(entry.path.read_bytes(), f"instances/{entry.key}")
        assert isinstance(game, mm.MastermindGame)
        header = work.game_header(game)
        game = mm.parse(header, "<game>")
        action = str(form.get("action", "start"))
        nonce = str(form.get("nonce", ""))
        if action == "start" or not _NONCE.fullmatch(nonce):
            nonce, played = secrets.token_urlsafe(16), []
        else:
            played = [line for line in str(form.get("guesses", "")).splitlines() if line.strip()]
            played = played[:MAX_GUESSES]  # the page's own list is never longer
        secret = work.secret_code(self.settings.key, nonce, header, game)
        context: dict[str, Any] = {
            "games": games,
            "mode": "codemaker",
            "preset": entry.key,
            "nonce": nonce,
            "header": header,
        }
        table = mm.ColourTable(game.colours)
        guess = str(form.get("guess", "")).strip()
        try:
            if action == "guess" and guess:
                if len(played) >= MAX_GUESSES:
                    raise PuzzleError(f"at most {MAX_GUESSES} guesses per game", "<guess>")
                table.code(guess, game.pegs, "<guess>", 1, 1)  # refused here, at its place
                played.append(guess)
                guess = ""
            codes = [
                table.code(line, game.pegs, "<guesses>", i, 1) for i, line in enumerate(played, 1)
            ]
        except PuzzleError as error:
            context.update(guesses="\n".join(played), guess=guess, error=str(error))
            return self.page(request, "mastermind.html", 400, **context)
        lines = []
        for code in codes:
            black, white = game.feedback_of(code, secret)
            counts = f"{black}" if white is None else f"{black} {white}"
            lines.append(f"{game.code_text(code)} : {counts}")
        context["guesses"] = "\n".join(game.code_text(code) for code in codes)
        try:
            context["state"] = await self.compute(
                work.mastermind_state, header + "\n".join(lines) + "\n", "<game>",
                action == "hint", self.settings.limits,
            )  # fmt: skip
        except LpsolveError as error:
            return self.page(request, "mastermind.html", 400, error=str(error), **context)
        if action == "reveal" or context["state"].solved:
            context["secret"] = game.code_text(secret)
        return self.page(request, "mastermind.html", **context)


# -- helpers ---------------------------------------------------------------------------------


async def _form(request: Request) -> FormData:
    try:
        return await request.form()
    except Exception as error:  # a malformed body (python-multipart's own errors)
        raise HTTPException(400, f"malformed form: {error}") from None


def _formats() -> list[str]:
    return sorted([*EXTENSIONS, ".json"])


def _int_param(text: str | None, default: int, low: int, high: int) -> int:
    try:
        value = int(text or "")
    except ValueError:
        return default
    return min(max(value, low), high)


def _size_param(text: str | None, default: int) -> int:
    return _int_param(text, default, BUILDER_SIZES.start, BUILDER_SIZES.stop - 1)


def _game_text(entry: work.Entry) -> str:
    return entry.path.read_text(encoding="utf-8")


def _without_last_guess(text: str) -> str:
    """The game text without its last guess line (the game as it was before it)."""
    game = mm.parse(text, "<game>")
    if not game.guesses or game.guesses[-1].line is None:
        return text
    lines = text.splitlines(keepends=True)
    del lines[game.guesses[-1].line - 1]
    return "".join(lines)


_NUMBER = re.compile(r"-?[0-9]{1,9}")


def board_text(grid: str, rows: int, cols: int, cells: dict[tuple[int, int], str]) -> str:
    """The text of a board typed into the cells of a blank grid, in the kind's format.
    Each cell is checked on its own first (so no cell's text can add fields or lines);
    the parser then checks the board as a whole."""
    out = []
    for r in range(rows):
        fields = []
        for c in range(cols):
            value = cells.get((r, c), "")
            where = ("<board>", r + 1, c + 1)
            if grid == "takuzu":
                if value not in ("", "0", "1"):
                    raise PuzzleError(f"a cell holds 0, 1 or nothing, not {value!r}", *where)
                fields.append(value or ".")
            elif value == "":
                fields.append("_")
            elif grid in ("hidato", "numbrix") and value.lower() == "x":
                fields.append("X")
            elif _NUMBER.fullmatch(value):
                fields.append(value)
            else:
                hole = ", x (a hole)" if grid != "magic" else ""
                raise PuzzleError(f"a cell holds a number{hole} or nothing, not {value!r}", *where)
        out.append(("" if grid == "takuzu" else ", ").join(fields))
    return "\n".join(out) + "\n"


def serve(host: str, port: int, settings: Settings) -> None:
    """Run the playground with uvicorn until Ctrl-C."""
    import uvicorn

    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", workers=1)
