//! How long a solve may take ([`SolveLimits`]) and, with what it computes ([`Mode`]), the
//! [`SolveOptions`] of [`Solver::solve_with`](super::Solver::solve_with)(super::Solver::solve_with).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::progress::Progress;
use super::solution::Mode;

/// Limits on a solve or a search of the solver; past any of them it ends with
/// [`SolveError::Interrupted`](super::SolveError::Interrupted).
#[derive(Clone, Debug, Default)]
pub struct SolveLimits {
    pub(super) nodes: Option<u64>,
    pub(super) time: Option<Duration>,
    pub(super) stop: Option<Arc<AtomicBool>>,
    pub(super) progress: Option<Arc<Progress>>,
}

impl SolveLimits {
    /// No limit.
    #[must_use]
    pub fn none() -> SolveLimits {
        SolveLimits::default()
    }

    /// Stop after about `nodes` nodes (checked every few thousand nodes).
    #[must_use]
    pub fn nodes(mut self, nodes: u64) -> SolveLimits {
        self.nodes = Some(nodes);
        self
    }

    /// Stop after `time`.
    #[must_use]
    pub fn time(mut self, time: Duration) -> SolveLimits {
        self.time = Some(time);
        self
    }

    /// Stop once `flag` is set (from another thread, say); the search looks at it every few
    /// thousand nodes.
    #[must_use]
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> SolveLimits {
        self.stop = Some(flag);
        self
    }

    /// Report into `progress` as the search goes: the nodes searched so far and, for a solve,
    /// the best move and value found so far ([`Progress::best_so_far`]).
    #[must_use]
    pub fn progress(mut self, progress: Arc<Progress>) -> SolveLimits {
        self.progress = Some(progress);
        self
    }
}

/// What [`Solver::solve_with`](super::Solver::solve_with) computes and how long it may take.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    pub(super) mode: Mode,
    pub(super) limits: SolveLimits,
}

impl SolveOptions {
    /// An exact solve without limits.
    #[must_use]
    pub fn new() -> SolveOptions {
        SolveOptions::default()
    }

    /// Sets what to compute.
    #[must_use]
    pub fn mode(mut self, mode: Mode) -> SolveOptions {
        self.mode = mode;
        self
    }

    /// Sets the limits.
    #[must_use]
    pub fn limits(mut self, limits: SolveLimits) -> SolveOptions {
        self.limits = limits;
        self
    }
}
