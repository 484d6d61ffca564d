//! The command-line conventions that the user tools (the examples of reversi-kit: `play`,
//! `duel`, `replay`, `wthor`, `analyze`, `match`, `solve`, `perft`, `levels`, `nboard`) and
//! the maintainers' tools (`tools/`) share, so that they agree with each other and with the
//! README:
//!
//! - [`args`]: clap's reading of the flags; `--help` and `--version` on stdout with exit
//!   status 0, a bad flag an `error:` with the usage on stderr and exit status 2; the shared
//!   `--threads <N>` (1 to 1024, default 1: one core unless asked).
//! - [`errors`]: an `error:` line on stderr with every cause, and exit status 1 for what is
//!   not the command line's fault (a file that cannot be read or holds bad data).
//! - [`files`]: reading an input file whole, within bounds; [`input`]: a line of input
//!   within a bound.
//! - [`game_clock`]: `--time <CONTROL>` (`5m+2s`) of the tools that play games, and a
//!   referee's clocks.
//! - [`output`] and [`outln!`]: printing to stdout without panicking on a closed or full
//!   stdout.
//! - [`table`], [`player_spec`], [`record_file`], [`hash_mb`], [`progress`]: the table flags
//!   (`--size`, `--blocked`, …), the player names (`random`, `mobility`, `engine:N`), the
//!   record file, `--hash-mb <N>`, progress bars on a terminal.

pub mod args;
pub mod errors;
pub mod files;
pub mod game_clock;
pub mod hash_mb;
pub mod input;
pub mod output;
pub mod player_spec;
pub mod progress;
pub mod record_file;
pub mod table;
