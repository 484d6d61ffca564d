//! The window of an engine's search of the solver ([`Window`]); its answer is a value with its
//! [`Bound`] ([`Bounded`]), a solve's a [`SearchResult`](crate::result::SearchResult).

use super::error::SolveError;
pub use crate::result::Bounded;
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
