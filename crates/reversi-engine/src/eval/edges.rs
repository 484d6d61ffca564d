//! Edge patterns: how the discs lie along the board's rim, four cells at a time.
//!
//! An edge is worth more or less by its shape, not by its disc count: a wedge, an unbalanced
//! edge or a lone disc next to an empty corner each have a price that mobility and stability do
//! not see. No table is made per board: a *window* is any four cells in a row (along a row, a
//! column or a diagonal) that are all rim cells, walled in at least three of their four lines, so
//! the windows follow the edges of every rectangle, the Octagon's straight edges (its cuts are
//! three cells long, too short for a window), any longer diagonal rim and the corners that a
//! blocked cell makes.
//!
//! A window is read from the side to move's view, each cell empty, mine or theirs: 81
//! fillings. A filling and its mirror image (the window read backwards) count as one pattern,
//! and a pattern counts +1 for the side to move and -1 when the colours are the other way
//! round, as the other features do. The fillings that are their own colour-swapped mirror (the
//! empty window, `m--t`...) say nothing about who is better and are dropped: 20 patterns
//! remain.
//!
//! Corner blocks (a corner, its X cell and the two cells next to both, 26 patterns) were tried
//! beside the windows and dropped: no gain in level 5's loss against perfect play
//! (`benches/README.md`, Engine section).

use reversi_core::{Bitboard, Square};

/// The number of edge patterns.
pub const EDGE_PATTERNS: usize = 20;

/// The fillings of an edge window, `-` empty, `m` the side to move's disc, `t` the
/// opponent's, in the order of the features. Each stands for itself and its mirror image; the
/// same filling with the colours swapped counts against the side to move.
// For reading the features (the tools' `training` feature); the evaluation counts by number.
#[cfg_attr(not(feature = "training"), allow(dead_code))]
pub const EDGE_PATTERN_FILLINGS: [&str; EDGE_PATTERNS] = [
    "m---", "-m--", "mm--", "tm--", "m-m-", "t-m-", "-mm-", "mmm-", "tmm-", "mtm-", "ttm-", "m--m", "mm-m", "tm-m",
    "mt-m", "tt-m", "mmmm", "tmmm", "mtmm", "mttm",
];

/// A filling as a number: cell `k` of the window is digit `k` in base 3 (0 empty, 1 mine, 2
/// theirs).
type Filling = usize;

const fn digit(filling: Filling, k: u32) -> usize {
    (filling / 3usize.pow(k)) % 3
}

/// The window read backwards.
const fn mirrored(filling: Filling) -> Filling {
    let mut out = 0;
    let mut k = 0;
    while k < 4 {
        out += digit(filling, k) * 3usize.pow(3 - k);
        k += 1;
    }
    out
}

const fn swap_colours(filling: Filling) -> Filling {
    let mut out = 0;
    let mut k = 0;
    while k < 4 {
        let d = digit(filling, k);
        out += (if d == 0 { 0 } else { 3 - d }) * 3usize.pow(k);
        k += 1;
    }
    out
}

/// The smaller of a filling and its mirror image: one number for both.
const fn shape(filling: Filling) -> Filling {
    let m = mirrored(filling);
    if m < filling { m } else { filling }
}

/// For each filling, its pattern and sign (+1 for the side to move's pattern, -1 for the
/// opponent's), or a sign of 0 for a filling that says nothing. The patterns are numbered in
/// increasing order of their smallest filling, as [`EDGE_PATTERN_FILLINGS`] lists them.
const CLASSES: [(u8, i8); 81] = classes();

/// The pattern and sign of a window's filling (cell `k` digit `k` in base 3: 0 empty, 1 the
/// side to move's, 2 the opponent's), as [`CLASSES`] holds them.
pub(crate) const fn class(filling: usize) -> (u8, i8) {
    CLASSES[filling]
}

const fn classes() -> [(u8, i8); 81] {
    let mut representatives = [0usize; EDGE_PATTERNS];
    let mut found = 0;
    let mut filling = 0;
    while filling < 81 {
        let own = shape(filling);
        let swapped = shape(swap_colours(filling));
        if own == filling && own < swapped {
            representatives[found] = own;
            found += 1;
        }
        filling += 1;
    }
    assert!(found == EDGE_PATTERNS, "EDGE_PATTERNS is not the number of patterns");
    let mut out = [(0u8, 0i8); 81];
    let mut filling = 0;
    while filling < 81 {
        let own = shape(filling);
        let swapped = shape(swap_colours(filling));
        if own != swapped {
            let (representative, sign) = if own < swapped { (own, 1) } else { (swapped, -1) };
            let mut i = 0;
            while representatives[i] != representative {
                i += 1;
            }
            out[filling] = (i as u8, sign);
        }
        filling += 1;
    }
    out
}

/// The windows of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EdgeWindows {
    windows: Box<[[Square; 4]]>,
}

impl EdgeWindows {
    /// The windows made of cells of `rim`: four cells in a row, along any of the four lines.
    pub(crate) fn of(rim: Bitboard) -> EdgeWindows {
        const STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let mut windows = Vec::new();
        for first in rim.iter() {
            for (dc, dr) in STEPS {
                let cell = |k: i8| first.offset(dc * k, dr * k).filter(|&sq| rim.contains(sq));
                if let (Some(b), Some(c), Some(d)) = (cell(1), cell(2), cell(3)) {
                    windows.push([first, b, c, d]);
                }
            }
        }
        EdgeWindows { windows: windows.into_boxed_slice() }
    }

    /// Each pattern's count in the windows, from the view of the side whose discs are `mine`.
    pub(crate) fn count(&self, mine: Bitboard, theirs: Bitboard) -> [i32; EDGE_PATTERNS] {
        count_windows(&self.windows, |sq: &Square| (mine.contains(*sq), theirs.contains(*sq)))
    }

    /// The windows' cells.
    pub(crate) fn windows(&self) -> &[[Square; 4]] {
        &self.windows
    }
}

/// Each pattern's count in `windows`, whose cells `read` tells as (mine, theirs).
#[inline(always)]
pub(crate) fn count_windows<C>(windows: &[[C; 4]], read: impl Fn(&C) -> (bool, bool)) -> [i32; EDGE_PATTERNS] {
    let mut counts = [0; EDGE_PATTERNS];
    for window in windows {
        let filling = window.iter().rev().fold(0, |acc, cell| {
            let (mine, theirs) = read(cell);
            acc * 3 + usize::from(mine) + 2 * usize::from(theirs)
        });
        let (pattern, sign) = CLASSES[filling];
        counts[usize::from(pattern)] += i32::from(sign);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Walls;
    use reversi_core::Geometry;

    fn filling_of(text: &str) -> Filling {
        text.chars().rev().fold(0, |acc, c| {
            acc * 3
                + match c {
                    '-' => 0,
                    'm' => 1,
                    't' => 2,
                    _ => panic!("not a cell: {c}"),
                }
        })
    }

    #[test]
    fn the_names_list_the_patterns_in_feature_order() {
        for (i, text) in EDGE_PATTERN_FILLINGS.iter().enumerate() {
            assert_eq!(CLASSES[filling_of(text)], (i as u8, 1), "{text}");
        }
    }

    #[test]
    fn a_mirror_image_is_the_same_pattern_and_swapped_colours_count_against() {
        for filling in 0..81 {
            let (pattern, sign) = CLASSES[filling];
            assert_eq!(CLASSES[mirrored(filling)], (pattern, sign));
            let (swapped_pattern, swapped_sign) = CLASSES[swap_colours(filling)];
            assert_eq!(swapped_sign, -sign);
            if sign != 0 {
                assert_eq!(swapped_pattern, pattern);
            }
        }
        // Dropped: the empty window, and fillings like m--t whose mirror is their colour swap.
        assert_eq!(CLASSES[filling_of("----")].1, 0);
        assert_eq!(CLASSES[filling_of("m--t")].1, 0);
        assert_eq!(CLASSES[filling_of("tt--")], (2, -1));
    }

    fn windows(geometry: &Geometry) -> usize {
        EdgeWindows::of(Walls::of(geometry).walled_in(3)).windows.len()
    }

    #[test]
    fn windows_run_along_every_edge_and_cut() {
        // Five windows on each side of 8×8, seven on each side of 10×10.
        assert_eq!(windows(&Geometry::rectangle(8, 8).expect("8x8")), 20);
        assert_eq!(windows(&Geometry::rectangle(10, 10).expect("10x10")), 28);
        assert_eq!(windows(&Geometry::rectangle(4, 6).expect("4x6")), 2 + 2 * 3);
        // The Octagon's straight edges have six cells (c1..h1...), three windows each; its cuts
        // (c1 b2 a3...) are three cells long, too short for a window.
        assert_eq!(windows(&Geometry::octagon()), 4 * 3);
        // A diagonal rim of four cells makes a window: 8×8 without a1 b1 c1 a2 b2 a3, whose
        // cut runs d1 c2 b3 a4: five windows on each whole side, two on each shortened one
        // (d1..h1, a4..a8) and one on the cut.
        let cut: Bitboard =
            ["a1", "b1", "c1", "a2", "b2", "a3"].iter().map(|n| n.parse::<Square>().expect("a cell")).collect();
        let cut_board = Geometry::rectangle(8, 8).expect("8x8").with_unplayable(cut).expect("a cut");
        assert_eq!(windows(&cut_board), 5 + 5 + 2 + 2 + 1);
        // A blocked cell on the edge cuts the four windows through it (c1 and e1 become
        // corners, still rim cells).
        let d1: Bitboard = ["d1"].iter().map(|n| n.parse::<Square>().expect("d1")).collect();
        let holed = Geometry::rectangle(8, 8).expect("8x8").with_unplayable(d1).expect("a hole");
        assert_eq!(windows(&holed), 20 - 4);
    }

    #[test]
    fn a_window_reads_the_side_to_moves_view() {
        // Black (X) to move, with X X O on the first three cells of an edge. The windows along
        // it read "mmt-" (that is "ttm-" with the colours swapped: -1), "mt--" ("tm--"
        // swapped: -1), "t---" ("m---" swapped: -1) and two empty ones; the window down the
        // other edge from the corner reads "m---" (+1).
        let pos: reversi_core::Position =
            "--------/--------/--------/---OX---/---XO---/--------/--------/XXO----- X".parse().expect("a position");
        let walls = Walls::of(pos.geometry());
        let me = pos.side_to_move();
        let counts = EdgeWindows::of(walls.walled_in(3)).count(pos.discs(me), pos.discs(!me));
        let index = |text: &str| EDGE_PATTERN_FILLINGS.iter().position(|&f| f == text).expect("a listed filling");
        let mut want = [0; EDGE_PATTERNS];
        want[index("ttm-")] = -1;
        want[index("tm--")] = -1;
        assert_eq!(counts, want);
    }
}
