//! `Engine` (levels 1 to 10) and `solve` (the exact endgame solver). Both release the GIL
//! while they search.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use reversi_engine::clock::{Clock, TimeControl};
use reversi_engine::player::{EnginePlayer, Level};
use reversi_engine::search::SearchResult;
use reversi_engine::solver::Solver;
use reversi_engine::variety::Variety;
use reversi_engine::{Limits, Searcher};
use reversi_variants::players::Player;
use reversi_variants::{Move, Phase, Scoring};

use crate::book::PyBook;
use crate::errors::{EngineError, Whole, engine_error, rules_error};
use crate::game::{PyGame, parse_position};
use crate::{interrupt, options};

/// The level of `Engine()`, as the tools' default engine.
const DEFAULT_LEVEL: u64 = 5;

/// Adds the engine's classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()?;
    m.add_class::<PyAnalysis>()?;
    m.add_class::<PySolution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}

/// The engine at a level from 1 (instant) to 10 (strong) (`reversi_kit.Engine`), with the
/// options of the Rust engine: a depth, a time a move or a game clock, threads, table size
/// and seeded variety. Its node budgets make a level play the same moves on every machine.
///
/// Frozen, its player behind a lock: threads that share one engine take turns (each search
/// waits for the one before, the GIL released meanwhile) rather than meet pyo3's "Already
/// borrowed".
#[pyclass(name = "Engine", module = "reversi_kit", frozen)]
pub(crate) struct PyEngine {
    player: Mutex<EnginePlayer>,
    /// The searcher's stop flag, raised by Ctrl-C (`interrupt::run_with_flag`).
    stop: Arc<AtomicBool>,
    options: EngineOptions,
}

/// What an engine was built with, for its properties and its `repr`.
struct EngineOptions {
    level: u8,
    depth: Option<u32>,
    control: Option<TimeControl>,
    threads: usize,
    hash_mb: usize,
    variety: Option<Variety>,
    seed: Option<u64>,
}

impl PyEngine {
    /// Runs `f` on the player on a thread of its own with the GIL released, once the searches
    /// before it are done; Ctrl-C raises the searcher's stop flag and `KeyboardInterrupt`. A
    /// search that panicked leaves no broken state behind (the next one starts afresh), so a
    /// poisoned lock is taken as it is.
    fn with_player<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut EnginePlayer) -> T + Send) -> PyResult<T> {
        interrupt::run_with_flag(py, &self.stop, || f(&mut self.player.lock().unwrap_or_else(PoisonError::into_inner)))
    }

    /// Runs `f`, which is quick (no search), on the player once the searches before it are
    /// done, with the GIL released while it waits: no thread of its own.
    fn with_player_now<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut EnginePlayer) -> T + Send) -> T {
        py.detach(|| f(&mut self.player.lock().unwrap_or_else(PoisonError::into_inner)))
    }
}

/// A copy of `game`'s table and moves, the game not held after it: another thread may play on
/// while the engine thinks.
fn game_copy(game: &Bound<'_, PyGame>) -> reversi_variants::Game {
    game.borrow().inner.clone()
}

/// What `Engine.analyse` found (`reversi_kit.Analysis`).
#[pyclass(name = "Analysis", module = "reversi_kit", frozen, get_all)]
pub(crate) struct PyAnalysis {
    /// The best move found.
    best_move: String,
    /// Its value for the side to move, in discs (an estimate unless `exact`).
    value: f64,
    /// Whether `value` is the exact final margin.
    exact: bool,
    /// The depth of the last completed iteration (the empty cells for an exact solve).
    depth: u32,
    /// The principal variation, starting with `best_move`, passes included.
    line: Vec<String>,
    /// The nodes searched.
    nodes: u64,
}

#[pymethods]
impl PyEngine {
    /// The engine at `level` (1 to 10) and the options of the Rust engine, each as it
    /// defaults there: `depth` (1 to 30) in place of the level's depth and node budget;
    /// `time` a move or `clock` `(base, increment)` for a game, in seconds; `threads`;
    /// `hash_mb` (the level's 4 or 16 MB if left out); `variety` `(margin, probability)` drawn
    /// from `seed`; `book`, the opening book it plays from: the one built in for the game's
    /// board (`True`, the default: `Book.built_in`), none (`False`) or a `Book`.
    #[new]
    #[pyo3(
        signature = (level=None, *, depth=None, time=None, clock=None, threads=None, hash_mb=None, variety=None, seed=None, book=None),
        text_signature = "(level=5, *, depth=None, time=None, clock=None, threads=1, hash_mb=None, variety=None, seed=None, book=True)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        level: Option<&Bound<'_, PyAny>>,
        depth: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        clock: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        hash_mb: Option<&Bound<'_, PyAny>>,
        variety: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        book: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyEngine> {
        let level = match level {
            None => DEFAULT_LEVEL,
            Some(level) => options::whole_in(level, "level", 1..=10)?,
        };
        let level = Level::new(u8::try_from(level).unwrap_or(0)).map_err(|e| engine_error(&e))?;
        let depth = depth.map(|d| options::whole_in(d, "depth", 1..=options::MAX_DEPTH)).transpose()?;
        let control = match (time, clock) {
            (Some(_), Some(_)) => {
                return Err(EngineError::new_err(
                    "time and clock are two clocks: give one (time a move, or a game's clock)",
                ));
            }
            (Some(time), None) => {
                Some(TimeControl::per_move(options::duration(time, "time", false)?).map_err(|e| engine_error(&e))?)
            }
            (None, Some(clock)) => Some(options::clock_control(clock)?),
            (None, None) => None,
        };
        let threads = threads.map_or(Ok(1), |t| options::whole_in(t, "threads", 1..=options::MAX_THREADS))?;
        let hash_mb = hash_mb.map(|h| options::whole_in(h, "hash_mb", 1..=options::MAX_HASH_MB)).transpose()?;
        let variety = variety.map(options::variety).transpose()?;
        let seed = seed.map(|s| options::whole_in(s, "seed", 0..=u64::MAX)).transpose()?;
        if seed.is_some() && variety.is_none() {
            return Err(EngineError::new_err("seed draws the variety's moves: without variety= it would mean nothing"));
        }
        // In range above: each fits a u32 or a usize.
        let (depth, threads) = (depth.map(|d| d as u32), threads as usize);
        let hash_mb = hash_mb.map_or(EnginePlayer::default_hash_mb(level), |mb| mb as usize);
        let searcher = Searcher::with_hash_mb(hash_mb).with_threads(threads);
        let stop = searcher.stop_flag();
        let mut player = EnginePlayer::with_searcher(level, searcher);
        if let Some(depth) = depth {
            player = player.with_depth(depth);
        }
        if let Some(control) = control {
            player = player.with_clock(Clock::new(control));
        }
        if let Some(variety) = variety {
            player = player.with_variety(variety, seed.unwrap_or(0));
        }
        player = with_book(player, book)?;
        let options = EngineOptions { level: level.number(), depth, control, threads, hash_mb, variety, seed };
        Ok(PyEngine { player: Mutex::new(player), stop, options })
    }

    /// The level.
    #[getter]
    fn level(&self) -> u8 {
        self.options.level
    }

    /// The depth set, or `None` (the level's).
    #[getter]
    fn depth(&self) -> Option<u32> {
        self.options.depth
    }

    /// The time a move, in seconds, or `None`.
    #[getter]
    fn time(&self) -> Option<f64> {
        self.options.control.filter(|c| c.initial().is_none()).map(|c| c.increment().as_secs_f64())
    }

    /// The game's clock, `(base, increment)` in seconds, or `None`.
    #[getter]
    fn clock(&self) -> Option<(f64, f64)> {
        let control = self.options.control?;
        control.initial().map(|base| (base.as_secs_f64(), control.increment().as_secs_f64()))
    }

    /// The time left on the clock, in seconds (for a time a move, that time), or `None`
    /// without one.
    #[getter]
    fn remaining(&self, py: Python<'_>) -> Option<f64> {
        self.with_player_now(py, |player| player.clock().map(|c| c.remaining().as_secs_f64()))
    }

    /// Sets the time left on the clock, in seconds, as a server that keeps the clocks says
    /// it is; `EngineError` without a clock.
    fn set_remaining(&self, py: Python<'_>, seconds: &Bound<'_, PyAny>) -> PyResult<()> {
        let remaining = options::duration(seconds, "remaining", true)?;
        self.with_player_now(py, |player| match player.clock().copied() {
            Some(mut clock) => {
                clock.set_remaining(remaining).map_err(|e| engine_error(&e))?;
                player.set_clock(clock);
                Ok(())
            }
            None => Err(EngineError::new_err("this engine has no clock: give it time= or clock=")),
        })
    }

    /// The search's threads.
    #[getter]
    fn threads(&self) -> usize {
        self.options.threads
    }

    /// The size of the tables, in MB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.options.hash_mb
    }

    /// The variety, `(margin, probability)`, or `None`.
    #[getter]
    fn variety(&self) -> Option<(f64, f64)> {
        self.options.variety.map(|v| (f64::from(v.margin_centidiscs()) / 100.0, v.probability()))
    }

    /// The variety's seed, or `None`.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.options.seed
    }

    /// The engine's move for `game`'s side to move (`"pass"` when it must pass); raises
    /// `EngineError` once the game is over. Releases the GIL while it searches.
    fn choose(&self, py: Python<'_>, game: &Bound<'_, PyGame>) -> PyResult<String> {
        let game = game_copy(game);
        let choice = self.with_player(py, |player| player.choose(&game))?;
        choice.map(|mv| mv.to_string()).ok_or_else(|| EngineError::new_err("the game is over"))
    }

    /// The full search for `game`'s side to move: best move, value, line. Raises
    /// `EngineError` once the game is over. Releases the GIL while it searches.
    fn analyse(&self, py: Python<'_>, game: &Bound<'_, PyGame>) -> PyResult<PyAnalysis> {
        let game = game_copy(game);
        let result = self.with_player(py, |player| player.analyse(&game))?;
        result.map(analysis).ok_or_else(|| EngineError::new_err("the game is over"))
    }

    fn __repr__(&self) -> String {
        let o = &self.options;
        let mut text = format!("Engine(level={}", o.level);
        if let Some(depth) = o.depth {
            text += &format!(", depth={depth}");
        }
        if let Some(time) = self.time() {
            text += &format!(", time={time}");
        }
        if let Some((base, increment)) = self.clock() {
            text += &format!(", clock=({base}, {increment})");
        }
        text += &format!(", threads={}, hash_mb={}", o.threads, o.hash_mb);
        if let Some((margin, probability)) = self.variety() {
            text += &format!(", variety=({margin}, {probability}), seed={}", o.seed.unwrap_or(0));
        }
        text + ")"
    }
}

fn analysis(result: SearchResult) -> PyAnalysis {
    PyAnalysis {
        best_move: result.best().to_string(),
        value: result.value().discs(),
        exact: result.value().is_exact(),
        depth: result.depth(),
        line: move_names(result.pv()),
        nodes: result.nodes(),
    }
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        format!(
            "Analysis(best_move={:?}, value={}, exact={}, depth={}, line={:?}, nodes={})",
            self.best_move,
            self.value,
            if self.exact { "True" } else { "False" },
            self.depth,
            self.line,
            self.nodes
        )
    }
}

/// An exactly solved position (`reversi_kit.Solution`).
#[pyclass(name = "Solution", module = "reversi_kit", frozen, get_all)]
pub(crate) struct PySolution {
    /// A best move.
    best_move: String,
    /// The exact final margin for the side to move with perfect play (its discs minus the
    /// opponent's, under the scoring asked for).
    value: i32,
    /// `"win"`, `"draw"` or `"loss"` for the side to move.
    outcome: String,
    /// The principal variation, starting with `best_move`, passes included.
    line: Vec<String>,
    /// The nodes searched.
    nodes: u64,
}

#[pymethods]
impl PySolution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(best_move={:?}, value={}, outcome={:?}, line={:?}, nodes={})",
            self.best_move, self.value, self.outcome, self.line, self.nodes
        )
    }
}

fn solution(solved: &SearchResult) -> PySolution {
    PySolution {
        best_move: solved.best().to_string(),
        // An exact solve's value is exact: its discs are a whole number.
        value: solved.value().discs() as i32,
        outcome: solved.outcome().map_or_else(String::new, |outcome| outcome.to_string()),
        line: move_names(solved.pv()),
        nodes: solved.nodes(),
    }
}

/// Solves `position` (a position string or a `Game`) exactly under `scoring` (`"discs"` or
/// `"wof"`; left out, a game's rules' scoring, and for a position string disc counting, the
/// default of the Rust `Rules` and `Limits` alike), with `threads` threads (1 to 1024) and a table of `hash_mb` MB; `max_nodes`
/// (1 or more) stops it with `EngineError` past that many nodes, and a solve that took more is
/// reported so too, never returned. Releases the GIL while it searches; Ctrl-C stops it.
#[pyfunction]
#[pyo3(
    signature = (position, scoring=None, threads=Whole(1), hash_mb=Whole(64), max_nodes=None),
    text_signature = "(position, scoring=None, threads=1, hash_mb=64, max_nodes=None)"
)]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    scoring: Option<&str>,
    threads: Whole,
    hash_mb: Whole,
    max_nodes: Option<Whole>,
) -> PyResult<PySolution> {
    let threads = threads.threads()?;
    let hash_mb = hash_mb.in_range("hash_mb", 1..=options::MAX_HASH_MB)? as usize;
    let max_nodes = max_nodes.map(|n| n.0);
    if max_nodes == Some(0) {
        return Err(EngineError::new_err("max_nodes 0 is out of range: at least 1 (or None for no limit)"));
    }
    let (position, rules_scoring) = if let Ok(game) = position.cast::<PyGame>() {
        let game = game.borrow();
        if game.inner.phase() == Phase::FreeOpening {
            return Err(EngineError::new_err("the free opening's placements are not solved: play them first"));
        }
        (*game.inner.position(), game.inner.rules().scoring())
    } else if let Ok(text) = position.extract::<String>() {
        (parse_position(&text)?, Scoring::default())
    } else {
        return Err(PyTypeError::new_err(format!(
            "solve takes a position string or a Game, not {}",
            crate::errors::type_name(position)
        )));
    };
    let scoring = match scoring {
        Some(text) => text.parse().map_err(|e| rules_error(&e))?,
        None => rules_scoring,
    };
    let limits = Limits::none().with_scoring(scoring);
    let limits = match max_nodes {
        Some(n) => limits.with_nodes(n),
        None => limits,
    };
    let solve = move |limits: Limits| {
        let solver = Solver::with_hash_mb(hash_mb).threads(threads);
        solver.solve_with(&position, limits)
    };
    // A few empty cells solve at once: no thread to watch for Ctrl-C.
    let solved = if position.empty_cells().len() <= QUICK_EMPTIES {
        py.detach(|| solve(limits))
    } else {
        interrupt::run(py, |stop| solve(limits.with_stop_flag(stop)))?
    };
    let solved = solved.map_err(|e| engine_error(&e))?;
    // The solver looks at its node limit every few thousand nodes: a solve that went past the
    // limit before it looked is past it all the same.
    if let Some(limit) = max_nodes
        && solved.nodes() > limit
    {
        return Err(EngineError::new_err(format!(
            "not solved: node limit {limit} reached after {} nodes",
            solved.nodes()
        )));
    }
    Ok(solution(&solved))
}

/// The most empty cells solved without a look-out for Ctrl-C: a few milliseconds at most.
const QUICK_EMPTIES: u32 = 12;

/// Move names: `"d3"`, `"pass"`.
pub(crate) fn move_names(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// `player` playing from the opening book `book` names: `None` or `True` the built-in one of
/// the game's board (the player's default), `False` none, or a `Book`.
fn with_book(player: EnginePlayer, book: Option<&Bound<'_, PyAny>>) -> PyResult<EnginePlayer> {
    match book {
        None => Ok(player),
        Some(b) if b.is_instance_of::<pyo3::types::PyBool>() => {
            Ok(if b.extract::<bool>()? { player } else { player.without_book() })
        }
        Some(b) => match b.cast::<PyBook>() {
            Ok(book) => Ok(player.with_book(std::sync::Arc::clone(&book.get().inner))),
            Err(_) => Err(pyo3::exceptions::PyTypeError::new_err("book: expected True, False or a Book")),
        },
    }
}
