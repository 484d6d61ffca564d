//! A static evaluation for every geometry: a weighted sum of the [analysis](crate::analysis)
//! features, with one set of weights per game phase.
//!
//! No table is made per board: the cells that play the part of corners, of the cells next to
//! them and of edges are found from the geometry (see [`Evaluator::new`]), so a blocked cell or
//! the Octagon's cut makes its own corners. The weights ([`WEIGHTS`]) are fitted by
//! least squares on the positions of real 8×8 games labelled by their final result; the fit is
//! `examples/tune.rs` of the workspace (see [`weights`] for how to rerun it).
//!
//! ```
//! use reversi_core::Position;
//! use reversi_engine::eval::Evaluator;
//!
//! let pos = Position::default();
//! let eval = Evaluator::new(pos.geometry());
//! // The start is symmetric: a small value, in hundredths of a disc for the side to move.
//! assert!(eval.evaluate(&pos).abs() < 300);
//! ```

pub mod weights;

use reversi_core::{Bitboard, Color, Geometry, Position};

use crate::analysis::shift::neighbours;
use crate::analysis::{Walls, stable_discs_with};
pub use weights::WEIGHTS;

/// The number of features.
pub const FEATURES: usize = 10;
/// The number of game phases, each with its own weights.
pub const PHASES: usize = 6;

/// The names of the features, in the order of [`Evaluator::features`] and of each row of
/// [`WEIGHTS`]. Each feature but the first two is the side to move's count minus the
/// opponent's.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",      // 1: the value of having the move
    "parity",    // +1 if the number of empty cells is odd (the mover would play last), else -1
    "discs",     // discs
    "mobility",  // legal moves
    "potential", // empty cells next to an opponent disc
    "frontier",  // discs next to an empty cell
    "stable",    // stable discs
    "corners",   // discs on cells walled in all four lines
    "danger",    // discs next to an empty corner cell
    "edges",     // discs on cells walled in three lines
];

/// The static evaluation of the positions of one board.
#[derive(Clone, Debug)]
pub struct Evaluator {
    geometry: Geometry,
    walls: Walls,
    playable: u32,
    corners: Bitboard,
    edges: Bitboard,
}

/// Hundredths of a disc.
pub type Centidiscs = i32;

impl Evaluator {
    /// The evaluation for positions on `geometry`: its corner cells (walled in all four
    /// lines), edge cells (walled in three) are computed here once.
    #[must_use]
    pub fn new(geometry: &Geometry) -> Evaluator {
        let walls = Walls::of(geometry);
        let corners = walls.corners();
        let edges = walls.walled_in(3) - corners;
        Evaluator { geometry: *geometry, walls, playable: geometry.playable().len(), corners, edges }
    }

    /// Whether this evaluation is the one for `geometry`.
    #[must_use]
    pub fn is_for(&self, geometry: &Geometry) -> bool {
        self.geometry == *geometry
    }

    /// The phase of `position`, from 0 (start) to `PHASES - 1` (end), by the share of the
    /// playable cells that hold a disc.
    #[must_use]
    pub fn phase(&self, position: &Position) -> usize {
        let filled = self.playable - position.empty_cells().len();
        ((filled as usize * PHASES) / (self.playable as usize + 1)).min(PHASES - 1)
    }

    /// The features of `position` from its side to move's view, in the order of
    /// [`FEATURE_NAMES`].
    #[must_use]
    pub fn features(&self, position: &Position) -> [i32; FEATURES] {
        let me = position.side_to_move();
        let (mine, theirs) = (position.discs(me), position.discs(!me));
        let empty = position.empty_cells();
        let diff = |set: Bitboard| (mine & set).len() as i32 - (theirs & set).len() as i32;
        let mobility = |c: Color| position.with_side_to_move(c).legal_moves().len() as i32;
        let near_empty = neighbours(empty);
        let stable = stable_discs_with(position, &self.walls);
        let danger = self.danger_cells(position);
        [
            1,
            if empty.len() % 2 == 1 { 1 } else { -1 },
            mine.len() as i32 - theirs.len() as i32,
            mobility(me) - mobility(!me),
            (empty & neighbours(theirs)).len() as i32 - (empty & neighbours(mine)).len() as i32,
            diff(near_empty),
            diff(stable),
            diff(self.corners),
            diff(danger),
            diff(self.edges),
        ]
    }

    /// The cells walled in all four lines, where a disc can never flip: the board's corners,
    /// whatever makes them so.
    #[must_use]
    pub const fn corner_cells(&self) -> Bitboard {
        self.corners
    }

    /// The cells next to an empty corner cell of `position`: a disc there tends to give the
    /// corner away.
    #[must_use]
    pub fn danger_cells(&self, position: &Position) -> Bitboard {
        (neighbours(self.corners & position.empty_cells()) & self.walls.playable()) - self.corners
    }

    /// The value of `position` for its side to move, in hundredths of a disc: the expected
    /// final disc difference.
    #[must_use]
    pub fn evaluate(&self, position: &Position) -> Centidiscs {
        let weights = &WEIGHTS[self.phase(position)];
        let features = self.features(position);
        let sum: i64 = features.iter().zip(weights).map(|(&f, &w)| i64::from(f) * i64::from(w)).sum();
        // The board's cell count bounds any real difference; keep estimates inside it.
        let bound = i64::from(self.playable) * 100 - 1;
        sum.clamp(-bound, bound) as i32
    }
}
