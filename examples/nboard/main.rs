//! The engine for Othello GUIs that speak the NBoard protocol (NBoard itself, and tools that
//! drive engines the same way): commands on stdin, answers on stdout, refusals on stderr.
//!
//! ```text
//! cargo run --release --example nboard -- [--hash-mb MB] [--threads N] [--move-time SECONDS]
//! ```
//!
//! A GUI starts it as an engine program; by hand, type for instance:
//!
//! ```text
//! nboard 2
//! set depth 8
//! set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)
//! hint 3
//! go
//! ping 1
//! ```
//!
//! The commands and their answers are listed in `session.rs`. Every GGS board works: 4×4 to
//! 14×14 and the Octagon (`BO[88 …]`), with blocked cells (`BL[…]`). A line the engine cannot
//! use (an unknown command, GGF it cannot read, an illegal move) gets one line on stderr and
//! changes nothing; a line longer than 256 KiB is refused as it is read (one line on stderr
//! that quotes its start), never held whole; the program ends at `quit` or at the end of its
//! input.
//! `--hash-mb` sets the size of the search's tables (default 64, of which a quarter is the
//! exact solver's); `--threads` the search's threads (default 1; two reach a depth in about
//! 0.65 of one's time, the answers may then differ from run to run).
//!
//! `go` and `hint` keep to the game's clock (GGF's `TI`, less the times of the side's moves),
//! or to `--move-time` (5 s by default) when the game has none; the depth set is the most they
//! search. Commands are read while a search runs: a `ping` (or `quit`, or the end of the input)
//! stops it, so that its answer comes at once, then the `pong`, in the order of the commands.

mod session;

use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::Duration;

use clap::Parser;
use reversi_cli::input::{BoundedLine, read_bounded_line};
use reversi_cli::{args, hash_mb, outln};
use reversi_kit::records::{MAX_QUOTED, clip};
use session::Session;

/// NBoard protocol engine: reads commands on stdin, answers on stdout.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Size of the search's transposition tables, in MB (1 to 4096).
    #[arg(long, default_value_t = 64, value_parser = hash_mb::parser())]
    hash_mb: usize,
    /// Search threads, 1 to 1024.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = args::threads())]
    threads: usize,
    /// The time a move or a hint may take when the game has no clock (TI), in seconds: more
    /// than 0, at most 3600
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = move_time)]
    move_time: Duration,
}

/// `--move-time`: seconds, more than zero and at most an hour.
fn move_time(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(format!("{seconds} is out of range: more than 0, at most 3600"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The longest line read as a command, in bytes: a `set game` of a whole 14×14 game with
/// every move's time is a few kilobytes, so a quarter of a megabyte leaves room for GGF's
/// comments, while a longer line is refused as it is read, never held whole.
const MAX_COMMAND: usize = 256 << 10;

/// Whether `line` stops a running search before it is queued: `ping` (its `pong` must come
/// at once, after the search's answer) and `quit`.
fn interrupts(line: &str) -> bool {
    matches!(line.split_whitespace().next(), Some("ping" | "quit"))
}

fn main() {
    let args = Args::parse();
    let mut session = Session::new(args.hash_mb << 20, args.threads).with_move_time(args.move_time);
    let stop = session.stop_flag();
    // The session answers on a thread of its own, one command after another, while this one
    // reads: a command that comes during a search is seen at once.
    let (sender, receiver) = mpsc::channel::<String>();
    let worker = std::thread::spawn(move || {
        for line in receiver {
            let reply = session.handle(&line);
            for text in &reply.err {
                let _ = writeln!(io::stderr(), "nboard: {text}");
            }
            for text in &reply.out {
                outln!("{text}");
            }
            if reply.quit {
                break;
            }
        }
    });
    let mut stdin = io::stdin().lock();
    loop {
        let line = match read_bounded_line(&mut stdin, MAX_COMMAND) {
            Ok(BoundedLine::End) => break,
            Ok(BoundedLine::Line(line)) => line,
            Ok(BoundedLine::TooLong { bytes, start }) => {
                // Never kept whole nor echoed whole: the refusal quotes its start.
                let start: String = String::from_utf8_lossy(&start).chars().take(MAX_QUOTED).collect();
                let quoted = format!("{start:?}");
                let _ = writeln!(
                    io::stderr(),
                    "nboard: a line of {bytes} bytes is longer than a command may be ({MAX_COMMAND} bytes): refused; it began {}",
                    clip(&quoted)
                );
                continue;
            }
            Err(error) => {
                let _ = writeln!(io::stderr(), "error: cannot read stdin: {error}");
                std::process::exit(1);
            }
        };
        // A line that is not UTF-8 is read with replacement characters and refused as
        // any unknown command would be.
        let line = String::from_utf8_lossy(&line).into_owned();
        if interrupts(&line) {
            stop.store(true, Ordering::Relaxed);
        }
        // After `quit` the session has ended: nothing is left to send to.
        if sender.send(line).is_err() {
            break;
        }
    }
    // The end of the input: the search running, if any, answers with what it has.
    stop.store(true, Ordering::Relaxed);
    drop(sender);
    let _ = worker.join();
}
