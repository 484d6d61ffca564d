//! The layout of what the evaluation weighs: its features (counts, then edge patterns), their
//! names, and the game phases that weigh them apart. Every table of weights, built in or
//! fitted, has one row per phase and one column per feature in this order.

use super::edges::EDGE_PATTERNS;

/// The number of counts among the features, before the patterns.
pub const COUNTS: usize = 12;
/// The number of features: 12 counts, then the
/// [edge patterns](super::edges::EDGE_PATTERN_FILLINGS).
pub const FEATURES: usize = COUNTS + EDGE_PATTERNS;
/// The number of game phases, each with its own weights: about five plies each on 8×8. Level 5
/// lost fewer discs against perfect play with 12 phases than with 6 or 20.
pub const PHASES: usize = 12;

/// The names of the features, in the order of the evaluation's features and of each row of
/// [`WEIGHTS`](super::weights::WEIGHTS). Each feature but the first two is the side to move's
/// count minus the opponent's.
// The tools print and write them; the evaluation itself needs no names.
#[cfg_attr(not(feature = "training"), allow(dead_code))]
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",         // 1: the value of having the move
    "parity",       // +1 if the number of empty cells is odd (the mover would play last), else -1
    "discs",        // discs
    "mobility",     // legal moves
    "potential",    // empty cells next to an opponent disc
    "frontier",     // discs next to an empty cell
    "stable",       // stable discs
    "corners",      // discs on cells walled in all four lines
    "x-cells",      // discs diagonally next to an empty corner cell
    "c-cells",      // discs next to an empty corner cell along a row or column
    "edges",        // discs on cells walled in three lines
    "corner moves", // legal moves on a corner cell
    // The edge patterns, in the order of `EDGE_PATTERN_FILLINGS`: four cells in a row on the
    // rim, `m` the side to move's disc, `t` the opponent's, `-` empty.
    "edge m---",
    "edge -m--",
    "edge mm--",
    "edge tm--",
    "edge m-m-",
    "edge t-m-",
    "edge -mm-",
    "edge mmm-",
    "edge tmm-",
    "edge mtm-",
    "edge ttm-",
    "edge m--m",
    "edge mm-m",
    "edge tm-m",
    "edge mt-m",
    "edge tt-m",
    "edge mmmm",
    "edge tmmm",
    "edge mtmm",
    "edge mttm",
];
