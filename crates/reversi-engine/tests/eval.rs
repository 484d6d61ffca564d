//! The evaluation's features do not depend on which way the board is turned, and its cell
//! sets agree with a naive reading of their definitions.

mod common;

use common::{Rng, random_position, random_step};
use proptest::prelude::*;
use reversi_core::{Bitboard, Position};
use reversi_engine::eval::Evaluator;

/// `position` mirrored left to right (`columns`) and/or top to bottom (`rows`), through its
/// text form.
fn mirrored(position: &Position, columns: bool, rows: bool) -> Position {
    let text = position.to_string();
    let (board, side) = text.split_once(' ').expect("a board and a side");
    let mut lines: Vec<String> =
        board.split('/').map(|row| if columns { row.chars().rev().collect() } else { row.to_owned() }).collect();
    if rows {
        lines.reverse();
    }
    format!("{} {side}", lines.join("/")).parse().expect("a mirrored position")
}

/// `position` (a square board) reflected in its main diagonal, through its text form.
fn transposed(position: &Position) -> Position {
    let text = position.to_string();
    let (board, side) = text.split_once(' ').expect("a board and a side");
    let rows: Vec<Vec<char>> = board.split('/').map(|row| row.chars().collect()).collect();
    let columns: Vec<String> = (0..rows.len()).map(|c| rows.iter().map(|row| row[c]).collect()).collect();
    format!("{} {side}", columns.join("/")).parse().expect("a transposed position")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn the_midgame_bands_value_the_eight_orientations_alike(seed in any::<u64>(), plies in 0usize..28) {
        // The midgame bands (33 empties and more) value a position and its mirror images
        // alike: their fit saw each position in all eight orientations. (The endgame bands,
        // fitted on one orientation, do not yet: a refit would move the solver's node counts.)
        let mut rng = Rng::new(seed);
        let mut pos = Position::default();
        for _ in 0..plies {
            if !random_step(&mut rng, &mut pos) {
                break;
            }
        }
        prop_assume!(pos.empty_cells().len() >= 33);
        let eval = Evaluator::new(pos.geometry());
        let value = eval.evaluate(&pos);
        for image in [pos, transposed(&pos)] {
            for (columns, rows) in [(false, false), (true, false), (false, true), (true, true)] {
                let image = mirrored(&image, columns, rows);
                prop_assert_eq!(eval.evaluate(&image), value, "{} and {}", pos, image);
            }
        }
    }

    // The features one by one are the `training` feature's, which `cargo test --workspace`
    // turns on (tools/ needs it).
    #[cfg(feature = "training")]
    #[test]
    fn mirror_images_have_the_same_features(seed in any::<u64>(), plies in 0usize..80) {
        // Every shape: rectangles, the Octagon, blocked cells (mirrored with the board).
        let mut rng = Rng::new(seed);
        let pos = random_position(&mut rng, 16, plies);
        let features = Evaluator::new(pos.geometry()).features(&pos);
        for (columns, rows) in [(true, false), (false, true), (true, true)] {
            let image = mirrored(&pos, columns, rows);
            prop_assert_eq!(Evaluator::new(image.geometry()).features(&image), features, "{} and {}", pos, image);
        }
    }

    #[test]
    fn danger_cells_are_the_neighbours_of_empty_corners(seed in any::<u64>(), plies in 0usize..80) {
        let mut rng = Rng::new(seed);
        let pos = random_position(&mut rng, 16, plies);
        let eval = Evaluator::new(pos.geometry());
        let open_corners = eval.corner_cells() & pos.empty_cells();
        // Naive: every playable cell one king step from an empty corner, not a corner itself.
        let naive: Bitboard = pos
            .geometry()
            .playable()
            .iter()
            .filter(|sq| !eval.corner_cells().contains(*sq))
            .filter(|sq| {
                (-1i8..=1).any(|dc| (-1i8..=1).any(|dr| sq.offset(dc, dr).is_some_and(|n| n != *sq && open_corners.contains(n))))
            })
            .collect();
        prop_assert_eq!(eval.danger_cells(&pos), naive, "{}", pos);
    }
}
