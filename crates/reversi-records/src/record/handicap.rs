//! Handicap discs as a record stores them: a colour and the corners it holds. Its own module,
//! below both the record's data that holds them and the errors that name them.

use reversi_core::{Bitboard, Color};
use reversi_variants::Rules;

/// Handicap discs: a colour and the corners it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, expecting = "handicap discs: an object of color and cells")]
pub struct HandicapDiscs {
    /// The colour of the discs.
    pub color: Color,
    /// The corners.
    pub cells: Bitboard,
}

impl HandicapDiscs {
    /// The handicap discs of `rules`, if any.
    #[must_use]
    pub fn of(rules: &Rules) -> Option<HandicapDiscs> {
        rules.handicap_color().map(|color| HandicapDiscs { color, cells: rules.handicap_corners() })
    }
}
