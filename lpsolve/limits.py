"""The largest inputs lpsolve reads, and the checks every parser makes with them.

Every number a puzzle file holds is checked on its text, before Python converts it:
Python refuses to convert numbers of more than 4,300 digits, and clingo's integers
are 32-bit, so a bigger number would crash ``clingo.Number`` (or overflow in an
encoding's arithmetic) long after parsing. Every size is bounded too, before the
parser builds anything per element, so no accepted input makes the parser itself run
out of time or memory. The bounds are generous for real puzzles: how hard a big
accepted puzzle is to solve is the solver's time and memory limits' business.

Each refusal is a :class:`PuzzleError` naming the place (``FILE:LINE:COL``).
"""

from __future__ import annotations

import re

from .errors import PuzzleError

# -- every format --------------------------------------------------------------------

#: file size in bytes: a 1000x1000 Hidato board with a quarter of its numbers given is
#: 3.2 MB as a comma grid and 17 MB as JSON listing every cell (parsed in 3.5 and 5 s)
MAX_FILE_BYTES = 32 * 2**20
#: clingo's integers are C ints: ``clingo.Number`` raises OverflowError beyond them
CLINGO_MIN = -(2**31)
CLINGO_MAX = 2**31 - 1
#: digits of CLINGO_MAX: a longer number (leading zeros aside) is out of clingo's range,
#: so it is refused from its length alone, never handed to int()
MAX_DIGITS = len(str(CLINGO_MAX))
#: Hidato JSON nests 3 levels; Python's json recursion breaks near 1,000
MAX_JSON_DEPTH = 32

# -- boards given cell by cell: Hidato (comma grids and JSON) and Takuzu -------------

#: rows and columns of a board (and the width and height a JSON board spans): four
#: times the side of the 1000x1000 boards a later issue solves
MAX_BOARD_SIDE = 4096
#: cells of a board: twice a 1000x1000 board (which parses in 3.5 s, 0.5 GB); the
#: parser stops at the first cell beyond
MAX_BOARD_CELLS = 2**21
#: |x| and |y| of a JSON Hidato cell: x + y (hidato.lp's colour rule) stays in clingo's
#: range
MAX_COORDINATE = 10**9
#: moves in a Hidato move list: the named ones have 4 to 8; 100 allows any jump set a
#: person writes, while cells x moves (the adjacency the parser builds) stays small
MAX_MOVES = 100

# -- magic board -----------------------------------------------------------------------

#: rows (= columns): published boards are 3x3 to 10x10; the encoding grounds N^4
#: ladder atoms, 16.8 million at 64
MAX_MAGIC_SIZE = 64
#: |range ends| and |givens| of a magic board: 64 numbers of at most 2^24 sum to at
#: most 2^30, so the target, every partial line sum and magic.lp's V+1 and Lo*N fit
#: clingo's integers
MAX_MAGIC_VALUE = 2**24

# -- Mastermind --------------------------------------------------------------------------

#: pegs of a code: real games have 4 to 6 (seed 002: 6); each peg is a choice among
#: the colours for the solver
MAX_PEGS = 64
#: colours: real games have 6 to 12
MAX_COLOURS = 256
#: characters of a colour name (names are printed in tables and pictures)
MAX_NAME_LENGTH = 64
#: guesses in a game: real games end within a dozen
MAX_GUESSES = 10_000

# -- checkerboard tiling ------------------------------------------------------------------

#: board cells (and the cells of one stone's grid): the seed board has 64; an exact
#: cover of 10,000 cells is already far beyond what the solver finishes
MAX_TILING_CELLS = 10_000
#: stones: the seed puzzle has 12; every stone multiplies the placements weighed
MAX_STONES = 1_000
#: content lines of a tiling file: the largest board typed one cell per row, and stones
#: covering it typed the same way with their separators, take at most 21,001
MAX_TILING_LINES = 5 * MAX_TILING_CELLS

# -- saved state read back: checkpoints and batch reports --------------------------------

#: the largest number a checkpoint or a batch report line may hold (a cube's count, a
#: puzzle's count): clingo enumerates models one by one, and at ten million a second
#: reaching 2^63 would take 29,000 years
MAX_SAVED_NUMBER = 2**63 - 1

_INTEGER = re.compile(r"([+-]?)0*([0-9]+)")
_DIGITS = re.compile(r"[0-9]+")


def is_digits(token: str) -> bool:
    """Whether ``token`` is ASCII digits only, as every number lpsolve reads is written.

    Not ``str.isdigit``: it also takes ``²`` (which ``int()`` refuses) and the digits of
    other scripts such as Arabic-Indic ``٣`` (which ``int()`` reads as 3), and so would
    let a file's ``٣`` stand for 3 or crash the conversion.
    """
    return _DIGITS.fullmatch(token) is not None


def shown(token: str) -> str:
    """A number's text for a message: very long ones shortened, with their length."""
    if len(token) <= 24:
        return token
    return f"{token[:12]}...{token[-4:]} ({len(token):,} characters)"


def quoted(text: str) -> str:
    """Some text of the input for a message, quoted (``repr``: also makes control and
    line-breaking characters visible), shortened if long."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:30]!r}... ({len(text):,} characters)"


def check_int(
    token: str,
    source: str,
    line: int | None,
    col: int | None,
    what: str,
    lo: int = CLINGO_MIN,
    hi: int = CLINGO_MAX,
    why: str = "",
) -> int:
    """The whole number ``token`` (ASCII digits, optional sign) as an int in ``lo..hi``.

    The length of its digits is checked before it is converted, so a number of any
    length gives a one-line error; ``lo``/``hi`` are a kind's own bounds, ``why`` says
    where they come from. ``what`` names the number (``"range end"``, ``"pegs"``).
    """
    match = _INTEGER.fullmatch(token)
    if match is None:
        raise PuzzleError(f"{what} {quoted(token)}: expected a whole number", source, line, col)
    sign, digits = match.groups()
    negative = sign == "-" and digits != "0"
    if len(digits) > MAX_DIGITS:
        raise PuzzleError(_beyond(what, shown(token), negative), source, line, col)
    value = -int(digits) if negative else int(digits)  # at most MAX_DIGITS digits
    if not CLINGO_MIN <= value <= CLINGO_MAX:
        raise PuzzleError(_beyond(what, token, negative), source, line, col)
    if value > hi:
        raise PuzzleError(f"{what} {value} is larger than {hi}{_why(why)}", source, line, col)
    if value < lo:
        raise PuzzleError(f"{what} {value} is smaller than {lo}{_why(why)}", source, line, col)
    return value


def _beyond(what: str, text: str, negative: bool) -> str:
    if negative:
        return f"{what} {text} is below the smallest number lpsolve accepts ({CLINGO_MIN})"
    return f"{what} {text} is beyond the largest number lpsolve accepts ({CLINGO_MAX})"


def _why(why: str) -> str:
    return f" ({why})" if why else ""


def check_count(
    count: int,
    most: int,
    what: str,
    source: str,
    line: int | None = None,
    col: int | None = None,
    why: str = "",
) -> None:
    """Refuse ``count`` things when more than ``most`` are allowed (see
    :func:`too_many`). ``count`` may be a lower bound."""
    if count > most:
        raise PuzzleError(too_many(most, what, why), source, line, col)


def too_many(most: int, what: str, why: str = "") -> str:
    """The message refusing more than ``most`` things: ``"more than 4,096 rows: lpsolve
    reads at most 4,096 (why)"``."""
    return f"more than {most:,} {what}: lpsolve reads at most {most:,}{_why(why)}"


def check_size(data: bytes, source: str, what: str = "file") -> None:
    """Refuse ``data`` (a file's first bytes, or a text encoded) longer than
    :data:`MAX_FILE_BYTES`, naming the place of the first byte beyond the limit."""
    if len(data) <= MAX_FILE_BYTES:
        return
    start = data.rfind(b"\n", 0, MAX_FILE_BYTES) + 1
    line = data.count(b"\n", 0, start) + 1
    col = len(data[start:MAX_FILE_BYTES].decode("utf-8", "ignore")) + 1
    raise PuzzleError(
        f"the {what} is larger than {MAX_FILE_BYTES // 2**20} MiB, the most lpsolve reads",
        source,
        line,
        col,
    )
