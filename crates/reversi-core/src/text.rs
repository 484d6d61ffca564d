//! The position string of the rules (docs/rules.md §5): rows from the top separated by `/`,
//! one character a cell (`X` Black, `O` White, `-` empty, `#` not playable), a space, and the
//! side to move; and the one-line 8×8 form of NBoard, GGF and Edax's OBF (64 cells, a space,
//! the side), read alike.

use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
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
    /// The side to move is not `X` or `O` (or, in the one-line 8×8 form, `*`).
    #[error("invalid side to move {found:?}: expected X or O")]
    InvalidSide {
        /// The text after the space (at most its first 20 characters).
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
    /// `--------/--------/--------/---OX---/---XO---/--------/--------/-------- X`, or the
    /// one-line 8×8 form (64 cells, no `/`, as [`Position::one_line`] writes it; `*` is read
    /// as Black there, in the cells and as the side, and a `;` may end it);
    /// whitespace around it (a trailing newline) is ignored.
    ///
    /// ```
    /// use reversi_core::{Color, Position};
    /// let pos: Position = "----/-XO-/-OX-/---- O\n".parse()?;
    /// assert_eq!((pos.geometry().width(), pos.side_to_move()), (4, Color::White));
    /// let nboard: Position = "---------------------------O*------*O--------------------------- *".parse()?;
    /// assert_eq!(nboard, Position::default());
    /// # Ok::<(), reversi_core::ParsePositionError>(())
    /// ```
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let (board, side) = s.trim().split_once(' ').ok_or(ParsePositionError::MissingSide)?;
        // The one-line 8×8 form: no `/`, 64 cells. Its writers mark Black `*` or `X` and may
        // end the side with `;` (Edax's OBF).
        let one_line = !board.contains('/') && board.chars().count() == ONE_LINE_CELLS;
        let side_text = if one_line { side.strip_suffix(';').unwrap_or(side) } else { side };
        let side = match side_text {
            "X" | "x" => Color::Black,
            "*" if one_line => Color::Black,
            "O" | "o" => Color::White,
            _ => return Err(ParsePositionError::InvalidSide { found: side.chars().take(20).collect() }),
        };
        let rows: Vec<&str> = if one_line {
            // Eight rows of eight: char boundaries, as a cell may be any character until checked.
            let bounds: Vec<usize> = board.char_indices().map(|(i, _)| i).chain([board.len()]).collect();
            (0..8).map(|r| &board[bounds[r * 8]..bounds[r * 8 + 8]]).collect()
        } else {
            board.split('/').collect()
        };
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
                    '*' if one_line => black.insert(sq),
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

/// The cells of the one-line form: 8×8 only, as NBoard, GGF and OBF write it.
const ONE_LINE_CELLS: usize = 64;

impl Position {
    /// The one-line 8×8 form of NBoard, GGF and Edax's OBF: the 64 cells row after row (`X`,
    /// `O`, `-`, `#` as in the position string), a space and the side to move, such as
    /// `---------------------------OX------XO--------------------------- X`; `None` on any
    /// other board. [`FromStr`] reads it back (and `*` for Black, as NBoard writes it).
    ///
    /// ```
    /// use reversi_core::Position;
    /// let start = Position::default();
    /// let line = start.one_line().unwrap();
    /// assert_eq!(line, "---------------------------OX------XO--------------------------- X");
    /// assert_eq!(line.parse::<Position>()?, start);
    /// # Ok::<(), reversi_core::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn one_line(&self) -> Option<String> {
        let g = self.geometry();
        if (g.width(), g.height()) != (8, 8) {
            return None;
        }
        let text = self.to_string();
        Some(text.replace('/', ""))
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
