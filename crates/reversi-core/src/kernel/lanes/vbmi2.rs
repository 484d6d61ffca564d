//! The same loop with AVX-512: a 128-bit shift of each lane is two instructions, the low
//! half's shift and a concatenated shift of the high half (`vpshldvq`, `vpshrdvq`), instead
//! of four; the flips take the first cell of each line that is not bracketed with a leading
//! zero count (`vplzcntq`) or `!x & (x - 1)`, instead of a fill.

use core::arch::x86_64::{
    _mm256_lzcnt_epi64, _mm256_maskz_and_epi64, _mm256_maskz_andnot_epi64, _mm256_shldv_epi64, _mm256_shrdv_epi64,
    _mm256_testn_epi64_mask,
};

use super::*;

/// Towards higher bits.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2")]
fn shl(x: V, s: Shift) -> V {
    V { lo: _mm256_sllv_epi64(x.lo, s.by), hi: _mm256_shldv_epi64(x.hi, x.lo, s.by) }
}

/// Towards lower bits.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2")]
fn shr(x: V, s: Shift) -> V {
    V { lo: _mm256_shrdv_epi64(x.lo, x.hi, s.by), hi: _mm256_srlv_epi64(x.hi, s.by) }
}

/// [`flips!`] with AVX-512 CD and masks, no fill: towards lower bits, the cells of the
/// line masks above the highest cell not bracketed (`vplzcntq`, then all ones shifted
/// right by the count); towards higher bits, those below the lowest one (`!x & (x - 1)`).
/// A half of the word counts only where the other half has no such cell: a zeroing mask.
macro_rules! flips_cd {
    ($mg:expr, $c:expr, $b:expr, $x:expr) => {{
        let (mg, b, x): (&LanesAvx2, &Bracketed, u32) = ($mg, $b, $x);
        let ones = _mm256_set1_epi64x(-1);
        let lines = &mg.shape.lines[x as usize];
        let ahead = V { lo: load(&lines[0]), hi: load(&lines[1]) };
        let behind = V { lo: load(&lines[2]), hi: load(&lines[3]) };
        // A line that is not empty ends at the edge with a cell that cannot be bracketed,
        // so `stop` has a bit wherever the line does.
        let stop = andnot(b.ahead, ahead);
        let below = |h: __m256i| _mm256_andnot_si256(h, _mm256_add_epi64(h, ones));
        let ahead = V {
            lo: _mm256_and_si256(below(stop.lo), ahead.lo),
            hi: _mm256_maskz_and_epi64(_mm256_testn_epi64_mask(stop.lo, stop.lo), below(stop.hi), ahead.hi),
        };
        let stop = andnot(b.behind, behind);
        let through = |h: __m256i| _mm256_srlv_epi64(ones, _mm256_lzcnt_epi64(h));
        let behind = V {
            lo: _mm256_maskz_andnot_epi64(_mm256_testn_epi64_mask(stop.hi, stop.hi), through(stop.lo), behind.lo),
            hi: _mm256_andnot_si256(through(stop.hi), behind.hi),
        };
        or(ahead, behind)
    }};
}

/// [`MoveGen::legal`] under AVX-512.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2")]
pub(super) fn legal(mg: &LanesAvx2, p: u128, o: u128) -> u128 {
    legal!([shl, shr], &consts(mg), p, o)
}

/// [`MoveGen::flips`] under AVX-512.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vbmi2,avx512cd")]
pub(super) fn flips(mg: &LanesAvx2, p: u128, o: u128, i: u32) -> u128 {
    let c = consts(mg);
    or_lanes(flips_cd!(mg, &c, &bracketed!([shl, shr], &c, p, o), i))
}

/// [`MoveGen::perft`] under AVX-512, where each node's fills give both its legal moves
/// and the bracketed discs that its moves take their flips from.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512vbmi2,avx512cd")]
pub(super) fn perft(mg: &LanesAvx2, p: u128, o: u128, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_node!([shl, shr], mg, p, o, depth, flips_cd, perft)
}

/// [`MoveGen::count_two_plies`] with every step inlined under AVX-512.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512vbmi2,avx512cd")]
pub(super) fn count_two_plies(mg: &LanesAvx2, p: u128, o: u128, moves: u128) -> u64 {
    count_two_plies!([shl, shr], mg, p, o, moves, flips_cd)
}
