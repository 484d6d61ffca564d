//! A move generator for any board with AVX2, in the layout of [`Bitboard`]: each row in a
//! 16-bit lane of one 256-bit vector (bit `row * 16 + column`). A horizontal step is a shift
//! inside the lanes, where bits cannot wrap into the next row; a vertical step moves whole
//! lanes. Chosen at run time for boards of more than 64 cells when the CPU has AVX2.

use core::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_extract_epi64, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_permute2x128_si256, _mm256_slli_epi16, _mm256_srli_epi16,
};

use super::lines::{Lines, lines};
use super::{Layout, MoveGen, U256, Word};
use crate::{Bitboard, Geometry, Square};

/// The generator; `LONG` is whether a line can flip more than 8 discs (a side above 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowsAvx2<const LONG: bool> {
    playable: U256,
    area: U256,
    lines: Lines<U256>,
    /// Whether the two-ply loop may use AVX-512 (F, VL, BW).
    avx512: Avx512,
}

/// Whether this CPU has the AVX-512 instructions of the faster two-ply loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Avx512 {
    Present,
    Absent,
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
        let supported = is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("popcnt");
        if !supported || (!LONG && width.max(height) > 10) {
            return None;
        }
        Some(RowsAvx2 {
            playable: U256(geometry.playable().to_words()),
            area: U256(geometry.area().to_words()),
            lines: lines(width, height, 16),
            avx512: if is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("avx512bw")
            {
                Avx512::Present
            } else {
                Avx512::Absent
            },
        })
    }
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(x: U256) -> __m256i {
    // SAFETY: `x.0` is 32 readable bytes; the load has no alignment requirement.
    unsafe { _mm256_loadu_si256(x.0.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store(x: __m256i) -> U256 {
    U256([
        _mm256_extract_epi64::<0>(x) as u64,
        _mm256_extract_epi64::<1>(x) as u64,
        _mm256_extract_epi64::<2>(x) as u64,
        _mm256_extract_epi64::<3>(x) as u64,
    ])
}

/// `x` moved `K` rows down the board (towards higher bits), `K` in 1, 2, 4, 8.
#[inline]
#[target_feature(enable = "avx2")]
fn rows_up<const K: i32>(x: __m256i) -> __m256i {
    // `[0, low half]`; `alignr` then takes each half's bytes with the half below's top bytes.
    let carry = _mm256_permute2x128_si256::<0x08>(x, x);
    match K {
        1 => _mm256_alignr_epi8::<14>(x, carry),
        2 => _mm256_alignr_epi8::<12>(x, carry),
        4 => _mm256_alignr_epi8::<8>(x, carry),
        _ => carry,
    }
}

/// `x` moved `K` rows up the board (towards lower bits), `K` in 1, 2, 4, 8.
#[inline]
#[target_feature(enable = "avx2")]
fn rows_down<const K: i32>(x: __m256i) -> __m256i {
    // `[high half, 0]`.
    let carry = _mm256_permute2x128_si256::<0x81>(x, x);
    match K {
        1 => _mm256_alignr_epi8::<2>(carry, x),
        2 => _mm256_alignr_epi8::<4>(carry, x),
        4 => _mm256_alignr_epi8::<8>(carry, x),
        _ => carry,
    }
}

/// `K` steps towards higher bits along direction `DIR`: 0 east, 1 south, 2 south-east,
/// 3 south-west.
#[inline]
#[target_feature(enable = "avx2")]
fn up<const DIR: u8, const K: i32>(x: __m256i) -> __m256i {
    match DIR {
        0 => _mm256_slli_epi16::<K>(x),
        1 => rows_up::<K>(x),
        2 => rows_up::<K>(_mm256_slli_epi16::<K>(x)),
        _ => rows_up::<K>(_mm256_srli_epi16::<K>(x)),
    }
}

/// `K` steps the other way along `DIR`.
#[inline]
#[target_feature(enable = "avx2")]
fn down<const DIR: u8, const K: i32>(x: __m256i) -> __m256i {
    match DIR {
        0 => _mm256_srli_epi16::<K>(x),
        1 => rows_down::<K>(x),
        2 => rows_down::<K>(_mm256_srli_epi16::<K>(x)),
        _ => rows_down::<K>(_mm256_slli_epi16::<K>(x)),
    }
}

#[inline]
#[target_feature(enable = "avx2")]
fn and(a: __m256i, b: __m256i) -> __m256i {
    _mm256_and_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

/// The opponent's discs reached from a disc of `p` by runs of `o` along `DIR`, moving
/// towards higher bits (`.0`) and lower bits (`.1`): a Kogge-Stone fill covering runs of 8
/// (16 if `LONG`). `step` is the one-step images of `p` and of `o`, up then down: the
/// caller shares the row moves they need between the directions. A macro, like those below,
/// so that the `up` and `down` it calls are those where it is expanded: the AVX2 ones here,
/// the AVX-512 ones in `avx512`.
macro_rules! pair {
    ($dir:literal, $long:ident, $o:expr, $step:expr) => {{
        let o: __m256i = $o;
        let [p_up, p_down, o_up, o_down]: [__m256i; 4] = $step;
        let mut u = and(o, p_up);
        let mut d = and(o, p_down);
        u = or(u, and(o, up::<$dir, 1>(u)));
        d = or(d, and(o, down::<$dir, 1>(d)));
        // Cells of `o` with the previous cell (`pu`) or the next (`pd`) in `o`, then 4 in a row.
        let pu = and(o, o_up);
        let pd = and(o, o_down);
        u = or(u, and(pu, up::<$dir, 2>(u)));
        d = or(d, and(pd, down::<$dir, 2>(d)));
        let pu = and(pu, up::<$dir, 2>(pu));
        let pd = and(pd, down::<$dir, 2>(pd));
        u = or(u, and(pu, up::<$dir, 4>(u)));
        d = or(d, and(pd, down::<$dir, 4>(d)));
        if $long {
            let pu = and(pu, up::<$dir, 4>(pu));
            let pd = and(pd, down::<$dir, 4>(pd));
            u = or(u, and(pu, up::<$dir, 8>(u)));
            d = or(d, and(pd, down::<$dir, 8>(d)));
        }
        (u, d)
    }};
}

/// The legal moves; a macro so that the two-ply loop gets it inlined (LLVM declines to
/// inline a function this large, and `#[inline(always)]` cannot go with `target_feature`).
///
/// Moving rows crosses the vector's halves, the costly step, so the vertical and diagonal
/// directions share it: a diagonal step is a row move and a shift inside the rows, in either
/// order, and a row move of an or is the or of the row moves.
macro_rules! legal {
    ($p:expr, $o:expr, $playable:expr, $long:ident) => {{
        let (pv, ov) = (load($p), load($o));
        let (p_up, p_down) = (rows_up::<1>(pv), rows_down::<1>(pv));
        let (o_up, o_down) = (rows_up::<1>(ov), rows_down::<1>(ov));
        let (l, r) = (_mm256_slli_epi16::<1>, _mm256_srli_epi16::<1>);
        let east = pair!(0, $long, ov, [l(pv), r(pv), l(ov), r(ov)]);
        let south = pair!(1, $long, ov, [p_up, p_down, o_up, o_down]);
        let south_east = pair!(2, $long, ov, [l(p_up), r(p_down), l(o_up), r(o_down)]);
        let south_west = pair!(3, $long, ov, [r(p_up), l(p_down), r(o_up), l(o_down)]);
        let moves = or(
            or(l(east.0), r(east.1)),
            or(
                rows_up::<1>(or(south.0, or(l(south_east.0), r(south_west.0)))),
                rows_down::<1>(or(south.1, or(r(south_east.1), l(south_west.1)))),
            ),
        );
        store(_mm256_andnot_si256(or(pv, ov), and(moves, load($playable))))
    }};
}

#[target_feature(enable = "avx2")]
fn legal<const LONG: bool>(p: U256, o: U256, playable: U256) -> U256 {
    legal!(p, o, playable, LONG)
}

/// The body of [`MoveGen::count_two_plies`], for the AVX2 and the AVX-512 functions.
macro_rules! count_two_plies {
    ($mg:expr, $p:expr, $o:expr, $moves:expr, $long:ident) => {{
        let (mg, p, o, moves): (&RowsAvx2<$long>, U256, U256, U256) = ($mg, $p, $o, $moves);
        let mut total = 0;
        let mut rest = moves;
        while !rest.is_zero() {
            let i = rest.lowest();
            let bit = rest.isolate_lowest();
            rest = rest ^ bit;
            let f = mg.lines.flips(p, o, i);
            let (mover, opponent) = (o ^ f, p | f | bit);
            total += u64::from(legal!(mover, opponent, mg.playable, $long).count().max(1));
        }
        total
    }};
}

/// [`MoveGen::count_two_plies`] with every step inlined under AVX2.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
fn count_two_plies<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, moves: U256) -> u64 {
    count_two_plies!(mg, p, o, moves, LONG)
}

/// The same with AVX-512 (F, VL, BW): a row move by 1 or 2 rows is one `vpermw` with a
/// zeroing mask, by 4 rows one `valignq`, where AVX2 takes a lane-crossing permute and an
/// align, both on the one shuffle port that bounds this generator.
mod avx512 {
    use core::arch::x86_64::{
        _mm256_alignr_epi64, _mm256_maskz_permutexvar_epi16, _mm256_permute2x128_si256, _mm256_set_epi16,
        _mm256_setzero_si256,
    };

    use super::*;

    /// `x` moved `K` rows down the board (towards higher bits), `K` in 1, 2, 4, 8.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw")]
    fn rows_up<const K: i32>(x: __m256i) -> __m256i {
        match K {
            // Lane `i` takes lane `i - K`; the mask zeroes the first `K` lanes.
            1 => _mm256_maskz_permutexvar_epi16(
                !1,
                _mm256_set_epi16(14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0),
                x,
            ),
            2 => _mm256_maskz_permutexvar_epi16(
                !3,
                _mm256_set_epi16(13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0),
                x,
            ),
            // `x:0` shifted down by 3 of its 64-bit lanes.
            4 => _mm256_alignr_epi64::<3>(x, _mm256_setzero_si256()),
            _ => _mm256_permute2x128_si256::<0x08>(x, x),
        }
    }

    /// `x` moved `K` rows up the board (towards lower bits), `K` in 1, 2, 4, 8.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw")]
    fn rows_down<const K: i32>(x: __m256i) -> __m256i {
        match K {
            1 => _mm256_maskz_permutexvar_epi16(
                !(1 << 15),
                _mm256_set_epi16(0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
                x,
            ),
            2 => _mm256_maskz_permutexvar_epi16(
                !(3 << 14),
                _mm256_set_epi16(0, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2),
                x,
            ),
            4 => _mm256_alignr_epi64::<1>(_mm256_setzero_si256(), x),
            _ => _mm256_permute2x128_si256::<0x81>(x, x),
        }
    }

    /// `K` steps towards higher bits along direction `DIR`, as in the AVX2 `up`.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw")]
    fn up<const DIR: u8, const K: i32>(x: __m256i) -> __m256i {
        match DIR {
            0 => _mm256_slli_epi16::<K>(x),
            1 => rows_up::<K>(x),
            2 => rows_up::<K>(_mm256_slli_epi16::<K>(x)),
            _ => rows_up::<K>(_mm256_srli_epi16::<K>(x)),
        }
    }

    /// `K` steps the other way along `DIR`.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw")]
    fn down<const DIR: u8, const K: i32>(x: __m256i) -> __m256i {
        match DIR {
            0 => _mm256_srli_epi16::<K>(x),
            1 => rows_down::<K>(x),
            2 => rows_down::<K>(_mm256_srli_epi16::<K>(x)),
            _ => rows_down::<K>(_mm256_slli_epi16::<K>(x)),
        }
    }

    /// [`MoveGen::legal`] under AVX-512.
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw")]
    pub(super) fn legal<const LONG: bool>(p: U256, o: U256, playable: U256) -> U256 {
        legal!(p, o, playable, LONG)
    }

    /// [`MoveGen::count_two_plies`] with every step inlined under AVX-512.
    #[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512bw")]
    pub(super) fn count_two_plies<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, moves: U256) -> u64 {
        count_two_plies!(mg, p, o, moves, LONG)
    }
}

impl<const LONG: bool> MoveGen for RowsAvx2<LONG> {
    type Word = U256;

    #[inline]
    fn legal(&self, p: U256, o: U256) -> U256 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2 and (for `Avx512::Present`) AVX-512 F, VL and BW.
            return unsafe { avx512::legal::<LONG>(p, o, self.playable) };
        }
        // SAFETY: a `RowsAvx2` exists only once `new` found AVX2 on this CPU.
        unsafe { legal::<LONG>(p, o, self.playable) }
    }

    #[inline]
    fn flips(&self, p: U256, o: U256, i: u32) -> U256 {
        self.lines.flips(p, o, i)
    }

    #[inline]
    fn count_two_plies(&self, p: U256, o: U256, moves: U256) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2, BMI1, LZCNT, POPCNT and (for `Avx512::Present`)
            // AVX-512 F, VL and BW on this CPU.
            return unsafe { avx512::count_two_plies(self, p, o, moves) };
        }
        // SAFETY: a `RowsAvx2` exists only once `new` found AVX2, BMI1, LZCNT and POPCNT.
        unsafe { count_two_plies(self, p, o, moves) }
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
