//! Line masks: for each cell of a board shape, the cells of its eight lines out to the edge,
//! built once per shape and word, then shared by every [`Grid`](super::Grid) of that shape.

use alloc::vec::Vec;

use super::Word;
use super::once::PerShape;

/// The directions as (column step, row step): first the four towards higher compact indices
/// (east, south, south-east, south-west), then their opposites (west, north, north-west,
/// north-east).
const STEPS: [(i32, i32); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

/// The line masks of one board shape, indexed by compact cell index, then direction.
pub(super) struct Lines<W: 'static>(&'static [[W; 8]]);

impl<W> Clone for Lines<W> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<W> Copy for Lines<W> {}

impl<W> Lines<W> {
    /// The eight lines from cell `i` (which must be on the board).
    #[inline(always)]
    pub(super) fn of(self, i: u32) -> &'static [W; 8] {
        &self.0[i as usize]
    }
}

impl<W: Word> Lines<W> {
    /// The discs that a move on cell `i` flips. Along each line from `i`, the first cell
    /// that is not the opponent's must be the mover's, and the opponent's discs before it
    /// flip: the lowest or highest such cell of the line mask, found with a couple of word
    /// operations instead of a fill.
    #[inline(always)]
    pub(super) fn flips(self, p: W, o: W, i: u32) -> W {
        let lines = self.of(i);
        let mut flips = W::ZERO;
        // No branches: whether a line flips is as good as random.
        for &line in &lines[..4] {
            let outflank = (line & !o).isolate_lowest() & p;
            flips = flips | (outflank.below() & line);
        }
        for &line in &lines[4..] {
            let outflank = (line & !o).isolate_highest() & p;
            flips = flips | ((outflank << 1).wrapping_neg() & line);
        }
        flips
    }
}

impl<W> core::fmt::Debug for Lines<W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Lines({} cells)", self.0.len())
    }
}

impl<W: PartialEq> PartialEq for Lines<W> {
    /// The same masks: the same table (one per shape and layout), or equal tables.
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl<W: Eq> Eq for Lines<W> {}

/// The line masks of a `width` × `height` board in the compact layout of word `W`.
pub(super) fn compact<W: Word>(width: u32, height: u32) -> Lines<W> {
    Lines(W::line_tables().get_or_init(width, height, || build(width, height, width)))
}

/// The line masks of a `width` × `height` board in the layout of
/// [`Bitboard`](crate::Bitboard): 16-bit rows (bit `row * 16 + column`) of a [`U256`](super::U256).
#[cfg(target_arch = "x86_64")]
pub(super) fn rows(width: u32, height: u32) -> Lines<super::U256> {
    static TABLES: PerShape<Vec<[super::U256; 8]>> = PerShape::new();
    Lines(TABLES.get_or_init(width, height, || build(width, height, 16)))
}

fn build<W: Word>(width: u32, height: u32, stride: u32) -> Vec<[W; 8]> {
    let (w, h, stride) = (width as i32, height as i32, stride as i32);
    (0..h * stride)
        .map(|i| {
            let (c0, r0) = (i % stride, i / stride);
            STEPS.map(|(dc, dr)| {
                let mut line = W::ZERO;
                let (mut c, mut r) = (c0 + dc, r0 + dr);
                if c0 >= w {
                    return line;
                }
                while (0..w).contains(&c) && (0..h).contains(&r) {
                    line = line | W::bit((r * stride + c) as u32);
                    c += dc;
                    r += dr;
                }
                line
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal shapes share one table; different shapes' tables differ.
    #[test]
    fn lines_compare_their_masks() {
        assert!(core::ptr::eq(compact::<u64>(4, 6).0, compact::<u64>(4, 6).0));
        assert_eq!(compact::<u128>(10, 8), compact::<u128>(10, 8));
        assert_ne!(compact::<u64>(4, 6), compact::<u64>(6, 4));
        // A table of its own: equal when its masks are, not otherwise (same length).
        assert_eq!(compact::<u64>(8, 8), Lines(Vec::leak(build::<u64>(8, 8, 8))));
        let mut other = build::<u64>(8, 8, 8);
        other.swap(0, 63);
        assert_ne!(compact::<u64>(8, 8), Lines(Vec::leak(other)));
    }
}
