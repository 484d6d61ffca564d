//! serde for [`Game`] (feature `serde`): a game in progress saved as what made it, the rules,
//! the seed, the blocked cells, the start position when it was set up, and the moves, and
//! resumed by replaying them. Nothing is taken
//! on trust: the cells must be the seed's (or allowed by the rules, without a seed) and every
//! move must be legal, as for a game played through [`Game::play`].

use reversi_core::{Bitboard, Position};
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

use crate::{Game, Move, Rules};

/// The serialized form of a [`Game`].
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, expecting = "a game: an object of rules, seed, blocked, start and moves")]
struct GameForm {
    rules: Rules,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    blocked: Bitboard,
    /// A set-up start (see [`Game::from_position`]); absent for the rules' start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<Position>,
    moves: Vec<Move>,
}

impl Serialize for Game {
    /// `{"rules": {…}, "seed": 42, "blocked": ["h2", …], "moves": ["f5", "pass", …]}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameForm {
            rules: self.rules().clone(),
            seed: self.seed(),
            blocked: self.blocked(),
            start: self.is_set_up().then(|| *self.start_position()),
            moves: self.moves(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Sets the table up and replays the moves; a layout the seed or the rules do not give, or
    /// an illegal move, is an error naming it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let GameForm { rules, seed, blocked, start, moves } = GameForm::deserialize(deserializer)?;
        let table = match (seed, start) {
            (Some(seed), None) => Game::with_seed_and_blocked(rules, seed, blocked),
            (None, None) => Game::with_blocked(rules, blocked),
            (seed, Some(start)) => {
                let game = Game::from_position(rules, seed, start)
                    .map_err(|e| de::Error::custom(format_args!("invalid start position: {e}")))?;
                if game.blocked() != blocked {
                    let found = game.blocked();
                    return Err(de::Error::custom(format_args!(
                        "invalid table: blocked cells {blocked:?}, but the start position blocks {found:?}"
                    )));
                }
                Ok(game)
            }
        };
        let mut game = table.map_err(|e| de::Error::custom(format_args!("invalid table: {e}")))?;
        for (i, mv) in moves.into_iter().enumerate() {
            game.play(mv).map_err(|e| de::Error::custom(format_args!("move {} ({mv}) is illegal: {e}", i + 1)))?;
        }
        Ok(game)
    }
}
