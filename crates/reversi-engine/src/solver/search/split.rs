//! The solver's split of a node's moves between threads (young brothers wait, [`ybwc`]): what
//! each thread does with the moves it takes.
//!
//! Every move's value is either proven no better than the best or computed exactly, so the
//! value is exact and the same whatever the number of threads; only the node count and, among
//! equal moves, the move chosen may differ.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use reversi_core::kernel::Layout;

use super::features::Features;
use super::{Candidate, Worker};
use crate::ybwc::{self, Cancel, lock};

/// Searches `list` (the moves after the first of the mover with discs `p` against `o`) with
/// the calling thread and `helpers` more (places already taken with
/// [`Places::take_one`](ybwc::Places::take_one), given back here). `best` is the first move's value and index,
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
    // The owner waits while the split's workers search: its nodes must be in the shared
    // count that they look at, or a close node limit would see too few.
    owner.flush();
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
    let (_, helpers) = ybwc::share_out(&control.places, helpers, || {
        let mut worker = Worker::new(board, table, control, selectivity, features).under(Some(&cancel));
        work(&mut worker);
        worker.flush();
    });
    for helper in helpers {
        if let Err(panic) = helper {
            std::panic::resume_unwind(panic);
        }
    }
    if guessed.load(Ordering::Relaxed) {
        owner.guesses += 1;
    }
    if control.is_aborted() || owner.cancel.is_some_and(Cancel::is_set) {
        owner.stopped = true;
    }
    let (value, best_move, _) = *lock(&shared);
    (value, best_move)
}
