//! Fits the evaluation's pattern bands on samples files (`train_data`) and writes a weights
//! file (`crates/reversi-engine/src/eval/patterns.bin`'s format):
//!
//! ```text
//! fit_patterns DIR/train.smp --held DIR/wthor-held.smp --from-empties 25 --out NEW.bin
//! ```
//!
//! The bands from `--from-empties` up are fitted; the bands below keep the weights of `--base`
//! (by default the built-in file) as they are: the exact endgame bands order the solver's
//! moves, and averaging them over the shapes' symmetries cost it nodes. Each fitted band minimises the squared error
//! against the labels of the samples whose empties lie in the band widened by `--window` on
//! each side (neighbouring plies share most of their patterns' values; the widening gives a
//! band of two to four plies several times the positions), plus `--damp`² times the squared
//! weights (ridge), by conjugate gradients (CGLS) from zero.
//!
//! **Tied symmetry.** A shape that some of the board's symmetries map onto itself (an edge, a
//! 3×3 corner, a row, a diagonal) is read one way on a position and the other way on its
//! mirror image; the fit gives such a pair of fillings one weight, so that a position and its
//! eight images have one value exactly, with half the parameters and no eightfold copies.
//!
//! `--counts` names which of the evaluation's counts (`eval::training::FEATURE_NAMES`, the
//! first 12) the band weighs besides the patterns; the others get weight 0. The edge windows'
//! features are functions of the edge shape's filling, so they are never fitted apart. Then
//! for each band the mean absolute error and the RMS error on the `--held` samples (discs) of
//! the base file and of the fit are printed. The procedure has no randomness.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use reversi_kit::core::{Bitboard, Color, Geometry, Position, Square};
use reversi_kit::engine::eval::Evaluator;
use reversi_kit::engine::eval::training::{
    BAND_BYTES, BANDS, COUNTS, FEATURE_NAMES, FEATURES, PER_BAND, Patterns, SHAPES,
};
use reversi_tools::samples::{self, Sample};
use reversi_tools::{cgls, moved_filling, shape_symmetries};

/// Fits the pattern bands on samples files.
#[derive(Parser, Debug)]
#[command(name = "fit_patterns")]
struct Args {
    /// Samples files to fit on.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Samples never fitted, to measure the error on.
    #[arg(long)]
    held: Option<PathBuf>,
    /// The weights file whose bands below `--from-empties` are kept.
    #[arg(long, default_value = "crates/reversi-engine/src/eval/patterns.bin")]
    base: PathBuf,
    /// The fewest empties of the first band fitted (a band's low end).
    #[arg(long, default_value_t = 25)]
    from_empties: u32,
    /// Samples up to this many empties outside a band are fitted with it.
    #[arg(long, default_value_t = 2)]
    window: u32,
    /// The ridge term's weight, in discs.
    #[arg(long, default_value_t = 3.0)]
    damp: f64,
    /// Conjugate-gradient steps per band.
    #[arg(long, default_value_t = 200)]
    iterations: u32,
    /// The counts weighed with the patterns, by index (0-11) or `all`.
    #[arg(long, default_value = "all")]
    counts: String,
    /// Threads fitting bands at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where to write the weights file.
    #[arg(long)]
    out: PathBuf,
}

/// One position as the fit reads it: its features, its instances' raw indices into a band's
/// row, its label and its empties.
struct Row {
    features: [i8; FEATURES],
    indices: [u32; 46],
    label: f32,
    empties: u8,
}

fn main() -> ExitCode {
    match run(&Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fit_patterns: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let counts = parse_counts(&args.counts)?;
    let base = std::fs::read(&args.base).map_err(|e| format!("{}: {e}", args.base.display()))?;
    if base.len() != BANDS.len() * BAND_BYTES {
        return Err(format!("{}: not a weights file of all {} bands", args.base.display(), BANDS.len()));
    }
    if !BANDS.iter().any(|&(low, _)| low == args.from_empties) {
        return Err(format!("--from-empties {}: no band starts there", args.from_empties));
    }
    let canonical = canonical_indices();
    let mut train = Vec::new();
    for path in &args.files {
        train.extend(read_rows(path)?);
    }
    train.sort_by_key(|row| row.empties);
    let held = match &args.held {
        Some(path) => read_rows(path)?,
        None => Vec::new(),
    };
    eprintln!("fit_patterns: {} positions to fit, {} held out", train.len(), held.len());
    let fitted: Vec<usize> = (0..BANDS.len()).filter(|&b| BANDS[b].0 >= args.from_empties).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![None; BANDS.len()]);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&band) = fitted.get(i) else { break };
                    let (low, high) = BANDS[band];
                    let (from, to) = (low.saturating_sub(args.window), high + args.window);
                    let rows: Vec<&Row> =
                        train.iter().filter(|r| (from..=to).contains(&u32::from(r.empties))).collect();
                    let w = fit(&rows, &canonical, &counts, args.damp, args.iterations);
                    let expanded = expand(&w, &canonical);
                    let held: Vec<&Row> =
                        held.iter().filter(|r| (low..=high).contains(&u32::from(r.empties))).collect();
                    let before = errors(&held, &band_weights(&base, band));
                    let after = errors(&held, &expanded);
                    eprintln!(
                        "band {low}-{high}: {} positions fitted; held out {}: base MAE {:.2} RMS {:.2}, fit MAE {:.2} RMS {:.2}",
                        rows.len(),
                        held.len(),
                        before.0,
                        before.1,
                        after.0,
                        after.1
                    );
                    results.lock().expect("no fit panics holding the lock")[band] = Some(expanded);
                }
            });
        }
    });
    let results = results.into_inner().expect("no fit panicked");
    let mut bytes = Vec::with_capacity(base.len());
    for (band, fit) in results.into_iter().enumerate() {
        match fit {
            Some(weights) => bytes.extend(weights.iter().flat_map(|&x| centidiscs(x).to_le_bytes())),
            None => bytes.extend_from_slice(&base[band * BAND_BYTES..(band + 1) * BAND_BYTES]),
        }
    }
    std::fs::write(&args.out, bytes).map_err(|e| format!("{}: {e}", args.out.display()))
}

/// The counts named by `text`: `all`, or indices separated by commas.
fn parse_counts(text: &str) -> Result<[bool; COUNTS], String> {
    if text == "all" {
        return Ok([true; COUNTS]);
    }
    let mut counts = [false; COUNTS];
    for word in text.split(',').filter(|w| !w.is_empty()) {
        let i: usize = word.parse().map_err(|_| format!("--counts: {word:?} is not an index"))?;
        *counts.get_mut(i).ok_or_else(|| format!("--counts: {i} is not below {COUNTS}"))? = true;
    }
    eprintln!(
        "fit_patterns: counts {}",
        (0..COUNTS).filter(|&i| counts[i]).map(|i| FEATURE_NAMES[i]).collect::<Vec<_>>().join(", ")
    );
    Ok(counts)
}

/// The rows of a samples file.
fn read_rows(path: &PathBuf) -> Result<Vec<Row>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let samples = samples::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let eval = Evaluator::new(Position::default().geometry());
    let patterns = Patterns::new();
    samples
        .iter()
        .map(|sample| {
            let pos = position_of(sample).ok_or_else(|| format!("{}: a record that is no position", path.display()))?;
            let features = eval.features(&pos).map(|f| i8::try_from(f).expect("a count of at most 64 cells"));
            let mut indices = [0u32; 46];
            for (slot, index) in indices.iter_mut().zip(patterns.indices(sample.mover, sample.opponent)) {
                *slot = index as u32;
            }
            Ok(Row { features, indices, label: f32::from(sample.label), empties: sample.empties() as u8 })
        })
        .collect()
}

/// The position of `sample`, Black to move (the evaluation is the mover's either way).
fn position_of(sample: &Sample) -> Option<Position> {
    let bits = |word: u64| {
        (0..64u8).filter(|i| word >> i & 1 == 1).fold(Bitboard::EMPTY, |acc, i| {
            acc | Bitboard::from_square(Square::new(i % 8, i / 8).expect("a cell of 8×8"))
        })
    };
    let geometry = Geometry::rectangle(8, 8).ok()?;
    Position::from_parts(geometry, bits(sample.mover), bits(sample.opponent), Color::Black).ok()
}

/// For every weight of a band's row, the weight it is tied to: itself for the features; for a
/// shape's filling, the least of the fillings that the symmetries mapping the shape onto itself
/// make of it.
fn canonical_indices() -> Vec<u32> {
    let mut canonical: Vec<u32> = (0..PER_BAND as u32).collect();
    let mut offset = FEATURES;
    for shape in SHAPES {
        let size = 3usize.pow(shape.len() as u32);
        let permutations = shape_symmetries(shape);
        for filling in 0..size {
            let least = permutations
                .iter()
                .map(|to| moved_filling(filling, to))
                .min()
                .expect("the identity maps every shape onto itself");
            canonical[offset + filling] = (offset + least) as u32;
        }
        offset += size;
    }
    canonical
}

/// A band's weights in discs from the base file.
fn band_weights(file: &[u8], band: usize) -> Vec<f64> {
    file[band * BAND_BYTES..(band + 1) * BAND_BYTES]
        .chunks_exact(2)
        .map(|pair| f64::from(i16::from_le_bytes([pair[0], pair[1]])) / 100.0)
        .collect()
}

/// Every weight of the row from the tied weights `w` (held at the canonical indices).
fn expand(w: &[f64], canonical: &[u32]) -> Vec<f64> {
    canonical.iter().map(|&c| w[c as usize]).collect()
}

/// A weight in discs as the file's `i16` hundredths of a disc, rounded and clamped.
fn centidiscs(x: f64) -> i16 {
    (x * 100.0).round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
}

/// The value of `row` with a whole row of weights `w` (discs).
fn predict(w: &[f64], row: &Row) -> f64 {
    let linear: f64 = row.features.iter().zip(w).map(|(&f, w)| f64::from(f) * w).sum();
    linear + row.indices.iter().map(|&i| w[i as usize]).sum::<f64>()
}

/// The mean absolute and the RMS error of `w` on `rows`, in discs.
fn errors(rows: &[&Row], w: &[f64]) -> (f64, f64) {
    let n = rows.len().max(1) as f64;
    let (abs, sq) = rows.iter().fold((0.0, 0.0), |(a, s), r| {
        let e = predict(w, r) - f64::from(r.label);
        (a + e.abs(), s + e * e)
    });
    (abs / n, (sq / n).sqrt())
}

/// Ridge least squares by CGLS over the tied weights: the counts chosen by `counts` and the
/// canonical fillings, minimising |Xw - y|² + damp² |w|², from zero.
fn fit(rows: &[&Row], canonical: &[u32], counts: &[bool; COUNTS], damp: f64, iterations: u32) -> Vec<f64> {
    let used: Vec<bool> = (0..PER_BAND).map(|i| if i < FEATURES { i < COUNTS && counts[i] } else { true }).collect();
    let apply = |w: &[f64], row: &Row| -> f64 {
        let linear: f64 = row.features[..COUNTS]
            .iter()
            .zip(w)
            .zip(&used)
            .filter(|(_, u)| **u)
            .map(|((&f, w), _)| f64::from(f) * w)
            .sum();
        linear + row.indices.iter().map(|&i| w[canonical[i as usize] as usize]).sum::<f64>()
    };
    let transpose = |r: &[f64], out: &mut [f64]| {
        for (row, &ri) in rows.iter().zip(r) {
            for f in 0..COUNTS {
                if used[f] {
                    out[f] += f64::from(row.features[f]) * ri;
                }
            }
            for &i in &row.indices {
                out[canonical[i as usize] as usize] += ri;
            }
        }
    };
    let labels: Vec<f64> = rows.iter().map(|row| f64::from(row.label)).collect();
    cgls(&labels, PER_BAND, damp, iterations, |w| rows.iter().map(|row| apply(w, row)).collect(), transpose)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_and_its_mirror_reading_share_a_weight_and_an_asymmetric_shape_keeps_its_own() {
        let canonical = canonical_indices();
        // The edge shape (a1..h1, b2, g2) read backwards: h1..a1, g2, b2. A mover's disc on a1
        // alone is digit 0; on h1 alone, digit 7.
        let edge = FEATURES;
        assert_eq!(canonical[edge + 1], canonical[edge + 3usize.pow(7)]);
        // The 2×5 block has no symmetry of its own: every filling is its own.
        let block = FEATURES + 3usize.pow(10) + 3usize.pow(9);
        assert!((0..3usize.pow(10)).all(|f| canonical[block + f] == (block + f) as u32));
        // Tied weights expand to equal weights.
        let w: Vec<f64> = (0..PER_BAND).map(|i| i as f64).collect();
        let expanded = expand(&w, &canonical);
        assert_eq!(expanded[edge + 1], expanded[edge + 3usize.pow(7)]);
    }
}
