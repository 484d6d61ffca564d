//! The position string of the rules (docs/rules.md §5): rows from the top separated by `/`,
//! one character a cell (`X` Black, `O` White, `-` empty, `#` not playable), a space, and the
//! side to move.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Color, Geometry, GeometryError, Position, Square};

/// Why a position string cannot be read. Rows and columns are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// There is no space followed by the side to move.
    #[error("missing side to move: expected the rows, a space, then X or O")]
    MissingSide,
    /// The side to move is not `X` or `O`.
    #[error("invalid side to move {found:?}: expected X or O")]
    InvalidSide {
        /// The text after the space.
        found: String,
    },
    /// A row is not as long as the first.
    #[error("row {row} has {found} cells, but row 1 has {expected}")]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A cell's character is not one of `X`, `O`, `-`, `#`.
    #[error("invalid character {found:?} at row {row}, column {column}: expected X, O, - or #")]
    InvalidCell {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// More than 255 rows or cells in a row, far too many to be a size at all (a board has at
    /// most 16 of each).
    #[error("{rows} rows of {columns} cells: a board has at most 16 of each")]
    TooLarge {
        /// The number of rows.
        rows: usize,
        /// The number of cells in a row.
        columns: usize,
    },
    /// The rows do not make a board of an allowed size.
    #[error(transparent)]
    Size(#[from] GeometryError),
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string such as
    /// `--------/--------/--------/---OX---/---XO---/--------/--------/-------- X`; whitespace
    /// around it (a trailing newline) is ignored.
    ///
    /// ```
    /// use reversi_core::{Color, Position};
    /// let pos: Position = "----/-XO-/-OX-/---- O\n".parse()?;
    /// assert_eq!((pos.geometry().width(), pos.side_to_move()), (4, Color::White));
    /// # Ok::<(), reversi_core::ParsePositionError>(())
    /// ```
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let (board, side) = s.trim().split_once(' ').ok_or(ParsePositionError::MissingSide)?;
        let side = match side {
            "X" | "x" => Color::Black,
            "O" | "o" => Color::White,
            _ => return Err(ParsePositionError::InvalidSide { found: side.to_owned() }),
        };
        let rows: Vec<&str> = board.split('/').collect();
        let width = rows[0].chars().count();
        for (r, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != width {
                return Err(ParsePositionError::RowLength { row: r + 1, expected: width, found });
            }
        }
        let (Ok(w), Ok(h)) = (u8::try_from(width), u8::try_from(rows.len())) else {
            return Err(ParsePositionError::TooLarge { rows: rows.len(), columns: width });
        };
        let mut geometry = Geometry::rectangle(w, h)?;
        let (mut black, mut white, mut unplayable) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let sq = Square::new(c as u8, r as u8).expect("size checked above");
                match ch {
                    'X' | 'x' => black.insert(sq),
                    'O' | 'o' => white.insert(sq),
                    '-' => {}
                    '#' => unplayable.insert(sq),
                    found => return Err(ParsePositionError::InvalidCell { row: r + 1, column: c + 1, found }),
                }
            }
        }
        geometry = geometry.with_unplayable(unplayable)?;
        Ok(Position::from_parts(geometry, black, white, side).expect("each cell holds one character"))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.geometry();
        for row in 0..g.height() {
            if row > 0 {
                f.write_str("/")?;
            }
            for column in 0..g.width() {
                let sq = Square::new(column, row).expect("on the board");
                let ch = match self.disc_at(sq) {
                    Some(color) => color.symbol(),
                    None if g.is_playable(sq) => '-',
                    None => '#',
                };
                write!(f, "{ch}")?;
            }
        }
        write!(f, " {}", self.side_to_move().symbol())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// The board drawn as a grid with its coordinates, for terminals: `X` Black, `O` White,
/// `.` empty, `#` not playable, and `*` on each cell of `marks`. The Octagon's cut corners are
/// left blank, so that they do not look like blocked cells.
#[must_use]
pub fn diagram(pos: &Position, marks: Bitboard) -> String {
    let g = pos.geometry();
    // The Octagon's corners, on a board that has them cut (blocked cells come on top).
    let octagon = Geometry::octagon();
    let cut_corners = octagon.unplayable();
    let cut = if (g.width(), g.height()) == (octagon.width(), octagon.height())
        && (cut_corners - g.unplayable()).is_empty()
    {
        cut_corners
    } else {
        Bitboard::EMPTY
    };
    let mut out = String::from("   ");
    for column in 0..g.width() {
        out.push(' ');
        out.push((b'a' + column) as char);
    }
    out.push('\n');
    for row in 0..g.height() {
        out.push_str(&format!("{:>3}", row + 1));
        for column in 0..g.width() {
            let sq = Square::new(column, row).expect("on the board");
            let ch = match pos.disc_at(sq) {
                Some(color) => color.symbol(),
                None if marks.contains(sq) => '*',
                None if g.is_playable(sq) => '.',
                None if cut.contains(sq) => ' ',
                None => '#',
            };
            out.push(' ');
            out.push(ch);
        }
        // No trailing blanks where a row ends in cut corners.
        out.truncate(out.trim_end_matches(' ').len());
        out.push('\n');
    }
    out
}
