//! Why the solver has no answer ([`SolveError`]).

use crate::time_management::Interruption;

/// Why the solver has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Neither side can move: there is nothing to solve (the final score is the position's).
    #[error("the game is over")]
    GameOver,
    /// A limit or the stop flag ended the search first: the value is unknown.
    #[error("not solved: {reason} after {nodes} nodes")]
    Interrupted {
        /// What ended it.
        reason: Interruption,
        /// Nodes searched until then.
        nodes: u64,
    },
    /// A window whose lower end is not below its upper end once both are clamped to ±1000.
    #[error("empty window ({alpha}, {beta}): alpha must be below beta, both within -1000..=1000")]
    EmptyWindow {
        /// The lower end.
        alpha: i32,
        /// The upper end.
        beta: i32,
    },
}
