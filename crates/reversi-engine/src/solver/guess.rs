//! The exact solve's first guess of its value: a shallow search with the evaluation
//! ([`search::run::estimate`](crate::search::run::estimate), which knows nothing of the
//! solver), on which the first window is centred.

use reversi_core::Position;
use reversi_variants::{Move, Scoring};

/// Empty cells from which an exact solve first guesses its value with a shallow search and
/// centres its first window on the guess. Measured on FFO #40-#44 (nodes, one thread): without
/// 330 M; from 18 empties, depth 6, width 3: 256 M (depth 4: 316 M; depth 8: 264 M; width 2
/// or 5: 255 M).
const ASPIRATION_FROM: u32 = 18;
/// The guess's search depth, in plies. Before the selective searches ([`SELECTION`](super::search::SELECTION))
/// a guess of 10 plies from 24 empties paid: it saved a second window on a long solve
/// (fifth round, one thread: FFO #45-#49 2 224 M nodes against 2 353 M at depth 6; #53 on two
/// threads 7.6 G nodes and 238 s against 8.4 G and 258 s). Now the selective searches make
/// their own guess from it, and the exact search starts from theirs: at depth 6 everywhere the
/// solves search the same nodes within 1 % (#56 fewer: 581 M against 615 M) and save the
/// deeper guess's 0.2-1.3 s (eighteenth round, one thread, side by side: FFO #45-#52 54.5 s
/// against 57.2 s, #53/#56/#58 104.0 and 104.9 s against 105.9 and 107.5 s with the cores
/// swapped, #54/#57 167.1 s against 169.8 s).
const GUESS_DEPTH: u32 = 6;
/// The guess's table: three quarters of a megabyte, what a `Searcher` of 1 MB gave its search
/// when the guess was one (the node counts above were measured with it).
const GUESS_TABLE_BYTES: usize = 3 << 18;
/// A shallow search's estimate of a solve's value ([`guess`]).
pub(super) struct Guess {
    pub(super) value: i32,
    /// The shallow search's best move.
    pub(super) best: Move,
    pub(super) nodes: u64,
}

/// A guess of the exact value of `position`: a shallow search with the evaluation, for
/// positions big enough that a narrow first window pays for it (a few thousand nodes, which
/// the limits do not watch).
pub(super) fn guess(position: &Position, scoring: Scoring) -> Option<Guess> {
    let empties = position.empty_cells().len();
    if empties < ASPIRATION_FROM {
        return None;
    }
    // Exhaustive: a probable cut-off saves little at this depth and would move the guess.
    let estimate = crate::search::run::estimate(position, scoring, GUESS_DEPTH, GUESS_TABLE_BYTES)?;
    let value = (f64::from(estimate.value) / 100.0).round() as i32;
    Some(Guess { value, best: estimate.best, nodes: estimate.nodes })
}
