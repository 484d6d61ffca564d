//! The duel apart from the terminal: its flags, the dialogue with the human over any
//! [`BufRead`] and [`Write`], and the saved record. `main.rs` wires it to stdin and stdout;
//! `tests/duel.rs` drives it with scripted input, which is why it lives in its own file.

use core::fmt;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use reversi_kit::Color;
use reversi_kit::core::diagram;
use reversi_kit::records::{GameRecord, Metadata, RecordError, RecordResult};
use reversi_kit::variants::players::{MobilityPlayer, Player};
use reversi_kit::variants::{Game, Move, Ply, Rules, cli};

/// The command line, for `--help` and errors.
pub const USAGE: &str = "usage: duel [--seed S] [--size WxH | --octagon] [--blocked none|random|N|c3,f7] \
[--handicap black:N|white:N|black:a1,h8] [--free-opening] [--scoring discs|wof] \
[--color black|white] [--record FILE]";

/// What the human may type at the prompt.
pub const COMMANDS: &str = "a cell such as d3, hint, undo, quit";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rules of the table.
    pub rules: Rules,
    /// The seed, if `--seed` was given.
    pub seed: Option<u64>,
    /// The human's colour (`--color`, Black by default).
    pub human: Color,
    /// Where to save the record (`--record`); `None` for [`default_record_path`].
    pub record: Option<PathBuf>,
}

/// Reads the flags (the program name left out): the table flags of the `play` example, then
/// `--color` and `--record`. The rules default to the standard game, without blocked cells.
///
/// # Errors
/// A message naming the flag at fault.
pub fn parse_args(args: Vec<String>) -> Result<Options, String> {
    let table = cli::parse_table_args(args, Rules::builder()).map_err(|e| e.to_string())?;
    let mut human = None;
    let mut record = None;
    let mut rest = table.rest().iter();
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag, Some(value.to_owned())),
            None => (arg.as_str(), None),
        };
        if flag != "--color" && flag != "--record" {
            return Err(format!("unknown argument {arg:?}"));
        }
        let value = match inline {
            Some(value) => value,
            None => rest.next().cloned().ok_or_else(|| format!("{flag} needs a value"))?,
        };
        if flag == "--color" {
            if human.is_some() {
                return Err("--color is given twice".to_owned());
            }
            let color =
                value.parse().map_err(|_| format!("invalid value {value:?} for --color: expected black or white"))?;
            human = Some(color);
        } else {
            if record.is_some() {
                return Err("--record is given twice".to_owned());
            }
            if value.is_empty() {
                return Err("--record needs a file name".to_owned());
            }
            record = Some(PathBuf::from(value));
        }
    }
    Ok(Options { rules: table.rules().clone(), seed: table.seed(), human: human.unwrap_or(Color::Black), record })
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
    /// Reading the input, writing the output or saving the record failed.
    Io(io::Error),
    /// The game could not be recorded.
    Record(RecordError),
    /// The record could not be written as JSON.
    Json(serde_json::Error),
}

impl fmt::Display for DuelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DuelError::Io(e) => write!(f, "{e}"),
            DuelError::Record(e) => write!(f, "cannot record the game: {e}"),
            DuelError::Json(e) => write!(f, "cannot write the record: {e}"),
        }
    }
}

impl std::error::Error for DuelError {}

impl From<io::Error> for DuelError {
    fn from(e: io::Error) -> DuelError {
        DuelError::Io(e)
    }
}

/// The human (`human`) against the built-in mobility player on `game`, one command a line of
/// `input`, everything shown written to `out`. It returns when the game is over, on `quit`, or
/// at the end of the input.
///
/// # Errors
/// [`DuelError::Io`] if reading or writing fails.
pub fn run<R: BufRead, W: Write>(
    mut game: Game,
    human: Color,
    mut input: R,
    out: &mut W,
) -> Result<Outcome, DuelError> {
    let mut engine = MobilityPlayer::new();
    writeln!(out, "seed: {}", game.seed().map_or("none".to_owned(), |s| s.to_string()))?;
    writeln!(out, "rules: {}", game.rules())?;
    let blocked = game.blocked();
    writeln!(out, "blocked: {}", if blocked.is_empty() { "none".to_owned() } else { blocked.to_string() })?;
    writeln!(
        out,
        "You play {human} ({}), the built-in {} player plays {} ({}). Type {COMMANDS}.",
        human.symbol(),
        engine.name(),
        !human,
        (!human).symbol()
    )?;
    let mut show_board = true;
    let mut line = String::new();
    loop {
        // The built-in player answers at once, passes included.
        while !game.is_over() && game.side_to_move() != human {
            let mv = engine.choose(&game).expect("a game that is not over has a move");
            let flips = game.play(mv).expect("the built-in player plays legal moves");
            writeln!(out, "{}", describe(!human, mv, flips))?;
            show_board = true;
        }
        if game.is_over() {
            writeln!(out, "\n{}", diagram(game.position(), game.legal_moves()))?;
            return finish(&game, human, Finish::PlayedOut, out);
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
        write!(out, "{human} to move ({}-{}), * marks your moves: ", score.black(), score.white())?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nend of input")?;
            return finish(&game, human, Finish::EndOfInput, out);
        }
        let command = line.trim().to_ascii_lowercase();
        match command.as_str() {
            "" => {}
            "quit" | "exit" => return finish(&game, human, Finish::Quit, out),
            "help" | "?" => writeln!(out, "Type {COMMANDS}.")?,
            "hint" => {
                let mv = engine.choose(&game).expect("the human has a move");
                writeln!(out, "hint: {mv}")?;
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
                Err(e) => writeln!(out, "{e}; type {COMMANDS}")?,
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

fn finish<W: Write>(game: &Game, human: Color, finish: Finish, out: &mut W) -> Result<Outcome, DuelError> {
    let result = match game.result() {
        Some(result) => RecordResult::played_out(result),
        // Quitting is not an agreement on the score: the game is recorded as unfinished, at
        // the discs on the board, with no winner.
        None => RecordResult::unfinished(game.position()),
    };
    let (you, engine) = (Some("you".to_owned()), Some("mobility".to_owned()));
    let (black, white) = if human == Color::Black { (you, engine) } else { (engine, you) };
    let record = GameRecord::with_result(game, result).map_err(DuelError::Record)?.with_metadata(Metadata {
        black,
        white,
        ..Metadata::default()
    });
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

/// Writes `record` as JSON to `path`.
///
/// # Errors
/// [`DuelError::Json`] or [`DuelError::Io`] if it cannot be written.
pub fn save_record(record: &GameRecord, path: &Path) -> Result<(), DuelError> {
    let mut text = serde_json::to_string_pretty(record).map_err(DuelError::Json)?;
    text.push('\n');
    std::fs::write(path, text)?;
    Ok(())
}
