//! The table flags that `play` and `duel` share (`examples/cli/src/table.rs`), read by clap: every
//! option, the spellings of the library's `FromStr`, conflicts and impossible rules.

use clap::Parser;
use reversi_cli::table::TableArgs;
use reversi_kit::core::{Bitboard, Color, Square};
use reversi_kit::variants::{Blocked, Board, Handicap, Opening, Rules, RulesError, Scoring};

#[derive(Debug, Parser)]
struct Flags {
    #[command(flatten)]
    table: TableArgs,
}

/// The flags read over the defaults of `play` (random blocked cells).
fn parse(args: &[&str]) -> Result<(Result<Rules, RulesError>, Option<u64>), String> {
    let flags =
        Flags::try_parse_from(std::iter::once("test").chain(args.iter().copied())).map_err(|e| e.to_string())?;
    Ok((flags.table.rules(Rules::builder().blocked(Blocked::Random)), flags.table.seed))
}

fn rules(args: &[&str]) -> Rules {
    parse(args).expect("readable flags").0.expect("possible rules")
}

fn cells(names: &str) -> Bitboard {
    names.split(',').map(|name| name.parse::<Square>().expect("a square")).collect()
}

#[test]
fn every_option() {
    assert_eq!(parse(&[]).expect("defaults"), (Ok(Rules::builder().blocked(Blocked::Random).build().unwrap()), None));
    let all = ["--octagon", "--blocked", "none", "--free-opening", "--scoring=wof", "--seed", "18446744073709551615"];
    let (read, seed) = parse(&all).expect("valid flags");
    let read = read.expect("possible rules");
    assert_eq!(read.board(), Board::Octagon);
    assert_eq!(read.blocked(), &Blocked::None);
    assert_eq!(read.opening(), Opening::Free);
    assert_eq!(read.scoring(), Scoring::Wof);
    assert_eq!(seed, Some(u64::MAX));
    let read = rules(&["--size", "10x6", "--handicap", "white:2", "--blocked", "3"]);
    assert_eq!(read.handicap(), &Handicap::Count { color: Color::White, count: 2 });
    assert_eq!(read.blocked(), &Blocked::Count(3));
    assert_eq!(rules(&["--handicap", "black:a1,h8"]).handicap_corners(), cells("a1,h8"));
}

#[test]
fn the_spellings_of_the_library() {
    let read = rules(&["--size", "OCTAGON", "--blocked", "RANDOM", "--scoring", "WoF"]);
    assert_eq!((read.board(), read.blocked(), read.scoring()), (Board::Octagon, &Blocked::Random, Scoring::Wof));
    let read = rules(&["--size", "10X8", "--handicap", "O:A1,J8", "--blocked", "C2, f7"]);
    assert_eq!(read.board(), Board::Rectangle { width: 10, height: 8 });
    assert_eq!(read.handicap(), &Handicap::Corners { color: Color::White, corners: cells("a1,j8") });
    assert_eq!(read.blocked(), &Blocked::Fixed(cells("c2,f7")));
    for (short, color) in [("b", Color::Black), ("x", Color::Black), ("W", Color::White), ("black", Color::Black)] {
        assert_eq!(rules(&["--handicap", &format!("{short}:1")]).handicap(), &Handicap::Count { color, count: 1 });
    }
}

#[test]
fn unreadable_values_name_the_flag_and_the_reason() {
    for (args, says) in [
        (&["--seed"][..], "a value is required for '--seed <SEED>'"),
        (&["--seed", "-1"], "unexpected argument '-1'"),
        (&["--seed", "18446744073709551616"], "invalid value '18446744073709551616' for '--seed <SEED>'"),
        (&["--size", "8"], "invalid value '8' for '--size <WxH>'"),
        (&["--size", "8x8", "--octagon"], "cannot be used with"),
        (&["--seed", "1", "--seed", "2"], "cannot be used multiple times"),
        (&["--octagon=yes"], "unexpected value 'yes' for '--octagon'"),
        (&["--blocked=c3,c3"], "c3 is listed twice"),
        (&["--handicap", "grey:1"], "\"grey\" is not a colour"),
        (&["--scoring", "points"], "invalid value 'points' for '--scoring <discs|wof>'"),
    ] {
        let message = parse(args).expect_err("unreadable flags");
        assert!(message.contains(says), "{args:?}: {message}");
    }
}

#[test]
fn impossible_rules_are_the_library_errors() {
    for (args, expected) in [
        (&["--size", "9x8"][..], "width 9"),
        (&["--octagon", "--handicap", "black:1"], "Octagon"),
        (&["--blocked", "c3"], "central 4x4"),
        (&["--size", "4x4"], "eligible"),
    ] {
        let error = parse(args).expect("readable flags").0.expect_err("impossible rules");
        assert!(error.to_string().contains(expected), "{args:?}: {error}");
    }
}
