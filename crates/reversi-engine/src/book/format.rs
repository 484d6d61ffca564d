//! The book's bytes: a header that names the board, the entries sorted by key, a checksum.
//!
//! ```text
//! magic        8 bytes  "RVKBOOK\x1a"
//! version      u16      FORMAT_VERSION
//! width        u8
//! height       u8
//! playable     4 × u64  the board's playable cells (Bitboard words)
//! scoring      u8       0 discs, 1 WOF
//! reserved     u8       0
//! count        u32      entries
//! entries      count × (2 × words u64 key, i16 value, u8 depth, u8 provenance)
//! checksum     u64      FNV-1a of every byte before it
//! ```
//!
//! Every number is little-endian; `words` is the board's playable cells over 64, rounded up.
//! The keys are the canonical positions themselves (no hash), so two positions never share an
//! entry. An 8×8 entry is 20 bytes.

use reversi_core::{Bitboard, Geometry};
use reversi_variants::Scoring;

use super::symmetry::{Key, MAX_WORDS, Symmetries};
use super::{Book, BookEntry, BookError, Provenance};

/// The first bytes of every book.
const MAGIC: &[u8; 8] = b"RVKBOOK\x1a";

/// The format this build reads and writes.
pub const FORMAT_VERSION: u16 = 1;

/// Magic, version, sides, playable words, scoring, reserved, count.
const HEADER: usize = 8 + 2 + 2 + 32 + 2 + 4;

/// FNV-1a, 64 bits: enough to tell a damaged file (not a defence against a forged one).
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn entry_bytes(words: usize) -> usize {
    16 * words + 4
}

pub(super) fn encode(book: &Book) -> Vec<u8> {
    let words = book.symmetries.words;
    let mut out = Vec::with_capacity(HEADER + book.entries.len() * entry_bytes(words) + 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.push(book.geometry.width());
    out.push(book.geometry.height());
    for word in book.geometry.playable().to_words() {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.push(match book.scoring {
        Scoring::Wof => 1,
        _ => 0,
    });
    out.push(0);
    out.extend_from_slice(&(book.entries.len() as u32).to_le_bytes());
    for (key, entry) in book.keys.iter().zip(&book.entries) {
        for word in &key.words[..2 * words] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(&(entry.value as i16).to_le_bytes());
        out.push(entry.depth);
        out.push(entry.provenance as u8);
    }
    out.extend_from_slice(&checksum(&out).to_le_bytes());
    out
}

/// A little-endian reader over bytes whose length was checked before.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        out.copy_from_slice(&self.bytes[self.at..self.at + N]);
        self.at += N;
        out
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
}

pub(super) fn decode(bytes: &[u8]) -> Result<Book, BookError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(BookError::NotABook);
    }
    if bytes.len() < HEADER + 8 {
        return Err(BookError::Truncated { expected: HEADER + 8, found: bytes.len() });
    }
    let mut r = Reader { bytes, at: MAGIC.len() };
    let version = u16::from_le_bytes(r.take());
    if version != FORMAT_VERSION {
        return Err(BookError::Version { found: version, supported: FORMAT_VERSION });
    }
    let (width, height) = (r.u8(), r.u8());
    let playable = Bitboard::from_words([r.u64(), r.u64(), r.u64(), r.u64()]);
    let (scoring, reserved) = (r.u8(), r.u8());
    let count = u32::from_le_bytes(r.take()) as usize;
    // The geometry says how long an entry is; a damaged header may name none, so the length is
    // checked against the smallest entry first, then against the geometry's.
    let words = (playable.len() as usize).div_ceil(64).max(1);
    let expected = count.checked_mul(entry_bytes(words)).and_then(|e| e.checked_add(HEADER + 8));
    let Some(expected) = expected else { return Err(BookError::Damaged("entry count overflows")) };
    if bytes.len() < expected {
        return Err(BookError::Truncated { expected, found: bytes.len() });
    }
    let body = &bytes[..expected - 8];
    let stored = u64::from_le_bytes(bytes[expected - 8..expected].try_into().expect("8 bytes"));
    let computed = checksum(body);
    if stored != computed {
        return Err(BookError::Checksum { stored, computed });
    }
    if bytes.len() > expected {
        return Err(BookError::Damaged("bytes after the checksum"));
    }
    let geometry = Geometry::rectangle(width, height)
        .ok()
        .filter(|g| playable.is_subset(g.area()))
        .and_then(|g| g.with_unplayable(g.area() - playable).ok())
        .ok_or(BookError::Damaged("not a board"))?;
    let scoring = match (scoring, reserved) {
        (0, 0) => Scoring::Discs,
        (1, 0) => Scoring::Wof,
        _ => return Err(BookError::Damaged("unknown scoring")),
    };
    let symmetries = Symmetries::new(&geometry);
    let mut keys = Vec::with_capacity(count);
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        let mut key = Key { words: [0; 2 * MAX_WORDS] };
        for word in &mut key.words[..2 * words] {
            *word = r.u64();
        }
        if !symmetries.is_valid(&key) {
            return Err(BookError::Damaged("a key off the board"));
        }
        if keys.last().is_some_and(|last| *last >= key) {
            return Err(BookError::Damaged("keys out of order"));
        }
        let value = i32::from(i16::from_le_bytes(r.take()));
        let depth = r.u8();
        let provenance = Provenance::from_u8(r.u8()).ok_or(BookError::Damaged("unknown provenance"))?;
        keys.push(key);
        entries.push(BookEntry { value, depth, provenance });
    }
    Ok(Book { geometry, scoring, symmetries, keys, entries })
}
