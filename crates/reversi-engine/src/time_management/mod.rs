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
}

impl Watch<'_> {
    /// Why a search that has searched `nodes` nodes must stop now, if it must.
    pub(crate) fn why_stop(&self, nodes: u64) -> Option<Interruption> {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            Some(Interruption::Stopped)
        } else if self.node_limit.is_some_and(|limit| nodes >= limit) {
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
