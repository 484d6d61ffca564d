//! serde for [`Game`] (feature `serde`): a game in progress saved as what made it, the rules,
//! the seed, the blocked cells and the moves, and resumed by replaying them. Nothing is taken
//! on trust: the cells must be the seed's (or allowed by the rules, without a seed) and every
//! move must be legal, as for a game played through [`Game::play`].

use reversi_core::Bitboard;
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

use crate::{Game, Move, Rules};

/// The serialized form of a [`Game`].
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameForm {
    rules: Rules,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    blocked: Bitboard,
    moves: Vec<Move>,
}

impl Serialize for Game {
    /// `{"rules": {…}, "seed": 42, "blocked": ["h2", …], "moves": ["f5", "pass", …]}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameForm { rules: self.rules().clone(), seed: self.seed(), blocked: self.blocked(), moves: self.moves() }
            .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Sets the table up and replays the moves; a layout the seed or the rules do not give, or
    /// an illegal move, is an error naming it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let GameForm { rules, seed, blocked, moves } = GameForm::deserialize(deserializer)?;
        let table = match seed {
            Some(seed) => Game::with_seed_and_blocked(rules, seed, blocked),
            None => Game::with_blocked(rules, blocked),
        };
        let mut game = table.map_err(|e| de::Error::custom(format_args!("invalid table: {e}")))?;
        for (i, mv) in moves.into_iter().enumerate() {
            game.play(mv).map_err(|e| de::Error::custom(format_args!("move {} ({mv}) is illegal: {e}", i + 1)))?;
        }
        Ok(game)
    }
}
