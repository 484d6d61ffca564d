//! Fits the evaluation's features' weights for one board on the engine's self-play games there,
//! and writes them as a weights file (`--out`, for `weights_match --first-features`) and as the
//! engine's built-in table for that board (`--source`, a module of
//! `crates/reversi-engine/src/eval/boards/`).
//!
//! ```text
//! cargo run --release -p reversi-tools --bin fit_board -- --size 10x10 --games 2000 --level 3 --jobs 2 \
//!     --out target/ten.txt --source crates/reversi-engine/src/eval/boards/ten.rs
//! ```
//!
//! Each game starts from `--opening-plies` random moves (its seed from `--seed` and its
//! number, which also draws random blocked cells); then the engine at `--level` plays both
//! sides to the end. Every position where the side to move has a move, the opening's too, is
//! a sample: its
//! features and, as the label, the game's final disc difference for that side. The engine
//! solves the last cells exactly (level 3 from 8 empty cells), so the label is the result of
//! perfect play from there, and of the level's play before. One game in five is held out: the
//! fit (ridge least squares per phase, as `tune` does) uses the others, and the summary gives
//! each phase's error on the held-out games for the board's built-in weights and for the fit.
//! The same arguments give the same games and the same weights; an error leaves no file.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use reversi_cli::{args, errors, outln, table};
use reversi_kit::core::Color;
use reversi_kit::engine::eval::training::{FEATURE_NAMES, FEATURES, FeatureRows, PHASES, WEIGHTS};
use reversi_kit::engine::eval::{Evaluator, FeatureWeights};
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::engine::search::Searcher;
use reversi_kit::variants::{Game, Rules};
use reversi_tools::{Normal, feature_rows_text, game_seed, in_order, self_play};

/// Fits a board's features' weights on self-play games.
#[derive(Parser, Debug)]
#[command(name = "fit_board", version)]
struct Args {
    /// Self-play games.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    games: usize,
    /// The level that plays them, 1 to 10.
    #[arg(long, value_name = "N", default_value = "3")]
    level: Level,
    /// Rounds of games: the first played with the weights fitted on real 8×8 games, each next
    /// one with the fit of the round before; the last round's games give the weights.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10))]
    rounds: u32,
    /// Random plies before the engine takes over.
    #[arg(long, value_name = "N", default_value_t = 6)]
    opening_plies: usize,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value = "1")]
    jobs: NonZeroUsize,
    /// Write the weights file here.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the engine's table for the board (Rust source) here.
    #[arg(long, value_name = "FILE")]
    source: Option<PathBuf>,
    /// The board and the seed of the games (default seed: 1).
    #[command(flatten)]
    table: table::TableArgs,
}

/// One game's samples: (phase, features, label in hundredths of a disc).
type Samples = Vec<(usize, [i32; FEATURES], f64)>;

/// Plays game `index` and gives its samples.
fn play_game(args: &Args, rules: &Rules, weights: &FeatureWeights, index: usize) -> Result<Samples, String> {
    let seed = game_seed(args.table.seed.unwrap_or(1), index);
    let mut game = Game::new(rules.clone(), seed).map_err(|e| e.to_string())?;
    let eval = Evaluator::new(game.position().geometry());
    let player =
        || EnginePlayer::with_searcher(args.level, Searcher::with_hash_mb(4).with_feature_weights(weights.clone()));
    let mut positions = Vec::new();
    self_play(&mut game, args.opening_plies, seed, &mut [player(), player()], |pos| {
        if pos.has_legal_moves() {
            positions.push((eval.phase(pos), eval.features(pos), pos.side_to_move()));
        }
        true
    })?;
    let score = game.score();
    let black = f64::from(score.black()) - f64::from(score.white());
    Ok(positions
        .into_iter()
        .map(|(phase, features, mover)| (phase, features, 100.0 * if mover == Color::Black { black } else { -black }))
        .collect())
}

/// Plays round `round`'s games (numbered on from the rounds before) on `jobs` threads with
/// the features' `weights`, in the order of their numbers.
fn play_games(args: &Args, rules: &Rules, weights: &FeatureWeights, round: u32) -> Result<Vec<Samples>, String> {
    in_order(args.games, args.jobs.get(), |i| {
        let samples = play_game(args, rules, weights, round as usize * args.games + i);
        if (i + 1).is_multiple_of(200) {
            eprintln!("fit_board: round {}, game {} of {}", round + 1, i + 1, args.games);
        }
        samples
    })
    .into_iter()
    .collect()
}

/// One round's fit: the sums of its fitted and held-out games, the fit and its rounded table.
struct Round {
    fit: Vec<Normal>,
    held_out: Vec<Normal>,
    fitted: Vec<[f64; FEATURES]>,
    rows: FeatureRows,
    positions: usize,
}

/// No game reached phase `p`, neither a fitted one nor a held-out one (phase 0 of 6×6 ends
/// before the four first discs): the fit keeps the row that played.
fn unreached(fit: &[Normal], held_out: &[Normal], p: usize) -> bool {
    fit[p].count() + held_out[p].count() == 0
}

/// Plays round `round` with the features' weights `playing` and fits its games.
fn fit_round(args: &Args, rules: &Rules, playing: &FeatureWeights, round: u32) -> Result<Round, String> {
    let games = play_games(args, rules, playing, round)?;
    let mut fit: Vec<Normal> = (0..PHASES).map(|_| Normal::default()).collect();
    let mut held_out: Vec<Normal> = (0..PHASES).map(|_| Normal::default()).collect();
    for (i, samples) in games.iter().enumerate() {
        let normals = if i % 5 == 4 { &mut held_out } else { &mut fit };
        for (phase, features, label) in samples {
            normals[*phase].add(features, *label);
        }
    }
    // A phase that no game reached keeps the row that played; one with too few positions to
    // fit or to check on is an error.
    let unreached = |p: usize| unreached(&fit, &held_out, p);
    if let Some(phase) = (0..PHASES).find(|&p| !unreached(p) && (fit[p].is_flat() || held_out[p].count() == 0)) {
        return Err(format!("phase {phase} has no position to fit or to check on: play more games"));
    }
    let fitted: Vec<[f64; FEATURES]> = (0..PHASES)
        .map(|p| match fit[p].solve() {
            Some(row) if !unreached(p) => row,
            _ => playing.rows()[p].map(f64::from),
        })
        .collect();
    let rows = core::array::from_fn(|p| fitted[p].map(|w| w.round() as i32));
    let positions = games.iter().map(Vec::len).sum();
    Ok(Round { fit, held_out, fitted, rows, positions })
}

fn main() -> ExitCode {
    let args = args::parse::<Args>();
    let rules = args.table.rules_or_exit::<Args>(Rules::builder());
    if args.games < 5 {
        args::usage_error::<Args>("--games: at least 5, one of them held out");
    }
    // The first round plays with the table fitted on real 8×8 games whatever the board's
    // built-in one is, so that a rerun after the fit has been built in plays the same games.
    // (A build whose search differs, say in its probable cut-offs' margins, which follow the
    // board, plays other games and fits a slightly other table.)
    let mut playing = FeatureWeights::new(WEIGHTS);
    let mut round = None;
    for r in 0..args.rounds {
        round = match fit_round(&args, &rules, &playing, r) {
            Ok(done) => Some(done),
            Err(e) => return errors::fail(e),
        };
        if let Some(Round { rows, .. }) = &round {
            playing = FeatureWeights::new(*rows);
        }
    }
    let Round { fit, held_out, fitted, rows, positions } = round.expect("at least one round");
    let unreached = |p: usize| unreached(&fit, &held_out, p);
    let geometry = Game::new(rules.clone(), game_seed(args.table.seed.unwrap_or(1), 0))
        .map(|g| *g.position().geometry())
        .expect("the first game was played with these rules");
    let before = FeatureWeights::built_in(&geometry);
    let mut report = vec![format!(
        "{} round(s) of {} games of level {}, the last one's {positions} positions fitted, one game in five held out",
        args.rounds, args.games, args.level,
    )];
    report.push("phase | positions fitted | held-out RMS error (discs), built-in | fitted".to_owned());
    for p in (0..PHASES).filter(|&p| !unreached(p)) {
        let old: [f64; FEATURES] = before.rows()[p].map(f64::from);
        report.push(format!(
            "{p} | {} | {:.2} | {:.2}",
            fit[p].count(),
            held_out[p].rms_error(&old) / 100.0,
            held_out[p].rms_error(&fitted[p]) / 100.0
        ));
    }
    let kept: Vec<String> = (0..PHASES).filter(|&p| unreached(p)).map(|p| p.to_string()).collect();
    if !kept.is_empty() {
        report.push(format!("phases reached by no game, the 8×8 table's rows kept: {}", kept.join(", ")));
    }
    for line in &report {
        outln!("{line}");
    }
    let command = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let mut comments = vec![format!("fit_board {command}")];
    comments.extend(report.iter().cloned());
    if let Some(out) = &args.out
        && let Err(e) = std::fs::write(out, feature_rows_text(&comments, &rows))
    {
        return errors::fail(format_args!("cannot write {}: {e}", out.display()));
    }
    if let Some(source) = &args.source
        && let Err(e) = std::fs::write(source, rust_source(&command, &report, &rows))
    {
        return errors::fail(format_args!("cannot write {}: {e}", source.display()));
    }
    ExitCode::SUCCESS
}

/// The engine's module for the board: how it was made, the fit, the table.
fn rust_source(command: &str, report: &[String], rows: &FeatureRows) -> String {
    let mut text = String::new();
    let mut line = |l: &str| {
        text.push_str(l.trim_end());
        text.push('\n');
    };
    line("//! Generated by `tools/src/bin/fit_board.rs`: the features' weights fitted on the engine's");
    line("//! self-play games on this board ([`super`] says how); rerun with");
    line(&format!("//! `cargo run --release -p reversi-tools --bin fit_board -- {command}`."));
    line("//!");
    line(&format!("//! {}.", report[0]));
    line("//!");
    line("//! | phase | positions fitted | held-out RMS error (discs), the built-in table then | this fit |");
    line("//! | ---: | ---: | ---: | ---: |");
    let (rows_of_table, notes): (Vec<&String>, Vec<&String>) = report[2..].iter().partition(|r| r.contains(" | "));
    for row in rows_of_table {
        line(&format!("//! | {row} |"));
    }
    for note in notes {
        line("//!");
        line(&format!("//! {note}."));
    }
    line("");
    line("use crate::eval::boards::FeatureRows;");
    line("");
    line(&format!("/// `WEIGHTS[phase][feature]`. Columns: {}.", FEATURE_NAMES.join(", ")));
    line("#[rustfmt::skip]");
    line("pub(super) const WEIGHTS: FeatureRows = [");
    for row in rows {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:5}")).collect();
        line(&format!("    [{}],", cells.join(", ")));
    }
    line("];");
    text
}
