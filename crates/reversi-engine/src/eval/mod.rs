//! A static evaluation for every geometry: a weighted sum of the [analysis](crate::analysis)
//! features and of the shapes of the edges (windows of four rim cells), with one set of
//! weights per game phase.
//!
//! No table is made per board: the cells that play the part of corners, of the cells next to
//! them and of edges are found from the geometry (see [`Evaluator::new`]), so a blocked cell or
//! the Octagon's cut makes its own corners. The weights are fitted by least squares on the
//! positions of real 8×8 games, labelled by the result of perfect play from 24 empties on (the
//! WTHOR files' theoretical scores) and after that by the games' results; the fit is
//! `tools/src/bin/tune.rs` of the workspace. 8×8 with blocked cells, 10×10, the Octagon and
//! 6×6 have weights of their own, fitted on the engine's self-play games on each board
//! (`tools/src/bin/fit_board.rs`).
//!
//! On the standard 8×8 board, from 32 empty cells down, the features are weighed instead by
//! the weights of a band of empties and joined by patterns (edges, corners, rows and
//! diagonals, 46 placements read from a table). Up to 20 empties they are fitted on positions
//! labelled with their exact value, and err a quarter to a third less than the features
//! alone; from 25 empties on, on how real games ended (their theoretical scores). The solver's move
//! ordering and probable cut-offs turn them into fewer nodes.
//!
//! An evaluation ([`Evaluator::with_weights`]) or a search
//! ([`Searcher::with_pattern_weights`](crate::search::Searcher::with_pattern_weights)) can weigh
//! by other weights than the built-in ones: a patterns' weights file ([`PatternWeights`]), a
//! board's features' table ([`FeatureWeights`]). The tables themselves and their layout (the
//! features one by one, the phases, the patterns' shapes and bands) are the maintainers' tools',
//! which fit and measure them: public in `eval::training` with the `training` feature only.
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

pub(crate) mod boards;
mod edges;
pub(crate) mod indices;
mod layout;
pub(crate) mod patterns;
mod shapes;
#[cfg(feature = "training")]
pub mod training;
mod weights;
pub(crate) mod words;

use reversi_core::{Bitboard, Geometry, Position};

use crate::analysis::shift::{Line, backward, forward, neighbours};
use crate::analysis::{Walls, stable_discs_with};
pub use boards::FeatureWeights;
use edges::EdgeWindows;
pub(crate) use layout::{COUNTS, FEATURES, PHASES};
pub use patterns::{PatternWeights, PatternWeightsError};

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
    fn phase_of(&self, position: &Position) -> usize {
        let filled = self.playable - position.empty_cells().len();
        ((filled as usize * PHASES) / (self.playable as usize + 1)).min(PHASES - 1)
    }

    /// The features of `position` from its side to move's view, in the order of the layout's
    /// names (`layout::FEATURE_NAMES`).
    fn features_of(&self, position: &Position) -> [i32; FEATURES] {
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
        let features = self.features_of(position);
        let empties = position.empty_cells().len();
        let discs = || patterns::discs_of(position);
        let phase_weights = self.features.row(self.phase_of(position));
        weigh(&features, phase_weights, self.patterns.as_ref(), empties, discs, self.playable)
    }
}

/// What the maintainers' tools fit weights to, and the tests compare (the words' evaluation
/// against this one).
#[cfg(any(test, feature = "training"))]
impl Evaluator {
    /// The phase of `position`, 0 (start) to `PHASES - 1` (end, [`PHASES`] in all), by the
    /// share of the playable cells that hold a disc: the row of a table of weights that weighs
    /// it.
    #[must_use]
    pub fn phase(&self, position: &Position) -> usize {
        self.phase_of(position)
    }

    /// The features of `position` from its side to move's view, in the order of
    /// [`FEATURE_NAMES`](training::FEATURE_NAMES).
    #[must_use]
    pub fn features(&self, position: &Position) -> [i32; FEATURES] {
        self.features_of(position)
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
        assert_eq!(layout::FEATURE_NAMES[11], "corner moves");
        assert_eq!(features[11], 1);
    }
}
