//! The bare syntax of GGF: games `(; … ;)` of properties `NAME[value]`.

use super::GgfError;

/// One property as written: its name, its value (escapes removed) and the byte offset of
/// the name in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawProperty {
    pub name: String,
    pub value: String,
    pub offset: usize,
}

/// The games of a GGF text, each a list of properties in their order, read one at a time:
/// a game is split only when asked for, so reading the first game of a large file does not
/// read the others. After an error it yields nothing more.
///
/// A value runs to the first `]` not escaped by `\`; a `\` takes the next character as it
/// is. Whitespace may stand between games, properties and the delimiters.
#[derive(Clone, Debug)]
pub(crate) struct RawGames<'a> {
    text: &'a str,
    /// The byte offset of the next game (or of the end).
    offset: usize,
    /// The games read so far.
    read: usize,
    failed: bool,
}

impl<'a> RawGames<'a> {
    pub(crate) fn new(text: &'a str) -> RawGames<'a> {
        RawGames { text, offset: skip_ws(text.as_bytes(), 0), read: 0, failed: false }
    }

    /// The byte offset up to which the text has been read.
    pub(crate) const fn offset(&self) -> usize {
        self.offset
    }

    /// The game starting at `self.offset`, and the offset after it.
    fn game(&self) -> Result<(Vec<RawProperty>, usize), GgfError> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let game = self.read + 1;
        let syntax = |offset, expected| GgfError::Syntax { game, offset, expected };
        let mut i = self.offset;
        if bytes[i] != b'(' {
            return Err(syntax(i, "`(;` to start a game"));
        }
        i = skip_ws(bytes, i + 1);
        if bytes.get(i) != Some(&b';') {
            return Err(syntax(i, "`;` after `(`"));
        }
        i = skip_ws(bytes, i + 1);
        let mut properties = Vec::new();
        loop {
            match bytes.get(i) {
                None => return Err(syntax(i, "`;)` to end the game")),
                Some(b';') => {
                    i = skip_ws(bytes, i + 1);
                    if bytes.get(i) != Some(&b')') {
                        return Err(syntax(i, "`)` after `;`"));
                    }
                    return Ok((properties, skip_ws(bytes, i + 1)));
                }
                Some(b) if b.is_ascii_uppercase() => {
                    let start = i;
                    while bytes.get(i).is_some_and(u8::is_ascii_uppercase) {
                        i += 1;
                    }
                    let name = text[start..i].to_owned();
                    i = skip_ws(bytes, i);
                    if bytes.get(i) != Some(&b'[') {
                        return Err(syntax(i, "`[` after a property name"));
                    }
                    let (value, next) = read_value(text, i + 1).ok_or_else(|| syntax(i, "`]` to close the value"))?;
                    properties.push(RawProperty { name, value, offset: start });
                    i = skip_ws(bytes, next);
                }
                Some(_) => return Err(syntax(i, "a property name (capital letters) or `;)`")),
            }
        }
    }
}

impl Iterator for RawGames<'_> {
    type Item = Result<Vec<RawProperty>, GgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.offset >= self.text.len() {
            return None;
        }
        match self.game() {
            Ok((properties, next)) => {
                self.offset = next;
                self.read += 1;
                Some(Ok(properties))
            }
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// The value starting at `start` (just after `[`), unescaped, and the offset after its `]`.
fn read_value(text: &str, start: usize) -> Option<(String, usize)> {
    let mut value = String::new();
    let mut chars = text[start..].char_indices();
    while let Some((j, c)) = chars.next() {
        match c {
            ']' => return Some((value, start + j + 1)),
            '\\' => value.push(chars.next()?.1),
            c => value.push(c),
        }
    }
    None
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// Writes `NAME[value]`, escaping `]` and `\` in the value.
pub(crate) fn write_property(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push('[');
    for c in value.chars() {
        if matches!(c, ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}
