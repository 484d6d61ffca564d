//! Games from a set-up position: one set up from a position that play reached is the game
//! that reached it (legal moves, further play, scoring, serde), and every position the rules
//! cannot hold is a typed error.

use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Geometry, Position, Square};
use reversi_variants::{Blocked, Board, Game, Handicap, Move, Opening, Phase, Rules, RulesError, Scoring, SetupError};

fn sq(name: &str) -> Square {
    name.parse().expect("a cell name")
}

fn cells(names: &str) -> Bitboard {
    names.split(',').map(sq).collect()
}

/// Rules drawn from a few of every kind: sizes, the Octagon, random and fixed layouts,
/// handicaps, both openings and both scorings.
fn rules() -> impl Strategy<Value = Rules> {
    let board = prop_oneof![
        3 => (2u8..=6, 2u8..=6).prop_map(|(w, h)| Board::Rectangle { width: 2 * w, height: 2 * h }),
        1 => Just(Board::Octagon),
    ];
    let blocked = prop_oneof![Just(Blocked::None), Just(Blocked::Random), (1u8..=4).prop_map(Blocked::Count)];
    let handicap = proptest::option::of((1u8..=4, any::<bool>()));
    (board, blocked, handicap, any::<bool>(), any::<bool>()).prop_filter_map(
        "impossible rules",
        |(board, blocked, handicap, free, wof)| {
            let handicap = match (board, handicap) {
                (Board::Octagon, _) | (_, None) => Handicap::None,
                (_, Some((count, black))) => {
                    Handicap::Count { color: if black { Color::Black } else { Color::White }, count }
                }
            };
            Rules::builder()
                .board(board)
                .blocked(blocked)
                .handicap(handicap)
                .opening(if free { Opening::Free } else { Opening::Standard })
                .scoring(if wof { Scoring::Wof } else { Scoring::Discs })
                .build()
                .ok()
        },
    )
}

/// The `choice`-th legal move of `game` (modulo their number), or `None` once it is over.
fn pick(game: &Game, choice: u32) -> Option<Move> {
    let moves = game.legal_move_list();
    (!moves.is_empty()).then(|| moves[choice as usize % moves.len()])
}

/// Checks that `a` and `b` answer the same: phase, side, legal moves, pass, end and scores.
fn same_state(a: &Game, b: &Game) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.position(), b.position());
    prop_assert_eq!(a.phase(), b.phase());
    prop_assert_eq!(a.legal_move_list(), b.legal_move_list());
    prop_assert_eq!(a.must_pass(), b.must_pass());
    prop_assert_eq!(a.is_over(), b.is_over());
    prop_assert_eq!(a.score(), b.score());
    prop_assert_eq!(a.result(), b.result());
    prop_assert_eq!(a.perft(2), b.perft(2));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Play a random prefix, set a game up from where it stands, and play the same random
    /// continuation on both: they never differ.
    #[test]
    fn a_game_set_up_where_play_stands_is_that_game(
        rules in rules(),
        seed in any::<u64>(),
        prefix in 4usize..120,
        choices in proptest::collection::vec(any::<u32>(), 0..200),
        plain_board in any::<bool>(),
    ) {
        let mut played = Game::new(rules.clone(), seed).expect("valid rules");
        for &choice in choices.iter().take(prefix) {
            let Some(mv) = pick(&played, choice) else { break };
            played.play(mv).expect("a legal move");
        }
        prop_assume!(played.phase() == Phase::Normal);
        let position = *played.position();
        // The position may mark the blocked cells, or leave them empty on the plain board.
        let given = if plain_board {
            let (black, white) = (position.discs(Color::Black), position.discs(Color::White));
            Position::from_parts(rules.geometry(), black, white, position.side_to_move()).expect("same discs")
        } else {
            position
        };
        let mut set_up = Game::from_position(rules.clone(), Some(seed), given).expect("a position play reached");
        prop_assert_eq!(set_up.blocked(), played.blocked());
        prop_assert_eq!(set_up.start_position(), &position);
        prop_assert_eq!(set_up.is_set_up(), position != *Game::new(rules.clone(), seed).expect("valid").start_position());
        same_state(&set_up, &played)?;
        let mut moves = Vec::new();
        for &choice in choices.iter().skip(prefix) {
            let Some(mv) = pick(&played, choice) else { break };
            prop_assert_eq!(set_up.play(mv), played.play(mv));
            moves.push(mv);
            same_state(&set_up, &played)?;
        }
        prop_assert_eq!(set_up.moves(), moves);
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&set_up).expect("serialises");
            prop_assert_eq!(json.contains("\"start\""), set_up.is_set_up());
            let back: Game = serde_json::from_str(&json).expect("deserialises");
            prop_assert_eq!(&back, &set_up);
        }
    }
}

/// The 8×8 position after f5 (d3 would do as well), White to move.
const AFTER_F5: &str = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O";

#[test]
fn a_set_up_game_plays_from_its_position() -> Result<(), Box<dyn std::error::Error>> {
    let position: Position = AFTER_F5.parse()?;
    let mut game = Game::from_position(Rules::default(), None, position)?;
    assert!(game.is_set_up());
    assert_eq!((game.side_to_move(), game.legal_moves()), (Color::White, cells("d6,f4,f6")));
    game.play(Move::Place(sq("f6")))?;
    assert_eq!(game.undo().map(|ply| ply.played()), Some(Move::Place(sq("f6"))));
    assert_eq!(game.position(), &position);
    // The rules' start, given as a position, is not a set-up game.
    let start = Game::from_position(Rules::default(), None, Position::default())?;
    assert!(!start.is_set_up());
    assert_eq!(start, Game::with_blocked(Rules::default(), Bitboard::EMPTY)?);
    // A finished position is a finished game.
    let full: Position = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXO X".parse()?;
    let over = Game::from_position(Rules::default(), None, full)?;
    assert_eq!(over.result().map(|r| (r.black(), r.white())), Some((63, 1)));
    Ok(())
}

#[test]
fn positions_the_rules_cannot_hold_are_typed_errors() -> Result<(), Box<dyn std::error::Error>> {
    let after_f5: Position = AFTER_F5.parse()?;
    // Another size, another shape.
    let ten = Rules::builder().board(Board::Rectangle { width: 10, height: 10 }).build()?;
    assert!(matches!(Game::from_position(ten, None, after_f5), Err(SetupError::Board { .. })));
    let octagon = Rules::builder().board(Board::Octagon).build()?;
    let square_ten = Position::start(Geometry::rectangle(10, 10)?)?;
    let err = Game::from_position(octagon.clone(), None, square_ten);
    assert!(matches!(err, Err(SetupError::Board { .. })), "{err:?}");
    assert!(Game::from_position(octagon, None, Position::start(Geometry::octagon())?).is_ok());
    // A disc on a blocked cell; blocked cells the table does not have; a layout the rules refuse.
    let fixed = Rules::builder().blocked(Blocked::Fixed(cells("b2,a1"))).build()?;
    let on_b2 = Position::from_parts(
        Geometry::STANDARD,
        after_f5.discs(Color::Black) | cells("b2"),
        after_f5.discs(Color::White),
        Color::White,
    )?;
    let err = Game::from_position(fixed.clone(), None, on_b2);
    assert!(matches!(err, Err(SetupError::DiscOnBlocked { square }) if square == sq("b2")), "{err:?}");
    let marked = |blocked: &str| -> Result<Position, Box<dyn std::error::Error>> {
        let geometry = Geometry::STANDARD.with_unplayable(cells(blocked))?;
        Ok(Position::from_parts(geometry, after_f5.discs(Color::Black), after_f5.discs(Color::White), Color::White)?)
    };
    let err = Game::from_position(fixed, None, marked("a1,h8")?);
    assert!(
        matches!(err, Err(SetupError::BlockedMismatch { expected, found }) if expected == cells("b2,a1") && found == cells("a1,h8")),
        "{err:?}"
    );
    let err = Game::from_position(Rules::default(), None, marked("a1")?);
    assert!(matches!(err, Err(SetupError::BlockedMismatch { .. })), "{err:?}");
    let random = Rules::builder().blocked(Blocked::Random).build()?;
    assert!(Game::from_position(random.clone(), None, marked("a1,h8")?).is_ok());
    let err = Game::from_position(random.clone(), None, after_f5);
    assert!(matches!(err, Err(SetupError::Layout(RulesError::LayoutNotAllowed { .. }))), "{err:?}");
    let err = Game::from_position(random.clone(), None, marked("a1,b1,c1,d1,e1")?);
    assert!(matches!(err, Err(SetupError::Layout(RulesError::LayoutNotAllowed { .. }))), "{err:?}");
    // With a seed, the position's blocked cells must be the seed's.
    let seeded = Game::new(random.clone(), 9)?.blocked();
    let other = if seeded.contains(sq("a1")) { "h8" } else { "a1" };
    let err = Game::from_position(random, Some(9), marked(other)?);
    assert!(matches!(err, Err(SetupError::BlockedMismatch { .. })), "{err:?}");
    // Positions that play cannot reach: an empty centre cell, a handicap corner without its disc.
    let hole: Position = "--------/--------/--------/---O----/---XXX--/--------/--------/-------- O".parse()?;
    let err = Game::from_position(Rules::default(), None, hole);
    assert!(matches!(err, Err(SetupError::EmptyCentre { square }) if square == sq("e4")), "{err:?}");
    let free = Rules::builder().opening(Opening::Free).build()?;
    let err = Game::from_position(free, None, Position::empty(Geometry::STANDARD, Color::Black));
    assert!(matches!(err, Err(SetupError::EmptyCentre { .. })), "{err:?}");
    let handicap = Rules::builder().handicap(Handicap::Count { color: Color::Black, count: 1 }).build()?;
    let err = Game::from_position(handicap.clone(), None, after_f5);
    assert!(
        matches!(err, Err(SetupError::HandicapCorner { square, color: Color::Black }) if square == sq("a1")),
        "{err:?}"
    );
    let with_corner = Position::from_parts(
        Geometry::STANDARD,
        after_f5.discs(Color::Black) | cells("a1"),
        after_f5.discs(Color::White),
        Color::White,
    )?;
    assert!(Game::from_position(handicap, None, with_corner).is_ok());
    assert!(SetupError::EmptyCentre { square: sq("e4") }.to_string().contains("e4"));
    Ok(())
}

#[cfg(feature = "serde")]
#[test]
fn serde_keeps_the_start_and_checks_it() -> Result<(), Box<dyn std::error::Error>> {
    let mut game = Game::from_position(Rules::default(), None, AFTER_F5.parse()?)?;
    game.play(Move::Place(sq("f6")))?;
    let json = serde_json::to_string(&game)?;
    assert!(json.contains(&format!("\"start\":\"{AFTER_F5}\"")), "{json}");
    assert_eq!(serde_json::from_str::<Game>(&json)?, game);
    // Games from the rules' start are written as before, without a start.
    assert!(!serde_json::to_string(&Game::new(Rules::default(), 1)?)?.contains("start"));
    let hole = json.replace("---OX---", "---O----");
    let err = serde_json::from_str::<Game>(&hole).expect_err("an empty centre cell");
    assert!(err.to_string().contains("invalid start position"), "{err}");
    Ok(())
}
