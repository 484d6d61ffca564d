//! Move ordering, for the midgame search and the exact solver: which move a node tries first,
//! and from how deep each way of ordering pays. Alpha-beta is cheap when a refutation comes
//! first (`SearchResult::cutoffs` counts how often it does); every knob of the order is here.
//! The loops that apply them are each search's own: `midgame::move_ordering` for the
//! depth-limited search, `solver::search::children` (deep nodes) and `solver::search::mid`
//! (nodes of a few empties) for the solver.
//!
//! Both searches try the transposition table's move first. Then:
//! - the midgame search, from [`MIDGAME_EVALUATED_FROM`] plies, sorts by each child's
//!   evaluation; below it by a cheap guess ([`midgame_guess`]): corners first, the cells next
//!   to a free corner last, fewest replies for the opponent;
//! - the solver sorts fastest first ([`fastest_first`]): the fewest replies for the opponent
//!   (a corner reply weighing more), its potential mobility, the cell's rank and the corners'
//!   edges the mover holds; from [`EVAL_ORDER`] empties the child's evaluation weighs in, and
//!   from [`SEARCH_ORDER`] a one-ply search's value instead.

/// From this depth on, a node of the midgame search orders its moves by the evaluation of
/// each child; below it a cheap guess ([`midgame_guess`]) does better for its cost.
pub(crate) const MIDGAME_EVALUATED_FROM: u8 = 3;

/// The midgame search's cheap key for a move below [`MIDGAME_EVALUATED_FROM`] plies, higher
/// first: a corner first, a cell next to a free corner last, and fewer `replies` for the
/// opponent first (counted only at depths where that pays: `None` elsewhere).
#[inline]
pub(crate) fn midgame_guess(corner: bool, next_to_free_corner: bool, replies: Option<u32>) -> i32 {
    let mut key = 0;
    if corner {
        key += 1000;
    }
    if next_to_free_corner {
        key -= 500;
    }
    if let Some(replies) = replies {
        key -= 50 * replies as i32;
    }
    key
}

/// From this depth on, the midgame search's cheap key counts the opponent's replies.
pub(crate) const MIDGAME_REPLIES_FROM: u8 = 2;

/// The weight of the opponent's corner replies in the solver's fastest-first key, over other
/// replies (which weigh one): a move that gives a corner away is rarely best, and the
/// evaluation and [`ANCHORED_WEIGHT`] already weigh the corners, so one more is enough.
pub(crate) const CORNER_REPLY: i32 = 1;

/// The weight of the opponent's potential mobility (empty cells next to the mover's discs) in
/// the fastest-first key, where one reply weighs 64.
pub(crate) const POTENTIAL_WEIGHT: i32 = 16;

/// Empty cells from which the fastest-first key weighs the potential mobility: nearer the
/// end its cost (a neighbour flood for every move) outweighs what it saves.
pub(crate) const POTENTIAL_FROM: u32 = 9;

/// The weight of the mover's discs anchored at a corner after the move in the fastest-first
/// key, where one reply weighs 64: between two moves that leave the opponent as many replies,
/// the one that takes or guards a corner's edge comes first.
pub(crate) const ANCHORED_WEIGHT: i32 = 16;

/// The solver's fastest-first merit of a move, lower first: the opponent's `replies` after it
/// (its `corner_replies` counting [`CORNER_REPLY`] more), its `potential` mobility (weighed
/// from [`POTENTIAL_FROM`] empties; 0 below), the cell's `rank` (corners low, the cells next
/// to them high) and the mover's discs `anchored` at a corner.
#[inline(always)]
pub(crate) fn fastest_first(replies: u32, corner_replies: u32, potential: i32, rank: u8, anchored: u32) -> i32 {
    (replies as i32 + CORNER_REPLY * corner_replies as i32) * 64 + potential * POTENTIAL_WEIGHT + 4 * i32::from(rank)
        - ANCHORED_WEIGHT * anchored as i32
}

/// Empty cells from which the solver's ordering also weighs the static evaluation of each
/// child: it costs the child's features, which only pays far from the end.
pub(crate) const EVAL_ORDER: u32 = 14;

/// Empty cells from which the solver's ordering weighs, instead of the child's static
/// evaluation, the value of a one-ply search below it (the best reply's evaluation): the
/// static evaluation misjudges positions whose replies swing it. Two plies cost more than
/// they saved.
pub(crate) const SEARCH_ORDER: u32 = 17;
// The solver's test of its two compilations (`the_compilations_search_the_same_tree`) draws
// positions of up to 18 empties so that both orderings run.
const _: () = assert!(EVAL_ORDER < SEARCH_ORDER && SEARCH_ORDER <= 18);

/// The weight of the fastest-first key against the evaluation (in hundredths of a disc) from
/// [`EVAL_ORDER`] empties: one reply more for the opponent weighs as much as 2.6 discs.
pub(crate) const FASTEST_WEIGHT: i32 = 4;

/// How far beyond the node's window, in hundredths of a disc, the one-ply search that orders
/// the moves from [`SEARCH_ORDER`] empties looks: a reply that refutes a move by more than
/// this settles the move's place without the other replies' evaluations.
pub(crate) const ORDER_MARGIN: i32 = 1000;

/// Empty cells from which a node of the solver's middle tier sorts its moves fastest first
/// instead of taking them in parity order: from there on, enough of its cut-offs come after
/// the first move to pay for the sort, whose replies its children need anyway.
pub(crate) const MID_SORT: u32 = 6;

/// The weight of a move in a region of an even number of empties in the middle tier's sort
/// keys, where one reply weighs 64: it breaks ties between moves that leave as many replies.
pub(crate) const MID_PARITY_WEIGHT: i32 = 16;

/// Moves a node of the solver sorts at most; a node with more (only on large boards far from
/// the end) takes them in board order.
pub(crate) const MAX_SORTED: usize = 64;

/// The nodes of a search whose moves failed high over beta, and how many of them the first
/// move tried was enough for: how often the move ordering puts a refutation first, which is
/// what makes alpha-beta cheap (cut-offs from the table or a probable cut-off, where no move
/// is tried, are not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cutoffs {
    nodes: u64,
    by_first_move: u64,
}

impl Cutoffs {
    /// The nodes whose moves failed high.
    #[must_use]
    pub const fn nodes(self) -> u64 {
        self.nodes
    }

    /// Those whose first move failed high.
    #[must_use]
    pub const fn by_first_move(self) -> u64 {
        self.by_first_move
    }

    /// Counts a node that failed high, `by_first_move` or not.
    pub(crate) fn count(&mut self, by_first_move: bool) {
        self.nodes += 1;
        self.by_first_move += u64::from(by_first_move);
    }

    /// The share of the cut-offs made by the first move, from 0 to 1; `None` without one.
    #[must_use]
    pub fn first_move_rate(self) -> Option<f64> {
        (self.nodes > 0).then(|| self.by_first_move as f64 / self.nodes as f64)
    }
}

/// The counts of two searches together (the threads of one search, the moves of a game).
impl std::ops::Add for Cutoffs {
    type Output = Cutoffs;

    fn add(self, other: Cutoffs) -> Cutoffs {
        Cutoffs { nodes: self.nodes + other.nodes, by_first_move: self.by_first_move + other.by_first_move }
    }
}
