//! GGF: every game read is written back as text that reads as the same game, and every
//! record read is written back as GGF that reads as the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_records::ggf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let Ok(games) = ggf::parse(text) else { return };
    for (i, game) in games.iter().enumerate() {
        let written = game.to_ggf();
        assert_eq!(ggf::parse(&written).as_deref(), Ok(core::slice::from_ref(game)), "{text:?} -> {written:?}");
        let _ = game.replay(i + 1);
        if let Ok(record) = game.to_record(i + 1) {
            let written = ggf::write_records(core::slice::from_ref(&record)).unwrap();
            assert_eq!(ggf::parse_records(&written), Ok(vec![record]), "{text:?} -> {written:?}");
        }
    }
});
