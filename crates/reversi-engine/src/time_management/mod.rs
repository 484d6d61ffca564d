//! Time management for every search: a game's clock and each move's budget ([`clock`]), and
//! the stop check ([`Watch`]) that both the midgame search and the exact solver make while
//! they run: the stop flag, the node limit and the deadline, read every few thousand nodes.

pub mod clock;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two looks of the midgame search at its limits: a node costs an evaluation
/// there, so a look is cheap beside a thousand of them, and a node limit is kept within a
/// thousand nodes.
pub(crate) const MIDGAME_CHECK_EVERY: u64 = 1 << 10;

/// Nodes between two looks of the exact solver at its limits: its nodes are a few dozen
/// instructions, and a look reads the clock.
pub(crate) const ENDGAME_CHECK_EVERY: u64 = 1 << 14;

/// Nodes between two looks at a close node limit shared by several threads: a thread's nodes
/// reach the shared count only when it looks, so the limit holds within about this many
/// nodes a thread. A look is an atomic add and a few loads, nothing beside 256 nodes.
pub(crate) const SHARED_LIMIT_LOOK_EVERY: u64 = 1 << 8;

/// Why a search ended before it had its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interruption {
    /// The stop flag was raised.
    Stopped,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
}

impl std::fmt::Display for Interruption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Interruption::Stopped => "stopped",
            Interruption::NodeLimit => "node limit reached",
            Interruption::TimeLimit => "time limit reached",
        })
    }
}

/// The limits a running search looks at: a stop flag raised from outside, a node limit and a
/// deadline.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Watch<'a> {
    pub(crate) stop: Option<&'a AtomicBool>,
    pub(crate) node_limit: Option<u64>,
    pub(crate) deadline: Option<Instant>,
    /// Whether the node limit is kept to within a few nodes ([`Watch::close_look`]), or only
    /// looked at with the rest every [`MIDGAME_CHECK_EVERY`] or [`ENDGAME_CHECK_EVERY`]
    /// nodes, as the levels' budgets are ([`Limits::with_coarse_nodes`](crate::Limits)).
    pub(crate) close_nodes: bool,
    /// The threads that share the node limit (0 counts as one).
    pub(crate) threads: usize,
}

impl Watch<'_> {
    /// After how many more nodes a thread of a search that has searched `nodes` in all (every
    /// thread's, as far as they have told) must look again to keep a close node limit, if
    /// sooner than every `period` nodes: on one thread, the budget left; on more, a share of
    /// it small enough that the nodes the other threads have not told yet (each up to its own
    /// look) cannot take the search far past the limit, half of it shared among the threads,
    /// and never more than [`SHARED_LIMIT_LOOK_EVERY`]: a thread cannot see how far the others
    /// have gone since they last told, so each must tell often. At least one node. `None`
    /// without a close node limit, or on one thread while the limit is further away than
    /// `period`, so that a search without one looks exactly where it always did.
    #[inline]
    pub(crate) fn close_look(&self, nodes: u64, period: u64) -> Option<u64> {
        let limit = self.node_limit.filter(|_| self.close_nodes)?;
        let left = limit.saturating_sub(nodes);
        let share = match self.threads {
            0 | 1 => left,
            threads => (left / (2 * threads as u64)).min(SHARED_LIMIT_LOOK_EVERY),
        };
        (share < period).then_some(share.max(1))
    }

    /// Why a search that has searched `nodes` nodes must stop now, if it must: past a close
    /// node limit (a search may use all of it: one of exactly that many nodes finishes), or
    /// at a level's budget, as the levels were measured.
    pub(crate) fn why_stop(&self, nodes: u64) -> Option<Interruption> {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            Some(Interruption::Stopped)
        } else if self.node_limit.is_some_and(|limit| nodes > limit || (nodes == limit && !self.close_nodes)) {
            Some(Interruption::NodeLimit)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Interruption::TimeLimit)
        } else {
            None
        }
    }
}

/// The deadline of a search that started at `start` and may take `time`: none without a
/// limit, nor for one too long for an `Instant` (such as `Duration::MAX`).
pub(crate) fn deadline(start: Instant, time: Option<Duration>) -> Option<Instant> {
    time.and_then(|t| start.checked_add(t))
}
