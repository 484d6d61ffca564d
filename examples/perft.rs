//! Counts the leaves of the game tree to a given depth (perft, RULES §4) and how fast.
//!
//! ```text
//! cargo run --release --example perft -- --depth 9
//! cargo run --release --example perft -- --depth 7 --position "<position string>" --threads 2
//! ```
//!
//! The position is a position string of RULES §5 (default: the 8×8 start).

mod args;
mod output;

use std::ffi::OsString;
use std::process::ExitCode;
use std::time::Instant;

use args::Flags;
use output::outln;
use reversi_kit::Position;
use reversi_kit::core::perft_parallel;

const USAGE: &str = "usage: perft --depth N [--position \"POSITION STRING\"] [--threads T]";

fn main() -> ExitCode {
    if std::env::args_os().skip(1).any(|a| a == "--help" || a == "-h") {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match Options::parse(std::env::args_os().skip(1)) {
        Ok(options) => {
            options.run();
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("perft: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// What to count.
#[derive(Debug, PartialEq)]
struct Options {
    depth: u32,
    position: Position,
    threads: usize,
}

impl Options {
    /// Reads the flags (without the program name).
    fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Options, String> {
        let flags = Flags::parse(args, &["depth", "position", "threads"])?;
        let depth = flags.get("depth")?.ok_or("missing --depth")?;
        let position = flags.get("position")?.unwrap_or_default();
        let threads = flags.get("threads")?.unwrap_or(1);
        if threads == 0 {
            return Err("--threads must be at least 1".into());
        }
        Ok(Options { depth, position, threads })
    }

    fn run(&self) {
        let Options { depth, position, threads } = self;
        let started = Instant::now();
        let leaves = if *threads == 1 {
            reversi_kit::perft(position, *depth)
        } else {
            perft_parallel(position, *depth, *threads)
        };
        let seconds = started.elapsed().as_secs_f64();

        outln!("depth {depth}: {leaves} leaves");
        // Leaves over a zero time would print "inf": print a dash rather than something silly.
        let rate = if seconds > 0.0 { format!("{:.1} M leaves/s", leaves as f64 / seconds / 1e6) } else { "-".into() };
        outln!("time {seconds:.3} s, {rate} ({threads} thread{})", if *threads == 1 { "" } else { "s" });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(OsString::from))
    }

    #[test]
    fn defaults_to_the_8x8_start_on_one_thread() {
        assert_eq!(parse(&["--depth", "9"]), Ok(Options { depth: 9, position: Position::default(), threads: 1 }));
    }

    #[test]
    fn reads_every_flag() {
        let text = "----/-OX-/-XO-/---- O";
        let options = parse(&["--threads=3", "--position", text, "--depth", "0"]).unwrap();
        assert_eq!(options, Options { depth: 0, position: text.parse().unwrap(), threads: 3 });
    }

    #[test]
    fn bad_depth_is_an_error() {
        assert!(parse(&[]).unwrap_err().contains("missing --depth"));
        assert!(parse(&["--depth"]).unwrap_err().contains("--depth needs a value"));
        assert!(parse(&["--depth", "x"]).unwrap_err().contains("invalid --depth \"x\""));
        assert!(parse(&["--depth", "-1"]).unwrap_err().contains("invalid --depth \"-1\""));
    }

    #[test]
    fn bad_position_is_an_error() {
        for (text, says) in [
            ("----/---/----/---- X", "row 2 has 3 cells"),
            ("-----/-----/-----/----- X", "width 5"),
            ("----/-OX-/-XZ-/---- X", "'Z' at row 3, column 3"),
            ("----/-OX-/-XO-/----", "missing side to move"),
        ] {
            let message = parse(&["--depth", "1", "--position", text]).unwrap_err();
            assert!(message.contains("invalid --position") && message.contains(says), "{message}");
        }
    }

    #[test]
    fn bad_flags_are_errors() {
        assert!(parse(&["--depth", "1", "--bogus", "2"]).unwrap_err().contains("unknown flag --bogus"));
        assert!(parse(&["--depth", "1", "extra"]).unwrap_err().contains("unexpected argument \"extra\""));
        assert!(parse(&["--depth", "1", "--depth", "2"]).unwrap_err().contains("given twice"));
        assert!(parse(&["--depth", "1", "--threads", "0"]).unwrap_err().contains("at least 1"));
    }
}
