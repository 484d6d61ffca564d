//! The 8×8 move generator in portable Rust: one `u64` (bit `row * 8 + column`), constant
//! shifts, any set of playable cells (blocked cells are simply never empty).

use super::{Layout, MoveGen};
use crate::{Bitboard, Geometry, Square};

/// Cells off the first and last columns: the only cells a horizontal or diagonal line can
/// flip, so masking the opponent's discs with it stops fills at the edge instead of wrapping.
pub(super) const INNER: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The 8×8 generator without CPU-specific instructions; it accepts any playable mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eight {
    /// The playable cells: the only state, so building a generator per call (as
    /// [`Position`](crate::Position) does) costs one conversion of the playable cells.
    playable: u64,
}

impl Eight {
    /// The generator for `geometry`, or `None` unless the board is 8×8 (any playable cells).
    #[must_use]
    #[inline]
    pub fn new(geometry: &Geometry) -> Option<Eight> {
        if geometry.width() != 8 || geometry.height() != 8 {
            return None;
        }
        Some(Eight { playable: compact(geometry.playable()) })
    }

    /// The playable cells.
    #[must_use]
    #[inline(always)]
    pub fn playable(&self) -> u64 {
        self.playable
    }
}

/// Rows of 8 bits at bits 0, 16, 32 and 48 of `x` packed into its low 32 bits.
#[inline(always)]
fn pack_rows(x: u64) -> u64 {
    let x = x & 0x00ff_00ff_00ff_00ff;
    let x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

/// The inverse of [`pack_rows`]: 32 bits spread into rows of 8 at bits 0, 16, 32 and 48.
#[inline(always)]
fn unpack_rows(x: u64) -> u64 {
    let x = x & 0xffff_ffff;
    let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    (x | x << 8) & 0x00ff_00ff_00ff_00ff
}

/// `set` in the 8×8 layout (bit `row * 8 + column`; cells off the board dropped): the first
/// two of the set's words hold rows 0-3 and 4-7 at a 16-bit stride, each folded by halving
/// shifts instead of a loop over rows.
#[inline(always)]
pub(super) fn compact(set: Bitboard) -> u64 {
    let [a, b, ..] = set.to_words();
    pack_rows(a) | pack_rows(b) << 32
}

/// The 8×8 `word` as a [`Bitboard`]: the inverse of [`compact`].
#[inline(always)]
pub(super) fn expand(word: u64) -> Bitboard {
    Bitboard::from_words([unpack_rows(word), unpack_rows(word >> 32), 0, 0])
}

/// The cells next to runs of `o` that start beside a disc of `p`, along shift `S` both ways:
/// a Kogge-Stone (parallel prefix) fill that covers the six cells a line can flip in four
/// steps.
#[inline(always)]
fn pair<const S: u32>(p: u64, o: u64) -> u64 {
    let mut up = o & (p << S);
    let mut down = o & (p >> S);
    up |= o & (up << S);
    down |= o & (down >> S);
    // Cells of `o` whose neighbour one step back (up) or forward (down) is in `o` too.
    let pre_up = o & (o << S);
    let pre_down = pre_up >> S;
    up |= pre_up & (up << (2 * S));
    down |= pre_down & (down >> (2 * S));
    up |= pre_up & (up << (2 * S));
    down |= pre_down & (down >> (2 * S));
    (up << S) | (down >> S)
}

/// The legal moves of `p` against `o` on the empty playable cells `empty`.
#[inline(always)]
pub(super) fn legal(p: u64, o: u64, empty: u64) -> u64 {
    let inner = o & INNER;
    (pair::<1>(p, inner) | pair::<8>(p, o) | pair::<9>(p, inner) | pair::<7>(p, inner)) & empty
}

/// For each cell, the cells of its eight lines out to the edge, in the order: towards higher
/// bits by 1, 8, 9, 7 (east, south, south-east, south-west), then towards lower bits by 1,
/// 8, 9, 7 (west, north, north-west, north-east). Blocked cells need no special mask: they
/// hold no disc, so a line's scan stops there as at an empty cell.
pub(super) static LINES: [[u64; 8]; 64] = lines();

const fn lines() -> [[u64; 8]; 64] {
    // (column step, row step) of each direction, in the order above.
    const STEPS: [(i32, i32); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];
    let mut table = [[0; 8]; 64];
    let mut x = 0;
    while x < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = STEPS[d];
            let (mut c, mut r) = ((x % 8) as i32 + dc, (x / 8) as i32 + dr);
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                table[x][d] |= 1 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        x += 1;
    }
    table
}

/// The discs a move on `x` flips, from the line masks: along each line the first cell that
/// is not the opponent's must be the mover's, and the opponent's discs before it flip.
#[inline(always)]
pub(super) fn flips(p: u64, o: u64, x: u32) -> u64 {
    let lines = &LINES[x as usize];
    let mut flips = 0;
    for &line in &lines[..4] {
        // Towards higher bits the first such cell is the lowest set bit.
        let stop = line & !o;
        let outflank = stop & stop.wrapping_neg() & p;
        flips |= outflank.wrapping_sub(u64::from(outflank != 0)) & line;
    }
    for &line in &lines[4..] {
        // Towards lower bits it is the highest set bit. `| 1` keeps the count below 64; if
        // the line holds only the opponent's discs that bit is not the mover's (or not on
        // the line), so `& p & line` clears it.
        let stop = line & !o;
        let outflank = (1u64 << 63 >> (stop | 1).leading_zeros()) & p & line;
        flips |= outflank.wrapping_mul(2).wrapping_neg() & line;
    }
    flips
}

impl MoveGen for Eight {
    type Word = u64;

    #[inline(always)]
    fn legal(&self, p: u64, o: u64) -> u64 {
        legal(p, o, !(p | o) & self.playable)
    }

    #[inline(always)]
    fn flips(&self, p: u64, o: u64, i: u32) -> u64 {
        flips(p, o, i)
    }

    #[inline(always)]
    fn count_last_flips(&self, p: u64, o: u64, i: u32) -> u32 {
        if self.playable == u64::MAX {
            return super::last_flips::count(p, i);
        }
        flips(p, o, i).count_ones()
    }
}

impl Layout for Eight {
    #[inline]
    fn compact(&self, set: Bitboard) -> u64 {
        compact(set)
    }
    #[inline]
    fn expand(&self, word: u64) -> Bitboard {
        expand(word)
    }
    #[inline]
    fn index(&self, sq: Square) -> u32 {
        u32::from(sq.row()) * 8 + u32::from(sq.column())
    }
}
