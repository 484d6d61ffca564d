//! The engine for Othello GUIs that speak the NBoard protocol (NBoard itself, and tools that
//! drive engines the same way): commands on stdin, answers on stdout, refusals on stderr.
//!
//! ```text
//! cargo run --release --example nboard -- [--hash-mb MB] [--threads N]
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
//! changes nothing; the program ends at `quit` or at the end of its input.
//! `--hash-mb` sets the size of the search's tables (default 64, of which a quarter is the
//! exact solver's); `--threads` the search's threads (default 1; two reach a depth in about
//! 0.65 of one's time, the answers may then differ from run to run).

mod session;

use std::io::{self, BufRead, Write};

use clap::Parser;
use reversi_cli::{args, hash_mb, outln};
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
}

fn main() {
    let args = Args::parse();
    let mut session = Session::new(args.hash_mb << 20, args.threads);
    let stdin = io::stdin();
    for line in stdin.lock().split(b'\n') {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                let _ = writeln!(io::stderr(), "error: cannot read stdin: {error}");
                std::process::exit(1);
            }
        };
        // A line that is not UTF-8 is read with replacement characters and refused as
        // any unknown command would be.
        let reply = session.handle(&String::from_utf8_lossy(&line));
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
}
