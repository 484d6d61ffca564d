//! The Python exceptions: every error of the Rust crates becomes a subclass of `ValueError`
//! carrying the Rust error's message, so `except ValueError` catches all bad input.

use std::error::Error;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    reversi_kit,
    ReversiError,
    PyValueError,
    "The base of every reversi_kit error: a ValueError with the Rust error's message."
);
create_exception!(reversi_kit, RulesError, ReversiError, "Rules that cannot be read or built, or a bad table seed.");
create_exception!(reversi_kit, PositionError, ReversiError, "A position string that cannot be read.");
create_exception!(reversi_kit, MoveError, ReversiError, "A move that cannot be read or is illegal.");
create_exception!(
    reversi_kit,
    RecordError,
    ReversiError,
    "A game record (JSON, GGF, transcript, WTHOR) that cannot be read."
);
create_exception!(reversi_kit, EngineError, ReversiError, "A bad engine level or search option, or nothing to search.");

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ReversiError", py.get_type::<ReversiError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    Ok(())
}

/// The error's message followed by those of its sources that it does not already contain, so
/// that the Python message says what the Rust chain says (`invalid blocked: ... : no cell z9`).
pub(crate) fn message(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// A [`RulesError`] with `error`'s message.
pub(crate) fn rules_error(error: &dyn Error) -> PyErr {
    RulesError::new_err(message(error))
}

/// A [`PositionError`] with `error`'s message.
pub(crate) fn position_error(error: &dyn Error) -> PyErr {
    PositionError::new_err(message(error))
}

/// A [`MoveError`] with `error`'s message.
pub(crate) fn move_error(error: &dyn Error) -> PyErr {
    MoveError::new_err(message(error))
}

/// A [`RecordError`] with `error`'s message.
pub(crate) fn record_error(error: &dyn Error) -> PyErr {
    RecordError::new_err(message(error))
}

/// An [`EngineError`] with `error`'s message.
pub(crate) fn engine_error(error: &dyn Error) -> PyErr {
    EngineError::new_err(message(error))
}

/// A whole-number argument (a depth, a number of threads, games or nodes). A negative, huge or
/// non-integer value is a [`ReversiError`] like any other bad input, not pyo3's
/// `OverflowError` or `TypeError`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Whole(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        if !obj.is_instance_of::<pyo3::types::PyBool>()
            && let Ok(n) = obj.extract::<u64>()
        {
            return Ok(Whole(n));
        }
        let shown = obj.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
        Err(ReversiError::new_err(format!("invalid number {shown}: expected a whole number from 0 to 2**64 - 1")))
    }
}

impl Whole {
    /// The number as a `u32`, or a [`ReversiError`] naming `what`.
    pub(crate) fn to_u32(self, what: &str) -> PyResult<u32> {
        u32::try_from(self.0).map_err(|_| ReversiError::new_err(format!("{what} {} is too large", self.0)))
    }

    /// The number as a `usize`, or a [`ReversiError`] naming `what`.
    pub(crate) fn to_usize(self, what: &str) -> PyResult<usize> {
        usize::try_from(self.0).map_err(|_| ReversiError::new_err(format!("{what} {} is too large", self.0)))
    }
}
