//! Named openings: each recognised from its own line in the eight orientations, and no name
//! given to a line that does not reach its position, checked against a naive board written
//! here (arrays and direction walks, nothing of the crate's bitboards).

use proptest::prelude::*;
use reversi_core::{Position, Square};
use reversi_variants::openings::{self, NamedOpening};
use reversi_variants::{Blocked, Game, Move, Rules};

/// A naive 8×8 board: `board[row][column]`, 1 Black, -1 White, 0 empty; then the side to move.
type Naive = ([[i8; 8]; 8], i8);

/// The usual start (orientation 0), or its mirror image (colours of the centre swapped).
fn naive_start(mirror: bool) -> Naive {
    let mut b = [[0i8; 8]; 8];
    let (x, y) = if mirror { (1, -1) } else { (-1, 1) };
    b[3][3] = x;
    b[4][4] = x;
    b[3][4] = y;
    b[4][3] = y;
    (b, 1)
}

/// Plays `(column, row)` for the side to move, flipping by walking the eight directions; false
/// if it flips nothing.
fn naive_play(state: &mut Naive, column: usize, row: usize) -> bool {
    let (board, side) = state;
    if board[row][column] != 0 {
        return false;
    }
    let mut flipped = false;
    for (dc, dr) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let (mut c, mut r) = (column as i32 + dc, row as i32 + dr);
        let mut run = Vec::new();
        while (0..8).contains(&c) && (0..8).contains(&r) && board[r as usize][c as usize] == -*side {
            run.push((c as usize, r as usize));
            c += dc;
            r += dr;
        }
        if !run.is_empty() && (0..8).contains(&c) && (0..8).contains(&r) && board[r as usize][c as usize] == *side {
            for (c, r) in run {
                board[r][c] = *side;
            }
            flipped = true;
        }
    }
    if flipped {
        board[row][column] = *side;
        *side = -*side;
    }
    flipped
}

/// The eight images of the square, written out on coordinates.
fn naive_image(column: usize, row: usize, k: usize) -> (usize, usize) {
    let (c, r) = (column, row);
    [(c, r), (7 - c, r), (c, 7 - r), (7 - c, 7 - r), (r, c), (7 - r, c), (r, 7 - c), (7 - r, 7 - c)][k]
}

fn coords(mv: Move) -> (usize, usize) {
    match mv {
        Move::Place(sq) => (usize::from(sq.column()), usize::from(sq.row())),
        Move::Pass => panic!("no pass in these lines"),
    }
}

/// The naive boards after an opening's line, in its eight images (from the image of the
/// start: the start itself for four of them, its mirror for the others).
fn naive_images(opening: &NamedOpening) -> Vec<Naive> {
    let mut state = naive_start(false);
    for mv in opening.line() {
        let (c, r) = coords(mv);
        assert!(naive_play(&mut state, c, r), "{} is legal on the naive board", opening.name());
    }
    (0..8)
        .map(|k| {
            let mut board = [[0i8; 8]; 8];
            for (r, row) in state.0.iter().enumerate() {
                for (c, &cell) in row.iter().enumerate() {
                    let (tc, tr) = naive_image(c, r, k);
                    board[tr][tc] = cell;
                }
            }
            (board, state.1)
        })
        .collect()
}

/// Whether the start's image under `k` is the mirrored start.
fn mirrored(k: usize) -> bool {
    let (board, _) = naive_start(false);
    let (c, r) = naive_image(3, 3, k);
    board[r][c] != board[3][3]
}

fn game_from(mirror: bool) -> Game {
    if mirror {
        let start: Position =
            "--------/--------/--------/---XO---/---OX---/--------/--------/-------- X".parse().unwrap();
        Game::from_position(Rules::default(), None, start).unwrap()
    } else {
        Game::new(Rules::default(), 0).unwrap()
    }
}

fn square(c: usize, r: usize) -> Square {
    Square::new(u8::try_from(c).unwrap(), u8::try_from(r).unwrap()).unwrap()
}

#[test]
fn every_name_is_recognised_from_its_line_in_all_eight_orientations() {
    assert!(openings::all().len() >= 40, "the catalogue holds its names");
    for opening in openings::all() {
        for k in 0..8 {
            let mut game = game_from(mirrored(k));
            for mv in opening.line() {
                let (c, r) = coords(mv);
                let (tc, tr) = naive_image(c, r, k);
                game.play(Move::Place(square(tc, tr))).unwrap_or_else(|e| panic!("{} image {k}: {e}", opening.name()));
            }
            assert_eq!(game.opening_name(), Some(opening.name()), "image {k} of {}", opening.name());
        }
    }
}

#[test]
fn names_find_their_openings_and_aliases() {
    assert_eq!(openings::find("tiger").map(NamedOpening::name), Some("Tiger"));
    assert_eq!(openings::find("Tanaka").map(NamedOpening::name), Some("Aubrey"));
    assert!(openings::find("Sicilian").is_none());
}

#[test]
fn other_boards_and_set_ups_have_no_name() {
    let tiger = openings::find("Tiger").unwrap().line();
    let blocked = Rules::builder().blocked(Blocked::Fixed("a8".parse().unwrap())).build().unwrap();
    let mut game = Game::new(blocked, 1).unwrap();
    for mv in &tiger {
        game.play(*mv).unwrap();
    }
    assert_eq!(game.opening_name(), None, "a blocked cell changes the game");
    let mut game = Game::new(Rules::default(), 0).unwrap();
    assert_eq!(game.opening_name(), None, "no move, no name");
    game.play(tiger[0]).unwrap();
    assert_eq!(game.opening_name(), None, "the first move has no name of its own");
}

/// The name the naive board gives a line: the opening with the longest line one of whose
/// images equals the board after that many moves.
fn naive_name(moves: &[(usize, usize)], tables: &[(NamedOpening, Vec<Naive>)]) -> Option<&'static str> {
    let mut state = naive_start(false);
    let mut found = None;
    for (ply, &(c, r)) in moves.iter().enumerate() {
        assert!(naive_play(&mut state, c, r));
        for (opening, images) in tables {
            if opening.line().len() == ply + 1 && images.contains(&state) {
                found = Some(opening.name());
            }
        }
    }
    found
}

/// Plays `prefix` then random legal moves chosen by `picks`, returning the moves.
fn line_from(prefix: &[Move], picks: &[u8]) -> (Game, Vec<(usize, usize)>) {
    let mut game = Game::new(Rules::default(), 0).unwrap();
    let mut moves = Vec::new();
    for mv in prefix {
        game.play(*mv).unwrap();
        moves.push(coords(*mv));
    }
    for &pick in picks {
        let legal: Vec<Square> = game.legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        let sq = legal[usize::from(pick) % legal.len()];
        game.play(Move::Place(sq)).unwrap();
        moves.push((usize::from(sq.column()), usize::from(sq.row())));
    }
    (game, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random lines from the start: a name only where the naive board reaches its position.
    #[test]
    fn random_lines_get_only_the_names_they_reach(picks in proptest::collection::vec(any::<u8>(), 1..16)) {
        let tables: Vec<_> = openings::all().iter().map(|o| (*o, naive_images(o))).collect();
        let (game, moves) = line_from(&[], &picks);
        prop_assert_eq!(game.opening_name(), naive_name(&moves, &tables));
    }

    /// A named line continued at random keeps its name unless the game reaches a longer one.
    #[test]
    fn named_lines_continued_keep_their_name_or_a_longer_one(which in 0usize..1000, picks in proptest::collection::vec(any::<u8>(), 0..8)) {
        let tables: Vec<_> = openings::all().iter().map(|o| (*o, naive_images(o))).collect();
        let opening = openings::all()[which % openings::all().len()];
        let (game, moves) = line_from(&opening.line(), &picks);
        let name = game.opening_name().expect("a named line keeps a name");
        prop_assert_eq!(Some(name), naive_name(&moves, &tables));
        let found = openings::find(name).unwrap();
        prop_assert!(name == opening.name() || found.line().len() > opening.line().len());
    }
}
