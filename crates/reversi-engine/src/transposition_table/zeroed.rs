//! The tables' memory: a fixed array allocated zeroed and never written before a search
//! writes to it ([`Zeroed`]).
//!
//! The system hands a large block out zeroed as pages that take memory only once they are
//! first written, so that a table larger than a position can use costs only the pages that
//! its entries touch: writing the whole array before the search would cost seconds and
//! gigabytes for a table of gigabytes, whatever the position. The allocator's zeroed
//! allocation (`calloc`) skips the write only for blocks of the usual alignment, not for the
//! 32 bytes of a bucket pair, so the array is allocated at the usual alignment, a little
//! larger, and starts at its first aligned address.

use std::alloc::Layout;
use std::ptr::NonNull;

use crate::huge_pages;

/// Types whose value of all-zero bytes is valid: an empty slot.
///
/// # Safety
/// Only for types of which all-zero bytes are a valid value, and which are `Sync` through
/// atomics (the array is shared between threads).
#[allow(unsafe_code)]
pub(crate) unsafe trait Zeroable: Sync {}

/// `len` values of `T`, all zero at the start.
pub(crate) struct Zeroed<T: Zeroable> {
    /// The allocation, as allocated.
    block: NonNull<u8>,
    layout: Layout,
    /// The first value, the first address in the block aligned for `T`.
    start: NonNull<T>,
    len: usize,
}

impl<T: Zeroable> Zeroed<T> {
    /// `len` zeroed values (at least one), in memory backed by huge pages where the system
    /// allows it ([`huge_pages`]): advised before any page is touched. A size beyond the
    /// address space, or one the system refuses, ends the program as a failed allocation does.
    pub(crate) fn new(len: usize) -> Zeroed<T> {
        let len = len.max(1);
        // The usual alignment, at which `calloc` hands out untouched pages, with room to move
        // the start to `T`'s.
        let layout = std::mem::size_of::<T>()
            .checked_mul(len)
            .and_then(|bytes| bytes.checked_add(std::mem::align_of::<T>()))
            .and_then(|size| Layout::from_size_align(size, std::mem::align_of::<u64>()).ok())
            .unwrap_or_else(|| std::alloc::handle_alloc_error(Layout::new::<T>()));
        #[allow(unsafe_code)]
        // SAFETY: the layout is not of size zero (`len` is at least one and `T` has a size, or
        // the alignment's room is there).
        let block = unsafe { std::alloc::alloc_zeroed(layout) };
        let Some(block) = NonNull::new(block) else { std::alloc::handle_alloc_error(layout) };
        let offset = block.as_ptr().align_offset(std::mem::align_of::<T>());
        assert!(offset <= std::mem::align_of::<T>(), "an address within the alignment's room");
        #[allow(unsafe_code)]
        // SAFETY: `offset` is at most `T`'s alignment, and the block has that much room before
        // the `len` values; the pointer is not null, as the block's is not.
        let start = unsafe { NonNull::new_unchecked(block.as_ptr().add(offset).cast::<T>()) };
        huge_pages::advise(start.as_ptr().cast(), std::mem::size_of::<T>() * len);
        Zeroed { block, layout, start, len }
    }
}

impl<T: Zeroable> std::ops::Deref for Zeroed<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        #[allow(unsafe_code)]
        // SAFETY: `start` is aligned for `T` and followed by `len` values within the block,
        // all of them valid (zero bytes are a `T`, `Zeroable`, and the values are changed only
        // through their atomics); the block lives as long as `self`.
        unsafe {
            std::slice::from_raw_parts(self.start.as_ptr(), self.len)
        }
    }
}

impl<T: Zeroable> Drop for Zeroed<T> {
    fn drop(&mut self) {
        #[allow(unsafe_code)]
        // SAFETY: the block was allocated with this layout, by this allocator, and is freed
        // once. `T` needs no drop (atomic words).
        unsafe {
            std::alloc::dealloc(self.block.as_ptr(), self.layout);
        }
    }
}

impl<T: Zeroable> std::fmt::Debug for Zeroed<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Zeroed({} values of {} bytes)", self.len, std::mem::size_of::<T>())
    }
}

#[allow(unsafe_code)]
// SAFETY: the array is owned, as a `Box<[T]>` would be, and `T` is `Sync` (`Zeroable`).
unsafe impl<T: Zeroable> Send for Zeroed<T> {}
#[allow(unsafe_code)]
// SAFETY: shared references give only `&[T]`, and `T` is `Sync`.
unsafe impl<T: Zeroable> Sync for Zeroed<T> {}
