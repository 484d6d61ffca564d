//! The rules as one line of text, for the GGF extension property `RU`: the form that
//! [`Rules`] displays and reads back with its `FromStr`,
//! `8x8 blocked=random handicap=none opening=standard scoring=discs`.

use reversi_variants::Rules;

/// The text of `rules`, every option written.
pub(crate) fn write(rules: &Rules) -> String {
    rules.to_string()
}

/// Reads the text of [`write`]; the error is the whole chain of causes, for a GGF value error
/// (which holds a reason as text, not a source).
pub(crate) fn parse(text: &str) -> Result<Rules, String> {
    text.parse::<Rules>().map_err(|e| {
        let mut reason = e.to_string();
        let mut source = std::error::Error::source(&e);
        while let Some(cause) = source {
            reason.push_str(": ");
            reason.push_str(&cause.to_string());
            source = cause.source();
        }
        reason
    })
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
        assert_eq!(parse("7x8").unwrap_err(), "impossible rules: invalid board width 7: must be even and from 4 to 16");
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
            "invalid board value: \"9y9\" is not a board size: expected WxH (such as 8x8) or octagon"
        );
        assert_eq!(
            parse("8x8 opening=closed").unwrap_err(),
            "invalid opening value: \"closed\" is not an opening: expected standard or free"
        );
    }
}
