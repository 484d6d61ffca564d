//! `Engine` (levels 1 to 10) and `solve` (the exact endgame solver). Both release the GIL
//! while they search.

use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use reversi_engine::Limits;
use reversi_engine::player::{EnginePlayer, Level};
use reversi_engine::search::SearchResult;
use reversi_engine::solver::Solver;
use reversi_variants::players::Player;
use reversi_variants::{Move, Phase, Scoring};

use crate::book::PyBook;
use crate::errors::{EngineError, Whole, engine_error, require_int, rules_error};
use crate::game::{PyGame, parse_position};
use crate::interrupt;

/// The largest transposition table `solve` accepts, in MB: a larger request is more likely a
/// mistake than a wish, and a failed allocation would end the interpreter.
const MAX_HASH_MB: usize = 4096;

/// The level of `Engine()`.
const DEFAULT_LEVEL: u8 = 5;

/// Adds the engine's classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()?;
    m.add_class::<PyAnalysis>()?;
    m.add_class::<PySolution>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}

/// The engine at a level from 1 (instant) to 10 (strong) (`reversi_kit.Engine`). Its node
/// budgets make a level play the same moves on every machine.
///
/// Frozen, its player behind a lock: threads that share one engine take turns (each search
/// waits for the one before, the GIL released meanwhile) rather than meet pyo3's "Already
/// borrowed".
#[pyclass(name = "Engine", module = "reversi_kit", frozen)]
pub(crate) struct PyEngine {
    player: Mutex<EnginePlayer>,
    level: u8,
}

impl PyEngine {
    fn with_level(level: Level, book: Option<&Bound<'_, PyAny>>) -> PyResult<PyEngine> {
        let player = EnginePlayer::new(level);
        let player = match book {
            None => player,
            Some(b) if b.is_instance_of::<pyo3::types::PyBool>() => {
                if b.extract::<bool>()? {
                    player
                } else {
                    player.without_book()
                }
            }
            Some(b) => match b.cast::<PyBook>() {
                Ok(book) => player.with_book(std::sync::Arc::clone(&book.get().inner)),
                Err(_) => return Err(EngineError::new_err("book: expected True, False or a Book")),
            },
        };
        Ok(PyEngine { level: level.number(), player: Mutex::new(player) })
    }

    /// Runs `f` on the player with the GIL released, once the searches before it are done.
    /// A search that panicked leaves no broken state behind (the next one starts afresh), so
    /// a poisoned lock is taken as it is.
    fn with_player<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut EnginePlayer) -> T + Send) -> T {
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
    /// The engine at `level` (1 to 10), playing from `book` in the opening: the standard
    /// 8×8 book (`True`, the default), none (`False`) or a `Book`.
    #[new]
    #[pyo3(signature = (level=None, book=None))]
    fn new(level: Option<&Bound<'_, PyAny>>, book: Option<&Bound<'_, PyAny>>) -> PyResult<PyEngine> {
        let Some(level) = level else {
            return PyEngine::with_level(Level::new(DEFAULT_LEVEL).map_err(|e| engine_error(&e))?, book);
        };
        require_int(level, "level")?;
        let number = level.extract::<u8>().map_err(|_| {
            EngineError::new_err(format!(
                "invalid engine level {}: expected a number from 1 to 10",
                crate::errors::shown(level)
            ))
        })?;
        PyEngine::with_level(Level::new(number).map_err(|e| engine_error(&e))?, book)
    }

    /// The level.
    #[getter]
    fn level(&self) -> u8 {
        self.level
    }

    /// The engine's move for `game`'s side to move (`"pass"` when it must pass); raises
    /// `EngineError` once the game is over. Releases the GIL while it searches.
    fn choose(&self, py: Python<'_>, game: &Bound<'_, PyGame>) -> PyResult<String> {
        let game = game_copy(game);
        let choice = self.with_player(py, |player| player.choose(&game));
        choice.map(|mv| mv.to_string()).ok_or_else(|| EngineError::new_err("the game is over"))
    }

    /// The full search for `game`'s side to move: best move, value, line. Raises
    /// `EngineError` once the game is over. Releases the GIL while it searches.
    fn analyse(&self, py: Python<'_>, game: &Bound<'_, PyGame>) -> PyResult<PyAnalysis> {
        let game = game_copy(game);
        let result = self.with_player(py, |player| player.analyse(&game));
        result.map(analysis).ok_or_else(|| EngineError::new_err("the game is over"))
    }

    fn __repr__(&self) -> String {
        format!("Engine(level={})", self.level)
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

/// Solves `position` (a position string or a `Game`) exactly under `scoring` (`"wof"` or
/// `"discs"`), with `threads` threads (1 to 1024) and a table of `hash_mb` MB; `max_nodes`
/// (1 or more) stops it with `EngineError` past that many nodes, and a solve that took more is
/// reported so too, never returned. Releases the GIL while it searches; Ctrl-C stops it.
#[pyfunction]
#[pyo3(
    signature = (position, scoring="wof", threads=Whole(1), hash_mb=Whole(64), max_nodes=None),
    text_signature = "(position, scoring='wof', threads=1, hash_mb=64, max_nodes=None)"
)]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    scoring: &str,
    threads: Whole,
    hash_mb: Whole,
    max_nodes: Option<Whole>,
) -> PyResult<PySolution> {
    let (threads, hash_mb) = (threads.threads()?, hash_mb.to_usize("hash_mb")?);
    let max_nodes = max_nodes.map(|n| n.0);
    if max_nodes == Some(0) {
        return Err(EngineError::new_err("max_nodes 0 is out of range: at least 1 (or None for no limit)"));
    }
    let position = if let Ok(game) = position.cast::<PyGame>() {
        let game = game.borrow();
        if game.inner.phase() == Phase::FreeOpening {
            return Err(EngineError::new_err("the free opening's placements are not solved: play them first"));
        }
        *game.inner.position()
    } else if let Ok(text) = position.extract::<String>() {
        parse_position(&text)?
    } else {
        return Err(EngineError::new_err("solve takes a position string or a Game"));
    };
    let scoring: Scoring = scoring.parse().map_err(|e| rules_error(&e))?;
    if !(1..=MAX_HASH_MB).contains(&hash_mb) {
        return Err(EngineError::new_err(format!("hash_mb {hash_mb} is out of range: 1 to {MAX_HASH_MB}")));
    }
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
