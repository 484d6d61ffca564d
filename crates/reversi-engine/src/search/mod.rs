//! The search: iterative deepening of a principal-variation alpha-beta search with a
//! transposition table, move ordering, aspiration windows, limits by depth, nodes or time, a
//! stop flag and optional helper threads; an exact solve once few empty cells remain.
//!
//! ```
//! use reversi_core::Position;
//! use reversi_engine::search::{Limits, Searcher};
//! use reversi_variants::Move;
//!
//! let mut searcher = Searcher::with_hash_mb(1);
//! let result = searcher.search(&Position::default(), Limits::depth(4)).expect("the game is not over");
//! assert_eq!(result.depth(), 4);
//! assert!(matches!(result.best(), Move::Place(sq) if Position::default().is_legal(sq)));
//! assert_eq!(result.pv()[0], result.best());
//! ```
//!
//! # Memory
//! The tables are allocated once, within the size given to [`Searcher::with_hash_mb`]: a
//! quarter of it for the exact solver's table, the rest for the search's (each rounded down to
//! a power of two of entries). Their memory is taken from the system zeroed, page by page as
//! the searches first write to it, so a table larger than the positions need costs only what
//! they use (a one-empty solve of a 4 GB table: milliseconds and a few MB). A search
//! allocates nothing per node: move lists live on the stack (at most 2 KB a ply) and the
//! principal variation is read back from the table after the search.
//!
//! # Exact endgame
//! When a position has at most [`Limits::exact_empties`] empty cells, the search asks the
//! crate's exact [`Solver`] for its value, best move and principal variation, under the same
//! node and time limits, stop flag and scoring, and falls back on the depth-limited search only
//! if the solve runs out of its limits.

mod free_opening;

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use reversi_core::{Geometry, Position};
use reversi_variants::{Game, Move, Phase, Scoring};

use crate::solver::{SolveError, Solver};

use crate::eval::Evaluator;
use crate::eval::boards::FeatureWeights;
use crate::eval::patterns::PatternWeights;
pub use crate::limits::Limits;
use crate::midgame::frame::hash_of;
use crate::midgame::negamax::{MAX_DEPTH, final_value};
use crate::midgame::run::{SearchJob, Searched};
pub use crate::move_ordering::Cutoffs;
#[cfg(feature = "training")]
pub use crate::multi_probcut::ProbCutNodes;
pub use crate::multi_probcut::Selectivity;
pub use crate::result::SearchResult;
use crate::time_management;
use crate::transposition_table::{
    self,
    midgame::{Entry, Table},
};
use crate::value::CENTI_PER_DISC;
pub use crate::value::Value;

/// A search engine with its transposition table. Reuse one across the moves of a game: the
/// table carries over.
#[derive(Debug)]
pub struct Searcher {
    table: Arc<Table>,
    stop: Arc<AtomicBool>,
    threads: usize,
    evaluator: Option<Evaluator>,
    pattern_weights: PatternWeights,
    /// The features' weights the caller gave, if any (else each board's built-in ones).
    feature_weights: Option<FeatureWeights>,
    selectivity: Selectivity,
    solver: Solver,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::with_hash_mb(Searcher::DEFAULT_HASH_MB)
    }
}

impl Searcher {
    /// A searcher with tables of at most `bytes` bytes in all: a quarter for the exact
    /// solver's, the rest for the search's.
    #[must_use]
    pub fn with_hash_bytes(bytes: usize) -> Searcher {
        let solver_bytes = bytes / 4;
        Searcher {
            table: Arc::new(Table::with_bytes(bytes - solver_bytes)),
            solver: Solver::with_hash_bytes(solver_bytes),
            stop: Arc::new(AtomicBool::new(false)),
            threads: 1,
            evaluator: None,
            pattern_weights: PatternWeights::built_in(),
            feature_weights: None,
            selectivity: Selectivity::default(),
        }
    }

    /// A searcher with tables of at most `mb` megabytes in all (at least one entry each), one
    /// thread.
    #[must_use]
    pub fn with_hash_mb(mb: usize) -> Searcher {
        Searcher::with_hash_bytes(transposition_table::megabytes(mb))
    }

    /// The default size of the tables, in megabytes.
    pub const DEFAULT_HASH_MB: usize = 16;

    /// The same searcher with `threads` threads (at least 1): once a node has searched its
    /// first move, an idle thread takes a share of its other moves (young brothers wait), and
    /// all share the table. On two cores a midgame search to a fixed depth takes about 0.65
    /// of one thread's time; the value and move may differ from run to run (the exhaustive
    /// search's value does not). A node limit counts every thread's nodes. The exact solve
    /// runs on as many threads (they split its nodes from 16 empty cells).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Searcher {
        let threads = NonZeroUsize::new(threads).unwrap_or(NonZeroUsize::MIN);
        Searcher { threads: threads.get(), solver: self.solver.threads(threads), ..self }
    }

    /// The same searcher evaluating the standard board with the patterns' `weights` instead of
    /// the built-in ones (the exact solver keeps its own): for fitting and comparing weights.
    #[must_use]
    pub fn with_pattern_weights(self, weights: PatternWeights) -> Searcher {
        Searcher { pattern_weights: weights, evaluator: None, ..self }
    }

    /// The same searcher evaluating every board but the standard one with the features'
    /// `weights` instead of each board's built-in ones ([`FeatureWeights::built_in`]; the
    /// exact solver keeps its own): for fitting and comparing a board's weights.
    #[must_use]
    pub fn with_feature_weights(self, weights: FeatureWeights) -> Searcher {
        Searcher { feature_weights: Some(weights), evaluator: None, ..self }
    }

    /// The same searcher with probable cut-offs as `selectivity` says ([`Selectivity::default`]
    /// unless set).
    #[must_use]
    pub fn with_selectivity(self, selectivity: Selectivity) -> Searcher {
        Searcher { selectivity, ..self }
    }

    /// The tables' size in bytes: the search's and the exact solver's.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.table.bytes() + self.solver.hash_bytes()
    }

    /// The flag that stops a running search whose limits have none of their own: set it from
    /// another thread, and the search returns what it has (the last completed iteration). Each
    /// search clears it at its start.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Empties the transposition tables.
    pub fn clear(&mut self) {
        self.table.clear();
        self.solver.clear();
    }

    /// The features' weights for a position on `geometry`: the caller's, else the board's own.
    fn feature_weights_for(&self, geometry: &Geometry) -> FeatureWeights {
        self.feature_weights.clone().unwrap_or_else(|| FeatureWeights::built_in(geometry))
    }

    fn evaluator(&mut self, position: &Position) -> Evaluator {
        match &self.evaluator {
            Some(e) if e.is_for(position.geometry()) => e.clone(),
            _ => {
                let e = Evaluator::with_weights(
                    position.geometry(),
                    self.pattern_weights.clone(),
                    self.feature_weights_for(position.geometry()),
                );
                self.evaluator = Some(e.clone());
                e
            }
        }
    }

    /// The best move of `game`'s side to move, in either phase: during a free opening, the
    /// placements left are searched to the end of the opening and then by
    /// [`search`](Self::search) at a depth of at most 4. `None` once the game is over.
    pub fn search_game(&mut self, game: &Game, limits: Limits) -> Option<SearchResult> {
        match game.phase() {
            Phase::FreeOpening => {
                let placed = game.history().len();
                free_opening::search(self, game.position(), 4 - placed.min(4), limits)
            }
            _ => self.search(game.position(), limits),
        }
    }

    /// The best move of `position`'s side to move under `limits` (their depth, nodes, time,
    /// stop flag (else the searcher's own), exact-solve threshold and scoring), with its value
    /// and principal variation: [`Move::Pass`] when it must pass, `None` when the game is over.
    pub fn search(&mut self, position: &Position, limits: Limits) -> Option<SearchResult> {
        let start = Instant::now();
        self.stop.store(false, Ordering::Relaxed);
        let stop = limits.stop_flag().map_or_else(|| Arc::clone(&self.stop), Arc::clone);
        if position.is_game_over() {
            return None;
        }
        if position.legal_moves().is_empty() {
            let passed = position.with_side_to_move(!position.side_to_move());
            let after = self.search(&passed, limits)?;
            let mut pv = vec![Move::Pass];
            pv.extend_from_slice(&after.pv);
            return Some(SearchResult {
                best: Move::Pass,
                value: after.value.negated(),
                pv,
                elapsed: start.elapsed(),
                ..after
            });
        }
        let eval = self.evaluator(position);
        let empties = position.empty_cells().len();
        let mut solve_nodes = 0;
        if empties <= limits.exact_empties() {
            let mut solve_limits = Limits::none().with_scoring(limits.scoring()).with_stop_flag(Arc::clone(&stop));
            if let Some(nodes) = limits.max_nodes() {
                solve_limits = solve_limits.with_nodes(nodes);
            }
            if !limits.close_nodes() {
                solve_limits = solve_limits.with_coarse_nodes();
            }
            if let Some(time) = limits.max_time() {
                solve_limits = solve_limits.with_time(time);
            }
            if let Some(progress) = limits.progress() {
                solve_limits = solve_limits.with_progress(Arc::clone(progress));
            }
            let spent = match self.solver.solve_with(position, solve_limits) {
                Ok(solution) => return Some(SearchResult { elapsed: start.elapsed(), ..solution }),
                Err(SolveError::Interrupted { nodes, .. }) => nodes,
                Err(_) => 0,
            };
            // Out of nodes or time: fall back on what a short search finds. A level's budget
            // counts the solve as its whole budget and gives the search as much again (as its
            // play was measured); a close node limit gives the search what the solve left.
            solve_nodes = if limits.close_nodes() { spent } else { limits.max_nodes().unwrap_or(0) };
            self.stop.store(false, Ordering::Relaxed);
        }
        let node_limit = match limits.max_nodes() {
            Some(limit) if limits.close_nodes() => Some(limit.saturating_sub(solve_nodes)),
            other => other,
        };
        let max_depth = limits.max_depth().unwrap_or(MAX_DEPTH).min(MAX_DEPTH).min(empties);
        let deadline = time_management::deadline(start, limits.max_time());
        let job = SearchJob {
            position,
            weights: self.pattern_weights.clone(),
            features: self.feature_weights_for(position.geometry()),
            scoring: limits.scoring(),
            table: &self.table,
            stop: &stop,
            deadline,
            node_limit,
            close_nodes: limits.close_nodes(),
            probcut: self.selectivity.probcut_for(&eval),
            threads: self.threads,
            max_depth,
        };
        let Searched { found, nodes, cutoffs } = job.run();
        let (best, value, depth) = found.unwrap_or_else(|| {
            // Not even one ply completed: the first move in the usual order.
            let first = position.legal_moves().first().expect("a position with a move");
            let mut next = *position;
            next.play_unchecked(first);
            (first, eval.evaluate(&next).saturating_neg(), 0)
        });
        let best = Move::Place(best);
        Some(SearchResult {
            best,
            value: Value::Estimate(value),
            depth,
            pv: self.principal_variation(position, best, depth as usize, limits.scoring()),
            nodes: nodes + solve_nodes,
            cutoffs,
            elapsed: start.elapsed(),
        })
    }

    /// The moves from `position` that the table holds as best, starting with `first`, at most
    /// `length` of them (passes added where needed).
    fn principal_variation(&self, position: &Position, first: Move, length: usize, scoring: Scoring) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = *position;
        if let Move::Place(sq) = first {
            pos.play_unchecked(sq);
        }
        while pv.len() < length.max(1) && !pos.is_game_over() {
            if pos.legal_moves().is_empty() {
                pos = pos.with_side_to_move(!pos.side_to_move());
                pv.push(Move::Pass);
                continue;
            }
            let Some(Entry { best: Some(sq), .. }) = self.table.probe(hash_of(&pos, scoring)) else { break };
            if !pos.is_legal(sq) {
                break;
            }
            pos.play_unchecked(sq);
            pv.push(Move::Place(sq));
        }
        pv
    }
}

/// The final value of a finished `position` under `scoring`, for its side to move, in discs.
#[must_use]
pub fn final_value_of(position: &Position, scoring: Scoring) -> i32 {
    final_value(position, scoring) / CENTI_PER_DISC
}
