//! WTHOR databases read into games (`read_wthor`).

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use reversi_records::wthor::{WthorFile, WthorReplay};
use reversi_variants::{Game, Rules};

use crate::engine::move_names;
use crate::errors::{RecordError, record_error};
use crate::game::PyGame;

/// Adds the record classes and functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyWthorGame>()?;
    m.add_function(wrap_pyfunction!(read_wthor, m)?)?;
    Ok(())
}

/// One game of a WTHOR file, replayed under the standard 8×8 rules
/// (`reversi_kit.WthorGame`).
#[pyclass(name = "WthorGame", module = "reversi_kit", frozen, get_all)]
pub(crate) struct PyWthorGame {
    /// The tournament's number in the `.TRN` file.
    tournament: u16,
    /// Black's number in the `.JOU` file.
    black_player: u16,
    /// White's number in the `.JOU` file.
    white_player: u16,
    /// Black's score as the file records it (discs, the empty cells to the winner).
    black_score: u8,
    /// Black's theoretical score (perfect play from the file's depth).
    theoretical_score: u8,
    /// Every move, the passes the file leaves out put back.
    moves: Vec<String>,
    /// Whether neither side can move after the last move (a resigned game is not finished).
    finished: bool,
    /// Whether the game is finished and its replayed score is the recorded one.
    score_matches: bool,
}

#[pymethods]
impl PyWthorGame {
    /// The game as a `Game` under the standard rules, every move played.
    fn game(&self) -> PyResult<PyGame> {
        let mut game = Game::new(Rules::default(), 0).map_err(|e| record_error(&e))?;
        for name in &self.moves {
            let mv = name.parse().map_err(|e| record_error(&e))?;
            game.play(mv).map_err(|e| record_error(&e))?;
        }
        Ok(PyGame { inner: game })
    }

    fn __repr__(&self) -> String {
        format!(
            "<WthorGame tournament={} black_player={} white_player={} black_score={} moves={}>",
            self.tournament,
            self.black_player,
            self.white_player,
            self.black_score,
            self.moves.len()
        )
    }
}

/// Reads a WTHOR game file (`.wtb`), given as its path or its bytes, into its games, each
/// replayed. A malformed file or an illegal move raises `RecordError` naming the game; with
/// `skip_illegal=True`, games with an illegal move are left out instead (the file must still
/// be well formed).
#[pyfunction]
#[pyo3(signature = (source, skip_illegal=false))]
fn read_wthor(py: Python<'_>, source: &Bound<'_, PyAny>, skip_illegal: bool) -> PyResult<Vec<PyWthorGame>> {
    let bytes = if let Ok(bytes) = source.cast::<PyBytes>() {
        bytes.as_bytes().to_vec()
    } else if let Ok(path) = source.extract::<PathBuf>() {
        std::fs::read(&path).map_err(|e| crate::errors::os_error(&e, &path))?
    } else {
        return Err(RecordError::new_err("read_wthor takes a path or bytes"));
    };
    py.detach(move || {
        let file = WthorFile::parse(&bytes).map_err(|e| record_error(&e))?;
        let mut games = Vec::with_capacity(file.games().len());
        for (i, game) in file.games().iter().enumerate() {
            let replay: WthorReplay = match game.replay() {
                Ok(replay) => replay,
                Err(_) if skip_illegal => continue,
                Err(e) => {
                    return Err(RecordError::new_err(format!("game {}: {}", i + 1, crate::errors::message(&e))));
                }
            };
            games.push(PyWthorGame {
                tournament: game.tournament(),
                black_player: game.black_player(),
                white_player: game.white_player(),
                black_score: game.black_score(),
                theoretical_score: game.theoretical_score(),
                moves: move_names(replay.moves()),
                finished: replay.is_finished(),
                score_matches: replay.score_matches(),
            });
        }
        Ok(games)
    })
}
