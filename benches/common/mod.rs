//! What the benches share: the boards they run on and fixed sets of positions from seeded
//! random playouts, so that figures stay comparable from one run (and one version) to the next.

use std::time::Duration;

use criterion::Criterion;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use reversi_core::{Bitboard, Geometry, Position, Square};

/// Short runs: enough to compare kernels, not so long that `cargo bench` takes an age.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

/// The boards the benches cover, with a short name for the report.
pub fn boards() -> Vec<(&'static str, Geometry)> {
    let blocked: Bitboard = ["c3", "h3", "b7"].iter().map(|s| s.parse::<Square>().expect("square name")).collect();
    vec![
        ("8x8", Geometry::STANDARD),
        ("10x10", Geometry::rectangle(10, 10).expect("valid size")),
        ("octagon-blocked", Geometry::octagon().with_unplayable(blocked).expect("cells on the board")),
        ("16x16", Geometry::rectangle(16, 16).expect("valid size")),
    ]
}

/// `count` positions, each reached from the start of `geometry` by a random number of random
/// legal moves (passing when forced), drawn from `ChaCha8Rng` keyed with `seed`. Every
/// position has a legal move for the side to move, so that flips can be measured on it.
#[allow(dead_code, reason = "the perft bench starts from the start positions only")]
pub fn playouts(geometry: Geometry, seed: u64, count: usize) -> Vec<Position> {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(key);
    let start = Position::start(geometry).expect("the centre is playable");
    let empties = u64::from(start.empty_cells().len());
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut pos = start;
        let plies = rng.next_u64() % empties;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                if pos.pass().is_err() {
                    break;
                }
                continue;
            }
            let pick = (rng.next_u64() % u64::from(moves.len())) as usize;
            let sq = moves.iter().nth(pick).expect("pick is below the move count");
            pos.play(sq).expect("a legal move");
        }
        if pos.has_legal_moves() {
            positions.push(pos);
        }
    }
    positions
}
