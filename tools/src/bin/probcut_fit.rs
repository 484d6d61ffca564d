//! Fits the margins of the search's probable cut-offs (`Selectivity`): how far the value of a
//! shallow search strays from that of the deep search it stands for, by depth and by empty
//! cells. Prints the error's mean and deviation for each deep depth and band of empties, and
//! the least-squares fit `sigma = base + per_ply * depth + per_shallow_ply * shallow + per_empty *
//! empties` (hundredths of a disc) that the search's constants take.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin probcut_fit -- --positions 300 --depth 8 data/wthor/*.wtb
//! cargo run --release -p reversi-tools --bin probcut_fit -- --positions 300 --depth 7 --rules 10x10
//! ```
//!
//! With WTHOR files the positions come from their games (8×8), each followed by two random
//! moves; without, from random games under `--rules`. Every search is exhaustive (no probable
//! cut-off) and stops short of the exact solve, with the built-in evaluation.

#[path = "../../../examples/cli/mod.rs"]
mod cli;
use cli::files;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_kit::core::Position;
use reversi_kit::engine::search::{Limits, Searcher, Selectivity};
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::variants::{Game, Move, Rules};

/// Fits the probable cut-offs' margins.
#[derive(Parser, Debug)]
#[command(name = "probcut_fit", version)]
struct Args {
    /// WTHOR files whose games give the positions (8×8); none: random games under --rules.
    files: Vec<PathBuf>,
    /// The rules of the random games (the `Rules` text), without WTHOR files.
    #[arg(long, value_name = "RULES", default_value = "8x8")]
    rules: Rules,
    /// How many positions.
    #[arg(long, value_name = "N", default_value_t = 400)]
    positions: u32,
    /// The deepest search (3 to 12).
    #[arg(long, value_name = "N", default_value_t = 7, value_parser = clap::value_parser!(u32).range(3..=12))]
    depth: u32,
    /// The seed of the positions.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut games: Vec<Vec<Move>> = Vec::new();
    for path in &args.files {
        let parsed = files::read(path).map_err(|e| e.to_string()).and_then(|bytes| {
            let file = WthorFile::parse(&bytes).map_err(|e| e.to_string())?;
            Ok(file.games().iter().filter_map(|g| g.replay().ok()).map(|r| r.moves().to_vec()).collect::<Vec<_>>())
        });
        match parsed {
            Ok(moves) => games.extend(moves),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(1);
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    // (depth, empties, shallow value, deep value), centidiscs.
    let mut samples: Vec<(u32, u32, f64, f64)> = Vec::new();
    let mut searcher = Searcher::with_hash_mb(16).with_selectivity(Selectivity::EXHAUSTIVE);
    for i in 0..args.positions {
        let Some(position) = sample(&args, &games, i, &mut rng) else { continue };
        let empties = position.empty_cells().len();
        let deepest = args.depth.min(empties.saturating_sub(1));
        searcher.clear();
        let values: Vec<f64> = (1..=deepest)
            .map(|d| {
                f64::from(
                    searcher
                        .search(&position, Limits::depth(d).with_exact_empties(0))
                        .expect("in play")
                        .value()
                        .centidiscs(),
                )
            })
            .collect();
        for d in 3..=deepest {
            let shallow = Selectivity::shallow_depth(d);
            samples.push((d, empties, values[shallow as usize - 1], values[d as usize - 1]));
        }
        eprint!("\rprobcut_fit: {} positions", i + 1);
    }
    eprintln!();
    println!("depth  shallow  empties  n  mean  sd (centidiscs, deep - shallow)");
    for d in 3..=args.depth {
        for band in [(0, 19), (20, 29), (30, 39), (40, 49), (50, 64), (65, 256)] {
            let errors: Vec<f64> =
                samples.iter().filter(|s| s.0 == d && (band.0..=band.1).contains(&s.1)).map(|s| s.3 - s.2).collect();
            if errors.len() < 10 {
                continue;
            }
            let n = errors.len() as f64;
            let mean = errors.iter().sum::<f64>() / n;
            let sd = (errors.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
            let shallow = Selectivity::shallow_depth(d);
            println!("{d:5}  {shallow:7}  {:3}-{:<3}  {:4}  {mean:6.0}  {sd:5.0}", band.0, band.1, errors.len());
        }
    }
    // sigma fitted by least squares on |error| * sqrt(pi / 2) (the mean absolute deviation of
    // a normal error is sigma * sqrt(2 / pi)).
    let rows: Vec<([f64; 4], f64)> = samples
        .iter()
        .map(|&(d, e, shallow, deep)| {
            let features = [1.0, f64::from(d), f64::from(Selectivity::shallow_depth(d)), f64::from(e)];
            (features, (deep - shallow).abs() * (std::f64::consts::PI / 2.0).sqrt())
        })
        .collect();
    match least_squares(&rows) {
        Some([base, per_ply, per_shallow_ply, per_empty]) => {
            println!(
                "fit: sigma = {base:.1} + {per_ply:.1} * depth + {per_shallow_ply:.1} * shallow + {per_empty:.2} * empties ({} samples)",
                rows.len()
            );
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("error: too few samples to fit");
            ExitCode::from(1)
        }
    }
}

/// Position number `i`: from a WTHOR game plus two random moves, or from a random game.
fn sample(args: &Args, games: &[Vec<Move>], i: u32, rng: &mut ChaCha8Rng) -> Option<Position> {
    if games.is_empty() {
        let mut game = Game::new(args.rules.clone(), args.seed ^ u64::from(i)).ok()?;
        let playable = game.position().empty_cells().len();
        let target = 12 + rng.next_u32() % playable.saturating_sub(14).max(1);
        while !game.is_over() && game.position().empty_cells().len() > target {
            let moves = game.legal_move_list();
            game.play(moves[rng.next_u32() as usize % moves.len()]).ok()?;
        }
        let position = *game.position();
        return (!position.is_game_over() && !position.legal_moves().is_empty()).then_some(position);
    }
    let moves = &games[i as usize % games.len()];
    let target = 14 + rng.next_u32() % 44;
    let mut position = Position::default();
    for &mv in moves {
        if position.empty_cells().len() <= target + 2 {
            break;
        }
        match mv {
            Move::Place(sq) => {
                position.play(sq).ok()?;
            }
            Move::Pass => position.pass().ok()?,
        }
    }
    for _ in 0..2 {
        let legal: Vec<_> = position.legal_moves().iter().collect();
        if legal.is_empty() {
            return None;
        }
        position.play(legal[rng.next_u32() as usize % legal.len()]).ok()?;
    }
    (!position.is_game_over() && !position.legal_moves().is_empty()).then_some(position)
}

/// The least-squares solution of `rows` (features, target) by the normal equations, `None`
/// if they are (nearly) singular.
fn least_squares<const N: usize>(rows: &[([f64; N], f64)]) -> Option<[f64; N]> {
    let (mut a, mut b) = ([[0.0; N]; N], [0.0; N]);
    for (x, y) in rows {
        for i in 0..N {
            for j in 0..N {
                a[i][j] += x[i] * x[j];
            }
            b[i] += x[i] * y;
        }
    }
    reversi_tools::eliminate(&mut a, &mut b);
    // A pivot this small means too few distinct samples to tell the features apart.
    if (0..N).any(|i| a[i][i].abs() < 1e-9) {
        return None;
    }
    Some(core::array::from_fn(|i| b[i] / a[i][i]))
}
