//! Square, move, colour and rule option names, and the rules line of GGF's `RU`: whatever
//! reads is written back as text that reads the same.
#![no_main]

use core::fmt::Display;
use core::str::FromStr;

use libfuzzer_sys::fuzz_target;
use reversi_core::{Color, Square};
use reversi_records::ggf;
use reversi_variants::{Blocked, Board, Handicap, Move, Opening, Scoring};

fn round_trip<T: FromStr + Display + PartialEq + core::fmt::Debug>(text: &str) {
    if let Ok(value) = text.parse::<T>() {
        let written = value.to_string();
        let back = written.parse::<T>().ok();
        assert_eq!(back.as_ref(), Some(&value), "{text:?} -> {written:?}");
    }
}

/// The empty board of each GGS board type, for a `BO` that `RU`'s board may match.
const BOARDS: [&str; 7] = ["4", "6", "8", "10", "12", "14", "88"];

fn board_text(kind: &str) -> String {
    let cells = match kind {
        "88" => 100 - 12,
        side => side.parse::<usize>().unwrap().pow(2),
    };
    format!("{kind} {} *", "-".repeat(cells))
}

/// The rules text of `RU`, read through GGF until the rules have a `FromStr` of their own.
fn rules_round_trip(text: &str) {
    let escaped: String =
        text.chars().flat_map(|c| (matches!(c, ']' | '\\').then_some('\\')).into_iter().chain([c])).collect();
    for kind in BOARDS {
        let game = format!("(;GM[Othello]BO[{}]RU[{escaped}];)", board_text(kind));
        let Ok(games) = ggf::parse(&game) else { continue };
        let Ok(rules) = games[0].rules(1) else { continue };
        let written = format!("(;GM[Othello]BO[{}]RU[{rules}];)", board_text(kind));
        let back = ggf::parse(&written).unwrap()[0].rules(1);
        assert_eq!(back.as_ref(), Ok(&rules), "{text:?} -> {written:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    round_trip::<Square>(text);
    round_trip::<Move>(text);
    round_trip::<Color>(text);
    round_trip::<Board>(text);
    round_trip::<Blocked>(text);
    round_trip::<Handicap>(text);
    round_trip::<Opening>(text);
    round_trip::<Scoring>(text);
    rules_round_trip(text);
});
