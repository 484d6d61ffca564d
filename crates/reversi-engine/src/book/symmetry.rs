//! A position's key in a book: its discs, the side to move's then the other side's, as bits of
//! the board's playable cells in row order, canonicalised over the board's symmetries (the
//! smallest key of the images), so that every image of a position shares one entry.
//!
//! Only the symmetries that map the board's playable cells onto themselves count: the eight
//! of the square on a square board without blocked cells (and the Octagon), the four of a
//! rectangle (identity, both mirrors, the half turn), fewer with blocked cells that break them.
//! reversi-core has no symmetries of its own (the named openings keep an 8×8-only transform),
//! so they are derived here from the geometry.

use reversi_core::{Bitboard, Color, Geometry, Position, Square};

/// The most 64-bit words of one colour's discs: 256 cells.
pub(super) const MAX_WORDS: usize = 4;

/// A position's key: `words` words of the mover's discs, then as many of the opponent's.
/// Words past `2 * words` are zero, so the derived order is the order of the used words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Key {
    pub(super) words: [u64; 2 * MAX_WORDS],
}

/// The playable cells of a board in row order, and each symmetry as a permutation of them.
#[derive(Clone, Debug)]
pub(super) struct Symmetries {
    /// The playable cells in row order.
    cells: Vec<Square>,
    /// The index among the playable cells of each square (by its canonical index), or `u16::MAX`.
    index_of: Box<[u16; 256]>,
    /// For each symmetry that maps the board onto itself (the identity first), the image of
    /// each playable cell's index.
    images: Vec<Vec<u16>>,
    /// Words of one colour.
    pub(super) words: usize,
    /// Whether the board is the full 8×8 square: its keys are computed on one word a side.
    full_square_of_eight: bool,
}

/// The full 8×8 board's eight symmetries on words (bit `8 r + c` for cell (c, r)), the
/// evaluation's transforms (`eval::patterns::transformed`): the same images as the generic
/// path, a few instructions each instead of a loop over the discs.
mod eight {
    use reversi_core::Bitboard;

    use super::{Key, MAX_WORDS};
    use crate::eval::patterns::transformed;

    /// The discs as one word, row by row.
    pub(super) fn pack(bits: Bitboard) -> u64 {
        let words = bits.to_words();
        (0..8).fold(0, |out, r| out | ((words[r / 4] >> (16 * (r % 4))) & 0xFF) << (8 * r))
    }

    /// The smallest (mover, other) pair of the eight images, as a key.
    pub(super) fn key(mover: u64, other: u64) -> Key {
        let images = (0..8).map(|k| (transformed(mover, k), transformed(other, k)));
        let best = images.min().expect("eight images");
        let mut words = [0u64; 2 * MAX_WORDS];
        (words[0], words[1]) = best;
        Key { words }
    }
}

/// Cell (c, r) of a `w × h` board through symmetry `k` (0-3: identity, the column mirror, the
/// row mirror, the half turn; 4-7, square boards only: the same after the transpose).
fn image(c: u8, r: u8, w: u8, h: u8, k: usize) -> (u8, u8) {
    let (c, r) = if k >= 4 { (r, c) } else { (c, r) };
    let c = if k & 1 == 1 { w - 1 - c } else { c };
    let r = if k & 2 == 2 { h - 1 - r } else { r };
    (c, r)
}

impl Symmetries {
    pub(super) fn new(geometry: &Geometry) -> Symmetries {
        let (w, h) = (geometry.width(), geometry.height());
        let playable = geometry.playable();
        let cells: Vec<Square> = playable.iter().collect();
        let mut index_of = Box::new([u16::MAX; 256]);
        for (i, sq) in cells.iter().enumerate() {
            index_of[usize::from(sq.index())] = i as u16;
        }
        let count = if w == h { 8 } else { 4 };
        let images = (0..count)
            .filter_map(|k| {
                cells
                    .iter()
                    .map(|sq| {
                        let (c, r) = image(sq.column(), sq.row(), w, h, k);
                        Square::new(c, r).filter(|&t| playable.contains(t)).map(|t| index_of[usize::from(t.index())])
                    })
                    .collect::<Option<Vec<u16>>>()
            })
            .collect();
        let words = cells.len().div_ceil(64).max(1);
        let full_square_of_eight = w == 8 && h == 8 && cells.len() == 64;
        Symmetries { cells, index_of, images, words, full_square_of_eight }
    }

    /// The number of symmetries of the board (the identity included).
    pub(super) fn count(&self) -> usize {
        self.images.len()
    }

    /// The canonical key of `position`, whose geometry is the book's.
    pub(super) fn key(&self, position: &Position) -> Key {
        let mover = position.discs(position.side_to_move());
        let other = position.discs(!position.side_to_move());
        if self.full_square_of_eight {
            return eight::key(eight::pack(mover), eight::pack(other));
        }
        self.key_generic(mover, other)
    }

    /// The smallest key of the images, each image's bits moved one by one from the discs
    /// packed once.
    fn key_generic(&self, mover: Bitboard, other: Bitboard) -> Key {
        let mut packed = [[0u64; MAX_WORDS]; 2];
        for (side, discs) in [mover, other].into_iter().enumerate() {
            for sq in discs.iter() {
                let i = usize::from(self.index_of[usize::from(sq.index())]);
                packed[side][i / 64] |= 1 << (i % 64);
            }
        }
        let mut best: Option<Key> = None;
        for image in &self.images {
            let mut words = [0u64; 2 * MAX_WORDS];
            for (side, bits) in packed.iter().enumerate() {
                for (w, &word) in bits.iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let j = usize::from(image[w * 64 + word.trailing_zeros() as usize]);
                        words[side * self.words + j / 64] |= 1 << (j % 64);
                        word &= word - 1;
                    }
                }
            }
            let key = Key { words };
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.expect("the identity is always a symmetry")
    }

    /// The position of `key` (in the key's orientation), Black to move.
    pub(super) fn position(&self, key: &Key, geometry: &Geometry) -> Position {
        let mut sides = [Bitboard::EMPTY; 2];
        for (side, discs) in sides.iter_mut().enumerate() {
            for (i, sq) in self.cells.iter().enumerate() {
                if key.words[side * self.words + i / 64] >> (i % 64) & 1 == 1 {
                    discs.insert(*sq);
                }
            }
        }
        Position::from_parts(*geometry, sides[0], sides[1], Color::Black)
            .expect("a valid key's discs lie on the board's playable cells, apart")
    }

    /// Whether `key` is a key of this board: no disc past the playable cells, none on both
    /// sides.
    pub(super) fn is_valid(&self, key: &Key) -> bool {
        let cells = self.cells.len();
        let (mover, other) = key.words[..2 * self.words].split_at(self.words);
        let beyond = |words: &[u64]| {
            words.iter().enumerate().any(|(i, &w)| {
                let first = i * 64;
                let used = cells.saturating_sub(first).min(64);
                used < 64 && w >> used != 0
            })
        };
        !beyond(mover)
            && !beyond(other)
            && mover.iter().zip(other).all(|(a, b)| a & b == 0)
            && key.words[2 * self.words..].iter().all(|&w| w == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_core::Geometry;

    #[test]
    fn each_board_keeps_only_its_own_symmetries() {
        assert_eq!(Symmetries::new(&Geometry::STANDARD).count(), 8);
        assert_eq!(Symmetries::new(&Geometry::octagon()).count(), 8);
        assert_eq!(Symmetries::new(&Geometry::rectangle(10, 6).unwrap()).count(), 4);
        let blocked = Geometry::STANDARD.with_unplayable(Bitboard::from_square("a1".parse().unwrap())).unwrap();
        // Only the identity and the transpose keep a1 where it is.
        assert_eq!(Symmetries::new(&blocked).count(), 2);
    }

    #[test]
    fn the_words_of_eight_give_the_generic_keys() {
        let symmetries = Symmetries::new(&Geometry::STANDARD);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            // Random discs: each cell empty, Black or White.
            let (mut black, mut white) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for sq in Geometry::STANDARD.playable().iter() {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                match state >> 62 {
                    0 => black.insert(sq),
                    1 => white.insert(sq),
                    _ => {}
                }
            }
            let p = Position::from_parts(Geometry::STANDARD, black, white, Color::Black).unwrap();
            assert_eq!(symmetries.key(&p), symmetries.key_generic(black, white));
        }
    }
}
