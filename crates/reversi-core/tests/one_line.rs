//! The one-line 8×8 position form of NBoard, GGF and Edax's OBF (64 cells, a space, the side):
//! read alike with `*` or `X` for Black, written by `Position::one_line`, and the same position
//! as the `/`-separated form.

use proptest::collection::vec;
use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Geometry, ParsePositionError, Position};

const START_LINE: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn the_start_in_every_writer_s_spelling() {
    for text in [
        START_LINE,
        "---------------------------O*------*O--------------------------- *",
        "---------------------------OX------XO--------------------------- X;",
        "---------------------------ox------xo--------------------------- x\n",
    ] {
        assert_eq!(text.parse::<Position>(), Ok(Position::default()), "{text:?}");
    }
    assert_eq!(Position::default().one_line().as_deref(), Some(START_LINE));
    let white = "---------------------------OX------XXX-------------------------- O".parse::<Position>().unwrap();
    assert_eq!((white.side_to_move(), white.count(Color::Black)), (Color::White, 4));
}

#[test]
fn only_8x8_has_a_one_line_form() {
    let ten = Position::start(Geometry::rectangle(10, 10).unwrap()).unwrap();
    assert_eq!(ten.one_line(), None);
    // 100 cells in one line are not read as 10×10: a board of that width is refused.
    let line = ten.to_string().replace('/', "");
    assert!(line.parse::<Position>().is_err());
}

#[test]
fn bad_one_line_text_is_an_error_that_says_what() {
    let cells = &START_LINE[..64];
    // `*` is Black only in the one-line form; in the `/` form it is no cell.
    assert!(matches!(
        format!("{cells} Z").parse::<Position>(),
        Err(ParsePositionError::InvalidSide { found }) if found == "Z"
    ));
    let bad_cell = format!("{}Q{} X", &cells[..10], &cells[11..]);
    assert_eq!(bad_cell.parse::<Position>(), Err(ParsePositionError::InvalidCell { row: 2, column: 3, found: 'Q' }));
    let slashes = "--------/--------/--------/---O*---/---*O---/--------/--------/-------- X";
    assert!(matches!(slashes.parse::<Position>(), Err(ParsePositionError::InvalidCell { found: '*', .. })));
    assert!(format!("{cells} *;;").parse::<Position>().is_err());
    // Multi-byte characters are cells like any other, refused without a panic.
    let wide = format!("{}é{} X", &cells[..20], &cells[21..]);
    assert!(matches!(wide.parse::<Position>(), Err(ParsePositionError::InvalidCell { found: 'é', .. })));
    // A long side is quoted short.
    let long = format!("{cells} {}", "Y".repeat(10_000));
    match long.parse::<Position>() {
        Err(ParsePositionError::InvalidSide { found }) => assert!(found.len() <= 20, "{}", found.len()),
        other => panic!("{other:?}"),
    }
}

/// Any 8×8 position: each cell empty, Black, White or unplayable, either side to move.
fn any_8x8() -> impl Strategy<Value = Position> {
    (vec(0u8..4, 64), any::<bool>()).prop_map(|(cells, black_to_move)| {
        let (mut black, mut white, mut unplayable) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for (i, cell) in cells.into_iter().enumerate() {
            let sq = reversi_core::Square::new(i as u8 % 8, i as u8 / 8).unwrap();
            match cell {
                1 => black.insert(sq),
                2 => white.insert(sq),
                3 => unplayable.insert(sq),
                _ => {}
            }
        }
        let geometry = Geometry::STANDARD.with_unplayable(unplayable).unwrap();
        let side = if black_to_move { Color::Black } else { Color::White };
        Position::from_parts(geometry, black, white, side).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn one_line_round_trips(position in any_8x8(), star in any::<bool>()) {
        let line = position.one_line().unwrap();
        prop_assert_eq!(line.len(), 66);
        prop_assert_eq!(line.parse::<Position>(), Ok(position));
        // NBoard's spelling, `*` for Black, reads as the same position.
        let nboard = if star { line.replace('X', "*") } else { line.clone() };
        prop_assert_eq!(nboard.parse::<Position>(), Ok(position));
        // The two forms hold the same cells.
        prop_assert_eq!(position.to_string().replace('/', ""), line);
    }
}
