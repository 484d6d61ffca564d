//! The evaluation's tables and their layout, for the maintainers' tools that fit and measure
//! them (`tools/` of the workspace): the features one by one ([`FEATURE_NAMES`], read by
//! `Evaluator::features`), the game phases (`Evaluator::phase`), the table fitted on real 8×8
//! games ([`WEIGHTS`]), a board's table of the tools' own (`FeatureWeights::new`), and the
//! 8×8 patterns' shapes, bands and weights file ([`SHAPES`], [`BANDS`], [`PER_BAND`]).
//!
//! Public with the `training` feature only: a program that plays needs none of it, whether it
//! plays the built-in weights or weights fitted by the tools
//! ([`PatternWeights`](super::PatternWeights), [`FeatureWeights`](super::FeatureWeights)).
//!
//! ```
//! use reversi_core::Position;
//! use reversi_engine::eval::training::{self, FEATURE_NAMES, FEATURES, Patterns, WEIGHTS};
//! use reversi_engine::eval::{Evaluator, FeatureWeights};
//!
//! let pos = Position::default();
//! let eval = Evaluator::new(pos.geometry());
//! // A table of the features' weights: a row per phase, a weight per feature.
//! let features: [i32; FEATURES] = eval.features(&pos);
//! assert_eq!((FEATURE_NAMES[3], features[3]), ("mobility", 0));
//! assert_eq!(FeatureWeights::new(WEIGHTS).rows()[eval.phase(&pos)].len(), FEATURES);
//! // On 8×8, one index per instance of a shape, each into a band's row of weights.
//! let (mine, theirs) = training::standard_discs(&pos).expect("8×8");
//! assert_eq!(Patterns::new().indices(mine, theirs).count(), training::INSTANCES);
//! ```

pub use super::boards::FeatureRows;
pub use super::edges::{EDGE_PATTERN_FILLINGS, EDGE_PATTERNS};
pub use super::layout::{COUNTS, FEATURE_NAMES, FEATURES, PHASES};
pub use super::patterns::{BAND_BYTES, BANDS, PARAMETERS, PER_BAND, Patterns, standard_discs};
pub use super::shapes::{INSTANCES, SHAPES, Shape, symmetric};
pub use super::weights::WEIGHTS;
