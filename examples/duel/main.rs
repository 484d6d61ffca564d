//! You against the built-in mobility player in the terminal, under any rules.
//!
//! ```text
//! cargo run --example duel -- [--seed S] [--size WxH | --octagon] [--blocked none|random|N|c3,f7]
//!     [--handicap black:N|white:N|black:a1,h8] [--free-opening] [--scoring discs|wof]
//!     [--color black|white] [--record FILE]
//! ```
//!
//! The table flags are those of the `play` example; the default is the standard 8×8 game,
//! with you as Black. The board marks your legal moves with `*`. Type a cell (`d3`), `hint`
//! for the built-in player's choice, `undo` to take back your last move and the reply, or
//! `quit`. Quitting, the end of the input and the end of the game all save the record as JSON
//! to `--record FILE` or `duel-<seed>.json`, and print where.

#[path = "../output/mod.rs"]
mod output;
mod session;

use std::io;
use std::process::ExitCode;

use output::outln;
use reversi_kit::variants::{Game, cli};
use session::DuelError;

fn main() -> ExitCode {
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(arg) if arg == "--help" || arg == "-h" => {
                outln!("{}", session::USAGE);
                return ExitCode::SUCCESS;
            }
            Ok(arg) => args.push(arg),
            Err(arg) => return fail(&format!("argument {arg:?} is not valid UTF-8")),
        }
    }
    let options = match session::parse_args(args) {
        Ok(options) => options,
        Err(message) => return fail(&message),
    };
    let seed = options.seed.unwrap_or_else(cli::fresh_seed);
    let game = match Game::new(options.rules, seed) {
        Ok(game) => game,
        Err(e) => return fail(&e.to_string()),
    };
    let outcome = match session::run(game, options.human, io::stdin().lock(), &mut io::stdout()) {
        Ok(outcome) => outcome,
        // A read error on stdin cannot be a broken pipe: this one is stdout's, whose reader
        // has gone. The game stops there, like the output, with no record saved.
        Err(DuelError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => output::stop(&e),
        Err(e) => {
            eprintln!("duel: {e}");
            return ExitCode::FAILURE;
        }
    };
    let path = options.record.unwrap_or_else(|| session::default_record_path(seed));
    match session::save_record(&outcome.record, &path) {
        Ok(()) => {
            outln!("record saved to {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("duel: cannot save the record to {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("duel: {message}");
    eprintln!("{}", session::USAGE);
    ExitCode::from(2)
}
