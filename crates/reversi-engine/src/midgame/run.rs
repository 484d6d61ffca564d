//! One search run with the board's move generator: the [`Frame`] of the board is built for
//! the generator that [`kernel::dispatch`] picks, then iterative deepening on it, with helper
//! threads if asked ([`SearchJob`]), or the solver's first guess ([`estimate`]).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi_core::kernel::{self, Layout, Visitor};
use reversi_core::{Position, Square};
use reversi_variants::{Move, Scoring};

use super::deepen::iterate;
use super::frame::Frame;
use super::negamax::{Context, Cutoffs, MAX_DEPTH, first_close_check};
use crate::eval::boards::FeatureWeights;
use crate::eval::patterns::PatternWeights;
use crate::multi_probcut::ProbCut;
use crate::time_management::Watch;
use crate::transposition_table::midgame::Table;
use crate::ybwc::Crew;

/// A depth-limited search of a position that has moves, on `threads` threads.
pub(crate) struct SearchJob<'a> {
    pub(crate) position: &'a Position,
    pub(crate) weights: PatternWeights,
    pub(crate) features: FeatureWeights,
    pub(crate) scoring: Scoring,
    pub(crate) table: &'a Table,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) deadline: Option<Instant>,
    pub(crate) node_limit: Option<u64>,
    /// Whether the node limit is kept close ([`Limits::with_nodes`](crate::Limits)) or looked
    /// at every thousand nodes (a level's).
    pub(crate) close_nodes: bool,
    pub(crate) probcut: Option<ProbCut>,
    pub(crate) threads: usize,
    pub(crate) max_depth: u32,
}

/// What a [`SearchJob`] found: the best move, value and depth of the main thread's last
/// completed iteration (`None` if none completed), and every thread's nodes and cut-offs.
pub(crate) struct Searched {
    pub(crate) found: Option<(Square, i32, u32)>,
    pub(crate) nodes: u64,
    pub(crate) cutoffs: Cutoffs,
}

impl SearchJob<'_> {
    /// Runs the search with the board's generator.
    pub(crate) fn run(self) -> Searched {
        kernel::dispatch(self.position.geometry(), self)
    }
}

impl Visitor for SearchJob<'_> {
    type Output = Searched;

    fn visit<L: Layout>(self, mg: L) -> Searched {
        let frame = &Frame::new(mg, self.position, self.weights.clone(), self.features.clone(), self.scoring);
        let node = frame.node(self.position);
        let crew = Crew::new(self.threads);
        let watch = Watch {
            stop: Some(self.stop),
            node_limit: self.node_limit,
            deadline: self.deadline,
            close_nodes: self.close_nodes,
            threads: self.threads,
        };
        let mut ctx = Context {
            frame,
            table: self.table,
            watch,
            crew: (self.threads > 1).then_some(&crew),
            cancel: None,
            nodes: 0,
            flushed: 0,
            close_check: first_close_check(&watch),
            aborted: false,
            probcut: self.probcut.as_ref(),
            cutoffs: Cutoffs::default(),
        };
        let found = iterate(&mut ctx, &node, 1, self.max_depth);
        // The helpers' nodes and cut-offs were added to the thread that split.
        Searched { found, nodes: ctx.nodes, cutoffs: ctx.cutoffs }
    }
}

/// What [`estimate`] found: the best move and its value in hundredths of a disc (none if a
/// node limit stopped the search before its first iteration ended), the nodes.
pub(crate) struct Estimate {
    pub(crate) found: Option<(Move, i32)>,
    pub(crate) nodes: u64,
}

/// An exhaustive (no probable cut-off) search of `position` to `depth` plies on one thread,
/// with the built-in weights, a fresh table of `table_bytes`, no exact endgame and at most
/// about `node_limit` nodes (kept close): the solver's first guess of a value. The same
/// nodes, move and value as a [`Searcher`](crate::search::Searcher) of that table, exact
/// solves from 0 empties, exhaustive, to that depth. `None` once the game is over.
pub(crate) fn estimate(
    position: &Position,
    scoring: Scoring,
    depth: u32,
    table_bytes: usize,
    node_limit: Option<u64>,
) -> Option<Estimate> {
    if position.is_game_over() {
        return None;
    }
    if position.legal_moves().is_empty() {
        let after =
            estimate(&position.with_side_to_move(!position.side_to_move()), scoring, depth, table_bytes, node_limit)?;
        return Some(Estimate { found: after.found.map(|(_, value)| (Move::Pass, -value)), nodes: after.nodes });
    }
    let table = Table::with_bytes(table_bytes);
    let stop = AtomicBool::new(false);
    let job = SearchJob {
        position,
        weights: PatternWeights::built_in(),
        features: FeatureWeights::built_in(position.geometry()),
        scoring,
        table: &table,
        stop: &stop,
        deadline: None,
        node_limit,
        close_nodes: true,
        probcut: None,
        threads: 1,
        max_depth: depth.min(MAX_DEPTH).min(position.empty_cells().len()),
    };
    let Searched { found, nodes, .. } = job.run();
    // Without a node limit the first iteration always completes.
    debug_assert!(found.is_some() || node_limit.is_some(), "an unlimited search completes its first iteration");
    Some(Estimate { found: found.map(|(best, value, _)| (Move::Place(best), value)), nodes })
}
