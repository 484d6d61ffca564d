//! The one JSON record form: `GameRecord::from_json`/`to_json` on every variant, the older
//! unversioned form of a game in progress still read, errors that name the record's fields
//! rather than Rust types, and docs/record.schema.json naming the fields written.

mod common;

use common::{Rng, random_any_rules, random_game};
use reversi_core::Position;
use reversi_records::{Ending, GameRecord, RecordError};
use reversi_variants::{Blocked, Game, Rules};

#[test]
fn every_variant_round_trips_finished_or_not() {
    let mut rng = Rng::new(69);
    for i in 0..80 {
        let rules = random_any_rules(&mut rng);
        let max = if i % 2 == 0 { usize::MAX } else { rng.below(30) };
        let game = random_game(rules, i, &mut rng, max);
        let record = GameRecord::in_progress(&game).unwrap();
        for text in [record.to_json(), record.to_json_pretty()] {
            let back = GameRecord::from_json(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, record);
            assert_eq!(back.replay().position(), game.position());
        }
    }
}

#[test]
fn the_unversioned_form_of_a_game_in_progress_is_still_read() {
    let mut rng = Rng::new(7);
    for i in 0..40 {
        let game = random_game(random_any_rules(&mut rng), i, &mut rng, 20);
        // What `Game`'s serde (and Python's `Game.to_json()` before version 1 records) wrote.
        let old = serde_json::to_string(&game).unwrap();
        assert!(!old.contains("version"), "{old}");
        let record = GameRecord::from_json(&old).unwrap_or_else(|e| panic!("{old}: {e}"));
        assert_eq!(record, GameRecord::in_progress(&game).unwrap());
    }
    // Tampered, it is refused naming the move.
    let err = GameRecord::from_json(r#"{"rules": {}, "seed": 0, "blocked": [], "moves": ["a1"]}"#).unwrap_err();
    assert!(err.to_string().contains("move 1 (a1)"), "{err}");
}

#[test]
fn a_record_without_its_version_says_so() {
    let record = GameRecord::in_progress(&Game::new(Rules::default(), 0).unwrap()).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    json.as_object_mut().unwrap().remove("version");
    let err = GameRecord::from_json(&json.to_string()).unwrap_err();
    assert!(matches!(&err, RecordError::Json { message } if message.contains("missing field `version`")), "{err}");
    json["version"] = 2.into();
    assert_eq!(GameRecord::from_json(&json.to_string()).unwrap_err(), RecordError::UnknownVersion { found: 2 });
}

#[test]
fn errors_name_the_record_not_rust_types() {
    let record = GameRecord::in_progress(&Game::new(Rules::default(), 0).unwrap()).unwrap();
    let good: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap();
    let cases: [(&str, &[&str], serde_json::Value); 10] = [
        ("the whole record", &[], 5.into()),
        ("rules", &["rules"], 5.into()),
        ("board", &["rules", "board"], 5.into()),
        ("blocked rules", &["rules", "blocked"], 5.into()),
        ("handicap rules", &["rules", "handicap"], 5.into()),
        ("opening", &["rules", "opening"], 5.into()),
        ("scoring", &["rules", "scoring"], 5.into()),
        ("result", &["result"], 5.into()),
        ("ending", &["result", "ending"], 5.into()),
        ("metadata", &["metadata"], 5.into()),
    ];
    for (what, path, value) in cases {
        let mut json = good.clone();
        let mut at = &mut json;
        for key in path {
            at = &mut at[*key];
        }
        *at = value;
        let err = GameRecord::from_json(&json.to_string()).unwrap_err();
        let text = err.to_string();
        assert_eq!(err.field(), "json", "{what}: {text}");
        for internal in ["struct", "enum ", "RulesBuilder", "RecordData", "ResultData", "Metadata", "Ending"] {
            assert!(!text.contains(internal), "{what}: {text}");
        }
        assert!(text.contains("expected"), "{what}: {text}");
    }
    let err = GameRecord::from_json("{\"version\": 1").unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
}

#[test]
fn a_game_set_up_on_random_rules_without_a_seed_saves_and_loads() {
    let rules = Rules::builder().blocked(Blocked::Random).build().unwrap();
    let position: Position =
        "--------/-#------/--------/---OX---/---XO---/--------/--------/-------- X".parse().unwrap();
    let mut game = Game::from_position(rules, None, position).unwrap();
    game.play("f5".parse().unwrap()).unwrap();
    let record = GameRecord::in_progress(&game).unwrap();
    assert_eq!((record.seed(), record.result().ending()), (None, Ending::Unfinished));
    let back = GameRecord::from_json(&record.to_json()).unwrap();
    assert_eq!(back.replay(), game);
}

#[test]
fn the_schema_names_every_field_written() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/record.schema.json")).unwrap(),
    )
    .unwrap();
    let position: Position =
        "--------/--------/--------/---OX---/---XX---/-----X--/--------/-------- O".parse().unwrap();
    let rules = Rules::builder().blocked(Blocked::Count(2)).build().unwrap();
    let game = Game::from_position(rules, Some(3), position).unwrap();
    let json: serde_json::Value = serde_json::from_str(&GameRecord::in_progress(&game).unwrap().to_json()).unwrap();
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    // Every field a record can hold (start included), and the schema knows exactly those.
    assert_eq!(keys(&json), keys(&schema["properties"]));
    assert_eq!(keys(&json["result"]), keys(&schema["properties"]["result"]["properties"]));
    assert_eq!(keys(&json["metadata"]), keys(&schema["properties"]["metadata"]["properties"]));
    assert_eq!(keys(&json["rules"]), keys(&schema["$defs"]["rules"]["properties"]));
    assert_eq!(schema["properties"]["version"]["const"], reversi_records::FORMAT_VERSION);
}

/// tests/data/in-progress.json is what Python's `Game.to_json()` writes for this game (checked
/// byte for byte by crates/reversi-py/tests/test_records.py): the Rust API writes the same
/// bytes and reads them back.
#[test]
fn the_python_fixture_is_what_rust_writes() {
    use reversi_core::Color;
    use reversi_variants::{Board, Handicap, Scoring};
    let fixture = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/in-progress.json")).unwrap();
    let rules = Rules::builder()
        .board(Board::Rectangle { width: 10, height: 8 })
        .blocked(Blocked::Count(2))
        .handicap(Handicap::Count { color: Color::White, count: 1 })
        .scoring(Scoring::Wof)
        .build()
        .unwrap();
    let mut game = Game::new(rules, 9).unwrap();
    for _ in 0..12 {
        let first = game.legal_move_list()[0];
        game.play(first).unwrap();
    }
    let record = GameRecord::in_progress(&game).unwrap();
    assert_eq!(format!("{}\n", record.to_json()), fixture);
    assert_eq!(GameRecord::from_json(&fixture).unwrap(), record);
}

/// Issue 69, D4: an error quotes at most 200 characters of its input, however long.
#[test]
fn errors_quote_their_input_short() {
    let huge = "z".repeat(1_000_000);
    for text in [
        format!(r#"{{"version": 1, "{huge}": 1}}"#),
        format!(r#"{{"version": 1, "rules": {{"opening": "{huge}"}}}}"#),
        format!(r#"{{"rules": {{}}, "moves": ["{huge}"]}}"#),
    ] {
        let message = GameRecord::from_json(&text).unwrap_err().to_string();
        assert!(message.matches('z').count() <= 200, "{} characters", message.len());
        assert!(message.len() < 400, "{} characters", message.len());
    }
    let ggf = format!("(;GM[Othello]BO[8 {huge}];)");
    let message = reversi_records::ggf::parse(&ggf).unwrap_err().to_string();
    assert!(message.len() < 400, "{} characters", message.len());
}
