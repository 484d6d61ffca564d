//! Multi-ProbCut, for the midgame search and the exact solver alike: a shallow search stands
//! for a deep one where it says, with enough confidence, that the deep one would fail high or
//! low. What each search needs to decide a probable cut-off lives here: the margins, their
//! fitted deviations, the depths of the shallow searches, and how sure a selective search's
//! bounds are. The cut-offs themselves are made where the searches are
//! (`Context::probable_cutoff` in `midgame::negamax`, `Worker::probable_cut` in the solver's
//! deep nodes).
//!
//! - The midgame search ([`Selectivity`], [`ProbCut`]): at each node from
//!   [`ProbCut::MIN_DEPTH`] plies, a null-window search of about half the depth, moved by a
//!   margin of [`Selectivity`]'s confidence times the fitted deviation of a shallow search's
//!   error ([`Sigma`]).
//! - The exact solver ([`Selection`], [`SELECTION`]): from [`SELECTION`]`.from` empties, two
//!   selective passes before the exact search, each with a margin in hundredths of a disc
//!   that widens with the empties; their bounds are stored as less sure ([`Sureness`]) and
//!   never reach the exact search.

use crate::eval::Evaluator;
pub(crate) use crate::transposition_table::endgame::Sureness;

/// How much a search prunes on probability: a probable cut-off (multi-ProbCut) skips a deep
/// search where a shallow one says, with the given confidence, how it would end. Selective
/// searches reach deeper for the same nodes and play stronger; the exhaustive one is what a
/// depth means in textbooks.
///
/// ```
/// use reversi_engine::search::Selectivity;
///
/// assert!(Selectivity::probcut(150).is_selective());
/// assert!(!Selectivity::EXHAUSTIVE.is_selective());
/// assert_eq!(Selectivity::default(), Selectivity::probcut(Selectivity::DEFAULT_CONFIDENCE));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selectivity {
    confidence: Option<u16>,
    nodes: ProbCutNodes,
}

/// Which nodes of the midgame search try a probable cut-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// Only the maintainers' matches choose the other variants (`Selectivity::at_nodes`).
#[cfg_attr(not(feature = "training"), allow(dead_code))]
pub enum ProbCutNodes {
    /// Every node, both probes (above the window and below it).
    Every,
    /// Null-window nodes only: a node of the principal variation is searched in full, so that
    /// the move played is never chosen on a guess.
    NullWindow,
    /// Null-window nodes only, and there one probe, on the side that the static evaluation
    /// takes: above the window if it stands there, else below; the other probe seldom cuts.
    NullWindowOneSide,
}

impl Selectivity {
    /// No probable cut-offs: every move searched to the full depth.
    pub const EXHAUSTIVE: Selectivity = Selectivity { confidence: None, nodes: ProbCutNodes::Every };

    /// The confidence of the default search, in hundredths of a deviation of the shallow
    /// searches' error: chosen in games at equal time, where a narrower margin reaches deeper
    /// in the same time and that wins more than its wrong cut-offs lose (1.2 beat 1.5; 1.0 was
    /// no better than 1.2).
    pub const DEFAULT_CONFIDENCE: u16 = 120;

    /// Probable cut-offs where a shallow search's value lies `confidence` hundredths of its
    /// error's deviation beyond the window (120: about 88 % sure on each side, 150: 93 %).
    #[must_use]
    pub const fn probcut(confidence: u16) -> Selectivity {
        Selectivity { confidence: Some(confidence), nodes: DEFAULT_NODES }
    }

    /// The same selectivity with probable cut-offs tried at `nodes`: for the maintainers'
    /// matches between the ways of choosing them.
    #[cfg(feature = "training")]
    #[must_use]
    pub const fn at_nodes(self, nodes: ProbCutNodes) -> Selectivity {
        Selectivity { nodes, ..self }
    }

    /// The depth of the shallow search that stands for a search `depth` plies deep in a
    /// probable cut-off: about half of it, of the same parity (a search's value swings with
    /// the parity of its depth). Probable cut-offs serve searches from 3 plies.
    #[must_use]
    pub const fn shallow_depth(depth: u32) -> u32 {
        shallow_depth(depth)
    }

    /// Whether the search makes probable cut-offs.
    #[must_use]
    pub const fn is_selective(self) -> bool {
        self.confidence.is_some()
    }

    /// The margins of this selectivity for the evaluation `eval`.
    pub(crate) fn probcut_for(self, eval: &Evaluator) -> Option<ProbCut> {
        let confidence = f64::from(self.confidence?) / 100.0;
        let sigma = if eval.has_patterns() {
            PATTERN_SIGMA
        } else if eval.board_has_own_weights() {
            OWN_WEIGHTS_SIGMA
        } else {
            FEATURE_SIGMA
        };
        Some(ProbCut { confidence, sigma, nodes: self.nodes })
    }
}

impl Default for Selectivity {
    fn default() -> Selectivity {
        Selectivity::probcut(Selectivity::DEFAULT_CONFIDENCE)
    }
}

/// Which nodes try a probable cut-off by default.
const DEFAULT_NODES: ProbCutNodes = ProbCutNodes::Every;

/// The deviation of a shallow search's error against the deep one with the patterns (8×8),
/// fitted by `tools/src/bin/probcut_fit.rs` on 8×8 positions of WTHOR games (300 positions,
/// to 8 plies, with the built-in weights: patterns up to 32 empties, the features above).
const PATTERN_SIGMA: Sigma = Sigma { base: 382.4, per_ply: 44.0, per_shallow_ply: -84.3, per_empty: -0.10 };
/// The same with the features alone and a board's own weights (8×8 with blocked cells,
/// 10×10, the Octagon, 6×6: [`FeatureWeights::built_in`](crate::eval::boards::FeatureWeights::built_in)),
/// fitted on random games of 10×10
/// with its weights (`--positions 300 --depth 7 --rules 10x10`). Narrower than with the 8×8
/// weights ([`FEATURE_SIGMA`]): a fitted evaluation strays less from a deeper search's value.
const OWN_WEIGHTS_SIGMA: Sigma = Sigma { base: 427.5, per_ply: 72.6, per_shallow_ply: -117.5, per_empty: -3.59 };
/// The same with the features alone and the 8×8 weights (every other board), fitted on random
/// games of 10×10 when it had no weights of its own.
const FEATURE_SIGMA: Sigma = Sigma { base: 370.5, per_ply: 100.8, per_shallow_ply: -140.1, per_empty: -1.59 };

/// The depth of the shallow search that stands for a search `depth` plies deep in a probable
/// cut-off ([`Selectivity::shallow_depth`] says why).
pub(crate) const fn shallow_depth(depth: u32) -> u32 {
    2 * (depth / 4) + depth % 2
}

/// The margins of the probable cut-offs (`Context::probable_cutoff` in the midgame search): how far a shallow
/// search's value may stray from the deep one's, in hundredths of a disc, times the
/// confidence asked for. The deep value is modelled as the shallow one plus a normal error
/// whose deviation depends on the two depths and on the empty cells:
/// `sigma = base + per_ply * depth + per_shallow_ply * shallow + per_empty * empties`, fitted
/// by `tools/src/bin/probcut_fit.rs`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ProbCut {
    /// How many deviations the margin is (the selectivity: more is safer and slower).
    pub(crate) confidence: f64,
    /// The deviation's model, in hundredths of a disc.
    pub(crate) sigma: Sigma,
    /// Which nodes try a probable cut-off.
    pub(crate) nodes: ProbCutNodes,
}

/// The deviation of a shallow search's error against the deep one, in hundredths of a disc:
/// `base + per_ply * depth + per_shallow_ply * shallow + per_empty * empties`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sigma {
    pub(crate) base: f64,
    pub(crate) per_ply: f64,
    pub(crate) per_shallow_ply: f64,
    pub(crate) per_empty: f64,
}

impl ProbCut {
    /// The shallowest search the probable cut-offs serve.
    pub(crate) const MIN_DEPTH: u8 = 3;

    /// The depth of the shallow search that stands for a search `depth` plies deep
    /// ([`Selectivity::shallow_depth`]).
    pub(crate) const fn shallow_depth(depth: u8) -> u8 {
        shallow_depth(depth as u32) as u8
    }

    /// The margin for a search `depth` plies deep at a position with `empties` empty cells.
    pub(crate) fn margin(&self, depth: u8, empties: u32) -> i32 {
        let Sigma { base, per_ply, per_shallow_ply, per_empty } = self.sigma;
        let shallow = Self::shallow_depth(depth);
        let sigma =
            base + per_ply * f64::from(depth) + per_shallow_ply * f64::from(shallow) + per_empty * f64::from(empties);
        // A floor, so that an extrapolation far from the fitted depths never cuts on nothing.
        (self.confidence * sigma.max(100.0)) as i32
    }
}

/// How many selective passes a solve makes before its exact one, each less selective than the
/// last.
pub(crate) const PASSES: usize = 2;

/// Where and how boldly a solve searches selectively before its exact search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Selection {
    /// Empty cells from which a solve runs its selective searches first.
    pub(crate) from: u32,
    /// Empty cells from which a node of a selective search tries a probable cut-off; below,
    /// the selective search is exact.
    pub(crate) probcut_from: u32,
    /// How far beyond the window, in hundredths of a disc, the shallow search's value must
    /// lie for a probable cut-off at a node of [`MARGINS_AT`] empties, pass by pass
    /// ([`Selection::level`]), narrowest first.
    pub(crate) margins: [i32; PASSES],
    /// How much wider, in hundredths of a disc, the margins are at a node for each empty
    /// cell above [`MARGINS_AT`] (narrower below): the shallow search misjudges a node by
    /// more the further it lies from the end.
    pub(crate) widening: i32,
}

/// The empty cells of a node at which the probable cut-offs' margins are
/// [`Selection::margins`].
pub(crate) const MARGINS_AT: u32 = 22;

impl Selection {
    /// The sureness of pass `pass` (0 first): the first is the most selective, the last is
    /// one above [`Sureness::EXACT`]. Each pass's selective bounds serve the passes after it
    /// only for their moves; those of its nodes that made no guess below them are stored as
    /// exact and serve every search.
    pub(crate) fn level(pass: usize) -> Sureness {
        Sureness((PASSES - pass) as u8)
    }

    /// The margin of a search of sureness `level` (a level of [`Selection::level`]) at a
    /// node with `n` empties.
    pub(crate) fn margin(&self, level: Sureness, n: u32) -> i32 {
        self.margins[PASSES - usize::from(level.0)] + self.widening * (n as i32 - MARGINS_AT as i32)
    }
}

/// The selection of the exact solver: selective passes from 22 empties with probable cut-offs
/// from 12, margins of 10 then 15 discs at [`MARGINS_AT`] empties, half a disc wider for each
/// empty above. Narrower margins settle on wrong values that the exact search must undo;
/// wider ones search almost everything twice (the measurements are in `docs/notes.md`).
pub(crate) const SELECTION: Selection = Selection { from: 22, probcut_from: 12, margins: [1000, 1500], widening: 50 };

/// The depth of the exact solver's shallow search that predicts a node's value for a probable
/// cut-off: a deeper one predicts better but costs more than it saves.
pub(crate) const ENDGAME_PROBCUT_DEPTH: u32 = 2;
