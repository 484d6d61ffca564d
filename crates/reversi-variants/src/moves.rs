//! A move of a game: a cell or a pass, its text form (docs/rules.md §5), and a line of moves.

use core::fmt;
use core::str::FromStr;

use reversi_core::{ParseSquareError, Square};

/// A move: a disc on a cell, or a pass.
///
/// ```
/// use reversi_variants::Move;
/// assert_eq!("D3".parse::<Move>()?.to_string(), "d3");
/// assert_eq!("Pass".parse::<Move>()?, Move::Pass);
/// # Ok::<(), reversi_variants::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc on this cell.
    Place(Square),
    /// No move: allowed only when the mover has none and the opponent has one.
    Pass,
}

impl fmt::Display for Move {
    /// The cell name (`d3`) or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(square) => write!(f, "{square}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl From<Square> for Move {
    fn from(square: Square) -> Move {
        Move::Place(square)
    }
}

/// A line of moves as text: the moves separated by spaces, passes included (`f5 d6 pass c3`),
/// or `-` for no move, so that it is never an invisible empty string. For printing a
/// principal variation or a game's moves, which are slices of [`Move`].
///
/// ```
/// use reversi_variants::{Line, Move};
/// let moves: Vec<Move> = vec!["f5".parse()?, Move::Pass, "c3".parse()?];
/// assert_eq!(Line::new(&moves).to_string(), "f5 pass c3");
/// assert_eq!(Line::new(&[]).to_string(), "-");
/// # Ok::<(), reversi_variants::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line<'a> {
    moves: &'a [Move],
}

impl<'a> Line<'a> {
    /// The line of `moves`.
    #[must_use]
    pub const fn new(moves: &'a [Move]) -> Line<'a> {
        Line { moves }
    }

    /// Its moves.
    #[must_use]
    pub const fn moves(&self) -> &'a [Move] {
        self.moves
    }
}

impl<'a> From<&'a [Move]> for Line<'a> {
    fn from(moves: &'a [Move]) -> Line<'a> {
        Line::new(moves)
    }
}

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((first, rest)) = self.moves.split_first() else {
            return f.write_str("-");
        };
        write!(f, "{first}")?;
        for mv in rest {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

/// The error of parsing a [`Move`]: neither `pass` nor a cell name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid move {text:?}: expected a cell name such as d3, or pass")]
pub struct ParseMoveError {
    text: String,
    source: ParseSquareError,
}

impl ParseMoveError {
    /// The text that was given.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `pass` or a cell name, in any case.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        s.parse().map(Move::Place).map_err(|source| ParseMoveError { text: s.to_owned(), source })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
