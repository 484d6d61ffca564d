//! The search of one node: negamax with principal-variation (null-window) searches, the
//! transposition table, move ordering, probable cut-offs and a node's moves shared between
//! threads, one [`Context`] a thread. It runs on the words of the board's move generator
//! ([`Frame`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use reversi_core::Position;
use reversi_core::kernel::{Layout, Word};
use reversi_variants::Scoring;

use super::frame::{Frame, MAX_MOVES, Node, scored};
use super::move_ordering::{bring_best_forward, order, sort_best_first};
use crate::eval::indices::Indices;
pub(crate) use crate::move_ordering::Cutoffs;
use crate::multi_probcut::{ProbCut, ProbCutNodes};
use crate::time_management::{MIDGAME_CHECK_EVERY as CHECK_EVERY, Watch};
use crate::transposition_table::midgame::{Bound, Entry, TO_THE_END, Table};
use crate::value::centidiscs;
use crate::ybwc::{self, Cancel, Crew, MIDGAME_SPLIT_DEPTH, lock};

pub(crate) use crate::value::MIDGAME_INFINITY as INFINITY;

/// The state of one thread's search.
pub(crate) struct Context<'a, M: Layout> {
    pub(crate) frame: &'a Frame<M>,
    pub(crate) table: &'a Table,
    pub(crate) watch: Watch<'a>,
    /// The search's threads, if it has helpers (the node limit then counts theirs too).
    pub(crate) crew: Option<&'a Crew>,
    /// The split this thread searches under, if any: once it is called off, the thread stops.
    pub(crate) cancel: Option<&'a Cancel<'a>>,
    pub(crate) nodes: u64,
    /// The part of `nodes` already added to the crew's count.
    pub(crate) flushed: u64,
    /// The count of `nodes` at which to look at the limits before the next multiple of
    /// [`CHECK_EVERY`], to keep a close node limit ([`Watch::close_look`]); `u64::MAX` when
    /// the multiples are near enough.
    pub(crate) close_check: u64,
    pub(crate) aborted: bool,
    /// The probable cut-offs' margins, if the search is selective.
    pub(crate) probcut: Option<&'a ProbCut>,
    /// The nodes that failed high over beta, and which move did it.
    pub(crate) cutoffs: Cutoffs,
}

/// The deepest iteration: well past any board's count of empty cells that a search can reach.
pub(crate) const MAX_DEPTH: u32 = 64;

/// The final value of a finished game for the side to move, in hundredths of a disc.
pub(crate) fn final_value(position: &Position, scoring: Scoring) -> i32 {
    let me = position.side_to_move();
    let diff = position.count(me) as i32 - position.count(!me) as i32;
    scored(diff, position.empty_cells().len() as i32, scoring)
}

/// The first [`Context::close_check`] of a thread: at its first node under a close node limit,
/// where the thread learns how much of the budget is left.
pub(crate) fn first_close_check(watch: &Watch<'_>) -> u64 {
    if watch.close_nodes && watch.node_limit.is_some() { 1 } else { u64::MAX }
}

impl<M: Layout> Context<'_, M> {
    /// Counts a node and says whether the search must stop now.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if (self.nodes.is_multiple_of(CHECK_EVERY) || self.nodes >= self.close_check) && self.must_stop() {
            self.aborted = true;
        }
        self.aborted
    }

    /// Whether the search is past its node limit or deadline, or stopped from outside, or
    /// by another thread, or this thread's split is called off.
    #[cold]
    fn must_stop(&mut self) -> bool {
        let nodes = match self.crew {
            Some(_) => self.flush(),
            None => self.nodes,
        };
        if self.watch.why_stop(nodes).is_some() {
            self.crew.inspect(|crew| crew.abort());
            return true;
        }
        self.close_check = self.watch.close_look(nodes, CHECK_EVERY).map_or(u64::MAX, |look| self.nodes + look);
        self.crew.is_some_and(Crew::is_aborted) || self.cancel.is_some_and(Cancel::is_set)
    }

    /// Adds the nodes not yet counted to the crew's count, and gives its total (this thread's
    /// count without a crew).
    fn flush(&mut self) -> u64 {
        let new = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.crew.map_or(self.nodes, |crew| crew.add_nodes(new))
    }

    /// The negamax value of `node` searched `depth` plies deep ([`TO_THE_END`] for an exact
    /// search), within `(alpha, beta)`: exact inside the window, a bound outside it. `indices`
    /// are the node's patterns' indices if the frame keeps them. Returns 0 once aborted; the
    /// caller must then discard the value.
    pub(crate) fn negamax(
        &mut self,
        node: &Node<M::Word>,
        depth: u8,
        alpha: i32,
        beta: i32,
        indices: Option<&Indices>,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let frame = self.frame;
        let moves = frame.legal(node);
        if moves.is_zero() {
            let passed = frame.passed(node);
            if frame.legal(&passed).is_zero() {
                return frame.final_value(node);
            }
            let indices = indices.map(Indices::passed);
            return -self.negamax(&passed, depth, -beta, -alpha, indices.as_ref());
        }
        if depth == 0 {
            return frame.evaluate(node.p, node.o, indices);
        }
        let mut first = None;
        if let Some(entry) = self.table.probe(node.hash) {
            first = entry.best.map(|sq| frame.index(sq));
            if entry.depth >= depth {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        if let Some(cut) = self.probable_cutoff(node, depth, alpha, beta, indices) {
            return cut;
        }
        let (best, best_move) = self.search_moves(node, moves, first, depth, alpha, beta, indices);
        if self.aborted {
            return 0;
        }
        let best_square = best_move.map(|x| frame.square(x));
        self.table
            .store(node.hash, Entry { value: best, depth, bound: Bound::of(best, alpha, beta), best: best_square });
        best
    }

    /// Searches the `moves` of `node` (`first` first) and gives the best value and move (a
    /// compact index); shared by inner nodes and the root. Stores nothing.
    ///
    /// The table's move `first` is searched before the others are ordered: most nodes that
    /// have one cut off on it, and ordering the others costs an evaluation a move from
    /// [`MIDGAME_EVALUATED_FROM`](crate::move_ordering::MIDGAME_EVALUATED_FROM) plies. The
    /// order, and so the tree, is the same as ordering them all with `first` on top.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn search_moves(
        &mut self,
        node: &Node<M::Word>,
        moves: M::Word,
        first: Option<u32>,
        depth: u8,
        mut alpha: i32,
        beta: i32,
        indices: Option<&Indices>,
    ) -> (i32, Option<u32>) {
        let child_depth = if depth == TO_THE_END { TO_THE_END } else { depth - 1 };
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut others = moves;
        if let Some(x) = first.filter(|&x| !(moves & M::Word::bit(x)).is_zero()) {
            let value = self.search_child(node, x, child_depth, alpha, beta, true, indices);
            if self.aborted {
                return (0, None);
            }
            best = value;
            best_move = Some(x);
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    self.cutoffs.count(true);
                    return (best, best_move);
                }
            }
            others = moves & !M::Word::bit(x);
        }
        let searched = usize::from(best_move.is_some());
        let mut list = [(0, 0); MAX_MOVES];
        let n = order(self.frame, node, others, depth, indices, &mut list);
        for j in 0..n {
            let i = searched + j;
            // A thread of the crew is idle: share the moves left (see `split`).
            if i >= 1
                && depth >= MIDGAME_SPLIT_DEPTH
                && depth != TO_THE_END
                && let Some(crew) = self.crew
            {
                let helpers = crew.places.take_all();
                if helpers > 0 {
                    let first = Shared { best, best_move: best_move.expect("the first move searched"), alpha };
                    sort_best_first(&mut list[j..n]);
                    return self.split(node, &list[j..n], child_depth, first, beta, indices, helpers);
                }
            }
            bring_best_forward(&mut list[j..n]);
            let x = list[j].1;
            let value = self.search_child(node, x, child_depth, alpha, beta, i == 0, indices);
            if self.aborted {
                return (0, None);
            }
            if value > best {
                best = value;
                best_move = Some(x);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        self.cutoffs.count(i == 0);
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// The value for `node`'s mover of its move `x`, searched `child_depth` plies below: the
    /// whole window `(alpha, beta)` for the node's first move, else a null window first and
    /// the whole window again only if the move may be better (principal variation search).
    /// 0 once aborted.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_child(
        &mut self,
        node: &Node<M::Word>,
        x: u32,
        child_depth: u8,
        alpha: i32,
        beta: i32,
        first: bool,
        indices: Option<&Indices>,
    ) -> i32 {
        let frame = self.frame;
        let flips = frame.mg.flips(node.p, node.o, x);
        let next = frame.child(node, x, flips);
        if child_depth > 0 {
            // The child probes its slot after its indices and moves: the miss overlaps them.
            self.table.prefetch(next.hash);
        }
        let child_indices = Frame::<M>::child_indices(indices, x, flips);
        let child_indices = child_indices.as_ref();
        if first {
            return -self.negamax(&next, child_depth, -beta, -alpha, child_indices);
        }
        let probe = -self.negamax(&next, child_depth, -alpha - 1, -alpha, child_indices);
        if probe > alpha && probe < beta {
            -self.negamax(&next, child_depth, -beta, -alpha, child_indices)
        } else {
            probe
        }
    }

    /// Searches the moves `rest` of `node` (those after the first, whose value and the window's
    /// lower end it raised are in `first`) with this thread and `helpers` more, whose places
    /// were taken from the crew and are given back here ([`ybwc`]). Returns
    /// the best value and move, as [`search_moves`](Self::search_moves) does.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        node: &Node<M::Word>,
        rest: &[(i32, u32)],
        child_depth: u8,
        first: Shared,
        beta: i32,
        indices: Option<&Indices>,
        helpers: usize,
    ) -> (i32, Option<u32>) {
        let crew = self.crew.expect("only a search with a crew splits");
        // This thread's nodes so far go into the crew's count before the split's members,
        // which look at it, start: it waits while they search.
        self.flush();
        let (frame, table, watch, probcut) = (self.frame, self.table, self.watch, self.probcut);
        let cancel = Cancel::under(self.cancel);
        let shared = Mutex::new(first);
        let taken = AtomicUsize::new(0);
        let work = |ctx: &mut Context<'_, M>| {
            while let Some(&(_, x)) = rest.get(taken.fetch_add(1, Ordering::Relaxed)) {
                let a = lock(&shared).alpha;
                if a >= beta {
                    break;
                }
                let flips = frame.mg.flips(node.p, node.o, x);
                let next = frame.child(node, x, flips);
                let next_indices = Frame::<M>::child_indices(indices, x, flips);
                let next_indices = next_indices.as_ref();
                let mut value = -ctx.negamax(&next, child_depth, -a - 1, -a, next_indices);
                if !ctx.aborted && value > a && value < beta {
                    value = -ctx.negamax(&next, child_depth, -beta, -a, next_indices);
                }
                if ctx.aborted {
                    break;
                }
                let mut shared = lock(&shared);
                if value > shared.best {
                    *shared = Shared { best: value, best_move: x, alpha: shared.alpha.max(value) };
                    if value >= beta {
                        ctx.cutoffs.count(false);
                        cancel.call_off();
                    }
                }
            }
        };
        let member = |cancel| Context {
            frame,
            table,
            watch,
            crew: Some(crew),
            cancel: Some(cancel),
            nodes: 0,
            flushed: 0,
            close_check: first_close_check(&watch),
            aborted: false,
            probcut,
            cutoffs: Cutoffs::default(),
        };
        let (mine, theirs) = ybwc::share_out(&crew.places, helpers, || {
            let mut ctx = member(&cancel);
            work(&mut ctx);
            ctx.flush();
            (ctx.nodes, ctx.cutoffs)
        });
        // A helper that panicked leaves the split incomplete.
        let counts = std::iter::once(mine).chain(theirs.into_iter().map(|answer| {
            answer.unwrap_or_else(|_| {
                crew.abort();
                (0, Cutoffs::default())
            })
        }));
        // Already in the crew's count.
        for (nodes, cutoffs) in counts {
            self.nodes += nodes;
            self.flushed += nodes;
            self.cutoffs = self.cutoffs + cutoffs;
        }
        if crew.is_aborted() || self.cancel.is_some_and(Cancel::is_set) {
            self.aborted = true;
            return (0, None);
        }
        let Shared { best, best_move, .. } = *lock(&shared);
        (best, Some(best_move))
    }

    /// Multi-ProbCut: if a shallow search of `node` says, with the confidence of the margins,
    /// that the search `depth` plies deep would fail high over `beta` (or low under `alpha`),
    /// that bound; `None` to search it. Each shallow search is a null window around the bound
    /// moved by the margin, so that it costs a fraction of the deep one.
    fn probable_cutoff(
        &mut self,
        node: &Node<M::Word>,
        depth: u8,
        alpha: i32,
        beta: i32,
        indices: Option<&Indices>,
    ) -> Option<i32> {
        let probcut = self.probcut?;
        if depth == TO_THE_END || depth < ProbCut::MIN_DEPTH {
            return None;
        }
        let null_window = beta - alpha == 1;
        let (try_high, try_low) = match probcut.nodes {
            ProbCutNodes::Every => (true, true),
            ProbCutNodes::NullWindow if null_window => (true, true),
            ProbCutNodes::NullWindowOneSide if null_window => {
                let high = self.frame.evaluate(node.p, node.o, indices) >= beta;
                (high, !high)
            }
            ProbCutNodes::NullWindow | ProbCutNodes::NullWindowOneSide => return None,
        };
        let shallow = ProbCut::shallow_depth(depth);
        let margin = probcut.margin(depth, self.frame.empty(node).count());
        let high = beta.saturating_add(margin);
        if try_high && high < self.eval_bound() {
            let value = self.negamax(node, shallow, high - 1, high, indices);
            if self.aborted {
                return Some(0);
            }
            if value >= high {
                return Some(beta);
            }
        }
        let low = alpha.saturating_sub(margin);
        if try_low && low > -self.eval_bound() {
            let value = self.negamax(node, shallow, low, low + 1, indices);
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
        centidiscs(self.frame.cells() as i32)
    }
}

/// What the threads of a split share: the best value so far, its move (a compact index), and
/// the window's lower end.
#[derive(Clone, Copy, Debug)]
struct Shared {
    best: i32,
    best_move: u32,
    alpha: i32,
}
