//! GGF, the Generic Game Format of the GGS game server, for Othello.
//!
//! A file holds one or more games, each `(;` … `;)`, each a list of properties `NAME[value]`
//! (a `\` in a value takes the next character as it is, so `\]` is a `]`). The properties
//! read and written:
//!
//! | property | meaning |
//! |---|---|
//! | `GM[Othello]` | the game |
//! | `BO[8 -------- … *]` | the board type (`4` to `14`, or `88` for the Octagon), one character per playable cell row by row (`*` Black, `O` White, `-` empty; the Octagon's 12 cut cells are skipped), then the side to move, `*` or `O` |
//! | `TY[8]` | the game type, kept as written |
//! | `RE[+6.00]` | Black's margin; `:r` resigned, `:t` lost on time, `:s` agreed; `?` unknown; not written for an unfinished game |
//! | `PB`, `PW`, `DT` | Black's and White's names, the date |
//! | `B[f5/1.23/4.5]`, `W[…]` | a move, with the optional evaluation and time; a pass is `PA` (or `pass`) |
//!
//! Other properties (`PC`, `RB`, `TI`, …) are kept as they are. GGF has no place for what the
//! variants add, so this crate writes **extension properties** and reads them back:
//!
//! | property | meaning |
//! |---|---|
//! | `BL[c3 f6]` | the blocked cells, space separated; they are written `-` in `BO` |
//! | `RU[8x8 blocked=random handicap=none opening=standard scoring=discs]` | the full rules, in the flag form `Rules` displays |
//! | `SD[42]` | the seed the blocked cells came from |
//! | `SC[40-24]` | both scores of a game that stopped early (`RE` holds only the margin); without `RE`, the discs on the board of an unfinished game |
//! | `EV[…]` | the event |
//! | `TG[key=value]` | a tag, one property per tag; a `=` or `\` in the key is escaped with a `\` (so the key ends at the first `=` not escaped) |
//!
//! Each of them but `TG` may appear once in a game: a second `RU`, `SD`, `SC`, `EV` or `BL` is
//! [`GgfError::Duplicate`], as a second `PB` is. `SD` is given exactly when the rules draw the
//! blocked cells at random, and `SC` on a game played out must be the count of its board.
//!
//! A file without them (from GGS) is read with the standard rules on its board. A `BO` other
//! than the rules' start is a set-up position (as GGS writes for random starts, `TY[8r…]`):
//! the game starts from it if the rules can hold it (see
//! [`Game::from_position`](reversi_variants::Game::from_position)), with `BO`'s side to move.
//! A record set up from a position is written with that position in `BO`.
//!
//! GGF has no ending for a game stopped without a result ([`Ending::Unfinished`](crate::Ending::Unfinished)):
//! such a game is written with no `RE` (so other readers see a game without a result) and with
//! `SC`; read back, a game with `SC` but no result (`RE` missing or `?`) is unfinished, and a
//! game with neither is [`GgfError::NoResult`].
//!
//! ```
//! use reversi_records::ggf;
//! let text = "(;GM[Othello]PB[ann]PW[bob]TY[8]RE[?]BO[8 -------- -------- -------- ---O*--- \
//!             ---*O--- -------- -------- -------- *]B[f5//1.5]W[d6/-2.0];)";
//! let games = ggf::parse(text)?;
//! assert_eq!(games[0].moves().len(), 2);
//! assert_eq!(games[0].moves()[0].time(), Some(1.5));
//! let game = games[0].replay(1)?;
//! assert_eq!(game.moves().len(), 2);
//! # Ok::<(), ggf::GgfError>(())
//! ```

mod convert;
mod game;
mod parts;
mod rules_text;
mod syntax;
mod text;

use reversi_core::Color;
use reversi_variants::{Game, Move, PlayError};

pub use game::{BoardType, GgfGame, GgsSide};
pub use parts::{GgfEnding, GgfMove, GgfResult};
pub use text::GgfGames;

use crate::{GameRecord, RecordError};

/// The extension property of the blocked cells.
pub const BLOCKED: &str = "BL";
/// The extension property of the full rules.
pub const RULES: &str = "RU";
/// The extension property of the seed.
pub const SEED: &str = "SD";
/// The extension property of both scores of a game that stopped early.
pub const SCORES: &str = "SC";
/// The extension property of the event.
pub const EVENT: &str = "EV";
/// The extension property of a tag, `key=value`.
pub const TAG: &str = "TG";

/// The extension properties a game may hold once: a second one is refused, when read and
/// when built, as a second `PB` is, rather than one of them silently winning.
pub(crate) const ONCE_EXTENSIONS: [&str; 4] = [RULES, SEED, SCORES, EVENT];

/// Why GGF text cannot be read, or a record written as GGF. Games and moves count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GgfError {
    /// The text does not have the shape of GGF.
    #[error("game {game}, byte {offset}: expected {expected}")]
    Syntax {
        /// The game, from 1.
        game: usize,
        /// The byte offset in the text.
        offset: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// A game without `BO`.
    #[error("game {game}: no board (BO)")]
    MissingBoard {
        /// The game.
        game: usize,
    },
    /// A property that may appear once appears again.
    #[error("game {game}: property {property} appears twice")]
    Duplicate {
        /// The game.
        game: usize,
        /// The property.
        property: String,
    },
    /// A property's value is not valid.
    #[error("game {game}: {}[{}]: {reason}", crate::clip(property), crate::clip(value))]
    Value {
        /// The game.
        game: usize,
        /// The property.
        property: String,
        /// The value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// A move's value is not valid.
    #[error("game {game}, move {move_number}: [{}]: {reason}", crate::clip(value))]
    Move {
        /// The game.
        game: usize,
        /// The move, from 1 as written.
        move_number: usize,
        /// The value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// A move by the player who is not to move.
    #[error("game {game}, move {move_number}: {color} is not to move")]
    WrongColor {
        /// The game.
        game: usize,
        /// The move, from 1 as written.
        move_number: usize,
        /// The colour written.
        color: Color,
    },
    /// A move the rules do not allow.
    #[error("game {game}, move {move_number} ({played}) is illegal")]
    IllegalMove {
        /// The game.
        game: usize,
        /// The move, from 1 as written.
        move_number: usize,
        /// The move.
        played: Move,
        /// Why it is illegal.
        #[source]
        source: PlayError,
    },
    /// A game without a result cannot be a record: `RE` missing or `?`, and no `SC` to say it
    /// is unfinished.
    #[error("game {game}: no result (RE missing or ?, and no SC)")]
    NoResult {
        /// The game.
        game: usize,
    },
    /// Something GGF or this crate cannot hold: a board GGS lacks.
    #[error("game {game}: unsupported: {what}")]
    Unsupported {
        /// The game.
        game: usize,
        /// What.
        what: String,
    },
    /// A game built ([`GgfGame::new`]) with a start position that does not lie on its board
    /// type: another size, or a disc or playable cell where the board type cuts one.
    #[error("the start position {start} does not fit GGF board type {board}")]
    StartOffBoard {
        /// The board type's GGF name (`8`, `88`, …).
        board: String,
        /// The start position, as a position string.
        start: String,
    },
    /// A part given to build a [`GgfGame`], [`GgfMove`] or [`GgfResult`] that GGF text could
    /// not hold, so that the game written would not read back the same.
    #[error("{field} [{}]: {reason}", crate::clip(value))]
    Invalid {
        /// The part.
        field: GgfField,
        /// Its value, as text.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// The game does not make a valid record.
    #[error("game {game} is not a valid record")]
    Record {
        /// The game.
        game: usize,
        /// Why.
        #[source]
        source: RecordError,
    },
}

/// A part of a [`GgfGame`], [`GgfMove`] or [`GgfResult`], named by [`GgfError::Invalid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GgfField {
    /// The board type (`BO`).
    Board,
    /// A move's square (`B` or `W`).
    Move {
        /// The move, from 1, as it would be numbered in the game.
        move_number: usize,
    },
    /// A move's evaluation.
    Eval,
    /// A move's time.
    Time,
    /// The result's margin (`RE`).
    Margin,
    /// The name of one of the other properties.
    Property,
}

impl core::fmt::Display for GgfField {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GgfField::Board => f.write_str("board type"),
            GgfField::Move { move_number } => write!(f, "move {move_number}"),
            GgfField::Eval => f.write_str("evaluation"),
            GgfField::Time => f.write_str("time"),
            GgfField::Margin => f.write_str("margin"),
            GgfField::Property => f.write_str("property name"),
        }
    }
}

/// Reads every game of a GGF text.
///
/// # Errors
/// A [`GgfError`] for the first game that cannot be read.
pub fn parse(text: &str) -> Result<Vec<GgfGame>, GgfError> {
    GgfGame::parse_all(text)
}

/// The games of a GGF text, read one at a time as the iterator is advanced: the memory held
/// is one game's, and taking game `n` reads no game after it. After an error (which names
/// its game) the iterator ends.
///
/// ```
/// use reversi_records::ggf;
/// let text = "(;GM[Othello]BO[4 ---- -O*- -*O- ---- *];) (;GM[Othello]BO[4 ---- -O*- -*O- ---- *] B[";
/// let mut games = ggf::games(text);
/// assert!(games.next().is_some_and(|g| g.is_ok()));
/// assert!(games.offset() < text.len());
/// assert!(matches!(games.next(), Some(Err(ggf::GgfError::Syntax { game: 2, .. }))));
/// assert!(games.next().is_none());
/// ```
#[must_use]
pub fn games(text: &str) -> GgfGames<'_> {
    GgfGames::new(text)
}

/// Reads every game of a GGF text as records (each must have a result).
///
/// # Errors
/// A [`GgfError`] for the first game that cannot be read or is not a valid record.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, GgfError> {
    games(text).enumerate().map(|(i, g)| g?.to_record(i + 1)).collect()
}

/// Every game of a GGF text, replayed as `replay` shows it: a game with a result (`RE`, or
/// `SC`) checked as a record ([`GgfGame::to_record`]), one without (`RE[?]`, as NBoard GUIs
/// send an unfinished game, or no `RE`) replayed as it stands ([`GgfGame::replay`]). The
/// Python module's `Game.from_ggf` reads GGF through this.
///
/// ```
/// use reversi_records::ggf;
/// let games = ggf::replay_all("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]RE[?];)")?;
/// assert_eq!(games[0].moves().len(), 2);
/// # Ok::<(), ggf::GgfError>(())
/// ```
///
/// # Errors
/// A [`GgfError`] for the first game that cannot be read or replayed, naming it.
pub fn replay_all(text: &str) -> Result<Vec<Game>, GgfError> {
    games(text).enumerate().map(|(i, g)| g?.replay(i + 1)).collect()
}

/// Writes records as GGF, one game per line.
///
/// # Errors
/// [`GgfError::Unsupported`] (naming the game) for a board GGS does not have.
pub fn write_records(records: &[GameRecord]) -> Result<String, GgfError> {
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        let game = GgfGame::from_record(record).map_err(|e| match e {
            GgfError::Unsupported { what, .. } => GgfError::Unsupported { game: i + 1, what },
            other => other,
        })?;
        out.push_str(&game.to_ggf());
        out.push('\n');
    }
    Ok(out)
}
