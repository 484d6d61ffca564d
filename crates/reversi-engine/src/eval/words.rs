//! The evaluation on a move generator's words: the same features and weights as
//! [`Evaluator`], computed without building a [`Position`](reversi_core::Position), for the
//! code that evaluates inside a search (the solver's move ordering). A test holds the two
//! equal on every board shape.

use reversi_core::Geometry;
use reversi_core::kernel::{Layout, Word};

use super::boards::FeatureWeights;
use super::edges::count_windows;
use super::indices::Indices;
use super::patterns::{Counts, PatternWeights, standard_word};
use super::{COUNTS, Centidiscs, Evaluator, FEATURES, PHASES, weigh, within_board};
use crate::analysis::words::Lines;

/// [`Evaluator`] for the positions of one board in the compact layout of generator `M`.
pub(crate) struct WordEvaluator<M: Layout> {
    lines: Lines<M::Word>,
    playable: M::Word,
    cells: u32,
    corners: M::Word,
    edges: M::Word,
    /// The edge windows' cells as compact indices.
    windows: Box<[[u32; 4]]>,
    /// The patterns, on the standard 8×8 board, with how to read its discs for them.
    patterns: Option<(PatternWeights, Reading)>,
    /// The features' weights where no pattern band serves.
    features: FeatureWeights,
}

/// How the patterns read the discs of a word.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// The layout is the patterns' own (bit `8 r + c` for cell (r, c)), in the word's first 64 bits.
    Direct,
    /// Any other layout: through the squares (slower; the solver's 8×8 generators read directly).
    ThroughSquares,
}

impl<M: Layout> WordEvaluator<M> {
    /// The evaluation of `geometry` on the words of `mg`, or `None` if its layout is not
    /// row-major (see [`Lines::new`]).
    pub(crate) fn new(mg: &M, geometry: &Geometry) -> Option<WordEvaluator<M>> {
        WordEvaluator::with_pattern_weights(mg, geometry, PatternWeights::built_in())
    }

    /// [`WordEvaluator::new`] with the patterns' `weights` on the standard board, as
    /// [`Evaluator::with_pattern_weights`] gives them.
    pub(crate) fn with_pattern_weights(
        mg: &M,
        geometry: &Geometry,
        weights: PatternWeights,
    ) -> Option<WordEvaluator<M>> {
        WordEvaluator::with_weights(mg, geometry, weights, FeatureWeights::built_in(geometry))
    }

    /// [`WordEvaluator::new`] with the weights that [`Evaluator::with_weights`] takes.
    pub(crate) fn with_weights(
        mg: &M,
        geometry: &Geometry,
        weights: PatternWeights,
        features: FeatureWeights,
    ) -> Option<WordEvaluator<M>> {
        let evaluator = Evaluator::with_weights(geometry, weights, features);
        let lines = Lines::new(mg, geometry)?;
        let windows = evaluator.windows.windows().iter().map(|window| window.map(|sq| mg.index(sq))).collect();
        let direct = geometry.playable().iter().all(|sq| mg.index(sq) == u32::from(8 * sq.row() + sq.column()));
        let reading = if direct { Reading::Direct } else { Reading::ThroughSquares };
        let patterns = evaluator.patterns.map(|patterns| (patterns, reading));
        Some(WordEvaluator {
            features: evaluator.features,
            patterns,
            lines,
            playable: mg.compact(geometry.playable()),
            cells: evaluator.playable,
            corners: mg.compact(evaluator.corners),
            edges: mg.compact(evaluator.edges),
            windows,
        })
    }

    /// The corner cells (walled in all four lines), as [`Evaluator::corner_cells`].
    #[inline(always)]
    pub(crate) fn corners(&self) -> M::Word {
        self.corners
    }

    /// The cells next to an empty corner, `empty` the empty cells: the union of
    /// [`Evaluator::corner_neighbours`].
    #[inline(always)]
    pub(crate) fn danger(&self, empty: M::Word) -> M::Word {
        let (x_cells, c_cells) = self.lines.neighbours_by_line(self.corners & empty);
        (x_cells | c_cells) & !self.corners
    }

    /// The lines of the board, for other analysis on its words.
    pub(crate) fn lines(&self) -> &Lines<M::Word> {
        &self.lines
    }

    /// The features of the mover with discs `p` against `o`, as [`Evaluator::features_of`] gives
    /// them.
    #[inline(always)]
    pub(crate) fn features(&self, mg: &M, p: M::Word, o: M::Word) -> [i32; FEATURES] {
        let counts = self.counts(mg, p, o);
        let patterns = count_windows(&self.windows, |&i| (p.get(i), o.get(i)));
        // Copies, not `array::from_fn`: its function would not be inlined into the solver's
        // entry points (`solver::features`), and so would run without their CPU features.
        let mut features = [0; FEATURES];
        features[..COUNTS].copy_from_slice(&counts);
        features[COUNTS..].copy_from_slice(&patterns);
        features
    }

    /// The features before the edge windows' ([`WordEvaluator::features`]).
    #[inline(always)]
    fn counts(&self, mg: &M, p: M::Word, o: M::Word) -> [i32; COUNTS] {
        self.needed_counts(mg, p, o, Counts::ALL)
    }

    /// The counts of [`WordEvaluator::counts`] that `needed` holds, the others 0: a band
    /// whose weights leave the costly ones out (the legal moves, the stable discs, the
    /// neighbours of the empty cells) spares their reading, for the same value.
    #[inline(always)]
    fn needed_counts(&self, mg: &M, p: M::Word, o: M::Word, needed: Counts) -> [i32; COUNTS] {
        let lines = &self.lines;
        let empty = !(p | o) & self.playable;
        let diff = |set: M::Word| (p & set).count() as i32 - (o & set).count() as i32;
        let zero = M::Word::ZERO;
        let (my_moves, their_moves) =
            if needed.any(Counts::MOVES) { (mg.legal(p, o), mg.legal(o, p)) } else { (zero, zero) };
        let (potential, frontier) = if needed.any(Counts::NEIGHBOURS) {
            let potential = (empty & lines.neighbours(o)).count() as i32 - (empty & lines.neighbours(p)).count() as i32;
            (potential, diff(lines.neighbours(empty)))
        } else {
            (0, 0)
        };
        let stable = if needed.any(Counts::STABLE) {
            let safe = lines.safe(empty);
            lines.stable_in(p, &safe).count() as i32 - lines.stable_in(o, &safe).count() as i32
        } else {
            0
        };
        let (x_cells, c_cells) = if needed.any(Counts::CORNER_NEIGHBOURS) {
            let (x_cells, c_cells) = lines.neighbours_by_line(self.corners & empty);
            (diff(x_cells & !self.corners), diff(c_cells & !self.corners))
        } else {
            (0, 0)
        };
        let counts: [i32; COUNTS] = [
            1,
            if empty.count() % 2 == 1 { 1 } else { -1 },
            p.count() as i32 - o.count() as i32,
            my_moves.count() as i32 - their_moves.count() as i32,
            potential,
            frontier,
            stable,
            diff(self.corners),
            x_cells,
            c_cells,
            diff(self.edges),
            (my_moves & self.corners).count() as i32 - (their_moves & self.corners).count() as i32,
        ];
        counts
    }

    /// Whether [`WordEvaluator::indexed_evaluate`] serves this board: the standard one, whose
    /// words the patterns read directly (bit `8 r + c` for cell (r, c)).
    pub(crate) fn is_indexed(&self) -> bool {
        matches!(self.patterns, Some((_, Reading::Direct)))
    }

    /// [`WordEvaluator::evaluate`] of the position whose patterns' instances have the
    /// `indices` (kept up to date by a search, [`Indices::after`]), on a board that
    /// [is indexed](WordEvaluator::is_indexed).
    #[inline(always)]
    pub(crate) fn indexed_evaluate(&self, mg: &M, p: M::Word, o: M::Word, indices: &Indices) -> Centidiscs {
        match self.standard_band((p | o).count()) {
            Some((patterns, band)) => {
                let counts = self.needed_counts(mg, p, o, patterns.needed_counts(band));
                within_board(patterns.indexed_value(band, &counts, indices), self.cells)
            }
            None => self.evaluate(mg, p, o),
        }
    }

    /// The patterns and their band of weights for a position with `filled` discs, if this is
    /// the standard board, whose words they read directly, and the position has a band: the
    /// positions that [`WordEvaluator::evaluate`] values by the patterns' bands alone.
    #[inline(always)]
    fn standard_band(&self, filled: u32) -> Option<(&PatternWeights, usize)> {
        match &self.patterns {
            Some((patterns, Reading::Direct)) => Some((patterns, patterns.band(self.cells - filled)?)),
            _ => None,
        }
    }

    /// The value for the mover with discs `p` against `o`, as [`Evaluator::evaluate`] gives
    /// it.
    #[inline(always)]
    pub(crate) fn evaluate(&self, mg: &M, p: M::Word, o: M::Word) -> Centidiscs {
        let filled = (p | o).count();
        if let Some((patterns, band)) = self.standard_band(filled) {
            // The standard board's value needs no edge windows ([`PatternWeights`]).
            let counts = self.needed_counts(mg, p, o, patterns.needed_counts(band));
            return within_board(patterns.value(band, &counts, low_64(p), low_64(o)), self.cells);
        }
        let phase = ((filled as usize * PHASES) / (self.cells as usize + 1)).min(PHASES - 1);
        let features = self.features(mg, p, o);
        let reading = self.patterns.as_ref().map(|(_, reading)| *reading);
        let discs = || match reading {
            Some(Reading::Direct) => (low_64(p), low_64(o)),
            _ => (standard_word(mg.expand(p)), standard_word(mg.expand(o))),
        };
        let patterns = self.patterns.as_ref().map(|(patterns, _)| patterns);
        weigh(&features, self.features.row(phase), patterns, self.cells - filled, discs, self.cells)
    }
}

/// The first 64 bits of `word` (a `u64` word itself, for which this compiles to nothing).
#[inline(always)]
pub(crate) fn low_64<W: Word>(word: W) -> u64 {
    (0..4).fold(0, |bits, k| bits | word.chunk(16 * k) << (16 * k))
}
