//! The bitboard code against the naive model of `naive/`: on random boards of every even
//! size from 4×4 to 16×16 (rectangles too), the Octagon, random unplayable cells, random discs
//! and either side to move, both must give the same legal moves, flips, results of play,
//! passes, game ends and perft counts. Playouts also check that discs are conserved and that
//! unplayable cells stay empty.

mod common;
mod naive;

use common::{any_case, coords, same, square, start_case};
use naive::Cell;
use proptest::collection::vec;
use proptest::prelude::*;
use reversi_core::{Color, MoveError, Position, Square, perft, perft_parallel};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn conversion_keeps_the_board(case in any_case()) {
        same(&case.position(), &case.naive)?;
    }

    #[test]
    fn legal_moves_agree(case in any_case()) {
        let pos = case.position();
        prop_assert_eq!(coords(pos.legal_moves()), case.naive.legal_moves(), "{}", case.naive.to_text());
    }

    #[test]
    fn flips_agree_on_every_cell(case in any_case()) {
        let pos = case.position();
        for r in 0..case.naive.height {
            for c in 0..case.naive.width {
                let expected = case.naive.flips(c, r);
                prop_assert_eq!(coords(pos.flips(square(c, r))), expected.clone(), "cell {}", square(c, r));
                prop_assert_eq!(pos.is_legal(square(c, r)), !expected.is_empty());
            }
        }
    }

    #[test]
    fn play_agrees(case in any_case()) {
        let pos = case.position();
        for (c, r) in case.naive.legal_moves() {
            let (mut mine, mut theirs) = (pos, case.naive.clone());
            let flipped = mine.play(square(c, r)).expect("a legal move");
            prop_assert_eq!(coords(flipped), theirs.play(c, r));
            same(&mine, &theirs)?;
            let mut unchecked = pos;
            prop_assert_eq!(unchecked.play_unchecked(square(c, r)), flipped);
            prop_assert_eq!(unchecked, mine);
        }
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(case in any_case()) {
        let pos = case.position();
        let legal = case.naive.legal_moves();
        for index in 0..=255u8 {
            let sq = Square::from_index(index);
            let (c, r) = (usize::from(sq.column()), usize::from(sq.row()));
            if legal.contains(&(c, r)) {
                continue;
            }
            let expected = if c >= case.naive.width || r >= case.naive.height {
                MoveError::OffBoard { square: sq }
            } else {
                match case.naive.get(c, r) {
                    Cell::Wall => MoveError::Unplayable { square: sq },
                    Cell::Black | Cell::White => MoveError::Occupied { square: sq },
                    Cell::Empty => MoveError::NoFlips { square: sq },
                }
            };
            prop_assert!(pos.flips(sq).is_empty() && !pos.is_legal(sq), "{} is no move", sq);
            let mut after = pos;
            prop_assert_eq!(after.play(sq), Err(expected));
            prop_assert_eq!(after, pos);
        }
    }

    #[test]
    fn pass_and_game_over_agree(case in any_case()) {
        let pos = case.position();
        let naive = &case.naive;
        prop_assert_eq!(pos.has_legal_moves(), !naive.legal_moves().is_empty());
        prop_assert_eq!(pos.must_pass(), naive.must_pass());
        prop_assert_eq!(pos.is_game_over(), naive.game_over());
        let mut after = pos;
        let result = after.pass();
        if naive.must_pass() {
            prop_assert_eq!(result, Ok(()));
            let mut passed = naive.clone();
            passed.pass();
            same(&after, &passed)?;
        } else {
            let color = pos.side_to_move();
            let expected = if naive.game_over() { MoveError::GameOver } else { MoveError::PassWithMoves { color } };
            prop_assert_eq!(result, Err(expected));
            prop_assert_eq!(after, pos);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn perft_agrees(case in prop_oneof![any_case(), start_case()], deep in any::<bool>()) {
        let pos = case.position();
        // Depth 3 only on small boards: the naive model is slow, and more so in a debug build.
        let depth = if deep && case.naive.width * case.naive.height <= 64 { 3 } else { 2 };
        for d in 0..=depth {
            let expected = case.naive.perft(d);
            prop_assert_eq!(perft(&pos, d), expected, "depth {} of {}", d, case.naive.to_text());
            prop_assert_eq!(perft_parallel(&pos, d, 2), expected, "parallel, depth {}", d);
        }
    }

    #[test]
    fn playouts_agree(case in prop_oneof![start_case(), any_case()], choices in vec(any::<u16>(), 300)) {
        let mut pos = case.position();
        let mut naive = case.naive.clone();
        let unplayable = pos.geometry().unplayable();
        for choice in choices {
            same(&pos, &naive)?;
            prop_assert!(!(pos.discs(Color::Black) | pos.discs(Color::White)).intersects(unplayable));
            prop_assert!((pos.discs(Color::Black) | pos.discs(Color::White)).is_subset(pos.geometry().area()));
            let moves = naive.legal_moves();
            prop_assert_eq!(coords(pos.legal_moves()), moves.clone());
            if moves.is_empty() {
                if naive.game_over() {
                    prop_assert!(pos.is_game_over());
                    prop_assert_eq!(pos.pass(), Err(MoveError::GameOver));
                    break;
                }
                pos.pass().expect("a forced pass");
                naive.pass();
                continue;
            }
            let (c, r) = moves[usize::from(choice) % moves.len()];
            let mover = pos.side_to_move();
            let before = (pos.count(mover), pos.count(!mover));
            let flipped = pos.play(square(c, r)).expect("a legal move");
            prop_assert_eq!(coords(flipped), naive.play(c, r));
            // A move adds one disc of the mover and turns the flipped ones: one more disc in all.
            let n = flipped.len();
            prop_assert!(n >= 1);
            prop_assert_eq!(pos.count(mover), before.0 + 1 + n);
            prop_assert_eq!(pos.count(!mover) + n, before.1);
            prop_assert_eq!(pos.count(mover) + pos.count(!mover), before.0 + before.1 + 1);
            prop_assert_eq!(pos.side_to_move(), !mover);
        }
    }
}

/// The start on every rectangle is the four centre discs of the rules, Black to move.
#[test]
fn start_positions_match_the_rules() {
    for width in (4u8..=16).step_by(2) {
        for height in (4..=16).step_by(2) {
            let mut naive = naive::Board::new(width.into(), height.into(), Cell::Black);
            naive.place_start();
            let geometry = reversi_core::Geometry::rectangle(width, height).expect("valid size");
            let pos = Position::start(geometry).expect("the centre is playable");
            same(&pos, &naive).expect("same start");
            assert_eq!(pos.to_string(), naive.to_text());
        }
    }
    let mut octagon = naive::Board::octagon(Cell::Black);
    octagon.place_start();
    let pos = Position::start(reversi_core::Geometry::octagon()).expect("the centre is playable");
    same(&pos, &octagon).expect("same Octagon start");
    assert_eq!(pos.geometry().playable().len(), 88);
}

/// The naive model itself against the table of the rules, so that agreeing with it means
/// something.
#[test]
fn naive_perft_matches_the_table() {
    let mut start = naive::Board::new(8, 8, Cell::Black);
    start.place_start();
    let counts: Vec<u64> = (1..=5).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [4, 12, 56, 244, 1396]);
}
