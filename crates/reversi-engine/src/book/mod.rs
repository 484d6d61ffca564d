//! Opening books: positions of the opening with their values, read instead of searched.
//!
//! A [`Book`] maps positions of one board (and scoring) to a [`BookEntry`]: a value for the
//! side to move in hundredths of a disc (the midgame search's unit), the depth of the search
//! behind it and where it comes from ([`Provenance`]). Every image of a position under the
//! board's symmetries shares one entry (eight on a square board, four on a rectangle, fewer
//! when blocked cells break them), and colours do not matter: a key is the side to move's
//! discs and the other side's. [`Book::moves`] gives a position's book moves, each valued as
//! the negation of its child's entry.
//!
//! Books are built by negamax through the book's tree ([`build`]), read and written in a
//! compact checked format ([`Book::from_bytes`], [`Book::to_bytes`]), and looked up by binary
//! search over the sorted keys.
//!
//! ```
//! use reversi_core::{Geometry, Position};
//! use reversi_engine::book::build::{BuildOptions, negamax};
//! use reversi_engine::book::Book;
//! use reversi_engine::Searcher;
//! use reversi_variants::Scoring;
//!
//! // A book of the start and its four children, valued by 3-ply searches.
//! let start = Position::default();
//! let mut positions = vec![start];
//! for square in start.legal_moves().iter() {
//!     let mut child = start;
//!     child.play(square)?;
//!     positions.push(child);
//! }
//! let options = BuildOptions { depth: 3, exact_empties: 0, scoring: Scoring::Discs };
//! let book = negamax(Geometry::STANDARD, positions, &mut Searcher::with_hash_mb(1), options, |_| {});
//! // The four children are images of each other: one entry, and one value for every move.
//! assert_eq!(book.len(), 2);
//! let moves = book.moves(&start);
//! assert_eq!(moves.len(), 4);
//! assert!(moves.iter().all(|m| m.value == moves[0].value));
//! assert_eq!(Book::from_bytes(&book.to_bytes())?.lookup(&start), book.lookup(&start));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod build;
mod error;
mod format;
mod lookup;
mod symmetry;

use std::sync::{Arc, OnceLock};

use reversi_core::{Geometry, Position};
use reversi_variants::Scoring;

pub use error::BookError;
pub use format::FORMAT_VERSION;
pub use lookup::BookMove;
use symmetry::{Key, Symmetries};

/// The standard 8×8 book's bytes ([`Book::standard`]).
pub const STANDARD_BYTES: &[u8] = include_bytes!("standard.book");

/// The other books built into the crate ([`Book::built_in`]), each learned from the engine's
/// self-play on its board under disc scoring: 10×10, the Octagon and 6×6.
const OTHER_BOARDS_BYTES: [&[u8]; 3] =
    [include_bytes!("ten_by_ten.book"), include_bytes!("octagon.book"), include_bytes!("six_by_six.book")];

/// Where a book value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Provenance {
    /// A leaf of the book: the value of a search of the position.
    Searched = 0,
    /// The best of the book's moves, negamaxed from their children's entries; the best move
    /// outside the book was searched and is no better.
    Negamax = 1,
    /// The best move is outside the book: its searched value beats every book move's.
    Deviation = 2,
    /// The exact value of the position (an exact solve or the game's end).
    Exact = 3,
}

impl Provenance {
    fn from_u8(byte: u8) -> Option<Provenance> {
        Some(match byte {
            0 => Provenance::Searched,
            1 => Provenance::Negamax,
            2 => Provenance::Deviation,
            3 => Provenance::Exact,
            _ => return None,
        })
    }
}

/// A position's entry in a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    value: i32,
    depth: u8,
    provenance: Provenance,
}

impl BookEntry {
    /// An entry: `value` for the side to move in hundredths of a disc (clamped to ±32 767),
    /// from a search of `depth` plies (the plies of the searches at the book's leaves and
    /// deviations; capped at 255).
    #[must_use]
    pub fn new(value: i32, depth: u32, provenance: Provenance) -> BookEntry {
        BookEntry {
            value: value.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)),
            depth: depth.min(255) as u8,
            provenance,
        }
    }

    /// The value for the side to move, in hundredths of a disc.
    #[must_use]
    pub const fn value(&self) -> i32 {
        self.value
    }

    /// The depth of the searches behind the value, in plies.
    #[must_use]
    pub fn depth(&self) -> u32 {
        u32::from(self.depth)
    }

    /// Where the value comes from.
    #[must_use]
    pub const fn provenance(&self) -> Provenance {
        self.provenance
    }
}

/// An opening book for one board and scoring: see the [module](self).
#[derive(Clone, Debug)]
pub struct Book {
    geometry: Geometry,
    scoring: Scoring,
    symmetries: Symmetries,
    /// Sorted, distinct; `entries[i]` is `keys[i]`'s.
    keys: Vec<Key>,
    entries: Vec<BookEntry>,
}

/// The canonical image of positions of one board: the orientation a book stores a position
/// in, Black to move, shared by every image of the position and by both colours. What a
/// book's builder counts positions by.
#[derive(Clone, Debug)]
pub struct Canonical {
    geometry: Geometry,
    symmetries: Symmetries,
}

impl Canonical {
    /// The canonical images of positions of `geometry`.
    #[must_use]
    pub fn new(geometry: Geometry) -> Canonical {
        Canonical { symmetries: Symmetries::new(&geometry), geometry }
    }

    /// The canonical image of `position`, `None` if it is of another board.
    #[must_use]
    pub fn of(&self, position: &Position) -> Option<Position> {
        (*position.geometry() == self.geometry)
            .then(|| self.symmetries.position(&self.symmetries.key(position), &self.geometry))
    }
}

/// A board and scoring as errors name them.
fn describe(geometry: &Geometry, scoring: Scoring) -> String {
    let blocked = geometry.unplayable().len();
    format!("{}x{} ({blocked} unplayable cells), {scoring} scoring", geometry.width(), geometry.height())
}

impl Book {
    /// A book of `entries` (each position in any orientation; a later entry for the same
    /// canonical position replaces an earlier one) for positions of `geometry` under
    /// `scoring`. Positions of another geometry are left out.
    #[must_use]
    pub fn from_entries(
        geometry: Geometry,
        scoring: Scoring,
        entries: impl IntoIterator<Item = (Position, BookEntry)>,
    ) -> Book {
        let symmetries = Symmetries::new(&geometry);
        let map: std::collections::BTreeMap<Key, BookEntry> = entries
            .into_iter()
            .filter(|(p, _)| *p.geometry() == geometry)
            .map(|(p, e)| (symmetries.key(&p), e))
            .collect();
        let (keys, entries) = map.into_iter().unzip();
        Book { geometry, scoring, symmetries, keys, entries }
    }

    /// Reads a book from its bytes ([`to_bytes`](Book::to_bytes)), checking its checksum and
    /// contents.
    ///
    /// # Errors
    /// [`BookError`]: not a book, another format version, truncated, damaged (checksum or
    /// contents). Never panics, whatever the bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        format::decode(bytes)
    }

    /// The standard 8×8 book under disc scoring, read once and shared: the positions met
    /// often in the WTHOR games of every year but 2012, 2017 and 2018 (held out to measure
    /// it), valued by negamax over 8-ply searches (`tools/src/bin/build_book.rs` rebuilds it;
    /// `benches/README.md` has its figures). It is built into the crate (`include_bytes!`), so
    /// that every player has it without a file to find at run time; reading it checks it as
    /// any other book.
    #[must_use]
    pub fn standard() -> Arc<Book> {
        static STANDARD: OnceLock<Arc<Book>> = OnceLock::new();
        Arc::clone(
            STANDARD.get_or_init(|| {
                Arc::new(Book::from_bytes(STANDARD_BYTES).expect("the built-in book is valid (tested)"))
            }),
        )
    }

    /// The book built into the crate for `geometry` under `scoring`, read once and shared:
    /// [`standard`](Book::standard) for the standard 8×8 board, and for 10×10, the Octagon
    /// and 6×6 a book learned from the engine's self-play (`build_book --self-play`; positions
    /// met often in the first 14 plies of 5 000 games of level 5 with variety, valued by
    /// negamax over 8-ply searches, 10-ply and exact from 20 empties on 6×6), all under disc
    /// scoring. `None` for any other board or scoring (blocked cells, handicaps and the other
    /// sizes have no book).
    #[must_use]
    pub fn built_in(geometry: &Geometry, scoring: Scoring) -> Option<Arc<Book>> {
        static OTHERS: OnceLock<Vec<Arc<Book>>> = OnceLock::new();
        if *geometry == Geometry::STANDARD {
            let standard = Book::standard();
            return standard.check(geometry, scoring).is_ok().then_some(standard);
        }
        let others = OTHERS.get_or_init(|| {
            OTHER_BOARDS_BYTES
                .iter()
                .map(|bytes| Arc::new(Book::from_bytes(bytes).expect("the built-in books are valid (tested)")))
                .collect()
        });
        others.iter().find(|book| book.check(geometry, scoring).is_ok()).map(Arc::clone)
    }

    /// Reads the book in the file at `path`.
    ///
    /// # Errors
    /// [`BookError::Io`] if the file cannot be read, else as [`from_bytes`](Book::from_bytes).
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BookError::Io { path: path.to_owned(), source })?;
        Book::from_bytes(&bytes)
    }

    /// The book's bytes, which [`from_bytes`](Book::from_bytes) reads back.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        format::encode(self)
    }

    /// The board.
    #[must_use]
    pub const fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The scoring its values are under.
    #[must_use]
    pub const fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The number of positions (canonical: the images of a position count once).
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The number of the board's symmetries whose images share an entry (the identity
    /// included).
    #[must_use]
    pub fn symmetries(&self) -> usize {
        self.symmetries.count()
    }

    /// Checks that the book is for `geometry` under `scoring`.
    ///
    /// # Errors
    /// [`BookError::ForeignBoard`] if it is for another board or scoring.
    pub fn check(&self, geometry: &Geometry, scoring: Scoring) -> Result<(), BookError> {
        if self.geometry == *geometry && self.scoring == scoring {
            Ok(())
        } else {
            Err(BookError::ForeignBoard {
                book: describe(&self.geometry, self.scoring),
                wanted: describe(geometry, scoring),
            })
        }
    }

    /// Every position of the book with its entry, one orientation a position (the one of
    /// its key), in the order of the keys.
    pub fn positions(&self) -> impl Iterator<Item = (Position, BookEntry)> + '_ {
        self.keys.iter().zip(&self.entries).map(|(key, entry)| (self.symmetries.position(key, &self.geometry), *entry))
    }
}
