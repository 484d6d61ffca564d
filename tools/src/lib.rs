//! What the maintainers' tools share beyond the command-line conventions (`reversi_cli`): the
//! solution of a least-squares fit's normal equations, for `tune` (the evaluation's weights)
//! and `probcut_fit` (the probable cut-offs' margins); the line of a labels file, for
//! `tune_patterns` and `eval_error`; a pattern weights file named on the command line, for
//! `weights_match` and `eval_error`; the sums of a fit of the features' weights ([`Normal`]), for
//! `tune` and `fit_board`; the seed of a self-play game ([`game_seed`]), for `fit_board` and
//! `board_error`; a game played out by a random opening and two engines ([`self_play`]), for
//! them and `weights_match`; indexed work on several threads in order ([`in_order`]).

pub mod samples;

use reversi_kit::core::{Color, Position};
use reversi_kit::engine::eval::training::{FEATURES, FeatureRows, PHASES, Shape, symmetric};
use reversi_kit::engine::eval::{FeatureWeights, PatternWeights};
use reversi_kit::engine::player::EnginePlayer;
use reversi_kit::variants::players::{Player, RandomPlayer};
use reversi_kit::variants::{Game, Move};

/// Plays `mv` on `pos` (a replayed game's move, which the caller expects legal), or says as
/// text why it could not: for the tools that walk a record's moves on a bare position.
///
/// # Errors
/// The move and the position's refusal, as text.
pub fn play_move(pos: &mut Position, mv: Move) -> Result<(), String> {
    match mv {
        Move::Place(sq) => pos.play(sq).map(|_| ()).map_err(|e| format!("{sq}: {e}")),
        Move::Pass => pos.pass().map_err(|e| format!("pass: {e}")),
    }
}

/// The CPU time the calling thread has used: what a move costs on a shared machine, where the
/// wall clock also counts other programs.
#[must_use]
pub fn thread_cpu() -> std::time::Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec, and CLOCK_THREAD_CPUTIME_ID is a clock
    // every Linux has; on failure the call leaves `ts` at zero.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts) };
    std::time::Duration::new(u64::try_from(ts.tv_sec).unwrap_or(0), u32::try_from(ts.tv_nsec).unwrap_or(0))
}

/// Ridge least squares by conjugate gradients on the normal equations (CGLS), from zero: the
/// `parameters` weights minimising |Xw − y|² + damp² |w|², for a design matrix `X` given by
/// its products: `apply(w)` is `Xw` (one value per label), `add_transposed(r, out)` adds
/// `Xᵀr` into `out`. `iterations` steps at most; fewer if the gradient vanishes. The fits of
/// `tune_patterns` and `fit_patterns`, whose matrices are too large to hold.
pub fn cgls(
    labels: &[f64],
    parameters: usize,
    damp: f64,
    iterations: u32,
    apply: impl Fn(&[f64]) -> Vec<f64>,
    add_transposed: impl Fn(&[f64], &mut [f64]),
) -> Vec<f64> {
    let lambda = damp * damp;
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut w = vec![0.0; parameters];
    let mut r = labels.to_vec();
    let mut s = vec![0.0; parameters];
    add_transposed(&r, &mut s);
    let mut p = s.clone();
    let mut gamma = dot(&s, &s);
    for _ in 0..iterations {
        if gamma == 0.0 {
            break;
        }
        let q = apply(&p);
        let alpha = gamma / (dot(&q, &q) + lambda * dot(&p, &p));
        w.iter_mut().zip(&p).for_each(|(wi, pi)| *wi += alpha * pi);
        r.iter_mut().zip(&q).for_each(|(ri, qi)| *ri -= alpha * qi);
        s.iter_mut().zip(&w).for_each(|(si, wi)| *si = -lambda * wi);
        add_transposed(&r, &mut s);
        let next = dot(&s, &s);
        let beta = next / gamma;
        gamma = next;
        p.iter_mut().zip(&s).for_each(|(pi, si)| *pi = si + beta * *pi);
    }
    w
}

/// The symmetries of the board that map `shape`'s cells onto themselves, each as where every
/// cell of the shape goes (its place in the shape's order), the identity first: the readings of
/// one filling that a position and its mirror images give. For the fits that tie or average a
/// shape's weights over them (`fit_patterns`, `tune_patterns`).
#[must_use]
pub fn shape_symmetries(shape: Shape) -> Vec<Vec<u32>> {
    (0..8)
        .filter_map(|k| {
            shape
                .iter()
                .map(|&(r, c)| {
                    let image = symmetric(r, c, k);
                    shape.iter().position(|&cell| cell == image).map(|i| i as u32)
                })
                .collect::<Option<Vec<u32>>>()
        })
        .collect()
}

/// The filling of a shape that `filling` (base 3, cell `k` the `k`-th digit) becomes when each
/// cell `k` moves to place `to[k]` ([`shape_symmetries`]).
#[must_use]
pub fn moved_filling(filling: usize, to: &[u32]) -> usize {
    let (mut rest, mut image) = (filling, 0);
    for &k in to {
        image += rest % 3 * 3usize.pow(k);
        rest /= 3;
    }
    image
}

/// A well-mixed seed for game `index` of a run seeded `seed` (a splitmix64 step), so that
/// neighbouring games of `fit_board` and `board_error` draw unrelated openings and cells.
#[must_use]
pub fn game_seed(seed: u64, index: usize) -> u64 {
    let mut z = seed ^ (index as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `f(0)`, `f(1)`, … `f(count - 1)`, computed on `jobs` threads that take the next index as
/// they finish, returned in the order of the indices: the games of `fit_board`, `board_error`
/// and `weights_match`, whose output must not depend on `--jobs`.
pub fn in_order<T: Send>(count: usize, jobs: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done: std::sync::Mutex<Vec<Option<T>>> = std::sync::Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let value = f(i);
                    done.lock().expect("no thread panics holding the lock")[i] = Some(value);
                }
            });
        }
    });
    done.into_inner().expect("no thread panicked").into_iter().flatten().collect()
}

/// Plays `game` out: `opening_plies` random moves drawn from `seed`, then `players` (Black's,
/// White's) to the end, calling `visit` with each position before its move; `visit` returns
/// `false` to stop the game there. The self-play of `fit_board`, `board_error` and
/// `weights_match`.
///
/// # Errors
/// A player that gives no move, or an illegal one (a bug), as text.
pub fn self_play(
    game: &mut Game,
    opening_plies: usize,
    seed: u64,
    players: &mut [EnginePlayer; 2],
    mut visit: impl FnMut(&Position) -> bool,
) -> Result<(), String> {
    let mut opening = RandomPlayer::new(seed);
    while !game.is_over() {
        let pos = *game.position();
        if !visit(&pos) {
            break;
        }
        let player: &mut dyn Player = if game.history().len() < opening_plies {
            &mut opening
        } else {
            &mut players[usize::from(pos.side_to_move() == Color::White)]
        };
        let mv = player.choose(game).ok_or("a player gave no move in a game that is not over")?;
        game.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    Ok(())
}

/// The name that stands for the engine's built-in pattern weights where a tool takes a file.
pub const BUILT_IN: &str = "built-in";

/// The pattern weights named `name`: the built-in ones for [`BUILT_IN`], else the weights
/// file of that path, its bytes read by `read` (the tools pass `reversi_cli::files::read`).
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

/// The features' weights named `name`: `None` for [`BUILT_IN`] (each board's own), else the
/// weights file of that path (written by `fit_board --out`, [`parse_feature_rows`]), its bytes
/// read by `read`.
///
/// # Errors
/// The reader's error or the file's, as text.
pub fn feature_weights<E: std::fmt::Display>(
    name: &str,
    read: impl FnOnce(&std::path::Path) -> Result<Vec<u8>, E>,
) -> Result<Option<FeatureWeights>, String> {
    if name == BUILT_IN {
        return Ok(None);
    }
    let bytes = read(std::path::Path::new(name)).map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())?;
    parse_feature_rows(&text).map(|rows| Some(FeatureWeights::new(rows)))
}

/// A features' weights file: one line per phase, first phase first, each the phase's weights
/// in hundredths of a disc separated by spaces, in the order of the features' names; lines
/// starting with `#` and blank lines are comments.
///
/// # Errors
/// What is wrong and on which line: a word that is not an integer, a row of the wrong length,
/// the wrong number of rows.
pub fn parse_feature_rows(text: &str) -> Result<FeatureRows, String> {
    let mut rows = [[0; FEATURES]; PHASES];
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let row = rows.get_mut(count).ok_or_else(|| format!("line {}: more than {PHASES} rows", n + 1))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() != FEATURES {
            return Err(format!("line {}: {} weights, expected {FEATURES}", n + 1, words.len()));
        }
        for (cell, word) in row.iter_mut().zip(words) {
            *cell = word.parse().map_err(|_| format!("line {}: {word:?} is not an integer", n + 1))?;
        }
        count += 1;
    }
    if count == PHASES { Ok(rows) } else { Err(format!("{count} rows of weights, expected {PHASES}")) }
}

/// The text of [`parse_feature_rows`] for `rows`, after the comment lines `comments`.
#[must_use]
pub fn feature_rows_text(comments: &[String], rows: &FeatureRows) -> String {
    let mut text: String = comments.iter().map(|c| format!("# {c}\n")).collect();
    for row in rows {
        let cells: Vec<String> = row.iter().map(i32::to_string).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// A labels file's line: a position, a tab and its value in discs for the side to move, a
/// disc difference on 8×8 (NaN, infinities and the like would poison a fit).
#[must_use]
pub fn parse_label(line: &str) -> Option<(Position, f64)> {
    let (pos, value) = line.split_once('\t')?;
    let value = value.trim().parse::<f64>().ok().filter(|v| (-64.0..=64.0).contains(v))?;
    Some((pos.parse().ok()?, value))
}

/// The sums of the normal equations of a least-squares fit of the evaluation's features (one
/// phase of one board): for `tune` and `fit_board`.
pub struct Normal {
    xtx: [[f64; FEATURES]; FEATURES],
    xty: [f64; FEATURES],
    yy: f64,
    count: usize,
}

impl Default for Normal {
    fn default() -> Normal {
        Normal { xtx: [[0.0; FEATURES]; FEATURES], xty: [0.0; FEATURES], yy: 0.0, count: 0 }
    }
}

impl Normal {
    /// Adds a sample: features `x`, label `y`.
    pub fn add(&mut self, x: &[i32; FEATURES], y: f64) {
        for i in 0..FEATURES {
            for j in 0..FEATURES {
                self.xtx[i][j] += f64::from(x[i]) * f64::from(x[j]);
            }
            self.xty[i] += f64::from(x[i]) * y;
        }
        self.yy += y * y;
        self.count += 1;
    }

    /// The samples added.
    #[must_use]
    pub const fn count(&self) -> usize {
        self.count
    }

    /// No sample, or every label zero: nothing to fit on.
    #[must_use]
    pub fn is_flat(&self) -> bool {
        self.count == 0 || self.yy == 0.0
    }

    /// The ridge solution (the ridge term 1 % of the mean diagonal), or `None` without samples.
    #[must_use]
    pub fn solve(&self) -> Option<[f64; FEATURES]> {
        if self.count == 0 {
            return None;
        }
        let mut a = self.xtx;
        let mut b = self.xty;
        let ridge = 0.01 * (0..FEATURES).map(|i| a[i][i]).sum::<f64>() / FEATURES as f64;
        for (i, row) in a.iter_mut().enumerate() {
            row[i] += ridge;
        }
        eliminate(&mut a, &mut b);
        Some(core::array::from_fn(|i| if a[i][i] == 0.0 { 0.0 } else { b[i] / a[i][i] }))
    }

    /// The residual sum of squares of weights `w` on the samples: y'y - 2 w'X'y + w'X'Xw.
    fn residual(&self, w: &[f64; FEATURES]) -> f64 {
        let mut rss = self.yy;
        for i in 0..FEATURES {
            rss -= 2.0 * w[i] * self.xty[i];
            for j in 0..FEATURES {
                rss += w[i] * w[j] * self.xtx[i][j];
            }
        }
        rss
    }

    /// The share of the label's variance (about zero) that `w` explains.
    #[must_use]
    pub fn explained(&self, w: &[f64; FEATURES]) -> f64 {
        1.0 - self.residual(w) / self.yy
    }

    /// The root mean square error of weights `w` on the samples, in the labels' unit.
    #[must_use]
    pub fn rms_error(&self, w: &[f64; FEATURES]) -> f64 {
        (self.residual(w).max(0.0) / self.count.max(1) as f64).sqrt()
    }
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
    fn indexed_work_comes_back_in_order_whatever_the_threads() {
        let square = |i: usize| i * i;
        let expected: Vec<usize> = (0..37).map(square).collect();
        for jobs in [0, 1, 2, 5, 64] {
            assert_eq!(in_order(37, jobs, square), expected, "{jobs} jobs");
        }
        assert!(in_order(0, 2, square).is_empty());
    }

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

    #[test]
    fn a_feature_weights_file_reads_back_and_a_bad_one_says_where() {
        let mut rows = [[0; FEATURES]; PHASES];
        rows[2][3] = -17;
        rows[11][FEATURES - 1] = 250;
        let text = feature_rows_text(&["fitted".to_owned()], &rows);
        assert_eq!(parse_feature_rows(&text), Ok(rows));
        let short = text.replacen(" 0\n", "\n", 1);
        assert!(parse_feature_rows(&short).is_err_and(|e| e.contains("weights, expected")), "{short}");
        let bad = text.replacen("-17", "x", 1);
        assert!(parse_feature_rows(&bad).is_err_and(|e| e.contains("line 4") && e.contains("\"x\"")));
        let lines: Vec<&str> = text.lines().collect();
        assert!(parse_feature_rows(&lines[..PHASES].join("\n")).is_err_and(|e| e.contains("11 rows")));
        assert!(feature_weights(BUILT_IN, |_| Err::<Vec<u8>, _>("unread")).is_ok_and(|w| w.is_none()));
    }
}
