//! An engine for Reversi (Othello) on every board of the workspace: every even size from 4×4
//! to 16×16, rectangles, the Octagon, blocked cells and handicap discs.
//!
//! - [`hash`]: Zobrist keys of positions, for transposition tables and opening books.

#![forbid(unsafe_code)]

pub mod hash;

pub use hash::{Zobrist, zobrist};

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
