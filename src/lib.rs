//! Reversi (Othello) and its variants: the facade over the workspace's crates.
//!
//! - [`core`]: bitboards, move generation and perft on every board.

pub use reversi_core as core;
pub use reversi_core::{Bitboard, Color, Geometry, Position, Square, perft};
