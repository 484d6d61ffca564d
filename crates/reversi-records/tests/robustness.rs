//! Every parser fed arbitrary bytes and strings, and damaged copies of valid files: an error,
//! never a panic. Round trips of random games through JSON, GGF and transcripts.

mod common;

use common::{Rng, random_any_rules, random_finished_game, random_game, random_ggs_rules};
use proptest::prelude::*;
use reversi_core::{Color, Position, Square};
use reversi_records::ggf::{BoardType, GgfEnding, GgfError, GgfField, GgfGame, GgfMove, GgfResult};
use reversi_records::wthor::{NameFile, NameKind, WthorDate, WthorFile, WthorGame, WthorHeader};
use reversi_records::{Ending, GameRecord, Metadata, RecordData, RecordResult, ggf, transcript};
use reversi_variants::{Move, Rules};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)).unwrap()
}

/// `base` with a few bytes overwritten, inserted or removed.
fn damage(mut base: Vec<u8>, edits: &[(usize, u8, u8)]) -> Vec<u8> {
    for &(at, byte, kind) in edits {
        if base.is_empty() {
            base.push(byte);
            continue;
        }
        let i = at % base.len();
        match kind % 3 {
            0 => base[i] = byte,
            1 => base.insert(i, byte),
            _ => {
                base.remove(i);
            }
        }
    }
    base
}

fn check_wthor(bytes: &[u8]) {
    if let Ok(file) = WthorFile::parse(bytes) {
        // What reads is written back byte for byte.
        assert_eq!(file.to_bytes().unwrap(), bytes);
        for game in file.games() {
            let _ = game.replay();
        }
    }
    for kind in [NameKind::Players, NameKind::Tournaments] {
        if let Ok(file) = NameFile::parse(kind, bytes) {
            // Byte for byte too: padding after a name's NUL and the header's game count kept.
            assert_eq!(file.to_bytes().unwrap(), bytes);
        }
    }
}

fn check_text(text: &str) {
    // Any width and height, past 16 too (issue 14: those panicked).
    for (w, h) in [(8, 8), (10, 10), (16, 16), (4, 6), (17, 8), (8, 17), (255, 255), (0, 0)] {
        let _ = transcript::parse(text, w, h);
    }
    if let Ok(games) = ggf::parse(text) {
        for (i, g) in games.iter().enumerate() {
            // Whatever reads is written back as text that reads as the same game.
            assert_eq!(ggf::parse(&g.to_ggf()).as_deref(), Ok(std::slice::from_ref(g)), "{text:?}");
            let _ = g.replay(i + 1);
            if let Ok(record) = g.to_record(i + 1) {
                let _ = ggf::write_records(&[record]);
            }
        }
    }
    let _ = serde_json::from_str::<GameRecord>(text);
    let _ = serde_json::from_str::<RecordData>(text);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn wthor_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_wthor(&bytes);
    }

    #[test]
    fn wthor_damaged_files(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6)) {
        check_wthor(&damage(fixture("sample.wtb"), &edits));
        check_wthor(&damage(fixture("WTHOR.JOU"), &edits));
    }

    #[test]
    fn wthor_valid_headers_with_any_moves(moves in proptest::collection::vec(0u8..100, 60)) {
        let mut bytes = fixture("sample.wtb");
        bytes.truncate(16 + 68);
        bytes[4..8].copy_from_slice(&1u32.to_le_bytes());
        bytes[24..].copy_from_slice(&moves);
        check_wthor(&bytes);
    }

    #[test]
    fn text_parsers_arbitrary_strings(text in any::<String>()) {
        check_text(&text);
    }

    #[test]
    fn text_parsers_near_valid_strings(text in "[(;)\\[\\]A-Z*O\\- a-jp1-9/.:+=\\\\]{0,200}") {
        check_text(&text);
    }

    #[test]
    fn damaged_ggf_and_json(edits in proptest::collection::vec((any::<usize>(), 32u8..127, any::<u8>()), 1..5)) {
        for name in ["sample.ggf", "sample.json", "sample.txt"] {
            let bytes = damage(fixture(name), &edits);
            check_text(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn ggf_games_built_from_any_parts_round_trip_or_are_refused(
        side in 0usize..7,
        moves in proptest::collection::vec((0u8..16, 0u8..16, any::<bool>(), proptest::option::of(any::<f64>()), proptest::option::of(any::<f64>())), 0..12),
        margin in proptest::option::of(any::<f64>()),
        names in proptest::collection::vec(proptest::option::of(any::<String>()), 4),
        properties in proptest::collection::vec(("[A-Z]{1,2}|[a-z0-9 ]{0,2}", any::<String>()), 0..6),
    ) {
        let board = if side == 6 { BoardType::Octagon } else { BoardType::square(4 + 2 * side as u8).unwrap() };
        let mut g = GgfGame::new(board, Position::start(board.geometry()).unwrap()).unwrap();
        let area = board.geometry();
        for (column, row, white, eval, time) in moves {
            let color = if white { Color::White } else { Color::Black };
            let played = if column == 0 && row == 0 { Move::Pass } else { Move::Place(Square::new(column, row).unwrap()) };
            let mut m = GgfMove::new(color, played);
            for (value, field) in [(eval, GgfField::Eval), (time, GgfField::Time)] {
                let Some(value) = value else { continue };
                let with = if field == GgfField::Eval { m.with_eval(value) } else { m.with_time(value) };
                match with {
                    Ok(next) => m = next,
                    Err(GgfError::Invalid { field: f, .. }) => {
                        prop_assert!(!value.is_finite());
                        prop_assert_eq!(f, field);
                    }
                    Err(other) => prop_assert!(false, "{other}"),
                }
            }
            let before = g.clone();
            match g.push_move(m) {
                Ok(()) => prop_assert!(played == Move::Pass || area.contains(Square::new(column, row).unwrap())),
                Err(GgfError::Invalid { field: GgfField::Move { move_number }, .. }) => {
                    prop_assert_eq!(move_number, before.moves().len() + 1);
                    prop_assert_eq!(&g, &before, "unchanged");
                }
                Err(other) => prop_assert!(false, "{other}"),
            }
        }
        if let Some(margin) = margin {
            match GgfResult::new(margin, GgfEnding::Timeout) {
                Ok(r) => g.set_result(Some(r)),
                Err(e) => {
                    let named = matches!(e, GgfError::Invalid { field: GgfField::Margin, .. });
                    prop_assert!(!margin.is_finite() && named, "{}", e);
                }
            }
        }
        g.set_black(names[0].clone());
        g.set_white(names[1].clone());
        g.set_date(names[2].clone());
        g.set_game_type(names[3].clone());
        for (name, value) in properties {
            let own = ["GM", "BO", "BL", "RE", "PB", "PW", "DT", "TY", "B", "W"].contains(&name.as_str());
            let valid = !name.is_empty() && name.bytes().all(|b| b.is_ascii_uppercase()) && !own;
            prop_assert_eq!(g.push_property(name, value).is_ok(), valid);
        }
        let text = g.to_ggf();
        prop_assert_eq!(ggf::parse(&text), Ok(vec![g]), "{}", text);
    }

    #[test]
    fn transcripts_on_any_board_size(text in "[a-zA-Z0-9 ,]{0,12}", width in any::<u8>(), height in any::<u8>()) {
        match transcript::parse(&text, width, height) {
            Err(transcript::TranscriptError::BoardSize { .. }) => prop_assert!(width > 16 || height > 16),
            Ok(moves) => prop_assert_eq!(transcript::parse(&transcript::write(&moves), width, height).is_ok(), true),
            Err(_) => {}
        }
    }

    #[test]
    fn records_round_trip(
        seed in any::<u64>(),
        table in any::<u64>(),
        stop in 0usize..4,
        metadata in metadata(),
    ) {
        let mut rng = Rng::new(seed);
        let rules = if seed % 2 == 0 { random_ggs_rules(&mut rng) } else { random_any_rules(&mut rng) };
        let record = if stop < 2 {
            // A game stopped early (resigned, or unfinished), when the moves leave it so.
            let game = random_game(rules, table, &mut rng, 12);
            let result = if game.is_over() {
                RecordResult::played_out(game.result().unwrap())
            } else if stop == 0 {
                RecordResult::new(3, 1, Ending::Resigned).unwrap()
            } else {
                RecordResult::unfinished(game.position())
            };
            GameRecord::with_result(&game, result).unwrap()
        } else {
            GameRecord::from_game(&random_finished_game(rules, table, &mut rng)).unwrap()
        };
        let record = record.with_metadata(metadata);
        // Every format that writes the record reads it back equal (issue 14, defect 2).
        let json = serde_json::to_string(&record).unwrap();
        prop_assert_eq!(&serde_json::from_str::<GameRecord>(&json).unwrap(), &record);
        if let Ok(text) = ggf::write_records(std::slice::from_ref(&record)) {
            prop_assert_eq!(ggf::parse_records(&text).unwrap(), vec![record.clone()]);
        }
        if record.result().ending() == Ending::PlayedOut {
            let text = transcript::write(record.moves());
            prop_assert_eq!(&GameRecord::from_transcript(&record.table(), &text).unwrap().with_metadata(record.metadata().clone()), &record);
        }
        check_wthor_round_trip(&record)?;
    }
}

/// Names, date, event and tags of any text, `=`, `\`, `]` and NUL included.
fn metadata() -> impl Strategy<Value = Metadata> {
    let text = || proptest::option::of("(.|[=\\\\\\]\\[ ]){0,6}");
    let tags = proptest::collection::btree_map("(.|[=\\\\\\]\\[ ]){0,4}", "(.|[=\\\\\\]\\[ ]){0,4}", 0..4);
    (text(), text(), text(), text(), tags).prop_map(|(black, white, date, event, tags)| Metadata {
        black,
        white,
        date,
        event,
        tags,
    })
}

/// WTHOR, where it applies (the standard rules): the placed discs and Black's WOF score
/// written as a game record read back as the same moves, passes put back, and score.
fn check_wthor_round_trip(record: &GameRecord) -> Result<(), TestCaseError> {
    if *record.rules() != Rules::default() {
        return Ok(());
    }
    let squares: Vec<Square> = record
        .moves()
        .iter()
        .filter_map(|m| match m {
            Move::Place(sq) => Some(*sq),
            Move::Pass => None,
        })
        .collect();
    // Black's WOF score, as WTHOR counts it, from a replay of the discs alone.
    let score = WthorGame::new(1, 2, 3, 0, 0, &squares).unwrap().replay().unwrap().replayed_score();
    let game = WthorGame::new(1, 2, 3, score, 0, &squares).unwrap();
    let file = WthorFile::new(WthorHeader::new(WthorDate::new(2026, 12, 1).unwrap(), 2026), vec![game]);
    let back = WthorFile::parse(&file.to_bytes().unwrap()).unwrap();
    prop_assert_eq!(&back, &file);
    let replay = back.games()[0].replay().unwrap();
    // A trailing pass of a stopped game is not a disc: WTHOR cannot hold it.
    let mut moves = record.moves().to_vec();
    while moves.last() == Some(&Move::Pass) {
        moves.pop();
    }
    prop_assert_eq!(replay.moves(), &moves[..]);
    prop_assert_eq!(replay.is_finished(), record.replay().is_over());
    if record.result().ending() == Ending::PlayedOut {
        prop_assert!(replay.score_matches());
    }
    Ok(())
}
