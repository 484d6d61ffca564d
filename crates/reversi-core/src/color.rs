//! The two players.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A player, or the colour of a disc. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase", expecting = r#"a colour: "black" or "white""#))]
pub enum Color {
    /// The first player (`X` in position strings).
    Black,
    /// The second player (`O` in position strings).
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The character of this colour in a position string: `X` or `O`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// The colour whose position-string character is `c` (`X`/`x` or `O`/`o`).
    #[must_use]
    pub const fn from_symbol(c: char) -> Option<Color> {
        match c {
            'X' | 'x' => Some(Color::Black),
            'O' | 'o' => Some(Color::White),
            _ => None,
        }
    }

    /// The lower-case English name, `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Color`] from text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid colour {0:?}: expected black, white, X or O")]
pub struct ParseColorError(String);

impl FromStr for Color {
    type Err = ParseColorError;

    /// Parses `black`, `white`, `X` or `O`, in any case.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "x" | "b" => Ok(Color::Black),
            "white" | "o" | "w" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_owned())),
        }
    }
}
