//! Perft: the number of leaves of the game tree to a given depth.
//!
//! The convention is the rules' (§4): a pass (the mover has no move, the opponent has) uses
//! one ply, and a position where neither side can move is a leaf wherever it occurs. The
//! walk itself is the kernel's ([`kernel::walk`]); this module runs it from a [`Position`].

use crate::Position;
use crate::kernel::{self, Layout, MoveGen, Visitor};

/// The number of leaves of the game tree of `pos` to `depth` plies.
///
/// ```
/// use reversi_core::{perft, Position};
/// assert_eq!(perft(&Position::default(), 5), 1396);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    kernel::dispatch(pos.geometry(), Perft { pos, depth })
}

/// [`perft`] split over up to `threads` threads.
///
/// The count is clamped to what can help: at least 1, at most the parallelism the system
/// reports ([`std::thread::available_parallelism`], 1 if it reports none), since more
/// threads than cores only take turns, and at most the number of subtrees the work is split
/// into. Any `threads` is accepted, `0` and `usize::MAX` included. If the system refuses to
/// start a thread, the threads already running (the calling one included) do its share.
///
/// ```
/// use reversi_core::{perft_parallel, Position};
/// assert_eq!(perft_parallel(&Position::default(), 5, 2), 1396);
/// assert_eq!(perft_parallel(&Position::default(), 5, usize::MAX), 1396);
/// ```
#[cfg(feature = "std")]
#[must_use]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    let available = std::thread::available_parallelism().map_or(1, |n| n.get());
    kernel::dispatch(pos.geometry(), parallel::ParallelPerft { pos, depth, threads: threads.clamp(1, available) })
}

/// The leaves below the position (`p` to move against `o`) to `depth` plies, on any
/// generator: the loop that engines and benchmarks drive directly.
#[inline]
pub fn perft_words<G: MoveGen>(mg: &G, p: G::Word, o: G::Word, depth: u32) -> u64 {
    mg.perft(p, o, depth)
}

struct Perft<'a> {
    pos: &'a Position,
    depth: u32,
}

impl Visitor for Perft<'_> {
    type Output = u64;
    fn visit<L: Layout>(self, mg: L) -> u64 {
        let (p, o) = words(&mg, self.pos);
        perft_words(&mg, p, o, self.depth)
    }
}

fn words<L: Layout>(mg: &L, pos: &Position) -> (L::Word, L::Word) {
    let side = pos.side_to_move();
    (mg.compact(pos.discs(side)), mg.compact(pos.discs(!side)))
}

#[cfg(feature = "std")]
mod parallel {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::vec::Vec;

    use super::{Position, perft_words, words};
    use crate::kernel::walk::{Job, split};
    use crate::kernel::{Layout, MoveGen, Visitor};

    pub(super) struct ParallelPerft<'a> {
        pub(super) pos: &'a Position,
        pub(super) depth: u32,
        /// 1 or more.
        pub(super) threads: usize,
    }

    impl Visitor for ParallelPerft<'_> {
        type Output = u64;
        fn visit<L: Layout>(self, mg: L) -> u64 {
            let (p, o) = words(&mg, self.pos);
            // Split deep enough that every thread gets dozens of jobs: they vary in size by
            // orders of magnitude, and with few of them one thread would finish long after
            // the other (the 8×8 start has only 12 positions two plies down).
            let mut jobs = Vec::new();
            let mut plies = 2;
            loop {
                split(&mg, (p, o, self.depth), plies, &mut jobs);
                if jobs.len() >= 64 * self.threads || plies + 6 >= self.depth {
                    break;
                }
                jobs.clear();
                plies += 1;
            }
            let threads = self.threads.min(jobs.len()).max(1);
            run(&mg, &jobs, threads)
        }
    }

    /// The leaves of every job, on the calling thread and up to `threads - 1` others, each
    /// taking the next job left until none is.
    fn run<G: MoveGen>(mg: &G, jobs: &[Job<G::Word>], threads: usize) -> u64 {
        let next = AtomicUsize::new(0);
        let work = || {
            let mut sum = 0;
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(p, o, depth, leaves)) = jobs.get(k) else { break sum };
                sum += if depth == 0 { leaves } else { perft_words(mg, p, o, depth) };
            }
        };
        std::thread::scope(|scope| {
            let mut workers = Vec::with_capacity(threads - 1);
            for _ in 1..threads {
                // A thread the system refuses is no error: the others take its jobs.
                match std::thread::Builder::new().spawn_scoped(scope, work) {
                    Ok(worker) => workers.push(worker),
                    Err(_) => break,
                }
            }
            let here = work();
            here + workers.into_iter().map(|w| w.join().expect("perft worker panicked")).sum::<u64>()
        })
    }
}
