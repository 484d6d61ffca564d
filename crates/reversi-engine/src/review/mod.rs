//! A review of a game that explains itself: for every move, the engine's best move, both
//! values and the loss in discs (as the `analyze` example has always computed them), and for
//! each mistake the reasons a player can learn from, each measured on the board: replies left
//! to the opponent, a forced pass missed, a corner or stable discs handed over, frontier discs
//! added, parity lost in a region, and once the solver reaches, the exact result thrown away.
//!
//! Every board and variant is reviewed the same way: the corners are the cells whose four
//! lines each end at a wall (the rectangle's corners, the Octagon's, the cells cornered by
//! blocked cells), and the regions are those of [`analysis::empty_regions`](crate::analysis::empty_regions).
//!
//! ```
//! use reversi_engine::player::Level;
//! use reversi_engine::review::{Mark, Reviewer};
//! use reversi_engine::search::Searcher;
//! use reversi_variants::{Game, Rules};
//!
//! let mut game = Game::new(Rules::default(), 0)?;
//! for mv in ["f5", "f6", "e6", "f4", "g7"] {
//!     game.play(mv.parse()?)?;
//! }
//! let mut reviewer = Reviewer::new(Searcher::with_hash_mb(4), Level::new(2)?);
//! let review = reviewer.review(&game)?;
//! assert_eq!(review.moves().len(), 5);
//! // Every move marked `?` or `??` says why.
//! for reviewed in review.moves() {
//!     if reviewed.mark() != Mark::Good {
//!         assert!(!reviewed.reasons().is_empty());
//!     }
//! }
//! println!("{}", review.text());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With the `serde` feature, [`Review`] and its parts serialize (to JSON, say) for a platform:
//! moves as names (`"d3"`, `"pass"`), colours as `"black"`/`"white"`, each reason an object
//! tagged by its `kind`.

mod measure;
mod text;

use std::time::Duration;

use reversi_core::{Color, Position, Square};
use reversi_variants::svg::{EvaluationGraph, GraphMark};
use reversi_variants::{Game, Move, PlayError, Scoring};

use crate::player::Level;
use crate::search::{Limits, Searcher, Value, final_value_of};

pub use text::ReviewText;

/// A loss from which a move is marked `?`, in discs.
pub const MISTAKE: f64 = 2.0;

/// A loss from which a move is marked `??`, in discs.
pub const BLUNDER: f64 = 6.0;

/// The exact solve's reach by default: values are exact once a move leads to at most this
/// many empty cells.
pub const EXACT_EMPTIES: u32 = 18;

/// How a move is judged by its loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mark {
    /// A loss under [`MISTAKE`], or a forced move.
    Good,
    /// A loss from [`MISTAKE`] up to [`BLUNDER`]: `?`.
    Mistake,
    /// A loss of at least [`BLUNDER`]: `??`.
    Blunder,
}

impl Mark {
    /// The mark of a loss in discs.
    #[must_use]
    pub fn of_loss(loss: f64) -> Mark {
        if loss >= BLUNDER {
            Mark::Blunder
        } else if loss >= MISTAKE {
            Mark::Mistake
        } else {
            Mark::Good
        }
    }

    /// `""`, `"?"` or `"??"`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Good => "",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// A value in discs for the player who moves: an estimate of a search or an exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// In hundredths of a disc: estimates are searched in hundredths, and a whole number of
    /// hundredths reads back from JSON as the same value.
    centidiscs: i32,
    exact: bool,
}

impl Score {
    /// The value in discs.
    #[must_use]
    pub fn discs(self) -> f64 {
        f64::from(self.centidiscs) / 100.0
    }

    /// The value in hundredths of a disc.
    #[must_use]
    pub const fn centidiscs(self) -> i32 {
        self.centidiscs
    }

    /// Whether it is the exact result with perfect play.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        self.exact
    }
}

impl From<Value> for Score {
    fn from(value: Value) -> Score {
        Score { centidiscs: value.centidiscs(), exact: value.is_exact() }
    }
}

impl core::fmt::Display for Score {
    /// As the search's values print: `+2.3` for an estimate, `+4` for an exact value.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.exact { write!(f, "{:+}", self.centidiscs / 100) } else { write!(f, "{:+.1}", self.discs()) }
    }
}

/// A reason why a move was worse than the best one, measured on the board. "The opponent" is
/// the player who did not make the move; "the line" is the move followed by the engine's
/// expected continuation, cut to the same number of plies as the best move's line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Reason {
    /// The opponent's legal replies right after the move, against after the best move.
    Mobility {
        /// Replies after the move played.
        played: u32,
        /// Replies after the best move.
        best: u32,
    },
    /// After the best move the opponent would have had to pass; after the move played it has
    /// replies.
    PassMissed {
        /// The opponent's replies after the move played.
        replies: u32,
    },
    /// Corners the opponent can take right after the move, and could not after the best.
    CornerGiven {
        /// The corners.
        corners: Vec<Square>,
    },
    /// The best move took a corner; the move played did not.
    CornerMissed {
        /// The corner the best move took.
        corner: Square,
    },
    /// Corners the opponent holds at the end of the expected line, against the best line's.
    CornerInLine {
        /// The plies of each line measured.
        plies: u32,
        /// The opponent's corners at the end of the line played.
        played: Vec<Square>,
        /// The opponent's corners at the end of the best line.
        best: Vec<Square>,
    },
    /// Stable discs (discs that can never flip) at the end of the expected line: the
    /// opponent's lead in them, against the best line's.
    StableDiscs {
        /// The plies of each line measured.
        plies: u32,
        /// The (mover's, opponent's) stable discs after the line played.
        played: (u32, u32),
        /// The (mover's, opponent's) stable discs after the best line.
        best: (u32, u32),
    },
    /// The mover's frontier discs (discs next to an empty cell) right after the move, against
    /// after the best move.
    Frontier {
        /// After the move played.
        played: u32,
        /// After the best move.
        best: u32,
    },
    /// The mover's frontier discs at the end of the expected line, against the best line's.
    FrontierInLine {
        /// The plies of each line measured.
        plies: u32,
        /// After the line played.
        played: u32,
        /// After the best line.
        best: u32,
    },
    /// Mobility at the end of the expected line: the (mover's, opponent's) legal moves.
    MobilityInLine {
        /// The plies of each line measured.
        plies: u32,
        /// After the line played.
        played: (u32, u32),
        /// After the best line.
        best: (u32, u32),
    },
    /// Potential mobility at the end of the expected line: the empty cells next to an
    /// opponent's disc, where each side may later play, (the mover's, the opponent's).
    PotentialMobility {
        /// The plies of each line measured.
        plies: u32,
        /// After the line played.
        played: (u32, u32),
        /// After the best line.
        best: (u32, u32),
    },
    /// The discs at the end of the expected line, (the mover's, the opponent's): what the
    /// final count will weigh. Said only when nothing else on the board tells the moves apart.
    DiscsInLine {
        /// The plies of each line measured.
        plies: u32,
        /// After the line played.
        played: (u32, u32),
        /// After the best line.
        best: (u32, u32),
    },
    /// Parity in the endgame: the move went into a region with an even number of empty cells,
    /// which leaves the opponent the last move there, where the best move played into an odd one.
    Parity {
        /// The empty cells of the region played into, before the move.
        played_region: u32,
        /// The empty cells of the best move's region, before the move.
        best_region: u32,
    },
    /// The exact result with perfect play after the best move, and after the move played.
    ExactResult {
        /// The mover's margin after the best move (positive: a win).
        best: i32,
        /// The mover's margin after the move played.
        played: i32,
    },
}

/// What the review says of one move.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReview {
    number: usize,
    color: Color,
    played: Move,
    #[cfg_attr(feature = "serde", serde(flatten))]
    assessment: Assessment,
}

/// A move forced (a pass), or searched with its values.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "assessment", rename_all = "snake_case"))]
pub enum Assessment {
    /// The only move there was: a pass.
    Forced,
    /// Searched: the best move, both values and the loss.
    Searched(Searched),
}

/// The engine's view of a searched move.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Searched {
    best: Move,
    best_value: Score,
    played_value: Score,
    loss: f64,
    mark: Mark,
    /// The best move and the engine's expected continuation.
    best_line: Vec<Move>,
    /// The move played and the engine's expected continuation.
    played_line: Vec<Move>,
    reasons: Vec<Reason>,
}

impl MoveReview {
    /// The move's number in the game, from 1 (passes count).
    #[must_use]
    pub const fn number(&self) -> usize {
        self.number
    }

    /// Who played it.
    #[must_use]
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The move played.
    #[must_use]
    pub const fn played(&self) -> Move {
        self.played
    }

    /// Forced, or searched.
    #[must_use]
    pub const fn assessment(&self) -> &Assessment {
        &self.assessment
    }

    fn searched(&self) -> Option<&Searched> {
        match &self.assessment {
            Assessment::Forced => None,
            Assessment::Searched(s) => Some(s),
        }
    }

    /// The best move, unless the move was forced.
    #[must_use]
    pub fn best(&self) -> Option<Move> {
        self.searched().map(|s| s.best)
    }

    /// The best move's value for the mover, unless the move was forced.
    #[must_use]
    pub fn best_value(&self) -> Option<Score> {
        self.searched().map(|s| s.best_value)
    }

    /// The played move's value for the mover, unless the move was forced.
    #[must_use]
    pub fn played_value(&self) -> Option<Score> {
        self.searched().map(|s| s.played_value)
    }

    /// The loss in discs against the best move (0 for a forced move).
    #[must_use]
    pub fn loss(&self) -> f64 {
        self.searched().map_or(0.0, |s| s.loss)
    }

    /// The mark of the loss.
    #[must_use]
    pub fn mark(&self) -> Mark {
        self.searched().map_or(Mark::Good, |s| s.mark)
    }

    /// The best move and the engine's expected line after it (empty for a forced move).
    #[must_use]
    pub fn best_line(&self) -> &[Move] {
        self.searched().map_or(&[], |s| &s.best_line)
    }

    /// The move played and the engine's expected line after it (empty for a forced move).
    #[must_use]
    pub fn played_line(&self) -> &[Move] {
        self.searched().map_or(&[], |s| &s.played_line)
    }

    /// Why the move was worse than the best: measured for every move marked `?` or `??`,
    /// empty for the others.
    #[must_use]
    pub fn reasons(&self) -> &[Reason] {
        self.searched().map_or(&[], |s| &s.reasons)
    }
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Review {
    board: String,
    start: Position,
    opening: Option<String>,
    level: u8,
    exact_empties: u32,
    moves: Vec<MoveReview>,
}

impl Review {
    /// The board reviewed, as the rules print it (`8x8`, `octagon`, …).
    #[must_use]
    pub fn board(&self) -> &str {
        &self.board
    }

    /// The position before the first move.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The standard name of the 8×8 opening, if one applies (see
    /// [`Game::opening_name`]).
    #[must_use]
    pub fn opening(&self) -> Option<&str> {
        self.opening.as_deref()
    }

    /// The engine level of the estimates.
    #[must_use]
    pub const fn level(&self) -> u8 {
        self.level
    }

    /// The empty cells from which values are exact.
    #[must_use]
    pub const fn exact_empties(&self) -> u32 {
        self.exact_empties
    }

    /// Every move, first first.
    #[must_use]
    pub fn moves(&self) -> &[MoveReview] {
        &self.moves
    }

    /// A side's total loss in discs and the number of its moves that were searched.
    #[must_use]
    pub fn total_loss(&self, color: Color) -> (f64, usize) {
        self.moves
            .iter()
            .filter(|m| m.color == color && m.searched().is_some())
            .fold((0.0, 0), |(loss, n), m| (loss + m.loss(), n + 1))
    }

    /// The evaluation after each move, in discs for Black: the played move's value, turned to
    /// Black's side (a forced move keeps the value before it; 0 before any value is known).
    /// What the evaluation graph draws.
    #[must_use]
    pub fn curve(&self) -> Vec<f64> {
        let mut last = 0.0;
        self.moves
            .iter()
            .map(|m| {
                if let Some(score) = m.played_value() {
                    last = if m.color == Color::Black { score.discs() } else { -score.discs() };
                }
                last
            })
            .collect()
    }

    /// The moves marked `?` and `??`, by their index in [`moves`](Self::moves), as the
    /// evaluation graph marks them.
    #[must_use]
    pub fn graph_marks(&self) -> Vec<(usize, GraphMark)> {
        let mark = |m: &MoveReview| match m.mark() {
            Mark::Good => None,
            Mark::Mistake => Some(GraphMark::Mistake),
            Mark::Blunder => Some(GraphMark::Blunder),
        };
        self.moves.iter().enumerate().filter_map(|(i, m)| mark(m).map(|k| (i, k))).collect()
    }

    /// The SVG graph of the [`curve`](Self::curve) with the mistakes marked (see
    /// [`EvaluationGraph`]).
    #[must_use]
    pub fn evaluation_graph(&self) -> String {
        let curve = self.curve();
        EvaluationGraph::new(&curve).with_marks(&self.graph_marks()).to_string()
    }

    /// The text form for a terminal (see [`ReviewText`]).
    #[must_use]
    pub const fn text(&self) -> ReviewText<'_> {
        ReviewText::new(self)
    }
}

/// Why a review could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReviewError {
    /// The engine found no move where the game records one (a game whose history does not
    /// replay: never one built through [`Game::play`]).
    #[error("move {number} ({played}): the engine finds no move to compare it with")]
    NoMove {
        /// The move's number, from 1.
        number: usize,
        /// The move.
        played: Move,
    },
    /// A move of the game could not be replayed from its start (a game whose history does not
    /// replay: never one built through [`Game::play`]).
    #[error("move {number} ({played}) does not replay")]
    Replay {
        /// The move's number, from 1.
        number: usize,
        /// The move.
        played: Move,
        /// Why.
        #[source]
        source: PlayError,
    },
}

/// Reviews games with a searcher of the caller's size and threads.
#[derive(Debug)]
pub struct Reviewer {
    searcher: Searcher,
    level: Level,
    exact_empties: u32,
    time: Option<Duration>,
    max_nodes: Option<u64>,
}

impl Reviewer {
    /// A reviewer whose estimates are those of `level`, exact from [`EXACT_EMPTIES`].
    #[must_use]
    pub fn new(searcher: Searcher, level: Level) -> Reviewer {
        Reviewer { searcher, level, exact_empties: EXACT_EMPTIES, time: None, max_nodes: None }
    }

    /// Each search at most `time` long and about `nodes` nodes (the smaller of these and the
    /// level's own): an exact solve that does not fit gives an estimate instead.
    #[must_use]
    pub fn with_bounds(mut self, time: Option<Duration>, nodes: Option<u64>) -> Reviewer {
        self.time = time;
        self.max_nodes = nodes;
        self
    }

    /// Exact values once a move leads to at most `empties` empty cells.
    #[must_use]
    pub fn with_exact_empties(mut self, empties: u32) -> Reviewer {
        self.exact_empties = empties;
        self
    }

    /// `limits` within the caller's bounds ([`Reviewer::with_bounds`]): the smaller time and
    /// node budget of the two.
    fn bounded(&self, mut limits: Limits) -> Limits {
        if let Some(time) = self.time {
            let time = limits.max_time().map_or(time, |own| own.min(time));
            limits = limits.with_time(time);
        }
        if let Some(nodes) = self.max_nodes {
            let nodes = limits.max_nodes().map_or(nodes, |own| own.min(nodes));
            limits = limits.with_nodes(nodes);
        }
        limits
    }

    /// The limits for `position`: none for an exact solve. A position one cell above the
    /// threshold is solved too, so that the best move and the played one, which lead to E
    /// empties, are compared by exact values both.
    fn limits(&self, position: &Position, scoring: Scoring) -> Limits {
        let limits = if position.empty_cells().len() <= self.exact_empties.saturating_add(1) {
            Limits::none()
        } else {
            self.level.limits_for(position)
        };
        self.bounded(limits).with_exact_empties(self.exact_empties.saturating_add(1)).with_scoring(scoring)
    }

    /// Reviews `game` from its start to its last move.
    ///
    /// # Errors
    /// [`ReviewError::Replay`] if a move of the history does not replay from the start,
    /// [`ReviewError::NoMove`] if the engine finds none where the history has one.
    pub fn review(&mut self, game: &Game) -> Result<Review, ReviewError> {
        self.review_each(game, &mut |_| {})
    }

    /// Reviews `game`, handing each move's review to `each` as soon as it is known (for a
    /// terminal that shows them as they come).
    ///
    /// # Errors
    /// [`ReviewError::Replay`] if a move of the history does not replay from the start,
    /// [`ReviewError::NoMove`] if the engine finds none where the history has one.
    pub fn review_each(&mut self, game: &Game, each: &mut dyn FnMut(&MoveReview)) -> Result<Review, ReviewError> {
        let mut table = game.clone();
        while table.undo().is_some() {}
        let start = *table.position();
        let mut moves = Vec::with_capacity(game.history().len());
        for (i, ply) in game.history().iter().enumerate() {
            let played = ply.played();
            let replay = |source| ReviewError::Replay { number: i + 1, played, source };
            let assessment = if table.must_pass() {
                Assessment::Forced
            } else {
                match self.search_move(&table, played).map_err(replay)? {
                    Some(searched) => Assessment::Searched(searched),
                    None => return Err(ReviewError::NoMove { number: i + 1, played }),
                }
            };
            let reviewed = MoveReview { number: i + 1, color: ply.color(), played, assessment };
            each(&reviewed);
            moves.push(reviewed);
            table.play(played).map_err(replay)?;
        }
        Ok(Review {
            board: game.rules().board().to_string(),
            start,
            opening: game.opening_name().map(str::to_owned),
            level: self.level.number(),
            exact_empties: self.exact_empties,
            moves,
        })
    }

    /// Lengthens an expected line that the table gave back short (a principal variation is
    /// read from the table and stops where an entry was overwritten) to [`measure::LINE_PLIES`]
    /// plies, by searching on from its end, so that the line's measures look as far ahead for
    /// every move.
    fn extend(&mut self, game: &Game, line: &mut Vec<Move>) -> Result<(), PlayError> {
        let mut end = game.clone();
        for &mv in line.iter() {
            end.play(mv)?;
        }
        while line.len() < measure::LINE_PLIES && !end.is_over() {
            let needed = measure::LINE_PLIES - line.len();
            let depth = u32::try_from(needed).unwrap_or(u32::MAX);
            let limits = self
                .bounded(Limits::depth(depth))
                .with_exact_empties(self.exact_empties.saturating_add(1))
                .with_scoring(game.rules().scoring());
            let Some(found) = self.searcher.search_game(&end, limits) else { break };
            for &mv in found.pv().iter().take(needed) {
                end.play(mv)?;
                line.push(mv);
            }
        }
        Ok(())
    }

    /// The best move and the played one's values, and the reasons when it is a mistake; `None`
    /// when the engine finds no move (a finished game).
    fn search_move(&mut self, game: &Game, played: Move) -> Result<Option<Searched>, PlayError> {
        let scoring = game.rules().scoring();
        let limits = self.limits(game.position(), scoring);
        let Some(found) = self.searcher.search_game(game, limits) else { return Ok(None) };
        let best_line = found.pv().to_vec();
        let (played_value, played_line) = if played == found.best() {
            (found.value(), best_line.clone())
        } else {
            let mut after = game.clone();
            after.play(played)?;
            let limits = self.limits(after.position(), scoring);
            match self.searcher.search_game(&after, limits) {
                Some(reply) => {
                    let mut line = vec![played];
                    line.extend_from_slice(reply.pv());
                    (reply.value().negated(), line)
                }
                None => (Value::Exact(final_value_of(after.position(), scoring).saturating_neg()), vec![played]),
            }
        };
        let (best_value, played_value) = (Score::from(found.value()), Score::from(played_value));
        // In hundredths first, so that the loss is a whole number of hundredths as the values are.
        let loss = f64::from((best_value.centidiscs - played_value.centidiscs).max(0)) / 100.0;
        let mark = Mark::of_loss(loss);
        let (mut best_line, mut played_line) = (best_line, played_line);
        let reasons = if mark == Mark::Good {
            Vec::new()
        } else {
            self.extend(game, &mut best_line)?;
            self.extend(game, &mut played_line)?;
            measure::reasons(game, &best_line, &played_line, best_value, played_value)?
        };
        Ok(Some(Searched { best: found.best(), best_value, played_value, loss, mark, best_line, played_line, reasons }))
    }
}
