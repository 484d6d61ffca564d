//! Position strings and board sizes: whatever reads is written back as text that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_core::{Geometry, Position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    if let Ok(position) = text.parse::<Position>() {
        let written = position.to_string();
        assert_eq!(written.parse::<Position>().as_ref(), Ok(&position), "{text:?} -> {written:?}");
    }
    if let Ok(geometry) = text.parse::<Geometry>() {
        let written = geometry.to_string();
        assert_eq!(written.parse::<Geometry>().as_ref(), Ok(&geometry), "{text:?} -> {written:?}");
    }
});
