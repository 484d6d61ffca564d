//! The rules as one line of text, for the GGF extension property `RU`:
//! `board=8x8 blocked=none handicap=none opening=standard scoring=discs`.
//!
//! Values: `board` is `WxH` or `octagon`; `blocked` is `none`, `random`, a count, or cells
//! `c3,f6`; `handicap` is `none`, `COLOUR:N` or `COLOUR:CELLS` (`black:2`, `white:a1,h8`);
//! `opening` is `standard` or `free`; `scoring` is `discs` or `wof`. A key left out keeps its
//! standard value; a key given twice or unknown is an error.

use reversi_core::Bitboard;
use reversi_variants::{Blocked, Board, Handicap, Opening, Rules, Scoring, cli};

/// The text of `rules`, every key written.
pub(crate) fn write(rules: &Rules) -> String {
    let cells = |set: Bitboard| set.iter().map(|sq| sq.to_string()).collect::<Vec<_>>().join(",");
    let board = match rules.board() {
        Board::Rectangle { width, height } => format!("{width}x{height}"),
        Board::Octagon => "octagon".to_owned(),
    };
    let blocked = match rules.blocked() {
        Blocked::None => "none".to_owned(),
        Blocked::Random => "random".to_owned(),
        Blocked::Count(n) => n.to_string(),
        Blocked::Fixed(set) => cells(*set),
    };
    let handicap = match rules.handicap() {
        Handicap::None => "none".to_owned(),
        Handicap::Count { color, count } => format!("{color}:{count}"),
        Handicap::Corners { color, corners } => format!("{color}:{}", cells(*corners)),
    };
    let opening = match rules.opening() {
        Opening::Standard => "standard",
        Opening::Free => "free",
    };
    let scoring = match rules.scoring() {
        Scoring::Discs => "discs",
        Scoring::Wof => "wof",
    };
    format!("board={board} blocked={blocked} handicap={handicap} opening={opening} scoring={scoring}")
}

/// Reads the text of [`write`].
pub(crate) fn parse(text: &str) -> Result<Rules, String> {
    let mut builder = Rules::builder();
    let mut seen: Vec<&str> = Vec::new();
    for item in text.split_whitespace() {
        let (key, value) = item.split_once('=').ok_or_else(|| format!("expected key=value, found {item:?}"))?;
        if seen.contains(&key) {
            return Err(format!("{key} is given twice"));
        }
        seen.push(key);
        let invalid = || format!("invalid {key} {value:?}");
        builder = match key {
            "board" => builder.board(cli::parse_size(value).ok_or_else(invalid)?),
            "blocked" => builder.blocked(cli::parse_blocked(value).ok_or_else(invalid)?),
            "handicap" => builder.handicap(cli::parse_handicap(value).ok_or_else(invalid)?),
            "opening" => builder.opening(match value {
                "standard" => Opening::Standard,
                "free" => Opening::Free,
                _ => return Err(invalid()),
            }),
            "scoring" => builder.scoring(cli::parse_scoring(value).ok_or_else(invalid)?),
            _ => return Err(format!("unknown key {key:?}")),
        };
    }
    builder.build().map_err(|e| e.to_string())
}
