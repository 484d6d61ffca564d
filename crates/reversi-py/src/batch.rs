//! Whole loops in one call, the GIL released: perft and random playouts. A Python loop over
//! `legal_moves` and `play()` pays the interpreter at every node; these pay it once.

use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_core::Position;
use reversi_variants::{Blocked, Game, GameResult, Phase, Rules};

use crate::errors::{EngineError, RulesError, Whole, rules_error};
use crate::game::{PyGame, parse_position, seed_value};
use crate::interrupt::{self, stopped};
use crate::perft::perft_game;
use crate::rules::PyRules;

/// Adds the batch functions and their result class to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPlayoutStats>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    Ok(())
}

/// The number of leaves of the game tree to `depth` plies from a position string, a `Game`
/// (its current position, free-opening placements included) or a `Rules` (its start; rules
/// that draw blocked cells need `seed`). `threads` splits the count over threads (a `Game` in
/// its free opening counts on one). Releases the GIL; Ctrl-C stops it (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(
    signature = (position_or_rules, depth, seed=None, threads=Whole(1)),
    text_signature = "(position_or_rules, depth, seed=None, threads=1)"
)]
fn perft(
    py: Python<'_>,
    position_or_rules: &Bound<'_, PyAny>,
    depth: Whole,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Whole,
) -> PyResult<u64> {
    let depth = depth.to_u32("depth")?;
    let threads = threads.threads()?.get();
    let game = if let Ok(game) = position_or_rules.cast::<PyGame>() {
        game.borrow().inner.clone()
    } else if let Ok(rules) = position_or_rules.cast::<PyRules>() {
        let rules = rules.get().rules().clone();
        table(rules, seed)?
    } else if let Ok(text) = position_or_rules.extract::<String>() {
        let position = parse_position(&text)?;
        return perft_game(py, None, &position, depth, threads);
    } else {
        return Err(PyTypeError::new_err(format!(
            "perft takes a position string, a Game or a Rules, not {}",
            crate::errors::type_name(position_or_rules)
        )));
    };
    perft_game(py, Some(&game), game.position(), depth, threads)
}

/// The table of `rules`: `seed` is required when the rules draw blocked cells, and refused
/// when they do not (it would mean nothing).
fn table(rules: Rules, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
    let draws = matches!(rules.blocked(), Blocked::Random | Blocked::Count(_));
    let seed = match (seed, draws) {
        (Some(seed), true) => seed_value(seed)?,
        (None, false) => 0,
        (None, true) => return Err(RulesError::new_err("these rules draw blocked cells from a seed: pass seed=")),
        (Some(_), false) => {
            return Err(RulesError::new_err("these rules draw no blocked cells: a seed would mean nothing"));
        }
    };
    Game::new(rules, seed).map_err(|e| rules_error(&e))
}

/// What a batch of random playouts gave (`reversi_kit.PlayoutStats`).
#[pyclass(name = "PlayoutStats", module = "reversi_kit", frozen, get_all)]
pub(crate) struct PyPlayoutStats {
    /// The number of games.
    games: u64,
    /// Games Black won.
    black_wins: u64,
    /// Games White won.
    white_wins: u64,
    /// Drawn games.
    draws: u64,
    /// Moves played in all, passes and free-opening placements included.
    plies: u64,
    /// Black's scores added up, under the rules' scoring.
    black_score: u64,
    /// White's scores added up.
    white_score: u64,
}

#[pymethods]
impl PyPlayoutStats {
    /// Black's mean margin (Black's score minus White's) per game.
    #[getter]
    fn mean_margin(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        // Precision: scores of at most 256 a game; an f64 holds the sums exactly far past
        // any batch that fits in a day.
        #[allow(clippy::cast_precision_loss)]
        let margin = (self.black_score as f64 - self.white_score as f64) / self.games as f64;
        margin
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayoutStats(games={}, black_wins={}, white_wins={}, draws={}, plies={}, black_score={}, white_score={})",
            self.games, self.black_wins, self.white_wins, self.draws, self.plies, self.black_score, self.white_score
        )
    }
}

/// Plays `n` games of uniformly random moves under `rules` and counts the results. Game `i`
/// is set on the table of seed `seed + i` (which draws its blocked cells, if the rules do);
/// the moves come from one ChaCha8 stream seeded with `seed`, so the same arguments give the
/// same statistics. Releases the GIL; Ctrl-C stops it (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (rules, n, seed=None))]
fn random_playouts(
    py: Python<'_>,
    rules: PyRef<'_, PyRules>,
    n: Whole,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyPlayoutStats> {
    let n = n.0;
    let rules = rules.rules().clone();
    let seed = seed.map_or(Ok(0), seed_value)?;
    // Fixed layouts give one table: set it up once.
    let draws = matches!(rules.blocked(), Blocked::Random | Blocked::Count(_));
    let fixed_table = if draws { None } else { Some(Game::new(rules.clone(), 0).map_err(|e| rules_error(&e))?) };
    let play = move |stop: Option<&AtomicBool>| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut stats = PyPlayoutStats {
            games: n,
            black_wins: 0,
            white_wins: 0,
            draws: 0,
            plies: 0,
            black_score: 0,
            white_score: 0,
        };
        for i in 0..n {
            if stop.is_some_and(stopped) {
                return Err(EngineError::new_err("stopped"));
            }
            let table = match &fixed_table {
                Some(table) => table.clone(),
                None => Game::new(rules.clone(), seed.wrapping_add(i)).map_err(|e| rules_error(&e))?,
            };
            let (end, plies) = play_out(table, &mut rng)?;
            let result = GameResult::of(&end, rules.scoring());
            stats.plies += plies;
            stats.black_score += u64::from(result.black());
            stats.white_score += u64::from(result.white());
            match result.winner() {
                Some(reversi_core::Color::Black) => stats.black_wins += 1,
                Some(reversi_core::Color::White) => stats.white_wins += 1,
                None => stats.draws += 1,
            }
        }
        Ok(stats)
    };
    // A small batch is done before a signal would be looked for: no thread for it.
    if n <= SMALL_BATCH {
        return py.detach(|| play(None));
    }
    interrupt::run(py, |stop| play(Some(&*stop)))?
}

/// The most games played without a look-out for Ctrl-C: well under a tenth of a second on
/// the largest board.
const SMALL_BATCH: u64 = 64;

/// Plays `game` to its end with random moves; gives the final position and the plies played.
fn play_out(mut game: Game, rng: &mut ChaCha8Rng) -> PyResult<(Position, u64)> {
    let mut plies = 0;
    // The free opening's placements go through the game, which knows its phase.
    while game.phase() == Phase::FreeOpening {
        let moves = game.legal_moves();
        let sq = moves.iter().nth(pick(rng, moves.len())).expect("a placement is left");
        game.play(sq.into()).map_err(|e| EngineError::new_err(e.to_string()))?;
        plies += 1;
    }
    let mut position = *game.position();
    loop {
        let moves = position.legal_moves();
        if moves.is_empty() {
            if position.is_game_over() {
                return Ok((position, plies));
            }
            position.pass().map_err(|e| EngineError::new_err(e.to_string()))?;
        } else {
            let sq = moves.iter().nth(pick(rng, moves.len())).expect("an index below the count");
            position.play_unchecked(sq);
        }
        plies += 1;
    }
}

/// A uniform index below `len` (by Lemire's multiply-shift: a bias below 2⁻²⁵ for the few
/// dozen moves of a position).
fn pick(rng: &mut ChaCha8Rng, len: u32) -> usize {
    let index = (u64::from(rng.next_u32()) * u64::from(len)) >> 32;
    usize::try_from(index).expect("an index below a u32")
}
