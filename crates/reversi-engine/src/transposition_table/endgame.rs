//! The transposition table: fixed arrays of two-entry buckets, allocated once, shared by the
//! solver's threads without locks.
//!
//! On boards of at most [`NEAR_CELLS`] cells, nodes of fewer than [`NEAR_BELOW`] empties, by
//! far the most numerous, keep their entries in a small array of their own (a sixteenth of
//! the budget, [`NEAR_FRACTION`], and at most [`NEAR_MAX_BYTES`]): their lookups hit the
//! cache where the large array's would wait for memory, and they no longer push the entries
//! of bigger subtrees out. On larger boards every node uses the whole table, the near
//! array's buckets included.
//!
//! Each entry is one [`Slot`]: an entry torn by two threads writing at
//! once reads as a miss, never as another position's bounds. Each entry also says how sure its
//! bounds are ([`Sureness`]): an exact search's are true bounds of the exact value, so a hit
//! from an earlier search, of any window, is still sound; a selective search's serve later
//! searches only for their move, unless these are as selective. And each entry carries the
//! generation of the solve that stored it ([`Table::next_generation`]), so that an earlier
//! solve's entries make room first.

use std::sync::atomic::{AtomicU8, Ordering};

use super::{Pair, Slot, Zeroed};

/// No move stored.
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// How sure an entry's bounds are: [`Sureness::EXACT`] for bounds of the exact value;
/// above it, bounds of a selective search, which left out lines that a shallow search judged
/// hopeless: the higher, the less sure. Such an entry's move is a good first try for any
/// search; its bounds serve only searches at least as selective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Sureness(pub u8);

impl Sureness {
    /// Every line searched to the end.
    pub(crate) const EXACT: Sureness = Sureness(0);
    /// The highest level an entry holds.
    pub(crate) const MAX: Sureness = Sureness(7);
}

/// The first bit of an entry's selectivity.
const SELECTIVITY_SHIFT: u32 = 56;
/// The first bit of an entry's generation ([`Table::next_generation`]).
const GENERATION_SHIFT: u32 = 59;
/// Generations wrap around at this.
const GENERATIONS: u8 = 32;

/// What the table knows of a position: its exact value lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The best move found, by compact index, or [`NO_MOVE`].
    pub best: u16,
}

impl Bounds {
    /// What a fail-soft search of window `(alpha, beta)` that returned `best`, reached by
    /// `best_move`, proves.
    pub(crate) fn of(best: i32, best_move: u16, alpha: i32, beta: i32) -> Bounds {
        if best <= alpha {
            Bounds { lower: i32::from(i16::MIN), upper: best, best: NO_MOVE }
        } else if best >= beta {
            Bounds { lower: best, upper: i32::from(i16::MAX), best: best_move }
        } else {
            Bounds { lower: best, upper: best, best: best_move }
        }
    }

    /// No bounds: the value may be anything; the move `best`.
    const fn unknown(best: u16) -> Bounds {
        Bounds { lower: i16::MIN as i32, upper: i16::MAX as i32, best }
    }

    fn pack(self, empties: u32, level: Sureness, generation: u8) -> u64 {
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16 as u64;
        clamp(self.lower)
            | clamp(self.upper) << 16
            | u64::from(self.best) << 32
            | u64::from(empties.min(255)) << 48
            | u64::from(level.min(Sureness::MAX).0) << SELECTIVITY_SHIFT
            | u64::from(generation) << GENERATION_SHIFT
    }

    fn unpack(data: u64) -> (Bounds, u32, Sureness) {
        let lower = i32::from(data as u16 as i16);
        let upper = i32::from((data >> 16) as u16 as i16);
        let level = Sureness((data >> SELECTIVITY_SHIFT) as u8 & Sureness::MAX.0);
        (Bounds { lower, upper, best: (data >> 32) as u16 }, (data >> 48) as u32 & 0xff, level)
    }
}

/// Nodes of fewer empty cells than this use the near array: with a lower or a higher
/// threshold the solves were slower.
pub(crate) const NEAR_BELOW: u32 = 12;
/// Boards of at most this many cells use the near array. On larger ones, the transpositions
/// of small nodes reach farther (regions of empty cells far apart are played in every
/// interleaving) and need the room of the main array: the near array made 16×16 and the
/// Octagon slower, while 8×8 gains ([`NEAR_BELOW`]).
pub(crate) const NEAR_CELLS: u32 = 64;

/// The near array takes at most the budget divided by this.
const NEAR_FRACTION: usize = 16;
/// The near array's size at most: the size of the second-level caches of the two cores of the
/// development machine; nodes of fewer than [`NEAR_BELOW`] empties gain little from more.
const NEAR_MAX_BYTES: usize = 4 << 20;

/// Which of the table's arrays holds a node's entry (`Board::array` in the solver).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Array {
    /// The small array of the many nodes near the end.
    Near,
    /// The array of the others.
    Main,
    /// Both as one: the array of every node on boards that do not use the near array.
    Whole,
}

/// A fixed-size table of bounds, one allocation: a near array (its first buckets) for the
/// nodes of few empties, indexed by the low bits of a position's key, and a main array (the
/// rest) for the others, indexed by its high bits; or the whole of it, indexed by the high
/// bits, for every node.
pub(crate) struct Table {
    buckets: Zeroed<Pair>,
    /// Number of near buckets (a power of two) minus one.
    near_mask: usize,
    /// The generation of the entries stored now, below [`GENERATIONS`].
    generation: AtomicU8,
}

impl Table {
    /// A table of at most `bytes` bytes (two buckets at least): a near array of a power of two
    /// buckets, at most a sixteenth of the budget ([`NEAR_FRACTION`]), and a main array of the
    /// rest.
    pub(crate) fn new(bytes: usize) -> Table {
        let near = super::pairs_within((bytes / NEAR_FRACTION).min(NEAR_MAX_BYTES));
        // One main bucket at least.
        let buckets = super::allocate_pairs_filling(bytes.max((near + 1) * std::mem::size_of::<Pair>()));
        Table { buckets, near_mask: near - 1, generation: AtomicU8::new(0) }
    }

    /// Starts a new generation of entries: the entries of earlier ones stay readable, but are
    /// the first to make room for new ones, whatever their empties. A solve calls it as it
    /// starts, so that the big subtrees of an earlier solve of another position, which the
    /// depth of their entries would keep for good, no longer take half the buckets of the
    /// main array.
    pub(crate) fn next_generation(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    /// The table's size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.buckets)
    }

    /// Forgets every entry.
    pub(crate) fn clear(&self) {
        for pair in self.buckets.iter() {
            super::clear(&pair.0);
        }
    }

    /// The index of the bucket of `key` in `array`.
    #[inline(always)]
    fn index(&self, key: u64, array: Array) -> usize {
        // The high bits of the key scaled to a length: any length will do.
        let scaled = |len: usize| ((u128::from(key) * len as u128) >> 64) as usize;
        match array {
            Array::Near => (key as usize) & self.near_mask,
            Array::Main => self.near_mask + 1 + scaled(self.buckets.len() - self.near_mask - 1),
            Array::Whole => scaled(self.buckets.len()),
        }
    }

    /// The bucket of `key` in `array`.
    #[inline]
    fn pair(&self, key: u64, array: Array) -> &Pair {
        &self.buckets[self.index(key, array)]
    }

    #[inline]
    fn bucket(&self, key: u64, array: Array) -> &[Slot; 2] {
        &self.pair(key, array).0
    }

    /// Starts bringing the bucket of `key` in `array` into the cache, for a probe soon after.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64, array: Array) {
        self.pair(key, array).prefetch();
    }

    /// The bounds stored for `key` in `array`, if any, for a search of selectivity `trust`: of
    /// an entry more selective than that, only its move.
    #[inline]
    pub(crate) fn probe(&self, key: u64, array: Array, trust: Sureness) -> Option<Bounds> {
        self.probe_level(key, array, trust).map(|(bounds, _)| bounds)
    }

    /// [`Table::probe`], with the selectivity of the search that found the bounds
    /// ([`Sureness::EXACT`] where they are unknown).
    #[inline]
    pub(crate) fn probe_level(&self, key: u64, array: Array, trust: Sureness) -> Option<(Bounds, Sureness)> {
        let data = self.bucket(key, array).iter().find_map(|e| e.load(key))?;
        let (bounds, _, level) = Bounds::unpack(data);
        Some(if level > trust { (Bounds::unknown(bounds.best), Sureness::EXACT) } else { (bounds, level) })
    }

    /// Stores `bounds` for `key` in `array`, found by a search of `empties` empty cells and
    /// selectivity `level`: merged with the bounds of the same level already stored for the
    /// same key, else in the bucket's entry worth least: a free one, else one of an earlier
    /// generation ([`Table::next_generation`]), else the one of fewer empties (the search
    /// that it saves was shorter). Surer bounds replace less sure ones, never the other way
    /// round.
    #[inline]
    pub(crate) fn store(&self, key: u64, array: Array, empties: u32, bounds: Bounds, level: Sureness) {
        let generation = self.generation.load(Ordering::Relaxed);
        let update = |stored: u64| {
            let (old, _, old_level) = Bounds::unpack(stored);
            let mut bounds = bounds;
            if old_level == level {
                // Bounds of the same value: keep the tighter of each.
                bounds.lower = bounds.lower.max(old.lower);
                bounds.upper = bounds.upper.min(old.upper);
            } else if old_level < level {
                return None;
            }
            if bounds.best == NO_MOVE {
                bounds.best = old.best;
            }
            Some(bounds.pack(empties, level, generation))
        };
        // What an entry is worth: nothing if free, little if an earlier generation's, else
        // the empties of the search it saves.
        let worth = |data: u64| {
            if data == 0 {
                0
            } else if (data >> GENERATION_SHIFT) as u8 != generation {
                1
            } else {
                Bounds::unpack(data).1 + 2
            }
        };
        super::store_in(self.bucket(key, array), key, bounds.pack(empties, level, generation), update, worth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_merges_bounds() {
        let table = Table::new(1 << 10);
        assert_eq!(table.bytes(), 1 << 10);
        assert_eq!(table.probe(42, Array::Main, Sureness::EXACT), None);
        table.store(42, Array::Main, 10, Bounds { lower: -64, upper: 12, best: 3 }, Sureness::EXACT);
        table.store(42, Array::Main, 10, Bounds { lower: -4, upper: 64, best: NO_MOVE }, Sureness::EXACT);
        assert_eq!(table.probe(42, Array::Main, Sureness::EXACT), Some(Bounds { lower: -4, upper: 12, best: 3 }));
        table.clear();
        assert_eq!(table.probe(42, Array::Main, Sureness::EXACT), None);
    }

    #[test]
    fn selective_bounds_never_reach_an_exact_search() {
        let table = Table::new(1 << 10);
        table.store(7, Array::Main, 20, Bounds { lower: 10, upper: 10, best: 5 }, Sureness(1));
        assert_eq!(table.probe(7, Array::Main, Sureness(1)), Some(Bounds { lower: 10, upper: 10, best: 5 }));
        assert_eq!(table.probe(7, Array::Main, Sureness::EXACT), Some(Bounds::unknown(5)));
        // Exact bounds replace selective ones and keep their move if they have none...
        table.store(7, Array::Main, 20, Bounds { lower: -4, upper: 64, best: NO_MOVE }, Sureness::EXACT);
        assert_eq!(table.probe(7, Array::Main, Sureness::EXACT), Some(Bounds { lower: -4, upper: 64, best: 5 }));
        // ...and less sure ones never replace them.
        table.store(7, Array::Main, 20, Bounds { lower: 30, upper: 30, best: 9 }, Sureness(1));
        assert_eq!(table.probe(7, Array::Main, Sureness(1)), Some(Bounds { lower: -4, upper: 64, best: 5 }));
    }

    /// Three keys of one main bucket, which holds two entries.
    fn three_keys_of_one_bucket(table: &Table) -> [u64; 3] {
        let first = 1u64 << 40;
        let mut keys =
            (first..).step_by(1 << 20).filter(|&k| table.index(k, Array::Main) == table.index(first, Array::Main));
        [keys.next().unwrap(), keys.next().unwrap(), keys.next().unwrap()]
    }

    #[test]
    fn a_new_entry_replaces_the_one_of_fewer_empties() {
        let table = Table::new(1 << 12);
        let [a, b, c] = three_keys_of_one_bucket(&table);
        let bounds = Bounds { lower: 0, upper: 0, best: 1 };
        table.store(a, Array::Main, 20, bounds, Sureness::EXACT);
        table.store(b, Array::Main, 14, bounds, Sureness::EXACT);
        table.store(c, Array::Main, 12, bounds, Sureness::EXACT);
        assert_eq!(table.probe(a, Array::Main, Sureness::EXACT), Some(bounds));
        assert_eq!(table.probe(b, Array::Main, Sureness::EXACT), None);
        assert_eq!(table.probe(c, Array::Main, Sureness::EXACT), Some(bounds));
    }

    #[test]
    fn entries_of_an_earlier_generation_make_room_first() {
        let table = Table::new(1 << 12);
        let [a, b, c] = three_keys_of_one_bucket(&table);
        let bounds = Bounds { lower: 0, upper: 0, best: 1 };
        table.store(a, Array::Main, 20, bounds, Sureness::EXACT);
        table.next_generation();
        // A free entry goes first: the earlier generation's stays readable.
        table.store(b, Array::Main, 14, bounds, Sureness::EXACT);
        assert_eq!(table.probe(a, Array::Main, Sureness::EXACT), Some(bounds));
        // Then the earlier generation's goes, although it has more empties than the others.
        table.store(c, Array::Main, 12, bounds, Sureness::EXACT);
        assert_eq!(table.probe(a, Array::Main, Sureness::EXACT), None);
        assert_eq!(table.probe(b, Array::Main, Sureness::EXACT), Some(bounds));
        assert_eq!(table.probe(c, Array::Main, Sureness::EXACT), Some(bounds));
    }

    #[test]
    fn the_near_array_is_separate() {
        let table = Table::new(1 << 12);
        table.store(9, Array::Near, 9, Bounds { lower: 2, upper: 2, best: 1 }, Sureness::EXACT);
        table.store(9, Array::Main, 12, Bounds { lower: 4, upper: 4, best: 3 }, Sureness::EXACT);
        assert_eq!(table.probe(9, Array::Near, Sureness::EXACT), Some(Bounds { lower: 2, upper: 2, best: 1 }));
        assert_eq!(table.probe(9, Array::Main, Sureness::EXACT), Some(Bounds { lower: 4, upper: 4, best: 3 }));
    }

    /// The near array is the table's first buckets and the main array the rest; the whole
    /// table, for boards without a near array, reaches every bucket.
    #[test]
    fn the_arrays_cover_the_table() {
        let table = Table::new(1 << 12);
        let (near, all) = (table.near_mask + 1, table.buckets.len());
        assert!(near >= 2 && near < all);
        let reached = |array: Array| {
            let mut seen = vec![false; all];
            // Keys spread over the whole range, so that both the low and the high bits vary.
            for k in 0..100_000u64 {
                seen[table.index(k.wrapping_mul(0x9e37_79b9_7f4a_7c15), array)] = true;
            }
            seen
        };
        let (n, m, w) = (reached(Array::Near), reached(Array::Main), reached(Array::Whole));
        assert!((0..all).all(|i| n[i] == (i < near) && m[i] == (i >= near)));
        assert!(w.iter().all(|&hit| hit));
    }

    #[test]
    fn size_stays_within_the_budget() {
        // 3 MB: a near array of 128 KB (the power of two within a sixteenth), the rest main.
        assert_eq!(Table::new(3 << 20).bytes(), 3 << 20);
        assert_eq!((Table::new(3 << 20).near_mask + 1) * 2 * crate::transposition_table::SLOT_BYTES, 128 << 10);
        // 1 GB: the near array stops at its cap.
        let big = Table::new(1 << 30);
        assert_eq!((big.near_mask + 1) * 2 * crate::transposition_table::SLOT_BYTES, NEAR_MAX_BYTES);
        assert_eq!(big.bytes(), 1 << 30);
        // Too small for anything: a bucket each.
        assert_eq!(Table::new(0).bytes(), 4 * crate::transposition_table::SLOT_BYTES);
        assert_eq!(Table::new(100).bytes(), 96);
    }
}
