//! The evaluation weights, one row per phase, one column per feature (see
//! [`FEATURE_NAMES`](super::FEATURE_NAMES)), in hundredths of a disc per unit of the feature.
//!
//! Placeholder until the fit is run: hand-set values.

use super::{FEATURES, PHASES};

/// The weights: `WEIGHTS[phase][feature]`.
pub const WEIGHTS: [[i32; FEATURES]; PHASES] = [
    [0, 0, 0, 100, 30, -30, 100, 300, -200, 20],
    [0, 0, 0, 100, 30, -30, 100, 300, -200, 20],
    [0, 0, 0, 100, 30, -30, 100, 300, -200, 20],
    [0, 0, 30, 100, 30, -30, 100, 300, -200, 20],
    [0, 50, 60, 80, 20, -20, 100, 300, -200, 20],
    [0, 100, 100, 50, 10, -10, 100, 200, -100, 20],
];
