//! The file a game is saved to (`--record FILE`), opened before the game starts so that a
//! name that cannot be written is reported before anyone plays rather than after.

use std::fs::File;
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};

use reversi_records::GameRecord;

/// A file open for writing a record, its old content kept until the first [`save`](Self::save).
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    file: File,
}

impl RecordFile {
    /// Opens `path` for writing, creating it if it is not there. An existing file is not
    /// emptied yet: a game that never gets saved leaves it as it was.
    ///
    /// # Errors
    /// The error of opening the file: a missing directory, no permission, a directory.
    pub fn open(path: PathBuf) -> io::Result<RecordFile> {
        let file = File::options().write(true).create(true).truncate(false).open(&path)?;
        Ok(RecordFile { path, file })
    }

    /// The file's name, as given.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Replaces the file's content with `record`, as pretty JSON and a final newline.
    ///
    /// # Errors
    /// The error of writing the file (a full disk). The record itself always serialises.
    pub fn save(&mut self, record: &GameRecord) -> io::Result<()> {
        let mut text = record.to_json_pretty();
        text.push('\n');
        // Only a regular file has a length to cut (`--record /dev/null` has none).
        if self.file.metadata()?.is_file() {
            self.file.set_len(0)?;
            self.file.rewind()?;
        }
        self.file.write_all(text.as_bytes())?;
        self.file.flush()
    }
}
