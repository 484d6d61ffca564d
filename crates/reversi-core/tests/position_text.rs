//! Position strings of docs/rules.md §5 both ways, on known positions of several boards, and the
//! terminal diagram.

use reversi_core::{Bitboard, Color, Geometry, Position, Square, diagram};

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn parse(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

const START_8X8: &str = "--------/--------/--------/---OX---/---XO---/--------/--------/-------- X";

#[test]
fn the_8x8_start_of_the_rules() {
    assert_eq!(Position::default().to_string(), START_8X8);
    assert_eq!(parse(START_8X8), Position::default());
    let pos = parse(START_8X8);
    assert_eq!(pos.disc_at(sq("d4")), Some(Color::White));
    assert_eq!(pos.disc_at(sq("e4")), Some(Color::Black));
    assert_eq!(pos.disc_at(sq("d5")), Some(Color::Black));
    assert_eq!(pos.disc_at(sq("e5")), Some(Color::White));
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(*pos.geometry(), Geometry::STANDARD);
}

#[test]
fn lower_case_discs_and_side_are_read() {
    let pos = parse("--------/--------/--------/---ox---/---xo---/--------/--------/-------- x");
    assert_eq!(pos, Position::default());
}

#[test]
fn after_a_move_white_is_to_move() {
    let mut pos = Position::default();
    pos.play(sq("f5")).unwrap();
    let text = "--------/--------/--------/---OX---/---XXX--/--------/--------/-------- O";
    assert_eq!(pos.to_string(), text);
    assert_eq!(parse(text), pos);
}

#[test]
fn other_sizes_start_in_their_centre() {
    let cases = [
        (6, 4, "------/--OX--/--XO--/------ X"),
        (4, 4, "----/-OX-/-XO-/---- X"),
        (4, 6, "----/----/-OX-/-XO-/----/---- X"),
    ];
    for (w, h, text) in cases {
        let pos = Position::start(Geometry::rectangle(w, h).unwrap()).unwrap();
        assert_eq!(pos.to_string(), text, "{w}x{h}");
        assert_eq!(parse(text), pos);
    }
    let big = Position::start(Geometry::rectangle(16, 16).unwrap()).unwrap();
    let text = big.to_string();
    let rows: Vec<&str> = text.split(' ').next().unwrap().split('/').collect();
    assert_eq!(rows.len(), 16);
    assert!(rows.iter().all(|r| r.len() == 16));
    assert_eq!(rows[7], "-------OX-------");
    assert_eq!(rows[8], "-------XO-------");
    assert_eq!(parse(&text), big);
}

#[test]
fn the_octagon_shows_its_cut_corners() {
    let text = "##------##/#--------#/----------/----------/----OX----/\
                ----XO----/----------/----------/#--------#/##------## X";
    let pos = Position::start(Geometry::octagon()).unwrap();
    assert_eq!(pos.to_string(), text);
    let read = parse(text);
    assert_eq!(read, pos);
    assert_eq!(*read.geometry(), Geometry::octagon());
    assert_eq!(read.geometry().playable().len(), 88);
}

#[test]
fn hash_marks_blocked_cells() {
    let text = "#-------/--------/--#-----/---OX---/---XO---/--------/--------/-------# O";
    let pos = parse(text);
    let blocked: Bitboard = [sq("a1"), sq("c3"), sq("h8")].into_iter().collect();
    assert_eq!(pos.geometry().unplayable(), blocked);
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.to_string(), text);
    // A blocked cell ends a line as the edge does: nothing is flanked across it.
    let rest = "/--------".repeat(7);
    assert_eq!(parse(&format!("XOOO----{rest} X")).legal_moves(), Bitboard::from_square(sq("e1")));
    assert_eq!(parse(&format!("XO#O----{rest} X")).legal_moves(), Bitboard::EMPTY);
}

#[test]
fn diagram_marks_moves() {
    let pos = Position::default();
    let expected = "    a b c d e f g h\n  1 . . . . . . . .\n  2 . . . . . . . .\n  3 . . . * . . . .\n  4 . . * O X . . .\n  5 . . . X O * . .\n  6 . . . . * . . .\n  7 . . . . . . . .\n  8 . . . . . . . .\n";
    assert_eq!(diagram(&pos, pos.legal_moves()), expected);
    let octagon = diagram(&Position::start(Geometry::octagon()).unwrap(), Bitboard::EMPTY);
    // The cut corners are blank, blocked cells `#`; no row ends in blanks.
    assert!(octagon.contains("\n 10     . . . . . .\n"), "{octagon}");
    assert!(octagon.contains("\n  5 . . . . O X . . . .\n"), "{octagon}");
    let blocked = Geometry::octagon().with_unplayable(Bitboard::from_square("c1".parse().unwrap())).unwrap();
    let drawn = diagram(&Position::start(blocked).unwrap(), Bitboard::EMPTY);
    assert!(drawn.starts_with("    a b c d e f g h i j\n  1     # . . . . .\n  2   . . . . . . . .\n"), "{drawn}");
    // A rectangle of the same size has no cut corners.
    let square = diagram(&Position::start(Geometry::rectangle(10, 10).unwrap()).unwrap(), Bitboard::EMPTY);
    assert!(square.contains("\n  1 . . . . . . . . . .\n"), "{square}");
}
