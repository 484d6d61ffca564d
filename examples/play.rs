//! Plays a complete game of any variant between two built-in players, drawing the board as it
//! goes: Black plays random moves, White maximises its mobility. The same seed gives the same
//! table and the same game.
//!
//! ```text
//! cargo run --example play -- [--seed S] [--size WxH | --octagon] [--blocked none|random|N|b2,g7]
//!     [--handicap black:N|white:N|black:a1,h8] [--free-opening] [--scoring discs|wof] [--quiet] [--record FILE]
//! ```
//!
//! The default is 8×8 with random blocked cells and a fresh seed. Whatever the flags, the
//! output has the lines `seed: S`, `blocked: c3 f7` (or `blocked: none`) and, last,
//! `result: B-W` (Black's score, then White's).

mod output;

use std::process::ExitCode;

use output::outln;
use reversi_kit::core::diagram;
use reversi_kit::records::{GameRecord, Metadata};
use reversi_kit::variants::players::{MobilityPlayer, Player, RandomPlayer};
use reversi_kit::variants::{Blocked, Game, Move, Rules, cli};

const USAGE: &str = "usage: play [--seed S] [--size WxH | --octagon] [--blocked none|random|N|b2,g7] \
[--handicap black:N|white:N|black:a1,h8] [--free-opening] [--scoring discs|wof] [--quiet] [--record FILE]";

/// How much to print.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verbosity {
    /// The board after every move.
    Full,
    /// The summary lines only.
    Quiet,
}

/// The example's own flags, after the table flags are taken out.
struct Options {
    verbosity: Verbosity,
    /// `--record FILE`: where to save the game as a JSON record.
    record: Option<String>,
}

fn parse_options(rest: &[String]) -> Result<Options, String> {
    let mut options = Options { verbosity: Verbosity::Full, record: None };
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--record" if options.record.is_none() => {
                options.record = Some(args.next().ok_or("--record needs a file name")?.clone());
            }
            "--record" => return Err("--record is given twice".to_owned()),
            "--quiet" if options.verbosity == Verbosity::Full => options.verbosity = Verbosity::Quiet,
            "--quiet" => return Err("--quiet is given twice".to_owned()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(arg) if arg == "--help" || arg == "-h" => {
                outln!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Ok(arg) => args.push(arg),
            Err(arg) => return fail(&format!("argument {arg:?} is not valid UTF-8")),
        }
    }
    let table = match cli::parse_table_args(args, Rules::builder().blocked(Blocked::Random)) {
        Ok(table) => table,
        Err(err) => return fail(&err.to_string()),
    };
    let options = match parse_options(table.rest()) {
        Ok(options) => options,
        Err(message) => return fail(&message),
    };
    let seed = table.seed().unwrap_or_else(cli::fresh_seed);
    match play(table.rules().clone(), seed, options.verbosity, options.record.as_deref()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("play: {message}");
    eprintln!("{USAGE}");
    ExitCode::from(2)
}

fn play(rules: Rules, seed: u64, verbosity: Verbosity, record: Option<&str>) -> Result<(), String> {
    let full = verbosity == Verbosity::Full;
    outln!("seed: {seed}");
    outln!("rules: {rules}");
    let mut game = Game::new(rules, seed).map_err(|e| e.to_string())?;
    let blocked = game.blocked();
    outln!("blocked: {}", if blocked.is_empty() { "none".to_owned() } else { blocked.to_string() });

    // The random player's draws are kept apart from the layout's by a different key.
    let mut black = RandomPlayer::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut white = MobilityPlayer::new();
    if full {
        outln!("black: {}, white: {}", black.name(), white.name());
        outln!("\n{}", diagram(game.position(), game.legal_moves()));
    }
    loop {
        let player: &mut dyn Player = match game.side_to_move() {
            reversi_kit::Color::Black => &mut black,
            reversi_kit::Color::White => &mut white,
        };
        let Some(mv) = player.choose(&game) else { break };
        let color = game.side_to_move();
        let flips = game.play(mv).map_err(|e| format!("{} chose {mv}: {e}", player.name()))?;
        if full {
            let number = game.history().len();
            match mv {
                Move::Pass => outln!("{number}. {color} passes"),
                Move::Place(_) if flips.is_empty() => outln!("{number}. {color} {mv}"),
                Move::Place(_) => outln!("{number}. {color} {mv}, flips {flips}"),
            }
            outln!("{}", diagram(game.position(), game.legal_moves()));
        }
    }
    let result = game.result().ok_or("the players stopped before the end")?;
    if let Some(path) = record {
        let metadata = Metadata {
            black: Some(black.name().to_owned()),
            white: Some(white.name().to_owned()),
            ..Metadata::default()
        };
        let record = GameRecord::from_game(&game).map_err(|e| e.to_string())?.with_metadata(metadata);
        let json = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?;
        std::fs::write(path, json + "\n").map_err(|e| format!("{path}: {e}"))?;
        outln!("record: {path}");
    }
    let winner = result.winner().map_or("draw".to_owned(), |c| format!("{c} wins"));
    outln!("moves: {}", game.history().len());
    outln!("winner: {winner}");
    outln!("result: {result}");
    Ok(())
}
