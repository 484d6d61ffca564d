//! The duel apart from the terminal: its flags, the dialogue with the human over any
//! [`BufRead`] and [`Write`], and the saved record. `main.rs` wires it to stdin and stdout;
//! `tests/duel.rs` drives it with scripted input, which is why it lives in its own file.

use core::fmt;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use clap::Parser;
use reversi_kit::Color;
use reversi_kit::core::diagram;
use reversi_kit::engine::clock::TimeControl;
use reversi_kit::engine::player::{EnginePlayer, Level};
use reversi_kit::records::{GameRecord, Metadata, RecordError, RecordResult};
use reversi_kit::variants::players::Player;
use reversi_kit::variants::{Game, Move, Ply};

use reversi_cli::game_clock;
use reversi_cli::input::{BoundedLine, read_bounded_line};
use reversi_cli::player_spec::PlayerSpec;
use reversi_cli::table::{self, TableArgs};

/// What the human may type at the prompt.
pub const COMMANDS: &str = "a cell such as d3, hint, undo, quit";

/// The longest line read from the human, in bytes: a command is a few letters, and a longer
/// line (a paste gone wrong, a file on stdin) is refused without being kept in memory.
pub const MAX_LINE: usize = 256;

/// You against the built-in mobility player in the terminal, under any rules: type a cell
/// (d3), hint, undo or quit. Quitting, the end of the input, Ctrl-C, a closed terminal and the
/// end of the game save the game as JSON to --record FILE or duel-<seed>.json.
#[derive(Clone, Debug, PartialEq, Eq, Parser)]
#[command(name = "duel", version)]
pub struct Options {
    /// The table; the rules default to the standard game, without blocked cells.
    #[command(flatten)]
    pub table: TableArgs,
    /// Your colour
    #[arg(long, value_name = "black|white", default_value_t = Color::Black)]
    pub color: Color,
    /// Where to save the game as JSON [default: duel-<seed>.json]; opened before the game starts
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// The built-in player you play against: mobility, random or engine:N (the engine at
    /// level N, 1 to 10)
    #[arg(long, value_name = "PLAYER", default_value = "mobility")]
    pub opponent: PlayerSpec,
    /// A clock for an engine opponent: 5m+2s (5 minutes a game, 2 s added after each move),
    /// 60s, or 2s/move; it spends it instead of its level's depth and nodes (your own time
    /// is not kept)
    #[arg(long, value_name = "CONTROL", value_parser = game_clock::time_control)]
    pub time: Option<TimeControl>,
}

/// The file a record goes to when `--record` is not given: `duel-<seed>.json`.
#[must_use]
pub fn default_record_path(seed: u64) -> PathBuf {
    PathBuf::from(format!("duel-{seed}.json"))
}

/// Why the duel stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Neither side can move.
    PlayedOut,
    /// The human typed `quit`.
    Quit,
    /// The input ended; this counts as `quit`.
    EndOfInput,
}

/// The end of a duel: why it stopped, and its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Why it stopped.
    pub finish: Finish,
    /// The game so far; a game stopped before the end is recorded as
    /// [unfinished](reversi_kit::records::Ending::Unfinished): the discs on the board, no winner.
    pub record: GameRecord,
}

/// Why a duel could not go on.
#[derive(Debug)]
pub enum DuelError {
    /// Reading the input failed (not its end, which is [`Finish::EndOfInput`]).
    Input(io::Error),
    /// Writing the output failed.
    Output(io::Error),
    /// The game could not be recorded.
    Record(RecordError),
}

impl fmt::Display for DuelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelError::Input(e) => write!(f, "cannot read the input: {e}"),
            DuelError::Output(e) => write!(f, "cannot write to stdout: {e}"),
            DuelError::Record(e) => write!(f, "cannot record the game: {e}"),
        }
    }
}

impl std::error::Error for DuelError {}

impl From<io::Error> for DuelError {
    /// An error of writing the output: every `?` on a write goes through here.
    fn from(e: io::Error) -> DuelError {
        DuelError::Output(e)
    }
}

/// A line of the human's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The input has ended.
    End,
    /// A line of text, without its line end, escape sequences or other control characters.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes, skipped to its end.
    TooLong,
    /// A line that is not UTF-8 text.
    NotText,
}

/// Reads the next line of `input`, keeping at most [`MAX_LINE`] bytes of it in memory.
///
/// # Errors
/// The error of reading `input`.
pub fn read_line<R: BufRead>(input: &mut R) -> io::Result<Line> {
    Ok(match read_bounded_line(input, MAX_LINE)? {
        BoundedLine::End => Line::End,
        BoundedLine::TooLong { .. } => Line::TooLong,
        BoundedLine::Line(kept) => match String::from_utf8(kept) {
            Ok(text) => Line::Text(without_escapes(&text)),
            Err(_) => Line::NotText,
        },
    })
}

/// `text` without the escape sequences that arrow and function keys send (`ESC [ A`,
/// `ESC O P`, `ESC [ 1 5 ~`) and without other control characters, so that a stray key is
/// ignored rather than read as part of a move.
pub fn without_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            if !c.is_control() {
                out.push(c);
            }
            continue;
        }
        match chars.next() {
            // CSI: parameters and intermediates up to a final byte from `@` to `~`.
            Some('[') => {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            // SS3 (F1-F4 and the keypad in some modes): one more character.
            Some('O') => {
                chars.next();
            }
            // Alt with a key, or a lone escape: both dropped.
            _ => {}
        }
    }
    out
}

/// What the cells of `game`'s board are called: `a1 to h8`.
fn cell_range(game: &Game) -> String {
    let geometry = game.position().geometry();
    let last = (b'a' + geometry.width() - 1) as char;
    format!("a1 to {last}{}", geometry.height())
}

/// The record of `game` as it stands, the human playing `human`: played out, or unfinished
/// (quitting is not an agreement on the score: the discs on the board, no winner).
///
/// # Errors
/// A [`RecordError`] if the game cannot be recorded.
pub fn record(game: &Game, human: Color, opponent: &str) -> Result<GameRecord, RecordError> {
    let result = match game.result() {
        Some(result) => RecordResult::played_out(result),
        None => RecordResult::unfinished(game.position()),
    };
    let (you, engine) = (Some("you".to_owned()), Some(opponent.to_owned()));
    let (black, white) = if human == Color::Black { (you, engine) } else { (engine, you) };
    Ok(GameRecord::with_result(game, result)?.with_metadata(Metadata { black, white, ..Metadata::default() }))
}

/// The engine level that answers `hint`: strong enough to be worth asking, quick enough to
/// answer at once (a few milliseconds a move on 8×8).
const HINT_LEVEL: u8 = 5;

/// The human (`human`) against the built-in player `engine` on `game`, one command a line of
/// `input`, everything shown written to `out`; `hint` asks the engine at level
/// [`HINT_LEVEL`] for its best move and value. It returns when the game is over, on `quit`, or
/// at the end of the input. `watch` sees the game before every read of the input and at the
/// end, so that whoever ends the program in between (Ctrl-C) can save it as it stands.
///
/// # Errors
/// [`DuelError::Input`] or [`DuelError::Output`] if reading or writing fails.
pub fn run_against<R: BufRead, W: Write>(
    mut game: Game,
    human: Color,
    engine: &mut dyn Player,
    mut input: R,
    out: &mut W,
    watch: &mut dyn FnMut(&Game),
) -> Result<Outcome, DuelError> {
    let mut hinter = EnginePlayer::new(Level::new(HINT_LEVEL).expect("a level from 1 to 10"));
    writeln!(out, "seed: {}", game.seed().map_or("none".to_owned(), |s| s.to_string()))?;
    writeln!(out, "rules: {}", game.rules())?;
    writeln!(out, "blocked: {}", table::blocked_line(game.blocked()))?;
    writeln!(
        out,
        "You play {human} ({}), the built-in {} player plays {} ({}). Type {COMMANDS}.",
        human.symbol(),
        engine.name(),
        !human,
        (!human).symbol()
    )?;
    let mut show_board = true;
    loop {
        // The built-in player answers at once, passes included.
        while !game.is_over() && game.side_to_move() != human {
            let mv = engine.choose(&game).expect("a game that is not over has a move");
            let flips = game.play(mv).expect("the built-in player plays legal moves");
            writeln!(out, "{}", describe(!human, mv, flips))?;
            show_board = true;
        }
        watch(&game);
        if game.is_over() {
            writeln!(out, "\n{}", diagram(game.position(), game.legal_moves()))?;
            return finish(&game, human, engine.name(), Finish::PlayedOut, out);
        }
        // A forced pass needs no decision.
        if game.must_pass() {
            game.play(Move::Pass).expect("a forced pass is legal");
            writeln!(out, "You have no legal move: {}", describe(human, Move::Pass, reversi_kit::Bitboard::EMPTY))?;
            continue;
        }
        if show_board {
            writeln!(out, "\n{}", diagram(game.position(), game.legal_moves()))?;
            show_board = false;
        }
        let score = game.score();
        write!(out, "{human} to move (score: black {}, white {}), * marks your moves: ", score.black(), score.white())?;
        out.flush()?;
        let text = match read_line(&mut input).map_err(DuelError::Input)? {
            Line::End => {
                writeln!(out, "\nend of input")?;
                return finish(&game, human, engine.name(), Finish::EndOfInput, out);
            }
            Line::TooLong => {
                writeln!(out, "line ignored: longer than {MAX_LINE} bytes; type {COMMANDS}")?;
                continue;
            }
            Line::NotText => {
                writeln!(out, "line ignored: not UTF-8 text; type {COMMANDS}")?;
                continue;
            }
            Line::Text(text) => text,
        };
        let command = text.trim().to_ascii_lowercase();
        match command.as_str() {
            "" => {}
            "quit" | "exit" => return finish(&game, human, engine.name(), Finish::Quit, out),
            "help" | "?" => writeln!(out, "Type {COMMANDS}.")?,
            "hint" => {
                let found = hinter.analyse(&game).expect("the game is not over");
                writeln!(out, "hint: {} (value {} for you, engine:{HINT_LEVEL})", found.best(), found.value())?;
            }
            "undo" => match undo(&mut game, human) {
                Some(taken) => {
                    let names: Vec<String> = taken.iter().map(|ply| ply.played().to_string()).collect();
                    writeln!(out, "took back {}", names.join(" "))?;
                    show_board = true;
                }
                None => writeln!(out, "nothing to undo: you have not moved yet")?,
            },
            text => match text.parse::<Move>() {
                Ok(Move::Place(sq)) if !game.position().geometry().contains(sq) => {
                    writeln!(out, "{sq} is not on this board: the cells go from {}", cell_range(&game))?
                }
                Err(_) => writeln!(
                    out,
                    "{text:?} is neither a cell of this board ({}) nor a command; type {COMMANDS}",
                    cell_range(&game)
                )?,
                Ok(mv) => match game.play(mv) {
                    Err(e) => writeln!(out, "illegal move {mv}: {e}")?,
                    Ok(flips) => {
                        writeln!(out, "{}", describe(human, mv, flips))?;
                        show_board = true;
                    }
                },
            },
        }
    }
}

/// `black plays d3, flips d4` or `white passes`, for the log.
fn describe(color: Color, mv: Move, flips: reversi_kit::Bitboard) -> String {
    match mv {
        Move::Pass => format!("{color} passes"),
        Move::Place(_) if flips.is_empty() => format!("{color} plays {mv}"),
        Move::Place(_) => format!("{color} plays {mv}, flips {flips}"),
    }
}

/// Takes back the human's last placement and everything after it (the built-in player's
/// replies and any passes), so that the human is to move again; passes alone are never left
/// to undo, since they were forced. Gives the moves taken back in the order they were played,
/// or `None` if the human has placed no disc.
pub fn undo(game: &mut Game, human: Color) -> Option<Vec<Ply>> {
    let is_human_placement = |ply: &Ply| ply.color() == human && matches!(ply.played(), Move::Place(_));
    if !game.history().iter().any(is_human_placement) {
        return None;
    }
    let mut taken = Vec::new();
    while let Some(ply) = game.undo() {
        taken.push(ply);
        if is_human_placement(&ply) {
            break;
        }
    }
    taken.reverse();
    Some(taken)
}

fn finish<W: Write>(
    game: &Game,
    human: Color,
    opponent: &str,
    finish: Finish,
    out: &mut W,
) -> Result<Outcome, DuelError> {
    let record = record(game, human, opponent).map_err(DuelError::Record)?;
    let result = *record.result();
    let verdict = match result.winner() {
        Some(color) if color == human => "you win".to_owned(),
        Some(color) => format!("{color} wins"),
        None => "a draw".to_owned(),
    };
    match finish {
        Finish::PlayedOut => writeln!(out, "game over: {result}, {verdict}")?,
        Finish::Quit | Finish::EndOfInput => {
            let moves = game.history().len();
            writeln!(out, "stopped after {moves} move{} at {result}", if moves == 1 { "" } else { "s" })?;
        }
    }
    Ok(Outcome { finish, record })
}
