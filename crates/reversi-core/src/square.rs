//! Cells of the board and their names.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

/// The largest board side this crate supports.
pub const MAX_SIDE: u8 = 16;

/// A cell of a board of up to 16×16, `a1` (top left) to `p16`.
///
/// Columns are letters from the left, rows are numbers from the top. A square does not know
/// the board it belongs to: whether it is on a given board is the
/// [`Geometry`](crate::Geometry)'s question.
///
/// ```
/// use reversi_core::Square;
/// let sq: Square = "J10".parse()?;
/// assert_eq!((sq.column(), sq.row()), (9, 9));
/// assert_eq!(sq.to_string(), "j10");
/// # Ok::<(), reversi_core::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// `a1`, the top-left cell of every board.
    pub const A1: Square = Square(0);

    /// The square at 0-based `column` and `row`, or `None` if either is 16 or more.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < MAX_SIDE && row < MAX_SIDE { Some(Square(row * MAX_SIDE + column)) } else { None }
    }

    /// The square with the canonical index `row * 16 + column`, as used by
    /// [`Bitboard`](crate::Bitboard).
    #[must_use]
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// The canonical index `row * 16 + column`, 0 to 255.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The 0-based column (0 is `a`).
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % MAX_SIDE
    }

    /// The 0-based row (0 is row `1`, the top).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// The square `dc` columns and `dr` rows away, if it is still within 16×16.
    #[must_use]
    pub const fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let c = self.column() as i16 + dc as i16;
        let r = self.row() as i16 + dr as i16;
        if c < 0 || r < 0 || c >= MAX_SIDE as i16 || r >= MAX_SIDE as i16 {
            None
        } else {
            Some(Square((r * MAX_SIDE as i16 + c) as u8))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error of parsing a [`Square`] name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is empty.
    #[error("empty square name")]
    Empty,
    /// The first character is not a column letter `a` to `p`.
    #[error("invalid square {name:?}: column must be a letter a to p")]
    Column {
        /// The text that was given.
        name: String,
    },
    /// The rest is not a row number 1 to 16.
    #[error("invalid square {name:?}: row must be a number 1 to 16")]
    Row {
        /// The text that was given.
        name: String,
    },
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses a name such as `d3` or `J10`, case-insensitively.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        let Some((&letter, digits)) = bytes.split_first() else {
            return Err(ParseSquareError::Empty);
        };
        let column = letter.to_ascii_lowercase().wrapping_sub(b'a');
        if column >= MAX_SIDE {
            return Err(ParseSquareError::Column { name: s.to_owned() });
        }
        let row_error = || ParseSquareError::Row { name: s.to_owned() };
        // No sign, no leading zero, one or two digits: "d03" or "d+3" is not a square name.
        if digits.is_empty() || digits.len() > 2 || digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
            return Err(row_error());
        }
        let row = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        if !(1..=MAX_SIDE).contains(&row) {
            return Err(row_error());
        }
        Ok(Square(MAX_SIDE * (row - 1) + column))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
