//! Reading a line of input within a bound: a line longer than the bound is read to its end
//! but never kept whole, so that no input can make a tool hold more than the bound in memory.

use std::io::{self, BufRead};

/// A line read by [`read_bounded_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundedLine {
    /// The input has ended.
    End,
    /// A line, without its line end (`\n` or `\r\n`).
    Line(Vec<u8>),
    /// A line longer than the bound, read to its end and dropped but for its start.
    TooLong {
        /// Its length in bytes, without its line end.
        bytes: u64,
        /// Its first bytes (at most the bound).
        start: Vec<u8>,
    },
}

/// Reads the next line of `input`, keeping at most `max` bytes of it (and the `\r` of a
/// `\r\n` line end) in memory, whatever its length.
///
/// # Errors
/// The error of reading `input` (a read interrupted by a signal is tried again).
pub fn read_bounded_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<BoundedLine> {
    let mut kept = Vec::new();
    let mut length: u64 = 0;
    let mut last = None;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1),
            None => (chunk, chunk.len()),
        };
        length += part.len() as u64;
        last = part.last().copied().or(last);
        // Room for the `\r` of a `\r\n` line end past the bound, until it is taken off.
        let room = (max + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&part[..part.len().min(room)]);
        let newline = ends > part.len();
        input.consume(ends);
        if newline {
            break;
        }
    }
    if !any {
        return Ok(BoundedLine::End);
    }
    if last == Some(b'\r') {
        length -= 1;
        if kept.len() as u64 > length {
            kept.pop();
        }
    }
    if length > max as u64 {
        kept.truncate(max);
        return Ok(BoundedLine::TooLong { bytes: length, start: kept });
    }
    Ok(BoundedLine::Line(kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<BoundedLine> {
        let mut reader = io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        loop {
            let line = read_bounded_line(&mut reader, max).unwrap();
            if line == BoundedLine::End {
                return out;
            }
            out.push(line);
        }
    }

    #[test]
    fn long_lines_are_dropped_but_for_their_start_and_the_next_line_reads() {
        let input = b"short\r\n0123456789abcdef\nexactly8\r\nexactly8\n\nlast";
        let got = lines(input, 8);
        assert_eq!(
            got,
            [
                BoundedLine::Line(b"short".to_vec()),
                BoundedLine::TooLong { bytes: 16, start: b"01234567".to_vec() },
                BoundedLine::Line(b"exactly8".to_vec()),
                BoundedLine::Line(b"exactly8".to_vec()),
                BoundedLine::Line(Vec::new()),
                BoundedLine::Line(b"last".to_vec()),
            ]
        );
        assert_eq!(lines(b"", 8), []);
        assert_eq!(lines(b"123456789\r\n", 8), [BoundedLine::TooLong { bytes: 9, start: b"12345678".to_vec() }]);
    }
}
