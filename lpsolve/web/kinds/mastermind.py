"""The Mastermind kind's pages of the web playground (``Kind.pages``): the codebreaker's
assistant (you type each guess and its feedback) and games against a secret the server
keeps. Every count, conflict and piece of advice is computed in a supervised job, as
the puzzle pages' searches are (:mod:`lpsolve.web.work`).
"""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...errors import LpsolveError, PuzzleError
from ...jobs import Limits
from ...kinds import mastermind as mm
from ...kinds import parse_bytes
from ...supervised import call
from .. import work
from ..app import read_form
from ..work import Entry

if TYPE_CHECKING:
    from ..app import Pages

#: the kind these pages are for
KIND = "mastermind"
#: the template of its page
PAGE = "kinds/mastermind.html"
#: the link in the playground's menu: (path, text)
NAV = ("/mastermind", "Mastermind")
#: the card on the home page: (heading, text)
CARD = (
    "Mastermind",
    "Play as codebreaker with the count of consistent codes and advice after each guess, "
    "or against a secret the server keeps.",
)
#: consistent codes listed
CODES_SHOWN = 20
#: guesses a game against the server may have
MAX_GUESSES = 100


def routes(pages: Pages) -> list[Route]:
    """The pages' routes, answered with the playground's ``pages`` (templates, job
    gate, games against the server)."""
    own = MastermindPages(pages)
    return [
        Route("/mastermind", own.mastermind),
        Route("/mastermind/assistant", own.assistant, methods=["POST"]),
        Route("/mastermind/codemaker", own.codemaker, methods=["POST"]),
    ]


class MastermindPages:
    """The route handlers, on the playground's shared ``pages``."""

    def __init__(self, pages: Pages) -> None:
        self.pages = pages

    async def mastermind(self, request: Request) -> Response:
        games = work.catalogue()[KIND]
        return self.pages.page(
            request,
            PAGE,
            games=games,
            loaded=games[0].key,
            game_text=_game_text(games[0]),
            example=example_guess(_bundled_game(games[0])),
        )

    async def assistant(self, request: Request) -> Response:
        """You play a codemaker's game: type each guess and its feedback; the page keeps
        the game as a ``.mastermind`` text, and the preset it was loaded from."""
        form = await read_form(request)
        games = work.catalogue()[KIND]
        action = str(form.get("action", "add"))
        preset = work.find_entry(str(form.get("preset", "")))
        preset = preset if preset in games else games[0]
        text = _game_text(preset) if action == "load" else str(form.get("game", ""))
        guess = str(form.get("guess", "")).strip()
        context: dict[str, Any] = {
            "games": games,
            "mode": "assistant",
            "guess": guess,
            "loaded": preset.key,
            # the format of a guess line, until the game read in the job says better
            "example": example_guess(_bundled_game(preset)),
        }
        try:
            if action == "add" and guess:
                text = text.rstrip("\n") + "\n" + guess + "\n"
                guess = ""
            elif action == "undo":
                text = _without_last_guess(text)
            context.update(game_text=text, guess=guess)
            state = await self.pages.compute(
                request, mastermind_state, text, "<game>", True, self.pages.settings.limits
            )
            context.update(state=state, example=state.example)
        except LpsolveError as error:
            if action == "add":  # keep the game as it was, and the guess to correct it
                context.update(game_text=text.rstrip("\n").rsplit("\n", 1)[0] + "\n")
                context["guess"] = str(form.get("guess", "")).strip()
            return self.pages.page(request, PAGE, 400, error=str(error), **context)
        return self.pages.page(request, PAGE, **context)

    async def codemaker(self, request: Request) -> Response:
        """You play against a secret the server keeps: derived from the game's nonce
        with the server's key (:func:`secret_code`), never sent. The page carries
        the guesses; :class:`~lpsolve.web.app.Games` makes sure they are the game's own, so far."""
        form = await read_form(request)
        games = work.catalogue()[KIND]
        entry = work.find_entry(str(form.get("preset", ""))) or games[0]
        if entry.kind != KIND:
            raise HTTPException(400, "not a Mastermind game")
        header = game_header(_bundled_game(entry))
        game = mm.parse(header, "<game>")
        action = str(form.get("action", "start"))
        nonce = str(form.get("nonce", ""))
        if action == "start" or not nonce:
            nonce, sent = self.pages.games.new(), ""
        else:
            sent = str(form.get("guesses", ""))
        guess = str(form.get("guess", "")).strip()
        context: dict[str, Any] = {
            "games": games,
            "mode": "codemaker",
            "preset": entry.key,
            "nonce": nonce,
            "header": header,
            "guesses": sent,
            "guess": guess,
            "example": example_guess(game, feedback=False),
        }
        table = mm.ColourTable(game.colours)
        try:
            serial = self.pages.games.serial(nonce)
            before = [line for line in sent.splitlines() if line.strip()][:MAX_GUESSES]
            codes = [
                table.code(line, game.pegs, "<guesses>", i, 1) for i, line in enumerate(before, 1)
            ]
            before = [game.code_text(code) for code in codes]
            self.pages.games.check(serial, header, before)
            moved = action == "reveal" or (action == "guess" and bool(guess))
            if action == "guess" and guess:
                if len(codes) >= MAX_GUESSES:
                    raise PuzzleError(f"at most {MAX_GUESSES} guesses per game", "<guess>")
                codes.append(table.code(guess, game.pegs, "<guess>", 1, 1))
                context["guess"] = ""
        except LpsolveError as error:
            return self.pages.page(request, PAGE, 400, error=str(error), **context)
        secret = secret_code(self.pages.settings.key, nonce, header, game)
        lines = []
        for code in codes:
            black, white = game.feedback_of(code, secret)
            counts = f"{black}" if white is None else f"{black} {white}"
            lines.append(f"{game.code_text(code)} : {counts}")
        after = [game.code_text(code) for code in codes]
        context["guesses"] = "\n".join(after)
        try:
            state = await self.pages.compute(
                request, mastermind_state, header + "\n".join(lines) + "\n", "<game>",
                action == "hint", self.pages.settings.limits,
            )  # fmt: skip
            context["state"] = state
            if moved:
                ended = state.solved or action == "reveal"
                self.pages.games.advance(serial, header, before, after, ended)
        except LpsolveError as error:
            context["guesses"] = "\n".join(before)
            return self.pages.page(request, PAGE, 400, error=str(error), **context)
        if action == "reveal" or state.solved:
            context.update(secret=game.code_text(secret), over=True)
        return self.pages.page(request, PAGE, **context)


def _game_text(entry: Entry) -> str:
    return entry.path.read_text(encoding="utf-8")


def _bundled_game(entry: Entry) -> mm.MastermindGame:
    """A bundled Mastermind game (trusted: read in this process)."""
    game = parse_bytes(entry.path.read_bytes(), f"instances/{entry.key}")
    assert isinstance(game, mm.MastermindGame)
    return game


def _without_last_guess(text: str) -> str:
    """The game text without its last guess line (the game as it was before it)."""
    game = mm.parse(text, "<game>")
    if not game.guesses or game.guesses[-1].line is None:
        return text
    lines = text.splitlines(keepends=True)
    del lines[game.guesses[-1].line - 1]
    return "".join(lines)


@dataclass
class Consistent:
    """A Mastermind game's state: the board, how many codes fit, the advice."""

    svg: str
    count: int
    complete: bool
    codes: list[str]
    advice: str
    conflict: list[str]
    solved: bool
    guesses: list[str]  # each guess and its feedback in words: "red red blue blue -> 1 black"
    example: str  # a guess line of this game, to show its format: "0123 : 1 2"


def game_header(game: mm.MastermindGame) -> str:
    """The headers of a game without its guesses (``.mastermind``)."""
    lines = [f"pegs: {game.pegs}", f"colours: {' '.join(game.colours)}"]
    if not game.repeats:
        lines.append("repeats: no")
    if game.black_only:
        lines.append(f"feedback: {mm.BLACK_ONLY}")
    return "\n".join(lines) + "\n"


def example_guess(game: mm.MastermindGame, feedback: bool = True) -> str:
    """A guess line in the game's own format (its pegs, colours and feedback), e.g.
    ``red red blue blue : 1 2`` or ``0123 : 1 2``; ``feedback=False``: the code only."""
    if game.repeats:  # Knuth's kind of opening: AABB
        code = [game.colours[(i // 2) % len(game.colours)] for i in range(game.pegs)]
    else:
        code = list(game.colours[: game.pegs])
    if not feedback:
        return game.code_text(code)
    counts = "1" if game.black_only else f"1 {min(2, game.pegs - 1)}"
    return f"{game.code_text(code)} : {counts}"


def _consistent(text: str, source: str, advise: bool) -> Consistent:
    """In the job: parse the game, count the codes that fit, list a few, advise."""
    from ... import codebreaker

    game = mm.parse(text, source)
    solved = bool(game.guesses) and game.guesses[-1].black == game.pegs
    counted = codebreaker.count_codes(game)
    if counted.stopped_by == "interrupt":  # the supervisor's stop: this job answers no more
        raise KeyboardInterrupt
    codes: list[str] = []
    conflict: list[str] = []
    advice = ""
    if counted.count == 0:
        conflict = codebreaker.diagnosis(game)
    elif counted.count <= CODES_SHOWN:
        found = codebreaker.consistent_codes(game)
        codes = [game.code_text([game.colours[k] for k in row]) for row in found]
    if advise and counted.count > 1 and not solved:
        best = codebreaker.suggest(game, keep=1).best("minimax")
        left = f"{best.worst:,} code{'s' * (best.worst != 1)}"
        advice = (
            f"{game.code_text(best.code)} (worst case {left} left; "
            f"{'could be the secret' if best.consistent else 'cannot be the secret'})"
        )
    guesses = [
        f"{game.code_text(g.code)} \u2192 {mm.feedback_words(g.black, g.white)}"
        for g in game.guesses
    ]
    return Consistent(
        game.svg(),
        counted.count,
        counted.complete,
        codes,
        advice,
        conflict,
        solved,
        guesses,
        example_guess(game),
    )


def mastermind_state(text: str, source: str, advise: bool, limits: Limits) -> Consistent:
    """:func:`_consistent` as a supervised job."""
    outcome = call(lambda: _consistent(text, source, advise), limits)
    if outcome.value is None:
        raise LpsolveError(f"{source}: {outcome.stop_message()}")
    return outcome.value


def secret_code(key: bytes, nonce: str, header: str, game: mm.MastermindGame) -> tuple[str, ...]:
    """The hidden secret of a game against the server: drawn by a generator seeded with
    HMAC-SHA256(server key, nonce and game). The page carries only the random nonce;
    without the key (made anew at each start of the server) it tells nothing about the
    secret, and the server keeps no state per game."""
    digest = hmac.new(key, f"{nonce}\n{header}".encode(), hashlib.sha256).digest()
    draw = random.Random(int.from_bytes(digest, "big"))
    if game.repeats:
        return tuple(draw.choice(game.colours) for _ in range(game.pegs))
    return tuple(draw.sample(game.colours, game.pegs))
