//! The serde mirror of a record, and the checks that turn it into a [`GameRecord`].

use reversi_core::{Bitboard, Color, Position};
use reversi_variants::{Blocked, Game, Move, Rules, RulesError};
use serde::{Deserialize, Deserializer};

use super::ending::Ending;
use super::handicap::HandicapDiscs;
use super::{FORMAT_VERSION, GameRecord, Metadata, RecordError, RecordResult};

/// A record as stored, before any check: what every serde format reads and writes. Turn it
/// into a [`GameRecord`] with `GameRecord::try_from`, which replays it.
///
/// The version is written first and checked as soon as it is read, so that a record of
/// another version is reported as such rather than by its first unfamiliar field (in formats
/// that keep the order of fields, as JSON text does).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a game record: an object of version, rules, seed, blocked, moves, result and more"
)]
pub struct RecordData {
    /// The format version, [`FORMAT_VERSION`].
    #[serde(deserialize_with = "known_version")]
    pub version: u32,
    /// The rules.
    pub rules: Rules,
    /// The table's seed, when the layout came from one.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The blocked cells, written out even when a seed gives them.
    pub blocked: Bitboard,
    /// The position the game started from when it was set up
    /// ([`Game::from_position`]); absent (and so in older records) for the rules' start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Position>,
    /// The handicap discs, written out even though the rules give them.
    #[serde(default)]
    pub handicap: Option<HandicapDiscs>,
    /// Every move, passes included.
    pub moves: Vec<Move>,
    /// The result.
    pub result: ResultData,
    /// Players, date, event and tags.
    #[serde(default)]
    pub metadata: Metadata,
}

/// The result as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, expecting = "a result: an object of black, white, winner and ending")]
pub struct ResultData {
    /// Black's score.
    pub black: u32,
    /// White's score.
    pub white: u32,
    /// The winner, `null` for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub ending: Ending,
}

/// Refuses an unknown version while reading, before the rest of the record, so that a newer
/// record is reported as such rather than by its first unfamiliar field.
fn known_version<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let found = u32::deserialize(deserializer)?;
    if found == FORMAT_VERSION {
        Ok(found)
    } else {
        Err(serde::de::Error::custom(RecordError::UnknownVersion { found }))
    }
}

impl From<RecordResult> for ResultData {
    fn from(r: RecordResult) -> ResultData {
        ResultData { black: r.black(), white: r.white(), winner: r.winner(), ending: r.ending() }
    }
}

/// The table of a record. Rules that draw the blocked cells at random need the seed they
/// were drawn from, which must give `blocked` (RULES §3: a record stores the seed and the
/// cells); other rules take no seed, as [`GameRecord::from_game`] writes none for them.
///
/// With a `start` position the table starts from it ([`Game::from_position`]); its blocked
/// cells must be `blocked`, and random rules without a seed take the cells it marks.
pub(crate) fn table(
    rules: &Rules,
    seed: Option<u64>,
    blocked: Bitboard,
    start: Option<&Position>,
) -> Result<Game, RecordError> {
    let layout = |source| RecordError::Layout { source };
    let random = matches!(rules.blocked(), Blocked::Random | Blocked::Count(_));
    if let Some(start) = start {
        // Without a seed, the start position's unplayable cells are the layout (as for
        // `Game::from_position`), checked against the rules there: a game set up that way
        // can be saved, and nothing is taken on trust.
        if let (Some(seed), false) = (seed, random) {
            return Err(RecordError::UnusedSeed { seed });
        }
        let game = Game::from_position(rules.clone(), seed, *start).map_err(|source| RecordError::Start { source })?;
        if game.blocked() != blocked {
            let reason = "not the blocked cells of the start position";
            return Err(layout(RulesError::LayoutNotAllowed { cells: blocked, reason }));
        }
        return Ok(game);
    }
    match (seed, random) {
        (Some(seed), true) => Game::with_seed_and_blocked(rules.clone(), seed, blocked).map_err(layout),
        (None, true) => Err(layout(RulesError::SeedRequired)),
        (Some(seed), false) => Err(RecordError::UnusedSeed { seed }),
        (None, false) => Game::with_blocked(rules.clone(), blocked).map_err(layout),
    }
}

impl TryFrom<RecordData> for GameRecord {
    type Error = RecordError;

    /// Checks the record by replaying it: the version, the layout against the seed and the
    /// rules, the start position (if set up) against both, the handicap discs, every move, and the result: a game played out must be over
    /// with the rules' count; one that stopped early (resigned, on time, agreed, unfinished)
    /// must not be over, and an unfinished one must score the discs on the board.
    fn try_from(data: RecordData) -> Result<GameRecord, RecordError> {
        if data.version != FORMAT_VERSION {
            return Err(RecordError::UnknownVersion { found: data.version });
        }
        let mut game = table(&data.rules, data.seed, data.blocked, data.start.as_ref())?;
        let expected = HandicapDiscs::of(&data.rules);
        if data.handicap != expected {
            return Err(RecordError::Handicap { expected, found: data.handicap });
        }
        let r = data.result;
        let result = RecordResult::checked(r.black, r.white, r.winner, r.ending)?;
        let cells = game.position().geometry().playable().len();
        if u64::from(r.black) + u64::from(r.white) > u64::from(cells) {
            return Err(RecordError::ScoresTooHigh { black: r.black, white: r.white, cells });
        }
        for (i, &mv) in data.moves.iter().enumerate() {
            game.play(mv).map_err(|source| RecordError::IllegalMove { move_number: i + 1, played: mv, source })?;
        }
        let moves = data.moves.len();
        match (result.ending(), game.result()) {
            (Ending::PlayedOut, None) => return Err(RecordError::NotOver { moves }),
            (Ending::PlayedOut, Some(replayed)) => {
                let replayed = RecordResult::played_out(replayed);
                if replayed != result {
                    return Err(RecordError::ResultMismatch {
                        expected: describe(&replayed),
                        found: describe(&result),
                    });
                }
            }
            (ending, Some(_)) => return Err(RecordError::AlreadyOver { moves, ending }),
            (Ending::Unfinished, None) => {
                let on_board = RecordResult::unfinished(game.position());
                if on_board != result {
                    return Err(RecordError::ResultMismatch {
                        expected: describe(&on_board),
                        found: describe(&result),
                    });
                }
            }
            (_, None) => {}
        }
        Ok(GameRecord {
            rules: data.rules,
            seed: data.seed,
            blocked: data.blocked,
            start: data.start,
            moves: data.moves,
            result,
            metadata: data.metadata,
        })
    }
}

fn describe(result: &RecordResult) -> String {
    match result.winner() {
        Some(color) => format!("{result}, {color} wins"),
        None if result.ending() == Ending::Unfinished => format!("{result} on the board, unfinished"),
        None => format!("{result}, a draw"),
    }
}

impl From<GameRecord> for RecordData {
    fn from(record: GameRecord) -> RecordData {
        RecordData {
            version: FORMAT_VERSION,
            handicap: HandicapDiscs::of(&record.rules),
            rules: record.rules,
            seed: record.seed,
            blocked: record.blocked,
            start: record.start,
            moves: record.moves,
            result: record.result.into(),
            metadata: record.metadata,
        }
    }
}
