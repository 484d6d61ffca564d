//! Values, in one unit for the whole engine: a disc difference, which the evaluation and the
//! depth-limited search count in hundredths ([`CENTI_PER_DISC`]) and the exact solver in whole
//! discs. [`Value`] tells callers which they hold.

use std::fmt;

/// Hundredths of a disc in a disc: the evaluation's and the midgame search's unit.
pub(crate) const CENTI_PER_DISC: i32 = 100;

/// Above any value the midgame search can give, in hundredths of a disc (16×16 is 256 cells,
/// 25 600 hundredths).
pub(crate) const MIDGAME_INFINITY: i32 = 1_000_000;

/// Above any exact value, in discs: the window of a full solve.
pub(crate) const ENDGAME_INFINITY: i32 = 1000;

/// A disc difference `discs` in hundredths of a disc.
pub(crate) const fn centidiscs(discs: i32) -> i32 {
    discs * CENTI_PER_DISC
}

/// A position's value for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The evaluation of a depth-limited search, in hundredths of a disc.
    Estimate(i32),
    /// The exact final disc difference with perfect play (under the search's scoring).
    Exact(i32),
}

impl Value {
    /// The value in discs.
    #[must_use]
    pub fn discs(self) -> f64 {
        match self {
            Value::Estimate(centi) => f64::from(centi) / f64::from(CENTI_PER_DISC),
            Value::Exact(discs) => f64::from(discs),
        }
    }

    /// The value in hundredths of a disc.
    #[must_use]
    pub const fn centidiscs(self) -> i32 {
        match self {
            Value::Estimate(centi) => centi,
            Value::Exact(discs) => discs * CENTI_PER_DISC,
        }
    }

    /// Whether the value is exact.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        matches!(self, Value::Exact(_))
    }

    /// The same value seen from the other side.
    #[must_use]
    pub const fn negated(self) -> Value {
        match self {
            Value::Estimate(v) => Value::Estimate(-v),
            Value::Exact(v) => Value::Exact(-v),
        }
    }
}

impl fmt::Display for Value {
    /// An estimate with one decimal, `+3.2`; an exact value as a whole number, `+4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Estimate(_) => write!(f, "{:+.1}", self.discs()),
            Value::Exact(v) => write!(f, "{v:+}"),
        }
    }
}
