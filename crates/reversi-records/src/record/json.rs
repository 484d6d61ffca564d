//! The one JSON form of a record (docs/record.schema.json), read and written in one call by
//! every door of the workspace: the Rust API, the tools and the Python module.

use serde::Deserialize;
use serde::de::IgnoredAny;

use reversi_variants::Game;

use super::{GameRecord, RecordData, RecordError};

/// The two fields that tell the forms apart, every other one ignored.
#[derive(Deserialize)]
struct Probe {
    #[serde(default)]
    version: Option<serde_json::Value>,
    #[serde(default)]
    result: Option<IgnoredAny>,
}

/// The JSON reader's message, which may quote a whole field name or value, cut short.
fn json_error(error: &serde_json::Error) -> RecordError {
    RecordError::Json { message: crate::clip(&error.to_string()).into_owned() }
}

impl GameRecord {
    /// Reads a record from its JSON text (the form of docs/record.schema.json, version
    /// [`FORMAT_VERSION`](super::FORMAT_VERSION)), replaying and checking it as
    /// `GameRecord::try_from` does.
    ///
    /// The older unversioned form, a game in progress as `Game`'s serde wrote it (and Python's
    /// `Game.to_json()` before version 1 records), is read too: its rules, seed, blocked cells,
    /// start and moves, with no result; it loads as [`GameRecord::in_progress`] of that game.
    ///
    /// ```
    /// use reversi_records::GameRecord;
    /// use reversi_variants::{Game, Rules};
    ///
    /// let mut game = Game::new(Rules::default(), 0)?;
    /// game.play("f5".parse()?)?;
    /// let text = GameRecord::in_progress(&game)?.to_json();
    /// assert!(text.starts_with(r#"{"version":1,"#));
    /// assert_eq!(GameRecord::from_json(&text)?.replay().position(), game.position());
    /// // The unversioned form of a game in progress.
    /// let old = r#"{"rules": {}, "seed": 0, "blocked": [], "moves": ["f5"]}"#;
    /// assert_eq!(GameRecord::from_json(old)?.moves(), &["f5".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordError::Json`] for text that is not a record (malformed, a field missing,
    /// unknown or of the wrong type, with its line and column); every other [`RecordError`]
    /// for a record that does not replay (see [`GameRecord`]).
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        match serde_json::from_str::<Probe>(text) {
            Ok(Probe { version: None, result: None }) => {
                let game: Game = serde_json::from_str(text).map_err(|e| json_error(&e))?;
                return GameRecord::in_progress(&game);
            }
            // Another version is reported as such, typed, before its fields are read.
            Ok(Probe { version: Some(serde_json::Value::Number(n)), .. }) => {
                if let Some(found) = n.as_u64().and_then(|v| u32::try_from(v).ok())
                    && found != super::FORMAT_VERSION
                {
                    return Err(RecordError::UnknownVersion { found });
                }
            }
            _ => {}
        }
        let data: RecordData = serde_json::from_str(text).map_err(|e| json_error(&e))?;
        GameRecord::try_from(data)
    }

    /// The record as one line of JSON, the form [`from_json`](GameRecord::from_json) reads.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record's fields all serialize")
    }

    /// The record as indented JSON, one field a line, as the tools save it.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record's fields all serialize")
    }
}
