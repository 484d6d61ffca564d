//! The analysis on the move generators' words instead of [`Bitboard`](reversi_core::Bitboard)s,
//! for the code that runs inside a search (the solver's stability cut-off and its
//! evaluation): neighbours along the four lines, and the stable discs by the closure of
//! [`stable_discs`](super::stable_discs) (a wall, a full segment or a stable disc of the same
//! colour beside it, along each line), computed with shifts of the generators' row-major
//! layouts (bit `row * stride + column`).

use reversi_core::kernel::{Layout, Word};
use reversi_core::{Geometry, Square};

/// The four lines through a cell, by their step in the row-major layout: a row, a column and
/// the two diagonals.
const LINES: usize = 4;

/// What the closure needs to know about a board's lines.
pub(crate) struct Lines<W> {
    playable: W,
    /// Each line's step between neighbouring cells: 1, the row's stride, the stride plus and
    /// minus 1.
    steps: [u32; LINES],
    /// The cells a shift up (by the step) may land on from a neighbour without wrapping
    /// around a row's end, and those a shift down may.
    up: [W; LINES],
    down: [W; LINES],
    /// For each line, the cells with a wall (off the board, cut, blocked) on one side along it.
    walled: [W; LINES],
    /// For each line, the doubling steps that span its longest segment (`2^doublings - 1`
    /// cells at least): no more, so that no shift reaches past the word.
    doublings: [u32; LINES],
    /// Whether these are the lines of [`Lines::standard`]: the methods then run on those,
    /// whose shifts and masks the compiler folds into the code.
    standard: bool,
}

impl<W: Word> Lines<W> {
    /// The lines of `geometry` in the layout of `mg`, or `None` if that layout is not
    /// row-major (bit `row * stride + column`, with a stride of at least the width).
    pub(crate) fn new<M: Layout<Word = W>>(mg: &M, geometry: &Geometry) -> Option<Lines<W>> {
        let (width, height) = (u32::from(geometry.width()), u32::from(geometry.height()));
        let at = |column: u32, row: u32| Square::new(column as u8, row as u8).map(|sq| mg.index(sq));
        let stride = at(0, 1)?.checked_sub(at(0, 0)?)?;
        let row_major = (0..height).all(|row| (0..width).all(|column| at(column, row) == Some(row * stride + column)));
        if !row_major || width < 2 || stride < width {
            return None;
        }
        let playable = mg.compact(geometry.playable());
        let column = |c: u32| (0..height).fold(W::ZERO, |acc, row| acc | W::bit(row * stride + c));
        let (first, last) = (column(0), column(width - 1));
        // A shift up by 1 or by the stride plus 1 moves a cell one column right: landing on
        // the first column means it came round from the row before. The stride minus 1 moves
        // it one column left, and landing on the last column means the same. (With a stride
        // wider than the board, the cells between rows are not playable anyway.)
        let up = [playable & !first, playable, playable & !first, playable & !last];
        let down = [playable & !last, playable, playable & !last, playable & !first];
        let bits = |length: u32| u32::BITS - (length - 1).leading_zeros();
        let doublings = [bits(width), bits(height), bits(width.min(height)), bits(width.min(height))];
        let mut lines = Lines {
            playable,
            steps: [1, stride, stride + 1, stride - 1],
            up,
            down,
            walled: [W::ZERO; LINES],
            doublings,
            standard: false,
        };
        for i in 0..LINES {
            let both_sides = lines.shift_up(playable, i) & lines.shift_down(playable, i);
            lines.walled[i] = playable & !both_sides;
        }
        lines.standard = W::BITS == 64 && lines.same_as(&Lines::standard());
        Some(lines)
    }

    /// The lines of the standard 8×8 board, every cell playable, in a 64-bit word of the
    /// layout bit `8 row + column`: what [`Lines::new`] computes for it, spelled out as
    /// constants. Built where a method runs (everything here is inlined), it costs nothing:
    /// the compiler folds its steps and masks into the shifts, and the loops over the lines
    /// and the doublings unroll. The solver's evaluation and cut-offs on the standard board
    /// run through it ([`Lines::new`] sets `standard` when a board's lines are these): the
    /// evaluation then takes about a sixth fewer instructions than with computed lines.
    #[inline(always)]
    fn standard() -> Lines<W> {
        const FIRST_COLUMN: u64 = 0x0101_0101_0101_0101;
        const LAST_COLUMN: u64 = FIRST_COLUMN << 7;
        const FIRST_ROW: u64 = 0xff;
        const LAST_ROW: u64 = FIRST_ROW << 56;
        const RIM: u64 = FIRST_COLUMN | LAST_COLUMN | FIRST_ROW | LAST_ROW;
        let word = |bits: u64| W::from_chunk(bits, 0);
        let all = word(!0);
        Lines {
            playable: all,
            steps: [1, 8, 9, 7],
            up: [word(!FIRST_COLUMN), all, word(!FIRST_COLUMN), word(!LAST_COLUMN)],
            down: [word(!LAST_COLUMN), all, word(!LAST_COLUMN), word(!FIRST_COLUMN)],
            walled: [word(FIRST_COLUMN | LAST_COLUMN), word(FIRST_ROW | LAST_ROW), word(RIM), word(RIM)],
            doublings: [3; LINES],
            standard: true,
        }
    }

    /// Whether the methods run on [`Lines::standard`]'s constants.
    #[cfg(test)]
    pub(crate) fn is_standard(&self) -> bool {
        self.standard
    }

    /// Whether both describe the same lines.
    fn same_as(&self, other: &Lines<W>) -> bool {
        self.playable == other.playable
            && self.steps == other.steps
            && self.up == other.up
            && self.down == other.down
            && self.walled == other.walled
            && self.doublings == other.doublings
    }

    /// The playable cells next to a cell of `set`, along any line.
    #[inline(always)]
    pub(crate) fn neighbours(&self, set: W) -> W {
        if self.standard { Self::standard().neighbours_here(set) } else { self.neighbours_here(set) }
    }

    #[inline(always)]
    fn neighbours_here(&self, set: W) -> W {
        // A loop, not a fold: its closure would not be inlined into the solver's entry points.
        let mut all = W::ZERO;
        for i in 0..LINES {
            all = all | self.shift_up(set, i) | self.shift_down(set, i);
        }
        all
    }

    /// The playable cells diagonally next to a cell of `set`, and those next to it along a
    /// row or a column.
    #[inline(always)]
    pub(crate) fn neighbours_by_line(&self, set: W) -> (W, W) {
        if self.standard {
            let lines = Self::standard();
            (lines.along(set, [2, 3]), lines.along(set, [0, 1]))
        } else {
            (self.along(set, [2, 3]), self.along(set, [0, 1]))
        }
    }

    /// The playable cells next to a cell of `set` along a row or a column.
    #[inline(always)]
    pub(crate) fn orthogonal_neighbours(&self, set: W) -> W {
        if self.standard { Self::standard().along(set, [0, 1]) } else { self.along(set, [0, 1]) }
    }

    /// The playable cells next to a cell of `set` along either of two lines.
    #[inline(always)]
    fn along(&self, set: W, lines: [usize; 2]) -> W {
        self.shift_up(set, lines[0])
            | self.shift_down(set, lines[0])
            | self.shift_up(set, lines[1])
            | self.shift_down(set, lines[1])
    }

    /// The playable cells one step further along line `i` from those of `set`.
    #[inline(always)]
    fn shift_up(&self, set: W, i: usize) -> W {
        (set << self.steps[i]) & self.up[i]
    }

    /// The playable cells one step back along line `i` from those of `set`.
    #[inline(always)]
    fn shift_down(&self, set: W, i: usize) -> W {
        (set >> self.steps[i]) & self.down[i]
    }

    /// The discs of `discs` that can never flip, with the board's empty cells `empty`.
    #[inline(always)]
    pub(crate) fn stable(&self, discs: W, empty: W) -> W {
        if self.standard {
            let lines = Self::standard();
            lines.stable_here(discs, &lines.safe_here(empty))
        } else {
            self.stable_here(discs, &self.safe_here(empty))
        }
    }

    /// For each line, the cells that no move can flip along it, with the board's empty cells
    /// `empty`: those with a wall on one side, and those whose segment is full. Shared by both
    /// colours' [`stable_in`](Self::stable_in).
    #[inline(always)]
    pub(crate) fn safe(&self, empty: W) -> [W; LINES] {
        if self.standard { Self::standard().safe_here(empty) } else { self.safe_here(empty) }
    }

    #[inline(always)]
    fn safe_here(&self, empty: W) -> [W; LINES] {
        // A loop, not `array::from_fn`: its function would not be inlined into the solver's
        // entry points (`solver::features`), and so would run without their CPU features.
        let mut safe = [W::ZERO; LINES];
        for (i, line) in safe.iter_mut().enumerate() {
            // The cells whose segment along line `i` reaches an empty cell: the empty cells
            // spread both ways through playable cells, by doubling steps (a parallel prefix
            // fill), each step's reach being the cells whose whole run back is playable.
            let (mut forward, mut backward) = (empty, empty);
            let (mut up, mut down) = (self.up[i], self.down[i]);
            let mut step = self.steps[i];
            for k in 0..self.doublings[i] {
                forward = forward | (up & (forward << step));
                backward = backward | (down & (backward >> step));
                if k + 1 < self.doublings[i] {
                    up = up & (up << step);
                    down = down & (down >> step);
                    step *= 2;
                }
            }
            *line = (self.playable & !(forward | backward)) | self.walled[i];
        }
        safe
    }

    /// The discs of `discs` that can never flip, given the lines' [`safe`](Self::safe) cells:
    /// the smallest set whose discs are, along each line, safe or next to one of the set.
    #[inline(always)]
    pub(crate) fn stable_in(&self, discs: W, safe: &[W; LINES]) -> W {
        if self.standard { Self::standard().stable_here(discs, safe) } else { self.stable_here(discs, safe) }
    }

    #[inline(always)]
    fn stable_here(&self, discs: W, safe: &[W; LINES]) -> W {
        let mut found = W::ZERO;
        loop {
            let mut next = discs;
            for (i, &safe) in safe.iter().enumerate() {
                next = next & (safe | self.shift_up(found, i) | self.shift_down(found, i));
            }
            if next == found {
                return found;
            }
            found = next;
        }
    }
}
