//! Building a book: the values of a set of positions by negamax through the book's tree.
//!
//! The positions (say, those that strong players met often) make a tree: a position's book
//! children are its moves that lead to another position of the set. Its leaves, the positions
//! with no book child, are valued by a search. Every other position takes the best of its
//! book moves (each the negation of its child's value) and of its best move outside the book,
//! searched a ply shallower than the leaves: the deviation a book-learner adds, so that a book
//! move is only ever played when no other move searched better. The positions are valued from
//! the most discs down, so a position's children are valued before it.

use std::collections::HashMap;

use reversi_core::{Geometry, Position};
use reversi_variants::Scoring;

use super::symmetry::{Key, Symmetries};
use super::{Book, BookEntry, Provenance};
use crate::search::{Limits, Searcher, final_value_of};

/// The searches behind a book's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// The depth of each leaf's search, in plies; the moves outside the book are searched a
    /// ply shallower, so that both values reach the same depth from the position.
    pub depth: u32,
    /// The empty cells from which the searches solve exactly.
    pub exact_empties: u32,
    /// The scoring the values are under.
    pub scoring: Scoring,
}

/// What one position cost: its searches' nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The nodes of the searches of this position (its leaf search or its deviations).
    pub nodes: u64,
}

/// The book of `positions` of `geometry` (each in any orientation, repeats and other boards'
/// positions left out), valued by negamax through their tree with `searcher`'s searches under
/// `options`; `progress` is called after each position with what it cost.
pub fn negamax(
    geometry: Geometry,
    positions: impl IntoIterator<Item = Position>,
    searcher: &mut Searcher,
    options: BuildOptions,
    mut progress: impl FnMut(Step),
) -> Book {
    let symmetries = Symmetries::new(&geometry);
    let mut nodes: HashMap<Key, Position> = HashMap::new();
    for position in positions.into_iter().filter(|p| *p.geometry() == geometry) {
        nodes.entry(symmetries.key(&position)).or_insert(position);
    }
    let mut order: Vec<(Key, Position)> = nodes.into_iter().collect();
    // The most discs first; among positions of as many discs, one that must pass after the
    // others (its child, the pass, has as many discs). Then by key, so that every run searches
    // in one order and fills the searcher's table alike.
    order.sort_by_key(|(key, p)| (p.empty_cells().len(), p.must_pass(), *key));
    let mut values: HashMap<Key, BookEntry> = HashMap::with_capacity(order.len());
    let limits =
        |depth: u32| Limits::depth(depth).with_exact_empties(options.exact_empties).with_scoring(options.scoring);
    for (key, position) in &order {
        let mut step = Step::default();
        let entry = if position.is_game_over() {
            BookEntry::new(final_value_of(position, options.scoring) * 100, 0, Provenance::Exact)
        } else if position.must_pass() {
            let passed = position.with_side_to_move(!position.side_to_move());
            match values.get(&symmetries.key(&passed)) {
                Some(child) => BookEntry::new(-child.value(), child.depth(), child.provenance()),
                None => leaf(searcher, position, limits(options.depth), &mut step),
            }
        } else {
            let mut book_best: Option<i32> = None;
            let mut outside = Vec::new();
            for square in position.legal_moves().iter() {
                let mut child = *position;
                child.play_unchecked(square);
                match values.get(&symmetries.key(&child)) {
                    Some(entry) => book_best = Some(book_best.map_or(-entry.value(), |b| b.max(-entry.value()))),
                    None => outside.push(child),
                }
            }
            match book_best {
                None => leaf(searcher, position, limits(options.depth), &mut step),
                Some(best) => {
                    let deviation = outside
                        .iter()
                        .map(|child| {
                            -child_value(searcher, child, limits(options.depth.saturating_sub(1)), options, &mut step)
                        })
                        .max();
                    match deviation {
                        Some(d) if d > best => BookEntry::new(d, options.depth, Provenance::Deviation),
                        _ => BookEntry::new(best, options.depth, Provenance::Negamax),
                    }
                }
            }
        };
        values.insert(*key, entry);
        progress(step);
    }
    let (keys, entries): (Vec<Key>, Vec<BookEntry>) = {
        let mut sorted: Vec<(Key, BookEntry)> = values.into_iter().collect();
        sorted.sort_unstable_by_key(|(key, _)| *key);
        sorted.into_iter().unzip()
    };
    Book { geometry, scoring: options.scoring, symmetries, keys, entries }
}

/// A leaf's entry: its search's value.
fn leaf(searcher: &mut Searcher, position: &Position, limits: Limits, step: &mut Step) -> BookEntry {
    let depth = limits.max_depth().unwrap_or(0);
    let result = searcher.search(position, limits).expect("a position that is not over has a move");
    step.nodes += result.nodes();
    let provenance = if result.value().is_exact() { Provenance::Exact } else { Provenance::Searched };
    BookEntry::new(result.value().centidiscs(), depth, provenance)
}

/// The value of a move's `child` for its side to move, in hundredths of a disc.
fn child_value(
    searcher: &mut Searcher,
    child: &Position,
    limits: Limits,
    options: BuildOptions,
    step: &mut Step,
) -> i32 {
    if child.is_game_over() {
        return final_value_of(child, options.scoring) * 100;
    }
    let result = searcher.search(child, limits).expect("a position that is not over has a move");
    step.nodes += result.nodes();
    result.value().centidiscs()
}
