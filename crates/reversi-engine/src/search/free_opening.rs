//! The free opening (RULES §3): the first four moves place a disc each on the empty central
//! cells and flip nothing. The search treats them as a small game of its own: every order of
//! the placements left is tried, and each resulting position is valued by a short normal search.

use reversi_core::{Color, Position, Square};
use reversi_variants::Move;

use super::{Limits, SearchResult, Searcher, Value};
use crate::value::centidiscs;

/// The deepest normal search at the end of each line of placements.
const LEAF_DEPTH: u32 = 4;

/// The position after `side` places a disc on `sq`, flipping nothing.
fn place(position: &Position, sq: Square) -> Position {
    let side = position.side_to_move();
    let (mut black, mut white) = (position.discs(Color::Black), position.discs(Color::White));
    match side {
        Color::Black => black.insert(sq),
        Color::White => white.insert(sq),
    }
    Position::from_parts(*position.geometry(), black, white, !side).expect("an empty central cell")
}

/// The value (hundredths of a disc, for the side to move) of `position` with `left`
/// placements still to make, and the best placement with its line.
fn value(searcher: &mut Searcher, position: &Position, left: usize, leaf: Limits, nodes: &mut u64) -> (i32, Vec<Move>) {
    if left == 0 {
        return match searcher.search(position, leaf.clone()) {
            Some(result) => {
                *nodes += result.nodes();
                (result.value().centidiscs(), result.pv().to_vec())
            }
            None => (centidiscs(super::final_value_of(position, leaf.scoring())), Vec::new()),
        };
    }
    let cells = position.geometry().centre() & position.empty_cells();
    let mut best: Option<(i32, Vec<Move>)> = None;
    for sq in cells {
        let (v, line) = value(searcher, &place(position, sq), left - 1, leaf.clone(), nodes);
        if best.as_ref().is_none_or(|(b, _)| -v > *b) {
            let mut pv = vec![Move::Place(sq)];
            pv.extend(line);
            best = Some((-v, pv));
        }
    }
    best.expect("a free-opening position has an empty central cell")
}

/// The best placement of `position` with `left` placements still to make (1 to 4).
pub(super) fn search(
    searcher: &mut Searcher,
    position: &Position,
    left: usize,
    limits: Limits,
) -> Option<SearchResult> {
    let start = std::time::Instant::now();
    let depth = limits.max_depth().unwrap_or(LEAF_DEPTH).min(LEAF_DEPTH);
    // The orders of the placements left share the budget.
    let lines: u64 = (1..=left as u64).product();
    let mut leaf = Limits::depth(depth).with_exact_empties(limits.exact_empties()).with_scoring(limits.scoring());
    if let Some(stop) = limits.stop_flag() {
        leaf = leaf.with_stop_flag(std::sync::Arc::clone(stop));
    }
    leaf = leaf.with_share_of_nodes(&limits, lines);
    if let Some(t) = limits.max_time() {
        leaf = leaf.with_time(t / lines as u32);
    }
    let mut nodes = 0;
    let (v, pv) = value(searcher, position, left, leaf, &mut nodes);
    Some(SearchResult {
        best: *pv.first()?,
        value: Value::Estimate(v),
        depth: left as u32 + depth,
        pv,
        nodes,
        cutoffs: super::Cutoffs::default(),
        elapsed: start.elapsed(),
    })
}
