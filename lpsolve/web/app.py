"""The playground's routes: server-rendered pages that call the library as the command
line does (see :mod:`lpsolve.web.work`), and nothing in the browser that knows a rule.

Safe to leave running: every visitor's computation is a supervised job under the
server's time and memory limits, started from a worker thread so the event loop keeps
serving others; at most ``jobs`` run at once and ``queue`` more wait, beyond which a
request is answered 503 at once, and one client has at most half of each (:class:`Gate`).
Request bodies are bounded (413), programs are vetted (no ``#include``, no
``#script``), templates escape everything, and the only markup not escaped is SVG that
lpsolve drew. An error that is lpsolve's fault is logged with its traceback and shown
as a one-line page with a reference (:class:`Incidents`). A puzzle, a program or a game
travels in the page's forms; the server keeps only where each game against it stands
(:class:`Games`), so that none can be replayed.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import itertools
import os
import re
import secrets
import threading
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__, logs
from ..errors import InternalError, LpsolveError, PuzzleError, UsageError
from ..generate.naming import LEVEL_WORDS, Asked, level_word
from ..jobs import DEFAULT_MEMORY, Limits, format_size
from ..kinds import KINDS
from ..kinds.registry import registry
from ..kinds.textformat import plural
from ..puzzle import BoardForm, Capability, Kind
from ..resources import encoding_text
from . import work

HERE = Path(__file__).resolve().parent
T = TypeVar("T")

#: the largest request body taken (a puzzle, a program, a game), bytes
MAX_BODY = 1 << 20
#: the sizes the blank-board builder offers
BUILDER_SIZES = range(2, 13)
#: answer sets a workbench run may ask for
MAX_MODELS = 100
#: a seed the generator page draws when none is given is below this
SEEDS_DRAWN = 1_000_000


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
    """A computation refused at once: every job slot and the queue are taken, or the
    client has its share already (the message says which)."""


def client_of(request: Request) -> str:
    """Who asks, for the per-client share of the job gate: the address the connection
    comes from. Behind a reverse proxy that is the proxy's, so all its visitors share
    one share; forwarded headers are not trusted (a visitor could claim any address)."""
    return request.client.host if request.client is not None else "unknown"


class Gate:
    """At most ``jobs`` computations at once and ``queue`` more waiting, in worker
    threads; a request beyond that is refused at once rather than piled up.

    One client (:func:`client_of`) gets a share: at most half the slots (at least one)
    running and half the queue waiting, so one visitor cannot take the whole server. A
    slot that comes free goes to the waiting client that started a run the longest ago
    (then to the earliest request), so a client with many requests waiting does not
    keep the slots from one that just came."""

    def __init__(self, jobs: int, queue: int) -> None:
        self.jobs, self.queue = jobs, queue
        self.client_slots = max(1, jobs // 2)
        self.client_waiting = queue // 2
        self._changed = threading.Condition()
        self._admitted: Counter[str] = Counter()
        self._running: Counter[str] = Counter()
        self._last_start: dict[str, int] = {}  # a client's most recent start, in starts
        self._waiting: list[tuple[int, str]] = []  # (ticket, client), in order of arrival
        self._tickets = itertools.count()

    async def run(self, client: str, function: Callable[..., T], *args: Any) -> T:
        with self._changed:
            if self._admitted.total() >= self.jobs + self.queue:
                raise Busy(
                    f"the server is busy: {plural(self.jobs, 'job')} running and "
                    f"{self.queue} waiting; try again in a moment"
                )
            if self._admitted[client] >= self.client_slots + self.client_waiting:
                raise Busy(
                    "the server is busy with your earlier requests: one visitor may have "
                    f"{plural(self.client_slots, 'run')} going and {self.client_waiting} "
                    "waiting; try again when one is done"
                )
            self._admitted[client] += 1
        try:
            return await run_in_threadpool(self._call, client, function, *args)
        finally:
            with self._changed:
                self._admitted[client] -= 1
                if not self._admitted[client]:
                    del self._admitted[client]
                    self._last_start.pop(client, None)

    def _call(self, client: str, function: Callable[..., T], *args: Any) -> T:
        with self._changed:
            ticket = (next(self._tickets), client)
            self._waiting.append(ticket)
            self._changed.wait_for(lambda: self._next() == ticket)
            self._waiting.remove(ticket)
            self._running[client] += 1
            self._last_start[client] = ticket[0]
            self._changed.notify_all()  # the next in line may start too
        try:
            return function(*args)
        finally:
            with self._changed:
                self._running[client] -= 1
                self._changed.notify_all()

    def _next(self) -> tuple[int, str] | None:
        """The waiting request to start now, if a slot is free: of the clients under
        their share, the one whose last start is the oldest, its earliest request."""
        if self._running.total() >= self.jobs:
            return None
        ready = [t for t in self._waiting if self._running[t[1]] < self.client_slots]
        return min(ready, key=lambda t: (self._last_start.get(t[1], -1), t[0]), default=None)


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


def incident(error: BaseException, request: Request) -> str:
    """Log an error that is lpsolve's fault, with its traceback, under a new short
    reference; the reference, which the visitor's page shows instead of the traceback
    (it names the server's files and paths)."""
    reference = secrets.token_hex(4)
    logs.get_logger("lpsolve.web").error(
        "internal error %s on %s %s", reference, request.method, request.url.path,
        exc_info=error,
    )  # fmt: skip
    return reference


def incident_message(reference: str) -> str:
    return f"internal error (a bug in lpsolve): please report it with the reference {reference}"


class Incidents:
    """Any exception a route lets through: logged with :func:`incident`, answered by
    a 500 page that says one line and the reference. (Starlette's own last resort
    would answer plain text and log the error a second time.)"""

    def __init__(self, app: ASGIApp, pages: Pages) -> None:
        self.app, self.pages = app, pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        answered = False

        async def watched(message: Message) -> None:
            nonlocal answered
            answered = answered or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as error:
            request = Request(scope)
            reference = incident(error, request)
            if not answered:  # else the visitor has part of a page already: logged only
                response = self.pages.page(
                    request, "error.html", 500, message=incident_message(reference),
                    heading="Internal error",
                )  # fmt: skip
                await response(scope, receive, send)


#: games against the server whose progress the server keeps (see :class:`Games`)
MAX_GAMES = 10_000
_NONCE = re.compile(r"(?P<serial>[0-9a-f]{1,12})-(?P<tag>[A-Za-z0-9_-]{16})")


class GameRefused(LpsolveError):
    """A request for a game against the server that would replay or rewrite it."""


class Games:
    """The games against the server, so that no answer can be replayed.

    A game's secret is derived from its nonce (:func:`work.secret_code`) and the page
    carries the guesses, which the server scores anew at each request; so the server
    must know where each game stands, or a visitor could send an old page again: the
    first page of a game given up, with the secret as its first guess, would be solved
    in one. Nonces are issued here only: a serial number signed with the server's key.
    For each game played, the server keeps a digest of its guesses so far and whether
    it ended (solved or given up); a request must carry exactly those guesses (then it
    may add one), and a game that ended takes no more. At most :data:`MAX_GAMES` games
    are kept; past that the oldest started is closed, and with it every game started
    before it that was never played (``closed_up_to``). The server's event loop is the
    only caller: no lock."""

    def __init__(self, key: bytes, most: int = MAX_GAMES) -> None:
        self._key, self._most = key, most
        self._serials = itertools.count(1)
        self._played: dict[int, tuple[bytes, bool]] = {}  # serial: (digest, ended)
        self.closed_up_to = 0

    def new(self) -> str:
        """A nonce for a new game."""
        serial = next(self._serials)
        return f"{serial:x}-{self._tag(serial)}"

    def _tag(self, serial: int) -> str:
        mac = hmac.new(self._key, f"game {serial}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:12]).decode()

    def serial(self, nonce: str) -> int:
        """The game a nonce names; refused if this server did not issue it."""
        match = _NONCE.fullmatch(nonce)
        if match is None or not hmac.compare_digest(
            match["tag"], self._tag(int(match["serial"], 16))
        ):
            raise GameRefused(
                "this game was not started by this server (has it restarted?): start a new secret"
            )
        return int(match["serial"], 16)

    @staticmethod
    def _digest(header: str, guesses: Sequence[str]) -> bytes:
        return hashlib.sha256("\n".join([header, *guesses]).encode()).digest()

    def check(self, serial: int, header: str, guesses: Sequence[str]) -> None:
        """Refuse a request whose guesses are not where the game stands, or a request
        for a game that ended."""
        digest = self._digest(header, guesses)
        kept = self._played.get(serial)
        if kept is None:
            if serial <= self.closed_up_to:
                raise GameRefused(
                    f"this game was closed: the server keeps the last {self._most:,} "
                    "games played; start a new secret"
                )
            if digest != self._digest(header, []):
                raise GameRefused("these guesses were never played in this game")
            return
        if kept[1]:
            raise GameRefused("this game is over (solved or given up): start a new secret")
        if digest != kept[0]:
            raise GameRefused(
                "this page is out of date: the game has moved on since (another tab, or "
                "the back button); start a new secret"
            )

    def advance(
        self, serial: int, header: str, before: Sequence[str], after: Sequence[str], ended: bool
    ) -> None:
        """The game moves from the guesses ``before`` to those ``after`` (checked
        again: a request of the same game may have moved it while this one computed)."""
        self.check(serial, header, before)
        if serial not in self._played and len(self._played) >= self._most:
            oldest = min(self._played)
            del self._played[oldest]
            self.closed_up_to = max(self.closed_up_to, oldest)
        self._played[serial] = (self._digest(header, after), ended)


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
    from ..generate import making  # noqa: F401

    loader = jinja2.FileSystemLoader(str(HERE / "templates"))
    templates = Jinja2Templates(env=jinja2.Environment(loader=loader, autoescape=True))
    templates.env.globals.update(
        version=__version__,
        settings=settings,
        size=format_size,
        kind_titles=_titles([kind.title for kind in registry().kinds()]),
        kind_pages=kind_page_modules(),
        stepping_kinds=frozenset(
            kind.name for kind in registry().kinds() if kind.supports(Capability.STEPS)
        ),
    )
    gate = Gate(settings.jobs, settings.queue)
    pages = Pages(settings, templates, gate, Games(settings.key))
    routes = [
        Route("/", pages.home),
        Route("/puzzles", pages.gallery),
        Route("/puzzles/{kind}/{name}", pages.bundled),
        Route("/pictures/{kind}/{name}.svg", pages.picture),
        Route("/levels/{kind}/{name}", pages.level),
        Route("/new", pages.new),
        Route("/puzzle", pages.pasted, methods=["POST"]),
        Route("/workbench", pages.workbench, methods=["GET", "POST"]),
        Route("/generate", pages.generator),
        *(route for module in kind_page_modules() for route in module.routes(pages)),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Incidents, pages=pages)],
        exception_handlers={HTTPException: pages.http_error, Busy: pages.busy},
    )
    return SecurityHeaders(BodyLimit(app, settings.max_body))


Handler = Callable[[Request], Awaitable[Response]]


class Pages:
    """The route handlers, sharing the settings, templates, the job gate and the games
    against the server."""

    def __init__(
        self, settings: Settings, templates: Jinja2Templates, gate: Gate, games: Games
    ) -> None:
        self.settings, self.templates, self.gate, self.games = settings, templates, gate, games

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        return self.templates.TemplateResponse(request, name, context, status_code=status)

    async def compute(self, request: Request, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker thread, through the gate (``request``'s
        client's share)."""
        return await self.gate.run(client_of(request), function, *args)

    # -- errors ------------------------------------------------------------------------

    async def http_error(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        heading = {404: "Not found", 400: "Bad request"}.get(exc.status_code, "Sorry")
        return self.page(
            request, "error.html", exc.status_code, message=exc.detail, heading=heading
        )

    async def busy(self, request: Request, exc: Exception) -> Response:
        return self.page(request, "error.html", 503, message=str(exc), heading="Busy")

    # -- home and gallery ----------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        return self.page(request, "home.html")

    async def gallery(self, request: Request) -> Response:
        kinds = {kind.name: kind for kind in registry().kinds()}
        return self.page(
            request, "gallery.html", catalogue=work.catalogue(), kinds=kinds, work=work
        )

    async def picture(self, request: Request) -> Response:
        """A bundled puzzle drawn, as an image (drawn once per server, in a worker thread)."""
        key = f"{request.path_params['kind']}/{request.path_params['name']}"
        entry = work.find_entry(key)
        if entry is None or entry.tutorial:
            raise HTTPException(404, f"no bundled puzzle {key}")
        svg = await run_in_threadpool(work.thumbnail, key)
        if svg is None:
            raise HTTPException(404, f"kind {entry.kind} draws no pictures")
        headers = {"cache-control": "public, max-age=3600"}
        return Response(svg, media_type="image/svg+xml", headers=headers)

    async def level(self, request: Request) -> Response:
        """A bundled puzzle's level (``lpsolve rate``) as JSON, for its gallery card:
        rated once per server, one at a time, in a short job (``{"level": null}``
        when that runs out; see :func:`work.level`)."""
        key = f"{request.path_params['kind']}/{request.path_params['name']}"
        entry = work.find_entry(key)
        if entry is None or entry.tutorial:
            raise HTTPException(404, f"no bundled puzzle {key}")
        try:
            found = await run_in_threadpool(work.level, entry, self.settings.memory)
        except InternalError as error:  # logged; the card shows no level
            incident(error, request)
            found = None
        headers = {"cache-control": "public, max-age=3600"}
        return JSONResponse(found or {"level": None}, headers=headers)

    # -- puzzle pages ----------------------------------------------------------------------

    async def bundled(self, request: Request) -> Response:
        key = f"{request.path_params['kind']}/{request.path_params['name']}"
        entry = work.find_entry(key)
        if entry is None or entry.tutorial:
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
        all, explain, hint, steps)."""
        context.setdefault("text", data.decode("utf-8", "replace"))
        context.setdefault("source", source)
        context.setdefault("action", action)
        limits = self.settings.limits
        try:
            if action in work.ACTIONS:
                searched = await self.compute(
                    request, work.search_puzzle, data, source, kind, action, limits, known
                )
                context.update(view=searched.view, searched=searched)
            elif action in work.STEP_ACTIONS:
                walk = work.STEP_ACTIONS[action]
                stepped = await self.compute(
                    request, work.steps_puzzle, data, source, kind, walk, limits, known
                )
                context.update(view=stepped.view, stepped=stepped)
            elif known is not None:
                context.update(view=known)
            else:
                view = await self.compute(request, work.show_puzzle, data, source, kind, limits)
                context.update(view=view)
        except LpsolveError as error:
            return self.page(request, "puzzle.html", 400, error=str(error), **context)
        except InternalError as error:  # the page keeps the visitor's puzzle text
            message = incident_message(incident(error, request))
            return self.page(request, "puzzle.html", 500, error=message, **context)
        if context["view"] is not None:
            context["encoding"] = encoding_text(context["view"].encoding)
        return self.page(request, "puzzle.html", **context)

    async def new(self, request: Request) -> Response:
        grid = request.query_params.get("grid", "")
        rows = _size_param(request.query_params.get("rows"), 6)
        cols = _size_param(request.query_params.get("cols"), rows)
        board = builders()[grid][1] if grid in builders() else None
        if board is not None and board.square:
            cols = rows
        if board is not None and board.even:
            rows, cols = rows + rows % 2, cols + cols % 2
        return self.page(request, "new.html", **_new_page(board, rows, cols))

    async def pasted(self, request: Request) -> Response:
        """A puzzle typed, pasted, uploaded or built on a blank board."""
        form = await read_form(request)
        action = str(form.get("action", ""))
        grid = str(form.get("grid", ""))
        if grid in builders():
            board = builders()[grid][1]
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
                typed = {f"{r}-{c}": v for (r, c), v in cells.items()}
                context = _new_page(board, rows, cols, typed)
                return self.page(request, "new.html", 400, error=str(error), **context)
            ext = board.extension
            data = text.encode()
            source = f"<board>{ext}"
        else:
            ext = str(form.get("format", _default_format()))
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

    # -- the generator -----------------------------------------------------------------------

    async def generator(self, request: Request) -> Response:
        """``lpsolve generate`` from a form (a GET, so that the page's address makes the
        same puzzles again): the order checked as the command checks it, then one
        supervised job under the server's limits."""
        kinds = await run_in_threadpool(work.generator_kinds)
        values = request.query_params
        context: dict[str, Any] = {
            "kinds": kinds,
            "levels": LEVEL_WORDS,
            "max_count": work.MAX_GENERATED,
            # the forms of the kinds that have several (the Hidato family's numbrix)
            "forms": [
                form for kind in kinds.values() if len(kind.forms) > 1 for form in kind.forms
            ],
            "values": {"kind": _first_rated(kinds), "size": "6x6", "count": "1", **values},
        }
        if "kind" not in values:
            return self.page(request, "generate.html", **context)
        try:
            asked = generation_asked(values, kinds)
            what = asked.order()
        except LpsolveError as error:
            return self.page(request, "generate.html", 400, error=str(error), **context)
        context["values"]["seed"] = str(asked.seed)  # the one drawn, if none was given
        context["asked"] = asked
        try:
            context["generation"] = await self.compute(
                request, work.generate_puzzles, asked, what, self.settings.limits
            )
        except LpsolveError as error:  # refused while made (a board with no solution)
            return self.page(request, "generate.html", 400, error=str(error), **context)
        return self.page(request, "generate.html", **context)

    # -- the workbench -----------------------------------------------------------------------

    async def workbench(self, request: Request) -> Response:
        values = await read_form(request) if request.method == "POST" else request.query_params
        kind = str(values.get("kind", work.first_lesson_kind()))
        if kind not in work.catalogue():
            raise HTTPException(400, f"unknown kind {kind!r}")
        steps = work.tutorial_steps(kind)
        puzzles = work.tutorial_entries(kind) + work.catalogue()[kind]
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
            "kinds": list(work.catalogue()),
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
                    request, work.run_program, program, chosen, models, limits
                )
            elif action == "grade":
                entries = [chosen] if scope == "puzzle" else []
                context["graded"] = await self.compute(
                    request, work.grade_program, program, kind, entries, limits
                )
        except LpsolveError as error:
            if isinstance(error, PuzzleError) and error.source == work.PROGRAM_NAME:
                context.update(error_line=error.line, error_col=error.col)
            return self.page(request, "workbench.html", 400, error=str(error), **context)
        return self.page(request, "workbench.html", **context)


# -- helpers ---------------------------------------------------------------------------------


async def read_form(request: Request) -> FormData:
    try:
        return await request.form()
    except Exception as error:  # a malformed body (python-multipart's own errors)
        raise HTTPException(400, f"malformed form: {error}") from None


def _first_rated(kinds: Mapping[str, work.GeneratorKind]) -> str:
    """The kind the generator form starts with: the first with levels, else the first."""
    return next((name for name, kind in kinds.items() if kind.levels), next(iter(kinds), ""))


def generation_asked(values: Mapping[str, str], kinds: Mapping[str, work.GeneratorKind]) -> Asked:
    """The generator form as the command's arguments; a :class:`UsageError` in one
    line for a kind the page does not offer, a count out of 1 to
    :data:`work.MAX_GENERATED` or a seed that is not a whole number (the rest is
    checked by the command's own :meth:`Asked.order`). No seed: one is drawn."""
    kind = values.get("kind", "")
    if kind not in kinds:
        raise UsageError(f"kind {kind!r}: the generator makes {', '.join(kinds)}")
    most = work.MAX_GENERATED
    count = values.get("count", "1").strip()
    if not count.isdigit() or not 1 <= int(count) <= most:
        raise UsageError(f"count {count!r}: from 1 to {most} puzzles a request here")
    seed = values.get("seed", "").strip()
    if not seed:
        seed = str(secrets.randbelow(SEEDS_DRAWN))
    elif not re.fullmatch(r"[+-]?[0-9]{1,18}", seed):
        raise UsageError(f"seed {seed!r}: expected a whole number of at most 18 digits")
    level = level_word(values.get("level", "")) or None
    form = values.get("form", "") or None
    minimal = values.get("minimal", "") != ""
    return Asked(kind, values.get("size", ""), level, minimal, form, int(seed), int(count))


def _formats() -> list[str]:
    return sorted(registry().extensions())


def _default_format() -> str:
    """What the new-puzzle page reads pasted text as, unless told: the first kind's
    first format."""
    return next(iter(KINDS.values())).extensions[0]


def _new_page(
    board: BoardForm | None, rows: int, cols: int, cells: dict[str, str] | None = None
) -> dict[str, Any]:
    """The new-puzzle page's context: the blank ``board`` chosen (if any), as typed."""
    return {
        "board": board,
        "rows": rows,
        "cols": cols,
        "sizes": BUILDER_SIZES,
        "builders": list(builders()),
        "formats": _formats(),
        "default_format": _default_format(),
        "cells": cells or {},
    }


def _int_param(text: str | None, default: int, low: int, high: int) -> int:
    try:
        value = int(text or "")
    except ValueError:
        return default
    return min(max(value, low), high)


def _size_param(text: str | None, default: int) -> int:
    return _int_param(text, default, BUILDER_SIZES.start, BUILDER_SIZES.stop - 1)


def kind_page_modules() -> list[Any]:
    """The modules of the pages kinds add (``lpsolve.web.kinds.NAME``, see there)."""
    import importlib

    return [
        importlib.import_module(f"{__package__}.kinds.{kind.name}")
        for kind in KINDS.values()
        if kind.pages
    ]


def _titles(titles: Sequence[str]) -> str:
    """ "a, b and c"."""
    return ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else "".join(titles)


def builders() -> dict[str, tuple[Kind, BoardForm]]:
    """The blank boards the builder offers, by name: each kind's forms."""
    return {
        form.name: (kind, form)
        for kind in registry().kinds()
        if kind.supports(Capability.BOARD)
        for form in kind.board_forms()
    }


def board_text(grid: str, rows: int, cols: int, cells: dict[tuple[int, int], str]) -> str:
    """The text of a board typed into the cells of the blank board ``grid``, in its
    kind's format (:meth:`~lpsolve.puzzle.Kind.board_text`: each cell is checked on its
    own first, so no cell's text can add fields or lines); the parser then checks the
    board as a whole."""
    kind, form = builders()[grid]
    return kind.board_text(form, rows, cols, cells)


def serve(host: str, port: int, settings: Settings, log_level: str = "warning") -> None:
    """Run the playground with uvicorn until Ctrl-C. Every request is logged on stderr
    (uvicorn's access log: the client's address, the request line, the status);
    ``log_level`` (``lpsolve --log``) is the level of lpsolve's own messages and of
    uvicorn's others. An internal error is logged at any level, with its reference."""
    import uvicorn

    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_config=log_config(log_level),
        log_level=None,  # as log_config says: uvicorn would set one level for all
        proxy_headers=False,  # a client is its connection's address (see client_of)
        workers=1,
    )


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging set-up, with the access log on at every level and lpsolve's
    own messages (``lpsolve.*``: internal errors, with their references) as the
    command line writes them, all on stderr."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    level = level.upper()
    config["formatters"]["lpsolve"] = {"format": logs.FORMAT}
    config["handlers"]["access"]["stream"] = "ext://sys.stderr"
    config["handlers"]["lpsolve"] = {
        "formatter": "lpsolve",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["uvicorn"]["level"] = level
    config["loggers"]["uvicorn.error"]["level"] = level
    config["loggers"]["uvicorn.access"]["level"] = "INFO"
    config["loggers"]["lpsolve"] = {"handlers": ["lpsolve"], "level": level, "propagate": False}
    return config
