//! What a position holds, beyond whose turn it is: disc counts, mobility, frontier discs,
//! potential mobility, the regions of empty cells and the stable discs, on every geometry.
//!
//! Lines end at the board's edge, at the Octagon's cut cells and at blocked cells alike: a
//! cell's *wall* in a direction is whatever is not a playable cell there. So a disc beside a
//! hole can be stable along the hole's line, and a cell whose four lines each end at a wall on
//! one side (a corner of the rectangle, a cell cornered by holes or by the Octagon's cuts)
//! holds a disc that can never flip.
//!
//! ```
//! use reversi_core::{Color, Position};
//! use reversi_engine::analysis::Analysis;
//!
//! let pos: Position = "XXXXXXXX/XO------/--------/--------/--------/--------/--------/-------- O".parse()?;
//! let analysis = Analysis::of(&pos);
//! // The full top row cannot flip any more, nor can b2's neighbour a2 below the corner.
//! assert_eq!(analysis.stable(Color::Black).len(), 9);
//! assert_eq!(analysis.stable(Color::White).len(), 0);
//! assert_eq!(analysis.discs(Color::Black), 9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod shift;
pub(crate) mod words;

use reversi_core::{Bitboard, Color, Geometry, Position};

use shift::{Line, backward, forward, neighbours};

/// Everything this module measures of one position, for both colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    side: Color,
    discs: [Bitboard; 2],
    mobility: [Bitboard; 2],
    frontier: [Bitboard; 2],
    potential_mobility: [Bitboard; 2],
    stable: [Bitboard; 2],
    regions: Vec<Bitboard>,
}

const fn slot(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Analysis {
    /// Measures `position`.
    #[must_use]
    pub fn of(position: &Position) -> Analysis {
        let each = |f: &dyn Fn(Color) -> Bitboard| [f(Color::Black), f(Color::White)];
        let stable_both = stable_discs(position);
        Analysis {
            side: position.side_to_move(),
            discs: each(&|c| position.discs(c)),
            mobility: each(&|c| mobility(position, c)),
            frontier: each(&|c| frontier(position, c)),
            potential_mobility: each(&|c| potential_mobility(position, c)),
            stable: each(&|c| stable_both & position.discs(c)),
            regions: empty_regions(position).collect(),
        }
    }

    /// The side to move of the analysed position.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The number of discs of `color`.
    #[must_use]
    pub const fn discs(&self, color: Color) -> u32 {
        self.discs[slot(color)].len()
    }

    /// The cells where `color` could play if it were its turn.
    #[must_use]
    pub const fn mobility(&self, color: Color) -> Bitboard {
        self.mobility[slot(color)]
    }

    /// The discs of `color` next to an empty playable cell (in any of the eight directions).
    #[must_use]
    pub const fn frontier(&self, color: Color) -> Bitboard {
        self.frontier[slot(color)]
    }

    /// The empty cells next to an opponent disc: where `color` may one day be able to play.
    #[must_use]
    pub const fn potential_mobility(&self, color: Color) -> Bitboard {
        self.potential_mobility[slot(color)]
    }

    /// The discs of `color` that no sequence of moves can flip, as far as the closure of this
    /// module finds them (see [`stable_discs`]).
    #[must_use]
    pub const fn stable(&self, color: Color) -> Bitboard {
        self.stable[slot(color)]
    }

    /// The regions of empty cells (see [`empty_regions`]), in the order of their first cell.
    #[must_use]
    pub fn regions(&self) -> &[Bitboard] {
        &self.regions
    }

    /// How many regions hold an odd number of empty cells: in the endgame, the side that
    /// moves last in a region tends to gain there.
    #[must_use]
    pub fn odd_regions(&self) -> usize {
        self.regions.iter().filter(|r| r.len() % 2 == 1).count()
    }
}

/// The cells where `color` could play in `position` if it were its turn.
#[must_use]
pub fn mobility(position: &Position, color: Color) -> Bitboard {
    position.with_side_to_move(color).legal_moves()
}

/// The discs of `color` next to an empty playable cell, in any of the eight directions.
#[must_use]
pub fn frontier(position: &Position, color: Color) -> Bitboard {
    position.discs(color) & neighbours(position.empty_cells())
}

/// The empty playable cells next to a disc of `color`'s opponent.
#[must_use]
pub fn potential_mobility(position: &Position, color: Color) -> Bitboard {
    position.empty_cells() & neighbours(position.discs(!color))
}

/// The connected regions of empty playable cells of `position`, two cells being connected
/// when they touch in any of the eight directions (as a move can reach across a diagonal);
/// each region once, in the row-major order of its first cell. No allocation.
#[must_use]
pub fn empty_regions(position: &Position) -> EmptyRegions {
    EmptyRegions { left: position.empty_cells() }
}

/// The iterator of [`empty_regions`].
#[derive(Clone, Debug)]
pub struct EmptyRegions {
    left: Bitboard,
}

impl Iterator for EmptyRegions {
    type Item = Bitboard;

    fn next(&mut self) -> Option<Bitboard> {
        let seed = self.left.first()?;
        let mut region = Bitboard::from_square(seed);
        loop {
            let grown = region | (neighbours(region) & self.left);
            if grown == region {
                break;
            }
            region = grown;
        }
        self.left -= region;
        Some(region)
    }
}

/// The walls of a board, by line: the playable cells whose next cell forward, or backward,
/// along the line is not playable (off the board, cut or blocked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Walls {
    playable: Bitboard,
    /// For each line, the playable cells with a wall on at least one side along it.
    walled: [Bitboard; 4],
}

impl Walls {
    pub(crate) fn of(geometry: &Geometry) -> Walls {
        let playable = geometry.playable();
        let walled = Line::ALL.map(|line| {
            let forward_wall = playable - backward(playable, line);
            let backward_wall = playable - forward(playable, line);
            forward_wall | backward_wall
        });
        Walls { playable, walled }
    }

    pub(crate) const fn playable(&self) -> Bitboard {
        self.playable
    }

    /// The cells with a wall in each of their four lines: a disc there can never flip.
    pub(crate) fn corners(&self) -> Bitboard {
        self.walled.iter().fold(self.playable, |acc, &w| acc & w)
    }

    /// The cells with a wall in at least `lines` of their four lines.
    pub(crate) fn walled_in(&self, lines: usize) -> Bitboard {
        self.playable.iter().filter(|&sq| self.walled.iter().filter(|w| w.contains(sq)).count() >= lines).collect()
    }
}

/// The discs of either colour of `position` that no sequence of moves can ever flip, as found
/// by the usual closure, on any geometry.
///
/// A disc can only be flipped along one of its four lines, and only when the cells on both
/// sides of it along that line are playable. A disc is reported stable when, along each of its
/// four lines, one of these holds:
/// - a wall (the edge, a cut or blocked cell) lies next to it on one side;
/// - the whole line segment through it, from wall to wall, is full, so no move will ever be
///   made on it;
/// - the next cell on one side holds a stable disc of its colour (a flip along the line would
///   have to flip that disc too).
///
/// The set is the smallest that satisfies this, grown from nothing, so it is sound: a disc
/// in it never flips (the first flip among them would contradict the rule it was admitted by).
/// It is not complete: some discs that can never flip are not found.
#[must_use]
pub fn stable_discs(position: &Position) -> Bitboard {
    stable_discs_with(position, &Walls::of(position.geometry()))
}

pub(crate) fn stable_discs_with(position: &Position, walls: &Walls) -> Bitboard {
    let empty = position.empty_cells();
    let playable = walls.playable;
    let safe: [Bitboard; 4] = core::array::from_fn(|i| {
        let line = Line::ALL[i];
        // The cells whose segment along `line` reaches an empty cell.
        let mut open = empty;
        loop {
            let grown = open | ((forward(open, line) | backward(open, line)) & playable);
            if grown == open {
                break;
            }
            open = grown;
        }
        (playable - open) | walls.walled[i]
    });
    let mut stable = Bitboard::EMPTY;
    for color in Color::ALL {
        let discs = position.discs(color);
        let mut found = Bitboard::EMPTY;
        loop {
            let mut next = discs;
            for (i, &line) in Line::ALL.iter().enumerate() {
                next &= safe[i] | forward(found, line) | backward(found, line);
            }
            if next == found {
                break;
            }
            found = next;
        }
        stable |= found;
    }
    stable
}
