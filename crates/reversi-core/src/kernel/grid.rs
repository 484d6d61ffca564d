//! The move generator for every board: cells in a compact row-major layout (bit
//! `row * width + column`) of a [`Word`] just wide enough for the board.

use super::lines::{self, Lines};
use super::{MoveGen, Word};
use crate::{Bitboard, Geometry, Square};

/// A board's shape in the compact layout of word `W`: what the move generator needs to know.
///
/// `WIDTH` and `HEIGHT` are the board's sides when known at compile time, which turns every
/// shift into a constant and unrolls the fills; `0` (the default) reads them from the value,
/// so `Grid<W>` serves any board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid<W: 'static, const WIDTH: u32 = 0, const HEIGHT: u32 = 0> {
    width: u32,
    height: u32,
    playable: W,
    /// Cells in neither the first nor the last column: the only cells that a horizontal or
    /// diagonal line can flip, so masking the opponent's discs with it stops every fill at
    /// the edge instead of wrapping to the next row.
    inner: W,
    /// Each cell's lines out to the edge, for the flips.
    lines: Lines<W>,
}

impl<W: Word, const WIDTH: u32, const HEIGHT: u32> Grid<W, WIDTH, HEIGHT> {
    /// The grid of `geometry`, or `None` if the board has more cells than `W` has bits, or
    /// sides other than `WIDTH` and `HEIGHT` when those are not 0.
    #[must_use]
    pub fn new(geometry: &Geometry) -> Option<Self> {
        let (width, height) = (u32::from(geometry.width()), u32::from(geometry.height()));
        if width * height > W::BITS || (WIDTH != 0 && WIDTH != width) || (HEIGHT != 0 && HEIGHT != height) {
            return None;
        }
        let row_bits = (1u64 << width) - 1;
        let mut grid = Grid { width, height, playable: W::ZERO, inner: W::ZERO, lines: lines::compact(width, height) };
        for row in 0..height {
            grid.inner = grid.inner | W::from_chunk(row_bits & !1 & (row_bits >> 1), row * width);
        }
        grid.playable = grid.compact(geometry.playable());
        Some(grid)
    }

    /// The board's width.
    #[must_use]
    #[inline(always)]
    pub fn width(&self) -> u32 {
        if WIDTH == 0 { self.width } else { WIDTH }
    }

    #[inline(always)]
    fn height(&self) -> u32 {
        if HEIGHT == 0 { self.height } else { HEIGHT }
    }

    /// The playable cells.
    #[must_use]
    pub fn playable(&self) -> W {
        self.playable
    }

    /// The compact index of `sq`, which must be on the board.
    #[must_use]
    pub fn index(&self, sq: Square) -> u32 {
        u32::from(sq.row()) * self.width() + u32::from(sq.column())
    }

    /// The square of compact index `i`.
    #[must_use]
    pub fn square(&self, i: u32) -> Square {
        Square::new((i % self.width()) as u8, (i / self.width()) as u8).expect("index on the board")
    }

    /// `set` (cells of the board only) in the compact layout.
    #[must_use]
    pub fn compact(&self, set: Bitboard) -> W {
        let words = set.to_words();
        // The sides from `width()` and `height()`: constants for square grids, so the loop
        // unrolls into constant shifts.
        let (width, height) = (self.width(), self.height());
        let row_bits = (1u64 << width) - 1;
        let mut word = W::ZERO;
        for row in 0..height {
            let bits = words[(row / 4) as usize] >> ((row % 4) * 16) & row_bits;
            word = word | W::from_chunk(bits, row * width);
        }
        word
    }

    /// The compact `word` as a [`Bitboard`].
    #[must_use]
    pub fn expand(&self, word: W) -> Bitboard {
        let (width, height) = (self.width(), self.height());
        let row_bits = (1u64 << width) - 1;
        let mut words = [0u64; 4];
        for row in 0..height {
            let bits = word.chunk(row * width) & row_bits;
            words[(row / 4) as usize] |= bits << ((row % 4) * 16);
        }
        Bitboard::from_words(words)
    }

    /// The four line directions as (shift, longest run of discs a line can flip, mask of
    /// the opponent's discs that may be flipped along it).
    #[inline(always)]
    fn lines(&self, o: W) -> [(u32, u32, W); 4] {
        let (w, h) = (self.width(), self.height());
        let inner = o & self.inner;
        [(1, w - 2, inner), (w, h - 2, o), (w + 1, w.min(h) - 2, inner), (w - 1, w.min(h) - 2, inner)]
    }
}

/// The cells reached from `from` (excluded) by runs of `o` along shift `s` towards higher
/// bits (`up`) and towards lower bits (`down`), for runs of up to `runs` cells.
///
/// Kogge-Stone style doubling: after covering runs of `c` cells, the cells whose `k <= c`
/// predecessors are all in `o` extend the cover to `c + k` in one shift, so a run of 14
/// takes 4 steps instead of 13.
#[inline(always)]
fn runs<W: Word>(from: W, o: W, s: u32, runs: u32) -> (W, W) {
    let mut up = o & (from << s);
    let mut down = o & (from >> s);
    // `pre_up`: cells of `o` whose `k - 1` predecessors (towards lower bits) are in `o` too;
    // `pre_down` the same towards higher bits.
    let (mut pre_up, mut pre_down, mut k, mut covered) = (o, o, 1, 1);
    // Five steps cover runs of 16 > 14, the longest on any board. Written out rather than
    // looped so that, with constant `s` and `runs`, every shift is a constant.
    macro_rules! step {
        () => {
            if covered < runs {
                if covered + k < runs && 2 * k <= covered {
                    pre_up = pre_up & (pre_up << (k * s));
                    pre_down = pre_down & (pre_down >> (k * s));
                    k *= 2;
                }
                up = up | (pre_up & (up << (k * s)));
                down = down | (pre_down & (down >> (k * s)));
                covered += k;
            }
        };
    }
    step!();
    step!();
    step!();
    step!();
    step!();
    debug_assert!(covered >= runs);
    (up, down)
}

/// The cells beyond runs of `o` that start at a disc of `p`, both ways along one line
/// direction `(shift, longest run, flippable discs)`.
#[inline(always)]
fn line_moves<W: Word>(p: W, (s, n, o): (u32, u32, W)) -> W {
    let (up, down) = runs(p, o, s, n);
    (up << s) | (down >> s)
}

impl<W: Word, const WIDTH: u32, const HEIGHT: u32> MoveGen for Grid<W, WIDTH, HEIGHT> {
    type Word = W;

    #[inline]
    fn legal(&self, p: W, o: W) -> W {
        let empty = !(p | o) & self.playable;
        // Written out rather than looped so that each direction's shifts are constants.
        let [a, b, c, d] = self.lines(o);
        (line_moves(p, a) | line_moves(p, b) | line_moves(p, c) | line_moves(p, d)) & empty
    }

    #[inline]
    fn flips(&self, p: W, o: W, i: u32) -> W {
        self.lines.flips(p, o, i)
    }
}
