//! Plays N games between two players under any rules and prints a line per game and a summary.
//!
//! ```text
//! cargo run --release --example match -- engine:5 mobility --games 20 [--seed SEED] [--opening-plies N]
//!     [--size WxH | --octagon] [--blocked none|random|N|b2,g7] [--handicap C:V] [--free-opening]
//!     [--scoring discs|wof] [--jobs J] [--time CONTROL]
//! ```
//!
//! Games go in pairs: both games of a pair use the same table (its blocked cells drawn from
//! the pair's seed) and the same random opening of K plies (4 by default; the free opening's
//! placements count as plies), with the colours swapped. The same seed gives the same games.
//! `--jobs J` plays J games at once; the output does not depend on it. The summary counts
//! the first player's wins, draws and losses, its share of the points (a draw is half a point)
//! and its mean margin under the rules' scoring:
//!
//! ```text
//! engine:5 vs mobility: 19 wins, 0 draws, 1 loss, 97.5 % of points, +31.2 discs a game
//! ```
//!
//! The mean thinking time per move of each player goes to stderr (it is not reproducible).
//! `--time 5m+2s` puts the engine players on a clock (a game of 5 minutes and 2 s added after
//! each move; `60s`, or `2s/move` for a time a move), which they spend instead of their
//! level's depth and nodes; the match times every move, and stderr says each player's late
//! moves (past its time left: the game goes on) and the least time it had left as a move
//! ended. A bad control, or one longer than a year, is a bad flag (status 2).

use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use game_clock::GameClocks;
use indicatif::{ProgressBar, ProgressStyle};
use player_spec::PlayerSpec;
use reversi_cli::{args, errors, game_clock, outln, player_spec, table};
use reversi_kit::core::Color;
use reversi_kit::engine::clock::TimeControl;
use reversi_kit::variants::players::{Player, RandomPlayer};
use reversi_kit::variants::{Game, Rules, RulesError};

/// The most games a match takes: the outcomes are kept in memory until the summary, and a
/// million games is far beyond any run's time.
const MAX_GAMES: u64 = 1_000_000;

/// The most random opening plies on any board (half a 16×16 board's empty cells at the
/// start); a board's own bound is half its empty cells ([`check_opening_plies`]).
const MAX_OPENING_PLIES: u64 = 126;

/// `--games`: an even number from 2 to [`MAX_GAMES`]. An odd count is refused rather than
/// rounded: games go in pairs (one opening, colours swapped), and a match of another length
/// than asked would be a silent change.
fn even_games(text: &str) -> Result<usize, String> {
    let n: u64 = text.parse().map_err(|_| format!("{text:?} is not a number of games"))?;
    if !(2..=MAX_GAMES).contains(&n) {
        return Err(format!("{n} is out of range: 2 to {MAX_GAMES}"));
    }
    if n % 2 == 1 {
        return Err(format!(
            "{n} is odd: games go in pairs with the colours swapped, so give an even number ({})",
            n + 1
        ));
    }
    usize::try_from(n).map_err(|_| format!("{n} is too large"))
}

/// `--opening-plies` against the board: at most half its empty cells at the start, so that the
/// players, not the random opening, play most of each game.
fn check_opening_plies(plies: usize, rules: &Rules) -> Result<(), String> {
    let empty = rules.geometry().playable().len() as usize - 4;
    if plies > empty / 2 {
        return Err(format!(
            "--opening-plies {plies} is more than half the board's {empty} empty cells: at most {}",
            empty / 2
        ));
    }
    Ok(())
}

/// The most games at once (a thread each): far more than any machine has cores.
const MAX_JOBS: u64 = 1024;

/// Plays games between two players.
#[derive(Parser, Debug)]
#[command(name = "match", version)]
struct Args {
    /// The first player: random, mobility, engine:N or engine:N:nobook (no opening book)
    #[arg(value_name = "PLAYER")]
    first: PlayerSpec,
    /// The second player: random, mobility, engine:N or engine:N:nobook
    #[arg(value_name = "PLAYER")]
    second: PlayerSpec,
    /// The number of games, an even number from 2 (games go in pairs, colours swapped).
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = even_games)]
    games: usize,
    /// Random plies at the start of each pair of games, at most half the board's empty cells.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = RangedU64ValueParser::<usize>::new().range(0..=MAX_OPENING_PLIES))]
    opening_plies: usize,
    /// Games played at once, 1 to 1024.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_JOBS))]
    jobs: usize,
    /// A clock for the engine players: 5m+2s (5 minutes a game, 2 s added after each move),
    /// 60s, or 2s/move
    #[arg(long, value_name = "CONTROL", value_parser = game_clock::time_control)]
    time: Option<TimeControl>,
    /// The rules and the seed of the tables and openings (default seed: 1).
    #[command(flatten)]
    table: table::TableArgs,
}

impl Args {
    /// The rules that the table flags ask for.
    fn rules(&self) -> Result<Rules, RulesError> {
        self.table.rules(Rules::builder())
    }

    /// The match's seed: `--seed`, or 1, so that a match without one replays too.
    fn seed(&self) -> u64 {
        self.table.seed.unwrap_or(1)
    }
}

/// One game's outcome, from the first player's side.
#[derive(Clone, Debug)]
struct Outcome {
    first_colour: Color,
    black: u32,
    white: u32,
    plies: usize,
    /// Each player's thinking time and moves, first player first.
    clocks: [(std::time::Duration, u32); 2],
    /// Under `--time`, each player's late moves and the least time it had left as a move
    /// ended, first player first.
    late: [u32; 2],
    least_left: [Option<std::time::Duration>; 2],
}

impl Outcome {
    fn margin(&self) -> i64 {
        let (mine, theirs) = match self.first_colour {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        };
        i64::from(mine) - i64::from(theirs)
    }
}

/// A well-mixed seed for pair `pair` of the match seeded `seed`.
fn pair_seed(seed: u64, pair: usize) -> u64 {
    let mut z = seed ^ (pair as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `index` (pair `index / 2`; the first player is Black in even games).
fn play_game(args: &Args, rules: &Rules, index: usize) -> Result<Outcome, String> {
    let seed = pair_seed(args.seed(), index / 2);
    let mut game = Game::new(rules.clone(), seed).map_err(|e| e.to_string())?;
    let mut opening = RandomPlayer::new(seed);
    for _ in 0..args.opening_plies {
        match opening.choose(&game) {
            Some(mv) => game.play(mv).map_err(|e| e.to_string())?,
            None => break,
        };
    }
    let first_colour = if index.is_multiple_of(2) { Color::Black } else { Color::White };
    let mut first = args.first.build_on(seed, args.time);
    let mut second = args.second.build_on(seed ^ 1, args.time);
    let mut clocks = [(std::time::Duration::ZERO, 0); 2];
    let mut referee = args.time.map(GameClocks::new);
    while !game.is_over() {
        let colour = game.side_to_move();
        let slot = usize::from(colour != first_colour);
        let player: &mut dyn Player = if slot == 0 { &mut *first } else { &mut *second };
        let clock = std::time::Instant::now();
        let mv = player.choose(&game).ok_or("a player gave no move in a game that is not over")?;
        let elapsed = clock.elapsed();
        clocks[slot].0 += elapsed;
        clocks[slot].1 += 1;
        if let Some(referee) = &mut referee {
            referee.record(colour, elapsed);
        }
        game.play(mv).map_err(|e| format!("{} played {mv}: {e}", player.name()))?;
    }
    let result = game.score();
    let first_then_second = [first_colour, !first_colour];
    let (late, least_left) = match &referee {
        Some(r) => (first_then_second.map(|c| r.late(c)), first_then_second.map(|c| r.least_left(c))),
        None => ([0; 2], [None; 2]),
    };
    Ok(Outcome {
        first_colour,
        black: result.black(),
        white: result.white(),
        plies: game.history().len(),
        clocks,
        late,
        least_left,
    })
}

fn main() -> ExitCode {
    let args = args::parse::<Args>();
    let rules = match args.rules() {
        Ok(rules) => rules,
        Err(e) => args::usage_error::<Args>(format!("impossible rules: {e}")),
    };
    if let Err(message) = check_opening_plies(args.opening_plies, &rules) {
        args::usage_error::<Args>(message);
    }
    match run(&args, &rules) {
        Ok(lines) => {
            for line in lines {
                outln!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => errors::fail(e),
    }
}

/// Plays the match: a line per game, then the summary.
fn run(args: &Args, rules: &Rules) -> Result<Vec<String>, String> {
    let games = args.games;
    let progress = ProgressBar::new(games as u64);
    progress.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed}").expect("a valid template"));
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Option<Result<Outcome, String>>>> = Mutex::new(vec![None; games]);
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.min(games) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let outcome = play_game(args, rules, i);
                    outcomes.lock().expect("no thread panics holding the lock")[i] = Some(outcome);
                    progress.inc(1);
                }
            });
        }
    });
    progress.finish_and_clear();
    let (a, b) = (args.first.to_string(), args.second.to_string());
    let (mut wins, mut draws, mut losses, mut margin) = (0, 0, 0, 0i64);
    let mut lines = Vec::new();
    let mut clocks = [(std::time::Duration::ZERO, 0); 2];
    let mut late = [0u32; 2];
    let mut least_left: [Option<std::time::Duration>; 2] = [None; 2];
    for (i, outcome) in outcomes.into_inner().expect("no thread panicked").into_iter().enumerate() {
        let outcome = outcome.expect("every game was played").map_err(|e| format!("game {}: {e}", i + 1))?;
        let (black, white) = if outcome.first_colour == Color::Black { (&a, &b) } else { (&b, &a) };
        let m = outcome.margin();
        let verdict = match m.signum() {
            1 => {
                wins += 1;
                format!("{a} wins by {m}")
            }
            0 => {
                draws += 1;
                "draw".to_owned()
            }
            _ => {
                losses += 1;
                format!("{b} wins by {}", -m)
            }
        };
        margin += m;
        for (total, game) in clocks.iter_mut().zip(outcome.clocks) {
            total.0 += game.0;
            total.1 += game.1;
        }
        for side in 0..2 {
            late[side] += outcome.late[side];
            least_left[side] = match (least_left[side], outcome.least_left[side]) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        lines.push(format!(
            "game {}: {black} (black) {}-{} {white} (white), {} plies: {verdict}",
            i + 1,
            outcome.black,
            outcome.white,
            outcome.plies
        ));
    }
    let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let points = (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64 * 100.0;
    lines.push(format!(
        "{a} vs {b}: {}, {}, {}, {points:.1} % of points, {:+.1} discs a game",
        plural(wins, "win", "wins"),
        plural(draws, "draw", "draws"),
        plural(losses, "loss", "losses"),
        margin as f64 / games.max(1) as f64
    ));
    // Times vary from run to run: on stderr, so that stdout stays reproducible.
    let per_move = |(time, moves): (std::time::Duration, u32)| time.as_secs_f64() * 1000.0 / f64::from(moves.max(1));
    eprintln!("time per move: {a} {:.3} ms, {b} {:.3} ms (wall clock)", per_move(clocks[0]), per_move(clocks[1]));
    if let Some(control) = args.time {
        let least = |t: Option<std::time::Duration>| t.map_or_else(|| "-".to_owned(), game_clock::seconds);
        eprintln!(
            "clock {control}: late moves: {a} {}, {b} {}; least time left as a move ended: {a} {}, {b} {}",
            late[0],
            late[1],
            least(least_left[0]),
            least(least_left[1])
        );
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(flags: &str) -> Vec<String> {
        let args = Args::try_parse_from(["match"].into_iter().chain(flags.split_whitespace())).expect("valid flags");
        run(&args, &args.rules().expect("valid rules")).expect("the games play")
    }

    #[test]
    fn the_same_seed_gives_the_same_games_whatever_the_jobs() {
        let flags = "engine:2 random --games 6 --seed 9 --size 6x6 --blocked random";
        let once = lines(flags);
        assert_eq!(once.len(), 7);
        assert_eq!(once, lines(flags));
        assert_eq!(once, lines(&format!("{flags} --jobs 3")));
        // Another seed, other openings (the random player makes a repeat all but impossible).
        assert_ne!(once, lines("engine:2 random --games 6 --seed 10 --size 6x6 --blocked random"));
    }

    #[test]
    fn pairs_share_their_opening_with_colours_swapped() {
        let out = lines("mobility mobility --games 2 --seed 3 --opening-plies 6");
        // Two identical deterministic players from one opening: the same game both times,
        // so the first player's result flips sign.
        let score = |line: &str| line.split_whitespace().nth(4).expect("a score").to_owned();
        assert_eq!(score(&out[0]), score(&out[1]), "{out:?}");
        assert!(out[2].contains("1 win, 0 draws, 1 loss") || out[2].contains("0 wins, 2 draws"), "{out:?}");
    }

    /// Issue 69, D8: an odd count is refused, not rounded up to the next pair; an opening
    /// longer than half the board is refused, not played as whole random games.
    #[test]
    fn odd_game_counts_and_long_openings_are_refused() {
        let parse =
            |flags: &str| Args::try_parse_from(["match", "random", "random"].into_iter().chain(flags.split(' ')));
        let odd = parse("--games 3").unwrap_err().to_string();
        assert!(odd.contains("3 is odd") && odd.contains("(4)"), "{odd}");
        for bad in ["--games 1", "--games 0", "--games 2000000", "--opening-plies 1000"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse("--games 4").unwrap().games, 4);
        let standard = Rules::default();
        assert!(check_opening_plies(30, &standard).is_ok());
        let long = check_opening_plies(31, &standard).unwrap_err();
        assert!(long.contains("at most 30"), "{long}");
        let small =
            Rules::builder().board(reversi_kit::variants::Board::Rectangle { width: 4, height: 4 }).build().unwrap();
        assert!(check_opening_plies(7, &small).is_err() && check_opening_plies(6, &small).is_ok());
        assert!(
            check_opening_plies(
                126,
                &Rules::builder()
                    .board(reversi_kit::variants::Board::Rectangle { width: 16, height: 16 })
                    .build()
                    .unwrap()
            )
            .is_ok()
        );
    }

    #[test]
    fn bad_players_and_rules_are_refused() {
        assert!(Args::try_parse_from(["match", "engine:0", "random"]).is_err());
        assert!(Args::try_parse_from(["match", "random"]).is_err());
        let args = Args::try_parse_from(["match", "random", "random", "--size", "9x9"]).expect("flags parse");
        assert!(args.rules().is_err());
    }
}
