//! Replays every game of WTHOR `.wtb` files and checks the recorded scores.
//!
//! ```text
//! cargo run --release --example wthor -- [--verbose] FILE.wtb...
//! ```
//!
//! Each game that stopped early, whose replayed score differs from the recorded one, or that
//! holds an illegal move gets a line (every game with `--verbose`, with its moves). Players'
//! and tournaments' names come from `WTHOR.JOU` and `WTHOR.TRN` beside the file, when they are
//! there. The last line is the tally:
//! `N games, F finished, M scores match, U unfinished, I illegal`.
//! A file that cannot be read is an error: the program prints it and exits with status 1; so
//! does a game with an illegal move, after the tally.

mod output;

use std::path::Path;
use std::process::ExitCode;

use output::outln;
use reversi_records::transcript;
use reversi_records::wthor::{NameFile, NameKind, WthorFile, WthorGame, WthorSummary};

fn main() -> ExitCode {
    let mut verbose = false;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--verbose" | "-v" => verbose = true,
            "--help" | "-h" => {
                outln!("usage: wthor [--verbose] FILE.wtb...");
                return ExitCode::SUCCESS;
            }
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!("usage: wthor [--verbose] FILE.wtb...");
        return ExitCode::FAILURE;
    }
    let mut total = WthorSummary::default();
    for file in &files {
        match replay_file(Path::new(file), verbose, &mut total) {
            Ok(summary) => outln!("{file}: {summary}"),
            Err(message) => {
                eprintln!("{file}: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    outln!("{total}");
    // A game that stopped early is a fact of the database; an illegal move is a broken file.
    if total.illegal > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn replay_file(path: &Path, verbose: bool, total: &mut WthorSummary) -> Result<WthorSummary, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let file = WthorFile::parse(&bytes).map_err(|e| e.to_string())?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let players = names(&dir.join("WTHOR.JOU"), NameKind::Players)?;
    let tournaments = names(&dir.join("WTHOR.TRN"), NameKind::Tournaments)?;
    let mut summary = WthorSummary::default();
    for (i, game) in file.games().iter().enumerate() {
        let replay = game.replay();
        summary.add(&replay);
        total.add(&replay);
        let who = || describe(game, players.as_ref(), tournaments.as_ref());
        match &replay {
            Err(e) => outln!("game {}: illegal {e} [{}]", i + 1, who()),
            Ok(r) if verbose || !r.score_matches() => {
                let state = if r.is_finished() { "finished" } else { "unfinished" };
                let mut line = format!(
                    "game {}: {} moves, {state}, replayed {} recorded {} [{}]",
                    i + 1,
                    r.moves().len(),
                    r.replayed_score(),
                    r.recorded_score(),
                    who()
                );
                if verbose {
                    line.push(' ');
                    line.push_str(&transcript::write(r.moves()));
                }
                outln!("{line}");
            }
            Ok(_) => {}
        }
    }
    Ok(summary)
}

fn names(path: &Path, kind: NameKind) -> Result<Option<NameFile>, String> {
    match std::fs::read(path) {
        Ok(bytes) => NameFile::parse(kind, &bytes).map(Some).map_err(|e| format!("{}: {e}", path.display())),
        Err(_) => Ok(None),
    }
}

fn describe(game: &WthorGame, players: Option<&NameFile>, tournaments: Option<&NameFile>) -> String {
    let name = |file: Option<&NameFile>, n: u16| {
        file.and_then(|f| f.name(n)).map_or_else(|| format!("#{n}"), |s| s.trim_end().to_owned())
    };
    format!(
        "{} vs {}, {}",
        name(players, game.black_player()),
        name(players, game.white_player()),
        name(tournaments, game.tournament())
    )
}
