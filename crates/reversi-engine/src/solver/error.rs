//! Why the solver has no answer ([`SolveError`]), and why a search ended early
//! ([`Interruption`]).

/// Why a search ended before it had its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interruption {
    /// The stop flag was raised.
    Stopped,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
}

impl std::fmt::Display for Interruption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Interruption::Stopped => "stopped",
            Interruption::NodeLimit => "node limit reached",
            Interruption::TimeLimit => "time limit reached",
        })
    }
}

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
