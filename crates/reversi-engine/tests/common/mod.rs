//! Random boards and positions for the engine's tests: every kind of geometry the core
//! supports, from a seed.

#![allow(dead_code)]

use reversi_core::{Bitboard, Color, Geometry, Position, Square};

/// A small deterministic generator (xorshift64*), so that a proptest seed fixes everything.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick(&mut self, set: Bitboard) -> Option<Square> {
        let n = set.len() as usize;
        (n > 0).then(|| set.iter().nth(self.below(n)).expect("n squares"))
    }
}

/// A random board: a rectangle with sides from 4 to `max_side`, or the Octagon, with up to
/// six blocked cells outside the central 4×4 (as the rules place them).
pub fn geometry(rng: &mut Rng, max_side: usize) -> Geometry {
    let base = if rng.below(5) == 0 {
        Geometry::octagon()
    } else {
        let side =
            |rng: &mut Rng| u8::try_from(4 + 2 * rng.below((max_side - 4) / 2 + 1)).expect("a side of at most 16");
        Geometry::rectangle(side(rng), side(rng)).expect("even sides from 4")
    };
    let mut blocked = Bitboard::EMPTY;
    let eligible = base.playable() - base.central_zone(2);
    for _ in 0..rng.below(7) {
        if let Some(sq) = rng.pick(eligible - blocked) {
            blocked.insert(sq);
        }
    }
    base.with_unplayable(blocked).expect("cells of the board")
}

/// The start of `geometry`, with random handicap-like discs on some playable corners.
pub fn start(rng: &mut Rng, geometry: Geometry) -> Position {
    let pos = Position::start(geometry).expect("the centre is never blocked");
    let mut black = pos.discs(Color::Black);
    let mut white = pos.discs(Color::White);
    for corner in geometry.corners() {
        if geometry.is_playable(corner) && rng.below(4) == 0 {
            if rng.below(2) == 0 {
                black.insert(corner);
            } else {
                white.insert(corner);
            }
        }
    }
    Position::from_parts(geometry, black, white, Color::Black).expect("corners are empty playable cells")
}

/// Plays a random legal move, or passes; `false` once the game is over.
pub fn random_step(rng: &mut Rng, pos: &mut Position) -> bool {
    if pos.is_game_over() {
        return false;
    }
    match rng.pick(pos.legal_moves()) {
        Some(sq) => {
            pos.play(sq).expect("a legal move");
        }
        None => pos.pass().expect("the opponent has a move"),
    }
    true
}

/// A random position of a random game on a random board, `plies` random moves in (fewer if the
/// game ends first).
pub fn random_position(rng: &mut Rng, max_side: usize, plies: usize) -> Position {
    let g = geometry(rng, max_side);
    let mut pos = start(rng, g);
    for _ in 0..plies {
        if !random_step(rng, &mut pos) {
            break;
        }
    }
    pos
}

/// A random position with at most `empties` empty cells that is not over, or `None` if the
/// game ended before.
pub fn late_position(rng: &mut Rng, max_side: usize, empties: u32) -> Option<Position> {
    let g = geometry(rng, max_side);
    let mut pos = start(rng, g);
    while pos.empty_cells().len() > empties {
        if !random_step(rng, &mut pos) {
            return None;
        }
    }
    (!pos.is_game_over()).then_some(pos)
}
