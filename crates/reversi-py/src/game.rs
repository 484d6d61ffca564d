//! `Game`: a table under its rules, played move by move, saved and loaded as JSON, GGF and
//! transcripts.

use pyo3::prelude::*;
use pyo3::types::PyType;
use reversi_core::{Color, Position, Square, diagram};
use reversi_engine::Outcome;
use reversi_records::{GameRecord, RecordResult, ggf, replay_transcript, transcript};
use reversi_variants::{Blocked, Game, Move, Phase, Rules, Scoring};

use crate::errors::{PositionError, RulesError, Whole, move_error, position_error, record_error, rules_error};
use crate::rules::PyRules;

/// A game (`reversi_kit.Game`): the table (rules, seed, blocked cells) and the moves so far.
///
/// Every method holds the game only while the GIL is held (a search, a solve or a perft of it
/// works on a copy), so threads may share a game: none of them meets pyo3's "Already
/// borrowed".
#[pyclass(name = "Game", module = "reversi_kit")]
#[derive(Clone)]
pub(crate) struct PyGame {
    pub(crate) inner: Game,
}

/// Whether two games are the same table and moves: the rules, the blocked cells, the start and
/// the moves, and the seed when the rules draw the cells from it (elsewhere a seed means
/// nothing, and a record does not keep it).
fn same_game(a: &Game, b: &Game) -> bool {
    let random = matches!(a.rules().blocked(), Blocked::Random | Blocked::Count(_));
    a.rules() == b.rules()
        && a.blocked() == b.blocked()
        && a.start_position() == b.start_position()
        && a.moves() == b.moves()
        && (!random || a.seed() == b.seed())
}

/// `phase` during the free opening's placements.
const FREE_OPENING: &str = "free_opening";
/// `phase` once the free opening is over, or without one.
const NORMAL: &str = "normal";
/// `winner` of a drawn game.
const DRAW: &str = "draw";

/// Adds the typed constants to the module: the strings and numbers that `Game` and `Rules`
/// give, so that code compares with names rather than spellings (`game.winner == rk.DRAW`).
pub(crate) fn register_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("BLACK", Color::Black.name())?;
    m.add("WHITE", Color::White.name())?;
    m.add("DRAW", DRAW)?;
    m.add("PASS", Move::Pass.to_string())?;
    m.add("NORMAL", NORMAL)?;
    m.add("FREE_OPENING", FREE_OPENING)?;
    m.add("WIN", Outcome::Win.to_string())?;
    m.add("LOSS", Outcome::Loss.to_string())?;
    m.add("DISCS", Scoring::Discs.to_string())?;
    m.add("WOF", Scoring::Wof.to_string())?;
    m.add("EMPTY", EMPTY)?;
    m.add("BLACK_DISC", BLACK)?;
    m.add("WHITE_DISC", WHITE)?;
    m.add("UNPLAYABLE", UNPLAYABLE)?;
    Ok(())
}

/// The value `board()` gives an empty cell.
const EMPTY: i8 = 0;
/// The value `board()` gives a Black disc.
const BLACK: i8 = 1;
/// The value `board()` gives a White disc.
const WHITE: i8 = 2;
/// The value `board()` gives a cell that is not playable (blocked, or an Octagon corner).
const UNPLAYABLE: i8 = -1;

#[pymethods]
impl PyGame {
    /// A new table under `rules` (the standard rules if left out); `seed` draws the blocked
    /// cells when the rules make them random.
    #[new]
    #[pyo3(signature = (rules=None, seed=None))]
    fn new(rules: Option<PyRef<'_, PyRules>>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let rules = rules.map_or_else(Rules::default, |r| r.rules().clone());
        let seed = seed.map_or(Ok(0), seed_value)?;
        Game::new(rules, seed).map(|inner| PyGame { inner }).map_err(|e| rules_error(&e))
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules { inner: self.inner.rules().clone() }
    }

    /// The seed the table was made from, or `None` (a table loaded without one).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.inner.seed()
    }

    /// The blocked cells, in row-major order (`["b2", "g7"]`).
    #[getter]
    fn blocked_cells(&self) -> Vec<String> {
        self.inner.blocked().iter().map(|sq| sq.to_string()).collect()
    }

    /// `"black"` or `"white"`: the player to move.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    /// `"free_opening"` during the four placements of the free opening, else `"normal"`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.inner.phase() {
            Phase::FreeOpening => FREE_OPENING,
            _ => NORMAL,
        }
    }

    /// The legal moves as names (`["c4", "d3", ...]`), `["pass"]` when the mover must pass,
    /// `[]` once the game is over.
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_move_list().iter().map(Move::to_string).collect()
    }

    /// Whether `move` (a name such as `"d3"` or `"pass"`) is legal now.
    fn is_legal(&self, r#move: &str) -> PyResult<bool> {
        Ok(self.inner.is_legal(parse_move(r#move)?))
    }

    /// Plays `move` (`"d3"`, `"pass"`) and returns the cells it flipped; an illegal move
    /// raises `MoveError` and changes nothing.
    fn play(&mut self, r#move: &str) -> PyResult<Vec<String>> {
        let mv = parse_move(r#move)?;
        let flips = self.inner.play(mv).map_err(|e| move_error(&e))?;
        Ok(flips.iter().map(|sq| sq.to_string()).collect())
    }

    /// Takes back the last move and returns it, or `None` at the start.
    fn undo(&mut self) -> Option<String> {
        self.inner.undo().map(|ply| ply.played().to_string())
    }

    /// Whether neither player can move.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Whether the side to move must pass.
    #[getter]
    fn must_pass(&self) -> bool {
        self.inner.must_pass()
    }

    /// `(black, white)`: the scores if the game ended now, under the rules' scoring.
    #[getter]
    fn score(&self) -> (u32, u32) {
        let score = self.inner.score();
        (score.black(), score.white())
    }

    /// `"black"`, `"white"` or `"draw"` once the game is over, else `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.result().map(|r| r.winner().map_or(DRAW, Color::name))
    }

    /// The position string: rows from the top (row 1 first) separated by `/`, `X` Black, `O`
    /// White, `-` empty, `#` not playable, a space, then the side to move (`X` or `O`). With
    /// `one_line=True`, the one-line 8×8 form of NBoard, GGF and OBF (64 cells, no `/`); on
    /// another board that raises `PositionError`.
    #[pyo3(signature = (one_line=false))]
    fn position(&self, one_line: bool) -> PyResult<String> {
        write_position(self.inner.position(), one_line)
    }

    /// The position string before the first move.
    #[pyo3(signature = (one_line=false))]
    fn start_position(&self, one_line: bool) -> PyResult<String> {
        write_position(self.inner.start_position(), one_line)
    }

    /// The board as a nested list of rows from the top, `board()[row][column]` with `a1` at
    /// `[0][0]`: `0` empty, `1` Black, `2` White, `-1` not playable.
    #[getter]
    fn board(&self) -> Vec<Vec<i8>> {
        board_rows(self.inner.position())
    }

    /// The moves so far, passes included.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves().iter().map(Move::to_string).collect()
    }

    /// The moves so far as one transcript such as `"f5d6c3"` (passes left out, as
    /// transcripts do): the form `from_transcript` reads.
    fn to_transcript(&self) -> String {
        transcript::write(&self.inner.moves())
    }

    /// The game as a JSON record (docs/record.schema.json, as the Rust API and the tools write
    /// it): rules, seed, blocked cells, moves and the result (`unfinished`, the discs on the
    /// board, while the game goes on).
    fn to_json(&self) -> PyResult<String> {
        Ok(GameRecord::in_progress(&self.inner).map_err(|e| record_error(&e))?.to_json())
    }

    /// A table under `rules` that starts from `position` (a position string of the rules'
    /// board, the side to move at its end), to study or play on from it. `seed` draws the
    /// blocked cells when the rules make them random; without one the position's own blocked
    /// cells are the layout. A disc on a blocked cell, a blocked cell the layout does not give
    /// or another board raise `PositionError`.
    ///
    /// `seed` is a keyword: Rust's `Game::from_position(rules, seed, position)` takes an
    /// `Option` in the middle, where Python puts an optional argument last.
    #[classmethod]
    #[pyo3(signature = (rules, position, *, seed=None))]
    fn from_position(
        _cls: &Bound<'_, PyType>,
        rules: PyRef<'_, PyRules>,
        position: &str,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let position = parse_position(position)?;
        let seed = seed.map(seed_value).transpose()?;
        let inner = Game::from_position(rules.rules().clone(), seed, position).map_err(|e| position_error(&e))?;
        // The position must say what the table holds: a blocked cell it leaves empty would
        // turn from empty into blocked without a word.
        if let Some(square) = (inner.blocked() & position.geometry().playable()).first() {
            return Err(PositionError::new_err(format!(
                "{square} is blocked on this table but empty in the position: mark it # (blocked cells: {})",
                inner.blocked()
            )));
        }
        Ok(PyGame { inner })
    }

    /// The game of a JSON record, as `to_json`, the Rust API and the tools write it (and the
    /// older unversioned form that `to_json` wrote before version 1 records); the layout must
    /// be the seed's, every move legal and the result the replay's.
    #[classmethod]
    fn from_json(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyGame> {
        GameRecord::from_json(text).map(|record| PyGame { inner: record.replay() }).map_err(|e| record_error(&e))
    }

    /// The game as a GGF record (the GGS server's format); an unfinished game is recorded
    /// with the current disc count.
    fn to_ggf(&self) -> PyResult<String> {
        let record = if self.inner.is_over() {
            GameRecord::from_game(&self.inner)
        } else {
            GameRecord::with_result(&self.inner, RecordResult::unfinished(self.inner.position()))
        }
        .map_err(|e| record_error(&e))?;
        ggf::write_records(&[record]).map_err(|e| record_error(&e))
    }

    /// Every game of a GGF text (one or more records), replayed as the `replay` tool shows
    /// it: a result, when there is one, checked; a game without one (`RE[?]`) as it stands.
    #[classmethod]
    fn from_ggf(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Vec<PyGame>> {
        let games = ggf::replay_all(text).map_err(|e| record_error(&e))?;
        Ok(games.into_iter().map(|inner| PyGame { inner }).collect())
    }

    /// A table under `rules` and `seed` with the moves of a transcript (`"f5d6c3..."`)
    /// played, the passes it leaves out put back.
    #[classmethod]
    #[pyo3(signature = (text, rules=None, seed=None))]
    fn from_transcript(
        _cls: &Bound<'_, PyType>,
        text: &str,
        rules: Option<PyRef<'_, PyRules>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let mut game = PyGame::new(rules, seed)?;
        replay_transcript(&mut game.inner, text).map_err(|e| record_error(&e))?;
        Ok(game)
    }

    /// The number of leaves of the game tree to `depth` plies (the rules' perft convention,
    /// free-opening placements included). Releases the GIL; Ctrl-C stops it.
    fn perft(slf: &Bound<'_, Self>, depth: Whole) -> PyResult<u64> {
        let depth = depth.to_u32("depth")?;
        // A copy: the game is not held while the count runs, so other threads may play on.
        let game = slf.borrow().inner.clone();
        crate::perft::perft_game(slf.py(), Some(&game), game.position(), depth, 1)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|other| same_game(&self.inner, &other.borrow().inner))
    }

    /// The standard name of the 8×8 opening played so far, or None.
    #[getter]
    fn opening_name(&self) -> Option<&'static str> {
        self.inner.opening_name()
    }

    /// The game as it stands as an SVG board diagram (text).
    fn svg(&self) -> String {
        self.inner.svg()
    }

    /// The diagram, for notebooks.
    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }

    /// A copy of the game.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The board drawn for a terminal, legal moves marked `*`.
    fn __str__(&self) -> String {
        diagram(self.inner.position(), self.inner.legal_moves())
    }

    fn __repr__(&self) -> String {
        let seed = self.inner.seed().map_or_else(|| "None".to_owned(), |s| s.to_string());
        format!(
            "<Game rules={:?} seed={seed} moves={:?} to_move={}>",
            self.inner.rules().to_string(),
            transcript::write(&self.inner.moves()),
            self.inner.side_to_move().name()
        )
    }
}

/// `position` in the `/` form, or the one-line 8×8 form.
pub(crate) fn write_position(position: &Position, one_line: bool) -> PyResult<String> {
    if !one_line {
        return Ok(position.to_string());
    }
    position.one_line().ok_or_else(|| {
        let g = position.geometry();
        PositionError::new_err(format!("the one-line form is 8x8 only; this board is {}x{}", g.width(), g.height()))
    })
}

/// A move from its name: `"d3"`, `"pass"`.
pub(crate) fn parse_move(text: &str) -> PyResult<Move> {
    text.parse().map_err(|e| move_error(&e))
}

/// A position from its string.
pub(crate) fn parse_position(text: &str) -> PyResult<Position> {
    text.parse().map_err(|e| position_error(&e))
}

/// A table seed: an integer from 0 to 2**64 - 1; another type (a float, a bool, a string)
/// raises `TypeError`, an integer out of range `RulesError`.
pub(crate) fn seed_value(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    crate::errors::require_int(seed, "seed")?;
    seed.extract::<u64>().map_err(|_| {
        RulesError::new_err(format!(
            "invalid seed {}: expected an integer from 0 to 2**64 - 1",
            crate::errors::shown(seed)
        ))
    })
}

/// The cells of `position` by rows from the top, coded as `board()` documents.
pub(crate) fn board_rows(position: &Position) -> Vec<Vec<i8>> {
    let geometry = position.geometry();
    (0..geometry.height())
        .map(|row| {
            (0..geometry.width())
                .map(|column| {
                    let sq = Square::new(column, row).expect("a cell of the board");
                    match position.disc_at(sq) {
                        Some(Color::Black) => BLACK,
                        Some(Color::White) => WHITE,
                        None if geometry.is_playable(sq) => EMPTY,
                        None => UNPLAYABLE,
                    }
                })
                .collect()
        })
        .collect()
}
