//! Long calls that Ctrl-C stops: the work runs on a thread of its own, the GIL released, while
//! the calling thread looks for a signal every [`POLL`]; on one it raises the stop flag the
//! work watches, waits for the work to see it, and raises the signal's exception
//! (`KeyboardInterrupt`). Python runs its signal handlers only on the main thread, between
//! bytecodes: a call that never returns to the interpreter would otherwise never see Ctrl-C.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

/// How often the calling thread looks for a signal: well inside the half second a user
/// waits after Ctrl-C, and rare enough to cost nothing.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work(stop)` on another thread with the GIL released, and returns its value; on a
/// signal, sets `stop` (which `work` must look at often, ending soon after), waits for it and
/// returns the signal's error.
///
/// # Errors
/// The exception of a signal's handler, `KeyboardInterrupt` for Ctrl-C.
pub(crate) fn run<T: Send>(py: Python<'_>, work: impl FnOnce(Arc<AtomicBool>) -> T + Send) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    run_with_flag(py, &stop, move || work(flag))
}

/// [`run`] with the caller's stop flag (a searcher's own, which `work` watches). On a signal
/// the flag is raised again at every [`POLL`] until `work` ends: a searcher clears its flag as
/// each of its searches starts, and `work` may run several.
///
/// # Errors
/// The exception of a signal's handler, `KeyboardInterrupt` for Ctrl-C.
pub(crate) fn run_with_flag<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::sync_channel(1);
        let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
            // The receiver is gone only once the call has returned; nothing is left to tell.
            let _ = sender.send(work());
        });
        let Ok(worker) = spawned else {
            // No thread to be had: the work runs here, without the look-out for signals. The
            // closure moved into the failed spawn is gone, so this cannot happen twice.
            return Err(pyo3::exceptions::PyRuntimeError::new_err("could not start a thread for the work"));
        };
        loop {
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(POLL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(value) => {
                    py.detach(|| worker.join()).map_err(|_| panicked())?;
                    return Ok(value);
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        // The work ends soon after the flag; its value is dropped.
                        py.detach(move || {
                            stop.store(true, Ordering::Relaxed);
                            while matches!(receiver.recv_timeout(POLL), Err(RecvTimeoutError::Timeout)) {
                                stop.store(true, Ordering::Relaxed);
                            }
                        });
                        let _ = py.detach(|| worker.join());
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let _ = py.detach(|| worker.join());
                    return Err(panicked());
                }
            }
        }
    })
}

fn panicked() -> PyErr {
    pyo3::panic::PanicException::new_err("the work's thread panicked")
}

/// Whether `stop` is set.
pub(crate) fn stopped(stop: &AtomicBool) -> bool {
    stop.load(Ordering::Relaxed)
}
