//! Between [`GgfGame`] and [`GameRecord`].

use reversi_variants::{Blocked, Board, Game, GameResult, Move, Rules, Scoring};

use super::game::{BoardType, GgfGame, GgsSide};
use super::parts::{GgfEnding, GgfMove, GgfResult};
use super::{EVENT, GgfError, RULES, SCORES, SEED, TAG, rules_text};
use crate::record::{Ending, GameRecord, Metadata, RecordData, RecordResult, ResultData};

impl GgfGame {
    /// The GGF form of a record. The rules, the seed, the event, the tags and (for a game
    /// that stopped early) both scores go in the extension properties `RU`, `SD`, `EV`, `TG`
    /// and `SC`; the blocked cells in `BL`. An [unfinished](Ending::Unfinished) game, which
    /// GGF cannot say, has no `RE` (no result) but has `SC`.
    ///
    /// # Errors
    /// [`GgfError::Unsupported`] for a board GGS does not have (rectangles, 16×16).
    pub fn from_record(record: &GameRecord) -> Result<GgfGame, GgfError> {
        let rules_board = record.rules().board();
        let board = match rules_board {
            Board::Rectangle { width, height } if width == height => GgsSide::new(width).map(BoardType::Square),
            Board::Octagon => Some(BoardType::Octagon),
            _ => None,
        };
        let board = board.ok_or_else(|| GgfError::Unsupported { game: 1, what: format!("the {rules_board} board") })?;
        let game = record.replay();
        // A record's table is its rules' board with its blocked cells, and its moves are on
        // it, so the checks below pass; they stay, as typed errors, for what should not happen.
        let mut g = GgfGame::new(board, *game.start_position())?;
        g.set_moves(game.history().iter().map(|ply| GgfMove::new(ply.color(), ply.played())).collect())?;
        let r = record.result();
        // GGF has no ending for a game stopped without a result: it gets no RE, and SC
        // says that it stopped and at what count.
        let ending = match r.ending() {
            Ending::PlayedOut => Some(GgfEnding::Normal),
            Ending::Resigned => Some(GgfEnding::Resigned),
            Ending::Time => Some(GgfEnding::Timeout),
            Ending::Agreed => Some(GgfEnding::Agreed),
            Ending::Unfinished => None,
        };
        g.set_result(ending.map(|ending| GgfResult::new(r.margin() as f64, ending)).transpose()?);
        g.push_property(RULES, rules_text::write(record.rules()))?;
        if let Some(seed) = record.seed() {
            g.push_property(SEED, seed.to_string())?;
        }
        if ending != Some(GgfEnding::Normal) {
            g.push_property(SCORES, r.to_string())?;
        }
        let meta = record.metadata();
        if let Some(event) = &meta.event {
            g.push_property(EVENT, event.as_str())?;
        }
        for (key, value) in &meta.tags {
            g.push_property(TAG, write_tag(key, value))?;
        }
        g.set_black(meta.black.clone());
        g.set_white(meta.white.clone());
        g.set_date(meta.date.clone());
        g.set_game_type(Some(board.name()));
        Ok(g)
    }

    /// The rules of the game: from `RU` if present, else the standard rules on the `BO` board
    /// with the `BL` cells blocked.
    ///
    /// # Errors
    /// [`GgfError::Value`] for an invalid `RU` or one whose board is not `BO`'s.
    pub fn rules(&self, game: usize) -> Result<Rules, GgfError> {
        let value_error = |property: &str, value: &str, reason: String| GgfError::Value {
            game,
            property: property.to_owned(),
            value: value.to_owned(),
            reason,
        };
        let board = match self.board() {
            BoardType::Square(side) => Board::Rectangle { width: side.get(), height: side.get() },
            BoardType::Octagon => Board::Octagon,
        };
        match self.property(RULES) {
            Some(text) => {
                let rules = rules_text::parse(text).map_err(|reason| value_error(RULES, text, reason))?;
                if rules.board() != board {
                    return Err(value_error(RULES, text, format!("the board is not BO's {}", self.board().name())));
                }
                Ok(rules)
            }
            None => {
                let blocked = self.blocked();
                let mut builder = Rules::builder().board(board);
                if !blocked.is_empty() {
                    builder = builder.blocked(Blocked::Fixed(blocked));
                }
                builder.build().map_err(|e| value_error(super::BLOCKED, &blocked.to_string(), e.to_string()))
            }
        }
    }

    /// Replays the game from its start under [`rules`](GgfGame::rules): the table must match
    /// `BO` and `BL` (and `SD`), each move must be legal and of the side to move. A pass GGF
    /// leaves out (a move of the player who just moved, when the other must pass) is put back.
    /// A game with a result (`RE`, or `SC`) is checked as [`to_record`](GgfGame::to_record)
    /// checks it, so a result the moves contradict is refused here too; a game with neither
    /// replays as it is.
    ///
    /// # Errors
    /// A [`GgfError`] for the first thing that does not fit.
    pub fn replay(&self, game: usize) -> Result<Game, GgfError> {
        match self.to_record(game) {
            Ok(record) => Ok(record.replay()),
            Err(GgfError::NoResult { .. }) => self.replay_with(game, self.rules(game)?),
            Err(e) => Err(e),
        }
    }

    fn replay_with(&self, game: usize, rules: Rules) -> Result<Game, GgfError> {
        let seed = match self.property(SEED) {
            // Decimal digits only: `u64::from_str` would also take a sign.
            Some(text) => Some(
                Some(text)
                    .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                    .and_then(|t| t.parse::<u64>().ok())
                    .ok_or_else(|| GgfError::Value {
                        game,
                        property: SEED.to_owned(),
                        value: text.to_owned(),
                        reason: "expected a decimal 64-bit seed".into(),
                    })?,
            ),
            None => None,
        };
        let record_error = |source| GgfError::Record { game, source };
        let mut table = crate::record::table(&rules, seed, self.blocked(), None).map_err(record_error)?;
        if table.start_position() != self.start() {
            // Another start is a set-up position, which must be one the rules can hold.
            table = crate::record::table(&rules, seed, self.blocked(), Some(self.start())).map_err(record_error)?;
        }
        for (i, m) in self.moves().iter().enumerate() {
            let move_number = i + 1;
            if m.color() != table.side_to_move() {
                if table.must_pass() && m.played() != Move::Pass {
                    table.play(Move::Pass).expect("a forced pass is legal");
                } else {
                    return Err(GgfError::WrongColor { game, move_number, color: m.color() });
                }
            }
            table.play(m.played()).map_err(|source| GgfError::IllegalMove {
                game,
                move_number,
                played: m.played(),
                source,
            })?;
        }
        Ok(table)
    }

    /// The record of the game, checked like every [`GameRecord`].
    ///
    /// Without `RU`, the scoring is found from the result: disc counting if `RE` is the disc
    /// margin, WOF scoring if it is the margin with the empty cells given to the winner. For a
    /// game that stopped early, the scores are `SC` if present, else the split of all the
    /// playable cells with `RE`'s margin (as GGS counts a resignation). A game without a
    /// result (`RE` missing or `?`) but with `SC` is [unfinished](Ending::Unfinished): `SC`
    /// must be the discs on the board after the last move, and the game must not be over.
    ///
    /// # Errors
    /// A [`GgfError`]: see [`replay`](GgfGame::replay); also [`GgfError::NoResult`] without a
    /// result or `SC`, and [`GgfError::Record`] for a result that does not fit the game.
    pub fn to_record(&self, game: usize) -> Result<GameRecord, GgfError> {
        let record_error = |source| GgfError::Record { game, source };
        let (rules, played, record_result) = match self.result() {
            Some(result) => self.ended(game, result)?,
            None => {
                let text = self.property(SCORES).ok_or(GgfError::NoResult { game })?;
                let rules = self.rules(game)?;
                let played = self.replay_with(game, rules.clone())?;
                let (black, white) = self.scores(game, text)?;
                (rules, played, RecordResult::new(black, white, Ending::Unfinished).map_err(record_error)?)
            }
        };
        let mut metadata = Metadata {
            black: self.black().map(str::to_owned),
            white: self.white().map(str::to_owned),
            date: self.date().map(str::to_owned),
            event: self.property(EVENT).map(str::to_owned),
            ..Metadata::default()
        };
        for (name, value) in self.properties() {
            if name == TAG {
                let (key, v) = parse_tag(value).ok_or_else(|| GgfError::Value {
                    game,
                    property: TAG.to_owned(),
                    value: value.clone(),
                    reason: "expected key=value (with `=` and `\\` in the key escaped by `\\`)".into(),
                })?;
                if metadata.tags.insert(key.clone(), v.to_owned()).is_some() {
                    return Err(GgfError::Duplicate { game, property: format!("{TAG} {key}") });
                }
            }
        }
        GameRecord::try_from(RecordData {
            version: crate::FORMAT_VERSION,
            handicap: crate::HandicapDiscs::of(&rules),
            seed: played.seed(),
            blocked: played.blocked(),
            start: played.is_set_up().then(|| *played.start_position()),
            moves: played.moves(),
            rules,
            result: ResultData::from(record_result),
            metadata,
        })
        .map_err(record_error)
    }

    /// The rules, the replay and the result of a game with a result (`RE`).
    fn ended(&self, game: usize, result: GgfResult) -> Result<(Rules, Game, RecordResult), GgfError> {
        let record_error = |source| GgfError::Record { game, source };
        let margin = integer_margin(result.margin()).ok_or_else(|| GgfError::Value {
            game,
            property: "RE".into(),
            value: result.margin().to_string(),
            reason: "the margin must be a whole number".into(),
        })?;
        let mut rules = self.rules(game)?;
        let played = self.replay_with(game, rules.clone())?;
        let ending = match result.ending() {
            GgfEnding::Normal => Ending::PlayedOut,
            GgfEnding::Resigned => Ending::Resigned,
            GgfEnding::Timeout => Ending::Time,
            GgfEnding::Agreed => Ending::Agreed,
        };
        let record_result = if ending == Ending::PlayedOut {
            if !played.is_over() {
                return Err(record_error(crate::RecordError::NotOver { moves: played.history().len() }));
            }
            let under = |scoring| GameResult::of(played.position(), scoring);
            let margin_of = |r: GameResult| i64::from(r.black()) - i64::from(r.white());
            if self.property(RULES).is_none()
                && margin_of(under(Scoring::Discs)) != margin
                && margin_of(under(Scoring::Wof)) == margin
            {
                // A foreign file does not say how it counts: take the scoring its margin shows.
                rules = rules.to_builder().scoring(Scoring::Wof).build().expect("scoring combines with every rule");
            }
            let counted = RecordResult::played_out(under(rules.scoring()));
            // SC is written only for a game stopped early; on a game played out, it must say
            // what the board says, not be ignored.
            if let Some(text) = self.property(SCORES) {
                let (black, white) = self.scores(game, text)?;
                if (black, white) != (counted.black(), counted.white()) {
                    return Err(GgfError::Value {
                        game,
                        property: SCORES.to_owned(),
                        value: text.to_owned(),
                        reason: format!("the game is played out and counts {counted}"),
                    });
                }
            }
            counted
        } else {
            let (black, white) = match self.property(SCORES) {
                Some(text) => self.scores(game, text)?,
                None => split_cells(played.position().geometry().playable().len(), margin).ok_or_else(|| {
                    GgfError::Value {
                        game,
                        property: "RE".into(),
                        value: result.margin().to_string(),
                        reason: "the margin does not split the board's cells".into(),
                    }
                })?,
            };
            if i64::from(black) - i64::from(white) != margin {
                return Err(GgfError::Value {
                    game,
                    property: SCORES.to_owned(),
                    value: format!("{black}-{white}"),
                    reason: format!("the scores do not give RE's margin {margin:+}"),
                });
            }
            RecordResult::new(black, white, ending).map_err(record_error)?
        };
        if ending == Ending::PlayedOut && record_result.margin() != margin {
            return Err(record_error(crate::RecordError::ResultMismatch {
                expected: format!("a margin of {:+}", record_result.margin()),
                found: format!("RE margin {margin:+}"),
            }));
        }
        Ok((rules, played, record_result))
    }

    /// The scores of `SC`, `black-white`.
    fn scores(&self, game: usize, text: &str) -> Result<(u32, u32), GgfError> {
        parse_scores(text).ok_or_else(|| GgfError::Value {
            game,
            property: SCORES.to_owned(),
            value: text.to_owned(),
            reason: "expected black-white scores such as 40-24".into(),
        })
    }
}

/// `TG`'s value: the key, with `\` and `=` escaped by `\` so that it ends at the first `=`
/// not escaped, then `=` and the value as it is.
fn write_tag(key: &str, value: &str) -> String {
    let mut out = String::with_capacity(key.len() + value.len() + 1);
    for c in key.chars() {
        if matches!(c, '\\' | '=') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('=');
    out.push_str(value);
    out
}

/// The key (escapes removed) and the value of `TG`'s value; `None` without a `=` not escaped.
fn parse_tag(text: &str) -> Option<(String, &str)> {
    let mut key = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '=' => return Some((key, &text[i + 1..])),
            '\\' => key.push(chars.next()?.1),
            c => key.push(c),
        }
    }
    None
}

fn integer_margin(margin: f64) -> Option<i64> {
    (margin.fract() == 0.0 && margin.abs() <= 1024.0).then_some(margin as i64)
}

fn parse_scores(text: &str) -> Option<(u32, u32)> {
    let (b, w) = text.trim().split_once('-')?;
    let number = |t: &str| if t.bytes().all(|c| c.is_ascii_digit()) { t.parse().ok() } else { None };
    Some((number(b)?, number(w)?))
}

/// Scores `b`, `w` with `b + w = cells` and `b − w = margin`, if whole and not negative.
fn split_cells(cells: u32, margin: i64) -> Option<(u32, u32)> {
    let cells = i64::from(cells);
    if (cells + margin) % 2 != 0 || margin.abs() > cells {
        return None;
    }
    Some((u32::try_from((cells + margin) / 2).ok()?, u32::try_from((cells - margin) / 2).ok()?))
}
