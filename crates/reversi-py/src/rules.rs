//! `Rules`: the rules of a table, built from keyword arguments or read from the text that the
//! Rust `Rules` displays.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use reversi_variants::{Blocked, Board, Handicap, Opening, Rules, Scoring};

use crate::errors::{RulesError, require_int, rules_error, shown};

/// The rules of a table (`reversi_kit.Rules`): immutable, comparable and hashable.
#[pyclass(name = "Rules", module = "reversi_kit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyRules {
    pub(crate) inner: Rules,
}

impl PyRules {
    /// The rules of the Rust crate.
    pub(crate) fn rules(&self) -> &Rules {
        &self.inner
    }
}

#[pymethods]
impl PyRules {
    /// Rules from their options; an option left out keeps its standard value (8×8, nothing
    /// blocked, no handicap, standard opening, disc scoring).
    #[new]
    #[pyo3(signature = (size=None, octagon=false, blocked=None, handicap=None, free_opening=false, scoring="discs"))]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        octagon: bool,
        blocked: Option<&Bound<'_, PyAny>>,
        handicap: Option<&str>,
        free_opening: bool,
        scoring: &str,
    ) -> PyResult<PyRules> {
        let board = board(size, octagon)?;
        let blocked = match blocked {
            None => Blocked::None,
            Some(value) => blocked_option(value)?,
        };
        let handicap = match handicap {
            None => Handicap::None,
            Some(text) => text.parse().map_err(|e| rules_error(&e))?,
        };
        let opening = if free_opening { Opening::Free } else { Opening::Standard };
        let scoring: Scoring = scoring.parse().map_err(|e| rules_error(&e))?;
        let inner = Rules::builder()
            .board(board)
            .blocked(blocked)
            .handicap(handicap)
            .opening(opening)
            .scoring(scoring)
            .build()
            .map_err(|e| rules_error(&e))?;
        Ok(PyRules { inner })
    }

    /// Reads the one line that `str(rules)` writes, such as
    /// `"10x8 blocked=random handicap=none opening=free scoring=wof"`; left-out keys keep
    /// their standard values.
    #[classmethod]
    fn parse(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyRules> {
        text.parse().map(|inner| PyRules { inner }).map_err(|e| rules_error(&e))
    }

    /// `(width, height)` of the board; `(10, 10)` for the Octagon.
    #[getter]
    fn size(&self) -> (u8, u8) {
        let geometry = self.inner.geometry();
        (geometry.width(), geometry.height())
    }

    /// Whether the board is the Octagon.
    #[getter]
    fn octagon(&self) -> bool {
        self.inner.board() == Board::Octagon
    }

    /// The blocked option as text, as `blocked=` takes it: `"random"`, a count such as `"2"`,
    /// or cells such as `"b2,g7"`; `None` for no blocked cells (as `handicap`). A game's
    /// cells are `Game.blocked_cells`.
    #[getter]
    fn blocked(&self) -> Option<String> {
        match self.inner.blocked() {
            Blocked::None => None,
            other => Some(other.to_string()),
        }
    }

    /// The handicap as text, such as `"white:2"` or `"black:a1,h8"`, or `None`.
    #[getter]
    fn handicap(&self) -> Option<String> {
        match self.inner.handicap() {
            Handicap::None => None,
            other => Some(other.to_string()),
        }
    }

    /// Whether the game starts with the free opening (an empty centre filled by four
    /// placements).
    #[getter]
    fn free_opening(&self) -> bool {
        self.inner.opening() == Opening::Free
    }

    /// `"discs"` or `"wof"`.
    #[getter]
    fn scoring(&self) -> String {
        self.inner.scoring().to_string()
    }

    /// Whether the blocked cells are drawn from the table's seed (`blocked` random or a
    /// count), so that different seeds give different tables.
    #[getter]
    fn draws_blocked_cells(&self) -> bool {
        matches!(self.inner.blocked(), Blocked::Random | Blocked::Count(_))
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Rules.parse({:?})", self.inner.to_string())
    }
}

/// The board from `size` (`(width, height)` or one number for a square) and `octagon`. A
/// value of another type (a float, a string, a list of three) is a `TypeError`; numbers out
/// of range a `RulesError`.
fn board(size: Option<&Bound<'_, PyAny>>, octagon: bool) -> PyResult<Board> {
    let Some(size) = size else {
        return Ok(if octagon { Board::Octagon } else { Board::STANDARD });
    };
    let out_of_range = || {
        RulesError::new_err(format!(
            "invalid size {}: expected (width, height), each an even number from 4 to 16",
            shown(size)
        ))
    };
    let (width, height) = if is_int(size) {
        let side = size.extract::<u8>().map_err(|_| out_of_range())?;
        (side, side)
    } else if let Ok((width, height)) = size.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()
        && is_int(&width)
        && is_int(&height)
    {
        (width.extract::<u8>().map_err(|_| out_of_range())?, height.extract::<u8>().map_err(|_| out_of_range())?)
    } else {
        return Err(PyTypeError::new_err(format!(
            "size must be an int or a (width, height) pair of ints, not {}",
            shown(size)
        )));
    };
    if octagon {
        if (width, height) != (10, 10) {
            return Err(RulesError::new_err(format!(
                "size ({width}, {height}) with octagon=True: the Octagon is 10x10 (leave size out)"
            )));
        }
        return Ok(Board::Octagon);
    }
    Ok(Board::Rectangle { width, height })
}

/// Whether `obj` is an `int` and not a `bool`.
fn is_int(obj: &Bound<'_, PyAny>) -> bool {
    require_int(obj, "").is_ok()
}

/// The blocked option from text (`"random"`, `"none"`, `"3"`, `"b2,g7"`) or a count; another
/// type (a bool, a float) is a `TypeError`.
fn blocked_option(value: &Bound<'_, PyAny>) -> PyResult<Blocked> {
    if let Ok(text) = value.extract::<String>() {
        return text.parse().map_err(|e| rules_error(&e));
    }
    if !is_int(value) {
        return Err(PyTypeError::new_err(format!(
            "blocked must be a str or an int, not {}",
            crate::errors::type_name(value)
        )));
    }
    match value.extract::<u8>() {
        Ok(count) => Ok(Blocked::Count(count)),
        Err(_) => Err(RulesError::new_err(format!(
            "invalid blocked {}: expected \"none\", \"random\", a count from 1 to 4 or cells such as \"b2,g7\"",
            shown(value)
        ))),
    }
}
