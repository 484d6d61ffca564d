//! A deliberately naive reference for the rules: an array of cells and eight direction loops,
//! sharing nothing with the crate's move generation. Only the starting cells are read from the
//! crate; every rule after that is decided here.

// Each test crate that includes this module uses a different part of it.
#![allow(dead_code)]

use reversi_core::{Color, Square};
use reversi_variants::{Game, Phase};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Wall,
    Disc(Color),
}

#[derive(Clone, Debug)]
pub struct Naive {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Cell>,
    pub side: Color,
    /// Placements of the free opening still to make.
    pub opening_left: usize,
}

const DIRECTIONS: [(isize, isize); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

impl Naive {
    /// The state of `game`, copied cell by cell.
    pub fn of(game: &Game) -> Naive {
        let pos = game.position();
        let g = pos.geometry();
        let (width, height) = (usize::from(g.width()), usize::from(g.height()));
        let mut cells = Vec::new();
        for r in 0..height {
            for c in 0..width {
                let sq = Square::new(c as u8, r as u8).unwrap();
                cells.push(match pos.disc_at(sq) {
                    Some(color) => Cell::Disc(color),
                    None if g.is_playable(sq) => Cell::Empty,
                    None => Cell::Wall,
                });
            }
        }
        let opening_left = if game.phase() == Phase::FreeOpening { 4 - game.history().len() } else { 0 };
        Naive { width, height, cells, side: game.side_to_move(), opening_left }
    }

    fn at(&self, c: isize, r: isize) -> Option<Cell> {
        if c < 0 || r < 0 || c >= self.width as isize || r >= self.height as isize {
            None
        } else {
            Some(self.cells[r as usize * self.width + c as usize])
        }
    }

    /// The cells (column, row) that `color` would flip by playing (c, r).
    pub fn flips(&self, color: Color, c: usize, r: usize) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        if self.cells[r * self.width + c] != Cell::Empty {
            return all;
        }
        for (dc, dr) in DIRECTIONS {
            let mut line = Vec::new();
            let (mut x, mut y) = (c as isize + dc, r as isize + dr);
            loop {
                match self.at(x, y) {
                    Some(Cell::Disc(d)) if d != color => line.push((x as usize, y as usize)),
                    Some(Cell::Disc(_)) => {
                        all.extend(line);
                        break;
                    }
                    _ => break,
                }
                x += dc;
                y += dr;
            }
        }
        all
    }

    fn centre(&self, c: usize, r: usize) -> bool {
        let (cx, cy) = (self.width / 2, self.height / 2);
        (cx - 1..=cx).contains(&c) && (cy - 1..=cy).contains(&r)
    }

    /// The legal cells (column, row) of the side to move, row-major.
    pub fn moves(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                let ok = if self.opening_left > 0 {
                    self.centre(c, r) && self.cells[r * self.width + c] == Cell::Empty
                } else {
                    !self.flips(self.side, c, r).is_empty()
                };
                if ok {
                    out.push((c, r));
                }
            }
        }
        out
    }

    fn opponent_moves(&self) -> Vec<(usize, usize)> {
        let mut other = self.clone();
        other.side = !self.side;
        other.moves()
    }

    pub fn is_over(&self) -> bool {
        self.opening_left == 0 && self.moves().is_empty() && self.opponent_moves().is_empty()
    }

    pub fn must_pass(&self) -> bool {
        self.opening_left == 0 && self.moves().is_empty() && !self.opponent_moves().is_empty()
    }

    /// Plays (c, r), which must be legal.
    pub fn play(&mut self, c: usize, r: usize) {
        if self.opening_left > 0 {
            self.opening_left -= 1;
        } else {
            for (x, y) in self.flips(self.side, c, r) {
                self.cells[y * self.width + x] = Cell::Disc(self.side);
            }
        }
        self.cells[r * self.width + c] = Cell::Disc(self.side);
        self.side = !self.side;
    }

    pub fn count(&self, color: Color) -> u32 {
        self.cells.iter().filter(|&&cell| cell == Cell::Disc(color)).count() as u32
    }

    /// Perft by the convention of docs/rules.md §4.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            if self.is_over() {
                return 1;
            }
            let mut next = self.clone();
            next.side = !next.side;
            return next.perft(depth - 1);
        }
        moves
            .into_iter()
            .map(|(c, r)| {
                let mut next = self.clone();
                next.play(c, r);
                next.perft(depth - 1)
            })
            .sum()
    }
}
