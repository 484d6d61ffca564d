//! Move transcripts on any board size (the first two bytes are the width and the height):
//! the moves read are written back as text that reads the same, up to the passes left out;
//! a game a transcript plays out on the standard table records the same from its own text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_records::{GameRecord, transcript};
use reversi_variants::{Game, Move, Rules};

fuzz_target!(|data: &[u8]| {
    let [width, height, rest @ ..] = data else { return };
    let Ok(text) = core::str::from_utf8(rest) else { return };
    if let Ok(moves) = transcript::parse(text, *width, *height) {
        let written = transcript::write(&moves);
        // `write` leaves out a pass followed by a disc: replaying puts it back.
        let kept: Vec<Move> = moves
            .iter()
            .enumerate()
            .filter(|&(i, m)| !(*m == Move::Pass && matches!(moves.get(i + 1), Some(Move::Place(_)))))
            .map(|(_, &m)| m)
            .collect();
        assert_eq!(transcript::parse(&written, *width, *height).as_ref(), Ok(&kept), "{text:?} -> {written:?}");
    }
    let table = Game::new(Rules::default(), 0).unwrap();
    if let Ok(record) = GameRecord::from_transcript(&table, text) {
        let written = transcript::write(record.moves());
        assert_eq!(GameRecord::from_transcript(&table, &written).as_ref(), Ok(&record), "{written}");
    }
});
