//! Fits the evaluation's pattern weights (`crates/reversi-engine/src/eval/patterns.bin`) on
//! labelled 8×8 positions (`tools/src/bin/label_positions.rs`), and writes the weights file.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin tune_patterns -- labels.txt --out crates/reversi-engine/src/eval/patterns.bin
//! ```
//!
//! For each band of empty cells ([`BANDS`]) the weights of the features
//! ([`Evaluator::features`]) and of every pattern's filling minimise the squared error against
//! the labels plus `--damp`² times the squared weights (ridge: a filling seen in few positions
//! keeps a small weight), solved by conjugate gradients on the least-squares problem (CGLS)
//! from zero, for `--iterations` steps. First a fifth of the positions (every fifth block of
//! 50 lines) is held out, and the error of the fit on it is printed beside that of the
//! phase weights (the evaluation of other boards, [`WEIGHTS`]) and, with `--keep`, that of
//! the kept file's own weights for the band: on labels the kept file was not fitted on, how
//! the new fit compares with the one it would replace. Then the fit is made again on every
//! position, and that one is written. The procedure has no randomness: the same files
//! give the same weights.
//!
//! A label is in discs for the side to move: a whole number for an exact solve, with
//! decimals for a search's estimate. Every band needs labelled positions (the committed file:
//! estimates for 21-24, 25-28 and 29-32 empties, and exact labels up to 20 empties, those
//! bands fitted again later with `--keep`; see `benches/README.md`). With `--keep FILE`, a
//! band without labelled positions keeps its weights from `FILE` (a weights file of the first
//! bands, all of [`BANDS`] or fewer), so that some bands can be fitted again without the
//! labels of the others. The file written holds the first bands that have labels or kept
//! weights, without a gap. (The midgame bands are fitted by `fit_patterns` on game outcomes.)

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use reversi_cli::files;
use reversi_kit::core::{Bitboard, Color, Position, Square};
use reversi_kit::engine::eval::Evaluator;
use reversi_kit::engine::eval::training::{self, BAND_BYTES, BANDS, FEATURES, PER_BAND, Patterns, SHAPES, WEIGHTS};
use reversi_tools::{cgls, moved_filling, parse_label, shape_symmetries};

/// Fits the pattern weights on labelled positions.
#[derive(Parser, Debug)]
#[command(name = "tune_patterns")]
struct Args {
    /// Files of `POSITION<TAB>VALUE` lines (each at most 64 MiB: about 110 000 chains of
    /// `label_positions`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where to write the weights file.
    #[arg(long)]
    out: PathBuf,
    /// The ridge term's weight, in discs.
    #[arg(long, default_value_t = 2.0)]
    damp: f64,
    /// Conjugate-gradient steps per fit (on about 200 000 positions the held-out error stops
    /// moving before 300).
    #[arg(long, default_value_t = 400)]
    iterations: u32,
    /// A weights file whose bands are kept where the labels have no position: refits some
    /// bands (the exact ones, say) without the labels of the others. For each band
    /// that is fitted, its error on the held-out positions is printed beside the new fit's.
    #[arg(long)]
    keep: Option<PathBuf>,
    /// Fit each position as it is only, not in its eight orientations too (a refit of the
    /// exact bands, millions of positions, would otherwise take eight times the memory).
    #[arg(long)]
    one_orientation: bool,
    /// Make the kept bands symmetric too, as the fitted ones are (each shape's weights
    /// averaged over its own symmetries), so that mirror images evaluate alike in every band.
    #[arg(long, requires = "keep")]
    symmetrize_kept: bool,
}

/// One position: its features, its patterns' indices into a band's row, its label (discs)
/// and the phase weights' value of it (discs).
struct Row {
    features: [f64; FEATURES],
    indices: [u32; training::INSTANCES],
    label: f64,
    phase_value: f64,
}

/// Lines in a block of the held-out split.
const BLOCK: usize = 50;
/// The bytes of a whole weights file, every band of [`BANDS`].
const FILE_BYTES: usize = BANDS.len() * BAND_BYTES;

fn main() -> ExitCode {
    let args = Args::parse();
    let eval = Evaluator::new(Position::default().geometry());
    let shapes = Patterns::new();
    // Per band: (row, held out).
    let mut bands: Vec<Vec<(Row, bool)>> = (0..BANDS.len()).map(|_| Vec::new()).collect();
    let mut line_number = 0usize;
    for path in &args.files {
        let read = files::read(path).map_err(|e| e.to_string());
        let text = match read.and_then(|bytes| String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("tune_patterns: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        for (i, line) in text.lines().enumerate() {
            let Some((pos, value)) = parse_label(line) else {
                eprintln!(
                    "tune_patterns: {}:{}: not a position, a tab and a value from -64 to 64",
                    path.display(),
                    i + 1
                );
                return ExitCode::from(2);
            };
            if training::standard_discs(&pos).is_none() {
                eprintln!("tune_patterns: {}:{}: not on the standard 8×8 board", path.display(), i + 1);
                return ExitCode::from(2);
            }
            line_number += 1;
            let Some(band) = Patterns::band(pos.empty_cells().len()) else { continue };
            let held = (line_number / BLOCK).is_multiple_of(5);
            let images = if args.one_orientation { vec![pos] } else { orientations(&pos) };
            for image in &images {
                let (p, o) = training::standard_discs(image).expect("an image of an 8×8 position is one");
                let features = eval.features(image);
                let phase = &WEIGHTS[eval.phase(image)];
                let phase_value = features.iter().zip(phase).map(|(&f, &w)| f64::from(f * w)).sum::<f64>() / 100.0;
                let mut indices = [0u32; training::INSTANCES];
                for (slot, index) in indices.iter_mut().zip(shapes.indices(p, o)) {
                    *slot = index as u32;
                }
                let row = Row { features: features.map(f64::from), indices, label: value, phase_value };
                bands[band].push((row, held));
            }
        }
    }
    let kept = match &args.keep {
        Some(path) => match files::read(path) {
            // A weights file holds the first bands, one or more (`PatternWeights::from_bytes`).
            Ok(bytes) if bytes.len().is_multiple_of(BAND_BYTES) && (BAND_BYTES..=FILE_BYTES).contains(&bytes.len()) => {
                Some(bytes)
            }
            Ok(bytes) => {
                eprintln!(
                    "tune_patterns: {}: {} bytes, not a weights file of 1 to {} bands ({BAND_BYTES} bytes each)",
                    path.display(),
                    bytes.len(),
                    BANDS.len(),
                );
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("tune_patterns: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let kept_bands = kept.as_ref().map_or(0, |bytes| bytes.len() / BAND_BYTES);
    // The file written holds the first bands that have labels or kept weights: a band with
    // neither ends it, and a band with labels after it would be lost.
    let written = (0..BANDS.len()).take_while(|&band| !bands[band].is_empty() || band < kept_bands).count();
    if let Some(band) = (written..BANDS.len()).find(|&band| !bands[band].is_empty()) {
        let (low, high) = BANDS[written];
        let (later_low, later_high) = BANDS[band];
        eprintln!(
            "tune_patterns: no labelled position of {low}-{high} empties (nor kept weights), but some of {later_low}-{later_high}: the file holds bands from the first without a gap"
        );
        return ExitCode::from(2);
    }
    if written == 0 {
        eprintln!(
            "tune_patterns: no labelled position of the first band ({}-{} empties) and nothing kept",
            BANDS[0].0, BANDS[0].1
        );
        return ExitCode::from(2);
    }
    let fits: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = bands
            .iter()
            .enumerate()
            .filter(|(_, rows)| !rows.is_empty())
            .map(|(band, rows)| {
                let args = &args;
                let kept = kept.as_deref();
                scope.spawn(move || {
                    let train: Vec<&Row> = rows.iter().filter(|(_, held)| !held).map(|(r, _)| r).collect();
                    let held: Vec<&Row> = rows.iter().filter(|(_, held)| *held).map(|(r, _)| r).collect();
                    let w = fit(&train, args.damp, args.iterations);
                    let rms = |value: &dyn Fn(&Row) -> f64| {
                        let sum: f64 = held.iter().map(|r| (value(r) - r.label).powi(2)).sum();
                        (sum / held.len().max(1) as f64).sqrt()
                    };
                    let (low, high) = BANDS[band];
                    // The kept file's own weights for the band, on the same held-out positions:
                    // how the new fit compares with the one it would replace.
                    let kept_rms = kept.filter(|_| band < kept_bands).map_or(String::new(), |bytes| {
                        let weights = band_weights(band_bytes(bytes, band));
                        format!(", the kept file's {:.2}", rms(&|r| predict(&weights, r)))
                    });
                    eprintln!(
                        "band {low}-{high}: {} positions, {} held out; RMS error on them (discs): phase weights {:.2}, fit {:.2}{kept_rms}",
                        train.len(),
                        held.len(),
                        rms(&|r| r.phase_value),
                        rms(&|r| predict(&w, r)),
                    );
                    let all: Vec<&Row> = rows.iter().map(|(r, _)| r).collect();
                    fit(&all, args.damp, args.iterations)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a fit does not panic")).collect()
    });
    let mut fits = fits.into_iter();
    let mut bytes = Vec::with_capacity(written * BAND_BYTES);
    for (band, rows) in bands.iter().enumerate().take(written) {
        if rows.is_empty() {
            let kept = band_bytes(kept.as_ref().expect("a band without positions is kept"), band);
            if args.symmetrize_kept {
                bytes.extend(symmetrized(&band_weights(kept)).iter().flat_map(|&x| centidiscs(x).to_le_bytes()));
                eprintln!("band {}-{}: no positions, kept and made symmetric", BANDS[band].0, BANDS[band].1);
            } else {
                bytes.extend_from_slice(kept);
                eprintln!("band {}-{}: no positions, kept", BANDS[band].0, BANDS[band].1);
            }
            continue;
        }
        let fit = fits.next().expect("a fit for every band with positions");
        let fit = if args.one_orientation { fit } else { symmetrized(&fit) };
        for &x in &fit {
            bytes.extend_from_slice(&centidiscs(x).to_le_bytes());
        }
    }
    if let Err(e) = std::fs::write(&args.out, bytes) {
        eprintln!("tune_patterns: {}: {e}", args.out.display());
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// A map of the board's cells, (column, row) to (column, row).
type CellMap = fn(u8, u8) -> (u8, u8);

/// The board's eight symmetries, the identity first.
const SYMMETRIES: [CellMap; 8] = [
    |c, r| (c, r),
    |c, r| (r, c),
    |c, r| (c, 7 - r),
    |c, r| (7 - c, r),
    |c, r| (7 - c, 7 - r),
    |c, r| (7 - r, 7 - c),
    |c, r| (7 - r, c),
    |c, r| (r, 7 - c),
];

/// One band's weights `w` made exactly symmetric: each shape's weight of a filling averaged
/// with those of the fillings that the symmetries mapping the shape onto itself make of it.
/// A shape with fewer than eight placements (an edge, a 3×3 corner, a row, a diagonal) is
/// read in one order where a mirror image reads it in the other; a fit on the eight
/// orientations makes the two weights equal but for the rounding of the float sums, and a
/// hundredth of a disc apart would still value mirror images apart.
fn symmetrized(w: &[f64]) -> Vec<f64> {
    let mut out = w.to_vec();
    let mut offset = FEATURES;
    for shape in SHAPES {
        let size = 3usize.pow(shape.len() as u32);
        let permutations = shape_symmetries(shape);
        for filling in 0..size {
            let sum: f64 = permutations.iter().map(|to| w[offset + moved_filling(filling, to)]).sum();
            out[offset + filling] = sum / permutations.len() as f64;
        }
        offset += size;
    }
    out
}

/// `pos` in the board's eight orientations (the identity first): a position and its mirror
/// images have one value, and fitting them all makes the weights value them alike, which
/// the labels alone would not (every WTHOR game opens on f5, so their positions lean one way).
fn orientations(pos: &Position) -> Vec<Position> {
    SYMMETRIES
        .iter()
        .map(|map| {
            let image = |set: Bitboard| {
                set.iter().fold(Bitboard::EMPTY, |acc, sq| {
                    let (c, r) = map(sq.column(), sq.row());
                    acc | Bitboard::from_square(Square::new(c, r).expect("a cell of the 8×8 board"))
                })
            };
            let (black, white) = (image(pos.discs(Color::Black)), image(pos.discs(Color::White)));
            Position::from_parts(*pos.geometry(), black, white, pos.side_to_move())
                .expect("a symmetry keeps a position valid")
        })
        .collect()
}

/// A weight in discs as the file's `i16` hundredths of a disc, rounded and clamped.
fn centidiscs(x: f64) -> i16 {
    (x * 100.0).round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
}

/// Band `band`'s bytes of a weights file.
fn band_bytes(file: &[u8], band: usize) -> &[u8] {
    &file[band * BAND_BYTES..(band + 1) * BAND_BYTES]
}

/// The weights, in discs, of one band's bytes of a weights file (little-endian `i16`
/// hundredths of a disc).
fn band_weights(bytes: &[u8]) -> Vec<f64> {
    bytes.chunks_exact(2).map(|pair| f64::from(i16::from_le_bytes([pair[0], pair[1]])) / 100.0).collect()
}

/// The value of `row` with weights `w` (discs).
fn predict(w: &[f64], row: &Row) -> f64 {
    let linear: f64 = row.features.iter().zip(w).map(|(f, w)| f * w).sum();
    linear + row.indices.iter().map(|&i| w[i as usize]).sum::<f64>()
}

/// Adds the transpose of the design matrix of `rows` applied to `r` into `out`.
fn add_transposed(rows: &[&Row], r: &[f64], out: &mut [f64]) {
    for (row, &ri) in rows.iter().zip(r) {
        for (o, f) in out.iter_mut().zip(&row.features) {
            *o += f * ri;
        }
        for &i in &row.indices {
            out[i as usize] += ri;
        }
    }
}

/// Ridge least squares by CGLS: the weights minimising |Xw - y|² + damp² |w|², from zero.
fn fit(rows: &[&Row], damp: f64, iterations: u32) -> Vec<f64> {
    let labels: Vec<f64> = rows.iter().map(|row| row.label).collect();
    cgls(
        &labels,
        PER_BAND,
        damp,
        iterations,
        |w| rows.iter().map(|row| predict(w, row)).collect(),
        |r, out| add_transposed(rows, r, out),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_orientations_are_distinct_images_with_the_same_counts() {
        let mut pos = Position::default();
        // (f5 f6 e6 alone is its own mirror image in the long diagonal.)
        for name in ["f5", "f6", "e6", "f4", "e3"] {
            pos.play(name.parse().expect("a square")).expect("legal");
        }
        let images = orientations(&pos);
        assert_eq!(images[0], pos);
        for (i, image) in images.iter().enumerate() {
            assert_eq!(image.count(Color::Black), pos.count(Color::Black));
            assert_eq!(image.legal_moves().len(), pos.legal_moves().len());
            assert!(images[..i].iter().all(|other| other != image), "image {i} repeats");
            // Each map is a symmetry: applied to the image, the images are the same set.
            let again = orientations(image);
            assert!(images.iter().all(|x| again.contains(x)));
        }
    }

    #[test]
    fn symmetrized_weights_value_the_eight_orientations_of_a_position_alike() {
        // Weights with no symmetry at all, made symmetric: then every image of a position
        // sums to the same value.
        let w: Vec<f64> = (0..PER_BAND).map(|i| ((i * 7919) % 1000) as f64 / 10.0).collect();
        let w = symmetrized(&w);
        let shapes = Patterns::new();
        let mut pos = Position::default();
        for name in ["f5", "d6", "c3", "d3", "c4", "f4", "c5"] {
            pos.play(name.parse().expect("a square")).expect("legal");
        }
        let value = |image: &Position| {
            let (p, o) = training::standard_discs(image).expect("8×8");
            shapes.indices(p, o).map(|i| w[i]).sum::<f64>()
        };
        let first = value(&pos);
        for image in orientations(&pos) {
            assert!((value(&image) - first).abs() < 1e-9, "{image}: {} against {first}", value(&image));
        }
        // Symmetric weights stay as they are.
        assert!(symmetrized(&w).iter().zip(&w).all(|(a, b)| (a - b).abs() < 1e-9));
    }

    #[test]
    fn a_bands_bytes_are_little_endian_hundredths_of_a_disc() {
        assert_eq!(band_weights(&[100, 0, 156, 255, 0, 128]), [1.0, -1.0, -327.68]);
    }

    #[test]
    fn the_fit_recovers_weights_that_make_the_labels() {
        // Rows with small pseudo-random features and indices, labelled by known weights.
        let mut state = 12345u64;
        let mut next = move |n: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        let truth: Vec<f64> =
            (0..PER_BAND).map(|i| if i < FEATURES || i % 7 == 0 { (i % 11) as f64 - 5.0 } else { 0.0 }).collect();
        let rows: Vec<Row> = (0..3000)
            .map(|_| {
                let features = core::array::from_fn(|_| next(9) as f64 - 4.0);
                let indices = core::array::from_fn(|_| (FEATURES as u64 + next(300)) as u32);
                let mut row = Row { features, indices, label: 0.0, phase_value: 0.0 };
                row.label = predict(&truth, &row);
                row
            })
            .collect();
        let refs: Vec<&Row> = rows.iter().collect();
        let w = fit(&refs, 1e-3, 150);
        let worst = rows.iter().map(|r| (predict(&w, r) - r.label).abs()).fold(0.0, f64::max);
        assert!(worst < 0.05, "largest error {worst}");
        // Without steps the weights stay zero, and the labels are far from them.
        let zero = fit(&refs, 1e-3, 0);
        assert!(rows.iter().any(|r| (predict(&zero, r) - r.label).abs() > 1.0));
    }
}
