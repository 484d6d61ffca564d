//! The analysis against deliberately naive versions, and the soundness of stable discs: on
//! random games of random boards, a disc reported stable never flips.

mod common;

use common::{Rng, random_position, random_step};
use proptest::prelude::*;
use reversi_core::{Bitboard, Color, Position, Square};
use reversi_engine::analysis::{Analysis, empty_regions, frontier, mobility, potential_mobility, stable_discs};

const EIGHT: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    EIGHT.iter().filter_map(move |&(dc, dr)| sq.offset(dc, dr))
}

/// Cell by cell: the discs of `color` with an empty playable neighbour.
fn naive_frontier(pos: &Position, color: Color) -> Bitboard {
    let empty = pos.empty_cells();
    pos.discs(color).iter().filter(|&sq| neighbours(sq).any(|n| empty.contains(n))).collect()
}

/// Cell by cell: the empty cells next to an opponent disc.
fn naive_potential(pos: &Position, color: Color) -> Bitboard {
    let theirs = pos.discs(!color);
    pos.empty_cells().iter().filter(|&sq| neighbours(sq).any(|n| theirs.contains(n))).collect()
}

/// Cell by cell: the moves of `color` by walking each direction.
fn naive_mobility(pos: &Position, color: Color) -> Bitboard {
    let g = pos.geometry();
    let (mine, theirs) = (pos.discs(color), pos.discs(!color));
    pos.empty_cells()
        .iter()
        .filter(|&sq| {
            EIGHT.iter().any(|&(dc, dr)| {
                let mut cur = sq.offset(dc, dr);
                let mut seen = 0;
                while let Some(c) = cur.filter(|&c| g.is_playable(c) && theirs.contains(c)) {
                    seen += 1;
                    cur = c.offset(dc, dr);
                }
                seen > 0 && cur.is_some_and(|c| g.contains(c) && mine.contains(c))
            })
        })
        .collect()
}

/// Regions by a depth-first search over cells.
fn naive_regions(pos: &Position) -> Vec<Bitboard> {
    let mut left = pos.empty_cells();
    let mut out = Vec::new();
    while let Some(seed) = left.first() {
        let mut region = Bitboard::EMPTY;
        let mut stack = vec![seed];
        left.remove(seed);
        while let Some(sq) = stack.pop() {
            region.insert(sq);
            for n in neighbours(sq) {
                if left.contains(n) {
                    left.remove(n);
                    stack.push(n);
                }
            }
        }
        out.push(region);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn features_agree_with_naive_versions(seed in any::<u64>(), plies in 0usize..120) {
        let mut rng = Rng::new(seed);
        let pos = random_position(&mut rng, 16, plies);
        let analysis = Analysis::of(&pos);
        for color in Color::ALL {
            prop_assert_eq!(frontier(&pos, color), naive_frontier(&pos, color));
            prop_assert_eq!(analysis.frontier(color), naive_frontier(&pos, color));
            prop_assert_eq!(potential_mobility(&pos, color), naive_potential(&pos, color));
            prop_assert_eq!(mobility(&pos, color), naive_mobility(&pos, color));
            prop_assert_eq!(analysis.mobility(color), naive_mobility(&pos, color));
            prop_assert_eq!(analysis.discs(color), pos.count(color));
            prop_assert!(analysis.stable(color).is_subset(pos.discs(color)));
        }
        let regions: Vec<Bitboard> = empty_regions(&pos).collect();
        prop_assert_eq!(&regions, &naive_regions(&pos));
        prop_assert_eq!(analysis.regions(), &regions[..]);
        prop_assert_eq!(analysis.odd_regions(), regions.iter().filter(|r| r.len() % 2 == 1).count());
    }

    /// Every disc ever reported stable keeps its colour to the end of the game.
    #[test]
    fn stable_discs_never_flip(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut pos = random_position(&mut rng, 12, 0);
        let mut claimed: Vec<(Square, Color)> = Vec::new();
        loop {
            let stable = stable_discs(&pos);
            for sq in stable {
                let colour = pos.disc_at(sq).expect("a stable disc is a disc");
                if !claimed.iter().any(|&(s, _)| s == sq) {
                    claimed.push((sq, colour));
                }
            }
            for &(sq, colour) in &claimed {
                prop_assert_eq!(pos.disc_at(sq), Some(colour), "{} was reported stable and flipped in {}", sq, pos);
            }
            if !random_step(&mut rng, &mut pos) {
                break;
            }
        }
    }
}

/// The closure finds what it should on known shapes: it is not a trivially empty answer.
#[test]
fn stable_discs_are_found_at_corners_edges_and_holes() {
    // A full top row, and a disc cornered by the board and the top row.
    let pos: Position = "XXXXXXXX/XO------/--------/--------/--------/--------/--------/-------- O".parse().unwrap();
    assert_eq!(stable_discs(&pos).len(), 9);
    // The Octagon: c1 is walled by the cut cell b1 and the edge in all four lines, so its disc
    // is stable on its own. Black's b2, open along c1-b2-a3 (White could play a3 against c1),
    // is not; with a black c1 instead, it would be.
    let octagon = reversi_core::Geometry::octagon();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let white: Bitboard = [sq("c1"), sq("c3")].into_iter().collect();
    let pos = Position::from_parts(octagon, Bitboard::from_square(sq("b2")), white, Color::Black).unwrap();
    assert_eq!(stable_discs(&pos), Bitboard::from_square(sq("c1")));
    let black: Bitboard = [sq("c1"), sq("b2")].into_iter().collect();
    let pos = Position::from_parts(octagon, black, Bitboard::from_square(sq("c3")), Color::Black).unwrap();
    assert_eq!(stable_discs(&pos), black);
    // A blocked cell at d4 on 8x8 walls e5 along the diagonal only: not stable by itself.
    let blocked = reversi_core::Geometry::STANDARD.with_unplayable(Bitboard::from_square(sq("d4"))).unwrap();
    let pos =
        Position::from_parts(blocked, Bitboard::from_square(sq("e5")), Bitboard::from_square(sq("f6")), Color::Black)
            .unwrap();
    assert!(stable_discs(&pos).is_empty());
    // Boxed in by blocked cells on every line's one side: stable.
    let holes: Bitboard = ["c3", "d3", "e3", "c4"].iter().map(|s| sq(s)).collect();
    let boxed = reversi_core::Geometry::STANDARD.with_unplayable(holes).unwrap();
    let pos =
        Position::from_parts(boxed, Bitboard::from_square(sq("d4")), Bitboard::from_square(sq("f6")), Color::Black)
            .unwrap();
    assert_eq!(stable_discs(&pos), Bitboard::from_square(sq("d4")));
}
