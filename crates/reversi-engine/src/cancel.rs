//! The flag that calls a split of a node's moves between threads off, chained to the flags of
//! the splits above it; shared by the midgame search's threads ([`search`](crate::search)) and
//! the exact solver's.

use std::sync::atomic::{AtomicBool, Ordering};

/// Stack of a helper thread: enough for a search from the largest board's start.
pub(crate) const HELPER_STACK: usize = 16 << 20;

/// The flag of one split, and the flags of the splits it lies under.
#[derive(Debug)]
pub(crate) struct Cancel<'a> {
    flag: AtomicBool,
    parent: Option<&'a Cancel<'a>>,
}

impl<'a> Cancel<'a> {
    /// The flag of a split under `parent`'s.
    pub(crate) fn under(parent: Option<&'a Cancel<'a>>) -> Cancel<'a> {
        Cancel { flag: AtomicBool::new(false), parent }
    }

    /// Calls this split off (and so the splits below it).
    pub(crate) fn call_off(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether this split or one above it has been called off.
    pub(crate) fn is_set(&self) -> bool {
        let mut cancel = Some(self);
        while let Some(c) = cancel {
            if c.flag.load(Ordering::Relaxed) {
                return true;
            }
            cancel = c.parent;
        }
        false
    }
}
