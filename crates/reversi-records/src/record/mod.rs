//! [`GameRecord`]: a whole game, rules to result, checked by replaying it.

mod data;
mod ending;
mod error;
mod handicap;
mod json;
mod result;

use std::collections::BTreeMap;

use reversi_core::{Bitboard, Position};
use reversi_variants::{Blocked, Game, Move, Rules};

pub(crate) use data::table;

pub use data::{RecordData, ResultData};
pub use ending::Ending;
pub use error::RecordError;
pub use handicap::HandicapDiscs;
pub use result::RecordResult;

/// The format version this library writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// A finished (or stopped) game: the rules, the table's layout, every move and the result,
/// with optional metadata. A `GameRecord` is always valid: building one, in code or from any
/// serde format, replays the moves and checks the layout and the result.
///
/// The serde form (JSON shown) writes everything out, passes included:
///
/// ```json
/// {"version": 1,
///  "rules": {"board": {"rectangle": {"width": 8, "height": 8}}, "blocked": "random", …},
///  "seed": 42, "blocked": ["b7"], "handicap": null,
///  "moves": ["f5", "d6", …, "pass", …],
///  "result": {"black": 40, "white": 24, "winner": "black", "ending": "played_out"},
///  "metadata": {"black": "Ann", "white": "Bob", "date": "2025-01-02", "event": null, "tags": {}}}
/// ```
///
/// A game set up from a position ([`Game::from_position`]) also has `"start"`, the position
/// in the text form of [`Position`] (`"--------/…/-------- X"`, side to move last); a record
/// without it starts from the rules' start, as records written before it did.
///
/// The `ending` is `played_out`, `resigned`, `time`, `agreed` or `unfinished` (see [`Ending`]);
/// an unfinished game's scores are the discs on the board and its winner is `null`.
///
/// The seed is the one the blocked cells were drawn from: present exactly when the rules draw
/// them at random (`blocked` random or a count), so that the cells can be checked against it.
/// A random layout without its seed (unless a set-up `start` marks its cells, as
/// [`Game::from_position`] allows), and a seed on rules that draw nothing at random, are
/// both refused (the latter would not survive [`from_game`](GameRecord::from_game), which
/// writes none).
///
/// Loading it is an error, never a silent fix, when the version is unknown, the layout does
/// not match the seed or the rules, the handicap discs are not the rules', a move is illegal
/// (naming the move), or the result is not the replay's. Those errors are [`RecordError`]s;
/// deserialize a [`RecordData`] and convert it with `GameRecord::try_from` to get them typed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RecordData", into = "RecordData")]
pub struct GameRecord {
    rules: Rules,
    seed: Option<u64>,
    blocked: Bitboard,
    start: Option<Position>,
    moves: Vec<Move>,
    result: RecordResult,
    metadata: Metadata,
}

/// Who played, when and where: all optional, and never checked against the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, expecting = "metadata: an object of black, white, date, event and tags")]
pub struct Metadata {
    /// Black's name.
    pub black: Option<String>,
    /// White's name.
    pub white: Option<String>,
    /// The date, as written (for example `2025-01-02`).
    pub date: Option<String>,
    /// The event or tournament.
    pub event: Option<String>,
    /// Free tags.
    pub tags: BTreeMap<String, String>,
}

impl Metadata {
    /// Whether no field is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Metadata::default()
    }
}

impl GameRecord {
    /// The record of a game that is over: played out, its result the rules' count.
    ///
    /// # Errors
    /// [`RecordError::NotOver`] if the game is not over.
    pub fn from_game(game: &Game) -> Result<GameRecord, RecordError> {
        let result = game.result().ok_or(RecordError::NotOver { moves: game.history().len() })?;
        GameRecord::with_result(game, RecordResult::played_out(result))
    }

    /// The record of `game` as it stands, in one call: played out when the game is over,
    /// else [unfinished](RecordResult::unfinished) (the discs on the board, no winner). For
    /// saving a game in progress, which [`from_game`](GameRecord::from_game) refuses.
    ///
    /// ```
    /// use reversi_records::{Ending, GameRecord};
    /// use reversi_variants::{Game, Rules};
    ///
    /// let mut game = Game::new(Rules::default(), 1)?;
    /// game.play("f5".parse()?)?;
    /// let record = GameRecord::in_progress(&game)?;
    /// assert_eq!(record.result().ending(), Ending::Unfinished);
    /// assert_eq!(record.result().winner(), None);
    /// assert_eq!(record.replay().position(), game.position());
    /// // The same game through `from_game` is refused: it is not over.
    /// assert!(GameRecord::from_game(&game).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`RecordError`] if the game does not hold together as a record (see [`GameRecord`]);
    /// a game built and played through [`Game`]'s API always does.
    pub fn in_progress(game: &Game) -> Result<GameRecord, RecordError> {
        match game.result() {
            Some(result) => GameRecord::with_result(game, RecordResult::played_out(result)),
            None => GameRecord::with_result(game, RecordResult::unfinished(game.position())),
        }
    }

    /// The record of `game` with this result: for a game that stopped early (resigned, lost on
    /// time, agreed, or [unfinished](RecordResult::unfinished)), or one played out. The table's seed is kept when it drew the blocked
    /// cells (random rules), and left out otherwise.
    ///
    /// # Errors
    /// A [`RecordError`] if the result does not fit the game (see [`GameRecord`]).
    pub fn with_result(game: &Game, result: RecordResult) -> Result<GameRecord, RecordError> {
        let random = matches!(game.rules().blocked(), Blocked::Random | Blocked::Count(_));
        GameRecord::try_from(RecordData {
            version: FORMAT_VERSION,
            rules: game.rules().clone(),
            // A record's seed is its layout's: only random rules take one (see `table`),
            // while a table made by `Game::new` always has one.
            seed: game.seed().filter(|_| random),
            blocked: game.blocked(),
            // A random layout without its seed is known only from the start position that
            // marked it, so that one is written even when it is the rules' start.
            start: (game.is_set_up() || (random && game.seed().is_none())).then(|| *game.start_position()),
            handicap: HandicapDiscs::of(game.rules()),
            moves: game.moves(),
            result: result.into(),
            metadata: Metadata::default(),
        })
    }

    /// Replays a transcript (see [`transcript`](crate::transcript)) on `table`, a game
    /// not yet started, putting back the passes it leaves out, and records the game, which
    /// must be played out.
    ///
    /// # Errors
    /// [`RecordError::Transcript`] if the text is not a transcript,
    /// [`RecordError::IllegalMove`] for an illegal move, [`RecordError::NotOver`] if the game
    /// is not over after the last move.
    pub fn from_transcript(table: &Game, text: &str) -> Result<GameRecord, RecordError> {
        let mut game = table.clone();
        replay_transcript(&mut game, text)?;
        GameRecord::from_game(&game)
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The table's seed, when its layout came from one.
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The blocked cells.
    #[must_use]
    pub const fn blocked(&self) -> Bitboard {
        self.blocked
    }

    /// The position the game started from, when it was set up ([`Game::from_position`]);
    /// `None` for the rules' start.
    #[must_use]
    pub const fn start(&self) -> Option<&Position> {
        self.start.as_ref()
    }

    /// The handicap discs: their colour and cells, if the rules have any.
    #[must_use]
    pub fn handicap(&self) -> Option<HandicapDiscs> {
        HandicapDiscs::of(&self.rules)
    }

    /// Every move, passes included.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The result.
    #[must_use]
    pub const fn result(&self) -> &RecordResult {
        &self.result
    }

    /// The metadata.
    #[must_use]
    pub const fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// The same record with this metadata.
    #[must_use]
    pub fn with_metadata(self, metadata: Metadata) -> GameRecord {
        GameRecord { metadata, ..self }
    }

    /// The table before the first move.
    #[must_use]
    pub fn table(&self) -> Game {
        table(&self.rules, self.seed, self.blocked, self.start.as_ref()).expect("a GameRecord's layout was checked")
    }

    /// The standard name of the record's 8×8 opening, as [`Game::opening_name`] gives it.
    #[must_use]
    pub fn opening_name(&self) -> Option<&'static str> {
        reversi_variants::openings::recognise(self.table().start_position(), &self.moves).map(|o| o.name())
    }

    /// The game after every move.
    #[must_use]
    pub fn replay(&self) -> Game {
        let mut game = self.table();
        for &mv in &self.moves {
            game.play(mv).expect("a GameRecord's moves were checked");
        }
        game
    }
}

/// Plays the moves of a transcript on `game`, inserting each pass the rules force before a
/// disc; move numbers in errors count from `game`'s current move, passes included.
///
/// # Errors
/// [`RecordError::Transcript`] if the text is not a transcript, [`RecordError::IllegalMove`]
/// for an illegal move; `game` then holds the moves before it.
pub fn replay_transcript(game: &mut Game, text: &str) -> Result<(), RecordError> {
    let dims = game.position().geometry();
    let moves = crate::transcript::parse(text, dims.width(), dims.height())?;
    let first = game.history().len();
    for mv in moves {
        if matches!(mv, Move::Place(_)) && game.must_pass() {
            game.play(Move::Pass).expect("a forced pass is legal");
        }
        let move_number = game.history().len() - first + 1;
        game.play(mv).map_err(|source| RecordError::IllegalMove { move_number, played: mv, source })?;
    }
    Ok(())
}
