//! A GGF game read into types: board, moves, result, players, and the other properties.

use core::fmt::Write as _;

use reversi_core::{Bitboard, Color, Geometry, Position, Square};
use reversi_variants::Move;

use super::syntax::{self, RawProperty};
use super::{BLOCKED, GgfError};

/// A GGS board type: a square board of side 4 to 14, or the Octagon (`88`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardType {
    /// An `n × n` board, `n` even and from 4 to 14.
    Square(u8),
    /// The Octagon, type `88`.
    Octagon,
}

impl BoardType {
    /// The type named by GGF text: `4` … `14` or `88`.
    #[must_use]
    pub fn parse(text: &str) -> Option<BoardType> {
        match text {
            "88" => Some(BoardType::Octagon),
            "4" | "6" | "8" | "10" | "12" | "14" => text.parse().ok().map(BoardType::Square),
            _ => None,
        }
    }

    /// The board's shape, every cell of it playable.
    ///
    /// # Panics
    /// For `Square(n)` with `n` odd or outside 4 to 16, which no [`parse`](BoardType::parse)d
    /// type is.
    #[must_use]
    pub fn geometry(self) -> Geometry {
        match self {
            BoardType::Square(n) => Geometry::rectangle(n.into(), n.into()).expect("GGS sizes are valid"),
            BoardType::Octagon => Geometry::octagon(),
        }
    }

    /// The GGF name: `8`, `10`, …, or `88`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            BoardType::Square(n) => n.to_string(),
            BoardType::Octagon => "88".to_owned(),
        }
    }
}

/// A move as GGF writes it, `B[f5/1.23/4.5]`: the colour, the move, and the optional
/// evaluation and time (seconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfMove {
    /// Who moved.
    pub color: Color,
    /// The cell, or a pass (`PA` or `pass`).
    pub played: Move,
    /// The mover's evaluation, if given.
    pub eval: Option<f64>,
    /// The time taken in seconds, if given.
    pub time: Option<f64>,
}

/// How a GGF game ended, from the flag of its `RE` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GgfEnding {
    /// No flag: played to the end.
    Normal,
    /// `:r`, resigned.
    Resigned,
    /// `:t`, lost on time.
    Timeout,
    /// `:s`, a score both players agreed.
    Agreed,
}

/// The `RE` value: Black's margin (Black's score minus White's) and how the game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfResult {
    /// Black's margin.
    pub margin: f64,
    /// How the game ended.
    pub ending: GgfEnding,
}

/// One GGF game.
///
/// The properties read into fields are `GM` (must be `Othello`), `BO`, `B`, `W`, `RE`, `PB`,
/// `PW`, `DT`, `TY` and the extension `BL` (blocked cells); every other property is kept,
/// in order, in [`properties`](GgfGame::properties).
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// The board type, from `BO`.
    pub board: BoardType,
    /// The position before the first move, from `BO`; blocked cells (`BL`) are unplayable.
    pub start: Position,
    /// The moves.
    pub moves: Vec<GgfMove>,
    /// The result; `None` if `RE` is missing or `?`.
    pub result: Option<GgfResult>,
    /// Black's name (`PB`).
    pub black: Option<String>,
    /// White's name (`PW`).
    pub white: Option<String>,
    /// The date (`DT`), as written.
    pub date: Option<String>,
    /// The game type (`TY`), as written: `8`, `88`, `s8r18`, …
    pub game_type: Option<String>,
    /// Every other property, name and value, in order.
    pub properties: Vec<(String, String)>,
}

impl GgfGame {
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

    /// Reads the games of a GGF text (one or several `(;GM[Othello]…;)`).
    ///
    /// # Errors
    /// A [`GgfError`] naming the game and the property at fault.
    pub fn parse_all(text: &str) -> Result<Vec<GgfGame>, GgfError> {
        syntax::parse(text)?.into_iter().enumerate().map(|(i, props)| GgfGame::from_properties(i + 1, props)).collect()
    }

    fn from_properties(game: usize, props: Vec<RawProperty>) -> Result<GgfGame, GgfError> {
        let value_error = |p: &RawProperty, reason: String| GgfError::Value {
            game,
            property: p.name.clone(),
            value: p.value.clone(),
            reason,
        };
        let once = |name: &str| -> Result<Option<&RawProperty>, GgfError> {
            let mut found = props.iter().filter(|p| p.name == name);
            let first = found.next();
            if found.next().is_some() {
                return Err(GgfError::Duplicate { game, property: name.to_owned() });
            }
            Ok(first)
        };
        match once("GM")? {
            Some(p) if p.value.trim() == "Othello" => {}
            Some(p) => return Err(value_error(p, "the game must be Othello".into())),
            None => {}
        }
        let bo = once("BO")?.ok_or(GgfError::MissingBoard { game })?;
        let blocked = match once(BLOCKED)? {
            Some(p) => parse_cells(&p.value).map_err(|reason| value_error(p, reason))?,
            None => Bitboard::EMPTY,
        };
        let (board, start) = parse_board(&bo.value, blocked).map_err(|reason| value_error(bo, reason))?;
        let result = match once("RE")? {
            Some(p) => parse_result(&p.value).map_err(|reason| value_error(p, reason))?,
            None => None,
        };
        let text = |name: &str| Ok::<_, GgfError>(once(name)?.map(|p| p.value.clone()));
        let (black, white, date, game_type) = (text("PB")?, text("PW")?, text("DT")?, text("TY")?);
        let mut moves = Vec::new();
        let mut properties = Vec::new();
        for p in &props {
            match p.name.as_str() {
                "B" | "W" => {
                    let color = if p.name == "B" { Color::Black } else { Color::White };
                    let m = parse_move(&p.value, color, &start).map_err(|reason| GgfError::Move {
                        game,
                        move_number: moves.len() + 1,
                        value: p.value.clone(),
                        reason,
                    })?;
                    moves.push(m);
                }
                "GM" | "BO" | "RE" | "PB" | "PW" | "DT" | "TY" => {}
                name if name == BLOCKED => {}
                name => properties.push((name.to_owned(), p.value.clone())),
            }
        }
        Ok(GgfGame { board, start, moves, result, black, white, date, game_type, properties })
    }

    /// The game as GGF text, `(;GM[Othello]…;)`. Moves are written `B[f5]`, with `/eval` and
    /// `/time` when known, and passes as `PA`.
    ///
    /// # Errors
    /// [`GgfError::StartOffBoard`] if [`start`](GgfGame::start) is not a position of
    /// [`board`](GgfGame::board) (the fields are public, so nothing else keeps them in step).
    pub fn to_ggf(&self) -> Result<String, GgfError> {
        let shape = self.board.geometry();
        let geometry = self.start.geometry();
        if geometry.area() != shape.area() || !shape.unplayable().is_subset(geometry.unplayable()) {
            return Err(GgfError::StartOffBoard { board: self.board.name(), start: self.start.to_string() });
        }
        let mut out = String::from("(;");
        syntax::write_property(&mut out, "GM", "Othello");
        for (name, value) in [("PB", &self.black), ("PW", &self.white), ("DT", &self.date), ("TY", &self.game_type)] {
            if let Some(value) = value {
                syntax::write_property(&mut out, name, value);
            }
        }
        if let Some(r) = &self.result {
            let flag = match r.ending {
                GgfEnding::Normal => "",
                GgfEnding::Resigned => ":r",
                GgfEnding::Timeout => ":t",
                GgfEnding::Agreed => ":s",
            };
            syntax::write_property(&mut out, "RE", &format!("{:+}{flag}", r.margin));
        }
        syntax::write_property(&mut out, "BO", &write_board(self.board, &self.start));
        let blocked = self.blocked();
        if !blocked.is_empty() {
            syntax::write_property(&mut out, BLOCKED, &blocked.to_string());
        }
        for (name, value) in &self.properties {
            syntax::write_property(&mut out, name, value);
        }
        for m in &self.moves {
            let mut value = match m.played {
                Move::Place(sq) => sq.to_string(),
                Move::Pass => "PA".to_owned(),
            };
            match (m.eval, m.time) {
                (None, None) => {}
                (Some(e), None) => write!(value, "/{e}").expect("writing to a String"),
                (e, Some(t)) => {
                    let e = e.map(|e| e.to_string()).unwrap_or_default();
                    write!(value, "/{e}/{t}").expect("writing to a String");
                }
            }
            syntax::write_property(&mut out, if m.color == Color::Black { "B" } else { "W" }, &value);
        }
        out.push_str(";)");
        Ok(out)
    }
}

/// Cell names separated by spaces or commas, each once.
pub(crate) fn parse_cells(text: &str) -> Result<Bitboard, String> {
    let mut cells = Bitboard::EMPTY;
    for name in text.split([' ', ',']).filter(|s| !s.is_empty()) {
        let sq: Square = name.parse().map_err(|e| format!("{e}"))?;
        if cells.contains(sq) {
            return Err(format!("cell {sq} is listed twice"));
        }
        cells.insert(sq);
    }
    Ok(cells)
}

/// `BO[type cells side]`: the type, one character per playable cell row by row (cut cells of
/// the Octagon skipped; whitespace ignored), then `*` or `O` for the side to move.
fn parse_board(text: &str, blocked: Bitboard) -> Result<(BoardType, Position), String> {
    let text = text.trim_start();
    let (kind, rest) = text.split_once(char::is_whitespace).ok_or("expected the board type, then the cells")?;
    let board = BoardType::parse(kind).ok_or_else(|| format!("unknown board type {kind:?}: expected 4 to 14 or 88"))?;
    let shape = board.geometry();
    let geometry = shape.with_unplayable(blocked).map_err(|e| format!("blocked cells: {e}"))?;
    if let Some(sq) = (blocked - shape.playable()).first() {
        return Err(format!("blocked cell {sq} is not a playable cell of the board"));
    }
    let mut symbols = rest.chars().filter(|c| !c.is_whitespace());
    let (mut black, mut white) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for sq in shape.playable() {
        let c = symbols.next().ok_or_else(|| format!("too few cells: expected {}", shape.playable().len()))?;
        match c {
            '*' | 'X' | 'x' => black.insert(sq),
            'O' | 'o' | '0' => white.insert(sq),
            '-' | '.' => {}
            c => return Err(format!("invalid cell {c:?} at {sq}: expected *, O or -")),
        }
    }
    let side = match symbols.next() {
        Some('*' | 'X' | 'x') => Color::Black,
        Some('O' | 'o' | '0') => Color::White,
        Some(c) => return Err(format!("invalid side to move {c:?}: expected * or O")),
        None => return Err("missing the side to move (* or O) after the cells".into()),
    };
    if let Some(c) = symbols.next() {
        return Err(format!("unexpected {c:?} after the side to move"));
    }
    let position = Position::from_parts(geometry, black, white, side).map_err(|e| format!("{e}"))?;
    Ok((board, position))
}

fn write_board(board: BoardType, start: &Position) -> String {
    let mut out = board.name();
    let shape = board.geometry();
    let mut row = None;
    for sq in shape.playable() {
        if row != Some(sq.row()) {
            out.push(' ');
            row = Some(sq.row());
        }
        out.push(match start.disc_at(sq) {
            Some(Color::Black) => '*',
            Some(Color::White) => 'O',
            None => '-',
        });
    }
    out.push(' ');
    out.push(if start.side_to_move() == Color::Black { '*' } else { 'O' });
    out
}

/// `?` (unknown), or Black's margin with an optional flag `:r`, `:t` or `:s`.
fn parse_result(text: &str) -> Result<Option<GgfResult>, String> {
    let text = text.trim();
    if text == "?" {
        return Ok(None);
    }
    let (number, flag) = match text.split_once(':') {
        Some((n, f)) => (n, Some(f)),
        None => (text, None),
    };
    let ending = match flag {
        None => GgfEnding::Normal,
        Some("r") => GgfEnding::Resigned,
        Some("t") => GgfEnding::Timeout,
        Some("s") => GgfEnding::Agreed,
        Some(f) => return Err(format!("unknown result flag {f:?}: expected r, t or s")),
    };
    let margin = parse_number(number).ok_or_else(|| format!("invalid margin {number:?}"))?;
    Ok(Some(GgfResult { margin, ending }))
}

/// A finite decimal number such as `+6.000`, `-1.5` or `12`: no exponent, no `inf`/`NaN`.
fn parse_number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let ok = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().filter(|&b| b == b'.').count() <= 1
        && digits.bytes().any(|b| b.is_ascii_digit());
    if ok { text.parse().ok() } else { None }
}

/// `f5`, `f5/eval`, `f5/eval/time` or `f5//time`; `PA` or `pass` for a pass.
fn parse_move(text: &str, color: Color, start: &Position) -> Result<GgfMove, String> {
    let mut parts = text.trim().split('/');
    let name = parts.next().unwrap_or_default().trim();
    let played = if name.eq_ignore_ascii_case("pa") || name.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        let sq: Square = name.parse().map_err(|e| format!("{e}"))?;
        if !start.geometry().contains(sq) {
            return Err(format!("{sq} is outside the board"));
        }
        Move::Place(sq)
    };
    let mut field = |what: &str| -> Result<Option<f64>, String> {
        match parts.next().map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) => parse_number(t).map(Some).ok_or_else(|| format!("invalid {what} {t:?}")),
        }
    };
    let eval = field("evaluation")?;
    let time = field("time")?;
    if let Some(extra) = parts.next() {
        return Err(format!("unexpected {extra:?} after the time"));
    }
    Ok(GgfMove { color, played, eval, time })
}
