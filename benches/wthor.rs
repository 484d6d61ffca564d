//! WTHOR replay throughput, in games per second: reading a `.wtb` file held in memory and
//! replaying every game (the work of the `wthor` example), and replaying alone.
//!
//! The file is made by the crate's own writer from 1000 seeded random 8×8 games played to the
//! end, so the bench needs no data from outside the repository and gives the same input on
//! every run.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_core::{Color, Position};
use reversi_records::wthor::{WthorDate, WthorFile, WthorGame, WthorHeader, WthorSummary};

const GAMES: usize = 1000;

/// A `.wtb` file of `GAMES` random games, keyed by a fixed seed.
fn random_file() -> Vec<u8> {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&2025u64.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    let games = (0..GAMES)
        .map(|i| {
            let mut pos = Position::default();
            let mut moves = Vec::with_capacity(60);
            while !pos.is_game_over() {
                if pos.must_pass() {
                    pos.pass().expect("forced pass");
                    continue;
                }
                let legal: Vec<_> = pos.legal_moves().iter().collect();
                let sq = legal[(rng.next_u64() % legal.len() as u64) as usize];
                pos.play(sq).expect("legal move");
                moves.push(sq);
            }
            let (b, w) = (pos.count(Color::Black), pos.count(Color::White));
            let empty = pos.empty_cells().len();
            let score = if b > w {
                b + empty
            } else if b < w {
                b
            } else {
                b + empty / 2
            };
            let score = u8::try_from(score).expect("at most 64");
            WthorGame::new(i as u16, 1, 2, score, score, &moves).expect("60 moves at most on 8x8")
        })
        .collect();
    let header = WthorHeader::new(WthorDate::new(2025, 1, 1).expect("a calendar date"), 2025);
    WthorFile::new(header, games).to_bytes().expect("a small file")
}

fn replay(c: &mut Criterion) {
    let bytes = random_file();
    let file = WthorFile::parse(&bytes).expect("the writer's own file");
    let mut group = c.benchmark_group("wthor");
    group.throughput(Throughput::Elements(GAMES as u64));
    group.bench_function("read+replay", |b| {
        b.iter(|| {
            let file = WthorFile::parse(black_box(&bytes)).expect("valid");
            let mut summary = WthorSummary::default();
            for game in file.games() {
                summary.add(&game.replay());
            }
            assert_eq!(summary.scores_match, GAMES);
            summary
        });
    });
    group.bench_function("replay", |b| {
        b.iter(|| file.games().iter().map(|g| g.replay().map(|r| r.moves().len()).unwrap_or(0)).sum::<usize>());
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    targets = replay
}
criterion_main!(benches);
