"""Reversi (Othello) and its variants from Python: rules, records, engine and exact solver.

The classes and functions come from the compiled extension ``reversi_kit._reversi_kit``
(Rust, through pyo3); ``__init__.pyi`` holds their types. See docs/python.md.
"""

from ._reversi_kit import (
    Analysis,
    Book,
    BookError,
    Engine,
    EngineError,
    Game,
    MoveError,
    PlayoutStats,
    PositionError,
    RecordError,
    ReversiError,
    Review,
    Rules,
    RulesError,
    Solution,
    WthorGame,
    __version__,
    perft,
    random_playouts,
    read_wthor,
    review,
    solve,
)

__all__ = [
    "Analysis",
    "Book",
    "BookError",
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
