//! An engine for Reversi (Othello) on every board of the workspace: every even size from 4×4
//! to 16×16, rectangles, the Octagon, blocked cells and handicap discs.
//!
//! - [`hash`]: Zobrist keys of positions, for transposition tables and opening books.
//! - [`solver`]: the exact endgame solver, on every board, under disc or WOF scoring.

#![forbid(unsafe_code)]

pub mod hash;
pub mod solver;

pub use hash::{Zobrist, zobrist};
pub use solver::{Solution, SolveError, SolveOptions, Solver};

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
