//! Builds the 8×8 opening book from WTHOR games, valued by the engine's searches.
//!
//! ```text
//! cargo run --release -p reversi-tools --bin build_book -- ../shared/data/wthor/*.wtb \
//!     --out crates/reversi-engine/src/book/standard.book
//! ```
//!
//! The positions met at least `--min-count` times in the first `--plies` plies of the games
//! (every orientation and both colours counting as one position), outside the held-out
//! years (`--hold-out`, 2012, 2017 and 2018 by default: the years the book is measured on), make
//! the book's tree; `reversi_engine::book::build::negamax` values it: each leaf by a search of
//! `--depth` plies, each other position by the best of its book moves and of its moves outside
//! the book (searched a ply shallower). At the end it prints what the build cost, and, on the
//! held-out games, the share still in the book after 6 and after 12 plies.
//!
//! With `--self-play RULES` (say `10x10`, `octagon`, `6x6`) the positions come from the
//! engine's own games instead: `--games` games of `--level` with variety (two random opening
//! plies, then within 2 discs of the best on a quarter of the moves), the same counts and
//! negamax; a 6×6 book is best valued exactly (`--exact-empties 20`). No WTHOR file is read.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use reversi_cli::{args, errors, files, outln, progress};
use reversi_kit::core::{Geometry, Position, Square};
use reversi_kit::engine::Searcher;
use reversi_kit::engine::book::build::{BuildOptions, negamax};
use reversi_kit::engine::book::{Book, BookEntry, Canonical, Provenance};
use reversi_kit::engine::player::EnginePlayer;
use reversi_kit::engine::variety::Variety;
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::variants::{Game, Rules, Scoring};
use reversi_tools::game_seed;

/// Builds the 8×8 opening book from WTHOR games (the held-out years left out), valued by
/// negamax over engine searches.
#[derive(Parser, Debug)]
#[command(name = "build_book", version)]
struct Args {
    /// WTHOR files (.wtb)
    #[arg(required_unless_present = "self_play", value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Build from the engine's self-play games under these rules instead (`10x10`, `octagon`)
    #[arg(long, value_name = "RULES", conflicts_with = "files")]
    self_play: Option<reversi_kit::variants::Rules>,
    /// Self-play games
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: usize,
    /// The level of the self-play games
    #[arg(long, value_name = "N", default_value = "3")]
    level: reversi_kit::engine::player::Level,
    /// The searches solve exactly from this many empty cells
    #[arg(long, value_name = "N", default_value_t = 0)]
    exact_empties: u32,
    /// Game years left out of the book, on which its coverage is measured
    #[arg(long, value_name = "YEAR", value_delimiter = ',', default_value = "2012,2017,2018")]
    hold_out: Vec<u16>,
    /// Keep the positions met at least this many times
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..))]
    min_count: u32,
    /// Count positions in the first this many plies of each game
    #[arg(long, value_name = "K", default_value_t = 14, value_parser = clap::value_parser!(u32).range(0..=60))]
    plies: u32,
    /// Each leaf's search depth in plies (the moves outside the book a ply less)
    #[arg(long, value_name = "PLIES", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Table size of the searcher, in MB
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash_mb: usize,
    /// Only count the positions and print how many the book would hold
    #[arg(long)]
    count_only: bool,
    /// Write the book to FILE
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// The games' moves, split into the built years' and the held-out years'.
struct Games {
    built: Vec<Vec<Square>>,
    held_out: Vec<Vec<Square>>,
}

fn read_games(args: &Args) -> Result<Games, String> {
    let mut games = Games { built: Vec::new(), held_out: Vec::new() };
    for path in &args.files {
        let bytes = files::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = WthorFile::parse(&bytes).map_err(|e| format!("{}: {}", path.display(), errors::chain(&e)))?;
        let held = args.hold_out.contains(&file.header().game_year());
        let into = if held { &mut games.held_out } else { &mut games.built };
        into.extend(file.games().iter().map(|g| g.moves().to_vec()));
    }
    Ok(games)
}

/// The positions of `moves`' first `plies` plies (the start included); passes are played as
/// the game needs them, and an illegal move ends the line.
fn positions(moves: &[Square], plies: u32) -> Vec<Position> {
    let mut position = Position::default();
    let mut out = vec![position];
    for &square in moves.iter().take(plies as usize) {
        if position.must_pass() {
            position = position.with_side_to_move(!position.side_to_move());
        }
        if position.play(square).is_err() {
            break;
        }
        out.push(position);
    }
    out
}

/// The share of `games` whose position after `plies` plies is in `book` (games shorter than
/// that count as out).
fn coverage(book: &Book, games: &[Vec<Square>], plies: u32) -> f64 {
    let inside = games
        .iter()
        .filter(|g| {
            let line = positions(g, plies);
            line.len() == plies as usize + 1 && book.lookup(&line[plies as usize]).is_some()
        })
        .count();
    inside as f64 / games.len().max(1) as f64
}

/// The positions of the first `args.plies` plies of `args.games` self-play games under
/// `rules`, each counted once a game it passes through.
fn self_play_counts(args: &Args, rules: &Rules) -> Result<(Geometry, HashMap<Position, u32>), String> {
    let variety = Variety::new(2.0, 0.25).map_err(|e| e.to_string())?;
    let mut counts: HashMap<Position, u32> = HashMap::new();
    let mut geometry = None;
    for i in 0..args.games {
        let seed = game_seed(68, i);
        let mut game = Game::new(rules.clone(), seed).map_err(|e| e.to_string())?;
        geometry = Some(*game.position().geometry());
        let canonical = Canonical::new(*game.position().geometry());
        let player = |s: u64| EnginePlayer::new(args.level).without_book().with_variety(variety, s);
        let mut players = [player(seed), player(seed ^ 1)];
        let mut plies = 0;
        reversi_tools::self_play(&mut game, 2, seed, &mut players, |p| {
            *counts.entry(canonical.of(p).expect("the game's board")).or_default() += 1;
            plies += 1;
            plies <= args.plies
        })?;
    }
    Ok((geometry.unwrap_or(Geometry::STANDARD), counts))
}

/// The held-out games' coverage by `book`, if there are held-out games.
fn print_coverage(book: &Book, held_out: &[Vec<Square>]) {
    if !held_out.is_empty() {
        let (six, twelve) = (coverage(book, held_out, 6), coverage(book, held_out, 12));
        outln!("held-out games in book: {:.1} % after 6 plies, {:.1} % after 12", 100.0 * six, 100.0 * twelve);
    }
}

fn main() -> ExitCode {
    let args = args::parse::<Args>();
    let start = Instant::now();
    let (games, geometry, counts, scoring) = if let Some(rules) = &args.self_play {
        match self_play_counts(&args, rules) {
            Ok((geometry, counts)) => {
                (Games { built: Vec::new(), held_out: Vec::new() }, geometry, counts, rules.scoring())
            }
            Err(message) => return errors::fail(message),
        }
    } else {
        let games = match read_games(&args) {
            Ok(g) => g,
            Err(message) => return errors::fail(message),
        };
        let canonical = Canonical::new(Geometry::STANDARD);
        let mut counts: HashMap<Position, u32> = HashMap::new();
        for game in &games.built {
            for position in positions(game, args.plies) {
                let key = canonical.of(&position).expect("an 8×8 position");
                *counts.entry(key).or_default() += 1;
            }
        }
        (games, Geometry::STANDARD, counts, Scoring::Discs)
    };
    let kept: Vec<Position> = counts.into_iter().filter(|&(_, n)| n >= args.min_count).map(|(p, _)| p).collect();
    if args.self_play.is_some() {
        outln!("{} self-play games at level {}", args.games, args.level);
    } else {
        outln!("{} WTHOR games built on, {} held out ({:?})", games.built.len(), games.held_out.len(), args.hold_out);
    }
    outln!("{} positions met at least {} times in {} plies", kept.len(), args.min_count, args.plies);
    if args.count_only {
        let unvalued = BookEntry::new(0, 0, Provenance::Searched);
        print_coverage(&Book::from_entries(geometry, scoring, kept.iter().map(|&p| (p, unvalued))), &games.held_out);
        return ExitCode::SUCCESS;
    }
    let mut searcher = Searcher::with_hash_mb(args.hash_mb);
    let options = BuildOptions { depth: args.depth, exact_empties: args.exact_empties, scoring };
    let bar = progress::bar(kept.len() as u64, "positions");
    let (mut nodes, mut done, total) = (0u64, 0usize, kept.len());
    let book = negamax(geometry, kept, &mut searcher, options, |step| {
        nodes += step.nodes;
        done += 1;
        bar.inc(1);
        // A line now and then for a log, where the bar is hidden.
        if bar.is_hidden() && done % 1000 == 0 {
            eprintln!("{done}/{total} positions, {nodes} nodes, {:.0} s", start.elapsed().as_secs_f64());
        }
    });
    bar.finish_and_clear();
    let bytes = book.to_bytes();
    if let Some(out) = &args.out
        && let Err(e) = std::fs::write(out, &bytes)
    {
        return errors::fail(format_args!("{}: {e}", out.display()));
    }
    let elapsed = start.elapsed();
    print_coverage(&book, &games.held_out);
    outln!(
        "cost: {} positions, {nodes} nodes searched at depth {}, {} bytes, {:.1} s",
        book.len(),
        args.depth,
        bytes.len(),
        elapsed.as_secs_f64()
    );
    ExitCode::SUCCESS
}
