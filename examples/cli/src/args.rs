//! The command line of every example, read by clap: `--help` and `--version` print to stdout
//! (through [`output`](crate::output), so that a closed or full stdout is handled as in the
//! rest of the example) and end with exit status 0; any error in the arguments is printed on
//! stderr as `error: …` with the usage and ends the program with exit status 2.

use clap::builder::RangedU64ValueParser;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

/// The most threads `--threads` takes.
pub const MAX_THREADS: u64 = 1024;

/// The parser of `--threads <N>`: 1 to [`MAX_THREADS`]. Every tool that takes it defaults to
/// 1, so that a tool takes one core unless asked; `--threads 0` is a usage error that says
/// the range.
pub fn threads() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_THREADS)
}

/// The longest `--time` any tool takes, in seconds: a day. A longer limit is no limit, and a
/// mistake more likely than a wish.
pub const MAX_TIME_SECONDS: f64 = 86_400.0;

/// The parser of `--time SECONDS`: a number of seconds, more than 0 and at most
/// [`MAX_TIME_SECONDS`] (fractions allowed: `0.5`).
///
/// # Errors
/// A message saying what is wrong, which clap prints with the flag's name.
pub fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text.trim().parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= MAX_TIME_SECONDS) {
        return Err(format!("{seconds} is out of range: more than 0, at most {MAX_TIME_SECONDS} seconds (a day)"));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// The parser of `--max-nodes N`: 1 or more.
pub fn max_nodes() -> RangedU64ValueParser<u64> {
    RangedU64ValueParser::new().range(1..)
}

/// Ends the program with a usage error of `P`'s command line that clap's parser cannot see
/// (flags that do not go together): `error: <message>`, the usage, exit status 2.
pub fn usage_error<P: CommandFactory>(message: impl std::fmt::Display) -> ! {
    let error = P::command().error(ErrorKind::ArgumentConflict, message);
    exit(&error)
}

/// Reads the command line into `P`, or ends the program as the module's documentation says.
pub fn parse<P: Parser>() -> P {
    match P::try_parse() {
        Ok(parsed) => parsed,
        Err(error) => exit(&error),
    }
}

/// Ends the program after `error`: help and version on stdout with status 0, anything else
/// on stderr with status 2.
fn exit(error: &clap::Error) -> ! {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            crate::output::print(format_args!("{}", error.render()));
            std::process::exit(0);
        }
        // clap writes the error and the usage on stderr and exits with status 2.
        _ => error.exit(),
    }
}
