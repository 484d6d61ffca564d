//! The machine words that hold a board in the compact layout: `u64`, `u128` and [`U256`].

use alloc::vec::Vec;
use core::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

use super::once::PerShape;

/// An unsigned integer of 64, 128 or 256 bits that holds one bit per cell: `u64`, `u128` or
/// [`U256`] (sealed: the kernel keeps tables per word type).
pub trait Word:
    CachedLines
    + Copy
    + Eq
    + core::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Send
    + Sync
    + 'static
{
    /// No bit set.
    const ZERO: Self;
    /// The number of bits.
    const BITS: u32;
    /// The word with only bit `i` set (`i < BITS`).
    fn bit(i: u32) -> Self;
    /// The number of bits set.
    fn count(self) -> u32;
    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// The index of the lowest set bit (`BITS` when none is).
    fn lowest(self) -> u32;
    /// The word with its lowest set bit cleared.
    #[must_use]
    fn without_lowest(self) -> Self;
    /// `bits` (at most 16 of them) placed from bit `offset` on (`offset + 16 <= BITS`).
    #[must_use]
    fn from_chunk(bits: u64, offset: u32) -> Self;
    /// The 16 bits from bit `offset` on (`offset < BITS`; bits past the end read as zero).
    fn chunk(self, offset: u32) -> u64;
    /// The lowest set bit alone (zero if none is set).
    #[must_use]
    fn isolate_lowest(self) -> Self;
    /// The highest set bit alone (zero if none is set).
    #[must_use]
    fn isolate_highest(self) -> Self;
    /// For a single bit, every bit below it; zero for zero (without a branch).
    #[must_use]
    fn below(self) -> Self;
    /// `-self`, wrapping: for a single bit, it and every bit above it.
    #[must_use]
    fn wrapping_neg(self) -> Self;
    /// Bit `i` of the word.
    fn get(self, i: u32) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
}

/// Where a word type keeps its line masks, a table per board shape in its compact layout:
/// typed, and bounded by the number of shapes. Implemented for the kernel's words only, in
/// a private module, which also keeps [`Word`] sealed.
pub trait CachedLines: Sized + 'static {
    /// The tables, each built on first use.
    fn line_tables() -> &'static PerShape<Vec<[Self; 8]>>;
}

macro_rules! cached_lines {
    ($($word:ty),*) => {$(
        impl CachedLines for $word {
            fn line_tables() -> &'static PerShape<Vec<[$word; 8]>> {
                static TABLES: PerShape<Vec<[$word; 8]>> = PerShape::new();
                &TABLES
            }
        }
    )*};
}

cached_lines!(u64, u128, U256);

macro_rules! native_word {
    ($t:ty, $highest:expr) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: u32) -> $t {
                1 << i
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn isolate_lowest(self) -> $t {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn isolate_highest(self) -> $t {
                $highest(self)
            }
            #[inline(always)]
            fn below(self) -> $t {
                self.wrapping_sub(<$t>::from(self != 0))
            }
            #[inline(always)]
            fn wrapping_neg(self) -> $t {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn from_chunk(bits: u64, offset: u32) -> $t {
                (bits as $t) << offset
            }
            #[inline(always)]
            fn chunk(self, offset: u32) -> u64 {
                (self >> offset) as u64 & 0xffff
            }
        }
    };
}

native_word!(u64, isolate_highest_u64);
native_word!(u128, |x: u128| {
    // Two 64-bit halves: a 128-bit shift by a variable count costs more than the branch.
    let high = (x >> 64) as u64;
    if high != 0 { u128::from(isolate_highest_u64(high)) << 64 } else { u128::from(isolate_highest_u64(x as u64)) }
});

#[inline(always)]
fn isolate_highest_u64(x: u64) -> u64 {
    if x == 0 { 0 } else { 1 << (63 - x.leading_zeros()) }
}

/// A 256-bit word, four `u64` limbs with the lowest first; enough for 16×16.
///
/// ```
/// use reversi_core::kernel::{U256, Word};
///
/// let word = U256::from_limbs([1, 0, 0, 1 << 63]);
/// assert_eq!(word.limbs(), [1, 0, 0, 1 << 63]);
/// assert_eq!((word.count(), word.lowest()), (2, 0));
/// assert_eq!(word.without_lowest(), U256::bit(255));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct U256(pub(crate) [u64; 4]);

impl U256 {
    /// The word of these limbs, the lowest first.
    #[must_use]
    pub const fn from_limbs(limbs: [u64; 4]) -> U256 {
        U256(limbs)
    }

    /// The limbs, the lowest first.
    #[must_use]
    pub const fn limbs(self) -> [u64; 4] {
        self.0
    }
}

macro_rules! limb_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for U256 {
            type Output = U256;
            #[inline(always)]
            fn $method(self, rhs: U256) -> U256 {
                let (a, b) = (self.0, rhs.0);
                U256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
    };
}

limb_op!(BitAnd, bitand, &);
limb_op!(BitOr, bitor, |);
limb_op!(BitXor, bitxor, ^);

impl Not for U256 {
    type Output = U256;
    #[inline(always)]
    fn not(self) -> U256 {
        let a = self.0;
        U256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Shl<u32> for U256 {
    type Output = U256;
    /// Shifts towards the higher limbs; `n` must be below 256. The move generators shift by
    /// constants, for which this folds to a handful of limb moves.
    #[inline(always)]
    fn shl(self, n: u32) -> U256 {
        debug_assert!(n < 256);
        let (a, q, r) = (self.0, (n / 64) as usize, n % 64);
        let mut out = [0; 4];
        for i in q..4 {
            out[i] = a[i - q] << r;
            if r > 0 && i > q {
                out[i] |= a[i - q - 1] >> (64 - r);
            }
        }
        U256(out)
    }
}

impl Shr<u32> for U256 {
    type Output = U256;
    /// Shifts towards the lower limbs; `n` must be below 256.
    #[inline(always)]
    fn shr(self, n: u32) -> U256 {
        debug_assert!(n < 256);
        let (a, q, r) = (self.0, (n / 64) as usize, n % 64);
        let mut out = [0; 4];
        for i in 0..4 - q {
            out[i] = a[i + q] >> r;
            if r > 0 && i + q + 1 < 4 {
                out[i] |= a[i + q + 1] << (64 - r);
            }
        }
        U256(out)
    }
}

impl U256 {
    /// `self + 1`, wrapping (`-x` is `!x + 1`).
    #[inline(always)]
    fn wrapping_inc(self) -> U256 {
        let mut a = self.0;
        let mut carry = true;
        for limb in &mut a {
            let (value, c) = limb.overflowing_add(u64::from(carry));
            *limb = value;
            carry = c;
        }
        U256(a)
    }
}

impl Word for U256 {
    const ZERO: U256 = U256([0; 4]);
    const BITS: u32 = 256;
    #[inline(always)]
    fn bit(i: u32) -> U256 {
        let mut limbs = [0; 4];
        limbs[(i / 64) as usize] = 1 << (i % 64);
        U256(limbs)
    }
    /// One limb read: the default builds [`Word::bit`] through memory and tests all four
    /// limbs, and the evaluation reads each edge window's cells this way (16×16, a search at
    /// level 7: half of its time went there).
    #[inline(always)]
    fn get(self, i: u32) -> bool {
        self.0[(i / 64) as usize] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|l| l.count_ones()).sum()
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }
    #[inline(always)]
    fn lowest(self) -> u32 {
        let a = self.0;
        if a[0] != 0 {
            a[0].trailing_zeros()
        } else if a[1] != 0 {
            64 + a[1].trailing_zeros()
        } else if a[2] != 0 {
            128 + a[2].trailing_zeros()
        } else {
            192 + a[3].trailing_zeros()
        }
    }
    #[inline(always)]
    fn without_lowest(self) -> U256 {
        let mut a = self.0;
        for limb in &mut a {
            if *limb != 0 {
                *limb &= *limb - 1;
                break;
            }
        }
        U256(a)
    }
    #[inline(always)]
    fn isolate_lowest(self) -> U256 {
        self & Word::wrapping_neg(self)
    }
    #[inline(always)]
    fn isolate_highest(self) -> U256 {
        // Each limb's highest bit, kept only in the highest non-zero limb: selects rather
        // than a loop, whose exit branch the CPU would mispredict.
        let a = self.0;
        let above = [a[1] | a[2] | a[3], a[2] | a[3], a[3], 0];
        U256(core::array::from_fn(|i| if above[i] == 0 { Word::isolate_highest(a[i]) } else { 0 }))
    }
    #[inline(always)]
    fn below(self) -> U256 {
        let mut a = self.0;
        let mut borrow = !self.is_zero();
        for limb in &mut a {
            let (value, b) = limb.overflowing_sub(u64::from(borrow));
            *limb = value;
            borrow = b;
        }
        U256(a)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> U256 {
        (!self).wrapping_inc()
    }
    #[inline]
    fn from_chunk(bits: u64, offset: u32) -> U256 {
        let (limb, shift) = ((offset / 64) as usize, offset % 64);
        let mut a = [0; 4];
        a[limb] = bits << shift;
        if shift > 48 && limb < 3 {
            a[limb + 1] = bits >> (64 - shift);
        }
        U256(a)
    }
    #[inline]
    fn chunk(self, offset: u32) -> u64 {
        let (limb, shift) = ((offset / 64) as usize, offset % 64);
        let mut bits = self.0[limb] >> shift;
        if shift > 48 && limb < 3 {
            bits |= self.0[limb + 1] << (64 - shift);
        }
        bits & 0xffff
    }
}
