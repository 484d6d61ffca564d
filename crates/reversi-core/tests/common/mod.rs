//! What the property tests share: random boards for the naive model and the crate, and the
//! conversions between the two. Only these conversions touch both sides.

#![allow(dead_code, reason = "each test file uses part of this module")]

use proptest::collection::vec;
use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Geometry, Position, Square};

use crate::naive::{Board, Cell};

/// A random board in both forms, with how it was built, for messages.
#[derive(Clone, Debug)]
pub struct Case {
    pub naive: Board,
    /// Whether the board is the Octagon (built with `Geometry::octagon`), else a rectangle.
    pub octagon: bool,
}

impl Case {
    /// The crate's position for the naive board.
    pub fn position(&self) -> Position {
        to_position(&self.naive, self.octagon)
    }
}

/// A board shape: the Octagon one time in ten, 8×8 two times in ten (it may have a kernel of
/// its own), otherwise a rectangle of even sides from 4 to 16.
fn shape() -> impl Strategy<Value = (bool, usize, usize)> {
    prop_oneof![
        1 => Just((true, 10, 10)),
        2 => Just((false, 8, 8)),
        7 => (2usize..=8, 2usize..=8).prop_map(|(w, h)| (false, 2 * w, 2 * h)),
    ]
}

/// The naive empty board of a shape.
fn empty_board(octagon: bool, width: usize, height: usize, to_move: Cell) -> Board {
    if octagon { Board::octagon(to_move) } else { Board::new(width, height, to_move) }
}

fn side() -> impl Strategy<Value = Cell> {
    prop_oneof![Just(Cell::Black), Just(Cell::White)]
}

/// Any arrangement: random walls (none about half the time), random discs of random density,
/// either side to move. Most such positions no game reaches, which is the point: every
/// direction, edge and wall gets exercised.
pub fn any_case() -> impl Strategy<Value = Case> {
    let walls = prop_oneof![Just(0u32), 1u32..=15];
    (shape(), walls, 0u32..=100, vec(any::<u32>(), 256), side()).prop_map(
        |((octagon, width, height), wall_pct, disc_pct, noise, to_move)| {
            let mut naive = empty_board(octagon, width, height, to_move);
            for r in 0..height {
                for c in 0..width {
                    let v = noise[r * width + c];
                    if naive.get(c, r) == Cell::Wall {
                        continue;
                    }
                    let cell = if v % 100 < wall_pct {
                        Cell::Wall
                    } else if (v / 100) % 100 < disc_pct {
                        if (v / 10_000) % 2 == 0 { Cell::Black } else { Cell::White }
                    } else {
                        Cell::Empty
                    };
                    naive.set(c, r, cell);
                }
            }
            Case { naive, octagon }
        },
    )
}

/// A start position (four centre discs, Black to move) on a random shape with up to eight
/// random walls outside the centre.
pub fn start_case() -> impl Strategy<Value = Case> {
    (shape(), vec((0usize..16, 0usize..16), 0..=8)).prop_map(|((octagon, width, height), walls)| {
        let mut naive = empty_board(octagon, width, height, Cell::Black);
        let (cx, cy) = (width / 2, height / 2);
        for (c, r) in walls {
            let (c, r) = (c % width, r % height);
            if !((cx - 1..=cx).contains(&c) && (cy - 1..=cy).contains(&r)) {
                naive.set(c, r, Cell::Wall);
            }
        }
        naive.place_start();
        Case { naive, octagon }
    })
}

/// The crate's position for a naive board: the Octagon from `Geometry::octagon`, every other
/// wall through `with_unplayable`, the discs through `from_parts`.
pub fn to_position(board: &Board, octagon: bool) -> Position {
    let base = if octagon {
        Geometry::octagon()
    } else {
        let side = |n: usize| u8::try_from(n).expect("at most 16");
        Geometry::rectangle(side(board.width), side(board.height)).expect("even sides from 4 to 16")
    };
    let geometry = base.with_unplayable(cells_of(board, Cell::Wall)).expect("walls are on the board");
    let side = if board.to_move == Cell::Black { Color::Black } else { Color::White };
    Position::from_parts(geometry, cells_of(board, Cell::Black), cells_of(board, Cell::White), side)
        .expect("discs on playable cells, one per cell")
}

/// The cells of the naive board holding `cell`.
pub fn cells_of(board: &Board, cell: Cell) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for r in 0..board.height {
        for c in 0..board.width {
            if board.get(c, r) == cell {
                set.insert(square(c, r));
            }
        }
    }
    set
}

pub fn square(c: usize, r: usize) -> Square {
    Square::new(c as u8, r as u8).expect("within 16x16")
}

/// A crate square set as naive coordinates, row-major.
pub fn coords(set: Bitboard) -> Vec<(usize, usize)> {
    set.iter().map(|sq| (usize::from(sq.column()), usize::from(sq.row()))).collect()
}

/// Whether the crate position and the naive board hold the same board, discs and side.
pub fn same(pos: &Position, board: &Board) -> Result<(), TestCaseError> {
    let g = pos.geometry();
    prop_assert_eq!((usize::from(g.width()), usize::from(g.height())), (board.width, board.height));
    prop_assert_eq!(g.unplayable(), cells_of(board, Cell::Wall), "unplayable cells");
    prop_assert_eq!(pos.discs(Color::Black), cells_of(board, Cell::Black), "black discs");
    prop_assert_eq!(pos.discs(Color::White), cells_of(board, Cell::White), "white discs");
    let side = if board.to_move == Cell::Black { Color::Black } else { Color::White };
    prop_assert_eq!(pos.side_to_move(), side);
    Ok(())
}
