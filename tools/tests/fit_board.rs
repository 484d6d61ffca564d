//! `fit_board` fits a board's features' weights reproducibly and writes a file that
//! `weights_match` reads; both refuse what they cannot use.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use reversi_tools::parse_feature_rows;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-tools-fit-board-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn fit(out: &Path, games: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fit_board"))
        .args(["--size", "6x6", "--level", "1", "--games", games, "--opening-plies", "4", "--seed", "3", "--out"])
        .arg(out)
        .args(extra)
        .output()
        .expect("fit_board runs")
}

#[test]
fn a_fit_is_the_same_for_the_same_arguments_and_reads_back() {
    let dir = scratch("same");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    let first = fit(&a, "10", &["--jobs", "2"]);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(fit(&b, "10", &[]).status.success());
    let (text_a, text_b) = (std::fs::read_to_string(&a).expect("a"), std::fs::read_to_string(&b).expect("b"));
    // The files differ only in the command line of their first comment.
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&text_a), body(&text_b));
    let rows = parse_feature_rows(&text_a).expect("a weights file");
    // Phase 0 of 6×6 is reached by no game (it ends before the four first discs): it keeps
    // the row of the table that played.
    assert!(text_a.contains("the 8×8 table's rows kept: 0"), "{text_a}");
    assert!(rows[5].iter().any(|&w| w != 0), "{text_a}");
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(stdout.starts_with("1 round(s) of 10 games of level 1"), "{stdout}");
    std::fs::remove_dir_all(&dir).expect("removed");
}

#[test]
fn too_few_games_and_a_bad_weights_file_are_refused() {
    let dir = scratch("bad");
    let few = fit(&dir.join("few.txt"), "4", &[]);
    assert_eq!(few.status.code(), Some(2), "{}", String::from_utf8_lossy(&few.stderr));
    assert!(!dir.join("few.txt").exists());
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1 2 3\n").expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_weights_match"))
        .args(["built-in", "built-in", "--size", "6x6", "--games", "2", "--first-features"])
        .arg(&bad)
        .output()
        .expect("weights_match runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("bad.txt") && stderr.contains("line 1: 3 weights"), "{stderr}");
    std::fs::remove_dir_all(&dir).expect("removed");
}
