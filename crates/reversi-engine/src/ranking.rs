//! The values of several moves of a position, best first: what a hint of the `n` best moves
//! shows, and what a bot with [variety](crate::variety) chooses among.
//!
//! The normal search gives one move and one value; [`rank_moves`] searches each move's child
//! one ply shallower with the same searcher, so the table the searcher keeps (often filled by a
//! search of the position itself just before) makes the children cheap. It costs a search per
//! move, which is why a player only calls it when it has already decided to deviate.
//!
//! ```
//! use reversi_core::Position;
//! use reversi_engine::ranking::rank_moves;
//! use reversi_engine::search::{Limits, Searcher};
//!
//! let mut searcher = Searcher::with_hash_mb(1);
//! let ranked = rank_moves(&mut searcher, &Position::default(), Limits::depth(3));
//! // The four opening moves of 8×8 are symmetric: they all have the same value.
//! assert_eq!(ranked.len(), 4);
//! assert!(ranked.iter().all(|r| r.value() == ranked[0].value()));
//! assert_eq!(ranked[0].pv()[0], ranked[0].best());
//! ```

use reversi_core::Position;
use reversi_variants::Move;

use std::time::{Duration, Instant};

use crate::move_ordering::Cutoffs;
use crate::search::{Limits, SearchResult, Searcher, Value, final_value_of};

/// Every move of `position` for its side to move, best first, one [`SearchResult`] a move
/// (its [`best`](SearchResult::best) the move itself, its depth counting the move, its line
/// starting with it) (ties in the order of the
/// position's moves, so the ranking is the same on every run under depth and node limits):
/// each child is searched with `limits` one ply shallower (at least one ply), the node budget
/// and the time shared equally between the moves. A side that must pass has the single move
/// [`Move::Pass`]; a finished game has none.
///
/// Under a node or depth limit the ranking is the same on every run for the same searcher
/// state; under a time limit it is not.
#[must_use]
pub fn rank_moves(searcher: &mut Searcher, position: &Position, limits: Limits) -> Vec<SearchResult> {
    if position.is_game_over() {
        return Vec::new();
    }
    let moves: Vec<Move> = if position.must_pass() {
        vec![Move::Pass]
    } else {
        position.legal_moves().into_iter().map(Move::Place).collect()
    };
    let child_limits = child_limits(&limits, moves.len() as u64);
    let mut ranked: Vec<SearchResult> = moves
        .into_iter()
        .map(|played| {
            let start = Instant::now();
            let mut child = *position;
            match played {
                Move::Place(sq) => {
                    child.play_unchecked(sq);
                }
                Move::Pass => child = child.with_side_to_move(!child.side_to_move()),
            }
            match searcher.search(&child, child_limits.clone()) {
                Some(result) => {
                    let mut pv = vec![played];
                    pv.extend_from_slice(result.pv());
                    SearchResult {
                        best: played,
                        value: result.value().negated(),
                        depth: result.depth() + 1,
                        pv,
                        nodes: result.nodes(),
                        cutoffs: result.cutoffs(),
                        elapsed: start.elapsed(),
                    }
                }
                // The move ends the game: its value is the final count.
                None => SearchResult {
                    best: played,
                    value: Value::Exact(-final_value_of(&child, limits.scoring())),
                    depth: 1,
                    pv: vec![played],
                    nodes: 0,
                    cutoffs: Cutoffs::default(),
                    elapsed: Duration::ZERO,
                },
            }
        })
        .collect();
    // A stable sort: equal values keep the moves' order.
    ranked.sort_by_key(|r| core::cmp::Reverse(r.value.centidiscs()));
    ranked
}

/// The limits of each of `moves` children: one ply shallower, an equal share of the nodes and
/// of the time, the same exact-solve threshold, scoring and stop flag.
fn child_limits(limits: &Limits, moves: u64) -> Limits {
    let mut child = Limits::none().with_exact_empties(limits.exact_empties()).with_scoring(limits.scoring());
    if let Some(depth) = limits.max_depth() {
        child = child.with_depth(depth.saturating_sub(1).max(1));
    }
    if let Some(stop) = limits.stop_flag() {
        child = child.with_stop_flag(std::sync::Arc::clone(stop));
    }
    child = child.with_share_of_nodes(limits, moves);
    if let Some(time) = limits.max_time() {
        child = child.with_time(time / u32::try_from(moves.max(1)).unwrap_or(u32::MAX));
    }
    child
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranking_agrees_with_the_search_on_the_best_value() {
        // After f5 d6 c3 (8×8), a position whose moves differ in value.
        let mut position = Position::default();
        for name in ["f5", "d6", "c3"] {
            position.play(name.parse().unwrap()).unwrap();
        }
        let mut searcher = Searcher::with_hash_mb(1);
        let best = searcher.search(&position, Limits::depth(4)).unwrap();
        let ranked = rank_moves(&mut searcher, &position, Limits::depth(4));
        assert_eq!(ranked.len(), position.legal_moves().len() as usize);
        assert!(ranked.windows(2).all(|w| w[0].value().centidiscs() >= w[1].value().centidiscs()));
        assert_eq!(ranked[0].value(), best.value(), "{ranked:?}");
        assert!(ranked.first().unwrap().value() != ranked.last().unwrap().value());
    }

    #[test]
    fn a_side_that_must_pass_has_the_pass_alone_and_a_finished_game_nothing() {
        // White to move with no move; Black has one.
        let position: Position =
            "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXO-/XXXXXXX- O".parse().unwrap();
        let mut searcher = Searcher::with_hash_mb(1);
        assert!(position.must_pass());
        let ranked = rank_moves(&mut searcher, &position, Limits::depth(2));
        assert_eq!(ranked.len(), 1);
        assert_eq!(ranked[0].best(), Move::Pass);
        let full: Position =
            "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXO O".parse().unwrap();
        assert!(rank_moves(&mut searcher, &full, Limits::depth(2)).is_empty());
    }
}
