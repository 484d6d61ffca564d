//! The user tools' small shared command-line library: what every example of this package
//! (`play`, `duel`, `replay`, `wthor`, `analyze`, `match`, `solve`, `perft`, `levels`) does
//! the same way, so that the tools agree with each other and with the README:
//!
//! - [`args`]: clap's reading of the flags; `--help` and `--version` on stdout with exit
//!   status 0, a bad flag an `error:` with the usage on stderr and exit status 2; the shared
//!   `--threads <N>` (1 to 1024, default 1: one core unless asked).
//! - [`errors`]: an `error:` line on stderr with every cause, and exit status 1 for what is
//!   not the command line's fault (a file that cannot be read or holds bad data).
//! - [`files`]: reading an input file whole, within bounds.
//! - [`output`]: printing to stdout without panicking on a closed or full stdout.
//! - [`table`], [`player_spec`], [`record_file`], [`hash_mb`], [`progress`]: the table flags
//!   (`--size`, `--blocked`, …), the player names (`random`, `mobility`, `engine:N`), the
//!   record file, `--hash-mb <N>`, progress bars on a terminal.
//!
//! It is not a library of the package: each example includes it with `mod cli;` and uses a
//! part of it, which is why unused items are allowed here.
#![allow(dead_code, unused_imports, unused_macros, reason = "each tool uses its own part of this shared module")]

pub mod args;
pub mod errors;
pub mod files;
pub mod hash_mb;
pub mod output;
pub mod player_spec;
pub mod progress;
pub mod record_file;
pub mod table;
