//! The move generator for every board: cells in a compact row-major layout (bit
//! `row * width + column`) of a [`Word`] just wide enough for the board.

use super::{MoveGen, Word};
use crate::{Bitboard, Geometry, Square};

/// A board's shape in the compact layout of word `W`: what the move generator needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid<W> {
    width: u32,
    height: u32,
    playable: W,
    /// Cells not in the first column: where a step towards a higher column may land.
    not_first_column: W,
    /// Cells not in the last column: where a step towards a lower column may land.
    not_last_column: W,
}

impl<W: Word> Grid<W> {
    /// The grid of `geometry`, or `None` if the board has more cells than `W` has bits.
    #[must_use]
    pub fn new(geometry: &Geometry) -> Option<Grid<W>> {
        let (width, height) = (u32::from(geometry.width()), u32::from(geometry.height()));
        if width * height > W::BITS {
            return None;
        }
        let row_bits = (1u64 << width) - 1;
        let mut grid = Grid { width, height, playable: W::ZERO, not_first_column: W::ZERO, not_last_column: W::ZERO };
        for row in 0..height {
            let at = row * width;
            grid.not_first_column = grid.not_first_column | W::from_chunk(row_bits & !1, at);
            grid.not_last_column = grid.not_last_column | W::from_chunk(row_bits >> 1, at);
        }
        grid.playable = grid.compact(geometry.playable());
        Some(grid)
    }

    /// The board's width.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The playable cells.
    #[must_use]
    pub fn playable(&self) -> W {
        self.playable
    }

    /// The compact index of `sq`, which must be on the board.
    #[must_use]
    pub fn index(&self, sq: Square) -> u32 {
        u32::from(sq.row()) * self.width + u32::from(sq.column())
    }

    /// The square of compact index `i`.
    #[must_use]
    pub fn square(&self, i: u32) -> Square {
        Square::new((i % self.width) as u8, (i / self.width) as u8).expect("index on the board")
    }

    /// `set` (cells of the board only) in the compact layout.
    #[must_use]
    pub fn compact(&self, set: Bitboard) -> W {
        let words = set.to_words();
        let row_bits = (1u64 << self.width) - 1;
        let mut word = W::ZERO;
        for row in 0..self.height {
            let bits = words[(row / 4) as usize] >> ((row % 4) * 16) & row_bits;
            word = word | W::from_chunk(bits, row * self.width);
        }
        word
    }

    /// The compact `word` as a [`Bitboard`].
    #[must_use]
    pub fn expand(&self, word: W) -> Bitboard {
        let row_bits = (1u64 << self.width) - 1;
        let mut words = [0u64; 4];
        for row in 0..self.height {
            let bits = word.chunk(row * self.width) & row_bits;
            words[(row / 4) as usize] |= bits << ((row % 4) * 16);
        }
        Bitboard::from_words(words)
    }

    /// The eight directions as (shift, towards higher bits, cells where a step may land).
    #[inline(always)]
    fn directions(&self) -> [(u32, bool, W); 8] {
        let w = self.width;
        let all = !W::ZERO;
        [
            (1, true, self.not_first_column),
            (1, false, self.not_last_column),
            (w, true, all),
            (w, false, all),
            (w + 1, true, self.not_first_column),
            (w + 1, false, self.not_last_column),
            (w - 1, true, self.not_last_column),
            (w - 1, false, self.not_first_column),
        ]
    }
}

#[inline(always)]
fn step<W: Word>(x: W, shift: u32, up: bool, land: W) -> W {
    (if up { x << shift } else { x >> shift }) & land
}

impl<W: Word> MoveGen for Grid<W> {
    type Word = W;

    #[inline]
    fn legal(&self, p: W, o: W) -> W {
        let empty = !(p | o) & self.playable;
        let runs = self.width.max(self.height) - 2;
        let mut moves = W::ZERO;
        for (shift, up, land) in self.directions() {
            let o = o & land;
            let mut t = step(p, shift, up, o);
            for _ in 1..runs {
                t = t | step(t, shift, up, o);
            }
            moves = moves | step(t, shift, up, empty & land);
        }
        moves
    }

    #[inline]
    fn flips(&self, p: W, o: W, i: u32) -> W {
        let mut flips = W::ZERO;
        for (shift, up, land) in self.directions() {
            let mut line = W::ZERO;
            let mut cur = step(W::bit(i), shift, up, land);
            while !(cur & o).is_zero() {
                line = line | cur;
                cur = step(cur, shift, up, land);
            }
            if !(cur & p).is_zero() {
                flips = flips | line;
            }
        }
        flips
    }
}
