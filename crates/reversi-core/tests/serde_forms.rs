//! The serde forms of the core types (feature `serde`): round trips, and bad input refused.
#![cfg(feature = "serde")]

use reversi_core::{Bitboard, Geometry, Position, Square};

#[test]
fn round_trips() {
    let geometry = Geometry::octagon();
    let json = serde_json::to_string(&geometry).unwrap();
    assert_eq!(
        json,
        r#"{"width":10,"height":10,"unplayable":["a1","b1","i1","j1","a2","j2","a9","j9","a10","b10","i10","j10"]}"#
    );
    assert_eq!(serde_json::from_str::<Geometry>(&json).unwrap(), geometry);

    let pos = Position::start(geometry).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);

    let sq: Square = "j10".parse().unwrap();
    assert_eq!(serde_json::to_string(&sq).unwrap(), r#""j10""#);
    let set = Bitboard::from(sq);
    assert_eq!(serde_json::from_str::<Bitboard>(r#"["j10"]"#).unwrap(), set);
}

#[test]
fn bad_input_is_refused() {
    for (json, why) in [
        (r#"{"width":9,"height":8}"#, "odd width"),
        (r#"{"width":8,"height":8,"unplayable":["i1"]}"#, "off the board"),
        (r#"{"width":8,"height":8,"extra":1}"#, "unknown field"),
    ] {
        assert!(serde_json::from_str::<Geometry>(json).is_err(), "{why}");
    }
    assert!(serde_json::from_str::<Square>(r#""q1""#).is_err());
    assert!(serde_json::from_str::<Bitboard>(r#"["a1","A1"]"#).is_err(), "a square twice");
    assert!(serde_json::from_str::<Position>(r#""---- X""#).is_err());
}
