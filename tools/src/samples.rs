//! Labelled 8×8 positions in a compact binary form: what `train_data` writes and
//! `fit_patterns` reads. Text labels (`label_positions`) cost about 80 bytes a position and a
//! parse; millions of positions want 18 bytes and none.
//!
//! A samples file is [`MAGIC`] then records of [`RECORD`] bytes: the mover's discs and the
//! opponent's (`u64`, little-endian, bit `8 r + c` for cell (r, c)), the label (`i8`, the final
//! disc difference for the mover, empty cells to the winner) and the source ([`Source`]).

use std::fmt;

/// The first bytes of a samples file (format version 1).
pub const MAGIC: &[u8; 8] = b"RKSMPL1\n";
/// The bytes of one record.
pub const RECORD: usize = 18;

/// Where a label comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A WTHOR game's position, labelled by the game's theoretical score (perfect play from 24
    /// empties on): exact at 24 empties, the negamaxed human result above.
    Wthor,
    /// A self-play game's position after its random plies, labelled by the game's final score
    /// (the engine played to the end, exactly over its last empties).
    SelfPlay,
}

impl Source {
    const fn byte(self) -> u8 {
        match self {
            Source::Wthor => 0,
            Source::SelfPlay => 1,
        }
    }

    const fn from_byte(byte: u8) -> Option<Source> {
        match byte {
            0 => Some(Source::Wthor),
            1 => Some(Source::SelfPlay),
            _ => None,
        }
    }
}

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sample {
    /// The mover's discs.
    pub mover: u64,
    /// The opponent's discs.
    pub opponent: u64,
    /// The final disc difference for the mover, −64 to 64.
    pub label: i8,
    /// Where the label comes from.
    pub source: Source,
}

impl Sample {
    /// The empty cells of the position.
    #[must_use]
    pub const fn empties(&self) -> u32 {
        64 - (self.mover | self.opponent).count_ones()
    }

    /// Appends the record's bytes to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.mover.to_le_bytes());
        out.extend_from_slice(&self.opponent.to_le_bytes());
        out.extend_from_slice(&self.label.to_le_bytes());
        out.push(self.source.byte());
    }
}

/// A samples file that is not one, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SamplesError {
    /// The file does not start with [`MAGIC`].
    Magic,
    /// The bytes after the magic are not a whole number of records.
    Truncated {
        /// The bytes after the last whole record.
        extra: usize,
    },
    /// A record that is not a position and a label.
    Record {
        /// The record's number, from 0.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl fmt::Display for SamplesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SamplesError::Magic => write!(f, "not a samples file (it does not start with {MAGIC:?})"),
            SamplesError::Truncated { extra } => write!(f, "{extra} bytes after the last whole record"),
            SamplesError::Record { index, reason } => write!(f, "record {index}: {reason}"),
        }
    }
}

impl std::error::Error for SamplesError {}

/// The samples of a file's `bytes`.
///
/// # Errors
/// [`SamplesError`] for a missing magic, a partial record, or a record whose discs overlap,
/// whose label is beyond ±64 or whose source is unknown.
pub fn parse(bytes: &[u8]) -> Result<Vec<Sample>, SamplesError> {
    let body = bytes.strip_prefix(MAGIC.as_slice()).ok_or(SamplesError::Magic)?;
    let extra = body.len() % RECORD;
    if extra != 0 {
        return Err(SamplesError::Truncated { extra });
    }
    body.chunks_exact(RECORD)
        .enumerate()
        .map(|(index, r)| {
            let word = |at: usize| u64::from_le_bytes(r[at..at + 8].try_into().expect("eight bytes"));
            let (mover, opponent) = (word(0), word(8));
            let label = i8::from_le_bytes([r[16]]);
            let fail = |reason| SamplesError::Record { index, reason };
            if mover & opponent != 0 {
                return Err(fail("the two sides' discs overlap"));
            }
            if !(-64..=64).contains(&label) {
                return Err(fail("a label beyond ±64"));
            }
            let source = Source::from_byte(r[17]).ok_or(fail("an unknown source"))?;
            Ok(Sample { mover, opponent, label, source })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_and_damage_is_named() {
        let samples = [
            Sample { mover: 0x0000_0008_1000_0000, opponent: 0x0000_0010_0800_0000, label: -3, source: Source::Wthor },
            Sample { mover: 1, opponent: 2, label: 64, source: Source::SelfPlay },
        ];
        let mut bytes = MAGIC.to_vec();
        for s in &samples {
            s.write_to(&mut bytes);
        }
        assert_eq!(parse(&bytes), Ok(samples.to_vec()));
        assert_eq!(samples[0].empties(), 60);
        assert_eq!(parse(&bytes[1..]), Err(SamplesError::Magic));
        assert_eq!(parse(&bytes[..bytes.len() - 1]), Err(SamplesError::Truncated { extra: RECORD - 1 }));
        let mut overlap = bytes.clone();
        overlap[MAGIC.len() + 8 + 3] |= 0x10;
        assert!(matches!(parse(&overlap), Err(SamplesError::Record { index: 0, .. })));
        let mut label = bytes.clone();
        label[MAGIC.len() + RECORD + 16] = 65;
        assert!(matches!(parse(&label), Err(SamplesError::Record { index: 1, .. })));
    }
}
