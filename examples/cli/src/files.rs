//! Reading an input file whole, within bounds: only a regular file (a FIFO would wait for a
//! writer for ever, `/dev/zero` never ends) and at most [`MAX_FILE_BYTES`].

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest file that `replay` and `wthor` read: 64 MiB. A WTHOR year is well under 1 MB
/// (68 bytes a game; the 2017 and 2018 files are 167 kB and 158 kB), and a JSON record, a
/// transcript or a GGF file of a few thousand games is smaller still.
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// Opening or reading failed.
    Io(io::Error),
    /// The name is a directory, a FIFO, a device or a socket.
    NotAFile,
    /// The file has more than [`MAX_FILE_BYTES`].
    TooLarge,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotAFile => f.write_str("not a regular file (a directory, FIFO or device is not read)"),
            ReadError::TooLarge => write!(f, "larger than the limit of {} MiB", MAX_FILE_BYTES >> 20),
        }
    }
}

/// The bytes of the regular file at `path`, if it holds at most [`MAX_FILE_BYTES`].
///
/// # Errors
/// A [`ReadError`] saying why not.
pub fn read(path: &Path) -> Result<Vec<u8>, ReadError> {
    // Asked before opening: opening a FIFO waits until something opens its other end.
    if !std::fs::metadata(path).map_err(ReadError::Io)?.is_file() {
        return Err(ReadError::NotAFile);
    }
    let file = File::open(path).map_err(ReadError::Io)?;
    // Asked again of what was opened, in case the name changed in between.
    if !file.metadata().map_err(ReadError::Io)?.is_file() {
        return Err(ReadError::NotAFile);
    }
    let mut bytes = Vec::new();
    // One byte more than the limit tells a file at the limit from a larger one.
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}
