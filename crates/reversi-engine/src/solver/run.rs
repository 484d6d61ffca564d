//! One call of the solver run with the board's generator ([`Job`]): its control of limits
//! and threads, the compilation of the search for the CPU, the aspiration windows around the
//! guess, the selective searches before the exact one, and the principal variation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use reversi_core::Position;
use reversi_core::kernel::{self, Layout, Visitor, Word};
use reversi_variants::Move;

use super::board::Board;
use super::error::SolveError;
use super::search::{self, Control, Selection, Worker, features};
use super::solution::{Bound, Bounded, INFINITY, Window};
use super::{Code, Solver, root};
use crate::limits::{Limits, Mode};
use crate::move_ordering::Cutoffs;
use crate::result::Certainty;
use crate::result::SearchResult;
use crate::time_management::{self, Interruption, Watch};
use crate::transposition_table::endgame::{Sureness, Table};
use crate::value::{Outcome, Value};
use crate::ybwc::Places;

/// The first window is the guess plus or minus this, bounds excluded: a miss costs a second
/// window, but a wider first one costs more on the positions it hits.
const ASPIRATION_WIDTH: i32 = 3;
/// When the value falls outside a window, the next one starts at the bound that search proved
/// and reaches this many times further: the guess often misses by several discs, and a
/// window open to the end on that side costs far more.
const WIDEN: i32 = 3;

pub(super) fn run_job(job: Job<'_>) -> Result<Answer, SolveError> {
    kernel::dispatch(job.position.geometry(), job)
}

/// What a [`Job`] is asked.
#[derive(Clone, Copy)]
pub(super) enum Task {
    /// A solve, with a guess of the value to centre the first window on.
    Solve(Mode, Option<i32>),
    Search(Window),
}

pub(super) enum Answer {
    Solved(SearchResult),
    Bounded(Bounded),
}

/// One call of the solver, run with the board's generator.
pub(super) struct Job<'a> {
    pub(super) solver: &'a Solver,
    pub(super) position: &'a Position,
    pub(super) limits: &'a Limits,
    pub(super) task: Task,
}

impl Visitor for Job<'_> {
    type Output = Result<Answer, SolveError>;

    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        let board = Board::new(mg, self.position.geometry(), self.limits.scoring());
        let side = self.position.side_to_move();
        let p = mg.compact(self.position.discs(side));
        let o = mg.compact(self.position.discs(!side));
        let nodes = AtomicU64::new(0);
        let control = Control {
            watch: Watch {
                stop: self.limits.stop_flag().map(Arc::as_ref),
                node_limit: self.limits.max_nodes(),
                deadline: time_management::deadline(Instant::now(), self.limits.max_time()),
                close_nodes: self.limits.close_nodes(),
                threads: self.solver.threads.get(),
            },
            nodes: &nodes,
            progress: self.limits.progress().map(Arc::as_ref),
            aborted: AtomicBool::new(false),
            reason: std::sync::Mutex::new(None),
            places: Places::new(self.solver.threads.get()),
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
            Answer::Bounded(b) => *b = b.with_nodes(total),
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
pub(super) enum Compiled {
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
    pub(super) fn choose<M: Layout>(code: Code, mg: &M) -> Compiled {
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
                let found = self.root(p, o, window.alpha, window.beta, Sureness::EXACT)?;
                let (bound, best_move) = self.read(&found, window.alpha, window.beta, p, o);
                Some(Answer::Bounded(Bounded::new(best_move, found.value, bound, Certainty::Exact, 0)))
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
    /// search the positions after it): what it found goes to the caller's [`Progress`](super::progress::Progress).
    fn root_reported(
        &self,
        p: M::Word,
        o: M::Word,
        alpha: i32,
        beta: i32,
        selectivity: Sureness,
    ) -> Option<root::Found> {
        let found = self.root(p, o, alpha, beta, selectivity)?;
        if let Some(progress) = self.control.progress {
            let (bound, best_move) = self.read(&found, alpha, beta, p, o);
            let certainty = if selectivity > Sureness::EXACT { Certainty::Selective } else { Certainty::Exact };
            progress.publish(Bounded::new(best_move, found.value, bound, certainty, 0));
        }
        Some(found)
    }

    /// [`root::root`] of the given selectivity on the calling thread and its helpers; `None`
    /// if interrupted.
    fn root(&self, p: M::Word, o: M::Word, alpha: i32, beta: i32, selectivity: Sureness) -> Option<root::Found> {
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
        selectivity: Sureness,
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
    fn aspiration(&self, p: M::Word, o: M::Word, guess: i32, selectivity: Sureness) -> Option<root::Found> {
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
                debug_assert!(selectivity > Sureness::EXACT, "an exact search turned back");
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
    /// lines that prove it, and the selective search wanders, at many times the cost of the
    /// exact search alone.
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

    fn solve(&self, mode: Mode, guess: Option<i32>, p: M::Word, o: M::Word) -> Option<SearchResult> {
        let mg = &self.board.mg;
        if mg.legal(p, o).is_zero() && mg.legal(o, p).is_zero() {
            return None;
        }
        let found = match guess {
            Some(g) => {
                let g = self.selective_guess(p, o, g)?;
                self.aspiration(p, o, g, Sureness::EXACT)?
            }
            None => {
                let (alpha, beta) = Run::<M>::window(mode, None);
                self.root_reported(p, o, alpha, beta, Sureness::EXACT)?
            }
        };
        let value = match mode {
            Mode::Exact => found.value,
            Mode::WinDrawLoss => found.value.signum(),
        };
        let empties = (!(p | o) & self.board.playable).count();
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
                self.root(p, o, alpha, beta, Sureness::EXACT)?.best
            };
            let x = step.expect("a position with moves has a best move");
            pv.push(Move::Place(self.board.square(x)));
            let flips = mg.flips(p, o, x);
            (p, o, expected) = (o ^ flips, p | flips | M::Word::bit(x), -expected);
        }
        let best_move = pv[0];
        let value = match mode {
            Mode::Exact => Value::Exact(value),
            Mode::WinDrawLoss => Value::Outcome(Outcome::of(value)),
        };
        Some(SearchResult {
            best: best_move,
            value,
            depth: empties,
            pv,
            nodes: 0,
            cutoffs: Cutoffs::default(),
            elapsed: Duration::ZERO,
        })
    }
}
