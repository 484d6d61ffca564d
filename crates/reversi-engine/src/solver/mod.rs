//! The exact endgame solver: the value of a position with perfect play by both sides, on every
//! board of the workspace (every size and rectangle, the Octagon, blocked cells, handicap
//! discs), under disc or WOF scoring.
//!
//! [`Solver::solve`] gives the value, a best move and the principal variation;
//! [`SolveOptions`] asks for win/draw/loss only and sets limits (nodes, time, a stop flag),
//! past which the solver answers [`SolveError::Interrupted`] rather than a guess, and a
//! [`Progress`] that another thread reads while the solve runs: the nodes so far and the best
//! move and value found so far ([`BestSoFar`]), with how sure they are ([`Certainty`]).
//! [`Solver::search`] is the entry point for engines: a window, limits, and a bound.
//!
//! The solver keeps a transposition table of the size it was built with, reused across
//! calls; its memory is that table plus a small constant, whatever the position, and it never
//! allocates per node. With several threads, a node whose moves are shared starts a helper
//! thread for each idle one (never more than the thread count at a time), and an exact solve
//! of 18 empties or more first guesses its value with a shallow search that has a 1 MB table
//! of its own. From 22 empties, two selective searches (probable cut-offs, which may be
//! wrong; the first bolder than the second) come before the exact one: each one's value is
//! the next search's first guess and its moves, left in the table, order it; their bounds are
//! marked as such and never reach the exact search, so the answer stays exact.
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
//! assert_eq!(solution.value(), 6);
//! assert_eq!(solution.best_move().to_string(), "h5");
//! assert_eq!(solution.pv().first(), Some(&solution.best_move()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod progress;
mod root;
mod search;
mod table;

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reversi_core::Position;
use reversi_core::kernel::{self, Layout, Visitor, Word};
use reversi_variants::{Move, Scoring};

use board::Board;
use search::features;
use search::{Control, INFINITY, Selection, Worker};
use table::{Selectivity, Table};

pub use progress::{BestSoFar, Certainty, Progress};

/// What a solve computes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The exact final score.
    #[default]
    Exact,
    /// Only whether the side to move wins, draws or loses: a narrower search, often much faster.
    WinDrawLoss,
}

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
    fn of(value: i32) -> Outcome {
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

/// Why a search ended before it had its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interruption {
    /// The stop flag was raised.
    Stopped,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
}

impl std::fmt::Display for Interruption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Interruption::Stopped => "stopped",
            Interruption::NodeLimit => "node limit reached",
            Interruption::TimeLimit => "time limit reached",
        })
    }
}

/// Why the solver has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Neither side can move: there is nothing to solve (the final score is the position's).
    #[error("the game is over")]
    GameOver,
    /// A limit or the stop flag ended the search first: the value is unknown.
    #[error("not solved: {reason} after {nodes} nodes")]
    Interrupted {
        /// What ended it.
        reason: Interruption,
        /// Nodes searched until then.
        nodes: u64,
    },
    /// A window whose lower end is not below its upper end once both are clamped to ±1000.
    #[error("empty window ({alpha}, {beta}): alpha must be below beta, both within -1000..=1000")]
    EmptyWindow {
        /// The lower end.
        alpha: i32,
        /// The upper end.
        beta: i32,
    },
}

/// SolveLimits on a search; past any of them it ends with [`SolveError::Interrupted`].
#[derive(Clone, Debug, Default)]
pub struct SolveLimits {
    nodes: Option<u64>,
    time: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
    progress: Option<Arc<Progress>>,
}

impl SolveLimits {
    /// No limit.
    #[must_use]
    pub fn none() -> SolveLimits {
        SolveLimits::default()
    }

    /// Stop after about `nodes` nodes (checked every few thousand nodes).
    #[must_use]
    pub fn nodes(mut self, nodes: u64) -> SolveLimits {
        self.nodes = Some(nodes);
        self
    }

    /// Stop after `time`.
    #[must_use]
    pub fn time(mut self, time: Duration) -> SolveLimits {
        self.time = Some(time);
        self
    }

    /// Stop once `flag` is set (from another thread, say); the search looks at it every few
    /// thousand nodes.
    #[must_use]
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> SolveLimits {
        self.stop = Some(flag);
        self
    }

    /// Report into `progress` as the search goes: the nodes searched so far and, for a solve,
    /// the best move and value found so far ([`Progress::best_so_far`]).
    #[must_use]
    pub fn progress(mut self, progress: Arc<Progress>) -> SolveLimits {
        self.progress = Some(progress);
        self
    }
}

/// What [`Solver::solve_with`] computes and how long it may take.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    mode: Mode,
    limits: SolveLimits,
}

impl SolveOptions {
    /// An exact solve without limits.
    #[must_use]
    pub fn new() -> SolveOptions {
        SolveOptions::default()
    }

    /// Sets what to compute.
    #[must_use]
    pub fn mode(mut self, mode: Mode) -> SolveOptions {
        self.mode = mode;
        self
    }

    /// Sets the limits.
    #[must_use]
    pub fn limits(mut self, limits: SolveLimits) -> SolveOptions {
        self.limits = limits;
        self
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    value: i32,
    mode: Mode,
    best_move: Move,
    pv: Vec<Move>,
    nodes: u64,
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
    alpha: i32,
    beta: i32,
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

/// What a value returned by [`Solver::search`] says about the exact value.
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
    fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// The answer of [`Solver::search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounded {
    value: i32,
    bound: Bound,
    best_move: Option<Move>,
    nodes: u64,
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

/// The exact endgame solver, with its transposition table; reuse it across calls (the table
/// stays valid: it holds exact bounds, keyed by board and scoring too).
///
/// ```
/// use std::num::NonZeroUsize;
/// use reversi_core::Position;
/// use reversi_engine::solver::{Mode, Outcome, SolveOptions, Solver};
/// use reversi_variants::Scoring;
///
/// // 6×6, White to move, 6 empties.
/// let position: Position = "OOOOOO/OXXXXO/OXOXXO/OXXOXO/--XXX-/---O-- O".parse()?;
/// let solver = Solver::with_hash_mb(1).threads(NonZeroUsize::new(2).unwrap());
/// let exact = solver.solve(&position, Scoring::Discs)?;
/// let wdl = solver.solve_with(&position, Scoring::Discs, &SolveOptions::new().mode(Mode::WinDrawLoss))?;
/// assert_eq!(wdl.outcome(), exact.outcome());
/// assert_eq!(wdl.value(), exact.value().signum());
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

/// Which compilation of the search a solver runs ([`features`]).
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
        Solver::with_hash_bytes(mb.saturating_mul(1 << 20))
    }

    /// A solver with a table of at most `bytes` bytes (in whole buckets of 32 bytes; a few
    /// dozen bytes at least), one thread.
    #[must_use]
    pub fn with_hash_bytes(bytes: usize) -> Solver {
        Solver {
            table: Table::new(bytes),
            threads: NonZeroUsize::MIN,
            split: search::SPLIT,
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
    pub fn solve(&self, position: &Position, scoring: Scoring) -> Result<Solution, SolveError> {
        self.solve_with(position, scoring, &SolveOptions::new())
    }

    /// [`Solver::solve`] with a mode and limits.
    ///
    /// # Errors
    /// [`SolveError::GameOver`] if neither side can move; [`SolveError::Interrupted`] if a
    /// limit or the stop flag ended the search first.
    pub fn solve_with(
        &self,
        position: &Position,
        scoring: Scoring,
        options: &SolveOptions,
    ) -> Result<Solution, SolveError> {
        let progress = options.limits.progress.as_deref();
        if let Some(progress) = progress {
            progress.restart();
        }
        let guess = match options.mode {
            Mode::Exact => guess(position, scoring),
            Mode::WinDrawLoss => None,
        };
        if let (Some(progress), Some(guess)) = (progress, &guess) {
            progress.publish(BestSoFar::new(Some(guess.best), guess.value, Bound::Exact, Certainty::Guess));
        }
        let task = Task::Solve(options.mode, guess.as_ref().map(|g| g.value));
        let job = Job { solver: self, position, scoring, limits: &options.limits, task };
        match run_job(job)? {
            Answer::Solved(mut solution) => {
                solution.nodes += guess.map_or(0, |g| g.nodes);
                Ok(solution)
            }
            Answer::Bounded(_) => unreachable!("a solve answers with a solution"),
        }
    }

    /// The value of `position` for the side to move if it lies inside `window`, else a bound
    /// on it: the entry point for engines, which search with narrow windows. A finished game
    /// gives its final score, exact, with no move.
    ///
    /// # Errors
    /// [`SolveError::Interrupted`] if a limit or the stop flag ended the search first.
    pub fn search(
        &self,
        position: &Position,
        scoring: Scoring,
        window: Window,
        limits: &SolveLimits,
    ) -> Result<Bounded, SolveError> {
        if let Some(progress) = limits.progress.as_deref() {
            progress.restart();
        }
        let job = Job { solver: self, position, scoring, limits, task: Task::Search(window) };
        match run_job(job)? {
            Answer::Bounded(bounded) => Ok(bounded),
            Answer::Solved(_) => unreachable!("a search answers with a bound"),
        }
    }
}

/// Empty cells from which an exact solve first guesses its value with a shallow search and
/// centres its first window on the guess. Measured on FFO #40-#44 (nodes, one thread): without
/// 330 M; from 18 empties, depth 6, width 3: 256 M (depth 4: 316 M; depth 8: 264 M; width 2
/// or 5: 255 M).
const ASPIRATION_FROM: u32 = 18;
/// The guess's search depth, in plies. Before the selective searches ([`search::SELECTION`])
/// a guess of 10 plies from 24 empties paid: it saved a second window on a long solve
/// (fifth round, one thread: FFO #45-#49 2 224 M nodes against 2 353 M at depth 6; #53 on two
/// threads 7.6 G nodes and 238 s against 8.4 G and 258 s). Now the selective searches make
/// their own guess from it, and the exact search starts from theirs: at depth 6 everywhere the
/// solves search the same nodes within 1 % (#56 fewer: 581 M against 615 M) and save the
/// deeper guess's 0.2-1.3 s (eighteenth round, one thread, side by side: FFO #45-#52 54.5 s
/// against 57.2 s, #53/#56/#58 104.0 and 104.9 s against 105.9 and 107.5 s with the cores
/// swapped, #54/#57 167.1 s against 169.8 s).
const GUESS_DEPTH: u32 = 6;
/// The guess's table: three quarters of a megabyte, what a `Searcher` of 1 MB gave its search
/// when the guess was one (the node counts above were measured with it).
const GUESS_TABLE_BYTES: usize = 3 << 18;
/// The first window is the guess plus or minus this, bounds excluded. With the depth-10
/// guess, FFO #45-#49 (nodes, one thread): 3 → 2 224 M, 5 → 2 793 M, 7 → 2 758 M, although
/// that guess misses the value by 4-8 on #45, #48 and #49 (a miss costs a second window, but
/// a wider first one costs more on the positions it hits). The selective search's first
/// window (around the shallow guess) at ±10 instead, one thread: FFO #40-#44 137.2 M →
/// 147.8 M nodes, #45-#49 1 455 M → 1 198 M (±6 1 490 M, ±15 1 337 M, ±30 1 474 M), #50-#52
/// 1 866 M → 1 796 M, #45-#52 224.9 s against 243.4 and 251.5 s; but the full FFO #40-#59
/// run on two threads took 2 510.0 s against the seventh round's 2 442.8 s (#55 1 070.8 s
/// against 959.3 s), so ±3 stayed.
const ASPIRATION_WIDTH: i32 = 3;
/// When the value falls outside a window, the next one starts at the bound that search proved
/// and reaches this many times further: the depth-6 guess misses by 5-13 on half of FFO
/// #40-#59, and a window open to the end on that side cost far more. Nodes (one thread):
/// #49 (guess +6, value +16) 3 296 M with the open window, 1 987 M with 3; #45 (guess +17,
/// value +6) 968 M, with 2 1 094 M, with 3 846 M, with 5 927 M; #44 51.5 M → 50.0 M;
/// #47 65.4 M → 64.0 M; #48 2 130 M → 2 096 M.
const WIDEN: i32 = 3;

/// A shallow search's estimate of a solve's value ([`guess`]).
struct Guess {
    value: i32,
    /// The shallow search's best move.
    best: Move,
    nodes: u64,
}

/// A guess of the exact value of `position`: a shallow search with the evaluation, for
/// positions big enough that a narrow first window pays for it (a few thousand nodes, which
/// the limits do not watch).
fn guess(position: &Position, scoring: Scoring) -> Option<Guess> {
    let empties = position.empty_cells().len();
    if empties < ASPIRATION_FROM {
        return None;
    }
    // Exhaustive: a probable cut-off saves little at this depth and would move the guess.
    let estimate = crate::search::core::estimate(position, scoring, GUESS_DEPTH, GUESS_TABLE_BYTES)?;
    let value = (f64::from(estimate.value) / 100.0).round() as i32;
    Some(Guess { value, best: estimate.best, nodes: estimate.nodes })
}

fn run_job(job: Job<'_>) -> Result<Answer, SolveError> {
    kernel::dispatch(job.position.geometry(), job)
}

/// What a [`Job`] is asked.
#[derive(Clone, Copy)]
enum Task {
    /// A solve, with a guess of the value to centre the first window on.
    Solve(Mode, Option<i32>),
    Search(Window),
}

enum Answer {
    Solved(Solution),
    Bounded(Bounded),
}

/// One call of the solver, run with the board's generator.
struct Job<'a> {
    solver: &'a Solver,
    position: &'a Position,
    scoring: Scoring,
    limits: &'a SolveLimits,
    task: Task,
}

impl Visitor for Job<'_> {
    type Output = Result<Answer, SolveError>;

    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        let board = Board::new(mg, self.position.geometry(), self.scoring);
        let side = self.position.side_to_move();
        let p = mg.compact(self.position.discs(side));
        let o = mg.compact(self.position.discs(!side));
        let nodes = AtomicU64::new(0);
        let control = Control {
            stop: self.limits.stop.as_deref(),
            // A limit too long for an `Instant` (such as `Duration::MAX`) means no deadline.
            deadline: self.limits.time.and_then(|t| Instant::now().checked_add(t)),
            node_limit: self.limits.nodes,
            nodes: &nodes,
            progress: self.limits.progress.as_deref(),
            aborted: AtomicBool::new(false),
            reason: std::sync::Mutex::new(None),
            idle: AtomicIsize::new(self.solver.threads.get() as isize - 1),
            split: self.solver.split,
            selection: self.solver.selection,
        };
        // This call's entries come first in the table; an earlier call's make room first.
        self.solver.table.next_generation();
        let run = Run {
            board: &board,
            table: &self.solver.table,
            control: &control,
            compiled: Compiled::choose(self.solver.code, &mg),
        };
        let empties = (!(p | o) & board.playable).count();
        // Deep recursions (large boards far from the end) get a thread with a stack to match.
        let answer = if empties > 48 {
            std::thread::scope(|s| {
                std::thread::Builder::new()
                    .stack_size(16 << 20)
                    .spawn_scoped(s, || run.task(self.task, p, o))
                    .expect("a thread for the search")
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
        } else {
            run.task(self.task, p, o)
        };
        let total = nodes.load(Ordering::Relaxed);
        if let Some(progress) = control.progress {
            progress.record_nodes(total);
        }
        match answer {
            Some(answer) => Ok(answer.with_nodes(total)),
            None if control.is_aborted() => {
                let reason = control
                    .reason
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .unwrap_or(Interruption::Stopped);
                Err(SolveError::Interrupted { reason, nodes: total })
            }
            None => Err(SolveError::GameOver),
        }
    }
}

impl Answer {
    fn with_nodes(mut self, total: u64) -> Answer {
        match &mut self {
            Answer::Solved(s) => s.nodes = total,
            Answer::Bounded(b) => b.nodes = total,
        }
        self
    }
}

/// The shared parts of one call.
struct Run<'a, M: Layout> {
    board: &'a Board<M>,
    table: &'a Table,
    control: &'a Control<'a>,
    compiled: Compiled,
}

/// The compilation of the search a call runs ([`features`]).
#[derive(Clone, Copy)]
enum Compiled {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(features::Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(features::Avx512),
}

impl Compiled {
    /// The compilation for `code` on this CPU with the generator `mg`: for AVX-512 only where
    /// the generator's flips use it (elsewhere it was slower), else for AVX2 if the CPU has it.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn choose<M: Layout>(code: Code, mg: &M) -> Compiled {
        #[cfg(target_arch = "x86_64")]
        {
            if code == Code::ForThisCpu
                && mg.flips_use_avx512_cd()
                && let Some(features) = features::Avx512::detect()
            {
                return Compiled::Avx512(features);
            }
            if code != Code::Portable
                && let Some(features) = features::Avx2::detect()
            {
                return Compiled::Avx2(features);
            }
        }
        Compiled::Portable
    }
}

impl<M: Layout> Run<'_, M> {
    /// The answer to `task`; `None` if interrupted or, for a solve, if the game is over.
    fn task(&self, task: Task, p: M::Word, o: M::Word) -> Option<Answer> {
        match task {
            Task::Search(window) => {
                let found = self.root(p, o, window.alpha, window.beta, Selectivity::EXACT)?;
                let (bound, best_move) = self.read(&found, window.alpha, window.beta, p, o);
                Some(Answer::Bounded(Bounded { value: found.value, bound, best_move, nodes: 0 }))
            }
            Task::Solve(mode, guess) => self.solve(mode, guess, p, o).map(Answer::Solved),
        }
    }

    fn must_pass(&self, p: M::Word, o: M::Word) -> bool {
        self.board.mg.legal(p, o).is_zero() && !self.board.mg.legal(o, p).is_zero()
    }

    /// What a root search of the mover with discs `p` against `o` in `(alpha, beta)` that
    /// `found` a value proves, and the move that reached it (none if every move fell below).
    fn read(&self, found: &root::Found, alpha: i32, beta: i32, p: M::Word, o: M::Word) -> (Bound, Option<Move>) {
        let bound = Bound::of(found.value, alpha, beta);
        let best_move = match found.best {
            Some(i) if bound != Bound::Upper => Some(Move::Place(self.board.square(i))),
            _ if self.must_pass(p, o) => Some(Move::Pass),
            _ => None,
        };
        (bound, best_move)
    }

    /// [`Run::root`] for a solve's answer (not for its principal variation's steps, which
    /// search the positions after it): what it found goes to the caller's [`Progress`].
    fn root_reported(
        &self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        selectivity: Selectivity,
    ) -> Option<root::Found> {
        let found = self.root(p, o, alpha, beta, selectivity)?;
        if let Some(progress) = self.control.progress {
            let (bound, best_move) = self.read(&found, alpha, beta, p, o);
            let certainty = if selectivity > Selectivity::EXACT { Certainty::Selective } else { Certainty::Exact };
            progress.publish(BestSoFar::new(best_move, found.value, bound, certainty));
        }
        Some(found)
    }

    /// [`root::root`] of the given selectivity on the calling thread and its helpers; `None`
    /// if interrupted.
    fn root(&self, p: M::Word, o: M::Word, alpha: i32, beta: i32, selectivity: Selectivity) -> Option<root::Found> {
        match self.compiled {
            Compiled::Portable => self.root_with(p, o, alpha, beta, selectivity, features::Portable),
            #[cfg(target_arch = "x86_64")]
            Compiled::Avx2(features) => self.root_with(p, o, alpha, beta, selectivity, features),
            #[cfg(target_arch = "x86_64")]
            Compiled::Avx512(features) => self.root_with(p, o, alpha, beta, selectivity, features),
        }
    }

    /// [`Run::root`] with the search compiled for `features`.
    fn root_with<V: features::Features>(
        &self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        selectivity: Selectivity,
        features: V,
    ) -> Option<root::Found> {
        let mut worker = Worker::new(self.board, self.table, self.control, selectivity, features);
        let found = root::root(&mut worker, p, o, alpha, beta);
        worker.flush();
        (!worker.stopped && !self.control.is_aborted()).then_some(found)
    }

    /// The window of a mode around a known value `v` (for the principal variation's steps),
    /// or the first search's window.
    fn window(mode: Mode, around: Option<i32>) -> (i32, i32) {
        match (mode, around) {
            (Mode::Exact, None) => (-INFINITY, INFINITY),
            (Mode::Exact, Some(v)) => (v - 1, v + 1),
            (Mode::WinDrawLoss, _) => (-1, 1),
        }
    }

    /// A search in an aspiration window around `guess`; while the value falls outside, a
    /// search again on that side, from the bound the last one proved, [`WIDEN`] times wider.
    ///
    /// A selective search may fall below a window after it rose above the last one (its
    /// cut-offs depend on the window): its answer is then the last bound, a guess as good as
    /// any. An exact search never does, since its bounds are true ones.
    fn aspiration(&self, p: M::Word, o: M::Word, guess: i32, selectivity: Selectivity) -> Option<root::Found> {
        let (mut alpha, mut beta, mut width) = (guess - ASPIRATION_WIDTH, guess + ASPIRATION_WIDTH, ASPIRATION_WIDTH);
        let mut fell = None;
        loop {
            let found = self.root_reported(p, o, alpha, beta, selectivity)?;
            let low = match Bound::of(found.value, alpha, beta) {
                Bound::Upper => true,
                Bound::Lower => false,
                Bound::Exact => return Some(found),
            };
            if fell.is_some_and(|was_low| was_low != low) {
                debug_assert!(selectivity > Selectivity::EXACT, "an exact search turned back");
                return Some(found);
            }
            fell = Some(low);
            width *= WIDEN;
            (alpha, beta) = if low {
                ((found.value - width).max(-INFINITY), found.value + 1)
            } else {
                (found.value - 1, (found.value + width).min(INFINITY))
            };
        }
    }

    /// The value of the selective searches of the position ([`search::PASSES`], each from
    /// the last one's value), from the selection's empties (else `guess` itself): a closer
    /// guess than the shallow search's, and the moves they leave in the table order the exact
    /// search. `None` if interrupted.
    ///
    /// Not when the guess is near a wipe-out (three quarters of the board's cells or more):
    /// the evaluation does not see a wipe-out coming, so the probable cut-offs drop the very
    /// lines that prove it, and the selective search wanders. FFO #59 (34 empties, +64):
    /// 265 M nodes and 14.8 s with it, 0.7 M nodes and 0.34 s without (two threads).
    fn selective_guess(&self, p: M::Word, o: M::Word, guess: i32) -> Option<i32> {
        let empties = (!(p | o) & self.board.playable).count();
        if empties < self.control.selection.from || 4 * guess.abs() >= 3 * self.board.cells {
            return Some(guess);
        }
        let mut guess = guess;
        for pass in 0..search::PASSES {
            guess = self.aspiration(p, o, guess, Selection::level(pass))?.value;
        }
        Some(guess)
    }

    fn solve(&self, mode: Mode, guess: Option<i32>, p: M::Word, o: M::Word) -> Option<Solution> {
        let mg = &self.board.mg;
        if mg.legal(p, o).is_zero() && mg.legal(o, p).is_zero() {
            return None;
        }
        let found = match guess {
            Some(g) => {
                let g = self.selective_guess(p, o, g)?;
                self.aspiration(p, o, g, Selectivity::EXACT)?
            }
            None => {
                let (alpha, beta) = Run::<M>::window(mode, None);
                self.root_reported(p, o, alpha, beta, Selectivity::EXACT)?
            }
        };
        let value = match mode {
            Mode::Exact => found.value,
            Mode::WinDrawLoss => found.value.signum(),
        };
        // The principal variation: at each step a search around the known value finds a move
        // that keeps it (the table makes these searches short).
        let (mut p, mut o, mut expected) = (p, o, value);
        let mut pv = Vec::new();
        loop {
            if mg.legal(p, o).is_zero() {
                if mg.legal(o, p).is_zero() {
                    break;
                }
                pv.push(Move::Pass);
                (p, o, expected) = (o, p, -expected);
                continue;
            }
            let step = if pv.is_empty() {
                found.best
            } else {
                let (alpha, beta) = Run::<M>::window(mode, Some(expected));
                self.root(p, o, alpha, beta, Selectivity::EXACT)?.best
            };
            let x = step.expect("a position with moves has a best move");
            pv.push(Move::Place(self.board.square(x)));
            let flips = mg.flips(p, o, x);
            (p, o, expected) = (o ^ flips, p | flips | M::Word::bit(x), -expected);
        }
        let best_move = pv[0];
        Some(Solution { value, mode, best_move, pv, nodes: 0 })
    }
}

#[cfg(test)]
mod tests;
