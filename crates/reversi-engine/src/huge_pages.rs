//! Huge pages for the transposition tables: a solve probes its table at random, and with the
//! usual 4 KiB pages nearly every probe of a 64 MB table also misses the processor's address
//! translation cache (which covers a few MB) and walks the page tables, in a virtual machine
//! twice over. With 2 MiB pages the whole table is a few dozen translations.
//!
//! Linux backs memory with huge pages when asked (`madvise(MADV_HUGEPAGE)`, under the setting
//! `/sys/kernel/mm/transparent_hugepage/enabled` = `madvise`, this machine's) or always;
//! the request must come before the memory is first written, since it applies to the pages
//! faulted in after it. Elsewhere, or if the kernel refuses, nothing changes but the speed.

/// Huge pages are 2 MiB on x86-64 and on most arm64 kernels; a larger size only leaves a
/// partial page at each end unadvised.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the whole huge pages within the `bytes` bytes at `start`, not yet
/// written, with huge pages. A hint: it changes no byte, and failure is ignored.
pub(crate) fn advise(start: *mut u8, bytes: usize) {
    let first = start.align_offset(HUGE_PAGE);
    if first >= bytes {
        return;
    }
    let length = (bytes - first) / HUGE_PAGE * HUGE_PAGE;
    if length == 0 {
        return;
    }
    #[cfg(target_os = "linux")]
    #[allow(unsafe_code)]
    // SAFETY: the range lies within one live allocation of the caller's (`first` and `length`
    // keep it inside `bytes`), and starts on a huge page, so on a page; `MADV_HUGEPAGE` only
    // changes how the kernel backs the range, never its contents or its mapping.
    unsafe {
        libc::madvise(start.add(first).cast(), length, libc::MADV_HUGEPAGE);
    }
}
