//! Replays a game file and prints the board after its moves.
//!
//! ```text
//! cargo run --example replay -- FILE [--game N]
//! ```
//!
//! The format comes from the extension: `.json` (a [`GameRecord`]), `.ggf` (GGF; game `N` of
//! the file, the first by default), `.txt` (a move transcript of a standard 8×8 game, passes
//! optional) or `.wtb` (WTHOR; game `N`, the first by default). The last line is
//! `result: B-W`: the record's result; for a game without one (an unfinished transcript or
//! GGF game), the discs on the board; for WTHOR, the replayed score of a finished game and the
//! recorded one otherwise. An invalid file is reported with its error and exit status 1.

mod output;

use std::path::Path;
use std::process::ExitCode;

use output::outln;
use reversi_kit::core::{Bitboard, Position, diagram};
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::records::{GameRecord, RecordData, ggf, replay_transcript, transcript};
use reversi_kit::variants::{Game, Rules};

const USAGE: &str = "usage: replay FILE [--game N]   (FILE: .json, .ggf, .txt or .wtb)";

/// What a replay shows: the final position, the moves and the result line.
#[derive(Debug)]
struct Shown {
    position: Position,
    moves: String,
    result: String,
    notes: Vec<String>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, game) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("replay: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match replay(Path::new(&file), game) {
        Ok(shown) => {
            for note in &shown.notes {
                outln!("{note}");
            }
            outln!("moves: {}", shown.moves);
            output::print(format_args!("{}", diagram(&shown.position, Bitboard::EMPTY)));
            outln!("result: {}", shown.result);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("replay: {file}: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_args(args: &[String]) -> Result<(String, usize), String> {
    let mut file = None;
    let mut game = 1;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--game" => {
                let n = it.next().ok_or("--game needs a number")?;
                game = n.parse().ok().filter(|&n: &usize| n >= 1).ok_or(format!("invalid game number {n:?}"))?;
            }
            "--help" | "-h" => return Err("help".into()),
            _ if file.is_none() => file = Some(arg.clone()),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    Ok((file.ok_or("no file given")?, game))
}

fn replay(path: &Path, game: usize) -> Result<Shown, String> {
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let text = || String::from_utf8(bytes.clone()).map_err(|e| format!("not UTF-8 text: {e}"));
    match extension.as_str() {
        "json" => {
            let data: RecordData = serde_json::from_str(&text()?).map_err(|e| e.to_string())?;
            let record = GameRecord::try_from(data).map_err(|e| e.to_string())?;
            Ok(from_record(&record, Vec::new()))
        }
        "ggf" => {
            let games = ggf::parse(&text()?).map_err(|e| e.to_string())?;
            let g = games.get(game - 1).ok_or(format!("the file has {} games, not {game}", games.len()))?;
            match g.to_record(game) {
                Ok(record) => Ok(from_record(&record, vec![format!("game {game} of {}", games.len())])),
                Err(ggf::GgfError::NoResult { .. }) => {
                    let played = g.replay(game).map_err(|e| e.to_string())?;
                    Ok(from_game(&played, vec![format!("game {game} of {}, no result recorded", games.len())]))
                }
                Err(e) => Err(e.to_string()),
            }
        }
        "txt" => {
            let mut played = Game::new(Rules::default(), 0).map_err(|e| e.to_string())?;
            replay_transcript(&mut played, &text()?).map_err(|e| e.to_string())?;
            match GameRecord::from_game(&played) {
                Ok(record) => Ok(from_record(&record, Vec::new())),
                Err(_) => Ok(from_game(&played, vec!["unfinished".into()])),
            }
        }
        "wtb" => {
            let file = WthorFile::parse(&bytes).map_err(|e| e.to_string())?;
            let games = file.games();
            let g = games.get(game - 1).ok_or(format!("the file has {} games, not {game}", games.len()))?;
            let r = g.replay().map_err(|e| format!("game {game}: {e}"))?;
            let state = if r.is_finished() { "finished" } else { "unfinished" };
            let (black, white) = if r.is_finished() {
                (r.replayed_score(), 64 - r.replayed_score())
            } else {
                (r.recorded_score(), 64 - r.recorded_score())
            };
            Ok(Shown {
                position: *r.position(),
                moves: transcript::write(r.moves()),
                result: format!("{black}-{white}"),
                notes: vec![
                    format!("game {game} of {}, {state}", games.len()),
                    format!("replayed {} recorded {}", r.replayed_score(), r.recorded_score()),
                ],
            })
        }
        other => Err(format!("unknown extension {other:?}: expected json, ggf, txt or wtb")),
    }
}

fn from_record(record: &GameRecord, mut notes: Vec<String>) -> Shown {
    let game = record.replay();
    notes.push(format!("rules: {}, ended: {}", game.rules().board(), record.result().ending()));
    if !record.blocked().is_empty() {
        notes.push(format!("blocked: {}", record.blocked()));
    }
    Shown {
        position: *game.position(),
        moves: transcript::write(record.moves()),
        result: record.result().to_string(),
        notes,
    }
}

fn from_game(game: &Game, notes: Vec<String>) -> Shown {
    let discs = |c| game.position().count(c);
    Shown {
        position: *game.position(),
        moves: transcript::write(&game.moves()),
        result: format!("{}-{}", discs(reversi_kit::Color::Black), discs(reversi_kit::Color::White)),
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/reversi-records/tests/data").join(name)
    }

    /// A file in the temporary directory with this name and content.
    fn temp(name: &str, content: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("reversi-replay-{}-{name}", std::process::id()));
        std::fs::write(&path, content).unwrap();
        path
    }

    #[test]
    fn every_format_replays_the_fixture_game() {
        // The transcript, the first GGF game and the first WTHOR game are the same real game:
        // 26-38 on a full board.
        for name in ["sample.txt", "sample.ggf", "sample.wtb"] {
            let shown = replay(&fixture(name), 1).unwrap();
            assert_eq!(shown.result, "26-38", "{name}");
            assert_eq!(shown.position.empty_cells().len(), 0, "{name}");
        }
        let json = std::fs::read_to_string(fixture("sample.json")).unwrap();
        let record: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(replay(&fixture("sample.json"), 1).unwrap().result, record.result().to_string());
        // The WTHOR game that stopped early shows its recorded score.
        assert_eq!(replay(&fixture("sample.wtb"), 3).unwrap().result, "40-24");
    }

    #[test]
    fn invalid_files_are_errors_that_say_where() {
        let cases: [(&str, &[u8], &str); 7] = [
            ("bad.txt", b"f5d6a1", "move 3 (a1) is illegal"),
            ("bad.json", b"{\"version\": 1", "EOF"),
            ("bad.ggf", b"(;GM[Othello]BO[8 ---", "game 1"),
            ("bad.wtb", b"short", "truncated"),
            ("bad.csv", b"", "unknown extension"),
            ("binary.txt", &[0xff, 0xfe], "not UTF-8"),
            ("empty.ggf", b"", "0 games"),
        ];
        for (name, content, expected) in cases {
            let err = replay(&temp(name, content), 1).err().unwrap_or_else(|| panic!("{name} should fail"));
            assert!(err.contains(expected), "{name}: {err}");
        }
        assert!(replay(&fixture("sample.wtb"), 4).unwrap_err().contains("move 5 (a1)"));
        assert!(replay(&fixture("sample.wtb"), 9).unwrap_err().contains("4 games"));
        assert!(replay(Path::new("/nonexistent/file.json"), 1).is_err());
    }

    #[test]
    fn arguments() {
        let args = |a: &[&str]| parse_args(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(args(&["f.wtb", "--game", "3"]), Ok(("f.wtb".into(), 3)));
        assert_eq!(args(&["f.json"]), Ok(("f.json".into(), 1)));
        assert!(args(&["f.wtb", "--game", "0"]).is_err());
        assert!(args(&["f.wtb", "--game"]).is_err());
        assert!(args(&[]).is_err());
        assert!(args(&["a", "b"]).is_err());
    }
}
