//! Writes 8×8 positions labelled with their exact value (WOF scoring), for fitting the
//! evaluation's patterns (`tools/src/bin/tune_patterns.rs`): one `POSITION<TAB>VALUE` line each,
//! the value for the side to move.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin label_positions -- --chains 40000 data/wthor/*.wtb > labels.txt
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
//!
//! Exact solves cost too much above about 20 empties (a chain solving at 23-24 empties took
//! about 16 s of a core here, at 21-22 about 2.5 s). For the bands of the evaluation above,
//! `--estimate-to L` labels each chain's one position (at `--solve-from` to `--solve-to`
//! empties) by an alpha-beta search down to leaves of `L` empties, where the evaluation is
//! already fitted: its value there, carried up by the search (the bootstrapping of
//! temporal-difference learning). Each band is fitted on labels from the band below it, so
//! they are made in order, rebuilding this example (and refitting) between two bands:
//!
//! ```text
//! label_positions --chains 200000 --solve-from 21 --solve-to 24 --estimate-to 18 --seed 2 …
//! label_positions --chains 200000 --solve-from 25 --solve-to 28 --estimate-to 22 --seed 3 …
//! label_positions --chains 200000 --solve-from 29 --solve-to 32 --estimate-to 26 --seed 4 …
//! ```
//!
//! (each about 8-12 minutes on two cores here). The midgame bands (33-60 empties) are labelled
//! by a search of 3 or 5 plies (`--estimate-below L`: an odd depth, so that the leaves'
//! bias for the side to move does not pile up band after band) whose leaves lie in the band
//! below, read from the weights fitted a moment before (`--weights FILE`), with no rebuild
//! between bands. (The midgame bands are now fitted on game outcomes instead:
//! `scripts/train-eval.sh`.)

use std::io::Write;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_cli::files;
use reversi_kit::core::{Position, Square};
use reversi_kit::engine::SearchResult;
use reversi_kit::engine::eval::PatternWeights;
use reversi_kit::engine::search::{Limits, Searcher, Selectivity};
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
    /// The fewest empty cells at which a chain's first solve may be.
    #[arg(long, default_value_t = 14)]
    solve_from: u32,
    /// The most empty cells at which a chain's first solve may be (up to 30 for exact
    /// labels, 56 for estimates).
    #[arg(long, default_value_t = 19)]
    solve_to: u32,
    /// Label by a search whose leaves have this many empty cells (the evaluation's value
    /// there), not by exact solves: for positions too far from the end to solve by the
    /// thousand. Each position is searched to the depth that reaches the leaves (at least 1).
    #[arg(long, value_name = "N", conflicts_with = "estimate_depth")]
    estimate_to: Option<u32>,
    /// Label by a search of this many plies (the evaluation's value at its leaves), not by
    /// exact solves: the bands of the midgame, whose leaves then lie in the bands below.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=20), conflicts_with = "estimate_below")]
    estimate_depth: Option<u32>,
    /// Label by a search of an odd number of plies, at least 3, the fewest whose leaves have
    /// fewer than `L` empty cells: the midgame bands, each from the band below (`L` its
    /// lowest count). An odd depth ends on the other side's move, so that a bias of the
    /// leaves' evaluation for the side to move enters the label with the opposite sign and
    /// does not pile up band after band as it does with an even depth.
    #[arg(long, value_name = "L", value_parser = clap::value_parser!(u32).range(1..=60), conflicts_with = "estimate_to")]
    estimate_below: Option<u32>,
    /// The patterns' weights file the searches evaluate with (default: the built-in one),
    /// so that a band can be labelled from weights fitted a moment ago without a rebuild.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
}

/// Chains handed out at once: each thread takes every `threads`-th of a batch.
const BATCH: u64 = 256;
/// The fewest empties a chain labels.
const LAST: u32 = 10;

fn main() -> ExitCode {
    let args = Args::parse();
    // Exact solves above 30 empties would not end in reasonable time. A chain plays at least
    // three random moves, or from the start if the solve is that near it.
    let estimate = match (args.estimate_to, args.estimate_depth, args.estimate_below) {
        (Some(leaves), _, _) => Some(Depth::ToLeaves(leaves)),
        (None, Some(plies), _) => Some(Depth::Plies(plies)),
        (None, None, Some(below)) => Some(Depth::OddBelow(below)),
        (None, None, None) => None,
    };
    let most = if estimate.is_some() { 60 } else { 30 };
    if !(LAST..=most).contains(&args.solve_from) || !(args.solve_from..=most).contains(&args.solve_to) {
        eprintln!("label_positions: the solves' empties must lie between {LAST} and {most}, --solve-from first");
        return ExitCode::from(2);
    }
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
    let weights = match &args.weights {
        None => PatternWeights::built_in(),
        Some(path) => match files::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| PatternWeights::from_bytes(&bytes).map_err(|e| e.to_string()))
        {
            Ok(weights) => weights,
            Err(e) => {
                eprintln!("label_positions: {}: {e}", path.display());
                return ExitCode::from(1);
            }
        },
    };
    let threads = args.threads.or_else(|| std::thread::available_parallelism().ok()).map_or(1, NonZeroUsize::get);
    let mut labellers: Vec<Labeller> = (0..threads).map(|_| Labeller::new(estimate, &weights)).collect();
    let mut out = std::io::stdout().lock();
    let mut written = 0u64;
    let mut first = 0;
    while first < args.chains {
        let end = (first + BATCH).min(args.chains);
        let parts: Vec<Vec<(u64, String)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = labellers
                .iter_mut()
                .enumerate()
                .map(|(t, labeller)| {
                    let games = &games;
                    let seed = args.seed;
                    let solve = (args.solve_from, args.solve_to);
                    scope.spawn(move || {
                        (first + t as u64..end)
                            .step_by(threads)
                            .map(|chain| (chain, run_chain(labeller, games, seed, chain, solve)))
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

/// How deep an estimate's search goes.
#[derive(Clone, Copy, Debug)]
enum Depth {
    /// Down to leaves of this many empty cells.
    ToLeaves(u32),
    /// This many plies.
    Plies(u32),
    /// The fewest odd plies, at least 3, whose leaves have fewer than this many empty cells.
    OddBelow(u32),
}

impl Depth {
    /// The plies that label a position with `empties` empty cells (at least 1).
    fn plies(self, empties: u32) -> u32 {
        match self {
            Depth::ToLeaves(leaves) => empties.saturating_sub(leaves).max(1),
            Depth::Plies(plies) => plies,
            Depth::OddBelow(below) => {
                let reach = (empties + 1).saturating_sub(below).max(3);
                reach | 1
            }
        }
    }
}

/// How one thread labels positions: exactly, or by a search.
enum Labeller {
    Exact(Solver),
    /// The search (boxed: it holds an exact solver of its own), and how deep it goes.
    Estimate(Box<Searcher>, Depth),
}

impl Labeller {
    fn new(estimate: Option<Depth>, weights: &PatternWeights) -> Labeller {
        match estimate {
            None => Labeller::Exact(Solver::with_hash_mb(8)),
            Some(depth) => Labeller::Estimate(
                Box::new(
                    Searcher::with_hash_mb(8)
                        .with_selectivity(Selectivity::EXHAUSTIVE)
                        .with_pattern_weights(weights.clone()),
                ),
                depth,
            ),
        }
    }

    /// Forgets what earlier chains taught the tables, so that a chain's lines do not depend
    /// on which chains the thread labelled before.
    fn clear(&mut self) {
        match self {
            Labeller::Exact(solver) => solver.clear(),
            Labeller::Estimate(searcher, _) => searcher.clear(),
        }
    }

    /// `pos`'s label line (the value in discs for the side to move), and the exact solution
    /// whose principal variation the chain follows; none for an estimate, since along a
    /// search's principal variation every position has the same leaf, and so the same label.
    fn label(&mut self, pos: &Position) -> (String, Option<SearchResult>) {
        match self {
            Labeller::Exact(solver) => {
                let solution = solver.solve(pos, Scoring::Wof).expect("a position in play solves");
                let value = solution.value().exact().expect("an exact solve");
                (format!("{pos}\t{value}\n"), Some(solution))
            }
            Labeller::Estimate(searcher, depth) => {
                let depth = depth.plies(pos.empty_cells().len());
                let limits = Limits::depth(depth).with_exact_empties(0).with_scoring(Scoring::Wof);
                let found = searcher.search(pos, limits).expect("a position in play");
                let centi = found.value().centidiscs();
                (format!("{pos}\t{:.2}\n", f64::from(centi) / 100.0), None)
            }
        }
    }
}

/// The labelled lines of chain number `chain`.
fn run_chain(labeller: &mut Labeller, games: &[Vec<Move>], seed: u64, chain: u64, solve: (u32, u32)) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ chain);
    let moves = &games[(chain % games.len() as u64) as usize];
    let start = 22 + rng.next_u32() % 13;
    let target = solve.0 + rng.next_u32() % (solve.1 - solve.0 + 1);
    // At least three random moves before the solve (the default range never needs more).
    let start = start.max(target + 3).min(60);
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
    labeller.clear();
    if pos.must_pass() {
        play(&mut pos, Move::Pass);
    }
    let (line, solution) = labeller.label(&pos);
    lines.push_str(&line);
    // An estimate labels one position a chain: more chains say more.
    let Some(solution) = solution else {
        return lines;
    };
    for &mv in solution.pv() {
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
        lines.push_str(&labeller.label(&pos).0);
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
    fn an_odd_depth_reaches_below_the_band_in_at_least_three_plies() {
        let plies: Vec<u32> = (33..=36).map(|empties| Depth::OddBelow(33).plies(empties)).collect();
        assert_eq!(plies, [3, 3, 3, 5]);
        for empties in 33..=60 {
            let d = Depth::OddBelow(33).plies(empties);
            assert!(d % 2 == 1 && d >= 3 && empties - d < 33 && (d == 3 || empties - (d - 2) >= 33), "{empties}: {d}");
        }
    }

    #[test]
    fn an_estimated_chain_is_one_position_searched_down_to_its_leaves() {
        let games = random_games(4);
        let (mut fresh, mut used) = (
            Labeller::new(Some(Depth::ToLeaves(18)), &PatternWeights::built_in()),
            Labeller::new(Some(Depth::ToLeaves(18)), &PatternWeights::built_in()),
        );
        let mut labelled = 0;
        for chain in 0..8 {
            let lines = run_chain(&mut used, &games, 3, chain, (21, 23));
            assert_eq!(lines, run_chain(&mut fresh, &games, 3, chain, (21, 23)), "chain {chain}");
            fresh = Labeller::new(Some(Depth::ToLeaves(18)), &PatternWeights::built_in());
            assert!(lines.lines().count() <= 1, "{lines}");
            for line in lines.lines() {
                let (pos, value) = line.split_once('\t').expect("a tab");
                let pos: Position = pos.parse().expect("a position");
                let empties = pos.empty_cells().len();
                assert!((21..=23).contains(&empties), "{pos}");
                let mut searcher = Searcher::with_hash_mb(8).with_selectivity(Selectivity::EXHAUSTIVE);
                let limits = Limits::depth(empties - 18).with_exact_empties(0).with_scoring(Scoring::Wof);
                let found = searcher.search(&pos, limits).expect("in play");
                assert_eq!(found.depth(), empties - 18);
                let centi = (value.parse::<f64>().expect("a value") * 100.0).round() as i32;
                assert_eq!(centi, found.value().centidiscs(), "{pos}");
                labelled += 1;
            }
        }
        assert!(labelled >= 6, "most chains give a position: {labelled}");
    }

    #[test]
    fn a_chain_is_the_same_after_other_chains_and_keeps_its_value_along_perfect_play() {
        let games = random_games(4);
        let (mut fresh, mut used) =
            (Labeller::new(None, &PatternWeights::built_in()), Labeller::new(None, &PatternWeights::built_in()));
        for chain in 0..6 {
            let lines = run_chain(&mut used, &games, 7, chain, (14, 19));
            assert_eq!(lines, run_chain(&mut fresh, &games, 7, chain, (14, 19)), "chain {chain}");
            fresh = Labeller::new(None, &PatternWeights::built_in());
            // Along the principal variation the value for the side to move changes its sign
            // with the side, never its size.
            let values: Vec<i32> =
                lines.lines().map(|line| line.split_once('\t').expect("a tab").1.parse().expect("a value")).collect();
            assert!(values.windows(2).all(|w| w[0].abs() == w[1].abs()), "chain {chain}: {values:?}");
            for line in lines.lines() {
                let (pos, value) = line.split_once('\t').expect("a tab");
                let pos: Position = pos.parse().expect("a position");
                assert!((10..=19).contains(&pos.empty_cells().len()), "{pos}");
                let exact = Solver::with_hash_mb(1).solve(&pos, Scoring::Wof).expect("in play").value().exact();
                assert_eq!(value.parse::<i32>().ok(), exact, "{pos}");
            }
        }
    }
}
