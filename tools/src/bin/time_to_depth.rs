//! The midgame search's time to a fixed depth over fixed positions: the yardstick of a change
//! to the search or the evaluation that does not move its value much, read beside the build
//! before it in the same run (CPU time on a shared machine is only worth a ratio).
//!
//! ```text
//! cargo run --release -p reversi-tools --bin time_to_depth -- positions ../shared/data/wthor/WTH_2018.wtb > ttd.txt
//! cargo run --release -p reversi-tools --bin time_to_depth -- search ttd.txt --depth 13
//! ```
//!
//! `positions` takes `--count` positions (100) from a WTHOR file, spread evenly over its games,
//! each with 30 to 40 empty cells (the middle of the game, where the levels' searches spend
//! their nodes), one a line. `search` searches each to `--depth` plies (13, level 10's) on one
//! thread with a fresh table (`--hash-mb`, 16) and the patterns' `--weights` (the built-in ones
//! by default) and prints its nodes, its thread's CPU time and
//! the share of cut-offs made by the first move tried, then the totals.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use reversi_cli::files;
use reversi_kit::core::Position;
use reversi_kit::engine::eval::PatternWeights;
use reversi_kit::engine::{Limits, Searcher};
use reversi_kit::records::wthor::WthorFile;
use reversi_tools::{BUILT_IN, pattern_weights, play_move, thread_cpu};

/// The midgame search's time to a fixed depth over fixed positions.
#[derive(Parser, Debug)]
#[command(name = "time_to_depth", version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Prints positions of a WTHOR file's games, one a line.
    Positions {
        /// The WTHOR file.
        file: PathBuf,
        /// How many positions.
        #[arg(long, default_value_t = 100)]
        count: usize,
    },
    /// Searches each position of a file to a fixed depth.
    Search {
        /// Positions, one a line.
        file: PathBuf,
        /// The depth in plies.
        #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// The table's size in megabytes.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
        hash_mb: u64,
        /// The patterns' weights file, or `built-in`.
        #[arg(long, default_value = BUILT_IN)]
        weights: String,
    },
}

/// The fewest empty cells of a position taken, and the span above it.
const EMPTIES: (u32, u32) = (30, 11);

fn main() -> ExitCode {
    let result = match Args::parse().command {
        Command::Positions { file, count } => positions(&file, count),
        Command::Search { file, depth, hash_mb, weights } => pattern_weights(&weights, files::read)
            .map_err(|e| format!("{weights}: {e}"))
            .and_then(|weights| search(&file, depth, hash_mb as usize, &weights)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints `count` positions of the WTHOR file at `path`: game `i * games / count`, at
/// `30 + i % 11` empty cells (the last position before them if the game passes by it).
fn positions(path: &Path, count: usize) -> Result<(), String> {
    let bytes = files::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file = WthorFile::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let games = file.games();
    if games.len() < count || count == 0 {
        return Err(format!("{}: {} games, {count} positions asked for", path.display(), games.len()));
    }
    for i in 0..count {
        let game = &games[i * games.len() / count];
        let replay = game.replay().map_err(|e| format!("{}: game {}: {e}", path.display(), i * games.len() / count))?;
        let empties = EMPTIES.0 + (i as u32 % EMPTIES.1);
        let mut pos = Position::default();
        for &mv in replay.moves() {
            if pos.empty_cells().len() <= empties {
                break;
            }
            play_move(&mut pos, mv)?;
        }
        println!("{pos}");
    }
    Ok(())
}

/// Searches every position of the file at `path` to `depth` plies, each with a fresh table of
/// `hash_mb` megabytes and the patterns' `weights`, and prints each one's figures and the totals.
fn search(path: &Path, depth: u32, hash_mb: usize, weights: &PatternWeights) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut nodes, mut cpu, mut first) = (0u64, Duration::ZERO, 0.0);
    let mut count = 0u32;
    for (n, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let pos: Position = line.trim().parse().map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
        let mut searcher = Searcher::with_hash_mb(hash_mb).with_pattern_weights(weights.clone());
        let start = thread_cpu();
        let Some(result) = searcher.search(&pos, Limits::depth(depth)) else {
            return Err(format!("{}:{}: the game is over", path.display(), n + 1));
        };
        let spent = thread_cpu().saturating_sub(start);
        let rate = result.cutoffs().first_move_rate().unwrap_or(0.0);
        println!(
            "{:>3}  nodes {:>10}  cpu {:>8.1} ms  first-move cut-offs {:>5.1} %",
            n + 1,
            result.nodes(),
            spent.as_secs_f64() * 1000.0,
            100.0 * rate
        );
        nodes += result.nodes();
        cpu += spent;
        first += rate;
        count += 1;
    }
    println!(
        "{count} positions to depth {depth}: {nodes} nodes, {:.3} s of CPU, first-move cut-offs {:.1} % (mean of the positions)",
        cpu.as_secs_f64(),
        100.0 * first / f64::from(count.max(1)),
    );
    Ok(())
}
