//! An error as the examples print it: its message and every cause behind it. The library's
//! errors say only their own part and return the rest from `source()` (the Rust API
//! Guidelines' C-GOOD-ERR), so printing the first message alone would drop the reason.

use std::error::Error;

/// `error`'s message followed by each of its causes, joined by `: `.
#[must_use]
pub fn chain(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(next) = cause {
        text.push_str(": ");
        text.push_str(&next.to_string());
        cause = next.source();
    }
    text
}
