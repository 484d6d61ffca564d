//! C-GOOD-ERR: no error message repeats the text of a cause that `source()` also returns, so
//! that a reporter printing the whole chain (`anyhow`'s `{:#}`, or the loop below) says each
//! thing once. Every error kind of the workspace that has a source is built here the way a user
//! meets it, by feeding bad input to the public API, and its chain is walked.

use std::error::Error;

use reversi_kit::core::{Bitboard, Color, MoveError, Position, Square, sq};
use reversi_kit::records::ggf::GgfError;
use reversi_kit::records::wthor::WthorGame;
use reversi_kit::records::{GameRecord, RecordError};
use reversi_kit::variants::{Blocked, Board, Game, Handicap, Move, Rules};

/// The messages of `error` and of each of its causes, outermost first.
fn chain(error: &(dyn Error + 'static)) -> Vec<String> {
    let mut messages = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        messages.push(cause.to_string());
        source = cause.source();
    }
    messages
}

/// Fails if a message of the chain contains the message of one of its causes.
fn check(what: &str, error: &(dyn Error + 'static)) -> Result<(), String> {
    let messages = chain(error);
    for (i, outer) in messages.iter().enumerate() {
        for inner in &messages[i + 1..] {
            if !inner.is_empty() && outer.contains(inner.as_str()) {
                return Err(format!("{what}: {outer:?} repeats its cause {inner:?}"));
            }
        }
    }
    Ok(())
}

fn boxed<E: Error + 'static>(result: Result<impl Sized, E>) -> Box<dyn Error> {
    match result {
        Ok(_) => panic!("the input was meant to be refused"),
        Err(e) => Box::new(e),
    }
}

/// One error of every kind that has a source, each with a cause (checked below).
fn errors() -> Vec<(&'static str, Box<dyn Error>)> {
    let rules = Rules::default();
    let mut game = Game::new(rules.clone(), 1).expect("a table");
    let illegal_play = game.play(Move::Place(sq!(a1))).expect_err("a1 flips nothing");
    let transcript_table = Game::new(rules.clone(), 1).expect("a table");
    let blocked_rules = Rules::builder().blocked(Blocked::Count(2)).build().expect("valid rules");
    let record_error = GameRecord::from_transcript(&transcript_table, "f5a1").expect_err("a1 is illegal");
    let wthor = WthorGame::new(0, 0, 0, 0, 0, &[sq!(f5), sq!(a1)]).expect("a game record");
    vec![
        ("ParsePositionError::Size (transparent)", boxed("--/-- X".parse::<Position>())),
        ("ParseBitboardError::Square (transparent)", boxed("d3 zz".parse::<Bitboard>())),
        ("ParseMoveError", boxed("zz".parse::<Move>())),
        ("ParseOptionError::Cell", boxed("c3,zz".parse::<Blocked>())),
        ("ParseOptionError::Cell (handicap)", boxed("black:a1,a17".parse::<Handicap>())),
        ("RulesError::Size (transparent)", boxed(Board::Rectangle { width: 7, height: 8 }.geometry())),
        ("PlayError::Move (transparent)", Box::new(illegal_play.clone())),
        ("ParseRulesError::Option", boxed("8x8 opening=closed".parse::<Rules>())),
        ("ParseRulesError::Rules", boxed("7x8".parse::<Rules>())),
        ("RecordError::IllegalMove", boxed(GameRecord::from_transcript(&transcript_table, "f5a1"))),
        ("RecordError::Transcript", boxed(GameRecord::from_transcript(&transcript_table, "f5?"))),
        (
            "RecordError::Layout",
            boxed(
                Game::with_seed_and_blocked(blocked_rules, 1, Bitboard::EMPTY)
                    .map_err(|source| RecordError::Layout { source }),
            ),
        ),
        // The GGF reader builds these from the errors above, as here.
        (
            "GgfError::IllegalMove",
            Box::new(GgfError::IllegalMove {
                game: 1,
                move_number: 1,
                played: Move::Place(sq!(a1)),
                source: illegal_play.clone(),
            }),
        ),
        ("GgfError::Record", Box::new(GgfError::Record { game: 1, source: record_error })),
        ("IllegalWthorMove", boxed(wthor.replay())),
        ("MoveError (no source)", Box::new(MoveError::GameOver)),
        ("ParseSquareError (no source)", boxed("q1".parse::<Square>())),
        ("ParseColorError (no source)", boxed("grey".parse::<Color>())),
    ]
}

#[test]
fn no_message_repeats_its_source() {
    let mut faults = Vec::new();
    for (what, error) in errors() {
        if let Err(fault) = check(what, error.as_ref()) {
            faults.push(fault);
        }
    }
    assert!(faults.is_empty(), "{} errors repeat their cause:\n{}", faults.len(), faults.join("\n"));
}

#[test]
fn every_case_has_the_cause_it_is_meant_to_test() {
    // The check above passes trivially on an error without a source: make sure each case that
    // is meant to have one does, and says something besides.
    for (what, error) in errors() {
        let messages = chain(error.as_ref());
        // A transparent wrapper shows its inner error's message and returns its inner error's
        // source (none for these), so it is one link.
        let expected = if what.contains("no source") || what.contains("transparent") { 1 } else { 2 };
        assert!(messages.len() >= expected, "{what}: chain {messages:?}");
        assert!(messages.iter().all(|m| !m.is_empty()), "{what}: chain {messages:?}");
    }
}

#[test]
fn the_check_catches_a_repeated_cause() {
    // An error in the style this test forbids: its message ends with its source's.
    #[derive(Debug)]
    struct Repeats(MoveError);
    impl std::fmt::Display for Repeats {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "move 3: {}", self.0)
        }
    }
    impl Error for Repeats {
        fn source(&self) -> Option<&(dyn Error + 'static)> {
            Some(&self.0)
        }
    }
    let bad = Repeats(MoveError::GameOver);
    assert!(check("Repeats", &bad).is_err());
}
