//! A GGF game in types: its board, start, moves, result, players and other properties,
//! built only through checks that keep it writable as GGF text that reads back the same.

use reversi_core::{Bitboard, Geometry, Position};
use reversi_variants::Move;

use super::parts::{GgfMove, GgfResult};
use super::{BLOCKED, GgfError, GgfField};

/// The properties read into a [`GgfGame`]'s own parts, so that no other property may have
/// their names: written among the others, they would be read back as those parts (or twice).
const OWN_PROPERTIES: [&str; 10] = ["GM", "BO", BLOCKED, "RE", "PB", "PW", "DT", "TY", "B", "W"];

/// A GGS board type: a square board of side 4 to 14, or the Octagon (`88`).
///
/// Only GGS board types can be built: a square one through [`square`](BoardType::square)
/// (or [`GgsSide::new`]), which refuses any other side, so [`geometry`](BoardType::geometry)
/// and [`name`](BoardType::name) cannot fail.
///
/// ```
/// use reversi_records::ggf::{BoardType, GgfError, GgfField};
///
/// let ten = BoardType::square(10)?;
/// assert_eq!((ten.name(), ten.geometry().width()), ("10".to_owned(), 10));
/// assert_eq!(BoardType::parse("88"), Some(BoardType::Octagon));
/// assert_eq!(BoardType::square(8)?, BoardType::STANDARD);
/// // GGS has no 16x16 board, nor an odd side.
/// assert!(matches!(BoardType::square(16), Err(GgfError::Invalid { field: GgfField::Board, .. })));
/// assert!(BoardType::square(5).is_err());
/// # Ok::<(), GgfError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardType {
    /// An `n × n` board, `n` even and from 4 to 14.
    Square(GgsSide),
    /// The Octagon, type `88`.
    Octagon,
}

/// The side of a square GGS board: even and from 4 to 14.
///
/// Its field is private and [`new`](GgsSide::new) is the only way to build one, so every
/// `GgsSide` is a valid side.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GgsSide {
    // The board itself rather than its side: built once by `new`, from the only constructor
    // of a geometry that checks the side, it is what `BoardType::geometry` hands out, so
    // that needs no check that could fail.
    geometry: Geometry,
}

impl GgsSide {
    /// The smallest side, as for every board.
    const MIN: u8 = 4;
    /// The largest side GGS has; the core's boards go up to 16.
    const MAX: u8 = 14;

    /// The side `n`, if GGS has a square board of that side: `n` even and from 4 to 14.
    #[must_use]
    pub fn new(n: u8) -> Option<GgsSide> {
        if !(n.is_multiple_of(2) && (GgsSide::MIN..=GgsSide::MAX).contains(&n)) {
            return None;
        }
        Geometry::rectangle(n, n).ok().map(|geometry| GgsSide { geometry })
    }

    /// The side, from 4 to 14.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.geometry.width()
    }
}

impl core::fmt::Debug for GgsSide {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("GgsSide").field(&self.get()).finish()
    }
}

impl BoardType {
    /// The standard 8×8 board, type `8`.
    pub const STANDARD: BoardType = BoardType::Square(GgsSide { geometry: Geometry::STANDARD });

    /// The square board type of side `n`.
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Board`]) unless `n` is even and from 4 to 14:
    /// GGS has no other square board.
    pub fn square(n: u8) -> Result<BoardType, GgfError> {
        GgsSide::new(n).map(BoardType::Square).ok_or_else(|| GgfError::Invalid {
            field: GgfField::Board,
            value: n.to_string(),
            reason: "GGS has no such square board: expected a side of 4, 6, 8, 10, 12 or 14".into(),
        })
    }

    /// The type named by GGF text: `4`, `6`, … `14` or `88`.
    #[must_use]
    pub fn parse(text: &str) -> Option<BoardType> {
        match text {
            "88" => Some(BoardType::Octagon),
            // Only the plain decimal forms: `08` or `+8` would not be written back the same.
            "4" | "6" | "8" | "10" | "12" | "14" => text.parse().ok().and_then(GgsSide::new).map(BoardType::Square),
            _ => None,
        }
    }

    /// The board's shape, every cell of it playable.
    #[must_use]
    pub fn geometry(self) -> Geometry {
        match self {
            BoardType::Square(side) => side.geometry,
            BoardType::Octagon => Geometry::octagon(),
        }
    }

    /// The GGF name: `8`, `10`, …, or `88`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            BoardType::Square(side) => side.get().to_string(),
            BoardType::Octagon => "88".to_owned(),
        }
    }
}

/// One GGF game.
///
/// The properties read into parts of their own are `GM` (must be `Othello`), `BO`, `B`, `W`,
/// `RE`, `PB`, `PW`, `DT`, `TY` and the extension `BL` (blocked cells); every other property
/// is kept, in order, in [`properties`](GgfGame::properties).
///
/// The parts are private, and every way to build or change a game checks them, so a game
/// always has a GGS board type, a start position on it, moves on it, finite numbers and
/// property names GGF can write: [`to_ggf`](GgfGame::to_ggf) cannot fail, and
/// [`parse`](super::parse) gives the same game back.
///
/// ```
/// use reversi_core::{Color, Position};
/// use reversi_records::ggf::{self, BoardType, GgfEnding, GgfError, GgfField, GgfGame, GgfMove, GgfResult};
/// use reversi_variants::Move;
///
/// let mut game = GgfGame::new(BoardType::STANDARD, Position::default())?;
/// game.push_move(GgfMove::new(Color::Black, Move::Place("f5".parse()?)).with_time(1.5)?)?;
/// game.set_result(Some(GgfResult::new(-64.0, GgfEnding::Resigned)?));
/// game.set_black(Some("ann".into()));
/// game.push_property("PC", "by hand")?;
/// assert_eq!(ggf::parse(&game.to_ggf())?, [game.clone()]);
///
/// // What GGF could not write back is refused, naming the part, and the game is unchanged.
/// let off = GgfMove::new(Color::White, Move::Place("j10".parse()?));
/// let err = game.push_move(off).unwrap_err();
/// assert!(matches!(err, GgfError::Invalid { field: GgfField::Move { move_number: 2 }, .. }), "{err}");
/// assert!(game.push_property("RE", "+2").is_err());
/// assert_eq!(game.moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    board: BoardType,
    start: Position,
    moves: Vec<GgfMove>,
    result: Option<GgfResult>,
    black: Option<String>,
    white: Option<String>,
    date: Option<String>,
    game_type: Option<String>,
    properties: Vec<(String, String)>,
}

impl GgfGame {
    /// A game on board type `board` from `start`, with no moves, no result, no names and no
    /// other property. The cells of `start` that are unplayable but that `board` does not cut
    /// are the blocked cells (`BL`).
    ///
    /// # Errors
    /// [`GgfError::StartOffBoard`] if `start` is not a position of `board`: another size, or
    /// a playable cell where `board` cuts one (the Octagon's corners).
    pub fn new(board: BoardType, start: Position) -> Result<GgfGame, GgfError> {
        let shape = board.geometry();
        let geometry = start.geometry();
        if geometry.area() != shape.area() || !shape.unplayable().is_subset(geometry.unplayable()) {
            return Err(GgfError::StartOffBoard { board: board.name(), start: start.to_string() });
        }
        Ok(GgfGame {
            board,
            start,
            moves: Vec::new(),
            result: None,
            black: None,
            white: None,
            date: None,
            game_type: None,
            properties: Vec::new(),
        })
    }

    /// The board type, from `BO`.
    #[must_use]
    pub const fn board(&self) -> BoardType {
        self.board
    }

    /// The position before the first move, from `BO`; blocked cells (`BL`) are unplayable.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The moves (`B` and `W`), in order.
    #[must_use]
    pub fn moves(&self) -> &[GgfMove] {
        &self.moves
    }

    /// The result; `None` if `RE` is missing or `?`.
    #[must_use]
    pub const fn result(&self) -> Option<GgfResult> {
        self.result
    }

    /// Black's name (`PB`).
    #[must_use]
    pub fn black(&self) -> Option<&str> {
        self.black.as_deref()
    }

    /// White's name (`PW`).
    #[must_use]
    pub fn white(&self) -> Option<&str> {
        self.white.as_deref()
    }

    /// The date (`DT`), as written.
    #[must_use]
    pub fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }

    /// The game type (`TY`), as written: `8`, `88`, `s8r18`, …
    #[must_use]
    pub fn game_type(&self) -> Option<&str> {
        self.game_type.as_deref()
    }

    /// Every other property, name and value, in order.
    #[must_use]
    pub fn properties(&self) -> &[(String, String)] {
        &self.properties
    }

    /// The first value of property `name` among [`properties`](GgfGame::properties).
    #[must_use]
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The blocked cells: the unplayable cells of the start that the board type does not cut.
    #[must_use]
    pub fn blocked(&self) -> Bitboard {
        self.start.geometry().unplayable() - self.board.geometry().unplayable()
    }

    /// Replaces the moves. Whether they are legal is not checked here (a GGF file may hold
    /// any moves), only that GGF can write them: see [`push_move`](GgfGame::push_move).
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Move`]) for the first move whose square lies
    /// outside the board; the game is then unchanged.
    pub fn set_moves(&mut self, moves: Vec<GgfMove>) -> Result<(), GgfError> {
        if let Some((i, m)) = moves.iter().enumerate().find(|(_, m)| !self.fits(m)) {
            return Err(self.off_board(i + 1, m));
        }
        self.moves = moves;
        Ok(())
    }

    /// Adds a move after the others. Its square (a pass always fits) must lie within the
    /// board's rectangle; a cut or blocked cell is allowed here, as in a file, and refused
    /// when the game is [replayed](GgfGame::replay).
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Move`], numbering the move) if the square lies
    /// outside the board; the game is then unchanged.
    pub fn push_move(&mut self, m: GgfMove) -> Result<(), GgfError> {
        if !self.fits(&m) {
            return Err(self.off_board(self.moves.len() + 1, &m));
        }
        self.moves.push(m);
        Ok(())
    }

    /// Sets the result (`RE`); `None` for no result.
    pub fn set_result(&mut self, result: Option<GgfResult>) {
        self.result = result;
    }

    /// Sets Black's name (`PB`).
    pub fn set_black(&mut self, name: Option<String>) {
        self.black = name;
    }

    /// Sets White's name (`PW`).
    pub fn set_white(&mut self, name: Option<String>) {
        self.white = name;
    }

    /// Sets the date (`DT`), kept as written.
    pub fn set_date(&mut self, date: Option<String>) {
        self.date = date;
    }

    /// Sets the game type (`TY`), kept as written.
    pub fn set_game_type(&mut self, game_type: Option<String>) {
        self.game_type = game_type;
    }

    /// Replaces the other properties. Any value can be written; see
    /// [`push_property`](GgfGame::push_property) for the names.
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Property`]) for the first name that is not a GGF
    /// property name, is one of the game's own, or repeats `RU`, `SD`, `SC` or `EV`; the game
    /// is then unchanged.
    pub fn set_properties(&mut self, properties: Vec<(String, String)>) -> Result<(), GgfError> {
        for (i, (name, _)) in properties.iter().enumerate() {
            check_property_name(name)?;
            check_once(name, &properties[..i])?;
        }
        self.properties = properties;
        Ok(())
    }

    /// Adds a property after the others. Its name must be capital letters `A`–`Z` and not
    /// one of those read into the game's own parts (`GM`, `BO`, `BL`, `RE`, `PB`, `PW`, `DT`,
    /// `TY`, `B`, `W`); a name may repeat, except the extension properties a game holds once
    /// (`RU`, `SD`, `SC`, `EV`), which a reader would refuse twice.
    ///
    /// # Errors
    /// [`GgfError::Invalid`] ([`GgfField::Property`]) for any other name, or a second `RU`,
    /// `SD`, `SC` or `EV`; the game is then unchanged.
    pub fn push_property(&mut self, name: impl Into<String>, value: impl Into<String>) -> Result<(), GgfError> {
        let name = name.into();
        check_property_name(&name)?;
        check_once(&name, &self.properties)?;
        self.properties.push((name, value.into()));
        Ok(())
    }

    /// Whether GGF can write `m` on this board: a pass, or a square within the rectangle.
    fn fits(&self, m: &GgfMove) -> bool {
        match m.played() {
            Move::Place(sq) => self.start.geometry().contains(sq),
            Move::Pass => true,
        }
    }

    fn off_board(&self, move_number: usize, m: &GgfMove) -> GgfError {
        let g = self.start.geometry();
        GgfError::Invalid {
            field: GgfField::Move { move_number },
            value: m.played().to_string(),
            reason: format!("outside the {}x{} board", g.width(), g.height()),
        }
    }
}

/// Refuses a second extension property that a game holds once (see `ONCE_EXTENSIONS`).
fn check_once(name: &str, before: &[(String, String)]) -> Result<(), GgfError> {
    if super::ONCE_EXTENSIONS.contains(&name) && before.iter().any(|(n, _)| n == name) {
        return Err(GgfError::Invalid {
            field: GgfField::Property,
            value: name.to_owned(),
            reason: "a game holds this extension property once".to_owned(),
        });
    }
    Ok(())
}

fn check_property_name(name: &str) -> Result<(), GgfError> {
    let invalid = |reason: &str| GgfError::Invalid {
        field: GgfField::Property,
        value: name.to_owned(),
        reason: reason.to_owned(),
    };
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(invalid("a property name is capital letters A to Z"));
    }
    if OWN_PROPERTIES.contains(&name) {
        return Err(invalid("the game has a part of its own for this property"));
    }
    Ok(())
}
