//! The parsers fed arbitrary text and bytes: each gives a value or an error, never a panic, and
//! every value they give prints back as the canonical form of what was read (Display, then
//! FromStr, gives the value back).

mod common;
mod naive;

use proptest::collection::vec;
use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Geometry, ParseBitboardError, Position, Square};

/// Arbitrary bytes as text, the way a file of unknown content would be read.
fn bytes() -> impl Strategy<Value = String> {
    vec(any::<u8>(), 0..96).prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Text from the alphabet of position strings (and a few strays), so that most inputs get
/// past the first checks and reach the deeper ones.
fn position_like() -> impl Strategy<Value = String> {
    let row = "[-XOxo#]{3,17}";
    let rows = vec(prop_oneof![8 => row, 1 => "[-XO#Z./ ]{0,5}"], 1..=17).prop_map(|rows| rows.join("/"));
    (rows, prop_oneof![Just(" X"), Just(" O"), Just(" o"), Just(""), Just(" Z"), Just("  X")])
        .prop_map(|(rows, side)| format!("{rows}{side}"))
}

/// Position strings with uniform rows of an allowed size, so that most of them parse.
fn valid_like() -> impl Strategy<Value = String> {
    (2usize..=8, 2usize..=8, any::<bool>()).prop_flat_map(|(w, h, black)| {
        vec(vec(prop_oneof![Just('-'), Just('X'), Just('O'), Just('#'), Just('x'), Just('o')], 2 * w), 2 * h).prop_map(
            move |rows| {
                let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
                format!("{} {}", rows.join("/"), if black { 'X' } else { 'o' })
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn square_parse_never_panics(text in prop_oneof![any::<String>(), bytes(), "[a-zA-Z@`{]?[-+0-9]{0,3}"]) {
        if let Ok(sq) = text.parse::<Square>() {
            // Names are read case-insensitively, without leading zeros or signs: the printed
            // name is the input in lower case.
            prop_assert_eq!(sq.to_string(), text.to_ascii_lowercase());
            prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn bitboard_parse_never_panics(text in prop_oneof![any::<String>(), bytes(), "( ?[a-q][0-9]{1,2}){0,6} ?-?"]) {
        match text.parse::<Bitboard>() {
            Ok(set) => prop_assert_eq!(set.to_string().parse::<Bitboard>(), Ok(set)),
            // A repeated square is named in the error, and the text did name it twice.
            Err(ParseBitboardError::Repeated { square }) => {
                let lower = text.to_ascii_lowercase();
                let named = lower.split_whitespace().filter(|w| *w == square.to_string()).count();
                prop_assert!(named >= 2, "{}", text);
            }
            Err(_) => {}
        }
    }

    #[test]
    fn bitboard_text_round_trips(words in any::<[u64; 4]>()) {
        let set = Bitboard::from_words(words);
        let text = set.to_string();
        prop_assert!(!text.is_empty());
        prop_assert_eq!(text.parse::<Bitboard>(), Ok(set));
        prop_assert_eq!(set.iter().rev().collect::<Vec<_>>(), set.iter().collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>());
        prop_assert_eq!(set.iter().last(), set.last());
    }

    #[test]
    fn geometry_parse_never_panics(text in prop_oneof![any::<String>(), bytes(), "[0-9]{0,4}[xX*]?[0-9]{0,4}", "0{0,2}[0-9]{1,2}[xX]0{0,2}[0-9]{1,2}"]) {
        if let Ok(g) = text.parse::<Geometry>() {
            prop_assert_eq!(g.to_string().parse::<Geometry>(), Ok(g));
            // Sizes may carry leading zeros ("08x8"), so compare the numbers, not the text.
            let (w, h) = text.split_once(['x', 'X']).expect("a size has an x");
            prop_assert_eq!((w.parse(), h.parse()), (Ok(usize::from(g.width())), Ok(usize::from(g.height()))));
        }
    }

    #[test]
    fn color_parse_never_panics(text in prop_oneof![any::<String>(), bytes(), "[a-zA-Z]{0,6}"]) {
        if let Ok(color) = text.parse::<Color>() {
            prop_assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        }
    }

    #[test]
    fn position_parse_never_panics(text in prop_oneof![any::<String>(), bytes(), position_like(), valid_like()]) {
        if let Ok(pos) = text.parse::<Position>() {
            // The format has one spelling per position but for the case of X and O.
            prop_assert_eq!(pos.to_string(), text.replace('x', "X").replace('o', "O"));
            prop_assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
        }
    }

    #[test]
    fn position_round_trip(case in common::any_case()) {
        let pos = case.position();
        let text = pos.to_string();
        prop_assert_eq!(&text, &case.naive.to_text());
        prop_assert_eq!(text.parse::<Position>(), Ok(pos));
    }
}

#[test]
fn every_square_round_trips() {
    for index in 0..=255u8 {
        let sq = Square::from_index(index);
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
        assert_eq!(Square::new(sq.column(), sq.row()), Some(sq));
    }
    assert_eq!(Square::new(16, 0), None);
    assert_eq!(Square::new(0, 16), None);
}

#[test]
fn every_size_round_trips() {
    for width in (4..=16).step_by(2) {
        for height in (4..=16).step_by(2) {
            let g = Geometry::rectangle(width, height).unwrap();
            assert_eq!(g.to_string(), format!("{width}x{height}"));
            assert_eq!(g.to_string().parse::<Geometry>(), Ok(g));
            assert_eq!(format!("{width}X{height}").parse::<Geometry>(), Ok(g));
        }
    }
}
