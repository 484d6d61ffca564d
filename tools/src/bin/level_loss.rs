//! How far an engine level's moves fall short of perfect play on 8×8: positions with a given
//! range of empty cells taken from real games (a WTHOR file), the level's chosen move, and the
//! exact solver's values of the best move and of the chosen one. Prints a line a position and
//! the mean loss in discs a move (WOF scoring, as WTHOR and FFO values count).
//!
//! ```text
//! cargo run --release -p reversi-tools --bin level_loss -- data/wthor/WTH_2018.wtb --level 5 --positions 30
//! cargo run --release -p reversi-tools --bin level_loss -- data/wthor/*.wtb --level 5 --positions 60
//! ```
//!
//! `--cache FILE` keeps the exact values solved, a line a position (`POSITION<TAB>BEST<TAB>VALUE`,
//! WOF, for the side to move), and reads them back on the next run: the values are exact, so a
//! rerun after an engine change solves only the positions that its new moves lead to.
//!
//! Positions are taken from evenly spaced games, one a game, at an empty count that cycles
//! through the range, so a run is the same every time. With several files their games are
//! taken as one list, in the order of the files, so that a larger sample spans them all.

#[path = "../../../examples/cli/mod.rs"]
mod cli;
use cli::{args, errors, files, hash_mb, output};

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use output::outln;
use reversi_kit::Position;
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::engine::solver::Solver;
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::variants::{Game, Move, Rules, Scoring};

/// Measures an engine level's loss against perfect play on positions from real games.
#[derive(Debug, Parser)]
#[command(name = "level_loss", version)]
struct Options {
    /// WTHOR games files (.wtb), their games taken in order as one list
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The engine level, 1 to 10
    #[arg(long, default_value = "5")]
    level: Level,
    /// How many positions
    #[arg(long, default_value_t = 30)]
    positions: usize,
    /// The fewest empty cells of a position
    #[arg(long, default_value_t = 20)]
    min_empties: u32,
    /// The most empty cells of a position
    #[arg(long, default_value_t = 24)]
    max_empties: u32,
    /// The solver's table, in MB, 1 to 4096 (allocated at the start)
    #[arg(long, default_value_t = 64, value_parser = hash_mb::parser())]
    hash_mb: usize,
    /// A file of exact values already solved, read first and extended with the new ones
    #[arg(long)]
    cache: Option<PathBuf>,
}

/// Exact values by position string: a best move and its WOF value for the side to move.
type Known = HashMap<String, (Move, i32)>;

/// The values of the cache file at `path`; none if it does not exist yet.
fn read_cache(path: &Path) -> Result<Known, String> {
    if !path.exists() {
        return Ok(Known::new());
    }
    let bytes = files::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| format!("{}: not UTF-8: {e}", path.display()))?;
    let mut known = Known::new();
    for (i, line) in text.lines().enumerate() {
        let bad = || format!("{}:{}: expected POSITION<TAB>MOVE<TAB>VALUE", path.display(), i + 1);
        let mut fields = line.split('\t');
        let (Some(position), Some(mv), Some(value), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        let mv = mv.parse::<Move>().map_err(|_| bad())?;
        let value = value.parse::<i32>().map_err(|_| bad())?;
        // Checked, so that a damaged cache cannot pass off a value for another position.
        position.parse::<Position>().map_err(|_| bad())?;
        known.insert(position.to_owned(), (mv, value));
    }
    Ok(known)
}

/// The exact best move and WOF value of `position`: from `known`, or solved and then added to
/// `known` and to the cache file.
fn exact(solver: &Solver, position: &Position, known: &mut Known, cache: Option<&Path>) -> Result<(Move, i32), String> {
    let key = position.to_string();
    if let Some(&found) = known.get(&key) {
        return Ok(found);
    }
    let solution = solver.solve(position, Scoring::Wof).map_err(|e| errors::chain(&e))?;
    let found = (solution.best(), solution.value().exact().expect("an exact solve"));
    if let Some(path) = cache {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        writeln!(file, "{key}\t{}\t{}", found.0, found.1)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    known.insert(key, found);
    Ok(found)
}

fn main() -> ExitCode {
    let options = args::parse::<Options>();
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("level_loss: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    if options.min_empties > options.max_empties || options.max_empties > 60 {
        return Err("the empty range must satisfy min <= max <= 60".to_owned());
    }
    let mut games = Vec::new();
    for path in &options.files {
        let bytes = files::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = WthorFile::parse(&bytes).map_err(|e| format!("{}: {}", path.display(), errors::chain(&e)))?;
        games.extend_from_slice(file.games());
    }
    if games.is_empty() {
        return Err("the files hold no game".to_owned());
    }
    let solver = Solver::with_hash_mb(options.hash_mb);
    let cache = options.cache.as_deref();
    let mut known = cache.map_or_else(|| Ok(Known::new()), read_cache)?;
    let span = options.max_empties - options.min_empties + 1;
    let (mut total_loss, mut measured) = (0i64, 0usize);
    // The engine's own cost, apart from the solves that judge it.
    let (mut engine_nodes, mut engine_time) = (0u64, std::time::Duration::ZERO);
    let started = Instant::now();
    for i in 0..options.positions {
        let index = i * games.len() / options.positions;
        let empties = options.min_empties + (i as u32 % span);
        let Ok(replay) = games[index].replay() else { continue };
        let mut game = Game::new(Rules::builder().scoring(Scoring::Wof).build().map_err(|e| e.to_string())?, 0)
            .map_err(|e| errors::chain(&e))?;
        for mv in replay.moves() {
            if game.position().empty_cells().len() <= empties {
                break;
            }
            game.play(*mv).map_err(|e| errors::chain(&e))?;
        }
        if game.position().empty_cells().len() != empties || game.position().legal_moves().is_empty() {
            continue;
        }
        let mut engine = EnginePlayer::new(options.level);
        let searched = engine.analyse(&game).ok_or("the game is over")?;
        let chosen = searched.best();
        engine_nodes += searched.nodes();
        engine_time += searched.elapsed();
        let (best_move, best_value) = exact(&solver, game.position(), &mut known, cache)?;
        let mut after = game.clone();
        after.play(chosen).map_err(|e| errors::chain(&e))?;
        let chosen_value = if after.is_over() {
            let score = after.score();
            let (mine, theirs) = match game.side_to_move() {
                reversi_kit::Color::Black => (score.black(), score.white()),
                reversi_kit::Color::White => (score.white(), score.black()),
            };
            i64::from(mine) - i64::from(theirs)
        } else {
            -i64::from(exact(&solver, after.position(), &mut known, cache)?.1)
        };
        let loss = i64::from(best_value) - chosen_value;
        total_loss += loss;
        measured += 1;
        let shown = |m: Move| m.to_string();
        outln!(
            "game {:5} empties {empties}: best {} {:+}, engine:{} {} {:+}, loss {loss}",
            index + 1,
            shown(best_move),
            best_value,
            options.level,
            shown(chosen),
            chosen_value
        );
    }
    if measured == 0 {
        return Err("no position in that range".to_owned());
    }
    outln!(
        "engine:{} on {measured} positions with {}-{} empties: mean loss {:.2} discs a move ({:.1} s; the engine {} nodes a move, {:.1} ms)",
        options.level,
        options.min_empties,
        options.max_empties,
        total_loss as f64 / measured as f64,
        started.elapsed().as_secs_f64(),
        engine_nodes / measured as u64,
        engine_time.as_secs_f64() * 1000.0 / measured as f64
    );
    Ok(())
}
