//! Looking a position up: the canonical key, then a binary search over the sorted keys.

use reversi_core::{Position, Square};

use super::{Book, BookEntry};

/// A move of a position that leads to a position of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The cell played.
    pub square: Square,
    /// Its value for the side that plays it, in hundredths of a disc: the negation of the
    /// child's entry's.
    pub value: i32,
    /// The child's entry.
    pub entry: BookEntry,
}

impl Book {
    /// The entry of `position` (in any of its images), if the book holds it; `None` for a
    /// position of another board too.
    #[must_use]
    pub fn lookup(&self, position: &Position) -> Option<BookEntry> {
        if *position.geometry() != self.geometry {
            return None;
        }
        let key = self.symmetries.key(position);
        self.keys.binary_search(&key).ok().map(|i| self.entries[i])
    }

    /// The moves of `position` whose child is in the book, best first (ties in the order of
    /// the cells). A side that must pass has none: a pass is no book move.
    #[must_use]
    pub fn moves(&self, position: &Position) -> Vec<BookMove> {
        if *position.geometry() != self.geometry {
            return Vec::new();
        }
        let mut moves: Vec<BookMove> = position
            .legal_moves()
            .iter()
            .filter_map(|square| {
                let mut child = *position;
                child.play_unchecked(square);
                self.lookup(&child).map(|entry| BookMove { square, value: -entry.value(), entry })
            })
            .collect();
        moves.sort_by_key(|m| -m.value);
        moves
    }
}
