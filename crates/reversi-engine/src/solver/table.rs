//! The transposition table: a fixed array of two-entry buckets, allocated once, shared by the
//! solver's threads without locks.
//!
//! Each entry is one [`Slot`](crate::slots::Slot): an entry torn by two threads writing at
//! once reads as a miss, never as another position's bounds. Each entry also says how sure its
//! bounds are ([`Selectivity`]): an exact search's are true bounds of the exact value, so a hit
//! from an earlier search, of any window, is still sound; a selective search's serve later
//! searches only for their move, unless these are as selective.

use crate::slots::{self, Pair, Slot};

/// No move stored.
pub(super) const NO_MOVE: u16 = u16::MAX;

/// How sure an entry's bounds are: [`Selectivity::EXACT`] for bounds of the exact value;
/// above it, bounds of a selective search, which left out lines that a shallow search judged
/// hopeless: the higher, the less sure. Such an entry's move is a good first try for any
/// search; its bounds serve only searches at least as selective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Selectivity(pub u8);

impl Selectivity {
    /// Every line searched to the end.
    pub(super) const EXACT: Selectivity = Selectivity(0);
    /// The highest level an entry holds.
    pub(super) const MAX: Selectivity = Selectivity(7);
}

/// The first bit of an entry's selectivity.
const SELECTIVITY_SHIFT: u32 = 56;

/// What the table knows of a position: its exact value lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The best move found, by compact index, or [`NO_MOVE`].
    pub best: u16,
}

impl Bounds {
    /// What a fail-soft search of window `(alpha, beta)` that returned `best`, reached by
    /// `best_move`, proves.
    pub(super) fn of(best: i32, best_move: u16, alpha: i32, beta: i32) -> Bounds {
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

    fn pack(self, empties: u32, level: Selectivity) -> u64 {
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16 as u64;
        clamp(self.lower)
            | clamp(self.upper) << 16
            | u64::from(self.best) << 32
            | u64::from(empties.min(255)) << 48
            | u64::from(level.min(Selectivity::MAX).0) << SELECTIVITY_SHIFT
    }

    fn unpack(data: u64) -> (Bounds, u32, Selectivity) {
        let lower = i32::from(data as u16 as i16);
        let upper = i32::from((data >> 16) as u16 as i16);
        let level = Selectivity((data >> SELECTIVITY_SHIFT) as u8 & Selectivity::MAX.0);
        (Bounds { lower, upper, best: (data >> 32) as u16 }, (data >> 48) as u32 & 0xff, level)
    }
}

/// A fixed-size table of bounds, indexed by the low bits of a position's key.
pub(super) struct Table {
    buckets: Box<[Pair]>,
    /// Number of buckets minus one.
    mask: usize,
}

impl Table {
    /// A table of at most `bytes` bytes (a power of two buckets, at least one).
    pub(super) fn new(bytes: usize) -> Table {
        let buckets = slots::allocate_pairs(bytes);
        let mask = buckets.len() - 1;
        Table { buckets, mask }
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.buckets)
    }

    /// Forgets every entry.
    pub(super) fn clear(&self) {
        for pair in &self.buckets {
            slots::clear(&pair.0);
        }
    }

    #[inline]
    fn pair(&self, key: u64) -> &Pair {
        &self.buckets[(key as usize) & self.mask]
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot; 2] {
        &self.pair(key).0
    }

    /// Starts bringing the bucket of `key` into the cache, for a probe soon after.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        self.pair(key).prefetch();
    }

    /// The bounds stored for `key`, if any, for a search of selectivity `trust`: of an entry
    /// more selective than that, only its move.
    #[inline]
    pub(super) fn probe(&self, key: u64, trust: Selectivity) -> Option<Bounds> {
        let data = self.bucket(key).iter().find_map(|e| e.load(key))?;
        let (bounds, _, level) = Bounds::unpack(data);
        Some(if level > trust { Bounds::unknown(bounds.best) } else { bounds })
    }

    /// Stores `bounds` for `key`, found by a search of `empties` empty cells and selectivity
    /// `level`: merged with the bounds of the same level already stored for the same key, else
    /// in the bucket's entry that cost less. Surer bounds replace less sure ones, never the
    /// other way round.
    #[inline]
    pub(super) fn store(&self, key: u64, empties: u32, bounds: Bounds, level: Selectivity) {
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_empties = u32::MAX;
        let mut bounds = bounds;
        for e in bucket {
            if let Some(data) = e.load(key) {
                let (old, _, old_level) = Bounds::unpack(data);
                if old_level == level {
                    // Bounds of the same value: keep the tighter of each.
                    bounds.lower = bounds.lower.max(old.lower);
                    bounds.upper = bounds.upper.min(old.upper);
                } else if old_level < level {
                    return;
                }
                if bounds.best == NO_MOVE {
                    bounds.best = old.best;
                }
                victim = e;
                break;
            }
            let data = e.raw();
            let (_, old_empties, _) = Bounds::unpack(data);
            if data == 0 || old_empties < victim_empties {
                victim = e;
                victim_empties = if data == 0 { 0 } else { old_empties };
            }
        }
        victim.store(key, bounds.pack(empties, level));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_merges_bounds() {
        let table = Table::new(1 << 10);
        assert_eq!(table.bytes(), 1 << 10);
        assert_eq!(table.probe(42, Selectivity::EXACT), None);
        table.store(42, 10, Bounds { lower: -64, upper: 12, best: 3 }, Selectivity::EXACT);
        table.store(42, 10, Bounds { lower: -4, upper: 64, best: NO_MOVE }, Selectivity::EXACT);
        assert_eq!(table.probe(42, Selectivity::EXACT), Some(Bounds { lower: -4, upper: 12, best: 3 }));
        table.clear();
        assert_eq!(table.probe(42, Selectivity::EXACT), None);
    }

    #[test]
    fn selective_bounds_never_reach_an_exact_search() {
        let table = Table::new(1 << 10);
        table.store(7, 20, Bounds { lower: 10, upper: 10, best: 5 }, Selectivity(1));
        assert_eq!(table.probe(7, Selectivity(1)), Some(Bounds { lower: 10, upper: 10, best: 5 }));
        assert_eq!(table.probe(7, Selectivity::EXACT), Some(Bounds::unknown(5)));
        // Exact bounds replace selective ones and keep their move if they have none...
        table.store(7, 20, Bounds { lower: -4, upper: 64, best: NO_MOVE }, Selectivity::EXACT);
        assert_eq!(table.probe(7, Selectivity::EXACT), Some(Bounds { lower: -4, upper: 64, best: 5 }));
        // ...and less sure ones never replace them.
        table.store(7, 20, Bounds { lower: 30, upper: 30, best: 9 }, Selectivity(1));
        assert_eq!(table.probe(7, Selectivity(1)), Some(Bounds { lower: -4, upper: 64, best: 5 }));
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        assert_eq!(Table::new(3 << 20).bytes(), 2 << 20);
        assert_eq!(Table::new(0).bytes(), 2 * slots::SLOT_BYTES);
    }
}
