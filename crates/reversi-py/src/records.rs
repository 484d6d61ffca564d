//! WTHOR databases read into games (`read_wthor`).

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use reversi_records::wthor::{NameFile, NameKind, WthorFile, WthorReplay};
use reversi_variants::{Game, Rules};

use crate::engine::move_names;
use crate::errors::{RecordError, message, record_error};
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
    /// The tournament's name, from the `tournaments` file given to `read_wthor`, or `None`.
    tournament_name: Option<String>,
    /// Black's number in the `.JOU` file.
    black_player: u16,
    /// White's number in the `.JOU` file.
    white_player: u16,
    /// Black's name, from the `players` file given to `read_wthor`, or `None`.
    black_name: Option<String>,
    /// White's name, from the `players` file given to `read_wthor`, or `None`.
    white_name: Option<String>,
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
        let name = |name: &Option<String>, number: u16| name.clone().unwrap_or_else(|| number.to_string());
        format!(
            "<WthorGame tournament={:?} black={:?} white={:?} black_score={} moves={}>",
            name(&self.tournament_name, self.tournament),
            name(&self.black_name, self.black_player),
            name(&self.white_name, self.white_player),
            self.black_score,
            self.moves.len()
        )
    }
}

/// The bytes of a file given as its path or its bytes (`what` names the argument).
fn file_bytes(source: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        Ok(bytes.as_bytes().to_vec())
    } else if let Ok(path) = source.extract::<PathBuf>() {
        std::fs::read(&path).map_err(|e| crate::errors::os_error(&e, &path))
    } else {
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} takes a path or bytes, not {}",
            crate::errors::type_name(source)
        )))
    }
}

/// A name file (`WTHOR.JOU`, `WTHOR.TRN`) given as its path or its bytes, or `None`.
fn name_file(source: Option<&Bound<'_, PyAny>>, kind: NameKind, what: &str) -> PyResult<Option<NameFile>> {
    let Some(source) = source else { return Ok(None) };
    let bytes = file_bytes(source, what)?;
    NameFile::parse(kind, &bytes).map(Some).map_err(|e| RecordError::new_err(format!("{what}: {}", message(&e))))
}

/// Reads a WTHOR game file (`.wtb`), given as its path or its bytes, into its games, each
/// replayed. A malformed file or an illegal move raises `RecordError` naming the game; with
/// `skip_illegal=True`, games with an illegal move are left out instead (the file must still
/// be well formed). `players` (`WTHOR.JOU`) and `tournaments` (`WTHOR.TRN`), each a path or
/// bytes, give the games' names; a number a file does not hold gives `None`.
#[pyfunction]
#[pyo3(signature = (source, skip_illegal=false, *, players=None, tournaments=None))]
fn read_wthor(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    skip_illegal: bool,
    players: Option<&Bound<'_, PyAny>>,
    tournaments: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyWthorGame>> {
    let bytes = file_bytes(source, "read_wthor")?;
    let players = name_file(players, NameKind::Players, "players")?;
    let tournaments = name_file(tournaments, NameKind::Tournaments, "tournaments")?;
    let name = |file: &Option<NameFile>, number: u16| file.as_ref().and_then(|f| f.name(number)).map(str::to_owned);
    py.detach(move || {
        let file = WthorFile::parse(&bytes).map_err(|e| record_error(&e))?;
        let mut games = Vec::with_capacity(file.games().len());
        for (i, game) in file.games().iter().enumerate() {
            let replay: WthorReplay = match game.replay() {
                Ok(replay) => replay,
                Err(_) if skip_illegal => continue,
                Err(e) => {
                    return Err(RecordError::new_err(format!("game {}: {}", i + 1, message(&e))));
                }
            };
            games.push(PyWthorGame {
                tournament: game.tournament(),
                tournament_name: name(&tournaments, game.tournament()),
                black_player: game.black_player(),
                white_player: game.white_player(),
                black_name: name(&players, game.black_player()),
                white_name: name(&players, game.white_player()),
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
