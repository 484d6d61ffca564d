"""Types of reversi_kit, the Python module of reversi-kit (see docs/python.md)."""

import os
from typing import Any, Dict, List, Optional, Tuple, Union, final

__all__ = [
    "Analysis",
    "Engine",
    "EngineError",
    "Game",
    "MoveError",
    "PlayoutStats",
    "PositionError",
    "RecordError",
    "ReversiError",
    "Review",
    "Rules",
    "RulesError",
    "Solution",
    "WthorGame",
    "__version__",
    "perft",
    "random_playouts",
    "read_wthor",
    "review",
    "solve",
]

__version__: str

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
        scoring: str = "discs",
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
    def blocked(self) -> str: ...
    @property
    def handicap(self) -> Optional[str]: ...
    @property
    def free_opening(self) -> bool: ...
    @property
    def scoring(self) -> str: ...
    @property
    def draws_blocked_cells(self) -> bool:
        """Whether the blocked cells come from the table's seed."""
    def __eq__(self, other: object, /) -> bool: ...
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
    def blocked(self) -> List[str]: ...
    def side_to_move(self) -> str:
        """"black" or "white"."""
    def phase(self) -> str:
        """"free_opening" or "normal"."""
    def legal_moves(self) -> List[str]:
        """Move names such as "d3"; ["pass"] when the mover must pass; [] once over."""
    def is_legal(self, move: str) -> bool: ...
    def play(self, move: str) -> List[str]:
        """Plays a move ("d3", "pass"); returns the flipped cells. Raises MoveError if illegal."""
    def undo(self) -> Optional[str]: ...
    def is_over(self) -> bool: ...
    def must_pass(self) -> bool: ...
    def score(self) -> Tuple[int, int]:
        """(black, white) under the rules' scoring, as if the game ended now."""
    def winner(self) -> Optional[str]:
        """"black", "white" or "draw" once over, else None."""
    def position(self, one_line: bool = False) -> str:
        """The position string: rows from row 1, "X" "O" "-" "#", a space, the side to move;
        with `one_line=True`, the one-line 8x8 form (64 cells, no "/"), PositionError on
        another board."""
    def start_position(self, one_line: bool = False) -> str: ...
    def board(self) -> List[List[int]]:
        """Rows from row 1 (a nested list, not a NumPy array): 0 empty, 1 Black, 2 White,
        -1 not playable; `board()[row][column]`, a1 at [0][0]."""
    def moves(self) -> List[str]: ...
    def transcript(self) -> str: ...
    def to_json(self) -> str:
        """A version 1 JSON record (docs/record.schema.json), as the Rust API and the tools write."""
    @classmethod
    def from_position(cls, rules: Rules, position: str, seed: Optional[int] = None) -> "Game":
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
    def __deepcopy__(self, memo: object) -> "Game": ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Analysis:
    """What Engine.analyse found."""

    best_move: str
    value: float
    exact: bool
    depth: int
    line: List[str]
    nodes: int

@final
class Engine:
    """The engine at a level from 1 (instant) to 10 (strong); searches release the GIL. Threads
    may share one: their searches take turns."""

    def __new__(cls, level: Optional[int] = None, book: Union[bool, "Book", None] = None) -> "Engine":
        """Level 5 if left out. In the opening it plays from `book`: the standard 8x8 book
        (True or left out), none (False) or the Book given."""
    @property
    def level(self) -> int: ...
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

    best_move: str
    value: int
    outcome: str
    line: List[str]
    nodes: int

def solve(
    position: Union[str, Game],
    scoring: str = "wof",
    threads: int = 1,
    hash_mb: int = 64,
    max_nodes: Optional[int] = None,
) -> Solution:
    """The exact value of a position string or a game's position (GIL released, Ctrl-C stops
    it); threads 1 to 1024, max_nodes 1 or more."""

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

    games: int
    black_wins: int
    white_wins: int
    draws: int
    plies: int
    black_score: int
    white_score: int
    @property
    def mean_margin(self) -> float: ...

def random_playouts(rules: Rules, n: int, seed: Optional[int] = None) -> PlayoutStats:
    """`n` games of uniformly random moves, seeded (GIL released, Ctrl-C stops it)."""

@final
class WthorGame:
    """One game of a WTHOR file, replayed under the standard rules."""

    tournament: int
    black_player: int
    white_player: int
    black_score: int
    theoretical_score: int
    moves: List[str]
    finished: bool
    score_matches: bool
    def game(self) -> Game: ...

def read_wthor(source: Union[str, bytes, "os.PathLike[str]"], skip_illegal: bool = False) -> List[WthorGame]:
    """The games of a WTHOR .wtb file (a path or its bytes)."""
