//! Zobrist hashing of positions: one random 64-bit key per (colour, cell), one per unplayable
//! cell and one for White to move; a position's hash is the exclusive or of the keys of what it
//! holds. Two positions that differ in one disc differ in one key, so a move updates the hash
//! with a few exclusive ors ([`Zobrist::disc`], [`Zobrist::side`]) instead of a full pass.
//!
//! The keys are fixed (generated at compile time from a constant seed by SplitMix64), so a hash
//! is the same on every machine and in every run: it may be stored, in an opening book say.
//!
//! ```
//! use reversi_core::{Color, Position, Square};
//! use reversi_engine::{Zobrist, zobrist};
//!
//! let mut pos = Position::default();
//! let before = zobrist(&pos);
//! let mover = pos.side_to_move();
//! let sq: Square = "f5".parse()?;
//! let flipped = pos.play(sq)?;
//!
//! // The same hash, kept up to date by the move's keys alone.
//! let mut updated = before ^ Zobrist::disc(mover, sq) ^ Zobrist::side();
//! for f in flipped {
//!     updated ^= Zobrist::disc(Color::Black, f) ^ Zobrist::disc(Color::White, f);
//! }
//! assert_eq!(updated, zobrist(&pos));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use reversi_core::{Color, Position, Square};

/// Cells a key table covers: every square of the largest board (16×16).
const CELLS: usize = 256;

/// The constant seed of the key tables; changing it changes every stored hash.
const SEED: u64 = 0x5EED_0F0E_1102_0260;

/// One step of SplitMix64: a well-mixed 64-bit value from a counter.
const fn split_mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` keys of the SplitMix64 sequence from `SEED`, starting at its `first`-th value.
const fn keys<const N: usize>(first: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = split_mix(SEED.wrapping_add((first + i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        i += 1;
    }
    out
}

static BLACK: [u64; CELLS] = keys(0);
static WHITE: [u64; CELLS] = keys(CELLS as u64);
static UNPLAYABLE: [u64; CELLS] = keys(2 * CELLS as u64);
const WHITE_TO_MOVE: u64 = split_mix(SEED ^ 0xA5A5_A5A5_A5A5_A5A5);
/// Keys for the board's width and height, so that equal discs on different boards differ.
static SIDES: [u64; 2 * 17] = keys(3 * CELLS as u64);

/// The Zobrist keys, for incremental updates.
#[derive(Clone, Copy, Debug)]
pub struct Zobrist;

impl Zobrist {
    /// The key of a disc of `color` on `sq`.
    #[must_use]
    #[inline]
    pub fn disc(color: Color, sq: Square) -> u64 {
        match color {
            Color::Black => BLACK[usize::from(sq.index())],
            Color::White => WHITE[usize::from(sq.index())],
        }
    }

    /// The key of the side to move: present in the hash when White is to move.
    #[must_use]
    #[inline]
    pub const fn side() -> u64 {
        WHITE_TO_MOVE
    }

    /// The key of an unplayable cell `sq` (a blocked cell or one of the Octagon's cut corners).
    #[must_use]
    #[inline]
    pub fn unplayable(sq: Square) -> u64 {
        UNPLAYABLE[usize::from(sq.index())]
    }
}

/// The Zobrist hash of `position`: its discs, the side to move, and its board (size and
/// unplayable cells), so that the same discs on two boards hash apart.
#[must_use]
pub fn zobrist(position: &Position) -> u64 {
    let geometry = position.geometry();
    let mut hash = SIDES[usize::from(geometry.width())] ^ SIDES[17 + usize::from(geometry.height())];
    for sq in position.discs(Color::Black) {
        hash ^= Zobrist::disc(Color::Black, sq);
    }
    for sq in position.discs(Color::White) {
        hash ^= Zobrist::disc(Color::White, sq);
    }
    for sq in geometry.unplayable() {
        hash ^= Zobrist::unplayable(sq);
    }
    if position.side_to_move() == Color::White {
        hash ^= WHITE_TO_MOVE;
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of every table is distinct (and none is zero), so no two single discs collide.
    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = BLACK.iter().chain(&WHITE).chain(&UNPLAYABLE).chain(&SIDES).copied().collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(!all.contains(&0));
    }

    /// The hash tells apart the side to move, the board and the unplayable cells, and agrees
    /// with itself on equal positions.
    #[test]
    fn hash_tells_positions_apart() -> Result<(), Box<dyn std::error::Error>> {
        use reversi_core::Geometry;
        let start = Position::default();
        assert_eq!(zobrist(&start), zobrist(&Position::default()));
        assert_ne!(zobrist(&start), zobrist(&start.with_side_to_move(Color::White)));
        let ten = Position::start(Geometry::rectangle(10, 10)?)?;
        let octagon = Position::start(Geometry::octagon())?;
        assert_ne!(zobrist(&ten), zobrist(&octagon));
        let blocked = Position::start(Geometry::STANDARD.with_unplayable("a1".parse::<Square>()?.into())?)?;
        assert_ne!(zobrist(&start), zobrist(&blocked));
        Ok(())
    }
}
