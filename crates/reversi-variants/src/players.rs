//! Two simple built-in players for demos and tests: one random, one that maximises mobility.
//! Both are deterministic given their seed (or generator), so that a seeded demo replays the
//! same game.

use core::convert::Infallible;

use rand::distr::{Distribution, Uniform};
use rand::{Rng, TryRng};
use rand_chacha::ChaCha8Rng;
use reversi_core::Color;

use crate::{Game, Move};

/// Something that picks moves.
pub trait Player {
    /// A short name for printing.
    fn name(&self) -> &str;

    /// A legal move for the side to move of `game`, or `None` if the game is over.
    fn choose(&mut self, game: &Game) -> Option<Move>;
}

/// Plays a uniformly random legal move, drawn from the generator it is given: any
/// [`rand::Rng`], or with [`new`](RandomPlayer::new) one seeded by a number.
///
/// ```
/// use reversi_variants::players::{Player, RandomPlayer};
/// use reversi_variants::{Game, Rules};
///
/// let game = Game::new(Rules::default(), 1)?;
/// // The same seed, the same choice.
/// let first = RandomPlayer::new(7).choose(&game);
/// assert_eq!(RandomPlayer::new(7).choose(&game), first);
/// assert!(game.is_legal(first.expect("a move at the start")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct RandomPlayer<R = SeededRng> {
    rng: R,
}

impl RandomPlayer {
    /// A random player whose choices follow from `seed`, the same on every machine.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: SeededRng(crate::layout::generator(seed)) }
    }
}

impl<R: Rng> RandomPlayer<R> {
    /// A random player drawing from `rng`.
    #[must_use]
    pub fn with_rng(rng: R) -> RandomPlayer<R> {
        RandomPlayer { rng }
    }

    /// The generator, to take it back or reseed it.
    #[must_use]
    pub fn into_rng(self) -> R {
        self.rng
    }
}

impl<R: Rng> Player for RandomPlayer<R> {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_move_list();
        // `Uniform::sample` rejects the draws that would favour low indices, unlike `%`.
        let k = Uniform::new(0, moves.len()).ok()?.sample(&mut self.rng);
        Some(moves[k])
    }
}

/// The generator of [`RandomPlayer::new`]: ChaCha8 keyed by a 64-bit seed, as the layout of
/// blocked cells is (see the [crate docs](crate#the-layout-of-blocked-cells)). Its type does
/// not name the crate it comes from, so that a new version of that crate changes nothing here.
#[derive(Clone, Debug)]
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    /// The generator keyed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> SeededRng {
        SeededRng(crate::layout::generator(seed))
    }
}

impl TryRng for SeededRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.0.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.0.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.fill_bytes(dst);
        Ok(())
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
