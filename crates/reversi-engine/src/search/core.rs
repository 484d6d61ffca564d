//! The alpha-beta search itself: negamax with principal-variation (null-window) searches, the
//! transposition table and move ordering. One [`Context`] per thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use reversi_core::{Bitboard, Color, Position, Square};
use reversi_variants::Scoring;

use super::table::{Bound, Entry, TO_THE_END, Table};
use crate::eval::Evaluator;
use crate::hash::{Zobrist, zobrist};

/// Above any value a position can have (16×16 is 256 cells, 25 600 hundredths).
pub(crate) const INFINITY: i32 = 1_000_000;

/// The most moves a position can have: one per cell.
const MAX_MOVES: usize = 256;

/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 1024;

/// The state of one thread's search.
pub(crate) struct Context<'a> {
    pub(crate) eval: &'a Evaluator,
    pub(crate) table: &'a Table,
    pub(crate) scoring: Scoring,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) deadline: Option<Instant>,
    pub(crate) node_limit: Option<u64>,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
}

/// The final value of a finished game for the side to move, in hundredths of a disc.
pub(crate) fn final_value(position: &Position, scoring: Scoring) -> i32 {
    let me = position.side_to_move();
    let diff = position.count(me) as i32 - position.count(!me) as i32;
    let empties = position.empty_cells().len() as i32;
    let discs = match scoring {
        Scoring::Wof if diff != 0 => diff + diff.signum() * empties,
        _ => diff,
    };
    discs * 100
}

/// The child of `position` after `sq`, with its hash updated from `hash`.
pub(crate) fn child(position: &Position, hash: u64, sq: Square) -> (Position, u64) {
    let mut next = *position;
    let me = position.side_to_move();
    let flips = next.play_unchecked(sq);
    let mut h = hash ^ Zobrist::disc(me, sq) ^ Zobrist::side();
    for f in flips {
        h ^= Zobrist::disc(Color::Black, f) ^ Zobrist::disc(Color::White, f);
    }
    (next, h)
}

/// The key that sets WOF-scored searches apart in the table: their final values differ.
const WOF_KEY: u64 = 0x3C79_AC49_2BA7_B653;

/// The table key of `position` searched under `scoring`.
pub(crate) fn hash_of(position: &Position, scoring: Scoring) -> u64 {
    zobrist(position) ^ if scoring == Scoring::Wof { WOF_KEY } else { 0 }
}

/// The moves of `moves` in search order: the table's move first, then by a cheap guess
/// (corners first, then fewest replies for the opponent when `depth` makes it worth it).
pub(crate) fn order(
    position: &Position,
    moves: Bitboard,
    first: Option<Square>,
    depth: u8,
    eval: &Evaluator,
    out: &mut [(i32, Square); MAX_MOVES],
) -> usize {
    let mut n = 0;
    let corners = eval.corner_cells();
    let danger = eval.danger_cells(position);
    for sq in moves {
        let mut key = 0;
        if Some(sq) == first {
            key = INFINITY;
        } else {
            if corners.contains(sq) {
                key += 1000;
            }
            if danger.contains(sq) {
                key -= 500;
            }
            if depth >= 2 {
                let mut next = *position;
                next.play_unchecked(sq);
                key -= 50 * next.legal_moves().len() as i32;
            }
        }
        out[n] = (key, sq);
        n += 1;
    }
    out[..n].sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
    n
}

impl Context<'_> {
    /// Counts a node and says whether the search must stop now.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let over_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
            let over_time = self.deadline.is_some_and(|d| Instant::now() >= d);
            if over_nodes || over_time || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The negamax value of `position` (hash `hash`) searched `depth` plies deep
    /// ([`TO_THE_END`] for an exact search), within `(alpha, beta)`: exact inside the window,
    /// a bound outside it. Returns 0 once aborted; the caller must then discard the value.
    pub(crate) fn negamax(&mut self, position: &Position, hash: u64, depth: u8, alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            let passed = position.with_side_to_move(!position.side_to_move());
            if passed.legal_moves().is_empty() {
                return final_value(position, self.scoring);
            }
            return -self.negamax(&passed, hash ^ Zobrist::side(), depth, -beta, -alpha);
        }
        if depth == 0 {
            return self.eval.evaluate(position);
        }
        let mut first = None;
        if let Some(entry) = self.table.probe(hash) {
            first = entry.best;
            if entry.depth >= depth {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        let (best, best_move) = self.search_moves(position, hash, moves, first, depth, alpha, beta);
        if self.aborted {
            return 0;
        }
        self.table.store(hash, Entry { value: best, depth, bound: Bound::of(best, alpha, beta), best: best_move });
        best
    }

    /// Searches the `moves` of `position` (`first` first) and gives the best value and move;
    /// shared by inner nodes and the root. Stores nothing.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search_moves(
        &mut self,
        position: &Position,
        hash: u64,
        moves: Bitboard,
        first: Option<Square>,
        depth: u8,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Square>) {
        let child_depth = if depth == TO_THE_END { TO_THE_END } else { depth - 1 };
        let mut list = [(0, Square::A1); MAX_MOVES];
        let n = order(position, moves, first, depth, self.eval, &mut list);
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &(_, sq)) in list[..n].iter().enumerate() {
            let (next, h) = child(position, hash, sq);
            let value = if i == 0 {
                -self.negamax(&next, h, child_depth, -beta, -alpha)
            } else {
                let probe = -self.negamax(&next, h, child_depth, -alpha - 1, -alpha);
                if probe > alpha && probe < beta { -self.negamax(&next, h, child_depth, -beta, -alpha) } else { probe }
            };
            if self.aborted {
                return (0, None);
            }
            if value > best {
                best = value;
                best_move = Some(sq);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }
}
