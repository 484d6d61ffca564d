//! Why a record is not valid.

use reversi_variants::{Move, PlayError, RulesError, SetupError};

use super::ending::Ending;
use super::handicap::HandicapDiscs;
use crate::transcript::TranscriptError;

/// Why a game record is not valid. Each error names the field at fault ([`field`](RecordError::field))
/// and, for a move, its number (from 1, passes counted).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The record's format version is not one this library reads.
    #[error("version: unknown record version {found} (this library reads version {})", super::FORMAT_VERSION)]
    UnknownVersion {
        /// The version found.
        found: u32,
    },
    /// The blocked cells do not match the seed, or are not a layout of the rules.
    #[error("{}: the rules do not allow this table", source.field())]
    Layout {
        /// What the rules say.
        #[source]
        source: RulesError,
    },
    /// The start position cannot start a game under the rules and the table's layout.
    #[error("start: the position cannot start this table")]
    Start {
        /// Why.
        #[source]
        source: SetupError,
    },
    /// The handicap discs are not the ones the rules place.
    #[error("handicap: the record lists {found:?} but the rules place {expected:?}")]
    Handicap {
        /// The discs the rules place.
        expected: Option<HandicapDiscs>,
        /// The discs the record lists.
        found: Option<HandicapDiscs>,
    },
    /// A move the rules do not allow.
    #[error("moves: move {move_number} ({played}) is illegal")]
    IllegalMove {
        /// The move, from 1, passes counted.
        move_number: usize,
        /// The move.
        played: Move,
        /// Why it is illegal.
        #[source]
        source: PlayError,
    },
    /// The result says the game was played out, but it is not over after the last move.
    #[error("result: the game is not over after its {moves} moves, yet the result says played out")]
    NotOver {
        /// The number of moves.
        moves: usize,
    },
    /// The result says the game stopped early (resigned, on time, agreed or unfinished), but
    /// it is over after the last move.
    #[error("result: the game is over after its {moves} moves, yet the result says {ending}")]
    AlreadyOver {
        /// The number of moves.
        moves: usize,
        /// The ending the record gives.
        ending: Ending,
    },
    /// A result that is not the replay's: for a game played out, the rules' count; for an
    /// unfinished game, the discs on the board after the last move.
    #[error("result: the record says {found} but the replay gives {expected}")]
    ResultMismatch {
        /// The replay's result: `B-W` and the winner or how it stands.
        expected: String,
        /// The record's result, in the same form.
        found: String,
    },
    /// Scores, winner and ending that contradict each other.
    #[error("result: {reason}")]
    InconsistentResult {
        /// What is wrong.
        reason: &'static str,
    },
    /// The scores add up to more than the board's cells.
    #[error("result: scores {black}-{white} exceed the board's {cells} cells")]
    ScoresTooHigh {
        /// Black's score.
        black: u32,
        /// White's score.
        white: u32,
        /// The number of playable cells.
        cells: u32,
    },
    /// A seed on rules that draw nothing at random: the record's seed is the one its blocked
    /// cells were drawn from, and [`GameRecord::from_game`](crate::GameRecord::from_game)
    /// writes none for other rules, so one found there is refused rather than kept or dropped.
    #[error("seed: {seed} given, but the rules draw no blocked cell at random")]
    UnusedSeed {
        /// The seed found.
        seed: u64,
    },
    /// A transcript that cannot be read.
    #[error("moves: invalid transcript")]
    Transcript(#[from] TranscriptError),
    /// JSON text that is not a record: malformed, a field missing, unknown or of the wrong
    /// type ([`GameRecord::from_json`](crate::GameRecord::from_json)).
    #[error("invalid JSON record: {message}")]
    Json {
        /// What is wrong and where (line and column), as the JSON reader says it.
        message: String,
    },
}

impl RecordError {
    /// The field of the record at fault: `version`, `seed`, `blocked`, `start`, `handicap`,
    /// `moves` or `result`; `json` for text that is not a record at all.
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            RecordError::UnknownVersion { .. } => "version",
            RecordError::UnusedSeed { .. } => "seed",
            RecordError::Layout { source } => source.field(),
            RecordError::Handicap { .. } => "handicap",
            RecordError::Start { .. } => "start",
            RecordError::IllegalMove { .. } | RecordError::Transcript(_) => "moves",
            RecordError::Json { .. } => "json",
            RecordError::NotOver { .. }
            | RecordError::AlreadyOver { .. }
            | RecordError::ResultMismatch { .. }
            | RecordError::InconsistentResult { .. }
            | RecordError::ScoresTooHigh { .. } => "result",
        }
    }
}
