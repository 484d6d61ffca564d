//! What a running solve has done so far, readable from another thread: the nodes it searched
//! and the best move and value its searches have found, with how sure they are. A caller hands
//! a [`Progress`] to a search with its [`Limits`](crate::Limits).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::result::Bounded;
#[cfg(test)]
use crate::value::Bound;

/// A running search's progress, readable from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    best: Mutex<Option<Bounded>>,
}

impl Progress {
    /// A new record, at zero.
    #[must_use]
    pub fn new() -> std::sync::Arc<Progress> {
        std::sync::Arc::new(Progress::default())
    }

    /// The nodes searched so far (updated every few thousand nodes).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// What the solve has found so far: the result of its last search that ended (a solve
    /// runs a shallow guess, then selective searches on long solves, then exact ones); `None`
    /// before the first ends, and for [`Solver::search`](crate::solver::Solver::search), which runs
    /// one search and answers with it. Once a solve ends it is the exact value and best move
    /// of the solution, or in win/draw/loss mode a bound that gives the outcome.
    #[must_use]
    pub fn best_so_far(&self) -> Option<Bounded> {
        *self.lock()
    }

    pub(crate) fn record_nodes(&self, total: u64) {
        self.nodes.store(total, Ordering::Relaxed);
    }

    /// Forgets the last call's findings, when a new one starts.
    pub(crate) fn restart(&self) {
        self.record_nodes(0);
        *self.lock() = None;
    }

    pub(crate) fn publish(&self, best: Bounded) {
        *self.lock() = Some(best);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Bounded>> {
        // The guarded value is a plain copy, whole before and after each write.
        self.best.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// How a [`Bounded`] value was found, from the least sure to the surest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Certainty {
    /// A shallow search on the static evaluation: an estimate, no bound.
    Guess,
    /// A selective search, which left out the lines that a shallow search judged hopeless:
    /// probably right, not proven.
    Selective,
    /// An exact search: its bound is proven.
    Exact,
}

impl std::fmt::Display for Certainty {
    /// `guess`, `selective` or `exact`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Certainty::Guess => "guess",
            Certainty::Selective => "selective",
            Certainty::Exact => "exact",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_core::Square;
    use reversi_variants::Move;

    #[test]
    fn best_so_far_reads_as_move_value_bound_and_certainty() {
        let b7: Square = "b7".parse().expect("a square");
        let show = |m, v, b, c| Bounded::new(m, v, b, c, 0).to_string();
        assert_eq!(show(Some(Move::Place(b7)), 2, Bound::Exact, Certainty::Selective), "b7 +2 (selective)");
        assert_eq!(show(Some(Move::Place(b7)), 4, Bound::Lower, Certainty::Exact), "b7 >= +4 (exact)");
        assert_eq!(show(None, -2, Bound::Upper, Certainty::Exact), "<= -2 (exact)");
        assert_eq!(show(Some(Move::Pass), 0, Bound::Exact, Certainty::Guess), "pass +0 (guess)");
    }

    #[test]
    fn a_restart_forgets_the_last_solve() {
        let progress = Progress::default();
        progress.record_nodes(7);
        progress.publish(Bounded::new(None, 0, Bound::Exact, Certainty::Exact, 0));
        progress.restart();
        assert_eq!((progress.nodes(), progress.best_so_far()), (0, None));
    }
}
