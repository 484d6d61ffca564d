//! The seam between the search and an exact endgame solver.
//!
//! [`exact`] is the one place where the search asks for a position's exact value. For now it
//! is answered by this crate's own alpha-beta search run to the end of the game (every line
//! to the last move, passes included) in the search's transposition table; a dedicated
//! solver (fastest-first ordering, parity, special code for the last empties) plugs in by
//! replacing this function's body, keeping its contract:
//!
//! - `position` has a legal move for its side to move (the caller handles passes and finished
//!   games);
//! - the value is the final disc difference under `scoring` for the side to move with perfect
//!   play by both sides, exact when it lies inside `window`, otherwise a bound on the same side
//!   of the window (fail-soft);
//! - `None` when `limits` (nodes, time) or `stop` ended the solve first: never a guess;
//! - memory: at most `table` plus a small constant, nothing allocated per node.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi_core::{Position, Square};
use reversi_variants::Scoring;

use super::Limits;
use super::core::{Context, hash_of};
use super::table::{Bound, Entry, TO_THE_END, Table};
use crate::eval::Evaluator;

/// An exact solve's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Solved {
    /// The final disc difference for the side to move (a bound outside the window).
    pub(crate) discs: i32,
    /// A best move.
    pub(crate) best: Square,
    /// The nodes searched.
    pub(crate) nodes: u64,
}

/// The exact value of `position` under `scoring` within `window` (alpha, beta in discs), or
/// `None` if the limits or the stop flag ended the solve. See the module's documentation.
pub(crate) fn exact(
    position: &Position,
    scoring: Scoring,
    window: (i32, i32),
    limits: &Limits,
    stop: &AtomicBool,
    table: &Table,
    eval: &Evaluator,
) -> Option<Solved> {
    let moves = position.legal_moves();
    debug_assert!(!moves.is_empty(), "exact() needs a position with a move");
    let mut ctx = Context {
        eval,
        table,
        scoring,
        stop,
        deadline: limits.max_time().map(|t| Instant::now() + t),
        node_limit: limits.max_nodes(),
        nodes: 0,
        aborted: false,
    };
    let hash = hash_of(position, scoring);
    let first = table.probe(hash).and_then(|e| e.best);
    // Exact values are whole discs: widen the window to hundredths by whole discs, so that a
    // value just outside it is still recognised as a bound.
    let (alpha, beta) = (window.0.saturating_mul(100), window.1.saturating_mul(100));
    let (value, best) = ctx.search_moves(position, hash, moves, first, TO_THE_END, alpha, beta);
    let best = best.filter(|_| !ctx.aborted)?;
    table.store(hash, Entry { value, depth: TO_THE_END, bound: Bound::of(value, alpha, beta), best: Some(best) });
    Some(Solved { discs: value / 100, best, nodes: ctx.nodes })
}
