//! Bitboards, move generation and perft for Reversi (Othello) on every even board from 4×4 to
//! 16×16, rectangles included, the Octagon, and boards with blocked cells.
//!
//! Blocked cells and the Octagon's cut corners are both unplayable cells of a [`Geometry`]:
//! they never hold a disc and end every line through them as the edge does, so one move
//! generator serves every board.
//!
//! ```
//! use reversi_core::{perft, sq, Geometry, Position};
//!
//! // 8×8 with a blocked cell on c3.
//! let geometry = Geometry::STANDARD.with_unplayable(sq!(c3).into())?;
//! let mut pos = Position::start(geometry)?;
//! pos.play(sq!(d3))?;
//! assert_eq!(pos.to_string(), "--------/--------/--#X----/---XX---/---XO---/--------/--------/-------- O");
//! assert_eq!(perft(&Position::default(), 6), 8200);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `std` (default): run-time CPU detection for the SIMD move generators, and
//!   `perft_parallel`'s threads. Without it the crate is `#![no_std]` (it needs `alloc`),
//!   so the rules run where there is no operating system (WebAssembly, microcontrollers);
//!   the SIMD generators are then those the build's target features allow.
//! - `serde`: `Serialize` and `Deserialize` for the board types.

#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod bitboard;
pub mod color;
pub mod geometry;
pub mod kernel;
pub mod perft;
pub mod position;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod square;
pub mod text;

pub use bitboard::{Bitboard, ParseBitboardError, Squares};
pub use color::{Color, ParseColorError};
pub use geometry::{Geometry, GeometryError};
pub use perft::perft;
#[cfg(feature = "std")]
pub use perft::perft_parallel;
pub use position::{MoveError, Position, PositionError};
pub use square::{ParseSquareError, Square};
pub use text::{ParsePositionError, diagram};

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
