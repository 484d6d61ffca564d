//! What every search of the engine answers ([`SearchResult`]).

use std::time::Duration;

use reversi_variants::Move;

use crate::move_ordering::Cutoffs;
use crate::value::{Outcome, Value};

/// What a search or a solve found for a position: a best move, its value with how sure it is
/// ([`Value`]: an estimate, an exact score, or an exact outcome), the line, the depth, the
/// nodes and the time. The [`Searcher`](crate::search::Searcher), the exact
/// [`Solver`](crate::solver::Solver) and the ranking of every move
/// ([`rank_moves`](crate::ranking::rank_moves), one result a move, its [`best`](Self::best)
/// the move ranked) all answer with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub(crate) best: Move,
    pub(crate) value: Value,
    pub(crate) depth: u32,
    pub(crate) pv: Vec<Move>,
    pub(crate) nodes: u64,
    pub(crate) cutoffs: Cutoffs,
    pub(crate) elapsed: Duration,
}

impl SearchResult {
    /// The best move found (for a ranked move, the move itself).
    #[must_use]
    pub const fn best(&self) -> Move {
        self.best
    }

    /// Its value for the side to move.
    #[must_use]
    pub const fn value(&self) -> Value {
        self.value
    }

    /// The depth of the last completed iteration (the number of empty cells for an exact
    /// solve).
    #[must_use]
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// The principal variation, starting with [`best`](Self::best); passes included.
    #[must_use]
    pub fn pv(&self) -> &[Move] {
        &self.pv
    }

    /// The nodes searched, by every thread.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The search's cut-offs and how many the first move made, every thread's (none counted
    /// for an exact solve or the free opening's placements).
    #[must_use]
    pub const fn cutoffs(&self) -> Cutoffs {
        self.cutoffs
    }

    /// The time the search took.
    #[must_use]
    pub const fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

impl SearchResult {
    /// The outcome for the side to move, when the value is exact (or an exact outcome).
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        match self.value {
            Value::Exact(v) => Some(Outcome::of(v)),
            Value::Outcome(outcome) => Some(outcome),
            Value::Estimate(_) => None,
        }
    }
}
