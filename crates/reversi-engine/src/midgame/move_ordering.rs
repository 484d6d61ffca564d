//! The midgame search's move order: the table's move first, then the children by their
//! evaluation or a cheap guess (the knobs are in [`crate::move_ordering`]).

use reversi_core::kernel::{Layout, Word};

use super::frame::{Frame, Node};
use super::negamax::{INFINITY, MAX_MOVES};
use crate::eval::indices::Indices;
use crate::move_ordering::{MIDGAME_EVALUATED_FROM, MIDGAME_REPLIES_FROM, midgame_guess};
use crate::transposition_table::midgame::TO_THE_END;

/// The moves of `node`, `moves`, in search order, as (key, compact index): the table's move
/// `first` first, then from [`MIDGAME_EVALUATED_FROM`] plies by the evaluation of the child (best
/// for the mover first), below it by a cheap guess (corners first, then fewest replies for the
/// opponent when `depth` makes it worth it). `indices` are the node's patterns' indices if the
/// frame keeps them.
pub(crate) fn order<M: Layout>(
    frame: &Frame<M>,
    node: &Node<M::Word>,
    moves: M::Word,
    first: Option<u32>,
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
        let key = if Some(x) == first {
            INFINITY
        } else if evaluated {
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
    out[..n].sort_unstable_by_key(|&(key, _)| core::cmp::Reverse(key));
    n
}
