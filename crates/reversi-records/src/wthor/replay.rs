//! Replaying WTHOR games under the standard 8×8 rules, with the implicit passes put back.

use core::fmt;

use reversi_core::{Color, MoveError, Position, Square};
use reversi_variants::Move;

use super::WthorGame;

/// A WTHOR move that the rules do not allow: the game is invalid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {move_number} ({square}) is illegal")]
#[non_exhaustive]
pub struct IllegalWthorMove {
    /// The move, counted from 1 among the stored moves (passes not counted).
    pub move_number: usize,
    /// The square.
    pub square: Square,
    /// Why it is illegal.
    #[source]
    pub source: MoveError,
}

/// A WTHOR game replayed: the moves with their passes, whether the game was played to its
/// end, and the replayed score next to the recorded one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorReplay {
    moves: Vec<Move>,
    position: Position,
    recorded_score: u8,
}

impl WthorReplay {
    /// Every move, passes included.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after the last move.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// Whether neither side can move after the last move. A game that stopped early (a
    /// resignation or a time loss) is not finished.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.position.is_game_over()
    }

    /// Black's score of the final position as WTHOR counts it: Black's discs, with the empty
    /// cells given to whoever has more discs (half each on a tie).
    #[must_use]
    pub fn replayed_score(&self) -> u8 {
        let (black, white) = (self.position.count(Color::Black), self.position.count(Color::White));
        let empty = self.position.empty_cells().len();
        let score = match black.cmp(&white) {
            core::cmp::Ordering::Greater => black + empty,
            core::cmp::Ordering::Less => black,
            core::cmp::Ordering::Equal => black + empty / 2,
        };
        u8::try_from(score).expect("an 8x8 board has 64 cells")
    }

    /// Black's score as the file records it.
    #[must_use]
    pub const fn recorded_score(&self) -> u8 {
        self.recorded_score
    }

    /// Whether the game is finished and its replayed score is the recorded one.
    #[must_use]
    pub fn score_matches(&self) -> bool {
        self.is_finished() && self.replayed_score() == self.recorded_score
    }
}

impl WthorGame {
    /// Replays the game from the standard 8×8 start, inserting the passes the rules force.
    ///
    /// # Errors
    /// [`IllegalWthorMove`] for the first move the rules do not allow, including a move after
    /// the game is over.
    pub fn replay(&self) -> Result<WthorReplay, IllegalWthorMove> {
        let mut position = Position::default();
        let mut moves = Vec::with_capacity(self.moves().len() + 2);
        for (i, &square) in self.moves().iter().enumerate() {
            let illegal = |source| IllegalWthorMove { move_number: i + 1, square, source };
            if !position.has_legal_moves() {
                position.pass().map_err(illegal)?;
                moves.push(Move::Pass);
            }
            position.play(square).map_err(illegal)?;
            moves.push(Move::Place(square));
        }
        Ok(WthorReplay { moves, position, recorded_score: self.black_score() })
    }
}

/// The tally of replaying many WTHOR games; it prints as
/// `N games, F finished, M scores match, U unfinished, I illegal`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WthorSummary {
    /// Games replayed.
    pub games: usize,
    /// Games played to their end.
    pub finished: usize,
    /// Finished games whose replayed score is the recorded one.
    pub scores_match: usize,
    /// Games with legal moves that stopped before the end.
    pub unfinished: usize,
    /// Games with an illegal move.
    pub illegal: usize,
}

impl WthorSummary {
    /// Counts one game's replay.
    pub fn add(&mut self, replay: &Result<WthorReplay, IllegalWthorMove>) {
        self.games += 1;
        match replay {
            Ok(r) if r.is_finished() => {
                self.finished += 1;
                self.scores_match += usize::from(r.score_matches());
            }
            Ok(_) => self.unfinished += 1,
            Err(_) => self.illegal += 1,
        }
    }
}

impl fmt::Display for WthorSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} finished, {} scores match, {} unfinished, {} illegal",
            self.games, self.finished, self.scores_match, self.unfinished, self.illegal
        )
    }
}
