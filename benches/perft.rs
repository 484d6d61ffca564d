//! Perft from the start of each board, reported in leaves per second, so that the cost of a
//! leaf on 10×10, the Octagon with blocked cells and 16×16 can be set against 8×8.
//!
//! The depths keep one run within tens of milliseconds; change them and the figures are no
//! longer comparable with earlier runs.

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_core::{Position, perft};

/// (board name from [`common::boards`], depth). 8×8 runs at depth 8 and, like the others,
/// at depth 9, so that per-leaf ratios compare trees of the same depth.
const RUNS: [(&str, u32); 5] = [("8x8", 8), ("8x8", 9), ("10x10", 9), ("octagon-blocked", 9), ("16x16", 9)];

fn perft_per_leaf(c: &mut Criterion) {
    let boards = common::boards();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, depth) in RUNS {
        let geometry = boards.iter().find(|(n, _)| *n == name).expect("a board of that name").1;
        let start = Position::start(geometry).expect("the centre is playable");
        let leaves = perft(&start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name}/depth-{depth}"), |b| b.iter(|| perft(black_box(&start), depth)));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = perft_per_leaf
}
criterion_main!(benches);
