//! Every error variant of every parser and constructor that takes outside data, each from a
//! concrete bad input, with what its message says.

use reversi_core::text::ParsePositionError as PPE;
use reversi_core::{
    Bitboard, Color, Geometry, GeometryError, ParseColorError, ParseSquareError, Position, PositionError, Square,
};

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

#[test]
fn square_empty() {
    assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
}

#[test]
fn square_bad_column() {
    for name in ["q1", "z9", "11", "@3", "`3", "{3", " a1", "é3", "-a1"] {
        assert_eq!(name.parse::<Square>(), Err(ParseSquareError::Column { name: name.into() }), "{name:?}");
    }
    let message = "q1".parse::<Square>().unwrap_err().to_string();
    assert!(message.contains("\"q1\"") && message.contains("column"), "{message}");
}

#[test]
fn square_bad_row() {
    for name in ["a", "a0", "a17", "p99", "a03", "a+3", "a-1", "a100", "d3 ", "a1x", "a١", "b²"] {
        assert_eq!(name.parse::<Square>(), Err(ParseSquareError::Row { name: name.into() }), "{name:?}");
    }
    let message = "a17".parse::<Square>().unwrap_err().to_string();
    assert!(message.contains("\"a17\"") && message.contains("row"), "{message}");
}

#[test]
fn square_names_are_case_insensitive() {
    assert_eq!(sq("D3"), sq("d3"));
    assert_eq!(sq("P16"), Square::new(15, 15).unwrap());
    assert_eq!(sq("a1"), Square::A1);
    assert_eq!(sq("j10").to_string(), "j10");
}

#[test]
fn geometry_bad_size() {
    let cases = [
        ("7x8", "width", 7),
        ("2x8", "width", 2),
        ("18x8", "width", 18),
        ("0x8", "width", 0),
        ("8x5", "height", 5),
        ("8x18", "height", 18),
        ("8x255", "height", 255),
    ];
    for (text, dimension, value) in cases {
        assert_eq!(text.parse::<Geometry>(), Err(GeometryError::Size { dimension, value }), "{text}");
    }
    assert_eq!(Geometry::rectangle(16, 3), Err(GeometryError::Size { dimension: "height", value: 3 }));
    assert_eq!(Geometry::rectangle(u8::MAX, 8), Err(GeometryError::Size { dimension: "width", value: u8::MAX }));
    let message = Geometry::rectangle(9, 8).unwrap_err().to_string();
    assert!(message.contains("width") && message.contains('9'), "{message}");
}

#[test]
fn geometry_bad_syntax() {
    for text in
        ["", "8", "x8", "8x", "8 x 8", " 8x8", "+8x8", "0008x8", "ax8", "8x8x8", "8*8", "８x８", "8x999", "256x8"]
    {
        assert_eq!(text.parse::<Geometry>(), Err(GeometryError::Syntax { text: text.into() }), "{text:?}");
    }
}

#[test]
fn geometry_cell_off_board() {
    let err = Geometry::STANDARD.with_unplayable(Bitboard::from_square(sq("i1"))).unwrap_err();
    assert_eq!(err, GeometryError::OffBoard { square: sq("i1"), width: 8, height: 8 });
    assert!(err.to_string().contains("i1"), "{err}");
    let narrow = Geometry::rectangle(4, 12).unwrap();
    assert_eq!(
        narrow.with_unplayable([sq("a1"), sq("d13")].into_iter().collect()),
        Err(GeometryError::OffBoard { square: sq("d13"), width: 4, height: 12 })
    );
}

#[test]
fn color_parse_and_errors() {
    for (text, color) in [("black", Color::Black), ("X", Color::Black), ("b", Color::Black), ("WHITE", Color::White)] {
        assert_eq!(text.parse::<Color>(), Ok(color), "{text}");
    }
    assert_eq!("o".parse::<Color>(), Ok(Color::White));
    for text in ["", "red", "blackk", " black", "xo", "0"] {
        let err: ParseColorError = text.parse::<Color>().unwrap_err();
        assert!(err.to_string().contains(&format!("{text:?}")), "{err}");
    }
    for color in Color::ALL {
        assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        assert_eq!(Color::from_symbol(color.symbol()), Some(color));
    }
    assert_eq!(Color::from_symbol('-'), None);
}

const START: &str = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";

#[test]
fn position_missing_side() {
    for text in ["", "--------/--------/--------/---OX---/---XO---/--------/--------/--------X", &START[..71]] {
        assert_eq!(text.parse::<Position>(), Err(PPE::MissingSide), "{text:?}");
    }
}

#[test]
fn position_invalid_side() {
    let rows = &START[..71];
    for side in ["Z", "XO", " X", "X Y", "-", "black"] {
        let text = format!("{rows} {side}");
        assert_eq!(text.parse::<Position>(), Err(PPE::InvalidSide { found: side.into() }), "{text:?}");
    }
    // Nothing but whitespace after the rows is no side at all.
    assert_eq!(format!("{rows} \n").parse::<Position>(), Err(PPE::MissingSide));
}

#[test]
fn position_surrounding_whitespace() {
    let start: Position = START.parse().expect("the start");
    for text in [format!("{START}\n"), format!("  {START} \r\n"), format!("\t{START}")] {
        assert_eq!(text.parse::<Position>(), Ok(start), "{text:?}");
    }
}

#[test]
fn position_short_or_long_row() {
    let err = "----/---/----/---- X".parse::<Position>().unwrap_err();
    assert_eq!(err, PPE::RowLength { row: 2, expected: 4, found: 3 });
    assert!(err.to_string().contains("row 2"), "{err}");
    assert_eq!("----/----/----/----- O".parse::<Position>(), Err(PPE::RowLength { row: 4, expected: 4, found: 5 }));
    // A trailing slash is an empty last row.
    assert_eq!("----/----/----/----/ X".parse::<Position>(), Err(PPE::RowLength { row: 5, expected: 4, found: 0 }));
}

#[test]
fn position_unknown_character() {
    let err = "----/-XO-/-OZ-/---- X".parse::<Position>().unwrap_err();
    assert_eq!(err, PPE::InvalidCell { row: 3, column: 3, found: 'Z' });
    assert!(err.to_string().contains("row 3, column 3"), "{err}");
    assert_eq!("----/-XO-/-OX-/---. X".parse::<Position>(), Err(PPE::InvalidCell { row: 4, column: 4, found: '.' }));
    assert_eq!("é---/-XO-/-OX-/---- X".parse::<Position>(), Err(PPE::InvalidCell { row: 1, column: 1, found: 'é' }));
}

#[test]
fn position_bad_size() {
    let size = |dimension, value| Err(PPE::Size(GeometryError::Size { dimension, value }));
    assert_eq!("-----/-----/-----/----- X".parse::<Position>(), size("width", 5));
    assert_eq!("----/----/---- X".parse::<Position>(), size("height", 3));
    assert_eq!("--/-- X".parse::<Position>(), size("width", 2));
    assert_eq!("/ X".parse::<Position>(), size("width", 0));
    let wide = vec!["-".repeat(18); 8].join("/") + " X";
    assert_eq!(wide.parse::<Position>(), size("width", 18));
    let tall = vec!["-".repeat(8); 20].join("/") + " O";
    assert_eq!(tall.parse::<Position>(), size("height", 20));
    let huge = vec!["-".repeat(300); 2].join("/") + " O";
    assert_eq!(huge.parse::<Position>(), Err(PPE::TooLarge { rows: 2, columns: 300 }));
    let err = "-----/-----/-----/----- X".parse::<Position>().unwrap_err();
    assert!(err.to_string().contains("width 5"), "{err}");
}

#[test]
fn position_from_bad_parts() {
    let g = Geometry::STANDARD;
    let one = |name| Bitboard::from_square(sq(name));
    assert_eq!(
        Position::from_parts(g, one("i1"), Bitboard::EMPTY, Color::Black),
        Err(PositionError::OffBoard { square: sq("i1") })
    );
    assert_eq!(
        Position::from_parts(Geometry::octagon(), Bitboard::EMPTY, one("b1"), Color::White),
        Err(PositionError::Unplayable { square: sq("b1") })
    );
    assert_eq!(
        Position::from_parts(g, one("d4"), one("d4") | one("e5"), Color::Black),
        Err(PositionError::Overlap { square: sq("d4") })
    );
    let blocked = g.with_unplayable(one("d4")).unwrap();
    assert_eq!(Position::start(blocked), Err(PositionError::Unplayable { square: sq("d4") }));
}
