"""``lpsolve mastermind``: consistent codes, contradictions, scoring, suggestions, play.

Usage (``play`` right after ``mastermind`` is a subcommand with options of its own,
see ``lpsolve.cli.SUBCOMMANDS``; a game file named ``play`` is ``./play``)::

    lpsolve mastermind GAME [--all | --limit N] [--count] [--format text|json] ...
    lpsolve mastermind --pegs 4 --colors red,blue,green --guess red,red,blue,blue:1,2
    lpsolve mastermind --pegs 5 --colors 0,1,2,3,4,5,6,7,8,9 --feedback black --guess 90342:2
    lpsolve mastermind GAME --is-consistent red,blue,green,green
    lpsolve mastermind --score red,red,blue,blue blue,red,green,blue
    lpsolve mastermind GAME --suggest [--by minimax|expected|entropy|parts] [--top N]
    lpsolve mastermind play [GAME] [--codemaker] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .. import api, codebreaker
from ..errors import PuzzleError, UsageError
from ..jobs import writing_output
from ..kinds import mastermind as mm
from ..kinds.mastermind import MastermindGame
from ..kinds.textformat import plural
from ..puzzle import STOP_STATUS, STOPPED, search_status, uniqueness
from ..supervised import MARGIN_SECONDS, call_printing, remaining, report_progress
from .common import (
    SCHEMA_VERSION,
    Activity,
    compact_json,
    job_limits,
    limit_arguments,
    positive_int,
    whole_number,
)

EXIT_OK, EXIT_NO, EXIT_BAD_INPUT, EXIT_STOPPED = 0, 1, 2, 3
CLASSIC_COLOURS = "red,blue,green,yellow,black,white"
DEFAULT_LIMIT = 20


def add_parsers(subparsers: Any) -> None:
    """Add the ``mastermind`` command (its queries) to ``lpsolve``'s subparsers."""
    p = subparsers.add_parser(
        "mastermind",
        help="Mastermind helper: consistent codes, suggestions, interactive play",
        usage="lpsolve mastermind [GAME] [options]\n"
        "       lpsolve mastermind play [GAME] [--codemaker] ... (see its --help)",
        description="Which secret codes fit the guesses so far? GAME is a .mastermind file, "
        "or give --pegs/--colors/--guess. 'lpsolve mastermind play' is an interactive "
        "session with its own options ('lpsolve mastermind play --help'); a game file "
        "named play is written ./play.",
    )
    p.add_argument("game", nargs="?", metavar="GAME", help="the game file")
    _game_arguments(p)
    listing = p.add_mutually_exclusive_group()
    listing.add_argument("--all", action="store_true", help="list every consistent code")
    listing.add_argument(
        "--limit", type=positive_int, metavar="N", help=f"list at most N (default {DEFAULT_LIMIT})"
    )
    p.add_argument("--count", action="store_true", help="only count the consistent codes")
    p.add_argument(
        "--format", choices=["text", "json"], default="text", help="output format (default: text)"
    )
    p.add_argument("--is-consistent", metavar="CODE", help="does this code fit every guess?")
    p.add_argument(
        "--score", nargs=2, metavar=("GUESS", "SECRET"), help="print the feedback of GUESS"
    )
    p.add_argument("--suggest", action="store_true", help="rank candidate next guesses")
    _criterion_argument(p, "--suggest: the criterion the table is sorted by (default: minimax)")
    p.add_argument(
        "--top", type=positive_int, default=10, metavar="N", help="--suggest: rows shown"
    )
    p.add_argument(
        "--seed",
        type=whole_number,
        metavar="S",
        help="random seed of --suggest's samples (default 1)",
    )
    p.add_argument(
        "--backend",
        choices=["clingo", "csp"],
        default="clingo",
        help="search with clingo (ASP) or python-constraint (csp) (default: clingo)",
    )
    limit_arguments(p)
    p.set_defaults(run=run, trailing_files=[])


def add_subcommand(subparsers: Any, name: str) -> None:
    """Add ``mastermind`` with its subcommand ``name`` (``play``) to ``lpsolve``'s
    subparsers: what ``lpsolve mastermind play ...`` is parsed with."""
    assert name == "play"
    container = subparsers.add_parser("mastermind")
    modes = container.add_subparsers(dest="mode", required=True, metavar="play")
    p = modes.add_parser(
        "play",
        prog="lpsolve mastermind play",
        help="interactive Mastermind",
        description="Play Mastermind on the terminal. By default lpsolve assists you: "
        "type each guess and the feedback the codemaker gave, and it shows how many codes "
        "still fit and advises the next guess ('undo', 'list', 'help', 'quit'). With "
        "--codemaker lpsolve keeps a secret and scores your guesses. GAME (a .mastermind "
        "file) or --pegs/--colors set the game; default: the classic 4 pegs of 6 colours.",
    )
    p.add_argument("game", nargs="?", metavar="GAME", help="start from this game file")
    _game_arguments(p)
    p.add_argument(
        "--codemaker", action="store_true", help="lpsolve keeps a secret and scores your guesses"
    )
    p.add_argument(
        "--seed",
        type=whole_number,
        metavar="S",
        help="random seed of the codemaker's secret (default: a new secret every game) "
        "and of the advice's samples (default 1)",
    )
    _criterion_argument(p, "the criterion of the advice (default: minimax)")
    p.set_defaults(run=run_play, trailing_files=[], command_parser=p)


def _game_arguments(p: argparse.ArgumentParser) -> None:
    """--pegs, --colors, --guess, --no-repeats, --feedback: a game without a file (or
    guesses added to one)."""
    quick = p.add_argument_group("a game without a file")
    quick.add_argument("--pegs", type=positive_int, metavar="P", help="pegs per code")
    quick.add_argument(
        "--colors",
        "--colours",
        dest="colors",
        metavar="LIST",
        help="colour names, comma-separated (digits work: 0,1,2,3,4,5,6,7,8,9)",
    )
    quick.add_argument(
        "--guess",
        action="append",
        default=[],
        metavar="CODE:B,W",
        help="a guess and its black,white feedback, e.g. red,red,blue,blue:1,2, or CODE:B "
        "with --feedback black (repeatable)",
    )
    quick.add_argument(
        "--no-repeats", action="store_true", help="the secret uses each colour at most once"
    )
    quick.add_argument(
        "--feedback",
        choices=mm.FEEDBACK_KINDS,
        help="black-white (default) or black: each guess gives only its black count",
    )


def _criterion_argument(p: argparse.ArgumentParser, meaning: str) -> None:
    p.add_argument("--by", choices=list(codebreaker.CRITERIA), default="minimax", help=meaning)


def _time(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def query_name(args: argparse.Namespace) -> str:
    """What a ``mastermind`` command asks, as its JSON ``query`` names it."""
    if args.score is not None:
        return "score"
    if args.is_consistent is not None:
        return "is_consistent"
    if args.suggest:
        return "suggest"
    return "count" if args.count else "codes"


def envelope(
    args: argparse.Namespace,
    *,
    status: str,
    stopped_by: str | None,
    seconds: float,
    complete: bool | None = None,
    count: int | None = None,
    solutions: list[list[str]] | None = None,
) -> dict[str, Any]:
    """The JSON answer's common part (``lpsolve schema``): a search answer when
    ``count`` is given (codes, count, suggest), else a verdict (score, is_consistent)."""
    data: dict[str, Any] = {"schema": SCHEMA_VERSION, "kind": "mastermind"}
    if args.game is not None:
        data["source"] = args.game
    data["query"] = query_name(args)
    if count is not None:
        data["backend"] = args.backend
    data.update(status=status, stopped_by=stopped_by)
    if count is not None:
        unique = uniqueness(count, bool(complete))
        data.update(complete=complete, unique=unique, count=count, solutions=solutions or [])
    data["seconds"] = round(seconds, 6)
    return data


# -- building the game ---------------------------------------------------------------


def quick_game(args: argparse.Namespace, base: MastermindGame | None = None) -> MastermindGame:
    """The game from GAME and/or --pegs/--colors/--guess."""
    if base is None:
        if args.pegs is None or args.colors is None:
            if args.guess:
                raise UsageError("--guess needs a GAME file or --pegs and --colors")
            raise UsageError("give a GAME file, or --pegs and --colors (see --help)")
        if args.pegs < 1:
            raise PuzzleError("expected a positive number of pegs", "--pegs")
        colours = mm.parse_colour_names(args.colors, "--colors", None, 1)
        problem = mm.check_colour_supply(args.pegs, colours, not args.no_repeats)
        if problem:
            raise PuzzleError(problem, "--no-repeats")
        feedback = args.feedback or mm.CLASSIC
        repeats = not args.no_repeats
        base = MastermindGame(args.pegs, colours, (), repeats, "<command line>", feedback)
    elif (
        args.pegs is not None
        or args.colors is not None
        or args.no_repeats
        or args.feedback is not None
    ):
        raise UsageError(
            "--pegs, --colors, --no-repeats and --feedback describe a game without a file"
        )
    table = mm.ColourTable(base.colours)
    game = base
    for text in args.guess:
        guess = mm.parse_guess(text, table, base.pegs, f"--guess {text}", None, 1, base.black_only)
        game = game.with_guess(guess)
    return game


def read_code(game: MastermindGame, text: str, source: str) -> tuple[str, ...]:
    return mm.ColourTable(game.colours).code(text, game.pegs, source, None, 1)


# -- the command ---------------------------------------------------------------------


def _sample_seed(args: argparse.Namespace) -> int:
    """--suggest samples with a fixed seed unless told: the same advice every time."""
    return 1 if args.seed is None else args.seed


def _place_trailing(args: argparse.Namespace) -> None:
    """A GAME after the options (``mastermind play --codemaker GAME``, ``mastermind
    --count GAME``): argparse leaves it unparsed; it takes the free place."""
    for word in args.trailing_files:
        if args.game is None:
            args.game = word
        else:
            raise UsageError(f"unexpected argument {word!r}: one GAME at most")


def run_play(args: argparse.Namespace) -> int:
    """``lpsolve mastermind play``: in this process (it reads the terminal)."""
    _place_trailing(args)
    base = api.load(args.game, "mastermind") if args.game else None
    if base is None and args.pegs is None and args.colors is None:
        args.pegs, args.colors = 4, CLASSIC_COLOURS
    game = quick_game(args, base)
    assert isinstance(game, MastermindGame)
    play = play_codemaker if args.codemaker else play_assistant
    return play(game, args, input_line=line_editor(game), out=sys.stdout)


def run(args: argparse.Namespace) -> int:
    _place_trailing(args)
    # A query runs (and prints, through this process) in a supervised child; if the
    # supervisor has to stop it (e.g. while grounding), say so here.
    what = {"suggest": "scoring candidate guesses", "is_consistent": "checking the code"}
    doing = what.get(query_name(args), "searching the consistent codes")
    with Activity(f"mastermind: {doing}", args.started) as activity:

        def scored(progress: tuple[int, int]) -> None:
            activity.say(f"{progress[0]:,} of {progress[1]:,}")

        outcome = call_printing(
            lambda: _query(args),
            job_limits(args),
            start=args.started,
            on_wait=activity.tick,
            on_progress=scored,
        )
    if outcome.value is not None:
        return outcome.value
    if args.format == "json":
        stop = outcome.stopped_by or "interrupt"
        print(
            compact_json(
                envelope(
                    args,
                    status=STOP_STATUS[stop].value,
                    stopped_by=stop,
                    complete=False,
                    count=0,
                    seconds=outcome.seconds,
                )
            )
        )
    print(f"mastermind: {outcome.stop_message()}", file=sys.stderr)
    return EXIT_STOPPED


def _query(args: argparse.Namespace) -> int:
    """Everything but ``play``: what ``run`` runs under the job's limits."""
    if args.score is not None and args.game is None and args.pegs is None:
        return run_score_alone(args)
    base = api.load(args.game, "mastermind") if args.game else None
    game = quick_game(args, base)
    assert isinstance(game, MastermindGame)
    if args.score is not None:
        guess, secret = (read_code(game, text, "--score") for text in args.score)
        print_score(args, guess, secret, game.feedback_of(guess, secret))
        return EXIT_OK
    if args.is_consistent is not None:
        return run_is_consistent(game, args)
    if args.suggest:
        return run_suggest(game, args)
    return run_list(game, args)


def feedback_text(feedback: tuple[int, int | None]) -> str:
    return mm.feedback_words(*feedback)


def run_score_alone(args: argparse.Namespace) -> int:
    """--score without a game: any words are colours; the codes must be equally long."""
    guess, secret = (tuple(text.replace(",", " ").split()) for text in args.score)
    if not guess or len(guess) != len(secret):
        raise PuzzleError(
            f"the guess has {len(guess)} pegs and the secret {len(secret)}; they must match",
            "--score",
        )
    black, white = mm.score(guess, secret)
    print_score(args, guess, secret, (black, None if args.feedback == mm.BLACK_ONLY else white))
    return EXIT_OK


def print_score(
    args: argparse.Namespace,
    guess: tuple[str, ...],
    secret: tuple[str, ...],
    feedback: tuple[int, int | None],
) -> None:
    if args.format != "json":
        print(feedback_text(feedback))
        return
    data = envelope(args, status="scored", stopped_by=None, seconds=time.monotonic() - args.started)
    black, white = feedback
    data.update(guess=list(guess), secret=list(secret), black=black, white=white)
    print(compact_json(data))


def run_is_consistent(game: MastermindGame, args: argparse.Namespace) -> int:
    code = read_code(game, args.is_consistent, "--is-consistent")
    shown = game.code_text(code)
    repeats = not game.repeats and len(set(code)) < len(code)
    ruled_out = [] if repeats else codebreaker.rule_outs(game, code)
    if args.format == "json":
        verdict = "ruled out" if repeats or ruled_out else "consistent"
        data = envelope(
            args, status=verdict, stopped_by=None, seconds=time.monotonic() - args.started
        )
        data.update(code=list(code), forbidden_repeat=repeats)
        data["ruled_out_by"] = [
            {
                "guess": index + 1,
                "line": game.guesses[index].line,
                "code": list(game.guesses[index].code),
                "scored": list(game.guesses[index].feedback),
                "would_score": list(got),
            }
            for index, got in ruled_out
        ]
        print(compact_json(data))
        return EXIT_NO if verdict == "ruled out" else EXIT_OK
    if repeats:
        print(f"no: {shown} repeats a colour, which this game forbids")
        return EXIT_NO
    if not ruled_out:
        print(f"yes: {shown} fits all {plural(len(game.guesses), 'guess')}")
        return EXIT_OK
    print(f"no: {shown} is ruled out by {plural(len(ruled_out), 'guess')}")
    for index, got in ruled_out:
        guess = game.guesses[index]
        where = f" (line {guess.line})" if guess.line is not None else ""
        print(
            f"  guess {index + 1}{where}: {game.code_text(guess.code)} was scored "
            f"{feedback_text(guess.feedback)}; against {shown} it would score "
            f"{feedback_text(got)}"
        )
    return EXIT_NO


def conflict_lines(game: MastermindGame) -> list[str]:
    found = codebreaker.conflicting_guesses(game)
    if not found:
        return ["  no code satisfies the game's rules at all"]
    head = (
        f"  these {len(found)} guesses cannot all be scored as recorded "
        "(a minimal set: without any one of them the others fit):"
        if len(found) > 1
        else "  this guess alone cannot be scored as recorded:"
    )
    return [head] + [f"    {mm.describe_guess(game, i)}" for i in found]


def run_list(game: MastermindGame, args: argparse.Namespace) -> int:
    """The consistent codes: counted, and listed unless ``--count``. A stop (timeout,
    Ctrl-C) keeps what was found: the count so far ("at least N") and the codes listed."""
    start = time.perf_counter()
    deadline = None if args.timeout is None else args.started + args.timeout

    def left() -> float | None:  # the searches share the command's --timeout
        return remaining(deadline)

    def named(stop: str | None) -> str | None:
        """The supervisor asks a job to stop the same way at the deadline and on Ctrl-C:
        a stop at the deadline is the timeout's."""
        late = deadline is not None and time.monotonic() >= deadline - MARGIN_SECONDS
        return "timeout" if stop == "interrupt" and late else stop

    count, complete, stopped = 0, False, None
    codes: list[tuple[str, ...]] = []
    listing_stopped: str | None = None  # why the listing (after an exact count) stopped
    try:
        if args.backend == "csp" or (args.count and args.limit is not None):
            # The csp backend (or counting up to a limit): count by enumerating.
            limit = args.limit if args.count else None if args.all else args.limit or DEFAULT_LIMIT
            result = api.solve(game, limit, timeout=left(), backend=args.backend)
            codes = [] if args.count else [s.colours for s in result.solutions]
            count, complete, stopped = result.count, result.complete, result.stopped_by
            if not args.count and stopped == "limit":  # the first N listed: count them all
                counted = api.count(game, timeout=left(), backend=args.backend)
                count, complete, stopped = counted.count, counted.complete, counted.stopped_by
        else:
            counted = codebreaker.count_codes(game, timeout=left())
            count, complete, stopped = counted.count, counted.complete, counted.stopped_by
            if not args.count and count and stopped is None:
                limit = None if args.all else args.limit or DEFAULT_LIMIT
                listed = api.solve(game, limit, timeout=left())
                codes = [s.colours for s in listed.solutions]
                listing_stopped = listed.stopped_by if listed.stopped else None
        # The search is over: what it found is printed whole, past the deadline (and
        # after a Ctrl-C, whose stop the search has honoured).
        writing_output()
    except KeyboardInterrupt:  # stopped in a grounding, where no search could see it
        writing_output()
        if complete and stopped is None:  # counted in full: the listing was stopped
            listing_stopped = "interrupt"
        else:
            complete, stopped = False, "interrupt"
    stopped, listing_stopped = named(stopped), named(listing_stopped)
    codes.sort(key=lambda code: [game.colours.index(c) for c in code])
    seconds = time.perf_counter() - start
    counted_in_full = complete
    conflict = count == 0 and counted_in_full
    # an unfinished listing is an unfinished answer, though the count is exact
    complete = counted_in_full and listing_stopped is None
    stop = listing_stopped or stopped
    stop = stop if stop in STOPPED else None
    if args.format == "json":
        data = envelope(
            args,
            status=search_status(count, stop).value,
            stopped_by=stop,
            complete=complete,
            count=count,
            solutions=[list(code) for code in codes],
            seconds=seconds,
        )
        if conflict:
            data["conflicting_guesses"] = [i + 1 for i in codebreaker.conflicting_guesses(game)]
        sys.stdout.write(compact_json(data) + "\n")
    else:
        head = _listing_lines(game, count, counted_in_full, stopped, listing_stopped, seconds)
        sys.stdout.write("\n".join(head) + "\n")
        if codes:
            more = len(codes) < count
            if more and listing_stopped:
                sys.stdout.write(
                    f"listing stopped by {listing_stopped}: the {len(codes):,} found "
                    "before, in colour order:\n"
                )
            elif more:
                sys.stdout.write(
                    f"the first {len(codes)} found, in colour order "
                    "(--all lists every one, --limit N):\n"
                )
            sys.stdout.write(format_codes(codes, game.compact) + "\n")
    if stop is not None:
        return EXIT_STOPPED
    return EXIT_OK if count else EXIT_NO


def _listing_lines(
    game: MastermindGame,
    count: int,
    counted_in_full: bool,
    stopped: str | None,
    listing_stopped: str | None,
    seconds: float,
) -> list[str]:
    """The head of a listing: how many codes fit, and whether that is all of them
    (``stopped``: why the count stopped; ``listing_stopped``: why the listing did)."""
    if count == 0 and counted_in_full:
        return [
            f"no consistent code: the feedback contradicts itself (search complete) "
            f"({_time(seconds)})",
            *conflict_lines(game),
        ]
    if not counted_in_full:
        how = f"stopped by {stopped}, at least"
    else:
        how = "counted in full" if listing_stopped else "search complete"
    return [f"{plural(count, 'consistent code')} ({how}) ({_time(seconds)})"]


def format_codes(codes: list[tuple[str, ...]], compact: bool = False) -> str:
    """Codes in aligned columns; ``compact`` (one-character colours): as ``39542``."""
    if compact:
        return "\n".join("".join(code) for code in codes)
    widths = [max(len(code[p]) for code in codes) for p in range(len(codes[0]))]
    return "\n".join(
        " ".join(c.ljust(w) for c, w in zip(code, widths, strict=True)).rstrip() for code in codes
    )


def suggestion_text(game: MastermindGame, found: codebreaker.Suggestions, by: str, top: int) -> str:
    lines = [
        f"{plural(found.remaining, 'consistent code')}; candidates: {found.how_chosen()} "
        f"({_time(found.seconds)})"
    ]
    for name, meaning in codebreaker.CRITERIA.items():
        best = found.best(name)
        lines.append(f"{name:<8} {game.code_text(best.code)}  [{_measure(best, name)}; {meaning}]")
    ranked = found.ranked[by][:top]
    header = ("guess", "worst", "expected", "entropy", "parts", "consistent")
    rows = [
        (
            game.code_text(c.code),
            str(c.worst),
            f"{c.expected:.1f}",
            f"{c.entropy:.3f}",
            str(c.parts),
            "yes" if c.consistent else "no",
        )
        for c in ranked
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines.append(f"top {len(rows)} by {by}:")
    for row in [header, *rows]:
        numbers = [v.rjust(w) for v, w in zip(row[1:], widths[1:], strict=True)]
        cells = [row[0].ljust(widths[0]), *numbers]
        lines.append("  " + "  ".join(cells))
    return "\n".join(lines)


def _measure(c: codebreaker.Candidate, name: str) -> str:
    return {
        "minimax": f"worst case {plural(c.worst, 'code')}",
        "expected": f"{c.expected:,.1f} codes expected",
        "entropy": f"{c.entropy:.3f} bits",
        "parts": f"{c.parts} feedbacks",
    }[name]


def run_suggest(game: MastermindGame, args: argparse.Namespace) -> int:
    try:  # not counted first: suggest lists the codes anyway (a count cost 10-30 ms)
        found = codebreaker.suggest(
            game,
            seed=_sample_seed(args),
            keep=max(args.top, 1),
            on_progress=lambda done, of: report_progress((done, of)),
        )
    except codebreaker.NoConsistentCode:
        if args.format == "json":
            data = envelope(
                args,
                status="no solution",
                stopped_by=None,
                complete=True,
                count=0,
                seconds=time.monotonic() - args.started,
            )
            data["conflicting_guesses"] = [i + 1 for i in codebreaker.conflicting_guesses(game)]
            print(compact_json(data))
            return EXIT_NO
        print("no consistent code: the feedback contradicts itself; nothing to suggest")
        print("\n".join(conflict_lines(game)))
        return EXIT_NO
    if args.format == "json":
        data = envelope(
            args,
            status="solved",
            stopped_by=None,
            complete=True,
            count=found.remaining,
            seconds=time.monotonic() - args.started,
        )
        data["suggestions"] = {
            "how_chosen": found.how_chosen(),
            "scored": found.scored,
            "best": {name: _candidate_json(found.best(name)) for name in codebreaker.CRITERIA},
            "ranked_by": args.by,
            "ranked": [_candidate_json(c) for c in found.ranked[args.by][: args.top]],
        }
        print(compact_json(data))
    else:
        print(suggestion_text(game, found, args.by, args.top))
    return EXIT_OK


def _candidate_json(c: codebreaker.Candidate) -> dict[str, Any]:
    return {
        "code": list(c.code),
        "worst": c.worst,
        "expected": round(c.expected, 6),
        "entropy": round(c.entropy, 6),
        "parts": c.parts,
        "consistent": c.consistent,
    }


# -- interactive play ------------------------------------------------------------------


def _input(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


PLAY_COMMANDS = ("help", "undo", "list", "quit")


def completer(words: Sequence[str]) -> Callable[[str, int], str | None]:
    """readline's completion function over ``words``: the ``state``-th word starting
    with ``text`` and a space (Python's readline adds none), None after the last."""

    def complete(text: str, state: int) -> str | None:
        matches = [f"{word} " for word in words if word.startswith(text)]
        return matches[state] if state < len(matches) else None

    return complete


def line_editor(game: MastermindGame) -> Callable[[str], str | None]:
    """How ``play`` reads a line: on a terminal with readline's editing, history (this
    session's: up arrow) and Tab completion of the game's colours and the commands."""
    if sys.stdin.isatty():
        try:
            import readline  # input() edits lines once it is imported
        except ImportError:  # a Python built without it: plain input
            return _input
        readline.set_completer(completer([*game.colours, *PLAY_COMMANDS]))
        readline.set_completer_delims(" ,:\t")
        libedit = "libedit" in (readline.__doc__ or "")  # macOS's readline
        readline.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")
    return _input


def play_help(game: MastermindGame) -> str:
    """How to type a guess, with an example in the game's own colours."""
    colours = game.colours
    example = game.code_text([colours[(p // 2) % len(colours)] for p in range(game.pegs)])
    counts = "1" if game.black_only else "1 2"
    what = "its black count" if game.black_only else "its feedback"
    return (
        f"type a guess and {what}, e.g. '{example} : {counts}'; "
        "'undo' drops the last guess, 'list' shows the consistent codes, 'quit' ends"
    )


def _game_line(game: MastermindGame) -> str:
    repeats = "" if game.repeats else ", no repeated colours"
    feedback = ", black feedback only" if game.black_only else ""
    return f"{game.pegs} pegs, colours {' '.join(game.colours)}{repeats}{feedback}"


def play_assistant(
    game: MastermindGame,
    args: argparse.Namespace,
    *,
    input_line: Callable[[str], str | None],
    out: TextIO,
) -> int:
    """You play a codemaker's game; lpsolve keeps track and advises the next guess."""
    table = mm.ColourTable(game.colours)
    history = [game]
    out.write(f"Mastermind assistant: {_game_line(game)}.\n{play_help(game)}\n")
    _advise(history[-1], args, out)
    while True:
        line = input_line(f"guess {len(history[-1].guesses) + 1}> ")
        if line is None or line.strip().lower() in ("quit", "exit", "q"):
            out.write("\nbye\n" if line is None else "bye\n")
            return EXIT_OK
        command = line.strip().lower()
        if not command:
            continue
        if command == "help":
            out.write(play_help(game) + "\n")
            continue
        if command == "undo":
            if len(history) > 1:
                history.pop()
            _advise(history[-1], args, out)
            continue
        if command == "list":
            listed = api.solve(history[-1], DEFAULT_LIMIT)
            codes = sorted(s.colours for s in listed.solutions)
            out.write((format_codes(codes, game.compact) if codes else "(none)") + "\n")
            continue
        try:
            guess = mm.parse_guess(line, table, game.pegs, "input", None, 1, game.black_only)
        except PuzzleError as error:
            out.write(f"error: {error.message} (col {error.col}); try again\n")
            continue
        history.append(history[-1].with_guess(guess))
        if guess.black == game.pegs:
            out.write(f"solved in {plural(len(history[-1].guesses), 'guess')}\n")
            return EXIT_OK
        _advise(history[-1], args, out)


def _advise(game: MastermindGame, args: argparse.Namespace, out: TextIO) -> None:
    count = codebreaker.count_codes(game)
    if count.count == 0:
        out.write("no consistent code: the feedback contradicts itself\n")
        out.write("\n".join(conflict_lines(game)) + "\n'undo' drops the last guess\n")
        return
    out.write(f"{plural(count.count, 'consistent code')}\n")
    if count.count == 1:
        (code,) = api.solve(game, 1).solutions
        out.write(f"the secret must be: {game.code_text(code.colours)}\n")
        return
    found = codebreaker.suggest(game, seed=_sample_seed(args), keep=1)
    best = found.best(args.by)
    out.write(f"advice ({args.by}): {game.code_text(best.code)}  [{_measure(best, args.by)}]\n")


def play_codemaker(
    game: MastermindGame,
    args: argparse.Namespace,
    *,
    input_line: Callable[[str], str | None],
    out: TextIO,
) -> int:
    """lpsolve picks a secret (consistent with the game's guesses) and scores yours."""
    codes = codebreaker.consistent_codes(game)
    if len(codes) == 0:
        raise UsageError("no code fits the game's guesses, so there is no secret to keep")
    row = codes[random.Random(args.seed).randrange(len(codes))]  # no --seed: a new one
    secret = tuple(game.colours[k] for k in row)
    table = mm.ColourTable(game.colours)
    answer = "the black count alone" if game.black_only else "black and white counts"
    out.write(
        f"Mastermind codemaker: I have a secret of {game.pegs} pegs from "
        f"{' '.join(game.colours)}; I answer with {answer}. Type your guess ('quit' ends).\n"
    )
    tries = 0
    while True:
        line = input_line(f"guess {tries + 1}> ")
        if line is None or line.strip().lower() in ("quit", "exit", "q"):
            out.write(f"{'' if line else chr(10)}the secret was: {game.code_text(secret)}\n")
            return EXIT_OK
        if not line.strip():
            continue
        try:
            guess = table.code(line, game.pegs, "input", None, 1)
        except PuzzleError as error:
            out.write(f"error: {error.message} (col {error.col}); try again\n")
            continue
        tries += 1
        black, white = game.feedback_of(guess, secret)
        out.write(feedback_text((black, white)) + "\n")
        if black == game.pegs:
            out.write(f"solved in {plural(tries, 'guess')}\n")
            return EXIT_OK
