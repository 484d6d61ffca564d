//! The transposition tables of both searches, on one storage: fixed arrays of slots
//! allocated once, shared by threads without locks.
//!
//! - [`midgame`]: the depth-limited search's table, one entry a slot, values in hundredths
//!   of a disc with their depth.
//! - [`endgame`]: the exact solver's table, two-entry buckets, bounds in discs with the
//!   empties they were searched at, a near array for small nodes, generations.
//!
//! A slot is two atomic words, the position's 64-bit key exclusive-or'ed with the data, and the
//! data itself. A reader accepts a slot only when the two agree with its key, so a slot torn by
//! two threads writing at once reads as a miss, never as another position's entry. Data 0 is
//! the empty slot, so a stored entry must pack to something else.

pub(crate) mod endgame;
pub(crate) mod midgame;
mod zeroed;

use std::sync::atomic::{AtomicU64, Ordering};

use zeroed::{Zeroable, Zeroed};

/// Bytes of one slot: two 64-bit words.
pub(crate) const SLOT_BYTES: usize = 16;
const _: () = assert!(SLOT_BYTES == std::mem::size_of::<Slot>());

/// One slot.
#[derive(Debug)]
pub(crate) struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The data stored for `key`, if this slot holds it.
    #[inline]
    pub(crate) fn load(&self, key: u64) -> Option<u64> {
        let data = self.data.load(Ordering::Relaxed);
        (data != 0 && self.check.load(Ordering::Relaxed) ^ data == key).then_some(data)
    }

    /// The data of this slot whatever key it is for (0 if empty).
    #[inline]
    pub(crate) fn raw(&self) -> u64 {
        self.data.load(Ordering::Relaxed)
    }

    /// Stores `data` (not 0) for `key`.
    #[inline]
    pub(crate) fn store(&self, key: u64, data: u64) {
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.check.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
    }
}

/// Two slots on one aligned half of a cache line, so that a probe of both costs one line. A
/// plain array of slots would start where the allocator puts it, 16 bytes into a line for a
/// large block, and every other pair would straddle two lines.
#[derive(Debug)]
#[repr(C, align(32))]
pub(crate) struct Pair(pub [Slot; 2]);

impl Pair {
    /// Asks the processor to bring this pair into the cache ahead of a probe, so that the
    /// miss overlaps other work. A hint only: it changes no value.
    #[inline(always)]
    pub(crate) fn prefetch(&self) {
        prefetch(self);
    }
}

/// Asks the processor to bring the cache line of `item` in ahead of its reading (see
/// [`Pair::prefetch`]). A hint only: it changes no value.
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: a prefetch reads nothing the program sees and never faults, whatever the
    // address; this one is of a live reference besides. SSE is in every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// The replacement policy of both tables: stores `data` for `key` in `bucket`. An entry of the
/// same position is updated in place by `update` (given the data stored, it gives the data to
/// store, or `None` to keep what is there: a table keeps the surer of two entries of one
/// position); otherwise the entry worth least by `worth` (given any entry's data, 0 for a free
/// one) makes room. A one-slot bucket is direct-mapped: the new entry replaces any other
/// position's.
#[inline(always)]
pub(crate) fn store_in(
    bucket: &[Slot],
    key: u64,
    data: u64,
    mut update: impl FnMut(u64) -> Option<u64>,
    worth: impl Fn(u64) -> u32,
) {
    let mut victim = &bucket[0];
    let mut victim_worth = u32::MAX;
    for slot in bucket {
        if let Some(stored) = slot.load(key) {
            if let Some(data) = update(stored) {
                slot.store(key, data);
            }
            return;
        }
        let worth = worth(slot.raw());
        if worth < victim_worth {
            victim = slot;
            victim_worth = worth;
        }
    }
    victim.store(key, data);
}

/// `mb` megabytes in bytes (a size beyond the address space saturates: no table can be that
/// large, and the allocation then fails as for any size the system refuses).
pub(crate) const fn megabytes(mb: usize) -> usize {
    mb.saturating_mul(1 << 20)
}

/// The largest power of two of pairs that fits in `bytes`, and at least one.
pub(crate) fn pairs_within(bytes: usize) -> usize {
    power_of_two_within::<Pair>(bytes)
}

/// As many pairs as fit in `bytes`, and at least one.
pub(crate) fn allocate_pairs_filling(bytes: usize) -> Zeroed<Pair> {
    Zeroed::new(bytes / std::mem::size_of::<Pair>())
}

/// The largest power of two of slots that fits in `bytes`, and at least one.
pub(crate) fn allocate(bytes: usize) -> Zeroed<Slot> {
    Zeroed::new(power_of_two_within::<Slot>(bytes))
}

#[allow(unsafe_code)]
// SAFETY: two `AtomicU64`s of zero: the empty slot (data 0); atomics are `Sync`.
unsafe impl Zeroable for Slot {}
#[allow(unsafe_code)]
// SAFETY: two slots of zeros.
unsafe impl Zeroable for Pair {}

/// The largest power of two of `T`s that fits in `bytes`, and at least one.
fn power_of_two_within<T>(bytes: usize) -> usize {
    let wanted = (bytes / std::mem::size_of::<T>()).max(1);
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

/// Empties every slot. Slots already empty are only read, so that clearing a table whose
/// pages no search has touched does not bring them into memory.
pub(crate) fn clear(slots: &[Slot]) {
    for slot in slots {
        if slot.raw() != 0 || slot.check.load(Ordering::Relaxed) != 0 {
            slot.clear();
        }
    }
}
