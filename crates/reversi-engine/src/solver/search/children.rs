//! A deep node's children: their list with sort keys, the look in the table for one that
//! already cuts off (enhanced transposition cutoff, from [`ETC`] empties), and their order,
//! fastest first with the evaluation or a one-ply search far from the end.

use reversi_core::kernel::{Layout, Word};

use super::*;

impl<M: Layout, V: Features> Worker<'_, M, V> {
    /// The mover's `moves` at a node with `n` empties, with their flips and, if the children
    /// use the table, their keys, in board order, written into the start of `list`; each
    /// child's bucket is prefetched, so that its cache miss overlaps the rest of the node's
    /// work. `None` if there are more than [`MAX_SORTED`].
    ///
    /// The list comes uninitialised: filling all of it first would cost a `memset` of
    /// [`MAX_SORTED`] candidates at every deep node.
    #[inline(always)]
    pub(super) fn children<'l>(
        &self,
        p: M::Word,
        o: M::Word,
        moves: M::Word,
        n: u32,
        list: &'l mut [MaybeUninit<Candidate<M::Word>>; MAX_SORTED],
    ) -> Option<&'l mut [Candidate<M::Word>]> {
        let count = moves.count() as usize;
        if count > MAX_SORTED {
            return None;
        }
        let mut rest = moves;
        for slot in list.iter_mut().take(count) {
            let x = rest.lowest();
            rest = rest.without_lowest();
            let flips = self.board.mg.flips(p, o, x);
            let hash = if n > DEEP {
                let hash = self.board.key(o ^ flips, p | flips | M::Word::bit(x));
                self.table.prefetch(hash, self.board.array(n - 1));
                hash
            } else {
                0
            };
            slot.write(Candidate { index: x, flips, hash, key: 0 });
        }
        // SAFETY: the loop above wrote the first `count` slots (`count` is at most the
        // list's length), and `MaybeUninit<T>` has the layout of `T`, so they are `count`
        // initialised candidates, borrowed for as long as the list is.
        #[allow(unsafe_code)]
        Some(unsafe { std::slice::from_raw_parts_mut(list.as_mut_ptr().cast::<Candidate<M::Word>>(), count) })
    }

    /// Enhanced transposition cut-off: the value of a child in `list` that the table already
    /// proves at least `beta` for the mover, with the child's move. A selective entry's proof
    /// counts as a guess ([`Worker::guesses`]).
    #[inline(always)]
    pub(super) fn transposition_cut(&mut self, list: &[Candidate<M::Word>], n: u32, beta: i32) -> Option<(i32, u32)> {
        // A loop, not `find_map`: the iterator's function would not be inlined into the
        // search's entry points, and so would run without their CPU features.
        for c in list {
            if let Some((b, level)) = self.table.probe_level(c.hash, self.board.array(n - 1), self.selectivity)
                && -b.upper >= beta
            {
                if level > Sureness::EXACT {
                    self.guesses += 1;
                }
                return Some((-b.upper, c.index));
            }
        }
        None
    }

    /// Gives each move of `list` its sort key, lowest first: the table's move `hint`, then
    /// fewest replies for the opponent, fewest empty cells next to the mover's discs (the
    /// opponent's potential mobility), the cells hardest to flip back, and most of the mover's
    /// discs anchored at a corner ([`ANCHORED_WEIGHT`](crate::move_ordering::ANCHORED_WEIGHT)); from [`EVAL_ORDER`]
    /// empties, the child's static evaluation is weighed in too. The moves are not sorted here:
    /// [`Worker::sorted_node`] picks each when it comes to it ([`Worker::select`]).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn order(
        &self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        hint: u16,
        n: u32,
        list: &mut [Candidate<M::Word>],
    ) {
        if n >= EVAL_ORDER {
            return self.order_evaluated(p, o, alpha, beta, hint, n, list);
        }
        for (i, c) in list.iter_mut().enumerate() {
            let merit = if c.index == u32::from(hint) { i32::MIN >> 6 } else { self.fastest(p, o, c, n) };
            // The place in the list (below 64) breaks ties: the keys are unique, so the moves
            // come in the order of a stable sort by merit.
            c.key = merit << 6 | i as i32;
        }
    }

    /// [`Worker::order`] from [`EVAL_ORDER`] empties: each child's merit weighs in its static
    /// evaluation, or from [`SEARCH_ORDER`] empties a one-ply search on it, with the patterns'
    /// indices updated from the node's ([`Worker::indices`]).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn order_evaluated(
        &self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        hint: u16,
        n: u32,
        list: &mut [Candidate<M::Word>],
    ) {
        // The window of the one-ply searches below the children: the node's, widened by the
        // margin, from the other side.
        let low = (-(100 * beta + ORDER_MARGIN)).max(-EVAL_INFINITY);
        let high = (-(100 * alpha - ORDER_MARGIN)).min(EVAL_INFINITY);
        let indices = self.indices(p, o);
        for (i, c) in list.iter_mut().enumerate() {
            let merit = if c.index == u32::from(hint) {
                i32::MIN >> 6
            } else {
                let (child_p, child_o) = (o ^ c.flips, p | c.flips | M::Word::bit(c.index));
                let child_indices = indices.as_ref().map(|indices| indices.after(c.index, low_64(c.flips)));
                let fastest = self.fastest(p, o, c, n) * FASTEST_WEIGHT;
                if n >= SEARCH_ORDER {
                    fastest + self.eval_search(child_p, child_o, 1, low, high, child_indices.as_ref())
                } else {
                    // The child's evaluation is the opponent's: lower is better for the mover.
                    fastest + self.evaluate(child_p, child_o, child_indices.as_ref())
                }
            };
            c.key = merit << 6 | i as i32;
        }
    }

    /// The fastest-first merit of move `c` of the mover with discs `p` against `o` at a node
    /// with `n` empties, lower first: the opponent's replies (a corner counting more), from
    /// [`POTENTIAL_FROM`] empties the opponent's potential mobility, the cell's rank, and the
    /// mover's discs anchored at a corner ([`fastest_first`]).
    #[inline(always)]
    pub(super) fn fastest(&self, p: M::Word, o: M::Word, c: &Candidate<M::Word>, n: u32) -> i32 {
        let x = c.index;
        let (child_p, child_o) = (o ^ c.flips, p | c.flips | M::Word::bit(x));
        let replies = self.board.mg.legal(child_p, child_o);
        let potential = if n >= POTENTIAL_FROM { self.potential_mobility(child_p, child_o) } else { 0 };
        fastest_first(
            replies.count(),
            (replies & self.board.corners).count(),
            potential,
            self.board.rank[x as usize],
            self.board.anchored(child_o),
        )
    }

    /// Brings the move of `list[i..]` to search next, the lowest key, to `list[i]`.
    #[inline(always)]
    pub(super) fn select<T: SortKey>(list: &mut [T], i: usize) {
        let mut best = i;
        for j in i + 1..list.len() {
            if list[j].sort_key() < list[best].sort_key() {
                best = j;
            }
        }
        list.swap(i, best);
    }
}

/// A move with a sort key, lowest first, for [`Worker::select`]: a deep node's
/// [`Candidate`] or a middle-tier node's [`MidMove`](super::mid::MidMove).
pub(super) trait SortKey {
    fn sort_key(&self) -> i32;
}

impl<W> SortKey for Candidate<W> {
    #[inline(always)]
    fn sort_key(&self) -> i32 {
        self.key
    }
}
