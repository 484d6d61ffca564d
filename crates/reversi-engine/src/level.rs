//! The engine's levels, 1 (instant) to 10 (strong): each one's search depth, exact-solve
//! threshold and node budget ([`crate::player`] has the table). Below both the player and its
//! character, which read a level's limits.

use core::fmt;
use core::str::FromStr;

use reversi_core::Position;

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
/// deepest search that keeps to the CPU a move level 10 has always been given over 8×8 games,
/// so that a platform's strongest bot costs what it did; each level beats the one two below it
/// (the figures: `benches/README.md`, Engine). From level 4 up the
/// depths are set for the search's probable cut-offs at their default width
/// ([`Selectivity::default`](crate::search::Selectivity)): a narrower width makes a ply
/// cheaper, and the levels spend the saving on depth.
const LEVELS: [(u32, u32, u64); 10] = [
    (1, 4, 10_000),
    (2, 6, 20_000),
    (3, 8, 50_000),
    (6, 10, 100_000),
    (8, 12, 250_000),
    (9, 14, 600_000),
    (10, 15, 1_500_000),
    (11, 16, 4_000_000),
    (12, 17, 10_000_000),
    (14, 17, 25_000_000),
];

/// The empty cells from which a level searches deeper ([`Level::limits_for`]): the tree is
/// narrow there, so that plies cost few nodes, and they pay: each one more cuts the loss
/// against perfect play.
const LATE_EMPTIES: u32 = 24;

/// The plies a level adds from [`LATE_EMPTIES`] empty cells down.
const LATE_PLIES: u32 = 4;

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

    /// The search limits of a move at this level far from the end (more than 24 empty
    /// cells) on the standard board: depth, node budget and exact-solve threshold;
    /// [`limits_for`](Level::limits_for) gives a position's.
    #[must_use]
    pub fn limits(self) -> Limits {
        let (depth, exact_empties, nodes) = self.spec();
        Limits::depth(depth).with_nodes(nodes).with_coarse_nodes().with_exact_empties(exact_empties)
    }

    /// The search limits of a move at this level from `position`: from 24 empty cells down,
    /// 4 plies deeper (up to level 10's 14), under the same node budget, since the tree is
    /// narrow near the end and plies pay there most; exact solves from
    /// [`exact_empties_on`](Level::exact_empties_on) the position's board. (The scoring is the
    /// game's: [`Limits::with_scoring`].)
    #[must_use]
    pub fn limits_for(self, position: &Position) -> Limits {
        let (depth, _, nodes) = self.spec();
        let deepest = LEVELS[LEVELS.len() - 1].0;
        let depth = if position.empty_cells().len() <= LATE_EMPTIES {
            depth.max((depth + LATE_PLIES).min(deepest))
        } else {
            depth
        };
        Limits::depth(depth)
            .with_nodes(nodes)
            .with_coarse_nodes()
            .with_exact_empties(self.exact_empties_on(position.geometry()))
    }

    /// The number of empty cells from which this level solves exactly on the standard board
    /// (and on every board of 64 playable cells or more).
    #[must_use]
    pub fn exact_empties(self) -> u32 {
        self.spec().1
    }

    /// The number of empty cells from which this level solves exactly on `geometry`: on a
    /// board of fewer than 64 playable cells, one more for every 7 cells fewer, since a small
    /// board's endgame has fewer moves to try, and the earlier solve plays stronger.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard start after the first legal move, or a pass, until `empties` cells are left.
    fn position_with(empties: u32) -> Position {
        let mut position = Position::default();
        while position.empty_cells().len() > empties {
            match position.legal_moves().first() {
                Some(square) => {
                    position.play(square).expect("a legal move");
                }
                None => position.pass().expect("the game goes on"),
            }
        }
        position
    }

    fn depth(level: u8, empties: u32) -> Option<u32> {
        Level::new(level).unwrap().limits_for(&position_with(empties)).max_depth()
    }

    #[test]
    fn levels_search_deeper_from_24_empties_up_to_level_10s_depth() {
        assert_eq!(depth(5, 60), Some(8));
        assert_eq!(depth(5, 25), Some(8));
        assert_eq!(depth(5, 24), Some(12));
        assert_eq!(depth(1, 20), Some(5));
        assert_eq!(depth(8, 22), Some(14));
        assert_eq!(depth(10, 22), Some(14));
        assert_eq!(depth(10, 40), Some(14));
        for n in 1..=10 {
            let level = Level::new(n).unwrap();
            let late = level.limits_for(&position_with(20));
            assert_eq!(late.max_nodes(), level.limits().max_nodes(), "level {n}: the same node budget");
            assert!(late.max_depth() >= level.limits().max_depth(), "level {n}");
        }
    }
}
