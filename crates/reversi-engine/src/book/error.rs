//! Why a book cannot be read, or is not for the board asked about.

use std::path::PathBuf;

/// Why bytes are not a usable [`Book`](super::Book). Reading never panics: every byte string
/// is either a book or one of these.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The bytes do not start with the book's magic: not a book at all.
    #[error("not an opening book (bad magic)")]
    NotABook,
    /// A book of a format version this build does not read.
    #[error("opening book format version {found}, this build reads version {supported}")]
    Version {
        /// The file's version.
        found: u16,
        /// The version this build reads and writes.
        supported: u16,
    },
    /// The bytes end before the book does.
    #[error("opening book truncated: {expected} bytes needed, {found} present")]
    Truncated {
        /// The bytes the header says the book takes.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// The checksum stored at the end does not match the bytes before it.
    #[error("opening book damaged: checksum {stored:#018x} stored, {computed:#018x} computed")]
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes read.
        computed: u64,
    },
    /// The checksum matches but the contents are not a valid book (a book written wrongly).
    #[error("opening book damaged: {0}")]
    Damaged(&'static str),
    /// A valid book, for another board or scoring than the one asked about.
    #[error("opening book for {book}, not for {wanted}")]
    ForeignBoard {
        /// The book's board and scoring.
        book: String,
        /// The board and scoring asked about.
        wanted: String,
    },
    /// The file could not be read.
    #[error("cannot read opening book {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}
