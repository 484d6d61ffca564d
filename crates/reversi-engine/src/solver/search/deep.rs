//! The nodes with many empty cells ([`DEEP`] or more): the table's probe, the probable and
//! the stability cut-offs, sorted or unsorted moves under principal variation search, and the
//! split of a node's moves between threads ([`split`]).

use reversi_core::kernel::{Layout, Word};

use super::*;

impl<M: Layout, V: Features> Worker<'_, M, V> {
    /// A node with [`DEEP`] empty cells or more, whose key in the table is `key`. The body of
    /// [`Worker::deep`], inlined into its entry points ([`Features`]).
    #[inline(always)]
    pub(in crate::solver) fn deep_body(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        n: u32,
        key: u64,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
        }
        if self.stopped {
            return 0;
        }
        let guesses = self.guesses;
        if n >= CANCEL_CHECK && self.cancel.is_some_and(Cancel::is_set) {
            self.stopped = true;
            return 0;
        }
        let (alpha, beta, hint) = match self.probe(key, n, alpha, beta) {
            Probe::Cut(value) => return value,
            Probe::Search { alpha, beta, hint } => (alpha, beta, hint),
        };
        if let Some(bound) = self.stability_cut(p, o, alpha, n) {
            return bound;
        }
        let selective = self.selectivity > Sureness::EXACT && n >= self.control.selection.probcut_from;
        if selective && let Some(bound) = self.probable_cut(p, o, alpha, beta, n) {
            self.guesses += 1;
            return bound;
        }
        let mg = &self.board.mg;
        let moves = mg.legal(p, o);
        if moves.is_zero() {
            if mg.legal(o, p).is_zero() {
                return self.board.final_score(p, o);
            }
            // A pass: the same empties, the other side to move.
            return -self.deep(o, p, -beta, -alpha, n, self.board.key(o, p));
        }
        let (best, best_move) = self.node_moves(p, o, alpha, beta, moves, hint, n);
        if self.stopped {
            return 0;
        }
        // A subtree searched without a guess is known exactly, whatever the search's level.
        let level = if selective && self.guesses != guesses { self.selectivity } else { Sureness::EXACT };
        self.table.store(key, self.board.array(n), n, Bounds::of(best, best_move, alpha, beta), level);
        best
    }

    /// Probable cut-off (after ProbCut, Buro 1995): an end of the window if a shallow search
    /// of the position lies the selection's margin beyond it, on the bet that the exact value
    /// does too. Only selective searches make it.
    #[inline(always)]
    pub(super) fn probable_cut(&self, p: M::Word, o: M::Word, alpha: i32, beta: i32, n: u32) -> Option<i32> {
        let margin = self.control.selection.margin(self.selectivity, n);
        let indices = self.indices(p, o);
        let high = 100 * beta + margin;
        if beta < INFINITY && self.eval_search(p, o, ENDGAME_PROBCUT_DEPTH, high - 1, high, indices.as_ref()) >= high {
            return Some(beta);
        }
        let low = 100 * alpha - margin;
        if alpha > -INFINITY && self.eval_search(p, o, ENDGAME_PROBCUT_DEPTH, low, low + 1, indices.as_ref()) <= low {
            return Some(alpha);
        }
        None
    }

    /// Stability cut-off: an upper bound on the mover's score that is at most `alpha`, from
    /// the opponent's discs that can never flip (the mover ends with at most the other cells),
    /// if there is one. It is looked for only when `alpha` is high for the empties left
    /// ([`STABILITY_FROM`]) and the opponent has enough discs for it to be possible.
    #[inline(always)]
    pub(super) fn stability_cut(&self, p: M::Word, o: M::Word, alpha: i32, n: u32) -> Option<i32> {
        let board = self.board;
        if alpha < STABILITY_FROM.0 * n as i32 - STABILITY_FROM.1 || board.cells - 2 * o.count() as i32 > alpha {
            return None;
        }
        let empty = !(p | o) & board.playable;
        let bound = board.cells - 2 * board.words.lines().stable(o, empty).count() as i32;
        (bound <= alpha).then_some(bound)
    }

    /// What the table knows of the position of `key` (with `n` empty cells) searched with
    /// `(alpha, beta)`; selective bounds that cut or narrow the window count as a guess
    /// ([`Worker::guesses`]).
    #[inline(always)]
    pub(in crate::solver) fn probe(&mut self, key: u64, n: u32, alpha: i32, beta: i32) -> Probe {
        let Some((b, level)) = self.table.probe_level(key, self.board.array(n), self.selectivity) else {
            return Probe::Search { alpha, beta, hint: NO_MOVE };
        };
        // Selective bounds count only where they tell the search something.
        if level > Sureness::EXACT && (b.lower > alpha || b.upper < beta) {
            self.guesses += 1;
        }
        if b.lower >= beta || b.lower == b.upper {
            Probe::Cut(b.lower)
        } else if b.upper <= alpha {
            Probe::Cut(b.upper)
        } else {
            Probe::Search { alpha: alpha.max(b.lower), beta: beta.min(b.upper), hint: b.best }
        }
    }

    /// The best of the mover's `moves` (not empty) at a node with `n` empties, `hint` first.
    /// If a list holds them, with their sort keys: from [`ETC`] empties the first child the
    /// table already proves good enough, if there is one, else their search
    /// ([`Worker::sorted_node`]). Else (only on large boards far from the end) in board order
    /// ([`Worker::unsorted_node`]). Returns the best value (fail-soft) and its move's index.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::solver) fn node_moves(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        moves: M::Word,
        hint: u16,
        n: u32,
    ) -> (i32, u16) {
        let mut list = [const { MaybeUninit::uninit() }; MAX_SORTED];
        match self.children(p, o, moves, n, &mut list) {
            Some(list) => {
                self.order(p, o, alpha, beta, hint, n, list);
                if n >= ETC
                    && let Some((value, x)) = self.transposition_cut(list, n, beta)
                {
                    return (value, x as u16);
                }
                self.sorted_node(p, o, alpha, beta, list, n)
            }
            None => self.unsorted_node(p, o, alpha, beta, moves),
        }
    }

    /// The moves `list` (not empty, with their keys) of a deep node with `n` empties, lowest
    /// key first, principal variation search: the first with the full window, the others with
    /// a null window, searched again only if they beat the best so far; from [`ENDGAME_SPLIT_EMPTIES`]
    /// empties, once [`ENDGAME_ALONE_BEFORE_SPLIT`] moves failed to cut off, the rest are sorted and
    /// shared with idle threads. Returns the best value and its move's index.
    ///
    /// Each move is picked from the rest when it comes to it: most nodes cut off at their
    /// first move, and sorting all of them (an insertion sort moving whole candidates) costs
    /// more.
    #[inline(always)]
    pub(super) fn sorted_node(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        list: &mut [Candidate<M::Word>],
        n: u32,
    ) -> (i32, u16) {
        Self::select(list, 0);
        let first = list[0];
        let v = -self.search(o ^ first.flips, p | first.flips | M::Word::bit(first.index), -beta, -alpha, first.hash);
        let best = (v, first.index as u16);
        if self.stopped || v >= beta || list.len() == 1 {
            return best;
        }
        let (mut alpha, mut best) = (alpha.max(v), best);
        for i in 1..list.len() {
            if n >= self.control.split
                && i >= ENDGAME_ALONE_BEFORE_SPLIT
                && list.len() - i >= 2
                && self.control.places.take_one()
            {
                let mut helpers = 1;
                while helpers + 1 < list.len() - i && self.control.places.take_one() {
                    helpers += 1;
                }
                let rest = &mut list[i..];
                rest.sort_unstable_by_key(|c| c.key);
                return split::parallel(self, helpers, p, o, rest, best, alpha, beta);
            }
            Self::select(list, i);
            let c = list[i];
            let v = self.null_window_first(p, o, &c, alpha, beta);
            if self.stopped {
                break;
            }
            if v > best.0 {
                best = (v, c.index as u16);
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        best
    }

    /// A node with more moves than a list holds (large boards far from the end): the moves
    /// in board order, principal variation search, one thread.
    #[inline(always)]
    pub(super) fn unsorted_node(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        moves: M::Word,
    ) -> (i32, u16) {
        let mut best = (-INFINITY, NO_MOVE);
        let mut alpha = alpha;
        let mut rest = moves;
        while !rest.is_zero() {
            let x = rest.lowest();
            rest = rest.without_lowest();
            let flips = self.board.mg.flips(p, o, x);
            let v = if best.1 == NO_MOVE {
                -self.search(o ^ flips, p | flips | M::Word::bit(x), -beta, -alpha, 0)
            } else {
                self.null_window_first(p, o, &Candidate { index: x, flips, hash: 0, key: 0 }, alpha, beta)
            };
            if self.stopped {
                break;
            }
            if v > best.0 {
                best = (v, x as u16);
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        best
    }

    /// The value of move `c` for the mover: a null-window test against `alpha`, then, if it
    /// beats it, a search of the rest of the window `(alpha, beta)`.
    #[inline(always)]
    pub(in crate::solver) fn null_window_first(
        &mut self,
        p: M::Word,
        o: M::Word,
        c: &Candidate<M::Word>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (cp, co) = (o ^ c.flips, p | c.flips | M::Word::bit(c.index));
        let v = -self.search(cp, co, -alpha - 1, -alpha, c.hash);
        if v > alpha && v < beta && !self.stopped { -self.search(cp, co, -beta, -v, c.hash) } else { v }
    }
}

/// The table's answer for a node: a value that settles it, or the window narrowed by its
/// bounds and the move to try first.
pub(in crate::solver) enum Probe {
    Cut(i32),
    Search { alpha: i32, beta: i32, hint: u16 },
}
