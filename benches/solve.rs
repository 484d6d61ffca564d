//! The exact solver on fixed positions of 14 empty cells (16 for 8×8 too), each reached by a
//! seeded random game from the start: 8×8, 10×10, the Octagon and 8×8 with blocked cells
//! (b2, g3, c7). Each iteration solves with a fresh 4 MB table, so that no run profits from
//! the one before.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use reversi_core::Position;
use reversi_engine::solver::Solver;
use reversi_variants::Scoring;

/// (name, position string of RULES §5).
const POSITIONS: [(&str, &str); 5] = [
    ("8x8/14", "--XOOXXX/XXXXXOO-/--XXXO-O/-XXOXXXX/XOOOXOX-/XOOXOOXO/XOX-XXXO/----X-XO X"),
    ("8x8/16", "--XXX-X-/--OXXX--/-X-OXXXX/X-XXOOXX/OOOOOOXX/-OXOXOXX/XXOX-XOO/-O-OOOX- X"),
    (
        "10x10/14",
        "-XXXO--X--/XXXXXO-XO-/-XXXOXOXOO/OOOOOOXX--/XOXXXXXXXX/-XOOXOOXXX/-OXOOXOXXX/-OOXOOXXXX/XOOXXXOXXX/-OXXXXXXXX X",
    ),
    (
        "octagon/14",
        "##-X----##/#X-XXXXXX#/--XOXXOX-O/O--XXOXOOO/XOOXOXOXOO/-OXOXXOOOO/OXOOXOOXOO/XXOXOXXOXX/#-XOXXXOX#/##-XOOOX## X",
    ),
    ("8x8-blocked/14", "-XXX----/O#XXOO--/XXXXX-#-/XOOOOXOO/X-OOXXXO/XOOOOXOO/X-#OOOOO/---XXOOO O"),
];

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (name, text) in POSITIONS {
        let position: Position = text.parse().expect("a valid position string");
        group.bench_function(name, |b| {
            b.iter_batched(
                || Solver::with_hash_mb(4),
                |solver| solver.solve(black_box(&position), Scoring::Wof).expect("no limit").value(),
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
