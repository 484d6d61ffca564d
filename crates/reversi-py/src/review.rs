//! `review(game, ...)`: the engine's review of a game, each mistake with its reasons, as a
//! `Review` object holding the JSON form (as Python dicts and lists), the text form and the
//! evaluation graph. Releases the GIL while it searches.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use reversi_engine::player::Level;
use reversi_engine::review::{Mark, Review, Reviewer};
use reversi_engine::search::Searcher;
use serde_json::Value;

use crate::errors::{EngineError, Whole, engine_error};
use crate::game::PyGame;

/// Adds `review` and `Review` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyReview>()?;
    m.add_function(wrap_pyfunction!(review, m)?)?;
    Ok(())
}

/// A game's review (`reversi_kit.Review`).
#[pyclass(name = "Review", module = "reversi_kit", frozen)]
pub(crate) struct PyReview {
    inner: Review,
}

/// A JSON value as Python objects: dicts, lists, str, int, float, bool and None.
fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(f)) => f.into_pyobject(py)?.into_any(),
            (None, None) => return Err(EngineError::new_err(format!("a number Python cannot hold: {n}"))),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

impl PyReview {
    fn json(&self) -> PyResult<Value> {
        serde_json::to_value(&self.inner).map_err(|e| EngineError::new_err(e.to_string()))
    }
}

#[pymethods]
impl PyReview {
    /// The standard name of the 8×8 opening, or None.
    #[getter]
    fn opening(&self) -> Option<String> {
        self.inner.opening().map(str::to_owned)
    }

    /// Every move's review as a dict (the JSON form's `moves`): `number`, `color`, `played`,
    /// `assessment` (`"forced"` or `"searched"`), and when searched `best`, `best_value` and
    /// `played_value` (`{"centidiscs": …, "exact": …}`), `loss`, `mark` (`"good"`,
    /// `"mistake"`, `"blunder"`), `best_line`, `played_line` and `reasons` (dicts tagged by
    /// `kind`).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json()?["moves"])
    }

    /// The evaluation after each move, in discs for Black.
    #[getter]
    fn curve(&self) -> Vec<f64> {
        self.inner.curve()
    }

    /// Black's and White's total loss in discs, as `(black, white)`.
    #[getter]
    fn total_loss(&self) -> (f64, f64) {
        let (black, _) = self.inner.total_loss(reversi_core::Color::Black);
        let (white, _) = self.inner.total_loss(reversi_core::Color::White);
        (black, white)
    }

    /// The whole review as a dict: the JSON form.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.json()?)
    }

    /// The JSON form as text.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| EngineError::new_err(e.to_string()))
    }

    /// The text form, as the `analyze` example prints it.
    fn text(&self) -> String {
        self.inner.text().to_string()
    }

    /// The SVG graph of the evaluation with the mistakes marked.
    fn svg(&self) -> String {
        self.inner.evaluation_graph()
    }

    /// The graph, for notebooks.
    fn _repr_svg_(&self) -> String {
        self.inner.evaluation_graph()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        let marked = self.inner.moves().iter().filter(|m| m.mark() != Mark::Good).count();
        format!("Review(moves={}, marked={marked}, opening={:?})", self.inner.moves().len(), self.inner.opening())
    }
}

/// Reviews `game`: every move's best move, values and loss at engine `level` (1 to 10), exact
/// once a move leads to at most `exact_empties` empty cells, and each mistake's reasons; with a
/// table of `hash_mb` MB and `threads` threads. Raises `EngineError` for a bad option.
/// Releases the GIL while it searches.
#[pyfunction]
#[pyo3(
    signature = (game, level=Whole(5), exact_empties=Whole(18), hash_mb=Whole(64), threads=Whole(1)),
    text_signature = "(game, level=5, exact_empties=18, hash_mb=64, threads=1)"
)]
fn review(
    py: Python<'_>,
    game: PyRef<'_, PyGame>,
    level: Whole,
    exact_empties: Whole,
    hash_mb: Whole,
    threads: Whole,
) -> PyResult<PyReview> {
    let level = u8::try_from(level.0).ok().and_then(|n| Level::new(n).ok()).ok_or_else(|| {
        EngineError::new_err(format!("invalid engine level {}: expected a number from 1 to 10", level.0))
    })?;
    let exact_empties = exact_empties.to_u32("exact_empties")?;
    if exact_empties > 256 {
        return Err(EngineError::new_err(format!("exact_empties {exact_empties} is out of range: 0 to 256")));
    }
    // In range: each fits a usize.
    let hash_mb = hash_mb.in_range("hash_mb", 1..=crate::options::MAX_HASH_MB)? as usize;
    let threads = threads.threads()?.get();
    let game = game.inner.clone();
    let reviewed = py.detach(move || {
        let searcher = Searcher::with_hash_mb(hash_mb).with_threads(threads);
        Reviewer::new(searcher, level).with_exact_empties(exact_empties).review(&game)
    });
    reviewed.map(|inner| PyReview { inner }).map_err(|e| engine_error(&e))
}
