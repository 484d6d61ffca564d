//! Legal-move generation and flips over fixed sets of playout positions, on 8×8, 10×10, the
//! Octagon with blocked cells and 16×16: once through the public [`Position`] API (with its
//! conversions to and from the kernel's compact layout), then on the raw kernel words, as
//! perft and engines drive them, with the generator `kernel::dispatch` picks ("kernel") and
//! with every generator of `kernel::for_each_generator` (the list the tests check).

mod common;

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use reversi_core::Position;
use reversi_core::kernel::{self, Generators, Layout, Visitor};

const POSITIONS: usize = 256;

fn legal_moves(c: &mut Criterion) {
    for (name, geometry) in common::boards() {
        let positions = common::playouts(geometry, 1, POSITIONS);
        let mut group = c.benchmark_group(format!("legal/{name}"));
        group.throughput(Throughput::Elements(POSITIONS as u64));
        group.bench_function("position", |b| {
            b.iter(|| {
                for pos in &positions {
                    black_box(black_box(pos).legal_moves());
                }
            })
        });
        let mut bench = KernelLegal { group: &mut group, positions: &positions };
        kernel::dispatch(&geometry, Dispatched(&mut bench));
        kernel::for_each_generator(&geometry, &mut bench);
        group.finish();
    }
}

/// The legal-move bench on one generator, with the positions already in its compact words.
struct KernelLegal<'a, 'b> {
    group: &'a mut BenchmarkGroup<'b, WallTime>,
    positions: &'a [Position],
}

impl Generators for KernelLegal<'_, '_> {
    fn visit<L: Layout>(&mut self, name: &'static str, mg: L) {
        let words: Vec<_> = self.positions.iter().map(|pos| words(&mg, pos)).collect();
        self.group.bench_function(name, |b| {
            b.iter(|| {
                for &(p, o) in &words {
                    black_box(mg.legal(black_box(p), black_box(o)));
                }
            })
        });
    }
}

fn flips(c: &mut Criterion) {
    for (name, geometry) in common::boards() {
        let positions = common::playouts(geometry, 2, POSITIONS);
        let moves: Vec<_> =
            positions.iter().flat_map(|pos| pos.legal_moves().iter().map(move |sq| (*pos, sq))).collect();
        let mut group = c.benchmark_group(format!("flips/{name}"));
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function("position", |b| {
            b.iter(|| {
                for (pos, sq) in &moves {
                    black_box(black_box(pos).flips(*sq));
                }
            })
        });
        let mut bench = KernelFlips { group: &mut group, moves: &moves };
        kernel::dispatch(&geometry, Dispatched(&mut bench));
        kernel::for_each_generator(&geometry, &mut bench);
        group.finish();
    }
}

/// The flips bench on one generator, each legal move of each position as (mover, opponent,
/// cell).
struct KernelFlips<'a, 'b> {
    group: &'a mut BenchmarkGroup<'b, WallTime>,
    moves: &'a [(Position, reversi_core::Square)],
}

impl Generators for KernelFlips<'_, '_> {
    fn visit<L: Layout>(&mut self, name: &'static str, mg: L) {
        let words: Vec<_> = self
            .moves
            .iter()
            .map(|(pos, sq)| {
                let (p, o) = words(&mg, pos);
                (p, o, mg.index(*sq))
            })
            .collect();
        self.group.bench_function(name, |b| {
            b.iter(|| {
                for &(p, o, i) in &words {
                    black_box(mg.flips(black_box(p), black_box(o), black_box(i)));
                }
            })
        });
    }
}

/// Runs a bench with the generator `kernel::dispatch` picks, named "kernel".
struct Dispatched<'a, B>(&'a mut B);

impl<B: Generators> Visitor for Dispatched<'_, B> {
    type Output = ();
    fn visit<L: Layout>(self, mg: L) {
        self.0.visit("kernel", mg);
    }
}

/// The mover's and the opponent's discs in the compact layout of `mg`.
fn words<L: Layout>(mg: &L, pos: &Position) -> (L::Word, L::Word) {
    let side = pos.side_to_move();
    (mg.compact(pos.discs(side)), mg.compact(pos.discs(!side)))
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = legal_moves, flips
}
criterion_main!(benches);
