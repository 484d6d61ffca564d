//! The players that examples take by name: `random`, `mobility` and `engine:N` (the engine
//! at level N, 1 to 10, playing from the opening book where it has the position) or
//! `engine:N:nobook` (the same engine searching every move), parsed into a boxed [`Player`].
//!
//! ```text
//! match engine:5 mobility --games 20
//! match engine:10 engine:10:nobook --games 100
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
    /// The engine at a level, with or without its opening book.
    Engine(Level, Opening),
}

/// How an engine player plays the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// From the opening book where it has the position (the engine's default).
    Book,
    /// Searching every move.
    Search,
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
                write!(
                    f,
                    "unknown player {text:?}: expected random, mobility, engine:N or engine:N:nobook (N from 1 to 10)"
                )
            }
            // The level's own error is not kept as a source: clap prints only this message, so
            // it says what a level must be itself.
            PlayerSpecError::Level(text) => {
                write!(f, "invalid engine player {text:?}: expected engine:N or engine:N:nobook with N from 1 to 10")
            }
        }
    }
}

impl std::error::Error for PlayerSpecError {}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    /// Parses `random`, `mobility`, `engine:N` or `engine:N:nobook`, in any case.
    fn from_str(s: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "random" => Ok(PlayerSpec::Random),
            "mobility" => Ok(PlayerSpec::Mobility),
            _ => match lower.strip_prefix("engine:") {
                Some(rest) => {
                    let (level, opening) = match rest.strip_suffix(":nobook") {
                        Some(level) => (level, Opening::Search),
                        None => (rest, Opening::Book),
                    };
                    level
                        .parse()
                        .map(|level| PlayerSpec::Engine(level, opening))
                        .map_err(|_: LevelError| PlayerSpecError::Level(s.to_owned()))
                }
                None => Err(PlayerSpecError::Unknown(s.to_owned())),
            },
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The name it parses from: `random`, `mobility`, `engine:5`, `engine:5:nobook`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Mobility => f.write_str("mobility"),
            PlayerSpec::Engine(level, Opening::Book) => write!(f, "engine:{level}"),
            PlayerSpec::Engine(level, Opening::Search) => write!(f, "engine:{level}:nobook"),
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
            PlayerSpec::Engine(level, opening) => Box::new(engine(level, opening)),
        }
    }

    /// [`build`](PlayerSpec::build), the engine on a clock of `control` if there is one: it
    /// spends each move's share of its time instead of its level's depth and nodes. The
    /// random and mobility players take no time to speak of and have no clock.
    #[must_use]
    pub fn build_on(self, seed: u64, control: Option<TimeControl>) -> Box<dyn Player + Send> {
        match (self, control) {
            (PlayerSpec::Engine(level, opening), Some(control)) => {
                Box::new(engine(level, opening).with_clock(Clock::new(control)))
            }
            _ => self.build(seed),
        }
    }
}

/// The engine player at `level` that plays the opening as `opening` says.
fn engine(level: Level, opening: Opening) -> EnginePlayer {
    match opening {
        Opening::Book => EnginePlayer::new(level),
        Opening::Search => EnginePlayer::new(level).without_book(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_say_why() {
        for name in ["random", "mobility", "engine:1", "engine:10", "engine:7:nobook"] {
            assert_eq!(name.parse::<PlayerSpec>().unwrap().to_string(), name);
        }
        assert_eq!("Engine:5".parse::<PlayerSpec>().unwrap().to_string(), "engine:5");
        for bad in ["", "engine", "engine:0", "engine:11", "engine:x", "minimax", "engine:5:book", "engine::nobook"] {
            let err = bad.parse::<PlayerSpec>().unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        // clap prints only the message: it names the bad player and the levels there are.
        let err = "engine:11".parse::<PlayerSpec>().unwrap_err();
        assert!(err.to_string().contains("\"engine:11\"") && err.to_string().contains("1 to 10"), "{err}");
    }
}
