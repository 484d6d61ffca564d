//! The opening book: its format round-trips, every damaged or foreign file is a typed error
//! (never a panic, whatever the bytes), symmetric positions share an entry, and negamax
//! through the tree takes the best of the book's moves and the searched deviation.

use proptest::prelude::*;
use reversi_core::{Bitboard, Geometry, Position, Square};
use reversi_engine::Searcher;
use reversi_engine::book::build::{BuildOptions, negamax};
use reversi_engine::book::{Book, BookEntry, BookError, FORMAT_VERSION, Provenance};
use reversi_variants::Scoring;

/// The positions of every line of `plies` moves from `start`.
fn lines(start: Position, plies: u32) -> Vec<Position> {
    let mut out = vec![start];
    let mut frontier = vec![start];
    for _ in 0..plies {
        let mut next = Vec::new();
        for p in &frontier {
            for sq in p.legal_moves().iter() {
                let mut child = *p;
                child.play_unchecked(sq);
                next.push(child);
            }
        }
        out.extend_from_slice(&next);
        frontier = next;
    }
    out
}

fn small_book() -> Book {
    let options = BuildOptions { depth: 2, exact_empties: 0, scoring: Scoring::Discs };
    negamax(Geometry::STANDARD, lines(Position::default(), 3), &mut Searcher::with_hash_mb(1), options, |_| {})
}

/// The eight images of an 8×8 position.
fn images(p: &Position) -> Vec<Position> {
    let map = |bits: Bitboard, k: usize| -> Bitboard {
        bits.iter()
            .map(|sq| {
                let (c, r) = if k >= 4 { (sq.row(), sq.column()) } else { (sq.column(), sq.row()) };
                let c = if k & 1 == 1 { 7 - c } else { c };
                let r = if k & 2 == 2 { 7 - r } else { r };
                Square::new(c, r).unwrap()
            })
            .collect()
    };
    let (b, w) = (p.discs(reversi_core::Color::Black), p.discs(reversi_core::Color::White));
    (0..8).map(|k| Position::from_parts(*p.geometry(), map(b, k), map(w, k), p.side_to_move()).unwrap()).collect()
}

#[test]
fn the_bytes_read_back_as_the_same_book() {
    let book = small_book();
    // The start, one first move, 3 second moves, 14 third moves (canonical).
    assert!(book.len() > 10, "{}", book.len());
    let again = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(again.len(), book.len());
    assert!(book.positions().eq(again.positions()));
    assert_eq!(again.to_bytes(), book.to_bytes());
}

#[test]
fn every_image_and_either_colour_finds_the_entry() {
    let book = small_book();
    for (position, entry) in book.positions() {
        for image in images(&position) {
            assert_eq!(book.lookup(&image), Some(entry));
            let swapped = Position::from_parts(
                *image.geometry(),
                image.discs(reversi_core::Color::White),
                image.discs(reversi_core::Color::Black),
                !image.side_to_move(),
            )
            .unwrap();
            assert_eq!(book.lookup(&swapped), Some(entry));
        }
    }
}

#[test]
fn a_book_node_is_the_best_of_its_book_moves_and_its_deviation() {
    let book = small_book();
    let start = Position::default();
    let entry = book.lookup(&start).unwrap();
    let best_book = book.moves(&start)[0].value;
    match entry.provenance() {
        Provenance::Negamax => assert_eq!(entry.value(), best_book),
        // The start's four moves are all in the book: nothing to deviate to.
        other => panic!("the start's value comes from {other:?}"),
    }
    // The leaves (three plies deep) were searched.
    let leaves = book.positions().filter(|(p, _)| p.empty_cells().len() == 57).count();
    assert!(leaves > 0);
    assert!(
        book.positions()
            .filter(|(p, _)| p.empty_cells().len() == 57)
            .all(|(_, e)| e.provenance() == Provenance::Searched)
    );
    // Two-ply nodes have moves outside the book (only 3 plies are in it, all of them): none.
    for (p, e) in book.positions().filter(|(p, _)| p.empty_cells().len() < 60 && p.empty_cells().len() > 57) {
        assert_eq!(e.value(), book.moves(&p)[0].value, "every move of a node above the leaves is in the book");
    }
}

#[test]
fn a_foreign_board_is_refused_with_a_typed_error() {
    let book = small_book();
    let ten = Geometry::rectangle(10, 10).unwrap();
    assert!(matches!(book.check(&ten, Scoring::Discs), Err(BookError::ForeignBoard { .. })));
    assert!(matches!(book.check(&Geometry::STANDARD, Scoring::Wof), Err(BookError::ForeignBoard { .. })));
    assert!(book.check(&Geometry::STANDARD, Scoring::Discs).is_ok());
    assert_eq!(book.lookup(&Position::start(ten).unwrap()), None);
}

#[test]
fn damaged_files_are_typed_errors() {
    let bytes = small_book().to_bytes();
    assert!(matches!(Book::from_bytes(b"hello"), Err(BookError::NotABook)));
    assert!(matches!(Book::from_bytes(&bytes[..bytes.len() - 1]), Err(BookError::Truncated { .. })));
    assert!(matches!(Book::from_bytes(&bytes[..20]), Err(BookError::Truncated { .. })));
    let mut flipped = bytes.clone();
    flipped[100] ^= 4;
    assert!(matches!(Book::from_bytes(&flipped), Err(BookError::Checksum { .. })));
    let mut version = bytes.clone();
    version[8..10].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    assert!(matches!(Book::from_bytes(&version), Err(BookError::Version { found, .. }) if found == FORMAT_VERSION + 1));
    let mut longer = bytes;
    longer.push(0);
    assert!(matches!(Book::from_bytes(&longer), Err(BookError::Damaged(_))));
    assert!(matches!(Book::load("/nonexistent/book.bin"), Err(BookError::Io { .. })));
}

#[test]
fn entries_keep_their_value_depth_and_provenance() {
    let e = BookEntry::new(-123_456, 300, Provenance::Deviation);
    assert_eq!((e.value(), e.depth(), e.provenance()), (-32_767, 255, Provenance::Deviation));
    let ten = Geometry::rectangle(10, 6).unwrap();
    let p = Position::start(ten).unwrap();
    let book = Book::from_entries(ten, Scoring::Wof, [(p, BookEntry::new(42, 7, Provenance::Exact))]);
    let back = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(back.lookup(&p), Some(BookEntry::new(42, 7, Provenance::Exact)));
    assert_eq!(back.symmetries(), 4);
    assert_eq!(back.scoring(), Scoring::Wof);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random bytes, with the magic or without: an error or a book, never a panic.
    #[test]
    fn random_bytes_never_panic(magic in any::<bool>(), tail in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut bytes = if magic { b"RVKBOOK\x1a".to_vec() } else { Vec::new() };
        bytes.extend_from_slice(&tail);
        let _ = Book::from_bytes(&bytes);
    }

    /// A real book with bytes changed, cut or inserted: an error, never a panic.
    #[test]
    fn mutated_books_are_errors(at in 0usize..2000, byte in any::<u8>(), cut in any::<bool>()) {
        let bytes = Book::from_entries(
            Geometry::STANDARD,
            Scoring::Discs,
            lines(Position::default(), 2).into_iter().map(|p| (p, BookEntry::new(5, 3, Provenance::Searched))),
        )
        .to_bytes();
        let at = at % bytes.len();
        let mut mutated = bytes.clone();
        if cut {
            mutated.truncate(at);
        } else {
            mutated[at] ^= byte.max(1);
        }
        prop_assert!(Book::from_bytes(&mutated).is_err());
    }
}

#[test]
fn the_standard_book_reads_and_its_values_are_negamaxed() {
    let book = Book::from_bytes(reversi_engine::book::STANDARD_BYTES).unwrap();
    assert!(book.len() > 5000, "{}", book.len());
    book.check(&Geometry::STANDARD, Scoring::Discs).unwrap();
    assert_eq!(book.symmetries(), 8);
    assert_eq!(book.moves(&Position::default()).len(), 4);
    let mut deviations = 0;
    for (p, e) in book.positions().filter(|(p, _)| !p.must_pass()) {
        let best_book = book.moves(&p).first().map(|m| m.value);
        match e.provenance() {
            Provenance::Negamax => assert_eq!(Some(e.value()), best_book, "{p}"),
            Provenance::Deviation => {
                deviations += 1;
                assert!(best_book.is_some_and(|b| b < e.value()), "{p}");
            }
            Provenance::Searched => assert_eq!(best_book, None, "{p}"),
            Provenance::Exact => {}
        }
    }
    assert!(deviations > 0, "some book moves are beaten by a move outside the book");
}

#[test]
fn a_player_plays_book_moves_reproducibly_and_can_leave_the_book() {
    use reversi_engine::player::{EnginePlayer, Level};
    use reversi_engine::variety::Variety;
    use reversi_variants::players::Player;
    use reversi_variants::{Game, Move, Rules};

    let book = Book::standard();
    let opening = |seed: u64| {
        let mut game = Game::new(Rules::default(), 0).unwrap();
        let mut player = EnginePlayer::new(Level::new(1).unwrap()).with_variety(Variety::new(1.0, 1.0).unwrap(), seed);
        let mut moves = Vec::new();
        for _ in 0..6 {
            let position = *game.position();
            let mv = player.choose(&game).unwrap();
            if book.lookup(&position).is_some() && !book.moves(&position).is_empty() {
                let Move::Place(sq) = mv else { panic!("a pass in the opening") };
                // In the book, within level 1's margin of the position's value.
                let chosen = book.moves(&position).into_iter().find(|m| m.square == sq);
                let value = book.lookup(&position).unwrap().value();
                assert!(chosen.is_some_and(|m| m.value >= value - 400), "{mv} at {position}");
            }
            game.play(mv).unwrap();
            moves.push(mv);
        }
        moves
    };
    assert_eq!(opening(3), opening(3), "the same seed, the same opening");
    assert!((0..8).map(opening).collect::<std::collections::HashSet<_>>().len() > 1, "seeds vary the opening");
    let player = EnginePlayer::new(Level::new(1).unwrap()).without_book();
    assert!(player.book_for(&reversi_core::Geometry::STANDARD, reversi_variants::Scoring::Discs).is_none());
    let twelve = Game::new(
        Rules::builder().board(reversi_variants::Board::Rectangle { width: 12, height: 12 }).build().unwrap(),
        0,
    )
    .unwrap();
    // Off the books' boards the player searches.
    assert!(
        EnginePlayer::new(Level::new(1).unwrap())
            .book_for(twelve.position().geometry(), twelve.rules().scoring())
            .is_none()
    );
    assert!(EnginePlayer::new(Level::new(1).unwrap()).choose(&twelve).is_some());
}

/// The books built in for 10×10, the Octagon and 6×6: each read, for its board under disc
/// scoring, holding its start, every book move legal, and played by a player on that board by
/// default; boards and scorings without a book have none.
#[test]
fn the_other_boards_built_in_books_are_theirs_and_players_use_them() {
    use reversi_engine::player::{EnginePlayer, Level};
    use reversi_variants::players::Player;
    use reversi_variants::{Blocked, Board, Game, Move, Rules, Scoring};

    let boards = [Board::Rectangle { width: 10, height: 10 }, Board::Octagon, Board::Rectangle { width: 6, height: 6 }];
    for board in boards {
        let game = Game::new(Rules::builder().board(board).build().unwrap(), 0).unwrap();
        let geometry = *game.position().geometry();
        let book = Book::built_in(&geometry, Scoring::Discs).unwrap_or_else(|| panic!("{board:?}: a book"));
        assert_eq!(*book.geometry(), geometry, "{board:?}");
        assert!(book.len() >= 300, "{board:?}: {} positions", book.len());
        assert!(book.lookup(game.position()).is_some(), "{board:?}: the start");
        for (position, _) in book.positions().take(200) {
            for m in book.moves(&position) {
                assert!(position.is_legal(m.square), "{board:?}: {} at {position}", m.square);
            }
        }
        let mut player = EnginePlayer::new(Level::new(10).unwrap());
        assert!(player.book_for(&geometry, Scoring::Discs).is_some_and(|b| std::sync::Arc::ptr_eq(&b, &book)));
        let Some(Move::Place(square)) = player.choose(&game) else { panic!("{board:?}: a move") };
        assert!(book.moves(game.position()).iter().any(|m| m.square == square), "{board:?}: {square} from the book");
        assert!(Book::built_in(&geometry, Scoring::Wof).is_none(), "{board:?}: no WOF book");
    }
    let blocked = Game::new(Rules::builder().blocked(Blocked::Count(2)).build().unwrap(), 5).unwrap();
    assert!(Book::built_in(blocked.position().geometry(), Scoring::Discs).is_none());
    let rectangle =
        Game::new(Rules::builder().board(Board::Rectangle { width: 8, height: 6 }).build().unwrap(), 0).unwrap();
    assert!(Book::built_in(rectangle.position().geometry(), Scoring::Discs).is_none());
    assert!(
        Book::built_in(&reversi_core::Geometry::STANDARD, Scoring::Discs)
            .is_some_and(|b| b.len() == Book::standard().len())
    );
}
