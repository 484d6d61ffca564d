//! The search: a fail-soft alpha-beta on the mover's and the opponent's discs as two words of
//! the board's generator, copy-make, in three tiers by the number of empty cells.
//!
//! - Many empties ([`Worker::deep`]): the transposition table (and, from [`ETC`] empties, a
//!   look in it for a child that already cuts off), the stability cut-off, fastest-first
//!   ordering (the move that leaves the opponent the fewest replies first, with the static
//!   evaluation far from the end, and a one-ply search on it farther), principal variation
//!   search (null windows for every move after the first) and, with several threads, the
//!   moves of big nodes shared between them ([`split`]).
//! - A few ([`Worker::mid`]): the stability cut-off, then legal moves fastest first (from
//!   [`MID_SORT`] empties) or in parity order (cells of regions with an odd number of empties
//!   first; within each, corners first and the cells next to them last), no table.
//! - The last ones ([`Worker::shallow`]): no move generation at all; each empty cell is tried
//!   with the generator's flips, which are empty for an illegal move, in a node of its own
//!   for each number of empties, each inlined into its parent's; at four empties the
//!   stability cut-off first.
//!
//! A selective search (a worker's selectivity above [`Sureness::EXACT`]) is the same
//! search with probable cut-offs at deep nodes ([`Worker::probable_cut`]); it stores its
//! bounds at its own level, which exact searches read only for the move.
//!
//! Each tier's body, and everything a node calls, is inlined (`#[inline(always)]`) into the
//! tier's entry points, which [`Features`] compiles once for any CPU and once for each set of
//! CPU features that this search gains most from; a worker runs the one its CPU (and, for
//! AVX-512, the board's generator) calls for.
//!
//! This module holds the tuning constants, the shared state ([`Control`]) and the
//! [`Worker`]; each job of the worker has a child module: the tiers ([`deep`], [`mid`],
//! [`shallow`]), a deep node's [`children`] and their order, the [`evaluation`] inside the
//! solver, the compilations for CPU features ([`features`]) and the threads' [`split`].

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use reversi_core::kernel::{Layout, Word};

use super::board::Board;
use super::solution::INFINITY;
use crate::time_management::{ENDGAME_CHECK_EVERY as CHECK_EVERY, Interruption, Watch};
use crate::value::centidiscs;
mod children;
mod deep;
mod evaluation;
pub(super) mod features;
mod mid;
mod shallow;
mod split;

use crate::eval::indices::Indices;
use crate::eval::words::low_64;
use crate::move_ordering::{
    EVAL_ORDER, FASTEST_WEIGHT, MAX_SORTED, MID_PARITY_WEIGHT, MID_SORT, ORDER_MARGIN, POTENTIAL_FROM, SEARCH_ORDER,
    fastest_first,
};
pub(super) use crate::multi_probcut::{ENDGAME_PROBCUT_DEPTH, PASSES, SELECTION, Selection};
use crate::transposition_table::endgame::{Bounds, NO_MOVE, Sureness, Table};
#[cfg(doc)]
use crate::ybwc::ENDGAME_SPLIT_EMPTIES;
use crate::ybwc::{Cancel, ENDGAME_ALONE_BEFORE_SPLIT, Places};
use features::Features;

/// Empty cells from which a node uses the table and sorts its moves: below, the probe and
/// the sort cost more than they save.
pub(super) const DEEP: u32 = 7;
/// Empty cells from which a node looks in the table for a child that cuts off (enhanced
/// transposition cutoff) before it searches any. The children's buckets were prefetched when
/// their keys were computed, and the look comes after the moves are given their sort keys
/// ([`Worker::order`]), so that the misses have had that time to land. Below, the look costs
/// more time than the nodes it saves.
const ETC: u32 = 10;
// The look needs the children's keys, which are computed only for children that use the table.
const _: () = assert!(ETC > DEEP);
/// Above every evaluation, in hundredths of a disc.
const EVAL_INFINITY: i32 = centidiscs(INFINITY);
/// Empty cells from which a node looks whether its split was called off, between the
/// regular looks at the limits.
const CANCEL_CHECK: u32 = 10;
/// The stability cut-off ([`Worker::stability_cut`]) is looked for at nodes of 5 empties or
/// more where alpha is at least `.0` times the empties minus `.1`: the opponent must then hold
/// many stable discs, which happens often enough to pay for the look (looking wherever the
/// opponent's discs allow it saves a few more nodes, but costs more time). It pays most
/// where the values are high.
const STABILITY_FROM: (i32, i32) = (2, 4);
/// Empty cells up to which a node tries every empty cell instead of generating moves.
const SHALLOW: u32 = 4;
// Those nodes are written out for four empties and fewer ([`Worker::shallow_body`]).
const _: () = assert!(SHALLOW == 4);
const _: () = assert!(SHALLOW < MID_SORT && MID_SORT < DEEP);

/// What stops a search early, shared by its threads.
pub(super) struct Control<'a> {
    pub watch: Watch<'a>,
    /// Nodes of every thread, flushed every [`CHECK_EVERY`] nodes.
    pub nodes: &'a AtomicU64,
    /// The caller's view of the node count, if it asked for one.
    pub progress: Option<&'a super::Progress>,
    /// Set once any thread must stop; `reason` says why.
    pub aborted: AtomicBool,
    pub reason: std::sync::Mutex<Option<Interruption>>,
    /// Threads of the solve that are free to help at a split ([`split`]).
    pub places: Places,
    /// Empty cells from which a node may split ([`ENDGAME_SPLIT_EMPTIES`] but in tests).
    pub split: u32,
    /// Where a solve searches selectively ([`SELECTION`] but in tests).
    pub selection: Selection,
}

impl Control<'_> {
    pub(super) fn abort(&self, why: Interruption) {
        let mut reason = self.reason.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        reason.get_or_insert(why);
        self.aborted.store(true, Ordering::Relaxed);
    }

    pub(super) fn is_aborted(&self) -> bool {
        self.aborted.load(Ordering::Relaxed)
    }
}

/// One thread's search.
pub(super) struct Worker<'a, M: Layout, V: Features> {
    pub board: &'a Board<M>,
    pub table: &'a Table,
    pub control: &'a Control<'a>,
    /// Nodes searched by this worker, all flushed or not.
    pub nodes: u64,
    flushed: u64,
    next_check: u64,
    /// Set when the search must unwind: every value found after it is meaningless.
    pub stopped: bool,
    /// The split this worker searches under, if any: once it is called off, the worker stops.
    pub cancel: Option<&'a Cancel<'a>>,
    /// Its search's selectivity: above [`Sureness::EXACT`], it trusts the table's entries
    /// up to its level and makes probable cut-offs.
    pub selectivity: Sureness,
    /// How many times its search has relied on a selective fact: a probable cut-off, or a
    /// selective entry's bounds. A node of a selective search during which it did not grow
    /// searched exactly, and stores its bounds as exact ones.
    pub guesses: u64,
    /// The CPU features its search is compiled for, present on this CPU.
    pub features: V,
}

/// A move with its flips, its child's key in the table (0 where children do not use it, or
/// where it was not computed: [`Worker::search`] then computes it) and its sort key.
#[derive(Clone, Copy)]
pub(super) struct Candidate<W> {
    pub index: u32,
    pub flips: W,
    pub hash: u64,
    pub key: i32,
}

/// A new worker's first look at the limits: after [`CHECK_EVERY`] nodes, or sooner under a
/// close node limit nearly spent ([`Watch::close_look`]).
fn first_check(control: &Control<'_>) -> u64 {
    control.watch.close_look(control.nodes.load(Ordering::Relaxed), CHECK_EVERY).unwrap_or(CHECK_EVERY)
}

impl<'a, M: Layout, V: Features> Worker<'a, M, V> {
    pub(super) fn new(
        board: &'a Board<M>,
        table: &'a Table,
        control: &'a Control<'a>,
        selectivity: Sureness,
        features: V,
    ) -> Self {
        Worker {
            board,
            table,
            control,
            nodes: 0,
            flushed: 0,
            next_check: first_check(control),
            stopped: false,
            cancel: None,
            selectivity,
            guesses: 0,
            features,
        }
    }

    /// The same worker, searching under the split `cancel`.
    pub(super) fn under(self, cancel: Option<&'a Cancel<'a>>) -> Self {
        Worker { cancel, ..self }
    }

    /// Adds this worker's unflushed nodes to the shared count.
    pub(super) fn flush(&mut self) {
        let total = self.control.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        if let Some(progress) = self.control.progress {
            progress.record_nodes(total + self.nodes - self.flushed);
        }
        self.flushed = self.nodes;
    }

    /// Looks at the limits; sets `stopped` if the search must end.
    #[cold]
    fn check(&mut self) {
        self.next_check = self.nodes + CHECK_EVERY;
        self.flush();
        let c = self.control;
        if c.is_aborted() || self.cancel.is_some_and(Cancel::is_set) {
            self.stopped = true;
            return;
        }
        let nodes = c.nodes.load(Ordering::Relaxed);
        if let Some(why) = c.watch.why_stop(nodes) {
            c.abort(why);
            self.stopped = true;
        } else if let Some(look) = c.watch.close_look(nodes, CHECK_EVERY) {
            self.next_check = self.nodes + look;
        }
    }

    /// The exact value of the position for the mover, if it lies strictly inside
    /// `(alpha, beta)`; otherwise a bound on the side of the window it fell (fail-soft).
    ///
    /// `key` is the position's key in the table ([`Board::key`]) if the caller has it (the
    /// parent computed its children's to prefetch their buckets), else 0: a node that uses
    /// the table then computes it (a key that happens to be 0 is merely computed again).
    /// Handing it down takes a key computation off the start of every deep node, ahead of its
    /// probe.
    #[inline(always)]
    pub(super) fn search(&mut self, p: M::Word, o: M::Word, alpha: i32, beta: i32, key: u64) -> i32 {
        let empty = !(p | o) & self.board.playable;
        let n = empty.count();
        if n >= DEEP {
            let key = if key != 0 { key } else { self.board.key(p, o) };
            self.deep(p, o, alpha, beta, n, key)
        } else if n > SHALLOW {
            self.mid(p, o, alpha, beta, empty, self.board.parity(empty), n, self.board.mg.legal(p, o))
        } else {
            self.shallow(p, o, alpha, beta, empty, self.board.parity(empty), n)
        }
    }
}
