//! What the solver answers an engine's search in a [`Window`]: a value with its [`Bound`]
//! ([`Bounded`]). (A solve answers with a [`SearchResult`](crate::result::SearchResult).)

use reversi_variants::Move;

use super::error::SolveError;
pub use crate::value::{Bound, Outcome};

/// The ends of the widest window, above every score (a board has at most 256 cells): values
/// are clamped to it, so the search can negate them.
pub(super) use crate::value::ENDGAME_INFINITY as INFINITY;

/// A search window: the values strictly between `alpha` and `beta` are found exactly, the
/// others only as bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    pub(super) alpha: i32,
    pub(super) beta: i32,
}

impl Window {
    /// Every value: an exact search.
    pub const FULL: Window = Window { alpha: -INFINITY, beta: INFINITY };

    /// The window `(alpha, beta)`, its ends clamped to ±1000 (beyond any score), so the
    /// search can negate them.
    ///
    /// # Errors
    /// [`SolveError::EmptyWindow`] unless `alpha < beta` once clamped: `(1000, 1001)` and
    /// `(i32::MIN, i32::MIN + 1)` are empty.
    pub fn new(alpha: i32, beta: i32) -> Result<Window, SolveError> {
        // Clamped first: a window outside ±1000 would hold no value the search can return.
        let (low, high) = (alpha.clamp(-INFINITY, INFINITY), beta.clamp(-INFINITY, INFINITY));
        if low < high { Ok(Window { alpha: low, beta: high }) } else { Err(SolveError::EmptyWindow { alpha, beta }) }
    }
}

/// The answer of [`Solver::search`](super::Solver::search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounded {
    pub(super) value: i32,
    pub(super) bound: Bound,
    pub(super) best_move: Option<Move>,
    pub(super) nodes: u64,
}

impl Bounded {
    /// The value, or a bound on it (see [`Bounded::bound`]).
    #[must_use]
    pub fn value(&self) -> i32 {
        self.value
    }

    /// What [`Bounded::value`] is.
    #[must_use]
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// The best move found: one reaching the value when it is exact or a lower bound; `None`
    /// when the game is over, or when every move failed low. [`Move::Pass`] when the side to
    /// move must pass.
    #[must_use]
    pub fn best_move(&self) -> Option<Move> {
        self.best_move
    }

    /// Positions searched.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}
