//! The 6×6 board from its start, a known result: White wins 20-16 with perfect play
//! (Feinstein, 1993). Ignored: about 13.6 G nodes, a quarter of an hour of one thread (see
//! `benches/README.md`, Solver). Run with
//! `cargo test --release -p reversi-engine --test six_by_six -- --ignored`.

use std::num::NonZeroUsize;

use reversi_core::{Geometry, Position};
use reversi_engine::solver::Solver;
use reversi_variants::Scoring;

#[test]
#[ignore]
fn the_six_by_six_start_is_a_white_win_by_four() {
    let start = Position::start(Geometry::rectangle(6, 6).expect("6×6")).expect("a start");
    let threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    let solution = Solver::with_hash_mb(64).threads(threads).solve(&start, Scoring::Discs).expect("no limit");
    // Black moves first: the value is Black's.
    assert_eq!(solution.value(), reversi_engine::Value::Exact(-4));
}

/// The position the benchmark notes solved from the command line is this start.
#[test]
fn the_start_is_the_position_solved_in_the_notes() {
    let start = Position::start(Geometry::rectangle(6, 6).expect("6×6")).expect("a start");
    assert_eq!(start.to_string(), "------/------/--OX--/--XO--/------/------ X");
}
