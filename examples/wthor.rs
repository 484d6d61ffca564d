//! Replays every game of WTHOR `.wtb` files and checks the recorded scores.
//!
//! ```text
//! cargo run --release --example wthor -- [--help] [--version] [--verbose] FILE...
//! ```
//!
//! Each game that stopped early, whose replayed score differs from the recorded one, or that
//! holds an illegal move gets a line (every game with `--verbose`, with its moves). Players'
//! and tournaments' names come from `WTHOR.JOU` and `WTHOR.TRN` beside the file, when they are
//! there; one that is there but cannot be read is a warning on stderr (its numbers are shown
//! instead of names), not an error: the games are checked all the same. The last line is the
//! tally:
//! `N games, F finished, M scores match, U unfinished, I illegal`.
//! A file that cannot be read is an error: the program prints it and exits with status 1; so
//! does a game with an illegal move, after the tally. Only regular files of at most 64 MiB are
//! read (a WTHOR year is under 1 MB). Over several files, a bar on stderr counts the files
//! done, when stderr is a terminal.

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use reversi_cli::{args, errors, files, outln, progress};
use reversi_records::transcript;
use reversi_records::wthor::{NameFile, NameKind, WthorFile, WthorGame, WthorSummary};

/// Replays every game of WTHOR .wtb files and checks the recorded scores.
#[derive(Debug, Parser)]
#[command(name = "wthor", version)]
struct Options {
    /// A line for every game, with its moves, not only for the games that stopped early,
    /// whose score differs or that hold an illegal move
    #[arg(long, short)]
    verbose: bool,
    /// The .wtb files; WTHOR.JOU and WTHOR.TRN beside them give the names
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// How much to print for each game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Detail {
    /// Only the games that stopped early, whose score differs or that hold an illegal move.
    Exceptions,
    /// Every game, with its moves.
    Every,
}

fn main() -> ExitCode {
    let options = args::parse::<Options>();
    let detail = if options.verbose { Detail::Every } else { Detail::Exceptions };
    let bar = if options.files.len() > 1 {
        progress::bar(options.files.len() as u64, "files")
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut total = WthorSummary::default();
    for file in &options.files {
        bar.set_message(file.display().to_string());
        // The bar steps aside while a line is printed, so that the two do not mix.
        let mut print = |line: String| bar.suspend(|| outln!("{line}"));
        let mut warn = |line: String| {
            bar.suspend(|| {
                let _ = writeln!(std::io::stderr(), "warning: {line}");
            });
        };
        match replay_file(file, detail, &mut total, &mut print, &mut warn) {
            Ok(summary) => bar.suspend(|| outln!("{}: {summary}", file.display())),
            Err(message) => {
                bar.finish_and_clear();
                return errors::fail(format_args!("{}: {message}", file.display()));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    outln!("{total}");
    // A game that stopped early is a fact of the database; an illegal move is a broken file.
    if total.illegal > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn replay_file(
    path: &Path,
    detail: Detail,
    total: &mut WthorSummary,
    print: &mut dyn FnMut(String),
    warn: &mut dyn FnMut(String),
) -> Result<WthorSummary, String> {
    let bytes = files::read(path).map_err(|e| e.to_string())?;
    let file = WthorFile::parse(&bytes).map_err(|e| errors::chain(&e))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    // The name files are optional: one that cannot be read costs the names, not the check.
    let mut optional = |path: PathBuf, kind| {
        names(&path, kind).unwrap_or_else(|message| {
            warn(format!("{message}; numbers shown instead of names"));
            None
        })
    };
    let players = optional(dir.join("WTHOR.JOU"), NameKind::Players);
    let tournaments = optional(dir.join("WTHOR.TRN"), NameKind::Tournaments);
    let mut summary = WthorSummary::default();
    for (i, game) in file.games().iter().enumerate() {
        let replay = game.replay();
        summary.add(&replay);
        total.add(&replay);
        let who = || describe(game, players.as_ref(), tournaments.as_ref());
        match &replay {
            Err(e) => print(format!("game {}: illegal {} [{}]", i + 1, errors::chain(e), who())),
            Ok(r) if detail == Detail::Every || !r.score_matches() => {
                let state = if r.is_finished() { "finished" } else { "unfinished" };
                let mut line = format!(
                    "game {}: {} moves, {state}, replayed {} recorded {} [{}]",
                    i + 1,
                    r.moves().len(),
                    r.replayed_score(),
                    r.recorded_score(),
                    who()
                );
                if detail == Detail::Every {
                    line.push(' ');
                    line.push_str(&transcript::write(r.moves()));
                }
                print(line);
            }
            Ok(_) => {}
        }
    }
    Ok(summary)
}

/// The names of `path`, or `None` if there is no such file; a file that is there but cannot
/// be read or parsed is an error.
fn names(path: &Path, kind: NameKind) -> Result<Option<NameFile>, String> {
    match files::read(path) {
        Ok(bytes) => {
            NameFile::parse(kind, &bytes).map(Some).map_err(|e| format!("{}: {}", path.display(), errors::chain(&e)))
        }
        Err(files::ReadError::Io(e)) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/reversi-records/tests/data").join(name)
    }

    /// Issue 69, D10: a damaged WTHOR.JOU beside the file is a warning, and the games are
    /// checked all the same, with numbers for names.
    #[test]
    fn a_damaged_name_file_is_a_warning_not_a_failure() {
        let dir = std::env::temp_dir().join(format!("reversi-wthor-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wtb = dir.join("sample.wtb");
        std::fs::copy(fixture("sample.wtb"), &wtb).unwrap();
        std::fs::write(dir.join("WTHOR.JOU"), b"damaged").unwrap();
        let (mut lines, mut warnings, mut total) = (Vec::new(), Vec::new(), WthorSummary::default());
        let summary =
            replay_file(&wtb, Detail::Every, &mut total, &mut |l| lines.push(l), &mut |w| warnings.push(w)).unwrap();
        assert_eq!(summary.games, 4, "{summary}");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("WTHOR.JOU") && warnings[0].contains("numbers shown"), "{warnings:?}");
        assert!(lines[0].contains(" vs #"), "{lines:?}");
        // With the names beside it, no warning and names.
        std::fs::copy(fixture("WTHOR.JOU"), dir.join("WTHOR.JOU")).unwrap();
        warnings.clear();
        replay_file(&wtb, Detail::Every, &mut total, &mut |_| {}, &mut |w| warnings.push(w)).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
