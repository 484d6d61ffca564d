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

/// Sides run from 4 to 16, and the three words are 64, 128 and 256 bits.
const SIDES: usize = 13;
type Slot = OnceLock<Box<dyn Any + Send + Sync>>;
static CACHE: [[Slot; SIDES * SIDES]; 3] = [const { [const { OnceLock::new() }; SIDES * SIDES] }; 3];

/// The line masks of a `width` × `height` board in word `W`.
pub(super) fn lines<W: Word>(width: u32, height: u32) -> Lines<W> {
    let word = match W::BITS {
        64 => 0,
        128 => 1,
        _ => 2,
    };
    let shape = (width as usize - 4) * SIDES + (height as usize - 4);
    let slot = CACHE[word].get(shape);
    let cached = slot.map(|slot| slot.get_or_init(|| Box::new(build::<W>(width, height))));
    match cached.and_then(|table| table.downcast_ref::<Vec<[W; 8]>>()) {
        Some(table) => Lines(table),
        // A word type of the caller's own: build its table once per grid and keep it.
        None => Lines(Vec::leak(build::<W>(width, height))),
    }
}

fn build<W: Word>(width: u32, height: u32) -> Vec<[W; 8]> {
    let (w, h) = (width as i32, height as i32);
    (0..w * h)
        .map(|i| {
            STEPS.map(|(dc, dr)| {
                let mut line = W::ZERO;
                let (mut c, mut r) = (i % w + dc, i / w + dr);
                while (0..w).contains(&c) && (0..h).contains(&r) {
                    line = line | W::bit((r * w + c) as u32);
                    c += dc;
                    r += dr;
                }
                line
            })
        })
        .collect()
}
