//! Plays a complete game of any variant between two players, drawing the board as it goes: by
//! default Black plays random moves and White maximises its mobility; `--black`/`--white`
//! choose `random`, `mobility` or `engine:N` (the engine at level N, 1 to 10). The same seed
//! gives the same table and the same game.
//!
//! ```text
//! cargo run --example play -- [--help] [--version] [--seed SEED] [--size WxH | --octagon] [--blocked none|random|N|b2,g7]
//!     [--handicap black:N|white:N|black:a1,h8] [--free-opening] [--scoring discs|wof] [--quiet] [--record FILE]
//!     [--black PLAYER] [--white PLAYER] [--from POSITION] [--time CONTROL]
//! ```
//!
//! The default is 8×8 with random blocked cells and a fresh seed. `--from` starts the game from
//! a position (rows from the top, `X` Black, `O` White, `-` empty, `#` blocked, then the side to
//! move: `--from '--------/--------/---X----/---XX---/---XO---/--------/--------/-------- O'`,
//! or the one-line 8×8 form of NBoard and GGF); no cell is then blocked unless the flags say
//! so, and the board is the flags' (8×8 unless `--size` or `--octagon`): a position of another
//! size is refused, as is one the rules cannot hold, with status 2. Whatever the flags, the
//! output has the lines `seed: S`, `blocked: c3 f7` (or `blocked: none`) and, last,
//! `result: B-W` (Black's score, then White's). `--time 5m+2s` puts the engine players on a
//! clock (5 minutes a game, 2 s added after each move; `60s`; `2s/move`), which they spend
//! instead of their level's depth and nodes; every move is timed, and a `clock:` line for each
//! side says its time left, its late moves (past its time left: the game goes on) and the
//! least time it had left as a move ended. A bad control, or one longer than a year, is a bad
//! flag (status 2).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use game_clock::GameClocks;
use player_spec::PlayerSpec;
use record_file::RecordFile;
use reversi_cli::{args, errors, game_clock, outln, player_spec, record_file, table};
use reversi_kit::core::{Position, diagram};
use reversi_kit::engine::clock::TimeControl;
use reversi_kit::records::{GameRecord, Metadata};
use reversi_kit::variants::players::Player;
use reversi_kit::variants::{Blocked, Game, Move, Rules};
use table::TableArgs;

/// Plays a whole game between two players (by default Black random, White mobility), drawing
/// the board after every move; the same seed gives the same table and the same game.
#[derive(Debug, Parser)]
#[command(name = "play", version)]
struct Options {
    #[command(flatten)]
    table: TableArgs,
    /// Print only the summary lines, not the board after every move
    #[arg(long)]
    quiet: bool,
    /// Save the game as a JSON record to FILE (opened before the game starts)
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Black's player: random, mobility, engine:N (the engine at level N, 1 to 10) or engine:N:nobook (no opening book)
    #[arg(long, value_name = "PLAYER", default_value = "random")]
    black: PlayerSpec,
    /// White's player: random, mobility, engine:N or engine:N:nobook
    #[arg(long, value_name = "PLAYER", default_value = "mobility")]
    white: PlayerSpec,
    /// Start from this position (rows separated by /, X O - #, a space, the side to move)
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    from: Option<Position>,
    /// A clock for the engine players: 5m+2s (5 minutes a game, 2 s added after each move),
    /// 60s, or 2s/move
    #[arg(long, value_name = "CONTROL", value_parser = game_clock::time_control)]
    time: Option<TimeControl>,
}

/// How much to print.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verbosity {
    /// The board after every move.
    Full,
    /// The summary lines only.
    Quiet,
}

fn main() -> ExitCode {
    let options = args::parse::<Options>();
    let defaults = match &options.from {
        // A set-up position blocks no cell it does not mark; its board is the flags'.
        Some(_) => Rules::builder(),
        None => Rules::builder().blocked(Blocked::Random),
    };
    let rules = options.table.rules_or_exit::<Options>(defaults);
    let seed = options.table.seed.unwrap_or_else(table::fresh_seed);
    let game = match options.from {
        // A bad --from is a bad flag (status 2), whether it does not read (clap's error) or
        // the rules cannot hold it: the rules are never changed to fit it.
        Some(position) => {
            let (found, board) = (position.geometry(), rules.geometry());
            if (found.width(), found.height()) != (board.width(), board.height()) {
                let size = format!("{}x{}", found.width(), found.height());
                args::usage_error::<Options>(format!(
                    "--from: the position is {size} but the board is {}: give --size {size} (or --octagon) for it",
                    rules.board()
                ));
            }
            Game::from_position(rules, Some(seed), position)
                .unwrap_or_else(|e| args::usage_error::<Options>(format!("--from: {}", errors::chain(&e))))
        }
        None => match Game::new(rules, seed) {
            Ok(game) => game,
            Err(e) => return errors::fail(e),
        },
    };
    // A file that cannot be written is found now, not after the game.
    let mut record = match options.record {
        None => None,
        Some(path) => match RecordFile::open(path.clone()) {
            Ok(file) => Some(file),
            Err(e) => return errors::fail(format!("cannot write the record to {}: {e}", path.display())),
        },
    };
    let verbosity = if options.quiet { Verbosity::Quiet } else { Verbosity::Full };
    match play(game, seed, [options.black, options.white], options.time, verbosity, record.as_mut()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => errors::fail(message),
    }
}

fn play(
    mut game: Game,
    seed: u64,
    players: [PlayerSpec; 2],
    time: Option<TimeControl>,
    verbosity: Verbosity,
    record: Option<&mut RecordFile>,
) -> Result<(), String> {
    let full = verbosity == Verbosity::Full;
    outln!("seed: {seed}");
    outln!("rules: {}", game.rules());
    outln!("blocked: {}", table::blocked_line(game.blocked()));
    if game.is_set_up() {
        outln!("from: {}", game.start_position());
    }

    // A random player's draws are kept apart from the layout's (and from each other's) by
    // different keys.
    let mut black = players[0].build_on(seed ^ 0x9e37_79b9_7f4a_7c15, time);
    let mut white = players[1].build_on(seed ^ 0x6a09_e667_f3bc_c908, time);
    let mut referee = time.map(GameClocks::new);
    if let Some(control) = time {
        outln!("time: {control}");
    }
    if full {
        outln!("black: {}, white: {}", black.name(), white.name());
        outln!("\n{}", diagram(game.position(), game.legal_moves()));
    }
    loop {
        let player: &mut dyn Player = match game.side_to_move() {
            reversi_kit::Color::Black => &mut *black,
            reversi_kit::Color::White => &mut *white,
        };
        let started = std::time::Instant::now();
        let Some(mv) = player.choose(&game) else { break };
        let color = game.side_to_move();
        if let Some(referee) = &mut referee {
            referee.record(color, started.elapsed());
        }
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
    if let Some(file) = record {
        let metadata = Metadata {
            black: Some(black.name().to_owned()),
            white: Some(white.name().to_owned()),
            ..Metadata::default()
        };
        let record = GameRecord::from_game(&game).map_err(|e| e.to_string())?.with_metadata(metadata);
        let path = file.path().display().to_string();
        file.save(&record).map_err(|e| format!("cannot write the record to {path}: {e}"))?;
        outln!("record: {path}");
    }
    if let Some(referee) = &referee {
        for color in [reversi_kit::Color::Black, reversi_kit::Color::White] {
            outln!("clock: {}", referee.summary(color));
        }
    }
    let winner = result.winner().map_or("draw".to_owned(), |c| format!("{c} wins"));
    outln!("moves: {}", game.history().len());
    outln!("winner: {winner}");
    outln!("result: {result}");
    Ok(())
}
