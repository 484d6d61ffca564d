//! Time per move of each engine level on a few boards, over fixed positions from seeded random
//! games: the mean and largest wall-clock time of one move, and the mean CPU time of the
//! process (user + system, from `/proc/self/stat` where there is one, in 10 ms ticks summed
//! over all the positions), which a machine shared with other work inflates less.
//!
//! ```text
//! cargo run --release --example levels -- [--help] [--version] [--boards 8x8,10x10,16x16] [--levels 1-10] [--positions N]
//! ```
//!
//! The positions of each board are taken from random games (seed 1, 2, …) at evenly spread
//! numbers of empty cells, from the opening to the last third; each level searches each
//! position with a fresh table. One line per board and level:
//!
//! ```text
//! 8x8     level 5   mean    12.67 ms   max    29.50 ms   cpu     3.75 ms   nodes 4287      first-move cut-offs  91.3 %
//! ```

use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use reversi_cli::{args, outln};
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::engine::search::Cutoffs;
use reversi_kit::variants::players::{Player, RandomPlayer};
use reversi_kit::variants::{Board, Game, Rules};

/// `count` positions of `board`, from random games, spread over the game.
fn positions(board: Board, count: usize) -> Vec<Game> {
    let rules = Rules::builder().board(board).build().expect("a valid board");
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut game = Game::new(rules.clone(), seed).expect("valid rules");
        let cells = game.position().empty_cells().len() as usize;
        // From the opening to two thirds of the game, evenly.
        let target = 2 + (out.len() * cells * 2) / (3 * count);
        let mut random = RandomPlayer::new(seed);
        while game.history().len() < target && !game.is_over() {
            let mv = random.choose(&game).expect("not over");
            game.play(mv).expect("legal");
        }
        if !game.is_over() && !game.must_pass() {
            out.push(game);
        }
    }
    out
}

/// The process's CPU time so far (user + system), if `/proc/self/stat` tells it; Linux counts
/// it in ticks of 1/100 s.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The levels to time, in increasing order.
#[derive(Clone, Debug)]
struct Levels(Vec<u8>);

/// Levels `N` or `N-M`, within 1-10.
fn parse_levels(text: &str) -> Result<Levels, String> {
    let invalid = || format!("invalid levels {text:?}: expected N or N-M within 1-10");
    let (lo, hi) = text.split_once('-').unwrap_or((text, text));
    let (lo, hi): (u8, u8) = (lo.parse().map_err(|_| invalid())?, hi.parse().map_err(|_| invalid())?);
    if 1 <= lo && lo <= hi && hi <= 10 { Ok(Levels((lo..=hi).collect())) } else { Err(invalid()) }
}

/// Time per move of each engine level on a few boards.
#[derive(Debug, Parser)]
#[command(name = "levels", version)]
struct Options {
    /// The boards, comma-separated: even sizes from 4 to 16 a side (8x8, 10x6), or octagon
    #[arg(long, value_name = "WxH,...", value_delimiter = ',', default_value = "8x8,10x10,16x16")]
    boards: Vec<Board>,
    /// The levels: N or N-M, within 1-10
    #[arg(long, value_name = "N-M", value_parser = parse_levels, default_value = "1-10")]
    levels: Levels,
    /// Positions per board, from seeded random games, at least 1
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = RangedU64ValueParser::<usize>::new().range(1..=10_000))]
    positions: usize,
}

fn main() {
    let options = args::parse::<Options>();
    for &board in &options.boards {
        let games = positions(board, options.positions);
        for &n in &options.levels.0 {
            let level = Level::new(n).expect("a parsed level");
            let (mut total, mut max, mut nodes) = (Duration::ZERO, Duration::ZERO, 0u64);
            let mut cutoffs = Cutoffs::default();
            let cpu_before = cpu_time();
            for game in &games {
                let mut engine = EnginePlayer::new(level);
                let start = Instant::now();
                let result = engine.analyse(game).expect("not over");
                let took = start.elapsed();
                total += took;
                max = max.max(took);
                nodes += result.nodes();
                cutoffs = cutoffs + result.cutoffs();
                assert!(game.is_legal(result.best()), "a legal move");
            }
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            let cpu = match (cpu_before, cpu_time()) {
                (Some(a), Some(b)) => format!("{:8.2} ms", ms(b - a) / games.len() as f64),
                _ => "       ? ms".to_owned(),
            };
            // The share of cut-offs made by the first move tried (exact solves count none).
            let first = cutoffs.first_move_rate().map_or("    -".to_owned(), |r| format!("{:5.1}", 100.0 * r));
            outln!(
                "{:<7} level {n:<2}  mean {:8.2} ms   max {:8.2} ms   cpu {cpu}   nodes {:<9} first-move cut-offs {first} %",
                board.to_string(),
                ms(total) / games.len() as f64,
                ms(max),
                nodes / games.len() as u64
            );
        }
    }
}
