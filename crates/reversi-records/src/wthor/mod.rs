//! WTHOR, the French Othello Federation's binary database of 8×8 tournament games.
//!
//! A game file (`.wtb`) is a 16-byte [`WthorHeader`] followed by 68-byte game records:
//! tournament number, Black's and White's player numbers (each a little-endian `u16`), Black's
//! recorded score, the theoretical score, then 60 move bytes. A move byte is `10 × row + column`,
//! both from 1 (`11` is `a1`, `88` is `h8`); `0` fills the bytes after the last move. Passes
//! are not written: they follow from the rules. The recorded score is Black's discs with the
//! empty cells given to the winner (WOF scoring), which for a game stopped early (a resignation
//! or a time loss) is not the board's count.
//!
//! The player (`.JOU`) and tournament (`.TRN`) files share the header and then hold fixed-size,
//! NUL-padded Latin-1 names: 20 bytes for a player, 26 for a tournament ([`NameFile`]).

mod file;
mod names;
mod replay;

pub use file::{DateField, ScoreField, WthorDate, WthorError, WthorFile, WthorGame, WthorHeader};
pub use names::{NameFile, NameKind};
pub use replay::{IllegalWthorMove, WthorReplay, WthorSummary};

/// The length of the header of every WTHOR file.
pub const HEADER_LEN: usize = 16;
/// The length of one game record of an 8×8 `.wtb` file.
pub const GAME_LEN: usize = 68;
/// The number of move bytes of a game record.
pub const MOVE_BYTES: usize = 60;
