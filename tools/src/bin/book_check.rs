//! Measures an opening book: its load time, its lookup time, and its values against deeper
//! searches of a random sample of its positions.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin book_check -- [--book FILE] [--sample N] [--depth PLIES] [--seed S]
//! ```
//!
//! Without `--book` it measures the standard 8×8 book built into the engine. The sample
//! leaves out the positions with no move (nothing to search); each is searched to `--depth`
//! plies (exact from 20 empties) and compared with its book value: the share within 2 discs,
//! the mean and the largest difference are printed.

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_cli::{args, errors, outln, progress};
use reversi_kit::core::Position;
use reversi_kit::engine::Searcher;
use reversi_kit::engine::book::{self, Book};
use reversi_kit::engine::search::Limits;

/// Measures an opening book: load time, lookup time, values against deeper searches.
#[derive(Parser, Debug)]
#[command(name = "book_check", version)]
struct Args {
    /// The book file; the standard 8×8 book without it
    #[arg(long, value_name = "FILE")]
    book: Option<std::path::PathBuf>,
    /// Book positions compared with a deeper search (0: none)
    #[arg(long, value_name = "N", default_value_t = 100)]
    sample: usize,
    /// The depth of the deeper search, in plies
    #[arg(long, value_name = "PLIES", default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// The seed of the sample
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Table size of the searcher, in MB
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash_mb: usize,
}

fn main() -> ExitCode {
    let args = args::parse::<Args>();
    let bytes = match &args.book {
        Some(path) => match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => return errors::fail(format_args!("{}: {e}", path.display())),
        },
        None => book::STANDARD_BYTES.to_vec(),
    };
    // The load: the checksum, the checks of every key, the tables; the best of five.
    let mut load = f64::INFINITY;
    let mut loaded = None;
    for _ in 0..5 {
        let start = Instant::now();
        let book = match Book::from_bytes(&bytes) {
            Ok(b) => b,
            Err(e) => return errors::fail(errors::chain(&e)),
        };
        load = load.min(start.elapsed().as_secs_f64());
        loaded = Some(book);
    }
    let book = loaded.expect("five loads");
    outln!("{} positions, {} bytes, load {:.2} ms (best of 5)", book.len(), bytes.len(), load * 1e3);
    let positions: Vec<(Position, book::BookEntry)> = book.positions().collect();
    // Lookups of every position in one of its images (the one a game meets is any), and of
    // as many positions not in the book (each a book position with a side swapped), timed
    // over every position a few times.
    let (mut hits, mut calls) = (0usize, 0usize);
    let start = Instant::now();
    for _ in 0..5 {
        for (p, _) in &positions {
            hits += usize::from(book.lookup(p).is_some());
            let other = p.with_side_to_move(!p.side_to_move());
            hits += usize::from(book.lookup(&other).is_some());
            calls += 2;
        }
    }
    let per = start.elapsed().as_secs_f64() / calls.max(1) as f64;
    outln!("lookup {:.0} ns on average over {calls} lookups ({hits} found)", per * 1e9);
    if args.sample == 0 {
        return ExitCode::SUCCESS;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let movable: Vec<&(Position, book::BookEntry)> = positions.iter().filter(|(p, _)| !p.is_game_over()).collect();
    let mut searcher = Searcher::with_hash_mb(args.hash_mb);
    let bar = progress::bar(args.sample as u64, "positions");
    let (mut within, mut sum, mut worst, mut done) = (0usize, 0f64, 0f64, 0usize);
    let start = Instant::now();
    for _ in 0..args.sample.min(movable.len()) {
        let (position, entry) = movable[(rng.next_u64() % movable.len() as u64) as usize];
        let limits = Limits::depth(args.depth).with_exact_empties(20);
        let Some(result) = searcher.search(position, limits) else { continue };
        let diff = f64::from((result.value().centidiscs() - entry.value()).abs()) / 100.0;
        within += usize::from(diff <= 2.0);
        sum += diff;
        worst = worst.max(diff);
        done += 1;
        bar.inc(1);
    }
    bar.finish_and_clear();
    outln!(
        "{done} positions against {}-ply searches: {:.1} % within 2 discs, mean difference {:.2} discs, largest {:.2}; {:.1} s",
        args.depth,
        100.0 * within as f64 / done.max(1) as f64,
        sum / done.max(1) as f64,
        worst,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
