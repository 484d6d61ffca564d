//! The engine's levels, 1 (instant) to 10 (strong): each one's search depth, exact-solve
//! threshold and node budget ([`crate::player`] has the table). Below both the player and its
//! character, which read a level's limits.

use core::fmt;
use core::str::FromStr;

use crate::search::Limits;

/// An engine level, 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A number that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid engine level {text:?}: expected a number from 1 to 10")]
pub struct LevelError {
    text: String,
}

/// Depth, exact-solve threshold and node budget of each level, level 1 first. Level 10 is the
/// deepest search that stays near 0.1 s of CPU a move over 8×8 games on the 2-core machine:
/// 13 plies and an exact solve from 17 empties took 59 % of the points against Zebra (its 2002
/// evaluation, no book) at its depth 10 (50 games) for 0.07 s a move, where 14 plies from 18
/// empties took 58 % for 0.17 s and 12 plies from 16 empties 47.5 % (benches/README.md).
const LEVELS: [(u32, u32, u64); 10] = [
    (1, 4, 10_000),
    (2, 6, 20_000),
    (3, 8, 50_000),
    (5, 10, 100_000),
    (7, 12, 250_000),
    (8, 14, 600_000),
    (9, 15, 1_500_000),
    (10, 16, 4_000_000),
    (11, 17, 10_000_000),
    (13, 17, 25_000_000),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(10);

    /// Level `n`.
    ///
    /// # Errors
    /// [`LevelError`] unless `n` is from 1 to 10.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        if (1..=10).contains(&n) { Ok(Level(n)) } else { Err(LevelError { text: n.to_string() }) }
    }

    /// The level's number.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    fn spec(self) -> (u32, u32, u64) {
        LEVELS[usize::from(self.0 - 1)]
    }

    /// The search limits of a move at this level.
    #[must_use]
    pub fn limits(self) -> Limits {
        let (depth, _, nodes) = self.spec();
        Limits::depth(depth).with_nodes(nodes)
    }

    /// The number of empty cells from which this level solves exactly on the standard board
    /// (and on every board of 64 playable cells or more).
    #[must_use]
    pub fn exact_empties(self) -> u32 {
        self.spec().1
    }

    /// The number of empty cells from which this level solves exactly on `geometry`: on a
    /// board of fewer than 64 playable cells, one more for every 7 cells fewer, since a small
    /// board's endgame has fewer moves to try (on 6×6, level 5 took 71.5 % of the points
    /// against the previous engine's level 5 with it, 61 % without; 100 games each).
    #[must_use]
    pub fn exact_empties_on(self, geometry: &reversi_core::Geometry) -> u32 {
        self.exact_empties() + 64u32.saturating_sub(geometry.playable().len()) / 7
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// Parses `1` to `10`.
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.parse::<u8>().ok().and_then(|n| Level::new(n).ok()).ok_or_else(|| LevelError { text: s.to_owned() })
    }
}
