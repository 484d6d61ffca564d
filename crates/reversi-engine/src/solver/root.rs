//! The root of a solve and its threads.
//!
//! Threads split the work along the principal variation (PV splitting): at a node of the
//! first line with enough empty cells, one thread searches the first move (itself split the
//! same way), then every thread takes the remaining moves one at a time, each a null-window
//! test against the best value so far and a full search if it beats it. Every move's value is
//! either proven no better than the best or computed exactly, so the value is exact and the
//! same whatever the number of threads; only the node count and, among equal moves, the move
//! chosen may differ.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use reversi_core::kernel::{Layout, Word};

use super::search::{Candidate, DEEP, INFINITY, Probe, Worker};
use super::table::{Bounds, NO_MOVE};

/// Empty cells from which a node of the first line is split between threads: below, a
/// subtree is too small to be worth a thread.
const SPLIT: u32 = 12;

/// What a search below the root found: its value (fail-soft) and the move that reached it.
pub(super) struct Found {
    pub value: i32,
    /// The best move by compact index, `None` for a pass or a finished game.
    pub best: Option<u32>,
}

/// The root search of the mover with discs `p` against `o` in `(alpha, beta)` with `threads`
/// threads (the calling thread is one of them). `worker` is the calling thread's; the others
/// are made here and their nodes added to the shared count.
pub(super) fn root<M: Layout>(
    worker: &mut Worker<'_, M>,
    threads: usize,
    p: M::Word,
    o: M::Word,
    alpha: i32,
    beta: i32,
) -> Found {
    let mg = &worker.board.mg;
    let moves = mg.legal(p, o);
    if moves.is_zero() {
        if mg.legal(o, p).is_zero() {
            return Found { value: worker.board.final_score(p, o), best: None };
        }
        let value = -root(worker, threads, o, p, -beta, -alpha).value;
        return Found { value, best: None };
    }
    let hint = worker.table.probe(worker.board.key(p, o)).map_or(NO_MOVE, |b| b.best);
    let (value, best) = split_moves(worker, threads, p, o, alpha, beta, moves, hint);
    Found { value, best: (best != NO_MOVE).then_some(u32::from(best)) }
}

/// A node of the first line: the table, then [`split_moves`].
fn split_node<M: Layout>(
    worker: &mut Worker<'_, M>,
    threads: usize,
    p: M::Word,
    o: M::Word,
    alpha: i32,
    beta: i32,
) -> i32 {
    let board = worker.board;
    let n = (!(p | o) & board.playable).count();
    if threads < 2 || n < SPLIT {
        return worker.search(p, o, alpha, beta);
    }
    worker.nodes += 1;
    let key = board.key(p, o);
    let (alpha, beta, hint) = match worker.probe(key, alpha, beta) {
        Probe::Cut(value) => return value,
        Probe::Search { alpha, beta, hint } => (alpha, beta, hint),
    };
    let moves = board.mg.legal(p, o);
    if moves.is_zero() {
        if board.mg.legal(o, p).is_zero() {
            return board.final_score(p, o);
        }
        return -split_node(worker, threads, o, p, -beta, -alpha);
    }
    let (best, best_move) = split_moves(worker, threads, p, o, alpha, beta, moves, hint);
    if worker.stopped {
        return 0;
    }
    worker.table.store(key, n, Bounds::of(best, best_move, alpha, beta));
    best
}

/// The best of the mover's `moves` (not empty), the first searched by this thread, the others
/// shared between `threads` threads; `hint` is the table's best move, tried first.
/// Returns the fail-soft value and the best move's index.
#[allow(clippy::too_many_arguments)]
fn split_moves<M: Layout>(
    worker: &mut Worker<'_, M>,
    threads: usize,
    p: M::Word,
    o: M::Word,
    alpha: i32,
    beta: i32,
    moves: M::Word,
    hint: u16,
) -> (i32, u16) {
    let board = worker.board;
    let mut list = [Candidate { index: 0, flips: M::Word::ZERO, key: 0 }; 64];
    let count = match worker.sorted_moves(p, o, moves, hint, &mut list) {
        Some(count) => count,
        None => {
            // More moves than a list holds: board order, every one.
            let mut rest = moves;
            let mut best = (-INFINITY, NO_MOVE);
            let mut alpha = alpha;
            while !rest.is_zero() {
                let x = rest.lowest();
                rest = rest.without_lowest();
                let flips = board.mg.flips(p, o, x);
                let v = -split_node(worker, threads, o ^ flips, p | flips | M::Word::bit(x), -beta, -alpha);
                if worker.stopped {
                    return best;
                }
                if v > best.0 {
                    best = (v, x as u16);
                    if v >= beta {
                        break;
                    }
                    alpha = alpha.max(v);
                }
            }
            return best;
        }
    };
    let child = |c: &Candidate<M::Word>| (o ^ c.flips, p | c.flips | M::Word::bit(c.index));
    let (cp, co) = child(&list[0]);
    let first = -split_node(worker, threads, cp, co, -beta, -alpha);
    if worker.stopped || first >= beta || count == 1 {
        return (first, list[0].index as u16);
    }
    // (best value, its move, the window's lower end)
    let shared = Mutex::new((first, list[0].index as u16, alpha.max(first)));
    let next = AtomicUsize::new(1);
    let list = &list[..count];
    let work = |w: &mut Worker<'_, M>| {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(c) = list.get(i) else { break };
            let a = lock(&shared).2;
            if a >= beta {
                break;
            }
            let (cp, co) = child(c);
            let mut v = -w.search(cp, co, -a - 1, -a);
            if v > a && v < beta && !w.stopped {
                v = -w.search(cp, co, -beta, -a);
            }
            if w.stopped {
                break;
            }
            let mut s = lock(&shared);
            if v > s.0 {
                *s = (v, c.index as u16, s.2.max(v));
            }
        }
    };
    let work = &work;
    std::thread::scope(|scope| {
        for _ in 1..threads.min(count - 1) {
            let (board, table, control) = (worker.board, worker.table, worker.control);
            scope.spawn(move || {
                let mut helper = Worker::new(board, table, control);
                work(&mut helper);
                helper.flush();
            });
        }
        work(worker);
    });
    if worker.control.is_aborted() {
        worker.stopped = true;
    }
    let (best, best_move, _) = *lock(&shared);
    (best, best_move)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

const _: () = assert!(SPLIT >= DEEP);
