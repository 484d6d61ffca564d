//! Counts the leaves of the game tree to a given depth (perft, docs/rules.md §4) and how fast.
//!
//! ```text
//! cargo run --release --example perft -- --depth 9
//! cargo run --release --example perft -- --depth 7 --position "<position string>" --threads 2
//! ```
//!
//! The position is a position string of docs/rules.md §5 (default: the 8×8 start). At depth 12 and
//! more, a bar on stderr shows the moves of the root counted so far, when stderr is a terminal.

use std::time::Instant;

use clap::Parser;
use reversi_cli::{args, outln, progress};
use reversi_kit::Position;
use reversi_kit::core::{perft, perft_parallel};

/// From this depth on, a perft takes seconds or more, and a progress bar is worth its line.
const PROGRESS_DEPTH: u32 = 12;

/// Counts the leaves of the game tree to a given depth (perft, docs/rules.md §4) and how fast.
#[derive(Debug, PartialEq, Parser)]
#[command(name = "perft", version)]
struct Options {
    /// How many plies to count (a pass is a ply; a finished game is a leaf at any depth)
    #[arg(long, value_name = "N")]
    depth: u32,
    /// Where to start: a position string (docs/rules.md §5), such as "----/-OX-/-XO-/---- X"
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true, default_value_t = Position::default(), hide_default_value = true)]
    position: Position,
    /// How many threads count, 1 to 1024
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = args::threads())]
    threads: usize,
}

fn main() {
    args::parse::<Options>().run();
}

impl Options {
    fn run(&self) {
        let Options { depth, position, threads } = self;
        let count = |pos: &Position, depth| {
            if *threads == 1 { perft(pos, depth) } else { perft_parallel(pos, depth, *threads) }
        };
        let started = Instant::now();
        let leaves = if *depth >= PROGRESS_DEPTH {
            count_by_root_move(position, *depth, count)
        } else {
            count(position, *depth)
        };
        let seconds = started.elapsed().as_secs_f64();

        outln!("depth {depth}: {leaves} leaves");
        // Leaves over a zero time would print "inf": print a dash rather than something silly.
        let rate = if seconds > 0.0 { format!("{:.1} M leaves/s", leaves as f64 / seconds / 1e6) } else { "-".into() };
        outln!("time {seconds:.3} s, {rate} ({threads} thread{})", if *threads == 1 { "" } else { "s" });
    }
}

/// The perft of `pos` to `depth`, `count`ed below each move of the root in turn so that a
/// progress bar can follow: the same number as `count(pos, depth)`.
fn count_by_root_move(pos: &Position, depth: u32, count: impl Fn(&Position, u32) -> u64) -> u64 {
    let Some(children) = children(pos).filter(|_| depth > 0) else {
        return count(pos, depth);
    };
    let bar = progress::bar(children.len() as u64, "moves of the root");
    let leaves = children
        .iter()
        .map(|child| {
            let leaves = count(child, depth - 1);
            bar.inc(1);
            leaves
        })
        .sum();
    bar.finish_and_clear();
    leaves
}

/// The positions one ply below `pos` as perft counts them: one per legal move, or the pass
/// when the side to move has none; `None` for a finished game, which is a leaf.
fn children(pos: &Position) -> Option<Vec<Position>> {
    if pos.is_game_over() {
        return None;
    }
    if pos.must_pass() {
        let mut child = *pos;
        child.pass().ok()?;
        return Some(vec![child]);
    }
    let children = pos
        .legal_moves()
        .iter()
        .filter_map(|sq| {
            let mut child = *pos;
            child.play(sq).ok().map(|_| child)
        })
        .collect();
    Some(children)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Options::try_parse_from(std::iter::once("perft").chain(args.iter().copied()))
    }

    fn error(args: &[&str]) -> String {
        parse(args).expect_err("invalid arguments").to_string()
    }

    #[test]
    fn defaults_to_the_8x8_start_on_one_thread() {
        assert_eq!(parse(&["--depth", "9"]).unwrap(), Options { depth: 9, position: Position::default(), threads: 1 });
    }

    #[test]
    fn reads_every_flag() {
        let text = "----/-OX-/-XO-/---- O";
        let options = parse(&["--threads=3", "--position", text, "--depth", "0"]).unwrap();
        assert_eq!(options, Options { depth: 0, position: text.parse().unwrap(), threads: 3 });
    }

    #[test]
    fn bad_depth_is_an_error() {
        assert!(error(&[]).contains("--depth <N>"));
        assert!(error(&["--depth"]).contains("a value is required for '--depth <N>'"));
        assert!(error(&["--depth", "x"]).contains("invalid value 'x' for '--depth <N>'"));
        assert!(error(&["--depth", "-1"]).contains("'-1'"));
        assert!(error(&["--depth", "4294967296"]).contains("invalid value '4294967296'"));
    }

    #[test]
    fn bad_position_is_an_error() {
        for (text, says) in [
            ("----/---/----/---- X", "row 2 has 3 cells"),
            ("-----/-----/-----/----- X", "width 5"),
            ("----/-OX-/-XZ-/---- X", "'Z' at row 3, column 3"),
            ("----/-OX-/-XO-/----", "missing side to move"),
        ] {
            let message = error(&["--depth", "1", "--position", text]);
            assert!(
                message.contains("invalid value") && message.contains("--position") && message.contains(says),
                "{message}"
            );
        }
    }

    #[test]
    fn bad_flags_are_errors() {
        assert!(error(&["--depth", "1", "--bogus", "2"]).contains("unexpected argument '--bogus'"));
        assert!(error(&["--depth", "1", "extra"]).contains("unexpected argument 'extra'"));
        assert!(error(&["--depth", "1", "--depth", "2"]).contains("cannot be used multiple times"));
        assert!(error(&["--depth", "1", "--threads", "0"]).contains("0 is not in 1..=1024"));
        assert!(error(&["--depth", "1", "--threads", "100000"]).contains("100000 is not in 1..=1024"));
        assert_eq!(parse(&["--depth", "1", "--threads", "1024"]).unwrap().threads, 1024);
    }

    /// The count by root move, which the progress bar follows, is perft itself: on 8×8, and
    /// on 4×4, whose games end early and pass often.
    #[test]
    fn counting_by_root_move_is_perft() {
        let small: Position = "----/-OX-/-XO-/---- X".parse().unwrap();
        let mut passed = false;
        for (start, depths) in [(Position::default(), 0..=6), (small, 0..=12)] {
            for depth in depths {
                assert_eq!(count_by_root_move(&start, depth, perft), perft(&start, depth), "{start} {depth}");
            }
        }
        // Some position below the 4×4 start needs the pass child.
        let mut frontier = vec![small];
        while let Some(pos) = frontier.pop() {
            if pos.must_pass() && !pos.is_game_over() {
                passed = true;
                assert_eq!(count_by_root_move(&pos, 3, perft), perft(&pos, 3), "{pos}");
                break;
            }
            frontier.extend(children(&pos).unwrap_or_default());
        }
        assert!(passed, "no 4x4 position with a forced pass");
    }
}
