//! A set of squares.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::Square;

/// A set of [`Square`]s of a board of up to 16×16.
///
/// Bit `row * 16 + column` stands for the square at that row and column, whatever the board's
/// size, so that a bitboard means the same on every board. (The move generator works on
/// compact layouts of its own; see [`kernel`](crate::kernel).)
///
/// ```
/// use reversi_core::{Bitboard, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let set: Bitboard = [sq("d3"), sq("c4")].into_iter().collect();
/// assert!(set.contains(sq("c4")));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d3", "c4"]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bitboard([u64; 4]);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);
    /// All 256 squares of 16×16.
    pub const FULL: Bitboard = Bitboard([u64::MAX; 4]);

    /// The set holding just `sq`.
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        let i = sq.index() as usize;
        let mut words = [0; 4];
        words[i / 64] = 1 << (i % 64);
        Bitboard(words)
    }

    /// The set whose bit `i` of word `i / 64` stands for the square of index `i`.
    #[must_use]
    pub const fn from_words(words: [u64; 4]) -> Bitboard {
        Bitboard(words)
    }

    /// The four 64-bit words of the set, lowest squares first.
    #[must_use]
    pub const fn to_words(self) -> [u64; 4] {
        self.0
    }

    /// The rectangle of the first `width` columns and `height` rows (each at most 16).
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
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        let i = sq.index() as usize;
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `sq` to the set.
    pub fn insert(&mut self, sq: Square) {
        *self |= Bitboard::from_square(sq);
    }

    /// Removes `sq` from the set.
    pub fn remove(&mut self, sq: Square) {
        *self &= !Bitboard::from_square(sq);
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// How many squares the set holds.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones() + self.0[3].count_ones()
    }

    /// The square of lowest index (row-major first), if any.
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

    /// Whether the two sets share a square.
    #[must_use]
    pub fn intersects(self, other: Bitboard) -> bool {
        !(self & other).is_empty()
    }

    /// Whether every square of `self` is in `other`.
    #[must_use]
    pub fn is_subset(self, other: Bitboard) -> bool {
        (self & !other).is_empty()
    }

    /// The squares in row-major order (row 1 first, column `a` first).
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
    /// The square names separated by spaces, in row-major order: `d3 c4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

/// A [`Bitboard`] drawn as a grid, for test fixtures: `X` (or `x`, `*`, `1`) is in the set,
/// `.`, `-` (or `0`) is not. Rows are string literals, top row first.
///
/// ```
/// use reversi_core::bitboard;
/// let set = bitboard![
///     "....",
///     ".X..",
///     "..X.",
///     "....",
/// ];
/// assert_eq!(set.to_string(), "b2 c3");
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($row:literal),* $(,)?) => {{
        let rows: &[&str] = &[$($row),*];
        $crate::Bitboard::from_grid(rows)
    }};
}

impl Bitboard {
    /// The set drawn by `rows` (top row first): `X`, `x`, `*` or `1` marks a member, any other
    /// character a non-member. Used by [`bitboard!`]; rows or columns past 16 are ignored.
    #[doc(hidden)]
    #[must_use]
    pub fn from_grid(rows: &[&str]) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if let (true, Some(sq)) = (matches!(ch, 'X' | 'x' | '*' | '1'), Square::new(c as u8, r as u8)) {
                    set.insert(sq);
                }
            }
        }
        set
    }
}
