//! Printing to stdout for the tools, in place of `println!` and `print!` (here [`outln!`](crate::outln) and
//! [`print()`]), which panic when a write fails. A stdout whose reader has gone
//! (`perft --depth 11 | head -1`) ends the program quietly with exit status 0: a reader that
//! needs no more output is not an error. Any other write error (a full disk) is reported on
//! stderr as `error: cannot write to stdout: <error>`, and the program ends with exit
//! status 1.

use std::fmt;
use std::io::{self, ErrorKind, Write};
use std::process;

/// Writes `args` to stdout and flushes it, so that a failure shows here rather than being lost
/// in the flush at exit; on failure, ends the program as the module's documentation says.
pub fn print(args: fmt::Arguments<'_>) {
    let mut stdout = io::stdout().lock();
    if let Err(error) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        stop(&error);
    }
}

/// Ends the program after `error` from writing to stdout: quietly with status 0 for a broken
/// pipe, with a message on stderr and status 1 for anything else.
fn stop(error: &io::Error) -> ! {
    if error.kind() == ErrorKind::BrokenPipe {
        process::exit(0);
    }
    // `eprintln!` would panic if stderr failed too.
    let _ = writeln!(io::stderr(), "error: cannot write to stdout: {error}");
    process::exit(1);
}

/// `println!` that ends the program quietly on a closed stdout, as [`print()`] does.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::output::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}
