//! The result of a recorded game: both scores, the winner and how the game ended.

use core::fmt;

use reversi_core::{Color, Position};
use reversi_variants::GameResult;

use super::RecordError;
use super::ending::Ending;

/// The result of a recorded game. Its scores and winner always agree: the winner has the
/// higher score, a draw has equal scores, and a resignation or a time loss has a winner. An
/// [unfinished](Ending::Unfinished) game has no winner, whatever its scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordResult {
    black: u32,
    white: u32,
    winner: Option<Color>,
    ending: Ending,
}

impl RecordResult {
    /// The result of a game played out, as the rules counted it.
    #[must_use]
    pub fn played_out(result: GameResult) -> RecordResult {
        RecordResult {
            black: result.black(),
            white: result.white(),
            winner: result.winner(),
            ending: Ending::PlayedOut,
        }
    }

    /// The result of a game stopped at `position` before its end, no result claimed: the
    /// discs on the board, no winner, [`Ending::Unfinished`]. A record checks that `position`
    /// is where its moves lead and that the game is not over there.
    #[must_use]
    pub fn unfinished(position: &Position) -> RecordResult {
        RecordResult {
            black: position.discs(Color::Black).len(),
            white: position.discs(Color::White).len(),
            winner: None,
            ending: Ending::Unfinished,
        }
    }

    /// A result with these scores; the winner follows from them (none if the game is
    /// [unfinished](Ending::Unfinished)).
    ///
    /// # Errors
    /// [`RecordError::InconsistentResult`] for a draw that ended by resignation or time.
    pub fn new(black: u32, white: u32, ending: Ending) -> Result<RecordResult, RecordError> {
        let winner = if ending == Ending::Unfinished { None } else { leader(black, white) };
        RecordResult::checked(black, white, winner, ending)
    }

    /// Checks that the scores, the winner and the ending agree.
    pub(crate) fn checked(
        black: u32,
        white: u32,
        winner: Option<Color>,
        ending: Ending,
    ) -> Result<RecordResult, RecordError> {
        if ending == Ending::Unfinished {
            // Being ahead when a game stops is not winning it.
            if winner.is_some() {
                return Err(RecordError::InconsistentResult { reason: "an unfinished game has no winner" });
            }
            return Ok(RecordResult { black, white, winner, ending });
        }
        if leader(black, white) != winner {
            return Err(RecordError::InconsistentResult { reason: "the winner must have the higher score" });
        }
        if winner.is_none() && matches!(ending, Ending::Resigned | Ending::Time) {
            return Err(RecordError::InconsistentResult { reason: "a resignation or a time loss has a winner" });
        }
        Ok(RecordResult { black, white, winner, ending })
    }

    /// Black's score.
    #[must_use]
    pub const fn black(&self) -> u32 {
        self.black
    }

    /// White's score.
    #[must_use]
    pub const fn white(&self) -> u32 {
        self.white
    }

    /// The winner, or `None` for a draw or an unfinished game.
    #[must_use]
    pub const fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// How the game ended.
    #[must_use]
    pub const fn ending(&self) -> Ending {
        self.ending
    }

    /// Black's score minus White's.
    #[must_use]
    pub fn margin(&self) -> i64 {
        i64::from(self.black) - i64::from(self.white)
    }
}

/// The side with more points, `None` if they are level.
fn leader(black: u32, white: u32) -> Option<Color> {
    match black.cmp(&white) {
        core::cmp::Ordering::Greater => Some(Color::Black),
        core::cmp::Ordering::Less => Some(Color::White),
        core::cmp::Ordering::Equal => None,
    }
}

impl fmt::Display for RecordResult {
    /// `B-W`, such as `33-31`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.black, self.white)
    }
}
