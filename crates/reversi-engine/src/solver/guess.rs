//! The exact solve's first guess of its value: a shallow search with the evaluation
//! ([`midgame::run::estimate`](crate::midgame::run::estimate), on the floor below), on which
//! the first window is centred.

use reversi_core::Position;
use reversi_variants::{Move, Scoring};

use crate::value::CENTI_PER_DISC;

/// Empty cells from which an exact solve first guesses its value with a shallow search and
/// centres its first window on the guess: below, a solve is too short for the guess to pay.
const ASPIRATION_FROM: u32 = 18;
/// The guess's search depth, in plies: the selective passes refine the guess anyway, so a
/// deeper one saves no nodes and costs its own.
const GUESS_DEPTH: u32 = 6;
/// The guess's table: three quarters of a megabyte, what a `Searcher` of 1 MB gave its search
/// when the guess's depth was chosen.
const GUESS_TABLE_BYTES: usize = 3 << 18;
/// A shallow search's estimate of a solve's value ([`guess`]): none if the node limit ended
/// the search first.
pub(super) struct Guess {
    pub(super) found: Option<Found>,
    pub(super) nodes: u64,
}

/// The guess's value and move.
pub(super) struct Found {
    pub(super) value: i32,
    /// The shallow search's best move.
    pub(super) best: Move,
}

/// A guess of the exact value of `position`: a shallow search with the evaluation, for
/// positions big enough that a narrow first window pays for it (a few thousand nodes), within
/// `node_limit` (the solve's close node limit, which the guess's nodes count against).
pub(super) fn guess(position: &Position, scoring: Scoring, node_limit: Option<u64>) -> Option<Guess> {
    let empties = position.empty_cells().len();
    if empties < ASPIRATION_FROM {
        return None;
    }
    // Exhaustive: a probable cut-off saves little at this depth and would move the guess.
    let estimate = crate::midgame::run::estimate(position, scoring, GUESS_DEPTH, GUESS_TABLE_BYTES, node_limit)?;
    let found = estimate
        .found
        .map(|(best, value)| Found { value: (f64::from(value) / f64::from(CENTI_PER_DISC)).round() as i32, best });
    Some(Guess { found, nodes: estimate.nodes })
}
