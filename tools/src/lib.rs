//! What the maintainers' tools share beyond the command-line module (`examples/cli`): the
//! solution of a least-squares fit's normal equations, for `tune` (the evaluation's weights)
//! and `probcut_fit` (the probable cut-offs' margins); the line of a labels file, for
//! `tune_patterns` and `eval_error`; a pattern weights file named on the command line, for
//! `weights_match` and `eval_error`.

use reversi_kit::core::Position;
use reversi_kit::engine::eval::patterns::PatternWeights;

/// The name that stands for the engine's built-in pattern weights where a tool takes a file.
pub const BUILT_IN: &str = "built-in";

/// The pattern weights named `name`: the built-in ones for [`BUILT_IN`], else the weights
/// file of that path, its bytes read by `read` (the tools' `cli::files::read`).
///
/// # Errors
/// The reader's error or the file's ([`PatternWeights::from_bytes`]), as text.
pub fn pattern_weights<E: std::fmt::Display>(
    name: &str,
    read: impl FnOnce(&std::path::Path) -> Result<Vec<u8>, E>,
) -> Result<PatternWeights, String> {
    if name == BUILT_IN {
        return Ok(PatternWeights::built_in());
    }
    let bytes = read(std::path::Path::new(name)).map_err(|e| e.to_string())?;
    PatternWeights::from_bytes(&bytes).map_err(|e| e.to_string())
}

/// A labels file's line: a position, a tab and its value in discs for the side to move, a
/// disc difference on 8×8 (NaN, infinities and the like would poison a fit).
#[must_use]
pub fn parse_label(line: &str) -> Option<(Position, f64)> {
    let (pos, value) = line.split_once('\t')?;
    let value = value.trim().parse::<f64>().ok().filter(|v| (-64.0..=64.0).contains(v))?;
    Some((pos.parse().ok()?, value))
}

/// Gauss-Jordan elimination with partial pivoting of `a x = b`, in place: afterwards `a` is
/// diagonal and `x[i] = b[i] / a[i][i]` wherever `a[i][i]` is not zero. A column whose best
/// pivot is zero (a singular system) is left as it is, its diagonal entry zero; the caller
/// decides what that column's unknown is.
pub fn eliminate<const N: usize>(a: &mut [[f64; N]; N], b: &mut [f64; N]) {
    for col in 0..N {
        let pivot = (col..N).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col] == 0.0 {
            continue;
        }
        let pivot_row = a[col];
        for row in 0..N {
            if row != col {
                let f = a[row][col] / pivot_row[col];
                for (x, p) in a[row].iter_mut().zip(pivot_row) {
                    *x -= f * p;
                }
                b[row] -= f * b[col];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_needs_a_position_and_a_disc_difference() {
        let start = Position::default().to_string();
        assert_eq!(parse_label(&format!("{start}\t-12.25")).map(|(_, v)| v), Some(-12.25));
        assert_eq!(parse_label(&format!("{start}\t64")).map(|(_, v)| v), Some(64.0));
        for bad in ["NaN", "inf", "-inf", "64.5", "-65", "", "x", "1e400"] {
            assert!(parse_label(&format!("{start}\t{bad}")).is_none(), "{bad:?}");
        }
        assert!(parse_label(&start).is_none(), "no tab");
        assert!(parse_label("not a position\t3").is_none());
    }

    #[test]
    fn built_in_names_the_shipped_weights_and_a_bad_file_says_why() {
        let none = |_: &std::path::Path| -> Result<Vec<u8>, String> { Err("no such file".into()) };
        assert!(pattern_weights(BUILT_IN, none).is_ok());
        assert_eq!(pattern_weights("x.bin", none).err().as_deref(), Some("no such file"));
        assert!(pattern_weights("x.bin", |_| Ok::<_, String>(vec![1, 2, 3])).is_err());
    }

    #[test]
    fn elimination_solves_a_system_and_leaves_a_singular_column_at_zero() {
        let (mut a, mut b) = ([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]);
        eliminate(&mut a, &mut b);
        let x: Vec<f64> = (0..2).map(|i| b[i] / a[i][i]).collect();
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12, "{x:?}");
        let (mut a, mut b) = ([[1.0, 0.0], [0.0, 0.0]], [2.0, 0.0]);
        eliminate(&mut a, &mut b);
        assert_eq!((a[1][1], b[0] / a[0][0]), (0.0, 2.0));
    }
}
