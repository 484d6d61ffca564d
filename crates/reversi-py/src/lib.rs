//! Python bindings of reversi-kit: the rules, records and engine of every variant, as the
//! Python module `reversi_kit` (built by maturin; see `pyproject.toml` and docs/python.md).
//!
//! Each submodule wraps one part of the workspace and turns its typed errors into Python
//! exceptions (module `errors`). Searches, solves, perft and batches of playouts release the GIL,
//! so other Python threads run meanwhile.

mod batch;
mod book;
mod engine;
mod errors;
mod game;
mod interrupt;
mod options;
mod perft;
mod records;
mod review;
mod rules;

use pyo3::prelude::*;

/// The extension module, re-exported by the `reversi_kit` package (python/reversi_kit).
#[pymodule]
fn _reversi_kit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<game::PyGame>()?;
    game::register_constants(m)?;
    engine::register(m)?;
    book::register(m)?;
    batch::register(m)?;
    records::register(m)?;
    review::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
