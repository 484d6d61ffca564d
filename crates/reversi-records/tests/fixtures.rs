//! The small files in `tests/data`, made by this crate's own writers. Each test rebuilds its
//! file and compares it byte for byte; `REVERSI_REGENERATE_FIXTURES=1 cargo test` rewrites them.

mod common;

use std::path::PathBuf;

use common::{Rng, random_finished_game};
use reversi_core::Square;
use reversi_records::wthor::{NameFile, NameKind, WthorDate, WthorFile, WthorGame, WthorHeader};
use reversi_records::{GameRecord, Metadata, ggf, transcript};
use reversi_variants::{Blocked, Board, Game, Rules, Scoring};

/// Two real games of WTHOR 2018 (games 1 and 2, the second with three passes).
const GAME_1: &str = "f5f6e6f4e3c5c6d6e7f7c3c7g3e8b5a4g5b4f8c4d8d3b3f3d2h3e2g4f2d7c8g6a3b6h6h5a7a6a5c2d1g2h7h8h1g8g7b8h2e1f1b2b7g1a1a2h4a8c1b1";
/// See [`GAME_1`].
const GAME_2: &str = "f5f6e6f4g5d6f3g6c7h5e3d3c4c6c3c8c5g3g4f2e2h4f1d1d2c1e1g1d7b6b5a5e7f8f7b3h3h2b2c2a6a7a4e8a8b4d8b8b7a1h7g7h8g8h6h1g2a3a2b1";

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn check(name: &str, bytes: &[u8]) {
    let path = path(name);
    if std::env::var_os("REVERSI_REGENERATE_FIXTURES").is_some() {
        std::fs::write(&path, bytes).unwrap();
    }
    let stored = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(stored == bytes, "{} differs from what the writer makes now", path.display());
}

fn squares(text: &str) -> Vec<Square> {
    transcript::parse(text, 8, 8)
        .unwrap()
        .into_iter()
        .filter_map(|m| match m {
            reversi_variants::Move::Place(sq) => Some(sq),
            reversi_variants::Move::Pass => None,
        })
        .collect()
}

/// Four games: two played out (recorded 26 and 45, as in the real file), one stopped after
/// 20 discs (a resignation, recorded 40), one with an illegal 5th move (`a1`).
fn sample_wtb() -> WthorFile {
    let game_1 = squares(GAME_1);
    let mut illegal = game_1[..4].to_vec();
    illegal.push("a1".parse().unwrap());
    let games = vec![
        WthorGame::new(0, 1, 2, 26, 26, &game_1).unwrap(),
        WthorGame::new(0, 2, 1, 45, 44, &squares(GAME_2)).unwrap(),
        WthorGame::new(0, 1, 2, 40, 32, &game_1[..20]).unwrap(),
        WthorGame::new(0, 2, 1, 30, 30, &illegal).unwrap(),
    ];
    WthorFile::new(WthorHeader::new(WthorDate::new(2025, 11, 30).unwrap(), 2018), games)
}

#[test]
fn wthor_fixtures() {
    check("sample.wtb", &sample_wtb().to_bytes().unwrap());
    let header = WthorHeader::new(WthorDate::new(2025, 11, 30).unwrap(), 0);
    let players =
        NameFile::new(NameKind::Players, header, vec!["???".into(), "Zhao Jing".into(), "Yamakawa Takashi".into()]);
    check("WTHOR.JOU", &players.to_bytes().unwrap());
    let tournaments = NameFile::new(NameKind::Tournaments, header, vec!["Beijing Open".into()]);
    check("WTHOR.TRN", &tournaments.to_bytes().unwrap());
}

/// A played-out game on 10×10 with two blocked cells from seed 2025, WOF scoring.
fn sample_record() -> GameRecord {
    let rules = Rules::builder()
        .board(Board::Rectangle { width: 10, height: 10 })
        .blocked(Blocked::Count(2))
        .scoring(Scoring::Wof)
        .build()
        .unwrap();
    let game = random_finished_game(rules, 2025, &mut Rng::new(2025));
    GameRecord::from_game(&game).unwrap().with_metadata(Metadata {
        black: Some("random".into()),
        white: Some("random".into()),
        event: Some("fixture".into()),
        ..Metadata::default()
    })
}

#[test]
fn record_fixtures() {
    let mut json = serde_json::to_string_pretty(&sample_record()).unwrap();
    json.push('\n');
    check("sample.json", json.as_bytes());
    check("sample.txt", format!("{GAME_1}\n").as_bytes());
    let standard = GameRecord::from_transcript(&Game::new(Rules::default(), 0).unwrap(), GAME_1).unwrap();
    let octagon = Rules::builder().board(Board::Octagon).build().unwrap();
    let octagon = GameRecord::from_game(&random_finished_game(octagon, 0, &mut Rng::new(88))).unwrap();
    check("sample.ggf", ggf::write_records(&[standard, octagon]).unwrap().as_bytes());
}
