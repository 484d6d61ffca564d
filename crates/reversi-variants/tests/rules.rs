//! Building rules: every impossible combination is a typed error naming its field, and every
//! possible one builds.

use proptest::prelude::*;
use reversi_core::{Bitboard, Color, GeometryError, Square};
use reversi_variants::{Blocked, Board, Handicap, Opening, ParseRulesError, Rules, RulesError, Scoring};

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn cells(names: &str) -> Bitboard {
    names.split(',').map(sq).collect()
}

fn rect(width: u8, height: u8) -> Board {
    Board::Rectangle { width, height }
}

#[test]
fn default_is_standard_8x8() {
    let rules = Rules::default();
    assert_eq!(rules.board(), rect(8, 8));
    assert_eq!(rules.blocked(), &Blocked::None);
    assert_eq!(rules.handicap(), &Handicap::None);
    assert_eq!(rules.opening(), Opening::Standard);
    assert_eq!(rules.scoring(), Scoring::Discs);
    assert_eq!(rules.geometry().playable().len(), 64);
    assert_eq!(
        rules.start_position(Bitboard::EMPTY).expect("start").to_string(),
        reversi_core::Position::default().to_string()
    );
}

#[test]
fn sizes() {
    for (w, h) in [(4, 4), (4, 16), (16, 4), (6, 10), (16, 16), (14, 8)] {
        assert!(Rules::builder().board(rect(w, h)).build().is_ok(), "{w}x{h}");
    }
    for (w, h, field, value) in
        [(5, 8, "width", 5), (8, 7, "height", 7), (2, 8, "width", 2), (8, 18, "height", 18), (0, 0, "width", 0)]
    {
        let err = Rules::builder().board(rect(w, h)).build().unwrap_err();
        assert_eq!(err, RulesError::Size(GeometryError::Size { dimension: field, value }));
        assert_eq!(err.field(), "board");
        assert!(err.to_string().contains(field), "{err}");
    }
}

#[test]
fn handicap_errors() {
    let black = Color::Black;
    let err = Rules::builder().board(Board::Octagon).handicap(Handicap::Count { color: black, count: 1 }).build();
    assert_eq!(err, Err(RulesError::HandicapOnOctagon));
    let err = Rules::builder()
        .board(Board::Octagon)
        .handicap(Handicap::Corners { color: black, corners: cells("c1") })
        .build();
    assert_eq!(err, Err(RulesError::HandicapOnOctagon));
    for count in [0, 5, 255] {
        let err = Rules::builder().handicap(Handicap::Count { color: black, count }).build().unwrap_err();
        assert_eq!(err, RulesError::HandicapCount { count });
        assert_eq!(err.field(), "handicap");
    }
    let err = Rules::builder().handicap(Handicap::Corners { color: black, corners: Bitboard::EMPTY }).build();
    assert_eq!(err, Err(RulesError::HandicapNoCorner));
    let err = Rules::builder().handicap(Handicap::Corners { color: black, corners: cells("a1,b1") }).build();
    assert_eq!(err, Err(RulesError::HandicapNotCorner { square: sq("b1"), width: 8, height: 8 }));
    // j10 is a corner of 10x10 but not of 8x8.
    let err = Rules::builder().handicap(Handicap::Corners { color: black, corners: cells("j10") }).build();
    assert!(matches!(err, Err(RulesError::HandicapNotCorner { .. })));
}

#[test]
fn handicap_order_and_discs() {
    let order = [(1, "a1"), (2, "a1 h8"), (3, "h1 a1 h8"), (4, "a1 h1 a8 h8")];
    for (count, expected) in order {
        let rules = Rules::builder().handicap(Handicap::Count { color: Color::White, count }).build().expect("valid");
        let mut want: Vec<&str> = expected.split(' ').collect();
        want.sort_by_key(|n| sq(n));
        assert_eq!(rules.handicap_corners().to_string(), want.join(" "));
        let start = rules.start_position(Bitboard::EMPTY).expect("start");
        assert_eq!(start.discs(Color::White).len(), 2 + u32::from(count));
        assert_eq!(start.side_to_move(), Color::Black);
    }
    // On 10x6 the corners are a1, j6, j1, a6.
    let rules = Rules::builder()
        .board(rect(10, 6))
        .handicap(Handicap::Count { color: Color::Black, count: 3 })
        .build()
        .expect("valid");
    assert_eq!(rules.handicap_corners(), cells("a1,j6,j1"));
    assert_eq!(rules.handicap_color(), Some(Color::Black));
    // With a free opening the handicap discs are the only discs at the start.
    let rules = rules.to_builder().opening(Opening::Free).build().expect("valid");
    let start = rules.start_position(Bitboard::EMPTY).expect("start");
    assert_eq!(start.discs(Color::Black), cells("a1,j6,j1"));
    assert!(start.discs(Color::White).is_empty());
}

#[test]
fn blocked_errors() {
    for count in [0, 5, 200] {
        let err = Rules::builder().blocked(Blocked::Count(count)).build().unwrap_err();
        assert_eq!(err, RulesError::BlockedCount { count });
        assert_eq!(err.field(), "blocked");
    }
    let fixed = |names: &str| Rules::builder().blocked(Blocked::Fixed(cells(names)));
    assert_eq!(fixed("b2,i9").build(), Err(RulesError::BlockedOffBoard { square: sq("i9") }));
    assert_eq!(fixed("c3").build(), Err(RulesError::BlockedInCentre { square: sq("c3") }));
    assert_eq!(fixed("b2,f6").build(), Err(RulesError::BlockedInCentre { square: sq("f6") }));
    assert_eq!(
        fixed("a1").handicap(Handicap::Count { color: Color::Black, count: 1 }).build(),
        Err(RulesError::BlockedOnHandicap { square: sq("a1") })
    );
    assert_eq!(fixed("b1").board(Board::Octagon).build(), Err(RulesError::BlockedUnplayable { square: sq("b1") }));
    assert_eq!(Rules::builder().blocked(Blocked::Fixed(Bitboard::EMPTY)).build(), Err(RulesError::BlockedEmpty));
    // The rules block one to four cells, fixed layouts too.
    assert!(fixed("a1,b1,c1,d1").build().is_ok());
    assert_eq!(fixed("a1,b1,c1,d1,e1").build(), Err(RulesError::BlockedTooMany { count: 5 }));
    let sixteen = fixed("a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2").build();
    assert_eq!(sixteen, Err(RulesError::BlockedTooMany { count: 16 }));
    assert_eq!(sixteen.unwrap_err().field(), "blocked");
    let text = "8x8 blocked=a1,b1,c1,d1,e1".parse::<Rules>();
    assert!(matches!(text, Err(ParseRulesError::Rules(RulesError::BlockedTooMany { count: 5 }))), "{text:?}");
    // 4x4 is all central zone: no random layout, no count, no fixed cell.
    let tiny = Rules::builder().board(rect(4, 4));
    assert_eq!(
        tiny.clone().blocked(Blocked::Random).build(),
        Err(RulesError::TooFewEligible { needed: 4, eligible: 0 })
    );
    assert_eq!(
        tiny.clone().blocked(Blocked::Count(1)).build(),
        Err(RulesError::TooFewEligible { needed: 1, eligible: 0 })
    );
    assert_eq!(
        tiny.clone().blocked(Blocked::Fixed(cells("a1"))).build(),
        Err(RulesError::BlockedInCentre { square: sq("a1") })
    );
    assert!(tiny.build().is_ok());
    // 6x4 with four handicap corners keeps exactly four eligible cells.
    let narrow = Rules::builder().board(rect(6, 4)).handicap(Handicap::Count { color: Color::White, count: 4 });
    assert!(narrow.clone().blocked(Blocked::Count(4)).build().is_ok());
    assert!(narrow.blocked(Blocked::Random).build().is_ok());
    for err in [RulesError::TooFewEligible { needed: 4, eligible: 0 }, RulesError::BlockedEmpty] {
        assert!(err.to_string().contains("blocked"), "{err}");
    }
}

#[test]
fn fixed_layouts_and_replay_checks() {
    let rules = Rules::builder().board(Board::Octagon).blocked(Blocked::Fixed(cells("c1,h9"))).build().expect("valid");
    assert_eq!(rules.blocked_cells(None), Ok(cells("c1,h9")));
    assert!(rules.check_blocked(cells("c1,h9")).is_ok());
    assert!(matches!(rules.check_blocked(cells("c1")), Err(RulesError::LayoutNotAllowed { .. })));
    let random = Rules::builder().blocked(Blocked::Random).build().expect("valid");
    assert!(random.check_blocked(cells("a1,b2,g7,h8")).is_ok());
    assert!(matches!(random.check_blocked(Bitboard::EMPTY), Err(RulesError::LayoutNotAllowed { .. })));
    assert!(matches!(random.check_blocked(cells("a1,b2,g7,h8,h7")), Err(RulesError::LayoutNotAllowed { .. })));
    assert!(matches!(random.check_blocked(cells("d4")), Err(RulesError::LayoutNotAllowed { .. })));
    let count = Rules::builder().blocked(Blocked::Count(2)).build().expect("valid");
    assert!(count.check_blocked(cells("a1,b1")).is_ok());
    assert!(count.check_blocked(cells("a1")).is_err());
    assert!(Rules::default().check_blocked(cells("a1")).is_err());
    assert!(Rules::default().check_blocked(Bitboard::EMPTY).is_ok());
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_and_validation() {
    let rules = Rules::builder()
        .board(rect(10, 8))
        .blocked(Blocked::Fixed(cells("b2,i7")))
        .handicap(Handicap::Corners { color: Color::White, corners: cells("a1,j8") })
        .opening(Opening::Free)
        .scoring(Scoring::Wof)
        .build()
        .expect("valid");
    let json = serde_json::to_string(&rules).expect("serialises");
    assert_eq!(
        json,
        r#"{"board":{"rectangle":{"width":10,"height":8}},"blocked":{"fixed":["b2","i7"]},"handicap":{"corners":{"color":"white","corners":["a1","j8"]}},"opening":"free","scoring":"wof"}"#
    );
    assert_eq!(serde_json::from_str::<Rules>(&json).expect("deserialises"), rules);
    // Missing fields take the standard values.
    assert_eq!(serde_json::from_str::<Rules>(r#"{"blocked":"random"}"#).expect("valid").blocked(), &Blocked::Random);
    // Impossible rules are refused on the way in, naming the problem.
    for bad in [
        r#"{"board":{"rectangle":{"width":9,"height":8}}}"#,
        r#"{"board":"octagon","handicap":{"count":{"color":"black","count":1}}}"#,
        r#"{"blocked":{"fixed":["d4"]}}"#,
        r#"{"blocked":{"fixed":["a1","a1"]}}"#,
        r#"{"blocked":{"count":9}}"#,
        r#"{"blocked":{"fixed":["a1","b1","c1","d1","e1"]}}"#,
        r#"{"colour":"blue"}"#,
    ] {
        assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad}");
    }
    let err = serde_json::from_str::<Rules>(r#"{"board":{"rectangle":{"width":9,"height":8}}}"#).unwrap_err();
    assert!(err.to_string().contains("width"), "{err}");
}

proptest! {
    #[test]
    fn option_parsers_take_any_text(text in ".{0,20}", bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        let lossy = String::from_utf8_lossy(&bytes).into_owned();
        for t in [&text, &lossy] {
            let _ = t.parse::<reversi_variants::Move>();
            let _ = t.parse::<Board>();
            let _ = t.parse::<Blocked>();
            let _ = t.parse::<Handicap>();
            let _ = t.parse::<Scoring>();
        }
    }

    #[test]
    fn move_text_round_trips(column in 0u8..16, row in 0u8..16) {
        let mv = reversi_variants::Move::Place(Square::new(column, row).expect("on 16x16"));
        prop_assert_eq!(mv.to_string().parse::<reversi_variants::Move>(), Ok(mv));
        prop_assert_eq!(mv.to_string().to_uppercase().parse::<reversi_variants::Move>(), Ok(mv));
    }
}

#[cfg(feature = "serde")]
proptest! {
    #[test]
    fn rules_json_takes_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let _ = serde_json::from_slice::<Rules>(&bytes);
    }
}
