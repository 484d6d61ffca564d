//! A record names its opening as the game it replays does.

use reversi_records::GameRecord;
use reversi_variants::openings::{self, transform};
use reversi_variants::{Game, Move, Rules};

fn record_of(moves: &[Move]) -> GameRecord {
    let mut game = Game::new(Rules::default(), 0).unwrap();
    for mv in moves {
        game.play(*mv).unwrap();
    }
    GameRecord::in_progress(&game).unwrap()
}

#[test]
fn a_record_names_its_opening() {
    let stephenson = record_of(&openings::find("Stephenson").unwrap().line());
    assert_eq!(stephenson.opening_name(), Some("Stephenson"));
    assert_eq!(stephenson.opening_name(), stephenson.replay().opening_name());
    // The Shaman turned about the a1-h8 diagonal: e6 instead of f5 first.
    let turned: Vec<Move> = openings::find("Shaman")
        .unwrap()
        .line()
        .iter()
        .map(|mv| match mv {
            Move::Place(sq) => Move::Place(transform(*sq, 4)),
            Move::Pass => Move::Pass,
        })
        .collect();
    assert_eq!(turned[0].to_string(), "e6");
    assert_eq!(record_of(&turned).opening_name(), Some("Shaman"));
    assert_eq!(record_of(&turned[..1]).opening_name(), None);
}
