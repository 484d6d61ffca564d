//! How a recorded game ended: played out, resigned, on time, agreed or unfinished. Its own
//! module, below both the result that holds it and the errors that name it.

use core::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", expecting = "an ending: played_out, resigned, time, agreed or unfinished")]
#[non_exhaustive]
pub enum Ending {
    /// Played until neither side could move; the scores are the rules' count.
    PlayedOut,
    /// The loser resigned.
    Resigned,
    /// The loser ran out of time.
    Time,
    /// The players agreed on the result before the end.
    Agreed,
    /// Stopped before the end with no result claimed: a player left, or the program was
    /// quit. The scores are the discs on the board after the last move (whatever the rules'
    /// scoring, which counts only a finished game), and nobody won.
    Unfinished,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::PlayedOut => "played out",
            Ending::Resigned => "resignation",
            Ending::Time => "time",
            Ending::Agreed => "agreement",
            Ending::Unfinished => "unfinished",
        })
    }
}
