//! The errors of reading and building rules and of playing a game.

use reversi_core::{Bitboard, Color, Geometry, GeometryError, MoveError, ParseSquareError, Square};

/// Why text is not a rules option ([`Board`](crate::Board), [`Blocked`](crate::Blocked),
/// [`Handicap`](crate::Handicap), [`Opening`](crate::Opening) or
/// [`Scoring`](crate::Scoring)). Each variant keeps the whole text and says what is wrong in
/// it; [`option`](ParseOptionError::option) names the option. Values that read but make
/// impossible rules (an odd side, a count of 5) are [`RulesError`]s when the rules are built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseOptionError {
    /// Neither `WxH` (each side a number below 256; the rules want 4 to 16) nor `octagon`.
    #[error("{text:?} is not a board size: expected WxH (such as 8x8) or octagon")]
    Board {
        /// The text that was given.
        text: String,
    },
    /// None of the blocked-cell forms.
    #[error("{text:?} is not a blocked-cell option: expected none, random, a count 1-4 or cells such as c3,f7")]
    Blocked {
        /// The text that was given.
        text: String,
    },
    /// Neither `none` nor `COLOUR:…`.
    #[error("{text:?} is not a handicap: expected none, COLOUR:N or COLOUR:CELLS (such as white:2 or black:a1,h8)")]
    Handicap {
        /// The text that was given.
        text: String,
    },
    /// A handicap colour that is not a colour.
    #[error("{text:?} is not a handicap: {color:?} is not a colour (black, white, b, w, x or o)")]
    Color {
        /// The text that was given.
        text: String,
        /// The colour at fault, as written.
        color: String,
    },
    /// A blocked or handicap count too large to be read (the rules want 1 to 4).
    #[error("{text:?} is not {}: the count must be from 1 to 4", noun(option))]
    Count {
        /// `blocked` or `handicap`.
        option: &'static str,
        /// The text that was given.
        text: String,
    },
    /// A name in a list of cells that is not a cell name.
    #[error("{text:?} is not {}: {cell:?} is not a cell name", noun(option))]
    Cell {
        /// `blocked` or `handicap`.
        option: &'static str,
        /// The text that was given.
        text: String,
        /// The cell name at fault, as written.
        cell: String,
        /// What is wrong with it.
        #[source]
        source: ParseSquareError,
    },
    /// A cell listed twice.
    #[error("{text:?} is not {}: {cell} is listed twice", noun(option))]
    RepeatedCell {
        /// `blocked` or `handicap`.
        option: &'static str,
        /// The text that was given.
        text: String,
        /// The repeated cell.
        cell: Square,
    },
    /// Neither `standard` nor `free`.
    #[error("{text:?} is not an opening: expected standard or free")]
    Opening {
        /// The text that was given.
        text: String,
    },
    /// Neither `discs` nor `wof`.
    #[error("{text:?} is not a scoring: expected discs or wof")]
    Scoring {
        /// The text that was given.
        text: String,
    },
}

/// The option with its article, for messages.
fn noun(option: &str) -> &'static str {
    if option == "handicap" { "a handicap" } else { "a blocked-cell option" }
}

impl ParseOptionError {
    /// The option the text was for: `board`, `blocked`, `handicap`, `opening` or `scoring`.
    #[must_use]
    pub fn option(&self) -> &'static str {
        match self {
            ParseOptionError::Board { .. } => "board",
            ParseOptionError::Blocked { .. } => "blocked",
            ParseOptionError::Handicap { .. } | ParseOptionError::Color { .. } => "handicap",
            ParseOptionError::Count { option, .. }
            | ParseOptionError::Cell { option, .. }
            | ParseOptionError::RepeatedCell { option, .. } => option,
            ParseOptionError::Opening { .. } => "opening",
            ParseOptionError::Scoring { .. } => "scoring",
        }
    }
}

/// Why a set of rules, or a table layout under them, is impossible. Each variant names the
/// field at fault (see [`RulesError::field`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A side of a rectangular board is odd or outside 4 to 16.
    #[error(transparent)]
    Size(#[from] GeometryError),
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
    /// A fixed layout names more than four cells: the rules block one to four.
    #[error("blocked cells: a fixed layout names {count} cells, at most 4 may be blocked")]
    BlockedTooMany {
        /// The number of cells that were given.
        count: u32,
    },
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
            RulesError::Size(_) => "board",
            RulesError::HandicapOnOctagon
            | RulesError::HandicapCount { .. }
            | RulesError::HandicapNoCorner
            | RulesError::HandicapNotCorner { .. } => "handicap",
            RulesError::SeedRequired | RulesError::LayoutMismatch { .. } => "seed",
            RulesError::BlockedCount { .. }
            | RulesError::BlockedEmpty
            | RulesError::BlockedTooMany { .. }
            | RulesError::BlockedOffBoard { .. }
            | RulesError::BlockedUnplayable { .. }
            | RulesError::BlockedInCentre { .. }
            | RulesError::BlockedOnHandicap { .. }
            | RulesError::TooFewEligible { .. }
            | RulesError::LayoutNotAllowed { .. } => "blocked",
        }
    }
}

/// Why a position cannot start a game under a set of rules (see
/// [`Game::from_position`](crate::Game::from_position)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The position's board is not the rules' board: another size, or another shape (a cell
    /// playable in the position that the rules' board does not have).
    #[error(
        "the position's board ({found}, {} playable cells) is not the rules' board ({expected}, {} playable cells) or a part of it",
        found.playable().len(),
        expected.playable().len()
    )]
    Board {
        /// The rules' board, before any cell is blocked.
        expected: Geometry,
        /// The position's board.
        found: Geometry,
    },
    /// A disc lies on a cell that the table blocks.
    #[error("cell {square} holds a disc but the table blocks it")]
    DiscOnBlocked {
        /// The cell.
        square: Square,
    },
    /// The position blocks cells, and they are not the table's layout (the seed's, or the
    /// rules' fixed cells).
    #[error("the position blocks {found:?} but the table blocks {expected:?}")]
    BlockedMismatch {
        /// The table's blocked cells.
        expected: Bitboard,
        /// The position's blocked cells.
        found: Bitboard,
    },
    /// The blocked cells are not a layout the rules allow, or the seed is missing or unused.
    #[error(transparent)]
    Layout(RulesError),
    /// A cell of the central 2×2 is empty: every game reaches normal play with the centre
    /// filled, and no move empties a cell (a free opening is set up from its start).
    #[error("centre cell {square} is empty: play leaves no central cell empty")]
    EmptyCentre {
        /// The cell.
        square: Square,
    },
    /// A handicap corner does not hold its handicap disc: a corner disc is never flipped.
    #[error("handicap corner {square} must hold a {color} disc, which nothing flips")]
    HandicapCorner {
        /// The corner.
        square: Square,
        /// The colour of the rules' handicap discs.
        color: Color,
    },
}

/// Why a move cannot be played. The game is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A move that the board's rules refuse, as the core's
    /// [`Position::play`](reversi_core::Position::play) and
    /// [`Position::pass`](reversi_core::Position::pass) say: the game is over, a cell off the
    /// board, unplayable or occupied, a disc that flips nothing, a pass while a move exists.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// During the free opening, a cell outside the central 2×2.
    #[error("{square} is outside the centre: the free opening fills the central 2x2 first")]
    OutsideCentre {
        /// The cell.
        square: Square,
    },
}

/// Why text is not [`Rules`](crate::Rules): a key or value of the one-line form that
/// `Rules` displays, or rules that cannot be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRulesError {
    /// A word after the first that is not `key=value`.
    #[error("expected key=value, found {found:?}")]
    NotKeyValue {
        /// The word.
        found: String,
    },
    /// A key other than `board`, `blocked`, `handicap`, `opening` and `scoring`.
    #[error("unknown key {key:?}: expected board, blocked, handicap, opening or scoring")]
    UnknownKey {
        /// The key.
        key: String,
    },
    /// A key given twice.
    #[error("{key} is given twice")]
    RepeatedKey {
        /// The key.
        key: String,
    },
    /// A value that is not its option.
    #[error("invalid {key} value")]
    Option {
        /// The key.
        key: &'static str,
        /// What is wrong with the value.
        #[source]
        source: ParseOptionError,
    },
    /// Options that read but make impossible rules.
    #[error("impossible rules")]
    Rules(#[source] RulesError),
}
