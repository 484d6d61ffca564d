//! The alpha-beta search itself: negamax with principal-variation (null-window) searches, the
//! transposition table and move ordering, iterative deepening, one [`Context`] per thread.
//!
//! It knows nothing of the exact solver nor of the [`Searcher`](super::Searcher) above it,
//! so the solver can ask it for a first guess ([`estimate`]) while the `Searcher` asks the
//! solver for exact values: the dependency runs one way, `search` to `solver` to this module.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use reversi_core::{Bitboard, Color, Position, Square};
use reversi_variants::{Move, Scoring};

use super::table::{Bound, Entry, TO_THE_END, Table};
use crate::eval::Evaluator;
use crate::eval::patterns::PatternWeights;
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
    /// The probable cut-offs' margins, if the search is selective.
    pub(crate) probcut: Option<&'a ProbCut>,
    /// The nodes that failed high over beta, and which move did it.
    pub(crate) cutoffs: Cutoffs,
}

/// The nodes of a search whose moves failed high over beta, and how many of them the first
/// move tried was enough for: how often the move ordering puts a refutation first, which is
/// what makes alpha-beta cheap (cut-offs from the table or a probable cut-off, where no move
/// is tried, are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cutoffs {
    nodes: u64,
    by_first_move: u64,
}

impl Cutoffs {
    /// The nodes whose moves failed high.
    #[must_use]
    pub const fn nodes(self) -> u64 {
        self.nodes
    }

    /// Those whose first move failed high.
    #[must_use]
    pub const fn by_first_move(self) -> u64 {
        self.by_first_move
    }

    /// The share of the cut-offs made by the first move, from 0 to 1; `None` without one.
    #[must_use]
    pub fn first_move_rate(self) -> Option<f64> {
        (self.nodes > 0).then(|| self.by_first_move as f64 / self.nodes as f64)
    }
}

/// The counts of two searches together (the threads of one search, the moves of a game).
impl std::ops::Add for Cutoffs {
    type Output = Cutoffs;

    fn add(self, other: Cutoffs) -> Cutoffs {
        Cutoffs { nodes: self.nodes + other.nodes, by_first_move: self.by_first_move + other.by_first_move }
    }
}

/// The deepest iteration: well past any board's count of empty cells that a search can reach.
pub(crate) const MAX_DEPTH: u32 = 64;

/// The depth of the shallow search that stands for a search `depth` plies deep in a probable
/// cut-off ([`Selectivity::shallow_depth`](super::Selectivity::shallow_depth) says why).
pub(crate) const fn shallow_depth(depth: u32) -> u32 {
    2 * (depth / 4) + depth % 2
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

/// From this depth on, a node orders its moves by the evaluation of each child (fewest
/// replies first below it).
const ORDER_BY_EVALUATION: u8 = 3;

/// The moves of `moves` in search order: the table's move first, then from
/// [`ORDER_BY_EVALUATION`] plies by the evaluation of the child (best for the mover first),
/// below it by a cheap guess (corners first, then fewest replies for the opponent when `depth`
/// makes it worth it).
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
        } else if depth >= ORDER_BY_EVALUATION && depth != TO_THE_END {
            let mut next = *position;
            next.play_unchecked(sq);
            key = -eval.evaluate(&next);
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
        if let Some(cut) = self.probable_cutoff(position, hash, depth, alpha, beta) {
            return cut;
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
                        self.cutoffs.nodes += 1;
                        self.cutoffs.by_first_move += u64::from(i == 0);
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// Multi-ProbCut: if a shallow search of `position` says, with the confidence of the
    /// margins, that the search `depth` plies deep would fail high over `beta` (or low under
    /// `alpha`), that bound; `None` to search it. Each shallow search is a null window
    /// around the bound moved by the margin, so that it costs a fraction of the deep one.
    fn probable_cutoff(&mut self, position: &Position, hash: u64, depth: u8, alpha: i32, beta: i32) -> Option<i32> {
        let probcut = self.probcut?;
        if depth == TO_THE_END || depth < ProbCut::MIN_DEPTH {
            return None;
        }
        let shallow = ProbCut::shallow_depth(depth);
        let margin = probcut.margin(depth, position.empty_cells().len());
        let high = beta.saturating_add(margin);
        if high < self.eval_bound() {
            let value = self.negamax(position, hash, shallow, high - 1, high);
            if self.aborted {
                return Some(0);
            }
            if value >= high {
                return Some(beta);
            }
        }
        let low = alpha.saturating_sub(margin);
        if low > -self.eval_bound() {
            let value = self.negamax(position, hash, shallow, low, low + 1);
            if self.aborted {
                return Some(0);
            }
            if value <= low {
                return Some(alpha);
            }
        }
        None
    }

    /// Above any value the evaluation or a final score can give on this board.
    fn eval_bound(&self) -> i32 {
        self.eval.playable_cells() as i32 * 100
    }
}

/// The margins of the probable cut-offs ([`Context::probable_cutoff`]): how far a shallow
/// search's value may stray from the deep one's, in hundredths of a disc, times the
/// confidence asked for. The deep value is modelled as the shallow one plus a normal error
/// whose deviation depends on the two depths and on the empty cells:
/// `sigma = base + per_ply * depth + per_shallow_ply * shallow + per_empty * empties`, fitted
/// by `tools/src/bin/probcut_fit.rs` (see `benches/README.md`, engine strength).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ProbCut {
    /// How many deviations the margin is (the selectivity: more is safer and slower).
    pub(crate) confidence: f64,
    /// The deviation's model, in hundredths of a disc.
    pub(crate) sigma: Sigma,
}

/// The deviation of a shallow search's error against the deep one, in hundredths of a disc:
/// `base + per_ply * depth + per_shallow_ply * shallow + per_empty * empties`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sigma {
    pub(crate) base: f64,
    pub(crate) per_ply: f64,
    pub(crate) per_shallow_ply: f64,
    pub(crate) per_empty: f64,
}

impl ProbCut {
    /// The shallowest search the probable cut-offs serve.
    pub(crate) const MIN_DEPTH: u8 = 3;

    /// The depth of the shallow search that stands for a search `depth` plies deep
    /// ([`Selectivity::shallow_depth`](super::Selectivity::shallow_depth)).
    const fn shallow_depth(depth: u8) -> u8 {
        shallow_depth(depth as u32) as u8
    }

    /// The margin for a search `depth` plies deep at a position with `empties` empty cells.
    fn margin(&self, depth: u8, empties: u32) -> i32 {
        let Sigma { base, per_ply, per_shallow_ply, per_empty } = self.sigma;
        let shallow = Self::shallow_depth(depth);
        let sigma =
            base + per_ply * f64::from(depth) + per_shallow_ply * f64::from(shallow) + per_empty * f64::from(empties);
        // A floor, so that an extrapolation far from the fitted depths never cuts on nothing.
        (self.confidence * sigma.max(100.0)) as i32
    }
}

/// Iterative deepening from `from` to `to` plies: the best move, value and depth of the last
/// completed iteration, or `None` if none completed.
pub(crate) fn iterate(ctx: &mut Context<'_>, position: &Position, from: u32, to: u32) -> Option<(Square, i32, u32)> {
    /// The aspiration window's half width, in hundredths of a disc.
    const ASPIRATION: i32 = 150;
    let hash = hash_of(position, ctx.scoring);
    let moves = position.legal_moves();
    let mut found = None;
    for depth in from..=to.max(from) {
        let d = depth.min(u32::from(TO_THE_END) - 1) as u8;
        let first = ctx.table.probe(hash).and_then(|e| e.best).or(found.map(|(sq, _, _)| sq));
        let (alpha, beta) = match found {
            Some((_, v, _)) if depth >= 3 => (v - ASPIRATION, v + ASPIRATION),
            _ => (-INFINITY, INFINITY),
        };
        let (mut value, mut best) = ctx.search_moves(position, hash, moves, first, d, alpha, beta);
        if !ctx.aborted && (value <= alpha || value >= beta) {
            (value, best) = ctx.search_moves(position, hash, moves, best.or(first), d, -INFINITY, INFINITY);
        }
        if ctx.aborted {
            break;
        }
        let best = best.expect("a position with a move has a best move");
        ctx.table.store(hash, Entry { value, depth: d, bound: Bound::Exact, best: Some(best) });
        found = Some((best, value, depth));
    }
    found
}

/// What [`estimate`] found: the best move, its value in hundredths of a disc, the nodes.
pub(crate) struct Estimate {
    pub(crate) best: Move,
    pub(crate) value: i32,
    pub(crate) nodes: u64,
}

/// An exhaustive (no probable cut-off) search of `position` to `depth` plies on one thread,
/// with the built-in weights, a fresh table of `table_bytes` and no exact endgame: the
/// solver's first guess of a value. The same nodes, move and value as a
/// [`Searcher`](super::Searcher) of that table, exact solves from 0 empties, exhaustive, to
/// that depth. `None` once the game is over.
pub(crate) fn estimate(position: &Position, scoring: Scoring, depth: u32, table_bytes: usize) -> Option<Estimate> {
    if position.is_game_over() {
        return None;
    }
    if position.legal_moves().is_empty() {
        let after = estimate(&position.with_side_to_move(!position.side_to_move()), scoring, depth, table_bytes)?;
        return Some(Estimate { best: Move::Pass, value: -after.value, nodes: after.nodes });
    }
    let eval = Evaluator::with_pattern_weights(position.geometry(), PatternWeights::built_in());
    let table = Table::with_bytes(table_bytes);
    let stop = AtomicBool::new(false);
    let mut ctx = Context {
        eval: &eval,
        table: &table,
        scoring,
        stop: &stop,
        deadline: None,
        node_limit: None,
        nodes: 0,
        aborted: false,
        probcut: None,
        cutoffs: Cutoffs::default(),
    };
    let max_depth = depth.min(MAX_DEPTH).min(position.empty_cells().len());
    let (best, value, _) = iterate(&mut ctx, position, 1, max_depth).unwrap_or_else(|| {
        // Not even one ply completed (never without limits): as the Searcher answers.
        let first = position.legal_moves().first().expect("a position with a move");
        (first, eval.evaluate(&child(position, 0, first).0).saturating_neg(), 0)
    });
    Some(Estimate { best: Move::Place(best), value, nodes: ctx.nodes })
}
