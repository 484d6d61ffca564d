//! Game records for Reversi (Othello) and its variants.
//!
//! - [`GameRecord`]: a whole game, rules and layout included, checked by replaying it; with
//!   serde (any format; the examples use JSON).
//! - [`transcript`]: move lists such as `f5d6c3d3c4`.
//! - [`ggf`]: the Generic Game Format of the GGS server.
//! - [`wthor`]: the French federation's binary WTHOR database.
//!
//! ```
//! use reversi_records::{GameRecord, RecordError, ggf, transcript};
//! use reversi_variants::{Blocked, Game, Rules};
//!
//! // A table with random blocked cells from seed 7, and a game played on it to the end.
//! let rules = Rules::builder().blocked(Blocked::Random).build()?;
//! let mut game = Game::new(rules, 7)?;
//! while !game.is_over() {
//!     game.play(game.legal_move_list()[0])?;
//! }
//! let record = GameRecord::from_game(&game)?;
//!
//! // JSON (or any serde format), GGF and a transcript all give the same record back.
//! let json = serde_json::to_string(&record)?;
//! assert_eq!(serde_json::from_str::<GameRecord>(&json)?, record);
//! assert_eq!(ggf::parse_records(&ggf::write_records(&[record.clone()])?)?, [record.clone()]);
//! let moves = transcript::write(record.moves());
//! assert_eq!(GameRecord::from_transcript(&record.table(), &moves)?, record);
//!
//! // A record that does not replay is refused, naming the move.
//! let mut data = reversi_records::RecordData::from(record);
//! data.moves.swap(0, 1);
//! let err = GameRecord::try_from(data).unwrap_err();
//! assert!(matches!(err, RecordError::IllegalMove { move_number: 1, .. }), "{err}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

pub mod ggf;
mod record;
pub mod transcript;
pub mod wthor;

pub use record::{
    Ending, FORMAT_VERSION, GameRecord, HandicapDiscs, Metadata, RecordData, RecordError, RecordResult, ResultData,
    replay_transcript,
};

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
