//! The rules as one line of text, for the GGF extension property `RU`: the flag form that
//! [`Rules`] displays, `8x8 blocked=random handicap=none opening=standard scoring=discs`.
//!
//! The first word is the board, `WxH` or `octagon` (`board=` before it is accepted too); then
//! `blocked` is `none`, `random`, a count, or cells `c3,f6`; `handicap` is `none`, `COLOUR:N`
//! or `COLOUR:CELLS` (`black:2`, `white:a1,h8`); `opening` is `standard` or `free`; `scoring`
//! is `discs` or `wof`. Each value is read by its option's `FromStr`, which also takes other
//! cases and the colours `b`, `w`, `x`, `o`. A key left out keeps its standard value; a key
//! given twice or unknown is an error.

use reversi_variants::Rules;

/// The text of `rules`, every option written.
pub(crate) fn write(rules: &Rules) -> String {
    rules.to_string()
}

/// Reads the text of [`write`].
pub(crate) fn parse(text: &str) -> Result<Rules, String> {
    let mut builder = Rules::builder();
    let mut seen: Vec<&str> = Vec::new();
    for (i, item) in text.split_whitespace().enumerate() {
        let (key, value) = match item.split_once('=') {
            Some(pair) => pair,
            None if i == 0 => ("board", item),
            None => return Err(format!("expected key=value, found {item:?}")),
        };
        if seen.contains(&key) {
            return Err(format!("{key} is given twice"));
        }
        seen.push(key);
        let invalid = |e: reversi_variants::ParseOptionError| format!("{key}: {e}");
        builder = match key {
            "board" => builder.board(value.parse().map_err(invalid)?),
            "blocked" => builder.blocked(value.parse().map_err(invalid)?),
            "handicap" => builder.handicap(value.parse().map_err(invalid)?),
            "opening" => builder.opening(value.parse().map_err(invalid)?),
            "scoring" => builder.scoring(value.parse().map_err(invalid)?),
            _ => return Err(format!("unknown key {key:?}")),
        };
    }
    builder.build().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_and_errors() {
        let rules = parse("10x8 blocked=c1,j8 handicap=white:a1 opening=free scoring=wof").unwrap();
        assert_eq!(write(&rules), "10x8 blocked=c1,j8 handicap=white:a1 opening=free scoring=wof");
        assert_eq!(parse(&write(&rules)).unwrap(), rules);
        assert_eq!(parse("board=10x8 opening=free blocked=c1,j8 handicap=white:a1 scoring=wof").unwrap(), rules);
        assert_eq!(parse("").unwrap(), Rules::default());
        assert_eq!(parse("octagon").unwrap().board(), reversi_variants::Board::Octagon);
        for bad in [
            "8x8 8x8",
            "8x8 opening=free opening=free",
            "8x8 colour=blue",
            "7x8",
            "octagon handicap=black:1",
            "8x8 blocked",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        // A value that cannot be read says why, naming the key and the text.
        assert_eq!(
            parse("9y9").unwrap_err(),
            "board: `9y9` is not a board size: expected WxH (such as 8x8) or octagon"
        );
        assert_eq!(
            parse("8x8 opening=closed").unwrap_err(),
            "opening: `closed` is not an opening: expected standard or free"
        );
    }
}
