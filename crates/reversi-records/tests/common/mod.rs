//! Helpers shared by the integration tests: seeded random games under random rules.

#![allow(dead_code)]

use reversi_core::Color;
use reversi_variants::{Blocked, Board, Game, Handicap, Opening, Rules, Scoring};

/// A small deterministic generator (xorshift64*), so that tests need no extra dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
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
}

/// Random rules on a board GGS has (4 to 14 square, or the Octagon), every option drawn.
pub fn random_ggs_rules(rng: &mut Rng) -> Rules {
    let board = match rng.below(7) {
        6 => Board::Octagon,
        i => Board::Rectangle { width: 4 + 2 * i as u8, height: 4 + 2 * i as u8 },
    };
    random_rules_on(rng, board)
}

/// Random rules on any board, rectangles and 16×16 included.
pub fn random_any_rules(rng: &mut Rng) -> Rules {
    let board = match rng.below(9) {
        0 => Board::Octagon,
        _ => Board::Rectangle { width: 4 + 2 * rng.below(7) as u8, height: 4 + 2 * rng.below(7) as u8 },
    };
    random_rules_on(rng, board)
}

fn random_rules_on(rng: &mut Rng, board: Board) -> Rules {
    let color = if rng.below(2) == 0 { Color::Black } else { Color::White };
    let handicap = match (board, rng.below(4)) {
        (Board::Octagon, _) | (_, 0 | 1) => Handicap::None,
        (_, 2) => Handicap::Count { color, count: 1 + rng.below(4) as u8 },
        _ => Handicap::Corners { color, corners: ["a1".parse().unwrap()].into_iter().collect() },
    };
    let opening = if rng.below(3) == 0 { Opening::Free } else { Opening::Standard };
    let scoring = if rng.below(2) == 0 { Scoring::Wof } else { Scoring::Discs };
    let builder = Rules::builder().board(board).handicap(handicap).opening(opening).scoring(scoring);
    let blocked = match rng.below(5) {
        0 | 1 => Blocked::None,
        2 => Blocked::Random,
        3 => Blocked::Count(1 + rng.below(4) as u8),
        _ => {
            // A fixed layout: one or two eligible cells, picked at random.
            let eligible: Vec<_> = builder.clone().build().expect("valid").eligible_cells().iter().collect();
            let mut cells = reversi_core::Bitboard::EMPTY;
            for _ in 0..eligible.len().min(1 + rng.below(2)) {
                cells.insert(eligible[rng.below(eligible.len())]);
            }
            if cells.is_empty() { Blocked::None } else { Blocked::Fixed(cells) }
        }
    };
    // 4×4 has no eligible cell: fall back to no blocked cell there.
    builder.clone().blocked(blocked).build().unwrap_or_else(|_| builder.build().expect("valid without blocked cells"))
}

/// Plays random legal moves from a fresh table until the game is over, or `max_moves`.
pub fn random_game(rules: Rules, seed: u64, rng: &mut Rng, max_moves: usize) -> Game {
    let mut game = Game::new(rules, seed).expect("valid rules make a table");
    while !game.is_over() && game.history().len() < max_moves {
        let moves = game.legal_move_list();
        let mv = moves[rng.below(moves.len())];
        game.play(mv).expect("a legal move");
    }
    game
}

/// Plays random legal moves until the game is over.
pub fn random_finished_game(rules: Rules, seed: u64, rng: &mut Rng) -> Game {
    random_game(rules, seed, rng, usize::MAX)
}
