"""Mastermind: which secret codes are consistent with the guesses played so far?

A game (``.mastermind``) names the number of pegs, the colours and whether a code
may repeat a colour, then lists the guesses with their feedback. A "solution" is a
secret code that would have given every guess its recorded feedback. Format::

    # comments start with '#'
    pegs: 4
    colours: red blue green yellow black white    (or "colors:"; commas also work)
    repeats: yes                                   (optional: yes, the default, or no)
    red red blue blue : 1 0                        (a guess, ':', black and white)

Colour names in files must be plain words (a letter, then letters, digits, ``_`` or
``-``); they are matched case-insensitively. Whatever the names, they reach clingo
only as string symbols, never as program text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING

import clingo

from .. import limits
from ..errors import PuzzleError
from ..puzzle import Clue, Puzzle
from . import textformat

if TYPE_CHECKING:
    from ..cspmodel import CspModel

EXTENSIONS = (".mastermind",)
HEADERS = ("pegs", "colours", "colors", "repeats")
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


@dataclass(frozen=True)
class Guess:
    code: tuple[str, ...]
    black: int
    white: int
    line: int | None = field(default=None, compare=False)  # where it was read, for messages

    def text(self) -> str:
        return f"{' '.join(self.code)} -> {self.black} black, {self.white} white"


@dataclass(frozen=True)
class Code:
    """A secret code: one colour name per peg."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.colours)


@dataclass(frozen=True)
class MastermindGame(Puzzle):
    """A game in progress. Built by :func:`parse` or directly (then names may be any
    strings: they still reach clingo only as string symbols)."""

    pegs: int
    colours: tuple[str, ...]
    guesses: tuple[Guess, ...] = ()
    repeats: bool = True
    source: str = "<input>"

    kind = "mastermind"
    encoding = "mastermind.lp"

    def __post_init__(self) -> None:
        if self.pegs < 1:
            raise PuzzleError("a code needs at least one peg", self.source)
        limits.check_count(self.pegs, limits.MAX_PEGS, "pegs", self.source)
        if len(set(self.colours)) != len(self.colours) or not self.colours:
            raise PuzzleError("the colours must be distinct and at least one", self.source)
        limits.check_count(len(self.colours), limits.MAX_COLOURS, "colours", self.source)
        limits.check_count(len(self.guesses), limits.MAX_GUESSES, "guesses", self.source)
        known = set(self.colours)
        for number, guess in enumerate(self.guesses, 1):
            where = f"guess {number}"
            if len(guess.code) != self.pegs or not known.issuperset(guess.code):
                raise PuzzleError(f"{where} is not {self.pegs} known colours", self.source)
            problem = feedback_problem(guess.black, guess.white, self.pegs)
            if problem:
                raise PuzzleError(f"{where}: {problem}", self.source, guess.line)

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
        return MastermindGame(
            self.pegs, self.colours, (*self.guesses, guess), self.repeats, self.source
        )

    def without_guesses(self, keep: Sequence[int]) -> MastermindGame:
        """The game with only the guesses at these (0-based) indices."""
        chosen = tuple(self.guesses[i] for i in keep)
        return MastermindGame(self.pegs, self.colours, chosen, self.repeats, self.source)

    def facts(self) -> list[clingo.Symbol]:
        num, fun, name = clingo.Number, clingo.Function, clingo.String
        facts = [fun("peg", [num(p)]) for p in range(self.pegs)]
        facts += [fun("colour", [name(colour)]) for colour in self.colours]
        for g, guess in enumerate(self.guesses, 1):
            facts += [
                fun("guess", [num(g), num(p), name(colour)]) for p, colour in enumerate(guess.code)
            ]
            facts.append(fun("feedback", [num(g), num(guess.black), num(guess.white)]))
        if not self.repeats:
            facts.append(fun("no_repeats"))
        return facts

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
            got = score(guess.code, code)
            if got != (guess.black, guess.white):
                problems.append(
                    f"guess {number} ({' '.join(guess.code)}) would score {got[0]} black, "
                    f"{got[1]} white, not the recorded {guess.black} black, {guess.white} white"
                )
        return problems

    def render(self, solution: Code | None = None) -> str:
        if solution is not None:
            return " ".join(solution.colours)
        repeats = "" if self.repeats else ", no repeated colours"
        lines = [f"{self.pegs} pegs, colours {' '.join(self.colours)}{repeats}"]
        lines += [f"{n}. {guess.text()}" for n, guess in enumerate(self.guesses, 1)]
        return "\n".join(lines)

    def svg(self, solution: Code | None = None, conflict: Sequence[Clue] = ()) -> str:
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
        rows = [
            draw.PegRow(str(g), guess.code, (guess.black, guess.white), g in marked)
            for g, guess in enumerate(self.guesses, 1)
        ]
        if solution is not None:
            rows.append(draw.PegRow("code", solution.colours, role="code"))
        repeats = "" if self.repeats else ", no repeats"
        caption = f"{self.pegs} pegs, {len(self.colours)} colours{repeats}"
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
            whose blacks or colour matches already overshoot or can no longer be reached."""

            def __init__(self, guess: Sequence[str], black: int, white: int) -> None:
                self.guess = tuple(guess)
                self.black, self.matches = black, black + white
                self.need = {c: self.guess.count(c) for c in set(self.guess)}

            def __call__(self, variables, domains, assignments, forwardcheck=False):
                set_pegs = [p for p in variables if p in assignments]
                left = len(variables) - len(set_pegs)
                blacks = sum(assignments[p] == self.guess[p] for p in set_pegs)
                if not blacks <= self.black <= blacks + left:
                    return False
                have: dict[str, int] = {}
                for p in set_pegs:
                    have[assignments[p]] = have.get(assignments[p], 0) + 1
                matches = sum(min(n, have.get(c, 0)) for c, n in self.need.items())
                return matches <= self.matches <= matches + left

        pegs = list(range(self.pegs))
        model = CspModel(
            decode=lambda assignment: Code(tuple(assignment[p] for p in pegs)),
            handles_up_to=8,
        )
        for p in pegs:
            model.variable(p, self.colours)
        if not self.repeats:
            model.constrain(constraint.AllDifferentConstraint(), pegs)
        for guess in self.guesses:
            model.constrain(Feedback(guess.code, guess.black, guess.white), pegs)
        return model


def describe_guess(game: MastermindGame, index: int) -> str:
    guess = game.guesses[index]
    where = f", line {guess.line}" if guess.line is not None else ""
    return f"guess {index + 1}{where}: {guess.text()}"


def feedback_problem(black: int, white: int, pegs: int) -> str | None:
    """Why (black, white) cannot be the feedback of a code with this many pegs, or None."""
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

    def code(self, text: str, pegs: int, source: str, line: int | None, col: int) -> tuple:
        """Parse colours separated by spaces or commas; ``col`` is where ``text`` starts."""
        # one more than the pegs is enough to see there are too many
        matches = islice(_ITEM.finditer(text), pegs + 1)
        items = [(m.group(), col + m.start()) for m in matches]
        for item, at in items:
            if item.casefold() not in self._by_key:
                known = ", ".join(self.colours)
                raise PuzzleError(
                    f"unknown colour {limits.quoted(item)}; the colours are {known}",
                    source,
                    line,
                    at,
                )
        if len(items) != pegs:
            at = items[pegs][1] if len(items) > pegs else col + len(text.rstrip())
            given = f"more than {pegs}" if len(items) > pegs else str(len(items))
            raise PuzzleError(f"{given} colours given, a code has {pegs} pegs", source, line, at)
        return tuple(self._by_key[item.casefold()] for item, _ in items)


def parse_colour_names(text: str, source: str, line: int | None, col: int) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    names = []
    for match in _ITEM.finditer(text):
        name, at = match.group(), col + match.start()
        if not PLAIN_WORD.fullmatch(name):
            raise PuzzleError(
                f"colour name {limits.quoted(name)} is not a plain word (a letter, then letters, "
                "digits, '_' or '-')",
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
    text: str, table: ColourTable, pegs: int, source: str, line: int | None = None, col: int = 1
) -> Guess:
    """``COLOURS : BLACK WHITE`` (commas or spaces between items); ``col`` locates ``text``."""
    code_text, colon, feedback_text = text.partition(":")
    if not colon:
        raise PuzzleError(
            "expected a guess: colours, ':', then the black and white counts "
            "(e.g. 'red red blue blue : 1 2')",
            source,
            line,
            col,
        )
    code = table.code(code_text, pegs, source, line, col)
    start = col + len(code_text) + 1
    counts = [(m.group(), start + m.start()) for m in re.finditer(r"[^\s,/]+", feedback_text)]
    if len(counts) != 2:
        at = counts[2][1] if len(counts) > 2 else start + len(feedback_text.rstrip())
        raise PuzzleError(
            f"expected two counts after ':' (black and white), got {len(counts)}",
            source,
            line,
            at,
        )
    for item, at in counts:
        if not re.fullmatch(r"[+-]?[0-9]+", item):
            raise PuzzleError(
                f"count {limits.quoted(item)} is not a whole number", source, line, at
            )
    (black_text, black_col), (white_text, white_col) = counts
    black = limits.check_int(black_text, source, line, black_col, "black count")
    white = limits.check_int(white_text, source, line, white_col, "white count")
    if black < 0 or white < 0:
        at = black_col if black < 0 else white_col
        raise PuzzleError("feedback counts cannot be negative", source, line, at)
    problem = feedback_problem(black, white, pegs)
    if problem:
        raise PuzzleError(problem, source, line, black_col)
    return Guess(code, black, white, line)


def parse_repeats(value: str, source: str, line: int | None, col: int) -> bool:
    key = " ".join(value.casefold().split())
    if key in _YES:
        return True
    if key in _NO:
        return False
    raise PuzzleError(f"repeats {value!r}: expected yes or no", source, line, col)


def parse_pegs(value: str, source: str, line: int | None, col: int) -> int:
    if not re.fullmatch(r"[0-9]+", value):
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
                f"unknown header {header[0]!r}; expected pegs, colours or repeats",
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

    if len(guess_lines) > most:
        limits.check_count(len(guess_lines), most, "guesses", source, guess_lines[most].number, 1)
    table = ColourTable(colours)
    guesses = []
    for line in guess_lines:
        header = textformat.header(line)
        if header and header[0].casefold() not in {c.casefold() for c in colours}:
            raise PuzzleError(
                f"unknown header {header[0]!r}; expected pegs, colours or repeats",
                source,
                line.number,
                line.indent + 1,
            )
        guesses.append(parse_guess(line.text, table, pegs, source, line.number, 1))
    return MastermindGame(pegs, colours, tuple(guesses), repeats, source)
