//! Reversi (Othello) and its variants: the facade over the workspace's crates.
//!
//! - [`core`]: bitboards, move generation and perft on every board.
//! - `variants`: rules of every variant (sizes, Octagon, blocked cells, handicap, free opening,
//!   scoring) and the playable `Game` (feature `std`).
//! - `records`: game records (`GameRecord`, serde), move transcripts, GGF and WTHOR (feature
//!   `serde`).
//! - `engine`: position analysis, an exact endgame solver, search and players (feature
//!   `engine`).
//! - [`prelude`]: what a program that plays needs, in one `use`.
//!
//! # Features
//!
//! All on by default:
//!
//! | feature | what it adds |
//! | --- | --- |
//! | `std` | `variants` (the rules and `Game`), the core's run-time CPU detection and threads |
//! | `serde` | `records`, and the serde forms of positions, rules and moves (implies `std`) |
//! | `engine` | `engine`: analysis, evaluation, search, the solver, `EnginePlayer` (implies `std`) |
//!
//! Without them (`default-features = false`) only [`core`] is left, and the crate is `no_std`
//! (it needs `alloc`): positions, move generation and perft on every board, the SIMD
//! generators chosen at compile time. Off by default, `training` (implies `engine`) adds the
//! evaluation's tables and their layout (`engine::eval::training`), for the maintainers'
//! tools that fit them.
//!
//! ```
//! use reversi_kit::{Position, perft};
//!
//! // Works with or without the default features.
//! let mut position = Position::default(); // the 8×8 start
//! assert_eq!(perft(&position, 4), 244);
//! position.play("f5".parse()?)?;
//! assert_eq!(position.legal_moves().to_string(), "f4 d6 f6");
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! With the default features, a game saved as JSON:
//!
//! ```
//! # #[cfg(feature = "serde")]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use reversi_kit::records::{Ending, RecordResult};
//! use reversi_kit::variants::{Blocked, Opening};
//! use reversi_kit::{Game, GameRecord, Rules, sq};
//!
//! // The free opening on 8×8, with two blocked cells drawn from seed 7.
//! let rules = Rules::builder().opening(Opening::Free).blocked(Blocked::Count(2)).build()?;
//! let mut game = Game::new(rules, 7)?;
//! for cell in [sq!(d4), sq!(e4), sq!(e5), sq!(d5)] {
//!     game.play(cell.into())?;
//! }
//! // An illegal move is a typed error and changes nothing; a move can also be read from text.
//! assert!(game.play(sq!(a1).into()).is_err());
//! assert!(game.play("a1".parse()?).is_err());
//! let first = game.legal_move_list()[0];
//! game.play(first)?;
//!
//! // Saved as it stands (unfinished), or stopped by agreement at the current count; either
//! // reads back from JSON.
//! let unfinished = GameRecord::in_progress(&game)?;
//! assert_eq!(unfinished.result().ending(), Ending::Unfinished);
//! let score = game.score();
//! let record = GameRecord::with_result(&game, RecordResult::new(score.black(), score.white(), Ending::Agreed)?)?;
//! let json = serde_json::to_string(&record)?;
//! let back: GameRecord = serde_json::from_str(&json)?;
//! assert_eq!(back, record);
//! assert_eq!(back.replay().position(), game.position());
//! # Ok(())
//! # }
//! # #[cfg(not(feature = "serde"))]
//! # fn main() {}
//! ```
#![cfg_attr(not(feature = "std"), no_std)]

pub mod prelude;

pub use reversi_core as core;
pub use reversi_core::{Bitboard, Color, Geometry, Position, Square, perft, sq};
#[cfg(feature = "engine")]
pub use reversi_engine as engine;
#[cfg(feature = "engine")]
pub use reversi_engine::player::{EnginePlayer, Level};
#[cfg(feature = "serde")]
pub use reversi_records as records;
#[cfg(feature = "serde")]
pub use reversi_records::{GameRecord, RecordError};
#[cfg(feature = "std")]
pub use reversi_variants as variants;
#[cfg(feature = "std")]
pub use reversi_variants::players::Player;
#[cfg(feature = "std")]
pub use reversi_variants::{Game, GameResult, Line, Move, Phase, PlayError, Rules, RulesError};

/// The package's README, whose Rust blocks run as doctests (with the default features).
#[doc = include_str!("../README.md")]
#[cfg(all(doctest, feature = "engine", feature = "serde"))]
pub struct ReadmeDoctests;
