//! GGF: reading GGS-style games, every GGS board, extensions, several games, errors.

mod common;

use common::{Rng, random_finished_game, random_game, random_ggs_rules};
use reversi_core::{Bitboard, Color, Geometry, Position, Square};
use reversi_records::ggf::{self, BoardType, GgfEnding, GgfError, GgfField, GgfGame, GgfMove, GgfResult};
use reversi_records::{Ending, GameRecord, RecordError, RecordResult};
use reversi_variants::{Blocked, Board, Game, Move, Rules, Scoring};

const START_8: &str = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *";

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A GGS-style game: written here by hand in the layout GGS uses (no extension property).
fn ggs_game(moves: &str, result: &str) -> String {
    format!(
        "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[alice]PW[bob]RB[2197.01]RW[2199.72]TI[05:00//02:00]TY[8]RE[{result}]BO[{START_8}]{moves};)"
    )
}

fn moves_of(text: &str) -> String {
    let record = GameRecord::from_transcript(&Game::new(Rules::default(), 0).unwrap(), text).unwrap();
    let game = record.replay();
    game.history()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let c = if ply.color() == Color::Black { "B" } else { "W" };
            let m = match ply.played() {
                Move::Place(s) => s.to_string().to_uppercase(),
                Move::Pass => "PA".into(),
            };
            format!("{c}[{m}/{}.50/0.{:02}]", i % 7, i % 100)
        })
        .collect()
}

const GAME_1: &str = "f5f6e6f4e3c5c6d6e7f7c3c7g3e8b5a4g5b4f8c4d8d3b3f3d2h3e2g4f2d7c8g6a3b6h6h5a7a6a5c2d1g2h7h8h1g8g7b8h2e1f1b2b7g1a1a2h4a8c1b1";
const GAME_2: &str = "f5f6e6f4g5d6f3g6c7h5e3d3c4c6c3c8c5g3g4f2e2h4f1d1d2c1e1g1d7b6b5a5e7f8f7b3h3h2b2c2a6a7a4e8a8b4d8b8b7a1h7g7h8g8h6h1g2a3a2b1";

#[test]
fn reads_a_ggs_game_with_evals_times_and_passes() {
    let text = ggs_game(&moves_of(GAME_2), "+26.000");
    let games = ggf::parse(&text).unwrap();
    let g = &games[0];
    assert_eq!(g.board(), BoardType::STANDARD);
    assert_eq!((g.black(), g.white()), (Some("alice"), Some("bob")));
    assert_eq!(g.date(), Some("2003.12.15_13:24:03.MST"));
    assert_eq!(g.game_type(), Some("8"));
    assert_eq!(g.property("TI"), Some("05:00//02:00"));
    assert_eq!(g.moves().len(), 63);
    assert_eq!((g.moves()[1].eval(), g.moves()[1].time()), (Some(1.5), Some(0.01)));
    assert_eq!(g.moves().iter().filter(|m| m.played() == Move::Pass).count(), 3);
    let result = g.result().unwrap();
    assert_eq!((result.margin(), result.ending()), (26.0, GgfEnding::Normal));
    // WTHOR records 45 for Black; the board is full at the end, so 45-19 and a margin of +26.
    let record = g.to_record(1).unwrap();
    assert_eq!((record.result().black(), record.result().white()), (45, 19));
    assert_eq!(record.metadata().black.as_deref(), Some("alice"));
    // Written back, the evaluations and times survive at the GGF level.
    let again = ggf::parse(&g.to_ggf()).unwrap();
    assert_eq!(&again[0], g);
}

#[test]
fn passes_may_be_pa_pass_or_left_out() {
    let explicit = ggs_game(&moves_of(GAME_2), "+26");
    let as_word = explicit.replace("[PA/", "[pass/");
    let without: String = {
        let games = ggf::parse(&explicit).unwrap();
        let mut g = games[0].clone();
        let placed = g.moves().iter().filter(|m| m.played() != Move::Pass).copied().collect();
        g.set_moves(placed).unwrap();
        g.to_ggf()
    };
    let records: Vec<GameRecord> =
        [explicit, as_word, without].iter().map(|t| ggf::parse_records(t).unwrap().remove(0)).collect();
    assert_eq!(records[0], records[1]);
    assert_eq!(records[0], records[2]);
    assert_eq!(records[0].moves().len(), 63);
}

#[test]
fn several_games_in_one_file() {
    let text = format!("{}\n\n  {}\n", ggs_game(&moves_of(GAME_1), "-12.00"), ggs_game(&moves_of(GAME_2), "+26.00"));
    let records = ggf::parse_records(&text).unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].result().margin(), -12);
    let written = ggf::write_records(&records).unwrap();
    assert_eq!(written.lines().count(), 2);
    assert_eq!(ggf::parse_records(&written).unwrap(), records);
}

#[test]
fn wof_scoring_is_read_from_the_margin() {
    // Stop a game early enough that empty cells remain, and finish it by both passing: not
    // possible in Othello, so build one whose end leaves empties via a real finished game
    // with empties. Search seeded random games for one.
    let mut rng = Rng::new(7);
    let (game, empties) = loop {
        let g = random_finished_game(Rules::default(), 0, &mut rng);
        let e = g.position().empty_cells().len();
        if e > 0 && g.score().winner().is_some() {
            break (g, e);
        }
    };
    let wof = GameRecord::from_game(
        &Game::with_blocked(Rules::builder().scoring(Scoring::Wof).build().unwrap(), game.blocked())
            .map(|mut t| {
                for m in game.moves() {
                    t.play(m).unwrap();
                }
                t
            })
            .unwrap(),
    )
    .unwrap();
    let mut g = GgfGame::from_record(&wof).unwrap();
    g.set_properties(Vec::new()).unwrap(); // as GGS writes it: no RU
    let back = g.to_record(1).unwrap();
    assert_eq!(back.rules().scoring(), Scoring::Wof, "{empties} empty cells go to the winner");
    assert_eq!(back.result(), wof.result());
    // The same margin is not the disc margin, so disc counting would not fit.
    assert_ne!(back.result().margin(), i64::from(game.score().black()) - i64::from(game.score().white()));
}

#[test]
fn every_ggs_board_round_trips() {
    let mut rng = Rng::new(8);
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..150 {
        let rules = random_ggs_rules(&mut rng);
        seen.insert(rules.board().to_string());
        let record = GameRecord::from_game(&random_finished_game(rules, i, &mut rng)).unwrap();
        let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
        let back = ggf::parse_records(&text).unwrap();
        assert_eq!(back, vec![record], "{text}");
    }
    assert_eq!(seen.len(), 7, "4, 6, 8, 10, 12, 14 and the Octagon: {seen:?}");
}

#[test]
fn octagon_boards_skip_the_cut_cells() {
    let rules = Rules::builder().board(Board::Octagon).build().unwrap();
    let record = GameRecord::from_game(&random_finished_game(rules, 0, &mut Rng::new(9))).unwrap();
    let g = GgfGame::from_record(&record).unwrap();
    let text = g.to_ggf();
    let bo = text.split("BO[").nth(1).unwrap().split(']').next().unwrap();
    let cells: String = bo.split_whitespace().skip(1).collect();
    assert!(bo.starts_with("88 "));
    assert_eq!(cells.len(), 88 + 1, "88 cells and the side to move");
    assert_eq!(ggf::parse(&text).unwrap()[0].board(), BoardType::Octagon);
}

#[test]
fn blocked_cells_go_in_bl_and_stopped_games_in_sc() {
    let rules =
        Rules::builder().board(Board::Rectangle { width: 10, height: 10 }).blocked(Blocked::Random).build().unwrap();
    let game = random_game(rules, 1234, &mut Rng::new(10), 30);
    let record = GameRecord::with_result(&game, RecordResult::new(20, 40, Ending::Time).unwrap()).unwrap();
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    let blocked = record.blocked().to_string();
    assert!(text.contains(&format!("BL[{blocked}]")), "{text}");
    assert!(text.contains("SD[1234]") && text.contains("SC[20-40]") && text.contains("RE[-20:t]"), "{text}");
    assert_eq!(ggf::parse_records(&text).unwrap(), vec![record.clone()]);
    // Without SC, a time loss splits the board's cells by the margin.
    let no_sc: String = text.replace("SC[20-40]", "");
    let back = ggf::parse_records(&no_sc).unwrap().remove(0);
    let cells = record.replay().position().geometry().playable().len();
    assert_eq!(back.result().black() + back.result().white(), cells);
    assert_eq!(back.result().margin(), -20);
    // A layout that does not match the seed.
    let other = text.replace("SD[1234]", "SD[1235]");
    assert!(matches!(
        ggf::parse_records(&other),
        Err(GgfError::Record { game: 1, source: RecordError::Layout { .. } })
    ));
}

#[test]
fn unfinished_games_have_no_re_and_their_count_in_sc() {
    let rules =
        Rules::builder().board(Board::Rectangle { width: 10, height: 10 }).blocked(Blocked::Random).build().unwrap();
    let game = random_game(rules, 77, &mut Rng::new(11), 25);
    assert!(!game.is_over());
    let result = RecordResult::unfinished(game.position());
    let record = GameRecord::with_result(&game, result).unwrap();
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    let sc = format!("SC[{}-{}]", result.black(), result.white());
    assert!(!text.contains("RE["), "GGF has no unfinished ending, so no RE: {text}");
    assert!(text.contains(&sc), "{text}");
    assert_eq!(ggf::parse_records(&text).unwrap(), vec![record.clone()]);
    // GGS writes RE[?] for an unknown result: with SC it is the same unfinished game.
    let unknown = text.replacen("BO[", "RE[?]BO[", 1);
    assert_eq!(ggf::parse_records(&unknown).unwrap(), vec![record.clone()]);
    // Without SC there is no result to record.
    assert_eq!(ggf::parse_records(&unknown.replace(&sc, "")), Err(GgfError::NoResult { game: 1 }));
    // An SC that is not the discs on the board is refused, as the record checks it.
    let wrong = text.replace(&sc, &format!("SC[{}-{}]", result.black() + 1, result.white()));
    assert!(matches!(
        ggf::parse_records(&wrong),
        Err(GgfError::Record { game: 1, source: RecordError::ResultMismatch { .. } })
    ));
    let unreadable = text.replace(&sc, "SC[many]");
    assert!(
        matches!(ggf::parse_records(&unreadable), Err(GgfError::Value { game: 1, ref property, .. }) if property == "SC")
    );
}

#[test]
fn a_finished_game_with_sc_and_no_re_is_not_unfinished() {
    let record = GameRecord::from_transcript(&Game::new(Rules::default(), 0).unwrap(), GAME_1).unwrap();
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    let re = format!("RE[{:+}]", record.result().margin());
    assert!(text.contains(&re), "{text}");
    let stopped = text.replace(&re, &format!("SC[{}]", record.result()));
    assert_eq!(
        ggf::parse_records(&stopped),
        Err(GgfError::Record { game: 1, source: RecordError::AlreadyOver { moves: 60, ending: Ending::Unfinished } })
    );
}

#[test]
fn errors_name_the_game_and_the_place() {
    let good = ggs_game(&moves_of(GAME_1), "-12");
    let two = |second: &str| format!("{good}{second}");
    // Syntax.
    assert!(matches!(ggf::parse(&two("(;GM[Othello]BO[8")), Err(GgfError::Syntax { game: 2, .. })));
    assert!(matches!(ggf::parse("(GM[Othello];)"), Err(GgfError::Syntax { game: 1, offset: 1, .. })));
    // Missing or duplicated board, bad cells, unknown board type.
    assert_eq!(ggf::parse(&two("(;GM[Othello];)")), Err(GgfError::MissingBoard { game: 2 }));
    assert!(matches!(
        ggf::parse(&two(&format!("(;BO[{START_8}]BO[{START_8}];)"))),
        Err(GgfError::Duplicate { game: 2, .. })
    ));
    assert!(
        matches!(ggf::parse(&good.replace("---O*---", "---O#---")), Err(GgfError::Value { property, .. }) if property == "BO")
    );
    assert!(matches!(ggf::parse(&good.replace("BO[8 ", "BO[16 ")), Err(GgfError::Value { .. })));
    // Moves: not a cell, wrong colour, illegal.
    assert!(matches!(ggf::parse(&good.replace("B[F5/", "B[Z9/")), Err(GgfError::Move { game: 1, move_number: 1, .. })));
    let wrong = good.replacen("B[F5/", "W[F5/", 1);
    assert!(matches!(
        ggf::parse_records(&wrong),
        Err(GgfError::WrongColor { game: 1, move_number: 1, color: Color::White })
    ));
    let illegal = good.replacen("B[F5/", "B[A1/", 1);
    assert!(matches!(
        ggf::parse_records(&illegal),
        Err(GgfError::IllegalMove { game: 1, move_number: 1, played: Move::Place(s), .. }) if s == sq("a1")
    ));
    // A result that is not the replay's, a missing result, a start the rules cannot hold.
    assert!(matches!(ggf::parse_records(&good.replace("RE[-12]", "RE[-10]")), Err(GgfError::Record { .. })));
    assert_eq!(ggf::parse_records(&good.replace("RE[-12]", "RE[?]")), Err(GgfError::NoResult { game: 1 }));
    let empty_centre = good.replace("---O*--- ---*O---", "---OO--- ---*----");
    assert!(
        matches!(
            ggf::parse_records(&empty_centre),
            Err(GgfError::Record { game: 1, source: RecordError::Start { .. } })
        ),
        "{:?}",
        ggf::parse_records(&empty_centre)
    );
    // A board GGS does not have cannot be written.
    let rect = Rules::builder().board(Board::Rectangle { width: 8, height: 6 }).build().unwrap();
    let record = GameRecord::from_game(&random_finished_game(rect, 0, &mut Rng::new(3))).unwrap();
    assert!(matches!(ggf::write_records(&[record]), Err(GgfError::Unsupported { game: 1, .. })));
}

#[test]
fn escaped_values_round_trip() {
    let record = GameRecord::from_transcript(&Game::new(Rules::default(), 0).unwrap(), GAME_1).unwrap();
    let mut meta = record.metadata().clone();
    meta.black = Some("a]b\\c".into());
    meta.tags.insert("note".into(), "x=y]".into());
    let record = record.with_metadata(meta);
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    assert!(text.contains("PB[a\\]b\\\\c]"), "{text}");
    assert_eq!(ggf::parse_records(&text).unwrap(), vec![record]);
}

/// The 10×10 board with every cell playable, and `discs` black discs on it.
fn ten_by_ten(discs: &[&str]) -> Position {
    let black = discs.iter().map(|d| sq(d)).collect();
    Position::from_parts(Geometry::rectangle(10, 10).unwrap(), black, Bitboard::EMPTY, Color::Black).unwrap()
}

#[test]
fn a_start_off_its_board_type_is_refused_when_built() {
    let off = |board, start: Position| match GgfGame::new(board, start) {
        Err(GgfError::StartOffBoard { board: name, start: text }) => {
            assert_eq!((name, text), (board.name(), start.to_string()));
            true
        }
        Err(other) => panic!("{other}"),
        Ok(_) => false,
    };
    // Another size: an 8x8 start under board types 88 and 10, a 10x10 one under 8.
    assert!(off(BoardType::Octagon, Position::default()));
    assert!(off(BoardType::square(10).unwrap(), Position::default()));
    assert!(off(BoardType::STANDARD, ten_by_ten(&[])));
    // The right size, but playable cells (and a disc) where the Octagon cuts its corners.
    assert!(off(BoardType::Octagon, ten_by_ten(&[])));
    assert!(off(BoardType::Octagon, ten_by_ten(&["a1"])));
    // The Octagon's own start fits, and so does a start with blocked cells; those are BL.
    let octagon = Rules::builder().board(Board::Octagon).build().unwrap();
    let start = *Game::new(octagon, 0).unwrap().start_position();
    assert!(!off(BoardType::Octagon, start));
    let blocked: Bitboard = [sq("c3"), sq("h8")].into_iter().collect();
    let geometry = Geometry::rectangle(10, 10).unwrap().with_unplayable(blocked).unwrap();
    let g = GgfGame::new(BoardType::square(10).unwrap(), Position::empty(geometry, Color::White)).unwrap();
    assert_eq!(g.blocked(), blocked);
    assert!(g.to_ggf().contains("BL[c3 h8]"), "{}", g.to_ggf());
    assert_eq!(ggf::parse(&g.to_ggf()).unwrap(), [g]);
}

/// The part an [`GgfError::Invalid`] names.
fn field<T: core::fmt::Debug>(r: Result<T, GgfError>) -> GgfField {
    match r {
        Err(GgfError::Invalid { field, .. }) => field,
        other => panic!("expected GgfError::Invalid, got {other:?}"),
    }
}

#[test]
fn building_a_game_checks_each_part_and_names_it() {
    // A board type GGS lacks cannot even be built.
    for n in [0, 2, 5, 16, 88] {
        assert_eq!(field(BoardType::square(n)), GgfField::Board, "square({n})");
    }
    // Numbers GGF cannot write.
    let f5 = GgfMove::new(Color::Black, Move::Place(sq("f5")));
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(field(f5.with_eval(bad)), GgfField::Eval);
        assert_eq!(field(f5.with_time(bad)), GgfField::Time);
        assert_eq!(field(GgfResult::new(bad, GgfEnding::Resigned)), GgfField::Margin);
    }
    // Moves off the board, named by their number in the game; the game is left as it was.
    let mut g = GgfGame::new(BoardType::STANDARD, Position::default()).unwrap();
    g.push_move(f5).unwrap();
    let i1 = GgfMove::new(Color::White, Move::Place(sq("i1")));
    let err = g.push_move(i1).unwrap_err();
    assert_eq!(field(Err::<(), _>(err.clone())), GgfField::Move { move_number: 2 });
    assert!(err.to_string().contains("i1") && err.to_string().contains("8x8"), "{err}");
    assert_eq!(field(g.set_moves(vec![f5, f5, i1, f5])), GgfField::Move { move_number: 3 });
    assert_eq!(g.moves(), [f5]);
    g.push_move(GgfMove::new(Color::White, Move::Pass)).unwrap();
    // Property names that are not GGF names, or are the game's own parts.
    for name in ["", "pc", "P1", "P C", "GM", "BO", "BL", "RE", "PB", "PW", "DT", "TY", "B", "W"] {
        assert_eq!(field(g.push_property(name, "x")), GgfField::Property, "{name:?}");
    }
    g.push_property("PC", "x").unwrap();
    let bad = vec![("EV".to_owned(), "y".to_owned()), ("B".to_owned(), "f5".to_owned())];
    assert_eq!(field(g.set_properties(bad)), GgfField::Property);
    assert_eq!(g.properties(), [("PC".to_owned(), "x".to_owned())]);
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn a_game_built_by_hand_round_trips() {
    let rules = Rules::builder().board(Board::Octagon).build().unwrap();
    let mut g = GgfGame::new(BoardType::Octagon, *Game::new(rules, 0).unwrap().start_position()).unwrap();
    let moves = vec![
        GgfMove::new(Color::Black, Move::Place(sq("a1"))).with_eval(-0.0).unwrap(), // a cut cell: GGF can say it
        GgfMove::new(Color::Black, Move::Place(sq("j10"))).with_time(1e300).unwrap(),
        GgfMove::new(Color::White, Move::Pass).with_eval(1e-300).unwrap().with_time(0.1 + 0.2).unwrap(),
        GgfMove::new(Color::White, Move::Place(sq("e5"))).with_eval(-12.375).unwrap(),
    ];
    g.set_moves(moves).unwrap();
    g.set_result(Some(GgfResult::new(f64::MAX, GgfEnding::Agreed).unwrap()));
    g.set_black(Some("a]b\\c".into()));
    g.set_white(Some(String::new()));
    g.set_date(Some(" 2026 ".into()));
    g.set_game_type(Some("s88r".into()));
    g.set_properties(vec![("TG".into(), "k=v".into()), ("X".into(), "[]".into()), ("TG".into(), String::new())])
        .unwrap();
    let text = g.to_ggf();
    assert_eq!(ggf::parse(&text).unwrap(), [g.clone()], "{text}");
    // Nothing set at all, and a game on every GGS board.
    for board in [4, 6, 8, 10, 12, 14].map(|n| BoardType::square(n).unwrap()).into_iter().chain([BoardType::Octagon]) {
        let g = GgfGame::new(board, Position::empty(board.geometry(), Color::White)).unwrap();
        assert_eq!(ggf::parse(&g.to_ggf()).unwrap(), [g]);
    }
}

#[test]
fn numbers_that_overflow_are_refused_when_read() {
    let good = ggs_game(&moves_of(GAME_1), "-12");
    let huge = format!("1{}", "0".repeat(400));
    let result = ggf::parse(&good.replace("RE[-12]", &format!("RE[-{huge}]")));
    assert!(matches!(result, Err(GgfError::Value { game: 1, ref property, .. }) if property == "RE"), "{result:?}");
    let eval = ggf::parse(&good.replacen("B[F5/0.50/", &format!("B[F5/{huge}/"), 1));
    assert!(matches!(eval, Err(GgfError::Move { game: 1, move_number: 1, .. })), "{eval:?}");
}

/// Issue 14, defect 2: a tag key with `=` (or `\`) is escaped in `TG`, so it reads back the
/// same instead of splitting at its own `=`.
#[test]
fn tag_keys_with_equals_signs_round_trip() {
    let record = GameRecord::from_game(&random_finished_game(Rules::default(), 0, &mut Rng::new(4))).unwrap();
    let tags = [("a=b", "c"), ("x\\", "=y="), ("\\=", ""), ("", "v"), ("k]", "[v]")];
    let record = record.with_metadata(reversi_records::Metadata {
        tags: tags.iter().map(|&(k, v)| (k.to_owned(), v.to_owned())).collect(),
        ..reversi_records::Metadata::default()
    });
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    assert_eq!(ggf::parse_records(&text).unwrap(), vec![record], "{text}");
    // A key written by hand without escapes still splits at its first `=`.
    let plain = text.replacen("BO[", "TG[k=v=w]BO[", 1);
    let back = ggf::parse_records(&plain).unwrap().remove(0);
    assert_eq!(back.metadata().tags.get("k").map(String::as_str), Some("v=w"), "{plain}");
}

/// Issue 14, defect 3: `RU[… blocked=random]` with `BL` but no `SD` is refused, naming the
/// seed; `SD` on rules that draw nothing at random is refused too.
#[test]
fn a_random_layout_needs_its_seed() {
    let rules = Rules::builder().blocked(Blocked::Random).build().unwrap();
    let record = GameRecord::from_game(&random_finished_game(rules, 31, &mut Rng::new(31))).unwrap();
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    let no_seed = text.replace("SD[31]", "");
    assert_ne!(no_seed, text);
    match ggf::parse_records(&no_seed) {
        Err(GgfError::Record { game: 1, source }) => assert_eq!(source.field(), "seed", "{source}"),
        other => panic!("{other:?}"),
    }
    let standard = GameRecord::from_game(&random_finished_game(Rules::default(), 0, &mut Rng::new(31))).unwrap();
    let text = ggf::write_records(&[standard]).unwrap().replacen("BO[", "SD[12345]BO[", 1);
    match ggf::parse_records(&text) {
        Err(GgfError::Record { game: 1, source }) => {
            assert!(matches!(source, RecordError::UnusedSeed { seed: 12345 }), "{source}");
        }
        other => panic!("{other:?}"),
    }
}

/// Issue 14, defect 8: each extension property that may appear once is refused when
/// repeated, as a repeated `PB` is; a played-out game's `SC` must be the board's count.
#[test]
fn repeated_extension_properties_and_a_wrong_sc_are_refused() {
    let rules = Rules::builder().blocked(Blocked::Random).build().unwrap();
    let record = GameRecord::from_game(&random_finished_game(rules, 8, &mut Rng::new(8))).unwrap();
    let record = record
        .with_metadata(reversi_records::Metadata { event: Some("a".into()), ..reversi_records::Metadata::default() });
    let text = ggf::write_records(std::slice::from_ref(&record)).unwrap();
    assert_eq!(ggf::parse_records(&text).unwrap(), vec![record.clone()]);
    let ru = text.split("RU[").nth(1).unwrap().split(']').next().unwrap().to_owned();
    let extra = [
        format!("RU[{}]", ru.replace("discs", "wof")),
        "SD[8]".to_owned(),
        "SC[2-2]SC[60-4]".to_owned(),
        "EV[b]".to_owned(),
        "PB[x]PB[y]".to_owned(),
    ];
    for extra in extra {
        let doubled = text.replacen("BO[", &format!("{extra}BO["), 1);
        for result in [ggf::parse(&doubled).map(drop), ggf::parse_records(&doubled).map(drop)] {
            assert!(matches!(result, Err(GgfError::Duplicate { game: 1, .. })), "{extra}: {result:?}");
        }
    }
    // SC on a game played out: accepted when it is the count, refused when it is not.
    let r = record.result();
    let right = text.replacen("BO[", &format!("SC[{}-{}]BO[", r.black(), r.white()), 1);
    assert_eq!(ggf::parse_records(&right).unwrap(), vec![record.clone()]);
    let wrong = text.replacen("BO[", &format!("SC[{}-{}]BO[", r.black() + 1, r.white() - 1), 1);
    match ggf::parse_records(&wrong) {
        Err(GgfError::Value { game: 1, property, .. }) => assert_eq!(property, "SC"),
        other => panic!("{other:?}"),
    }
    // A game built by hand cannot hold a second one either, so what it writes reads back.
    let mut g = GgfGame::new(BoardType::STANDARD, Position::default()).unwrap();
    g.push_property("SD", "1").unwrap();
    assert!(matches!(g.push_property("SD", "2"), Err(GgfError::Invalid { field: GgfField::Property, .. })));
    assert!(g.set_properties(vec![("EV".into(), "a".into()), ("EV".into(), "b".into())]).is_err());
    assert_eq!(g.properties().len(), 1);
}

/// Issue 53, D5: replaying a game checks its result as reading its record does, so a result
/// the moves contradict is refused by every loader; a game without one still replays.
#[test]
fn a_replay_refuses_a_result_the_moves_contradict() {
    let good = ggs_game(&moves_of(GAME_1), "-12");
    let games = ggf::parse(&good).unwrap();
    assert_eq!(games[0].replay(1).unwrap().history().len(), games[0].moves().len());
    for bad in ["RE[+12]", "RE[-10]", "RE[-99999999999999999999]", "RE[-12.5]"] {
        let games = ggf::parse(&good.replace("RE[-12]", bad)).unwrap();
        let replay = games[0].replay(1);
        assert!(
            matches!(replay, Err(GgfError::Record { game: 1, .. } | GgfError::Value { game: 1, .. })),
            "{bad}: {replay:?}"
        );
    }
    let unknown = ggf::parse(&good.replace("RE[-12]", "RE[?]")).unwrap();
    assert!(unknown[0].replay(1).is_ok());
}

/// Issue 53, D4: a fixed layout blocks one to four cells, in `BL` as in the rules.
#[test]
fn more_than_four_blocked_cells_are_refused() {
    let four =
        "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]BL[a1 b1 c1 d1];)";
    assert!(ggf::parse(four).unwrap()[0].rules(1).is_ok());
    let five = four.replace("BL[a1 b1 c1 d1]", "BL[a1 b1 c1 d1 e1]");
    let rules = ggf::parse(&five).unwrap()[0].rules(1);
    assert!(matches!(rules, Err(GgfError::Value { game: 1, ref property, .. }) if property == "BL"), "{rules:?}");
}

/// Issue 53, D6: games are read one at a time, so asking for the first game of a large text
/// reads that game and no further (the iterator's offset says how far it read), and a
/// broken game after it is not even seen.
#[test]
fn the_first_game_of_a_large_text_reads_no_other() {
    let one = ggs_game(&moves_of(GAME_1), "-12");
    let copies = 500;
    let big = format!("{one}\n").repeat(copies);
    let mut games = ggf::games(&big);
    let first = games.next().expect("a game").expect("a valid game");
    assert_eq!(first.moves().len(), 60);
    assert_eq!(games.offset(), one.len() + 1, "read only the first game (of {} bytes)", big.len());
    assert_eq!(games.count(), copies - 1);
    // Game 2 broken: game 1 still reads, and the error names game 2 when it is reached.
    let broken = format!("{one}\n(;GM[Othello]BO[8 ---{}", "x".repeat(1 << 20));
    let mut games = ggf::games(&broken);
    assert!(games.next().is_some_and(|g| g.is_ok()));
    assert!(games.offset() <= one.len() + 1);
    assert!(matches!(games.next(), Some(Err(GgfError::Syntax { game: 2, .. }))));
    assert!(games.next().is_none(), "nothing after an error");
    // The whole-text readers see the same games.
    assert_eq!(ggf::parse(&big).map(|g| g.len()), Ok(copies));
    assert_eq!(ggf::parse_records(&format!("{one}{one}")).map(|r| r.len()), Ok(2));
}

/// Issue 69, D2: a game with `RE[?]` and no `SC` (as NBoard GUIs send an unfinished game) is
/// replayed by `replay_all`, which Python's `Game.from_ggf` uses, as `replay` shows it; a
/// contradicted result is still refused.
#[test]
fn replay_all_reads_an_unfinished_game_with_re_unknown() {
    let text = "(;GM[Othello]PC[NBoard]TI[0:05]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]RE[?];)";
    assert!(matches!(ggf::parse_records(text), Err(GgfError::NoResult { game: 1 })));
    let games = ggf::replay_all(text).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves(), vec!["f5".parse().unwrap(), "f6".parse().unwrap()]);
    assert!(!games[0].is_over());
    // A played-out result the moves contradict names the game.
    let wrong = text.replace("RE[?]", "RE[+64]");
    assert!(ggf::replay_all(&format!("{text}\n{wrong}")).is_err_and(|e| e.to_string().contains("game 2")));
}
