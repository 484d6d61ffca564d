//! The transposition table: a fixed array of two-entry buckets, allocated once, shared by the
//! solver's threads without locks.
//!
//! Each entry is two `AtomicU64`s: the position's 64-bit key xor the entry's data, and the
//! data. A reader accepts an entry only when the two agree with its key, so an entry torn by
//! two threads writing at once reads as a miss, never as another position's bounds. The
//! bounds stored are true bounds of the exact value (every search of the solver is exact),
//! so a hit from an earlier search, of any window, is still sound.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes of one entry: two 64-bit words.
const ENTRY_BYTES: usize = 16;

/// No move stored.
pub(super) const NO_MOVE: u16 = u16::MAX;

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

    fn pack(self, empties: u32) -> u64 {
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16 as u64;
        clamp(self.lower) | clamp(self.upper) << 16 | u64::from(self.best) << 32 | u64::from(empties.min(255)) << 48
    }

    fn unpack(data: u64) -> (Bounds, u32) {
        let lower = i32::from(data as u16 as i16);
        let upper = i32::from((data >> 16) as u16 as i16);
        (Bounds { lower, upper, best: (data >> 32) as u16 }, (data >> 48) as u32 & 0xff)
    }
}

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table of bounds, indexed by the low bits of a position's key.
pub(super) struct Table {
    entries: Box<[Entry]>,
    /// Number of entries minus one, with the lowest bit cleared: the first entry of a bucket.
    mask: usize,
}

impl Table {
    /// A table of at most `bytes` bytes (a power of two entries, at least two).
    pub(super) fn new(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(2);
        // The largest power of two that fits.
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let entries = (0..len).map(|_| Entry { check: AtomicU64::new(0), data: AtomicU64::new(0) }).collect();
        Table { entries, mask: (len - 1) & !1 }
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Forgets every entry.
    pub(super) fn clear(&self) {
        for e in self.entries.iter() {
            e.check.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry] {
        let i = (key as usize) & self.mask;
        &self.entries[i..i + 2]
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Bounds> {
        for e in self.bucket(key) {
            let data = e.data.load(Ordering::Relaxed);
            if e.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                return Some(Bounds::unpack(data).0);
            }
        }
        None
    }

    /// Stores `bounds` for `key`, found by a search of `empties` empty cells: merged with the
    /// bounds already stored for the same key, else in the bucket's entry that cost less.
    #[inline]
    pub(super) fn store(&self, key: u64, empties: u32, bounds: Bounds) {
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_empties = u32::MAX;
        let mut bounds = bounds;
        for e in bucket {
            let data = e.data.load(Ordering::Relaxed);
            let (old, old_empties) = Bounds::unpack(data);
            if e.check.load(Ordering::Relaxed) ^ data == key && data != 0 {
                // Both are true bounds of the same value: keep the tighter of each.
                bounds.lower = bounds.lower.max(old.lower);
                bounds.upper = bounds.upper.min(old.upper);
                if bounds.best == NO_MOVE {
                    bounds.best = old.best;
                }
                victim = e;
                break;
            }
            if data == 0 || old_empties < victim_empties {
                victim = e;
                victim_empties = if data == 0 { 0 } else { old_empties };
            }
        }
        let data = bounds.pack(empties);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_merges_bounds() {
        let table = Table::new(1 << 10);
        assert_eq!(table.bytes(), 1 << 10);
        assert_eq!(table.probe(42), None);
        table.store(42, 10, Bounds { lower: -64, upper: 12, best: 3 });
        table.store(42, 10, Bounds { lower: -4, upper: 64, best: NO_MOVE });
        assert_eq!(table.probe(42), Some(Bounds { lower: -4, upper: 12, best: 3 }));
        table.clear();
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        assert_eq!(Table::new(3 << 20).bytes(), 2 << 20);
        assert_eq!(Table::new(0).bytes(), 2 * ENTRY_BYTES);
    }
}
