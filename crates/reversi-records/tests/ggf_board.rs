//! GGF board types: only those GGS has can be built, and each reads back from its name and
//! has its geometry.

use proptest::prelude::*;
use reversi_core::Geometry;
use reversi_records::ggf::{BoardType, GgfError, GgfField, GgsSide};

/// What GGS has: squares of an even side from 4 to 14 (and the Octagon, not a square).
fn ggs_has(n: u8) -> bool {
    n.is_multiple_of(2) && (4..=14).contains(&n)
}

#[test]
fn every_ggs_square_is_built_and_round_trips() {
    for n in [4, 6, 8, 10, 12, 14] {
        let side = GgsSide::new(n).unwrap_or_else(|| panic!("GgsSide::new({n})"));
        assert_eq!(side.get(), n);
        let board = BoardType::square(n).unwrap();
        assert_eq!(board, BoardType::Square(side));
        assert_eq!(board.name(), n.to_string());
        assert_eq!(BoardType::parse(&board.name()), Some(board));
        let geometry = board.geometry();
        assert_eq!(geometry, Geometry::rectangle(n, n).unwrap(), "{n}");
        assert_eq!((geometry.width(), geometry.height()), (n, n));
        assert!(geometry.unplayable().is_empty(), "{n}: every cell playable");
    }
    assert_eq!(BoardType::square(8).unwrap(), BoardType::STANDARD);
    assert_eq!(BoardType::STANDARD.geometry(), Geometry::STANDARD);
    assert_eq!(format!("{:?}", BoardType::STANDARD), "Square(GgsSide(8))");
}

#[test]
fn the_octagon_round_trips() {
    let octagon = BoardType::Octagon;
    assert_eq!(octagon.name(), "88");
    assert_eq!(BoardType::parse("88"), Some(octagon));
    assert_eq!(octagon.geometry(), Geometry::octagon());
    assert_eq!(octagon.geometry().playable().len(), 88);
}

#[test]
fn sides_ggs_lacks_are_refused_with_a_typed_error() {
    for n in [0, 1, 2, 3, 5, 7, 9, 11, 13, 15, 16, 18, 88, 255] {
        assert_eq!(GgsSide::new(n), None, "GgsSide::new({n})");
        match BoardType::square(n) {
            Err(GgfError::Invalid { field: GgfField::Board, value, reason }) => {
                assert_eq!(value, n.to_string());
                assert!(reason.contains("4, 6, 8, 10, 12 or 14"), "{reason}");
            }
            other => panic!("square({n}): expected GgfError::Invalid (Board), got {other:?}"),
        }
    }
    // Names that are not a GGF board type's own, written as GGS writes them.
    for text in ["", "0", "2", "5", "16", "08", "+8", " 8", "8 ", "8x8", "89", "-88", "088"] {
        assert_eq!(BoardType::parse(text), None, "{text:?}");
    }
}

proptest! {
    #[test]
    fn a_side_is_accepted_exactly_when_ggs_has_it(n in any::<u8>()) {
        let side = GgsSide::new(n);
        let board = BoardType::square(n);
        prop_assert_eq!(side.is_some(), ggs_has(n));
        prop_assert_eq!(board.is_ok(), ggs_has(n));
        if let (Some(side), Ok(board)) = (side, board) {
            prop_assert_eq!(side.get(), n);
            prop_assert_eq!(BoardType::parse(&board.name()), Some(board));
            prop_assert_eq!(board.geometry().width(), n);
        }
    }

    #[test]
    fn any_text_parses_to_a_type_that_names_it_or_to_none(text in "\\PC{0,4}|[0-9]{1,3}") {
        if let Some(board) = BoardType::parse(&text) {
            prop_assert_eq!(board.name(), text);
        }
    }
}
