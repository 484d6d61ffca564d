//! The players that examples take by name: `random`, `mobility` and `engine:N` (the engine
//! at level N, 1 to 10), parsed into a boxed [`Player`].
//!
//! ```text
//! match engine:5 mobility --games 20
//! ```

use std::fmt;
use std::str::FromStr;

use reversi_engine::clock::{Clock, TimeControl};
use reversi_engine::player::{EnginePlayer, Level, LevelError};
use reversi_variants::players::{MobilityPlayer, Player, RandomPlayer};

/// A player named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Uniformly random moves.
    Random,
    /// The most-mobility player.
    Mobility,
    /// The engine at a level.
    Engine(Level),
}

/// A name that is not a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpecError {
    /// Not one of the names.
    Unknown(String),
    /// `engine:` with a bad level: the whole name as given.
    Level(String),
}

impl fmt::Display for PlayerSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpecError::Unknown(text) => {
                write!(f, "unknown player {text:?}: expected random, mobility or engine:N (N from 1 to 10)")
            }
            // The level's own error is not kept as a source: clap prints only this message, so
            // it says what a level must be itself.
            PlayerSpecError::Level(text) => {
                write!(f, "invalid engine player {text:?}: expected engine:N with N from 1 to 10")
            }
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    /// Parses `random`, `mobility` or `engine:N`, in any case.
    fn from_str(s: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "random" => Ok(PlayerSpec::Random),
            "mobility" => Ok(PlayerSpec::Mobility),
            _ => match lower.strip_prefix("engine:") {
                Some(level) => {
                    level.parse().map(PlayerSpec::Engine).map_err(|_: LevelError| PlayerSpecError::Level(s.to_owned()))
                }
                None => Err(PlayerSpecError::Unknown(s.to_owned())),
            },
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The name it parses from: `random`, `mobility`, `engine:5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Mobility => f.write_str("mobility"),
            PlayerSpec::Engine(level) => write!(f, "engine:{level}"),
        }
    }
}

impl PlayerSpec {
    /// A fresh player; `seed` drives the random player's choices.
    #[must_use]
    pub fn build(self, seed: u64) -> Box<dyn Player + Send> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Mobility => Box::new(MobilityPlayer::new()),
            PlayerSpec::Engine(level) => Box::new(EnginePlayer::new(level)),
        }
    }

    /// [`build`](PlayerSpec::build), the engine on a clock of `control` if there is one: it
    /// spends each move's share of its time instead of its level's depth and nodes. The
    /// random and mobility players take no time to speak of and have no clock.
    #[must_use]
    pub fn build_on(self, seed: u64, control: Option<TimeControl>) -> Box<dyn Player + Send> {
        match (self, control) {
            (PlayerSpec::Engine(level), Some(control)) => {
                Box::new(EnginePlayer::new(level).with_clock(Clock::new(control)))
            }
            _ => self.build(seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_say_why() {
        for name in ["random", "mobility", "engine:1", "engine:10"] {
            assert_eq!(name.parse::<PlayerSpec>().unwrap().to_string(), name);
        }
        assert_eq!("Engine:5".parse::<PlayerSpec>().unwrap().to_string(), "engine:5");
        for bad in ["", "engine", "engine:0", "engine:11", "engine:x", "minimax"] {
            let err = bad.parse::<PlayerSpec>().unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        // clap prints only the message: it names the bad player and the levels there are.
        let err = "engine:11".parse::<PlayerSpec>().unwrap_err();
        assert!(err.to_string().contains("\"engine:11\"") && err.to_string().contains("1 to 10"), "{err}");
    }
}
