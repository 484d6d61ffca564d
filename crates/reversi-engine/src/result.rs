//! What every search of the engine answers: a move with its value ([`SearchResult`]), or a
//! value with its bound, from a search in a window or a running solve's progress ([`Bounded`]).

use std::time::Duration;

use reversi_variants::Move;

use crate::move_ordering::Cutoffs;
use crate::progress::Certainty;
use crate::value::{Bound, Outcome, Value};

/// What a search or a solve found for a position: a best move, its value with how sure it is
/// ([`Value`]: an estimate, an exact score, or an exact outcome), the line, the depth, the
/// nodes and the time. The [`Searcher`](crate::search::Searcher), the exact
/// [`Solver`](crate::solver::Solver) and the ranking of every move
/// ([`rank_moves`](crate::ranking::rank_moves), one result a move, its [`best`](Self::best)
/// the move ranked) all answer with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub(crate) best: Move,
    pub(crate) value: Value,
    pub(crate) depth: u32,
    pub(crate) pv: Vec<Move>,
    pub(crate) nodes: u64,
    pub(crate) cutoffs: Cutoffs,
    pub(crate) elapsed: Duration,
}

impl SearchResult {
    /// The best move found (for a ranked move, the move itself).
    #[must_use]
    pub const fn best(&self) -> Move {
        self.best
    }

    /// Its value for the side to move.
    #[must_use]
    pub const fn value(&self) -> Value {
        self.value
    }

    /// The depth of the last completed iteration (the number of empty cells for an exact
    /// solve).
    #[must_use]
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// The principal variation, starting with [`best`](Self::best); passes included.
    #[must_use]
    pub fn pv(&self) -> &[Move] {
        &self.pv
    }

    /// The nodes searched, by every thread.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The search's cut-offs and how many the first move made, every thread's (none counted
    /// for an exact solve or the free opening's placements).
    #[must_use]
    pub const fn cutoffs(&self) -> Cutoffs {
        self.cutoffs
    }

    /// The time the search took.
    #[must_use]
    pub const fn elapsed(&self) -> Duration {
        self.elapsed
    }
}

impl SearchResult {
    /// The outcome for the side to move, when the value is exact (or an exact outcome).
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        match self.value {
            Value::Exact(v) => Some(Outcome::of(v)),
            Value::Outcome(outcome) => Some(outcome),
            Value::Estimate(_) => None,
        }
    }
}

/// A value with its bound: the answer of a search in a window
/// ([`Solver::search`](crate::solver::Solver::search)), and what a running solve has found so
/// far ([`Progress::best_so_far`](crate::solver::Progress::best_so_far)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounded {
    best_move: Option<Move>,
    value: i32,
    bound: Bound,
    certainty: Certainty,
    nodes: u64,
}

impl Bounded {
    pub(crate) fn new(best_move: Option<Move>, value: i32, bound: Bound, certainty: Certainty, nodes: u64) -> Bounded {
        Bounded { best_move, value, bound, certainty, nodes }
    }

    /// The same answer, found in `nodes` nodes.
    pub(crate) fn with_nodes(self, nodes: u64) -> Bounded {
        Bounded { nodes, ..self }
    }

    /// The best move found: one reaching the value when it is exact or a lower bound; `None`
    /// when the game is over, or when every move fell below the window ([`Bound::Upper`]).
    /// [`Move::Pass`] when the side to move must pass.
    #[must_use]
    pub fn best_move(&self) -> Option<Move> {
        self.best_move
    }

    /// The value for the side to move in discs, read with [`Bounded::bound`].
    #[must_use]
    pub fn value(&self) -> i32 {
        self.value
    }

    /// What the value is: the search's answer itself, or a bound on it when the window
    /// missed it.
    #[must_use]
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// How sure the search that found it is ([`Certainty::Exact`] for the solver's window
    /// searches).
    #[must_use]
    pub fn certainty(&self) -> Certainty {
        self.certainty
    }

    /// The nodes searched (0 in a progress report, which counts them apart).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl std::fmt::Display for Bounded {
    /// The move (if any), the value with its bound and the certainty: `b7 +2 (selective)`,
    /// `b7 >= +4 (exact)`, `<= -2 (exact)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(best_move) = self.best_move {
            write!(f, "{best_move} ")?;
        }
        let bound = match self.bound {
            Bound::Exact => "",
            Bound::Lower => ">= ",
            Bound::Upper => "<= ",
        };
        write!(f, "{bound}{:+} ({})", self.value, self.certainty)
    }
}
