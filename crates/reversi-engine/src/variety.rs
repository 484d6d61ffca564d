//! Seeded variety: a bot that now and then plays a move close to the best instead of the best,
//! so that a human who repeats their moves does not get the same game every time, while the
//! same seed still gives the same game.
//!
//! A [`Variety`] says how close (a margin in discs) and how often (a probability per move).
//! On each move, the player first searches as it always does; then it draws from its seeded
//! generator whether to deviate. Only if it does are the other moves valued
//! ([`rank_moves`](crate::ranking::rank_moves)), and one of the moves within the margin of the
//! best is drawn, each as likely. A move that does not deviate costs exactly what it costs
//! without variety.
//!
//! ```
//! use reversi_engine::player::{EnginePlayer, Level};
//! use reversi_engine::variety::Variety;
//! use reversi_variants::players::Player;
//! use reversi_variants::{Game, Rules};
//!
//! // Within 2 discs of the best, on half of the moves, from seed 7.
//! let variety = Variety::new(2.0, 0.5)?;
//! let mut a = EnginePlayer::new(Level::new(1)?).with_variety(variety, 7);
//! let mut b = EnginePlayer::new(Level::new(1)?).with_variety(variety, 7);
//! let game = Game::new(Rules::default(), 1)?;
//! assert_eq!(a.choose(&game), b.choose(&game));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The widest margin [`Variety::new`] takes, in discs: the whole of a 16×16 board.
pub const MAX_MARGIN_DISCS: f64 = 256.0;

/// How close to the best a deviation stays, and how often it happens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Variety {
    margin_centidiscs: i32,
    probability: f64,
}

/// A margin or a probability [`Variety::new`] does not take.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum VarietyError {
    /// The margin is not a number of discs from 0 to [`MAX_MARGIN_DISCS`].
    #[error("invalid variety margin {0}: expected a number of discs from 0 to 256")]
    Margin(f64),
    /// The probability is not from 0 to 1.
    #[error("invalid variety probability {0}: expected a number from 0 to 1")]
    Probability(f64),
}

impl Variety {
    /// Deviates on a share `probability` of the moves (0 never, 1 always) to a move whose
    /// value is at most `margin_discs` below the best's (0 keeps to the moves as good as the
    /// best).
    ///
    /// # Errors
    /// [`VarietyError`] for a margin outside 0 to [`MAX_MARGIN_DISCS`] or a probability
    /// outside 0 to 1 (NaN included).
    pub fn new(margin_discs: f64, probability: f64) -> Result<Variety, VarietyError> {
        if !(0.0..=MAX_MARGIN_DISCS).contains(&margin_discs) {
            return Err(VarietyError::Margin(margin_discs));
        }
        if !(0.0..=1.0).contains(&probability) {
            return Err(VarietyError::Probability(probability));
        }
        Ok(Variety { margin_centidiscs: (margin_discs * 100.0).round() as i32, probability })
    }

    /// The margin, in hundredths of a disc.
    #[must_use]
    pub const fn margin_centidiscs(&self) -> i32 {
        self.margin_centidiscs
    }

    /// The share of moves that deviate.
    #[must_use]
    pub const fn probability(&self) -> f64 {
        self.probability
    }
}

/// A [`Variety`] with its seeded generator: the decisions of one player.
#[derive(Clone, Debug)]
pub(crate) struct Deviation {
    variety: Variety,
    rng: ChaCha8Rng,
}

impl Deviation {
    pub(crate) fn new(variety: Variety, seed: u64) -> Deviation {
        Deviation { variety, rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    pub(crate) const fn variety(&self) -> Variety {
        self.variety
    }

    /// Whether this move deviates: one draw per move, whatever the position, so that the
    /// generator's state depends only on the number of moves chosen.
    pub(crate) fn draw(&mut self) -> bool {
        // 53 random bits, uniform in [0, 1).
        let unit = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        unit < self.variety.probability
    }

    /// One of `count` candidates, each as likely.
    pub(crate) fn pick(&mut self, count: usize) -> usize {
        // The bias of a 64-bit draw reduced modulo a move count is below 2^-55.
        (self.rng.next_u64() % count.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_parts_are_refused() {
        assert_eq!(Variety::new(-1.0, 0.5), Err(VarietyError::Margin(-1.0)));
        assert!(matches!(Variety::new(f64::NAN, 0.5), Err(VarietyError::Margin(_))));
        assert!(matches!(Variety::new(1e300, 0.5), Err(VarietyError::Margin(_))));
        assert_eq!(Variety::new(1.0, 1.5), Err(VarietyError::Probability(1.5)));
        assert!(matches!(Variety::new(1.0, f64::NAN), Err(VarietyError::Probability(_))));
        let v = Variety::new(1.5, 0.25).unwrap();
        assert_eq!((v.margin_centidiscs(), v.probability()), (150, 0.25));
    }

    #[test]
    fn the_share_of_deviations_follows_the_probability() {
        let mut d = Deviation::new(Variety::new(1.0, 0.3).unwrap(), 1);
        let hits = (0..10_000).filter(|_| d.draw()).count();
        assert!((2_700..3_300).contains(&hits), "{hits}");
        let mut never = Deviation::new(Variety::new(1.0, 0.0).unwrap(), 1);
        assert!((0..1000).all(|_| !never.draw()));
        let mut always = Deviation::new(Variety::new(1.0, 1.0).unwrap(), 1);
        assert!((0..1000).all(|_| always.draw()));
    }
}
