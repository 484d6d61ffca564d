//! WTHOR: byte layout, errors, replay of the fixture, and the repository's two real years
//! (`data/wthor`).

use std::path::PathBuf;

use reversi_core::{MoveError, Square};
use reversi_records::wthor::{
    DateField, NameFile, NameKind, ScoreField, WthorDate, WthorError, WthorFile, WthorGame, WthorHeader, WthorSummary,
};
use reversi_variants::Move;

fn data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A header made on 2025-01-02 for games of no particular year.
fn header() -> WthorHeader {
    WthorHeader::new(WthorDate::new(2025, 1, 2).unwrap(), 0)
}

#[test]
fn bytes_are_laid_out_as_the_format_says() {
    let game = WthorGame::new(222, 1971, 2135, 40, 34, &[sq("f5"), sq("d6"), sq("a1"), sq("h8")]).unwrap();
    let file = WthorFile::new(WthorHeader::new(WthorDate::new(2018, 8, 8).unwrap(), 2017), vec![game]);
    let bytes = file.to_bytes().unwrap();
    // Header: century, year, month, day, games (u32), records (u16), game year (u16), board
    // size, type, depth, reserved.
    assert_eq!(&bytes[..16], &[20, 18, 8, 8, 1, 0, 0, 0, 0, 0, 0xe1, 0x07, 8, 0, 0, 0]);
    // Record: tournament, black, white (u16 LE), scores, then 10·row + column from 1.
    assert_eq!(&bytes[16..24], &[0xde, 0x00, 0xb3, 0x07, 0x57, 0x08, 40, 34]);
    assert_eq!(&bytes[24..28], &[56, 64, 11, 88]);
    assert!(bytes[28..].iter().all(|&b| b == 0));
    assert_eq!(bytes.len(), 16 + 68);
    assert_eq!(WthorFile::parse(&bytes).unwrap(), file);
}

#[test]
fn malformed_files_are_typed_errors() {
    let game = WthorGame::new(0, 0, 0, 32, 32, &[sq("f5")]).unwrap();
    let bytes = WthorFile::new(header(), vec![game]).to_bytes().unwrap();
    assert_eq!(WthorFile::parse(&bytes[..10]), Err(WthorError::Truncated { expected: 16, found: 10 }));
    assert_eq!(WthorFile::parse(&bytes[..80]), Err(WthorError::Truncated { expected: 84, found: 80 }));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(WthorFile::parse(&longer), Err(WthorError::TrailingBytes { expected: 84, found: 85 }));
    // A year byte of 100 or more would be read as another century and written back otherwise.
    let mut year = bytes.clone();
    year[1] = 109;
    assert_eq!(WthorFile::parse(&year), Err(WthorError::CreationYear { byte: 109 }));
    for bad in [9, 10, 19, 90, 91, 255] {
        let mut b = bytes.clone();
        b[16 + 9] = bad;
        assert_eq!(WthorFile::parse(&b), Err(WthorError::MoveByte { game: 1, move_number: 2, byte: bad }));
    }
    let mut gap = bytes.clone();
    gap[16 + 10] = 44;
    assert_eq!(WthorFile::parse(&gap), Err(WthorError::MoveAfterEnd { game: 1, move_number: 3, byte: 44 }));
    let mut ten = bytes.clone();
    ten[12] = 10;
    assert_eq!(WthorFile::parse(&ten), Err(WthorError::BoardSize { size: 10 }));
    // A huge game count in a short file.
    let mut huge = bytes;
    huge[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(WthorFile::parse(&huge), Err(WthorError::Truncated { .. })));
}

#[test]
fn dates_are_calendar_dates_and_errors_name_the_field() {
    let date = |y, m, d| WthorDate::new(y, m, d);
    let field = |y, m, d| match date(y, m, d) {
        Err(WthorError::Date { field, year, month, day }) => {
            assert_eq!((year, month, day), (y, m, d), "the error repeats the date given");
            Some(field)
        }
        Err(other) => panic!("{y}-{m}-{d}: {other}"),
        Ok(_) => None,
    };
    for (y, m, d) in [(2018, 12, 31), (2024, 2, 29), (2000, 2, 29), (0, 1, 1), (WthorDate::MAX_YEAR, 12, 31)] {
        assert_eq!(field(y, m, d), None, "{y}-{m}-{d} is a date");
        let got = date(y, m, d).unwrap();
        assert_eq!((got.year(), got.month(), got.day()), (y, m, d));
    }
    assert_eq!(field(WthorDate::MAX_YEAR + 1, 1, 1), Some(DateField::Year));
    assert_eq!(field(u16::MAX, 0, 0), Some(DateField::Year), "the year is checked first");
    assert_eq!(field(2025, 0, 1), Some(DateField::Month));
    assert_eq!(field(2025, 13, 1), Some(DateField::Month));
    assert_eq!(field(2025, 1, 0), Some(DateField::Day));
    assert_eq!(field(2025, 1, 32), Some(DateField::Day));
    assert_eq!(field(2025, 4, 31), Some(DateField::Day));
    assert_eq!(field(2025, 2, 29), Some(DateField::Day), "2025 is not a leap year");
    assert_eq!(field(1900, 2, 29), Some(DateField::Day), "nor is 1900");
    let message = date(2025, 2, 30).unwrap_err().to_string();
    assert!(message.contains("day") && message.contains("2025"), "{message}");
    assert!(date(2018, 8, 8).unwrap() < date(2018, 12, 1).unwrap(), "ordered by time");
}

#[test]
fn header_dates_are_read_checked_and_written_back() {
    // The last date a header can hold is byte for byte what was written.
    let last = WthorHeader::new(WthorDate::new(WthorDate::MAX_YEAR, 12, 31).unwrap(), 0);
    let bytes = NameFile::new(NameKind::Players, last, Vec::new()).to_bytes().unwrap();
    assert_eq!(&bytes[..4], &[255, 99, 12, 31]);
    let back = NameFile::parse(NameKind::Players, &bytes).unwrap();
    assert_eq!(back.to_bytes().unwrap(), bytes);
    assert_eq!(WthorHeader::parse(&bytes).unwrap().created(), last.created());
    // A month or day no calendar has is refused where it is read, naming the field.
    let game = WthorGame::new(0, 0, 0, 32, 32, &[sq("f5")]).unwrap();
    let good = WthorFile::new(header(), vec![game]).to_bytes().unwrap();
    for (at, byte, field) in
        [(2, 0, DateField::Month), (2, 13, DateField::Month), (3, 0, DateField::Day), (3, 32, DateField::Day)]
    {
        let mut bad = good.clone();
        bad[at] = byte;
        assert!(
            matches!(WthorFile::parse(&bad), Err(WthorError::Date { field: f, .. }) if f == field),
            "byte {at} = {byte}: {:?}",
            WthorFile::parse(&bad)
        );
        assert!(matches!(NameFile::parse(NameKind::Tournaments, &bad[..16]), Err(WthorError::Date { .. })));
    }
}

#[test]
fn writing_checks_the_moves() {
    assert_eq!(
        WthorGame::new(0, 0, 0, 0, 0, &[sq("i1")]),
        Err(WthorError::OffBoard { move_number: 1, square: sq("i1") })
    );
    assert_eq!(WthorGame::new(0, 0, 0, 0, 0, &[sq("a1"); 61]), Err(WthorError::TooManyMoves { count: 61 }));
    let header = header();
    let long = NameFile::new(NameKind::Players, header, vec!["x".repeat(21)]);
    assert!(matches!(long.to_bytes(), Err(WthorError::Name { index: 0, len: 20, .. })));
    let wide = NameFile::new(NameKind::Tournaments, header, vec!["Łódź".into()]);
    assert!(matches!(wide.to_bytes(), Err(WthorError::Name { .. })));
    // Latin-1 round trips, a full-length name has no NUL.
    let names = NameFile::new(NameKind::Players, header, vec!["Périgueux Ærø".into(), "x".repeat(20)]);
    let back = NameFile::parse(NameKind::Players, &names.to_bytes().unwrap()).unwrap();
    assert_eq!(back.names(), names.names());
}

#[test]
fn the_fixture_replays_as_documented() {
    let file = WthorFile::parse(&data("sample.wtb")).unwrap();
    assert_eq!(file.header().game_year(), 2018);
    let replays: Vec<_> = file.games().iter().map(WthorGame::replay).collect();
    let r1 = replays[0].as_ref().unwrap();
    assert!(r1.is_finished());
    assert_eq!((r1.replayed_score(), r1.recorded_score()), (26, 26));
    assert_eq!(r1.moves().len(), 60);
    let r2 = replays[1].as_ref().unwrap();
    assert_eq!(r2.moves().iter().filter(|m| **m == Move::Pass).count(), 3);
    assert_eq!(r2.moves().len(), 63);
    assert!(r2.score_matches());
    let r3 = replays[2].as_ref().unwrap();
    assert!(!r3.is_finished(), "stopped after 20 discs: not an error");
    assert!(!r3.score_matches());
    let e4 = replays[3].as_ref().unwrap_err();
    assert_eq!((e4.move_number, e4.square, &e4.source), (5, sq("a1"), &MoveError::NoFlips { square: sq("a1") }));
    let mut summary = WthorSummary::default();
    replays.iter().for_each(|r| summary.add(r));
    assert_eq!(summary.to_string(), "4 games, 2 finished, 2 scores match, 1 unfinished, 1 illegal");
}

#[test]
fn fixture_names() {
    let players = NameFile::parse(NameKind::Players, &data("WTHOR.JOU")).unwrap();
    assert_eq!(players.name(1), Some("Zhao Jing"));
    assert_eq!(players.name(3), None);
    let tournaments = NameFile::parse(NameKind::Tournaments, &data("WTHOR.TRN")).unwrap();
    assert_eq!(tournaments.name(0), Some("Beijing Open"));
}

/// A file of the repository's WTHOR sample (`data/wthor` at the top of the repository): a
/// missing file fails the test, naming its path.
fn sample(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/wthor").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("the WTHOR sample {}: {e}", path.display()))
}

#[test]
fn the_sample_years_replay_and_match() {
    for (name, games) in [("WTH_2017.wtb", 2449), ("WTH_2018.wtb", 2322)] {
        let bytes = sample(name);
        let file = WthorFile::parse(&bytes).unwrap();
        let mut summary = WthorSummary::default();
        for game in file.games() {
            summary.add(&game.replay());
        }
        assert_eq!(
            summary,
            WthorSummary { games, finished: games, scores_match: games, unfinished: 0, illegal: 0 },
            "{name}"
        );
        // The writer gives back the very bytes.
        assert_eq!(file.to_bytes().unwrap(), bytes, "{name}");
    }
}

#[test]
fn the_sample_names_round_trip_and_name_the_players() {
    let (jou, trn, wtb) = (sample("WTHOR.JOU"), sample("WTHOR.TRN"), sample("WTH_2018.wtb"));
    let players = NameFile::parse(NameKind::Players, &jou).unwrap();
    let tournaments = NameFile::parse(NameKind::Tournaments, &trn).unwrap();
    assert_eq!(players.name(1), Some("Tastet Marc"));
    assert_eq!(players.to_bytes().unwrap(), jou);
    assert_eq!(tournaments.to_bytes().unwrap(), trn);
    let file = WthorFile::parse(&wtb).unwrap();
    let game = &file.games()[0];
    assert_eq!(players.name(game.black_player()), Some("Zhao Jing"));
    assert_eq!(players.name(game.white_player()), Some("Yamakawa Takashi"));
    assert_eq!(tournaments.name(game.tournament()), Some("Beijing Open"));
}

/// Issue 14, defect 4: a score byte above 64 is refused when read (naming the game and the
/// score) and when a game is built, so that `64 - score` never underflows.
#[test]
fn scores_above_64_are_refused() {
    let game = WthorGame::new(0, 0, 0, 64, 0, &[sq("f5")]).unwrap();
    let bytes = WthorFile::new(header(), vec![game.clone(), game]).to_bytes().unwrap();
    for (offset, field) in [(6, ScoreField::Black), (7, ScoreField::Theoretical)] {
        for byte in [65, 200, 255] {
            let mut b = bytes.clone();
            b[16 + 68 + offset] = byte;
            assert_eq!(WthorFile::parse(&b), Err(WthorError::Score { game: 2, field, byte }));
        }
    }
    assert_eq!(
        WthorGame::new(0, 0, 0, 65, 0, &[]),
        Err(WthorError::Score { game: 1, field: ScoreField::Black, byte: 65 })
    );
    assert_eq!(
        WthorGame::new(0, 0, 0, 0, 200, &[]),
        Err(WthorError::Score { game: 1, field: ScoreField::Theoretical, byte: 200 })
    );
}

/// Issue 14, defect 10: a name file is written back byte for byte: the header's game count
/// and any bytes after a name's first NUL are kept.
#[test]
fn name_files_round_trip_byte_for_byte() {
    let mut bytes = data("WTHOR.JOU");
    bytes[4] = 7; // the header's game count, unused by name files
    let second = 16 + 20;
    bytes[second + 12] = b'x'; // "Zhao Jing" then NUL, then garbage
    bytes[second + 19] = 0xff;
    let file = NameFile::parse(NameKind::Players, &bytes).unwrap();
    assert_eq!(file.name(1), Some("Zhao Jing"));
    assert_eq!(file.header().games(), 7);
    assert_eq!(file.to_bytes().unwrap(), bytes);
    // The padding is part of the file: it is not equal to one with clean padding.
    assert_ne!(NameFile::parse(NameKind::Players, &data("WTHOR.JOU")).unwrap().names(), &[] as &[String]);
    assert_ne!(Some(file), NameFile::parse(NameKind::Players, &data("WTHOR.JOU")).ok());
}
