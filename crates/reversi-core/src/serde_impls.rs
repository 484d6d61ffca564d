//! serde support (feature `serde`): squares by name, bitboards as lists of names, geometries
//! as their size and unplayable cells, positions as position strings. Every form is checked
//! on the way in, as the parsers check text.

use alloc::string::String;
use alloc::vec::Vec;
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use crate::{Bitboard, Geometry, Position, Square};

impl Serialize for Bitboard {
    /// A list of square names in row-major order: `["c3", "f7"]`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len() as usize))?;
        for sq in *self {
            seq.serialize_element(&sq)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    /// A list of square names; a name given twice is an error, not folded into one.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        let squares = Vec::<Square>::deserialize(deserializer)?;
        let mut set = Bitboard::EMPTY;
        for sq in squares {
            if set.contains(sq) {
                return Err(de::Error::custom(format_args!("square {sq} is listed twice")));
            }
            set.insert(sq);
        }
        Ok(set)
    }
}

/// The serialized form of a [`Geometry`].
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, expecting = "a geometry: an object of width, height and unplayable")]
struct GeometryForm {
    width: u8,
    height: u8,
    #[serde(default)]
    unplayable: Bitboard,
}

impl Serialize for Geometry {
    /// `{"width": 10, "height": 10, "unplayable": ["a1", …]}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GeometryForm { width: self.width(), height: self.height(), unplayable: self.unplayable() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Geometry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Geometry, D::Error> {
        let form = GeometryForm::deserialize(deserializer)?;
        Geometry::rectangle(form.width, form.height)
            .and_then(|g| g.with_unplayable(form.unplayable))
            .map_err(de::Error::custom)
    }
}

impl Serialize for Position {
    /// The position string of the rules (docs/rules.md §5).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        String::deserialize(deserializer)?.parse().map_err(de::Error::custom)
    }
}
