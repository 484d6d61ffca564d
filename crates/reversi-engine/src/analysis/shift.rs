//! Moves of whole sets of cells one step in a direction, on the core's 16-wide layout
//! (bit `row * 16 + column`), for the analysis's flood fills.

use reversi_core::Bitboard;

/// One of the four line directions through a cell; each has two senses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// Along a row.
    Horizontal,
    /// Along a column.
    Vertical,
    /// From top left to bottom right.
    Diagonal,
    /// From top right to bottom left.
    AntiDiagonal,
}

impl Line {
    /// The four lines.
    pub(crate) const ALL: [Line; 4] = [Line::Horizontal, Line::Vertical, Line::Diagonal, Line::AntiDiagonal];

    /// The bit distance of one step forward along the line, and whether the step changes
    /// column to the right (`1`), to the left (`-1`) or not at all (`0`).
    const fn step(self) -> (u32, i8) {
        match self {
            Line::Horizontal => (1, 1),
            Line::Vertical => (16, 0),
            Line::Diagonal => (17, 1),
            Line::AntiDiagonal => (15, -1),
        }
    }
}

/// Column `a` of every row: a step to the right must not land there (it wrapped from column
/// `p` of the row above).
const COLUMN_A: Bitboard = Bitboard::from_words([0x0001_0001_0001_0001; 4]);
/// Column `p` of every row: a step to the left must not land there.
const COLUMN_P: Bitboard = Bitboard::from_words([0x8000_8000_8000_8000; 4]);

fn shift_up(set: Bitboard, n: u32) -> Bitboard {
    let w = set.to_words();
    let mut out = [0u64; 4];
    for i in 0..4 {
        out[i] = w[i] << n;
        if i > 0 {
            out[i] |= w[i - 1] >> (64 - n);
        }
    }
    Bitboard::from_words(out)
}

fn shift_down(set: Bitboard, n: u32) -> Bitboard {
    let w = set.to_words();
    let mut out = [0u64; 4];
    for i in 0..4 {
        out[i] = w[i] >> n;
        if i < 3 {
            out[i] |= w[i + 1] << (64 - n);
        }
    }
    Bitboard::from_words(out)
}

/// Every cell of `set` moved one step forward along `line` (towards higher indices); cells
/// that would leave the 16×16 grid are dropped.
#[must_use]
pub(crate) fn forward(set: Bitboard, line: Line) -> Bitboard {
    let (n, dc) = line.step();
    let moved = shift_up(set, n);
    match dc {
        1 => moved - COLUMN_A,
        -1 => moved - COLUMN_P,
        _ => moved,
    }
}

/// Every cell of `set` moved one step backward along `line`.
#[must_use]
pub(crate) fn backward(set: Bitboard, line: Line) -> Bitboard {
    let (n, dc) = line.step();
    let moved = shift_down(set, n);
    match dc {
        1 => moved - COLUMN_P,
        -1 => moved - COLUMN_A,
        _ => moved,
    }
}

/// The cells next to a cell of `set` in any of the eight directions (`set` itself not
/// included unless a member is next to another).
#[must_use]
pub(crate) fn neighbours(set: Bitboard) -> Bitboard {
    Line::ALL.iter().fold(Bitboard::EMPTY, |acc, &line| acc | forward(set, line) | backward(set, line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_core::Square;

    #[test]
    fn steps_match_square_offsets_everywhere() {
        for i in 0..=255u8 {
            let sq = Square::from_index(i);
            let one = Bitboard::from_square(sq);
            for (line, (dc, dr)) in [
                (Line::Horizontal, (1, 0)),
                (Line::Vertical, (0, 1)),
                (Line::Diagonal, (1, 1)),
                (Line::AntiDiagonal, (-1, 1)),
            ] {
                let want = |dc: i8, dr: i8| sq.offset(dc, dr).map_or(Bitboard::EMPTY, Bitboard::from_square);
                assert_eq!(forward(one, line), want(dc, dr), "{sq} {line:?}");
                assert_eq!(backward(one, line), want(-dc, -dr), "{sq} {line:?}");
            }
        }
    }
}
