//! The features' weights of each board: which table of weights per phase the evaluation of a
//! board reads where no patterns serve it (every board but the standard one).
//!
//! The first table, [`WEIGHTS`], was fitted on real 8×8 games; it serves every
//! board that has no table of its own. The others were fitted on the board they serve, by
//! `tools/src/bin/fit_board.rs`: self-play games of the engine on that board from random
//! openings, each position labelled by its game's result (the engine solves the end of each
//! game exactly, so a result is perfect play's from that point on). Their modules say how to
//! rerun each fit.
//!
//! ```
//! use reversi_core::Geometry;
//! use reversi_engine::eval::boards::FeatureWeights;
//! use reversi_engine::eval::WEIGHTS;
//!
//! let standard = FeatureWeights::built_in(&Geometry::STANDARD);
//! assert_eq!(standard.rows(), &WEIGHTS);
//! let ten = FeatureWeights::built_in(&Geometry::rectangle(10, 10)?);
//! assert_ne!(ten.rows(), &WEIGHTS);
//! # Ok::<(), reversi_core::GeometryError>(())
//! ```

use std::sync::Arc;

use reversi_core::Geometry;

use super::{FEATURES, PHASES, WEIGHTS};

mod blocked_eight;
mod octagon;
mod six;
mod sixteen;
mod ten;
mod twelve;

/// The weights of the features, one row per phase, one column per feature
/// ([`FEATURE_NAMES`](super::FEATURE_NAMES)), in hundredths of a disc per unit of the feature.
pub type FeatureRows = [[i32; FEATURES]; PHASES];

/// A table of the features' weights ([`FeatureRows`]): a built-in one or one of the caller's,
/// cheap to clone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureWeights {
    rows: Rows,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Rows {
    BuiltIn(&'static FeatureRows),
    Given(Arc<FeatureRows>),
}

/// The boards that have a table of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fitted {
    /// 8×8 with blocked cells.
    BlockedEight,
    /// 10×10, with or without blocked cells.
    Ten,
    /// The Octagon, with or without blocked cells.
    Octagon,
    /// 6×6, with or without blocked cells.
    Six,
    /// 12×12, with or without blocked cells.
    Twelve,
    /// 16×16 and 14×14, with or without blocked cells: on 14×14 the table fitted on 16×16
    /// games beat the one fitted on 14×14's own.
    Sixteen,
}

impl Fitted {
    /// The table of its own that `geometry` uses, if it has one.
    fn of(geometry: &Geometry) -> Option<Fitted> {
        let octagon = Geometry::octagon();
        match (geometry.width(), geometry.height()) {
            (8, 8) if !geometry.unplayable().is_empty() => Some(Fitted::BlockedEight),
            (10, 10) if (octagon.unplayable() - geometry.unplayable()).is_empty() => Some(Fitted::Octagon),
            (10, 10) => Some(Fitted::Ten),
            (6, 6) => Some(Fitted::Six),
            (12, 12) => Some(Fitted::Twelve),
            (14, 14) | (16, 16) => Some(Fitted::Sixteen),
            _ => None,
        }
    }

    fn rows(self) -> &'static FeatureRows {
        match self {
            Fitted::BlockedEight => &blocked_eight::WEIGHTS,
            Fitted::Ten => &ten::WEIGHTS,
            Fitted::Octagon => &octagon::WEIGHTS,
            Fitted::Six => &six::WEIGHTS,
            Fitted::Twelve => &twelve::WEIGHTS,
            Fitted::Sixteen => &sixteen::WEIGHTS,
        }
    }
}

/// Whether `geometry` has a table of its own ([`FeatureWeights::built_in`]).
pub(crate) fn has_own_table(geometry: &Geometry) -> bool {
    Fitted::of(geometry).is_some()
}

impl FeatureWeights {
    /// The caller's table, say a fit to compare with the built-in one.
    #[must_use]
    pub fn new(rows: FeatureRows) -> FeatureWeights {
        FeatureWeights { rows: Rows::Given(Arc::new(rows)) }
    }

    /// The built-in table for `geometry`: its own if it has one (8×8 with blocked cells,
    /// 10×10, the Octagon, 6×6, 12×12, 14×14 and 16×16), else the one fitted on real 8×8 games
    /// (4×4 and the rectangles).
    #[must_use]
    pub fn built_in(geometry: &Geometry) -> FeatureWeights {
        FeatureWeights { rows: Rows::BuiltIn(Fitted::of(geometry).map_or(&WEIGHTS, Fitted::rows)) }
    }

    /// The weights, `rows()[phase][feature]`.
    #[must_use]
    pub fn rows(&self) -> &FeatureRows {
        match &self.rows {
            Rows::BuiltIn(rows) => rows,
            Rows::Given(rows) => rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_core::{Bitboard, Square};

    fn blocked(geometry: Geometry, cells: &[&str]) -> Geometry {
        let set: Bitboard = cells.iter().map(|c| c.parse::<Square>().expect("a cell")).collect();
        geometry.with_unplayable(set).expect("cells on the board")
    }

    #[test]
    fn each_board_finds_its_table_and_the_others_the_standard_one() {
        let ten = Geometry::rectangle(10, 10).expect("10x10");
        let six = Geometry::rectangle(6, 6).expect("6x6");
        assert_eq!(Fitted::of(&Geometry::STANDARD), None);
        assert_eq!(Fitted::of(&blocked(Geometry::STANDARD, &["c3"])), Some(Fitted::BlockedEight));
        assert_eq!(Fitted::of(&ten), Some(Fitted::Ten));
        assert_eq!(Fitted::of(&blocked(ten, &["a1", "c3"])), Some(Fitted::Ten));
        assert_eq!(Fitted::of(&Geometry::octagon()), Some(Fitted::Octagon));
        assert_eq!(Fitted::of(&blocked(Geometry::octagon(), &["c3"])), Some(Fitted::Octagon));
        assert_eq!(Fitted::of(&six), Some(Fitted::Six));
        assert_eq!(Fitted::of(&Geometry::rectangle(10, 8).expect("10x8")), None);
        assert_eq!(Fitted::of(&Geometry::rectangle(12, 12).expect("12x12")), Some(Fitted::Twelve));
        assert_eq!(Fitted::of(&Geometry::rectangle(14, 14).expect("14x14")), Some(Fitted::Sixteen));
        assert_eq!(Fitted::of(&Geometry::rectangle(16, 16).expect("16x16")), Some(Fitted::Sixteen));
        assert_eq!(Fitted::of(&Geometry::rectangle(16, 12).expect("16x12")), None);
        assert_eq!(FeatureWeights::built_in(&Geometry::rectangle(4, 4).expect("4x4")).rows(), &WEIGHTS);
    }

    #[test]
    fn the_evaluation_of_a_board_weighs_its_features_by_its_table() {
        use crate::eval::Evaluator;
        use crate::eval::patterns::PatternWeights;
        let ten = Geometry::rectangle(10, 10).expect("10x10");
        let mut pos = reversi_core::Position::start(ten).expect("a start");
        for _ in 0..9 {
            let first = pos.legal_moves().first().expect("a move early in the game");
            pos.play(first).expect("legal");
        }
        let own = Evaluator::new(&ten);
        let features = own.features(&pos);
        let by = |rows: &FeatureRows| -> i64 {
            features.iter().zip(&rows[own.phase(&pos)]).map(|(&x, &w)| i64::from(x) * i64::from(w)).sum()
        };
        assert_eq!(i64::from(own.evaluate(&pos)), by(&ten::WEIGHTS));
        let standard = Evaluator::with_weights(&ten, PatternWeights::built_in(), FeatureWeights::new(WEIGHTS));
        assert_eq!(i64::from(standard.evaluate(&pos)), by(&WEIGHTS));
        assert_ne!(by(&WEIGHTS), by(&ten::WEIGHTS), "{pos}");
    }

    #[test]
    fn a_given_table_is_read_back_as_given() {
        let mut rows = WEIGHTS;
        rows[3][5] += 1;
        let given = FeatureWeights::new(rows);
        assert_eq!(given.rows(), &rows);
        assert_ne!(given, FeatureWeights::built_in(&Geometry::STANDARD));
        assert_eq!(given.clone(), given);
    }
}
