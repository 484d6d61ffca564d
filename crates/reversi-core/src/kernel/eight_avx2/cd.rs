//! With AVX-512 CD and VL: the flips towards lower bits from the line masks too, the first
//! cell not bracketed being the highest (`vplzcntq`), instead of a fill.

use core::arch::x86_64::{_mm256_cmpeq_epi64, _mm256_lzcnt_epi64, _mm256_srli_epi64};

use super::*;

/// [`flips`](super::flips) with a leading zero count.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub(super) fn flips(b: &Bracketed, x: u32) -> u64 {
    let (ahead_line, behind_line) = line_masks(x);
    // A line that is not empty ends at the edge with a cell that cannot be bracketed, so
    // `stop` has a bit wherever the line does.
    let stop = _mm256_andnot_si256(b.ahead, ahead_line);
    let first = _mm256_and_si256(stop, _mm256_sub_epi64(_mm256_setzero_si256(), stop));
    let ahead = _mm256_and_si256(_mm256_add_epi64(first, _mm256_set1_epi64x(-1)), ahead_line);
    // All ones shifted right by the leading zeros: the highest cell not bracketed and
    // those below it.
    let stop = _mm256_andnot_si256(b.behind, behind_line);
    let through = _mm256_srlv_epi64(_mm256_set1_epi64x(-1), _mm256_lzcnt_epi64(stop));
    or_lanes(_mm256_or_si256(ahead, _mm256_andnot_si256(through, behind_line)))
}

/// The discs a move on `x` (below 64) flips, from the line masks alone: along each line the
/// first cell that is not the opponent's must be the mover's. One move of a position (the
/// solver's nodes, each a different position) need not pay for the board-wide fills of
/// [`bracketed`], which [`flips`] shares between the moves of one position.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub(super) fn flips_of_one_move(p: u64, o: u64, x: u32) -> u64 {
    let (ahead_line, behind_line) = line_masks(x);
    let (p, o) = (_mm256_set1_epi64x(p as i64), _mm256_set1_epi64x(o as i64));
    let ahead = flips_ahead(p, o, ahead_line);
    // Towards lower bits the first cell that is not the opponent's is the highest: all ones
    // shifted right by the leading zeros reach down from it.
    let stop = _mm256_andnot_si256(o, behind_line);
    let through = _mm256_srlv_epi64(_mm256_set1_epi64x(-1), _mm256_lzcnt_epi64(stop));
    let first = _mm256_andnot_si256(_mm256_srli_epi64::<1>(through), through);
    let behind = _mm256_andnot_si256(through, behind_line);
    let behind = _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(first, p), _mm256_setzero_si256()), behind);
    or_lanes(_mm256_or_si256(ahead, behind))
}

/// [`MoveGen::count_two_plies`] with every step inlined under AVX-512.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512cd")]
pub(super) fn count_two_plies(p: u64, o: u64, playable: u64, moves: u64) -> u64 {
    count_two_plies!(p, o, playable, moves, flips)
}

/// [`MoveGen::perft`] with every step inlined under AVX-512.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512cd")]
pub(super) fn perft(mg: &EightAvx2, p: u64, o: u64, depth: u32) -> u64 {
    perft!(mg, p, o, depth, flips, count_two_plies, perft)
}
