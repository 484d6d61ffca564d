//! The walk of the game tree on a pair of words, with the rules' convention (§4): a pass
//! (the mover has no move, the opponent has) uses one ply, and a position where neither
//! side can move is a leaf wherever it occurs.
//!
//! Perft is one user: [`MoveGen::perft`] is [`node`] recursing into itself, and
//! `perft_parallel` splits the first plies with [`rule`] and
//! [`for_each_child`]. A search walks the same tree, so it takes the same three pieces: what
//! a node is ([`rule`]), its children ([`for_each_child`]), and the leaf count below it
//! ([`node`], [`node_with`]).
//!
//! ```
//! use reversi_core::kernel::walk::{self, Rule};
//! use reversi_core::kernel::{Eight, MoveGen};
//! use reversi_core::Geometry;
//!
//! let mg = Eight::new(&Geometry::STANDARD).expect("8×8");
//! // Black to move on the start: d5 and e4 against d4 and e5 (bit `row * 8 + column`).
//! let (p, o): (u64, u64) = (1 << 35 | 1 << 28, 1 << 27 | 1 << 36);
//! let moves = mg.legal(p, o);
//! assert_eq!(walk::rule(1, moves, || mg.legal(o, p)), Rule::Moves);
//! let mut children = 0;
//! walk::for_each_child(p, o, moves, |i| mg.flips(p, o, i), |_, _| children += 1);
//! assert_eq!(children, 4);
//! ```

use super::{MoveGen, Word};

/// What the rules make of a position with plies left to walk, before its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The mover has moves: the children are the positions they make.
    Moves,
    /// The mover has none and the opponent has: one child, the same discs with the other
    /// side to move, one ply down.
    Pass,
    /// One leaf: neither side can move (the game is over), or the mover cannot and this was
    /// the last ply (a pass at the last ply is a leaf).
    Leaf,
}

/// What the rules make of a position with `depth` plies to walk (1 or more), given the
/// mover's legal `moves` and the opponent's (asked for only when the mover has none).
#[inline(always)]
#[must_use]
pub fn rule<W: Word>(depth: u32, moves: W, opponent_moves: impl FnOnce() -> W) -> Rule {
    if !moves.is_zero() {
        Rule::Moves
    } else if depth == 1 || opponent_moves().is_zero() {
        Rule::Leaf
    } else {
        Rule::Pass
    }
}

/// The leaves below the position (`p` to move against `o`) to `depth` plies, with `child`
/// counting each subtree one ply down: the body of [`MoveGen::perft`], generic so that a
/// generator built for CPU features compiles the whole loop under them by passing itself as
/// `child`.
#[inline(always)]
pub fn node<G: MoveGen>(
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
/// flips given by the caller: for the generators that derive all of these from one fill of
/// the position.
#[inline(always)]
pub fn node_with<W: Word>(
    (p, o, depth): (W, W, u32),
    moves: W,
    opponent_moves: impl FnOnce() -> W,
    two_plies: impl FnOnce() -> u64,
    flips: impl Fn(u32) -> W,
    mut child: impl FnMut(W, W, u32) -> u64,
) -> u64 {
    match rule(depth, moves, opponent_moves) {
        Rule::Leaf => 1,
        Rule::Pass => child(o, p, depth - 1),
        Rule::Moves if depth == 1 => u64::from(moves.count()),
        Rule::Moves if depth == 2 => two_plies(),
        Rule::Moves => {
            let mut total = 0;
            for_each_child(p, o, moves, flips, |mover, opponent| total += child(mover, opponent, depth - 1));
            total
        }
    }
}

/// Calls `visit` with each child of the position (`p` to move against `o`) that a move of
/// `moves` makes, lowest cell first, given each move's `flips`: the new mover (the old
/// opponent, less the flipped discs) and the new opponent. The one make-move loop of the
/// walk.
#[inline(always)]
pub fn for_each_child<W: Word>(p: W, o: W, moves: W, flips: impl Fn(u32) -> W, mut visit: impl FnMut(W, W)) {
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

/// A subtree left for later: the mover's and the opponent's discs, the plies still to walk,
/// and the leaves already counted (a subtree that ended early has depth 0 and counts them).
#[cfg(feature = "std")]
pub(crate) type Job<W> = (W, W, u32, u64);

/// Collects the subtrees `plies` plies below (`p`, `o`) as jobs, by the rules of [`node`]:
/// the work that [`perft_parallel`](crate::perft_parallel) shares between threads.
#[cfg(feature = "std")]
pub(crate) fn split<G: MoveGen>(
    mg: &G,
    (p, o, depth): (G::Word, G::Word, u32),
    plies: u32,
    jobs: &mut alloc::vec::Vec<Job<G::Word>>,
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
    match rule(depth, moves, || mg.legal(o, p)) {
        Rule::Leaf => jobs.push((p, o, 0, 1)),
        Rule::Pass => split(mg, (o, p, depth - 1), plies - 1, jobs),
        Rule::Moves => for_each_child(
            p,
            o,
            moves,
            |i| mg.flips(p, o, i),
            |mover, opponent| split(mg, (mover, opponent, depth - 1), plies - 1, jobs),
        ),
    }
}
