//! Game records for Reversi (Othello) and its variants.
//!
//! - [`GameRecord`]: a whole game, rules and layout included, checked by replaying it; with
//!   serde (any format; the examples use JSON).
//! - [`transcript`]: move lists such as `f5d6c3d3c4`.
//! - [`ggf`]: the Generic Game Format of the GGS server.
//! - [`wthor`]: the French federation's binary WTHOR database.

pub mod ggf;
mod record;
pub mod transcript;
pub mod wthor;

pub use record::{
    Ending, FORMAT_VERSION, GameRecord, HandicapDiscs, Metadata, RecordData, RecordError, RecordResult, ResultData,
    replay_transcript,
};
