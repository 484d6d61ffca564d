//! WTHOR game files: whatever reads is written back byte for byte, its scores are at most
//! 64, and its games replay without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_records::wthor::WthorFile;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = WthorFile::parse(data) else { return };
    assert_eq!(file.to_bytes().unwrap(), data);
    for game in file.games() {
        // White's score is read as 64 minus Black's: no score read may exceed the 64 cells.
        assert!(game.black_score() <= 64 && game.theoretical_score() <= 64, "{game:?}");
        if let Ok(replay) = game.replay() {
            let _ = (replay.replayed_score(), replay.score_matches());
        }
    }
});
