//! The shape of a board: its size and which cells can hold a disc.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Square};

/// The smallest board side.
pub const MIN_SIDE: u8 = 4;

/// The size of a board and its set of playable cells.
///
/// A board is `width × height` cells, each side even and from 4 to 16. Every cell is playable
/// unless made otherwise: the Octagon's cut corners and blocked cells are both nothing but
/// unplayable cells, which never hold a disc and end every line through them as the edge does.
///
/// ```
/// use reversi_core::{Geometry, Square};
/// let octagon = Geometry::octagon();
/// assert_eq!((octagon.width(), octagon.height()), (10, 10));
/// assert_eq!(octagon.playable().len(), 88);
/// assert!(!octagon.is_playable("a1".parse::<Square>()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    playable: Bitboard,
}

/// Why a [`Geometry`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// A side is odd, or outside 4 to 16.
    #[error("invalid board {dimension} {value}: must be even and from 4 to 16")]
    Size {
        /// `width` or `height`.
        dimension: &'static str,
        /// The value that was given.
        value: u8,
    },
    /// A cell named as unplayable lies outside the board.
    #[error("cell {square} is outside the {width}x{height} board")]
    OffBoard {
        /// The cell.
        square: Square,
        /// The board's width.
        width: u8,
        /// The board's height.
        height: u8,
    },
    /// A size written as text is not of the form `WxH`, each side a number below 256.
    #[error("invalid board size {text:?}: expected WIDTHxHEIGHT, such as 8x8")]
    Syntax {
        /// The text that was given.
        text: String,
    },
}

impl Geometry {
    /// The standard 8×8 board.
    pub const STANDARD: Geometry = Geometry { width: 8, height: 8, playable: Bitboard::rectangle(8, 8) };

    /// A `width × height` board with every cell playable.
    ///
    /// ```
    /// use reversi_core::{Geometry, GeometryError};
    /// assert_eq!(Geometry::rectangle(10, 6)?.playable().len(), 60);
    /// assert_eq!(Geometry::rectangle(7, 8), Err(GeometryError::Size { dimension: "width", value: 7 }));
    /// # Ok::<(), GeometryError>(())
    /// ```
    ///
    /// # Errors
    /// [`GeometryError::Size`] if a side is odd or outside 4 to 16.
    pub fn rectangle(width: u8, height: u8) -> Result<Geometry, GeometryError> {
        let check = |dimension, value: u8| {
            if value.is_multiple_of(2) && (MIN_SIDE..=crate::square::MAX_SIDE).contains(&value) {
                Ok(value)
            } else {
                Err(GeometryError::Size { dimension, value })
            }
        };
        let (width, height) = (check("width", width)?, check("height", height)?);
        Ok(Geometry { width, height, playable: Bitboard::rectangle(width, height) })
    }

    /// The Octagon, GGS board type `88`: 10×10 with three cells cut at each corner
    /// (`a1 b1 a2`, `i1 j1 j2`, `a9 a10 b10`, `j9 i10 j10`), 88 playable cells.
    #[must_use]
    pub fn octagon() -> Geometry {
        let full = Bitboard::rectangle(10, 10);
        let cut = full
            .iter()
            .filter(|sq| {
                let (r, c) = (sq.row(), sq.column());
                r.min(9 - r) + c.min(9 - c) < 2
            })
            .collect();
        Geometry { width: 10, height: 10, playable: full - cut }
    }

    /// This board with the cells of `cells` made unplayable as well.
    ///
    /// ```
    /// use reversi_core::{Bitboard, Geometry, GeometryError, sq};
    /// let blocked = Geometry::STANDARD.with_unplayable(Bitboard::from_square(sq!(c3)))?;
    /// assert_eq!(blocked.unplayable().to_string(), "c3");
    /// let off = Geometry::STANDARD.with_unplayable(Bitboard::from_square(sq!(i1)));
    /// assert_eq!(off, Err(GeometryError::OffBoard { square: sq!(i1), width: 8, height: 8 }));
    /// # Ok::<(), GeometryError>(())
    /// ```
    ///
    /// # Errors
    /// [`GeometryError::OffBoard`] if a cell lies outside the board.
    pub fn with_unplayable(self, cells: Bitboard) -> Result<Geometry, GeometryError> {
        if let Some(square) = (cells - self.area()).first() {
            return Err(GeometryError::OffBoard { square, width: self.width, height: self.height });
        }
        Ok(Geometry { playable: self.playable - cells, ..self })
    }

    /// The number of columns.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::rectangle(10, 6)?.width(), 10);
    /// # Ok::<(), reversi_core::GeometryError>(())
    /// ```
    #[must_use]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// The number of rows.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::rectangle(10, 6)?.height(), 6);
    /// # Ok::<(), reversi_core::GeometryError>(())
    /// ```
    #[must_use]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Every cell of the rectangle, playable or not.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::octagon().area().len(), 100);
    /// ```
    #[must_use]
    pub const fn area(&self) -> Bitboard {
        Bitboard::rectangle(self.width, self.height)
    }

    /// The cells that can hold a disc.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::octagon().playable().len(), 88);
    /// ```
    #[must_use]
    pub const fn playable(&self) -> Bitboard {
        self.playable
    }

    /// The cells of the rectangle that can never hold a disc.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::octagon().unplayable().to_string(), "a1 b1 i1 j1 a2 j2 a9 j9 a10 b10 i10 j10");
    /// ```
    #[must_use]
    pub fn unplayable(&self) -> Bitboard {
        self.area() - self.playable
    }

    /// Whether `sq` lies within the rectangle.
    ///
    /// ```
    /// use reversi_core::{Geometry, sq};
    /// assert!(Geometry::STANDARD.contains(sq!(h8)));
    /// assert!(!Geometry::STANDARD.contains(sq!(i8)));
    /// ```
    #[must_use]
    pub const fn contains(&self, sq: Square) -> bool {
        sq.column() < self.width && sq.row() < self.height
    }

    /// Whether `sq` can hold a disc.
    ///
    /// ```
    /// use reversi_core::{Geometry, sq};
    /// assert!(!Geometry::octagon().is_playable(sq!(a1)));
    /// assert!(Geometry::octagon().is_playable(sq!(c1)));
    /// ```
    #[must_use]
    pub const fn is_playable(&self, sq: Square) -> bool {
        self.playable.contains(sq)
    }

    /// The central 2×2 cells, where the game starts.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::STANDARD.centre().to_string(), "d4 e4 d5 e5");
    /// ```
    #[must_use]
    pub fn centre(&self) -> Bitboard {
        self.central_zone(1)
    }

    /// The central `2r × 2r` zone, for example `central_zone(2)` is the central 4×4 where
    /// blocked cells never go.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::rectangle(6, 6)?.central_zone(2).len(), 16);
    /// # Ok::<(), reversi_core::GeometryError>(())
    /// ```
    #[must_use]
    pub fn central_zone(&self, r: u8) -> Bitboard {
        let (cx, cy) = (self.width / 2, self.height / 2);
        let r = r.min(cx).min(cy);
        self.area()
            .iter()
            .filter(|sq| (cx - r..cx + r).contains(&sq.column()) && (cy - r..cy + r).contains(&sq.row()))
            .collect()
    }

    /// The four corner cells of the rectangle in the handicap order of the rules: `a1`, the
    /// bottom-right, the top-right, the bottom-left. They may be unplayable (the Octagon).
    ///
    /// ```
    /// use reversi_core::{Geometry, sq};
    /// assert_eq!(Geometry::rectangle(10, 6)?.corners(), [sq!(a1), sq!(j6), sq!(j1), sq!(a6)]);
    /// # Ok::<(), reversi_core::GeometryError>(())
    /// ```
    #[must_use]
    pub fn corners(&self) -> [Square; 4] {
        let (r, b) = (self.width - 1, self.height - 1);
        let sq = |c, r| Square::new(c, r).expect("sides are at most 16");
        [sq(0, 0), sq(r, b), sq(r, 0), sq(0, b)]
    }
}

impl Default for Geometry {
    fn default() -> Geometry {
        Geometry::STANDARD
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}x{}", self.width, self.height)?;
        let cut = self.unplayable();
        if !cut.is_empty() {
            write!(f, ", unplayable: {cut}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Geometry {
    /// The size, `WxH`; unplayable cells are not shown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Geometry {
    type Err = GeometryError;

    /// Parses a size such as `8x8` or `10X6` into a board with every cell playable.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!("10X6".parse::<Geometry>()?, Geometry::rectangle(10, 6)?);
    /// assert!("10x7".parse::<Geometry>().is_err());
    /// # Ok::<(), reversi_core::GeometryError>(())
    /// ```
    fn from_str(s: &str) -> Result<Geometry, GeometryError> {
        let (width, height) = Geometry::parse_size(s)?;
        Geometry::rectangle(width, height)
    }
}

impl Geometry {
    /// The two sides of a size written `WxH` (`x` or `X`, each side one to three decimal digits
    /// making a number below 256),
    /// read but not yet checked to make a board: the one reader of that form, for the parsers
    /// of texts that hold a size. [`FromStr`] reads a size and checks it.
    ///
    /// ```
    /// use reversi_core::Geometry;
    /// assert_eq!(Geometry::parse_size("10x7")?, (10, 7));
    /// assert!(Geometry::parse_size("8 x 8").is_err());
    /// # Ok::<(), reversi_core::GeometryError>(())
    /// ```
    ///
    /// # Errors
    /// [`GeometryError::Syntax`] if the text is not of that form.
    pub fn parse_size(text: &str) -> Result<(u8, u8), GeometryError> {
        let syntax = || GeometryError::Syntax { text: text.to_owned() };
        let (w, h) = text.split_once(['x', 'X']).ok_or_else(syntax)?;
        // One to three digits only: `u8::from_str` would also take a sign or zeros without end.
        let number = |t: &str| {
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                t.parse::<u8>().ok()
            }
        };
        match (number(w), number(h)) {
            (Some(width), Some(height)) => Ok((width, height)),
            _ => Err(syntax()),
        }
    }
}
