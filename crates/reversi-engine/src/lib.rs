//! An engine for Reversi (Othello) on every board of the workspace: every even size from 4×4
//! to 16×16, rectangles, the Octagon, blocked cells and handicap discs.
//!
//! - [`book`]: opening books, a value for each position of the opening on any board, read
//!   from a compact checked format; the standard 8×8 book ships with the crate.
//! - [`clock`]: time controls (per move, or per game with an increment) and a clock that
//!   shares a game's time among its moves.
//! - [`hash`]: Zobrist keys of positions, for transposition tables and opening books.
//! - [`analysis`]: disc counts, mobility, frontier, potential mobility, empty regions and
//!   stable discs of a position.
//! - [`eval`]: a static evaluation from those features, weights by game phase; its tables
//!   and their layout with the `training` feature (for the maintainers' tools).
//! - [`player`]: the engine behind the `Player` trait, levels 1 to 10.
//! - [`ranking`]: the values of every move of a position, best first (hints, variety).
//! - [`review`]: a game's review, each mistake with the reasons the board shows.
//! - [`search`]: iterative deepening alpha-beta search with an exact endgame.
//! - [`variety`]: seeded variety, a player's occasional move close to the best.
//! - [`solver`]: the exact endgame solver, on every board, under disc or WOF scoring; the
//!   search switches to it when few empty cells remain.
//!
//! Every search takes one [`Limits`] (depth, nodes, time, stop flag, progress, exact-solve
//! threshold, scoring) and answers one [`SearchResult`] (a move, its [`Value`] with how sure
//! it is, the line, the depth, the nodes). How the engine is built, file by file, is in the
//! repository's `docs/engine.md`.
//!
//! ```
//! use reversi_engine::player::{EnginePlayer, Level};
//! use reversi_variants::players::Player;
//! use reversi_variants::{Board, Game, Opening, Rules};
//!
//! // The engine plays every variant, the free opening's placements included.
//! let rules = Rules::builder().board(Board::Octagon).opening(Opening::Free).build()?;
//! let mut game = Game::new(rules, 3)?;
//! let mut engine = EnginePlayer::new(Level::new(2)?);
//! for _ in 0..6 {
//!     let mv = engine.choose(&game).expect("the game goes on");
//!     game.play(mv)?;
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Five exceptions, allowed where they stand: the cache prefetch hint of `slots::Pair`, the
// tables' memory written after the request for huge pages (`slots::allocate_with`) and the
// request itself (`huge_pages`), the solver's search compiled for CPU features
// (`solver::search::features`), and the solver's list of a node's moves, left uninitialised beyond
// the moves (`solver::search`, `Worker::children`).
#![deny(unsafe_code)]

pub mod analysis;
pub mod book;
mod character;
pub mod eval;
pub mod hash;
mod huge_pages;
mod level;
mod limits;
mod midgame;
mod move_ordering;
mod multi_probcut;
pub mod player;
mod progress;
pub mod ranking;
mod result;
pub mod review;
pub mod search;
pub mod solver;
mod time_management;
mod transposition_table;
mod value;
pub mod variety;
mod ybwc;

pub use time_management::clock;

pub use hash::{Zobrist, zobrist};
pub use limits::{Limits, Mode};
pub use result::SearchResult;
pub use search::Searcher;
pub use solver::{SolveError, Solver};
pub use time_management::clock::{Clock, TimeControl};
pub use value::{Bound, Outcome, Value};

/// The crate's README, whose examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
