//! Perft from the start of each board, reported in leaves per second, so that the cost of a
//! leaf on 10×10, the Octagon with blocked cells and 16×16 can be set against 8×8.
//!
//! The depths keep one run in the tens of milliseconds; change them and the figures are no
//! longer comparable with earlier runs.

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_core::{Position, perft};

/// (board name from [`common::boards`], depth).
const DEPTHS: [(&str, u32); 4] = [("8x8", 8), ("10x10", 6), ("octagon-blocked", 6), ("16x16", 5)];

fn perft_per_leaf(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, geometry) in common::boards() {
        let depth = DEPTHS.iter().find(|(n, _)| *n == name).expect("a depth for every board").1;
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
