//! Rules and seed from command-line flags, shared by the examples (`play`, `duel`).
//!
//! | flag | values |
//! | --- | --- |
//! | `--seed S` | a number from 0 to 2⁶⁴−1 |
//! | `--size WxH` | an even size from 4 to 16 each side, such as `8x8` or `10x6` |
//! | `--octagon` | the Octagon |
//! | `--blocked V` | `none`, `random`, a count `1`–`4`, or cells such as `c3,f7` |
//! | `--handicap C:V` | a colour (`black`, `white`, or `b`, `w`, `x`, `o`) and a count `1`–`4` or corners: `white:2`, `black:a1,h8` |
//! | `--free-opening` | the free opening |
//! | `--scoring V` | `discs` or `wof` |
//!
//! A value may also follow the flag after `=`: `--seed=7`. Words are read in any case. The
//! values are read by the options' `FromStr` ([`Board`], [`Blocked`](crate::Blocked),
//! [`Handicap`](crate::Handicap), [`Scoring`](crate::Scoring)), so `--size` also takes
//! `octagon`. Other arguments are handed back untouched, in order, for the caller's own flags.
//!
//! ```
//! use reversi_variants::{cli, Blocked, Rules};
//!
//! let args = ["--size", "10x8", "--blocked=c3,f7", "--quiet", "--seed", "9"].map(String::from);
//! let table = cli::parse_table_args(args, Rules::builder().blocked(Blocked::Random))?;
//! assert_eq!(table.seed(), Some(9));
//! assert_eq!(table.rules().blocked(), &"f7,c3".parse::<Blocked>()?);
//! assert_eq!(table.rules().board().to_string(), "10x8");
//! assert_eq!(table.rest(), ["--quiet"]);
//!
//! let err = cli::parse_table_args(["--size=9y9".to_owned()], Rules::builder()).unwrap_err();
//! assert_eq!(err.to_string(), "--size: \"9y9\" is not a board size: expected WxH (such as 8x8) or octagon");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use reversi_core::Bitboard;

use crate::{Board, Opening, ParseOptionError, Rules, RulesBuilder, RulesError};

/// Why the command line does not give a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArgsError {
    /// A flag that needs a value is last.
    #[error("{flag} needs a value")]
    MissingValue {
        /// The flag.
        flag: String,
    },
    /// The seed cannot be read.
    #[error("invalid value {value:?} for {flag}: expected {expected}")]
    InvalidValue {
        /// The flag.
        flag: String,
        /// The value that was given.
        value: String,
        /// What the flag takes.
        expected: &'static str,
    },
    /// A rules flag's value cannot be read as its option.
    #[error("{flag}: {source}")]
    InvalidOption {
        /// The flag.
        flag: String,
        /// What is wrong with the value.
        #[source]
        source: ParseOptionError,
    },
    /// A flag that takes no value was given one with `=`.
    #[error("{flag} takes no value")]
    UnexpectedValue {
        /// The flag.
        flag: String,
    },
    /// Two flags that exclude each other, or one flag given twice.
    #[error("{flag} conflicts with {other}")]
    Conflict {
        /// The later flag.
        flag: String,
        /// The earlier flag.
        other: String,
    },
    /// The flags make impossible rules.
    #[error("impossible rules: {0}")]
    Rules(#[from] RulesError),
}

/// The table that the command line asks for: rules, an optional seed, and the arguments
/// that were not table flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableArgs {
    rules: Rules,
    seed: Option<u64>,
    rest: Vec<String>,
}

impl TableArgs {
    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed, if `--seed` was given.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The other arguments, in their order.
    #[must_use]
    pub fn rest(&self) -> &[String] {
        &self.rest
    }
}

/// Reads the table flags of `args` (the program name left out) over `defaults`.
///
/// # Errors
/// An [`ArgsError`] for a missing or unreadable value, a flag given twice or conflicting with
/// another (`--size` and `--octagon`), or impossible rules.
pub fn parse_table_args<I>(args: I, defaults: RulesBuilder) -> Result<TableArgs, ArgsError>
where
    I: IntoIterator<Item = String>,
{
    let mut builder = defaults;
    let mut seed = None;
    let mut rest = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag.to_owned(), Some(value.to_owned())),
            _ => (arg.clone(), None),
        };
        let takes_value = matches!(flag.as_str(), "--seed" | "--size" | "--blocked" | "--handicap" | "--scoring");
        let is_switch = matches!(flag.as_str(), "--octagon" | "--free-opening");
        if !takes_value && !is_switch {
            rest.push(arg);
            continue;
        }
        // --size and --octagon both set the board.
        let key = if flag == "--octagon" { "--size".to_owned() } else { flag.clone() };
        if let Some(other) = seen.iter().find(|(k, _)| *k == key).map(|(_, f)| f.clone()) {
            return Err(ArgsError::Conflict { flag, other });
        }
        seen.push((key, flag.clone()));
        if is_switch {
            if inline.is_some() {
                return Err(ArgsError::UnexpectedValue { flag });
            }
            builder = match flag.as_str() {
                "--octagon" => builder.board(Board::Octagon),
                _ => builder.opening(Opening::Free),
            };
            continue;
        }
        let value = match inline {
            Some(value) => value,
            None => args.next().ok_or_else(|| ArgsError::MissingValue { flag: flag.clone() })?,
        };
        let invalid = |source| ArgsError::InvalidOption { flag: flag.clone(), source };
        match flag.as_str() {
            "--seed" => {
                seed = Some(parse_seed(&value).ok_or_else(|| ArgsError::InvalidValue {
                    flag: flag.clone(),
                    value: value.clone(),
                    expected: "a number from 0 to 2^64-1",
                })?)
            }
            "--size" => builder = builder.board(value.parse().map_err(invalid)?),
            "--blocked" => builder = builder.blocked(value.parse().map_err(invalid)?),
            "--handicap" => builder = builder.handicap(value.parse().map_err(invalid)?),
            _ => builder = builder.scoring(value.parse().map_err(invalid)?),
        }
    }
    Ok(TableArgs { rules: builder.build()?, seed, rest })
}

/// A seed: decimal digits, no sign.
#[must_use]
pub fn parse_seed(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Comma-separated cell names, each once: `c3,f7`.
#[must_use]
pub fn parse_cells(text: &str) -> Option<Bitboard> {
    crate::option_text::cell_list(text)
}

/// A seed for when none is given: from the system clock and the process id, so that two runs
/// seldom repeat. Print it, so that the run can be replayed with `--seed`.
#[must_use]
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    // RandomState is keyed from the operating system's entropy on each run.
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(nanos);
    hasher.write_u32(std::process::id());
    hasher.finish()
}
