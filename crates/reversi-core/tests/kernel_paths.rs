//! Every move generator against a naive cell-by-cell walk, on random boards of every shape:
//! the generators are those of `kernel::for_each_generator` (the list the benchmarks time
//! too), plus the one `kernel::dispatch` picks. Legal moves, the flips of every empty cell,
//! the two-ply leaf count and perft must all agree.

use proptest::prelude::*;
use reversi_core::kernel::{self, Generators, Layout, Visitor, Word};
use reversi_core::{Bitboard, Geometry, Square};

/// The eight directions as (column step, row step).
const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)];

/// The discs a move by `p` on `sq` flips, walking each line cell by cell.
fn naive_flips(geometry: &Geometry, p: Bitboard, o: Bitboard, sq: Square) -> Bitboard {
    let mut flips = Bitboard::EMPTY;
    for (dc, dr) in DIRECTIONS {
        let mut line = Bitboard::EMPTY;
        let (mut c, mut r) = (i32::from(sq.column()) + dc, i32::from(sq.row()) + dr);
        loop {
            let cell = u8::try_from(c).ok().zip(u8::try_from(r).ok()).and_then(|(c, r)| Square::new(c, r));
            let Some(cell) = cell.filter(|&cell| geometry.is_playable(cell)) else { break };
            if o.contains(cell) {
                line.insert(cell);
            } else {
                if p.contains(cell) {
                    flips |= line;
                }
                break;
            }
            c += dc;
            r += dr;
        }
    }
    flips
}

fn empty_cells(geometry: &Geometry, p: Bitboard, o: Bitboard) -> Bitboard {
    geometry.playable() - p - o
}

fn naive_legal(geometry: &Geometry, p: Bitboard, o: Bitboard) -> Bitboard {
    empty_cells(geometry, p, o).iter().filter(|&sq| !naive_flips(geometry, p, o, sq).is_empty()).collect()
}

/// Leaves two plies below, a child without a move counting as one.
fn naive_two_plies(geometry: &Geometry, p: Bitboard, o: Bitboard) -> u64 {
    naive_legal(geometry, p, o)
        .iter()
        .map(|sq| {
            let flips = naive_flips(geometry, p, o, sq);
            let (mover, opponent) = (o - flips, p | flips | Bitboard::from(sq));
            u64::from(naive_legal(geometry, mover, opponent).len().max(1))
        })
        .sum()
}

/// Checks generator `mg` on one board; `name` says which generator failed. With `perft`,
/// also its perft to that depth against the leaves given (the naive walk's, computed once
/// for all the generators).
fn check<L: Layout>(
    name: &str,
    mg: &L,
    geometry: &Geometry,
    (p, o): (Bitboard, Bitboard),
    perft: Option<(u32, u64)>,
) -> Result<(), TestCaseError> {
    let (cp, co) = (mg.compact(p), mg.compact(o));
    if let Some((depth, leaves)) = perft {
        prop_assert_eq!(mg.perft(cp, co, depth), leaves, "{}: perft({})", name, depth);
    }
    let legal = mg.expand(mg.legal(cp, co));
    prop_assert_eq!(legal, naive_legal(geometry, p, o), "{}: legal moves", name);
    let empty = empty_cells(geometry, p, o);
    for sq in empty {
        let flips = mg.expand(mg.flips(cp, co, mg.index(sq)));
        prop_assert_eq!(flips, naive_flips(geometry, p, o, sq), "{}: flips of {}", name, sq);
        // The same cell as the last empty one: the opponent holds every other empty cell.
        let full = (empty - Bitboard::from_square(sq)) | o;
        let last = mg.count_last_flips(cp, mg.compact(full), mg.index(sq));
        prop_assert_eq!(last, naive_flips(geometry, p, full, sq).len(), "{}: last flips of {}", name, sq);
    }
    if !legal.is_empty() {
        let moves = mg.compact(legal);
        prop_assert_eq!(mg.count_two_plies(cp, co, moves), naive_two_plies(geometry, p, o), "{}: two plies", name);
    }
    Ok(())
}

/// The layout of `mg`: any set, cells off the board included, goes to the compact word and
/// back as its cells on the board, and each cell's compact bit is the one `index` names.
fn check_layout<L: Layout>(name: &str, mg: &L, geometry: &Geometry, set: Bitboard) -> Result<(), TestCaseError> {
    prop_assert_eq!(mg.expand(mg.compact(set)), set & geometry.area(), "{}: round trip", name);
    for sq in geometry.area() {
        prop_assert_eq!(mg.compact(Bitboard::from_square(sq)), L::Word::bit(mg.index(sq)), "{}: bit of {}", name, sq);
    }
    Ok(())
}

/// Runs `check_layout` with the generator that `kernel::dispatch` picks.
struct DispatchedLayout<'a> {
    geometry: &'a Geometry,
    set: Bitboard,
}

impl Visitor for DispatchedLayout<'_> {
    type Output = Result<(), TestCaseError>;
    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        check_layout("dispatched", &mg, self.geometry, self.set)
    }
}

/// Runs `check` with the generator that `kernel::dispatch` picks.
struct Dispatched<'a> {
    geometry: &'a Geometry,
    p: Bitboard,
    o: Bitboard,
    perft: Option<(u32, u64)>,
}

impl Visitor for Dispatched<'_> {
    type Output = Result<(), TestCaseError>;
    fn visit<L: Layout>(self, mg: L) -> Self::Output {
        check("dispatched", &mg, self.geometry, (self.p, self.o), self.perft)
    }
}

/// Every board shape: the squares, some rectangles and the Octagon.
fn shapes() -> Vec<Geometry> {
    let mut shapes: Vec<Geometry> = [
        (4, 4),
        (6, 6),
        (8, 8),
        (10, 10),
        (12, 12),
        (14, 14),
        (16, 16),
        (4, 16),
        (16, 4),
        (6, 12),
        (10, 8),
        (8, 10),
        (16, 10),
    ]
    .into_iter()
    .map(|(w, h)| Geometry::rectangle(w, h).expect("a valid size"))
    .collect();
    shapes.push(Geometry::octagon());
    shapes
}

/// A random board: a shape, up to 6 blocked cells, and each other cell empty, the mover's or
/// the opponent's (`density` of 16 sets how full it is).
fn board(shape: Geometry) -> impl Strategy<Value = (Geometry, Bitboard, Bitboard)> {
    let cells = usize::from(shape.width()) * usize::from(shape.height());
    (proptest::collection::vec(0..cells, 0..6), proptest::collection::vec(0u8..16, cells), 2u8..15).prop_map(
        move |(blocked, states, density)| {
            let width = usize::from(shape.width());
            let square = |i: usize| Square::new((i % width) as u8, (i / width) as u8).expect("on the board");
            let blocked: Bitboard = blocked.into_iter().map(square).collect();
            let geometry = shape.with_unplayable(blocked).expect("cells of the board");
            let (mut p, mut o) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for (i, state) in states.into_iter().enumerate() {
                let sq = square(i);
                if !geometry.is_playable(sq) || state >= density {
                    continue;
                }
                if state % 2 == 0 { p.insert(sq) } else { o.insert(sq) }
            }
            (geometry, p, o)
        },
    )
}

fn any_board() -> impl Strategy<Value = (Geometry, Bitboard, Bitboard)> {
    proptest::sample::select(shapes()).prop_flat_map(board)
}

fn eight_board() -> impl Strategy<Value = (Geometry, Bitboard, Bitboard)> {
    board(Geometry::STANDARD)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The 8×8 generators: accelerated, portable, generic with constant and run-time sides.
    #[test]
    fn eight_by_eight_paths_agree((geometry, p, o) in eight_board()) {
        check_every_generator(&geometry, (p, o), Some((3, naive_perft(&geometry, p, o, 3))))?;
    }

    /// Every shape: the dispatched generator and the run-time grids of every word it fits.
    #[test]
    fn every_shape_agrees((geometry, p, o) in any_board()) {
        check_every_generator(&geometry, (p, o), None)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every shape, perft to depth 3 too: from random positions, where some side has no move
    /// and some games are over, which the perft from the start seldom meets.
    #[test]
    fn every_shape_agrees_on_perft((geometry, p, o) in any_board()) {
        check_every_generator(&geometry, (p, o), Some((3, naive_perft(&geometry, p, o, 3))))?;
    }
}

/// The dispatched generator and every generator of `kernel::for_each_generator`.
fn check_every_generator(
    geometry: &Geometry,
    (p, o): (Bitboard, Bitboard),
    perft: Option<(u32, u64)>,
) -> Result<(), TestCaseError> {
    kernel::dispatch(geometry, Dispatched { geometry, p, o, perft })?;
    let mut each = EachGenerator { geometry, p, o, perft, result: Ok(()), count: 0 };
    kernel::for_each_generator(geometry, &mut each);
    // Every board has its run-time `Grid<U256>` at least.
    prop_assert!(each.count >= 1, "no generator for {}x{}", geometry.width(), geometry.height());
    each.result
}

/// Runs `check` with each generator of a board, keeping the first failure.
struct EachGenerator<'a> {
    geometry: &'a Geometry,
    p: Bitboard,
    o: Bitboard,
    perft: Option<(u32, u64)>,
    result: Result<(), TestCaseError>,
    count: usize,
}

impl Generators for EachGenerator<'_> {
    fn visit<L: Layout>(&mut self, name: &'static str, mg: L) {
        self.count += 1;
        if self.result.is_ok() {
            self.result = check(name, &mg, self.geometry, (self.p, self.o), self.perft);
        }
    }
}

/// Runs `check_layout` with each generator of a board, keeping the first failure.
struct EachLayout<'a> {
    geometry: &'a Geometry,
    set: Bitboard,
    result: Result<(), TestCaseError>,
}

impl Generators for EachLayout<'_> {
    fn visit<L: Layout>(&mut self, name: &'static str, mg: L) {
        if self.result.is_ok() {
            self.result = check_layout(name, &mg, self.geometry, self.set);
        }
    }
}

/// Runs of the opponent's discs as long as the board allows, which random boards almost
/// never hold: from every edge cell along every direction, the mover's disc, then a run of
/// 8 or more of the opponent's, on the boards with sides above 10.
#[test]
fn long_runs_agree() {
    let boards = [(16, 16), (12, 12), (14, 14), (16, 10), (10, 16)]
        .map(|(w, h)| Geometry::rectangle(w, h).expect("a valid size"));
    for geometry in boards {
        let (w, h) = (i32::from(geometry.width()), i32::from(geometry.height()));
        let on_board = |c: i32, r: i32| (0..w).contains(&c) && (0..h).contains(&r);
        let square = |c: i32, r: i32| Square::new(c as u8, r as u8).expect("on the board");
        for (c0, r0) in (0..w)
            .flat_map(|c| (0..h).map(move |r| (c, r)))
            .filter(|&(c, r)| c == 0 || r == 0 || c == w - 1 || r == h - 1)
        {
            for (dc, dr) in DIRECTIONS {
                for run in 8..w.max(h) {
                    if !on_board(c0 + dc * (run + 1), r0 + dr * (run + 1)) {
                        break;
                    }
                    let p = Bitboard::from(square(c0, r0));
                    let o: Bitboard = (1..=run).map(|k| square(c0 + dc * k, r0 + dr * k)).collect();
                    if let Err(e) = check_every_generator(&geometry, (p, o), None) {
                        panic!("run of {run} from {} towards ({dc}, {dr}): {e}", square(c0, r0));
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every generator's compact layout against `Bitboard`, fed sets with cells off the board.
    #[test]
    fn layouts_round_trip(geometry in proptest::sample::select(shapes()), words in any::<[u64; 4]>()) {
        let set = Bitboard::from_words(words);
        kernel::dispatch(&geometry, DispatchedLayout { geometry: &geometry, set })?;
        let mut each = EachLayout { geometry: &geometry, set, result: Ok(()) };
        kernel::for_each_generator(&geometry, &mut each);
        each.result?;
    }
}

/// The naive walk itself, on a position whose answer is known: the 8×8 start.
#[test]
fn naive_walk_knows_the_start() {
    let g = Geometry::STANDARD;
    let sq = |s: &str| s.parse::<Square>().expect("a square");
    let black: Bitboard = [sq("d5"), sq("e4")].into_iter().collect();
    let white: Bitboard = [sq("d4"), sq("e5")].into_iter().collect();
    let legal: Bitboard = ["d3", "c4", "f5", "e6"].into_iter().map(sq).collect();
    assert_eq!(naive_legal(&g, black, white), legal);
    assert_eq!(naive_flips(&g, black, white, sq("f5")), Bitboard::from(sq("e5")));
    assert_eq!(naive_two_plies(&g, black, white), 12);
}

/// Naive perft on bitboards, with the rules' convention (§4).
fn naive_perft(geometry: &Geometry, p: Bitboard, o: Bitboard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = naive_legal(geometry, p, o);
    if moves.is_empty() {
        if depth == 1 || naive_legal(geometry, o, p).is_empty() {
            return 1;
        }
        return naive_perft(geometry, o, p, depth - 1);
    }
    moves
        .iter()
        .map(|sq| {
            let flips = naive_flips(geometry, p, o, sq);
            naive_perft(geometry, o - flips, p | flips | Bitboard::from(sq), depth - 1)
        })
        .sum()
}

/// Counts the perft from the start of a board with each generator, keeping the first count
/// that differs from `expected`.
struct EachPerft<'a> {
    geometry: &'a Geometry,
    depth: u32,
    expected: u64,
    wrong: Option<(&'static str, u64)>,
}

impl Generators for EachPerft<'_> {
    fn visit<L: Layout>(&mut self, name: &'static str, mg: L) {
        let start = reversi_core::Position::start(*self.geometry).expect("a start position");
        let side = start.side_to_move();
        let (p, o) = (mg.compact(start.discs(side)), mg.compact(start.discs(!side)));
        let leaves = reversi_core::perft::perft_words(&mg, p, o, self.depth);
        if leaves != self.expected && self.wrong.is_none() {
            self.wrong = Some((name, leaves));
        }
    }
}

/// Whole trees: every generator that accepts a board counts the same leaves as the naive
/// walk, from the start of several boards, blocked cells included.
#[test]
fn perft_agrees_across_generators() {
    let sq = |s: &str| s.parse::<Square>().expect("a square");
    let blocked: Bitboard = [sq("c3"), sq("f2"), sq("b7")].into_iter().collect();
    let mut boards = shapes();
    boards.push(Geometry::STANDARD.with_unplayable(blocked).expect("cells of the board"));
    boards.push(Geometry::octagon().with_unplayable(Bitboard::from(sq("c2"))).expect("a cell of the board"));
    for geometry in boards {
        let depth = 5;
        let start = reversi_core::Position::start(geometry).expect("a start position");
        let side = start.side_to_move();
        let expected = naive_perft(&geometry, start.discs(side), start.discs(!side), depth);
        let name = format!("{}x{}", geometry.width(), geometry.height());
        assert_eq!(reversi_core::perft(&start, depth), expected, "dispatched perft on {name}");
        let mut each = EachPerft { geometry: &geometry, depth, expected, wrong: None };
        kernel::for_each_generator(&geometry, &mut each);
        assert_eq!(each.wrong, None, "perft({depth}) on {name}: expected {expected}");
    }
}
