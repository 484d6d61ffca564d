//! Progress of long work on stderr, drawn only when stderr is a terminal: a file or a pipe
//! gets none of it, so that logs stay clean.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps of `unit`, or a hidden one when stderr is not a terminal.
#[must_use]
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let template = format!("{{elapsed_precise}} [{{wide_bar}}] {{pos}}/{{len}} {unit} {{msg}}");
    let style = ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(len).with_style(style)
}
