//! The layout of blocked cells drawn from a seed (docs/rules.md §3). The algorithm is frozen: the
//! same seed gives the same cells on every machine and in every version; the
//! [crate docs](crate#the-layout-of-blocked-cells) spell it out for other languages.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_core::{Bitboard, Geometry};

/// The cells a random layout may block on `geometry`: playable, outside the central 4×4 zone,
/// and not in `handicap_corners`.
#[must_use]
pub fn eligible_cells(geometry: &Geometry, handicap_corners: Bitboard) -> Bitboard {
    geometry.playable() - geometry.central_zone(2) - handicap_corners
}

/// The generator of the layout: ChaCha8 keyed with `seed` in little-endian order followed by
/// 24 zero bytes, stream 0. Private, so that its type is no part of the public API.
pub(crate) fn generator(seed: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

/// Draws the blocked cells from `seed`: `count` of them if given, else 1 to 4 drawn first,
/// chosen among `eligible` by a partial Fisher–Yates shuffle of its cells in row-major order.
///
/// # Panics
/// If `eligible` has fewer cells than are to be drawn (at most 4 when `count` is `None`);
/// [`RulesBuilder::build`](crate::RulesBuilder::build) rules that out for valid rules.
#[must_use]
pub fn draw(seed: u64, count: Option<u8>, eligible: Bitboard) -> Bitboard {
    let mut rng = generator(seed);
    let count = match count {
        Some(n) => usize::from(n),
        // `u % 4` is below 4, so the cast cannot truncate.
        None => 1 + (rng.next_u64() % 4) as usize,
    };
    let mut cells: Vec<_> = eligible.iter().collect();
    assert!(count <= cells.len(), "cannot block {count} of {} eligible cells", cells.len());
    let len = cells.len() as u64;
    for i in 0..count {
        // `j < len`, which fits in usize since `cells` holds `len` elements.
        let j = i + (rng.next_u64() % (len - i as u64)) as usize;
        cells.swap(i, j);
    }
    cells[..count].iter().copied().collect()
}
