//! How far a search may go: depth, nodes, time.

use std::time::Duration;

/// The limits of one search. Every limit is optional; a search with none runs until it has
/// searched to the end of the game or is stopped.
///
/// Depth and node limits give the same result on every run; a time limit does not.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::search::Limits;
///
/// let limits = Limits::depth(8).with_nodes(1_000_000).with_time(Duration::from_millis(500));
/// assert_eq!(limits.max_depth(), Some(8));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Limits {
    /// No limit.
    #[must_use]
    pub const fn none() -> Limits {
        Limits { depth: None, nodes: None, time: None }
    }

    /// Iterative deepening up to `plies` (at least 1).
    #[must_use]
    pub const fn depth(plies: u32) -> Limits {
        Limits { depth: Some(if plies == 0 { 1 } else { plies }), nodes: None, time: None }
    }

    /// The same limits with a node budget.
    #[must_use]
    pub const fn with_nodes(self, nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..self }
    }

    /// The same limits with a time budget.
    #[must_use]
    pub const fn with_time(self, time: Duration) -> Limits {
        Limits { time: Some(time), ..self }
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
}
