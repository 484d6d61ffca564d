//! The exact endgame solver: the value of a position with perfect play by both sides, on every
//! board of the workspace (every size and rectangle, the Octagon, blocked cells, handicap
//! discs), under disc or WOF scoring.
//!
//! [`Solver::solve`] gives the value, a best move and the principal variation as a
//! [`SearchResult`] whose value is [`Value::Exact`](crate::value::Value::Exact);
//! [`Solver::solve_with`] takes the engine's one [`Limits`]: the scoring, win/draw/loss only
//! ([`Mode`]), nodes, time, a stop flag, past which the solver answers
//! [`SolveError::Interrupted`] rather than a guess, and a [`Progress`] that another thread
//! reads while the solve runs: the nodes so far and the best move and value found so far
//! ([`Bounded`]), with how sure they are ([`Certainty`]). [`Solver::search`] is the entry
//! point for engines: a window, limits, and a bound.
//!
//! The solver keeps a transposition table of the size it was built with, reused across
//! calls; its memory is that table plus a small constant, whatever the position, and it never
//! allocates per node. With several threads, a node whose moves are shared starts a helper
//! thread for each idle one (never more than the thread count at a time), and an exact solve
//! of 18 empties or more first guesses its value with a shallow search that has a 768 KB table
//! of its own. From 22 empties, two selective searches (probable cut-offs, which may be
//! wrong; the first bolder than the second) come before the exact one: each one's value is
//! the next search's first guess and its moves, left in the table, order it; their bounds are
//! marked as such and never reach the exact search, so the answer stays exact.
//!
//! Its parts, each a module: the [`Solver`] here; what it answers beside a
//! [`SearchResult`] (`solution`: a window search's bound; `error`); the first guess
//! (`guess`, a midgame search); one call run on the board's generator (`run`: limits,
//! threads, aspiration windows, the principal variation); the root (`root`); the search itself
//! and its tiers (`search`), and the board's constants (`board`). Its table, threads, probable
//! cut-offs, move ordering and stop check live with the midgame search's, each in a module of
//! its own job (`docs/engine.md`).
//!
//! ```
//! use reversi_core::Position;
//! use reversi_engine::solver::Solver;
//! use reversi_variants::Scoring;
//!
//! // FFO #20 (Black to move, 20 empties): h5 wins by 6.
//! let position: Position = "XXXOXXXX/OXXXXXXX/OOXXXXXX/OOOXXXXX/OOOXXOO-/OOOOO---/OOOOOOO-/OOOOOOO- X".parse()?;
//! let solver = Solver::with_hash_mb(16);
//! let solution = solver.solve(&position, Scoring::Wof)?;
//! assert_eq!(solution.value(), reversi_engine::Value::Exact(6));
//! assert_eq!(solution.best().to_string(), "h5");
//! assert_eq!(solution.pv().first(), Some(&solution.best()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod error;
mod guess;
mod root;
mod run;
mod search;
mod solution;

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::time::Instant;

use reversi_core::Position;
use reversi_variants::Scoring;

use crate::transposition_table::endgame::Table;
use guess::guess;
use run::{Answer, Job, Task, run_job};
use search::Selection;

pub use crate::limits::{Limits, Mode};
pub use crate::progress::Progress;
pub use crate::result::Certainty;
pub use crate::result::SearchResult;
pub use crate::time_management::Interruption;
pub use error::SolveError;
pub use solution::{Bound, Bounded, Outcome, Window};

/// The exact endgame solver, with its transposition table; reuse it across calls (the table
/// stays valid: it holds exact bounds, keyed by board and scoring too).
///
/// ```
/// use std::num::NonZeroUsize;
/// use reversi_core::Position;
/// use reversi_engine::Limits;
/// use reversi_engine::solver::{Mode, Solver};
/// use reversi_variants::Scoring;
///
/// // 6×6, White to move, 6 empties.
/// let position: Position = "OOOOOO/OXXXXO/OXOXXO/OXXOXO/--XXX-/---O-- O".parse()?;
/// let solver = Solver::with_hash_mb(1).threads(NonZeroUsize::new(2).unwrap());
/// let exact = solver.solve(&position, Scoring::Discs)?;
/// let wdl = solver.solve_with(&position, Limits::none().with_mode(Mode::WinDrawLoss))?;
/// assert_eq!(wdl.outcome(), exact.outcome());
/// assert!(wdl.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver {
    table: Table,
    threads: NonZeroUsize,
    /// Empty cells from which a node may be shared between threads.
    split: u32,
    /// Where a solve searches selectively first.
    selection: Selection,
    /// Which compilation of the search it runs (only x86-64 has more than one).
    code: Code,
}

/// Which compilation of the search a solver runs ([`features`](search::features)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    /// The one compiled for this CPU's features and the board's generator, if there is one.
    ForThisCpu,
    /// The one for AVX2, even where the CPU and the generator would take AVX-512's: tests
    /// run it beside the others.
    #[cfg_attr(not(test), allow(dead_code))]
    WithoutAvx512,
    /// The one for any CPU: tests run it on every CPU.
    #[cfg_attr(not(test), allow(dead_code))]
    Portable,
}

impl Default for Solver {
    /// A table of [`Solver::DEFAULT_HASH_MB`] MB, one thread.
    fn default() -> Solver {
        Solver::with_hash_mb(Solver::DEFAULT_HASH_MB)
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} bytes)", self.bytes())
    }
}

impl Solver {
    /// The default table size, in MB.
    pub const DEFAULT_HASH_MB: usize = 64;

    /// A solver with a table of at most `mb` MB (in whole buckets of 32 bytes; a few dozen
    /// bytes at least), one thread.
    #[must_use]
    pub fn with_hash_mb(mb: usize) -> Solver {
        Solver::with_hash_bytes(crate::transposition_table::megabytes(mb))
    }

    /// A solver with a table of at most `bytes` bytes (in whole buckets of 32 bytes; a few
    /// dozen bytes at least), one thread.
    #[must_use]
    pub fn with_hash_bytes(bytes: usize) -> Solver {
        Solver {
            table: Table::new(bytes),
            threads: NonZeroUsize::MIN,
            split: crate::ybwc::ENDGAME_SPLIT_EMPTIES,
            selection: search::SELECTION,
            code: Code::ForThisCpu,
        }
    }

    /// The same solver with `threads` threads (the calling thread is one of them).
    #[must_use]
    pub fn threads(self, threads: NonZeroUsize) -> Solver {
        Solver { threads, ..self }
    }

    /// The same solver splitting nodes between threads from `empties` empty cells: tests
    /// make small positions split.
    #[cfg(test)]
    fn split_from(self, empties: u32) -> Solver {
        Solver { split: empties, ..self }
    }

    /// The same solver with another selection: tests make small positions search selectively.
    #[cfg(test)]
    fn selection(self, selection: Selection) -> Solver {
        Solver { selection, ..self }
    }

    /// The same solver running the search compiled for any CPU: tests run it beside the
    /// others.
    #[cfg(test)]
    fn portable(self) -> Solver {
        Solver { code: Code::Portable, ..self }
    }

    /// The same solver running the search compiled for AVX2 where the CPU has it, never the
    /// one for AVX-512: tests run it beside the others.
    #[cfg(test)]
    fn without_avx512(self) -> Solver {
        Solver { code: Code::WithoutAvx512, ..self }
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets every entry of the table.
    pub fn clear(&self) {
        self.table.clear();
    }

    /// The exact value of `position` under `scoring`, a best move and the principal variation.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if neither side can move.
    pub fn solve(&self, position: &Position, scoring: Scoring) -> Result<SearchResult, SolveError> {
        self.solve_with(position, Limits::none().with_scoring(scoring))
    }

    /// [`Solver::solve`] under `limits`: their scoring and mode, nodes, time, stop flag and
    /// progress (their depth and exact-solve threshold are the midgame search's, and unused
    /// here). The result's value is [`Value::Exact`](crate::value::Value::Exact), or
    /// [`Value::Outcome`](crate::value::Value::Outcome) in [`Mode::WinDrawLoss`]; its depth
    /// is the empty cells of the position.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if neither side can move; [`SolveError::Interrupted`] if a
    /// limit or the stop flag ended the search first.
    pub fn solve_with(&self, position: &Position, limits: Limits) -> Result<SearchResult, SolveError> {
        let start = Instant::now();
        let progress = limits.progress().map(Arc::as_ref);
        if let Some(progress) = progress {
            progress.restart();
        }
        // A close node limit counts the guess's nodes, and the solve has what they leave; a
        // level's budget leaves the guess out, as its play was measured.
        let guess_limit = limits.max_nodes().filter(|_| limits.close_nodes());
        let guess = match limits.mode() {
            Mode::Exact => guess(position, limits.scoring(), guess_limit),
            Mode::WinDrawLoss => None,
        };
        let guess_nodes = guess.as_ref().map_or(0, |g| g.nodes);
        let found = guess.and_then(|g| g.found);
        if let (Some(progress), Some(found)) = (progress, &found) {
            progress.publish(Bounded::new(Some(found.best), found.value, Bound::Exact, Certainty::Guess, 0));
        }
        let limits = match guess_limit {
            Some(limit) => limits.with_nodes(limit.saturating_sub(guess_nodes)),
            None => limits,
        };
        let task = Task::Solve(limits.mode(), found.as_ref().map(|g| g.value));
        let job = Job { solver: self, position, limits: &limits, task };
        let answer = run_job(job).map_err(|error| match error {
            SolveError::Interrupted { reason, nodes } => SolveError::Interrupted { reason, nodes: nodes + guess_nodes },
            other => other,
        })?;
        match answer {
            Answer::Solved(mut solution) => {
                solution.nodes += guess_nodes;
                solution.elapsed = start.elapsed();
                Ok(solution)
            }
            Answer::Bounded(_) => unreachable!("a solve answers with a solution"),
        }
    }

    /// The value of `position` for the side to move under `limits`' scoring if it lies inside
    /// `window`, else a bound on it: the entry point for engines, which search with narrow
    /// windows. A finished game gives its final score, exact, with no move.
    ///
    /// # Errors
    /// [`SolveError::Interrupted`] if a limit or the stop flag ended the search first.
    pub fn search(&self, position: &Position, window: Window, limits: Limits) -> Result<Bounded, SolveError> {
        if let Some(progress) = limits.progress() {
            progress.restart();
        }
        let job = Job { solver: self, position, limits: &limits, task: Task::Search(window) };
        match run_job(job)? {
            Answer::Bounded(bounded) => Ok(bounded),
            Answer::Solved(_) => unreachable!("a search answers with a bound"),
        }
    }
}

#[cfg(test)]
mod tests;
