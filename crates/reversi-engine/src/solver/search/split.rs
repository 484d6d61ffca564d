//! Sharing one node's moves between threads (young brothers wait): once a node's first move
//! has been searched without a cut-off, its other moves may be searched in parallel, each a
//! null-window test against the best value so far and a full search if it beats it.
//!
//! A node splits only when a thread is idle ([`Control::try_acquire`]); the thread that
//! splits searches moves too and, once the list is empty, lends its place to the others while
//! it waits for them, so a helper deep in a long subtree can split again below. A cut-off
//! found by one thread raises the split's [`Cancel`] flag, and the others drop their subtree
//! at their next look at the limits.
//!
//! Every move's value is either proven no better than the best or computed exactly, so the
//! value is exact and the same whatever the number of threads; only the node count and, among
//! equal moves, the move chosen may differ.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use reversi_core::kernel::Layout;

use super::features::Features;
use super::{Candidate, Control, Worker};
use crate::cancel::{Cancel, HELPER_STACK};

/// Searches `list` (the moves after the first of the mover with discs `p` against `o`) with
/// the calling thread and `helpers` more (places already taken with
/// [`Control::try_acquire`], given back here). `best` is the first move's value and index,
/// `alpha` the window's lower end raised by it. Returns the fail-soft value and best move; if
/// the search was interrupted, or called off from above, `owner.stopped` is set.
#[allow(clippy::too_many_arguments)]
pub(super) fn parallel<M: Layout, V: Features>(
    owner: &mut Worker<'_, M, V>,
    helpers: usize,
    p: M::Word,
    o: M::Word,
    list: &[Candidate<M::Word>],
    best: (i32, u16),
    alpha: i32,
    beta: i32,
) -> (i32, u16) {
    let (board, table, control, selectivity, features) =
        (owner.board, owner.table, owner.control, owner.selectivity, owner.features);
    let cancel = Cancel::under(owner.cancel);
    // (best value, its move, the window's lower end)
    let shared = Mutex::new((best.0, best.1, alpha));
    let next = AtomicUsize::new(0);
    // Whether a thread's search relied on a guess ([`Worker::guesses`]).
    let guessed = AtomicBool::new(false);
    let work = |w: &mut Worker<'_, M, V>| {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(c) = list.get(i) else { break };
            let a = lock(&shared).2;
            if a >= beta {
                break;
            }
            let v = w.null_window_first(p, o, c, a, beta);
            if w.stopped {
                break;
            }
            let mut s = lock(&shared);
            if v > s.0 {
                *s = (v, c.index as u16, s.2.max(v));
                if v >= beta {
                    cancel.call_off();
                }
            }
        }
        if w.guesses > 0 {
            guessed.store(true, Ordering::Relaxed);
        }
    };
    let (work, cancel_ref) = (&work, &cancel);
    std::thread::scope(|scope| {
        for _ in 0..helpers {
            let spawned = std::thread::Builder::new().stack_size(HELPER_STACK).spawn_scoped(scope, move || {
                let mut helper = Worker::new(board, table, control, selectivity, features).under(Some(cancel_ref));
                work(&mut helper);
                helper.flush();
                control.release();
            });
            if spawned.is_err() {
                // The system refused a thread: its place goes back, its moves to the others.
                control.release();
            }
        }
        let mut mine = Worker::new(board, table, control, selectivity, features).under(Some(cancel_ref));
        work(&mut mine);
        mine.flush();
        // Lend this thread's place while the helpers finish; take it back after.
        control.release();
    });
    control.retake();
    if guessed.load(Ordering::Relaxed) {
        owner.guesses += 1;
    }
    if control.is_aborted() || owner.cancel.is_some_and(Cancel::is_set) {
        owner.stopped = true;
    }
    let (value, best_move, _) = *lock(&shared);
    (value, best_move)
}

impl Control<'_> {
    /// Takes an idle thread's place, if there is one.
    pub(super) fn try_acquire(&self) -> bool {
        self.idle.fetch_update(Ordering::AcqRel, Ordering::Acquire, |idle| (idle > 0).then(|| idle - 1)).is_ok()
    }

    /// Gives a place back.
    fn release(&self) {
        self.idle.fetch_add(1, Ordering::AcqRel);
    }

    /// Takes back the place lent while waiting (the count may dip below zero for a moment).
    fn retake(&self) {
        self.idle.fetch_sub(1, Ordering::AcqRel);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
