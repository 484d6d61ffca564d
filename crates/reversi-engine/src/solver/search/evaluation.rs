//! The static evaluation inside the solver: a node's value for ordering and probable
//! cut-offs, from the patterns' indices where the board has them, and the shallow
//! alpha-beta on it that orders the moves far from the end.

use reversi_core::kernel::{Layout, Word};

use super::*;

impl<M: Layout, V: Features> Worker<'_, M, V> {
    /// The static evaluation of the mover with discs `p` against `o`, in hundredths of a disc,
    /// from the patterns' `indices` if the search keeps them ([`Worker::indices`]): the body
    /// of [`Worker::evaluate`], inlined into its entry points ([`Features`]).
    #[inline(always)]
    pub(in crate::solver) fn evaluate_body(&self, p: M::Word, o: M::Word, indices: Option<&Indices>) -> i32 {
        match indices {
            Some(indices) => self.board.words.indexed_evaluate(&self.board.mg, p, o, indices),
            None => self.board.evaluate(p, o),
        }
    }

    /// The patterns' indices of the mover with discs `p` against `o`, if the board's
    /// evaluation reads them ([`WordEvaluator::is_indexed`]): a search that evaluates the
    /// positions below a node updates them move by move ([`Indices::after`]) instead of each
    /// evaluation reading them from the discs, which costs the evaluation most of its
    /// instructions ([`Indices`] says why).
    ///
    /// [`WordEvaluator::is_indexed`]: crate::eval::words::WordEvaluator::is_indexed
    #[inline(always)]
    pub(super) fn indices(&self, p: M::Word, o: M::Word) -> Option<Indices> {
        self.board.words.is_indexed().then(|| Indices::of(low_64(p), low_64(o)))
    }

    /// The value for the mover of `p` against `o` by a plain alpha-beta search `depth` plies
    /// deep on the static evaluation, in hundredths of a disc (a finished game counts its
    /// final score), `indices` the position's patterns' indices if the search keeps them
    /// ([`Worker::indices`]). The body of [`Worker::eval_search`], inlined into its entry
    /// points ([`Features`]).
    #[inline(always)]
    pub(in crate::solver) fn eval_search_body(
        &self,
        p: M::Word,
        o: M::Word,
        depth: u32,
        alpha: i32,
        beta: i32,
        indices: Option<&Indices>,
    ) -> i32 {
        if depth == 0 {
            return self.evaluate(p, o, indices);
        }
        let mg = &self.board.mg;
        let moves = mg.legal(p, o);
        if moves.is_zero() {
            if mg.legal(o, p).is_zero() {
                return 100 * self.board.final_score(p, o);
            }
            let passed = indices.map(Indices::passed);
            return -self.eval_search(o, p, depth, -beta, -alpha, passed.as_ref());
        }
        let (mut best, mut alpha) = (-EVAL_INFINITY, alpha);
        let mut rest = moves;
        while !rest.is_zero() {
            let x = rest.lowest();
            rest = rest.without_lowest();
            let flips = mg.flips(p, o, x);
            let child = indices.map(|indices| indices.after(x, low_64(flips)));
            let v = -self.eval_search(o ^ flips, p | flips | M::Word::bit(x), depth - 1, -beta, -alpha, child.as_ref());
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        best
    }

    /// The empty cells of the position that touch a disc of `o`: where `p`, to move, may get
    /// moves later.
    #[inline(always)]
    pub(super) fn potential_mobility(&self, p: M::Word, o: M::Word) -> i32 {
        let empty = !(p | o) & self.board.playable;
        (empty & self.board.words.lines().neighbours(o)).count() as i32
    }
}
