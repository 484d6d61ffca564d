//! `board_error` measures the same positions the same way whatever `--jobs`, prints a line per
//! table and phase, and refuses what it cannot use.

use std::process::{Command, Output};

fn measure(extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_board_error"))
        .args(["--size", "6x6", "--level", "1", "--games", "4", "--opening-plies", "4"])
        .args(extra)
        .output()
        .expect("board_error runs")
}

#[test]
fn the_same_arguments_give_the_same_table_whatever_the_jobs() {
    let tables = ["--empties", "8-10", "--features", "built-in", "--features", "wthor"];
    let first = measure(&[&tables[..], &["--jobs", "2"]].concat());
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let second = measure(&tables);
    assert!(second.status.success(), "{}", String::from_utf8_lossy(&second.stderr));
    assert_eq!(first.stdout, second.stdout);
    let stdout = String::from_utf8_lossy(&first.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("6x6 ") && lines[0].contains(", seed 1001: 4 games of level 1"), "{stdout}");
    for name in ["built-in", "wthor"] {
        let rows: Vec<&&str> = lines.iter().filter(|l| l.starts_with(&format!("{name}\t"))).collect();
        // At least one phase, then the total; each with its count, error and bias.
        assert!(rows.len() >= 2, "{stdout}");
        assert!(rows.last().is_some_and(|r| r.starts_with(&format!("{name}\tall\t"))), "{stdout}");
        for row in rows {
            let cells: Vec<&str> = row.split('\t').collect();
            assert_eq!(cells.len(), 5, "{row}");
            assert!(cells[2].ends_with(" positions") && cells[3].starts_with("mean absolute error "), "{row}");
            assert!(cells[4].starts_with("bias +") || cells[4].starts_with("bias -"), "{row}");
        }
    }
    // The two tables differ on 6×6 (it has its own), so their errors should too.
    let total = |name: &str| {
        lines.iter().find(|l| l.starts_with(&format!("{name}\tall\t"))).map(|l| l[name.len()..].to_owned())
    };
    assert_ne!(total("built-in"), total("wthor"), "{stdout}");
}

#[test]
fn a_bad_weights_file_and_bad_flags_are_refused() {
    let dir = std::env::temp_dir().join(format!("reversi-tools-board-error-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1 2 3\n").expect("written");
    let output = measure(&["--empties", "8-10", "--features", bad.to_str().expect("a UTF-8 path")]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // A file that holds bad data is not the command line's fault: exit status 1, as the
    // other tools give.
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("bad.txt") && stderr.contains("line 1: 3 weights"), "{stderr}");
    assert!(output.stdout.is_empty());
    std::fs::remove_dir_all(&dir).expect("removed");
    for flags in [
        &["--features", "built-in", "--empties", "10-8"][..],
        &["--features", "built-in", "--games", "0"],
        &["--features", "built-in", "--level", "11"],
        &["--empties", "0-4", "--features", "built-in"],
        &["--empties", "8-10"],
    ] {
        let output = measure(flags);
        assert_eq!(output.status.code(), Some(2), "{flags:?}: {}", String::from_utf8_lossy(&output.stderr));
    }
}
