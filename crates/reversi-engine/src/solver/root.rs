//! The root of a solve: the best move as well as the value.

use reversi_core::kernel::{Layout, Word};

use super::search::Worker;
use super::search::features::Features;
use crate::transposition_table::endgame::NO_MOVE;

/// What a search below the root found: its value (fail-soft) and the move that reached it.
pub(super) struct Found {
    pub value: i32,
    /// The best move by compact index, `None` for a pass or a finished game.
    pub best: Option<u32>,
}

/// The root search of the mover with discs `p` against `o` in `(alpha, beta)`, on `worker`'s
/// thread and whichever threads the control lets it split to.
pub(super) fn root<M: Layout, V: Features>(
    worker: &mut Worker<'_, M, V>,
    p: M::Word,
    o: M::Word,
    alpha: i32,
    beta: i32,
) -> Found {
    let mg = &worker.board.mg;
    let moves = mg.legal(p, o);
    if moves.is_zero() {
        if mg.legal(o, p).is_zero() {
            return Found { value: worker.board.final_score(p, o), best: None };
        }
        let value = -root(worker, o, p, -beta, -alpha).value;
        return Found { value, best: None };
    }
    worker.nodes += 1;
    let n = (!(p | o) & worker.board.playable).count();
    let hint = worker
        .table
        .probe(worker.board.key(p, o), worker.board.array(n), worker.selectivity)
        .map_or(NO_MOVE, |b| b.best);
    let (value, best) = worker.node_moves(p, o, alpha, beta, moves, hint, n);
    Found { value, best: (best != NO_MOVE).then_some(u32::from(best)) }
}
