//! Reversi (Othello) and its variants: the facade over the workspace's crates.
//!
//! - [`core`]: bitboards, move generation and perft on every board.
//! - [`variants`]: rules of every variant (sizes, Octagon, blocked cells, handicap, free opening,
//!   scoring) and the playable [`Game`].
//! - [`records`]: game records ([`GameRecord`], serde), move transcripts, GGF and WTHOR.
//! - [`engine`]: position analysis, an exact endgame solver, search and players.
//!
//! ```
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
//! // Stop here by agreement at the current count, and read the record back from JSON.
//! let score = game.score();
//! let record = GameRecord::with_result(&game, RecordResult::new(score.black(), score.white(), Ending::Agreed)?)?;
//! let json = serde_json::to_string(&record)?;
//! let back: GameRecord = serde_json::from_str(&json)?;
//! assert_eq!(back, record);
//! assert_eq!(back.replay().position(), game.position());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use reversi_core as core;
pub use reversi_core::{Bitboard, Color, Geometry, Position, Square, perft, sq};
pub use reversi_engine as engine;
pub use reversi_records as records;
pub use reversi_records::{GameRecord, RecordError};
pub use reversi_variants as variants;
pub use reversi_variants::{Game, GameResult, Move, Phase, PlayError, Rules, RulesError};
