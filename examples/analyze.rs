//! Reviews a finished or unfinished game: for every move, the engine's best move and value,
//! the played move's value, and a mark on mistakes; then each side's total loss in discs.
//!
//! ```text
//! cargo run --release --example analyze -- [--help] [--version] FILE [--game N] [--level N] [--exact-empties N] [--hash-mb N] [--threads N] [--time SECONDS] [--max-nodes N] [--svg DIR]
//! ```
//!
//! FILE is a record as `replay` reads it, by extension: `.json` (a game record), `.ggf` (game
//! N of the file), `.txt` (a transcript of a standard 8×8 game) or `.wtb` (WTHOR, game N).
//! Every variant is reviewed the same way. Values are in discs for the player who moves:
//! estimates of a search at the level's depth (`+2.3`), or exact values with perfect play
//! once a move leads to at most `--exact-empties` empty cells (18 by default; `+4`). A move that loses at least 2 discs
//! against the best is marked `?`, at least 6 `??`. A line per move:
//!
//! ```text
//! 23. white  c4   best b3   +1.2   played  -3.5   loss  4.7 ?
//!        - mobility given up: leaves Black 9 replies, against 4 after b3
//! ```
//!
//! Under each move marked `?` or `??`, the reasons measured on the board
//! (`reversi_kit::engine::review`): mobility given up, a forced pass missed, a corner or stable
//! discs handed over, frontier discs added, parity lost in a region, the exact result thrown
//! away. On 8×8 the opening's standard name comes first (`opening: Tiger`). `--svg DIR` writes
//! `DIR/position.svg`, the final position, and `DIR/evaluation.svg`, the evaluation after each
//! move for Black with the mistakes marked (the folder is made if missing).
//!
//! A move of the book built in for the game's board (`reversi_kit::engine::book::Book::built_in`:
//! 8×8, 10×10, the Octagon and 6×6 under disc scoring; a move from a book position to another)
//! has `book` at the end of its line, before its mark.
//!
//! `--time` and `--max-nodes` bound each search (a move's best and the played move's value):
//! an exact solve that does not fit in them gives an estimate instead.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use reversi_cli::{args, errors, files, hash_mb, outln};
use reversi_kit::engine::book::Book;
use reversi_kit::engine::player::Level;
use reversi_kit::engine::review::Reviewer;
use reversi_kit::engine::search::Searcher;
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::records::{GameRecord, ggf, replay_transcript};
use reversi_kit::variants::{Game, Move, Rules};

/// Reviews the moves of a game record.
#[derive(Parser, Debug)]
#[command(name = "analyze", version)]
struct Args {
    /// The record: .json, .ggf, .txt or .wtb.
    file: PathBuf,
    /// Which game of a GGF or WTHOR file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    game: usize,
    /// The engine level of the estimates (its depth and node budget).
    #[arg(long, value_name = "N", default_value = "5")]
    level: Level,
    /// Exact values once at most this many cells are empty (0 to 256, a 16×16 board's cells).
    #[arg(long, value_name = "N", default_value_t = 18, value_parser = clap::value_parser!(u32).range(0..=256))]
    exact_empties: u32,
    /// The transposition table's size in megabytes, 1 to 4096 (its memory taken as the searches fill it).
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = hash_mb::parser())]
    hash_mb: usize,
    /// Search threads, 1 to 1024.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = args::threads())]
    threads: usize,
    /// The most time each search takes, in seconds (more than 0, at most a day)
    #[arg(long, value_name = "SECONDS", value_parser = args::seconds)]
    time: Option<std::time::Duration>,
    /// The most nodes each search takes, about (1 or more)
    #[arg(long, value_name = "N", value_parser = args::max_nodes())]
    max_nodes: Option<u64>,
    /// Also write the final position and the evaluation graph as SVG into this folder.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
}

/// Reads game `n` of `path` as a played game.
fn load(path: &std::path::Path, n: usize) -> Result<Game, String> {
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let bytes = files::read(path).map_err(|e| e.to_string())?;
    let text = || String::from_utf8(bytes.clone()).map_err(|e| format!("not UTF-8 text: {e}"));
    let pick = |count: usize| {
        if (1..=count).contains(&n) { Ok(n - 1) } else { Err(format!("the file has {count} games, not {n}")) }
    };
    match extension.as_str() {
        "json" => Ok(GameRecord::from_json(&text()?).map_err(|e| errors::chain(&e))?.replay()),
        "ggf" => {
            // One game at a time, up to the chosen one: the rest of the file is not read.
            let source = text()?;
            let mut count = 0;
            for game in ggf::games(&source) {
                let game = game.map_err(|e| errors::chain(&e))?;
                count += 1;
                if count == n {
                    return game.replay(n).map_err(|e| errors::chain(&e));
                }
            }
            Err(format!("the file has {count} games, not {n}"))
        }
        "txt" => {
            let mut game = Game::new(Rules::default(), 0).map_err(|e| errors::chain(&e))?;
            replay_transcript(&mut game, &text()?).map_err(|e| errors::chain(&e))?;
            Ok(game)
        }
        "wtb" => {
            let file = WthorFile::parse(&bytes).map_err(|e| errors::chain(&e))?;
            let replay = file.games()[pick(file.games().len())?]
                .replay()
                .map_err(|e| format!("game {n}: {}", errors::chain(&e)))?;
            let mut game = Game::new(Rules::default(), 0).map_err(|e| errors::chain(&e))?;
            for mv in replay.moves() {
                game.play(*mv).map_err(|e| errors::chain(&e))?;
            }
            Ok(game)
        }
        other => Err(format!("unknown extension {other:?}: expected json, ggf, txt or wtb")),
    }
}

/// For each move of `played`, whether it is a move of the book built in for its board and
/// scoring ([`Book::built_in`]; none where there is no such book).
fn book_moves(played: &Game) -> Vec<bool> {
    let mut table = played.clone();
    while table.undo().is_some() {}
    let Some(book) = Book::built_in(table.position().geometry(), played.rules().scoring()) else {
        return vec![false; played.history().len()];
    };
    played
        .history()
        .iter()
        .map(|ply| {
            let position = *table.position();
            let in_book =
                matches!(ply.played(), Move::Place(sq) if book.moves(&position).iter().any(|m| m.square == sq));
            // The history replays (it is the game's own).
            let _ = table.play(ply.played());
            in_book
        })
        .collect()
}

/// `line` with `book` before its `?`/`??` mark, if any, so that marked lines still end with
/// their mark.
fn book_marked(line: &str) -> String {
    let (body, mark) =
        [" ??", " ?"].iter().find_map(|mark| line.strip_suffix(mark).map(|body| (body, *mark))).unwrap_or((line, ""));
    format!("{body}  book{mark}")
}

/// Reviews the game, handing each output line to `emit` as soon as it is known.
fn run(args: &Args, emit: &mut dyn FnMut(String)) -> Result<(), String> {
    let played = load(&args.file, args.game)?;
    let mut table = played.clone();
    while table.undo().is_some() {}
    emit(format!(
        "rules: {}, {} moves, estimates at level {}, exact from {} empties",
        played.rules().board(),
        played.history().len(),
        args.level,
        args.exact_empties
    ));
    if table.is_set_up() {
        emit(format!("from: {}", table.start_position()));
    }
    if let Some(name) = played.opening_name() {
        emit(format!("opening: {name}"));
    }
    let book = book_moves(&played);
    let searcher = Searcher::with_hash_mb(args.hash_mb).with_threads(args.threads);
    let mut reviewer = Reviewer::new(searcher, args.level)
        .with_exact_empties(args.exact_empties)
        .with_bounds(args.time, args.max_nodes);
    let review = reviewer
        .review_each(&played, &mut |reviewed| {
            // One line for the move, one for each reason under it.
            let in_book = book.get(reviewed.number() - 1).copied().unwrap_or(false);
            for (i, line) in reviewed.text().to_string().lines().enumerate() {
                emit(if i == 0 && in_book { book_marked(line) } else { line.to_owned() });
            }
        })
        .map_err(|e| errors::chain(&e))?;
    for colour in reversi_kit::Color::ALL {
        let (loss, moves) = review.total_loss(colour);
        emit(format!("{}: total loss {loss:.1} discs over {moves} moves", colour.name()));
    }
    if let Some(dir) = &args.svg {
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        write("position.svg", &played.svg())?;
        write("evaluation.svg", &review.evaluation_graph())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = args::parse::<Args>();
    match run(&args, &mut |line| outln!("{line}")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => errors::fail(format_args!("{}: {e}", args.file.display())),
    }
}
