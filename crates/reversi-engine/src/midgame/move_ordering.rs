//! The midgame search's move order after the table's move (which the search tries first): the
//! children by their evaluation or a cheap guess (the knobs are in [`crate::move_ordering`]).

use reversi_core::kernel::{Layout, Word};

use super::frame::{Frame, MAX_MOVES, Node};
use crate::eval::indices::Indices;
use crate::move_ordering::{MIDGAME_EVALUATED_FROM, MIDGAME_REPLIES_FROM, midgame_guess};
use crate::transposition_table::midgame::TO_THE_END;

/// The moves of `node`, `moves`, with their keys of search order, as (key, compact index),
/// unsorted (the search picks them highest first, [`bring_best_forward`]): from
/// [`MIDGAME_EVALUATED_FROM`] plies by the evaluation of the child (best for the mover first),
/// below it by a cheap guess (corners first, then fewest replies for the opponent when `depth`
/// makes it worth it). The table's move is not among them: the search tries it first, before
/// ordering the others. `indices` are the node's patterns' indices if the frame keeps them.
pub(crate) fn order<M: Layout>(
    frame: &Frame<M>,
    node: &Node<M::Word>,
    moves: M::Word,
    depth: u8,
    indices: Option<&Indices>,
    out: &mut [(i32, u32); MAX_MOVES],
) -> usize {
    let mut n = 0;
    let evaluated = depth >= MIDGAME_EVALUATED_FROM && depth != TO_THE_END;
    let (corners, danger) =
        if evaluated { (M::Word::ZERO, M::Word::ZERO) } else { (frame.corners(), frame.danger(node)) };
    let mut rest = moves;
    while !rest.is_zero() {
        let x = rest.lowest();
        rest = rest.without_lowest();
        let key = if evaluated {
            let flips = frame.mg.flips(node.p, node.o, x);
            let (p, o) = Frame::<M>::child_discs(node, x, flips);
            -frame.evaluate(p, o, Frame::<M>::child_indices(indices, x, flips).as_ref())
        } else {
            let bit = M::Word::bit(x);
            let replies = (depth >= MIDGAME_REPLIES_FROM).then(|| {
                let (p, o) = Frame::<M>::child_discs(node, x, frame.mg.flips(node.p, node.o, x));
                frame.mg.legal(p, o).count()
            });
            midgame_guess(!(corners & bit).is_zero(), !(danger & bit).is_zero(), replies)
        };
        out[n] = (key, x);
        n += 1;
    }
    n
}

/// Moves the move of highest key in `moves` (at least one) to the front, the first of equal
/// keys, the others keeping their order: one step of a stable selection sort, so that the
/// moves come in the order of a stable sort. Most nodes cut off at their first or second
/// move, so picking each move as it is needed costs less than sorting them all.
#[inline(always)]
pub(crate) fn bring_best_forward(moves: &mut [(i32, u32)]) {
    let mut best = 0;
    for (i, &(key, _)) in moves.iter().enumerate().skip(1) {
        if key > moves[best].0 {
            best = i;
        }
    }
    moves[..=best].rotate_right(1);
}

/// Sorts `moves` by key, highest first (the order [`bring_best_forward`] gives them in).
pub(crate) fn sort_best_first(moves: &mut [(i32, u32)]) {
    moves.sort_by_key(|&(key, _)| core::cmp::Reverse(key));
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Picking the best move step by step gives the order of the stable sort, ties in
        /// their first order: the search's tree does not depend on which of the two ran.
        #[test]
        fn picking_the_best_in_turn_is_the_stable_sort(keys in proptest::collection::vec(-3i32..3, 1..30)) {
            let moves: Vec<(i32, u32)> = keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
            let mut picked = moves.clone();
            for i in 0..picked.len() {
                bring_best_forward(&mut picked[i..]);
            }
            let mut sorted = moves;
            sort_best_first(&mut sorted);
            prop_assert_eq!(picked, sorted);
        }
    }
}
