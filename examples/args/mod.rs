//! A tiny reader of command-line flags for the examples: `--name value` or `--name=value`,
//! each flag at most once, nothing else. Errors are messages for the user, never panics.

use std::ffi::OsString;
use std::fmt::Display;
use std::str::FromStr;

/// The flags given on the command line, by name (without the leading `--`).
pub struct Flags {
    given: Vec<(String, String)>,
}

impl Flags {
    /// Reads `args` (without the program name), accepting only the flags named in `known`.
    ///
    /// # Errors
    /// A message if an argument is not valid UTF-8, is not a known flag, lacks its value, or
    /// repeats a flag.
    pub fn parse(args: impl IntoIterator<Item = OsString>, known: &[&str]) -> Result<Flags, String> {
        let mut args = args.into_iter();
        let mut given: Vec<(String, String)> = Vec::new();
        while let Some(arg) = args.next() {
            let arg = utf8(arg)?;
            let Some(flag) = arg.strip_prefix("--") else {
                return Err(format!("unexpected argument {arg:?}: every argument is a --flag"));
            };
            let (name, value) = match flag.split_once('=') {
                Some((name, value)) => (name.to_owned(), value.to_owned()),
                None => {
                    let value = args.next().ok_or_else(|| format!("--{flag} needs a value"))?;
                    (flag.to_owned(), utf8(value)?)
                }
            };
            if !known.contains(&name.as_str()) {
                let known: Vec<String> = known.iter().map(|k| format!("--{k}")).collect();
                return Err(format!("unknown flag --{name}: expected one of {}", known.join(", ")));
            }
            if given.iter().any(|(n, _)| *n == name) {
                return Err(format!("--{name} is given twice"));
            }
            given.push((name, value));
        }
        Ok(Flags { given })
    }

    /// The value of flag `name`, read as a `T`, or `None` if the flag is absent.
    ///
    /// # Errors
    /// A message naming the flag and its value if the value does not parse.
    pub fn get<T: FromStr>(&self, name: &str) -> Result<Option<T>, String>
    where
        T::Err: Display,
    {
        let Some((_, value)) = self.given.iter().find(|(n, _)| n == name) else {
            return Ok(None);
        };
        value.parse().map(Some).map_err(|e| format!("invalid --{name} {value:?}: {e}"))
    }
}

fn utf8(arg: OsString) -> Result<String, String> {
    arg.into_string().map_err(|arg| format!("argument {arg:?} is not valid UTF-8"))
}
