//! Reversi variants composed into a playable game (docs/rules.md §3): any even size from 4×4 to
//! 16×16 or the Octagon, blocked cells drawn from a seed, handicap corners, the free opening
//! and WOF scoring. Every option combines with every other.
//!
//! A table starts from [`Rules`] and a seed; the seed fixes the blocked cells; the players
//! then play a [`Game`] until neither can move.
//!
//! ```
//! use reversi_variants::{Blocked, Board, Game, Move, Rules};
//!
//! let rules = Rules::builder().board(Board::Rectangle { width: 6, height: 6 }).blocked(Blocked::Random).build()?;
//! let mut game = Game::new(rules, 42)?;
//! while !game.is_over() {
//!     let mv = game.legal_move_list()[0];
//!     game.play(mv)?;
//! }
//! let result = game.result().expect("the game is over");
//! assert_eq!(result.black() + result.white(), game.position().geometry().playable().len() - game.position().empty_cells().len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The layout of blocked cells
//!
//! The blocked cells of a table come from its 64-bit seed. The algorithm is frozen by golden
//! tests (the same seed gives the same cells on every machine and in every version), and is
//! written out here, as in the rules reference (docs/rules.md §3), so that another program,
//! such as a web front end, can reproduce it.
//!
//! 1. **Generator.** ChaCha with 8 rounds, the original variant with a 64-bit block counter
//!    and a 64-bit stream number (Rust: `rand_chacha::ChaCha8Rng::from_seed`). The 32-byte
//!    key is the seed's 8 bytes in little-endian order followed by 24 zero bytes; stream 0;
//!    block counter from 0. Each draw `u()` is the next 64-bit output: the keystream read as
//!    32-bit little-endian words, two words a draw, the first the low half (words 0 and 1 of
//!    block 0, then 2 and 3, …, then block 1).
//! 2. **Count.** If the rules fix the count ([`Blocked::Count`]), that number; otherwise
//!    ([`Blocked::Random`]) `1 + u() % 4`, the first draw.
//! 3. **Eligible cells.** The playable cells (for the Octagon, not the 12 cut corners), not in
//!    the central 4×4 zone (0-based columns `w/2−2 … w/2+1`, rows `h/2−2 … h/2+1`), and not a
//!    corner holding a handicap disc; listed in row-major order: row 1 first, column `a` first.
//!    Call the list `cells` and its length `len`.
//! 4. **Shuffle.** For `i` in `0, 1, …, count−1`: `j = i + u() % (len − i)`, then swap
//!    `cells[i]` and `cells[j]`. (`%` is the remainder of unsigned 64-bit integers.)
//! 5. **Layout.** The first `count` cells, sorted back into row-major order.
//!
//! [`layout::draw`] is this algorithm; [`Rules::blocked_cells`] applies it to a table.
//! [`Blocked::None`] blocks nothing and [`Blocked::Fixed`] names its cells; neither draws.
#![forbid(unsafe_code)]

mod error;
mod game;
#[cfg(feature = "serde")]
mod game_serde;
pub mod layout;
mod moves;
pub mod openings;
mod option_text;
pub mod players;
mod rules;
pub mod svg;

pub use error::{ParseOptionError, ParseRulesError, PlayError, RulesError, SetupError};
pub use game::{Game, GameResult, ParseGameResultError, Phase, Ply};
pub use moves::{Line, Move, ParseMoveError};
pub use rules::{Blocked, Board, Handicap, Opening, Rules, RulesBuilder, Scoring};

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
