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
    /// Only the exact outcome with perfect play: what a win/draw/loss solve computes.
    Outcome(Outcome),
}

impl Value {
    /// The value in discs.
    #[must_use]
    pub fn discs(self) -> f64 {
        match self {
            Value::Estimate(centi) => f64::from(centi) / f64::from(CENTI_PER_DISC),
            Value::Exact(discs) => f64::from(discs),
            Value::Outcome(outcome) => f64::from(outcome.sign()),
        }
    }

    /// The value in hundredths of a disc.
    #[must_use]
    pub const fn centidiscs(self) -> i32 {
        match self {
            Value::Estimate(centi) => centi,
            Value::Exact(discs) => discs * CENTI_PER_DISC,
            Value::Outcome(outcome) => outcome.sign() * CENTI_PER_DISC,
        }
    }

    /// The exact final disc difference, if the value is one.
    #[must_use]
    pub const fn exact(self) -> Option<i32> {
        match self {
            Value::Exact(discs) => Some(discs),
            _ => None,
        }
    }

    /// Whether the value is proven (an exact score or an exact outcome), not an estimate.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        !matches!(self, Value::Estimate(_))
    }

    /// The same value seen from the other side.
    #[must_use]
    pub const fn negated(self) -> Value {
        match self {
            Value::Estimate(v) => Value::Estimate(-v),
            Value::Exact(v) => Value::Exact(-v),
            Value::Outcome(outcome) => Value::Outcome(outcome.reversed()),
        }
    }
}

impl fmt::Display for Value {
    /// An estimate with one decimal, `+3.2`; an exact value as a whole number, `+4`; an
    /// outcome as `win`, `draw` or `loss`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Estimate(_) => write!(f, "{:+.1}", self.discs()),
            Value::Exact(v) => write!(f, "{v:+}"),
            Value::Outcome(outcome) => write!(f, "{outcome}"),
        }
    }
}

/// The result of a game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// Neither wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Outcome {
    /// The outcome of a final disc difference (or any value of its sign).
    #[must_use]
    pub const fn of(value: i32) -> Outcome {
        if value > 0 {
            Outcome::Win
        } else if value == 0 {
            Outcome::Draw
        } else {
            Outcome::Loss
        }
    }
}

impl Outcome {
    /// 1 for a win, 0 for a draw, -1 for a loss.
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        }
    }

    /// The same outcome seen from the other side.
    #[must_use]
    pub const fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

impl std::fmt::Display for Outcome {
    /// `win`, `draw` or `loss`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        })
    }
}

/// What a value found in a search window says about the true value: it, or a bound on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// It is the exact value.
    Exact,
    /// The exact value is at least this (the search failed high: value ≥ beta).
    Lower,
    /// The exact value is at most this (the search failed low: value ≤ alpha).
    Upper,
}

impl Bound {
    /// What the value a fail-soft search of window `(alpha, beta)` returned says.
    pub(crate) fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}
