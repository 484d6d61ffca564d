//! Replays a game file and prints the board after its moves.
//!
//! ```text
//! cargo run --example replay -- [--help] [--version] FILE [--game N] [--svg FILE]
//! ```
//!
//! The format comes from the extension: `.json` (a [`GameRecord`], docs/record.schema.json,
//! or the older unversioned game form, which Python's `Game.to_json()` wrote), `.ggf` (GGF; game `N` of
//! the file, the first by default), `.txt` (a move transcript of a standard 8×8 game, passes
//! optional) or `.wtb` (WTHOR; game `N`, the first by default). The last line is
//! `result: B-W`: the record's result; for a game without one (an unfinished transcript or
//! GGF game), the discs on the board; for WTHOR, the replayed score of a finished game and the
//! recorded one otherwise. The lines before it give the rules in full (as `play` prints them),
//! how the game ended and, on 8×8, the opening's standard name (`opening: Tiger`).
//! `--svg FILE` also writes the final position as an SVG board diagram. An invalid file is reported with its error and exit status 1, as
//! is a file that is not a regular file (a FIFO, a device) or is larger than 64 MiB.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use reversi_cli::{args, errors, files, outln, output};
use reversi_kit::core::{Bitboard, Position, diagram};
use reversi_kit::records::wthor::WthorFile;
use reversi_kit::records::{GameRecord, ggf, replay_transcript, transcript};
use reversi_kit::variants::svg::Diagram;
use reversi_kit::variants::{Game, Rules, openings};

/// Replays a game file and prints the board after its moves.
#[derive(Debug, PartialEq, Eq, Parser)]
#[command(name = "replay", version)]
struct Options {
    /// The file: .json (a record), .ggf, .txt (a transcript of an 8x8 game) or .wtb (WTHOR)
    file: PathBuf,
    /// Which game of a GGF or WTHOR file, from 1
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    game: usize,
    /// Also write the final position as an SVG board diagram to this file
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// What a replay shows: the final position, the moves and the result line.
#[derive(Debug)]
struct Shown {
    position: Position,
    moves: String,
    result: String,
    notes: Vec<String>,
    /// The final position as an SVG board diagram.
    svg: String,
}

fn main() -> ExitCode {
    let Options { file, game, svg } = args::parse();
    match replay(&file, game) {
        Ok(shown) => {
            if let Some(path) = &svg
                && let Err(e) = std::fs::write(path, &shown.svg)
            {
                return errors::fail(format_args!("{}: {e}", path.display()));
            }
            for note in &shown.notes {
                outln!("{note}");
            }
            outln!("moves: {}", shown.moves);
            output::print(format_args!("{}", diagram(&shown.position, Bitboard::EMPTY)));
            outln!("result: {}", shown.result);
            ExitCode::SUCCESS
        }
        Err(message) => errors::fail(format_args!("{}: {message}", file.display())),
    }
}

fn replay(path: &Path, game: usize) -> Result<Shown, String> {
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let bytes = files::read(path).map_err(|e| e.to_string())?;
    let text = || String::from_utf8(bytes.clone()).map_err(|e| format!("not UTF-8 text: {e}"));
    match extension.as_str() {
        "json" => {
            let record = GameRecord::from_json(&text()?).map_err(|e| errors::chain(&e))?;
            Ok(from_record(&record, Vec::new()))
        }
        "ggf" => {
            // One game at a time: the memory held is the chosen game's, not the file's.
            let source = text()?;
            let (mut chosen, mut count) = (None, 0);
            for g in ggf::games(&source) {
                let g = g.map_err(|e| errors::chain(&e))?;
                count += 1;
                if count == game {
                    chosen = Some(g);
                }
            }
            let g = chosen.ok_or(format!("the file has {count} games, not {game}"))?;
            match g.to_record(game) {
                Ok(record) => Ok(from_record(&record, vec![format!("game {game} of {count}")])),
                Err(ggf::GgfError::NoResult { .. }) => {
                    let played = g.replay(game).map_err(|e| errors::chain(&e))?;
                    Ok(from_game(&played, vec![format!("game {game} of {count}, no result recorded")]))
                }
                Err(e) => Err(errors::chain(&e)),
            }
        }
        "txt" => {
            let mut played = Game::new(Rules::default(), 0).map_err(|e| errors::chain(&e))?;
            replay_transcript(&mut played, &text()?).map_err(|e| errors::chain(&e))?;
            match GameRecord::from_game(&played) {
                Ok(record) => Ok(from_record(&record, Vec::new())),
                Err(_) => Ok(from_game(&played, vec!["unfinished".into()])),
            }
        }
        "wtb" => {
            let file = WthorFile::parse(&bytes).map_err(|e| errors::chain(&e))?;
            let games = file.games();
            let g = games.get(game - 1).ok_or(format!("the file has {} games, not {game}", games.len()))?;
            let r = g.replay().map_err(|e| format!("game {game}: {}", errors::chain(&e)))?;
            let state = if r.is_finished() { "finished" } else { "unfinished" };
            let black = if r.is_finished() { r.replayed_score() } else { r.recorded_score() };
            // A score byte is not checked against the board's 64 cells everywhere: subtract with care.
            let white = 64u8.checked_sub(black).ok_or(format!("game {game}: score {black} is more than 64 discs"))?;
            let mut notes = vec![
                format!("game {game} of {}, {state}", games.len()),
                format!("rules: {}", Rules::default()),
                format!("replayed {} recorded {}", r.replayed_score(), r.recorded_score()),
            ];
            notes
                .extend(openings::recognise(&Position::default(), r.moves()).map(|o| format!("opening: {}", o.name())));
            let last = r.moves().iter().rev().find_map(|mv| match mv {
                reversi_kit::variants::Move::Place(sq) => Some(*sq),
                reversi_kit::variants::Move::Pass => None,
            });
            Ok(Shown {
                position: *r.position(),
                moves: transcript::write(r.moves()),
                result: format!("{black}-{white}"),
                notes,
                svg: Diagram::new(r.position()).with_last_move(last).to_string(),
            })
        }
        other => Err(format!("unknown extension {other:?}: expected json, ggf, txt or wtb")),
    }
}

fn from_record(record: &GameRecord, mut notes: Vec<String>) -> Shown {
    let game = record.replay();
    notes.push(format!("rules: {}", game.rules()));
    notes.push(format!("ended: {}", record.result().ending()));
    if !record.blocked().is_empty() {
        notes.push(format!("blocked: {}", record.blocked()));
    }
    notes.extend(record.opening_name().map(|name| format!("opening: {name}")));
    Shown {
        position: *game.position(),
        moves: transcript::write(record.moves()),
        result: record.result().to_string(),
        notes,
        svg: game.svg(),
    }
}

fn from_game(game: &Game, mut notes: Vec<String>) -> Shown {
    notes.push(format!("rules: {}", game.rules()));
    notes.extend(game.opening_name().map(|name| format!("opening: {name}")));
    let discs = |c| game.position().count(c);
    Shown {
        position: *game.position(),
        moves: transcript::write(&game.moves()),
        result: format!("{}-{}", discs(reversi_kit::Color::Black), discs(reversi_kit::Color::White)),
        notes,
        svg: game.svg(),
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

    /// Issue 69, D1: what Python's `Game.to_json()` writes (in-progress.json, the record
    /// form), and what it wrote before version 1 records (legacy-game.json), both replay.
    #[test]
    fn records_python_writes_replay() {
        let shown = replay(&fixture("in-progress.json"), 1).unwrap();
        assert!(shown.notes.contains(&"ended: unfinished".to_owned()), "{:?}", shown.notes);
        assert!(shown.moves.starts_with("e3d3c3"), "{}", shown.moves);
        assert_eq!(shown.result, "8-9");
        let old = replay(&fixture("legacy-game.json"), 1).unwrap();
        assert_eq!(old.moves, "f5d6c3d3c4");
        assert!(old.notes.contains(&"ended: unfinished".to_owned()), "{:?}", old.notes);
    }

    /// Issue 69, D2: a GGF game with `RE[?]` replays, as Python's `Game.from_ggf` reads it.
    #[test]
    fn a_ggf_game_with_an_unknown_result_replays() {
        let text = "(;GM[Othello]PC[NBoard]TI[0:05]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]RE[?];)";
        let shown = replay(&temp("unknown.ggf", text.as_bytes()), 1).unwrap();
        assert_eq!(shown.moves, "f5f6");
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
        let args = |a: &[&str]| Options::try_parse_from(std::iter::once("replay").chain(a.iter().copied()));
        let options = |file: &str, game| Options { file: file.into(), game, svg: None };
        assert_eq!(args(&["f.wtb", "--game", "3"]).unwrap(), options("f.wtb", 3));
        assert_eq!(args(&["f.json"]).unwrap(), options("f.json", 1));
        for bad in [
            &["f.wtb", "--game", "0"][..],
            &["f.wtb", "--game"],
            &[],
            &["a", "b"],
            &["f.wtb", "--game", "99999999999999999999"],
        ] {
            assert!(args(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn every_format_names_the_opening_and_draws_the_final_position() {
        // The fixture game in three formats: one opening, one final position.
        let shown: Vec<Shown> = ["sample.txt", "sample.ggf", "sample.wtb", "sample.json"]
            .iter()
            .map(|name| replay(&fixture(name), 1).unwrap())
            .collect();
        let opening = |s: &Shown| s.notes.iter().find(|n| n.starts_with("opening: ")).cloned();
        assert!(opening(&shown[0]).is_some(), "the fixture's real game has a named opening");
        assert_eq!(opening(&shown[0]), opening(&shown[1]));
        assert_eq!(opening(&shown[0]), opening(&shown[2]));
        for s in &shown {
            assert!(s.svg.starts_with("<svg") && s.svg.contains("<circle"), "a diagram with discs");
        }
        let args = |a: &[&str]| Options::try_parse_from(std::iter::once("replay").chain(a.iter().copied()));
        assert_eq!(args(&["f.json", "--svg", "out.svg"]).unwrap().svg, Some("out.svg".into()));
    }

    #[test]
    fn special_and_huge_files_are_refused() {
        assert!(replay(Path::new("/dev/zero"), 1).unwrap_err().contains("not a regular file"));
        let dir = std::env::temp_dir();
        assert!(replay(&dir, 1).unwrap_err().contains("not a regular file"));
        // Sparse: no disk is used for its zeros.
        let huge = temp("huge.wtb", b"");
        std::fs::File::options().write(true).open(&huge).unwrap().set_len(files::MAX_FILE_BYTES + 1).unwrap();
        assert!(replay(&huge, 1).unwrap_err().contains("larger than the limit of 64 MiB"));
        std::fs::remove_file(&huge).unwrap();
    }

    #[test]
    fn a_wthor_score_above_64_is_an_error_not_an_overflow() {
        // The third game of the fixture stopped early: its recorded score is shown.
        let mut bytes = std::fs::read(fixture("sample.wtb")).unwrap();
        let score_byte = 16 + 2 * 68 + 6;
        assert_eq!(bytes[score_byte], 40);
        bytes[score_byte] = 200;
        match replay(&temp("score.wtb", &bytes), 3) {
            // The library may refuse the byte itself; if it does not, the example must.
            Err(message) => assert!(message.contains("200") || message.contains("score"), "{message}"),
            Ok(shown) => panic!("a score of 200 was shown as {}", shown.result),
        }
    }
}
