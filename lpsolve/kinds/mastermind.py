"""Mastermind: which secret codes are consistent with the guesses played so far?

A game (``.mastermind``) names the number of pegs, the colours and whether a code
may repeat a colour, then lists the guesses with their feedback. A "solution" is a
secret code that would have given every guess its recorded feedback. Format::

    # comments start with '#'
    pegs: 4
    colours: red blue green yellow black white    (or "colors:"; commas also work)
    repeats: yes                                   (optional: yes, the default, or no)
    feedback: black-white                          (optional: the default, or black)
    red red blue blue : 1 0                        (a guess, ':', black and white)

With ``feedback: black`` each guess gives only its black count (``CODE : B``), as in
Project Euler's "Number Mind". Colour names in files are plain words (a letter, then
letters, digits, ``_`` or ``-``) or single characters other than ``:``, ``,`` and
``#`` (so digits work: ``colours: 0 1 2 3 4 5 6 7 8 9``); they are matched
case-insensitively. When every name is one character a code may be written without
spaces (``39542 : 2``). Whatever the names, they reach clingo only as string symbols,
never as program text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, NamedTuple

import clingo

from .. import limits
from ..errors import PuzzleError
from ..puzzle import Clue, Puzzle
from . import textformat

if TYPE_CHECKING:
    from ..cspmodel import CspModel

EXTENSIONS = (".mastermind",)
HEADERS = ("pegs", "colours", "colors", "repeats", "feedback")
_HEADER_LIST = "pegs, colours, repeats or feedback"
#: the kinds of feedback a game may give, for ``feedback:``
CLASSIC, BLACK_ONLY = "black-white", "black"
FEEDBACK_KINDS = (CLASSIC, BLACK_ONLY)
#: characters that separate things on a line, so never a one-character colour name
SEPARATORS = frozenset(":,#")
PLAIN_WORD = re.compile(r"[^\W\d_][\w-]*")
_YES = {"yes", "true", "allowed", "on"}
_NO = {"no", "false", "forbidden", "off", "not allowed"}
_ITEM = re.compile(r"[^\s,]+")


def score(guess: Sequence[str], secret: Sequence[str]) -> tuple[int, int]:
    """Feedback of ``guess`` against ``secret``: (black, white).

    Black: positions where both agree. White: the colour matches in the wrong place,
    i.e. the sum over colours of min(count in secret, count in guess), minus black.
    """
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    in_secret = Counter(secret)
    common = sum(min(n, in_secret[colour]) for colour, n in Counter(guess).items())
    return black, common - black


def feedback_words(black: int, white: int | None) -> str:
    """``2 black, 1 white``, or ``2 black`` when there is no white count."""
    return f"{black} black" if white is None else f"{black} black, {white} white"


class Guess:
    """A guess and its feedback. Where it was read (``line``, for messages) is not part
    of its value: guesses compare and hash by code and feedback."""

    __slots__ = ("black", "code", "line", "white")

    def __init__(
        self, code: tuple[str, ...], black: int, white: int | None = None, line: int | None = None
    ) -> None:
        self.code = code
        self.black = black
        # None in a black-only game: no white count was given, and None (unlike 0) cannot
        # pass for "no colour in the wrong place" in a check that forgets the game's kind.
        self.white = white
        self.line = line

    def _value(self) -> tuple[tuple[str, ...], int, int | None]:
        return self.code, self.black, self.white

    def __eq__(self, other: object) -> bool:
        return self._value() == other._value() if isinstance(other, Guess) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._value())

    def __repr__(self) -> str:
        return f"Guess({self.code!r}, {self.black!r}, {self.white!r})"

    @property
    def feedback(self) -> tuple[int, int | None]:
        return self.black, self.white

    def text(self) -> str:
        return f"{' '.join(self.code)} -> {feedback_words(self.black, self.white)}"


class Code(NamedTuple):
    """A secret code: one colour name per peg."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.colours)


class MastermindGame(Puzzle):
    """A game in progress. Built by :func:`parse` or directly (then names may be any
    strings: they still reach clingo only as string symbols)."""

    FIELDS = ("pegs", "colours", "guesses", "repeats", "source", "feedback")

    def __init__(
        self,
        pegs: int,
        colours: tuple[str, ...],
        guesses: tuple[Guess, ...] = (),
        repeats: bool = True,
        source: str = "<input>",
        feedback: str = CLASSIC,  # or BLACK_ONLY: every guess then has white None
    ) -> None:
        self.pegs = pegs
        self.colours = colours
        self.guesses = guesses
        self.repeats = repeats
        self.source = source
        self.feedback = feedback
        self._check()

    kind = "mastermind"
    csp_handles_up_to = 8
    csp_unit = "pegs"
    encoding = "mastermind.lp"

    def _check(self) -> None:
        if self.pegs < 1:
            raise PuzzleError("a code needs at least one peg", self.source)
        limits.check_count(self.pegs, limits.MAX_PEGS, "pegs", self.source)
        if len(set(self.colours)) != len(self.colours) or not self.colours:
            raise PuzzleError("the colours must be distinct and at least one", self.source)
        limits.check_count(len(self.colours), limits.MAX_COLOURS, "colours", self.source)
        limits.check_count(len(self.guesses), limits.MAX_GUESSES, "guesses", self.source)
        if self.feedback not in FEEDBACK_KINDS:
            raise PuzzleError(
                f"feedback {self.feedback!r}: expected {' or '.join(FEEDBACK_KINDS)}", self.source
            )
        known = set(self.colours)
        for number, guess in enumerate(self.guesses, 1):
            where = f"guess {number}"
            if len(guess.code) != self.pegs or not known.issuperset(guess.code):
                raise PuzzleError(f"{where} is not {self.pegs} known colours", self.source)
            if (guess.white is None) != self.black_only:
                has = "has no white count" if guess.white is None else "has a white count"
                raise PuzzleError(
                    f"{where} {has}, but this game's feedback is {self.feedback_kind}",
                    self.source,
                    guess.line,
                )
            problem = feedback_problem(guess.black, guess.white, self.pegs)
            if problem:
                raise PuzzleError(f"{where}: {problem}", self.source, guess.line)

    @property
    def black_only(self) -> bool:
        """Each guess gives only its black count (``feedback: black``)."""
        return self.feedback == BLACK_ONLY

    @property
    def feedback_kind(self) -> str:
        return "black only" if self.black_only else "black and white"

    @property
    def compact(self) -> bool:
        """Every colour name is one character: codes are written without spaces."""
        return all(len(colour) == 1 for colour in self.colours)

    def code_text(self, code: Sequence[str]) -> str:
        """A code as text: ``39542`` for one-character colours, else ``red red blue``."""
        return ("" if self.compact else " ").join(code)

    def guess_text(self, guess: Guess) -> str:
        return f"{self.code_text(guess.code)} -> {feedback_words(guess.black, guess.white)}"

    def feedback_of(self, guess: Sequence[str], secret: Sequence[str]) -> tuple[int, int | None]:
        """What this game's codemaker answers: (black, white), or (black, None)."""
        black, white = score(guess, secret)
        return (black, None) if self.black_only else (black, white)

    @property
    def code_space(self) -> int:
        """How many codes there are before any guess."""
        k, p = len(self.colours), self.pegs
        if self.repeats:
            return k**p
        total = 1
        for i in range(p):
            total *= k - i
        return max(total, 0)

    def spare_colours(self) -> list[str]:
        """Colours that appear in no guess, in declared order: interchangeable ones."""
        used = {colour for guess in self.guesses for colour in guess.code}
        return [colour for colour in self.colours if colour not in used]

    def with_guess(self, guess: Guess) -> MastermindGame:
        return self.replace(guesses=(*self.guesses, guess))

    def without_guesses(self, keep: Sequence[int]) -> MastermindGame:
        """The game with only the guesses at these (0-based) indices."""
        return self.replace(guesses=tuple(self.guesses[i] for i in keep))

    def facts(self) -> list[clingo.Symbol]:
        num, fun, name = clingo.Number, clingo.Function, clingo.String
        facts = [fun("peg", [num(p)]) for p in range(self.pegs)]
        facts += [fun("colour", [name(colour)]) for colour in self.colours]
        for g, guess in enumerate(self.guesses, 1):
            facts += [
                fun("guess", [num(g), num(p), name(colour)]) for p, colour in enumerate(guess.code)
            ]
            facts.append(self._feedback_fact(g - 1))
        if not self.repeats:
            facts.append(fun("no_repeats"))
        if self.black_only:
            facts.append(fun("black_only"))
        return facts

    def _feedback_fact(self, index: int) -> clingo.Symbol:
        """``feedback(G, B, W)`` of the guess at ``index`` (0-based), as :meth:`facts`
        states it: the one fact that switches the guess's tests on."""
        guess = self.guesses[index]
        # No white count: the constant `unknown`, which the encoding never adds to
        # anything (black_only switches that test off).
        white = clingo.Function("unknown") if guess.white is None else clingo.Number(guess.white)
        return clingo.Function(
            "feedback", [clingo.Number(index + 1), clingo.Number(guess.black), white]
        )

    def clues(self) -> list[Clue]:
        """The guesses, each stated by its feedback fact: without it the encoding tests
        nothing of that guess, which is the game without it (``--explain``)."""
        return [
            Clue(self._feedback_fact(i), self._clue_text(i), i + 1, place=f"guess {i + 1}")
            for i in range(len(self.guesses))
        ]

    def _clue_text(self, index: int) -> str:
        """A guess as explanations list it, among others: no comma of its own."""
        guess = self.guesses[index]
        where = f" (line {guess.line})" if guess.line is not None else ""
        words = feedback_words(guess.black, guess.white).replace(", ", " and ")
        return f"guess {index + 1}{where} {self.code_text(guess.code)} scored {words}"

    def without_clues(self, clues: Iterable[Clue]) -> MastermindGame:
        dropped = {clue.json for clue in clues}
        return self.without_guesses([i for i in range(len(self.guesses)) if i + 1 not in dropped])

    def symmetry_facts(self) -> list[clingo.Symbol]:
        """``spare(K, I)``: K is the I-th colour in no guess (for counting up to symmetry)."""
        return [
            clingo.Function("spare", [clingo.String(colour), clingo.Number(i)])
            for i, colour in enumerate(self.spare_colours(), 1)
        ]

    def split_atoms(self) -> list[clingo.Symbol]:
        """``code(P,K)``, peg by peg: a part fixes the colours of the first pegs, which
        every guess's feedback then constrains."""
        num, fun, name = clingo.Number, clingo.Function, clingo.String
        return [fun("code", [num(p), name(k)]) for p in range(self.pegs) for k in self.colours]

    def decode(self, atoms: Sequence[clingo.Symbol]) -> Code:
        code = [""] * self.pegs
        for atom in atoms:
            if atom.match("code", 2):
                peg, colour = atom.arguments
                code[peg.number] = colour.string
        return Code(tuple(code))

    def violations(self, solution: Code) -> list[str]:
        code = solution.colours
        if len(code) != self.pegs:
            return [f"the code has {len(code)} pegs, not {self.pegs}"]
        problems = [f"{c!r} is not a colour of this game" for c in code if c not in self.colours]
        if not self.repeats and len(set(code)) != len(code):
            problems.append("the code repeats a colour, which this game forbids")
        if problems:
            return problems
        for number, guess in enumerate(self.guesses, 1):
            got = self.feedback_of(guess.code, code)
            if got != guess.feedback:
                problems.append(
                    f"guess {number} ({self.code_text(guess.code)}) would score "
                    f"{feedback_words(*got)}, not the recorded {feedback_words(*guess.feedback)}"
                )
        return problems

    def render(self, solution: Code | None = None) -> str:
        if solution is not None:
            return self.code_text(solution.colours)
        repeats = "" if self.repeats else ", no repeated colours"
        feedback = ", black feedback only" if self.black_only else ""
        lines = [f"{self.pegs} pegs, colours {' '.join(self.colours)}{repeats}{feedback}"]
        lines += [f"{n}. {self.guess_text(guess)}" for n, guess in enumerate(self.guesses, 1)]
        return "\n".join(lines)

    def svg(
        self,
        solution: Code | None = None,
        conflict: Sequence[Clue] = (),
        *,
        broken: Sequence[str] = (),
    ) -> str:
        """One row per guess with its coloured pegs and black/white feedback pegs, the
        code found (if any) below them. A conflict clue names guess G by its input fact
        (``guess(G, ...)`` or ``feedback(G, ...)``); those rows are highlighted."""
        from .. import draw

        marked = {
            clue.fact.arguments[0].number
            for clue in conflict
            if clue.fact.name in ("guess", "feedback")
            and clue.fact.arguments
            and clue.fact.arguments[0].type == clingo.SymbolType.Number
        }
        # Black-only feedback: the black pegs, the other holes left empty (no whites).
        rows = [
            draw.PegRow(str(g), guess.code, (guess.black, guess.white or 0), g in marked)
            for g, guess in enumerate(self.guesses, 1)
        ]
        if solution is not None:
            rows.append(draw.PegRow("code", solution.colours, role="code"))
        repeats = "" if self.repeats else ", no repeats"
        feedback = ", black feedback only" if self.black_only else ""
        caption = f"{self.pegs} pegs, {len(self.colours)} colours{repeats}{feedback}"
        return draw.peg_board(self.colours, rows, caption)

    def solution_json(self, solution: Code) -> list[str]:
        return list(solution.colours)

    def csp_model(self) -> CspModel:
        """One variable per peg (domain: the colours); one feedback constraint per guess.
        (python-constraint is imported here: only ``--backend csp`` needs it.)"""
        import constraint

        from ..cspmodel import CspModel

        class Feedback(constraint.Constraint):
            """The secret scores (black, white) against this guess; prunes partial codes
            whose blacks or colour matches already overshoot or can no longer be reached.
            With no white count (black-only feedback) only the blacks are tested."""

            def __init__(self, guess: Sequence[str], black: int, white: int | None) -> None:
                self.guess = tuple(guess)
                self.black = black
                self.matches = None if white is None else black + white
                self.need = {c: self.guess.count(c) for c in set(self.guess)}

            def __call__(self, variables, domains, assignments, forwardcheck=False):
                set_pegs = [p for p in variables if p in assignments]
                left = len(variables) - len(set_pegs)
                blacks = sum(assignments[p] == self.guess[p] for p in set_pegs)
                if not blacks <= self.black <= blacks + left:
                    return False
                if self.matches is None:
                    return True
                have: dict[str, int] = {}
                for p in set_pegs:
                    have[assignments[p]] = have.get(assignments[p], 0) + 1
                matches = sum(min(n, have.get(c, 0)) for c, n in self.need.items())
                return matches <= self.matches <= matches + left

        pegs = list(range(self.pegs))
        model = CspModel(decode=lambda assignment: Code(tuple(assignment[p] for p in pegs)))
        for p in pegs:
            model.variable(p, self.colours)
        if not self.repeats:
            model.constrain(constraint.AllDifferentConstraint(), pegs)
        for guess in self.guesses:
            model.constrain(Feedback(guess.code, guess.black, guess.white), pegs)
        return model

    def csp_size(self) -> int:
        return self.pegs  # one variable per peg


def describe_guess(game: MastermindGame, index: int) -> str:
    guess = game.guesses[index]
    where = f", line {guess.line}" if guess.line is not None else ""
    return f"guess {index + 1}{where}: {game.guess_text(guess)}"


def feedback_problem(black: int, white: int | None, pegs: int) -> str | None:
    """Why (black, white) cannot be the feedback of a code with this many pegs, or None;
    ``white`` None: a black count alone."""
    if white is None:
        if black < 0:
            return "feedback counts cannot be negative"
        if black > pegs:
            return f"black = {black} is more than the {pegs} pegs"
        return None
    if black < 0 or white < 0:
        return "feedback counts cannot be negative"
    if black + white > pegs:
        return f"black + white = {black + white} is more than the {pegs} pegs"
    if black == pegs - 1 and white == 1:
        return f"{black} black and 1 white is impossible (the last peg would be black too)"
    return None


# -- parsing ------------------------------------------------------------------------


class ColourTable:
    """The game's colours, looked up case-insensitively, with located errors."""

    def __init__(self, colours: Sequence[str]) -> None:
        self.colours = tuple(colours)
        self._by_key = {colour.casefold(): colour for colour in colours}
        # One-character names: each character of an item is a peg ("39542").
        self.compact = all(len(colour) == 1 for colour in colours)

    def _items(self, text: str, col: int) -> Iterator[tuple[str, str, int]]:
        """(colour text, item it is in, column) for each peg written in ``text``."""
        for match in _ITEM.finditer(text):
            item, at = match.group(), col + match.start()
            if self.compact:
                yield from ((char, item, at + i) for i, char in enumerate(item))
            else:
                yield item, item, at

    def may_be_code(self, word: str, pegs: int) -> bool:
        """Whether ``word`` before a ':' is meant as a code, not a misspelt header: a
        colour name, or with one-character colours, a word as long as a code or written
        in the colours ("ABBA : 2")."""
        if not self.compact:
            return word.casefold() in self._by_key
        return len(word) == pegs or all(char.casefold() in self._by_key for char in word)

    def code(self, text: str, pegs: int, source: str, line: int | None, col: int) -> tuple:
        """Parse colours separated by spaces or commas (one-character colours need no
        separator); ``col`` is where ``text`` starts."""
        # one more than the pegs is enough to see there are too many
        items = list(islice(self._items(text, col), pegs + 1))
        for colour, item, at in items:
            if colour.casefold() not in self._by_key:
                known = ", ".join(self.colours)
                within = f" in {limits.quoted(item)}" if colour != item else ""
                raise PuzzleError(
                    f"unknown colour {limits.quoted(colour)}{within}; the colours are {known}",
                    source,
                    line,
                    at,
                )
        if len(items) != pegs:
            at = items[pegs][2] if len(items) > pegs else col + len(text.rstrip())
            given = f"more than {pegs}" if len(items) > pegs else str(len(items))
            raise PuzzleError(f"{given} colours given, a code has {pegs} pegs", source, line, at)
        return tuple(self._by_key[colour.casefold()] for colour, _, _ in items)


def is_colour_name(name: str) -> bool:
    """A plain word, or one printable character that separates nothing on a line."""
    if len(name) == 1:
        return name.isprintable() and not name.isspace() and name not in SEPARATORS
    return PLAIN_WORD.fullmatch(name) is not None


def parse_colour_names(text: str, source: str, line: int | None, col: int) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    names = []
    for match in _ITEM.finditer(text):
        name, at = match.group(), col + match.start()
        if not is_colour_name(name):
            raise PuzzleError(
                f"colour name {limits.quoted(name)} is not a plain word (a letter, then letters, "
                "digits, '_' or '-') or a single character other than ':', ',' and '#'",
                source,
                line,
                at,
            )
        if len(name) > limits.MAX_NAME_LENGTH:
            raise PuzzleError(
                f"colour name {limits.quoted(name)} is longer than {limits.MAX_NAME_LENGTH} "
                "characters",
                source,
                line,
                at,
            )
        limits.check_count(len(names) + 1, limits.MAX_COLOURS, "colours", source, line, at)
        if name.casefold() in seen:
            raise PuzzleError(
                f"colour {name!r} is named twice (first at col {seen[name.casefold()]})",
                source,
                line,
                at,
            )
        seen[name.casefold()] = at
        names.append(name)
    if not names:
        raise PuzzleError("no colours named", source, line, col)
    return tuple(names)


def parse_guess(
    text: str,
    table: ColourTable,
    pegs: int,
    source: str,
    line: int | None = None,
    col: int = 1,
    black_only: bool = False,
) -> Guess:
    """``COLOURS : BLACK WHITE``, or ``COLOURS : BLACK`` in a black-only game (commas or
    spaces between items); ``col`` locates ``text``."""
    code_text, colon, feedback_text = text.partition(":")
    if not colon:
        example = "'0 1 2 3 : 1'" if black_only else "'red red blue blue : 1 2'"
        counts_named = "the black count" if black_only else "the black and white counts"
        raise PuzzleError(
            f"expected a guess: colours, ':', then {counts_named} (e.g. {example})",
            source,
            line,
            col,
        )
    code = table.code(code_text, pegs, source, line, col)
    start = col + len(code_text) + 1
    counts = [(m.group(), start + m.start()) for m in re.finditer(r"[^\s,/]+", feedback_text)]
    wanted = 1 if black_only else 2
    if len(counts) != wanted:
        at = counts[wanted][1] if len(counts) > wanted else start + len(feedback_text.rstrip())
        if black_only and counts:
            message = (
                f"expected one count after ':' (this game's feedback is black only), "
                f"got {len(counts)}"
            )
        elif black_only:
            message = "expected one count after ':' (the black count), got 0"
        else:
            message = f"expected two counts after ':' (black and white), got {len(counts)}"
            if len(counts) == 1:
                message += "; a game with black counts only needs the header 'feedback: black'"
        raise PuzzleError(message, source, line, at)
    for item, at in counts:
        if not re.fullmatch(r"[+-]?[0-9]+", item):
            raise PuzzleError(
                f"count {limits.quoted(item)} is not a whole number", source, line, at
            )
    black_text, black_col = counts[0]
    black = limits.check_int(black_text, source, line, black_col, "black count")
    if black < 0:
        raise PuzzleError("feedback counts cannot be negative", source, line, black_col)
    white: int | None = None  # no white count in a black-only game
    if not black_only:
        white_text, white_col = counts[1]
        white = limits.check_int(white_text, source, line, white_col, "white count")
        if white < 0:
            raise PuzzleError("feedback counts cannot be negative", source, line, white_col)
    problem = feedback_problem(black, white, pegs)
    if problem:
        raise PuzzleError(problem, source, line, black_col)
    return Guess(code, black, white, line)


def parse_feedback(value: str, source: str, line: int | None, col: int) -> str:
    """``black-white`` (also ``black white``, ``black/white``) or ``black``."""
    key = "-".join(re.split(r"[\s/,+-]+", value.casefold().strip()))
    if key in FEEDBACK_KINDS:
        return key
    raise PuzzleError(
        f"feedback {limits.quoted(value)}: expected black-white (black and white counts, the "
        "default) or black (black counts only)",
        source,
        line,
        col,
    )


def parse_repeats(value: str, source: str, line: int | None, col: int) -> bool:
    key = " ".join(value.casefold().split())
    if key in _YES:
        return True
    if key in _NO:
        return False
    raise PuzzleError(f"repeats {value!r}: expected yes or no", source, line, col)


def parse_pegs(value: str, source: str, line: int | None, col: int) -> int:
    if not limits.is_digits(value):
        raise PuzzleError(
            f"pegs {limits.quoted(value)}: expected a positive whole number", source, line, col
        )
    pegs = limits.check_int(value, source, line, col, "pegs", hi=limits.MAX_PEGS, why=_WHY_PEGS)
    if pegs < 1:
        raise PuzzleError(f"pegs {value!r}: expected a positive whole number", source, line, col)
    return pegs


#: why a game is refused beyond MAX_PEGS
_WHY_PEGS = "the most pegs lpsolve accepts"


def check_colour_supply(pegs: int, colours: Sequence[str], repeats: bool) -> str | None:
    if not repeats and len(colours) < pegs:
        return (
            f"without repeated colours a {pegs}-peg code needs at least {pegs} colours, "
            f"there are {len(colours)}"
        )
    return None


def parse(text: str, source: str, extension: str = ".mastermind") -> MastermindGame:
    headers: dict[str, tuple[str, int, int]] = {}
    guess_lines: list[textformat.Line] = []
    most = limits.MAX_GUESSES
    lines = textformat.content_lines(text, source, most + 3, f"a game has at most {most:,} guesses")
    for line in lines:
        header = textformat.header(line)
        key = header[0] if header else None
        if key in HEADERS:
            assert header is not None
            name = "colours" if key == "colors" else key
            if guess_lines:
                raise PuzzleError(
                    f"header {key!r} after a guess: headers come first",
                    source,
                    line.number,
                    line.indent + 1,
                )
            if name in headers:
                raise PuzzleError(
                    f"header {key!r} given twice", source, line.number, line.indent + 1
                )
            headers[name] = (header[1], line.number, header[2])
        elif header and "colours" not in headers:  # a misspelt header, not a 1-peg guess
            raise PuzzleError(
                f"unknown header {header[0]!r}; expected {_HEADER_LIST}",
                source,
                line.number,
                line.indent + 1,
            )
        else:
            guess_lines.append(line)

    first_line = guess_lines[0].number if guess_lines else 1
    for needed in ("pegs", "colours"):
        if needed not in headers:
            raise PuzzleError(
                f"missing header '{needed}:' (a game starts with 'pegs: N' and "
                "'colours: NAME NAME ...')",
                source,
                first_line,
                1,
            )
    value, line_no, col = headers["pegs"]
    pegs = parse_pegs(value, source, line_no, col)
    value, line_no, col = headers["colours"]
    colours = parse_colour_names(value, source, line_no, col)
    repeats = True
    if "repeats" in headers:
        value, line_no, col = headers["repeats"]
        repeats = parse_repeats(value, source, line_no, col)
        problem = check_colour_supply(pegs, colours, repeats)
        if problem:
            raise PuzzleError(problem, source, line_no, col)
    feedback = CLASSIC
    if "feedback" in headers:
        value, line_no, col = headers["feedback"]
        feedback = parse_feedback(value, source, line_no, col)

    if len(guess_lines) > most:
        limits.check_count(len(guess_lines), most, "guesses", source, guess_lines[most].number, 1)
    table = ColourTable(colours)
    black_only = feedback == BLACK_ONLY
    guesses = []
    for line in guess_lines:
        header = textformat.header(line)
        # "ABBA : 2" looks like a header line too
        if header and not table.may_be_code(header[0], pegs):
            raise PuzzleError(
                f"unknown header {header[0]!r}; expected {_HEADER_LIST}",
                source,
                line.number,
                line.indent + 1,
            )
        guesses.append(parse_guess(line.text, table, pegs, source, line.number, 1, black_only))
    return MastermindGame(pegs, colours, tuple(guesses), repeats, source, feedback)
