//! A set of squares.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};
use core::str::FromStr;

use crate::{ParseSquareError, Square};

/// A set of [`Square`]s of a board of up to 16×16.
///
/// Bit `row * 16 + column` stands for the square at that row and column, whatever the board's
/// size, so that a bitboard means the same on every board. (The move generator works on
/// compact layouts of its own; see [`kernel`](crate::kernel).)
///
/// Its text form (`Display` and `FromStr`) is the square names in row-major order separated
/// by spaces, or `-` for the empty set.
///
/// ```
/// use reversi_core::{Bitboard, sq};
/// let set: Bitboard = [sq!(d3), sq!(c4)].into_iter().collect();
/// assert!(set.contains(sq!(c4)));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "d3 c4");
/// assert_eq!("c4 d3".parse::<Bitboard>()?, set);
/// assert_eq!(Bitboard::EMPTY.to_string(), "-");
/// # Ok::<(), reversi_core::ParseBitboardError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bitboard([u64; 4]);

impl Bitboard {
    /// The empty set.
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// ```
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// All 256 squares of 16×16.
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// assert_eq!(Bitboard::FULL.len(), 256);
    /// ```
    pub const FULL: Bitboard = Bitboard([u64::MAX; 4]);

    /// The set holding just `sq`.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// assert_eq!(Bitboard::from_square(sq!(b7)).to_string(), "b7");
    /// ```
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        let i = sq.index() as usize;
        let mut words = [0; 4];
        words[i / 64] = 1 << (i % 64);
        Bitboard(words)
    }

    /// The set whose bit `i` of word `i / 64` stands for the square of index `i`.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// // Bits 0 and 17: a1 and b2 (index = row * 16 + column).
    /// assert_eq!(Bitboard::from_words([1 | 1 << 17, 0, 0, 0]).to_string(), "a1 b2");
    /// ```
    #[must_use]
    pub const fn from_words(words: [u64; 4]) -> Bitboard {
        Bitboard(words)
    }

    /// The four 64-bit words of the set, lowest squares first.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// assert_eq!(Bitboard::from_square(sq!(a5)).to_words(), [0, 1, 0, 0]);
    /// ```
    #[must_use]
    pub const fn to_words(self) -> [u64; 4] {
        self.0
    }

    /// The rectangle of the first `width` columns and `height` rows (each at most 16).
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// assert_eq!(Bitboard::rectangle(2, 3).to_string(), "a1 b1 a2 b2 a3 b3");
    /// ```
    #[must_use]
    pub const fn rectangle(width: u8, height: u8) -> Bitboard {
        let width = if width > 16 { 16 } else { width };
        let height = if height > 16 { 16 } else { height };
        let row_bits: u64 = if width == 16 { 0xffff } else { (1 << width) - 1 };
        let mut words = [0u64; 4];
        let mut row = 0;
        while row < height as usize {
            words[row / 4] |= row_bits << ((row % 4) * 16);
            row += 1;
        }
        Bitboard(words)
    }

    /// Whether `sq` is in the set.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// let corners = Bitboard::from_square(sq!(a1));
    /// assert!(corners.contains(sq!(a1)));
    /// assert!(!corners.contains(sq!(h8)));
    /// ```
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        let i = sq.index() as usize;
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `sq` to the set.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// let mut set = Bitboard::EMPTY;
    /// set.insert(sq!(p16));
    /// assert_eq!(set.to_string(), "p16");
    /// ```
    pub const fn insert(&mut self, sq: Square) {
        let i = sq.index() as usize;
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `sq` from the set.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// let mut set = Bitboard::rectangle(1, 2);
    /// set.remove(sq!(a1));
    /// assert_eq!(set.to_string(), "a2");
    /// ```
    pub const fn remove(&mut self, sq: Square) {
        let i = sq.index() as usize;
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// assert!(!Bitboard::rectangle(4, 4).is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// How many squares the set holds.
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// assert_eq!(Bitboard::rectangle(8, 8).len(), 64);
    /// ```
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones() + self.0[3].count_ones()
    }

    /// The square of lowest index (row-major first), if any.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// assert_eq!(Bitboard::rectangle(8, 8).first(), Some(sq!(a1)));
    /// assert_eq!(Bitboard::EMPTY.first(), None);
    /// ```
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        let mut w = 0;
        while w < 4 {
            if self.0[w] != 0 {
                return Some(Square::from_index((w * 64) as u8 + self.0[w].trailing_zeros() as u8));
            }
            w += 1;
        }
        None
    }

    /// The square of highest index (row-major last), if any.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// assert_eq!(Bitboard::rectangle(8, 8).last(), Some(sq!(h8)));
    /// assert_eq!(Bitboard::EMPTY.last(), None);
    /// ```
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        let mut w = 4;
        while w > 0 {
            w -= 1;
            if self.0[w] != 0 {
                return Some(Square::from_index((w * 64) as u8 + 63 - self.0[w].leading_zeros() as u8));
            }
        }
        None
    }

    /// Whether the two sets share a square.
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// let left = Bitboard::rectangle(2, 8);
    /// assert!(left.intersects(Bitboard::rectangle(8, 1)));
    /// assert!(!left.intersects(Bitboard::EMPTY));
    /// ```
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        let (a, b) = (self.0, other.0);
        (a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]) != 0
    }

    /// Whether every square of `self` is in `other`.
    ///
    /// ```
    /// use reversi_core::Bitboard;
    /// assert!(Bitboard::rectangle(4, 4).is_subset(Bitboard::rectangle(8, 8)));
    /// assert!(!Bitboard::rectangle(8, 8).is_subset(Bitboard::rectangle(4, 4)));
    /// ```
    #[must_use]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        let (a, b) = (self.0, other.0);
        (a[0] & !b[0]) | (a[1] & !b[1]) | (a[2] & !b[2]) | (a[3] & !b[3]) == 0
    }

    /// The squares in row-major order (row 1 first, column `a` first); reversed with `rev()`.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// let set = Bitboard::rectangle(2, 2);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [sq!(a1), sq!(b1), sq!(a2), sq!(b2)]);
    /// assert_eq!(set.iter().rev().next(), Some(sq!(b2)));
    /// ```
    #[must_use]
    pub fn iter(self) -> Squares {
        Squares(self)
    }
}

/// The squares of a [`Bitboard`] in row-major order.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        let sq = self.0.first()?;
        self.0.remove(sq);
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.len() as usize;
        (n, Some(n))
    }

    fn last(self) -> Option<Square> {
        self.0.last()
    }
}

impl DoubleEndedIterator for Squares {
    fn next_back(&mut self) -> Option<Square> {
        let sq = self.0.last()?;
        self.0.remove(sq);
        Some(sq)
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! word_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            fn $method(self, rhs: Bitboard) -> Bitboard {
                let (a, b) = (self.0, rhs.0);
                Bitboard([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $assign_trait for Bitboard {
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = *self $op rhs;
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The squares of `self` that are not in `rhs`.
    fn sub(self, rhs: Bitboard) -> Bitboard {
        self & !rhs
    }
}

impl SubAssign for Bitboard {
    fn sub_assign(&mut self, rhs: Bitboard) {
        *self = *self - rhs;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        let a = self.0;
        Bitboard([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl fmt::Debug for Bitboard {
    /// The set as a list of square names: `{d3, c4}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Bitboard {
    /// The square names separated by spaces, in row-major order: `d3 c4`; `-` for the empty
    /// set, so that it is never an invisible empty string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, sq) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// The error of parsing a [`Bitboard`] from its text form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBitboardError {
    /// A word is not a square name.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// A square is named twice: the text form names each square once.
    #[error("square {square} is listed twice")]
    Repeated {
        /// The square.
        square: Square,
    },
    /// Two commas with nothing between them, or a comma at either end.
    #[error("an empty item in a comma-separated list of squares")]
    EmptyItem,
}

impl FromStr for Bitboard {
    type Err = ParseBitboardError;

    /// Reads what `Display` writes, and the comma form of the rules' text and flags: square
    /// names separated by whitespace or by commas (`d3 c4`, `b2,i9`, `b2, i9`), each once, in
    /// any order and case, or `-` for the empty set. Surrounding whitespace is ignored; an
    /// empty item between commas (`b2,,i9`, `b2,`) is an error, not skipped.
    ///
    /// ```
    /// use reversi_core::{Bitboard, sq};
    /// let cells: Bitboard = "b2,i9".parse()?;
    /// assert_eq!(cells, Bitboard::from(sq!(b2)) | Bitboard::from(sq!(i9)));
    /// assert_eq!(cells, "i9 B2".parse()?);
    /// assert!("b2,,i9".parse::<Bitboard>().is_err());
    /// # Ok::<(), reversi_core::ParseBitboardError>(())
    /// ```
    fn from_str(s: &str) -> Result<Bitboard, ParseBitboardError> {
        let s = s.trim();
        let mut set = Bitboard::EMPTY;
        if s == "-" {
            return Ok(set);
        }
        let comma_separated = s.contains(',');
        for item in s.split(',') {
            if comma_separated && item.trim().is_empty() {
                return Err(ParseBitboardError::EmptyItem);
            }
            for name in item.split_whitespace() {
                let square: Square = name.parse()?;
                if set.contains(square) {
                    return Err(ParseBitboardError::Repeated { square });
                }
                set.insert(square);
            }
        }
        Ok(set)
    }
}

/// A [`Bitboard`] drawn as a grid, for test fixtures and constants: `X` (or `x`, `*`, `1`) is
/// in the set, `.`, `-` (or `0`) is not. Rows are string literals, top row first, at most 16
/// rows of at most 16 cells.
///
/// The grid is read at compile time, so the macro can define a `const`, and any other
/// character, or a grid larger than 16×16, fails the build:
///
/// ```
/// use reversi_core::{Bitboard, bitboard};
/// const DIAGONAL: Bitboard = bitboard![
///     "....",
///     ".X..",
///     "..X.",
///     "....",
/// ];
/// assert_eq!(DIAGONAL.to_string(), "b2 c3");
/// ```
///
/// ```compile_fail
/// let set = reversi_core::bitboard!["..?."];
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($row:literal),* $(,)?) => {
        const { $crate::Bitboard::from_grid(&[$($row),*]) }
    };
}

impl Bitboard {
    /// The set drawn by `rows` (top row first): `X`, `x`, `*` or `1` marks a member, `.`, `-`
    /// or `0` a non-member. Used by [`bitboard!`], which calls it at compile time.
    ///
    /// # Panics
    /// On any other character, or more than 16 rows or columns: in a `const` that is a
    /// compile error.
    #[doc(hidden)]
    #[must_use]
    pub const fn from_grid(rows: &[&str]) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        assert!(rows.len() <= 16, "bitboard!: more than 16 rows");
        let mut r = 0;
        while r < rows.len() {
            let row = rows[r].as_bytes();
            assert!(row.len() <= 16, "bitboard!: a row of more than 16 cells");
            let mut c = 0;
            while c < row.len() {
                match row[c] {
                    b'X' | b'x' | b'*' | b'1' => set.insert(Square::from_index((r * 16 + c) as u8)),
                    b'.' | b'-' | b'0' => {}
                    _ => panic!("bitboard!: a cell must be X, x, *, 1 (in the set) or ., -, 0 (not)"),
                }
                c += 1;
            }
            r += 1;
        }
        set
    }
}
