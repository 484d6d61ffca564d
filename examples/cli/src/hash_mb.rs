//! The bound of `--hash-mb`, the size of a transposition table in MB, shared by the examples
//! that take it: the table's memory is reserved at the start and taken page by page as the
//! search fills it (a short search of a big table costs little), and a size past what the
//! machine can reserve would abort the program instead of giving an error.

use clap::builder::RangedU64ValueParser;

/// The largest table `--hash-mb` takes, in MB.
pub const MAX_HASH_MB: u64 = 4096;

/// The parser of `--hash-mb`: 1 to [`MAX_HASH_MB`].
pub fn parser() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_HASH_MB)
}
