//! A position: the discs, the side to move and the board.

use crate::kernel::{self, Layout, Visitor};
use crate::{Bitboard, Color, Geometry, Square};

/// A position: both colours' discs, the side to move and the board's [`Geometry`].
///
/// ```
/// use reversi_core::{Position, Square};
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().to_string(), "d3 c4 f5 e6");
/// let flipped = pos.play("f5".parse::<Square>()?)?;
/// assert_eq!(flipped.to_string(), "e5");
/// assert_eq!(pos.to_string(), "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    geometry: Geometry,
    black: Bitboard,
    white: Bitboard,
    side: Color,
}

/// Why discs and a board do not make a [`Position`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A disc lies outside the board.
    #[error("disc on {square}, outside the board")]
    OffBoard {
        /// The cell.
        square: Square,
    },
    /// A disc lies on an unplayable cell.
    #[error("disc on unplayable cell {square}")]
    Unplayable {
        /// The cell.
        square: Square,
    },
    /// A cell holds discs of both colours.
    #[error("cell {square} holds both a black and a white disc")]
    Overlap {
        /// The cell.
        square: Square,
    },
}

/// Why a move cannot be played. The position is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The cell lies outside the board.
    #[error("{square} is outside the board")]
    OffBoard {
        /// The cell.
        square: Square,
    },
    /// The cell is blocked or cut off.
    #[error("{square} is not playable")]
    Unplayable {
        /// The cell.
        square: Square,
    },
    /// The cell already holds a disc.
    #[error("{square} is occupied")]
    Occupied {
        /// The cell.
        square: Square,
    },
    /// A disc there would flip nothing.
    #[error("{square} flips nothing")]
    NoFlips {
        /// The cell.
        square: Square,
    },
    /// A pass while the mover has a legal move.
    #[error("cannot pass: {color} has a legal move")]
    PassWithMoves {
        /// The mover.
        color: Color,
    },
    /// A pass when neither side can move: the game is over.
    #[error("the game is over")]
    GameOver,
}

impl Position {
    /// The standard start on `geometry`: White on the upper-left and lower-right centre cells,
    /// Black on the other two, Black to move.
    ///
    /// ```
    /// use reversi_core::{Geometry, Position};
    /// let pos = Position::start(Geometry::rectangle(6, 6)?)?;
    /// assert_eq!(pos.to_string(), "------/------/--OX--/--XO--/------/------ X");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PositionError::Unplayable`] if a centre cell is not playable.
    pub fn start(geometry: Geometry) -> Result<Position, PositionError> {
        let (cx, cy) = (geometry.width() / 2, geometry.height() / 2);
        let sq = |c, r| Square::new(c, r).expect("centre of a board of at most 16x16");
        let white = Bitboard::from_iter([sq(cx - 1, cy - 1), sq(cx, cy)]);
        let black = Bitboard::from_iter([sq(cx, cy - 1), sq(cx - 1, cy)]);
        Position::from_parts(geometry, black, white, Color::Black)
    }

    /// The board with no disc on it and `side` to move.
    ///
    /// ```
    /// use reversi_core::{Color, Geometry, Position};
    /// let pos = Position::empty(Geometry::STANDARD, Color::White);
    /// assert_eq!(pos.empty_cells().len(), 64);
    /// ```
    #[must_use]
    pub fn empty(geometry: Geometry, side: Color) -> Position {
        Position { geometry, black: Bitboard::EMPTY, white: Bitboard::EMPTY, side }
    }

    /// The position with these discs and `side` to move.
    ///
    /// ```
    /// use reversi_core::{Bitboard, Color, Geometry, Position, PositionError, sq};
    /// let (black, white) = (Bitboard::from_square(sq!(a1)), Bitboard::from_square(sq!(b1)));
    /// let pos = Position::from_parts(Geometry::STANDARD, black, white, Color::White)?;
    /// assert_eq!(pos.count(Color::Black), 1);
    /// let clash = Position::from_parts(Geometry::STANDARD, black, black, Color::White);
    /// assert_eq!(clash, Err(PositionError::Overlap { square: sq!(a1) }));
    /// # Ok::<(), PositionError>(())
    /// ```
    ///
    /// # Errors
    /// A [`PositionError`] if a disc lies off the board or on an unplayable cell, or a cell
    /// holds both colours.
    pub fn from_parts(
        geometry: Geometry,
        black: Bitboard,
        white: Bitboard,
        side: Color,
    ) -> Result<Position, PositionError> {
        let discs = black | white;
        if let Some(square) = (discs - geometry.area()).first() {
            return Err(PositionError::OffBoard { square });
        }
        if let Some(square) = (discs - geometry.playable()).first() {
            return Err(PositionError::Unplayable { square });
        }
        if let Some(square) = (black & white).first() {
            return Err(PositionError::Overlap { square });
        }
        Ok(Position { geometry, black, white, side })
    }

    /// The board.
    ///
    /// ```
    /// use reversi_core::{Geometry, Position};
    /// assert_eq!(*Position::default().geometry(), Geometry::STANDARD);
    /// ```
    #[must_use]
    pub const fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The side to move.
    ///
    /// ```
    /// use reversi_core::{Color, Position, sq};
    /// let mut pos = Position::default();
    /// pos.play(sq!(d3))?;
    /// assert_eq!(pos.side_to_move(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The discs of `color`.
    ///
    /// ```
    /// use reversi_core::{Color, Position};
    /// assert_eq!(Position::default().discs(Color::Black).to_string(), "e4 d5");
    /// ```
    #[must_use]
    pub const fn discs(&self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The number of discs of `color`.
    ///
    /// ```
    /// use reversi_core::{Color, Position, sq};
    /// let mut pos = Position::default();
    /// pos.play(sq!(d3))?;
    /// assert_eq!((pos.count(Color::Black), pos.count(Color::White)), (4, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn count(&self, color: Color) -> u32 {
        self.discs(color).len()
    }

    /// The empty playable cells.
    ///
    /// ```
    /// use reversi_core::Position;
    /// assert_eq!(Position::default().empty_cells().len(), 60);
    /// ```
    #[must_use]
    pub fn empty_cells(&self) -> Bitboard {
        self.geometry.playable() - self.black - self.white
    }

    /// The colour of the disc on `sq`, if any.
    ///
    /// ```
    /// use reversi_core::{Color, Position, sq};
    /// let pos = Position::default();
    /// assert_eq!(pos.disc_at(sq!(d4)), Some(Color::White));
    /// assert_eq!(pos.disc_at(sq!(a1)), None);
    /// ```
    #[must_use]
    pub const fn disc_at(&self, sq: Square) -> Option<Color> {
        if self.black.contains(sq) {
            Some(Color::Black)
        } else if self.white.contains(sq) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The legal moves of the side to move.
    ///
    /// ```
    /// use reversi_core::Position;
    /// assert_eq!(Position::default().legal_moves().to_string(), "d3 c4 f5 e6");
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> Bitboard {
        kernel::dispatch(&self.geometry, LegalMoves { pos: self, color: self.side })
    }

    /// Whether the side to move has a legal move.
    ///
    /// ```
    /// use reversi_core::Position;
    /// assert!(Position::default().has_legal_moves());
    /// let full: Position = "XXXX/XXXX/XXXX/XXXO O".parse()?;
    /// assert!(!full.has_legal_moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Whether the side to move must pass: it has no move, and the opponent has one.
    ///
    /// ```
    /// use reversi_core::Position;
    /// // White has no move; Black can still play d1 (flipping d2 and d3).
    /// let pos: Position = "OOO-/OOOO/OOOO/OOOX O".parse()?;
    /// assert!(pos.must_pass());
    /// assert!(!Position::default().must_pass());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn must_pass(&self) -> bool {
        !self.has_legal_moves() && self.opponent_has_moves()
    }

    /// Whether neither side can move.
    ///
    /// ```
    /// use reversi_core::Position;
    /// let full: Position = "XXXX/XXXX/XXXX/XXXO O".parse()?;
    /// assert!(full.is_game_over());
    /// assert!(!Position::default().is_game_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        !self.has_legal_moves() && !self.opponent_has_moves()
    }

    fn opponent_has_moves(&self) -> bool {
        !kernel::dispatch(&self.geometry, LegalMoves { pos: self, color: !self.side }).is_empty()
    }

    /// The discs that the side to move would flip by playing `sq`: empty if the move is not
    /// legal.
    ///
    /// ```
    /// use reversi_core::{Bitboard, Position, sq};
    /// let pos = Position::default();
    /// assert_eq!(pos.flips(sq!(d3)).to_string(), "d4");
    /// assert_eq!(pos.flips(sq!(a1)), Bitboard::EMPTY);
    /// ```
    #[must_use]
    pub fn flips(&self, sq: Square) -> Bitboard {
        if !self.empty_cells().contains(sq) {
            return Bitboard::EMPTY;
        }
        kernel::dispatch(&self.geometry, Flips { pos: self, square: sq })
    }

    /// Whether the side to move may play `sq`.
    ///
    /// ```
    /// use reversi_core::{Position, sq};
    /// assert!(Position::default().is_legal(sq!(f5)));
    /// assert!(!Position::default().is_legal(sq!(f6)));
    /// ```
    #[must_use]
    pub fn is_legal(&self, sq: Square) -> bool {
        !self.flips(sq).is_empty()
    }

    /// Plays `sq` for the side to move and gives the discs it flipped.
    ///
    /// ```
    /// use reversi_core::{MoveError, Position, sq};
    /// let mut pos = Position::default();
    /// assert_eq!(pos.play(sq!(c4))?.to_string(), "d4");
    /// assert_eq!(pos.play(sq!(c4)), Err(MoveError::Occupied { square: sq!(c4) }));
    /// # Ok::<(), MoveError>(())
    /// ```
    ///
    /// # Errors
    /// A [`MoveError`] if the cell is off the board, unplayable, occupied, or flips nothing;
    /// the position is then unchanged.
    pub fn play(&mut self, sq: Square) -> Result<Bitboard, MoveError> {
        if !self.geometry.contains(sq) {
            return Err(MoveError::OffBoard { square: sq });
        }
        if !self.geometry.is_playable(sq) {
            return Err(MoveError::Unplayable { square: sq });
        }
        if self.disc_at(sq).is_some() {
            return Err(MoveError::Occupied { square: sq });
        }
        let flips = self.flips(sq);
        if flips.is_empty() {
            return Err(MoveError::NoFlips { square: sq });
        }
        self.apply(sq, flips);
        Ok(flips)
    }

    /// Plays `sq` for the side to move without checking that it is legal, and gives the
    /// discs it flipped. An illegal move still places a disc and passes the turn, which leaves
    /// a position no game reaches: use [`play`](Position::play) for outside input.
    ///
    /// # Panics
    /// If `sq` is not an empty playable cell of the board.
    ///
    /// ```
    /// use reversi_core::{Position, sq};
    /// let mut pos = Position::default();
    /// // Legal or not, the disc goes down and the turn passes.
    /// assert!(pos.play_unchecked(sq!(a1)).is_empty());
    /// assert_eq!(pos.to_string(), "X-------/--------/--------/---OX---/---XO---/--------/--------/-------- O");
    /// ```
    pub fn play_unchecked(&mut self, sq: Square) -> Bitboard {
        assert!(self.empty_cells().contains(sq), "play_unchecked on {sq}, which is not an empty playable cell");
        let flips = kernel::dispatch(&self.geometry, Flips { pos: self, square: sq });
        self.apply(sq, flips);
        flips
    }

    fn apply(&mut self, sq: Square, flips: Bitboard) {
        let placed = flips | Bitboard::from_square(sq);
        match self.side {
            Color::Black => {
                self.black |= placed;
                self.white -= flips;
            }
            Color::White => {
                self.white |= placed;
                self.black -= flips;
            }
        }
        self.side = !self.side;
    }

    /// Passes the turn.
    ///
    /// ```
    /// use reversi_core::{Color, MoveError, Position};
    /// let mut pos: Position = "OOO-/OOOO/OOOO/OOOX O".parse()?;
    /// pos.pass()?;
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// assert_eq!(pos.pass(), Err(MoveError::PassWithMoves { color: Color::Black }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveError::PassWithMoves`] if the side to move has a legal move, and
    /// [`MoveError::GameOver`] if neither side has one.
    pub fn pass(&mut self) -> Result<(), MoveError> {
        if self.has_legal_moves() {
            return Err(MoveError::PassWithMoves { color: self.side });
        }
        if !self.opponent_has_moves() {
            return Err(MoveError::GameOver);
        }
        self.side = !self.side;
        Ok(())
    }

    /// The same discs with the other side to move, legal or not: for setting up positions.
    ///
    /// ```
    /// use reversi_core::{Color, Position};
    /// let pos = Position::default().with_side_to_move(Color::White);
    /// assert_eq!(pos.legal_moves().to_string(), "e3 f4 c5 d6");
    /// ```
    #[must_use]
    pub fn with_side_to_move(self, side: Color) -> Position {
        Position { side, ..self }
    }
}

impl Default for Position {
    /// The standard 8×8 start.
    fn default() -> Position {
        Position::start(Geometry::STANDARD).expect("the 8x8 centre is playable")
    }
}

struct LegalMoves<'a> {
    pos: &'a Position,
    color: Color,
}

impl Visitor for LegalMoves<'_> {
    type Output = Bitboard;
    fn visit<L: Layout>(self, mg: L) -> Bitboard {
        let p = mg.compact(self.pos.discs(self.color));
        let o = mg.compact(self.pos.discs(!self.color));
        mg.expand(mg.legal(p, o))
    }
}

struct Flips<'a> {
    pos: &'a Position,
    square: Square,
}

impl Visitor for Flips<'_> {
    type Output = Bitboard;
    fn visit<L: Layout>(self, mg: L) -> Bitboard {
        let side = self.pos.side;
        let p = mg.compact(self.pos.discs(side));
        let o = mg.compact(self.pos.discs(!side));
        mg.expand(mg.flips(p, o, mg.index(self.square)))
    }
}
