//! What the threads of one search share (young brothers wait): once a node at least
//! [`SPLIT_DEPTH`] plies deep has searched its first move without a cut-off, and a thread of
//! the search is idle, the moves it has left are shared out (`Context::split` in `core`):
//! every thread takes the next move from the list, tests it with a null window against the
//! best value so far and searches it fully if it beats it.
//!
//! A thread that splits searches moves too and, once the list is empty, lends its place to
//! the others while it waits for them ([`Crew::lend`]), so that a helper deep in a long
//! subtree can split again below. A cut-off found by one thread calls the split off
//! ([`Cancel`](crate::cancel::Cancel)) and the others drop their move at their next look at
//! the flags; a thread out of the search's limits aborts the whole crew.
//!
//! Each move's value is proven no better than the best or searched within the window, as on
//! one thread; the values can still differ from run to run, since what the table holds when a
//! node is searched, which the selective search reads, depends on the threads' timing.

use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The shallowest node whose moves are shared: below, a subtree is too small to be worth a
/// thread's start. Two threads against one, 48 positions of 8×8 games searched 13 plies deep:
/// 1.54 times as fast from 4 plies, 1.51-1.66 from 5, 1.41 from 6 (`benches/README.md`).
pub(crate) const SPLIT_DEPTH: u8 = 5;

/// The threads of one search.
#[derive(Debug)]
pub(crate) struct Crew {
    /// Places free for a helper: the search's threads less those at work.
    idle: AtomicIsize,
    /// Every thread's nodes, added as each thread reads the limits.
    nodes: AtomicU64,
    /// Set once a thread is out of the search's limits: every thread stops.
    aborted: AtomicBool,
}

impl Crew {
    /// The crew of a search on `threads` threads, the calling one at work.
    pub(crate) fn new(threads: usize) -> Crew {
        Crew {
            idle: AtomicIsize::new(threads.saturating_sub(1).try_into().unwrap_or(isize::MAX)),
            nodes: AtomicU64::new(0),
            aborted: AtomicBool::new(false),
        }
    }

    /// Takes every idle thread's place: how many were taken.
    pub(crate) fn take_idle(&self) -> usize {
        self.idle
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |idle| (idle > 0).then_some(0))
            .map_or(0, |idle| idle as usize)
    }

    /// Gives a place back.
    pub(crate) fn release(&self) {
        self.idle.fetch_add(1, Ordering::AcqRel);
    }

    /// Lends the calling thread's place while it waits for its split's helpers
    /// ([`Crew::take_back`] after).
    pub(crate) fn lend(&self) {
        self.release();
    }

    /// Takes the lent place back (the count may dip below zero for a moment).
    pub(crate) fn take_back(&self) {
        self.idle.fetch_sub(1, Ordering::AcqRel);
    }

    /// Adds `nodes` to the crew's count and gives the total.
    pub(crate) fn add_nodes(&self, nodes: u64) -> u64 {
        self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes
    }

    /// Stops every thread.
    pub(crate) fn abort(&self) {
        self.aborted.store(true, Ordering::Relaxed);
    }

    /// Whether a thread is out of the limits.
    pub(crate) fn is_aborted(&self) -> bool {
        self.aborted.load(Ordering::Relaxed)
    }
}

/// What the threads of a split share: the best value so far, its move (a compact index), and
/// the window's lower end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shared {
    pub(crate) best: i32,
    pub(crate) best_move: u32,
    pub(crate) alpha: i32,
}

/// The shared state, even if a thread panicked while holding it (it holds plain values).
pub(crate) fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}
