//! The rules of a table: board, blocked cells, handicap, opening and scoring (docs/rules.md §3).

use core::fmt;

use reversi_core::{Bitboard, Color, Geometry, Position};

use crate::RulesError;
use crate::layout;

/// The shape of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "lowercase", expecting = r#"a board: "octagon" or {"rectangle": {"width": 8, "height": 8}}"#)
)]
pub enum Board {
    /// A `width × height` rectangle, each side even and from 4 to 16.
    Rectangle {
        /// The number of columns.
        width: u8,
        /// The number of rows.
        height: u8,
    },
    /// The Octagon (GGS board `88`): 10×10 with three cells cut at each corner.
    Octagon,
}

impl Board {
    /// The standard 8×8 board.
    pub const STANDARD: Board = Board::Rectangle { width: 8, height: 8 };

    /// The board's geometry, with every cell of its shape playable.
    ///
    /// # Errors
    /// [`RulesError::Size`] if a side is odd or outside 4 to 16.
    pub fn geometry(self) -> Result<Geometry, RulesError> {
        match self {
            Board::Octagon => Ok(Geometry::octagon()),
            Board::Rectangle { width, height } => Ok(Geometry::rectangle(width, height)?),
        }
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::STANDARD
    }
}

impl fmt::Display for Board {
    /// `WxH` or `octagon`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Rectangle { width, height } => write!(f, "{width}x{height}"),
            Board::Octagon => f.write_str("octagon"),
        }
    }
}

/// Which cells are blocked before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        rename_all = "lowercase",
        expecting = r#"blocked cells: "none", "random", {"count": 2} or {"fixed": ["b2", "g7"]}"#
    )
)]
pub enum Blocked {
    /// No blocked cell.
    #[default]
    None,
    /// A random number (1 to 4) of random eligible cells, drawn from the table's seed.
    Random,
    /// This many (1 to 4) random eligible cells, drawn from the table's seed.
    Count(u8),
    /// These cells (1 to 4), whatever the seed: for puzzles and tests.
    Fixed(Bitboard),
}

impl fmt::Display for Blocked {
    /// The flag form: `none`, `random`, a count, or cells such as `c3,f7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::None => f.write_str("none"),
            Blocked::Random => f.write_str("random"),
            Blocked::Count(n) => write!(f, "{n}"),
            Blocked::Fixed(cells) => write_cells(f, *cells),
        }
    }
}

fn write_cells(f: &mut fmt::Formatter<'_>, cells: Bitboard) -> fmt::Result {
    for (i, sq) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{sq}")?;
    }
    Ok(())
}

/// Which discs are placed on corners before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        rename_all = "lowercase",
        expecting = r#"a handicap: "none", {"count": {"color": "white", "count": 2}} or {"corners": {"color": "black", "corners": ["a1"]}}"#
    )
)]
pub enum Handicap {
    /// No handicap.
    #[default]
    None,
    /// Discs of `color` on these corners.
    Corners {
        /// The colour of the handicap discs.
        color: Color,
        /// The corners, 1 to 4 of them.
        corners: Bitboard,
    },
    /// Discs of `color` on the first `count` corners in the order of the rules: `a1`, the
    /// bottom-right, the top-right, the bottom-left.
    Count {
        /// The colour of the handicap discs.
        color: Color,
        /// How many corners, 1 to 4.
        count: u8,
    },
}

impl fmt::Display for Handicap {
    /// The flag form: `none`, `white:2`, or a colour and corners such as `black:a1,h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Handicap::None => f.write_str("none"),
            Handicap::Count { color, count } => write!(f, "{color}:{count}"),
            Handicap::Corners { color, corners } => {
                write!(f, "{color}:")?;
                write_cells(f, *corners)
            }
        }
    }
}

/// How the game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase", expecting = r#"an opening: "standard" or "free""#))]
pub enum Opening {
    /// Two discs of each colour on the central 2×2, crossed.
    #[default]
    Standard,
    /// An empty centre, filled by the first four moves (Black, White, Black, White), which
    /// flip nothing.
    Free,
}

impl fmt::Display for Opening {
    /// `standard` or `free`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Opening::Standard => "standard",
            Opening::Free => "free",
        })
    }
}

/// How the final score is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase", expecting = r#"a scoring: "discs" or "wof""#))]
pub enum Scoring {
    /// Each player scores their discs.
    #[default]
    Discs,
    /// World Othello Federation scoring: the empty cells go to the winner; a draw splits them
    /// (an odd one left over goes to nobody, so that a draw stays a draw).
    Wof,
}

impl fmt::Display for Scoring {
    /// `discs` or `wof`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scoring::Discs => "discs",
            Scoring::Wof => "wof",
        })
    }
}

/// A complete, valid set of rules. Build one with [`Rules::builder`]; every combination of
/// options that makes sense is allowed, and every other is a [`RulesError`].
///
/// ```
/// use reversi_variants::{Blocked, Board, Handicap, Rules};
/// use reversi_core::Color;
///
/// let rules = Rules::builder()
///     .board(Board::Rectangle { width: 10, height: 8 })
///     .blocked(Blocked::Count(2))
///     .handicap(Handicap::Count { color: Color::White, count: 2 })
///     .build()?;
/// assert_eq!(rules.handicap_corners().to_string(), "a1 j8");
///
/// let err = Rules::builder().board(Board::Octagon).handicap(Handicap::Count { color: Color::Black, count: 1 }).build();
/// assert_eq!(err.unwrap_err().field(), "handicap");
/// # Ok::<(), reversi_variants::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "RulesBuilder", try_from = "RulesBuilder"))]
pub struct Rules {
    board: Board,
    blocked: Blocked,
    handicap: Handicap,
    opening: Opening,
    scoring: Scoring,
    // Derived from the fields above when the rules are built.
    geometry: Geometry,
    handicap_corners: Bitboard,
}

impl Default for Rules {
    /// 8×8, standard opening, no blocked cell, no handicap, disc scoring.
    fn default() -> Rules {
        RulesBuilder::default().build().expect("the standard rules are valid")
    }
}

impl fmt::Display for Rules {
    /// Every option on one line: `8x8 blocked=random handicap=none opening=standard scoring=discs`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} blocked={} handicap={} opening={} scoring={}",
            self.board, self.blocked, self.handicap, self.opening, self.scoring
        )
    }
}

impl Rules {
    /// A builder starting from the standard rules.
    #[must_use]
    pub fn builder() -> RulesBuilder {
        RulesBuilder::default()
    }

    /// A builder holding these rules, to change some of them.
    #[must_use]
    pub fn to_builder(&self) -> RulesBuilder {
        RulesBuilder {
            board: self.board,
            blocked: self.blocked.clone(),
            handicap: self.handicap.clone(),
            opening: self.opening,
            scoring: self.scoring,
        }
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The blocked-cell option.
    #[must_use]
    pub const fn blocked(&self) -> &Blocked {
        &self.blocked
    }

    /// The handicap option.
    #[must_use]
    pub const fn handicap(&self) -> &Handicap {
        &self.handicap
    }

    /// The opening.
    #[must_use]
    pub const fn opening(&self) -> Opening {
        self.opening
    }

    /// The scoring.
    #[must_use]
    pub const fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The board's shape, before any cell is blocked.
    #[must_use]
    pub const fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The colour of the handicap discs, if any.
    #[must_use]
    pub const fn handicap_color(&self) -> Option<Color> {
        match self.handicap {
            Handicap::None => None,
            Handicap::Corners { color, .. } | Handicap::Count { color, .. } => Some(color),
        }
    }

    /// The corners that hold a handicap disc (empty without handicap).
    #[must_use]
    pub const fn handicap_corners(&self) -> Bitboard {
        self.handicap_corners
    }

    /// The cells a random layout may block: playable, outside the central 4×4 and not a
    /// handicap corner.
    #[must_use]
    pub fn eligible_cells(&self) -> Bitboard {
        layout::eligible_cells(&self.geometry, self.handicap_corners)
    }

    /// The blocked cells of a table under these rules: none, the fixed cells, or the layout
    /// drawn from `seed` by the algorithm of the [crate docs](crate#the-layout-of-blocked-cells).
    ///
    /// # Errors
    /// [`RulesError::SeedRequired`] if the layout is random and `seed` is `None`.
    pub fn blocked_cells(&self, seed: Option<u64>) -> Result<Bitboard, RulesError> {
        let count = match &self.blocked {
            Blocked::None => return Ok(Bitboard::EMPTY),
            Blocked::Fixed(cells) => return Ok(*cells),
            Blocked::Random => None,
            Blocked::Count(n) => Some(*n),
        };
        let seed = seed.ok_or(RulesError::SeedRequired)?;
        Ok(layout::draw(seed, count, self.eligible_cells()))
    }

    /// Checks that `cells` is a layout these rules can produce from some seed (or, for fixed
    /// cells, exactly those cells): for replaying a stored table.
    ///
    /// # Errors
    /// [`RulesError::LayoutNotAllowed`] if it is not.
    pub fn check_blocked(&self, cells: Bitboard) -> Result<(), RulesError> {
        let not_allowed = |reason| Err(RulesError::LayoutNotAllowed { cells, reason });
        let (low, high) = match &self.blocked {
            Blocked::None if cells.is_empty() => return Ok(()),
            Blocked::None => return not_allowed("the rules block no cell"),
            Blocked::Fixed(fixed) if *fixed == cells => return Ok(()),
            Blocked::Fixed(_) => return not_allowed("the rules fix other cells"),
            Blocked::Random => (1, 4),
            Blocked::Count(n) => (u32::from(*n), u32::from(*n)),
        };
        if !cells.is_subset(self.eligible_cells()) {
            return not_allowed("a cell is not eligible (off the board, unplayable, central 4x4 or handicap corner)");
        }
        if !(low..=high).contains(&cells.len()) {
            return not_allowed("wrong number of cells for the rules");
        }
        Ok(())
    }

    /// The position before the first move, with `blocked` cells unplayable: the handicap discs,
    /// and the four central discs unless the opening is free. Black moves first.
    ///
    /// # Errors
    /// [`RulesError::LayoutNotAllowed`] if `blocked` is not allowed (see
    /// [`check_blocked`](Rules::check_blocked)).
    pub fn start_position(&self, blocked: Bitboard) -> Result<Position, RulesError> {
        self.check_blocked(blocked)?;
        let geometry = self.geometry.with_unplayable(blocked).expect("checked cells are on the board");
        let start = match self.opening {
            Opening::Standard => Position::start(geometry).expect("the centre is never blocked"),
            Opening::Free => Position::empty(geometry, Color::Black),
        };
        let mut black = start.discs(Color::Black);
        let mut white = start.discs(Color::White);
        match self.handicap_color() {
            Some(Color::Black) => black |= self.handicap_corners,
            Some(Color::White) => white |= self.handicap_corners,
            None => {}
        }
        Ok(Position::from_parts(geometry, black, white, Color::Black).expect("corners are playable, off the centre"))
    }
}

/// Builds [`Rules`], checking them. Starts from the standard rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        deny_unknown_fields,
        default,
        expecting = "the rules: an object of board, blocked, handicap, opening and scoring, each optional"
    )
)]
pub struct RulesBuilder {
    board: Board,
    blocked: Blocked,
    handicap: Handicap,
    opening: Opening,
    scoring: Scoring,
}

impl RulesBuilder {
    /// Sets the board.
    #[must_use]
    pub fn board(mut self, board: Board) -> RulesBuilder {
        self.board = board;
        self
    }

    /// Sets the blocked cells.
    #[must_use]
    pub fn blocked(mut self, blocked: Blocked) -> RulesBuilder {
        self.blocked = blocked;
        self
    }

    /// Sets the handicap.
    #[must_use]
    pub fn handicap(mut self, handicap: Handicap) -> RulesBuilder {
        self.handicap = handicap;
        self
    }

    /// Sets the opening.
    #[must_use]
    pub fn opening(mut self, opening: Opening) -> RulesBuilder {
        self.opening = opening;
        self
    }

    /// Sets the scoring.
    #[must_use]
    pub fn scoring(mut self, scoring: Scoring) -> RulesBuilder {
        self.scoring = scoring;
        self
    }

    /// Checks the options and builds the rules.
    ///
    /// # Errors
    /// A [`RulesError`] naming the field at fault: an odd or out-of-range size; a handicap on
    /// the Octagon, of a count other than 1 to 4, or on a cell that is not a corner; a blocked
    /// count other than 1 to 4; a fixed layout of more than 4 cells; a fixed blocked cell off
    /// the board, unplayable, in the central 4×4 or on a handicap corner; more blocked cells
    /// than the board has eligible cells.
    pub fn build(self) -> Result<Rules, RulesError> {
        let geometry = self.board.geometry()?;
        let handicap_corners = handicap_corners(&self.board, &geometry, &self.handicap)?;
        let eligible = layout::eligible_cells(&geometry, handicap_corners);
        let needed = match &self.blocked {
            Blocked::None => 0,
            Blocked::Random => 4,
            Blocked::Count(count) => {
                if !(1..=4).contains(count) {
                    return Err(RulesError::BlockedCount { count: *count });
                }
                *count
            }
            Blocked::Fixed(cells) => {
                check_fixed(&geometry, handicap_corners, *cells)?;
                0
            }
        };
        if eligible.len() < u32::from(needed) {
            return Err(RulesError::TooFewEligible { needed, eligible: eligible.len() });
        }
        let RulesBuilder { board, blocked, handicap, opening, scoring } = self;
        Ok(Rules { board, blocked, handicap, opening, scoring, geometry, handicap_corners })
    }
}

fn handicap_corners(board: &Board, geometry: &Geometry, handicap: &Handicap) -> Result<Bitboard, RulesError> {
    if *handicap == Handicap::None {
        return Ok(Bitboard::EMPTY);
    }
    if *board == Board::Octagon {
        return Err(RulesError::HandicapOnOctagon);
    }
    let order = geometry.corners();
    match handicap {
        Handicap::None => Ok(Bitboard::EMPTY),
        Handicap::Count { count, .. } => {
            if !(1..=4).contains(count) {
                return Err(RulesError::HandicapCount { count: *count });
            }
            Ok(order[..usize::from(*count)].iter().copied().collect())
        }
        Handicap::Corners { corners, .. } => {
            if corners.is_empty() {
                return Err(RulesError::HandicapNoCorner);
            }
            let all: Bitboard = order.into_iter().collect();
            match (*corners - all).first() {
                Some(square) => {
                    Err(RulesError::HandicapNotCorner { square, width: geometry.width(), height: geometry.height() })
                }
                None => Ok(*corners),
            }
        }
    }
}

/// The most cells any layout blocks (docs/rules.md §3), fixed layouts included.
const MAX_BLOCKED: u32 = 4;

fn check_fixed(geometry: &Geometry, handicap_corners: Bitboard, cells: Bitboard) -> Result<(), RulesError> {
    if cells.is_empty() {
        return Err(RulesError::BlockedEmpty);
    }
    if cells.len() > MAX_BLOCKED {
        return Err(RulesError::BlockedTooMany { count: cells.len() });
    }
    let centre = geometry.central_zone(2);
    for square in cells {
        if !geometry.contains(square) {
            return Err(RulesError::BlockedOffBoard { square });
        }
        if !geometry.is_playable(square) {
            return Err(RulesError::BlockedUnplayable { square });
        }
        if centre.contains(square) {
            return Err(RulesError::BlockedInCentre { square });
        }
        if handicap_corners.contains(square) {
            return Err(RulesError::BlockedOnHandicap { square });
        }
    }
    Ok(())
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesBuilder {
    fn from(rules: Rules) -> RulesBuilder {
        rules.to_builder()
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesBuilder> for Rules {
    type Error = RulesError;
    fn try_from(builder: RulesBuilder) -> Result<Rules, RulesError> {
        builder.build()
    }
}
