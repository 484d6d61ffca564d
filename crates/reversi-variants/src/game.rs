//! The game: the state machine that a server or a user interface drives.

use core::fmt;

use reversi_core::{Bitboard, Color, MoveError, Position, Square};

use crate::{Move, Opening, PlayError, Rules, RulesError, Scoring, SetupError};

/// The stage of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Phase {
    /// The first four moves of a free opening: each places a disc on the central 2×2 and flips
    /// nothing.
    FreeOpening,
    /// Normal play (also once the game is over; see [`Game::is_over`]).
    Normal,
}

/// One move of a game's history: who played what, and what it flipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ply {
    color: Color,
    played: Move,
    flips: Bitboard,
    before: Position,
}

impl Ply {
    /// The player who moved.
    #[must_use]
    pub const fn color(&self) -> Color {
        self.color
    }

    /// The move.
    #[must_use]
    pub const fn played(&self) -> Move {
        self.played
    }

    /// The discs the move flipped (empty for a pass and for free-opening placements).
    #[must_use]
    pub const fn flips(&self) -> Bitboard {
        self.flips
    }

    /// The position just before the move.
    #[must_use]
    pub const fn position_before(&self) -> &Position {
        &self.before
    }
}

/// The scores of a finished game under its scoring, and the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    black: u32,
    white: u32,
    winner: Option<Color>,
}

impl GameResult {
    /// The result of `position` under `scoring`: the player with more discs wins; with WOF
    /// scoring the winner also gets the empty cells, and a draw splits them.
    #[must_use]
    pub fn of(position: &Position, scoring: Scoring) -> GameResult {
        let (mut black, mut white) = (position.count(Color::Black), position.count(Color::White));
        let winner = leader(black, white);
        if scoring == Scoring::Wof {
            let empties = position.empty_cells().len();
            match winner {
                Some(Color::Black) => black += empties,
                Some(Color::White) => white += empties,
                None => {
                    black += empties / 2;
                    white += empties / 2;
                }
            }
        }
        GameResult { black, white, winner }
    }

    /// Black's score.
    #[must_use]
    pub const fn black(&self) -> u32 {
        self.black
    }

    /// White's score.
    #[must_use]
    pub const fn white(&self) -> u32 {
        self.white
    }

    /// The score of `color`.
    #[must_use]
    pub const fn score(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(&self) -> Option<Color> {
        self.winner
    }
}

impl fmt::Display for GameResult {
    /// Black's score, a hyphen, White's score: `33-31`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.black, self.white)
    }
}

impl core::str::FromStr for GameResult {
    type Err = ParseGameResultError;

    /// Reads what `Display` writes, Black's score, a hyphen, White's score (`33-31`); the
    /// higher score wins.
    ///
    /// ```
    /// use reversi_core::Color;
    /// use reversi_variants::GameResult;
    /// let result: GameResult = "19-40".parse()?;
    /// assert_eq!((result.black(), result.white(), result.winner()), (19, 40, Some(Color::White)));
    /// assert_eq!(result.to_string(), "19-40");
    /// assert!("19:40".parse::<GameResult>().is_err());
    /// # Ok::<(), reversi_variants::ParseGameResultError>(())
    /// ```
    fn from_str(text: &str) -> Result<GameResult, ParseGameResultError> {
        let invalid = || ParseGameResultError { text: text.to_owned() };
        let (black, white) = text.trim().split_once('-').ok_or_else(invalid)?;
        // Digits only, at most three: `u32::from_str` would take a sign, and no board has 1000 cells.
        let score = |t: &str| {
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) { None } else { t.parse().ok() }
        };
        let (Some(black), Some(white)) = (score(black), score(white)) else {
            return Err(invalid());
        };
        Ok(GameResult { black, white, winner: leader(black, white) })
    }
}

/// The colour with the higher count, or `None` if they are equal.
fn leader(black: u32, white: u32) -> Option<Color> {
    match black.cmp(&white) {
        core::cmp::Ordering::Greater => Some(Color::Black),
        core::cmp::Ordering::Less => Some(Color::White),
        core::cmp::Ordering::Equal => None,
    }
}

/// The error of parsing a [`GameResult`]: not two scores joined by a hyphen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {text:?}: expected Black's and White's scores, such as 33-31")]
pub struct ParseGameResultError {
    text: String,
}

/// A game under a set of [`Rules`] on a table whose blocked cells are fixed at the start.
///
/// Every move goes through [`play`](Game::play), which either plays it or returns a
/// [`PlayError`] and leaves the game as it was. With the `serde` feature a game serializes as
/// its rules, seed, blocked cells and moves, and deserializes by replaying them, so that a game
/// in progress can be saved and resumed.
///
/// ```
/// use reversi_variants::{Game, Move, Opening, Phase, Rules};
///
/// let rules = Rules::builder().opening(Opening::Free).build()?;
/// let mut game = Game::new(rules, 7)?;
/// assert_eq!(game.phase(), Phase::FreeOpening);
/// for cell in ["d4", "e4", "e5", "d5"] {
///     let flips = game.play(cell.parse()?)?;
///     assert!(flips.is_empty());
/// }
/// assert_eq!(game.phase(), Phase::Normal);
/// assert!(game.play(Move::Pass).is_err());
/// assert_eq!(game.legal_moves().len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    seed: Option<u64>,
    blocked: Bitboard,
    start: Position,
    position: Position,
    history: Vec<Ply>,
}

impl Game {
    /// A new table under `rules`, its blocked cells drawn from `seed` when the rules make them
    /// random (see [`Rules::blocked_cells`]).
    ///
    /// # Errors
    /// None for valid rules today; the `Result` leaves room for layouts that can fail.
    pub fn new(rules: Rules, seed: u64) -> Result<Game, RulesError> {
        let blocked = rules.blocked_cells(Some(seed))?;
        Game::setup(rules, Some(seed), blocked)
    }

    /// A table with these blocked cells, for replaying a stored layout without its seed.
    ///
    /// # Errors
    /// [`RulesError::LayoutNotAllowed`] if the rules cannot produce `blocked` (see
    /// [`Rules::check_blocked`]).
    pub fn with_blocked(rules: Rules, blocked: Bitboard) -> Result<Game, RulesError> {
        Game::setup(rules, None, blocked)
    }

    /// A table stored with both its seed and its blocked cells, checking that they agree.
    ///
    /// # Errors
    /// [`RulesError::LayoutMismatch`] if the seed gives other cells, or
    /// [`RulesError::LayoutNotAllowed`] if the rules cannot produce `blocked`.
    pub fn with_seed_and_blocked(rules: Rules, seed: u64, blocked: Bitboard) -> Result<Game, RulesError> {
        let expected = rules.blocked_cells(Some(seed))?;
        if expected != blocked {
            rules.check_blocked(blocked)?;
            return Err(RulesError::LayoutMismatch { seed, expected, found: blocked });
        }
        Game::setup(rules, Some(seed), blocked)
    }

    /// A table that starts from `position`, set up on the rules' board, with `position`'s side
    /// to move: for studies, hints and games resumed from a diagram.
    ///
    /// The blocked cells are the table's: the layout `seed` draws when the rules make it
    /// random (or the rules' fixed cells); the position may mark them unplayable or leave
    /// them empty on the full board. Without a seed, random rules take the cells the position
    /// marks unplayable, if the rules can draw them. The position must be one that play can
    /// reach as far as the rules go: the central 2×2 filled (a free opening is played from the
    /// start) and every handicap corner holding its disc. A finished position is a finished
    /// game, whose [`result`](Game::result) is known at once.
    ///
    /// ```
    /// use reversi_variants::{Game, Rules, SetupError};
    /// let position = "--------/--------/---X----/---XX---/---XO---/--------/--------/-------- O".parse()?;
    /// let game = Game::from_position(Rules::default(), None, position)?;
    /// assert!(game.is_set_up() && game.legal_moves().len() == 3);
    /// let empty_centre = "--------/--------/--------/---X----/---XO---/--------/--------/-------- O".parse()?;
    /// let err = Game::from_position(Rules::default(), None, empty_centre);
    /// assert!(matches!(err, Err(SetupError::EmptyCentre { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`SetupError`]: [`Board`](SetupError::Board) for another size or shape,
    /// [`DiscOnBlocked`](SetupError::DiscOnBlocked) for a disc on a blocked cell,
    /// [`BlockedMismatch`](SetupError::BlockedMismatch) when the position blocks other cells
    /// than the table, [`Layout`](SetupError::Layout) for a layout the rules cannot draw (or a
    /// seed they do not take), [`EmptyCentre`](SetupError::EmptyCentre) and
    /// [`HandicapCorner`](SetupError::HandicapCorner) for a position play cannot reach.
    pub fn from_position(rules: Rules, seed: Option<u64>, position: Position) -> Result<Game, SetupError> {
        let board = rules.geometry();
        let found = *position.geometry();
        let same_size = (found.width(), found.height()) == (board.width(), board.height());
        if !same_size || !found.playable().is_subset(board.playable()) {
            return Err(SetupError::Board { expected: board, found });
        }
        let marked = board.playable() - found.playable();
        let blocked = match rules.blocked_cells(seed) {
            Ok(cells) => cells,
            Err(RulesError::SeedRequired) => marked,
            Err(e) => return Err(SetupError::Layout(e)),
        };
        if !marked.is_empty() && marked != blocked {
            return Err(SetupError::BlockedMismatch { expected: blocked, found: marked });
        }
        rules.check_blocked(blocked).map_err(SetupError::Layout)?;
        let (black, white) = (position.discs(Color::Black), position.discs(Color::White));
        if let Some(square) = ((black | white) & blocked).first() {
            return Err(SetupError::DiscOnBlocked { square });
        }
        let geometry = board.with_unplayable(blocked).expect("checked cells are on the board");
        let start = Position::from_parts(geometry, black, white, position.side_to_move())
            .expect("the discs lie on playable cells of the same board");
        if let Some(square) = (board.centre() - (black | white)).first() {
            return Err(SetupError::EmptyCentre { square });
        }
        if let Some(color) = rules.handicap_color() {
            let own = if color == Color::Black { black } else { white };
            if let Some(square) = (rules.handicap_corners() - own).first() {
                return Err(SetupError::HandicapCorner { square, color });
            }
        }
        Ok(Game { rules, seed, blocked, start, position: start, history: Vec::new() })
    }

    /// Whether the game starts from a set-up position (see [`Game::from_position`]) rather
    /// than from the rules' start.
    #[must_use]
    pub fn is_set_up(&self) -> bool {
        self.rules.start_position(self.blocked).ok().as_ref() != Some(&self.start)
    }

    fn setup(rules: Rules, seed: Option<u64>, blocked: Bitboard) -> Result<Game, RulesError> {
        let start = rules.start_position(blocked)?;
        Ok(Game { rules, seed, blocked, start, position: start, history: Vec::new() })
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The table's seed, if it was made from one.
    #[must_use]
    pub const fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The blocked cells, in row-major order when iterated.
    #[must_use]
    pub const fn blocked(&self) -> Bitboard {
        self.blocked
    }

    /// The position before the first move.
    #[must_use]
    pub const fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position; its geometry has the blocked cells unplayable.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The player to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// The phase: free opening or normal play.
    #[must_use]
    pub fn phase(&self) -> Phase {
        // Only the free opening leaves a central cell empty, and no move empties one.
        if self.rules.opening() == Opening::Free && self.opening_placements_left() > 0 {
            Phase::FreeOpening
        } else {
            Phase::Normal
        }
    }

    /// The placements of the free opening still to make: the empty cells of the central 2×2
    /// under a free opening, else 0.
    #[must_use]
    pub fn opening_placements_left(&self) -> usize {
        match self.rules.opening() {
            Opening::Free => (self.position.geometry().centre() & self.position.empty_cells()).len() as usize,
            Opening::Standard => 0,
        }
    }

    /// The cells the side to move may play: the empty central cells during the free opening,
    /// otherwise the moves that flip something. Empty when the mover must pass or the game
    /// is over.
    #[must_use]
    pub fn legal_moves(&self) -> Bitboard {
        match self.phase() {
            Phase::FreeOpening => self.position.geometry().centre() & self.position.empty_cells(),
            Phase::Normal => self.position.legal_moves(),
        }
    }

    /// Every legal move, [`Move::Pass`] included when it is the only one; empty when the game
    /// is over.
    #[must_use]
    pub fn legal_move_list(&self) -> Vec<Move> {
        if self.must_pass() {
            return vec![Move::Pass];
        }
        self.legal_moves().iter().map(Move::Place).collect()
    }

    /// Whether the side to move must pass: it has no move and the opponent has one.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.phase() == Phase::Normal && self.position.must_pass()
    }

    /// Whether neither player can move.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Normal && self.position.is_game_over()
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        self.is_over().then(|| self.score())
    }

    /// The scores the current position would give under the rules' scoring if the game ended
    /// now.
    #[must_use]
    pub fn score(&self) -> GameResult {
        GameResult::of(&self.position, self.rules.scoring())
    }

    /// The moves so far, first first.
    #[must_use]
    pub fn history(&self) -> &[Ply] {
        &self.history
    }

    /// The moves so far as a list.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.history.iter().map(Ply::played).collect()
    }

    /// The standard name of the 8×8 opening played so far (see [`openings`](crate::openings)):
    /// the longest named line whose position the game has passed through, in any orientation;
    /// `None` on other boards, with blocked or handicap discs, and before any name applies.
    #[must_use]
    pub fn opening_name(&self) -> Option<&'static str> {
        crate::openings::recognise(&self.start, &self.moves()).map(crate::openings::NamedOpening::name)
    }

    /// Whether `mv` is legal now.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` for the side to move and gives the discs it flipped (empty for a pass and
    /// during the free opening), for animation.
    ///
    /// # Errors
    /// A [`PlayError`] if the move is illegal: any move after the end, a cell off the board,
    /// unplayable or occupied, a disc that flips nothing, a cell outside the centre during the
    /// free opening, a pass while a move exists. The game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Bitboard, PlayError> {
        let after = self.check(mv)?;
        let before = self.position;
        // What the opponent lost is what the move flipped: nothing for a pass or a placement
        // of the free opening.
        let opponent = !before.side_to_move();
        let flips = before.discs(opponent) - after.discs(opponent);
        self.position = after;
        self.history.push(Ply { color: before.side_to_move(), played: mv, flips, before });
        Ok(flips)
    }

    /// The position that `mv` would lead to, without playing it: for previews and players.
    ///
    /// # Errors
    /// The [`PlayError`] that [`play`](Game::play) would give.
    pub fn position_after(&self, mv: Move) -> Result<Position, PlayError> {
        self.check(mv)
    }

    /// The position after `mv`, or why `mv` is illegal.
    fn check(&self, mv: Move) -> Result<Position, PlayError> {
        if self.is_over() {
            return Err(MoveError::GameOver.into());
        }
        let mut next = self.position;
        let geometry = *next.geometry();
        match (self.phase(), mv) {
            (Phase::FreeOpening, Move::Pass) => Err(MoveError::PassWithMoves { color: next.side_to_move() }.into()),
            (Phase::FreeOpening, Move::Place(sq)) => {
                check_cell(&next, sq)?;
                if !geometry.centre().contains(sq) {
                    return Err(PlayError::OutsideCentre { square: sq });
                }
                let side = next.side_to_move();
                let (mut black, mut white) = (next.discs(Color::Black), next.discs(Color::White));
                match side {
                    Color::Black => black.insert(sq),
                    Color::White => white.insert(sq),
                }
                Ok(Position::from_parts(geometry, black, white, !side).expect("an empty playable cell"))
            }
            (Phase::Normal, Move::Pass) => {
                next.pass()?;
                Ok(next)
            }
            (Phase::Normal, Move::Place(sq)) => {
                next.play(sq)?;
                Ok(next)
            }
        }
    }

    /// Takes back the last move and gives it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Ply> {
        let ply = self.history.pop()?;
        self.position = ply.before;
        Some(ply)
    }

    /// The number of leaves of the game tree to `depth` plies, by the perft convention of the
    /// rules (docs/rules.md §4), the free opening's placements included: from an empty centre,
    /// depth 4 gives 4 × 3 × 2 × 1 = 24.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        free_perft(&self.position, self.opening_placements_left(), depth)
    }
}

/// Whether a free-opening placement may go on `sq` as far as the board goes: the checks of
/// [`Position::play`] before it looks for flips.
fn check_cell(pos: &Position, sq: Square) -> Result<(), MoveError> {
    let geometry = pos.geometry();
    if !geometry.contains(sq) {
        return Err(MoveError::OffBoard { square: sq });
    }
    if !geometry.is_playable(sq) {
        return Err(MoveError::Unplayable { square: sq });
    }
    if pos.disc_at(sq).is_some() {
        return Err(MoveError::Occupied { square: sq });
    }
    Ok(())
}

/// Perft with `placements` free-opening placements still to make before normal play.
fn free_perft(pos: &Position, placements: usize, depth: u32) -> u64 {
    if placements == 0 {
        return reversi_core::perft(pos, depth);
    }
    if depth == 0 {
        return 1;
    }
    let geometry = *pos.geometry();
    let side = pos.side_to_move();
    (geometry.centre() & pos.empty_cells())
        .iter()
        .map(|sq| {
            let mut mine = pos.discs(side);
            mine.insert(sq);
            let theirs = pos.discs(!side);
            let (black, white) = if side == Color::Black { (mine, theirs) } else { (theirs, mine) };
            let next = Position::from_parts(geometry, black, white, !side).expect("an empty playable cell");
            free_perft(&next, placements - 1, depth - 1)
        })
        .sum()
}
