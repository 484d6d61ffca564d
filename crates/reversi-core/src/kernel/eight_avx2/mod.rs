//! The 8×8 move generator with AVX2: the four line directions in the four 64-bit lanes of a
//! vector (shifts 1, 8, 9, 7), both ways at once. Chosen at run time when the CPU has AVX2,
//! so a default build (no `target-cpu`) uses it too; [`Eight`] is the portable fallback and
//! the reference it is tested against. With AVX-512 CD, also chosen at run time, the flips
//! towards lower bits take a leading-zero count (`vplzcntq`) instead of a fill.

use core::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
    _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_sllv_epi64, _mm256_srlv_epi64,
    _mm256_sub_epi64,
};

use super::eight::{INNER, LINES};
use super::{Avx512, Eight, Layout, MoveGen};
use crate::{Bitboard, Geometry, Square};

/// The 8×8 generator with AVX2 instructions; it exists only on CPUs that have them.
///
/// Available on x86-64 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EightAvx2 {
    eight: Eight,
    /// Whether the flips may use AVX-512 (F, VL, CD).
    avx512: Avx512,
}

impl EightAvx2 {
    /// The generator for `geometry`, or `None` unless the board is 8×8 (any playable cells)
    /// and this CPU has AVX2, BMI1, LZCNT and POPCNT.
    #[must_use]
    #[inline]
    pub fn new(geometry: &Geometry) -> Option<EightAvx2> {
        let avx512 = features()?;
        Eight::new(geometry).map(|eight| EightAvx2 { eight, avx512 })
    }

    /// The same generator without its AVX-512 paths, as on a CPU with AVX2 only: for tests
    /// and comparisons on CPUs that have AVX-512.
    #[must_use]
    pub fn avx2_only(self) -> EightAvx2 {
        EightAvx2 { avx512: Avx512::Absent, ..self }
    }
}

/// What this CPU offers the generator (see [`Detected`](crate::kernel::Detected)).
fn features() -> Option<Avx512> {
    static FEATURES: crate::kernel::Detected = crate::kernel::Detected::new();
    FEATURES.get(|| cpu_has!("avx512f", "avx512vl", "avx512cd"))
}

/// Ors the four lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes(v: __m256i) -> u64 {
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// Lane shifts 1, 8, 9, 7 (east-west, south-north, and the two diagonals).
#[inline]
#[target_feature(enable = "avx2")]
fn shifts(k: i64) -> __m256i {
    _mm256_set_epi64x(7 * k, 9 * k, 8 * k, k)
}

/// The opponent's discs that a line may flip, per lane: inner columns for every lane but the
/// vertical one.
#[inline]
#[target_feature(enable = "avx2")]
fn flippable(o: u64) -> __m256i {
    let inner = INNER as i64;
    _mm256_and_si256(_mm256_set1_epi64x(o as i64), _mm256_set_epi64x(inner, inner, -1, inner))
}

/// The opponent's discs reached from a disc of `p` by runs of `o` along each lane's
/// direction, moving towards higher bits (`.0`) and towards lower bits (`.1`): the
/// portable generator's Kogge-Stone fill, four directions a vector.
#[inline]
#[target_feature(enable = "avx2")]
fn fills(p: u64, o: u64) -> (__m256i, __m256i) {
    let (s1, s2) = (shifts(1), shifts(2));
    let p = _mm256_set1_epi64x(p as i64);
    let o = flippable(o);
    let mut up = _mm256_and_si256(o, _mm256_sllv_epi64(p, s1));
    let mut down = _mm256_and_si256(o, _mm256_srlv_epi64(p, s1));
    up = _mm256_or_si256(up, _mm256_and_si256(o, _mm256_sllv_epi64(up, s1)));
    down = _mm256_or_si256(down, _mm256_and_si256(o, _mm256_srlv_epi64(down, s1)));
    let pre_up = _mm256_and_si256(o, _mm256_sllv_epi64(o, s1));
    let pre_down = _mm256_srlv_epi64(pre_up, s1);
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, s2)));
    down = _mm256_or_si256(down, _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, s2)));
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, s2)));
    down = _mm256_or_si256(down, _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, s2)));
    (up, down)
}

/// The legal moves of `p` against `o` on the empty playable cells `empty`.
#[inline]
#[target_feature(enable = "avx2")]
fn legal(p: u64, o: u64, empty: u64) -> u64 {
    let s1 = shifts(1);
    let (up, down) = fills(p, o);
    or_lanes(_mm256_or_si256(_mm256_sllv_epi64(up, s1), _mm256_srlv_epi64(down, s1))) & empty
}

/// What every move of one position needs for its flips: the opponent's discs that the
/// mover brackets, per lane, looking towards higher bits (`ahead`) and towards lower bits
/// (`behind`), the latter with its pairs for a doubling fill.
///
/// A disc that a move flips along a direction is exactly one of these met before the first
/// cell that is not: the run of the opponent's discs from the move continues up to a disc
/// of the mover. So a move's flips need no test for an outflanking disc, and the fills are
/// paid once per position rather than once per move.
#[derive(Clone, Copy)]
struct Bracketed {
    ahead: __m256i,
    behind: __m256i,
    behind_pairs: __m256i,
}

#[inline]
#[target_feature(enable = "avx2")]
fn bracketed(p: u64, o: u64) -> Bracketed {
    // A disc bracketed looking ahead is reached from a disc of `p` moving back, and so on.
    let (up, down) = fills(p, o);
    Bracketed { ahead: down, behind: up, behind_pairs: _mm256_and_si256(up, _mm256_srlv_epi64(up, shifts(1))) }
}

/// The discs a move on `x` (below 64) flips. Towards higher bits: the cells of the line
/// masks before the first one not bracketed (its lowest set bit). Towards lower bits, where
/// AVX2 has no per-lane leading-zero count: a fill of the bracketed discs from `x`.
#[inline]
#[target_feature(enable = "avx2")]
fn flips(b: &Bracketed, x: u32) -> u64 {
    let (s1, s2) = (shifts(1), shifts(2));
    let line = &LINES[x as usize];
    // SAFETY: `line` is an array of 8 `u64`, so its first 32 bytes are in bounds; the load
    // has no alignment requirement.
    let ahead_line = unsafe { _mm256_loadu_si256(line.as_ptr().cast()) };
    // A line that is not empty ends at the edge with a cell that cannot be bracketed, so
    // `stop` has a bit wherever `ahead_line` does.
    let stop = _mm256_andnot_si256(b.ahead, ahead_line);
    let first = _mm256_and_si256(stop, _mm256_sub_epi64(_mm256_setzero_si256(), stop));
    let ahead = _mm256_and_si256(_mm256_add_epi64(first, _mm256_set1_epi64x(-1)), ahead_line);

    let mut behind = _mm256_and_si256(b.behind, _mm256_srlv_epi64(_mm256_set1_epi64x(1i64 << x), s1));
    behind = _mm256_or_si256(behind, _mm256_and_si256(b.behind, _mm256_srlv_epi64(behind, s1)));
    behind = _mm256_or_si256(behind, _mm256_and_si256(b.behind_pairs, _mm256_srlv_epi64(behind, s2)));
    behind = _mm256_or_si256(behind, _mm256_and_si256(b.behind_pairs, _mm256_srlv_epi64(behind, s2)));
    or_lanes(_mm256_or_si256(ahead, behind))
}

/// The line masks of cell `x` (below 64): towards higher bits (`.0`) and towards lower bits
/// (`.1`), a lane for each direction.
#[inline]
#[target_feature(enable = "avx2")]
fn line_masks(x: u32) -> (__m256i, __m256i) {
    let line = &LINES[x as usize];
    // SAFETY: `line` is an array of 8 `u64`, 64 bytes, read in two 32-byte loads; no
    // alignment needed.
    unsafe { (_mm256_loadu_si256(line.as_ptr().cast()), _mm256_loadu_si256(line[4..].as_ptr().cast())) }
}

/// The flips of a move towards higher bits, of the mover's discs `p` against `o` (each in
/// every lane) along the lines `ahead_line` ([`line_masks`]): the first cell that is not the
/// opponent's is the lowest; where it is not the mover's (or the line is the opponent's to
/// the edge) nothing flips.
#[inline]
#[target_feature(enable = "avx2")]
fn flips_ahead(p: __m256i, o: __m256i, ahead_line: __m256i) -> __m256i {
    let zero = _mm256_setzero_si256();
    let stop = _mm256_andnot_si256(o, ahead_line);
    let first = _mm256_and_si256(stop, _mm256_sub_epi64(zero, stop));
    let ahead = _mm256_and_si256(_mm256_add_epi64(first, _mm256_set1_epi64x(-1)), ahead_line);
    _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(first, p), zero), ahead)
}

/// The discs a move on `x` (below 64) flips, from the line masks alone: along each line the
/// first cell that is not the opponent's must be the mover's. One move of a position (the
/// solver's nodes, each a different position) need not pay for the board-wide fills of
/// [`bracketed`], which [`flips`] shares between the moves of one position.
#[inline]
#[target_feature(enable = "avx2")]
fn flips_of_one_move(p: u64, o: u64, x: u32) -> u64 {
    let (ahead_line, behind_line) = line_masks(x);
    let (p, o) = (_mm256_set1_epi64x(p as i64), _mm256_set1_epi64x(o as i64));
    let ahead = flips_ahead(p, o, ahead_line);
    // Towards lower bits, where AVX2 has no per-lane leading-zero count, the first cell
    // that is not the opponent's is the highest: the line's such cells are smeared down
    // their line (a line has at most seven cells, so shifts of one, two and four steps
    // reach them all), and the highest is the one cell of the smear that no cell of it
    // lies a step above. The cells of the line above the smear flip if that cell is the
    // mover's. Bits that the smear pushes off the line only ever move further down, below
    // every cell of the line, so they never reach it again.
    let s1 = shifts(1);
    let stop = _mm256_andnot_si256(o, behind_line);
    let mut below = _mm256_or_si256(stop, _mm256_srlv_epi64(stop, s1));
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, shifts(2)));
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, shifts(4)));
    let first = _mm256_andnot_si256(_mm256_srlv_epi64(below, s1), below);
    let run = _mm256_andnot_si256(below, behind_line);
    let behind = _mm256_andnot_si256(_mm256_cmpeq_epi64(_mm256_and_si256(first, p), _mm256_setzero_si256()), run);
    or_lanes(_mm256_or_si256(ahead, behind))
}

/// The body of [`MoveGen::count_two_plies`], for the AVX2 and the AVX-512 functions; `$flips`
/// is the function that finds a move's flips.
macro_rules! count_two_plies {
    ($p:expr, $o:expr, $playable:expr, $moves:expr, $flips:ident) => {{
        let (p, o, playable, moves): (u64, u64, u64, u64) = ($p, $o, $playable, $moves);
        let b = bracketed(p, o);
        let child = |x: u32| {
            let f = $flips(&b, x);
            (o ^ f, p | f | 1 << x)
        };
        // A child with no move is one leaf, a pass or the end of the game.
        let count = |(mover, opponent): (u64, u64)| {
            u64::from(legal(mover, opponent, !(mover | opponent) & playable).count_ones().max(1))
        };
        let mut total = 0;
        let mut rest = moves;
        // Two children a turn, the second's flips before the first's moves, so that the
        // processor overlaps their chains of dependent steps.
        while rest != 0 {
            let first = rest.trailing_zeros();
            rest &= rest - 1;
            if rest == 0 {
                total += count(child(first));
                break;
            }
            let second = rest.trailing_zeros();
            rest &= rest - 1;
            let (a, b) = (child(first), child(second));
            total += count(a) + count(b);
        }
        total
    }};
}

/// [`MoveGen::count_two_plies`] with every step inlined under AVX2.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
fn count_two_plies(p: u64, o: u64, playable: u64, moves: u64) -> u64 {
    count_two_plies!(p, o, playable, moves, flips)
}

/// The body of [`MoveGen::perft`], for the AVX2 and the AVX-512 functions: `$flips` and
/// `$count_two_plies` are theirs, `$perft` the function itself. A node's moves take their
/// flips from the fill of the position ([`bracketed`]), the same for all of them, so that the
/// compiler may compute it once (perft(12) as fast as when `MoveGen::flips` used it);
/// [`MoveGen::flips`] serves single moves without it ([`flips_of_one_move`]).
macro_rules! perft {
    ($mg:expr, $p:expr, $o:expr, $depth:expr, $flips:ident, $count_two_plies:ident, $perft:ident) => {{
        let (mg, p, o, depth): (&EightAvx2, u64, u64, u32) = ($mg, $p, $o, $depth);
        if depth == 0 {
            return 1;
        }
        let playable = mg.eight.playable();
        let moves = legal(p, o, !(p | o) & playable);
        crate::kernel::walk::node_with(
            (p, o, depth),
            moves,
            || legal(o, p, !(p | o) & playable),
            || $count_two_plies(p, o, playable, moves),
            |x| $flips(&bracketed(p, o), x),
            // The closure inherits the target features, so the recursion needs no `unsafe`.
            |p, o, depth| $perft(mg, p, o, depth),
        )
    }};
}

mod cd;

/// [`MoveGen::perft`] with every step inlined under AVX2.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
fn perft(mg: &EightAvx2, p: u64, o: u64, depth: u32) -> u64 {
    perft!(mg, p, o, depth, flips, count_two_plies, perft)
}

impl MoveGen for EightAvx2 {
    type Word = u64;

    #[inline]
    fn legal(&self, p: u64, o: u64) -> u64 {
        // SAFETY: an `EightAvx2` exists only once `features()` found AVX2.
        unsafe { legal(p, o, !(p | o) & self.eight.playable()) }
    }

    #[inline]
    fn flips(&self, p: u64, o: u64, i: u32) -> u64 {
        debug_assert!(i < 64);
        #[target_feature(enable = "avx2")]
        fn run(p: u64, o: u64, i: u32) -> u64 {
            flips_of_one_move(p, o, i)
        }
        // Inline, so that a caller compiled for these features too takes the flips without a
        // call (see `flips_use_avx512_cd`).
        #[inline]
        #[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
        fn run_cd(p: u64, o: u64, i: u32) -> u64 {
            cd::flips_of_one_move(p, o, i)
        }
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2 and (for `Avx512::Present`) AVX-512 F, VL and CD.
            return unsafe { run_cd(p, o, i) };
        }
        // SAFETY: as in `legal`.
        unsafe { run(p, o, i) }
    }

    #[inline]
    fn flips_use_avx512_cd(&self) -> bool {
        self.avx512 == Avx512::Present
    }

    #[inline(always)]
    fn count_last_flips(&self, p: u64, o: u64, i: u32) -> u32 {
        if self.eight.playable() == u64::MAX {
            return super::last_flips::count(p, i);
        }
        self.flips(p, o, i).count_ones()
    }

    #[inline]
    fn count_two_plies(&self, p: u64, o: u64, moves: u64) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2, BMI1, LZCNT, POPCNT and (for `Avx512::Present`) AVX-512 F,
            // VL and CD.
            return unsafe { cd::count_two_plies(p, o, self.eight.playable(), moves) };
        }
        // SAFETY: an `EightAvx2` exists only once `features()` found AVX2, BMI1,
        // LZCNT and POPCNT.
        unsafe { count_two_plies(p, o, self.eight.playable(), moves) }
    }

    #[inline]
    fn perft(&self, p: u64, o: u64, depth: u32) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: as in `count_two_plies`.
            return unsafe { cd::perft(self, p, o, depth) };
        }
        // SAFETY: an `EightAvx2` exists only once `features()` found AVX2, BMI1,
        // LZCNT and POPCNT.
        unsafe { perft(self, p, o, depth) }
    }
}

impl Layout for EightAvx2 {
    #[inline]
    fn compact(&self, set: Bitboard) -> u64 {
        self.eight.compact(set)
    }
    #[inline]
    fn expand(&self, word: u64) -> Bitboard {
        self.eight.expand(word)
    }
    #[inline]
    fn index(&self, sq: Square) -> u32 {
        self.eight.index(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator says its flips run AVX-512 code exactly when they take the path with the
    /// leading-zero count: on CPUs with AVX-512 F, VL and CD, and not once that path is off.
    #[test]
    fn says_when_its_flips_run_avx512() {
        let Some(mg) = EightAvx2::new(&Geometry::STANDARD) else { return };
        assert_eq!(mg.flips_use_avx512_cd(), cpu_has!("avx512f", "avx512vl", "avx512cd"));
        assert!(!mg.avx2_only().flips_use_avx512_cd());
        assert!(!Eight::new(&Geometry::STANDARD).expect("8×8").flips_use_avx512_cd());
    }
}
