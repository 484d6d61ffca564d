//! A move generator with AVX2 for boards of 65 to 128 cells whose sides are at most 10
//! (10×10, the Octagon, 8×10): the compact `u128` layout of [`Grid`], with the four line
//! directions in the four 64-bit lanes of a pair of vectors, one for the low halves of the
//! words and one for the high halves. As on 8×8, a lane's shift is a variable shift, so one
//! compiled path serves every width; a 128-bit shift is two 64-bit shifts and a carry (with
//! AVX-512 VBMI2, chosen at run time, a shift and one concatenated shift; with AVX-512 CD,
//! the flips without a fill).

//! One module per instruction set: [`avx2`] (AVX2, BMI1, LZCNT, POPCNT) and [`vbmi2`] (with
//! AVX-512 F, VL, VBMI2 and CD). The fills, the two-ply loop and the perft node are shared
//! macros, defined here, that take the instruction set's 128-bit shifts (`[shl, shr]`) and
//! flips as arguments.

use core::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
    _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256,
    _mm256_permute4x64_epi64, _mm256_set1_epi64x, _mm256_shuffle_epi32, _mm256_sllv_epi64, _mm256_srlv_epi64,
    _mm256_xor_si256,
};

use super::lines;
use super::once::OnceBox;
use alloc::vec::Vec;

use super::{Avx512, Layout, MoveGen};
use crate::{Bitboard, Geometry, Square};

/// The generator. It exists only on CPUs with AVX2, BMI1, LZCNT and POPCNT.
///
/// Available on x86-64 only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanesAvx2 {
    width: u32,
    playable: u128,
    /// What depends on the board's sides only, built once per shape.
    shape: &'static Shape,
    /// Whether the generator may use AVX-512 (F, VL, VBMI2, CD).
    avx512: Avx512,
}

/// The constants of one board shape.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    /// Per lane (east, south-east, south, south-west): the shift by 1, 2 and 4 steps, and 64
    /// minus each, for the carry between halves.
    shifts: [[u64; 4]; 6],
    /// Per lane, the opponent's discs that may be flipped: inner columns but for the
    /// vertical lane; low halves, then high halves.
    flippable: [[u64; 4]; 2],
    /// The cells of the board, in the layout of [`Bitboard`].
    area: [u64; 4],
    /// Per cell, its line masks already in the lanes' order: the low halves of the lines
    /// towards higher bits, their high halves, then the same for the opposite directions.
    lines: Vec<LaneLines>,
}

/// The line masks of one cell, as four vectors' lanes (see [`Shape::lines`]).
type LaneLines = [[u64; 4]; 4];

/// The shapes this generator takes: 8×10, 10×8 and 10×10.
static SHAPES: [OnceBox<Shape>; 3] = [const { OnceBox::new() }; 3];

impl Shape {
    fn new(width: u32, height: u32) -> Shape {
        let w = u64::from(width);
        // In the lanes' order (east, south-east, south, south-west), which is the order that
        // unpacking the line masks gives.
        let step = [1, w + 1, w, w - 1];
        let mut shifts = [[0; 4]; 6];
        for (k, factor) in [1, 2, 4].into_iter().enumerate() {
            shifts[2 * k] = step.map(|s| s * factor);
            shifts[2 * k + 1] = step.map(|s| 64 - s * factor);
        }
        let row_inner = ((1u128 << width) - 1) & !1 & !(1 << (width - 1));
        let inner = (0..height).fold(0u128, |acc, row| acc | row_inner << (row * width));
        let flippable = [
            [inner as u64, inner as u64, u64::MAX, inner as u64],
            [(inner >> 64) as u64, (inner >> 64) as u64, u64::MAX, (inner >> 64) as u64],
        ];
        let area = Bitboard::rectangle(width as u8, height as u8).to_words();
        // `Lines` holds east, south, south-east, south-west, then their opposites.
        let lines = lines::compact::<u128>(width, height);
        let lines = (0..width * height)
            .map(|i| {
                let of = lines.of(i);
                let lanes = |first: usize, half: u32| [0, 2, 1, 3].map(|k| (of[first + k] >> (64 * half)) as u64);
                [lanes(0, 0), lanes(0, 1), lanes(4, 0), lanes(4, 1)]
            })
            .collect();
        Shape { shifts, flippable, area, lines }
    }
}

impl LanesAvx2 {
    /// The generator for `geometry`, or `None` unless the board has 65 to 128 cells, sides of
    /// at most 10, and this CPU has AVX2, BMI1, LZCNT and POPCNT.
    #[must_use]
    pub fn new(geometry: &Geometry) -> Option<LanesAvx2> {
        let (width, height) = (u32::from(geometry.width()), u32::from(geometry.height()));
        // Sides of 10 at most: runs of 8 flippable discs at most, so the fill doubles up to
        // 4 steps, and 4 steps of `width + 1` stay below 64 bits.
        let slot = match (width, height) {
            (8, 10) => 0,
            (10, 8) => 1,
            (10, 10) => 2,
            _ => return None,
        };
        let avx512 = features()?;
        let shape = SHAPES[slot].get_or_init(|| Shape::new(width, height));
        let mut mg = LanesAvx2 { width, playable: 0, shape, avx512 };
        mg.playable = mg.compact(geometry.playable());
        Some(mg)
    }
}

/// What this CPU offers the generator (see [`Detected`](crate::kernel::Detected)).
fn features() -> Option<Avx512> {
    static FEATURES: crate::kernel::Detected = crate::kernel::Detected::new();
    FEATURES.get(|| cpu_has!("avx512f", "avx512vl", "avx512vbmi2", "avx512cd"))
}

/// Rows of `width` bits at bits 0, 16, 32 and 48 of `x` (nothing else set) packed into its
/// low `4 * width` bits: two folds, each moving every other group down.
#[inline(always)]
fn pack_rows(x: u64, width: u32) -> u64 {
    let x = (x & 0x0000_ffff_0000_ffff) | (x & 0xffff_0000_ffff_0000) >> (16 - width);
    (x & 0xffff_ffff) | (x >> 32) << (2 * width)
}

/// The inverse of [`pack_rows`].
#[inline(always)]
fn unpack_rows(x: u64, width: u32) -> u64 {
    let x = (x & ((1 << (2 * width)) - 1)) | (x >> (2 * width)) << 32;
    let rows = ((1 << width) - 1) * 0x1_0000_0001;
    (x & rows) | (x >> width & rows) << 16
}

impl LanesAvx2 {
    /// The same generator without its AVX-512 paths, as on a CPU with AVX2 only: for tests
    /// and comparisons on CPUs that have AVX-512.
    #[must_use]
    pub fn avx2_only(self) -> LanesAvx2 {
        LanesAvx2 { avx512: Avx512::Absent, ..self }
    }
}

/// A 128-bit word in each of four lanes: low halves and high halves.
#[derive(Clone, Copy)]
struct V {
    lo: __m256i,
    hi: __m256i,
}

/// The shift of each lane and its complement to 64.
#[derive(Clone, Copy)]
struct Shift {
    by: __m256i,
    rest: __m256i,
}

#[inline]
#[target_feature(enable = "avx2")]
fn load(a: &[u64; 4]) -> __m256i {
    // SAFETY: `a` is 32 readable bytes; the load has no alignment requirement.
    unsafe { _mm256_loadu_si256(a.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn splat(x: u128) -> V {
    V { lo: _mm256_set1_epi64x(x as i64), hi: _mm256_set1_epi64x((x >> 64) as i64) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn and(a: V, b: V) -> V {
    V { lo: _mm256_and_si256(a.lo, b.lo), hi: _mm256_and_si256(a.hi, b.hi) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn or(a: V, b: V) -> V {
    V { lo: _mm256_or_si256(a.lo, b.lo), hi: _mm256_or_si256(a.hi, b.hi) }
}

/// `!a & b`.
#[inline]
#[target_feature(enable = "avx2")]
fn andnot(a: V, b: V) -> V {
    V { lo: _mm256_andnot_si256(a.lo, b.lo), hi: _mm256_andnot_si256(a.hi, b.hi) }
}

/// `a ^ b`.
#[inline]
#[target_feature(enable = "avx2")]
fn xor(a: V, b: V) -> V {
    V { lo: _mm256_xor_si256(a.lo, b.lo), hi: _mm256_xor_si256(a.hi, b.hi) }
}

/// The four lanes ored, in every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn all_lanes(x: V) -> V {
    let fold = |v: __m256i| {
        let v = _mm256_or_si256(v, _mm256_permute4x64_epi64::<0x4e>(v));
        _mm256_or_si256(v, _mm256_shuffle_epi32::<0x4e>(v))
    };
    V { lo: fold(x.lo), hi: fold(x.hi) }
}

/// The four lanes ored into one word.
#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes(x: V) -> u128 {
    let fold = |v: __m256i| {
        let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
    };
    u128::from(fold(x.lo)) | u128::from(fold(x.hi)) << 64
}

/// The precomputed per-lane constants, as vectors.
#[derive(Clone, Copy)]
struct Consts {
    s1: Shift,
    s2: Shift,
    s4: Shift,
    flippable: V,
    playable: u128,
}

#[inline]
#[target_feature(enable = "avx2")]
fn consts(mg: &LanesAvx2) -> Consts {
    let shape = mg.shape;
    let shift = |k: usize| Shift { by: load(&shape.shifts[2 * k]), rest: load(&shape.shifts[2 * k + 1]) };
    Consts {
        s1: shift(0),
        s2: shift(1),
        s4: shift(2),
        flippable: V { lo: load(&shape.flippable[0]), hi: load(&shape.flippable[1]) },
        playable: mg.playable,
    }
}

/// The opponent's discs reached from a disc of `p` by runs of `o` along each lane's
/// direction, towards higher bits (`.0`) and towards lower bits (`.1`): the Kogge-Stone
/// fill of the 8×8 generator, on 128-bit lanes. Macros rather than functions, here and
/// below, so that the two-ply loop gets them inlined: LLVM declines to inline functions this
/// large, and `#[inline(always)]` cannot go with `target_feature`.
macro_rules! fills {
    ([$shl:ident, $shr:ident], $c:expr, $p:expr, $o:expr) => {{
        let (p, o): (u128, u128) = ($p, $o);
        fills_v!([$shl, $shr], $c, splat(p), splat(o))
    }};
}

/// [`fills!`] from the words already in every lane.
macro_rules! fills_v {
    ([$shl:ident, $shr:ident], $c:expr, $p:expr, $o:expr) => {{
        let (c, pv, ov): (&Consts, V, V) = ($c, $p, $o);
        let ov = and(ov, c.flippable);
        let mut up = and(ov, $shl(pv, c.s1));
        let mut down = and(ov, $shr(pv, c.s1));
        up = or(up, and(ov, $shl(up, c.s1)));
        down = or(down, and(ov, $shr(down, c.s1)));
        // Cells of `o` whose previous (up) or next (down) cell is in `o`, then 4 in a row.
        let pre_up = and(ov, $shl(ov, c.s1));
        let pre_down = $shr(pre_up, c.s1);
        up = or(up, and(pre_up, $shl(up, c.s2)));
        down = or(down, and(pre_down, $shr(down, c.s2)));
        let pre_up = and(pre_up, $shl(pre_up, c.s2));
        let pre_down = and(pre_down, $shr(pre_down, c.s2));
        up = or(up, and(pre_up, $shl(up, c.s4)));
        down = or(down, and(pre_down, $shr(down, c.s4)));
        (up, down)
    }};
}

/// The legal moves of `p` against `o`.
macro_rules! legal {
    ([$shl:ident, $shr:ident], $c:expr, $p:expr, $o:expr) => {{
        let (c, p, o): (&Consts, u128, u128) = ($c, $p, $o);
        let (up, down) = fills!([$shl, $shr], c, p, o);
        or_lanes(or($shl(up, c.s1), $shr(down, c.s1))) & !(p | o) & c.playable
    }};
}

/// What every move of one position needs for its flips: the opponent's discs that the
/// mover brackets, looking towards higher bits (`ahead`) and towards lower bits (`behind`,
/// with its runs of 2 and 4 for a doubling fill). A disc that a move flips along a direction
/// is exactly one of these met before the first cell that is not, so the flips need no test
/// for an outflanking disc, and the fills are paid once per position rather than per move.
#[derive(Clone, Copy)]
struct Bracketed {
    ahead: V,
    behind: V,
    behind_2: V,
    behind_4: V,
}

macro_rules! bracketed {
    ([$shl:ident, $shr:ident], $c:expr, $p:expr, $o:expr) => {{
        let c: &Consts = $c;
        bracketed_of!([$shl, $shr], c, fills!([$shl, $shr], c, $p, $o))
    }};
}

/// [`bracketed!`] from the position's fills.
macro_rules! bracketed_of {
    ([$shl:ident, $shr:ident], $c:expr, $fills:expr) => {{
        let (c, (up, down)): (&Consts, (V, V)) = ($c, $fills);
        // Bracketed looking ahead means reached from a disc of `p` moving back, and so on.
        let behind_2 = and(up, $shr(up, c.s1));
        Bracketed { ahead: down, behind: up, behind_2, behind_4: and(behind_2, $shr(behind_2, c.s2)) }
    }};
}

/// The body of [`MoveGen::count_two_plies`], shared by the AVX2 and the AVX-512 functions,
/// which give their 128-bit shifts (`[shl, shr]`) and their flips (`$flips`).
macro_rules! count_two_plies {
    ([$shl:ident, $shr:ident], $mg:expr, $p:expr, $o:expr, $moves:expr, $flips:ident) => {{
        let (mg, p, o): (&LanesAvx2, u128, u128) = ($mg, $p, $o);
        let c = consts(mg);
        two_plies!([$shl, $shr], mg, &c, &bracketed!([$shl, $shr], &c, p, o), p, o, $moves, $flips)
    }};
}

/// The loop of [`count_two_plies!`], given the position's bracketed discs.
macro_rules! two_plies {
    ([$shl:ident, $shr:ident], $mg:expr, $c:expr, $b:expr, $p:expr, $o:expr, $moves:expr, $flips:ident) => {{
        let (mg, c, b, p, o, moves): (&LanesAvx2, &Consts, &Bracketed, u128, u128, u128) =
            ($mg, $c, $b, $p, $o, $moves);
        let (pv, ov) = (splat(p), splat(o));
        // The child stays in vectors: the flips, ored across the lanes, are in every lane.
        // Macros rather than closures, which LLVM does not always inline.
        macro_rules! child {
            ($bit:expr) => {{
                let bit: u128 = $bit;
                let f = all_lanes($flips!(mg, c, b, bit.trailing_zeros()));
                (xor(ov, f), or(pv, or(f, splat(bit))), bit)
            }};
        }
        macro_rules! count {
            ($child:expr) => {{
                let (mover, opponent, bit): (V, V, u128) = $child;
                let (up, down) = fills_v!([$shl, $shr], c, mover, opponent);
                // The child's empty cells are the position's but the move: flips only swap
                // colours.
                let empty = !(p | o | bit) & c.playable;
                // A child with no move is one leaf, a pass or the end of the game.
                u64::from((or_lanes(or($shl(up, c.s1), $shr(down, c.s1))) & empty).count_ones().max(1))
            }};
        }
        let mut total = 0;
        let mut rest = moves;
        // Two children a turn, the second's flips before the first's moves, so that the
        // processor overlaps their long chains of dependent steps.
        while rest != 0 {
            let first = rest & rest.wrapping_neg();
            rest ^= first;
            if rest == 0 {
                total += count!(child!(first));
                break;
            }
            let second = rest & rest.wrapping_neg();
            rest ^= second;
            let (a, b) = (child!(first), child!(second));
            total += count!(a) + count!(b);
        }
        total
    }};
}

/// The body of [`MoveGen::perft`] for a depth above 0, shared by the AVX2 and the AVX-512
/// functions (which give their shifts, flips and themselves, `$recurse`): each node's
/// fills give both its legal moves and the bracketed discs that its moves take their flips
/// from, where [`MoveGen::flips`] would pay the whole fill again for every move.
macro_rules! perft_node {
    ([$shl:ident, $shr:ident], $mg:expr, $p:expr, $o:expr, $depth:expr, $flips:ident, $recurse:ident) => {{
        let (mg, p, o, depth): (&LanesAvx2, u128, u128, u32) = ($mg, $p, $o, $depth);
        let c = consts(mg);
        let (up, down) = fills!([$shl, $shr], &c, p, o);
        let moves = or_lanes(or($shl(up, c.s1), $shr(down, c.s1))) & !(p | o) & c.playable;
        let b = bracketed_of!([$shl, $shr], &c, (up, down));
        crate::kernel::walk::node_with(
            (p, o, depth),
            moves,
            || legal!([$shl, $shr], &c, o, p),
            || two_plies!([$shl, $shr], mg, &c, &b, p, o, moves, $flips),
            |i| or_lanes($flips!(mg, &c, &b, i)),
            |p, o, depth| $recurse(mg, p, o, depth),
        )
    }};
}

mod avx2;
mod vbmi2;

impl MoveGen for LanesAvx2 {
    type Word = u128;

    #[inline]
    fn legal(&self, p: u128, o: u128) -> u128 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2 and (for `Avx512::Present`) AVX-512 F, VL, VBMI2 and CD.
            return unsafe { vbmi2::legal(self, p, o) };
        }
        // SAFETY: a `LanesAvx2` exists only once `new` found AVX2 on this CPU.
        unsafe { avx2::legal(self, p, o) }
    }

    #[inline]
    fn flips(&self, p: u128, o: u128, i: u32) -> u128 {
        if self.avx512 == Avx512::Present {
            // SAFETY: as in `legal`.
            return unsafe { vbmi2::flips(self, p, o, i) };
        }
        // SAFETY: as in `legal`.
        unsafe { avx2::flips(self, p, o, i) }
    }

    #[inline]
    fn count_two_plies(&self, p: u128, o: u128, moves: u128) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: `new` found AVX2, BMI1, LZCNT, POPCNT and (for `Avx512::Present`)
            // AVX-512 F, VL, VBMI2 and CD on this CPU.
            return unsafe { vbmi2::count_two_plies(self, p, o, moves) };
        }
        // SAFETY: a `LanesAvx2` exists only once `new` found AVX2, BMI1, LZCNT and POPCNT.
        unsafe { avx2::count_two_plies(self, p, o, moves) }
    }

    #[inline]
    fn perft(&self, p: u128, o: u128, depth: u32) -> u64 {
        if self.avx512 == Avx512::Present {
            // SAFETY: as in `count_two_plies`.
            return unsafe { vbmi2::perft(self, p, o, depth) };
        }
        // SAFETY: a `LanesAvx2` exists only once `new` found AVX2, BMI1, LZCNT and POPCNT.
        unsafe { avx2::perft(self, p, o, depth) }
    }
}

impl Layout for LanesAvx2 {
    /// Each of the set's words holds 4 rows; heights of 10 at most take three of them.
    #[inline]
    fn compact(&self, set: Bitboard) -> u128 {
        let (words, area) = (set.to_words(), &self.shape.area);
        (0..3).fold(0, |acc, k| {
            acc | u128::from(pack_rows(words[k] & area[k], self.width)) << (4 * self.width * k as u32)
        })
    }
    #[inline]
    fn expand(&self, word: u128) -> Bitboard {
        let chunk = (1 << (4 * self.width)) - 1;
        let mut words = [0; 4];
        for (k, w) in words.iter_mut().take(3).enumerate() {
            *w = unpack_rows((word >> (4 * self.width * k as u32)) as u64 & chunk, self.width);
        }
        Bitboard::from_words(words)
    }
    #[inline]
    fn index(&self, sq: Square) -> u32 {
        u32::from(sq.row()) * self.width + u32::from(sq.column())
    }
}
