//! What a program that plays needs, in one `use reversi_kit::prelude::*;`: the game and its
//! rules, moves and positions, the players (the [`Player`] trait with the built-in players
//! and the engine's), the engine's search and solver, and records. Each item is also at its
//! home in [`core`](crate::core) and the feature-gated `variants`, `records` and `engine`;
//! the prelude holds only what the enabled features provide.
//!
//! ```
//! # #[cfg(all(feature = "engine", feature = "serde"))]
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use reversi_kit::prelude::*;
//!
//! let mut game = Game::new(Rules::default(), 1)?;
//! let mut black = EnginePlayer::new(Level::new(2)?);
//! let mut white = MobilityPlayer::new();
//! for _ in 0..10 {
//!     let player: &mut dyn Player = if game.position().side_to_move() == Color::Black { &mut black } else { &mut white };
//!     let Some(mv) = player.choose(&game) else { break };
//!     game.play(mv)?;
//! }
//! println!("{}", Line::new(&game.moves()));
//!
//! // Save the game as it stands, unfinished, in one call.
//! let record = GameRecord::in_progress(&game)?;
//! assert_eq!(record.moves().len(), game.moves().len());
//! # Ok(())
//! # }
//! # #[cfg(not(all(feature = "engine", feature = "serde")))]
//! # fn main() {}
//! ```

pub use reversi_core::{Bitboard, Color, Position, Square, sq};
#[cfg(feature = "engine")]
pub use reversi_engine::player::{EnginePlayer, Level};
#[cfg(feature = "engine")]
pub use reversi_engine::search::{Limits, SearchResult, Searcher};
#[cfg(feature = "engine")]
pub use reversi_engine::solver::Solver;
#[cfg(feature = "engine")]
pub use reversi_engine::{Clock, TimeControl, Value};
#[cfg(feature = "serde")]
pub use reversi_records::{GameRecord, RecordResult};
#[cfg(feature = "std")]
pub use reversi_variants::players::{MobilityPlayer, Player, RandomPlayer};
#[cfg(feature = "std")]
pub use reversi_variants::{Game, Line, Move, Rules, Scoring};
