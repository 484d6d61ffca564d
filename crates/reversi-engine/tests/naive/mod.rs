//! A naive board for the review's tests: a vector of cells and walks of one step at a time,
//! written without the engine's bitboards so that it counts independently.

use reversi_core::{Color, Position, Square};

const AXES: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)];

/// A cell: not playable, empty, or a disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Wall,
    Empty,
    Disc(Color),
}

/// A board of cells and the side to move.
#[derive(Clone, Debug)]
pub struct Board {
    width: i8,
    height: i8,
    cells: Vec<Cell>,
    side: Color,
}

impl Board {
    /// The board of `position`, read cell by cell.
    pub fn of(position: &Position) -> Board {
        let g = position.geometry();
        let (width, height) = (g.width() as i8, g.height() as i8);
        let mut cells = Vec::new();
        for row in 0..height {
            for column in 0..width {
                let sq = Square::new(column as u8, row as u8).unwrap();
                cells.push(if !g.is_playable(sq) {
                    Cell::Wall
                } else {
                    position.disc_at(sq).map_or(Cell::Empty, Cell::Disc)
                });
            }
        }
        Board { width, height, cells, side: position.side_to_move() }
    }

    fn cell(&self, c: i8, r: i8) -> Cell {
        if c < 0 || r < 0 || c >= self.width || r >= self.height {
            Cell::Wall
        } else {
            self.cells[(r as usize) * (self.width as usize) + c as usize]
        }
    }

    fn set(&mut self, c: i8, r: i8, cell: Cell) {
        let i = (r as usize) * (self.width as usize) + c as usize;
        self.cells[i] = cell;
    }

    fn squares(&self) -> impl Iterator<Item = (i8, i8)> + '_ {
        (0..self.height).flat_map(move |r| (0..self.width).map(move |c| (c, r)))
    }

    fn square(c: i8, r: i8) -> Square {
        Square::new(c as u8, r as u8).unwrap()
    }

    /// The colour on `sq`, if a disc.
    pub fn at(&self, sq: Square) -> Option<Color> {
        match self.cell(sq.column() as i8, sq.row() as i8) {
            Cell::Disc(c) => Some(c),
            _ => None,
        }
    }

    /// The discs `colour` would flip by playing at (c, r).
    fn flips(&self, c: i8, r: i8, colour: Color) -> Vec<(i8, i8)> {
        if self.cell(c, r) != Cell::Empty {
            return Vec::new();
        }
        let mut all = Vec::new();
        for (dc, dr) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut x, mut y) = (c + dc, r + dr);
            while self.cell(x, y) == Cell::Disc(!colour) {
                run.push((x, y));
                x += dc;
                y += dr;
            }
            if !run.is_empty() && self.cell(x, y) == Cell::Disc(colour) {
                all.extend(run);
            }
        }
        all
    }

    /// Where `colour` could play.
    pub fn mobility(&self, colour: Color) -> Vec<Square> {
        self.squares()
            .filter(|&(c, r)| !self.flips(c, r, colour).is_empty())
            .map(|(c, r)| Board::square(c, r))
            .collect()
    }

    /// Plays `sq` for the side to move; false if it flips nothing.
    pub fn play(&mut self, sq: Square) -> bool {
        let (c, r) = (sq.column() as i8, sq.row() as i8);
        let flips = self.flips(c, r, self.side);
        if flips.is_empty() {
            return false;
        }
        for (x, y) in flips {
            self.set(x, y, Cell::Disc(self.side));
        }
        self.set(c, r, Cell::Disc(self.side));
        self.side = !self.side;
        true
    }

    /// Passes.
    pub fn pass(&mut self) {
        self.side = !self.side;
    }

    /// The discs of `colour` with an empty cell among their eight neighbours.
    pub fn frontier(&self, colour: Color) -> u32 {
        self.squares()
            .filter(|&(c, r)| {
                self.cell(c, r) == Cell::Disc(colour)
                    && DIRECTIONS.iter().any(|&(dc, dr)| self.cell(c + dc, r + dr) == Cell::Empty)
            })
            .count() as u32
    }

    /// The discs of `colour`.
    pub fn count(&self, colour: Color) -> u32 {
        self.cells.iter().filter(|c| **c == Cell::Disc(colour)).count() as u32
    }

    /// The empty cells with a disc of `colour`'s opponent among their eight neighbours.
    pub fn potential(&self, colour: Color) -> u32 {
        self.squares()
            .filter(|&(c, r)| {
                self.cell(c, r) == Cell::Empty
                    && DIRECTIONS.iter().any(|&(dc, dr)| self.cell(c + dc, r + dr) == Cell::Disc(!colour))
            })
            .count() as u32
    }

    /// The playable cells whose four lines each meet a wall right next to them on one side.
    pub fn corners(&self) -> Vec<Square> {
        self.squares()
            .filter(|&(c, r)| {
                self.cell(c, r) != Cell::Wall
                    && AXES.iter().all(|&(dc, dr)| {
                        self.cell(c + dc, r + dr) == Cell::Wall || self.cell(c - dc, r - dr) == Cell::Wall
                    })
            })
            .map(|(c, r)| Board::square(c, r))
            .collect()
    }

    /// Whether the line through (c, r) along (dc, dr) is full from wall to wall.
    fn full_line(&self, c: i8, r: i8, dc: i8, dr: i8) -> bool {
        for sign in [1, -1] {
            let (mut x, mut y) = (c, r);
            loop {
                x += sign * dc;
                y += sign * dr;
                match self.cell(x, y) {
                    Cell::Wall => break,
                    Cell::Empty => return false,
                    Cell::Disc(_) => {}
                }
            }
        }
        true
    }

    /// The stable discs: grown from none, a disc joins when each of its four lines has a wall
    /// next to it, is full, or has a stable disc of its colour next to it; until none joins.
    pub fn stable(&self) -> Vec<Square> {
        let mut stable = vec![false; self.cells.len()];
        let index = |c: i8, r: i8| (r as usize) * (self.width as usize) + c as usize;
        loop {
            let mut grew = false;
            for (c, r) in self.squares() {
                let Cell::Disc(colour) = self.cell(c, r) else { continue };
                if stable[index(c, r)] {
                    continue;
                }
                let anchored = |x: i8, y: i8| match self.cell(x, y) {
                    Cell::Wall => true,
                    Cell::Disc(k) => k == colour && stable[index(x, y)],
                    Cell::Empty => false,
                };
                let safe = AXES.iter().all(|&(dc, dr)| {
                    anchored(c + dc, r + dr) || anchored(c - dc, r - dr) || self.full_line(c, r, dc, dr)
                });
                if safe {
                    stable[index(c, r)] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        self.squares().filter(|&(c, r)| stable[index(c, r)]).map(|(c, r)| Board::square(c, r)).collect()
    }

    /// The empty cells of the region (eight-way connected) that holds `sq`.
    pub fn region_size(&self, sq: Square) -> u32 {
        let mut seen = vec![false; self.cells.len()];
        let index = |c: i8, r: i8| (r as usize) * (self.width as usize) + c as usize;
        let mut stack = vec![(sq.column() as i8, sq.row() as i8)];
        let mut size = 0;
        while let Some((c, r)) = stack.pop() {
            if self.cell(c, r) != Cell::Empty || seen[index(c, r)] {
                continue;
            }
            seen[index(c, r)] = true;
            size += 1;
            for (dc, dr) in DIRECTIONS {
                stack.push((c + dc, r + dr));
            }
        }
        size
    }
}
