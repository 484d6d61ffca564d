//! The table flags that `play` and `duel` share: the rules (docs/rules.md §3) and the seed. Each value
//! is read by its option's `FromStr` ([`Board`], [`Blocked`], [`Handicap`], [`Scoring`]), so
//! the spellings are those of the library: any case, `--size octagon`, `--handicap w:a1,j8`.

use reversi_variants::{Blocked, Board, Handicap, Opening, Rules, RulesBuilder, RulesError, Scoring};

/// The table flags; flatten them into an example's own flags with `#[command(flatten)]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct TableArgs {
    /// The seed of the blocked cells and of the random player, 0 to 2^64-1 [default: a fresh one]
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// The board: an even size from 4 to 16 each side (8x8, 10x6), or octagon
    #[arg(long, value_name = "WxH", conflicts_with = "octagon")]
    size: Option<Board>,
    /// The Octagon: 10x10 with three cells cut at each corner
    #[arg(long)]
    octagon: bool,
    /// Blocked cells: none, random, a count 1-4, or cells such as c3,f7
    #[arg(long, value_name = "none|random|N|CELLS")]
    blocked: Option<Blocked>,
    /// Handicap corners: a colour and a count 1-4 or corners, such as white:2 or black:a1,h8
    #[arg(long, value_name = "COLOUR:N|COLOUR:CELLS")]
    handicap: Option<Handicap>,
    /// The free opening: the first four moves place the central discs, Black and White in turn
    #[arg(long)]
    free_opening: bool,
    /// How the winner is scored
    #[arg(long, value_name = "discs|wof")]
    scoring: Option<Scoring>,
}

impl TableArgs {
    /// [`rules`](Self::rules), or the end of the program with a usage error of `P`'s command
    /// line (exit status 2) if the options do not combine.
    pub fn rules_or_exit<P: clap::CommandFactory>(&self, defaults: RulesBuilder) -> Rules {
        self.rules(defaults).unwrap_or_else(|e| crate::args::usage_error::<P>(format!("impossible rules: {e}")))
    }

    /// The rules that the flags ask for, over `defaults` for the options not given.
    ///
    /// # Errors
    /// A [`RulesError`] if the options do not combine (blocked cells off the board, a
    /// handicap on the Octagon, …).
    pub fn rules(&self, defaults: RulesBuilder) -> Result<Rules, RulesError> {
        let mut builder = defaults;
        if let Some(board) = self.size {
            builder = builder.board(board);
        }
        if self.octagon {
            builder = builder.board(Board::Octagon);
        }
        if let Some(blocked) = &self.blocked {
            builder = builder.blocked(blocked.clone());
        }
        if let Some(handicap) = &self.handicap {
            builder = builder.handicap(handicap.clone());
        }
        if self.free_opening {
            builder = builder.opening(Opening::Free);
        }
        if let Some(scoring) = self.scoring {
            builder = builder.scoring(scoring);
        }
        builder.build()
    }
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

/// The blocked cells of a table as its summary line shows them: `c3 f7`, or `none`.
#[must_use]
pub fn blocked_line(blocked: reversi_core::Bitboard) -> String {
    if blocked.is_empty() { "none".to_owned() } else { blocked.to_string() }
}
