//! The fitting tools refuse inputs that leave nothing to fit, rather than writing weights of
//! zeros: `tune` on a WTHOR file whose header says 0 games exits 1 with an error.

use std::process::Command;

use reversi_kit::records::wthor::{WthorDate, WthorHeader};

#[test]
fn tune_without_a_finished_game_is_an_error() {
    let dir = std::env::temp_dir().join(format!("reversi-tools-empty-fits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let none = dir.join("none.wtb");
    let header = WthorHeader::new(WthorDate::new(2026, 12, 5).expect("a date"), 2026).to_bytes();
    std::fs::write(&none, header).expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_tune")).arg(&none).output().expect("tune runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: ") && stderr.contains("no finished game"), "{stderr}");
    assert!(output.stdout.is_empty() || !String::from_utf8_lossy(&output.stdout).contains("0, 0, 0"));
    std::fs::remove_dir_all(&dir).expect("removed");
}
