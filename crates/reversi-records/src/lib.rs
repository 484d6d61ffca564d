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

/// The most characters of its input an error message quotes.
pub const MAX_QUOTED: usize = 200;

/// `text` cut to at most [`MAX_QUOTED`] characters for an error message: its first 160 and
/// its last 40 around a note of how many were left out, so that a message quoting a megabyte
/// of input stays one short line that still shows where it starts and how it ends.
///
/// ```
/// let long = "x".repeat(1000);
/// let clipped = reversi_records::clip(&long);
/// assert_eq!(clipped.matches('x').count(), 200);
/// assert!(clipped.contains("[800 characters left out]"));
/// assert_eq!(reversi_records::clip("short"), "short");
/// ```
#[must_use]
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    const HEAD: usize = 160;
    let count = text.chars().count();
    if count <= MAX_QUOTED {
        return std::borrow::Cow::Borrowed(text);
    }
    let tail = MAX_QUOTED - HEAD;
    let head_end = text.char_indices().nth(HEAD).map_or(text.len(), |(i, _)| i);
    let tail_start = text.char_indices().nth(count - tail).map_or(text.len(), |(i, _)| i);
    std::borrow::Cow::Owned(format!(
        "{}[{} characters left out]{}",
        &text[..head_end],
        count - MAX_QUOTED,
        &text[tail_start..]
    ))
}

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
