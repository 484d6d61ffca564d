//! The bound of `--hash-mb`, the size of a transposition table in MB, shared by the examples
//! that take it: the table is allocated whole at the start, and a size past what the machine
//! can give would abort the program instead of giving an error.

use clap::builder::RangedU64ValueParser;

/// The largest table `--hash-mb` takes, in MB.
pub const MAX_HASH_MB: u64 = 4096;

/// The parser of `--hash-mb`: 1 to [`MAX_HASH_MB`].
pub fn parser() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_HASH_MB)
}
