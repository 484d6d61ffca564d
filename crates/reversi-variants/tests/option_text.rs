//! The rules options read from text: every value's `Display` reads back (in any case), the
//! command-line spellings read, each kind of bad text is its own error naming the text, and
//! no text makes a parser panic.

use proptest::prelude::*;
use reversi_core::{Bitboard, Color, ParseSquareError, Square};
use reversi_variants::{Blocked, Board, Handicap, Opening, ParseOptionError as E, Rules, Scoring};

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn cells(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

fn text(s: &str) -> String {
    s.to_owned()
}

#[test]
fn every_spelling_of_the_command_line_reads() {
    assert_eq!("8x8".parse(), Ok(Board::STANDARD));
    assert_eq!("10X6".parse(), Ok(Board::Rectangle { width: 10, height: 6 }));
    assert_eq!("Octagon".parse(), Ok(Board::Octagon));
    // Sides are read, not checked: the rules check them when built.
    assert_eq!("9x0".parse(), Ok(Board::Rectangle { width: 9, height: 0 }));

    assert_eq!("NONE".parse(), Ok(Blocked::None));
    assert_eq!("Random".parse(), Ok(Blocked::Random));
    assert_eq!("3".parse(), Ok(Blocked::Count(3)));
    assert_eq!("0".parse(), Ok(Blocked::Count(0)));
    assert_eq!("C3,f7".parse(), Ok(Blocked::Fixed(cells(&["c3", "f7"]))));
    assert_eq!(" c3 , f7 ".parse(), Ok(Blocked::Fixed(cells(&["c3", "f7"]))));
    assert_eq!("p16".parse(), Ok(Blocked::Fixed(cells(&["p16"]))));

    assert_eq!("none".parse(), Ok(Handicap::None));
    for (colour, color) in [
        ("black", Color::Black),
        ("B", Color::Black),
        ("x", Color::Black),
        ("WHITE", Color::White),
        ("w", Color::White),
        ("O", Color::White),
    ] {
        assert_eq!(format!("{colour}:2").parse(), Ok(Handicap::Count { color, count: 2 }));
        assert_eq!(format!("{colour}:A1,h8").parse(), Ok(Handicap::Corners { color, corners: cells(&["a1", "h8"]) }));
    }

    assert_eq!("FREE".parse(), Ok(Opening::Free));
    assert_eq!("standard".parse(), Ok(Opening::Standard));
    assert_eq!("WOF".parse(), Ok(Scoring::Wof));
    assert_eq!("discs".parse(), Ok(Scoring::Discs));
}

#[test]
fn every_error_names_the_text_and_the_fault() {
    let cases: Vec<(Result<(), E>, E, &str, &str)> = vec![
        (
            "9y9".parse::<Board>().map(drop),
            E::Board { text: text("9y9") },
            "board",
            "\"9y9\" is not a board size: expected WxH (such as 8x8) or octagon",
        ),
        (
            "8x300".parse::<Board>().map(drop),
            E::Board { text: text("8x300") },
            "board",
            "\"8x300\" is not a board size: expected WxH (such as 8x8) or octagon",
        ),
        (
            "+8x8".parse::<Board>().map(drop),
            E::Board { text: text("+8x8") },
            "board",
            "\"+8x8\" is not a board size: expected WxH (such as 8x8) or octagon",
        ),
        (
            "sometimes".parse::<Blocked>().map(drop),
            E::Blocked { text: text("sometimes") },
            "blocked",
            "\"sometimes\" is not a blocked-cell option: expected none, random, a count 1-4 or cells such as c3,f7",
        ),
        (
            "256".parse::<Blocked>().map(drop),
            E::Count { option: "blocked", text: text("256") },
            "blocked",
            "\"256\" is not a blocked-cell option: the count must be from 1 to 4",
        ),
        (
            "c3,zz".parse::<Blocked>().map(drop),
            E::Cell {
                option: "blocked",
                text: text("c3,zz"),
                cell: text("zz"),
                source: ParseSquareError::Column { name: text("zz") },
            },
            "blocked",
            "\"c3,zz\" is not a blocked-cell option: \"zz\" is not a cell name",
        ),
        (
            "c3,f7,C3".parse::<Blocked>().map(drop),
            E::RepeatedCell { option: "blocked", text: text("c3,f7,C3"), cell: sq("c3") },
            "blocked",
            "\"c3,f7,C3\" is not a blocked-cell option: c3 is listed twice",
        ),
        (
            "black".parse::<Handicap>().map(drop),
            E::Handicap { text: text("black") },
            "handicap",
            "\"black\" is not a handicap: expected none, COLOUR:N or COLOUR:CELLS (such as white:2 or black:a1,h8)",
        ),
        (
            "grey:1".parse::<Handicap>().map(drop),
            E::Color { text: text("grey:1"), color: text("grey") },
            "handicap",
            "\"grey:1\" is not a handicap: \"grey\" is not a colour (black, white, b, w, x or o)",
        ),
        (
            "white:1000".parse::<Handicap>().map(drop),
            E::Count { option: "handicap", text: text("white:1000") },
            "handicap",
            "\"white:1000\" is not a handicap: the count must be from 1 to 4",
        ),
        (
            "black:a1,a17".parse::<Handicap>().map(drop),
            E::Cell {
                option: "handicap",
                text: text("black:a1,a17"),
                cell: text("a17"),
                source: ParseSquareError::Row { name: text("a17") },
            },
            "handicap",
            "\"black:a1,a17\" is not a handicap: \"a17\" is not a cell name",
        ),
        (
            "black:a1,,h8".parse::<Handicap>().map(drop),
            E::Cell { option: "handicap", text: text("black:a1,,h8"), cell: text(""), source: ParseSquareError::Empty },
            "handicap",
            "\"black:a1,,h8\" is not a handicap: \"\" is not a cell name",
        ),
        (
            "w:h8,h8".parse::<Handicap>().map(drop),
            E::RepeatedCell { option: "handicap", text: text("w:h8,h8"), cell: sq("h8") },
            "handicap",
            "\"w:h8,h8\" is not a handicap: h8 is listed twice",
        ),
        (
            "closed".parse::<Opening>().map(drop),
            E::Opening { text: text("closed") },
            "opening",
            "\"closed\" is not an opening: expected standard or free",
        ),
        (
            "points".parse::<Scoring>().map(drop),
            E::Scoring { text: text("points") },
            "scoring",
            "\"points\" is not a scoring: expected discs or wof",
        ),
    ];
    for (found, expected, option, message) in cases {
        assert_eq!(found, Err(expected.clone()));
        assert_eq!(expected.option(), option, "{expected:?}");
        assert_eq!(expected.to_string(), message);
    }
    // A bad cell keeps the square error as its source.
    let err = "c3,zz".parse::<Blocked>().unwrap_err();
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn text_that_reads_but_makes_impossible_rules_is_refused_when_built() {
    // The empty list is what `Display` writes for no cell; it reads, and building says why not.
    assert_eq!("".parse(), Ok(Blocked::Fixed(Bitboard::EMPTY)));
    assert_eq!("black:".parse(), Ok(Handicap::Corners { color: Color::Black, corners: Bitboard::EMPTY }));
    for (board, blocked, handicap, field) in [
        ("9x8", "none", "none", "board"),
        ("8x8", "", "none", "blocked"),
        ("8x8", "5", "none", "blocked"),
        ("8x8", "none", "b:", "handicap"),
        ("8x8", "none", "b:a2", "handicap"),
    ] {
        let err = Rules::builder()
            .board(board.parse().expect("reads"))
            .blocked(blocked.parse().expect("reads"))
            .handicap(handicap.parse().expect("reads"))
            .build()
            .expect_err("impossible rules");
        assert_eq!(err.field(), field, "{board} {blocked} {handicap}: {err}");
    }
}

fn any_cells() -> impl Strategy<Value = Bitboard> {
    proptest::collection::vec(any::<u8>(), 0..8)
        .prop_map(|indices| indices.into_iter().map(Square::from_index).collect())
}

fn any_color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn any_board() -> impl Strategy<Value = Board> {
    prop_oneof![
        Just(Board::Octagon),
        (any::<u8>(), any::<u8>()).prop_map(|(width, height)| Board::Rectangle { width, height })
    ]
}

fn any_blocked() -> impl Strategy<Value = Blocked> {
    prop_oneof![
        Just(Blocked::None),
        Just(Blocked::Random),
        any::<u8>().prop_map(Blocked::Count),
        any_cells().prop_map(Blocked::Fixed),
    ]
}

fn any_handicap() -> impl Strategy<Value = Handicap> {
    prop_oneof![
        Just(Handicap::None),
        (any_color(), any::<u8>()).prop_map(|(color, count)| Handicap::Count { color, count }),
        (any_color(), any_cells()).prop_map(|(color, corners)| Handicap::Corners { color, corners }),
    ]
}

proptest! {
    // Every value, valid rules or not, reads back from its text, in any case.
    #[test]
    fn display_reads_back(
        board in any_board(),
        blocked in any_blocked(),
        handicap in any_handicap(),
        free in any::<bool>(),
        wof in any::<bool>(),
    ) {
        let opening = if free { Opening::Free } else { Opening::Standard };
        let scoring = if wof { Scoring::Wof } else { Scoring::Discs };
        prop_assert_eq!(board.to_string().parse(), Ok(board));
        prop_assert_eq!(board.to_string().to_uppercase().parse(), Ok(board));
        prop_assert_eq!(blocked.to_string().parse(), Ok(blocked.clone()));
        prop_assert_eq!(blocked.to_string().to_uppercase().parse(), Ok(blocked));
        prop_assert_eq!(handicap.to_string().parse(), Ok(handicap.clone()));
        prop_assert_eq!(handicap.to_string().to_uppercase().parse(), Ok(handicap));
        prop_assert_eq!(opening.to_string().parse(), Ok(opening));
        prop_assert_eq!(opening.to_string().to_uppercase().parse(), Ok(opening));
        prop_assert_eq!(scoring.to_string().parse(), Ok(scoring));
        prop_assert_eq!(scoring.to_string().to_uppercase().parse(), Ok(scoring));
    }

    // Valid rules, built from the text of their options, are the same rules.
    #[test]
    fn valid_rules_read_back_from_their_options(
        board in any_board(),
        blocked in any_blocked(),
        handicap in any_handicap(),
    ) {
        if let Ok(rules) = Rules::builder().board(board).blocked(blocked).handicap(handicap).build() {
            let again = Rules::builder()
                .board(rules.board().to_string().parse().expect("reads"))
                .blocked(rules.blocked().to_string().parse().expect("reads"))
                .handicap(rules.handicap().to_string().parse().expect("reads"))
                .build();
            prop_assert_eq!(again, Ok(rules));
        }
    }

    // No text makes a parser panic; an error always quotes the text.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,24}", bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        let lossy = String::from_utf8_lossy(&bytes).into_owned();
        for t in [&text, &lossy] {
            let errors = [
                t.parse::<Board>().err(),
                t.parse::<Blocked>().err(),
                t.parse::<Handicap>().err(),
                t.parse::<Opening>().err(),
                t.parse::<Scoring>().err(),
            ];
            for err in errors.into_iter().flatten() {
                let quoted = format!("{t:?}");
                prop_assert!(err.to_string().starts_with(&quoted), "{}", err);
            }
        }
    }
}

#[test]
fn rules_read_back_and_say_what_is_wrong() {
    use reversi_variants::ParseRulesError;
    let rules: Rules = "10x8 blocked=c1,j8 handicap=white:a1 opening=free scoring=wof".parse().expect("valid");
    assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules.clone()));
    assert_eq!(" board=10x8 opening=free blocked=c1,j8 handicap=white:a1 scoring=wof\n".parse::<Rules>(), Ok(rules));
    assert_eq!("".parse::<Rules>(), Ok(Rules::default()));
    let err = |t: &str| t.parse::<Rules>().unwrap_err();
    assert_eq!(err("8x8 8x8"), ParseRulesError::NotKeyValue { found: text("8x8") });
    assert_eq!(err("8x8 opening=free opening=free"), ParseRulesError::RepeatedKey { key: text("opening") });
    assert_eq!(err("8x8 colour=blue"), ParseRulesError::UnknownKey { key: text("colour") });
    assert!(matches!(err("9y9"), ParseRulesError::Option { key: "board", source: E::Board { .. } }));
    assert!(matches!(err("7x8"), ParseRulesError::Rules(reversi_variants::RulesError::Size(_))));
    assert!(matches!(err("octagon handicap=black:1"), ParseRulesError::Rules(_)));
}
