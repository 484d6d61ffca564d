//! Serde for a set of cells as a list of cell names in row-major order: `["c3", "f7"]`.

use reversi_core::{Bitboard, Square};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub(crate) fn serialize<S: Serializer>(cells: &Bitboard, serializer: S) -> Result<S::Ok, S::Error> {
    cells.iter().collect::<Vec<Square>>().serialize(serializer)
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
    let cells = Vec::<Square>::deserialize(deserializer)?;
    let set: Bitboard = cells.iter().copied().collect();
    // A repeated cell is a mistake in the input, not something to merge silently.
    if set.len() as usize != cells.len() {
        return Err(serde::de::Error::custom("a cell is listed twice"));
    }
    Ok(set)
}
