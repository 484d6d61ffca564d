//! Line masks: for each cell of a board shape, the cells of its eight lines out to the edge,
//! built once per shape and word, then shared by every [`Grid`](super::Grid) of that shape.

use std::any::Any;
use std::sync::OnceLock;

use super::Word;

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

impl<W> PartialEq for Lines<W> {
    /// The masks depend only on the shape, which the grid compares anyway.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<W> Eq for Lines<W> {}

/// Sides run from 4 to 16; the tables are kept per shape for the three compact words (64,
/// 128 and 256 bits) and for the 16-bit-row layout of [`Bitboard`](crate::Bitboard).
const SIDES: usize = 13;
type Slot = OnceLock<Box<dyn Any + Send + Sync>>;
static CACHE: [[Slot; SIDES * SIDES]; 4] = [const { [const { OnceLock::new() }; SIDES * SIDES] }; 4];

/// The line masks of a `width` × `height` board in word `W`, cell `(column, row)` at bit
/// `row * stride + column` (`stride` is `width` in the compact layout, 16 in rows).
pub(super) fn lines<W: Word>(width: u32, height: u32, stride: u32) -> Lines<W> {
    let layout = match (W::BITS, stride == width) {
        (64, true) => 0,
        (128, true) => 1,
        (_, true) => 2,
        (_, false) => 3,
    };
    let shape = (width as usize - 4) * SIDES + (height as usize - 4);
    let slot = CACHE[layout].get(shape);
    let cached = slot.map(|slot| slot.get_or_init(|| Box::new(build::<W>(width, height, stride))));
    match cached.and_then(|table| table.downcast_ref::<Vec<[W; 8]>>()) {
        Some(table) => Lines(table),
        // A word type of the caller's own: build its table once per grid and keep it.
        None => Lines(Vec::leak(build::<W>(width, height, stride))),
    }
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
