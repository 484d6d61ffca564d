//! The static evaluation's error against exact values on one board, phase by phase, for one or
//! more features' weights tables: how much a board's own table (`fit_board`) gains over the one
//! fitted on real 8×8 games, measured on positions that no fit saw. `eval_error` does the same
//! for the 8×8 patterns.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin board_error -- --size 10x10 \
//!     --features built-in --features wthor --games 200 --empties 14-20 --jobs 2
//! ```
//!
//! `--features` names a table: `built-in` (the board's own, [`FeatureWeights::built_in`]),
//! `wthor` (the table fitted on real 8×8 games, [`WEIGHTS`]: the "before" of a board that now
//! has its own) or a weights file (`fit_board --out`); repeat it to compare several.
//!
//! The positions come from self-play games of the engine at `--level` (with the board's
//! built-in table), each from `--opening-plies` random moves, its seed made from `--seed` and
//! the game's number as `fit_board` makes it. The default seed is 1001, not `fit_board`'s 1, so
//! that the games are not those the shipped tables were fitted on. Every position of a game
//! whose empty cells are within `--empties` and whose side to move has a move is taken (so a
//! game gives up to one position per count of empty cells); a game stops once it has fewer
//! empty cells. Each position's label is the solver's exact final score for the side to move
//! under the rules' scoring; a solve that reaches `--node-limit` is skipped and counted.
//!
//! For each table and phase (the evaluation's own, [`Evaluator::phase`]), then over all, it
//! prints the positions, the mean absolute error and the mean signed error (the bias for the
//! side to move), in discs. The evaluation is the static one ([`Evaluator::evaluate`]), without
//! a search; on the standard 8×8 board, within the patterns' bands, it is the patterns' (see
//! `eval_error`). The same arguments give the same output, whatever `--jobs`.

#[path = "../../../examples/cli/mod.rs"]
mod cli;
use cli::{files, output, table};

use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::str::FromStr;

use clap::Parser;
use output::outln;
use reversi_kit::core::Position;
use reversi_kit::engine::eval::boards::FeatureWeights;
use reversi_kit::engine::eval::patterns::PatternWeights;
use reversi_kit::engine::eval::{Evaluator, PHASES, WEIGHTS};
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::engine::search::Searcher;
use reversi_kit::engine::{Limits, SolveError, Solver};
use reversi_kit::variants::{Game, Rules};
use reversi_tools::{feature_weights, game_seed, in_order, self_play};

/// The seed of the games when `--seed` is not given: not `fit_board`'s default (1), so that
/// the positions measured are not those the shipped tables were fitted on.
const DEFAULT_SEED: u64 = 1001;

/// The `--features` value that names the table fitted on real 8×8 games ([`WEIGHTS`]).
const WTHOR: &str = "wthor";

/// The static evaluation's error against exact values, by phase, for features' weights tables.
#[derive(Parser, Debug)]
#[command(name = "board_error", version)]
struct Args {
    /// A features' weights table to measure: `built-in` (the board's own), `wthor` (the one
    /// fitted on real 8×8 games) or a weights file; repeat it to compare several.
    #[arg(long = "features", value_name = "FILE", required = true)]
    features: Vec<String>,
    /// Self-play games that give the positions.
    #[arg(long, value_name = "N", default_value_t = 200)]
    games: usize,
    /// The level that plays them, 1 to 10.
    #[arg(long, value_name = "N", default_value = "3")]
    level: Level,
    /// Random plies before the engine takes over.
    #[arg(long, value_name = "N", default_value_t = 6)]
    opening_plies: usize,
    /// The empty cells of the positions measured, from A to B.
    #[arg(long, value_name = "A-B", default_value = "14-20")]
    empties: Empties,
    /// The most nodes of one position's exact solve; a position that needs more is skipped.
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    node_limit: u64,
    /// Games played (and solved) at once.
    #[arg(long, value_name = "N", default_value = "1")]
    jobs: NonZeroUsize,
    /// The board and the seed of the games (default seed: 1001).
    #[command(flatten)]
    table: table::TableArgs,
}

/// A range of empty cells, `A-B` on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Empties {
    low: u32,
    high: u32,
}

impl FromStr for Empties {
    type Err = String;

    fn from_str(s: &str) -> Result<Empties, String> {
        let (low, high) = s.split_once('-').unwrap_or((s, s));
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("{t:?} is not a count of empty cells"));
        let (low, high) = (number(low)?, number(high)?);
        // A position without empty cells has no move to evaluate.
        if low == 0 || low > high {
            return Err(format!("{s:?}: expected A-B with 1 <= A <= B"));
        }
        Ok(Empties { low, high })
    }
}

/// A solved position: its phase, its exact value in discs for the side to move, and each
/// table's static evaluation of it in hundredths of a disc.
struct Sample {
    phase: usize,
    value: i32,
    evaluations: Vec<i32>,
}

/// One game's solved positions and the count of those skipped at the node limit.
#[derive(Default)]
struct GameSamples {
    samples: Vec<Sample>,
    skipped: usize,
}

/// The table `name` of `--features`: `None` for the board's own.
fn load_table(name: &str) -> Result<Option<FeatureWeights>, String> {
    if name == WTHOR {
        return Ok(Some(FeatureWeights::new(WEIGHTS)));
    }
    feature_weights(name, files::read).map_err(|e| format!("{name}: {e}"))
}

/// Plays game `index` down to the fewest empty cells of the range, then solves and evaluates
/// the positions it took.
fn play_game(
    args: &Args,
    rules: &Rules,
    tables: &[Option<FeatureWeights>],
    index: usize,
) -> Result<GameSamples, String> {
    let seed = game_seed(args.table.seed.unwrap_or(DEFAULT_SEED), index);
    let mut game = Game::new(rules.clone(), seed).map_err(|e| e.to_string())?;
    let player = || EnginePlayer::with_searcher(args.level, Searcher::with_hash_mb(4));
    let mut positions: Vec<Position> = Vec::new();
    self_play(&mut game, args.opening_plies, seed, &mut [player(), player()], |pos| {
        let empties = pos.empty_cells().len();
        if empties < args.empties.low {
            return false;
        }
        if empties <= args.empties.high && pos.has_legal_moves() {
            positions.push(*pos);
        }
        true
    })?;
    // Random blocked cells differ from game to game: each game has its own geometry, so its
    // own evaluators (and `built-in` its own table).
    let geometry = *game.position().geometry();
    let evaluators: Vec<Evaluator> = tables
        .iter()
        .map(|t| {
            let features = t.clone().unwrap_or_else(|| FeatureWeights::built_in(&geometry));
            Evaluator::with_weights(&geometry, PatternWeights::built_in(), features)
        })
        .collect();
    // A fresh solver per game, its positions in the game's order: the table a solve starts
    // from, so its nodes and whether it hits the limit, do not depend on which thread played
    // which games before.
    let solver = Solver::with_hash_mb(16);
    let limits = Limits::none().with_nodes(args.node_limit).with_scoring(rules.scoring());
    let mut out = GameSamples::default();
    for pos in positions {
        match solver.solve_with(&pos, limits.clone()) {
            Ok(solution) => out.samples.push(Sample {
                phase: evaluators[0].phase(&pos),
                value: solution.value().exact().expect("an exact solve"),
                evaluations: evaluators.iter().map(|e| e.evaluate(&pos)).collect(),
            }),
            Err(SolveError::Interrupted { .. }) => out.skipped += 1,
            Err(e) => return Err(format!("{pos}: {e}")),
        }
    }
    Ok(out)
}

/// Plays and solves the games on `jobs` threads; the results in the order of the games'
/// numbers, so that the output does not depend on `--jobs`.
fn play_games(args: &Args, rules: &Rules, tables: &[Option<FeatureWeights>]) -> Result<Vec<GameSamples>, String> {
    in_order(args.games, args.jobs.get(), |i| {
        let result = play_game(args, rules, tables, i);
        if (i + 1).is_multiple_of(50) {
            eprintln!("board_error: game {} of {}", i + 1, args.games);
        }
        result
    })
    .into_iter()
    .collect()
}

/// Sums of errors in hundredths of a disc: integers, so that the totals are exact whatever the
/// order of the additions.
#[derive(Clone, Copy, Default)]
struct Errors {
    count: u64,
    absolute: i64,
    signed: i64,
}

impl Errors {
    fn add(&mut self, error: i64) {
        self.count += 1;
        self.absolute += error.abs();
        self.signed += error;
    }

    /// `positions`, mean absolute error and bias, in discs.
    fn line(&self) -> String {
        let n = self.count as f64 * 100.0;
        format!(
            "{} positions\tmean absolute error {:.2}\tbias {:+.2}",
            self.count,
            self.absolute as f64 / n,
            self.signed as f64 / n
        )
    }
}

fn main() -> ExitCode {
    let args = cli::args::parse::<Args>();
    let rules = args.table.rules_or_exit::<Args>(Rules::builder());
    if args.games == 0 {
        cli::args::usage_error::<Args>("--games: at least 1");
    }
    let mut tables = Vec::with_capacity(args.features.len());
    for name in &args.features {
        match load_table(name) {
            Ok(table) => tables.push(table),
            Err(e) => return cli::errors::fail(e),
        }
    }
    let games = match play_games(&args, &rules, &tables) {
        Ok(games) => games,
        Err(e) => return cli::errors::fail(e),
    };
    let samples: Vec<&Sample> = games.iter().flat_map(|g| &g.samples).collect();
    let skipped: usize = games.iter().map(|g| g.skipped).sum();
    if samples.is_empty() {
        return cli::errors::fail(format_args!(
            "no position solved at {}-{} empties ({skipped} skipped at the node limit): play more games or widen --empties",
            args.empties.low, args.empties.high
        ));
    }
    // The error of evaluating every position as even: the scale the tables' errors compare to.
    let mean_value = samples.iter().map(|s| f64::from(s.value.abs())).sum::<f64>() / samples.len() as f64;
    outln!(
        "{rules}, seed {}: {} games of level {} from {} random plies; {} positions at {}-{} empties solved, {skipped} skipped at the node limit of {}; mean |exact value| {mean_value:.2}",
        args.table.seed.unwrap_or(DEFAULT_SEED),
        args.games,
        args.level,
        args.opening_plies,
        samples.len(),
        args.empties.low,
        args.empties.high,
        args.node_limit,
    );
    for (t, name) in args.features.iter().enumerate() {
        let mut phases = [Errors::default(); PHASES];
        let mut all = Errors::default();
        for sample in &samples {
            let error = i64::from(sample.evaluations[t]) - 100 * i64::from(sample.value);
            phases[sample.phase].add(error);
            all.add(error);
        }
        for (p, errors) in phases.iter().enumerate().filter(|(_, e)| e.count > 0) {
            outln!("{name}\tphase {p}\t{}", errors.line());
        }
        outln!("{name}\tall\t{}", all.line());
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_of_empties_reads_and_a_bad_one_says_why() {
        assert_eq!("14-20".parse(), Ok(Empties { low: 14, high: 20 }));
        assert_eq!("12".parse(), Ok(Empties { low: 12, high: 12 }));
        for bad in ["20-14", "0-4", "x-4", "4-", "", "-3"] {
            assert!(bad.parse::<Empties>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn wthor_names_the_table_fitted_on_real_games() {
        assert_eq!(load_table(WTHOR).map(|t| t.map(|w| *w.rows())), Ok(Some(WEIGHTS)));
        assert_eq!(load_table("built-in"), Ok(None));
        assert!(load_table("/no/such/file.txt").is_err_and(|e| e.starts_with("/no/such/file.txt: ")));
    }
}
