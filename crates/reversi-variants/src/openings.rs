//! The standard names of 8×8 openings (the tiger, the rose, the buffalo, the cow, the heath…),
//! recognised in any of the board's eight orientations.
//!
//! # Source
//! The names and the positions they name are those of Robert Gatliff's catalogue of Othello
//! openings, the list that opening tables and Othello programs (WZebra and others) show. The
//! lines below were written for this crate from the positions the catalogue names: each is one
//! legal order of the moves that reach its position, in the orientation that starts `f5`,
//! checked by replaying it (a test). Where the catalogue gives a second name, it is an alias.
//! The variations that the catalogue marks as later additions (Kling's continuations and the
//! like) are left out.
//!
//! # What is recognised
//! A name belongs to a *position*: the discs and the side to move after its line. A game is
//! given the name of the longest line whose position it passes through, in any of the eight
//! images of the square (four of them from the usual start, four from its mirror image, the
//! start with the centre's colours swapped). A transposition, another order of the same moves,
//! reaches the same position and so gets the same name, as opening tables do. Only a full 8×8
//! board (no blocked cells) has names: a blocked cell changes what the lines mean.
//!
//! ```
//! use reversi_variants::{Game, Rules};
//! use reversi_variants::openings;
//!
//! let mut game = Game::new(Rules::default(), 0)?;
//! // The tiger, here starting d3 instead of f5 (the same line turned about the diagonal).
//! for mv in ["d3", "c5", "f6", "f5", "e6"] {
//!     game.play(mv.parse()?)?;
//! }
//! assert_eq!(game.opening_name(), Some("Tiger"));
//! assert_eq!(openings::find("Tiger").map(|o| o.line().len()), Some(5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::OnceLock;

use reversi_core::{Bitboard, Color, Geometry, Position, Square};

use crate::Move;

/// One named opening: its name, other names it goes by, and a line that reaches its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedOpening {
    name: &'static str,
    aliases: &'static [&'static str],
    line: &'static str,
}

impl NamedOpening {
    /// The name, as the catalogue gives it first.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The other names of the same position, if any.
    #[must_use]
    pub const fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    /// The moves of the defining line, from the usual start, in the orientation that starts
    /// with `f5`.
    #[must_use]
    pub fn line(&self) -> Vec<Move> {
        self.line
            .as_bytes()
            .chunks(2)
            .map(|pair| {
                let square = Square::new(pair[0] - b'a', pair[1] - b'1').expect("the table's cells are on 8x8");
                Move::Place(square)
            })
            .collect()
    }
}

/// Shorthand for the table below.
const fn named(name: &'static str, aliases: &'static [&'static str], line: &'static str) -> NamedOpening {
    NamedOpening { name, aliases, line }
}

/// The catalogue (see the module's documentation for its source), in the order of its
/// families: the diagonal opening's, the parallel, then the perpendicular's.
const OPENINGS: &[NamedOpening] = &[
    named("Diagonal Opening", &[], "f5f6"),
    named("X-square Opening", &[], "f5f6e6f4g7"),
    named("Snake", &["Peasant"], "f5f6e6f4g6"),
    named("Pyramid", &["Checkerboarding Peasant"], "f5f6e6f4g6c5f3g5c4e3g4"),
    named("Heath", &["Tobidashi"], "f5f6e6f4g5"),
    named("Heath-Bat", &[], "f5f6e6f4g5e7e3"),
    named("Heath-Chimney", &["Mass-Turning"], "f5f6e6f4g5d6"),
    named("Raccoon Dog", &[], "f5f6e6f4g4"),
    named("Hamilton", &[], "f5f6e6f4g3f3g4"),
    named("Lollipop", &[], "f5f6e6f4g3d6"),
    named("Cow", &[], "f5f6e6f4e3"),
    named("Chimney", &[], "f5f6e6f4e3d6"),
    named("Cow Bat", &["Bat", "Cambridge"], "f5f6e6f4e3c5g5"),
    named("Tanida", &[], "f5f6e6f4e3c5c4e7"),
    named("Aircraft", &["Feldborg"], "f5f6e6f4e3c5c4e7g4"),
    named("Sailboat", &[], "f5f6e6f4e3c5c4e7b5e2"),
    named("Maruoka", &[], "f5f6e6f4e3c5c4d3f3e2"),
    named("Landau", &[], "f5f6e6f4e3c5c4d3c3"),
    named("Buffalo", &["Kenichi Variation"], "f5f6e6f4c3"),
    named("Tanida Buffalo", &[], "f5f6e6f4c3c4c5b4f3d6"),
    named("Hokuriku Buffalo", &[], "f5f6e6f4c3c4"),
    named("Wing Variation", &[], "f5f6d3f4"),
    named("Semi-Wing Variation", &[], "f5f6c4f4"),
    named("Parallel Opening", &[], "f5f4"),
    named("Perpendicular Opening", &[], "f5d6"),
    named("Mimura", &[], "f5d6c5f4e3d3"),
    named("Shaman", &["Danish"], "f5d6c5f4e3c6f3"),
    named("Inoue", &[], "f5d6c5f4e3c6e6"),
    named("IAGO", &[], "f5d6c5f4e3c6e6f6"),
    named("Bhagat", &[], "f5d6c5f4e3c6d7"),
    named("Rose", &[], "f5d6c5f4e3c6d3f6e6d7"),
    named("Flat", &[], "f5d6c5f4e3c6d3f6e6d7g4"),
    named("Rotating Flat", &[], "f5d6c5f4e3c6d3f6e6d7g4c4"),
    named("Rose-birdie", &["Rose-Tamenori"], "f5d6c5f4e3c6d3f6e6d7g3c4b4"),
    named("Greenberg", &["Dawg"], "f5d6c5f4e3c6d3f6e6d7e7"),
    named("Ralle", &[], "f5d6c5f4e3c6d3f3"),
    named("Horse", &[], "f5d6c5f4d3"),
    named("Swallow", &[], "f5d6c4g5c6"),
    named("Italian", &[], "f5d6c4d3e6"),
    named("Cat", &[], "f5d6c4d3c5"),
    named("Ganglion", &[], "f5d6c3g5"),
    named("Tiger", &[], "f5d6c3d3c4"),
    named("Stephenson", &[], "f5d6c3d3c4f4f6"),
    named("No-Kung", &[], "f5d6c3d3c4f4f6g5"),
    named("COMP'OTH", &[], "f5d6c3d3c4f4f6f3"),
    named("Kung", &[], "f5d6c3d3c4f4f6b4"),
    named("Leader's Tiger", &[], "f5d6c3d3c4f4e6"),
    named("Brightwell", &[], "f5d6c3d3c4f4e3"),
    named("Rose-Bill", &[], "f5d6c3d3c4f4c5b3c2"),
    named("Aubrey", &["Tanaka"], "f5d6c3d3c4b3"),
];

/// Every named opening of the catalogue.
#[must_use]
pub fn all() -> &'static [NamedOpening] {
    OPENINGS
}

/// The opening called `name` (its name or an alias, ignoring case), if the catalogue has one.
#[must_use]
pub fn find(name: &str) -> Option<&'static NamedOpening> {
    OPENINGS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name) || o.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
}

/// One of the eight images of the 8×8 square: `index` 0-7 (the identity, the mirrors and the
/// rotations). Squares off 8×8 are left as they are (never met: callers check the board).
#[must_use]
pub fn transform(square: Square, index: usize) -> Square {
    let (c, r) = (square.column(), square.row());
    let (c, r) = match index % 8 {
        0 => (c, r),
        1 => (7 - c, r),
        2 => (c, 7 - r),
        3 => (7 - c, 7 - r),
        4 => (r, c),
        5 => (7 - r, c),
        6 => (r, 7 - c),
        _ => (7 - r, 7 - c),
    };
    Square::new(c, r).unwrap_or(square)
}

fn transform_bits(bits: Bitboard, index: usize) -> Bitboard {
    bits.iter().map(|sq| transform(sq, index)).collect()
}

/// The discs and side to move after each opening's line, in each of the eight images: what a
/// game's positions are compared with. Computed once.
struct Image {
    opening: usize,
    plies: usize,
    black: Bitboard,
    white: Bitboard,
    side: Color,
}

fn images() -> &'static [Image] {
    static IMAGES: OnceLock<Vec<Image>> = OnceLock::new();
    IMAGES.get_or_init(|| {
        let mut images = Vec::with_capacity(OPENINGS.len() * 8);
        for (i, opening) in OPENINGS.iter().enumerate() {
            let mut position = Position::default();
            for mv in opening.line() {
                let Move::Place(square) = mv else { unreachable!("the table holds no pass") };
                position.play(square).expect("every line of the table is legal (tested)");
            }
            for k in 0..8 {
                images.push(Image {
                    opening: i,
                    plies: opening.line.len() / 2,
                    black: transform_bits(position.discs(Color::Black), k),
                    white: transform_bits(position.discs(Color::White), k),
                    side: position.side_to_move(),
                });
            }
        }
        images
    })
}

/// The named opening of a game that starts from `start` and plays `moves`: the one with the
/// longest line among those whose position the game passes through, in any orientation. None
/// on any board but the full 8×8, or from a start that is neither the usual one nor its mirror
/// image, or when no name applies.
#[must_use]
pub fn recognise(start: &Position, moves: &[Move]) -> Option<&'static NamedOpening> {
    let full = Geometry::default();
    if *start.geometry() != full || !is_a_start(start) {
        return None;
    }
    let longest = OPENINGS.iter().map(|o| o.line.len() / 2).max().unwrap_or(0);
    let mut position = *start;
    let mut best: Option<&'static NamedOpening> = None;
    for (ply, mv) in moves.iter().take(longest).enumerate() {
        match mv {
            Move::Place(square) => {
                if position.play(*square).is_err() {
                    break;
                }
            }
            Move::Pass => {
                if position.pass().is_err() {
                    break;
                }
            }
        }
        let (black, white) = (position.discs(Color::Black), position.discs(Color::White));
        let side = position.side_to_move();
        // Later plies hold more discs, so a match here is always longer than the last one.
        if let Some(image) =
            images().iter().find(|i| i.plies == ply + 1 && i.black == black && i.white == white && i.side == side)
        {
            best = Some(&OPENINGS[image.opening]);
        }
    }
    best
}

/// Whether `start` is the usual 8×8 start or its mirror image, Black to move.
fn is_a_start(start: &Position) -> bool {
    let usual = Position::default();
    if start.side_to_move() != Color::Black {
        return false;
    }
    let (black, white) = (start.discs(Color::Black), start.discs(Color::White));
    let (b, w) = (usual.discs(Color::Black), usual.discs(Color::White));
    (black == b && white == w) || (black == transform_bits(b, 1) && white == transform_bits(w, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_legal_and_every_position_has_one_name() {
        for (i, opening) in OPENINGS.iter().enumerate() {
            let mut position = Position::default();
            for mv in opening.line() {
                let Move::Place(square) = mv else { panic!("a pass in {}", opening.name) };
                assert!(position.play(square).is_ok(), "{} plays {square} illegally", opening.name);
            }
            for other in &OPENINGS[..i] {
                let same = images().iter().any(|a| {
                    a.opening == i
                        && images()
                            .iter()
                            .any(|b| OPENINGS[b.opening].name == other.name && (a.black, a.white) == (b.black, b.white))
                });
                assert!(!same, "{} and {} name the same position", opening.name, other.name);
            }
        }
    }

    #[test]
    fn the_eight_images_are_distinct_maps() {
        let a1 = Square::new(0, 0).unwrap();
        let b1 = Square::new(1, 0).unwrap();
        let images: Vec<_> = (0..8).map(|k| (transform(a1, k), transform(b1, k))).collect();
        for (i, x) in images.iter().enumerate() {
            assert!(!images[..i].contains(x), "image {i} repeats another");
        }
    }
}
