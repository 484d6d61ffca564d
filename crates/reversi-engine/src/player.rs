//! The engine as a [`Player`]: levels 1 (instant) to 10 (strong).
//!
//! | level | depth (plies) | exact from (empties) | node budget a move |
//! | ---: | ---: | ---: | ---: |
//! | 1 | 1 | 4 | 10 000 |
//! | 2 | 2 | 6 | 20 000 |
//! | 3 | 3 | 8 | 50 000 |
//! | 4 | 6 | 10 | 100 000 |
//! | 5 | 8 | 12 | 250 000 |
//! | 6 | 9 | 14 | 600 000 |
//! | 7 | 10 | 15 | 1 500 000 |
//! | 8 | 11 | 16 | 4 000 000 |
//! | 9 | 12 | 17 | 10 000 000 |
//! | 10 | 14 | 17 | 25 000 000 |
//!
//! The searches are selective ([`Selectivity::default`](crate::search::Selectivity)): from
//! level 4 up a level reaches deeper than its number for about the nodes an exhaustive search
//! of that number of plies took. From 24 empty cells down, where the tree is narrow, each
//! level searches 4 plies deeper, up to level 10's 14 ([`Level::limits_for`]). On boards of
//! fewer than 64 playable cells the exact solve starts earlier ([`Level::exact_empties_on`]).
//! The budgets are nodes, not time, so that a level plays the same moves on every machine and
//! in every run (a seeded match replays exactly); an exact solve that runs out of its budget
//! falls back on the depth-limited search with a fresh budget. Measured times per move are in
//! the workspace's `benches/README.md` (Engine section).
//!
//! ```
//! use reversi_engine::player::{EnginePlayer, Level};
//! use reversi_variants::players::Player;
//! use reversi_variants::{Game, Rules};
//!
//! let game = Game::new(Rules::default(), 1)?;
//! let mut engine = EnginePlayer::new(Level::new(3)?);
//! let mv = engine.choose(&game).expect("the game is not over");
//! assert!(game.is_legal(mv));
//! assert_eq!(engine.name(), "engine:3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::Arc;

use reversi_core::{Geometry, Position};
use reversi_variants::players::Player;
use reversi_variants::{Game, Move, Phase, Scoring};

use crate::book::Book;
use crate::character::{BookChoice, Character};
use crate::clock::Clock;
pub use crate::level::{Level, LevelError};
use crate::search::{SearchResult, Searcher};
use crate::variety::{Deviation, Variety};

/// The engine at a level, behind the [`Player`] trait; it plays every phase of every variant.
///
/// # Opening book
/// By default a player has the book built in for the game's board ([`Book::built_in`]: the
/// standard 8×8 one, and books for 10×10, the Octagon and 6×6, all under disc scoring): in a
/// position of the book it plays, with no search, a book move within a level-dependent
/// margin of the position's book value (a disc at level 10, 4 at level 1): the best one,
/// unless its variety deviates on the move (its probability, drawn from its seed), when it
/// draws one of them. Games of other boards or scoring search as before;
/// [`with_book`](EnginePlayer::with_book) gives another book,
/// [`without_book`](EnginePlayer::without_book) none.
///
/// # Character
/// By default a player is deterministic: the same game, the same move, on every machine.
/// [`with_variety`](EnginePlayer::with_variety) makes it deviate now and then to a move close
/// to the best, drawn from a seed (the same seed, the same game);
/// [`with_clock`](EnginePlayer::with_clock) makes it play to a clock instead of its level's
/// node budget.
///
/// # Memory
/// A player's memory is its searcher's tables, allocated once when it is built and never
/// grown: with [`new`](EnginePlayer::new) 4 MB up to level 7 (3 MB for the search, 1 MB for
/// the exact solver) and 16 MB from level 8, or what
/// [`with_hash_bytes`](EnginePlayer::with_hash_bytes) or the searcher given to
/// [`with_searcher`](EnginePlayer::with_searcher) says, plus a few kilobytes of its own (the
/// evaluator's weights for the board, the search's stack). A thousand level-5 players on
/// 8×8 take about 4 GB; the `load` example measures a platform's load.
#[derive(Debug)]
pub struct EnginePlayer {
    level: Level,
    name: String,
    searcher: Searcher,
    character: Character,
}

impl EnginePlayer {
    /// The engine at `level`, with 4 MB of tables up to level 7 and 16 MB from level 8
    /// ([`default_hash_mb`](EnginePlayer::default_hash_mb)).
    #[must_use]
    pub fn new(level: Level) -> EnginePlayer {
        EnginePlayer::with_searcher(level, Searcher::with_hash_mb(EnginePlayer::default_hash_mb(level)))
    }

    /// The table size of [`new`](EnginePlayer::new)'s player at `level`, in MB: small, since
    /// the budgets of the lower levels fill little of it, and larger from level 8, whose
    /// budgets of millions of nodes would overwrite a small table (with 4 MB, level 10 took
    /// half as long again a move as with 16 MB; more saves little).
    #[must_use]
    pub const fn default_hash_mb(level: Level) -> usize {
        if level.number() >= 8 { 16 } else { 4 }
    }

    /// The engine at `level` with tables of at most `bytes` bytes in all (a quarter for the
    /// exact solver; a few dozen bytes at least): less memory for many bots of low levels,
    /// whose node budgets fill little of a table, or more for a strong one.
    #[must_use]
    pub fn with_hash_bytes(level: Level, bytes: usize) -> EnginePlayer {
        EnginePlayer::with_searcher(level, Searcher::with_hash_bytes(bytes))
    }

    /// The engine at `level` with the caller's searcher (its table size and threads).
    #[must_use]
    pub fn with_searcher(level: Level, searcher: Searcher) -> EnginePlayer {
        EnginePlayer { level, name: format!("engine:{level}"), searcher, character: Character::default() }
    }

    /// The same player with `book` instead of the built-in ones: it plays from the book in
    /// the games of the book's board and scoring, and searches in every other game (see
    /// [`with_variety`](Self::with_variety) for how it chooses among the book's moves).
    #[must_use]
    pub fn with_book(mut self, book: Arc<Book>) -> EnginePlayer {
        self.character.book = BookChoice::Given(book);
        self
    }

    /// The same player without an opening book: it searches every move.
    #[must_use]
    pub fn without_book(mut self) -> EnginePlayer {
        self.character.book = BookChoice::Off;
        self
    }

    /// The opening book the player plays from in games of `geometry` under `scoring`, if
    /// any: by default the one built in for that board ([`Book::built_in`]), else the book
    /// given with [`with_book`](Self::with_book) if it is for that board.
    #[must_use]
    pub fn book_for(&self, geometry: &Geometry, scoring: Scoring) -> Option<Arc<Book>> {
        self.character.book.book_for(geometry, scoring)
    }

    /// The same player with seeded [`Variety`]: on a share of its moves it plays one within
    /// the variety's margin of the best, drawn from `seed`. Under its level's node budget the
    /// same seed gives the same moves; on a clock, the searches themselves vary with time.
    #[must_use]
    pub fn with_variety(mut self, variety: Variety, seed: u64) -> EnginePlayer {
        self.character.deviation = Some(Deviation::new(variety, seed));
        self
    }

    /// The same player on `clock`: each move's search deepens until the move's share of the
    /// time is spent ([`Clock::budget`]) instead of stopping at the level's depth and node
    /// budget, and from 26 empty cells down it solves exactly when the solve fits in three
    /// such shares (never past the time left minus the safety margin), otherwise it searches
    /// as before and tries again two empties later. The player deducts the time each
    /// [`choose`](Player::choose) takes and adds the increment; a platform that keeps the
    /// clocks itself sets the time left with [`set_clock`](EnginePlayer::set_clock) before
    /// each move. A clocked player plays one side of a game.
    #[must_use]
    pub fn with_clock(mut self, clock: Clock) -> EnginePlayer {
        self.character.clock = Some(clock);
        self
    }

    /// The same player searching to `plies` (at least 1) in place of its level's depth and
    /// node budget: a search of that depth, however many nodes it takes (the level's
    /// exact-solve threshold kept); on a clock, the deepest a move's search goes.
    #[must_use]
    pub fn with_depth(mut self, plies: u32) -> EnginePlayer {
        self.character.depth = Some(plies.max(1));
        self
    }

    /// The depth set with [`with_depth`](EnginePlayer::with_depth), if any.
    #[must_use]
    pub const fn depth(&self) -> Option<u32> {
        self.character.depth
    }

    /// The player's clock, if it plays to one.
    #[must_use]
    pub const fn clock(&self) -> Option<&Clock> {
        self.character.clock.as_ref()
    }

    /// Puts the player on `clock` (replacing its clock, if any): see
    /// [`with_clock`](EnginePlayer::with_clock).
    pub fn set_clock(&mut self, clock: Clock) {
        self.character.clock = Some(clock);
    }

    /// The variety, if the player has one.
    #[must_use]
    pub fn variety(&self) -> Option<Variety> {
        self.character.deviation.as_ref().map(Deviation::variety)
    }

    /// The bytes of the player's tables (the search's and the exact solver's).
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.searcher.hash_bytes()
    }

    /// The level.
    #[must_use]
    pub const fn level(&self) -> Level {
        self.level
    }

    /// The full search result for `game`'s side to move (a hint: best move, value, line),
    /// `None` once the game is over. In normal play it is
    /// [`analyse_position`](EnginePlayer::analyse_position) of the game's position.
    pub fn analyse(&mut self, game: &Game) -> Option<SearchResult> {
        match game.phase() {
            Phase::Normal => self.analyse_position(game.position(), game.rules().scoring()),
            // The free opening's placements are not moves of a bare position.
            _ => {
                let limits = self.character.analysis_limits(self.level, game.position(), game.rules().scoring());
                self.searcher.search_game(game, limits)
            }
        }
    }

    /// The full search result for `position`'s side to move under `scoring`, at this level
    /// (or the depth set) and with this player's table, as for a game that reached `position`
    /// in normal play: [`Move::Pass`] when it must pass, `None` when neither side can move.
    /// On a clock it searches for a move's budget of time, the clock not spent.
    ///
    /// ```
    /// use reversi_core::Position;
    /// use reversi_engine::player::{EnginePlayer, Level};
    /// use reversi_variants::Scoring;
    ///
    /// let position: Position = "--------/--------/---X----/---XX---/---XO---/--------/--------/-------- O".parse()?;
    /// let mut engine = EnginePlayer::new(Level::new(2)?);
    /// let hint = engine.analyse_position(&position, Scoring::Discs).expect("not over");
    /// assert!(matches!(hint.best(), reversi_variants::Move::Place(cell) if position.is_legal(cell)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse_position(&mut self, position: &Position, scoring: Scoring) -> Option<SearchResult> {
        let limits = self.character.analysis_limits(self.level, position, scoring);
        self.searcher.search(position, limits)
    }

    /// The move this player chooses for `position`'s side to move under `scoring`, as
    /// [`choose`](Player::choose) would for a game that reached it: `None` when neither side
    /// can move.
    pub fn choose_position(&mut self, position: &Position, scoring: Scoring) -> Option<Move> {
        self.analyse_position(position, scoring).map(|r| r.best())
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        self.character.choose(&mut self.searcher, game, self.level)
    }
}
