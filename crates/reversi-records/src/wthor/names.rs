//! The player (`.JOU`) and tournament (`.TRN`) name files.

use super::{HEADER_LEN, WthorError, WthorHeader};

/// Which names a [`NameFile`] holds: the kind fixes the record length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// Players (`.JOU`): 20-byte records.
    Players,
    /// Tournaments (`.TRN`): 26-byte records.
    Tournaments,
}

impl NameKind {
    /// The length of one record.
    #[must_use]
    pub const fn record_len(self) -> usize {
        match self {
            NameKind::Players => 20,
            NameKind::Tournaments => 26,
        }
    }
}

/// A player or tournament file: names numbered from 0, as the game records refer to them.
///
/// ```
/// use reversi_records::wthor::{NameFile, NameKind, WthorDate, WthorHeader};
/// let header = WthorHeader::new(WthorDate::new(2018, 12, 31)?, 0);
/// let file = NameFile::new(NameKind::Players, header, vec!["Tastet Marc".into()]);
/// let bytes = file.to_bytes()?;
/// assert_eq!(bytes.len(), 16 + 20);
/// let back = NameFile::parse(NameKind::Players, &bytes)?;
/// assert_eq!(back.name(0), Some("Tastet Marc"));
/// # Ok::<(), reversi_records::wthor::WthorError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NameFile {
    kind: NameKind,
    header: WthorHeader,
    names: Vec<String>,
    // The bytes after each name's first NUL, as read, when any of them is not a NUL; empty
    // for a name padded with NULs (all those of `new`). Kept so that a file is written back
    // byte for byte: dropping them would change a file silently.
    padding: Vec<Vec<u8>>,
}

impl NameFile {
    /// A file of these names; the header's record count is set when it is written, and its
    /// other fields (the game count included, which name files do not use) are kept.
    #[must_use]
    pub fn new(kind: NameKind, header: WthorHeader, names: Vec<String>) -> NameFile {
        let padding = vec![Vec::new(); names.len()];
        NameFile { kind, header, names, padding }
    }

    /// Reads a name file. Each name is read as Latin-1 up to its first NUL; whatever follows
    /// that NUL in its record is kept, unseen, so that [`to_bytes`](NameFile::to_bytes)
    /// gives back the bytes read.
    ///
    /// # Errors
    /// [`WthorError::Truncated`] or [`WthorError::TrailingBytes`] if the length does not
    /// match the header's record count.
    pub fn parse(kind: NameKind, bytes: &[u8]) -> Result<NameFile, WthorError> {
        let header = WthorHeader::parse(bytes)?;
        let len = kind.record_len();
        let expected = HEADER_LEN + usize::from(header.records()) * len;
        if bytes.len() < expected {
            return Err(WthorError::Truncated { expected, found: bytes.len() });
        }
        if bytes.len() > expected {
            return Err(WthorError::TrailingBytes { expected, found: bytes.len() });
        }
        let (names, padding) = bytes[HEADER_LEN..]
            .chunks_exact(len)
            .map(|record| {
                let end = record.iter().position(|&b| b == 0).unwrap_or(record.len());
                // Latin-1 maps each byte to the code point of the same value.
                let name: String = record[..end].iter().map(|&b| char::from(b)).collect();
                let after = record.get(end + 1..).unwrap_or_default();
                let padding = if after.iter().all(|&b| b == 0) { Vec::new() } else { after.to_vec() };
                (name, padding)
            })
            .unzip();
        Ok(NameFile { kind, header, names, padding })
    }

    /// The bytes of the file: each name in Latin-1, NUL padded.
    ///
    /// # Errors
    /// [`WthorError::Name`] if a name has a character past U+00FF, a NUL, or does not fit its
    /// record; [`WthorError::TooManyGames`] past 65535 names.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WthorError> {
        let count =
            u16::try_from(self.names.len()).map_err(|_| WthorError::TooManyGames { count: self.names.len() })?;
        let len = self.kind.record_len();
        let mut out = Vec::with_capacity(HEADER_LEN + len * self.names.len());
        out.extend_from_slice(&self.header.with_records(count).to_bytes());
        for (index, (name, padding)) in self.names.iter().zip(&self.padding).enumerate() {
            let bad = || WthorError::Name { index, name: name.clone(), len };
            let bytes: Vec<u8> = name
                .chars()
                .map(|c| u8::try_from(c).ok().filter(|&b| b != 0))
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            if bytes.len() > len {
                return Err(bad());
            }
            out.extend_from_slice(&bytes);
            let end = out.len() + len - bytes.len();
            if !padding.is_empty() {
                // Read from a record of this length after this name and its NUL: it fits.
                out.push(0);
                out.extend_from_slice(padding);
            }
            out.resize(end, 0);
        }
        Ok(out)
    }

    /// Players or tournaments.
    #[must_use]
    pub const fn kind(&self) -> NameKind {
        self.kind
    }

    /// The header.
    #[must_use]
    pub const fn header(&self) -> &WthorHeader {
        &self.header
    }

    /// The name numbered `index`, if there is one.
    #[must_use]
    pub fn name(&self, index: u16) -> Option<&str> {
        self.names.get(usize::from(index)).map(String::as_str)
    }

    /// All names, numbered from 0.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }
}
