//! The evaluation's error against labelled 8×8 positions, band by band, for one or more
//! pattern weights files: how far each is from exact values (labels of `label_positions`
//! without `--estimate-*`) or from a deeper search's (`--estimate-depth N`), on positions
//! that were not used for fitting (another `--seed`).
//!
//! ```text
//! cargo run --release -p reversi-tools --bin eval_error -- labels.txt --weights built-in --weights NEW.bin
//! ```
//!
//! For each weights file and band of empty cells ([`BANDS`]) it prints the positions, the
//! mean absolute error and the mean signed error (the bias for the side to move), in discs.
//! The evaluation is the static one ([`Evaluator::evaluate`]), without a search.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use reversi_cli::files;
use reversi_kit::core::Position;
use reversi_kit::engine::eval::Evaluator;
use reversi_kit::engine::eval::training::{BANDS, Patterns};
use reversi_tools::{parse_label, pattern_weights};

/// The evaluation's error against labelled positions, by band.
#[derive(Parser, Debug)]
#[command(name = "eval_error", version)]
struct Args {
    /// Files of `POSITION<TAB>VALUE` lines, the value in discs for the side to move.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// A weights file to measure, or `built-in`; repeat it to compare several.
    #[arg(long = "weights", value_name = "FILE", required = true)]
    weights: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut labelled: Vec<(Position, f64)> = Vec::new();
    for path in &args.files {
        let text = match files::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned()))
        {
            Ok(text) => text,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(1);
            }
        };
        for (i, line) in text.lines().enumerate() {
            match parse_label(line) {
                Some((pos, value)) if pos.geometry().width() == 8 && pos.geometry().height() == 8 => {
                    labelled.push((pos, value))
                }
                _ => {
                    eprintln!(
                        "error: {}:{}: not an 8×8 position, a tab and a value from -64 to 64",
                        path.display(),
                        i + 1
                    );
                    return ExitCode::from(1);
                }
            }
        }
    }
    for name in &args.weights {
        let weights = match pattern_weights(name, files::read) {
            Ok(weights) => weights,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                return ExitCode::from(1);
            }
        };
        let eval = Evaluator::with_pattern_weights(Position::default().geometry(), weights);
        // Per band: positions, sum of absolute errors, sum of signed errors.
        let mut sums = vec![(0u64, 0.0f64, 0.0f64); BANDS.len()];
        for (pos, label) in &labelled {
            let Some(band) = Patterns::band(pos.empty_cells().len()) else { continue };
            let error = f64::from(eval.evaluate(pos)) / 100.0 - label;
            let sum = &mut sums[band];
            *sum = (sum.0 + 1, sum.1 + error.abs(), sum.2 + error);
        }
        for (band, &(count, absolute, signed)) in sums.iter().enumerate().filter(|(_, s)| s.0 > 0) {
            let (low, high) = BANDS[band];
            let n = count as f64;
            println!(
                "{name}\t{low}-{high}\t{count} positions\tmean absolute error {:.2}\tbias {:+.2}",
                absolute / n,
                signed / n
            );
        }
    }
    ExitCode::SUCCESS
}
