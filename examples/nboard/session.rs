//! The NBoard protocol without a process: a [`Session`] takes one command line at a time and
//! gives the lines to write on stdout and on stderr, so that scripted sessions are tested
//! directly.
//!
//! Commands (one a line; words separated by spaces):
//!
//! | command | answer on stdout |
//! |---|---|
//! | `nboard 2` | `set myname reversi-kit` |
//! | `set depth N` | none: the deepest midgame search, 1 to [`MAX_DEPTH`]; exact solves from N + 4 empties (at most 20) |
//! | `set game GGF` | none: the position after the game's moves (any GGS board: 4×4 to 14×14, the Octagon, `BL` blocked cells), and the game's clock (`TI`, less the times of each side's moves) |
//! | `set contempt N` | none: kept; the engine plays for the disc margin, so it changes nothing |
//! | `move f5[/eval[/time]]` | none: plays the move (`PA` passes; a pass left out is put back) |
//! | `hint N` | `search <pv> <eval> 0 <depth>` for the N best moves, best first (`100%` for an exact value); in a position of the book built in for its board (8×8, 10×10, the Octagon, 6×6), `book <pv> <eval> 0 <depth>` for its N best book moves instead (the line follows the book's best moves; `0`: the book keeps no game counts) |
//! | `go` | `=== <move>/<eval>/<seconds>` (the game is not changed: the GUI sends the move back) |
//! | `ping N` | `pong N` |
//! | `learn` | `learned` |
//! | `quit` | none: ends the session |
//!
//! `go` and `hint` keep to a time: the share of the side's time left that
//! [`Clock::budget`](reversi_kit::engine::clock::Clock::budget) gives when the game has a clock
//! (`TI[5:00]`), else the session's time a move (`--move-time`); the depth set is the most they
//! search within it. A search stops early, answering with what it has, when
//! [`Session::stop_flag`] is set: `main` sets it on `ping` and `quit`, which it reads while a
//! search runs, so that `pong` comes at once and after the search's answer.
//!
//! Anything else, or a command that does not fit (a move that is not legal, GGF the session
//! cannot read, a number out of range), is refused with one line on stderr, quoting at most
//! 200 characters of the line, and the session stays as it was.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reversi_kit::engine::book::Book;
use reversi_kit::engine::clock::{Clock, TimeControl};
use reversi_kit::engine::ranking::rank_moves;
use reversi_kit::engine::search::{Limits, Searcher, Value};
use reversi_kit::records::ggf::{self, GgfError};
use reversi_kit::variants::Move;
use reversi_kit::{Color, Position};

/// The deepest midgame search `set depth` takes. Deeper, no search on any board completes
/// within a game's time (8×8 reaches 13 plies in a tenth of a second, and each ply costs
/// about three times the one before), so a larger number would be a promise not kept.
pub const MAX_DEPTH: u32 = 30;

/// The time a move (and a hint) may take when the game has no clock (`TI`).
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);

/// The depth before the first `set depth`.
pub const DEFAULT_DEPTH: u32 = 10;

/// The most empty cells a search solves exactly, whatever the depth.
const MAX_EXACT_EMPTIES: u32 = 20;

/// The name the engine gives itself (`set myname`).
pub const NAME: &str = "reversi-kit";

/// Why a command is refused.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A command this engine does not know.
    #[error("unknown command {0:?}")]
    Unknown(String),
    /// A command without the argument it needs, or with one too many.
    #[error("{command}: expected {expected}")]
    Usage {
        /// The command.
        command: &'static str,
        /// What it takes.
        expected: &'static str,
    },
    /// A number that is not one, or out of range.
    #[error("{command}: {text:?} is not {expected}")]
    Number {
        /// The command.
        command: &'static str,
        /// The text given.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// GGF text that cannot be read, or a game the engine cannot play.
    #[error("set game: {0}")]
    Game(#[from] GgfError),
    /// A GGF text that holds no game or several.
    #[error("set game: expected one game, found {0}")]
    GameCount(usize),
    /// A move of the game that is not legal where it is played.
    #[error("{context}: move {played} is not legal here ({reason})")]
    IllegalMove {
        /// The command, with the move's number in a game.
        context: String,
        /// The move.
        played: String,
        /// Why.
        reason: String,
    },
    /// `move`, `hint` or `go` before `set game`.
    #[error("{0}: no game yet (send set game first)")]
    NoGame(&'static str),
    /// `hint` or `go` on a finished game.
    #[error("{0}: the game is over")]
    GameOver(&'static str),
}

/// What one command line gives: lines for stdout and stderr, and whether the session ends.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The lines for stdout, without their line ends.
    pub out: Vec<String>,
    /// The lines for stderr.
    pub err: Vec<String>,
    /// Whether the session ends (`quit`).
    pub quit: bool,
}

/// One engine's state in an NBoard session: the position, the depth, the clock and the
/// searcher with its table, reused from move to move.
#[derive(Debug)]
pub struct Session {
    position: Option<Position>,
    depth: u32,
    contempt: i32,
    searcher: Searcher,
    /// The game's time for each side (`TI`), if it has a clock.
    game_time: Option<Duration>,
    /// The time each side's moves took so far (Black's, then White's).
    used: [Duration; 2],
    /// The time a move may take without a clock.
    move_time: Duration,
    /// Stops the running `go` or `hint`, every search of a hint's ranking included; cleared
    /// as each of them starts.
    stop: Arc<AtomicBool>,
}

impl Session {
    /// A session whose searcher's tables take `hash_bytes` bytes in all, searching on
    /// `threads` threads.
    pub fn new(hash_bytes: usize, threads: usize) -> Session {
        Session {
            position: None,
            depth: DEFAULT_DEPTH,
            contempt: 0,
            searcher: Searcher::with_hash_bytes(hash_bytes).with_threads(threads),
            game_time: None,
            used: [Duration::ZERO; 2],
            move_time: DEFAULT_MOVE_TIME,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The same session with `time` a move when the game has no clock.
    #[must_use]
    pub fn with_move_time(self, time: Duration) -> Session {
        Session { move_time: time, ..self }
    }

    /// The flag that stops a running `go` or `hint` (it answers with what it has found).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The time a search for `position`'s side to move may take: the clock's budget for the
    /// time that side has left, or the time a move without a clock.
    fn budget(&self, position: &Position) -> Duration {
        let Some(game_time) = self.game_time else { return self.move_time };
        let side = side_index(position.side_to_move());
        let Ok(control) = TimeControl::fischer(game_time, Duration::ZERO) else { return self.move_time };
        let mut clock = Clock::new(control);
        // The time left is at most the game's, which the control took: always accepted.
        let _ = clock.set_remaining(game_time.saturating_sub(self.used[side]));
        clock.budget(position)
    }

    /// The limits of a search at the session's depth, within the budget: exact from the
    /// empties that depth reaches ([`exact_empties`]), stopped by the session's flag, which
    /// this clears (a stop meant for an earlier search is spent).
    fn limits(&self, position: &Position) -> Limits {
        self.stop.store(false, Ordering::Relaxed);
        Limits::depth(self.depth)
            .with_exact_empties(exact_empties(self.depth))
            .with_time(self.budget(position))
            .with_stop_flag(Arc::clone(&self.stop))
    }

    /// Answers one command line.
    pub fn handle(&mut self, line: &str) -> Reply {
        let mut reply = Reply::default();
        if let Err(error) = self.run(line.trim(), &mut reply) {
            reply.out.clear();
            // A refused line may be megabytes long: the error quotes at most 200 characters.
            reply.err.push(reversi_kit::records::clip(&error.to_string()).into_owned());
        }
        reply
    }

    fn run(&mut self, line: &str, reply: &mut Reply) -> Result<(), CommandError> {
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => {}
            "nboard" => {
                let version = number::<u32>("nboard", rest, "a protocol version")?;
                if version != 2 {
                    reply.err.push(format!("nboard: protocol version {version}; this engine speaks version 2"));
                }
                reply.out.push(format!("set myname {NAME}"));
            }
            "set" => self.set(rest)?,
            "move" => {
                let position = self.position.as_mut().ok_or(CommandError::NoGame("move"))?;
                let text = single("move", rest, "a move, as f5, f5/eval/time or PA")?;
                let mut fields = text.split('/');
                let played = parse_move("move", fields.next().unwrap_or(""))?;
                for field in fields.by_ref().take(2) {
                    if !field.is_empty() && field.parse::<f64>().map_or(true, |x| !x.is_finite()) {
                        return Err(CommandError::Number {
                            command: "move",
                            text: field.to_owned(),
                            expected: "an evaluation or a time in seconds",
                        });
                    }
                }
                if fields.next().is_some() {
                    return Err(CommandError::Usage { command: "move", expected: "at most move/eval/time" });
                }
                let mut next = *position;
                play(&mut next, played, None).map_err(|reason| illegal("move".into(), played, reason))?;
                // The mover is the side that placed the disc, or that passed.
                let mover = match played {
                    Move::Place(sq) => next.disc_at(sq).unwrap_or(position.side_to_move()),
                    Move::Pass => position.side_to_move(),
                };
                let time = text.split('/').nth(2).filter(|t| !t.is_empty()).map(|t| seconds("move", t)).transpose()?;
                *position = next;
                if let Some(time) = time {
                    let used = &mut self.used[side_index(mover)];
                    *used = used.saturating_add(time);
                }
            }
            "hint" => {
                let n = number::<usize>("hint", rest, "a count of moves")?;
                let position = self.playable("hint")?;
                let book = book_hints(&position, n);
                if !book.is_empty() {
                    reply.out.extend(book);
                    return Ok(());
                }
                let limits = self.limits(&position);
                let ranked = rank_moves(&mut self.searcher, &position, limits);
                for r in ranked.iter().take(n) {
                    let pv: String = r.pv().iter().map(|&m| move_text(m)).collect();
                    reply.out.push(format!(
                        "search {pv} {} 0 {}",
                        eval_text(r.value()),
                        depth_text(r.value(), r.depth())
                    ));
                }
            }
            "go" => {
                if !rest.is_empty() {
                    return Err(CommandError::Usage { command: "go", expected: "no argument" });
                }
                let position = self.playable("go")?;
                let start = Instant::now();
                let limits = self.limits(&position);
                let result = self.searcher.search(&position, limits).ok_or(CommandError::GameOver("go"))?;
                reply.out.push(format!(
                    "=== {}/{}/{:.1}",
                    move_text(result.best()),
                    eval_text(result.value()),
                    start.elapsed().as_secs_f64()
                ));
            }
            "ping" => {
                let n = number::<u64>("ping", rest, "a number")?;
                reply.out.push(format!("pong {n}"));
            }
            "learn" => reply.out.push("learned".into()),
            "quit" => reply.quit = true,
            other => return Err(CommandError::Unknown(other.chars().take(40).collect())),
        }
        Ok(())
    }

    fn set(&mut self, rest: &str) -> Result<(), CommandError> {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            "depth" => {
                let depth = number::<u32>("set depth", value, "a depth from 1 to 30")?;
                if !(1..=MAX_DEPTH).contains(&depth) {
                    return Err(CommandError::Number {
                        command: "set depth",
                        text: value.to_owned(),
                        expected: "a depth from 1 to 30",
                    });
                }
                self.depth = depth;
            }
            "contempt" => {
                self.contempt = number::<i32>("set contempt", value, "a contempt in hundredths of a disc")?;
            }
            "game" => {
                let (position, game_time, used) = replay(value)?;
                (self.position, self.game_time, self.used) = (Some(position), game_time, used);
            }
            _ => return Err(CommandError::Unknown(format!("set {}", what.chars().take(40).collect::<String>()))),
        }
        Ok(())
    }

    /// The position, if set and not finished.
    fn playable(&self, command: &'static str) -> Result<Position, CommandError> {
        let position = self.position.ok_or(CommandError::NoGame(command))?;
        if position.is_game_over() {
            return Err(CommandError::GameOver(command));
        }
        Ok(position)
    }
}

/// The count of empty cells from which a search at `depth` solves exactly.
fn exact_empties(depth: u32) -> u32 {
    (depth + 4).min(MAX_EXACT_EMPTIES)
}

/// The position at the end of the one game of `text`, the game's time for each side (`TI`),
/// if it has one, and the time each side's moves took.
fn replay(text: &str) -> Result<(Position, Option<Duration>, [Duration; 2]), CommandError> {
    let games = ggf::parse(text)?;
    let [game] = games.as_slice() else { return Err(CommandError::GameCount(games.len())) };
    let game_time = game.property("TI").map(game_time).transpose()?;
    let mut position = *game.start();
    let mut used = [Duration::ZERO; 2];
    for (i, m) in game.moves().iter().enumerate() {
        let context = format!("set game, move {}", i + 1);
        play(&mut position, m.played(), Some(m.color())).map_err(|reason| illegal(context, m.played(), reason))?;
        if let Some(time) = m.time() {
            let time = Duration::try_from_secs_f64(time).map_err(|_| CommandError::Number {
                command: "set game",
                text: time.to_string(),
                expected: "a move's time in seconds",
            })?;
            used[side_index(m.color())] = used[side_index(m.color())].saturating_add(time);
        }
    }
    Ok((position, game_time, used))
}

/// The index of `color` in the clocks: Black 0, White 1.
fn side_index(color: Color) -> usize {
    usize::from(color == Color::White)
}

/// A GGF time (`TI`): `[[hours:]minutes:]seconds` (`5:00`, `0:05`, `1:00:00`), anything after a
/// `/` (GGS's extension and increment) left aside.
fn game_time(text: &str) -> Result<Duration, CommandError> {
    let bad = || CommandError::Number {
        command: "set game",
        text: format!("TI[{}]", text.chars().take(40).collect::<String>()),
        expected: "a time such as 5:00 or 1:00:00",
    };
    let main = text.split('/').next().unwrap_or("").trim();
    let fields: Vec<&str> = main.split(':').collect();
    if fields.len() > 3 {
        return Err(bad());
    }
    let mut total = 0.0;
    for field in &fields {
        let value: f64 = field.parse().map_err(|_| bad())?;
        if !value.is_finite() || value < 0.0 {
            return Err(bad());
        }
        total = total * 60.0 + value;
    }
    // At most a year, as a clock takes.
    Duration::try_from_secs_f64(total).ok().filter(|t| *t <= TimeControl::MAX).ok_or_else(bad)
}

/// A time in seconds, as `move f5/eval/time` gives it.
fn seconds(command: &'static str, text: &str) -> Result<Duration, CommandError> {
    text.parse::<f64>().ok().and_then(|t| Duration::try_from_secs_f64(t).ok()).ok_or_else(|| CommandError::Number {
        command,
        text: text.chars().take(40).collect(),
        expected: "a time in seconds",
    })
}

/// Plays `played` (by `color`, if given) on `position`, putting back a pass left out: a
/// placement by the side that is not to move, when the side to move must pass.
fn play(position: &mut Position, played: Move, color: Option<reversi_kit::Color>) -> Result<(), String> {
    let left_out_pass = match (played, color) {
        (Move::Pass, _) => false,
        (_, Some(c)) => c != position.side_to_move(),
        (Move::Place(sq), None) => !position.is_legal(sq) && position.must_pass(),
    };
    if left_out_pass {
        if !position.must_pass() {
            return Err(format!("{} is to move", position.side_to_move()));
        }
        *position = position.with_side_to_move(!position.side_to_move());
    }
    match played {
        Move::Pass if position.must_pass() => {
            *position = position.with_side_to_move(!position.side_to_move());
            Ok(())
        }
        Move::Pass => Err(format!("{} has a move and cannot pass", position.side_to_move())),
        Move::Place(sq) => {
            if let Some(c) = color
                && c != position.side_to_move()
            {
                return Err(format!("{} is to move", position.side_to_move()));
            }
            let mut next = *position;
            next.play(sq).map_err(|e| e.to_string())?;
            *position = next;
            Ok(())
        }
    }
}

fn illegal(context: String, played: Move, reason: String) -> CommandError {
    CommandError::IllegalMove { context, played: move_text(played), reason }
}

/// A move as NBoard writes it: the cell (`f5`, `j10`) or `PA`.
fn parse_move(command: &'static str, text: &str) -> Result<Move, CommandError> {
    if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    text.parse().map(Move::Place).map_err(|_| CommandError::Number {
        command,
        text: text.chars().take(40).collect(),
        expected: "a move such as f5, or PA",
    })
}

fn move_text(played: Move) -> String {
    match played {
        Move::Place(sq) => sq.to_string(),
        Move::Pass => "PA".into(),
    }
}

/// The `book` lines of `position`'s `n` best moves in the book built in for its board
/// ([`Book::built_in`], disc scoring as the protocol's games), best first: each line the move
/// then the book's best replies while they stay in the book. None when the position is not
/// in a book.
fn book_hints(position: &Position, n: usize) -> Vec<String> {
    let Some(book) = Book::built_in(position.geometry(), reversi_kit::variants::Scoring::Discs) else {
        return Vec::new();
    };
    if book.lookup(position).is_none() {
        return Vec::new();
    }
    book.moves(position)
        .iter()
        .take(n)
        .map(|m| {
            let mut pv = move_text(Move::Place(m.square));
            let mut child = *position;
            child.play_unchecked(m.square);
            // The book's line: its best move at each position, while there is one (a book
            // line is at most as long as the plies the book was built on).
            while let Some(next) = book.moves(&child).first() {
                pv.push_str(&move_text(Move::Place(next.square)));
                child.play_unchecked(next.square);
            }
            format!("book {pv} {:+.2} 0 {}", f64::from(m.value) / 100.0, m.entry.depth())
        })
        .collect()
}

/// A value in discs for the side to move, two decimals.
fn eval_text(value: Value) -> String {
    format!("{:+.2}", value.discs())
}

/// The depth of a hint: `100%` for an exact value, else the plies.
fn depth_text(value: Value, depth: u32) -> String {
    if value.is_exact() { "100%".into() } else { depth.to_string() }
}

/// The one word of `rest`.
fn single<'a>(command: &'static str, rest: &'a str, expected: &'static str) -> Result<&'a str, CommandError> {
    match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        [word] => Ok(word),
        _ => Err(CommandError::Usage { command, expected }),
    }
}

/// The number of `rest`, its only word.
fn number<T: std::str::FromStr>(command: &'static str, rest: &str, expected: &'static str) -> Result<T, CommandError> {
    let word = single(command, rest, expected)?;
    word.parse().map_err(|_| CommandError::Number { command, text: word.chars().take(40).collect(), expected })
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
