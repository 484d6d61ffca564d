//! An error as the tools print it: `error: ` and its message followed by every cause behind
//! it. The library's errors say only their own part and return the rest from `source()` (the
//! Rust API Guidelines' C-GOOD-ERR), so printing the first message alone would drop the reason.
//!
//! Exit statuses: 2 for bad usage (clap's errors and [`usage_error`](crate::args::usage_error)),
//! 1 for everything else that stops a tool: a file that cannot be read or written, a file that
//! holds bad data, a failed write to stdout.

use std::error::Error;
use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;

/// `error`'s message followed by each of its causes, joined by `: `.
#[must_use]
pub fn chain(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(next) = cause {
        text.push_str(": ");
        text.push_str(&next.to_string());
        cause = next.source();
    }
    text
}

/// Prints `error: <message>` on stderr and gives exit status 1: an error that is not the
/// command line's (a file that cannot be read or holds bad data).
pub fn fail(message: impl Display) -> ExitCode {
    // A message may quote its input (a file's field, a line): at most 200 characters of it.
    let message = message.to_string();
    // `eprintln!` would panic if stderr were closed.
    let _ = writeln!(std::io::stderr(), "error: {}", reversi_records::clip(&message));
    ExitCode::FAILURE
}
