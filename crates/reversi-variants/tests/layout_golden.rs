//! Golden layouts of blocked cells: (seed, rules) → cells, frozen forever (docs/rules.md §3).
//!
//! Where the expected cells come from: `tests/golden/layouts.py`, an independent Python
//! implementation written from the ChaCha specification and docs/rules.md §3 alone (it shares no code
//! with the crate and checks its ChaCha against the known zero-key keystreams of ChaCha20 and
//! ChaCha8 before printing). Its output is pasted below unchanged. If the Rust algorithm ever
//! changes, whether the generator, the key, the draws, the eligible cells or the shuffle,
//! these rows stop matching.

use reversi_core::{Bitboard, Color};
use reversi_variants::{Blocked, Board, Game, Handicap, Rules, RulesError};

/// (seed, board, blocked: `random` or a count, handicap: `none` or `colour:count`, cells).
const GOLDEN: &[(u64, &str, &str, &str, &str)] = &[
    (0, "8x8", "random", "none", "g2 h6 c8"),
    (1, "8x8", "random", "none", "f2 g2 g5 g8"),
    (2, "8x8", "random", "none", "b4 g7"),
    (3, "8x8", "random", "none", "a1 d1 b3 h7"),
    (42, "8x8", "random", "none", "h2 h5 g6 e7"),
    (1234567890, "8x8", "random", "none", "a1 g5"),
    (18446744073709551615, "8x8", "random", "none", "h1 a2 a3 a6"),
    (81985529216486895, "8x8", "random", "none", "c2 a7"),
    (7, "8x8", "1", "none", "d1"),
    (7, "8x8", "4", "none", "c1 d1 e2 c7"),
    (99, "8x8", "2", "black:4", "e2 e8"),
    (100, "8x8", "random", "white:2", "a4"),
    (5, "6x6", "random", "none", "e6"),
    (6, "6x6", "3", "none", "b1 d1 c6"),
    (11, "4x6", "random", "none", "a1 b6 c6"),
    (12, "6x4", "4", "black:4", "a2 f2 a3 f3"),
    (13, "16x4", "random", "none", "k2 p2"),
    (14, "4x16", "2", "white:1", "b11 d11"),
    (15, "10x10", "random", "none", "j5 j6 j8"),
    (16, "10x8", "4", "black:3", "d2 b4 c4 f7"),
    (17, "12x12", "random", "none", "j2 l2 d8 i9"),
    (18, "14x14", "3", "none", "j7 e12 h13"),
    (19, "16x16", "random", "none", "e1 a2 l4 n5"),
    (20, "16x16", "4", "white:4", "o4 d12 g14 a15"),
    (21, "octagon", "random", "none", "h3 h5 h8 g9"),
    (22, "octagon", "4", "none", "c1 d2 a4 c8"),
    (23, "octagon", "1", "none", "h3"),
    (9223372036854775808, "octagon", "random", "none", "a5 g8 c10"),
    (24, "12x6", "random", "black:1", "l4 e6"),
    (25, "8x12", "3", "white:3", "g1 b3 d11"),
    (26, "8x8", "random", "none", "g3 b6"),
    (27, "8x8", "random", "none", "f2"),
    (28, "10x16", "random", "black:2", "h10 i12"),
    (29, "16x10", "2", "none", "o2 f9"),
];

/// Cells by name, comma-separated: `b2,g7`.
fn cells(names: &str) -> Bitboard {
    names.split(',').map(|name| name.parse::<reversi_core::Square>().expect("a square")).collect()
}

fn rules(board: &str, blocked: &str, handicap: &str) -> Rules {
    Rules::builder()
        .board(board.parse().expect("a size"))
        .blocked(blocked.parse().expect("a blocked option"))
        .handicap(handicap.parse().expect("a handicap option"))
        .build()
        .expect("valid rules")
}

#[test]
fn golden_layouts() {
    assert!(GOLDEN.len() >= 30);
    for &(seed, board, blocked, handicap, expected) in GOLDEN {
        let rules = rules(board, blocked, handicap);
        let cells = rules.blocked_cells(Some(seed)).expect("a seeded layout");
        assert_eq!(cells.to_string(), expected, "seed {seed}, {board}, blocked {blocked}, handicap {handicap}");
        // A game on the same table has the same cells, unplayable.
        let game = Game::new(rules.clone(), seed).expect("a table");
        assert_eq!(game.blocked(), cells);
        assert!(!cells.intersects(game.position().geometry().playable()));
        assert_eq!(game.seed(), Some(seed));
        // And a stored (seed, cells) pair replays, while other cells for that seed do not.
        assert!(Game::with_seed_and_blocked(rules.clone(), seed, cells).is_ok());
        let other = rules.blocked_cells(Some(seed ^ 1)).expect("a seeded layout");
        if other != cells {
            assert!(matches!(
                Game::with_seed_and_blocked(rules.clone(), seed, other),
                Err(RulesError::LayoutMismatch { .. })
            ));
        }
    }
}

#[test]
fn golden_cases_cover_the_options() {
    let boards: Vec<&str> = GOLDEN.iter().map(|g| g.1).collect();
    for board in ["8x8", "6x6", "4x6", "16x16", "octagon", "10x8"] {
        assert!(boards.contains(&board), "no golden case on {board}");
    }
    assert!(GOLDEN.iter().any(|g| g.3 != "none"), "no handicap case");
    assert!(GOLDEN.iter().any(|g| g.2 != "random"), "no fixed-count case");
}

#[test]
fn layouts_obey_the_rules() {
    for &(_, board, blocked, handicap, _) in GOLDEN {
        let rules = rules(board, blocked, handicap);
        for seed in 0..200 {
            let cells = rules.blocked_cells(Some(seed)).expect("a seeded layout");
            assert!(cells.is_subset(rules.eligible_cells()));
            assert!(!cells.intersects(rules.geometry().central_zone(2)));
            assert!(!cells.intersects(rules.handicap_corners()));
            match rules.blocked() {
                Blocked::Count(n) => assert_eq!(cells.len(), u32::from(*n)),
                _ => assert!((1..=4).contains(&cells.len())),
            }
            assert!(rules.check_blocked(cells).is_ok());
        }
    }
}

#[test]
fn random_counts_are_all_drawn() {
    // Over many seeds each count 1 to 4 appears: the count is drawn, not fixed.
    let rules = Rules::builder().blocked(Blocked::Random).build().expect("valid rules");
    let mut seen = [false; 5];
    for seed in 0..100 {
        seen[rules.blocked_cells(Some(seed)).expect("layout").len() as usize] = true;
    }
    assert_eq!(seen, [false, true, true, true, true]);
}

#[test]
fn random_layout_needs_a_seed_and_others_ignore_it() {
    let random = Rules::builder().blocked(Blocked::Random).build().expect("valid rules");
    assert_eq!(random.blocked_cells(None), Err(RulesError::SeedRequired));
    let none = Rules::default();
    assert_eq!(none.blocked_cells(None), Ok(Bitboard::EMPTY));
    assert_eq!(none.blocked_cells(Some(5)), Ok(Bitboard::EMPTY));
    let fixed_cells = cells("b2,g7");
    let fixed = Rules::builder().blocked(Blocked::Fixed(fixed_cells)).build().expect("valid rules");
    assert_eq!(fixed.blocked_cells(Some(5)), Ok(fixed_cells));
    assert_eq!(fixed.blocked_cells(None), Ok(fixed_cells));
}

#[test]
fn draw_is_the_documented_generator() {
    // The first draw of seed 0 decides the count of golden row 0 (3 cells): 1 + u() % 4 == 3.
    use rand_chacha::rand_core::Rng;
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&0u64.to_le_bytes());
    let u = &mut <rand_chacha::ChaCha8Rng as rand_chacha::rand_core::SeedableRng>::from_seed(key);
    let u = u.next_u64();
    assert_eq!(1 + u % 4, 3);
    // A handicap corner is never eligible.
    let rules = Rules::builder()
        .board(Board::Rectangle { width: 6, height: 4 })
        .handicap(Handicap::Count { color: Color::Black, count: 4 })
        .build()
        .expect("valid rules");
    assert_eq!(rules.eligible_cells().to_string(), "a2 f2 a3 f3");
}
