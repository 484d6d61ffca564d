//! The graph of a game's evaluation: one point a move, in discs for Black (up is good for
//! Black), the mistakes marked with a dot on their point.
//!
//! The values are a plain slice, so that any review (the engine's, or a platform's own) can be
//! drawn: `values[i]` is the evaluation after move `i + 1`.
//!
//! ```
//! use reversi_variants::svg::{EvaluationGraph, GraphMark};
//! let values = [0.0, 1.5, -2.0, -8.5, -7.0];
//! let graph = EvaluationGraph::new(&values).with_marks(&[(3, GraphMark::Blunder)]);
//! let svg = graph.to_string();
//! assert!(svg.contains("<polyline"));
//! // The points are where the documentation of `point` says.
//! assert_eq!(graph.point(0).1, graph.zero_y());
//! ```

use core::fmt::{self, Write as _};

use super::colours;

/// How a move is marked on the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GraphMark {
    /// A mistake, `?`.
    Mistake,
    /// A blunder, `??`.
    Blunder,
}

impl GraphMark {
    /// The dot's colour.
    #[must_use]
    pub const fn colour(self) -> &'static str {
        match self {
            GraphMark::Mistake => "#f0a020",
            GraphMark::Blunder => "#d02020",
        }
    }
}

/// The graph of an evaluation (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct EvaluationGraph<'a> {
    values: &'a [f64],
    marks: Vec<(usize, GraphMark)>,
}

/// The picture's size and the plot's place in it, in units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 26.0;

impl<'a> EvaluationGraph<'a> {
    /// The graph of `values` (after each move, in discs for Black), with no mark.
    #[must_use]
    pub fn new(values: &'a [f64]) -> EvaluationGraph<'a> {
        EvaluationGraph { values, marks: Vec::new() }
    }

    /// The same graph with these moves marked: `(i, mark)` marks `values[i]`; marks past the
    /// end of the values are left out.
    #[must_use]
    pub fn with_marks(mut self, marks: &[(usize, GraphMark)]) -> EvaluationGraph<'a> {
        self.marks = marks.iter().copied().filter(|(i, _)| *i < self.values.len()).collect();
        self
    }

    /// The value at the top of the plot (and its opposite at the bottom): the largest value in
    /// size, rounded up to a multiple of 8 discs, at least 8. Values that are not finite count
    /// as 0.
    #[must_use]
    pub fn scale(&self) -> f64 {
        let largest = self.values.iter().map(|v| if v.is_finite() { v.abs() } else { 0.0 }).fold(0.0, f64::max);
        ((largest / 8.0).ceil() * 8.0).max(8.0)
    }

    /// The height, in units, of the line of 0 discs.
    #[must_use]
    pub fn zero_y(&self) -> f64 {
        TOP + (HEIGHT - TOP - BOTTOM) / 2.0
    }

    /// Where `values[i]` is drawn: x from the left edge of the plot at the first move to its
    /// right edge at the last (the middle for a single value), y from the line of 0 up by the
    /// value over [`scale`](Self::scale) times half the plot's height.
    #[must_use]
    pub fn point(&self, i: usize) -> (f64, f64) {
        let plot_width = WIDTH - LEFT - RIGHT;
        let x = match self.values.len() {
            0 | 1 => LEFT + plot_width / 2.0,
            n => LEFT + plot_width * i as f64 / (n - 1) as f64,
        };
        let value = self.values.get(i).copied().filter(|v| v.is_finite()).unwrap_or(0.0);
        let half = (HEIGHT - TOP - BOTTOM) / 2.0;
        (x, self.zero_y() - value / self.scale() * half)
    }

    /// The picture's width and height, in units.
    #[must_use]
    pub const fn size(&self) -> (f64, f64) {
        (WIDTH, HEIGHT)
    }
}

impl fmt::Display for EvaluationGraph<'_> {
    /// The SVG document, one element a line, ending with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">"#
        )?;
        writeln!(f, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##)?;
        let (zero, scale) = (self.zero_y(), self.scale());
        let (right, bottom) = (WIDTH - RIGHT, HEIGHT - BOTTOM);
        // Black's half above the line of 0 in grey, White's below in white: whose game it is.
        writeln!(
            f,
            r##"<rect x="{LEFT}" y="{TOP}" width="{}" height="{}" fill="#e6e6e6"/>"##,
            right - LEFT,
            zero - TOP
        )?;
        writeln!(f, r##"<line x1="{LEFT}" y1="{zero}" x2="{right}" y2="{zero}" stroke="#888888" stroke-width="1"/>"##)?;
        writeln!(
            f,
            r##"<rect x="{LEFT}" y="{TOP}" width="{}" height="{}" fill="none" stroke="#888888" stroke-width="1"/>"##,
            right - LEFT,
            bottom - TOP
        )?;
        let text = format!(r#"font-family="sans-serif" font-size="11" fill="{}""#, colours::TEXT);
        for (label, y) in
            [(format!("+{scale}"), TOP + 4.0), ("0".to_owned(), zero + 4.0), (format!("-{scale}"), bottom)]
        {
            writeln!(f, r#"<text x="{}" y="{y}" text-anchor="end" {text}>{label}</text>"#, LEFT - 4.0)?;
        }
        writeln!(f, r#"<text x="{LEFT}" y="{}" {text}>move 1</text>"#, HEIGHT - 8.0)?;
        if self.values.len() > 1 {
            writeln!(
                f,
                r#"<text x="{right}" y="{}" text-anchor="end" {text}>move {}</text>"#,
                HEIGHT - 8.0,
                self.values.len()
            )?;
        }
        let mut points = String::new();
        for i in 0..self.values.len() {
            let (x, y) = self.point(i);
            write!(points, "{}{x:.2},{y:.2}", if i == 0 { "" } else { " " })?;
        }
        if !self.values.is_empty() {
            writeln!(
                f,
                r#"<polyline points="{points}" fill="none" stroke="{}" stroke-width="2.5" stroke-linejoin="round"/>"#,
                colours::EVALUATION
            )?;
        }
        for &(i, mark) in &self.marks {
            let (x, y) = self.point(i);
            writeln!(f, r#"<circle cx="{x:.2}" cy="{y:.2}" r="5" fill="{}"/>"#, mark.colour())?;
        }
        writeln!(f, "</svg>")
    }
}
