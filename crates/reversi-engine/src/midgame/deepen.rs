//! Iterative deepening at the root: one iteration a ply, each in an aspiration window around
//! the last value.

use reversi_core::Square;
use reversi_core::kernel::Layout;

use super::frame::Node;
use super::negamax::{Context, INFINITY};
use crate::transposition_table::midgame::{Bound, Entry, TO_THE_END};

/// Iterative deepening of `node` (which has moves) from `from` to `to` plies: the best move,
/// value and depth of the last completed iteration, or `None` if none completed.
pub(crate) fn iterate<M: Layout>(
    ctx: &mut Context<'_, M>,
    node: &Node<M::Word>,
    from: u32,
    to: u32,
) -> Option<(Square, i32, u32)> {
    /// The aspiration window's half width, in hundredths of a disc.
    const ASPIRATION: i32 = 150;
    let frame = ctx.frame;
    let moves = frame.legal(node);
    let indices = frame.indices(node);
    let indices = indices.as_ref();
    let mut found = None;
    for depth in from..=to.max(from) {
        let d = depth.min(u32::from(TO_THE_END) - 1) as u8;
        let first =
            ctx.table.probe(node.hash).and_then(|e| e.best).or(found.map(|(sq, _, _)| sq)).map(|sq| frame.index(sq));
        let (alpha, beta) = match found {
            Some((_, v, _)) if depth >= 3 => (v - ASPIRATION, v + ASPIRATION),
            _ => (-INFINITY, INFINITY),
        };
        let (mut value, mut best) = ctx.search_moves(node, moves, first, d, alpha, beta, indices);
        if !ctx.aborted && (value <= alpha || value >= beta) {
            (value, best) = ctx.search_moves(node, moves, best.or(first), d, -INFINITY, INFINITY, indices);
        }
        if ctx.aborted {
            break;
        }
        let best = frame.square(best.expect("a position with a move has a best move"));
        ctx.table.store(node.hash, Entry { value, depth: d, bound: Bound::Exact, best: Some(best) });
        found = Some((best, value, depth));
    }
    found
}
