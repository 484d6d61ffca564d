//! Every parser fed arbitrary bytes and strings, and damaged copies of valid files: an error,
//! never a panic. Round trips of random games through JSON, GGF and transcripts.

mod common;

use common::{Rng, random_any_rules, random_finished_game, random_game, random_ggs_rules};
use proptest::prelude::*;
use reversi_records::wthor::{NameFile, NameKind, WthorFile};
use reversi_records::{Ending, GameRecord, RecordData, RecordResult, ggf, transcript};

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
        let _ = NameFile::parse(kind, bytes);
    }
}

fn check_text(text: &str) {
    for (w, h) in [(8, 8), (10, 10), (16, 16), (4, 6)] {
        let _ = transcript::parse(text, w, h);
    }
    if let Ok(games) = ggf::parse(text) {
        for (i, g) in games.iter().enumerate() {
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
    fn records_round_trip(seed in any::<u64>(), table in any::<u64>(), stop in 0usize..4) {
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
        let json = serde_json::to_string(&record).unwrap();
        prop_assert_eq!(&serde_json::from_str::<GameRecord>(&json).unwrap(), &record);
        if let Ok(text) = ggf::write_records(std::slice::from_ref(&record)) {
            prop_assert_eq!(ggf::parse_records(&text).unwrap(), vec![record.clone()]);
        }
        if record.result().ending() == Ending::PlayedOut {
            let text = transcript::write(record.moves());
            prop_assert_eq!(GameRecord::from_transcript(&record.table(), &text).unwrap(), record);
        }
    }
}
