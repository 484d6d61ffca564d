//! You against the built-in mobility player in the terminal, under any rules.
//!
//! ```text
//! cargo run --example duel -- [--help] [--version] [--seed SEED] [--size WxH | --octagon]
//!     [--blocked none|random|N|c3,f7] [--handicap black:N|white:N|black:a1,h8] [--free-opening]
//!     [--scoring discs|wof] [--color black|white] [--record FILE] [--opponent PLAYER] [--time CONTROL]
//! ```
//!
//! The table flags are those of the `play` example; the default is the standard 8×8 game,
//! with you as Black. The board marks your legal moves with `*`. Type a cell (`d3`), `hint`
//! for the built-in player's choice, `undo` to take back your last move and the reply, or
//! `quit`. Lines longer than 256 bytes, lines that are not UTF-8 and the escape sequences of
//! arrow and function keys are ignored.
//!
//! The record file (`--record FILE`, or `duel-<seed>.json`) is opened before the game starts.
//! Whatever ends the duel saves the game there as JSON first: quitting, the end of the input,
//! the end of the game, Ctrl-C, a closed terminal or SIGTERM (exit status 130), and a failure
//! to read the input or to write the output (exit status 1; a reader of stdout that has gone
//! ends the program quietly with status 0). A game stopped before its end is recorded as
//! unfinished.

mod session;

use std::io::{self, Write};
use std::process;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use record_file::RecordFile;
use reversi_cli::{args, outln, record_file, table};
use reversi_kit::Color;
use reversi_kit::records::GameRecord;
use reversi_kit::variants::{Game, Rules};
use session::{DuelError, Options};

/// The exit status after Ctrl-C (128 + SIGINT), also used for a closed terminal and SIGTERM.
const INTERRUPTED: i32 = 130;

/// Where the game goes, and the game as it last stood: shared by the duel and the handler of
/// Ctrl-C, which may run at any moment on its own thread.
struct Saver {
    file: RecordFile,
    human: Color,
    /// The built-in player's name, for the record.
    opponent: String,
    game: Game,
}

impl Saver {
    /// Saves `record`, or the game as it last stood if `record` is `None`; gives the line
    /// that says where it went, or why it did not.
    fn save(&mut self, record: Option<&GameRecord>) -> Result<String, String> {
        let path = self.file.path().display().to_string();
        let record = match record {
            Some(record) => record.clone(),
            None => session::record(&self.game, self.human, &self.opponent)
                .map_err(|e| format!("cannot record the game: {e}"))?,
        };
        match self.file.save(&record) {
            Ok(()) => Ok(format!("record saved to {path}")),
            Err(e) => Err(format!("cannot save the record to {path}: {e}")),
        }
    }
}

fn lock(saver: &Mutex<Saver>) -> MutexGuard<'_, Saver> {
    // A panic elsewhere must not stop the game from being saved.
    saver.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes a line on stderr; a stderr that cannot be written (a closed terminal) is no reason
/// to stop before the game is saved.
fn report(line: &str) {
    // A line that quotes what was typed quotes at most 200 characters of it.
    let _ = writeln!(io::stderr(), "duel: {}", reversi_kit::records::clip(line));
}

/// Writes `error: <line>` on stderr and ends the program with exit status 1.
fn fail(line: &str) -> ! {
    let _ = writeln!(io::stderr(), "error: {}", reversi_kit::records::clip(line));
    process::exit(1);
}

fn main() {
    let options = args::parse::<Options>();
    let rules = options.table.rules_or_exit::<Options>(Rules::builder());
    let seed = options.table.seed.unwrap_or_else(table::fresh_seed);
    let game = match Game::new(rules, seed) {
        Ok(game) => game,
        Err(e) => fail(&e.to_string()),
    };
    let path = options.record.unwrap_or_else(|| session::default_record_path(seed));
    // A file that cannot be written is found now, not when the game is to be saved.
    let file = match RecordFile::open(path.clone()) {
        Ok(file) => file,
        Err(e) => fail(&format!("cannot write the record to {}: {e}", path.display())),
    };
    let mut opponent = options.opponent.build_on(game.seed().unwrap_or(0) ^ 0x9e37_79b9_7f4a_7c15, options.time);
    let saver = Arc::new(Mutex::new(Saver {
        file,
        human: options.color,
        opponent: opponent.name().to_owned(),
        game: game.clone(),
    }));

    let on_signal = Arc::clone(&saver);
    let handler = ctrlc::set_handler(move || {
        let mut saver = lock(&on_signal);
        match saver.save(None) {
            Ok(line) => report(&format!("interrupted; {line}")),
            Err(line) => report(&format!("interrupted; {line}")),
        }
        process::exit(INTERRUPTED);
    });
    if let Err(e) = handler {
        report(&format!("Ctrl-C will end the game without saving it: {e}"));
    }

    let watch = &mut |game: &Game| lock(&saver).game = game.clone();
    let outcome =
        session::run_against(game, options.color, &mut *opponent, io::stdin().lock(), &mut io::stdout(), watch);
    // Held until the program ends, so that a late Ctrl-C cannot save over the final record.
    let mut saver = lock(&saver);
    match outcome {
        Ok(outcome) => match saver.save(Some(&outcome.record)) {
            Ok(line) => outln!("{line}"),
            Err(line) => fail(&line),
        },
        Err(error) => {
            let saved = saver.save(None);
            // A reader of stdout that has gone is no error (see `output`): the game is saved
            // and the program ends quietly.
            if let DuelError::Output(e) = &error
                && e.kind() == io::ErrorKind::BrokenPipe
                && saved.is_ok()
            {
                process::exit(0);
            }
            let _ = writeln!(io::stderr(), "error: {error}");
            fail(&saved.unwrap_or_else(|line| line));
        }
    }
    process::exit(0);
}
