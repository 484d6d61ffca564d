//! The `.wtb` game file: its header and game records, read and written byte for byte.

use core::fmt;

use reversi_core::Square;

use super::{GAME_LEN, HEADER_LEN, MOVE_BYTES};

/// Why WTHOR bytes cannot be read, or a game cannot be written. Games and moves are counted
/// from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WthorError {
    /// The file is shorter than its header says.
    #[error("truncated WTHOR file: {found} bytes, but the header calls for {expected}")]
    Truncated {
        /// The length the header calls for.
        expected: usize,
        /// The actual length.
        found: usize,
    },
    /// The file is longer than its header says.
    #[error("WTHOR file has {found} bytes, but the header calls for {expected}")]
    TrailingBytes {
        /// The length the header calls for.
        expected: usize,
        /// The actual length.
        found: usize,
    },
    /// The header's year within the century (byte 1) is 100 or more, which no date has and
    /// which could not be written back as it was read.
    #[error("invalid WTHOR creation year {byte} within the century (header byte 1): must be below 100")]
    CreationYear {
        /// The byte.
        byte: u8,
    },
    /// A creation date that is not a calendar date (a month outside 1 to 12, a day its month
    /// does not have) or whose year the header cannot hold (past [`WthorDate::MAX_YEAR`]).
    #[error("invalid WTHOR creation date (year {year}, month {month}, day {day}): the {field} is out of range")]
    Date {
        /// The field at fault.
        field: DateField,
        /// The year given.
        year: u16,
        /// The month given.
        month: u8,
        /// The day given.
        day: u8,
    },
    /// The header's board size (byte 12) is not 8×8 (`0` or `8`).
    #[error("unsupported WTHOR board size {size} (header byte 12): only 8x8 games are read")]
    BoardSize {
        /// The byte.
        size: u8,
    },
    /// A move byte is not `10 × row + column` with both from 1 to 8.
    #[error("game {game}, move {move_number}: invalid move byte {byte}")]
    MoveByte {
        /// The game, from 1.
        game: usize,
        /// The move byte, from 1.
        move_number: usize,
        /// The byte.
        byte: u8,
    },
    /// A move byte follows the `0` that ends the moves.
    #[error("game {game}, move {move_number}: move byte {byte} after the end of the moves")]
    MoveAfterEnd {
        /// The game, from 1.
        game: usize,
        /// The move byte, from 1.
        move_number: usize,
        /// The byte.
        byte: u8,
    },
    /// A score byte above 64, the cells of the board: read from game `game` (from 1), or
    /// given to [`WthorGame::new`] (game 1).
    #[error("game {game}: {field} {byte} is above 64")]
    Score {
        /// The game, from 1.
        game: usize,
        /// Which score.
        field: ScoreField,
        /// The byte.
        byte: u8,
    },
    /// A game to write has more than 60 moves.
    #[error("a WTHOR game holds at most 60 moves, not {count}")]
    TooManyMoves {
        /// The number of moves given.
        count: usize,
    },
    /// A move to write lies outside 8×8.
    #[error("move {move_number}: {square} is not on the 8x8 board")]
    OffBoard {
        /// The move, from 1.
        move_number: usize,
        /// The square.
        square: Square,
    },
    /// More games than the header's 32-bit count can hold.
    #[error("too many games for one WTHOR file: {count}")]
    TooManyGames {
        /// The number of games.
        count: usize,
    },
    /// A name to write does not fit its fixed-size field.
    #[error("name {index} ({name:?}) does not fit in {len} Latin-1 bytes")]
    Name {
        /// The record, from 0 (its number in the game records).
        index: usize,
        /// The name.
        name: String,
        /// The field's length.
        len: usize,
    },
}

/// A field of a [`WthorDate`], named by [`WthorError::Date`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DateField {
    /// The year (header bytes 0 and 1: the century and the year within it).
    Year,
    /// The month (header byte 2).
    Month,
    /// The day of the month (header byte 3).
    Day,
}

impl fmt::Display for DateField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DateField::Year => "year",
            DateField::Month => "month",
            DateField::Day => "day",
        })
    }
}

/// A score of a [`WthorGame`], named by [`WthorError::Score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ScoreField {
    /// Black's recorded score (byte 6 of a game record).
    Black,
    /// Black's theoretical score (byte 7).
    Theoretical,
}

impl fmt::Display for ScoreField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScoreField::Black => "Black's score",
            ScoreField::Theoretical => "theoretical score",
        })
    }
}

/// The creation date of a WTHOR file, as its header stores it: a date of the (proleptic)
/// Gregorian calendar whose year the header's century and year bytes hold, 0 to
/// [`MAX_YEAR`](WthorDate::MAX_YEAR). Ordered by time.
///
/// ```
/// use reversi_records::wthor::{DateField, WthorDate, WthorError};
/// let date = WthorDate::new(2024, 2, 29)?;
/// assert_eq!((date.year(), date.month(), date.day()), (2024, 2, 29));
/// let err = WthorDate::new(2025, 2, 29).unwrap_err();
/// assert!(matches!(err, WthorError::Date { field: DateField::Day, .. }), "{err}");
/// # Ok::<(), WthorError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WthorDate {
    // In this order, so that the derived order is the order of time.
    year: u16,
    month: u8,
    day: u8,
}

impl WthorDate {
    /// The last year a header can hold: century byte 255, year byte 99.
    pub const MAX_YEAR: u16 = 25_599;

    /// The date `year`-`month`-`day`.
    ///
    /// # Errors
    /// [`WthorError::Date`], naming the field, for a year past [`MAX_YEAR`](WthorDate::MAX_YEAR),
    /// a month outside 1 to 12, or a day outside 1 to the month's length (29 February only
    /// in a leap year).
    pub const fn new(year: u16, month: u8, day: u8) -> Result<WthorDate, WthorError> {
        let field = if year > WthorDate::MAX_YEAR {
            DateField::Year
        } else if month < 1 || month > 12 {
            DateField::Month
        } else if day < 1 || day > days_in_month(year, month) {
            DateField::Day
        } else {
            return Ok(WthorDate { year, month, day });
        };
        Err(WthorError::Date { field, year, month, day })
    }

    /// The year, such as 2018.
    #[must_use]
    pub const fn year(&self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    #[must_use]
    pub const fn month(&self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    #[must_use]
    pub const fn day(&self) -> u8 {
        self.day
    }
}

/// The length of `month` (1 to 12) in `year`.
const fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The 16-byte header of every WTHOR file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WthorHeader {
    created: WthorDate,
    games: u32,
    records: u16,
    game_year: u16,
    board_size: u8,
    game_type: u8,
    depth: u8,
    reserved: u8,
}

impl WthorHeader {
    /// The header of a new 8×8 game file of `game_year`, made on `created`; the game count is
    /// set when the file is written. The theoretical-score depth is 0 (not computed).
    #[must_use]
    pub fn new(created: WthorDate, game_year: u16) -> WthorHeader {
        WthorHeader { created, games: 0, records: 0, game_year, board_size: 8, game_type: 0, depth: 0, reserved: 0 }
    }

    /// Reads the first 16 bytes.
    ///
    /// # Errors
    /// [`WthorError::Truncated`] if there are fewer than 16,
    /// [`WthorError::CreationYear`] if the year within the century is 100 or more, and
    /// [`WthorError::Date`] if the creation date is not a calendar date.
    pub fn parse(bytes: &[u8]) -> Result<WthorHeader, WthorError> {
        let Some(b) = bytes.get(..HEADER_LEN) else {
            return Err(WthorError::Truncated { expected: HEADER_LEN, found: bytes.len() });
        };
        if b[1] >= 100 {
            return Err(WthorError::CreationYear { byte: b[1] });
        }
        Ok(WthorHeader {
            created: WthorDate::new(u16::from(b[0]) * 100 + u16::from(b[1]), b[2], b[3])?,
            games: u32::from_le_bytes([b[4], b[5], b[6], b[7]]),
            records: u16::from_le_bytes([b[8], b[9]]),
            game_year: u16::from_le_bytes([b[10], b[11]]),
            board_size: b[12],
            game_type: b[13],
            depth: b[14],
            reserved: b[15],
        })
    }

    /// The 16 bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; HEADER_LEN] {
        let mut b = [0; HEADER_LEN];
        b[0] = u8::try_from(self.created.year / 100).expect("WthorDate::new keeps the year within 25599");
        b[1] = (self.created.year % 100) as u8;
        b[2] = self.created.month;
        b[3] = self.created.day;
        b[4..8].copy_from_slice(&self.games.to_le_bytes());
        b[8..10].copy_from_slice(&self.records.to_le_bytes());
        b[10..12].copy_from_slice(&self.game_year.to_le_bytes());
        b[12] = self.board_size;
        b[13] = self.game_type;
        b[14] = self.depth;
        b[15] = self.reserved;
        b
    }

    /// When the file was made.
    #[must_use]
    pub const fn created(&self) -> WthorDate {
        self.created
    }

    /// The number of game records (game files).
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.games
    }

    /// The number of name records (player and tournament files).
    #[must_use]
    pub const fn records(&self) -> u16 {
        self.records
    }

    /// The year the games were played.
    #[must_use]
    pub const fn game_year(&self) -> u16 {
        self.game_year
    }

    /// The board size byte: `0` or `8` for 8×8.
    #[must_use]
    pub const fn board_size(&self) -> u8 {
        self.board_size
    }

    /// The game type byte (`1` for solitaires).
    #[must_use]
    pub const fn game_type(&self) -> u8 {
        self.game_type
    }

    /// The depth from which the theoretical scores were computed.
    #[must_use]
    pub const fn depth(&self) -> u8 {
        self.depth
    }

    /// The same header counting `games` game records.
    #[must_use]
    pub const fn with_games(self, games: u32) -> WthorHeader {
        WthorHeader { games, ..self }
    }

    /// The same header counting `records` name records.
    #[must_use]
    pub const fn with_records(self, records: u16) -> WthorHeader {
        WthorHeader { records, ..self }
    }
}

/// One game record of a `.wtb` file. The moves are as stored: passes are implicit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WthorGame {
    tournament: u16,
    black_player: u16,
    white_player: u16,
    black_score: u8,
    theoretical_score: u8,
    moves: Vec<Square>,
}

impl WthorGame {
    /// A game record. `black_score` is Black's recorded score (discs, empty cells to the
    /// winner); `moves` are the placed discs in order, passes left out.
    ///
    /// # Errors
    /// [`WthorError::TooManyMoves`] past 60 moves, [`WthorError::OffBoard`] for a square
    /// outside 8×8, and [`WthorError::Score`] for a score above 64.
    pub fn new(
        tournament: u16,
        black_player: u16,
        white_player: u16,
        black_score: u8,
        theoretical_score: u8,
        moves: &[Square],
    ) -> Result<WthorGame, WthorError> {
        if moves.len() > MOVE_BYTES {
            return Err(WthorError::TooManyMoves { count: moves.len() });
        }
        if let Some((i, &square)) = moves.iter().enumerate().find(|(_, sq)| sq.column() >= 8 || sq.row() >= 8) {
            return Err(WthorError::OffBoard { move_number: i + 1, square });
        }
        check_scores(black_score, theoretical_score, 1)?;
        Ok(WthorGame { tournament, black_player, white_player, black_score, theoretical_score, moves: moves.to_vec() })
    }

    /// Reads one 68-byte record; `game` (from 1) only names it in errors.
    fn parse(record: &[u8; GAME_LEN], game: usize) -> Result<WthorGame, WthorError> {
        let u16_at = |i: usize| u16::from_le_bytes([record[i], record[i + 1]]);
        check_scores(record[6], record[7], game)?;
        let mut moves = Vec::with_capacity(MOVE_BYTES);
        let mut ended = false;
        for (i, &byte) in record[8..].iter().enumerate() {
            let move_number = i + 1;
            if byte == 0 {
                ended = true;
            } else if ended {
                return Err(WthorError::MoveAfterEnd { game, move_number, byte });
            } else {
                let (row, column) = (byte / 10, byte % 10);
                if !(1..=8).contains(&row) || !(1..=8).contains(&column) {
                    return Err(WthorError::MoveByte { game, move_number, byte });
                }
                moves.push(Square::new(column - 1, row - 1).expect("row and column are 0 to 7"));
            }
        }
        Ok(WthorGame {
            tournament: u16_at(0),
            black_player: u16_at(2),
            white_player: u16_at(4),
            black_score: record[6],
            theoretical_score: record[7],
            moves,
        })
    }

    /// The 68 bytes of the record.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; GAME_LEN] {
        let mut b = [0; GAME_LEN];
        b[0..2].copy_from_slice(&self.tournament.to_le_bytes());
        b[2..4].copy_from_slice(&self.black_player.to_le_bytes());
        b[4..6].copy_from_slice(&self.white_player.to_le_bytes());
        b[6] = self.black_score;
        b[7] = self.theoretical_score;
        for (slot, sq) in b[8..].iter_mut().zip(&self.moves) {
            *slot = 10 * (sq.row() + 1) + sq.column() + 1;
        }
        b
    }

    /// The tournament's number in the `.TRN` file.
    #[must_use]
    pub const fn tournament(&self) -> u16 {
        self.tournament
    }

    /// Black's number in the `.JOU` file.
    #[must_use]
    pub const fn black_player(&self) -> u16 {
        self.black_player
    }

    /// White's number in the `.JOU` file.
    #[must_use]
    pub const fn white_player(&self) -> u16 {
        self.white_player
    }

    /// Black's recorded score: discs, with the empty cells given to the winner.
    #[must_use]
    pub const fn black_score(&self) -> u8 {
        self.black_score
    }

    /// Black's theoretical score (perfect play from the header's depth).
    #[must_use]
    pub const fn theoretical_score(&self) -> u8 {
        self.theoretical_score
    }

    /// The placed discs in order, passes left out.
    #[must_use]
    pub fn moves(&self) -> &[Square] {
        &self.moves
    }
}

/// Refuses a score above 64: no 8×8 game scores more, and a reader computing White's score
/// as `64 - score` must not underflow.
fn check_scores(black: u8, theoretical: u8, game: usize) -> Result<(), WthorError> {
    for (field, byte) in [(ScoreField::Black, black), (ScoreField::Theoretical, theoretical)] {
        if byte > 64 {
            return Err(WthorError::Score { game, field, byte });
        }
    }
    Ok(())
}

/// A whole `.wtb` file: its header and its games.
///
/// ```
/// use reversi_records::wthor::{WthorDate, WthorFile, WthorGame, WthorHeader};
/// let f5 = "f5".parse()?;
/// let game = WthorGame::new(1, 2, 3, 40, 40, &[f5])?;
/// let file = WthorFile::new(WthorHeader::new(WthorDate::new(2025, 1, 2)?, 2025), vec![game]);
/// let bytes = file.to_bytes()?;
/// assert_eq!(bytes.len(), 16 + 68);
/// assert_eq!(bytes[16 + 8], 56); // f5: row 5, column 6
/// assert_eq!(WthorFile::parse(&bytes)?, file);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WthorFile {
    header: WthorHeader,
    games: Vec<WthorGame>,
}

impl WthorFile {
    /// A file of these games; the header's game count is set to match.
    #[must_use]
    pub fn new(header: WthorHeader, games: Vec<WthorGame>) -> WthorFile {
        let count = u32::try_from(games.len()).unwrap_or(u32::MAX);
        WthorFile { header: header.with_games(count), games }
    }

    /// Reads a whole `.wtb` file.
    ///
    /// # Errors
    /// A [`WthorError`] if the header is short or not 8×8, the length does not match the
    /// game count, a move byte is not a square, or a score is above 64.
    pub fn parse(bytes: &[u8]) -> Result<WthorFile, WthorError> {
        let header = WthorHeader::parse(bytes)?;
        if !matches!(header.board_size, 0 | 8) {
            return Err(WthorError::BoardSize { size: header.board_size });
        }
        let expected = usize::try_from(header.games)
            .ok()
            .and_then(|n| n.checked_mul(GAME_LEN))
            .and_then(|n| n.checked_add(HEADER_LEN))
            .unwrap_or(usize::MAX);
        if bytes.len() < expected {
            return Err(WthorError::Truncated { expected, found: bytes.len() });
        }
        if bytes.len() > expected {
            return Err(WthorError::TrailingBytes { expected, found: bytes.len() });
        }
        let games = bytes[HEADER_LEN..]
            .chunks_exact(GAME_LEN)
            .enumerate()
            .map(|(i, record)| WthorGame::parse(record.try_into().expect("chunks of GAME_LEN"), i + 1))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(WthorFile { header, games })
    }

    /// The bytes of the file.
    ///
    /// # Errors
    /// [`WthorError::TooManyGames`] past `u32::MAX` games.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WthorError> {
        let count =
            u32::try_from(self.games.len()).map_err(|_| WthorError::TooManyGames { count: self.games.len() })?;
        let mut out = Vec::with_capacity(HEADER_LEN + GAME_LEN * self.games.len());
        out.extend_from_slice(&self.header.with_games(count).to_bytes());
        for game in &self.games {
            out.extend_from_slice(&game.to_bytes());
        }
        Ok(out)
    }

    /// The header.
    #[must_use]
    pub const fn header(&self) -> &WthorHeader {
        &self.header
    }

    /// The games, in file order.
    #[must_use]
    pub fn games(&self) -> &[WthorGame] {
        &self.games
    }
}
