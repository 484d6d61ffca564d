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
//! A selective search (a worker's selectivity above [`Selectivity::EXACT`]) is the same
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
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::time::Instant;

use reversi_core::kernel::{Layout, Word};

use super::board::Board;
use super::error::Interruption;
use super::solution::INFINITY;
mod children;
mod deep;
mod evaluation;
pub(super) mod features;
mod mid;
mod shallow;
mod split;

use super::table::{Bounds, NO_MOVE, Selectivity, Table};
use crate::cancel::Cancel;
use crate::eval::indices::Indices;
use crate::eval::words::low_64;
use features::Features;

/// Empty cells from which a node uses the table and sorts its moves. Eighteenth round, FFO
/// #45-#52, one thread, side by side: from 8 empties 59.5 s against 55.3 s, from 6 56.6 s
/// against 55.9 s.
pub(super) const DEEP: u32 = 7;
/// Empty cells from which a node looks in the table for a child that cuts off (enhanced
/// transposition cutoff) before it searches any. The children's buckets were prefetched when
/// their keys were computed, and the look comes after the moves are given their sort keys
/// ([`Worker::order`]), so that the misses have had that time to land. FFO #40-#44 (one
/// thread): from 12 empties 216.4 M nodes; from 10, 212.1 M and 0.94-1.0 of the time (three
/// alternated rounds); from 8, 207.2 M but 1.0-1.07 of the time. Eighteenth round, FFO #45-#52, one thread, two
/// builds side by side, twice with the cores swapped: looking after the sorting below
/// [`EVAL_ORDER`] empties (before it above, where the sorting evaluates each child) took 52.3
/// and 52.9 s against 53.3 and 54.1 s for before it everywhere; after it everywhere, 52.2 and
/// 51.7 s against 52.3 and 51.5 s for that, the same, so the simpler stays. From 8 empties
/// after the sorting: 2 % fewer nodes, 1 % more time.
const ETC: u32 = 10;
// The look needs the children's keys, which are computed only for children that use the table.
const _: () = assert!(ETC > DEEP);
/// The weight of the opponent's corner replies in the ordering, over other replies (which
/// weigh one): a move that gives a corner away is rarely best. Measured on FFO #40-#41 (nodes,
/// single thread): 0 → 128 M, 1 → 89 M, 2 → 87 M. Since the patterns (which weigh the
/// corners in the evaluation) and the corner-anchored term ([`ANCHORED_WEIGHT`]), one weighs
/// less. Twenty-second round, one thread, two runs at once (a core each), nodes from each
/// line's time and speed, 2 against 1: #40-#49 615 M against 572 M (0: 609 M, 3: 647 M);
/// #45-#52 1 420 M against 1 374 M (2 below [`EVAL_ORDER`] empties and 1 from it: 1 385 M);
/// #53, #56 and #58 2 715 M against 2 673 M, and 105.4 and 92.6 s against 102.2 and 91.9 s
/// with the cores swapped.
const CORNER_REPLY: i32 = 1;
/// Empty cells from which the ordering also weighs the static evaluation of each child: it
/// costs the child's features (mobility of both sides, stable discs, edge patterns...), which
/// only pays far from the end. Measured on FFO #40-#44 (nodes, one thread), when it went
/// through a [`Position`](reversi_core::Position): never 381 M, from 20 empties 399 M, 16 →
/// 352 M, 14 → 330 M, 12 → 313 M, 10 → 301 M; the time was best from 14. Since the
/// evaluation runs on words, and with the one-ply search from [`SEARCH_ORDER`]: from 12
/// empties 177.5 M nodes against 185.6 M, but 1.02 and 0.96 of the time, so 14 stayed. With
/// the search compiled for the CPU ([`Features`]) and the one-ply search from 17, FFO #45-#52
/// (one thread, side by side, two pairs with the cores swapped): from 15 empties 64.3 and
/// 64.5 s against 65.6 and 65.5 s from 14; from 13 70.5 s, from 12 74.6 s (against 65.1 s).
/// Eighteenth round: from 14, 8 % fewer nodes on #53/#56/#58 for the same time. Nineteenth
/// round, the evaluation a third cheaper (the edge windows folded into the patterns), one
/// thread, side by side: from 14, #53/#56/#58 95.2 and 94.1 s against 97.6 and 96.1 s (cores
/// swapped), #45-#52 52.9 s against 53.0 s; from 13, 91.1 s against 89.1 s from 14.
const EVAL_ORDER: u32 = 14;
/// Empty cells from which the ordering weighs, instead of the child's static evaluation, the
/// value of a one-ply search below it (the best reply's evaluation): the static evaluation
/// misjudges positions whose replies swing it. FFO #40-#44 (nodes, one thread): from 20
/// empties 199.7 M, 18 → 189.9 M, 16 → 185.6 M, against 203.4 M with the static evaluation
/// alone; #45-#49: 2 771 M against 3 734 M. Two plies from 22 or 24 empties cost more nodes
/// on #49 (1 370 M and 1 357 M against 992 M) and so were dropped. Time on #40-#44: 0.85 and
/// 0.81 of the static evaluation's (two alternated rounds); from 14 empties 179.8 M nodes but
/// 1.07 and 1.11 of the time from 16. With the selective search first (its first window at
/// ±10), a two-ply search from 22 empties: FFO #45-#52 (one thread) 230.7 s against 224.9 s.
/// With the search compiled for the CPU ([`Features`]), one thread, side by side: from 17
/// empties (and the evaluation from 15) #53, #56 and #58 125.5 and 126.0 s against 127.9 and
/// 127.7 s from 16 (about 10 % more nodes, each cheaper); from 15, #45-#52 68.6 s against
/// 65.2 s.
const SEARCH_ORDER: u32 = 17;
// The solver's test of its two compilations (`the_compilations_search_the_same_tree`) draws
// positions of up to 18 empties so that both orderings run.
const _: () = assert!(EVAL_ORDER < SEARCH_ORDER && SEARCH_ORDER <= 18);
/// Above every evaluation, in hundredths of a disc.
const EVAL_INFINITY: i32 = INFINITY * 100;
/// The weight of the fastest-first key against the evaluation (in hundredths of a disc): one
/// reply more for the opponent weighs as much as 2.6 discs of evaluation. Measured on FFO
/// #40-#44 (nodes, one thread) without the potential mobility, from 16 empties: 1.6 discs →
/// 406 M, 4.8 → 352 M, 8 → 365 M, 16 → 367 M; with it, from 14 empties: 5.1 discs → 238 M,
/// 9.6 → 235 M, 19.2 → 239 M. With the one-ply search from [`SEARCH_ORDER`]: 3.8 discs →
/// 176.1 M, 5.1 → 169.3 M, 6.4 → 176.8 M, 9.6 → 185.6 M, 14.1 → 193.6 M; on #45-#49, 5.1
/// discs 2 353 M against 2 771 M with 9.6 (#49 760 M against 992 M). With the patterns on
/// the standard board (see [`crate::eval::patterns`]), whose evaluation is worth more (an
/// earlier fit of them, on 218 000 positions of a scratch labeller): 2.6 discs (4) → #40-#44
/// 98.6 M, #45-#49 887 M; 5.1 discs (8) → 103.3 M, 962 M; 1.3 discs (2) → 112.0 M, 983 M. The
/// fit in the repository with 4: 96.4 M and 1 105 M.
const FASTEST_WEIGHT: i32 = 4;
/// The weight of the opponent's potential mobility (empty cells next to the mover's discs)
/// in the fastest-first key, where one reply weighs 64. FFO #40-#44 (nodes, one thread, with
/// the guessed window): without 256 M, 4 → 251 M, 16 → 239 M, 32 → 242 M, 64 → 272 M; user
/// CPU 5 % lower with 16 in two alternated rounds.
const POTENTIAL_WEIGHT: i32 = 16;
/// The weight of the mover's discs anchored at a corner after the move
/// ([`Board::anchored`](super::board::Board::anchored)) in the fastest-first key, where one
/// reply weighs 64: between two moves that leave the opponent as many replies, the one that
/// takes or guards a corner's edge comes first (Edax's ordering weighs its "corner
/// stability" the same way). Twenty-first round, one thread, two runs at once (a core each),
/// nodes from each line's time and speed: FFO #40-#49 652 M nodes without, 616 M with 16,
/// 635 M with 32, 720 M with 64; #45-#52 1 508 M without, 1 430 M with 8, **1 420 M with 16**,
/// 1 452 M with 24, and 59.2 and 59.6 s against 63.6 and 62.6 s without (cores swapped);
/// #53, #56 and #58 2 716 M against 2 790 M, 101.7 s against 104.9 s.
const ANCHORED_WEIGHT: i32 = 16;
/// Empty cells from which the fastest-first key weighs the potential mobility: nearer the
/// end its cost (a neighbour flood for every move) outweighs what it saves. With
/// [`ORDER_MARGIN`], FFO #45-#52 (one thread, two builds side by side): 93.6 s against 94.8 s
/// weighing it at every node, the nodes within 1 %.
const POTENTIAL_FROM: u32 = 9;
/// How far beyond the node's window, in hundredths of a disc, the one-ply search that orders
/// the moves from [`SEARCH_ORDER`] empties looks: a reply that refutes a move by more than
/// this settles the move's place without the other replies' evaluations. Same nodes within
/// 1 % as the full window, 1-3 % less time (FFO #45-#52, one thread, side by side: 89.3 s
/// against 90.5 s).
const ORDER_MARGIN: i32 = 1000;
/// Empty cells from which a node's moves may be shared between threads: below, a subtree is
/// too small to be worth a thread. FFO #45-#49 with two threads (wall s, M nodes; one thread
/// 2 224 M): from 14 106.3 s, 2 697 M; from 16 100.6 s, 2 691 M; from 18 108.9 s, 2 691 M.
pub(super) const SPLIT: u32 = 16;
/// Moves a node searches alone before it may share the others: a node whose first two moves
/// did not cut off will likely search them all, so helpers waste little on it. FFO #42 with
/// two threads (nodes, wall time; one thread: 105 M, 5.14 s): one move 171 M, 4.44 s; two
/// 115 M, 3.03 s; three 121 M, 3.53 s. FFO #44 (one thread 74 M, 4.31 s): one 110 M, 3.24 s;
/// two 98 M, 3.57 s; three 77 M, 3.32 s. #45-#49 (as for [`SPLIT`]): one 107.3 s, 2 811 M;
/// two 100.6 s, 2 691 M; three 109.5 s, 2 594 M.
const ALONE_BEFORE_SPLIT: usize = 2;
/// Empty cells from which a node looks whether its split was called off, between the
/// regular looks at the limits.
const CANCEL_CHECK: u32 = 10;
/// The stability cut-off ([`Worker::stability_cut`]) is looked for at nodes of 5 empties or
/// more where alpha is at least `.0` times the empties minus `.1`: the opponent must then hold
/// many stable discs, which happens often enough to pay for the look. FFO #40-#44 (one
/// thread): 210.6 M nodes without the cut-off; 200.9 M looking whenever the opponent's discs
/// allow it, but 1.04-1.13 of the time in three alternated rounds; 203.4 M with this
/// threshold, 1.00 and 1.05 of the time. Where the values are high it pays most: #48 (+28)
/// 2 096 M → 994 M nodes, #49 1 987 M → 1 710 M, #45 846 M → 820 M.
const STABILITY_FROM: (i32, i32) = (2, 4);
/// Empty cells up to which a node tries every empty cell instead of generating moves.
const SHALLOW: u32 = 4;
// Those nodes are written out for four empties and fewer ([`Worker::shallow_body`]).
const _: () = assert!(SHALLOW == 4);
/// Empty cells from which a node of the middle tier sorts its moves fastest first
/// ([`Worker::mid_sorted`]) instead of taking them in parity order: at six empties a fifth
/// of the nodes that cut off did so after their first move (thirty-first round), and the
/// sort keys' replies are the moves its children need anyway. Thirty-second round, one
/// thread, side by side, cores swapped: FFO #53, #56 and #58 2 100 M nodes against 2 370 M,
/// 88.2 and 87.6 s against 89.8 and 90.1 s; #45-#52 1 175 M against 1 256 M, 48.3 s twice
/// against 48.0 and 47.7 s. From five empties (the four-empties nodes then handed their
/// moves too): #45-#52 1 050 M nodes, 53.5 and 52.1 s against 52.4 and 50.6 s.
const MID_SORT: u32 = 6;
const _: () = assert!(SHALLOW < MID_SORT && MID_SORT < DEEP);
/// The weight of a move in a region of an even number of empties in the sort keys of
/// [`Worker::mid_sorted`], where one reply weighs 64: it breaks ties between moves that
/// leave as many replies.
const MID_PARITY_WEIGHT: i32 = 16;
/// Moves a node sorts at most; a node with more (only on large boards far from the end)
/// takes them in board order.
const MAX_SORTED: usize = 64;
/// Selective searches a solve makes before its exact one, each less selective than the last.
pub(super) const PASSES: usize = 2;

/// Where and how boldly a solve searches selectively before its exact search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Selection {
    /// Empty cells from which a solve runs its selective searches first.
    pub from: u32,
    /// Empty cells from which a node of a selective search tries a probable cut-off
    /// ([`Worker::probable_cut`]); below, the selective search is exact.
    pub probcut_from: u32,
    /// How far beyond the window, in hundredths of a disc, the shallow search's value must
    /// lie for a probable cut-off at a node of [`MARGINS_AT`] empties, pass by pass
    /// ([`Selection::level`]), narrowest first.
    pub margins: [i32; PASSES],
    /// How much wider, in hundredths of a disc, the margins are at a node for each empty
    /// cell above [`MARGINS_AT`] (narrower below): the shallow search misjudges a node by
    /// more the further it lies from the end.
    pub widening: i32,
}

/// The empty cells of a node at which the probable cut-offs' margins are
/// [`Selection::margins`].
pub(super) const MARGINS_AT: u32 = 22;

impl Selection {
    /// The selectivity of pass `pass` (0 first): the first is the most selective, the last
    /// is one above [`Selectivity::EXACT`]. Each pass's selective bounds serve the passes
    /// after it only for their moves; those of its nodes that made no guess below them
    /// ([`Worker::guesses`]) are stored as exact and serve every search.
    pub(super) fn level(pass: usize) -> Selectivity {
        Selectivity((PASSES - pass) as u8)
    }

    /// The margin of a search of selectivity `level` (a level of [`Selection::level`]) at a
    /// node with `n` empties.
    fn margin(&self, level: Selectivity, n: u32) -> i32 {
        self.margins[PASSES - usize::from(level.0)] + self.widening * (n as i32 - MARGINS_AT as i32)
    }
}

/// The selection in use. FFO #45-#49 (24-26 empties, nodes of both searches, one thread;
/// 2 224 M without a selective search): from 22 empties, probable cut-offs from 12, a margin
/// of 6 discs 2 476 M, 10 discs 1 955 M, **15 discs 1 455 M**, 20 discs 1 600 M, 30 discs
/// 1 941 M. The cheap searches of small margins settle on a wrong value (#49: +11 for +16 at
/// 10 discs) and leave few moves; wide margins search almost everything twice. Two selective
/// searches, 10 then 20 discs, 1 467 M; three (5, 10, 20) 1 684 M. FFO #50-#52: 1 866 M against
/// 2 180 M. Probable cut-offs from 10 empties: 1 413 M, #50-#52 1 792 M, but the same time
/// within the noise (99.3 s against 101.5 s on #45-#49); from 8, 1 301 M but 113.9 s; from 14,
/// 1 619 M. A margin one disc wider per empty above 20 (narrower below): 1 155 M, but #50-#52
/// 1 905 M and FFO #53 on two threads 194.9 s against 181.0 s. With the selective search's
/// first window at ±10 (tried, see `ASPIRATION_WIDTH` in the solver's module), FFO #45-#52
/// (one thread, one run each, alone): 15 discs 224.9 s, 12 discs 246.8 s, 18 discs 264.3 s.
///
/// Retuned for the tenth round's evaluation (patterns to 32 empties), one thread, time as
/// `solve --file` gives it, two builds side by side on the two cores: one pass at 10 discs
/// was faster on #45-#52 (89.5 s against 95.8 s) but slower on #53, #56 and #58 (28-30
/// empties: 211.2 s against 184.0 s; 12 discs 204.3 s, 20 discs 216.6 s). Two passes, 10 then
/// **15 discs**, the first ordering the second: #45-#52 83.9 s against 89.9 s (1 962 M nodes
/// against 2 172 M), #53/#56/#58 169.5 s (4 040 M against 4 323 M); 8 then 15: 86.8 s and
/// 178.5 s; 5 then 15: 179.2 s on #53/#56/#58; three passes (4, 8, 15): 87.6 s and 172.2 s.
/// On #55 (29 empties, two threads), 8 then 15: 257.3 s against 284.9 s; the narrow pass
/// took 12 s, and the wide one's first window no longer missed. Full FFO #40-#59, two
/// threads: 545.8 s against 632.0 s (`benches/README.md`, eleventh round).
///
/// With the patterns refitted on three times the exact labels (fifteenth round), the margins
/// widen by half a disc per empty above [`MARGINS_AT`] and narrow below (5 and 10 discs at 12
/// empties, 13 and 18 at 28). One thread, side by side: #53/#56/#58 3 059 M nodes against
/// 3 362 M for fixed margins, #45-#52 1 582 M against 1 620 M; three quarters of a disc per
/// empty 3 047 M, a whole disc 3 572 M (#53 2 084 M against 1 510 M); the margins set at 18
/// empties instead, a quarter disc 3 266 M, half a disc 3 109 M (at 20 and 24 empties 3 087 M
/// and 3 222 M). Full run, two threads: 343.1 s against 394.0 s (seventeenth round). Around it:
/// 8 and 13 discs at 22 empties, #54 and #57 7 232 M against 5 462 M; 12 and 17, 5 009 M; 10
/// and 17, 4 778 M and #55 10 621 M against 10 830 M, but #53/#56/#58 3 172 M against 3 061 M
/// (a few per cent either way, position by position: kept as is); probable cut-offs from 10
/// empties 4 059 M on #53/#56/#58, from 14 3 270 M (and 1 633 M against 1 580 M on #45-#52).
pub(super) const SELECTION: Selection = Selection { from: 22, probcut_from: 12, margins: [1000, 1500], widening: 50 };
/// The depth of the shallow search that predicts a node's value for a probable cut-off.
/// Depth 4 (FFO #45-#49, margin 15 discs) 1 311 M nodes against depth 2's 1 455 M, but each
/// node costs the depth-4 search, and the time was 1.2 times depth 2's on FFO #50-#52. Depth
/// 4 only from 20 empties (18: 1 283 M), depth 2 below: 1 232 M nodes on #45-#49 with the ±3
/// first window, but #50-#52 1 927 M against 1 866 M; with the selective search's first
/// window at ±10, #45-#52 took 234.8 s against 224.9 s (one thread).
const PROBCUT_DEPTH: u32 = 2;
/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1 << 14;

/// What stops a search early, shared by its threads.
pub(super) struct Control<'a> {
    pub stop: Option<&'a AtomicBool>,
    pub deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    /// Nodes of every thread, flushed every [`CHECK_EVERY`] nodes.
    pub nodes: &'a AtomicU64,
    /// The caller's view of the node count, if it asked for one.
    pub progress: Option<&'a super::Progress>,
    /// Set once any thread must stop; `reason` says why.
    pub aborted: AtomicBool,
    pub reason: std::sync::Mutex<Option<Interruption>>,
    /// Threads of the solve that are free to help at a split, of the caller's count (see
    /// [`split`]).
    pub idle: AtomicIsize,
    /// Empty cells from which a node may split ([`SPLIT`] but in tests).
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
    /// Its search's selectivity: above [`Selectivity::EXACT`], it trusts the table's entries
    /// up to its level and makes probable cut-offs.
    pub selectivity: Selectivity,
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

impl<'a, M: Layout, V: Features> Worker<'a, M, V> {
    pub(super) fn new(
        board: &'a Board<M>,
        table: &'a Table,
        control: &'a Control<'a>,
        selectivity: Selectivity,
        features: V,
    ) -> Self {
        Worker {
            board,
            table,
            control,
            nodes: 0,
            flushed: 0,
            next_check: CHECK_EVERY,
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
        let why = if c.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            Some(Interruption::Stopped)
        } else if c.node_limit.is_some_and(|limit| c.nodes.load(Ordering::Relaxed) >= limit) {
            Some(Interruption::NodeLimit)
        } else if c.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Interruption::TimeLimit)
        } else {
            None
        };
        if let Some(why) = why {
            c.abort(why);
            self.stopped = true;
        }
    }

    /// The exact value of the position for the mover, if it lies strictly inside
    /// `(alpha, beta)`; otherwise a bound on the side of the window it fell (fail-soft).
    ///
    /// `key` is the position's key in the table ([`Board::key`]) if the caller has it (the
    /// parent computed its children's to prefetch their buckets), else 0: a node that uses
    /// the table then computes it (a key that happens to be 0 is merely computed again).
    /// Handing it down took a key computation off the start of every deep node, ahead of its
    /// probe (twentieth round, one thread, side by side, cores swapped: FFO #45-#52 50.1 and
    /// 51.0 s against 50.7 and 51.4 s, #40-#49 19.4 and 19.3 s against 19.8 and 19.6 s; the
    /// same tree).
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
