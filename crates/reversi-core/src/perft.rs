//! Perft: the number of leaves of the game tree to a given depth.
//!
//! The convention is the rules' (§4): a pass (the mover has no move, the opponent has) uses
//! one ply, and a position where neither side can move is a leaf wherever it occurs.

use crate::Position;
use crate::kernel::{self, Layout, MoveGen, Visitor, Word};

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

/// [`perft`] split over `threads` threads (1 or more; 0 counts as 1).
#[must_use]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    kernel::dispatch(pos.geometry(), ParallelPerft { pos, depth, threads: threads.max(1) })
}

/// The leaves below the position (`p` to move against `o`) to `depth` plies, on any
/// generator: the loop that engines and benchmarks drive directly.
#[inline]
pub fn perft_words<G: MoveGen>(mg: &G, p: G::Word, o: G::Word, depth: u32) -> u64 {
    mg.perft(p, o, depth)
}

/// One node of the perft loop, with `child` counting the subtrees: generic code that
/// [`MoveGen::perft`] implementations wrap, so that a generator built for CPU features
/// compiles the whole loop under them.
#[inline(always)]
pub(crate) fn node<G: MoveGen>(
    mg: &G,
    p: G::Word,
    o: G::Word,
    depth: u32,
    child: impl FnMut(G::Word, G::Word, u32) -> u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = mg.legal(p, o);
    let (opponent_moves, two_plies) = (|| mg.legal(o, p), || mg.count_two_plies(p, o, moves));
    node_with((p, o, depth), moves, opponent_moves, two_plies, |i| mg.flips(p, o, i), child)
}

/// [`node`] (of `depth` 1 or more) from the node's legal `moves`, with the opponent's moves
/// (asked for only when the mover has none), the count of the last two plies and each move's
/// flips given by the caller: the perft's rules in one place, for the generators that derive
/// all of these from one fill of the position.
#[inline(always)]
pub(crate) fn node_with<W: Word>(
    (p, o, depth): (W, W, u32),
    moves: W,
    opponent_moves: impl FnOnce() -> W,
    two_plies: impl FnOnce() -> u64,
    flips: impl Fn(u32) -> W,
    mut child: impl FnMut(W, W, u32) -> u64,
) -> u64 {
    if moves.is_zero() {
        // A pass and a finished game are both one leaf at the last ply.
        if depth == 1 || opponent_moves().is_zero() {
            return 1;
        }
        return child(o, p, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count());
    }
    if depth == 2 {
        return two_plies();
    }
    let mut total = 0;
    for_each_child(p, o, moves, flips, |mover, opponent| total += child(mover, opponent, depth - 1));
    total
}

/// Calls `visit` with each child of the position (`p` to move against `o`) that a move of
/// `moves` makes, given each move's `flips`: the new mover (the old opponent, less the
/// flipped discs) and the new opponent. The one make-move loop of the perft nodes and the
/// generic two-ply count.
#[inline(always)]
pub(crate) fn for_each_child<W: Word>(p: W, o: W, moves: W, flips: impl Fn(u32) -> W, mut visit: impl FnMut(W, W)) {
    let mut rest = moves;
    while !rest.is_zero() {
        let i = rest.lowest();
        // The bit itself from the word: on multi-limb words cheaper than `Word::bit(i)`.
        let bit = rest.isolate_lowest();
        rest = rest ^ bit;
        let flips = flips(i);
        visit(o ^ flips, p | flips | bit);
    }
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

struct ParallelPerft<'a> {
    pos: &'a Position,
    depth: u32,
    threads: usize,
}

impl Visitor for ParallelPerft<'_> {
    type Output = u64;
    fn visit<L: Layout>(self, mg: L) -> u64 {
        let (p, o) = words(&mg, self.pos);
        // Split deep enough that every thread gets dozens of jobs: they vary in size by
        // orders of magnitude, and with few of them one thread would finish long after the
        // other (the 8×8 start has only 12 positions two plies down).
        let mut jobs = Vec::new();
        let mut plies = 2;
        loop {
            split(&mg, p, o, self.depth, plies, &mut jobs);
            if jobs.len() >= 64 * self.threads || plies + 6 >= self.depth {
                break;
            }
            jobs.clear();
            plies += 1;
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let jobs = &jobs;
        let mg = &mg;
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut sum = 0;
                        loop {
                            let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            let Some(&(p, o, depth, leaves)) = jobs.get(k) else { break sum };
                            sum += if depth == 0 { leaves } else { perft_words(mg, p, o, depth) };
                        }
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().expect("perft worker panicked")).sum()
        })
    }
}

/// Collects the subtrees `plies` plies below (`p`, `o`) as jobs (mover, opponent, remaining
/// depth, leaves already counted); a subtree that ends early is a job of depth 0.
fn split<G: MoveGen>(
    mg: &G,
    p: G::Word,
    o: G::Word,
    depth: u32,
    plies: u32,
    jobs: &mut Vec<(G::Word, G::Word, u32, u64)>,
) {
    if depth == 0 {
        // The position itself is the one leaf: a job of depth 0 counts what it carries.
        jobs.push((p, o, 0, 1));
        return;
    }
    if plies == 0 || depth == 1 {
        jobs.push((p, o, depth, 0));
        return;
    }
    let moves = mg.legal(p, o);
    if moves.is_zero() {
        if mg.legal(o, p).is_zero() {
            jobs.push((p, o, 0, 1));
        } else {
            split(mg, o, p, depth - 1, plies - 1, jobs);
        }
        return;
    }
    let mut rest = moves;
    while !rest.is_zero() {
        let i = rest.lowest();
        rest = rest.without_lowest();
        let flips = mg.flips(p, o, i);
        split(mg, o ^ flips, p | flips | G::Word::bit(i), depth - 1, plies - 1, jobs);
    }
}
