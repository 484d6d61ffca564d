//! A static evaluation for every geometry: a weighted sum of the [analysis](crate::analysis)
//! features and of the shapes of the edges ([`EDGE_PATTERN_FILLINGS`]), with one set of
//! weights per game phase.
//!
//! No table is made per board: the cells that play the part of corners, of the cells next to
//! them and of edges are found from the geometry (see [`Evaluator::new`]), so a blocked cell or
//! the Octagon's cut makes its own corners. The weights ([`WEIGHTS`]) are fitted by
//! least squares on the positions of real 8×8 games, labelled by the result of perfect play
//! from 24 empties on (the WTHOR files' theoretical scores) and after that by the games'
//! results; the fit is `tools/src/bin/tune.rs` of the workspace (see [`weights`] for how to rerun
//! it). 8×8 with blocked cells, 10×10, the Octagon and 6×6 have weights of their own, fitted
//! on the engine's self-play games on each board ([`boards`]).
//!
//! On the standard 8×8 board, from 32 empty cells down, the features are weighed instead by
//! the weights of a band of empties and joined by [patterns] (edges, corners, rows and
//! diagonals, 46 placements read from a table). Up to 20 empties they are fitted on positions
//! labelled with their exact value, and err a quarter to a third less than the features
//! alone; above, on the value of a search down to the band below. The solver's move
//! ordering and probable cut-offs turn them into fewer nodes.
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

pub mod boards;
mod edges;
pub(crate) mod indices;
pub mod patterns;
mod shapes;
pub mod weights;
pub(crate) mod words;

use reversi_core::{Bitboard, Geometry, Position};

use crate::analysis::shift::{Line, backward, forward, neighbours};
use crate::analysis::{Walls, stable_discs_with};
use boards::FeatureWeights;
use edges::EdgeWindows;
pub use edges::{EDGE_PATTERN_FILLINGS, EDGE_PATTERNS};
use patterns::PatternWeights;
pub use weights::WEIGHTS;

/// The number of counts among the features, before the patterns.
const COUNTS: usize = 12;
/// The number of features: 12 counts, then the [edge patterns](EDGE_PATTERN_FILLINGS).
pub const FEATURES: usize = COUNTS + EDGE_PATTERNS;
/// The number of game phases, each with its own weights: about five plies each on 8×8. Level 5
/// lost fewer discs against perfect play with 12 phases than with 6 or 20.
pub const PHASES: usize = 12;

/// The names of the features, in the order of [`Evaluator::features`] and of each row of
/// [`WEIGHTS`]. Each feature but the first two is the side to move's count minus the
/// opponent's.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",         // 1: the value of having the move
    "parity",       // +1 if the number of empty cells is odd (the mover would play last), else -1
    "discs",        // discs
    "mobility",     // legal moves
    "potential",    // empty cells next to an opponent disc
    "frontier",     // discs next to an empty cell
    "stable",       // stable discs
    "corners",      // discs on cells walled in all four lines
    "x-cells",      // discs diagonally next to an empty corner cell
    "c-cells",      // discs next to an empty corner cell along a row or column
    "edges",        // discs on cells walled in three lines
    "corner moves", // legal moves on a corner cell
    // The edge patterns, in the order of `EDGE_PATTERN_FILLINGS`: four cells in a row on the
    // rim, `m` the side to move's disc, `t` the opponent's, `-` empty.
    "edge m---",
    "edge -m--",
    "edge mm--",
    "edge tm--",
    "edge m-m-",
    "edge t-m-",
    "edge -mm-",
    "edge mmm-",
    "edge tmm-",
    "edge mtm-",
    "edge ttm-",
    "edge m--m",
    "edge mm-m",
    "edge tm-m",
    "edge mt-m",
    "edge tt-m",
    "edge mmmm",
    "edge tmmm",
    "edge mtmm",
    "edge mttm",
];

/// The static evaluation of the positions of one board.
#[derive(Clone, Debug)]
pub struct Evaluator {
    geometry: Geometry,
    walls: Walls,
    playable: u32,
    corners: Bitboard,
    edges: Bitboard,
    windows: EdgeWindows,
    /// The patterns' weights, on the standard 8×8 board only.
    patterns: Option<PatternWeights>,
    features: FeatureWeights,
}

/// Hundredths of a disc.
pub type Centidiscs = i32;

impl Evaluator {
    /// The evaluation for positions on `geometry`: its corner cells (walled in all four
    /// lines), edge cells (walled in three) are computed here once.
    #[must_use]
    pub fn new(geometry: &Geometry) -> Evaluator {
        Evaluator::with_pattern_weights(geometry, PatternWeights::built_in())
    }

    /// The evaluation for positions on `geometry` with the patterns' `weights` on the standard
    /// board (other boards do not use them): for fitting and comparing weights without
    /// rebuilding the crate.
    #[must_use]
    pub fn with_pattern_weights(geometry: &Geometry, weights: PatternWeights) -> Evaluator {
        Evaluator::with_weights(geometry, weights, FeatureWeights::built_in(geometry))
    }

    /// The evaluation for positions on `geometry` with the patterns' `weights` on the standard
    /// board and the features' weights `features` where no pattern band serves (every other
    /// board): for fitting and comparing a board's weights without rebuilding the crate.
    #[must_use]
    pub fn with_weights(geometry: &Geometry, weights: PatternWeights, features: FeatureWeights) -> Evaluator {
        let walls = Walls::of(geometry);
        let corners = walls.corners();
        let rim = walls.walled_in(3);
        let windows = EdgeWindows::of(rim);
        let playable = geometry.playable().len();
        let patterns = patterns::is_standard(geometry).then_some(weights);
        Evaluator { geometry: *geometry, walls, playable, corners, edges: rim - corners, windows, patterns, features }
    }

    /// Whether the board has features' weights of its own ([`boards`]), whichever this
    /// evaluation was given.
    pub(crate) fn board_has_own_weights(&self) -> bool {
        boards::has_own_table(&self.geometry)
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
        let (my_moves, their_moves) = (position.legal_moves(), position.with_side_to_move(!me).legal_moves());
        let near_empty = neighbours(empty);
        let stable = stable_discs_with(position, &self.walls);
        let (x_cells, c_cells) = self.corner_neighbours(position);
        let counts: [i32; COUNTS] = [
            1,
            if empty.len() % 2 == 1 { 1 } else { -1 },
            mine.len() as i32 - theirs.len() as i32,
            my_moves.len() as i32 - their_moves.len() as i32,
            (empty & neighbours(theirs)).len() as i32 - (empty & neighbours(mine)).len() as i32,
            diff(near_empty),
            diff(stable),
            diff(self.corners),
            diff(x_cells),
            diff(c_cells),
            diff(self.edges),
            (my_moves & self.corners).len() as i32 - (their_moves & self.corners).len() as i32,
        ];
        let patterns = self.windows.count(mine, theirs);
        core::array::from_fn(|i| if i < COUNTS { counts[i] } else { patterns[i - COUNTS] })
    }

    /// Whether the evaluation weighs patterns (the standard board's), whose error is smaller
    /// than the features' alone.
    #[must_use]
    pub const fn has_patterns(&self) -> bool {
        self.patterns.is_some()
    }

    /// The number of playable cells of the board: a hundred times it bounds every value.
    #[must_use]
    pub const fn playable_cells(&self) -> u32 {
        self.playable
    }

    /// The cells walled in all four lines, where a disc can never flip: the board's corners,
    /// whatever makes them so.
    #[must_use]
    pub const fn corner_cells(&self) -> Bitboard {
        self.corners
    }

    /// The cells next to an empty corner cell of `position`: a disc there tends to give the
    /// corner away. The union of the two sets of [`corner_neighbours`](Self::corner_neighbours).
    #[must_use]
    pub fn danger_cells(&self, position: &Position) -> Bitboard {
        let (x_cells, c_cells) = self.corner_neighbours(position);
        x_cells | c_cells
    }

    /// The cells next to an empty corner cell of `position`, split by the line that joins
    /// them: diagonally (the "X" cells, whose disc opens the corner to the opponent most
    /// often) and along a row or column (the "C" cells, which an edge can still protect).
    /// The two are fitted apart because their cost differs.
    #[must_use]
    pub fn corner_neighbours(&self, position: &Position) -> (Bitboard, Bitboard) {
        let open = self.corners & position.empty_cells();
        let along = |lines: [Line; 2]| {
            let next =
                lines.iter().fold(Bitboard::EMPTY, |acc, &line| acc | forward(open, line) | backward(open, line));
            (next & self.walls.playable()) - self.corners
        };
        (along([Line::Diagonal, Line::AntiDiagonal]), along([Line::Horizontal, Line::Vertical]))
    }

    /// The value of `position` for its side to move, in hundredths of a disc: the expected
    /// final disc difference.
    #[must_use]
    pub fn evaluate(&self, position: &Position) -> Centidiscs {
        let features = self.features(position);
        let empties = position.empty_cells().len();
        let discs = || patterns::discs_of(position);
        let rows = self.features.rows();
        weigh(&features, &rows[self.phase(position)], self.patterns.as_ref(), empties, discs, self.playable)
    }
}

/// The evaluation of a position with `features`, `phase_weights` its phase's row of the
/// features' weights: their weighted sum, or on the
/// standard board (`patterns`) with a band for its `empties`, the band's value of the counts
/// and of the patterns on the mover's and the opponent's `discs` (the edge windows' features
/// weighed with the edge shape, [`PatternWeights`]); clamped inside the board's `playable`
/// cells.
#[inline(always)]
fn weigh(
    features: &[i32; FEATURES],
    phase_weights: &[i32; FEATURES],
    patterns: Option<&PatternWeights>,
    empties: u32,
    discs: impl FnOnce() -> (u64, u64),
    playable: u32,
) -> Centidiscs {
    let sum = match patterns.and_then(|weights| Some((weights, weights.band(empties)?))) {
        Some((patterns, band)) => {
            let (p, o) = discs();
            let counts = features.first_chunk().expect("the counts lead the features");
            patterns.value(band, counts, p, o)
        }
        None => dot(features, |f| phase_weights[f]),
    };
    within_board(sum, playable)
}

/// An evaluation's weighted `sum`, kept inside the board's `playable` cells: the cell count
/// bounds any real difference.
#[inline(always)]
fn within_board(sum: i64, playable: u32) -> Centidiscs {
    let bound = i64::from(playable) * 100 - 1;
    sum.clamp(-bound, bound) as i32
}

/// The sum of `features` each times its `weight`.
#[inline(always)]
fn dot(features: &[i32; FEATURES], weight: impl Fn(usize) -> i32) -> i64 {
    features.iter().enumerate().map(|(f, &x)| i64::from(x) * i64::from(weight(f))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_core::{Geometry, Square};

    fn cells(names: &[&str]) -> Bitboard {
        names.iter().map(|n| n.parse::<Square>().expect("a cell name")).collect()
    }

    #[test]
    fn corner_neighbours_split_diagonal_from_edge_cells_and_follow_the_corners_state() {
        let start = Position::default();
        let eval = Evaluator::new(start.geometry());
        let (x, c) = eval.corner_neighbours(&start);
        assert_eq!(x, cells(&["b2", "g2", "b7", "g7"]));
        assert_eq!(c, cells(&["b1", "a2", "g1", "h2", "a7", "b8", "h7", "g8"]));
        // A taken corner makes its neighbours ordinary cells.
        let a1 = "X-------/--------/--------/---OX---/---XO---/--------/--------/-------- X";
        let pos: Position = a1.parse().expect("a position");
        let (x, c) = eval.corner_neighbours(&pos);
        assert!(!x.contains("b2".parse().expect("b2")) && !c.contains("b1".parse().expect("b1")));
        assert_eq!((x.len(), c.len()), (3, 6));
    }

    #[test]
    fn a_blocked_cell_makes_corners_of_its_own() {
        // With d1 blocked, c1 and e1 are walled along the first row as well as above: corners,
        // whose diagonal neighbours b2... are X cells: d2 is one for both.
        let geometry = Geometry::rectangle(8, 8).expect("8x8").with_unplayable(cells(&["d1"])).expect("a hole");
        let eval = Evaluator::new(&geometry);
        assert_eq!(eval.corner_cells(), cells(&["a1", "c1", "e1", "h1", "a8", "h8"]));
        let pos = Position::start(geometry).expect("a start");
        let (x, c) = eval.corner_neighbours(&pos);
        assert!(x.contains("d2".parse().expect("d2")) && x.contains("f2".parse().expect("f2")));
        assert!(c.contains("b1".parse().expect("b1")) && c.contains("c2".parse().expect("c2")));
    }

    #[test]
    fn corner_moves_count_each_sides_moves_on_corners() {
        // White (O) to move can take a1 over b2; Black could not.
        let pos: Position =
            "--------/-X------/--O-----/---OX---/---XO---/--------/--------/-------- O".parse().expect("a position");
        let eval = Evaluator::new(pos.geometry());
        let features = eval.features(&pos);
        assert_eq!(FEATURE_NAMES[11], "corner moves");
        assert_eq!(features[11], 1);
    }
}
