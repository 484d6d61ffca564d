"""Types of the compiled extension of reversi_kit (see docs/python.md); `mypy.stubtest` checks
them against the module in `.ci/python`."""

import os
from typing import Any, Dict, Final, List, Optional, Tuple, Union, final

from ._types import Color, Outcome, Phase, Scoring, Winner

__version__: str

# Typed constants: the values that properties give and arguments take.
BLACK: Final = "black"
WHITE: Final = "white"
DRAW: Final = "draw"
WIN: Final = "win"
LOSS: Final = "loss"
PASS: Final = "pass"
NORMAL: Final = "normal"
FREE_OPENING: Final = "free_opening"
DISCS: Final = "discs"
WOF: Final = "wof"
# The cells of `Game.board`.
EMPTY: Final = 0
BLACK_DISC: Final = 1
WHITE_DISC: Final = 2
UNPLAYABLE: Final = -1

class ReversiError(ValueError):
    """The base of every reversi_kit error: a ValueError with the Rust error's message."""

class RulesError(ReversiError):
    """Rules that cannot be read or built, or a bad table seed."""

class PositionError(ReversiError):
    """A position string that cannot be read."""

class MoveError(ReversiError):
    """A move that cannot be read or is illegal."""

class RecordError(ReversiError):
    """A game record (JSON, GGF, transcript, WTHOR) that cannot be read."""

class EngineError(ReversiError):
    """A bad engine level or search option, or nothing to search."""

class BookError(ReversiError):
    """An opening book that cannot be read: not a book, another version, truncated or damaged."""

@final
class Rules:
    """The rules of a table: immutable, comparable, hashable."""

    def __new__(
        cls,
        size: Union[int, Tuple[int, int], None] = None,
        octagon: bool = False,
        blocked: Union[str, int, None] = None,
        handicap: Optional[str] = None,
        free_opening: bool = False,
        scoring: Scoring = "discs",
    ) -> "Rules":
        """`size` is (width, height), each even from 4 to 16 (8x8 if left out); `octagon`
        the 10x10 Octagon; `blocked` "none", "random", a count 1-4 or cells "b2,g7";
        `handicap` such as "white:2" or "black:a1,h8"; `scoring` "discs" or "wof"."""
    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Reads what `str(rules)` writes: "10x8 blocked=random handicap=none opening=free scoring=wof"."""
    @property
    def size(self) -> Tuple[int, int]: ...
    @property
    def octagon(self) -> bool: ...
    @property
    def blocked(self) -> Optional[str]:
        """"random", a count such as "2" or cells such as "b2,g7"; None for none."""
    @property
    def handicap(self) -> Optional[str]: ...
    @property
    def free_opening(self) -> bool: ...
    @property
    def scoring(self) -> Scoring: ...
    @property
    def draws_blocked_cells(self) -> bool:
        """Whether the blocked cells come from the table's seed."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A table (rules, seed, blocked cells) and the moves played on it."""

    def __new__(cls, rules: Optional[Rules] = None, seed: Optional[int] = None) -> "Game":
        """A new table; `seed` (0 if left out, up to 2**64 - 1) draws random blocked cells."""
    @property
    def rules(self) -> Rules: ...
    @property
    def seed(self) -> Optional[int]: ...
    @property
    def blocked_cells(self) -> List[str]: ...
    @property
    def side_to_move(self) -> Color: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def legal_moves(self) -> List[str]:
        """Move names such as "d3"; ["pass"] when the mover must pass; [] once over."""
    def is_legal(self, move: str) -> bool: ...
    def play(self, move: str) -> List[str]:
        """Plays a move ("d3", "pass"); returns the flipped cells. Raises MoveError if illegal."""
    def undo(self) -> Optional[str]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def must_pass(self) -> bool: ...
    @property
    def score(self) -> Tuple[int, int]:
        """(black, white) under the rules' scoring, as if the game ended now."""
    @property
    def winner(self) -> Optional[Winner]:
        """"black", "white" or "draw" once over, else None."""
    def position(self, one_line: bool = False) -> str:
        """The position string: rows from row 1, "X" "O" "-" "#", a space, the side to move;
        with `one_line=True`, the one-line 8x8 form (64 cells, no "/"), PositionError on
        another board."""
    def start_position(self, one_line: bool = False) -> str: ...
    @property
    def board(self) -> List[List[int]]:
        """Rows from row 1 (a nested list, not a NumPy array): EMPTY, BLACK_DISC, WHITE_DISC,
        UNPLAYABLE; `board[row][column]`, a1 at [0][0]."""
    @property
    def moves(self) -> List[str]: ...
    def to_transcript(self) -> str: ...
    def to_json(self) -> str:
        """A version 1 JSON record (docs/record.schema.json), as the Rust API and the tools write."""
    @classmethod
    def from_position(cls, rules: Rules, position: str, *, seed: Optional[int] = None) -> "Game":
        """A table under `rules` starting from `position`; PositionError if the rules cannot hold
        it or a blocked cell is not marked "#" in it."""
    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A JSON record (or the older unversioned form), replayed and checked."""
    def to_ggf(self) -> str: ...
    @classmethod
    def from_ggf(cls, text: str) -> List["Game"]: ...
    @classmethod
    def from_transcript(cls, text: str, rules: Optional[Rules] = None, seed: Optional[int] = None) -> "Game": ...
    def perft(self, depth: int) -> int: ...
    @property
    def opening_name(self) -> Optional[str]:
        """The standard name of the 8x8 opening played so far (in any orientation), or None."""
    def svg(self) -> str:
        """The game as it stands as an SVG board diagram."""
    def _repr_svg_(self) -> str: ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any, /) -> "Game": ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...

@final
class Analysis:
    """What Engine.analyse found."""

    @property
    def best_move(self) -> str: ...
    @property
    def value(self) -> float: ...
    @property
    def exact(self) -> bool: ...
    @property
    def depth(self) -> int: ...
    @property
    def line(self) -> List[str]: ...
    @property
    def nodes(self) -> int: ...

@final
class Engine:
    """The engine at a level from 1 (instant) to 10 (strong) with the Rust engine's options;
    searches release the GIL and Ctrl-C stops them. Threads may share one: their searches
    take turns."""

    def __new__(
        cls,
        level: int = 5,
        *,
        depth: Optional[int] = None,
        time: Optional[float] = None,
        clock: Optional[Tuple[float, float]] = None,
        threads: int = 1,
        hash_mb: Optional[int] = None,
        variety: Optional[Tuple[float, float]] = None,
        seed: Optional[int] = None,
        book: Union[bool, "Book"] = True,
    ) -> "Engine":
        """`depth` 1 to 30 in place of the level's; `time` seconds a move or `clock`
        (base, increment) seconds a game, each up to a year; `threads` 1 to 1024; `hash_mb`
        1 to 4096 (the level's 4 or 16 if left out); `variety` (margin in discs 0-256,
        probability 0-1) drawn from `seed`; `book`: the book built in for the game's board
        (True: Book.built_in), none (False) or the Book given, played in the opening."""
    @property
    def level(self) -> int: ...
    @property
    def depth(self) -> Optional[int]: ...
    @property
    def time(self) -> Optional[float]: ...
    @property
    def clock(self) -> Optional[Tuple[float, float]]: ...
    @property
    def remaining(self) -> Optional[float]:
        """Seconds left on the clock (a time a move: that time), or None."""
    def set_remaining(self, seconds: float) -> None:
        """Sets the time left, as a server that keeps the clocks says it is."""
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...
    @property
    def variety(self) -> Optional[Tuple[float, float]]: ...
    @property
    def seed(self) -> Optional[int]: ...
    def choose(self, game: Game) -> str: ...
    def analyse(self, game: Game) -> Analysis: ...

@final
class Book:
    """An opening book: positions of one board with their values in discs for the side to
    move; a position's images under the board's symmetries share one entry."""

    @staticmethod
    def standard() -> "Book":
        """The standard 8x8 book built into the engine."""
    @staticmethod
    def built_in(rules: Rules) -> Optional["Book"]:
        """The book built into the engine for the rules' board and scoring (8x8, 10x10, the
        Octagon and 6x6 under disc scoring), None for any other."""
    @staticmethod
    def from_bytes(data: bytes) -> "Book":
        """Raises BookError if the bytes are not a valid book."""
    @staticmethod
    def load(path: Union[str, "os.PathLike[str]"]) -> "Book":
        """Raises BookError if the file cannot be read or is not a valid book."""
    def to_bytes(self) -> bytes: ...
    def lookup(self, game: Game) -> Optional[float]:
        """The book value of the game's position for the side to move, None outside the book."""
    def moves(self, game: Game) -> List[Tuple[str, float]]:
        """The moves that stay in the book, best first, with their values."""
    def __len__(self) -> int: ...

@final
class Solution:
    """An exactly solved position."""

    @property
    def best_move(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def line(self) -> List[str]: ...
    @property
    def nodes(self) -> int: ...

def solve(
    position: Union[str, Game],
    scoring: Optional[Scoring] = None,
    threads: int = 1,
    hash_mb: int = 64,
    max_nodes: Optional[int] = None,
) -> Solution:
    """The exact value of a position string or a game's position (GIL released, Ctrl-C stops
    it); `scoring` a game's rules' by default, else "discs"; threads 1 to 1024, max_nodes 1 or
    more."""

@final
class Review:
    """A game's review: every move's best move, values and loss, each mistake's reasons."""

    @property
    def opening(self) -> Optional[str]: ...
    @property
    def moves(self) -> List[Dict[str, Any]]:
        """Each move as the JSON form has it: number, color, played, assessment, best, values,
        loss, mark ("good", "mistake", "blunder"), lines and reasons (dicts tagged by "kind")."""
    @property
    def curve(self) -> List[float]:
        """The evaluation after each move, in discs for Black."""
    @property
    def total_loss(self) -> Tuple[float, float]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...
    def text(self) -> str: ...
    def svg(self) -> str:
        """The evaluation graph with the mistakes marked, as SVG."""
    def _repr_svg_(self) -> str: ...

def review(game: Game, level: int = 5, exact_empties: int = 18, hash_mb: int = 64, threads: int = 1) -> Review:
    """Reviews a game: the engine's values and each mistake's reasons (GIL released)."""

def perft(position_or_rules: Union[str, Game, Rules], depth: int, seed: Optional[int] = None, threads: int = 1) -> int:
    """Leaves of the game tree to `depth` plies (GIL released, Ctrl-C stops it); threads 1 to 1024."""

@final
class PlayoutStats:
    """What a batch of random playouts gave."""

    @property
    def games(self) -> int: ...
    @property
    def black_wins(self) -> int: ...
    @property
    def white_wins(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def plies(self) -> int: ...
    @property
    def black_score(self) -> int: ...
    @property
    def white_score(self) -> int: ...
    @property
    def mean_margin(self) -> float: ...

def random_playouts(rules: Rules, n: int, seed: Optional[int] = None) -> PlayoutStats:
    """`n` games of uniformly random moves, seeded (GIL released, Ctrl-C stops it)."""

_Source = Union[str, bytes, "os.PathLike[str]"]

@final
class WthorGame:
    """One game of a WTHOR file, replayed under the standard rules."""

    @property
    def tournament(self) -> int: ...
    @property
    def tournament_name(self) -> Optional[str]: ...
    @property
    def black_player(self) -> int: ...
    @property
    def black_name(self) -> Optional[str]: ...
    @property
    def white_player(self) -> int: ...
    @property
    def white_name(self) -> Optional[str]: ...
    @property
    def black_score(self) -> int: ...
    @property
    def theoretical_score(self) -> int: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def score_matches(self) -> bool: ...
    def game(self) -> Game: ...

def read_wthor(
    source: _Source,
    skip_illegal: bool = False,
    *,
    players: Optional[_Source] = None,
    tournaments: Optional[_Source] = None,
) -> List[WthorGame]:
    """The games of a WTHOR .wtb file (a path or its bytes); `players` (WTHOR.JOU) and
    `tournaments` (WTHOR.TRN) give their names."""
