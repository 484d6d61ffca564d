//! The AVX2 path of [`RowsAvx2`]: 256-bit vectors, one 16-bit row a lane. Its macros (written
//! as macros so that the two-ply loop gets them inlined) call the functions of this module.

use core::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_cmpeq_epi16,
    _mm256_movemask_epi8, _mm256_permute2x128_si256, _mm256_set1_epi16, _mm256_set1_epi32, _mm256_set1_epi64x,
    _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_srli_epi16,
    _mm256_testz_si256,
};

use super::{RowsAvx2, and, load, or, store};
use crate::kernel::{U256, Word};

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

/// The opponent's discs reached from a disc of `p` by runs of `o` along `DIR`, moving
/// towards higher bits (`.0`) and lower bits (`.1`): a Kogge-Stone fill covering runs of 8
/// (16 if `LONG`). `step` is the one-step images of `p` and of `o`, up then down: the
/// caller shares the row moves they need between the directions. `$up` and `$down` are the
/// steps along a direction ([`up`] and [`down`]). A macro, like those below, so that the
/// two-ply loop gets it inlined.
macro_rules! pair {
    ([$up:ident, $down:ident], $dir:literal, $long:ident, $o:expr, $step:expr) => {{
        let o: __m256i = $o;
        let [p_up, p_down, o_up, o_down]: [__m256i; 4] = $step;
        let mut u = and(o, p_up);
        let mut d = and(o, p_down);
        u = or(u, and(o, $up::<$dir, 1>(u)));
        d = or(d, and(o, $down::<$dir, 1>(d)));
        // Cells of `o` with the previous cell (`pu`) or the next (`pd`) in `o`, then 4 in a row.
        let pu = and(o, o_up);
        let pd = and(o, o_down);
        u = or(u, and(pu, $up::<$dir, 2>(u)));
        d = or(d, and(pd, $down::<$dir, 2>(d)));
        let pu = and(pu, $up::<$dir, 2>(pu));
        let pd = and(pd, $down::<$dir, 2>(pd));
        u = or(u, and(pu, $up::<$dir, 4>(u)));
        d = or(d, and(pd, $down::<$dir, 4>(d)));
        if $long {
            let pu = and(pu, $up::<$dir, 4>(pu));
            let pd = and(pd, $down::<$dir, 4>(pd));
            u = or(u, and(pu, $up::<$dir, 8>(u)));
            d = or(d, and(pd, $down::<$dir, 8>(d)));
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
    ($p:expr, $o:expr, $playable:expr, $long:ident) => {{ store(legal_v!(load($p), load($o), load($playable), $long)) }};
}

/// [`legal!`] on vectors.
macro_rules! legal_v {
    ($pv:expr, $ov:expr, $playable:expr, $long:ident) => {{
        let (pv, ov): (__m256i, __m256i) = ($pv, $ov);
        moves_of!(fills!(pv, ov, $long), pv, ov, $playable)
    }};
}

/// The legal moves from the position's fills.
macro_rules! moves_of {
    ($fills:expr, $pv:expr, $ov:expr, $playable:expr) => {{
        let ([east, south, south_east, south_west], pv, ov, playable): (
            [(__m256i, __m256i); 4],
            __m256i,
            __m256i,
            __m256i,
        ) = ($fills, $pv, $ov, $playable);
        let (l, r) = (_mm256_slli_epi16::<1>, _mm256_srli_epi16::<1>);
        let moves = or(
            or(l(east.0), r(east.1)),
            or(
                rows_up::<1>(or(south.0, or(l(south_east.0), r(south_west.0)))),
                rows_down::<1>(or(south.1, or(r(south_east.1), l(south_west.1)))),
            ),
        );
        _mm256_andnot_si256(or(pv, ov), and(moves, playable))
    }};
}

/// The fills of the four directions (east, south, south-east, south-west), both ways.
macro_rules! fills {
    ($pv:expr, $ov:expr, $long:ident) => {{
        let (pv, ov): (__m256i, __m256i) = ($pv, $ov);
        let (p_up, p_down) = (rows_up::<1>(pv), rows_down::<1>(pv));
        let (o_up, o_down) = (rows_up::<1>(ov), rows_down::<1>(ov));
        let (l, r) = (_mm256_slli_epi16::<1>, _mm256_srli_epi16::<1>);
        [
            pair!([up, down], 0, $long, ov, [l(pv), r(pv), l(ov), r(ov)]),
            pair!([up, down], 1, $long, ov, [p_up, p_down, o_up, o_down]),
            pair!([up, down], 2, $long, ov, [l(p_up), r(p_down), l(o_up), r(o_down)]),
            pair!([up, down], 3, $long, ov, [r(p_up), l(p_down), r(o_up), l(o_down)]),
        ]
    }};
}

/// The opponent's discs that the mover brackets, as the flips take them: a disc that a move
/// flips along a way is one of these met before the first cell that is not. The fill that
/// reaches discs moving one way from the mover's brackets them for a move looking the other
/// way.
#[derive(Clone, Copy)]
struct Bracketed {
    /// South, south-east, south-west: looking towards higher bits (the rows below)...
    ahead: [__m256i; 3],
    /// ... and towards lower bits.
    behind: [__m256i; 3],
    /// The rows, looking east (towards higher bits) and west.
    east: U256,
    west: U256,
}

/// [`Bracketed`] from the position's fills (complete ones: `LONG` on long boards).
macro_rules! bracketed_of {
    ($fills:expr) => {{
        let [(moving_east, moving_west), south, south_east, south_west]: [(__m256i, __m256i); 4] = $fills;
        Bracketed {
            ahead: [south.1, south_east.1, south_west.1],
            behind: [south.0, south_east.0, south_west.0],
            east: store(moving_west),
            west: store(moving_east),
        }
    }};
}

/// Each byte of the vector all ones where its bit of `mask` is set (the inverse of
/// `vpmovmskb`): the mask's bytes spread over the vector, then one bit tested per byte.
#[inline]
#[target_feature(enable = "avx2")]
fn bytes_of(mask: u32) -> __m256i {
    let spread = _mm256_shuffle_epi8(
        _mm256_set1_epi32(mask as i32),
        _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
        ),
    );
    let bits = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
    _mm256_cmpeq_epi8(_mm256_and_si256(spread, bits), bits)
}

/// The rows where `x` has a cell, two bits a row (a `vpmovmskb` of the 16-bit lanes).
#[inline]
#[target_feature(enable = "avx2")]
fn rows_of(x: __m256i) -> u32 {
    !(_mm256_movemask_epi8(_mm256_cmpeq_epi16(x, _mm256_setzero_si256())) as u32)
}

/// The discs a move on `i` flips, with `$extra` (the move's bit, or nothing) in its row.
/// Along a column direction, a line has one cell a row at most, so the rows where the line
/// is bracketed are a mask with two bits a row; the run from the move is, looking at higher
/// rows, the bits that adding the run's first bit clears, and looking at lower rows the
/// bits above the highest row that is not bracketed. A row's two ways are the same on 16
/// bits.
macro_rules! flips {
    ($mg:expr, $b:expr, $i:expr, $extra:expr) => {{
        let (mg, b, i, extra): (&RowsAvx2<_>, &Bracketed, u32, u32) = ($mg, $b, $i, $extra);
        let (r, c) = (i / 16 % 16, i % 16);
        let lines = mg.lines.of(i);
        // Rows above `r`, and the first bit of the row below it (none below row 15).
        let (before, start) = ((1u32 << (2 * r)) - 1, (1u64 << (2 * r + 2)) as u32);
        let mut f = _mm256_setzero_si256();
        for k in 0..3 {
            let (ahead, behind) = (load(lines[1 + k]), load(lines[5 + k]));
            let a = rows_of(and(b.ahead[k], ahead));
            let z = !rows_of(and(b.behind[k], behind)) & before;
            // The shift is 0 to 30: `z` is below bit 30.
            let run = (a & !a.wrapping_add(start)) | (before & (u32::MAX << (32 - z.leading_zeros())));
            f = or(f, and(bytes_of(run), or(ahead, behind)));
        }
        let (east, west) = (b.east.chunk(16 * r) as u32, b.west.chunk(16 * r) as u32);
        let before = (1u32 << c) - 1;
        let east = east & !(east + (2 << c));
        // The shift is 0 to 16: `before` has 16 bits at most.
        let west = before & (u32::MAX << (32 - (!west & before).leading_zeros()));
        let row = and(_mm256_set1_epi16((east | west | extra) as i16), bytes_of(3 << (2 * r)));
        or(f, row)
    }};
}

#[target_feature(enable = "avx2")]
pub(super) fn legal<const LONG: bool>(p: U256, o: U256, playable: U256) -> U256 {
    legal!(p, o, playable, LONG)
}

/// Whether `cells` has 8 in a row along some line.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn eight_in_a_row(cells: U256) -> bool {
    let x = load(cells);
    macro_rules! eight {
        ($dir:literal) => {{
            let two = and(x, up::<$dir, 1>(x));
            let four = and(two, up::<$dir, 2>(two));
            and(four, up::<$dir, 4>(four))
        }};
    }
    let all = or(or(eight!(0), eight!(1)), or(eight!(2), eight!(3)));
    _mm256_testz_si256(all, all) == 0
}

/// The body of [`MoveGen::count_two_plies`] under AVX2, given the position's bracketed discs
/// (from complete fills). A child's opponent has the discs of `p`, some of `o` and the move,
/// so that unless those cells have 8 in a row somewhere, no child's fills need their step for
/// runs longer than 8: one test for the position.
macro_rules! count_two_plies {
    ($mg:expr, $b:expr, $p:expr, $o:expr, $moves:expr, $long:ident) => {{
        let (mg, b, p, o, moves): (&RowsAvx2<$long>, &Bracketed, U256, U256, U256) = ($mg, $b, $p, $o, $moves);
        if $long && eight_in_a_row(p | o | moves) {
            count_two_plies_loop!(mg, b, p, o, moves, $long)
        } else {
            const SHORT: bool = false;
            count_two_plies_loop!(mg, b, p, o, moves, SHORT)
        }
    }};
}

/// [`count_two_plies!`] with the fills for runs of 8 at most, or longer too (`$long`).
macro_rules! count_two_plies_loop {
    ($mg:expr, $b:expr, $p:expr, $o:expr, $moves:expr, $long:ident) => {{
        let (mg, b, p, o, moves): (&RowsAvx2<_>, &Bracketed, U256, U256, U256) = ($mg, $b, $p, $o, $moves);
        let (pv, ov, playable) = (load(p), load(o), load(mg.playable));
        let mut total = 0;
        let mut rest = moves;
        while !rest.is_zero() {
            let i = rest.lowest();
            rest = rest.without_lowest();
            // The flips with the move's bit: the opponent loses them, the mover gains them.
            let f = flips!(mg, b, i, 1 << (i % 16));
            let m = legal_v!(_mm256_andnot_si256(f, ov), or(pv, f), playable, $long);
            total += u64::from(store(m).count().max(1));
        }
        total
    }};
}

/// [`MoveGen::flips`] under AVX2: the same code as in the two-ply loop, where the bracketed
/// discs serve every move of the position.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
pub(super) fn flips<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, i: u32) -> U256 {
    let b = bracketed_of!(fills!(load(p), load(o), LONG));
    store(flips!(mg, &b, i, 0))
}

/// [`MoveGen::count_two_plies`] with every step inlined under AVX2.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
pub(super) fn count_two_plies<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, moves: U256) -> u64 {
    count_two_plies!(mg, &bracketed_of!(fills!(load(p), load(o), LONG)), p, o, moves, LONG)
}

/// [`MoveGen::perft`] under AVX2, where each node's fills give both its legal moves and the
/// bracketed discs that each of its moves takes its flips from (through [`MoveGen::flips`],
/// every move would pay the whole fill again).
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
pub(super) fn perft<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (pv, ov) = (load(p), load(o));
    let fills = fills!(pv, ov, LONG);
    let moves = store(moves_of!(fills, pv, ov, load(mg.playable)));
    let b = bracketed_of!(fills);
    crate::kernel::walk::node_with(
        (p, o, depth),
        moves,
        || legal!(o, p, mg.playable, LONG),
        || count_two_plies!(mg, &b, p, o, moves, LONG),
        |i| store(flips!(mg, &b, i, 0)),
        |p, o, depth| perft(mg, p, o, depth),
    )
}
