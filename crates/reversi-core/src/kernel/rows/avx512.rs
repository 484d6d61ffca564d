//! The legal moves with 512-bit vectors: both ways of one direction in the two halves of a
//! vector (towards higher bits in the low half, towards lower bits in the high half), so each
//! step is one instruction for both. A row move is one `vpermw` with a zeroing mask; a step
//! inside the rows is a rotation of each 16-bit row (`vpshldvw` of a row with itself), with
//! the opponent's discs masked to columns 1 to 14 so that no run crosses the wrap. The
//! diagonals run in skewed copies of the board (row `r` rotated by `r` or `-r`), where a
//! diagonal step is a row move alone instead of a row move and a rotation. A move's flips
//! take no fill: each way is a run of bracketed discs, found in one column's mask of lanes
//! (`vptestmw`) or one row's bits by scalar arithmetic.

use core::arch::x86_64::{
    __m512i, _mm_add_epi64, _mm_cvtsi128_si64, _mm_unpackhi_epi64, _mm256_castsi256_si128, _mm256_extracti128_si256,
    _mm256_or_si256, _mm256_popcnt_epi64, _mm512_and_si512, _mm512_andnot_si512, _mm512_broadcast_i64x4,
    _mm512_castsi512_si256, _mm512_extracti64x4_epi64, _mm512_loadu_si512, _mm512_maskz_mov_epi16,
    _mm512_maskz_permutexvar_epi16, _mm512_maskz_set1_epi16, _mm512_or_si512, _mm512_permutexvar_epi16,
    _mm512_set1_epi16, _mm512_setzero_si512, _mm512_shldv_epi16, _mm512_shuffle_i64x2, _mm512_storeu_si512,
    _mm512_test_epi16_mask, _mm512_test_epi64_mask,
};

use super::*;

/// Per step of 1, 2, 4 and 8 rows: for each lane, the lane it takes (the low half from
/// `K` lanes below, the high half from `K` lanes above)...
static ROW_INDEX: [[i16; 32]; 4] = [row_index(1), row_index(2), row_index(4), row_index(8)];
/// ... and the lanes that take one (the others are zeroed).
const ROW_MASK: [u32; 4] = [row_mask(1), row_mask(2), row_mask(4), row_mask(8)];
/// Per step of 1, 2, 4 and 8 columns, the rotations: towards higher bits in the low half
/// (`[0]`), or towards lower bits in the low half (`[1]`).
static ROTATE: [[[i16; 32]; 2]; 4] = [rotations(1), rotations(2), rotations(4), rotations(8)];
/// The skewed layouts of the diagonals: each row `r` rotated by `-r` (south-east) or `r`
/// (south-west), which puts a diagonal's cells in one column, so that a diagonal step is a
/// row move alone. Unskewing is the other rotation.
static SKEW_SOUTH_EAST: [i16; 32] = skews(-1, 0, 0);
static SKEW_SOUTH_WEST: [i16; 32] = skews(1, 0, 0);
/// Unskewing fills that a row move then takes to the moves: row `r` of the result comes
/// from lane `r - 1` (low half) or `r + 1` (high half), so those lanes rotate by `r`.
static UNSKEW_BEFORE_ROWS: [[i16; 32]; 2] = [skews(1, 1, -1), skews(-1, 1, -1)];

const fn row_index(k: i16) -> [i16; 32] {
    let mut index = [0; 32];
    let mut i = 0;
    while i < 16 {
        index[i as usize] = if i >= k { i - k } else { 0 };
        index[16 + i as usize] = if i + k < 16 { 16 + i + k } else { 16 };
        i += 1;
    }
    index
}

const fn row_mask(k: u32) -> u32 {
    ((0xffff << k) & 0xffff) | ((0xffff >> k) << 16)
}

/// Rotation counts `sign * (row + shift)` modulo 16 for each lane, `shift` being `low` in
/// the low half and `high` in the high half.
const fn skews(sign: i16, low: i16, high: i16) -> [i16; 32] {
    let mut r = [0; 32];
    let mut i = 0;
    while i < 16 {
        r[i as usize] = (sign * (i + low)).rem_euclid(16);
        r[16 + i as usize] = (sign * (i + high)).rem_euclid(16);
        i += 1;
    }
    r
}

const fn rotations(k: i16) -> [[i16; 32]; 2] {
    let mut r = [[0; 32]; 2];
    let mut i = 0;
    while i < 16 {
        r[0][i] = k;
        r[0][16 + i] = 16 - k;
        r[1][i] = 16 - k;
        r[1][16 + i] = k;
        i += 1;
    }
    r
}

#[inline]
#[target_feature(enable = "avx512f")]
fn load(a: &[i16; 32]) -> __m512i {
    // SAFETY: `a` is 64 readable bytes; the load has no alignment requirement.
    unsafe { _mm512_loadu_si512(a.as_ptr().cast()) }
}

/// `J`: the step's index in 1, 2, 4, 8.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn rows<const J: usize>(x: __m512i) -> __m512i {
    _mm512_maskz_permutexvar_epi16(ROW_MASK[J], load(&ROW_INDEX[J]), x)
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
fn rotate<const J: usize, const WAY: usize>(x: __m512i) -> __m512i {
    rotate_by(x, &ROTATE[J][WAY])
}

/// Each 16-bit lane rotated by its count (`vpshldvw` of a lane with itself).
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
fn rotate_by(x: __m512i, counts: &[i16; 32]) -> __m512i {
    _mm512_shldv_epi16(x, x, load(counts))
}

/// `2^J` steps along `DIR`, each half its way: 0 east (a rotation in the rows), 1 south
/// (a row move), and so the diagonals too in their skewed layouts.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
fn step<const DIR: u8, const J: usize>(x: __m512i) -> __m512i {
    match DIR {
        0 => rotate::<J, 0>(x),
        _ => rows::<J>(x),
    }
}

/// The opponent's discs reached from a disc of the mover by runs of `o` along `DIR`, both
/// ways (one per half), for the opponent's discs `o` (masked to the inner columns but for
/// the south direction); `step` is the one-step images of the mover's discs and of `o`,
/// which the caller shares between directions. Runs of up to 8 discs; with `LONG`, also
/// the cells of `o` that end 8 in a row, from which [`extend`] reaches longer runs.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
fn fill<const DIR: u8, const LONG: bool>(o: __m512i, step: [__m512i; 2]) -> [__m512i; 2] {
    let (and, or) = (_mm512_and_si512, _mm512_or_si512);
    let [p_step, o_step] = step;
    let mut u = and(o, p_step);
    u = or(u, and(o, self::step::<DIR, 0>(u)));
    // Cells of `o` with the previous cell in `o`, then 4 in a row, then 8.
    let pre = and(o, o_step);
    u = or(u, and(pre, self::step::<DIR, 1>(u)));
    let pre = and(pre, self::step::<DIR, 1>(pre));
    u = or(u, and(pre, self::step::<DIR, 2>(u)));
    let eight = if LONG { and(pre, self::step::<DIR, 2>(pre)) } else { _mm512_setzero_si512() };
    [u, eight]
}

/// A [`fill`] carried over runs of 9 to 16 discs, from the cells that end 8 in a row.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
fn extend<const DIR: u8>([u, eight]: [__m512i; 2]) -> __m512i {
    _mm512_or_si512(u, _mm512_and_si512(eight, step::<DIR, 3>(u)))
}

/// Whether any of these vectors has a bit set.
#[inline]
#[target_feature(enable = "avx512f")]
fn any(x: [__m512i; 4]) -> bool {
    let all = _mm512_or_si512(_mm512_or_si512(x[0], x[1]), _mm512_or_si512(x[2], x[3]));
    _mm512_test_epi64_mask(all, all) != 0
}

/// The fills of the four directions (east, south, south-east, south-west), both ways,
/// the diagonals in their skewed layouts. There the runs of the opponent's discs, masked
/// to columns 1 to 14, cannot cross the wrap from column 15 to column 0 either.
macro_rules! fills {
    ($p2:expr, $o2:expr, $long:ident) => {{
        let (p2, o2): (__m512i, __m512i) = ($p2, $o2);
        let inner = _mm512_and_si512(o2, _mm512_set1_epi16(0x7ffe));
        let east = rotate::<0, 0>;
        let (p_se, o_se) = (rotate_by(p2, &SKEW_SOUTH_EAST), rotate_by(inner, &SKEW_SOUTH_EAST));
        let (p_sw, o_sw) = (rotate_by(p2, &SKEW_SOUTH_WEST), rotate_by(inner, &SKEW_SOUTH_WEST));
        let [h, s, se, sw] = [
            fill::<0, $long>(inner, [east(p2), east(inner)]),
            fill::<1, $long>(o2, [rows::<0>(p2), rows::<0>(o2)]),
            fill::<1, $long>(o_se, [rows::<0>(p_se), rows::<0>(o_se)]),
            fill::<1, $long>(o_sw, [rows::<0>(p_sw), rows::<0>(o_sw)]),
        ];
        // Runs of more than 8 of the opponent's discs in a row are rare: one test for
        // all the directions instead of a fifth doubling step for each.
        if $long && any([h[1], s[1], se[1], sw[1]]) {
            [extend::<0>(h), extend::<1>(s), extend::<1>(se), extend::<1>(sw)]
        } else {
            [h[0], s[0], se[0], sw[0]]
        }
    }};
}

/// The legal moves: the last step of the fills, where a row move of an or is the or of
/// the row moves.
macro_rules! legal {
    ($p:expr, $o:expr, $playable:expr, $long:ident) => {{ store(legal_v!(super::load($p), super::load($o), super::load($playable), $long)) }};
}

/// [`legal!`] on vectors.
macro_rules! legal_v {
    ($pv:expr, $ov:expr, $playable:expr, $long:ident) => {{
        let (pv, ov): (__m256i, __m256i) = ($pv, $ov);
        moves_of!(fills!(_mm512_broadcast_i64x4(pv), _mm512_broadcast_i64x4(ov), $long), pv, ov, $playable)
    }};
}

/// The legal moves from the position's fills.
macro_rules! moves_of {
    ($fills:expr, $pv:expr, $ov:expr, $playable:expr) => {{
        let ([horizontal, south, south_east, south_west], pv, ov): ([__m512i; 4], __m256i, __m256i) =
            ($fills, $pv, $ov);
        let [unskew_se, unskew_sw] = &UNSKEW_BEFORE_ROWS;
        let all = _mm512_or_si512(
            rotate::<0, 0>(horizontal),
            rows::<0>(_mm512_or_si512(
                south,
                _mm512_or_si512(rotate_by(south_east, unskew_se), rotate_by(south_west, unskew_sw)),
            )),
        );
        let m = _mm256_or_si256(_mm512_castsi512_si256(all), _mm512_extracti64x4_epi64::<1>(all));
        _mm256_andnot_si256(or(pv, ov), and(m, $playable))
    }};
}

/// The opponent's discs that the mover brackets, as the flips take them. A move's flips
/// along a way are the bracketed discs met from the move on, so the fills are paid once
/// per position rather than per move. The fill that reaches discs moving one way from the
/// mover's brackets them for a move looking the other way.
///
/// The column directions (south, and the diagonals in their skewed layouts) are
/// *folded*: looking south in lanes 0 to 15 (row `r` in lane `r`), looking north in lanes
/// 16 to 31 with the rows in reverse order (row `r` in lane `31 - r`). Testing one column
/// of the lanes (`vptestmw`) then gives a 32-bit mask where both ways run towards higher
/// bits from the move, so that one addition finds both runs. The rows are read from
/// memory: looking east in `rows[r]`, looking west in `rows[16 + r]`.
#[derive(Clone, Copy)]
struct Bracketed {
    columns: [__m512i; 3],
    rows: [u16; 32],
}

/// Lane `i` from lane `16 + i` (the fill towards lower rows brackets looking south), lane
/// `16 + k` from lane `15 - k` (the fill towards higher rows, rows reversed).
static FOLD: [i16; 32] = fold();
/// The 32 lanes in reverse order.
static REVERSE: [i16; 32] = reverse();
/// Per column `c`, every lane `1 << c`.
static COLUMN: [[i16; 32]; 16] = columns();
/// Per row `r` of a move, the first bit of each run in a folded column mask: bit `r + 1`
/// (the row below) and bit `32 - r` (the row above, reversed); none past an edge.
static START: [u32; 16] = starts();
/// Unskewing the folded diagonals, south-east then south-west: row `r` rotated by `r`
/// or `-r`, in its folded lanes.
static UNSKEW_FOLDED: [[i16; 32]; 2] = [folded_skews(1), folded_skews(-1)];

const fn fold() -> [i16; 32] {
    let mut index = [0; 32];
    let mut i = 0;
    while i < 16 {
        index[i as usize] = 16 + i;
        index[16 + i as usize] = 15 - i;
        i += 1;
    }
    index
}

const fn reverse() -> [i16; 32] {
    let mut index = [0; 32];
    let mut i = 0;
    while i < 32 {
        index[i as usize] = 31 - i;
        i += 1;
    }
    index
}

const fn columns() -> [[i16; 32]; 16] {
    let mut column = [[0; 32]; 16];
    let mut c = 0;
    while c < 16 {
        column[c] = [(1u16 << c) as i16; 32];
        c += 1;
    }
    column
}

const fn starts() -> [u32; 16] {
    let mut start = [0; 16];
    let mut r = 0;
    while r < 16 {
        let below = if r < 15 { 1 << (r + 1) } else { 0 };
        let above = if r > 0 { 1 << (32 - r) } else { 0 };
        start[r] = below | above;
        r += 1;
    }
    start
}

const fn folded_skews(sign: i16) -> [i16; 32] {
    let mut r = [0; 32];
    let mut i = 0;
    while i < 16 {
        r[i as usize] = (sign * i).rem_euclid(16);
        r[31 - i as usize] = (sign * i).rem_euclid(16);
        i += 1;
    }
    r
}

/// [`MoveGen::legal`] with 512-bit vectors.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi2")]
pub(super) fn legal<const LONG: bool>(p: U256, o: U256, playable: U256) -> U256 {
    legal!(p, o, playable, LONG)
}

/// The bracketed discs of the position.
macro_rules! bracketed {
    ($p:expr, $o:expr, $long:ident) => {{ bracketed_of!(fills!(_mm512_broadcast_i64x4(super::load($p)), _mm512_broadcast_i64x4(super::load($o)), $long)) }};
}

/// [`bracketed!`] from the position's fills.
macro_rules! bracketed_of {
    ($fills:expr) => {{
        let [horizontal, south, south_east, south_west]: [__m512i; 4] = $fills;
        let fold = load(&FOLD);
        let mut rows = [0u16; 32];
        let swapped = _mm512_shuffle_i64x2::<0x4e>(horizontal, horizontal);
        // SAFETY: `rows` is 64 writable bytes; the store has no alignment requirement.
        unsafe { _mm512_storeu_si512(rows.as_mut_ptr().cast(), swapped) };
        Bracketed {
            columns: [
                _mm512_permutexvar_epi16(fold, south),
                _mm512_permutexvar_epi16(fold, south_east),
                _mm512_permutexvar_epi16(fold, south_west),
            ],
            rows,
        }
    }};
}

/// The discs a move on `i` flips, with `$extra` (the move's bit, or nothing) in its row,
/// in both halves of the vector. Each way is a run of bracketed discs from the move: in a
/// column's folded mask, the bits that adding each run's first bit clears; in a row, the
/// same looking east, and looking west the bits above the highest cell not bracketed.
macro_rules! flips {
    ($b:expr, $i:expr, $extra:expr) => {{
        let (b, i, extra): (&Bracketed, u32, u32) = ($b, $i, $extra);
        let (r, c) = ((i / 16 % 16) as usize, i % 16);
        let start = START[r];
        macro_rules! along {
            ($v:expr, $column:expr) => {{
                let column = load(&COLUMN[$column as usize % 16]);
                let lanes = _mm512_test_epi16_mask($v, column);
                _mm512_maskz_mov_epi16(lanes & !lanes.wrapping_add(start), column)
            }};
        }
        let south = along!(b.columns[0], c);
        let south_east = along!(b.columns[1], c.wrapping_sub(r as u32) % 16);
        let south_west = along!(b.columns[2], (c + r as u32) % 16);
        let (east, west) = (u32::from(b.rows[r]), u32::from(b.rows[16 + r]));
        let east = east & !(east + (2 << c));
        let before = (1u32 << c) - 1;
        // The shift is 0 to 16: `before` has 16 bits at most.
        let west = before & (u32::MAX << (32 - (!west & before).leading_zeros()));
        let row = _mm512_maskz_set1_epi16(1 << r, (east | west | extra) as i16);
        let [unskew_se, unskew_sw] = &UNSKEW_FOLDED;
        let folded = _mm512_or_si512(
            _mm512_or_si512(south, row),
            _mm512_or_si512(rotate_by(south_east, unskew_se), rotate_by(south_west, unskew_sw)),
        );
        // Unfolded: the low half ored with the high half in reverse order, then in both halves.
        let low = _mm512_or_si512(folded, _mm512_permutexvar_epi16(load(&REVERSE), folded));
        _mm512_shuffle_i64x2::<0x44>(low, low)
    }};
}

/// [`MoveGen::flips`] with 512-bit vectors: the same code as in the two-ply loop, where
/// the bracketed discs serve every move of the position.
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512vbmi2")]
pub(super) fn flips<const LONG: bool>(p: U256, o: U256, i: u32) -> U256 {
    store(_mm512_castsi512_si256(flips!(&bracketed!(p, o, LONG), i, 0)))
}

/// Whether `cells` (in both halves) has 8 in a row along some line, where the lines
/// across columns take columns 1 to 14 only, as the fills do.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
pub(super) fn eight_in_a_row(cells: __m512i) -> bool {
    let and = _mm512_and_si512;
    let inner = and(cells, _mm512_set1_epi16(0x7ffe));
    let (se, sw) = (rotate_by(inner, &SKEW_SOUTH_EAST), rotate_by(inner, &SKEW_SOUTH_WEST));
    macro_rules! eight {
        ($dir:literal, $x:expr) => {{
            let x: __m512i = $x;
            let two = and(x, step::<$dir, 0>(x));
            let four = and(two, step::<$dir, 1>(two));
            and(four, step::<$dir, 2>(four))
        }};
    }
    any([eight!(0, inner), eight!(1, cells), eight!(1, se), eight!(1, sw)])
}

/// The loop of [`count_two_plies`], given the position's bracketed discs. A child's
/// opponent has the discs of `p`, some of `o` and the move, so that unless those cells
/// (`p`, `o` and `moves`) have 8 in a row somewhere, no child needs the fills' test for
/// runs longer than 8: one test for the position rather than one per child.
macro_rules! two_plies {
    ($mg:expr, $b:expr, $p:expr, $o:expr, $moves:expr, $long:ident) => {{
        let (mg, b, p, o, moves): (&RowsAvx2<$long>, &Bracketed, U256, U256, U256) = ($mg, $b, $p, $o, $moves);
        if $long && eight_in_a_row(_mm512_broadcast_i64x4(super::load(p | o | moves))) {
            two_plies_loop!(mg, b, p, o, moves, $long)
        } else {
            const SHORT: bool = false;
            two_plies_loop!(mg, b, p, o, moves, SHORT)
        }
    }};
}

/// [`two_plies!`] with the fills for runs of 8 at most, or longer too (`$long`).
macro_rules! two_plies_loop {
    ($mg:expr, $b:expr, $p:expr, $o:expr, $moves:expr, $long:ident) => {{
        let (mg, b, p, o, moves): (&RowsAvx2<_>, &Bracketed, U256, U256, U256) = ($mg, $b, $p, $o, $moves);
        let playable = super::load(mg.playable);
        let (p2, o2) = (_mm512_broadcast_i64x4(super::load(p)), _mm512_broadcast_i64x4(super::load(o)));
        let mut total = 0;
        let mut rest = moves;
        // The children stay in vectors, from the flips to the count of their moves, the
        // board in both halves as the fills take it; macros rather than closures, which
        // LLVM declines to inline here.
        macro_rules! child {
            ($i:expr) => {{
                let i: u32 = $i;
                // The flips with the move's bit: the opponent loses them, the mover gains them.
                let f = flips!(b, i, 1 << (i % 16));
                (_mm512_andnot_si512(f, o2), _mm512_or_si512(p2, f))
            }};
        }
        macro_rules! count {
            ($child:expr) => {{
                let (mover, opponent): (__m512i, __m512i) = $child;
                let (pv, ov) = (_mm512_castsi512_si256(mover), _mm512_castsi512_si256(opponent));
                let m = moves_of!(fills!(mover, opponent, $long), pv, ov, playable);
                // Per-lane popcounts (VPOPCNTDQ), summed.
                let count = _mm256_popcnt_epi64(m);
                let count = _mm_add_epi64(_mm256_castsi256_si128(count), _mm256_extracti128_si256::<1>(count));
                let count = _mm_cvtsi128_si64(_mm_add_epi64(count, _mm_unpackhi_epi64(count, count))) as u64;
                count.max(1)
            }};
        }
        while !rest.is_zero() {
            let i = rest.lowest();
            rest = rest.without_lowest();
            if rest.is_zero() {
                total += count!(child!(i));
                break;
            }
            let j = rest.lowest();
            rest = rest.without_lowest();
            let (a, c) = (child!(i), child!(j));
            total += count!(a) + count!(c);
        }
        total
    }};
}

/// [`MoveGen::count_two_plies`] with every step inlined, 512-bit vectors; the flips from
/// the bracketed discs of the position.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512vbmi2,avx512vpopcntdq")]
pub(super) fn count_two_plies<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, moves: U256) -> u64 {
    two_plies!(mg, &bracketed!(p, o, LONG), p, o, moves, LONG)
}

/// [`MoveGen::perft`] with 512-bit vectors, where each node's fills give both its legal
/// moves and the bracketed discs that each of its moves takes its flips from.
#[target_feature(enable = "avx2,bmi1,lzcnt,popcnt,avx512f,avx512vl,avx512bw,avx512vbmi2,avx512vpopcntdq")]
pub(super) fn perft<const LONG: bool>(mg: &RowsAvx2<LONG>, p: U256, o: U256, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (pv, ov) = (super::load(p), super::load(o));
    let fills = fills!(_mm512_broadcast_i64x4(pv), _mm512_broadcast_i64x4(ov), LONG);
    let moves = store(moves_of!(fills, pv, ov, super::load(mg.playable)));
    let b = bracketed_of!(fills);
    crate::kernel::walk::node_with(
        (p, o, depth),
        moves,
        || legal!(o, p, mg.playable, LONG),
        || two_plies!(mg, &b, p, o, moves, LONG),
        |i| store(_mm512_castsi512_si256(flips!(&b, i, 0))),
        |p, o, depth| perft(mg, p, o, depth),
    )
}
