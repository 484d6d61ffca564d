"""The `Literal` types of reversi_kit's strings: what a property gives and an argument takes.

Aliases of `str`, so plain strings work at run time; a type checker holds code to the
spellings. The constants (`reversi_kit.BLACK`, `reversi_kit.WOF`, ...) have these values.
"""

from typing import Literal

#: A player: `Game.side_to_move`.
Color = Literal["black", "white"]
#: Who won a finished game: `Game.winner`.
Winner = Literal["black", "white", "draw"]
#: The part of a game: `Game.phase`.
Phase = Literal["free_opening", "normal"]
#: How the final score is counted: `Rules.scoring`, `solve(scoring=)`.
Scoring = Literal["discs", "wof"]
#: An exact result for the side to move: `Solution.outcome`.
Outcome = Literal["win", "draw", "loss"]
