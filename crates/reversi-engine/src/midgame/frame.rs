//! The board as the search reads it: the mover's and the opponent's discs as two words of the
//! board's move generator (its compact layout), the evaluation on those words, and each cell's
//! square and hash keys.
//!
//! The search used to walk [`Position`]s: every node built one, its moves and its evaluation
//! went through the generic 256-bit sets. On the words, legal moves, flips and the features
//! cost what they cost the solver, and on the standard board the patterns' indices are kept
//! up to date move by move ([`Indices::after`]) instead of read from the discs at each leaf.
//! The values, the keys and the order of the moves are those of a [`Position`]'s: the same
//! tree, searched faster (`benches/README.md`, engine speed).

use reversi_core::kernel::{Layout, Word};
use reversi_core::{Color, Position, Square};
use reversi_variants::Scoring;

use crate::eval::boards::FeatureWeights;
use crate::eval::indices::Indices;
use crate::eval::patterns::PatternWeights;
use crate::eval::words::{WordEvaluator, low_64};
use crate::hash::{Zobrist, zobrist};
use crate::value::centidiscs;

/// The key that sets WOF-scored searches apart in the table: their final values differ.
const WOF_KEY: u64 = 0x3C79_AC49_2BA7_B653;

/// The table key of `position` searched under `scoring`.
pub(crate) fn hash_of(position: &Position, scoring: Scoring) -> u64 {
    zobrist(position) ^ if scoring == Scoring::Wof { WOF_KEY } else { 0 }
}

/// A board in the compact layout of generator `M`, with what a search needs to know of it.
pub(crate) struct Frame<M: Layout> {
    pub(crate) mg: M,
    words: WordEvaluator<M>,
    playable: M::Word,
    cells: u32,
    scoring: Scoring,
    /// The square of each compact index (A1 for an index off the board, never read).
    squares: Box<[Square]>,
    /// Each compact index's Zobrist keys: a black disc's, a white disc's, and the two
    /// together (what a flip changes).
    keys: Box<[[u64; 3]]>,
}

/// A node of the search: the mover's discs `p`, the opponent's `o`, the mover's colour and
/// the position's key in the table (as [`hash_of`] gives it for the same position).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<W> {
    pub(crate) p: W,
    pub(crate) o: W,
    pub(crate) mover: Color,
    pub(crate) hash: u64,
}

impl<M: Layout> Frame<M> {
    /// The frame of `position`'s board for generator `mg`, evaluating the standard board with
    /// the patterns' `weights` and other boards with the features' `features`, values of
    /// finished games counted under `scoring`.
    pub(crate) fn new(
        mg: M,
        position: &Position,
        weights: PatternWeights,
        features: FeatureWeights,
        scoring: Scoring,
    ) -> Frame<M> {
        let geometry = position.geometry();
        let words = WordEvaluator::with_weights(&mg, geometry, weights, features)
            .expect("the generators' layouts are row-major (the solver's tests check every shape)");
        let size = M::Word::BITS as usize;
        let mut squares = vec![Square::A1; size].into_boxed_slice();
        let mut keys = vec![[0; 3]; size].into_boxed_slice();
        for sq in geometry.playable() {
            let i = mg.index(sq) as usize;
            squares[i] = sq;
            let (black, white) = (Zobrist::disc(Color::Black, sq), Zobrist::disc(Color::White, sq));
            keys[i] = [black, white, black ^ white];
        }
        let playable = mg.compact(geometry.playable());
        Frame { mg, words, playable, cells: playable.count(), scoring, squares, keys }
    }

    /// The node of `position`.
    pub(crate) fn node(&self, position: &Position) -> Node<M::Word> {
        let mover = position.side_to_move();
        Node {
            p: self.mg.compact(position.discs(mover)),
            o: self.mg.compact(position.discs(!mover)),
            mover,
            hash: hash_of(position, self.scoring),
        }
    }

    /// The square of compact index `i`.
    #[inline(always)]
    pub(crate) fn square(&self, i: u32) -> Square {
        self.squares[i as usize]
    }

    /// The compact index of `sq`.
    #[inline(always)]
    pub(crate) fn index(&self, sq: Square) -> u32 {
        self.mg.index(sq)
    }

    /// The board's playable cells, a hundred times which bounds every value.
    #[inline(always)]
    pub(crate) fn cells(&self) -> u32 {
        self.cells
    }

    /// The empty cells of `node`.
    #[inline(always)]
    pub(crate) fn empty(&self, node: &Node<M::Word>) -> M::Word {
        !(node.p | node.o) & self.playable
    }

    /// The mover's legal moves.
    #[inline(always)]
    pub(crate) fn legal(&self, node: &Node<M::Word>) -> M::Word {
        self.mg.legal(node.p, node.o)
    }

    /// The discs after the mover plays on index `x`, flipping `flips`: the new mover's (the
    /// opponent's) and the other side's, without the child's key (for evaluating it).
    #[inline(always)]
    pub(crate) fn child_discs(node: &Node<M::Word>, x: u32, flips: M::Word) -> (M::Word, M::Word) {
        (node.o ^ flips, node.p | flips | M::Word::bit(x))
    }

    /// The node after the mover plays on index `x`, flipping `flips`.
    #[inline(always)]
    pub(crate) fn child(&self, node: &Node<M::Word>, x: u32, flips: M::Word) -> Node<M::Word> {
        let keys = &self.keys;
        let mut hash = node.hash ^ keys[x as usize][node.mover as usize] ^ Zobrist::side();
        let mut rest = flips;
        while !rest.is_zero() {
            hash ^= keys[rest.lowest() as usize][2];
            rest = rest.without_lowest();
        }
        let (p, o) = Self::child_discs(node, x, flips);
        Node { p, o, mover: !node.mover, hash }
    }

    /// The same discs with the other side to move.
    #[inline(always)]
    pub(crate) fn passed(&self, node: &Node<M::Word>) -> Node<M::Word> {
        Node { p: node.o, o: node.p, mover: !node.mover, hash: node.hash ^ Zobrist::side() }
    }

    /// The patterns' indices of `node`, if the board's evaluation reads them (the standard
    /// board): kept up to date move by move below it.
    pub(crate) fn indices(&self, node: &Node<M::Word>) -> Option<Indices> {
        self.words.is_indexed().then(|| Indices::of(low_64(node.p), low_64(node.o)))
    }

    /// The indices of the child after the move on `x` flipping `flips`.
    #[inline(always)]
    pub(crate) fn child_indices(indices: Option<&Indices>, x: u32, flips: M::Word) -> Option<Indices> {
        indices.map(|indices| indices.after(x, low_64(flips)))
    }

    /// The static evaluation for the mover with discs `p` against `o`, in hundredths of a
    /// disc, `indices` their patterns' indices if the frame keeps them: as
    /// [`Evaluator::evaluate`](crate::eval::Evaluator::evaluate) gives it for the position.
    #[inline(always)]
    pub(crate) fn evaluate(&self, p: M::Word, o: M::Word, indices: Option<&Indices>) -> i32 {
        match indices {
            Some(indices) => self.words.indexed_evaluate(&self.mg, p, o, indices),
            None => self.words.evaluate(&self.mg, p, o),
        }
    }

    /// The corner cells (walled in all four lines).
    #[inline(always)]
    pub(crate) fn corners(&self) -> M::Word {
        self.words.corners()
    }

    /// The cells next to an empty corner of `node`, where a disc tends to give the corner away.
    #[inline(always)]
    pub(crate) fn danger(&self, node: &Node<M::Word>) -> M::Word {
        self.words.danger(self.empty(node))
    }

    /// The final value of a finished game for the mover, in hundredths of a disc.
    #[inline(always)]
    pub(crate) fn final_value(&self, node: &Node<M::Word>) -> i32 {
        let diff = node.p.count() as i32 - node.o.count() as i32;
        scored(diff, self.empty(node).count() as i32, self.scoring)
    }
}

/// The final value, in hundredths of a disc, of a finished game that the mover leads by `diff`
/// discs with `empties` cells left empty, under `scoring` (WOF gives the empties to the winner).
#[inline(always)]
pub(crate) fn scored(diff: i32, empties: i32, scoring: Scoring) -> i32 {
    let discs = match scoring {
        Scoring::Wof if diff != 0 => diff + diff.signum() * empties,
        _ => diff,
    };
    centidiscs(discs)
}
