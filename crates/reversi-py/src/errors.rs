//! The Python exceptions: every error of the Rust crates becomes a subclass of `ValueError`
//! carrying the Rust error's message, so `except ValueError` catches all bad input.

use std::error::Error;

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
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
create_exception!(
    reversi_kit,
    BookError,
    ReversiError,
    "An opening book that cannot be read: not a book, another version, truncated or damaged."
);

/// The most threads an engine, `solve` or `perft` takes: more is a mistake (each thread is a
/// stack and a share of the work), and no machine this runs on has that many cores. Here,
/// below the options that read it, because the thread counts of `solve` and `perft` are read
/// here too.
pub(crate) const MAX_THREADS: u64 = 1024;

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ReversiError", py.get_type::<ReversiError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("BookError", py.get_type::<BookError>())?;
    Ok(())
}

/// The error's message followed by those of its sources that it does not already contain, so
/// that the Python message says what the Rust chain says (`invalid blocked: ... : no cell z9`);
/// at most 200 characters of it (`reversi_records::clip`), as a message may quote its input.
pub(crate) fn message(error: &dyn Error) -> String {
    reversi_records::clip(&full_message(error)).into_owned()
}

fn full_message(error: &dyn Error) -> String {
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

/// Python's `repr` of a value, for an error message, at most 200 characters of it.
pub(crate) fn shown(obj: &Bound<'_, PyAny>) -> String {
    let text = obj.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
    quote_short(&text)
}

/// At most the first 200 characters of `text`, with `...` when cut: an error message quotes
/// its input, but never a whole megabyte of it.
pub(crate) fn quote_short(text: &str) -> String {
    const MAX: usize = 200;
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// A `TypeError` unless `obj` is an `int` (a `bool` is not taken for one): a float, a string
/// or `None` given for a whole number is the wrong type, not a bad value.
pub(crate) fn require_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    if obj.is_instance_of::<pyo3::types::PyInt>() && !obj.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(());
    }
    Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj))))
}

/// The name of `obj`'s type, for a `TypeError`'s message.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// A whole-number argument (a depth, a number of threads, games or nodes). An argument that
/// is not an `int` (a float, a bool, a string) raises `TypeError`; a negative or huge one, a
/// [`ReversiError`] like any other bad value, not pyo3's `OverflowError`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Whole(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        require_int(&obj, "a whole number")?;
        obj.extract::<u64>().map(Whole).map_err(|_| {
            ReversiError::new_err(format!(
                "invalid number {}: expected a whole number from 0 to 2**64 - 1",
                shown(&obj)
            ))
        })
    }
}

/// The `OSError` of reading `path` (`FileNotFoundError` for a missing file, as `open` raises
/// it), with its `errno`, `strerror` and `filename` set.
pub(crate) fn os_error(error: &std::io::Error, path: &std::path::Path) -> PyErr {
    let filename = path.to_string_lossy().into_owned();
    match error.raw_os_error() {
        // OSError(errno, strerror, filename) picks the subclass of the errno, as `open` does.
        Some(code) => {
            let text = error.to_string();
            let strerror = text.split(" (os error").next().unwrap_or(&text).to_owned();
            PyOSError::new_err((code, strerror, filename))
        }
        None => PyOSError::new_err(format!("{filename}: {error}")),
    }
}

impl Whole {
    /// The number as a `u32`, or a [`ReversiError`] naming `what`.
    pub(crate) fn to_u32(self, what: &str) -> PyResult<u32> {
        u32::try_from(self.0).map_err(|_| ReversiError::new_err(format!("{what} {} is too large", self.0)))
    }

    /// The number if it is in `range`, else an [`EngineError`] naming `what` and the range.
    pub(crate) fn in_range(self, what: &str, range: std::ops::RangeInclusive<u64>) -> PyResult<u64> {
        if range.contains(&self.0) {
            return Ok(self.0);
        }
        Err(EngineError::new_err(format!("{what} {} is out of range: {} to {}", self.0, range.start(), range.end())))
    }

    /// A number of threads: 1 to [`MAX_THREADS`], else an
    /// [`EngineError`] naming the range.
    pub(crate) fn threads(self) -> PyResult<std::num::NonZeroUsize> {
        let threads = self.in_range("threads", 1..=MAX_THREADS)?;
        // In range: 1 to 1024, a usize and not zero.
        Ok(usize::try_from(threads).ok().and_then(std::num::NonZeroUsize::new).unwrap_or(std::num::NonZeroUsize::MIN))
    }
}
