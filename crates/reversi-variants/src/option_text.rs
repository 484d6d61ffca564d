//! The rules options read from text. Each `FromStr` reads back what the option's `Display`
//! writes, and also the command-line spellings: any case, and the colours `b`, `w`, `x`, `o`.
//! Only the form is checked here; whether the value makes possible rules (an even side, a
//! count from 1 to 4, a corner) is checked when the rules are built, as for any other value.

use core::str::FromStr;

use reversi_core::{Bitboard, Color, Geometry, Square};

use crate::{Blocked, Board, Handicap, Opening, ParseOptionError, ParseRulesError, Rules, Scoring};

impl FromStr for Board {
    type Err = ParseOptionError;

    /// `WxH` (read by [`Geometry::parse_size`]) or `octagon`, in any case.
    fn from_str(text: &str) -> Result<Board, ParseOptionError> {
        if text.eq_ignore_ascii_case("octagon") {
            return Ok(Board::Octagon);
        }
        let (width, height) =
            Geometry::parse_size(text).map_err(|_| ParseOptionError::Board { text: text.to_owned() })?;
        Ok(Board::Rectangle { width, height })
    }
}

impl FromStr for Blocked {
    type Err = ParseOptionError;

    /// `none`, `random`, a count, or comma-separated cells (`c3,f7`, each once), in any case.
    /// The empty text is the empty list of cells, which [`Blocked`]'s `Display` writes for
    /// it; building rules refuses it.
    fn from_str(text: &str) -> Result<Blocked, ParseOptionError> {
        match text.to_ascii_lowercase().as_str() {
            "none" => Ok(Blocked::None),
            "random" => Ok(Blocked::Random),
            "" => Ok(Blocked::Fixed(Bitboard::EMPTY)),
            t if is_digits(t) => count(text, "blocked").map(Blocked::Count),
            // A single word that is no cell is more likely a misspelt keyword than a bad cell.
            t if !t.contains(',') && t.trim().parse::<Square>().is_err() => {
                Err(ParseOptionError::Blocked { text: text.to_owned() })
            }
            _ => cells(text, text, "blocked").map(Blocked::Fixed),
        }
    }
}

impl FromStr for Handicap {
    type Err = ParseOptionError;

    /// `none`, `COLOUR:N` or `COLOUR:CELLS` (`white:2`, `black:a1,h8`), the colour `black`,
    /// `white`, `b`, `w`, `x` or `o`, in any case.
    fn from_str(text: &str) -> Result<Handicap, ParseOptionError> {
        if text.eq_ignore_ascii_case("none") {
            return Ok(Handicap::None);
        }
        let Some((color, value)) = text.split_once(':') else {
            return Err(ParseOptionError::Handicap { text: text.to_owned() });
        };
        let color: Color =
            color.parse().map_err(|_| ParseOptionError::Color { text: text.to_owned(), color: color.to_owned() })?;
        if is_digits(value) {
            return count(value, "handicap")
                .map_err(|_| ParseOptionError::Count { option: "handicap", text: text.to_owned() })
                .map(|count| Handicap::Count { color, count });
        }
        cells(value, text, "handicap").map(|corners| Handicap::Corners { color, corners })
    }
}

impl FromStr for Opening {
    type Err = ParseOptionError;

    /// `standard` or `free`, in any case.
    fn from_str(text: &str) -> Result<Opening, ParseOptionError> {
        match text.to_ascii_lowercase().as_str() {
            "standard" => Ok(Opening::Standard),
            "free" => Ok(Opening::Free),
            _ => Err(ParseOptionError::Opening { text: text.to_owned() }),
        }
    }
}

impl FromStr for Scoring {
    type Err = ParseOptionError;

    /// `discs` or `wof`, in any case.
    fn from_str(text: &str) -> Result<Scoring, ParseOptionError> {
        match text.to_ascii_lowercase().as_str() {
            "discs" => Ok(Scoring::Discs),
            "wof" => Ok(Scoring::Wof),
            _ => Err(ParseOptionError::Scoring { text: text.to_owned() }),
        }
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Reads the one line that [`Rules`] displays,
    /// `8x8 blocked=random handicap=none opening=standard scoring=discs`: words separated by
    /// whitespace, the first the board (`board=` before it is accepted too), the others
    /// `key=value` with each value read by its option's `FromStr`. A key left out keeps its
    /// standard value; a key given twice or unknown is an error. Surrounding whitespace is
    /// ignored.
    ///
    /// ```
    /// use reversi_variants::{Board, Opening, Rules};
    /// let rules: Rules = "10x8 opening=free".parse()?;
    /// assert_eq!((rules.board(), rules.opening()), (Board::Rectangle { width: 10, height: 8 }, Opening::Free));
    /// assert_eq!(rules.to_string().parse::<Rules>()?, rules);
    /// assert!("octagon handicap=black:1".parse::<Rules>().is_err());
    /// # Ok::<(), reversi_variants::ParseRulesError>(())
    /// ```
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        let mut builder = Rules::builder();
        let mut seen: Vec<&str> = Vec::new();
        for (i, item) in text.split_whitespace().enumerate() {
            let (key, value) = match item.split_once('=') {
                Some(pair) => pair,
                None if i == 0 => ("board", item),
                None => return Err(ParseRulesError::NotKeyValue { found: item.to_owned() }),
            };
            if seen.contains(&key) {
                return Err(ParseRulesError::RepeatedKey { key: key.to_owned() });
            }
            seen.push(key);
            let invalid = |key| move |source| ParseRulesError::Option { key, source };
            builder = match key {
                "board" => builder.board(value.parse().map_err(invalid("board"))?),
                "blocked" => builder.blocked(value.parse().map_err(invalid("blocked"))?),
                "handicap" => builder.handicap(value.parse().map_err(invalid("handicap"))?),
                "opening" => builder.opening(value.parse().map_err(invalid("opening"))?),
                "scoring" => builder.scoring(value.parse().map_err(invalid("scoring"))?),
                _ => return Err(ParseRulesError::UnknownKey { key: key.to_owned() }),
            };
        }
        builder.build().map_err(ParseRulesError::Rules)
    }
}

/// Whether `text` is one or more decimal digits (no sign, which `u8::from_str` would take).
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A number of decimal digits that fits in a `u8`.
fn number(text: &str) -> Option<u8> {
    if is_digits(text) { text.parse().ok() } else { None }
}

/// A count of `option` (`blocked` or `handicap`): digits that fit in a `u8`.
fn count(text: &str, option: &'static str) -> Result<u8, ParseOptionError> {
    number(text).ok_or_else(|| ParseOptionError::Count { option, text: text.to_owned() })
}

/// Comma-separated cell names of `option`, each once, spaces around a name ignored; the empty
/// text is no cell. `whole` is the option's whole text, for errors.
fn cells(list: &str, whole: &str, option: &'static str) -> Result<Bitboard, ParseOptionError> {
    let mut set = Bitboard::EMPTY;
    if list.is_empty() {
        return Ok(set);
    }
    for name in list.split(',') {
        let sq: Square = name.trim().parse().map_err(|source| ParseOptionError::Cell {
            option,
            text: whole.to_owned(),
            cell: name.to_owned(),
            source,
        })?;
        if set.contains(sq) {
            return Err(ParseOptionError::RepeatedCell { option, text: whole.to_owned(), cell: sq });
        }
        set.insert(sq);
    }
    Ok(set)
}
