//! Reading a [`GgfGame`] from GGF text and writing it back.

use core::fmt::Write as _;

use reversi_core::{Bitboard, Color, Position, Square};
use reversi_variants::Move;

use super::game::{BoardType, GgfGame};
use super::parts::{GgfEnding, GgfMove, GgfResult};
use super::syntax::{self, RawGames, RawProperty};
use super::{BLOCKED, GgfError};

impl GgfGame {
    /// Reads the games of a GGF text (one or several `(;GM[Othello]…;)`).
    ///
    /// # Errors
    /// A [`GgfError`] naming the game and the property at fault.
    pub fn parse_all(text: &str) -> Result<Vec<GgfGame>, GgfError> {
        GgfGames::new(text).collect()
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
        // The game is built through the same checks as one built by hand, so that what is
        // read can always be written back; a check that fails is reported on its property.
        let mut g = GgfGame::new(board, start).map_err(|e| value_error(bo, e.to_string()))?;
        if let Some(p) = once("RE")? {
            g.set_result(parse_result(&p.value).map_err(|reason| value_error(p, reason))?);
        }
        for name in super::ONCE_EXTENSIONS {
            once(name)?;
        }
        let text = |name: &str| Ok::<_, GgfError>(once(name)?.map(|p| p.value.clone()));
        g.set_black(text("PB")?);
        g.set_white(text("PW")?);
        g.set_date(text("DT")?);
        g.set_game_type(text("TY")?);
        for p in &props {
            match p.name.as_str() {
                "B" | "W" => {
                    let color = if p.name == "B" { Color::Black } else { Color::White };
                    let move_number = g.moves().len() + 1;
                    let move_error = |reason| GgfError::Move { game, move_number, value: p.value.clone(), reason };
                    let m = parse_move(&p.value, color).map_err(move_error)?;
                    let refused = match g.push_move(m) {
                        Ok(()) => continue,
                        Err(GgfError::Invalid { value, reason, .. }) => format!("{value} is {reason}"),
                        Err(other) => other.to_string(),
                    };
                    return Err(move_error(refused));
                }
                "GM" | "BO" | "RE" | "PB" | "PW" | "DT" | "TY" => {}
                name if name == BLOCKED => {}
                name => g.push_property(name, p.value.as_str()).map_err(|e| value_error(p, e.to_string()))?,
            }
        }
        Ok(g)
    }

    /// The game as GGF text, `(;GM[Othello]…;)`. Moves are written `B[f5]`, with `/eval` and
    /// `/time` when known, and passes as `PA`. Read back with [`parse`](super::parse), it is
    /// the same game.
    #[must_use]
    pub fn to_ggf(&self) -> String {
        let mut out = String::from("(;");
        syntax::write_property(&mut out, "GM", "Othello");
        for (name, value) in [("PB", self.black()), ("PW", self.white()), ("DT", self.date()), ("TY", self.game_type())]
        {
            if let Some(value) = value {
                syntax::write_property(&mut out, name, value);
            }
        }
        if let Some(r) = self.result() {
            let flag = match r.ending() {
                GgfEnding::Normal => "",
                GgfEnding::Resigned => ":r",
                GgfEnding::Timeout => ":t",
                GgfEnding::Agreed => ":s",
            };
            syntax::write_property(&mut out, "RE", &format!("{:+}{flag}", r.margin()));
        }
        syntax::write_property(&mut out, "BO", &write_board(self.board(), self.start()));
        let blocked = self.blocked();
        if !blocked.is_empty() {
            syntax::write_property(&mut out, BLOCKED, &blocked.to_string());
        }
        for (name, value) in self.properties() {
            syntax::write_property(&mut out, name, value);
        }
        for m in self.moves() {
            let mut value = match m.played() {
                Move::Place(sq) => sq.to_string(),
                Move::Pass => "PA".to_owned(),
            };
            match (m.eval(), m.time()) {
                (None, None) => {}
                (Some(e), None) => write!(value, "/{e}").expect("writing to a String"),
                (e, Some(t)) => {
                    let e = e.map(|e| e.to_string()).unwrap_or_default();
                    write!(value, "/{e}/{t}").expect("writing to a String");
                }
            }
            syntax::write_property(&mut out, if m.color() == Color::Black { "B" } else { "W" }, &value);
        }
        out.push_str(";)");
        out
    }
}

/// Cell names separated by spaces or commas, each once.
/// The games of a GGF text, read one at a time (see [`games`](super::games)).
#[derive(Clone, Debug)]
pub struct GgfGames<'a> {
    raw: RawGames<'a>,
    read: usize,
}

impl<'a> GgfGames<'a> {
    pub(crate) fn new(text: &'a str) -> GgfGames<'a> {
        GgfGames { raw: RawGames::new(text), read: 0 }
    }

    /// The byte offset up to which the text has been read: the end of the last game read
    /// (and the space after it), so that a caller can see that the rest was left alone.
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.raw.offset()
    }
}

impl Iterator for GgfGames<'_> {
    type Item = Result<GgfGame, GgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        let properties = self.raw.next()?;
        self.read += 1;
        Some(properties.and_then(|props| GgfGame::from_properties(self.read, props)))
    }
}

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
    GgfResult::new(margin, ending).map(Some).map_err(|e| e.to_string())
}

/// A finite decimal number such as `+6.000`, `-1.5` or `12`: no exponent, no `inf`/`NaN`,
/// and not so long that it overflows to an infinity.
fn parse_number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let ok = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().filter(|&b| b == b'.').count() <= 1
        && digits.bytes().any(|b| b.is_ascii_digit());
    if ok { text.parse().ok().filter(|x: &f64| x.is_finite()) } else { None }
}

/// `f5`, `f5/eval`, `f5/eval/time` or `f5//time`; `PA` or `pass` for a pass. Whether the
/// square lies on the board is left to [`GgfGame::push_move`].
fn parse_move(text: &str, color: Color) -> Result<GgfMove, String> {
    let mut parts = text.trim().split('/');
    let name = parts.next().unwrap_or_default().trim();
    let played = if name.eq_ignore_ascii_case("pa") || name.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        Move::Place(name.parse::<Square>().map_err(|e| format!("{e}"))?)
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
    let mut m = GgfMove::new(color, played);
    if let Some(eval) = eval {
        m = m.with_eval(eval).map_err(|e| e.to_string())?;
    }
    if let Some(time) = time {
        m = m.with_time(time).map_err(|e| e.to_string())?;
    }
    Ok(m)
}
