//! `Book`: an opening book, read from bytes or a file, or one built into the engine.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use reversi_engine::book::{Book, BookError as RustBookError};

use crate::errors::{BookError, message, rules_error};
use crate::game::PyGame;
use crate::rules::PyRules;

/// Adds the class to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBook>()
}

fn book_error(error: &RustBookError) -> PyErr {
    BookError::new_err(message(error))
}

/// An opening book (`reversi_kit.Book`): positions of one board with their values, each
/// position's images under the board's symmetries sharing one entry.
#[pyclass(name = "Book", module = "reversi_kit", frozen)]
pub(crate) struct PyBook {
    pub(crate) inner: Arc<Book>,
}

#[pymethods]
impl PyBook {
    /// The standard 8×8 book built into the engine.
    #[staticmethod]
    fn standard() -> PyBook {
        PyBook { inner: Book::standard() }
    }

    /// The book built into the engine for the board and scoring of `rules` (8×8, 10×10, the
    /// Octagon and 6×6 under disc scoring), `None` for any other (blocked cells, other sizes,
    /// WOF scoring).
    #[staticmethod]
    fn built_in(rules: &Bound<'_, PyRules>) -> PyResult<Option<PyBook>> {
        let rules = rules.get().rules().clone();
        let scoring = rules.scoring();
        // Random blocked cells draw a board from the seed; no such board has a book.
        let game = reversi_variants::Game::new(rules, 0).map_err(|e| rules_error(&e))?;
        Ok(Book::built_in(game.position().geometry(), scoring).map(|inner| PyBook { inner }))
    }

    /// Reads a book from its bytes; raises `BookError` if they are not a valid book.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<PyBook> {
        Book::from_bytes(data).map(|b| PyBook { inner: Arc::new(b) }).map_err(|e| book_error(&e))
    }

    /// Reads the book in the file at `path`; raises `BookError` if it cannot.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> PyResult<PyBook> {
        Book::load(path).map(|b| PyBook { inner: Arc::new(b) }).map_err(|e| book_error(&e))
    }

    /// The book's bytes, which `Book.from_bytes` reads back.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// The book value of `game`'s position for the side to move, in discs; `None` outside
    /// the book (or off its board).
    fn lookup(&self, game: &Bound<'_, PyGame>) -> Option<f64> {
        let game = game.borrow();
        self.inner.lookup(game.inner.position()).map(|e| f64::from(e.value()) / 100.0)
    }

    /// The moves of `game`'s position that stay in the book, best first: (move, value in
    /// discs for the side that plays it).
    fn moves(&self, game: &Bound<'_, PyGame>) -> Vec<(String, f64)> {
        let game = game.borrow();
        self.inner
            .moves(game.inner.position())
            .iter()
            .map(|m| (m.square.to_string(), f64::from(m.value) / 100.0))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self) -> String {
        let g = self.inner.geometry();
        format!("Book({}x{}, {} positions)", g.width(), g.height(), self.inner.len())
    }
}
