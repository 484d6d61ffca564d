//! The text form of a review, for a terminal: a line a move as `analyze` has always printed
//! it, each reason on a line of its own below it, stated plainly.

use core::fmt;

use reversi_core::{Color, Square};
use reversi_variants::Move;

use super::{MoveReview, Reason, Review};

/// A whole review as text: its opening, a line a move with its reasons, and the totals.
#[derive(Clone, Copy, Debug)]
pub struct ReviewText<'a> {
    review: &'a Review,
}

impl<'a> ReviewText<'a> {
    pub(super) const fn new(review: &'a Review) -> ReviewText<'a> {
        ReviewText { review }
    }
}

impl fmt::Display for ReviewText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.review.opening() {
            writeln!(f, "opening: {name}")?;
        }
        for reviewed in self.review.moves() {
            write!(f, "{}", reviewed.text())?;
        }
        for colour in Color::ALL {
            let (loss, moves) = self.review.total_loss(colour);
            writeln!(f, "{}: total loss {loss:.1} discs over {moves} moves", colour.name())?;
        }
        Ok(())
    }
}

/// One move as text (see [`MoveReview::text`]).
#[derive(Clone, Copy, Debug)]
pub struct MoveText<'a> {
    reviewed: &'a MoveReview,
}

impl MoveReview {
    /// The move as text: `23. white  c4   best b3   +1.2   played  -3.5   loss  4.7 ?`, then
    /// each reason on its own line, indented; every line ends with a newline.
    #[must_use]
    pub const fn text(&self) -> MoveText<'_> {
        MoveText { reviewed: self }
    }
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.reviewed;
        let head = format!("{:3}. {:5}  {:4}", m.number(), m.color().name(), m.played().to_string());
        let (Some(best), Some(best_value), Some(played_value)) = (m.best(), m.best_value(), m.played_value()) else {
            return writeln!(f, "{head} forced");
        };
        let mark = m.mark().symbol();
        let space = if mark.is_empty() { "" } else { " " };
        writeln!(
            f,
            "{head} best {:4} {:>6}   played {:>6}   loss {:4.1}{space}{mark}",
            best.to_string(),
            best_value.to_string(),
            played_value.to_string(),
            m.loss()
        )?;
        for reason in m.reasons() {
            writeln!(f, "       - {}", describe(reason, m.color(), best))?;
        }
        Ok(())
    }
}

/// A list of cells: `a1`, `a1 and h8`, `a1, h1 and h8`; `none` for none.
fn cells(squares: &[Square]) -> String {
    match squares {
        [] => "none".to_owned(),
        [one] => one.to_string(),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("{} and {last}", rest.join(", "))
        }
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A margin as a result: `a win by 4`, `a draw`, `a loss by 2`.
fn result(margin: i32) -> String {
    match margin {
        0 => "a draw".to_owned(),
        m if m > 0 => format!("a win by {m}"),
        m => format!("a loss by {}", m.unsigned_abs()),
    }
}

/// One reason in plain words, for the player `mover` whose best move was `best`.
#[must_use]
pub fn describe(reason: &Reason, mover: Color, best: Move) -> String {
    // Names as a sentence has them: "Black", "White".
    let title = |c: Color| match c {
        Color::Black => "Black",
        Color::White => "White",
    };
    let (me, them) = (title(mover), title(!mover));
    match reason {
        Reason::Mobility { played, best: b } => format!(
            "mobility given up: leaves {them} {}, against {} after {best}",
            plural(*played, "reply", "replies"),
            b
        ),
        Reason::PassMissed { replies } => {
            format!(
                "a forced pass missed: after {best} {them} would have had to pass; now {them} has {}",
                plural(*replies, "reply", "replies")
            )
        }
        Reason::CornerGiven { corners } => {
            let word = if corners.len() == 1 { "corner" } else { "corners" };
            format!(
                "a corner handed over: {them} can take the {word} {} at once, which {best} did not allow",
                cells(corners)
            )
        }
        Reason::CornerMissed { corner } => {
            format!("a corner missed: {best} takes the corner {corner}, which stays open")
        }
        Reason::CornerInLine { plies, played, best: b } => format!(
            "a corner handed over: after the expected {plies} plies {them} holds {} (corners after {best}: {})",
            cells(played),
            cells(b)
        ),
        Reason::StableDiscs { plies, played, best: b } => format!(
            "stable discs handed over: after the expected {plies} plies {them} has {} against {me}'s {} ({} against {} after {best})",
            plural(played.1, "stable disc", "stable discs"),
            played.0,
            b.1,
            b.0
        ),
        Reason::Frontier { played, best: b } => format!(
            "frontier discs added: {me} has {} next to empty cells, against {b} after {best}",
            plural(*played, "disc", "discs")
        ),
        Reason::FrontierInLine { plies, played, best: b } => format!(
            "frontier discs added: after the expected {plies} plies {me} has {} next to empty cells, against {b} after {best}",
            plural(*played, "disc", "discs")
        ),
        Reason::MobilityInLine { plies, played, best: b } => format!(
            "mobility given up: after the expected {plies} plies {me} has {} against {them}'s {} ({} against {} after {best})",
            plural(played.0, "move", "moves"),
            played.1,
            b.0,
            b.1
        ),
        Reason::PotentialMobility { plies, played, best: b } => format!(
            "room to move given up: after the expected {plies} plies {me} has {} next to {them}'s discs against {them}'s {} ({} against {} after {best})",
            plural(played.0, "empty cell", "empty cells"),
            played.1,
            b.0,
            b.1
        ),
        Reason::DiscsInLine { plies, played, best: b } => format!(
            "discs given up: after the expected {} {me} has {} against {them}'s {} ({} against {} after {best})",
            plural(*plies, "ply", "plies"),
            plural(played.0, "disc", "discs"),
            played.1,
            b.0,
            b.1
        ),
        Reason::Parity { played_region, best_region } => format!(
            "parity lost: plays into a region of {played_region} empty cells, an even number, which leaves {them} the last move there; {best} plays into a region of {best_region}, an odd one"
        ),
        Reason::ExactResult { best: b, played } => {
            format!("the exact result thrown away: {} became {}", result(*b), result(*played))
        }
    }
}
