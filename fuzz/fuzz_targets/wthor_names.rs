//! WTHOR player and tournament files (the first byte picks the kind): whatever reads is
//! written back byte for byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_records::wthor::{NameFile, NameKind};

fuzz_target!(|data: &[u8]| {
    let Some((&kind, bytes)) = data.split_first() else { return };
    let kind = if kind % 2 == 0 { NameKind::Players } else { NameKind::Tournaments };
    let Ok(file) = NameFile::parse(kind, bytes) else { return };
    assert_eq!(file.to_bytes().unwrap(), bytes);
});
