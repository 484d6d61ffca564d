//! The AVX2 path of [`LanesAvx2`]: a 128-bit shift of each lane is two 64-bit shifts and a
//! carry; a move's flips towards lower bits are a fill of the bracketed discs.

use core::arch::x86_64::{
    _mm256_add_epi64, _mm256_cmpeq_epi64, _mm256_or_si256, _mm256_setzero_si256, _mm256_sllv_epi64, _mm256_srlv_epi64,
    _mm256_sub_epi64, _mm256_xor_si256,
};

use super::*;

/// Towards higher bits.
#[inline]
#[target_feature(enable = "avx2")]
fn shl(x: V, s: Shift) -> V {
    V {
        lo: _mm256_sllv_epi64(x.lo, s.by),
        hi: _mm256_or_si256(_mm256_sllv_epi64(x.hi, s.by), _mm256_srlv_epi64(x.lo, s.rest)),
    }
}

/// Towards lower bits.
#[inline]
#[target_feature(enable = "avx2")]
fn shr(x: V, s: Shift) -> V {
    V {
        lo: _mm256_or_si256(_mm256_srlv_epi64(x.lo, s.by), _mm256_sllv_epi64(x.hi, s.rest)),
        hi: _mm256_srlv_epi64(x.hi, s.by),
    }
}

/// The discs a move on `x` flips. Towards higher bits: the cells of the line masks before
/// the first one not bracketed, its lowest set bit (a 128-bit negation: the low half's, and
/// the high half's complement plus the carry). Towards lower bits: a fill of the bracketed
/// discs from `x`.
macro_rules! flips {
    ($mg:expr, $c:expr, $b:expr, $x:expr) => {{
        let (mg, c, b, x): (&LanesAvx2, &Consts, &Bracketed, u32) = ($mg, $c, $b, $x);
        let zero = _mm256_setzero_si256();
        let ones = _mm256_cmpeq_epi64(zero, zero);
        let lines = &mg.shape.lines[x as usize];
        let line = V { lo: load(&lines[0]), hi: load(&lines[1]) };
        // A line that is not empty ends at the edge with a cell that cannot be bracketed, so
        // `stop` has a bit wherever `line` does.
        let stop = andnot(b.ahead, line);
        let lo_zero = _mm256_cmpeq_epi64(stop.lo, zero);
        let neg =
            V { lo: _mm256_sub_epi64(zero, stop.lo), hi: _mm256_sub_epi64(_mm256_xor_si256(stop.hi, ones), lo_zero) };
        let first = and(stop, neg);
        let first_lo_zero = _mm256_cmpeq_epi64(first.lo, zero);
        let below = V { lo: _mm256_add_epi64(first.lo, ones), hi: _mm256_add_epi64(first.hi, first_lo_zero) };
        let ahead = and(below, line);

        let mut behind = and(b.behind, shr(splat(1 << x), c.s1));
        behind = or(behind, and(b.behind, shr(behind, c.s1)));
        behind = or(behind, and(b.behind_2, shr(behind, c.s2)));
        behind = or(behind, and(b.behind_4, shr(behind, c.s4)));
        or(ahead, behind)
    }};
}

/// [`MoveGen::perft`] under AVX2.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
pub(super) fn perft(mg: &LanesAvx2, p: u128, o: u128, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_node!([shl, shr], mg, p, o, depth, flips, perft)
}

/// [`MoveGen::count_two_plies`] with every step inlined under AVX2.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
pub(super) fn count_two_plies(mg: &LanesAvx2, p: u128, o: u128, moves: u128) -> u64 {
    count_two_plies!([shl, shr], mg, p, o, moves, flips)
}

/// [`MoveGen::legal`] under AVX2.
#[target_feature(enable = "avx2")]
pub(super) fn legal(mg: &LanesAvx2, p: u128, o: u128) -> u128 {
    legal!([shl, shr], &consts(mg), p, o)
}

/// [`MoveGen::flips`] under AVX2.
#[target_feature(enable = "avx2")]
pub(super) fn flips(mg: &LanesAvx2, p: u128, o: u128, i: u32) -> u128 {
    let c = consts(mg);
    or_lanes(flips!(mg, &c, &bracketed!([shl, shr], &c, p, o), i))
}
