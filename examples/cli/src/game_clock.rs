//! `--time <CONTROL>` of the tools that play games (`play`, `duel`, `match`): a time control
//! such as `5m+2s` ([`TimeControl`]'s form), the engine players on that clock, and a referee's
//! clocks ([`GameClocks`]) that time every move and report the late ones.

use std::time::Duration;

use reversi_core::Color;
use reversi_engine::clock::{Clock, TimeControl};

/// The parser of `--time <CONTROL>`: `5m+2s` (a game of 5 minutes, 2 s added after each
/// move), `60s` (no increment) or `2s/move`; at most a year.
///
/// # Errors
/// The control's own error ([`TimeControl`]'s `FromStr`), which clap prints with the flag.
pub fn time_control(text: &str) -> Result<TimeControl, String> {
    text.parse::<TimeControl>().map_err(|e| e.to_string())
}

/// Both sides' clocks as a referee keeps them: every move's time taken from its side's clock,
/// the increment added; a move that takes longer than its side has left is late (the game goes
/// on, its side's clock at zero plus the increment, and the move is counted).
#[derive(Clone, Debug)]
pub struct GameClocks {
    clocks: [Clock; 2],
    late: [u32; 2],
    /// The least time a side had left as one of its moves ended (before the increment), and
    /// by how much a late move was late at worst.
    least: [Option<Duration>; 2],
    worst_overrun: [Option<Duration>; 2],
}

fn side(color: Color) -> usize {
    usize::from(color == Color::White)
}

impl GameClocks {
    /// Both clocks at the start of a game under `control`.
    #[must_use]
    pub fn new(control: TimeControl) -> GameClocks {
        GameClocks { clocks: [Clock::new(control); 2], late: [0; 2], least: [None; 2], worst_overrun: [None; 2] }
    }

    /// The time `color` has left.
    #[must_use]
    pub fn remaining(&self, color: Color) -> Duration {
        self.clocks[side(color)].remaining()
    }

    /// Counts a move of `color` that took `elapsed`: how late it was, if it was.
    pub fn record(&mut self, color: Color, elapsed: Duration) -> Option<Duration> {
        let i = side(color);
        let before = self.clocks[i].remaining();
        // Out of time, the clock is at zero: the increment is added below instead.
        let _ = self.clocks[i].spend(elapsed);
        match before.checked_sub(elapsed) {
            Some(left) => {
                self.least[i] = Some(self.least[i].map_or(left, |least| least.min(left)));
                None
            }
            None => {
                let overrun = elapsed - before;
                self.late[i] += 1;
                self.worst_overrun[i] = Some(self.worst_overrun[i].map_or(overrun, |w| w.max(overrun)));
                // The side plays on with the increment it earns.
                let increment = self.clocks[i].control().increment();
                let _ = self.clocks[i].set_remaining(increment);
                Some(overrun)
            }
        }
    }

    /// The late moves of `color`.
    #[must_use]
    pub fn late(&self, color: Color) -> u32 {
        self.late[side(color)]
    }

    /// The least time `color` had left as one of its moves ended (none before its first
    /// move in time).
    #[must_use]
    pub fn least_left(&self, color: Color) -> Option<Duration> {
        self.least[side(color)]
    }

    /// The summary of one side: `black 4m51.2s left, 0 late moves, at least 3.1s left after each move`.
    #[must_use]
    pub fn summary(&self, color: Color) -> String {
        let i = side(color);
        let mut line = format!("{color} {} left", seconds(self.clocks[i].remaining()));
        match (self.late[i], self.worst_overrun[i]) {
            (0, _) | (_, None) => line.push_str(", no late move"),
            (n, Some(worst)) => line.push_str(&format!(", {n} late move{} (worst by {})", plural(n), seconds(worst))),
        }
        if let Some(least) = self.least[i] {
            line.push_str(&format!(", least left after a move {}", seconds(least)));
        }
        line
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A duration in seconds, to the millisecond: `12.345s`.
#[must_use]
pub fn seconds(time: Duration) -> String {
    format!("{:.3}s", time.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn controls_read_and_bad_ones_say_why() {
        assert_eq!(time_control("5m+2s").unwrap().initial(), Some(300 * S));
        let huge = time_control("99999999999h").unwrap_err();
        assert!(huge.contains("longer than a year"), "{huge}");
        assert!(time_control("soon").unwrap_err().contains("\"soon\""));
    }

    #[test]
    fn the_referee_counts_late_moves_and_the_least_margin() {
        let mut clocks = GameClocks::new(time_control("10s+1s").unwrap());
        assert_eq!(clocks.record(Color::Black, 3 * S), None);
        assert_eq!(clocks.remaining(Color::Black), 8 * S);
        assert_eq!(clocks.least_left(Color::Black), Some(7 * S));
        assert_eq!(clocks.record(Color::Black, 10 * S), Some(2 * S));
        assert_eq!(clocks.late(Color::Black), 1);
        assert_eq!(clocks.remaining(Color::Black), S);
        assert_eq!(clocks.late(Color::White), 0);
        assert!(
            clocks.summary(Color::Black).contains("1 late move (worst by 2.000s)"),
            "{}",
            clocks.summary(Color::Black)
        );
        assert!(clocks.summary(Color::White).contains("no late move"));
    }
}
