//! Perft against the data files of `data/perft/`: every board's start, small boards,
//! rectangles, blocked cells, forced passes and finished games.
//!
//! The files follow shakmaty's `.perft` style: a case is an `id` line, a `pos` line (the
//! position string of RULES §5) and `perft DEPTH LEAVES` lines; `#` starts a comment. Every
//! count comes from outside the code under test: the 8×8 table is the published one (RULES
//! §4), the others were computed with the naive model of `naive/` (which
//! `naive_walk_agrees_with_the_data` checks again) unless a comment says otherwise.
//!
//! The tests that run by default stop at `NODE_LIMIT` leaves, a few seconds in a debug build;
//! `every_count_in_the_data` (ignored) runs every line, minutes in a release build:
//! `cargo test --release -p reversi-core --test perft_data -- --ignored`.

mod naive;

use std::path::{Path, PathBuf};

use reversi_core::{Position, perft, perft_parallel};

/// The largest count the default tests check.
const NODE_LIMIT: u64 = 1_000_000;
/// The largest count the default tests check with the naive model, which is slow.
const NAIVE_LIMIT: u64 = 20_000;

/// One case of a data file.
struct Case {
    /// The file and the case's `id`, for messages.
    name: String,
    /// The position string as written.
    text: String,
    position: Position,
    /// (depth, leaves), by depth.
    counts: Vec<(u32, u64)>,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft")
}

/// Every case of every `.perft` file, the files in name order.
fn cases() -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/perft is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .perft file in {}", data_dir().display());
    files.iter().flat_map(|file| parse(file)).collect()
}

/// The cases of one file; a malformed line fails the test, naming file and line.
fn parse(file: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(file).expect("a readable data file");
    let file_name = file.file_name().expect("a file name").to_string_lossy().into_owned();
    let mut cases: Vec<Case> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let at = format!("{file_name}:{}", k + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or_else(|| panic!("{at}: no value in {line:?}"));
        match key {
            "id" => cases.push(Case {
                name: format!("{file_name}: {value}"),
                text: String::new(),
                position: Position::default(),
                counts: Vec::new(),
            }),
            "pos" => {
                let case = cases.last_mut().unwrap_or_else(|| panic!("{at}: pos before any id"));
                assert!(case.text.is_empty(), "{at}: a second pos for {}", case.name);
                case.position = value.parse().unwrap_or_else(|e| panic!("{at}: position {value:?}: {e}"));
                case.text = value.to_owned();
            }
            "perft" => {
                let case = cases.last_mut().unwrap_or_else(|| panic!("{at}: perft before any id"));
                assert!(!case.text.is_empty(), "{at}: perft before the pos of {}", case.name);
                let (depth, leaves) = value.split_once(' ').unwrap_or_else(|| panic!("{at}: perft DEPTH LEAVES"));
                let depth = depth.parse().unwrap_or_else(|e| panic!("{at}: depth {depth:?}: {e}"));
                let leaves = leaves.parse().unwrap_or_else(|e| panic!("{at}: leaves {leaves:?}: {e}"));
                case.counts.push((depth, leaves));
            }
            _ => panic!("{at}: unknown key {key:?}"),
        }
    }
    for case in &cases {
        assert!(!case.text.is_empty() && !case.counts.is_empty(), "{}: a case needs a pos and counts", case.name);
    }
    cases
}

/// Checks `count` on every line of every case with at most `limit` leaves; fails with every
/// line that differs.
fn check_all(limit: u64, count: impl Fn(&Case, u32) -> u64) {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for case in cases() {
        for &(depth, leaves) in case.counts.iter().filter(|&&(_, leaves)| leaves <= limit) {
            let got = count(&case, depth);
            checked += 1;
            if got != leaves {
                wrong.push(format!("{} ({}): perft {depth} is {got}, the data says {leaves}", case.name, case.text));
            }
        }
    }
    assert!(checked > 0, "no count under {limit}");
    assert!(wrong.is_empty(), "{} of {checked} counts differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn perft_agrees_with_the_data() {
    check_all(NODE_LIMIT, |case, depth| perft(&case.position, depth));
}

#[test]
fn parallel_perft_agrees_with_the_data() {
    check_all(NODE_LIMIT / 8, |case, depth| perft_parallel(&case.position, depth, 2));
}

/// The independent model, on the same lines: the data's counts are its counts.
#[test]
fn naive_walk_agrees_with_the_data() {
    let limit = std::env::var("NAIVE_LIMIT").map_or(NAIVE_LIMIT, |s| s.parse().expect("NAIVE_LIMIT: a number"));
    check_all(limit, |case, depth| naive::Board::from_text(&case.text).perft(depth));
}

#[test]
#[ignore = "every count: about 10 minutes in a release build on 2 shared cores (8×8 depth 14 most of it)"]
fn every_count_in_the_data() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    check_all(u64::MAX, |case, depth| perft_parallel(&case.position, depth, threads));
}

#[test]
fn depth_0_is_the_position_itself() {
    for case in cases() {
        assert_eq!(perft(&case.position, 0), 1, "{}", case.name);
        for threads in 1..=3 {
            assert_eq!(perft_parallel(&case.position, 0, threads), 1, "{} on {threads} threads", case.name);
        }
    }
}

/// Any thread count is accepted: clamped, not spawned (`1 << 40` threads once asked for
/// terabytes of join handles, `usize::MAX` overflowed the job count).
#[test]
fn parallel_perft_takes_any_thread_count() {
    let start = Position::default();
    for threads in [0, 1, 3, 64, 100_000, 1 << 40, usize::MAX] {
        assert_eq!(perft_parallel(&start, 6, threads), 8200, "{threads} threads");
    }
}
