//! An engine for Reversi (Othello) on every board of the workspace: every even size from 4×4
//! to 16×16, rectangles, the Octagon, blocked cells and handicap discs.
//!
//! - [`hash`]: Zobrist keys of positions, for transposition tables and opening books.
//! - [`analysis`]: disc counts, mobility, frontier, potential mobility, empty regions and
//!   stable discs of a position.
//! - [`eval`]: a static evaluation from those features, weights by game phase.
//! - [`player`]: the engine behind the `Player` trait, levels 1 to 10.
//! - [`search`]: iterative deepening alpha-beta search with an exact endgame.

#![forbid(unsafe_code)]

pub mod analysis;
pub mod eval;
pub mod hash;
pub mod player;
pub mod search;

pub use hash::{Zobrist, zobrist};
