//! Writes 8×8 positions labelled with their exact value (WOF scoring), for fitting the
//! evaluation's patterns (`examples/tune_patterns.rs`): one `POSITION<TAB>VALUE` line each,
//! the value for the side to move.
//!
//! ```text
//! cargo run --release --example label_positions -- --chains 40000 ../shared/data/wthor/*.wtb > labels.txt
//! ```
//!
//! Each *chain* starts from a position of a WTHOR game with 22 to 34 empty cells, plays random
//! moves down to 14 to 19 empties, solves that position exactly, then follows its principal
//! variation down to 10 empties and solves each position on it too (cheap: the table is warm).
//! Random moves reach positions that real games never do but searches do: the solver judges
//! the bad lines of its tree as well as the good ones. The chains are shared between threads
//! in batches and written in order; each has its own random generator (from `--seed` and its
//! number) and starts from an empty table, so that the same arguments and the same build
//! write the same file whatever the thread count. Another build of the solver may write
//! other positions: where several moves are equally good, which one the principal variation
//! follows depends on the move ordering, and so on the evaluation (the values stay exact).

mod files;

use std::io::Write;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_kit::core::{Position, Square};
use reversi_kit::engine::solver::Solver;
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::variants::{Move, Scoring};

/// Writes exactly labelled 8×8 positions near the end of the game.
#[derive(Parser, Debug)]
#[command(name = "label_positions")]
struct Args {
    /// WTHOR files (.wtb) whose games give the chains' starts.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// How many chains (about 7.5 positions each).
    #[arg(long, default_value_t = 1000)]
    chains: u64,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: all cores).
    #[arg(long)]
    threads: Option<NonZeroUsize>,
}

/// Chains handed out at once: each thread takes every `threads`-th of a batch.
const BATCH: u64 = 256;
/// The fewest empties a chain labels.
const LAST: u32 = 10;

fn main() -> ExitCode {
    let args = Args::parse();
    let mut games: Vec<Vec<Move>> = Vec::new();
    for path in &args.files {
        let parsed = files::read(path).map_err(|e| e.to_string()).and_then(|bytes| {
            let file = WthorFile::parse(&bytes).map_err(|e| e.to_string())?;
            Ok(file
                .games()
                .iter()
                .filter_map(|game| game.replay().ok())
                .map(|r| r.moves().to_vec())
                .collect::<Vec<_>>())
        });
        match parsed {
            Ok(moves) => games.extend(moves),
            Err(e) => {
                eprintln!("label_positions: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    if games.is_empty() {
        eprintln!("label_positions: no game in the files");
        return ExitCode::from(2);
    }
    let threads = args.threads.or_else(|| std::thread::available_parallelism().ok()).map_or(1, NonZeroUsize::get);
    let solvers: Vec<Solver> = (0..threads).map(|_| Solver::with_hash_mb(8)).collect();
    let mut out = std::io::stdout().lock();
    let mut written = 0u64;
    let mut first = 0;
    while first < args.chains {
        let end = (first + BATCH).min(args.chains);
        let parts: Vec<Vec<(u64, String)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = solvers
                .iter()
                .enumerate()
                .map(|(t, solver)| {
                    let games = &games;
                    let seed = args.seed;
                    scope.spawn(move || {
                        (first + t as u64..end)
                            .step_by(threads)
                            .map(|chain| (chain, run_chain(solver, games, seed, chain)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a chain does not panic")).collect()
        });
        let mut batch: Vec<(u64, String)> = parts.into_iter().flatten().collect();
        batch.sort_by_key(|(chain, _)| *chain);
        for (_, lines) in &batch {
            if out.write_all(lines.as_bytes()).is_err() {
                return ExitCode::from(1);
            }
            written += lines.lines().count() as u64;
        }
        first = end;
        eprint!("\rlabel_positions: {first} chains, {written} positions");
    }
    eprintln!();
    ExitCode::SUCCESS
}

/// The labelled lines of chain number `chain`.
fn run_chain(solver: &Solver, games: &[Vec<Move>], seed: u64, chain: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ chain);
    let moves = &games[(chain % games.len() as u64) as usize];
    let start = 22 + rng.next_u32() % 13;
    let target = 14 + rng.next_u32() % 6;
    let mut pos = Position::default();
    for &mv in moves {
        if pos.empty_cells().len() <= start {
            break;
        }
        play(&mut pos, mv);
    }
    while pos.empty_cells().len() > target && !pos.is_game_over() {
        let legal: Vec<Square> = pos.legal_moves().iter().collect();
        match legal.len() {
            0 => play(&mut pos, Move::Pass),
            n => play(&mut pos, Move::Place(legal[rng.next_u32() as usize % n])),
        }
    }
    let mut lines = String::new();
    if pos.is_game_over() {
        return lines;
    }
    solver.clear();
    let mut label = |pos: &Position| {
        let solution = solver.solve(pos, Scoring::Wof).expect("a position in play solves");
        lines.push_str(&format!("{pos}\t{}\n", solution.value()));
        solution
    };
    if pos.must_pass() {
        play(&mut pos, Move::Pass);
    }
    let pv = label(&pos).pv().to_vec();
    for mv in pv {
        // The principal variation lists passes; a pass is played here as soon as it is forced.
        if mv == Move::Pass {
            continue;
        }
        play(&mut pos, mv);
        if pos.must_pass() {
            play(&mut pos, Move::Pass);
        }
        if pos.empty_cells().len() < LAST || pos.is_game_over() {
            break;
        }
        label(&pos);
    }
    lines
}

/// Plays `mv`, which the caller knows to be legal.
fn play(pos: &mut Position, mv: Move) {
    match mv {
        Move::Place(sq) => {
            pos.play(sq).expect("a legal move");
        }
        Move::Pass => pos.pass().expect("a forced pass"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games of random moves to the end, as the chains' starts.
    fn random_games(count: u64) -> Vec<Vec<Move>> {
        (0..count)
            .map(|seed| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let (mut pos, mut moves) = (Position::default(), Vec::new());
                while !pos.is_game_over() {
                    let legal: Vec<Square> = pos.legal_moves().iter().collect();
                    let mv = if legal.is_empty() {
                        Move::Pass
                    } else {
                        Move::Place(legal[rng.next_u32() as usize % legal.len()])
                    };
                    play(&mut pos, mv);
                    moves.push(mv);
                }
                moves
            })
            .collect()
    }

    #[test]
    fn a_chain_is_the_same_after_other_chains_and_keeps_its_value_along_perfect_play() {
        let games = random_games(4);
        let (fresh, used) = (Solver::with_hash_mb(1), Solver::with_hash_mb(1));
        for chain in 0..6 {
            let lines = run_chain(&used, &games, 7, chain);
            assert_eq!(lines, run_chain(&fresh, &games, 7, chain), "chain {chain}");
            fresh.clear();
            // Along the principal variation the value for the side to move changes its sign
            // with the side, never its size.
            let values: Vec<i32> =
                lines.lines().map(|line| line.split_once('\t').expect("a tab").1.parse().expect("a value")).collect();
            assert!(values.windows(2).all(|w| w[0].abs() == w[1].abs()), "chain {chain}: {values:?}");
            for line in lines.lines() {
                let (pos, value) = line.split_once('\t').expect("a tab");
                let pos: Position = pos.parse().expect("a position");
                assert!((10..=19).contains(&pos.empty_cells().len()), "{pos}");
                let exact = Solver::with_hash_mb(1).solve(&pos, Scoring::Wof).expect("in play").value();
                assert_eq!(value.parse::<i32>().expect("a value"), exact, "{pos}");
            }
        }
    }
}
