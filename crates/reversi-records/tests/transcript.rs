//! Move transcripts: reading, greedy cell names on big boards, passes, writing.

mod common;

use common::{Rng, random_any_rules, random_finished_game};
use reversi_core::Square;
use reversi_records::transcript::{self, TranscriptError};
use reversi_records::{GameRecord, RecordError};
use reversi_variants::{Board, Game, Move, Rules};

fn place(name: &str) -> Move {
    Move::Place(name.parse::<Square>().unwrap())
}

#[test]
fn reads_case_insensitively_with_or_without_separators() {
    let expected = vec![place("f5"), place("d6"), place("c3"), Move::Pass, place("h8")];
    for text in ["f5d6c3passh8", "F5D6C3PASSH8", "f5 d6, c3\tPass\nh8", "  f5d6 c3 pAsS h8  "] {
        assert_eq!(transcript::parse(text, 8, 8).unwrap(), expected, "{text:?}");
    }
    assert_eq!(transcript::parse("", 8, 8).unwrap(), vec![]);
}

#[test]
fn two_digits_only_when_they_name_a_row() {
    assert_eq!(transcript::parse("j10a1", 10, 10).unwrap(), vec![place("j10"), place("a1")]);
    assert_eq!(transcript::parse("a10", 16, 16).unwrap(), vec![place("a10")]);
    assert_eq!(transcript::parse("p16a16b1", 16, 16).unwrap(), vec![place("p16"), place("a16"), place("b1")]);
    // On 12 rows, "a13" is a1 then a stray 3; "a12" is one cell.
    assert_eq!(transcript::parse("a12", 12, 12).unwrap(), vec![place("a12")]);
    assert_eq!(
        transcript::parse("a13", 12, 12),
        Err(TranscriptError::Syntax { move_number: 2, offset: 2, found: '3' })
    );
    // On 8×8, "a12" splits the same way and the 2 is an error at byte 2.
    assert_eq!(transcript::parse("a12", 8, 8), Err(TranscriptError::Syntax { move_number: 2, offset: 2, found: '2' }));
    // A row that is not on the board, a 0 row, a column past the board.
    assert!(matches!(transcript::parse("a9", 8, 8), Err(TranscriptError::OffBoard { move_number: 1, .. })));
    assert_eq!(transcript::parse("a0", 8, 8), Err(TranscriptError::Syntax { move_number: 1, offset: 1, found: '0' }));
    assert!(matches!(
        transcript::parse("f5i1", 8, 8),
        Err(TranscriptError::OffBoard { move_number: 2, offset: 2, .. })
    ));
    assert_eq!(transcript::parse("f5d", 8, 8), Err(TranscriptError::Incomplete { move_number: 2, offset: 2 }));
    assert_eq!(transcript::parse("f5é", 8, 8), Err(TranscriptError::Syntax { move_number: 2, offset: 2, found: 'é' }));
}

#[test]
fn writing_leaves_out_passes_that_replay_restores() {
    let moves = vec![place("f5"), Move::Pass, place("d6"), Move::Pass];
    assert_eq!(transcript::write(&moves), "f5d6pass");
    assert_eq!(transcript::write(&[place("j10"), place("a1")]), "j10a1");
}

#[test]
fn replay_inserts_forced_passes_and_refuses_illegal_moves() {
    // WTHOR 2018 game 2: three passes left out of the transcript.
    let text = "f5f6e6f4g5d6f3g6c7h5e3d3c4c6c3c8c5g3g4f2e2h4f1d1d2c1e1g1d7b6b5a5e7f8f7b3h3h2b2c2a6a7a4e8a8b4d8b8b7a1h7g7h8g8h6h1g2a3a2b1";
    let table = Game::new(Rules::default(), 0).unwrap();
    let record = GameRecord::from_transcript(&table, text).unwrap();
    assert_eq!(record.moves().len(), 63);
    // The same with the passes written out.
    let explicit: Vec<String> = record.moves().iter().map(Move::to_string).collect();
    assert_eq!(GameRecord::from_transcript(&table, &explicit.join(" ")).unwrap(), record);
    // A pass where a move exists, and a disc that flips nothing, are illegal moves.
    assert!(matches!(
        GameRecord::from_transcript(&table, "f5 pass"),
        Err(RecordError::IllegalMove { move_number: 2, played: Move::Pass, .. })
    ));
    assert!(matches!(
        GameRecord::from_transcript(&table, "f5d6a1"),
        Err(RecordError::IllegalMove { move_number: 3, .. })
    ));
    assert!(matches!(GameRecord::from_transcript(&table, "f5d6"), Err(RecordError::NotOver { moves: 2 })));
    assert!(matches!(GameRecord::from_transcript(&table, "f5x"), Err(RecordError::Transcript(_))));
}

#[test]
fn random_games_round_trip_through_transcripts() {
    let mut rng = Rng::new(11);
    for i in 0..80 {
        let rules = random_any_rules(&mut rng);
        let game = random_finished_game(rules, i, &mut rng);
        let record = GameRecord::from_game(&game).unwrap();
        let text = transcript::write(record.moves());
        let back = GameRecord::from_transcript(&record.table(), &text).unwrap();
        assert_eq!(back, record, "{text}");
    }
}

#[test]
fn big_boards_parse_greedily_in_real_games() {
    let rules = Rules::builder().board(Board::Rectangle { width: 16, height: 16 }).build().unwrap();
    let game = random_finished_game(rules, 0, &mut Rng::new(16));
    let record = GameRecord::from_game(&game).unwrap();
    let text = transcript::write(record.moves());
    assert!(text.contains("10") || text.contains("11") || text.contains("16"), "two-digit rows appear");
    assert_eq!(GameRecord::from_transcript(&record.table(), &text.to_uppercase()).unwrap(), record);
}

/// Issue 14, defect 1: a board wider or taller than 16 is a typed error, not a panic.
#[test]
fn boards_past_16_are_refused() {
    // The last: the input the `transcript` fuzz target found in 515 runs with the check removed.
    let cases = [("q1", 17, 8), ("z1", 255, 255), ("a1", 8, 17), ("", 17, 17), ("f53c5a5", 8, 137)];
    for (text, width, height) in cases {
        let err = transcript::parse(text, width, height).unwrap_err();
        assert_eq!(err, TranscriptError::BoardSize { width, height }, "{text:?}");
    }
}
