//! What the maintainers' tools share beyond the command-line module (`examples/cli`): the
//! solution of a least-squares fit's normal equations, for `tune` (the evaluation's weights)
//! and `probcut_fit` (the probable cut-offs' margins).

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
