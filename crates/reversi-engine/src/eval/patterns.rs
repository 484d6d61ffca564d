//! Patterns of the standard 8×8 board: the value of how the discs lie on its edges, its
//! corners, its rows and its diagonals, read from a table of weights, added from the first
//! move to the last to the evaluation's features.
//!
//! Each of [`SHAPES`] is a list of cells; the board's eight symmetries (rotations and
//! reflections) place it on the board in up to eight distinct sets of cells, its
//! *instances*, which share one table: a filling of the cells (each empty, the mover's or the
//! opponent's) is an index into it, cell `k` the `k`-th digit in base 3. The tables are fitted
//! by least squares jointly with the evaluation's [features](super::layout::FEATURE_NAMES),
//! one set of weights per band of empties ([`BANDS`]): up to 20 empties on 3 261 851 positions
//! of 10 to 20 empties labelled with their exact value (WOF scoring; ridge damping 4 discs),
//! 21-24 on positions labelled by a search down to 18 empties. From 25 empties to the start
//! the bands are fitted on how games ended, never on a shallower search's guess (whose bias
//! passed from band to band): every position of 24 empties or more of 109 088 WTHOR games (the
//! years 2012, 2017 and 2018 held out), labelled by the game's theoretical score (perfect play
//! from 24 empties on), and 8.2 M positions of the engine's own games (random first plies,
//! then 4-ply searches and exact play from 14 empties), labelled by their final scores; a band
//! every two empties, each fitted on the positions of its empties and two more on each side.
//! A filling and the fillings that the shape's own symmetries make of it share one weight
//! (tied), so that a position and its mirror images have one value exactly
//! (`tools/src/bin/train_data.rs`, `tools/src/bin/fit_patterns.rs`, `scripts/train-eval.sh`).
//! See `benches/README.md` for the data, the fit and what it gains.
//!
//! Only the standard board uses them: the tables need labelled positions of the board they
//! judge, and the labels' starts come from real games, which exist for 8×8 only.
//!
//! The weights file (`patterns.bin` beside this module) holds, for each band in turn, the
//! features' weights then every shape's table ([`PARAMETERS`] cells), as little-endian `i16`
//! in hundredths of a disc. `tools/src/bin/fit_patterns.rs` fits the midgame bands and writes
//! the file; the endgame bands came from `tools/src/bin/label_positions.rs` and
//! `tools/src/bin/tune_patterns.rs`.

use std::fmt;
use std::sync::{Arc, LazyLock};

use reversi_core::{Bitboard, Geometry, Position};

use super::COUNTS;
use super::indices::Indices;
use super::shapes::SHAPES;
use super::shapes::{self, PLACEMENTS};

/// The bands of empty cells, each with its own weights: the fewest and the most empties it
/// serves. A weights file holds the first bands of this list ([`PatternWeights`]); a position
/// with more empties than the last band it holds does not use the patterns. Up to 24 empties
/// the bands are fitted on exact values, wider where few positions were solved; from 25 on, on
/// game outcomes, a weight set every two plies, each fitted on its neighbours' positions too
/// (two empties on each side), so that a narrow band still sees several hundred thousand.
pub const BANDS: [(u32, u32); 23] = [
    (0, 11),
    (12, 13),
    (14, 16),
    (17, 20),
    (21, 24),
    (25, 26),
    (27, 28),
    (29, 30),
    (31, 32),
    (33, 34),
    (35, 36),
    (37, 38),
    (39, 40),
    (41, 42),
    (43, 44),
    (45, 46),
    (47, 48),
    (49, 50),
    (51, 52),
    (53, 54),
    (55, 56),
    (57, 58),
    (59, 60),
];

/// The band of each count of empties, 0 to 60: [`BANDS`] as a table, read at every evaluation.
const BAND_OF: [u8; 61] = {
    let mut table = [0u8; 61];
    let mut band = 0;
    while band < BANDS.len() {
        let (low, high) = BANDS[band];
        let mut empties = low;
        while empties <= high {
            table[empties as usize] = band as u8;
            empties += 1;
        }
        band += 1;
    }
    table
};

/// The weights per band: the features' first, then each shape's table in turn.
pub const PER_BAND: usize = super::FEATURES + PARAMETERS;

/// The cells of all the shapes' tables.
pub const PARAMETERS: usize = OFFSETS[SHAPES.len()] - super::FEATURES;

/// The built-in weights file: little-endian `i16` in hundredths of a disc, band after band.
static BUILT_IN_BYTES: &[u8] = include_bytes!("patterns.bin");

/// The bytes of one band's weights in a weights file.
pub const BAND_BYTES: usize = PER_BAND * 2;

/// The weight at `i` of band `band`'s row of the weights file `bytes`.
#[inline(always)]
fn raw_weight(bytes: &[u8], band: usize, i: usize) -> i16 {
    let at = 2 * (band * PER_BAND + i);
    i16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// [`raw_weight`], widened for sums.
#[inline(always)]
fn weight(bytes: &[u8], band: usize, i: usize) -> i32 {
    i32::from(raw_weight(bytes, band, i))
}

/// The fillings of the first shape (an edge and its two X cells).
const EDGE_FILLINGS: usize = 59_049;
const _: () = assert!(3usize.pow(SHAPES[0].len() as u32) == EDGE_FILLINGS);

/// A weights file that is not one: its size is not a whole number of bands from one to
/// the count of bands, or a band's edge weights overflow once the edge windows are folded in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternWeightsError {
    /// The size is not a whole number of bands, from one to the count of bands (the message
    /// says both).
    #[error("a pattern weights file of {bytes} bytes: expected 1 to {} bands of {BAND_BYTES} bytes", BANDS.len())]
    Size {
        /// The file's size.
        bytes: usize,
    },
    /// The edge shape's weight of a filling plus its edge windows' leaves `i16`.
    #[error("band {band} of the pattern weights: the edge filling {filling} with its windows' weights leaves i16")]
    Overflow {
        /// The band, counted from 0.
        band: usize,
        /// The edge shape's filling.
        filling: usize,
    },
}

/// The patterns' weights of the first bands of empty cells, ready for the evaluation: the
/// built-in ones ([`PatternWeights::built_in`]) or a weights file's
/// ([`PatternWeights::from_bytes`], for playing or fitting new ones without rebuilding the
/// crate). Cloning shares them.
///
/// The bands, from 0-11 empties to 59-60, and the layout of a weights file are the
/// tools' (`eval::training::BANDS`, `PER_BAND`, with the `training` feature).
///
/// In memory they are native `i16`, band after band (`PER_BAND` a band), with the weights of
/// the edge windows' features folded into the first shape's table. On the standard board the
/// windows of four rim cells in a row (the edge windows) are the five along each edge, which lie
/// within the edge shape's first eight cells, and each edge is one placement of the shape; a
/// window counts the same read either way, as the shape reads two of the edges backwards. So
/// the features' part of the windows is a function of the edge's filling: added to its weight
/// once, it spares the evaluation the 20 windows' reading and their weights, for the same
/// value to the unit.
#[derive(Clone)]
pub struct PatternWeights {
    folded: Arc<[i16]>,
    bands: usize,
    /// The counts each band weighs (with a weight other than 0).
    needed: Arc<[Counts]>,
}

/// A set of the counts that lead the features (`layout::FEATURE_NAMES`, bit `i` for count `i`),
/// grouped by what reading them costs: a band that weighs none of a group spares its reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counts(u16);

impl Counts {
    /// Every count.
    pub(crate) const ALL: Counts = Counts((1 << COUNTS) - 1);
    /// The counts read from both sides' legal moves: mobility and corner moves.
    pub(crate) const MOVES: Counts = Counts(1 << 3 | 1 << 11);
    /// The counts read from the neighbours of discs and empty cells: potential mobility and
    /// frontier.
    pub(crate) const NEIGHBOURS: Counts = Counts(1 << 4 | 1 << 5);
    /// The stable discs.
    pub(crate) const STABLE: Counts = Counts(1 << 6);
    /// The X and C cells next to a free corner.
    pub(crate) const CORNER_NEIGHBOURS: Counts = Counts(1 << 8 | 1 << 9);

    /// Whether the set holds any count of `group`.
    #[inline(always)]
    pub(crate) const fn any(self, group: Counts) -> bool {
        self.0 & group.0 != 0
    }

    /// The counts that `row`'s first weights weigh.
    fn weighed_in(row: &[i16]) -> Counts {
        Counts(row[..COUNTS].iter().enumerate().filter(|&(_, &w)| w != 0).fold(0, |set, (i, _)| set | 1 << i))
    }
}

impl fmt::Debug for PatternWeights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternWeights").field("bands", &self.bands).finish_non_exhaustive()
    }
}

/// The built-in weights, folded once.
static BUILT_IN: LazyLock<PatternWeights> = LazyLock::new(|| {
    PatternWeights::from_bytes(BUILT_IN_BYTES).expect("the built-in weights file is valid (a test checks)")
});

impl PatternWeights {
    /// The weights the crate is built with.
    #[must_use]
    pub fn built_in() -> PatternWeights {
        BUILT_IN.clone()
    }

    /// The weights of a weights file, as `tools/src/bin/tune_patterns.rs` writes one: for each
    /// band of empty cells in turn, from the first, the features' weights then every shape's
    /// table, as little-endian `i16` in hundredths of a disc.
    ///
    /// # Errors
    /// [`PatternWeightsError`] if `bytes` is not a whole number of bands, from one to all of
    /// them, or a band's folded edge weights leave `i16`.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternWeights, PatternWeightsError> {
        let bands = bytes.len() / BAND_BYTES;
        if !bytes.len().is_multiple_of(BAND_BYTES) || !(1..=BANDS.len()).contains(&bands) {
            return Err(PatternWeightsError::Size { bytes: bytes.len() });
        }
        let mut folded = Vec::with_capacity(bands * PER_BAND);
        for band in 0..bands {
            for i in 0..PER_BAND {
                // Only the edge fillings, with their windows added, can leave i16.
                let value = match i.checked_sub(OFFSETS[0]) {
                    Some(filling) if filling < EDGE_FILLINGS => i16::try_from(edge_with_windows(bytes, band, filling))
                        .map_err(|_| PatternWeightsError::Overflow { band, filling })?,
                    _ => raw_weight(bytes, band, i),
                };
                folded.push(value);
            }
        }
        let needed = folded.chunks(PER_BAND).map(Counts::weighed_in).collect();
        Ok(PatternWeights { folded: folded.into(), bands, needed })
    }

    /// How many bands of empty cells the weights hold, from the first.
    #[must_use]
    pub const fn bands(&self) -> usize {
        self.bands
    }

    /// The band of weights for a position with `empties` empty cells, if the weights hold it.
    #[inline]
    #[must_use]
    pub fn band(&self, empties: u32) -> Option<usize> {
        Patterns::band(empties).filter(|&band| band < self.bands)
    }

    /// The counts that band `band` weighs: the others need not be read.
    #[inline(always)]
    pub(crate) fn needed_counts(&self, band: usize) -> Counts {
        self.needed[band]
    }

    /// Band `band`'s row.
    #[inline(always)]
    fn row(&self, band: usize) -> &[i16; PER_BAND] {
        self.folded[band * PER_BAND..][..PER_BAND].try_into().expect("a band's row of weights")
    }

    /// The value in band `band`, in hundredths of a disc, of the mover with discs `p` against
    /// `o` on the standard board, whose features before the edge windows are `counts`: the
    /// counts and the patterns weighed by the band, the edge windows' features with the edge
    /// shape, so that they need not be read.
    #[inline(always)]
    pub(crate) fn value(&self, band: usize, counts: &[i32; COUNTS], p: u64, o: u64) -> i64 {
        let row = self.row(band);
        i64::from(placements_value(&views(p, o), row)) + weighed_counts(counts, row)
    }

    /// [`PatternWeights::value`] of the position whose instances' indices are `indices`.
    #[inline(always)]
    pub(crate) fn indexed_value(&self, band: usize, counts: &[i32; COUNTS], indices: &Indices) -> i64 {
        let row = self.row(band);
        i64::from(indexed_placements_value(indices, row)) + weighed_counts(counts, row)
    }
}

/// The weight of the edge shape's `filling` in `band` of the weights file `bytes` plus that
/// of its five windows' features.
fn edge_with_windows(bytes: &[u8], band: usize, filling: usize) -> i32 {
    let windows: i32 = (0..5)
        .map(|first| {
            let (pattern, sign) = super::edges::class(filling / 3usize.pow(first) % 81);
            i32::from(sign) * weight(bytes, band, COUNTS + usize::from(pattern))
        })
        .sum();
    weight(bytes, band, OFFSETS[0] + filling) + windows
}

/// The board of `x` (bit `8 r + c` for cell (r, c)) seen through symmetry `k`: cell (r, c) of
/// the result holds what cell `symmetric(r, c, k)` of `x` holds (the identity, the transpose,
/// the vertical and horizontal mirrors, the half turn, the anti-transpose and the two quarter
/// turns).
#[inline(always)]
pub(crate) fn transformed(x: u64, k: usize) -> u64 {
    match k {
        0 => x,
        1 => transpose(x),
        2 => x.swap_bytes(),
        3 => mirror_columns(x),
        4 => x.reverse_bits(),
        5 => transpose(x.reverse_bits()),
        6 => transpose(mirror_columns(x)),
        _ => transpose(x.swap_bytes()),
    }
}

/// Column `c` to column `7 - c` in every row.
#[inline(always)]
fn mirror_columns(x: u64) -> u64 {
    x.reverse_bits().swap_bytes()
}

/// Cell (r, c) to (c, r): blocks of 4×4, then 2×2, then single cells exchanged across the
/// diagonal.
#[inline(always)]
fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The cells of shape `s` in `x` (of the identity's placement), as bits in the shape's order.
#[inline(always)]
fn gather(x: u64, s: usize) -> usize {
    // Diagonals: a multiplication stacks each row's cell into the top byte at its column.
    let diagonal = |mask: u64, shift: u32| ((x & mask).wrapping_mul(0x0101_0101_0101_0101) >> shift) as usize;
    match s {
        0 => (x & 0xff | (x >> 1) & 0x100 | (x >> 5) & 0x200) as usize,
        1 => (x & 0x7 | (x >> 5) & 0x38 | (x >> 10) & 0x1c0) as usize,
        2 => (x & 0x1f | (x >> 3) & 0x3e0) as usize,
        3 => ((x >> 8) & 0xff) as usize,
        4 => ((x >> 16) & 0xff) as usize,
        5 => ((x >> 24) & 0xff) as usize,
        6 => diagonal(0x8040_2010_0804_0201, 56),
        7 => diagonal(0x0080_4020_1008_0402, 57),
        8 => diagonal(0x0000_8040_2010_0804, 58),
        9 => diagonal(0x0000_0080_4020_1008, 59),
        _ => diagonal(0x0000_0000_8040_2010, 60),
    }
}

/// Bits to base 3: bit `k` of the index becomes `3^k`.
static TERNARY: [u16; 1024] = {
    let mut table = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let (mut value, mut power, mut k) = (0u16, 1u16, 0);
        while k < 10 {
            if bits >> k & 1 == 1 {
                value += power;
            }
            power *= 3;
            k += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// The mover's and the opponent's discs of `position` as the patterns read them (bit `8 r + c`
/// for cell (r, c)), if its board is the standard one.
#[cfg(feature = "training")]
#[must_use]
pub fn standard_discs(position: &Position) -> Option<(u64, u64)> {
    is_standard(position.geometry()).then(|| discs_of(position))
}

/// Whether `geometry` is the standard board: 8×8, every cell playable.
pub(crate) fn is_standard(geometry: &Geometry) -> bool {
    geometry.width() == 8 && geometry.height() == 8 && geometry.playable().len() == 64
}

/// The mover's and the opponent's discs of `position`, on the standard board, as the
/// patterns read them.
pub(crate) fn discs_of(position: &Position) -> (u64, u64) {
    let me = position.side_to_move();
    (standard_word(position.discs(me)), standard_word(position.discs(!me)))
}

/// The cells of `set` on the standard board, bit `8 r + c` for cell (r, c).
pub(crate) fn standard_word(set: Bitboard) -> u64 {
    set.iter().fold(0, |word, sq| word | 1u64 << (8 * u32::from(sq.row()) + u32::from(sq.column())))
}

/// The sums of the instances' weights ([`shapes::with_placements`] gives the list), spelled
/// out term by term, so that each term's shape and symmetry are constants and its cells are
/// read without a branch.
macro_rules! placements {
    ($(($s:literal, $k:literal)),* $(,)?) => {
        /// The weights of the instances' fillings of the `views` (the discs through each
        /// symmetry) in a band's `row` of folded weights ([`PatternWeights`]), summed.
        #[inline(always)]
        fn placements_value(views: &[(u64, u64); 8], row: &[i16; PER_BAND]) -> i32 {
            0 $(+ i32::from(row[OFFSETS[$s] + filling(views[$k], $s)]))*
        }

        /// The same sum from the instances' `indices`, kept up to date by the search.
        #[inline(always)]
        // The last term's step of the lane is not read.
        #[allow(unused_assignments)]
        fn indexed_placements_value(indices: &Indices, row: &[i16; PER_BAND]) -> i32 {
            // Each term takes the next instance's lane: a constant once the terms unroll.
            let mut lane = 0;
            0 $(+ {
                let weight = i32::from(row[OFFSETS[$s] + indices.mover(lane)]);
                lane += 1;
                weight
            })*
        }
    };
}

shapes::with_placements!(placements);

/// Each shape's table's offset in a band's row, after the features' weights, and last the
/// end of the last table.
const OFFSETS: [usize; SHAPES.len() + 1] = {
    let mut offsets = [super::FEATURES; SHAPES.len() + 1];
    let mut s = 0;
    while s < SHAPES.len() {
        offsets[s + 1] = offsets[s] + 3usize.pow(SHAPES[s].len() as u32);
        s += 1;
    }
    offsets
};

/// The filling of shape `s` in the (mover's, opponent's) discs `view`, as an index.
#[inline(always)]
fn filling(view: (u64, u64), s: usize) -> usize {
    usize::from(TERNARY[gather(view.0, s)]) + 2 * usize::from(TERNARY[gather(view.1, s)])
}

/// The discs `p` and `o` through each of the eight symmetries.
#[inline(always)]
fn views(p: u64, o: u64) -> [(u64, u64); 8] {
    // A loop, not `array::from_fn`, as in `Words::features`.
    let mut views = [(0, 0); 8];
    for (k, view) in views.iter_mut().enumerate() {
        *view = (transformed(p, k), transformed(o, k));
    }
    views
}

/// The shapes' placements on the standard board, and the patterns' part of its evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Patterns;

impl Patterns {
    /// The band of [`BANDS`] for a position with `empties` empty cells, if one serves it.
    #[inline]
    #[must_use]
    pub fn band(empties: u32) -> Option<usize> {
        BAND_OF.get(empties as usize).map(|&band| usize::from(band))
    }
}

// The evaluation reads the instances' fillings itself (`placements_value`, `Indices`); these
// serve the tools, which fit the tables, and the tests.
#[cfg_attr(not(feature = "training"), allow(dead_code))]
impl Patterns {
    /// The placements of every shape on the standard board.
    #[must_use]
    pub const fn new() -> Patterns {
        Patterns
    }

    /// Each instance's filling for the mover with discs `p` against `o` (bit `8 r + c` for
    /// cell (r, c)), as the index of its weight in a band's row of [`PER_BAND`] weights.
    pub fn indices(&self, p: u64, o: u64) -> impl Iterator<Item = usize> {
        let views = views(p, o);
        PLACEMENTS.iter().map(move |&(s, k)| OFFSETS[s] + filling(views[k], s))
    }
}

/// The `counts` weighed by the first weights of `row`.
#[inline(always)]
fn weighed_counts(counts: &[i32; COUNTS], row: &[i16; PER_BAND]) -> i64 {
    let mut sum = 0;
    for (&count, &weight) in counts.iter().zip(row) {
        sum += i64::from(count) * i64::from(weight);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::super::shapes::symmetric;
    use super::*;
    use reversi_core::Square;

    /// The index of shape `s` at symmetry `k`, read cell by cell.
    fn naive_index(p: u64, o: u64, s: usize, k: usize) -> usize {
        SHAPES[s].iter().rev().fold(0, |acc, &(r, c)| {
            let (r, c) = symmetric(r, c, k);
            let bit = 8 * r + c;
            acc * 3 + usize::from(p >> bit & 1 == 1) + 2 * usize::from(o >> bit & 1 == 1)
        })
    }

    proptest::proptest! {
        #[test]
        fn gathering_agrees_with_reading_each_cell(a: u64, b: u64, s in 0usize..11, k in 0usize..8) {
            let (p, o) = (a & !b, b & !a);
            let (tp, to) = (transformed(p, k), transformed(o, k));
            let fast = usize::from(TERNARY[gather(tp, s)]) + 2 * usize::from(TERNARY[gather(to, s)]);
            proptest::prop_assert_eq!(fast, naive_index(p, o, s, k));
        }
    }

    #[test]
    fn the_placements_are_each_shapes_distinct_sets_of_cells() {
        let mut derived = Vec::new();
        for (s, shape) in SHAPES.iter().enumerate() {
            let mut seen: Vec<u64> = Vec::new();
            for k in 0..8 {
                let cells = shape.iter().fold(0u64, |acc, &(r, c)| {
                    let (r, c) = symmetric(r, c, k);
                    acc | 1 << (8 * r + c)
                });
                if !seen.contains(&cells) {
                    seen.push(cells);
                    derived.push((s, k));
                }
            }
        }
        assert_eq!(derived, PLACEMENTS);
    }

    /// The cells of `word` (bit `8 r + c` for cell (r, c)) on the standard board.
    fn cells(word: u64) -> Bitboard {
        (0..64u8).filter(|&i| word >> i & 1 == 1).map(|i| Square::new(i % 8, i / 8).expect("a cell of 8×8")).collect()
    }

    proptest::proptest! {
        /// The value is the weighed sum of every feature, the edge windows' included, and of
        /// the indices' weights, all read from the weights file: the folded table
        /// ([`PatternWeights`]) changes nothing.
        #[test]
        fn the_value_is_the_sum_of_the_features_and_the_indices_weights(
            a: u64,
            b: u64,
            band in 0usize..BANDS.len(),
        ) {
            let weights = PatternWeights::built_in();
            proptest::prop_assume!(band < weights.bands());
            let (p, o) = (a & !b, b & !a);
            let position = Position::from_parts(Geometry::default(), cells(p), cells(o), reversi_core::Color::Black)
                .expect("discs on the board");
            let features = super::super::Evaluator::new(position.geometry()).features(&position);
            let weighed: i64 = features.iter().enumerate().map(|(f, &x)| i64::from(x) * i64::from(weight(BUILT_IN_BYTES, band, f))).sum();
            let indices: i64 = Patterns::new().indices(p, o).map(|i| i64::from(weight(BUILT_IN_BYTES, band, i))).sum();
            let counts = features.first_chunk().expect("the counts lead the features");
            proptest::prop_assert_eq!(weights.value(band, counts, p, o), weighed + indices);
        }
    }

    #[test]
    fn a_weights_file_is_a_whole_number_of_bands() {
        let built_in = PatternWeights::built_in();
        assert_eq!(built_in.bands() * BAND_BYTES, BUILT_IN_BYTES.len());
        // A prefix of the bands is a weights file of its own, which serves fewer positions.
        let first = PatternWeights::from_bytes(&BUILT_IN_BYTES[..BAND_BYTES]).expect("one band");
        assert_eq!((first.bands(), first.band(5), first.band(12)), (1, Some(0), None));
        assert_eq!(built_in.band(12), Some(1));
        for bytes in [0, 1, BAND_BYTES - 2, BAND_BYTES + 2, (BANDS.len() + 1) * BAND_BYTES] {
            let file = vec![0u8; bytes];
            assert_eq!(PatternWeights::from_bytes(&file).unwrap_err(), PatternWeightsError::Size { bytes });
        }
        // Every weight at the top of i16: an edge filling with a window of the mover's counts
        // it twice once folded, which leaves i16.
        let file: Vec<u8> = (0..PER_BAND).flat_map(|_| i16::MAX.to_le_bytes()).collect();
        assert!(matches!(PatternWeights::from_bytes(&file), Err(PatternWeightsError::Overflow { band: 0, .. })));
    }

    /// The tests of the indices kept move by move ([`Indices`]) against this module's reading.
    mod indexed {
        use super::super::Patterns;
        use crate::eval::indices::Indices;
        use crate::eval::shapes::INSTANCES;

        /// The indices as [`Patterns::indices`] reads them from the discs, without the shapes'
        /// offsets in the weights' row.
        fn read(p: u64, o: u64) -> Vec<usize> {
            let offsets = Patterns::new().indices(0, 0).collect::<Vec<_>>();
            Patterns::new().indices(p, o).zip(offsets).map(|(index, offset)| index - offset).collect()
        }

        fn movers(indices: &Indices) -> Vec<usize> {
            (0..INSTANCES).map(|i| indices.mover(i)).collect()
        }

        proptest::proptest! {
            #[test]
            fn the_indices_of_a_position_are_those_read_from_its_discs(a: u64, b: u64) {
                let (p, o) = (a & !b, b & !a);
                let indices = Indices::of(p, o);
                proptest::prop_assert_eq!(movers(&indices), read(p, o));
                proptest::prop_assert_eq!(movers(&indices.passed()), read(o, p));
            }

            /// Any cell filled with any of the opponent's discs flipped (legal or not, the
            /// update is the same arithmetic): the child's indices are those read from its
            /// discs.
            #[test]
            fn a_move_updates_the_indices_as_a_reading_of_the_child(a: u64, b: u64, x in 0u32..64, f: u64) {
                let (p, o) = (a & !b & !(1 << x), b & !a & !(1 << x));
                let flips = f & o;
                let child = Indices::of(p, o).after(x, flips);
                let (child_p, child_o) = (o ^ flips, p | flips | 1 << x);
                proptest::prop_assert_eq!(child, Indices::of(child_p, child_o));
                proptest::prop_assert_eq!(movers(&child), read(child_p, child_o));
            }
        }
    }
}
