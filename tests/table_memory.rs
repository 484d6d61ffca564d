//! A table never larger than the position can use (issue 69, D6): `solve --hash-mb 4096` of a
//! position with one empty cell took 19.5 s and 4.2 GB to write a table the position cannot
//! use. The table's memory is now taken as the search writes it: the solve is quick and the
//! process small. The only test of this file, so that the peak memory of its children
//! (`getrusage`) is that solve's.

mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

/// One empty cell, h8, White to move.
const ONE_EMPTY: &str = "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXO/XXXXXXOO/XXXXXOO- O";

#[test]
#[cfg(target_os = "linux")]
fn a_huge_table_for_one_empty_cell_is_quick_and_small() {
    let started = Instant::now();
    let out = common::run("solve", ["--hash-mb", "4096", "--position", ONE_EMPTY], Stdio::null(), Stdio::piped());
    let took = started.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("empties: 1"), "{stdout}");
    let peak = children_peak_memory();
    assert!(peak > 0, "no peak memory measured");
    assert!(peak < 200 << 20, "the solve's peak memory: {} MB", peak >> 20);
    // Writing 4 GB took seconds even on an idle machine; the solve itself takes milliseconds.
    assert!(took < Duration::from_secs(5), "the solve took {took:?}");
}

/// The peak resident memory of the largest child this process has waited for, in bytes.
#[cfg(target_os = "linux")]
fn children_peak_memory() -> u64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    #[allow(unsafe_code)]
    // SAFETY: `getrusage` writes a `rusage` into the pointer it is given, which points to one.
    let usage = unsafe {
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()), 0, "getrusage works");
        usage.assume_init()
    };
    // Linux counts it in kilobytes.
    u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024
}
