//! Threads that share a node's moves (young brothers wait), for the midgame search and the
//! exact solver alike: once a node has searched its first moves without a cut-off, and a
//! thread of the search is idle, the moves it has left are shared out. Every thread takes the
//! next move from the list, tests it with a null window against the best value so far and
//! searches it fully if it beats it.
//!
//! A thread that splits searches moves too and, once the list is empty, lends its place to
//! the others while it waits for them ([`Places::lend`]), so that a helper deep in a long
//! subtree can split again below. A cut-off found by one thread calls the split off
//! ([`Cancel`]) and the others drop their move at their next look at the flags; a thread out
//! of the search's limits aborts every thread.
//!
//! This module holds what both searches share: the places ([`Places`]), the cancel flags, the
//! helper threads' start and join ([`share_out`]), and where each search splits. Each search
//! writes its own split body (what a thread does with a move): the midgame's in
//! `midgame::negamax`, the solver's in `solver::search::split`.

use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The shallowest node of the midgame search whose moves are shared: below, a subtree is too
/// small to be worth a thread's start (`benches/README.md`, threads in the midgame).
pub(crate) const MIDGAME_SPLIT_DEPTH: u8 = 5;

/// Empty cells from which a node of the exact solver may share its moves: below, a subtree is
/// too small to be worth a thread.
pub(crate) const ENDGAME_SPLIT_EMPTIES: u32 = 16;

/// Moves a node of the exact solver searches alone before it may share the others: a node
/// whose first two moves did not cut off will likely search them all, so helpers waste little
/// on it. (The midgame search may split after its first move: waiting for a second left its
/// helpers idle.)
pub(crate) const ENDGAME_ALONE_BEFORE_SPLIT: usize = 2;

/// Stack of a helper thread: enough for a search from the largest board's start.
pub(crate) const HELPER_STACK: usize = 16 << 20;

/// The places of a search's threads: how many are free to help at a split.
#[derive(Debug)]
pub(crate) struct Places {
    /// The search's threads less those at work (it may dip below zero for a moment while a
    /// thread takes back a place it lent).
    idle: AtomicIsize,
}

impl Places {
    /// The places of a search on `threads` threads, the calling one at work.
    pub(crate) fn new(threads: usize) -> Places {
        Places { idle: AtomicIsize::new(threads.saturating_sub(1).try_into().unwrap_or(isize::MAX)) }
    }

    /// Takes every idle thread's place: how many were taken.
    pub(crate) fn take_all(&self) -> usize {
        self.idle
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |idle| (idle > 0).then_some(0))
            .map_or(0, |idle| idle as usize)
    }

    /// Takes one idle thread's place, if there is one.
    pub(crate) fn take_one(&self) -> bool {
        self.idle.fetch_update(Ordering::AcqRel, Ordering::Acquire, |idle| (idle > 0).then(|| idle - 1)).is_ok()
    }

    /// Gives a place back.
    pub(crate) fn release(&self) {
        self.idle.fetch_add(1, Ordering::AcqRel);
    }

    /// Lends the calling thread's place while it waits for its split's helpers
    /// ([`Places::take_back`] after).
    pub(crate) fn lend(&self) {
        self.release();
    }

    /// Takes the lent place back.
    pub(crate) fn take_back(&self) {
        self.idle.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The threads of one midgame search: their places, their nodes, and the flag that stops
/// them all. (The solver keeps the same in its `Control`, beside its reason for stopping.)
#[derive(Debug)]
pub(crate) struct Crew {
    pub(crate) places: Places,
    /// Every thread's nodes, added as each thread reads the limits.
    nodes: AtomicU64,
    /// Set once a thread is out of the search's limits: every thread stops.
    aborted: AtomicBool,
}

impl Crew {
    /// The crew of a search on `threads` threads, the calling one at work.
    pub(crate) fn new(threads: usize) -> Crew {
        Crew { places: Places::new(threads), nodes: AtomicU64::new(0), aborted: AtomicBool::new(false) }
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

/// The flag of one split, and the flags of the splits it lies under: calling a split off
/// calls off every split below it.
#[derive(Debug)]
pub(crate) struct Cancel<'a> {
    flag: AtomicBool,
    parent: Option<&'a Cancel<'a>>,
}

impl<'a> Cancel<'a> {
    /// The flag of a split under `parent`'s.
    pub(crate) fn under(parent: Option<&'a Cancel<'a>>) -> Cancel<'a> {
        Cancel { flag: AtomicBool::new(false), parent }
    }

    /// Calls this split off (and so the splits below it).
    pub(crate) fn call_off(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether this split or one above it has been called off.
    pub(crate) fn is_set(&self) -> bool {
        let mut cancel = Some(self);
        while let Some(c) = cancel {
            if c.flag.load(Ordering::Relaxed) {
                return true;
            }
            cancel = c.parent;
        }
        false
    }
}

/// Runs `search` on the calling thread and on `helpers` more threads, whose places were taken
/// from `places` and are given back as each finishes; the calling thread lends its own place
/// while it waits for them, and takes it back once all are done. Gives the calling thread's
/// answer and each helper's (an `Err` for one that panicked). A helper the system refuses to
/// start gives its place back at once, and its share of the moves to the others.
pub(crate) fn share_out<R: Send>(
    places: &Places,
    helpers: usize,
    search: impl Fn() -> R + Sync,
) -> (R, Vec<std::thread::Result<R>>) {
    let search = &search;
    let answers = std::thread::scope(|scope| {
        let spawned: Vec<_> = (0..helpers)
            .filter_map(|_| {
                let helper = std::thread::Builder::new().stack_size(HELPER_STACK).spawn_scoped(scope, move || {
                    let answer = search();
                    places.release();
                    answer
                });
                helper.inspect_err(|_| places.release()).ok()
            })
            .collect();
        let mine = search();
        places.lend();
        (mine, spawned.into_iter().map(std::thread::ScopedJoinHandle::join).collect())
    });
    places.take_back();
    answers
}

/// What the threads of a split share, even if a thread panicked while holding it (it holds
/// plain values).
pub(crate) fn lock<T>(shared: &Mutex<T>) -> MutexGuard<'_, T> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}
