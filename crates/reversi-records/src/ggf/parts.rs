//! The parts of a GGF game that carry numbers: a move with its evaluation and time, and the
//! result. GGF text holds only finite decimal numbers, so these refuse `NaN` and infinities:
//! what a [`GgfGame`](super::GgfGame) holds is always what its text reads back as.

use reversi_core::Color;
use reversi_variants::Move;

use super::{GgfError, GgfField};

/// A move as GGF writes it, `B[f5/1.23/4.5]`: the colour, the move, and the optional
/// evaluation and time (seconds), each a finite number.
///
/// ```
/// use reversi_core::Color;
/// use reversi_records::ggf::{GgfError, GgfField, GgfMove};
/// use reversi_variants::Move;
/// let f5 = Move::Place("f5".parse()?);
/// let m = GgfMove::new(Color::Black, f5).with_eval(1.5)?.with_time(0.25)?;
/// assert_eq!((m.eval(), m.time()), (Some(1.5), Some(0.25)));
/// let err = GgfMove::new(Color::Black, f5).with_time(f64::NAN).unwrap_err();
/// assert!(matches!(err, GgfError::Invalid { field: GgfField::Time, .. }), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfMove {
    color: Color,
    played: Move,
    eval: Option<f64>,
    time: Option<f64>,
}

impl GgfMove {
    /// `played` by `color`, with neither evaluation nor time. Whether the square lies on the
    /// board is checked when the move joins a game ([`GgfGame::push_move`](super::GgfGame::push_move)).
    #[must_use]
    pub const fn new(color: Color, played: Move) -> GgfMove {
        GgfMove { color, played, eval: None, time: None }
    }

    /// The same move with the mover's evaluation `eval`.
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Eval`]) if `eval` is not finite.
    pub fn with_eval(self, eval: f64) -> Result<GgfMove, GgfError> {
        Ok(GgfMove { eval: Some(finite(GgfField::Eval, eval)?), ..self })
    }

    /// The same move taking `time` seconds.
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Time`]) if `time` is not finite.
    pub fn with_time(self, time: f64) -> Result<GgfMove, GgfError> {
        Ok(GgfMove { time: Some(finite(GgfField::Time, time)?), ..self })
    }

    /// Who moved.
    #[must_use]
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The cell, or a pass (`PA` or `pass`).
    #[must_use]
    pub const fn played(&self) -> Move {
        self.played
    }

    /// The mover's evaluation, if given.
    #[must_use]
    pub const fn eval(&self) -> Option<f64> {
        self.eval
    }

    /// The time taken in seconds, if given.
    #[must_use]
    pub const fn time(&self) -> Option<f64> {
        self.time
    }
}

/// How a GGF game ended, from the flag of its `RE` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GgfEnding {
    /// No flag: played to the end.
    Normal,
    /// `:r`, resigned.
    Resigned,
    /// `:t`, lost on time.
    Timeout,
    /// `:s`, a score both players agreed.
    Agreed,
}

/// The `RE` value: Black's margin (Black's score minus White's), a finite number, and how the
/// game ended. Which side won is the margin's sign, so nothing else can contradict it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfResult {
    margin: f64,
    ending: GgfEnding,
}

impl GgfResult {
    /// Black's margin `margin`, ended by `ending`.
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Margin`]) if `margin` is not finite.
    pub fn new(margin: f64, ending: GgfEnding) -> Result<GgfResult, GgfError> {
        Ok(GgfResult { margin: finite(GgfField::Margin, margin)?, ending })
    }

    /// Black's margin.
    #[must_use]
    pub const fn margin(&self) -> f64 {
        self.margin
    }

    /// How the game ended.
    #[must_use]
    pub const fn ending(&self) -> GgfEnding {
        self.ending
    }
}

fn finite(field: GgfField, value: f64) -> Result<f64, GgfError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(GgfError::Invalid { field, value: value.to_string(), reason: "GGF holds only finite numbers".into() })
    }
}
