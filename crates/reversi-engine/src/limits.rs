//! What one search is asked and how far it may go, for every search of the engine: the
//! [`Searcher`](crate::search::Searcher)'s, the exact [`Solver`](crate::solver::Solver)'s and
//! the ranking's ([`Limits`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reversi_variants::Scoring;

use crate::progress::Progress;

/// What a solve computes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The exact final score.
    #[default]
    Exact,
    /// Only whether the side to move wins, draws or loses: a narrower search, often much faster.
    WinDrawLoss,
}

/// The limits and the terms of one search, passed with the call: how deep, how many nodes,
/// how long, a stop flag and a progress record for another thread; from how many empty cells
/// the search solves exactly, what a final score counts, and what a solve computes. Every
/// limit is optional; a search with none runs until it has searched to the end of the game or
/// is stopped.
///
/// Depth and node limits give the same result on every run; a time limit does not. Past a
/// limit the [`Searcher`](crate::search::Searcher) answers with its last completed iteration,
/// and the exact solver with [`SolveError::Interrupted`](crate::solver::SolveError::Interrupted).
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::Limits;
/// use reversi_variants::Scoring;
///
/// let limits = Limits::depth(8).with_nodes(1_000_000).with_time(Duration::from_millis(500)).with_scoring(Scoring::Wof);
/// assert_eq!(limits.max_depth(), Some(8));
/// assert_eq!(limits.exact_empties(), Limits::DEFAULT_EXACT_EMPTIES);
/// assert_eq!(limits.scoring(), Scoring::Wof);
/// ```
#[derive(Clone, Debug)]
pub struct Limits {
    depth: Option<u32>,
    nodes: Option<u64>,
    /// Whether the node limit is kept to within a few hundred nodes (every limit but a
    /// level's budget, [`Limits::with_coarse_nodes`]).
    close_nodes: bool,
    time: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
    progress: Option<Arc<Progress>>,
    exact_empties: u32,
    scoring: Scoring,
    mode: Mode,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::none()
    }
}

impl Limits {
    /// The empty cells from which a search solves exactly unless told otherwise: a solve of
    /// 12 empties costs about what a midgame search of a few plies does.
    pub const DEFAULT_EXACT_EMPTIES: u32 = 12;

    /// No limit; exact solves from [`Limits::DEFAULT_EXACT_EMPTIES`] empty cells, disc-count
    /// scoring, exact values.
    #[must_use]
    pub const fn none() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            close_nodes: true,
            time: None,
            stop: None,
            progress: None,
            exact_empties: Limits::DEFAULT_EXACT_EMPTIES,
            scoring: Scoring::Discs,
            mode: Mode::Exact,
        }
    }

    /// Iterative deepening up to `plies` (at least 1).
    #[must_use]
    pub fn depth(plies: u32) -> Limits {
        Limits::none().with_depth(plies)
    }

    /// The same limits with a depth limit of `plies` (at least 1).
    #[must_use]
    pub fn with_depth(self, plies: u32) -> Limits {
        Limits { depth: Some(plies.max(1)), ..self }
    }

    /// The same limits with a node budget, counting every thread's nodes: a search stops
    /// within a few hundred nodes past it, on any number of threads (the solver looks at its
    /// limits at its nodes of 7 empty cells or more, so the last subtree below those ends
    /// first; on several threads each thread tells the others its nodes every 256, and more
    /// often as the budget runs out). An exact solve's first guess (a
    /// shallow search of its own, from 18 empties) counts against it too.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..self }
    }

    /// The same limits, their node budget looked at only as often as the searches look at
    /// their clocks (every 1,024 nodes of the midgame search and 16,384 of the solver), so that
    /// it may run over by that much: the levels' budgets, whose play and strength were
    /// measured so, and stay the same from one version to the next.
    #[must_use]
    pub(crate) fn with_coarse_nodes(self) -> Limits {
        Limits { close_nodes: false, ..self }
    }

    /// The same limits with a share of `from`'s node limit, if it has one: `parts` searches
    /// share it alike (at least one node each), kept as close as `from` keeps it.
    #[must_use]
    pub(crate) fn with_share_of_nodes(self, from: &Limits, parts: u64) -> Limits {
        Limits { nodes: from.nodes.map(|n| (n / parts.max(1)).max(1)), close_nodes: from.close_nodes, ..self }
    }

    /// Whether the node limit is kept within a few hundred nodes ([`Limits::with_nodes`]).
    pub(crate) const fn close_nodes(&self) -> bool {
        self.close_nodes
    }

    /// The same limits with a time budget (one too long for the system's clock means none).
    #[must_use]
    pub fn with_time(self, time: Duration) -> Limits {
        Limits { time: Some(time), ..self }
    }

    /// The same limits with a stop flag: raise it from another thread and the search ends
    /// soon after.
    #[must_use]
    pub fn with_stop_flag(self, flag: Arc<AtomicBool>) -> Limits {
        Limits { stop: Some(flag), ..self }
    }

    /// The same limits with a record of the search's progress that another thread reads
    /// while it runs (the exact solver's nodes and best move so far).
    #[must_use]
    pub fn with_progress(self, progress: Arc<Progress>) -> Limits {
        Limits { progress: Some(progress), ..self }
    }

    /// The same limits, solving exactly once at most `empties` cells are empty (0: never,
    /// but for positions with no empty cell left).
    #[must_use]
    pub fn with_exact_empties(self, empties: u32) -> Limits {
        Limits { exact_empties: empties, ..self }
    }

    /// The same limits under `scoring`: what a final score counts.
    #[must_use]
    pub fn with_scoring(self, scoring: Scoring) -> Limits {
        Limits { scoring, ..self }
    }

    /// The same limits, computing `mode` in an exact solve.
    #[must_use]
    pub fn with_mode(self, mode: Mode) -> Limits {
        Limits { mode, ..self }
    }

    /// The depth limit.
    #[must_use]
    pub const fn max_depth(&self) -> Option<u32> {
        self.depth
    }

    /// The node limit.
    #[must_use]
    pub const fn max_nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit.
    #[must_use]
    pub const fn max_time(&self) -> Option<Duration> {
        self.time
    }

    /// The stop flag, if any.
    #[must_use]
    pub fn stop_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.stop.as_ref()
    }

    /// The progress record, if any.
    #[must_use]
    pub fn progress(&self) -> Option<&Arc<Progress>> {
        self.progress.as_ref()
    }

    /// The empty cells from which the search solves exactly.
    #[must_use]
    pub const fn exact_empties(&self) -> u32 {
        self.exact_empties
    }

    /// What a final score counts.
    #[must_use]
    pub const fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// What an exact solve computes.
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }
}
