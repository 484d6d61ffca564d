//! The errors of building rules and of playing a game.

use reversi_core::{Bitboard, Color, MoveError, Square};

/// Why a set of rules, or a table layout under them, is impossible. Each variant names the
/// field at fault (see [`RulesError::field`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A side of a rectangular board is odd or outside 4 to 16.
    #[error("board {field} {value}: must be even and from 4 to 16")]
    Size {
        /// `width` or `height`.
        field: &'static str,
        /// The value that was given.
        value: u8,
    },
    /// Handicap discs were asked for on the Octagon, which has no corners.
    #[error("handicap: the Octagon has no corners")]
    HandicapOnOctagon,
    /// A handicap count is not from 1 to 4.
    #[error("handicap count {count}: must be from 1 to 4")]
    HandicapCount {
        /// The count that was given.
        count: u8,
    },
    /// The handicap corners are an empty set.
    #[error("handicap corners: at least one corner is needed")]
    HandicapNoCorner,
    /// A handicap cell is not a corner of the board.
    #[error("handicap corner {square}: not a corner of the {width}x{height} board")]
    HandicapNotCorner {
        /// The cell.
        square: Square,
        /// The board's width.
        width: u8,
        /// The board's height.
        height: u8,
    },
    /// A fixed blocked count is not from 1 to 4.
    #[error("blocked count {count}: must be from 1 to 4")]
    BlockedCount {
        /// The count that was given.
        count: u8,
    },
    /// A fixed layout names no cell; [`Blocked::None`](crate::Blocked::None) says that.
    #[error("blocked cells: a fixed layout needs at least one cell (use none)")]
    BlockedEmpty,
    /// A blocked cell lies outside the board.
    #[error("blocked cell {square}: outside the board")]
    BlockedOffBoard {
        /// The cell.
        square: Square,
    },
    /// A blocked cell is already unplayable (one of the Octagon's cut corners).
    #[error("blocked cell {square}: not a playable cell of the board")]
    BlockedUnplayable {
        /// The cell.
        square: Square,
    },
    /// A blocked cell lies in the central 4×4 zone.
    #[error("blocked cell {square}: inside the central 4x4 zone")]
    BlockedInCentre {
        /// The cell.
        square: Square,
    },
    /// A blocked cell is a corner that holds a handicap disc.
    #[error("blocked cell {square}: a handicap corner")]
    BlockedOnHandicap {
        /// The cell.
        square: Square,
    },
    /// The board has fewer eligible cells than the rules may block.
    #[error("blocked: {needed} cells may be blocked but the board has only {eligible} eligible cells")]
    TooFewEligible {
        /// The largest number of cells the rules may block.
        needed: u8,
        /// The number of eligible cells.
        eligible: u32,
    },
    /// A random layout was asked for without a seed.
    #[error("blocked: a random layout needs a seed")]
    SeedRequired,
    /// Stored blocked cells are not a layout these rules can produce.
    #[error("blocked cells {cells:?}: {reason}")]
    LayoutNotAllowed {
        /// The cells that were given.
        cells: Bitboard,
        /// What is wrong with them.
        reason: &'static str,
    },
    /// Stored blocked cells differ from the layout drawn from the stored seed.
    #[error("blocked cells {found:?} do not match seed {seed}, which gives {expected:?}")]
    LayoutMismatch {
        /// The seed.
        seed: u64,
        /// The layout drawn from the seed.
        expected: Bitboard,
        /// The cells that were given.
        found: Bitboard,
    },
}

impl RulesError {
    /// The field of the rules at fault: `board`, `handicap`, `blocked` or `seed`.
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            RulesError::Size { .. } => "board",
            RulesError::HandicapOnOctagon
            | RulesError::HandicapCount { .. }
            | RulesError::HandicapNoCorner
            | RulesError::HandicapNotCorner { .. } => "handicap",
            RulesError::SeedRequired | RulesError::LayoutMismatch { .. } => "seed",
            RulesError::BlockedCount { .. }
            | RulesError::BlockedEmpty
            | RulesError::BlockedOffBoard { .. }
            | RulesError::BlockedUnplayable { .. }
            | RulesError::BlockedInCentre { .. }
            | RulesError::BlockedOnHandicap { .. }
            | RulesError::TooFewEligible { .. }
            | RulesError::LayoutNotAllowed { .. } => "blocked",
        }
    }
}

/// Why a move cannot be played. The game is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// Neither side can move any more.
    #[error("the game is over")]
    GameOver,
    /// The cell lies outside the board.
    #[error("{square} is outside the board")]
    OffBoard {
        /// The cell.
        square: Square,
    },
    /// The cell is blocked or cut off.
    #[error("{square} is not playable")]
    Unplayable {
        /// The cell.
        square: Square,
    },
    /// The cell already holds a disc.
    #[error("{square} is occupied")]
    Occupied {
        /// The cell.
        square: Square,
    },
    /// A disc there would flip nothing.
    #[error("{square} flips nothing")]
    NoFlips {
        /// The cell.
        square: Square,
    },
    /// During the free opening, a cell outside the central 2×2.
    #[error("{square} is outside the centre: the free opening fills the central 2x2 first")]
    OutsideCentre {
        /// The cell.
        square: Square,
    },
    /// A pass while the mover has a legal move.
    #[error("cannot pass: {color} has a legal move")]
    PassWithMoves {
        /// The mover.
        color: Color,
    },
    /// Another illegal move, as reported by the core's [`Position::play`](reversi_core::Position::play).
    #[error("{0}")]
    Other(MoveError),
}
