//! A deliberately naive Reversi board, the yardstick for the crate's bitboard code.
//!
//! It shares nothing with the crate: a plain vector of cells, coordinates as (column, row)
//! pairs, and a walk along each of the eight directions for every question. It is slow and
//! meant to be obviously right, following docs/rules.md §1, §2, §4 and §5 word for word.

#![allow(dead_code, reason = "each test file uses part of the model")]

/// What a cell holds. `Wall` is a cell that is not playable (blocked, or cut off the Octagon).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Black,
    White,
    Wall,
}

impl Cell {
    /// The other player (only for `Black` and `White`).
    pub fn other(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            _ => panic!("only a player has an opponent"),
        }
    }
}

/// The eight directions as (column step, row step).
const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// A board and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    /// Row-major: cell (column c, row r) is `cells[r * width + c]`.
    pub cells: Vec<Cell>,
    pub to_move: Cell,
}

impl Board {
    /// An empty board of `width × height` with every cell playable.
    pub fn new(width: usize, height: usize, to_move: Cell) -> Board {
        Board { width, height, cells: vec![Cell::Empty; width * height], to_move }
    }

    /// The empty 10×10 Octagon: a cell (c, r) is cut when `min(r, 9−r) + min(c, 9−c) < 2`.
    pub fn octagon(to_move: Cell) -> Board {
        let mut board = Board::new(10, 10, to_move);
        for r in 0..10 {
            for c in 0..10 {
                if r.min(9 - r) + c.min(9 - c) < 2 {
                    board.set(c, r, Cell::Wall);
                }
            }
        }
        board
    }

    /// The four centre discs of the standard start (White on the upper-left and lower-right).
    pub fn place_start(&mut self) {
        let (cx, cy) = (self.width / 2, self.height / 2);
        self.set(cx - 1, cy - 1, Cell::White);
        self.set(cx, cy, Cell::White);
        self.set(cx, cy - 1, Cell::Black);
        self.set(cx - 1, cy, Cell::Black);
    }

    pub fn get(&self, c: usize, r: usize) -> Cell {
        self.cells[r * self.width + c]
    }

    pub fn set(&mut self, c: usize, r: usize, cell: Cell) {
        self.cells[r * self.width + c] = cell;
    }

    /// The cell at signed coordinates; outside the board reads as a wall.
    fn at(&self, c: i32, r: i32) -> Cell {
        if c < 0 || r < 0 || c >= self.width as i32 || r >= self.height as i32 {
            Cell::Wall
        } else {
            self.get(c as usize, r as usize)
        }
    }

    /// The discs `color` would flip by playing (c, r), row-major; empty if it is no move.
    pub fn flips_for(&self, color: Cell, c: usize, r: usize) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        if self.get(c, r) != Cell::Empty {
            return all;
        }
        for (dc, dr) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut x, mut y) = (c as i32 + dc, r as i32 + dr);
            while self.at(x, y) == color.other() {
                run.push((x as usize, y as usize));
                x += dc;
                y += dr;
            }
            if !run.is_empty() && self.at(x, y) == color {
                all.extend(run);
            }
        }
        all.sort_by_key(|&(c, r)| (r, c));
        all
    }

    /// The discs the player to move would flip by playing (c, r).
    pub fn flips(&self, c: usize, r: usize) -> Vec<(usize, usize)> {
        self.flips_for(self.to_move, c, r)
    }

    /// Every cell where `color` may play, row-major.
    pub fn moves_for(&self, color: Cell) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if !self.flips_for(color, c, r).is_empty() {
                    moves.push((c, r));
                }
            }
        }
        moves
    }

    /// Every cell where the player to move may play, row-major.
    pub fn legal_moves(&self) -> Vec<(usize, usize)> {
        self.moves_for(self.to_move)
    }

    /// Whether neither player has a move.
    pub fn game_over(&self) -> bool {
        self.moves_for(Cell::Black).is_empty() && self.moves_for(Cell::White).is_empty()
    }

    /// Whether the player to move has no move but the opponent has.
    pub fn must_pass(&self) -> bool {
        self.legal_moves().is_empty() && !self.moves_for(self.to_move.other()).is_empty()
    }

    /// Plays (c, r), which must be a legal move, and gives the flipped discs.
    pub fn play(&mut self, c: usize, r: usize) -> Vec<(usize, usize)> {
        let flips = self.flips(c, r);
        assert!(!flips.is_empty(), "naive board: ({c}, {r}) is not a legal move");
        for &(x, y) in &flips {
            self.set(x, y, self.to_move);
        }
        self.set(c, r, self.to_move);
        self.to_move = self.to_move.other();
        flips
    }

    /// Hands the turn over (no check: the caller knows it is a forced pass).
    pub fn pass(&mut self) {
        self.to_move = self.to_move.other();
    }

    /// Perft by docs/rules.md §4: a forced pass uses a ply; a finished game is a leaf at any depth.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            if self.moves_for(self.to_move.other()).is_empty() {
                return 1;
            }
            let mut next = self.clone();
            next.pass();
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

    /// The position string of docs/rules.md §5.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| match self.get(c, r) {
                        Cell::Empty => '-',
                        Cell::Black => 'X',
                        Cell::White => 'O',
                        Cell::Wall => '#',
                    })
                    .collect()
            })
            .collect();
        let side = if self.to_move == Cell::Black { 'X' } else { 'O' };
        format!("{} {side}", rows.join("/"))
    }
}

impl Board {
    /// The board of a position string (RULES §5): rows top to bottom separated by `/`, each
    /// cell `-` (empty), `X` (Black), `O` (White) or `#` (not playable), then the side to
    /// move. Parsed here, apart from the crate's parser, so that the naive model reads the
    /// perft data files on its own.
    pub fn from_text(text: &str) -> Board {
        let (rows, side) = text.trim().rsplit_once(' ').expect("rows, a space, the side to move");
        let rows: Vec<&str> = rows.split('/').collect();
        let width = rows[0].chars().count();
        let to_move = match side {
            "X" => Cell::Black,
            "O" => Cell::White,
            _ => panic!("side to move {side:?}"),
        };
        let mut board = Board::new(width, rows.len(), to_move);
        for (r, row) in rows.iter().enumerate() {
            assert_eq!(row.chars().count(), width, "row {r} of {text:?}");
            for (c, ch) in row.chars().enumerate() {
                let cell = match ch {
                    '-' => Cell::Empty,
                    'X' => Cell::Black,
                    'O' => Cell::White,
                    '#' => Cell::Wall,
                    _ => panic!("cell {ch:?} in {text:?}"),
                };
                board.set(c, r, cell);
            }
        }
        board
    }
}
