//! Pictures as plain SVG text, written here with no dependency: a board diagram of any
//! position of any variant ([`Diagram`]), and a graph of a game's evaluation with its mistakes
//! marked ([`EvaluationGraph`]).
//!
//! The diagram draws every cell of the board's rectangle: playable cells green, blocked cells
//! brown, the Octagon's cut corners left out (the page shows through), discs black and white,
//! handicap discs with a gold ring, legal moves as small dark dots, the last move as a red dot
//! on its disc, and the coordinates (`a`… across the top, `1`… down the left, row 1 at the
//! top as in every text form of the workspace).
//!
//! ```
//! use reversi_variants::svg::Diagram;
//! use reversi_variants::{Board, Game, Rules};
//!
//! let mut game = Game::new(Rules::builder().board(Board::Octagon).build()?, 1)?;
//! let first = game.legal_move_list()[0];
//! game.play(first)?;
//! let svg = Diagram::of_game(&game).to_string();
//! assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod graph;

use core::fmt::{self, Write as _};

use reversi_core::{Bitboard, Color, Geometry, Position, Square};

use crate::{Game, Move};

pub use graph::{EvaluationGraph, GraphMark};

/// The colours of the pictures, as SVG writes them: fixed, so that a test can read them back.
pub mod colours {
    /// The page around the board.
    pub const PAGE: &str = "#f4f1e8";
    /// A playable cell.
    pub const CELL: &str = "#2e7d4f";
    /// The lines between cells.
    pub const GRID: &str = "#1b4d30";
    /// A blocked cell.
    pub const BLOCKED: &str = "#8b5a2b";
    /// A black disc.
    pub const BLACK: &str = "#111111";
    /// A white disc.
    pub const WHITE: &str = "#f7f7f7";
    /// The ring around a handicap disc.
    pub const HANDICAP: &str = "#d4a017";
    /// The dot of a legal move.
    pub const LEGAL: &str = "#0b2e1a";
    /// The dot of the last move.
    pub const LAST: &str = "#e03030";
    /// The line of an evaluation graph.
    pub const EVALUATION: &str = "#1f5fbf";
    /// Coordinates and axis labels.
    pub const TEXT: &str = "#333333";
}

/// Whether the coordinates are drawn around the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Coordinates {
    /// Letters across the top, numbers down the left.
    #[default]
    Shown,
    /// The board alone.
    Hidden,
}

/// A board diagram of one position (see the module's documentation for what it shows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    position: Position,
    blocked: Bitboard,
    handicap: Bitboard,
    legal: Bitboard,
    last: Option<Square>,
    coordinates: Coordinates,
    cell: u32,
}

/// The cells the Octagon cuts away, when `geometry` is the Octagon's 10×10 and they are cut.
fn octagon_cuts(geometry: &Geometry) -> Bitboard {
    let octagon = Geometry::octagon();
    let cuts = octagon.area() - octagon.playable();
    let same_size = (geometry.width(), geometry.height()) == (octagon.width(), octagon.height());
    if same_size && cuts.is_subset(geometry.unplayable()) { cuts } else { Bitboard::EMPTY }
}

impl Diagram {
    /// The side of a cell in SVG units (pixels, at scale 1), by default.
    pub const CELL: u32 = 40;

    /// A diagram of `position` alone: its unplayable cells drawn as blocked, but for the
    /// Octagon's cut corners; no legal moves, no last move, coordinates shown.
    #[must_use]
    pub fn new(position: &Position) -> Diagram {
        let geometry = position.geometry();
        Diagram {
            position: *position,
            blocked: geometry.unplayable() - octagon_cuts(geometry),
            handicap: Bitboard::EMPTY,
            legal: Bitboard::EMPTY,
            last: None,
            coordinates: Coordinates::Shown,
            cell: Diagram::CELL,
        }
    }

    /// A diagram of `game` as it stands: its blocked cells and handicap discs, the legal moves
    /// of the side to move, and its last disc placed.
    #[must_use]
    pub fn of_game(game: &Game) -> Diagram {
        let last = game.history().iter().rev().find_map(|ply| match ply.played() {
            Move::Place(sq) => Some(sq),
            Move::Pass => None,
        });
        Diagram {
            blocked: game.blocked(),
            handicap: game.rules().handicap_corners(),
            legal: game.legal_moves(),
            last,
            ..Diagram::new(game.position())
        }
    }

    /// The same diagram with these cells marked as legal moves.
    #[must_use]
    pub fn with_legal_moves(mut self, cells: Bitboard) -> Diagram {
        self.legal = cells;
        self
    }

    /// The same diagram with `square` marked as the last move (or none).
    #[must_use]
    pub fn with_last_move(mut self, square: Option<Square>) -> Diagram {
        self.last = square;
        self
    }

    /// The same diagram with or without its coordinates.
    #[must_use]
    pub fn with_coordinates(mut self, coordinates: Coordinates) -> Diagram {
        self.coordinates = coordinates;
        self
    }

    /// The same diagram with cells of `side` units (at least 8; smaller sides are raised to 8).
    #[must_use]
    pub fn with_cell_size(mut self, side: u32) -> Diagram {
        self.cell = side.max(8);
        self
    }

    /// The margin left for the coordinates, in units.
    fn margin(&self) -> u32 {
        match self.coordinates {
            Coordinates::Shown => self.cell / 2 + 4,
            Coordinates::Hidden => 4,
        }
    }

    /// The centre of `square` in the picture, in units (for tests and for callers who draw on
    /// top of the diagram).
    #[must_use]
    pub fn centre(&self, square: Square) -> (f64, f64) {
        let (m, c) = (f64::from(self.margin()), f64::from(self.cell));
        (m + (f64::from(square.column()) + 0.5) * c, m + (f64::from(square.row()) + 0.5) * c)
    }

    /// The picture's width and height, in units.
    #[must_use]
    pub fn size(&self) -> (u32, u32) {
        let g = self.position.geometry();
        let m = self.margin();
        (2 * m + u32::from(g.width()) * self.cell, 2 * m + u32::from(g.height()) * self.cell)
    }
}

impl fmt::Display for Diagram {
    /// The SVG document, one element a line, ending with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.position.geometry();
        let (width, height) = self.size();
        let (m, c) = (self.margin(), self.cell);
        writeln!(
            f,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
        )?;
        writeln!(f, r#"<rect width="{width}" height="{height}" fill="{}"/>"#, colours::PAGE)?;
        let cuts = octagon_cuts(g);
        let mut body = String::new();
        for sq in g.area().iter() {
            let (x, y) = (m + u32::from(sq.column()) * c, m + u32::from(sq.row()) * c);
            let fill = if self.blocked.contains(sq) {
                colours::BLOCKED
            } else if cuts.contains(sq) || !g.is_playable(sq) {
                continue;
            } else {
                colours::CELL
            };
            writeln!(
                body,
                r#"<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="{fill}" stroke="{}" stroke-width="1"/>"#,
                colours::GRID
            )?;
        }
        f.write_str(&body)?;
        let radius = f64::from(c) * 0.42;
        for colour in Color::ALL {
            let (fill, stroke) = match colour {
                Color::Black => (colours::BLACK, colours::BLACK),
                Color::White => (colours::WHITE, "#9a9a9a"),
            };
            for sq in self.position.discs(colour).iter() {
                let (x, y) = self.centre(sq);
                writeln!(
                    f,
                    r#"<circle cx="{x}" cy="{y}" r="{radius:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#
                )?;
                if self.handicap.contains(sq) {
                    let ring = radius * 0.75;
                    writeln!(
                        f,
                        r#"<circle cx="{x}" cy="{y}" r="{ring:.1}" fill="none" stroke="{}" stroke-width="{:.1}"/>"#,
                        colours::HANDICAP,
                        f64::from(c) * 0.08
                    )?;
                }
            }
        }
        for sq in (self.legal & g.playable()).iter() {
            let (x, y) = self.centre(sq);
            writeln!(
                f,
                r#"<circle cx="{x}" cy="{y}" r="{:.1}" fill="{}" fill-opacity="0.6"/>"#,
                f64::from(c) * 0.12,
                colours::LEGAL
            )?;
        }
        if let Some(sq) = self.last.filter(|sq| g.contains(*sq)) {
            let (x, y) = self.centre(sq);
            writeln!(f, r#"<circle cx="{x}" cy="{y}" r="{:.1}" fill="{}"/>"#, f64::from(c) * 0.1, colours::LAST)?;
        }
        if self.coordinates == Coordinates::Shown {
            let size = c * 2 / 5;
            let style =
                format!(r#"font-family="sans-serif" font-size="{size}" fill="{}" text-anchor="middle""#, colours::TEXT);
            for column in 0..g.width() {
                let x = m + u32::from(column) * c + c / 2;
                let letter = char::from(b'a' + column);
                writeln!(f, r#"<text x="{x}" y="{}" {style}>{letter}</text>"#, m - 4)?;
            }
            for row in 0..g.height() {
                let y = m + u32::from(row) * c + c / 2 + size / 3;
                writeln!(f, r#"<text x="{}" y="{y}" {style}>{}</text>"#, m / 2, u32::from(row) + 1)?;
            }
        }
        writeln!(f, "</svg>")
    }
}

impl Game {
    /// The game as it stands as an SVG board diagram (see [`Diagram::of_game`]).
    #[must_use]
    pub fn svg(&self) -> String {
        Diagram::of_game(self).to_string()
    }
}
