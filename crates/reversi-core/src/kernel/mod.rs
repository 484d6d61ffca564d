//! The move generators behind [`Position`](crate::Position) and [`perft`](crate::perft()):
//! one generic code path ([`Grid`]) over a compact word per board size.
//!
//! Engines that search millions of positions use these directly, holding the mover's and the
//! opponent's discs as two words, which makes copy-make a pair of register moves.

mod grid;
mod word;

pub use grid::Grid;
pub use word::{U256, Word};

/// Move generation on boards held as a pair of words: the mover's discs `p` and the
/// opponent's discs `o`, in the compact layout of the generator.
pub trait MoveGen: Copy + Send + Sync {
    /// The word that holds one bit per cell.
    type Word: Word;

    /// The mover's legal moves.
    fn legal(&self, p: Self::Word, o: Self::Word) -> Self::Word;

    /// The discs that a move on cell `i` flips (empty if the move is illegal).
    fn flips(&self, p: Self::Word, o: Self::Word, i: u32) -> Self::Word;
}

/// A move generator that also knows how its compact layout maps to squares.
pub trait Layout: MoveGen {
    /// `set` in the compact layout (cells off the board are dropped).
    fn compact(&self, set: crate::Bitboard) -> Self::Word;
    /// The compact `word` as a [`Bitboard`](crate::Bitboard).
    fn expand(&self, word: Self::Word) -> crate::Bitboard;
    /// The compact index of `sq`, which must be on the board.
    fn index(&self, sq: crate::Square) -> u32;
}

impl<W: Word> Layout for Grid<W> {
    fn compact(&self, set: crate::Bitboard) -> W {
        Grid::compact(self, set)
    }
    fn expand(&self, word: W) -> crate::Bitboard {
        Grid::expand(self, word)
    }
    fn index(&self, sq: crate::Square) -> u32 {
        Grid::index(self, sq)
    }
}

/// Work to run with the move generator that suits a board.
pub trait Visitor {
    /// What the work gives.
    type Output;
    /// Runs the work with generator `mg`.
    fn visit<L: Layout>(self, mg: L) -> Self::Output;
}

/// Runs `visitor` with the fastest generator for `geometry`: the narrowest word that holds
/// every cell.
pub fn dispatch<V: Visitor>(geometry: &crate::Geometry, visitor: V) -> V::Output {
    let cells = u32::from(geometry.width()) * u32::from(geometry.height());
    // Every geometry has 16×16 = 256 cells at most, so one of these grids always exists.
    if cells <= 64 {
        visitor.visit(Grid::<u64>::new(geometry).expect("at most 64 cells"))
    } else if cells <= 128 {
        visitor.visit(Grid::<u128>::new(geometry).expect("at most 128 cells"))
    } else {
        visitor.visit(Grid::<U256>::new(geometry).expect("at most 256 cells"))
    }
}
