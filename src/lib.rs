//! Reversi (Othello) and its variants: the facade over the workspace's crates.
//!
//! - [`core`]: bitboards, move generation and perft on every board.
//! - [`variants`]: rules of every variant (sizes, Octagon, blocked cells, handicap, free opening,
//!   scoring) and the playable [`Game`].
//! - [`records`]: game records ([`GameRecord`], serde), move transcripts, GGF and WTHOR.

pub use reversi_core as core;
pub use reversi_core::{Bitboard, Color, Geometry, Position, Square, perft};
pub use reversi_records as records;
pub use reversi_records::{GameRecord, RecordError};
pub use reversi_variants as variants;
pub use reversi_variants::{Game, GameResult, Move, Phase, PlayError, Rules, RulesError};
