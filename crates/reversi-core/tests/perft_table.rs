//! Perft from the 8×8 start against the table of the rules (docs/rules.md §4), kept in `data/`.

use reversi_core::{Position, perft, perft_parallel};

fn table() -> Vec<(u32, u64)> {
    include_str!("data/perft-8x8.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (d, n) = l.split_once(' ').expect("depth and count");
            (d.parse().expect("depth"), n.parse().expect("count"))
        })
        .collect()
}

#[test]
fn perft_depths_1_to_9() {
    let start = Position::default();
    for (depth, leaves) in table().into_iter().filter(|&(d, _)| d <= 9) {
        assert_eq!(perft(&start, depth), leaves, "depth {depth}");
    }
}

#[test]
fn parallel_perft_agrees() {
    let start = Position::default();
    for (depth, leaves) in table().into_iter().filter(|&(d, _)| d <= 7) {
        assert_eq!(perft_parallel(&start, depth, 2), leaves, "depth {depth}");
    }
}

#[test]
fn depth_0_is_the_position_itself() {
    let start = Position::default();
    assert_eq!(perft(&start, 0), 1);
    for threads in 1..=3 {
        assert_eq!(perft_parallel(&start, 0, threads), 1, "{threads} threads");
    }
}

#[test]
#[ignore = "deep: minutes in a debug build; run with --release -- --ignored"]
fn perft_depths_10_to_12() {
    let start = Position::default();
    for (depth, leaves) in table().into_iter().filter(|&(d, _)| (10..=12).contains(&d)) {
        assert_eq!(perft_parallel(&start, depth, 2), leaves, "depth {depth}");
    }
}

#[test]
#[ignore = "deeper: about a minute (13) and several minutes (14) in a release build on 2 threads"]
fn perft_depths_13_and_14() {
    let start = Position::default();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    for (depth, leaves) in table().into_iter().filter(|&(d, _)| d >= 13) {
        assert_eq!(perft_parallel(&start, depth, threads), leaves, "depth {depth}");
    }
}
