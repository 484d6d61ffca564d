//! Move transcripts: the moves written one after another, such as `f5d6c3d3c4`.
//!
//! Reading is case-insensitive. Cell names may stand side by side or be separated by
//! whitespace or commas; `pass` may be written, but passes are usually left out and put back
//! when the moves are replayed (see [`GameRecord::from_transcript`](crate::GameRecord::from_transcript)).
//! On boards taller than 9 rows a cell name is read greedily: a letter, then one or two digits,
//! the second digit taken only when the two form a row of the board, so that `j10` is one cell
//! on 10×10 while `a12` on 8×8 is `a1` followed by a stray `2`.
//!
//! ```
//! use reversi_records::transcript;
//! use reversi_variants::Move;
//! let moves = transcript::parse("F5d6 c3,PASS", 8, 8)?;
//! assert_eq!(moves.len(), 4);
//! assert_eq!(moves[3], Move::Pass);
//! assert_eq!(transcript::parse("j10a1", 10, 10)?.len(), 2);
//! assert_eq!(transcript::write(&moves), "f5d6c3pass");
//! # Ok::<(), reversi_records::transcript::TranscriptError>(())
//! ```

use reversi_core::Square;
use reversi_variants::Move;

/// Why a transcript cannot be read. Moves are counted from 1, offsets are byte offsets in the
/// text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TranscriptError {
    /// A character that starts no cell name and no `pass`.
    #[error("move {move_number} (byte {offset}): expected a cell name or pass, found {found:?}")]
    Syntax {
        /// The move being read, from 1.
        move_number: usize,
        /// The byte offset of the character.
        offset: usize,
        /// The character.
        found: char,
    },
    /// The text ends inside a cell name.
    #[error("move {move_number} (byte {offset}): the text ends before the row of the cell")]
    Incomplete {
        /// The move, from 1.
        move_number: usize,
        /// The byte offset of the name.
        offset: usize,
    },
    /// A cell name outside the board.
    #[error("move {move_number} (byte {offset}): {text:?} is not a cell of the {width}x{height} board")]
    OffBoard {
        /// The move, from 1.
        move_number: usize,
        /// The byte offset of the name.
        offset: usize,
        /// The name as written.
        text: String,
        /// The board's width.
        width: u8,
        /// The board's height.
        height: u8,
    },
    /// A board wider or taller than 16, the largest the library has.
    #[error("a {width}x{height} board is larger than 16x16")]
    BoardSize {
        /// The width given.
        width: u8,
        /// The height given.
        height: u8,
    },
}

/// Reads a transcript for a `width × height` board (the board decides how `a12` splits).
/// Explicit passes are kept; none are inserted here.
///
/// # Errors
/// A [`TranscriptError`] at the first character that starts no move, or a cell outside the
/// board; [`TranscriptError::BoardSize`] if the board is wider or taller than 16.
pub fn parse(text: &str, width: u8, height: u8) -> Result<Vec<Move>, TranscriptError> {
    if width > 16 || height > 16 {
        return Err(TranscriptError::BoardSize { width, height });
    }
    let bytes = text.as_bytes();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' {
            i += 1;
            continue;
        }
        let move_number = moves.len() + 1;
        if bytes.len() - i >= 4 && bytes[i..i + 4].eq_ignore_ascii_case(b"pass") {
            moves.push(Move::Pass);
            i += 4;
            continue;
        }
        let syntax = || {
            let found = text[i..].chars().next().expect("i is a char boundary: only ASCII was consumed");
            TranscriptError::Syntax { move_number, offset: i, found }
        };
        if !b.is_ascii_alphabetic() {
            return Err(syntax());
        }
        let column = b.to_ascii_lowercase() - b'a';
        let digit = |j: usize| bytes.get(j).filter(|d| d.is_ascii_digit()).map(|d| d - b'0');
        let Some(first) = digit(i + 1).filter(|&d| d != 0) else {
            return Err(match text[i + 1..].chars().next() {
                Some(found) => TranscriptError::Syntax { move_number, offset: i + 1, found },
                None => TranscriptError::Incomplete { move_number, offset: i },
            });
        };
        // Greedy, but only as far as the board goes: the second digit belongs to this cell
        // only if the two digits name one of its rows.
        let (row, len) = match digit(i + 2) {
            Some(second) if first * 10 + second <= height => (first * 10 + second, 3),
            _ => (first, 2),
        };
        let name = &text[i..i + len];
        if column >= width || row > height {
            return Err(TranscriptError::OffBoard { move_number, offset: i, text: name.to_owned(), width, height });
        }
        moves.push(Move::Place(Square::new(column, row - 1).expect("checked: the board is within 16x16")));
        i += len;
    }
    Ok(moves)
}

/// Writes `moves` as a transcript: cell names side by side in lower case. A pass followed
/// by a disc is left out, since replaying puts it back; any other pass (one that ends the
/// moves) is written `pass`, so that reading the transcript back gives the same moves.
#[must_use]
pub fn write(moves: &[Move]) -> String {
    let mut out = String::with_capacity(moves.len() * 2);
    for (i, m) in moves.iter().enumerate() {
        match m {
            Move::Place(square) => out.push_str(&square.to_string()),
            Move::Pass if matches!(moves.get(i + 1), Some(Move::Place(_))) => {}
            Move::Pass => out.push_str("pass"),
        }
    }
    out
}
