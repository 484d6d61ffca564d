//! The engine's options read from Python: whole numbers in a range, durations in seconds and
//! a variety. Each error names the argument and says what it takes: a wrong type is a
//! `TypeError`, a value out of range an `EngineError`, never a value silently clamped.

use std::ops::RangeInclusive;
use std::time::Duration;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};
use reversi_engine::clock::TimeControl;
use reversi_engine::variety::Variety;

use crate::errors::{EngineError, engine_error, require_int, shown, type_name};

pub(crate) use crate::errors::MAX_THREADS;

/// The largest transposition table an engine or `solve` takes, in MB: a larger request is
/// more likely a mistake than a wish, and a failed allocation would end the interpreter.
pub(crate) const MAX_HASH_MB: u64 = 4096;

/// The deepest search an engine takes, as the `nboard` tool: deeper searches do not end in a
/// human's lifetime far from the end of a game.
pub(crate) const MAX_DEPTH: u64 = 30;

/// `obj` as a whole number in `range`, or a `TypeError` (not an `int`) or an `EngineError`
/// naming `what` and the range.
pub(crate) fn whole_in(obj: &Bound<'_, PyAny>, what: &str, range: RangeInclusive<u64>) -> PyResult<u64> {
    require_int(obj, what)?;
    obj.extract::<u64>().ok().filter(|n| range.contains(n)).ok_or_else(|| {
        EngineError::new_err(format!("{what} {} is out of range: {} to {}", shown(obj), range.start(), range.end()))
    })
}

/// `obj` as a float (an `int` or a `float`; a `bool` is not one), else a `TypeError` saying
/// that `what` must be `kind` ("a number", "a number of seconds").
fn number(obj: &Bound<'_, PyAny>, what: &str, kind: &str) -> PyResult<f64> {
    let is_number =
        (obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyFloat>()) && !obj.is_instance_of::<PyBool>();
    if !is_number {
        return Err(PyTypeError::new_err(format!("{what} must be {kind}, not {}", type_name(obj))));
    }
    // An int too large for a float is out of range for every caller: infinity.
    Ok(obj.extract::<f64>().unwrap_or(f64::INFINITY))
}

/// `obj` seconds as a duration from zero (`zero_ok`) or more than zero, up to
/// [`TimeControl::MAX`] (a year); else an `EngineError` naming `what`.
pub(crate) fn duration(obj: &Bound<'_, PyAny>, what: &str, zero_ok: bool) -> PyResult<Duration> {
    let secs = number(obj, what, "a number of seconds")?;
    let max = TimeControl::MAX.as_secs_f64();
    let low_ok = if zero_ok { secs >= 0.0 } else { secs > 0.0 };
    // NaN fails both comparisons.
    if !(low_ok && secs <= max) {
        let low = if zero_ok { "from 0" } else { "more than 0" };
        return Err(EngineError::new_err(format!(
            "{what} {} s is out of range: {low} and at most a year ({max} s)",
            shown(obj)
        )));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// The clock `(base, increment)` in seconds: base more than 0, increment from 0.
pub(crate) fn clock_control(obj: &Bound<'_, PyAny>) -> PyResult<TimeControl> {
    let (base, increment) = pair(obj, "clock", "(base, increment) in seconds")?;
    let base = duration(&base, "clock base", false)?;
    let increment = duration(&increment, "clock increment", true)?;
    TimeControl::fischer(base, increment).map_err(|e| engine_error(&e))
}

/// The variety `(margin, probability)`: a margin in discs from 0 to 256, a probability from
/// 0 to 1.
pub(crate) fn variety(obj: &Bound<'_, PyAny>) -> PyResult<Variety> {
    let (margin, probability) = pair(obj, "variety", "(margin in discs, probability)")?;
    let margin = number(&margin, "variety margin", "a number")?;
    let probability = number(&probability, "variety probability", "a number")?;
    Variety::new(margin, probability).map_err(|e| EngineError::new_err(format!("variety: {e}")))
}

/// The two items of a tuple or list, else a `TypeError` saying what `what` takes.
fn pair<'py>(obj: &Bound<'py, PyAny>, what: &str, takes: &str) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let items: Option<Vec<Bound<'py, PyAny>>> =
        if obj.is_instance_of::<pyo3::types::PyTuple>() || obj.is_instance_of::<pyo3::types::PyList>() {
            obj.try_iter().ok().and_then(|items| items.collect::<PyResult<Vec<_>>>().ok())
        } else {
            None
        };
    match items.as_deref() {
        Some([a, b]) => Ok((a.clone(), b.clone())),
        _ => Err(PyTypeError::new_err(format!("{what} must be a pair {takes}, not {}", shown(obj)))),
    }
}
