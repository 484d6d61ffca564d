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
        match parse_name(s.as_bytes()) {
            Ok(sq) => Ok(sq),
            Err(NameFault::Empty) => Err(ParseSquareError::Empty),
            Err(NameFault::Column) => Err(ParseSquareError::Column { name: s.to_owned() }),
            Err(NameFault::Row) => Err(ParseSquareError::Row { name: s.to_owned() }),
        }
    }
}

/// What is wrong with a square name.
enum NameFault {
    Empty,
    Column,
    Row,
}

/// Reads a square name; a `const fn` so that [`sq!`](crate::sq) checks names at compile time.
const fn parse_name(bytes: &[u8]) -> Result<Square, NameFault> {
    let [letter, digits @ ..] = bytes else {
        return Err(NameFault::Empty);
    };
    let column = letter.to_ascii_lowercase().wrapping_sub(b'a');
    if column >= MAX_SIDE {
        return Err(NameFault::Column);
    }
    // No sign, no leading zero, one or two digits: "d03" or "d+3" is not a square name.
    let row = match digits {
        [d @ b'1'..=b'9'] => *d - b'0',
        [d @ b'1'..=b'9', e @ b'0'..=b'9'] => (*d - b'0') * 10 + (*e - b'0'),
        _ => return Err(NameFault::Row),
    };
    if row > MAX_SIDE {
        return Err(NameFault::Row);
    }
    Ok(Square(MAX_SIDE * (row - 1) + column))
}

impl Square {
    /// The square named `name` (`d3`, `J10`), or `None` if it is not a square name; the
    /// `const` form of [`FromStr`], which says what is wrong.
    ///
    /// ```
    /// use reversi_core::Square;
    /// assert_eq!(Square::from_name("b2").map(Square::index), Some(17));
    /// assert_eq!(Square::from_name("q1"), None);
    /// ```
    #[must_use]
    pub const fn from_name(name: &str) -> Option<Square> {
        match parse_name(name.as_bytes()) {
            Ok(sq) => Some(sq),
            Err(_) => None,
        }
    }
}

/// The [`Square`] of a name written as a bare word, checked at compile time: `sq!(d3)`,
/// `sq!(J10)`. A name that is not a square (`sq!(q1)`, `sq!(a17)`) fails the build.
///
/// ```
/// use reversi_core::{Square, sq};
/// const CENTRE: Square = sq!(e5);
/// assert_eq!((CENTRE.column(), CENTRE.row()), (4, 4));
/// assert_eq!(sq!(j10), "j10".parse()?);
/// # Ok::<(), reversi_core::ParseSquareError>(())
/// ```
///
/// ```compile_fail
/// let off = reversi_core::sq!(q1);
/// ```
#[macro_export]
macro_rules! sq {
    ($name:ident) => {
        const {
            match $crate::Square::from_name(stringify!($name)) {
                Some(square) => square,
                None => panic!(concat!("sq!: ", stringify!($name), " is not a square name (a1 to p16)")),
            }
        }
    };
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
