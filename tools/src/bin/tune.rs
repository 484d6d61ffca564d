//! Fits the engine's evaluation weights (`crates/reversi-engine/src/eval/weights.rs`) by least
//! squares on real games: prints how well each phase fits and, with `--out FILE`, writes the
//! new weights file (Rust source) there.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin tune -- data/wthor/*.wtb --out crates/reversi-engine/src/eval/weights.rs
//! ```
//!
//! Every position of every finished game of the WTHOR files where the side to move has a move
//! is a sample: its features ([`Evaluator::features`]) and, as the label, a disc difference at
//! the end of the game for that side (empty cells to the winner, as WTHOR counts):
//! - before the file's theoretical-score depth (24 empty cells in the files of
//!   `data/wthor`), the game's theoretical score: the result of perfect play from the
//!   game's position at that depth, which the players' later mistakes do not blur. With it the
//!   share of the variance explained in the middle game (phases 3-6) rose from 0.18-0.45 to
//!   0.28-0.69;
//! - from then on, the game's final result.
//!
//! `--exact-empties N` labels the positions with at most N empty cells by their exact value
//! with perfect play instead, computed by the solver (N = 16 takes about two minutes on two
//! cores). It is not the default: with N = 16 the engine's levels 4 to 8 lost more discs a
//! move against perfect play than without it, with either kind of label before the depth
//! (`benches/README.md`, Engine section), perhaps because the labels of the phases then mean
//! two different things (perfect play late, human play before) and the search compares
//! values across them.
//!
//! For each game phase the weights minimise the squared error plus a small ridge term (1 % of
//! the mean diagonal), solved from the normal equations by Gaussian elimination; they are
//! printed in hundredths of a disc, rounded. The procedure has no randomness: the same files
//! give the same table. Files with no finished game, or none in some phase, leave nothing to
//! fit: an error (status 1), not a table of zeros.

#[path = "../../../examples/cli/mod.rs"]
mod cli;
use cli::{files, output};

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use output::outln;
use reversi_kit::core::{Color, Position};
use reversi_kit::engine::eval::{Evaluator, FEATURE_NAMES, FEATURES, PHASES};
use reversi_kit::engine::solver::Solver;
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::variants::{Move, Scoring};
use reversi_tools::Normal;

/// Fits the evaluation weights on WTHOR games.
#[derive(Parser, Debug)]
#[command(name = "tune", version)]
struct Args {
    /// WTHOR files (.wtb)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Label positions with at most this many empty cells with their exact value (0: none)
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=24))]
    exact_empties: u32,
    /// Write the weights file (Rust source) to FILE; without it only the fit is printed
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = cli::args::parse::<Args>();
    let eval = Evaluator::new(Position::default().geometry());
    let mut phases: Vec<Normal> = (0..PHASES).map(|_| Normal::default()).collect();
    // The solver's 64 MB table only when some labels are exact values.
    let solver = (args.exact_empties > 0).then(|| {
        let threads = std::thread::available_parallelism().unwrap_or(std::num::NonZeroUsize::MIN);
        Solver::with_hash_mb(64).threads(threads)
    });
    let mut games = 0;
    let mut solved = 0;
    for path in &args.files {
        let bytes = match files::read(path) {
            Ok(b) => b,
            Err(e) => return cli::errors::fail(format_args!("{}: {e}", path.display())),
        };
        let file = match WthorFile::parse(&bytes) {
            Ok(f) => f,
            Err(e) => return cli::errors::fail(format_args!("{}: {}", path.display(), cli::errors::chain(&e))),
        };
        // A file without theoretical scores has a depth of 0: then every label is the result.
        let depth = u32::from(file.header().depth());
        for game in file.games() {
            let Ok(replay) = game.replay() else { continue };
            if !replay.is_finished() {
                continue;
            }
            games += 1;
            let black_score = i32::from(replay.replayed_score());
            let black_diff = f64::from(2 * black_score - 64);
            let theoretical_diff = f64::from(2 * i32::from(game.theoretical_score()) - 64);
            let mut pos = Position::default();
            for mv in replay.moves() {
                if pos.has_legal_moves() {
                    let empties = pos.empty_cells().len();
                    let y = if let Some(solver) = solver.as_ref().filter(|_| empties <= args.exact_empties) {
                        solved += 1;
                        match solver.solve(&pos, Scoring::Wof) {
                            Ok(solution) => solution.value().discs(),
                            Err(e) => {
                                return cli::errors::fail(format_args!("{}: solving {pos}: {e}", path.display()));
                            }
                        }
                    } else {
                        let diff = if depth > 0 && empties > depth { theoretical_diff } else { black_diff };
                        if pos.side_to_move() == Color::Black { diff } else { -diff }
                    };
                    phases[eval.phase(&pos)].add(&eval.features(&pos), y * 100.0);
                }
                match mv {
                    Move::Place(sq) => {
                        pos.play(*sq).expect("a replayed WTHOR move is legal");
                    }
                    Move::Pass => pos.pass().expect("a replayed pass is forced"),
                }
            }
            if solver.is_some() && games % 500 == 0 {
                eprintln!("tune: {games} games, {solved} positions solved");
            }
        }
    }
    // Without positions a phase's fit is all zeros and its variance explained NaN: weights
    // that look valid and are not, so they are refused rather than printed.
    if games == 0 {
        eprintln!("error: no finished game in the files: nothing to fit the weights on");
        return ExitCode::from(1);
    }
    if let Some(empty) = phases.iter().position(|normal| normal.is_flat()) {
        eprintln!("error: the {games} finished games give phase {empty} no position with a nonzero label to fit on");
        return ExitCode::from(1);
    }
    let rows: Vec<[f64; FEATURES]> = phases.iter().map(|normal| normal.solve().unwrap_or([0.0; FEATURES])).collect();
    outln!("{games} finished games");
    outln!("phase  positions  variance explained");
    for (p, (normal, w)) in phases.iter().zip(&rows).enumerate() {
        outln!("{p:>5}  {:>9}  {:>18.2}", normal.count(), normal.explained(w));
    }
    let Some(out) = &args.out else {
        outln!("weights not written: add --out FILE to write them");
        return ExitCode::SUCCESS;
    };
    let source = weights_source(&args, games, &phases, &rows);
    if let Err(e) = std::fs::write(out, source) {
        return cli::errors::fail(format_args!("cannot write {}: {e}", out.display()));
    }
    outln!("weights written to {}", out.display());
    ExitCode::SUCCESS
}

/// The weights file: its documentation (how it was made, the fit of each phase) and the table.
fn weights_source(args: &Args, games: usize, phases: &[Normal], rows: &[[f64; FEATURES]]) -> String {
    let mut text = String::new();
    let mut line = |l: &str| {
        text.push_str(l);
        text.push('\n');
    };
    line("//! The evaluation weights, one row per phase, one column per feature (see");
    line("//! [`FEATURE_NAMES`](super::FEATURE_NAMES)), in hundredths of a disc per unit of the feature.");
    line("//!");
    line(&format!(
        "//! Generated by `tools/src/bin/tune.rs` (least squares per phase on the positions of {games} finished"
    ));
    if args.exact_empties == 0 {
        line("//! WTHOR games, labelled by their theoretical score before its depth, then by their final disc");
        line("//! difference); rerun with");
    } else {
        let n = args.exact_empties;
        line("//! WTHOR games, labelled by their theoretical score before its depth, by their exact value from");
        line(&format!("//! {n} empty cells on, and by their final disc difference between); rerun with"));
    }
    line(
        "//! `cargo run --release -p reversi-tools --bin tune -- data/wthor/*.wtb --out crates/reversi-engine/src/eval/weights.rs`.",
    );
    line("//!");
    line("//! | phase | positions | variance explained |");
    line("//! | ---: | ---: | ---: |");
    for (p, (normal, w)) in phases.iter().zip(rows).enumerate() {
        line(&format!("//! | {p} | {} | {:.2} |", normal.count(), normal.explained(w)));
    }
    line("");
    line("use super::{FEATURES, PHASES};");
    line("");
    line(&format!("/// The weights: `WEIGHTS[phase][feature]`. Columns: {}.", FEATURE_NAMES.join(", ")));
    line("#[rustfmt::skip]");
    line("pub const WEIGHTS: [[i32; FEATURES]; PHASES] = [");
    for w in rows {
        let cells: Vec<String> = w.iter().map(|v| format!("{:5}", v.round() as i64)).collect();
        line(&format!("    [{}],", cells.join(", ")));
    }
    line("];");
    text
}
