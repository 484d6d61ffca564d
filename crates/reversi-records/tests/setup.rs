//! Records of games set up from a position: JSON and GGF keep the start, so the game replays;
//! records without a start still load from the rules' start.

mod common;

use common::{Rng, random_game, random_ggs_rules};
use proptest::prelude::*;
use reversi_records::{GameRecord, RecordData, RecordError, RecordResult, ggf};
use reversi_variants::{Game, Move, Phase, Rules, SetupError};

/// The 8×8 position after f5, White to move.
const AFTER_F5: &str = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O";

/// A game set up from a random position that play reached under `rules`, then played out
/// at random: `None` when play ended before the set-up point.
fn set_up_game(rules: &Rules, seed: u64, rng: &mut Rng, prefix: usize) -> Option<Game> {
    let reached = random_game(rules.clone(), seed, rng, prefix);
    if reached.is_over() || reached.phase() != Phase::Normal {
        return None;
    }
    let mut game = Game::from_position(rules.clone(), Some(seed), *reached.position()).expect("a reached position");
    while !game.is_over() {
        let moves = game.legal_move_list();
        game.play(moves[rng.below(moves.len())]).expect("a legal move");
    }
    Some(game)
}

#[test]
fn json_and_ggf_keep_a_set_up_start() -> Result<(), Box<dyn std::error::Error>> {
    let mut game = Game::from_position(Rules::default(), None, AFTER_F5.parse()?)?;
    let mut rng = Rng::new(7);
    while !game.is_over() {
        let moves = game.legal_move_list();
        game.play(moves[rng.below(moves.len())])?;
    }
    let record = GameRecord::from_game(&game)?;
    assert_eq!(record.start(), Some(game.start_position()));
    let json = serde_json::to_string(&record)?;
    assert!(json.contains(&format!("\"start\":\"{AFTER_F5}\"")), "{json}");
    let back: GameRecord = serde_json::from_str(&json)?;
    assert_eq!(back, record);
    assert_eq!(back.replay(), game);
    let text = ggf::write_records(std::slice::from_ref(&record))?;
    assert!(text.contains("BO[8 -------- -------- -------- ---O*--- ---***-- -------- -------- -------- O]"), "{text}");
    let read = ggf::parse_records(&text)?;
    assert_eq!(read, vec![record.clone()]);
    assert_eq!(ggf::parse(&text)?[0].replay(1)?, game);
    // The start is checked on the way in: one the rules cannot hold is refused.
    let hole = json.replace("---OX---", "---O----");
    let data: RecordData = serde_json::from_str(&hole)?;
    let err = GameRecord::try_from(data);
    assert!(matches!(err, Err(RecordError::Start { source: SetupError::EmptyCentre { .. } })), "{err:?}");
    assert_eq!(RecordError::Start { source: SetupError::EmptyCentre { square: "e4".parse()? } }.field(), "start");
    Ok(())
}

#[test]
fn records_without_a_start_load_from_the_rules_start() -> Result<(), Box<dyn std::error::Error>> {
    // A record as written before set-up positions existed: no "start" field.
    let game = random_game(Rules::default(), 3, &mut Rng::new(3), usize::MAX);
    let record = GameRecord::from_game(&game)?;
    let json = serde_json::to_string(&record)?;
    assert!(!json.contains("start"), "{json}");
    let back: GameRecord = serde_json::from_str(&json)?;
    let replayed = back.replay();
    assert_eq!(
        (back.start(), replayed.start_position(), replayed.moves()),
        (None, game.start_position(), game.moves())
    );
    // An unfinished set-up game keeps its start too.
    let mut unfinished = Game::from_position(Rules::default(), None, AFTER_F5.parse()?)?;
    unfinished.play(Move::Place("f6".parse()?))?;
    let record = GameRecord::with_result(&unfinished, RecordResult::unfinished(unfinished.position()))?;
    let back: GameRecord = serde_json::from_str(&serde_json::to_string(&record)?)?;
    assert_eq!(back.replay(), unfinished);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Games set up where random play stood, on every GGS board, round trip through JSON and
    /// GGF to the same record and the same game.
    #[test]
    fn set_up_records_round_trip(seed in any::<u64>(), prefix in 4usize..60) {
        let mut rng = Rng::new(seed);
        let rules = random_ggs_rules(&mut rng);
        let Some(game) = set_up_game(&rules, seed, &mut rng, prefix) else { return Ok(()) };
        let record = GameRecord::from_game(&game).expect("a finished game");
        prop_assert_eq!(record.start().is_some(), game.is_set_up());
        let json = serde_json::to_string(&record).expect("serialises");
        let back: GameRecord = serde_json::from_str(&json).expect("reads back");
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.replay(), record.replay());
        let text = ggf::write_records(std::slice::from_ref(&record)).expect("a GGS board");
        let read = ggf::parse_records(&text).expect("reads back");
        prop_assert_eq!(&read[0], &record);
    }
}
