//! Values built on first use and then kept for the rest of the program, without `std`: the
//! kernel's tables (one per board shape and word) live in these.

use alloc::boxed::Box;
use core::marker::PhantomData;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

/// A `T` built once, on the first [`get_or_init`](OnceBox::get_or_init), and never freed.
///
/// Threads that race to build it may each build one; the first to publish wins and the
/// others drop theirs, so every caller sees the same value and at most one stays allocated.
pub(super) struct OnceBox<T> {
    ptr: AtomicPtr<T>,
    /// Owns a `T` (for `Send`/`Sync` and drop checking, as a `Box<T>` would).
    _owns: PhantomData<Box<T>>,
}

impl<T> OnceBox<T> {
    /// Nothing built yet.
    pub(super) const fn new() -> Self {
        OnceBox { ptr: AtomicPtr::new(ptr::null_mut()), _owns: PhantomData }
    }

    /// The value, built by `init` if no thread has published one yet.
    #[inline]
    pub(super) fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        let current = self.ptr.load(Ordering::Acquire);
        if !current.is_null() {
            // SAFETY: a non-null pointer here was published by the `compare_exchange` below
            // from `Box::into_raw` (the `Acquire` load sees the value it points to), and it is
            // never freed, so it is valid for as long as `self`.
            return unsafe { &*current };
        }
        let built = Box::into_raw(Box::new(init()));
        match self.ptr.compare_exchange(ptr::null_mut(), built, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: `built` is now the published value: valid and never freed, as above.
            Ok(_) => unsafe { &*built },
            Err(winner) => {
                // SAFETY: `built` came from `Box::into_raw` above and was never published, so
                // this is its only owner.
                drop(unsafe { Box::from_raw(built) });
                // SAFETY: `winner` is the published value, as in the first branch.
                unsafe { &*winner }
            }
        }
    }
}

/// Sides run from 4 to 16.
const SIDES: usize = 13;

/// A [`OnceBox`] per board shape (`width` × `height`, sides from 4 to 16): at most 169
/// values, each built on first use. Public only so that [`Word`](super::Word)'s sealed
/// supertrait can name it; the module is private.
pub struct PerShape<T>([OnceBox<T>; SIDES * SIDES]);

impl<T> PerShape<T> {
    /// Nothing built yet.
    pub const fn new() -> Self {
        PerShape([const { OnceBox::new() }; SIDES * SIDES])
    }

    /// The value of the `width` × `height` shape, built by `init` on first use.
    #[inline]
    pub fn get_or_init(&self, width: u32, height: u32, init: impl FnOnce() -> T) -> &T {
        assert!((4..=16).contains(&width) && (4..=16).contains(&height), "sides from 4 to 16");
        self.0[(width as usize - 4) * SIDES + (height as usize - 4)].get_or_init(init)
    }
}
