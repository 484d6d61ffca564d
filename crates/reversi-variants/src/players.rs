//! Two simple built-in players for demos and tests: one random, one that maximises mobility.
//! Both are deterministic given their seed, so that a seeded demo replays the same game.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;
use reversi_core::Color;

use crate::{Game, Move};

/// Something that picks moves.
pub trait Player {
    /// A short name for printing.
    fn name(&self) -> &str;

    /// A legal move for the side to move of `game`, or `None` if the game is over.
    fn choose(&mut self, game: &Game) -> Option<Move>;
}

/// Plays a uniformly random legal move, drawn from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: crate::layout::generator(seed) }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_move_list();
        if moves.is_empty() {
            return None;
        }
        // The bias of `%` over 64 bits is negligible for a demo player.
        let k = (self.rng.next_u64() % moves.len() as u64) as usize;
        Some(moves[k])
    }
}

/// Plays the move after which its own mobility (number of legal moves) exceeds the opponent's
/// by the most; ties go to the first such cell in row-major order.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobilityPlayer;

impl MobilityPlayer {
    /// The mobility player.
    #[must_use]
    pub fn new() -> MobilityPlayer {
        MobilityPlayer
    }
}

impl Player for MobilityPlayer {
    fn name(&self) -> &str {
        "mobility"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let me = game.side_to_move();
        let mut best: Option<(i64, Move)> = None;
        for mv in game.legal_move_list() {
            let after = game.position_after(mv).expect("a move from the legal list");
            let mobility = |color: Color| i64::from(after.with_side_to_move(color).legal_moves().len());
            let value = mobility(me) - mobility(!me);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}
