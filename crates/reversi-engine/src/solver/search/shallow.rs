//! The last empty cells ([`SHALLOW`] and fewer): no move generation, each empty cell tried
//! with the generator's flips in a node of its own for each count of empties, the last one
//! counted directly.

use reversi_core::kernel::{Layout, Word};

use super::*;

impl<M: Layout, V: Features> Worker<'_, M, V> {
    /// A node with at most [`SHALLOW`] empty cells, no move generation at all: each empty
    /// cell is tried with the generator's flips, which are empty for an illegal move, in
    /// parity order (`parity` as in [`Worker::mid_body`]). The body of [`Worker::shallow`],
    /// inlined into its entry points ([`Features`]).
    ///
    /// Each number of empties has a node of its own ([`Worker::few`], [`Worker::two`],
    /// [`Worker::last`]), inlined into its parent's: a node of four empties is one call, with
    /// no loop over a group of cells that is known empty and no call for a pass below it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::solver) fn shallow_body(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        parity: u32,
        n: u32,
    ) -> i32 {
        debug_assert!(n <= SHALLOW, "a shallow node of {n} empties");
        match n {
            // A move filled the board (a solve of a position with one empty cell).
            0 => {
                self.nodes += 1;
                self.board.final_score(p, o)
            }
            1 => self.last(p, o, empty),
            2 => self.two(p, o, alpha, beta, empty),
            3 => self.few::<3>(p, o, alpha, beta, empty, parity),
            _ => self.few::<4>(p, o, alpha, beta, empty, parity),
        }
    }

    /// A node with `N` empty cells (3 or 4), `empty` of parity `parity`: the mover's moves,
    /// else (a pass) the opponent's, else the game's end.
    #[inline(always)]
    pub(super) fn few<const N: u32>(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        parity: u32,
    ) -> i32 {
        self.nodes += 1;
        // Near the end most discs are stable, so with a high alpha the cut-off is frequent
        // at four empties; at three it saves less than it costs.
        if N == 4
            && let Some(bound) = self.stability_cut(p, o, alpha, N)
        {
            return bound;
        }
        let v = self.few_moves::<N>(p, o, alpha, beta, empty, parity);
        if v != -INFINITY {
            return v;
        }
        // The opponent's search is a node too, as it was when a pass called the node again.
        self.nodes += 1;
        let v = self.few_moves::<N>(o, p, -beta, -alpha, empty, parity);
        if v != -INFINITY {
            return -v;
        }
        self.board.final_score(p, o)
    }

    /// The best of the mover's moves among the `N` cells of `empty` (3 or 4), fail-soft in
    /// `(alpha, beta)`, the cells of odd quarters first; `-INFINITY` if it has none. A cell
    /// next to none of the opponent's discs is passed over without a call to the generator.
    #[inline(always)]
    pub(super) fn few_moves<const N: u32>(
        &mut self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        empty: M::Word,
        parity: u32,
    ) -> i32 {
        const { assert!(N == 3 || N == 4) };
        let mg = &self.board.mg;
        let odd = empty & self.board.odd_cells[parity as usize];
        let mut best = -INFINITY;
        let mut alpha = alpha;
        for group in [odd, empty ^ odd] {
            let mut rest = group;
            while !rest.is_zero() {
                let x = rest.lowest();
                rest = rest.without_lowest();
                if (self.board.neighbours[x as usize] & o).is_zero() {
                    continue;
                }
                let flips = mg.flips(p, o, x);
                if flips.is_zero() {
                    continue;
                }
                let bit = M::Word::bit(x);
                let (cp, co, ce) = (o ^ flips, p | flips | bit, empty ^ bit);
                let v = if N == 3 {
                    -self.two(cp, co, -beta, -alpha, ce)
                } else {
                    -self.few::<3>(cp, co, -beta, -alpha, ce, parity ^ self.board.quarter[x as usize])
                };
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    alpha = alpha.max(v);
                }
            }
        }
        best
    }

    /// A node with two empty cells, `empty`: the mover's moves on them in board order (two
    /// cells lie in one region or in two, and either way their parity order is the board
    /// order), else (a pass) the opponent's, else the game's end. Each child is scored by
    /// [`Worker::last`] inline, not through an entry point: a call less per leaf.
    #[inline(always)]
    pub(super) fn two(&mut self, p: M::Word, o: M::Word, alpha: i32, beta: i32, empty: M::Word) -> i32 {
        self.nodes += 1;
        let (x1, x2) = (empty.lowest(), empty.without_lowest().lowest());
        let v = self.two_moves(p, o, beta, x1, x2);
        if v != -INFINITY {
            return v;
        }
        // The opponent's search is a node too, as it was when a pass called the node again.
        self.nodes += 1;
        let v = self.two_moves(o, p, -alpha, x1, x2);
        if v != -INFINITY {
            return -v;
        }
        self.board.final_score(p, o)
    }

    /// The best of the mover's moves on `x1` and `x2` (the last two empty cells), the second
    /// tried only if the first's value is below `beta`; `-INFINITY` if neither is a move.
    #[inline(always)]
    pub(super) fn two_moves(&mut self, p: M::Word, o: M::Word, beta: i32, x1: u32, x2: u32) -> i32 {
        let mg = &self.board.mg;
        let (b1, b2) = (M::Word::bit(x1), M::Word::bit(x2));
        let mut best = -INFINITY;
        if !(self.board.neighbours[x1 as usize] & o).is_zero() {
            let flips = mg.flips(p, o, x1);
            if !flips.is_zero() {
                best = -self.last(o ^ flips, p | flips | b1, b2);
                if best >= beta {
                    return best;
                }
            }
        }
        if !(self.board.neighbours[x2 as usize] & o).is_zero() {
            let flips = mg.flips(p, o, x2);
            if !flips.is_zero() {
                best = best.max(-self.last(o ^ flips, p | flips | b2, b1));
            }
        }
        best
    }

    /// The value of a position with one empty cell, `empty`.
    #[inline(always)]
    pub(super) fn last(&mut self, p: M::Word, o: M::Word, empty: M::Word) -> i32 {
        self.nodes += 1;
        let mg = &self.board.mg;
        let x = empty.lowest();
        // A move fills the board: its score from the mover's count before it and the discs
        // it flips, which the 8×8 generators count without computing the flips.
        let flipped = mg.count_last_flips(p, o, x);
        if flipped > 0 {
            return self.board.last_move_score(p, flipped);
        }
        let flipped = mg.count_last_flips(o, p, x);
        if flipped > 0 {
            return -self.board.last_move_score(o, flipped);
        }
        self.board.final_score(p, o)
    }
}
