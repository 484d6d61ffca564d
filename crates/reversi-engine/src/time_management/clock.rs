//! Playing to a clock: a fixed time a move, or a time for the whole game with an increment
//! added after each move (Fischer).
//!
//! [`Clock::budget`] is the time a move may take, spent as tournament programs spend it: the
//! time left shared among the side's moves still to come (half the empty cells), more in the
//! midgame than in the opening, most of each increment, and never more than the time left
//! minus a safety margin (100 ms and 2 % of the time left, or half of what is left when that is
//! less). A clocked [`EnginePlayer`](crate::player::EnginePlayer) deepens its search until the
//! budget is spent and solves the endgame exactly only if the solve fits (see
//! [`EnginePlayer::with_clock`](crate::player::EnginePlayer::with_clock)).
//!
//! Durations are checked once, when a control is built: up to [`TimeControl::MAX`] (a year),
//! and the sums of a game saturate there, so no arithmetic on a clock can overflow.
//!
//! ```
//! use std::time::Duration;
//! use reversi_core::Position;
//! use reversi_engine::clock::{Clock, TimeControl};
//!
//! // 60 s a game and 1 s a move.
//! let mut clock = Clock::new(TimeControl::fischer(Duration::from_secs(60), Duration::from_secs(1))?);
//! let budget = clock.budget(&Position::default());
//! assert!(budget > Duration::from_secs(1) && budget < Duration::from_secs(5), "{budget:?}");
//! // After a move of 3 s: 58 s left.
//! clock.spend(Duration::from_secs(3))?;
//! assert_eq!(clock.remaining(), Duration::from_secs(58));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use reversi_core::Position;

/// How much time a side has: per move, or per game with an increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    PerMove(Duration),
    Fischer { initial: Duration, increment: Duration },
}

/// A duration a clock does not take, or a move that took longer than the time left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClockError {
    /// A duration longer than [`TimeControl::MAX`].
    #[error("time control: {what} of {given:?} is longer than a year")]
    TooLong {
        /// Which duration.
        what: &'static str,
        /// The duration given.
        given: Duration,
    },
    /// A time a move cannot have: zero.
    #[error("time control: {what} must be more than zero")]
    Zero {
        /// Which duration.
        what: &'static str,
    },
    /// The move took longer than the time left: the game is lost on time.
    #[error("out of time: the move took {overrun:?} more than the time left")]
    OutOfTime {
        /// How much longer.
        overrun: Duration,
    },
}

impl TimeControl {
    /// The longest duration a control takes: a year.
    pub const MAX: Duration = Duration::from_secs(366 * 24 * 60 * 60);

    /// At most `time` for each move.
    ///
    /// # Errors
    /// [`ClockError::Zero`] for no time, [`ClockError::TooLong`] past [`TimeControl::MAX`].
    pub fn per_move(time: Duration) -> Result<TimeControl, ClockError> {
        Ok(TimeControl { kind: Kind::PerMove(check("the time a move", time, false)?) })
    }

    /// `initial` for the whole game, plus `increment` after each move (Fischer; zero for
    /// none).
    ///
    /// # Errors
    /// [`ClockError::Zero`] for no initial time, [`ClockError::TooLong`] for either duration
    /// past [`TimeControl::MAX`].
    pub fn fischer(initial: Duration, increment: Duration) -> Result<TimeControl, ClockError> {
        Ok(TimeControl {
            kind: Kind::Fischer {
                initial: check("the initial time", initial, false)?,
                increment: check("the increment", increment, true)?,
            },
        })
    }

    /// The time of a game (none for a time per move).
    #[must_use]
    pub const fn initial(&self) -> Option<Duration> {
        match self.kind {
            Kind::PerMove(_) => None,
            Kind::Fischer { initial, .. } => Some(initial),
        }
    }

    /// The time added after each move; for a time per move, that time.
    #[must_use]
    pub const fn increment(&self) -> Duration {
        match self.kind {
            Kind::PerMove(time) => time,
            Kind::Fischer { increment, .. } => increment,
        }
    }
}

/// A time control that does not read ([`TimeControl::from_str`](std::str::FromStr)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TimeControlParseError {
    /// A part that is not a duration.
    #[error(
        "time control {text:?}: {what} {part:?} is not a duration (a number of h, m, s or ms, such as 5m, 1m30s, 1.5s or 500ms; a bare number is seconds)"
    )]
    Duration {
        /// The control as given (its first 40 characters).
        text: String,
        /// Which duration.
        what: &'static str,
        /// The part that does not read (its first 40 characters).
        part: String,
    },
    /// Durations that read but that a clock does not take: zero, or longer than a year.
    #[error("time control {text:?}: {source}")]
    Clock {
        /// The control as given (its first 40 characters).
        text: String,
        /// Why.
        source: ClockError,
    },
}

/// The most characters of a control that its error quotes.
const QUOTED: usize = 40;

fn quoted(text: &str) -> String {
    text.chars().take(QUOTED).collect()
}

/// A duration such as `5m`, `1m30s`, `1.5s`, `500ms`, `2h` or `90` (seconds).
fn duration(part: &str, what: &'static str, text: &str) -> Result<Duration, TimeControlParseError> {
    let bad = || TimeControlParseError::Duration { text: quoted(text), what, part: quoted(part) };
    let part = part.trim();
    if part.is_empty() {
        return Err(bad());
    }
    if let Ok(seconds) = part.parse::<f64>() {
        return seconds_of(seconds, what, text).ok_or_else(bad)?;
    }
    let mut total = 0.0;
    let mut rest = part;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).ok_or_else(bad)?;
        let number: f64 = rest[..digits].parse().map_err(|_| bad())?;
        let after = &rest[digits..];
        let (unit, len) = if after.starts_with("ms") {
            (0.001, 2)
        } else {
            match after.chars().next() {
                Some('h') => (3600.0, 1),
                Some('m') => (60.0, 1),
                Some('s') => (1.0, 1),
                _ => return Err(bad()),
            }
        };
        total += number * unit;
        rest = &after[len..];
    }
    seconds_of(total, what, text).ok_or_else(bad)?
}

/// `seconds` as a duration a clock takes; `None` for a number that is no duration (negative,
/// not finite).
fn seconds_of(seconds: f64, what: &'static str, text: &str) -> Option<Result<Duration, TimeControlParseError>> {
    if !seconds.is_finite() || seconds < 0.0 {
        return None;
    }
    // Past a year the exact value does not matter: the clock refuses it by its size.
    let time = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
    Some(check(what, time, true).map_err(|source| TimeControlParseError::Clock { text: quoted(text), source }))
}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlParseError;

    /// Reads `BASE+INCREMENT` (a game of BASE, INCREMENT added after each move: `5m+2s`),
    /// `BASE` (no increment: `60s`) or `TIME/move` (at most TIME for each move: `2s/move`).
    /// Durations are numbers of `h`, `m`, `s` or `ms`, run together (`1m30s`), fractions
    /// allowed (`1.5s`); a bare number is seconds.
    ///
    /// ```
    /// use std::time::Duration;
    /// use reversi_engine::clock::TimeControl;
    ///
    /// let control: TimeControl = "5m+2s".parse()?;
    /// assert_eq!(control.initial(), Some(Duration::from_secs(300)));
    /// assert_eq!(control.increment(), Duration::from_secs(2));
    /// assert_eq!(control.to_string(), "5m+2s");
    /// assert!("2s/move".parse::<TimeControl>()?.initial().is_none());
    /// assert!("100000000h".parse::<TimeControl>().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<TimeControl, TimeControlParseError> {
        let clock = |source| TimeControlParseError::Clock { text: quoted(text), source };
        let trimmed = text.trim();
        if let Some(time) = trimmed.strip_suffix("/move") {
            return TimeControl::per_move(duration(time, "the time a move", text)?).map_err(clock);
        }
        let (base, increment) = match trimmed.split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (trimmed, None),
        };
        let initial = duration(base, "the initial time", text)?;
        let increment = match increment {
            Some(increment) => duration(increment, "the increment", text)?,
            None => Duration::ZERO,
        };
        TimeControl::fischer(initial, increment).map_err(clock)
    }
}

impl std::fmt::Display for TimeControl {
    /// The form [`FromStr`](std::str::FromStr) reads: `5m+2s`, `60s`, `2s/move`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            Kind::PerMove(time) => write!(f, "{}/move", Short(time)),
            Kind::Fischer { initial, increment } if increment.is_zero() => write!(f, "{}", Short(initial)),
            Kind::Fischer { initial, increment } => write!(f, "{}+{}", Short(initial), Short(increment)),
        }
    }
}

/// A duration as a control writes it: whole minutes in `m`, the rest in seconds.
struct Short(Duration);

impl std::fmt::Display for Short {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = self.0;
        if d.subsec_nanos() == 0 && d.as_secs().is_multiple_of(60) && !d.is_zero() {
            write!(f, "{}m", d.as_secs() / 60)
        } else {
            write!(f, "{}s", d.as_secs_f64())
        }
    }
}

fn check(what: &'static str, time: Duration, zero_ok: bool) -> Result<Duration, ClockError> {
    if time > TimeControl::MAX {
        return Err(ClockError::TooLong { what, given: time });
    }
    if time.is_zero() && !zero_ok {
        return Err(ClockError::Zero { what });
    }
    Ok(time)
}

/// One side's clock: its control and the time it has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    control: TimeControl,
    remaining: Duration,
}

/// The fixed part of the safety margin: what a move's end costs past its deadline (the
/// search checks the clock every thousand nodes, then returns) and the scheduler's delays.
/// 100 ms: on a loaded machine (a test run beside builds and matches, load 6 on two cores) 5 s
/// games of 10×10 ended with as little as 9 ms left and a 2 s game of 8×8 was lost with 50.
const SAFETY: Duration = Duration::from_millis(100);

/// The share of the time left also kept back, in fiftieths.
const SAFETY_FIFTIETHS: u32 = 1;

/// The moves kept in hand beyond the moves left, so the last ones still get time.
const MOVES_IN_HAND: u32 = 2;

impl Clock {
    /// A clock at the start of a game under `control`.
    #[must_use]
    pub const fn new(control: TimeControl) -> Clock {
        let remaining = match control.kind {
            Kind::PerMove(time) => time,
            Kind::Fischer { initial, .. } => initial,
        };
        Clock { control, remaining }
    }

    /// The control.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The time left: for the game, or for the move under a time per move.
    #[must_use]
    pub const fn remaining(&self) -> Duration {
        self.remaining
    }

    /// Sets the time left, as a server that keeps the clocks says it is.
    ///
    /// # Errors
    /// [`ClockError::TooLong`] past [`TimeControl::MAX`]; the clock is then unchanged.
    pub fn set_remaining(&mut self, remaining: Duration) -> Result<(), ClockError> {
        self.remaining = check("the time left", remaining, true)?;
        Ok(())
    }

    /// The safety margin kept back from `remaining`.
    fn safety(remaining: Duration) -> Duration {
        (SAFETY + remaining / 50 * SAFETY_FIFTIETHS).min(remaining / 2)
    }

    /// The most a move may take now: the time left minus the safety margin.
    #[must_use]
    pub fn hard_limit(&self) -> Duration {
        self.remaining - Clock::safety(self.remaining)
    }

    /// The time to spend on a move in `position` (for its side to move), at most
    /// [`hard_limit`](Clock::hard_limit).
    #[must_use]
    pub fn budget(&self, position: &Position) -> Duration {
        let limit = self.hard_limit();
        let Kind::Fischer { increment, .. } = self.control.kind else { return limit };
        let empties = position.empty_cells().len();
        let cells = position.geometry().playable().len().max(1);
        let own_moves_left = empties.div_ceil(2).max(1) + MOVES_IN_HAND;
        let share = self.remaining / own_moves_left;
        // By phase, in quarters: the opening's moves are simpler, the midgame's decide.
        let quarters = match 100 * empties / cells {
            75.. => 3,
            30..75 => 5,
            _ => 4,
        };
        let budget = share / 4 * quarters + increment / 4 * 3;
        budget.min(limit)
    }

    /// Counts a move that took `elapsed`: takes it from the time left and adds the
    /// increment; under a time per move, the next move has its full time again.
    ///
    /// # Errors
    /// [`ClockError::OutOfTime`] if the move took longer than the time left; the time left is
    /// then zero (and the increment is not added).
    pub fn spend(&mut self, elapsed: Duration) -> Result<(), ClockError> {
        let Some(left) = self.remaining.checked_sub(elapsed) else {
            let overrun = elapsed - self.remaining;
            self.remaining = Duration::ZERO;
            return Err(ClockError::OutOfTime { overrun });
        };
        self.remaining = match self.control.kind {
            Kind::PerMove(time) => time,
            Kind::Fischer { increment, .. } => left.saturating_add(increment).min(TimeControl::MAX),
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn huge_and_zero_durations_are_refused() {
        assert!(matches!(TimeControl::per_move(Duration::MAX), Err(ClockError::TooLong { .. })));
        assert!(matches!(TimeControl::fischer(S, Duration::MAX), Err(ClockError::TooLong { .. })));
        assert!(matches!(TimeControl::fischer(Duration::ZERO, S), Err(ClockError::Zero { .. })));
        assert!(matches!(TimeControl::per_move(Duration::ZERO), Err(ClockError::Zero { .. })));
        let mut clock = Clock::new(TimeControl::fischer(TimeControl::MAX, TimeControl::MAX).unwrap());
        assert!(clock.set_remaining(Duration::from_secs(u64::MAX / 2)).is_err());
        assert_eq!(clock.remaining(), TimeControl::MAX);
        // Increments saturate at the maximum.
        clock.spend(Duration::ZERO).unwrap();
        assert_eq!(clock.remaining(), TimeControl::MAX);
        assert!(clock.budget(&Position::default()) <= clock.hard_limit());
    }

    #[test]
    fn the_budget_shares_the_time_left_and_keeps_a_margin() {
        let clock = Clock::new(TimeControl::fischer(60 * S, Duration::ZERO).unwrap());
        let start = Position::default();
        let budget = clock.budget(&start);
        // 60 empties: 32 moves to plan, a lighter opening.
        assert!(budget > S && budget < 2 * S, "{budget:?}");
        let mut midgame = start;
        for name in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7", "c6", "c5", "b5", "b4"] {
            midgame.play(name.parse().unwrap()).unwrap();
        }
        assert!(clock.budget(&midgame) > budget, "the midgame gets more");
        // Little time left: never past the margin.
        let mut short = clock;
        short.set_remaining(Duration::from_millis(60)).unwrap();
        assert_eq!(short.hard_limit(), Duration::from_millis(30));
        assert!(short.budget(&start) <= Duration::from_millis(30));
        short.set_remaining(Duration::ZERO).unwrap();
        assert_eq!(short.budget(&start), Duration::ZERO);
    }

    #[test]
    fn controls_read_and_bad_ones_say_why() {
        for (text, initial, increment) in [
            ("5m+2s", Some(300 * S), 2 * S),
            ("60s", Some(60 * S), Duration::ZERO),
            ("1m30s+0.5s", Some(90 * S), S / 2),
        ] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!((control.initial(), control.increment()), (initial, increment), "{text}");
            assert_eq!(control.to_string().parse::<TimeControl>().unwrap(), control, "{text}");
        }
        assert_eq!("2s/move".parse::<TimeControl>().unwrap(), TimeControl::per_move(2 * S).unwrap());
        assert_eq!("500ms+0".parse::<TimeControl>().unwrap().initial(), Some(S / 2));
        for bad in ["", "+", "5x", "5m+", "-1s", "1e400", "abc+2s", "5m+2s+1s", "NaNs", "0", "0+1s", "/move"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
        let huge = "100000000h+0".parse::<TimeControl>().unwrap_err();
        assert!(matches!(huge, TimeControlParseError::Clock { source: ClockError::TooLong { .. }, .. }), "{huge}");
        assert!(huge.to_string().contains("longer than a year"), "{huge}");
        let long = "x".repeat(10_000).parse::<TimeControl>().unwrap_err().to_string();
        assert!(long.len() < 300, "{long}");
    }

    #[test]
    fn spending_takes_the_time_and_adds_the_increment() {
        let mut clock = Clock::new(TimeControl::fischer(10 * S, 2 * S).unwrap());
        clock.spend(3 * S).unwrap();
        assert_eq!(clock.remaining(), 9 * S);
        assert_eq!(clock.spend(10 * S), Err(ClockError::OutOfTime { overrun: S }));
        assert_eq!(clock.remaining(), Duration::ZERO);
        let mut per_move = Clock::new(TimeControl::per_move(2 * S).unwrap());
        assert!(per_move.budget(&Position::default()) < 2 * S);
        per_move.spend(S).unwrap();
        assert_eq!(per_move.remaining(), 2 * S);
    }
}
