//! The transposition table: a fixed array of entries, allocated once at the caller's size and
//! shared by the search threads without locks.
//!
//! Each entry is one [`Slot`]: a torn or foreign entry reads as a miss.

use reversi_core::Square;

use super::{SLOT_BYTES, Slot, Zeroed};

/// What a stored value is: exact, or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact for the stored depth.
    Exact,
    /// The true value is at least the stored one (a cut-off).
    Lower,
    /// The true value is at most the stored one (no move reached alpha).
    Upper,
}

impl Bound {
    /// What a fail-soft search's `value` within `(alpha, beta)` is.
    pub(crate) fn of(value: i32, alpha: i32, beta: i32) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One probe's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) value: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    pub(crate) best: Option<Square>,
}

/// The depth stored for a value searched to the end of the game.
pub(crate) const TO_THE_END: u8 = u8::MAX;

const NO_MOVE: u64 = 0x1FF;

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let best = self.best.map_or(NO_MOVE, |sq| u64::from(sq.index()));
        // Bit 63 marks a stored entry, so that no entry packs to the empty slot's zero.
        u64::from(self.value as u32) | u64::from(self.depth) << 32 | bound << 40 | best << 42 | 1 << 63
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => return None,
        };
        if data >> 63 == 0 {
            return None;
        }
        let best = (data >> 42) & 0x1FF;
        Some(Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            best: (best != NO_MOVE).then(|| Square::from_index(best as u8)),
        })
    }
}

/// The table.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Zeroed<Slot>,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one entry), a power of two of entries.
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        Table { slots: super::allocate(bytes) }
    }

    /// The size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    fn slot(&self, hash: u64) -> &Slot {
        &self.slots[(hash as usize) & (self.slots.len() - 1)]
    }

    /// Brings the slot of `hash` into the cache ahead of its probe, so that the miss overlaps
    /// the work before it (a hint: it changes no value).
    #[inline(always)]
    pub(crate) fn prefetch(&self, hash: u64) {
        super::prefetch(self.slot(hash));
    }

    pub(crate) fn probe(&self, hash: u64) -> Option<Entry> {
        Entry::unpack(self.slot(hash).load(hash)?)
    }

    /// Stores `entry`, replacing what was there unless that was deeper and of this position
    /// ([`store_in`](super::store_in), one slot a bucket).
    pub(crate) fn store(&self, hash: u64, entry: Entry) {
        let data = entry.pack();
        let deeper = |stored: u64| Entry::unpack(stored).is_some_and(|previous| previous.depth > entry.depth);
        super::store_in(
            std::slice::from_ref(self.slot(hash)),
            hash,
            data,
            |stored| (!deeper(stored)).then_some(data),
            |_| 0,
        );
    }

    /// Empties every entry.
    pub(crate) fn clear(&self) {
        super::clear(&self.slots);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_hashes_miss() {
        let table = Table::with_bytes(1 << 12);
        assert_eq!(table.bytes(), 1 << 12);
        for (value, best) in [(-6400, None), (0, Some(Square::from_index(255))), (123, Some(Square::A1))] {
            let entry = Entry { value, depth: 7, bound: Bound::Lower, best };
            table.store(99, entry);
            assert_eq!(table.probe(99), Some(entry));
            assert_eq!(table.probe(99 + 4096), None);
        }
        table.clear();
        assert_eq!(table.probe(99), None);
    }
}
