//! Plays the engine with one pattern weights file against the engine with another, at the
//! same level (the same node budget): how a refit of the evaluation's bands
//! (`scripts/train-eval.sh`) shows its gain in games before it replaces the built-in
//! weights. On the other boards (the table flags: `--size 10x10`, `--octagon`, `--blocked
//! random`...), which do not use the patterns, `--first-features` and `--second-features` give
//! each side a features' weights file instead (`fit_board --out`).
//!
//! ```text
//! cargo run --release -p reversi-tools --bin weights_match -- NEW.bin built-in --level 5 --games 200 --jobs 2
//! cargo run --release -p reversi-tools --bin weights_match -- built-in built-in --size 10x10 \
//!     --first-features ten.txt --level 5 --games 100 --jobs 2
//! ```
//!
//! `--time` plays both sides on a clock instead of the level's node budget (`100ms/move`, or a
//! game's `60s+1s`): a change that makes a node dearer or cheaper then shows in the points,
//! at equal time, which is how a change to the evaluation or the search is judged.
//!
//! Neither side opens from the opening book: both would play its moves alike.
//!
//! `--first-confidence` and `--second-confidence` set each side's probable cut-offs' confidence
//! (hundredths of a deviation). `--first-probcut` and `--second-probcut` (`every`, `null-window`, `one-side`) choose where each
//! side's search tries probable cut-offs, to measure those choices the same way. The summary
//! gives each side's CPU time a move (the thread's own clock): at one level both sides search
//! the same nodes, so a change that makes a node dearer shows there.
//!
//! `built-in` names the weights the engine ships (for the features, each board's own). Games go in pairs: both games of a pair
//! start from the same random opening of `--opening-plies` plies, with the colours swapped,
//! so that an opening's advantage cancels out. The same arguments give the same games. The
//! summary gives the first player's share of the points (a draw is half a point) with a 95 %
//! interval, taken over the pairs (each pair's points are one sample), and its mean margin.

use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use reversi_cli::{files, table};
use reversi_kit::core::Color;
use reversi_kit::engine::eval::{FeatureWeights, PatternWeights};
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::engine::search::{ProbCutNodes, Searcher, Selectivity};
use reversi_kit::engine::{Clock, TimeControl};
use reversi_kit::variants::{Game, Rules};
use reversi_tools::{BUILT_IN, feature_weights, in_order, pattern_weights, self_play, thread_cpu};

/// Plays the engine with two weights files against each other.
#[derive(Parser, Debug)]
#[command(name = "weights_match", version)]
struct Args {
    /// The first player's weights file, or `built-in`.
    #[arg(value_name = "FILE")]
    first: String,
    /// The second player's weights file, or `built-in`.
    #[arg(value_name = "FILE")]
    second: String,
    /// The level both play at, 1 to 10.
    #[arg(long, value_name = "N", default_value = "5")]
    level: Level,
    /// A clock for both sides instead of the level's node budget: `100ms/move` (each move at
    /// most that), or a game's time and increment (`60s+1s`). The level's depth still caps
    /// each search.
    #[arg(long, value_name = "CONTROL")]
    time: Option<TimeControl>,
    /// Games, rounded up to an even number (pairs).
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: usize,
    /// Random plies before the engines take over.
    #[arg(long, value_name = "N", default_value_t = 4)]
    opening_plies: usize,
    /// The first player's features' weights file, or `built-in`.
    #[arg(long, value_name = "FILE", default_value = BUILT_IN)]
    first_features: String,
    /// The second player's features' weights file, or `built-in`.
    #[arg(long, value_name = "FILE", default_value = BUILT_IN)]
    second_features: String,
    /// Where the first player's search tries probable cut-offs: `every` node, `null-window`
    /// nodes, or `one-side` (null-window nodes, the probe the static evaluation points to).
    #[arg(long, value_name = "NODES", value_parser = probcut_nodes)]
    first_probcut: Option<ProbCutNodes>,
    /// The same for the second player.
    #[arg(long, value_name = "NODES", value_parser = probcut_nodes)]
    second_probcut: Option<ProbCutNodes>,
    /// The first player's probable cut-offs' confidence, in hundredths of a deviation
    /// (`Selectivity::probcut`; absent: the engine's default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1000))]
    first_confidence: Option<u16>,
    /// The same for the second player.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1000))]
    second_confidence: Option<u16>,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value = "1")]
    jobs: NonZeroUsize,
    /// The board and the seed of the openings and blocked cells (default seed: 1).
    #[command(flatten)]
    table: table::TableArgs,
}

/// `--first-probcut`, `--second-probcut` (absent: the engine's default).
fn probcut_nodes(text: &str) -> Result<ProbCutNodes, String> {
    match text {
        "every" => Ok(ProbCutNodes::Every),
        "null-window" => Ok(ProbCutNodes::NullWindow),
        "one-side" => Ok(ProbCutNodes::NullWindowOneSide),
        _ => Err("expected every, null-window or one-side".to_owned()),
    }
}

/// One side's weights: the patterns' and, if not the board's own, the features'; and where its
/// search tries probable cut-offs.
#[derive(Clone)]
struct Weights {
    patterns: PatternWeights,
    features: Option<FeatureWeights>,
    probcut: Option<ProbCutNodes>,
    confidence: Option<u16>,
}

/// One game: the first player's margin in discs, and each player's CPU time and moves (the
/// first player's first).
struct Outcome {
    margin: i64,
    cpu: [Duration; 2],
    moves: [u32; 2],
}

fn main() -> ExitCode {
    let args = Args::parse();
    let rules = args.table.rules_or_exit::<Args>(Rules::builder());
    let load = |patterns: &str, features: &str, probcut, confidence| {
        Ok(Weights {
            patterns: pattern_weights(patterns, files::read).map_err(|e| format!("{patterns}: {e}"))?,
            features: feature_weights(features, files::read).map_err(|e| format!("{features}: {e}"))?,
            probcut,
            confidence,
        })
    };
    let weights = match (
        load(&args.first, &args.first_features, args.first_probcut, args.first_confidence),
        load(&args.second, &args.second_features, args.second_probcut, args.second_confidence),
    ) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err::<_, String>(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let games = args.games.div_ceil(2) * 2;
    let outcomes = in_order(games, args.jobs.get(), |i| play_game(&args, &rules, &weights, i));
    let points = |m: i64| match m.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    let pairs: Vec<f64> =
        outcomes.chunks(2).map(|pair| pair.iter().map(|o| points(o.margin)).sum::<f64>() / 2.0).collect();
    let (share, half_width) = mean_and_interval(&pairs);
    let wins = outcomes.iter().filter(|o| o.margin > 0).count();
    let draws = outcomes.iter().filter(|o| o.margin == 0).count();
    let margin = outcomes.iter().map(|o| o.margin).sum::<i64>() as f64 / games as f64;
    let per_move = |side: usize| {
        let cpu: Duration = outcomes.iter().map(|o| o.cpu[side]).sum();
        let moves: u32 = outcomes.iter().map(|o| o.moves[side]).sum();
        cpu.as_secs_f64() * 1000.0 / f64::from(moves.max(1))
    };
    let name = |patterns: &str, features: &str| {
        if features == BUILT_IN { patterns.to_owned() } else { format!("{patterns} + {features}") }
    };
    println!(
        "{} vs {} at level {}{}: {wins} wins, {draws} draws, {} losses of {games}; {:.1} % +- {:.1} of the points, {margin:+.1} discs a game; CPU a move {:.2} / {:.2} ms",
        name(&args.first, &args.first_features),
        name(&args.second, &args.second_features),
        args.level,
        args.time.map_or(String::new(), |control| format!(" on a clock of {control}")),
        games - wins - draws,
        100.0 * share,
        100.0 * half_width,
        per_move(0),
        per_move(1),
    );
    ExitCode::SUCCESS
}

/// The mean of `samples` and the half-width of its 95 % interval (normal approximation).
fn mean_and_interval(samples: &[f64]) -> (f64, f64) {
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n;
    let variance = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

/// Plays game `index`: pair `index / 2`'s opening, the first player Black in even games.
fn play_game(args: &Args, rules: &Rules, weights: &[Weights; 2], index: usize) -> Outcome {
    let seed = args.table.seed.unwrap_or(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (index as u64 / 2);
    let mut game = Game::new(rules.clone(), seed).expect("rules that built draw their blocked cells");
    let first_colour = if index.is_multiple_of(2) { Color::Black } else { Color::White };
    let mut players = weights.clone().map(|w| {
        let mut searcher = Searcher::with_hash_mb(4).with_pattern_weights(w.patterns);
        let selectivity = w.confidence.map_or_else(Selectivity::default, Selectivity::probcut);
        searcher = searcher.with_selectivity(w.probcut.map_or(selectivity, |nodes| selectivity.at_nodes(nodes)));
        let player = EnginePlayer::with_searcher(
            args.level,
            w.features.into_iter().fold(searcher, Searcher::with_feature_weights),
        )
        .without_book();
        match args.time {
            Some(control) => player.with_clock(Clock::new(control)),
            None => player,
        }
    });
    // `self_play` takes Black's player first.
    if first_colour == Color::White {
        players.swap(0, 1);
    }
    // The CPU time from one position to the next is the move's, the mover's of the first.
    let (mut cpu, mut moves) = ([Duration::ZERO; 2], [0u32; 2]);
    let mut last: Option<(usize, Duration)> = None;
    let mut charge = |mover: Option<usize>| {
        let now = thread_cpu();
        if let Some((side, then)) = last {
            cpu[side] += now.saturating_sub(then);
            moves[side] += 1;
        }
        last = mover.map(|side| (side, now));
    };
    let plies = args.opening_plies;
    self_play(&mut game, plies, seed, &mut players, |pos| {
        let ply = pos.count(Color::Black) + pos.count(Color::White) - 4;
        let engine = ply as usize >= plies;
        charge(engine.then(|| usize::from(pos.side_to_move() != first_colour)));
        true
    })
    .expect("the engines move legally to the end");
    charge(None);
    let result = game.score();
    let (black, white) = (i64::from(result.black()), i64::from(result.white()));
    Outcome { margin: if first_colour == Color::Black { black - white } else { white - black }, cpu, moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_narrows_with_more_samples() {
        let few = [1.0, 0.0, 0.5, 1.0];
        let many: Vec<f64> = few.iter().cycle().take(400).copied().collect();
        let (m1, w1) = mean_and_interval(&few);
        let (m2, w2) = mean_and_interval(&many);
        assert!((m1 - 0.625).abs() < 1e-12 && (m2 - 0.625).abs() < 1e-12);
        assert!(w2 < w1 / 5.0, "{w1} {w2}");
    }
}
