//! The depth-limited alpha-beta search, on its own floor below both the exact solver and the
//! [`Searcher`](crate::search::Searcher): the solver asks it for a first guess of a value
//! ([`run::estimate`]), the `Searcher` runs it between exact solves ([`run::SearchJob`]). It
//! knows nothing of either.
//!
//! - [`frame`]: the board on the move generator's words (discs, keys, the evaluation).
//! - [`negamax`]: the search of one node (principal-variation null windows, the table, the
//!   probable cut-offs, a node's moves shared between threads), one [`negamax::Context`] a
//!   thread.
//! - [`deepen`]: iterative deepening at the root, in aspiration windows.
//! - [`run`]: one search run on the board's generator.

pub(crate) mod deepen;
pub(crate) mod frame;
mod move_ordering;
pub(crate) mod negamax;
pub(crate) mod run;
