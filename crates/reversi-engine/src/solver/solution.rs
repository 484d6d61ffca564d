//! What the solver answers: a solved position ([`Solution`], its [`Outcome`], in the [`Mode`]
//! asked) and, for an engine's search in a [`Window`], a value with its [`Bound`]
//! ([`Bounded`]). Below the options and the progress, which name these types.

use reversi_variants::Move;

use super::error::SolveError;

/// What a solve computes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The exact final score.
    #[default]
    Exact,
    /// Only whether the side to move wins, draws or loses: a narrower search, often much faster.
    WinDrawLoss,
}

/// The ends of the widest window, above every score (a board has at most 256 cells): values
/// are clamped to it, so the search can negate them.
pub(super) use crate::value::ENDGAME_INFINITY as INFINITY;

/// The result of a game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// Neither wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Outcome {
    pub(super) fn of(value: i32) -> Outcome {
        match value.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }
}

impl std::fmt::Display for Outcome {
    /// `win`, `draw` or `loss`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        })
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub(super) value: i32,
    pub(super) mode: Mode,
    pub(super) best_move: Move,
    pub(super) pv: Vec<Move>,
    pub(super) nodes: u64,
}

impl Solution {
    /// The final score for the side to move with perfect play by both sides; in
    /// [`Mode::WinDrawLoss`] only its sign is known, and this is -1, 0 or 1.
    #[must_use]
    pub fn value(&self) -> i32 {
        self.value
    }

    /// What was computed.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Win, draw or loss for the side to move.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        Outcome::of(self.value)
    }

    /// A move that reaches the value ([`Move::Pass`] when the side to move must pass).
    #[must_use]
    pub fn best_move(&self) -> Move {
        self.best_move
    }

    /// A line of best play from the position to the end of the game, passes included.
    #[must_use]
    pub fn pv(&self) -> &[Move] {
        &self.pv
    }

    /// Positions searched, every thread and the principal variation's searches included.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

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

/// What a value returned by [`Solver::search`](super::Solver::search) says about the exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// It is the exact value.
    Exact,
    /// The exact value is at least this (the search failed high: value ≥ beta).
    Lower,
    /// The exact value is at most this (the search failed low: value ≤ alpha).
    Upper,
}

impl Bound {
    /// What the value a fail-soft search of window `(alpha, beta)` returned says.
    pub(super) fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
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
