//! The game state machine on known cases: every illegal move is a typed error that leaves the
//! game unchanged; phases, passes, undo, results and perft.

mod naive;

use reversi_core::{Bitboard, Color, MoveError, Position, Square};
use reversi_variants::{Blocked, Board, Game, Handicap, Move, Opening, Phase, PlayError, Rules, RulesError, Scoring};

fn mv(text: &str) -> Move {
    text.parse().expect("a move")
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

/// Cells by name, comma-separated: `b2,g7`.
fn cells(names: &str) -> Bitboard {
    names.split(',').map(sq).collect()
}

fn free_rules() -> Rules {
    Rules::builder().opening(Opening::Free).build().expect("valid")
}

/// Plays `mv`, which must fail with `expected`, and checks that nothing changed.
fn refuse(game: &mut Game, text: &str, expected: PlayError) {
    let before = game.clone();
    assert_eq!(game.play(mv(text)), Err(expected), "{text}");
    assert_eq!(*game, before, "{text} changed the game");
}

#[test]
fn standard_game_and_illegal_moves() {
    let mut game = Game::new(Rules::default(), 0).expect("table");
    assert_eq!(game.phase(), Phase::Normal);
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.legal_moves().to_string(), "d3 c4 f5 e6");
    refuse(&mut game, "d4", PlayError::Move(MoveError::Occupied { square: sq("d4") }));
    refuse(&mut game, "a1", PlayError::Move(MoveError::NoFlips { square: sq("a1") }));
    refuse(&mut game, "i1", PlayError::Move(MoveError::OffBoard { square: sq("i1") }));
    refuse(&mut game, "pass", PlayError::Move(MoveError::PassWithMoves { color: Color::Black }));
    let flips = game.play(mv("f5")).expect("legal");
    assert_eq!(flips.to_string(), "e5");
    assert_eq!(game.history().len(), 1);
    assert_eq!(game.history()[0].color(), Color::Black);
    assert_eq!(game.history()[0].played(), mv("f5"));
    assert_eq!(game.history()[0].flips(), flips);
    assert_eq!(game.moves(), [mv("f5")]);
    assert_eq!(game.side_to_move(), Color::White);
    assert!(game.result().is_none());
    let ply = game.undo().expect("a move to undo");
    assert_eq!(ply.played(), mv("f5"));
    assert_eq!(*game.position(), Position::default());
    assert!(game.undo().is_none());
}

#[test]
fn blocked_cells_are_unplayable() {
    let rules = Rules::builder().blocked(Blocked::Fixed(cells("b2,g7"))).build().expect("valid");
    let mut game = Game::new(rules, 3).expect("table");
    assert_eq!(game.blocked().to_string(), "b2 g7");
    refuse(&mut game, "b2", PlayError::Move(MoveError::Unplayable { square: sq("b2") }));
    let octagon = Rules::builder().board(Board::Octagon).build().expect("valid");
    let mut game = Game::new(octagon, 3).expect("table");
    refuse(&mut game, "a1", PlayError::Move(MoveError::Unplayable { square: sq("a1") }));
    refuse(&mut game, "k1", PlayError::Move(MoveError::OffBoard { square: sq("k1") }));
}

#[test]
fn free_opening() {
    let mut game = Game::new(free_rules(), 1).expect("table");
    assert_eq!(game.phase(), Phase::FreeOpening);
    assert_eq!(game.position().count(Color::Black) + game.position().count(Color::White), 0);
    assert_eq!(game.legal_moves().to_string(), "d4 e4 d5 e5");
    assert_eq!(game.legal_move_list().len(), 4);
    refuse(&mut game, "c3", PlayError::OutsideCentre { square: sq("c3") });
    refuse(&mut game, "pass", PlayError::Move(MoveError::PassWithMoves { color: Color::Black }));
    // The parallel start: Black d4 e4, White d5 e5.
    for (i, cell) in ["d4", "d5", "e4", "e5"].into_iter().enumerate() {
        assert_eq!(game.phase(), Phase::FreeOpening);
        assert_eq!(game.side_to_move(), if i % 2 == 0 { Color::Black } else { Color::White });
        if i > 0 {
            refuse(&mut game, "d4", PlayError::Move(MoveError::Occupied { square: sq("d4") }));
        }
        assert_eq!(game.play(mv(cell)), Ok(Bitboard::EMPTY));
    }
    assert_eq!(game.phase(), Phase::Normal);
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(
        game.position().to_string(),
        "--------/--------/--------/---XX---/---OO---/--------/--------/-------- X"
    );
    assert_eq!(game.legal_moves().to_string(), "c6 d6 e6 f6");
    // Undo goes back into the opening.
    game.undo();
    assert_eq!(game.phase(), Phase::FreeOpening);
    assert_eq!(game.side_to_move(), Color::White);
}

#[test]
fn passes_and_game_over() {
    // Random games on 4x4 until passes turn up; check the pass rules there.
    let rules = Rules::builder().board(Board::Rectangle { width: 4, height: 4 }).build().expect("valid");
    let mut found_pass = false;
    for seed in 0..200u64 {
        let mut game = Game::new(rules.clone(), seed).expect("table");
        let mut player = reversi_variants::players::RandomPlayer::new(seed);
        use reversi_variants::players::Player;
        while let Some(m) = player.choose(&game) {
            if game.must_pass() {
                found_pass = true;
                assert_eq!(game.legal_moves(), Bitboard::EMPTY);
                assert_eq!(game.legal_move_list(), [Move::Pass]);
                let color = game.side_to_move();
                let cell = game.position().empty_cells().first().expect("an empty cell, or no pass");
                refuse(&mut game, &cell.to_string(), PlayError::Move(MoveError::NoFlips { square: cell }));
                assert_eq!(game.play(Move::Pass), Ok(Bitboard::EMPTY));
                assert_eq!(game.history().last().unwrap().color(), color);
                continue;
            }
            game.play(m).expect("the player's move is legal");
        }
        assert!(game.is_over());
        refuse(&mut game, "pass", PlayError::Move(MoveError::GameOver));
        refuse(&mut game, "a1", PlayError::Move(MoveError::GameOver));
        assert!(game.legal_move_list().is_empty());
        let result = game.result().expect("over");
        assert_eq!(
            result.black() + result.white(),
            game.position().count(Color::Black) + game.position().count(Color::White)
        );
    }
    assert!(found_pass, "no pass in 200 games on 4x4");
}

#[test]
fn wof_scoring() {
    // Black 3 discs, White 1, 60 empties, nobody can move: a finished game.
    let pos: Position = "XXX-----/--------/--------/--------/--------/--------/--------/-------O X".parse().unwrap();
    assert!(pos.is_game_over());
    let discs = reversi_variants::GameResult::of(&pos, Scoring::Discs);
    assert_eq!((discs.black(), discs.white(), discs.winner()), (3, 1, Some(Color::Black)));
    let wof = reversi_variants::GameResult::of(&pos, Scoring::Wof);
    assert_eq!((wof.black(), wof.white(), wof.winner()), (63, 1, Some(Color::Black)));
    assert_eq!(wof.to_string(), "63-1");
    let draw: Position = "XX------/--------/--------/--------/--------/--------/--------/------OO X".parse().unwrap();
    let wof = reversi_variants::GameResult::of(&draw, Scoring::Wof);
    assert_eq!((wof.black(), wof.white(), wof.winner()), (32, 32, None));
    // 63 playable cells: an odd number of empties on a draw; the spare one goes to nobody.
    let odd: Position = "#X------/--------/--------/--------/--------/--------/--------/-------O X".parse().unwrap();
    assert!(odd.is_game_over());
    let odd = reversi_variants::GameResult::of(&odd, Scoring::Wof);
    assert_eq!((odd.black(), odd.white(), odd.winner()), (31, 31, None));
}

#[test]
fn handicap_game_starts_with_corners() {
    let rules = Rules::builder().handicap(Handicap::Count { color: Color::Black, count: 2 }).build().expect("valid");
    let game = Game::new(rules, 0).expect("table");
    assert_eq!(
        game.position().discs(Color::Black).to_string(),
        "e4 d5 a1 h8".split(' ').map(sq).collect::<Bitboard>().to_string()
    );
    assert_eq!(game.side_to_move(), Color::Black);
}

#[test]
fn replaying_stored_layouts() {
    let rules = Rules::builder().blocked(Blocked::Random).build().expect("valid");
    let game = Game::new(rules.clone(), 42).expect("table");
    let replay = Game::with_blocked(rules.clone(), game.blocked()).expect("stored layout");
    assert_eq!(replay.position(), game.position());
    assert_eq!(replay.seed(), None);
    assert!(matches!(Game::with_blocked(rules.clone(), cells("d4")), Err(RulesError::LayoutNotAllowed { .. })));
    assert!(matches!(
        Game::with_seed_and_blocked(rules.clone(), 42, cells("a1")),
        Err(RulesError::LayoutMismatch { seed: 42, .. })
    ));
    assert!(matches!(Game::with_seed_and_blocked(rules, 42, cells("d4")), Err(RulesError::LayoutNotAllowed { .. })));
}

#[test]
fn free_opening_perft() {
    let game = Game::new(free_rules(), 0).expect("table");
    let expected_4 = 4 * 3 * 2;
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 4);
    assert_eq!(game.perft(2), 12);
    assert_eq!(game.perft(3), 24);
    assert_eq!(game.perft(4), expected_4);
    // Past the opening the tree grows by the normal rules; check against the naive reference.
    let reference = naive::Naive::of(&game);
    for depth in 5..=7 {
        assert_eq!(game.perft(depth), reference.perft(depth), "depth {depth}");
    }
    // From the standard start the perft table of docs/rules.md §4.
    let standard = Game::new(Rules::default(), 0).expect("table");
    assert_eq!([1, 2, 3, 4, 5, 6].map(|d| standard.perft(d)), [4, 12, 56, 244, 1396, 8200]);
}

#[test]
fn seeded_players_replay_the_same_game() {
    use reversi_variants::players::{MobilityPlayer, Player, RandomPlayer};
    let rules = Rules::builder().blocked(Blocked::Random).opening(Opening::Free).build().expect("valid");
    let run = |seed: u64| {
        let mut game = Game::new(rules.clone(), seed).expect("table");
        let (mut black, mut white) = (RandomPlayer::new(seed), MobilityPlayer::new());
        loop {
            let choice = match game.side_to_move() {
                Color::Black => black.choose(&game),
                Color::White => white.choose(&game),
            };
            let Some(m) = choice else { break };
            game.play(m).expect("players choose legal moves");
        }
        assert!(game.is_over());
        game.moves()
    };
    assert_eq!(run(5), run(5));
    let distinct: std::collections::HashSet<Vec<Move>> = (0..8).map(run).collect();
    assert!(distinct.len() > 1, "the seed does not change the game");
}

#[test]
fn mobility_player_maximises_mobility() {
    use reversi_variants::players::{MobilityPlayer, Player};
    let mut game = Game::new(Rules::default(), 0).expect("table");
    game.play(mv("f5")).expect("legal");
    // For White after f5 every reply is scored as (own moves - Black's moves); check the pick
    // is a maximum by recomputing each score here.
    let score = |m: Move| {
        let after = game.position_after(m).expect("legal");
        let count = |c: Color| i64::from(after.with_side_to_move(c).legal_moves().len());
        count(Color::White) - count(Color::Black)
    };
    let best = game.legal_move_list().into_iter().map(score).max().expect("moves");
    let pick = MobilityPlayer::new().choose(&game).expect("a move");
    assert_eq!(score(pick), best);
}

#[test]
fn rules_display_in_flag_form() {
    let rules = Rules::builder()
        .board(Board::Rectangle { width: 10, height: 6 })
        .blocked(Blocked::Fixed(cells("a1,j6")))
        .handicap(Handicap::Count { color: Color::White, count: 2 })
        .build();
    assert_eq!(rules, Err(RulesError::BlockedOnHandicap { square: sq("a1") }));
    let rules = Rules::builder()
        .board(Board::Rectangle { width: 10, height: 6 })
        .blocked(Blocked::Fixed(cells("b1,i6")))
        .handicap(Handicap::Count { color: Color::White, count: 2 })
        .scoring(Scoring::Wof)
        .build()
        .expect("valid");
    assert_eq!(rules.to_string(), "10x6 blocked=b1,i6 handicap=white:2 opening=standard scoring=wof");
    assert_eq!("b1,i6".parse::<Blocked>().as_ref(), Ok(rules.blocked()));
    assert_eq!("white:2".parse::<Handicap>().as_ref(), Ok(rules.handicap()));
}

#[cfg(feature = "serde")]
#[test]
fn a_game_in_progress_saves_and_resumes() {
    use reversi_variants::players::{MobilityPlayer, Player};
    let rules = Rules::builder().blocked(Blocked::Random).opening(Opening::Free).build().expect("valid");
    let mut game = Game::new(rules, 11).expect("table");
    let mut player = MobilityPlayer::new();
    for _ in 0..20 {
        let m = player.choose(&game).expect("not over after 20 moves");
        game.play(m).expect("legal");
    }
    let json = serde_json::to_string(&game).expect("serialises");
    assert!(json.starts_with(r#"{"rules":{"#) && json.contains(r#""seed":11"#), "{json}");
    let resumed: Game = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(resumed, game);
    // The resumed game goes on like the original.
    let (mut a, mut b) = (game.clone(), resumed);
    while let Some(m) = player.choose(&a) {
        a.play(m).expect("legal");
        b.play(m).expect("the same move is legal in the resumed game");
    }
    assert_eq!(a, b);

    // A table without a seed keeps its cells.
    let fixed = Game::with_blocked(Rules::builder().blocked(Blocked::Random).build().expect("valid"), game.blocked())
        .expect("a random layout");
    let json = serde_json::to_string(&fixed).expect("serialises");
    assert_eq!(serde_json::from_str::<Game>(&json).expect("deserialises"), fixed);

    // Nothing is taken on trust: an illegal move, cells that are not the seed's, an unknown
    // field, and text that is not a game at all are refused.
    let start = serde_json::to_string(&Game::new(Rules::default(), 3).expect("table")).expect("serialises");
    let with_moves = |moves: &str| start.replace(r#""moves":[]"#, &format!(r#""moves":{moves}"#));
    assert!(serde_json::from_str::<Game>(&with_moves(r#"["f5","d6"]"#)).is_ok());
    let err = serde_json::from_str::<Game>(&with_moves(r#"["f5","a1"]"#)).unwrap_err();
    assert!(err.to_string().contains("move 2 (a1) is illegal"), "{err}");
    assert!(serde_json::from_str::<Game>(&with_moves(r#"["f5","f5"]"#)).is_err());
    assert!(serde_json::from_str::<Game>(&start.replace(r#""blocked":[]"#, r#""blocked":["a1"]"#)).is_err());
    assert!(serde_json::from_str::<Game>(&start.replace(r#""seed":3"#, r#""seed":3,"extra":1"#)).is_err());
    let random = serde_json::to_string(&game).expect("serialises");
    assert!(serde_json::from_str::<Game>(&random.replace(r#""seed":11"#, r#""seed":12"#)).is_err());
}
