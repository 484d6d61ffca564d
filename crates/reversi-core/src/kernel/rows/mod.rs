//! A move generator for any board with AVX2, in the layout of [`Bitboard`]: each row in a
//! 16-bit lane of one 256-bit vector (bit `row * 16 + column`). A horizontal step is a shift
//! inside the lanes, where bits cannot wrap into the next row; a vertical step moves whole
//! lanes. Chosen at run time for boards of more than 128 cells when the CPU has AVX2; with
//! AVX-512 (F, VL, BW, VBMI2, VPOPCNTDQ) the legal moves run both ways of a direction in one
//! 512-bit vector. A move's flips take no fill on either path: each way is a run of the
//! discs that the position's fills found bracketed, read from a mask of rows.
//!
//! One module per instruction set: [`avx2`] (AVX2, BMI1, LZCNT, POPCNT) and [`avx512`] (with
//! AVX-512 F, VL, BW, VBMI2 and VPOPCNTDQ). Each holds its own macros, which call that
//! module's functions only; this module holds the generator, the CPU test and the 256-bit
//! helpers both use.

use core::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_extract_epi64, _mm256_loadu_si256, _mm256_or_si256,
};

use super::lines::{self, Lines};
use super::{Avx512, Layout, MoveGen, U256, Word};
use crate::{Bitboard, Geometry, Square};

/// The generator; `LONG` is whether a line can flip more than 8 discs (a side above 10).
///
/// Available on x86-64 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowsAvx2<const LONG: bool> {
    playable: U256,
    area: U256,
    lines: Lines<U256>,
    /// Whether the generator may use AVX-512 (F, VL, BW, VBMI2, VPOPCNTDQ).
    avx512: Avx512,
}

impl<const LONG: bool> RowsAvx2<LONG> {
    /// The same generator without its AVX-512 paths, as on a CPU with AVX2 only: for tests
    /// and comparisons on CPUs that have AVX-512.
    #[must_use]
    pub fn avx2_only(self) -> Self {
        RowsAvx2 { avx512: Avx512::Absent, ..self }
    }
}

impl<const LONG: bool> RowsAvx2<LONG> {
    /// The generator for `geometry`, or `None` if this CPU lacks AVX2, BMI1, LZCNT or POPCNT,
    /// or if `LONG` is false and a side is above 10.
    #[must_use]
    pub fn new(geometry: &Geometry) -> Option<Self> {
        let (width, height) = (u32::from(geometry.width()), u32::from(geometry.height()));
        let avx512 = features()?;
        if !LONG && width.max(height) > 10 {
            return None;
        }
        Some(RowsAvx2 {
            playable: U256(geometry.playable().to_words()),
            area: U256(geometry.area().to_words()),
            lines: lines::rows(width, height),
            avx512,
        })
    }
}

/// What this CPU offers the generator (see [`Detected`](crate::kernel::Detected)).
fn features() -> Option<Avx512> {
    static FEATURES: crate::kernel::Detected = crate::kernel::Detected::new();
    FEATURES.get(|| cpu_has!("avx512f", "avx512vl", "avx512bw", "avx512vbmi2", "avx512vpopcntdq"))
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn load(x: U256) -> __m256i {
    // SAFETY: `x.0` is 32 readable bytes; the load has no alignment requirement.
    unsafe { _mm256_loadu_si256(x.0.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn store(x: __m256i) -> U256 {
    U256([
        _mm256_extract_epi64::<0>(x) as u64,
        _mm256_extract_epi64::<1>(x) as u64,
        _mm256_extract_epi64::<2>(x) as u64,
        _mm256_extract_epi64::<3>(x) as u64,
    ])
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn and(a: __m256i, b: __m256i) -> __m256i {
    _mm256_and_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

mod avx2;
mod avx512;

impl<const LONG: bool> MoveGen for RowsAvx2<LONG> {
    type Word = U256;

    #[inline]
    fn legal(&self, p: U256, o: U256) -> U256 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2 and (for `Avx512::Present`) AVX-512 F, VL, BW, VBMI2 and VPOPCNTDQ.
            return unsafe { avx512::legal::<LONG>(p, o, self.playable) };
        }
        // SAFETY: a `RowsAvx2` exists only once `new` found AVX2 on this CPU.
        unsafe { avx2::legal::<LONG>(p, o, self.playable) }
    }

    #[inline]
    fn flips(&self, p: U256, o: U256, i: u32) -> U256 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2 and (for `Avx512::Present`) AVX-512 F, VL, BW, VBMI2 and VPOPCNTDQ.
            return unsafe { avx512::flips::<LONG>(p, o, i) };
        }
        // SAFETY: a `RowsAvx2` exists only once `new` found AVX2, BMI1, LZCNT and POPCNT.
        unsafe { avx2::flips(self, p, o, i) }
    }

    #[inline]
    fn count_two_plies(&self, p: U256, o: U256, moves: U256) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2, BMI1, LZCNT, POPCNT and (for `Avx512::Present`)
            // AVX-512 F, VL, BW, VBMI2 and VPOPCNTDQ on this CPU.
            return unsafe { avx512::count_two_plies(self, p, o, moves) };
        }
        // SAFETY: a `RowsAvx2` exists only once `new` found AVX2, BMI1, LZCNT and POPCNT.
        unsafe { avx2::count_two_plies(self, p, o, moves) }
    }

    #[inline]
    fn perft(&self, p: U256, o: U256, depth: u32) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: as in `count_two_plies`.
            return unsafe { avx512::perft(self, p, o, depth) };
        }
        // SAFETY: a `RowsAvx2` exists only once `new` found AVX2, BMI1, LZCNT and POPCNT.
        unsafe { avx2::perft(self, p, o, depth) }
    }
}

impl<const LONG: bool> Layout for RowsAvx2<LONG> {
    fn compact(&self, set: Bitboard) -> U256 {
        U256(set.to_words()) & self.area
    }
    fn expand(&self, word: U256) -> Bitboard {
        Bitboard::from_words((word & self.area).0)
    }
    fn index(&self, sq: Square) -> u32 {
        u32::from(sq.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::arch::x86_64::_mm512_broadcast_i64x4;
    use proptest::prelude::*;

    /// The columns a line across columns may take: all of them (the AVX2 path, where a
    /// step cannot wrap), or 1 to 14 (the 512-bit path, whose rotations would wrap).
    #[derive(Clone, Copy, PartialEq)]
    enum Columns {
        All,
        Inner,
    }

    /// The lines of 8 cells in `cells`, walking the board.
    fn naive_eight_in_a_row(cells: U256, columns: Columns) -> bool {
        let has = |c: i32, r: i32| {
            (0..16).contains(&c) && (0..16).contains(&r) && !(cells & U256::bit((r * 16 + c) as u32)).is_zero()
        };
        [(1, 0), (0, 1), (1, 1), (-1, 1)].into_iter().any(|(dc, dr)| {
            (0..16).any(|c| {
                (0..16).any(|r| {
                    (0..8).all(|k| {
                        let (c, r) = (c + k * dc, r + k * dr);
                        has(c, r) && (dc == 0 || columns == Columns::All || (1..15).contains(&c))
                    })
                })
            })
        })
    }

    fn check(cells: U256) -> Result<(), TestCaseError> {
        if features().is_some() {
            // SAFETY: `features` found AVX2.
            let fast = unsafe { avx2::eight_in_a_row(cells) };
            prop_assert_eq!(fast, naive_eight_in_a_row(cells, Columns::All), "AVX2: {:?}", cells);
        }
        if features() == Some(Avx512::Present) {
            // SAFETY: `features` found AVX2 and AVX-512 F, VL, BW, VBMI2 and VPOPCNTDQ.
            let fast = unsafe { avx512::eight_in_a_row(_mm512_broadcast_i64x4(load(cells))) };
            prop_assert_eq!(fast, naive_eight_in_a_row(cells, Columns::Inner), "AVX-512: {:?}", cells);
        }
        Ok(())
    }

    /// Every line of 7 and of 8 cells on the board, alone.
    #[test]
    fn every_line_of_seven_and_eight() {
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            for (c, r) in (0..16).flat_map(|c| (0..16).map(move |r| (c, r))) {
                for len in [7, 8] {
                    if (0..len).all(|k| (0..16).contains(&(c + k * dc)) && (0..16).contains(&(r + k * dr))) {
                        let set = (0..len)
                            .fold(U256::ZERO, |set, k| set | U256::bit(((r + k * dr) * 16 + c + k * dc) as u32));
                        check(set).unwrap();
                    }
                }
            }
        }
    }

    proptest! {
        /// Random sets, sparse to dense.
        #[test]
        fn random_sets(a in any::<[u64; 4]>(), b in any::<[u64; 4]>(), density in 0..3u8) {
            let (a, b) = (U256::from_limbs(a), U256::from_limbs(b));
            check(match density { 0 => a & b, 1 => a, _ => a | b })?;
        }
    }
}
